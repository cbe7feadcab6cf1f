"""The import circles of a package, read from its source with `ast` (nothing is imported).

    python tools/import_cycles.py [maca]

An import at module level (``if TYPE_CHECKING:`` blocks included: mypy follows them) is an
edge of the package's structure; an import inside a function runs only when it is called and
is *lazy*. Each circle is a group of modules that reach one another (a strongly connected
component) and is printed with one loop through it, every step marked ``->`` (module level),
``=>`` (module level, for the type checker only) or ``~>`` (lazy). The picture hooks are the
one accepted kind of lazy import: a presenter (``render``, or the notebook's host
``widgets``) imported inside a display hook (``_repr_html_``, ``_repr_svg_``,
``_ipython_display_``), as python-chess draws its boards, so that the core's values and the
panels show themselves in a notebook without importing what draws them.

The exit status is the number of circles left once those hooks are set aside (0: untangled).
"""
from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The methods in which importing a presenter is a picture hook, not a circle.
PICTURE_HOOKS = ("_repr_html_", "_repr_svg_", "_ipython_display_")
PRESENTERS = ("render", "widgets")


@dataclass(frozen=True)
class Import:
    """One import of one module: who imports whom, on which line, and how."""

    source: str
    target: str
    line: int
    lazy: bool             # inside a function
    function: str | None   # the innermost function it is in
    typing: bool = False   # at module level, under ``if TYPE_CHECKING:`` (for mypy only)

    @property
    def arrow(self) -> str:
        """``->`` module level, ``=>`` for the type checker only, ``~>`` lazy."""
        return "~>" if self.lazy else "=>" if self.typing else "->"

    @property
    def picture_hook(self) -> bool:
        """A presenter imported inside a display hook."""
        return (self.lazy and self.function in PICTURE_HOOKS
                and self.target.rsplit(".", 1)[-1] in PRESENTERS)


def modules(package: Path) -> dict[str, Path]:
    """Every module of ``package`` by dotted name (a package by its ``__init__``).

    >>> sorted(modules(ROOT / "maca"))[:2]
    ['maca', 'maca.__main__']
    """
    names = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _resolve(known: dict[str, Path], base: str, level: int, module: str | None,
             alias: str | None) -> str | None:
    """The module of ``known`` an import reaches (``base``: the package a relative import
    starts from), or None for a module outside the package."""
    if level:
        parent = base.split(".")
        parent = parent[:len(parent) - level + 1]
        dotted = ".".join(parent + ([module] if module else []))
    else:
        dotted = module or ""
    if alias is not None and f"{dotted}.{alias}" in known:  # from . import judgement
        return f"{dotted}.{alias}"
    return dotted if dotted in known else None


def imports_of(name: str, path: Path, known: dict[str, Path]) -> list[Import]:
    """The imports of one module that reach a module of the same package."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_package = path.name == "__init__.py"
    base = name if is_package else name.rpartition(".")[0]
    found: list[Import] = []

    def add(node: ast.AST, target: str | None, function: str | None, typing: bool) -> None:
        if target and target != name and not any(
                (i.line, i.target) == (node.lineno, target) for i in found):
            found.append(Import(name, target, node.lineno, function is not None, function,
                                typing and function is None))

    def visit(node: ast.AST, function: str | None, typing: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner, checking = function, typing
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                inner = getattr(child, "name", "<lambda>")
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                checking = True
            if isinstance(child, ast.Import):
                for alias in child.names:
                    add(child, _resolve(known, "", 0, alias.name, None), function, typing)
            elif isinstance(child, ast.ImportFrom):
                for alias in child.names:
                    add(child, _resolve(known, base, child.level, child.module, alias.name),
                        function, typing)
            visit(child, inner, checking)

    visit(tree, None, False)
    return found


def _components(nodes: list[str], edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(edges.get(node, ())):
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for node in nodes:
        if node not in index:
            connect(node)
    return sorted(out, key=lambda group: (-len(group), group))


def _loop(group: list[str], edges: dict[str, set[str]]) -> list[str]:
    """One shortest loop from the group's first module back to it, inside the group."""
    start, members = group[0], set(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for other in sorted(edges.get(node, ()) & members):
            if other == start:
                return paths[node] + [start]
            if other not in paths:
                paths[other] = paths[node] + [other]
                queue.append(other)
    return [start]  # pragma: no cover (a component always loops)


def circles(package: Path, hooks: bool = True) -> list[list[str]]:
    """The import circles of ``package``: module-level and lazy imports together, the picture
    hooks left out unless ``hooks``.

    >>> circles(ROOT / "maca", hooks=False)
    []
    """
    known = modules(package)
    edges: dict[str, set[str]] = {}
    for name, path in known.items():
        for imp in imports_of(name, path, known):
            if hooks or not imp.picture_hook:
                edges.setdefault(name, set()).add(imp.target)
    return _components(sorted(known), edges)


def report(package: Path) -> tuple[str, int]:
    """The printed report and the number of circles left besides the picture hooks."""
    known = modules(package)
    found = [imp for name, path in known.items() for imp in imports_of(name, path, known)]
    strict: dict[str, set[str]] = {}
    every: dict[str, set[str]] = {}
    kind: dict[tuple[str, str], str] = {}
    for imp in found:
        every.setdefault(imp.source, set()).add(imp.target)
        if not imp.picture_hook:
            strict.setdefault(imp.source, set()).add(imp.target)
        if kind.get((imp.source, imp.target)) not in ("->", "=>") or imp.arrow == "->":
            kind[(imp.source, imp.target)] = imp.arrow
    lines: list[str] = []
    left = _components(sorted(known), strict)
    for title, groups, graph in (
            ("circles, the picture hooks set aside", left, strict),
            ("circles, the picture hooks counted", _components(sorted(known), every), every)):
        lines.append(f"{title}: {len(groups)}")
        for group in groups:
            loop = _loop(group, graph)
            path = loop[0] + "".join(f" {kind[(a, b)]} {b}" for a, b in zip(loop, loop[1:]))
            lines.append(f"  {len(group)} modules: {', '.join(group)}")
            lines.append(f"    loop: {path}")
    lazy = [imp for imp in found if imp.lazy]
    lines.append(f"lazy imports: {len(lazy)} ({sum(i.picture_hook for i in lazy)} picture hooks)")
    for imp in lazy:
        hook = "  (picture hook)" if imp.picture_hook else ""
        lines.append(f"  {imp.source}:{imp.line} {imp.function}() ~> {imp.target}{hook}")
    return "\n".join(lines), len(left)


def main(argv: list[str]) -> int:
    package = ROOT / (argv[0] if argv else "maca")
    text, left = report(package)
    print(text)
    return min(left, 100)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
