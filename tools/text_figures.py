"""Count the places words live in maca (the figures of issue 17's text layer).

    .venv/bin/python tools/text_figures.py [ROOT]     # ROOT: a checkout, default this one

- tables: module-level dicts of TR/EN texts (values ``(tr, en)``, ``(subject, tr, en)``,
  ``Text(...)``, or ``{"tr": …, "en": …}``); registered: those given to ``catalogue(…)``;
  catalogue calls: the registrations in the text layer (``maca.words.catalogue``);
- look-up helpers: functions taking ``lang`` or ``key`` that read such a table;
- language switches: comparisons of a language with ``"tr"`` / ``"en"``;
- glued errors: ``…Error(…)`` calls whose message holds ``" / "`` (Turkish / English in one).

The notebook widgets (``maca/widgets/``) are left out.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path


def _text(node: ast.AST) -> bool:
    return isinstance(node, (ast.Constant, ast.JoinedStr)) and \
        (not isinstance(node, ast.Constant) or isinstance(node.value, str))


def _bilingual(value: ast.AST) -> bool:
    if isinstance(value, ast.Tuple) and len(value.elts) >= 2:
        return all(_text(e) for e in value.elts[-2:])
    if isinstance(value, ast.Call):
        return getattr(value.func, "id", getattr(value.func, "attr", "")) == "Text"
    if isinstance(value, ast.Dict):
        return {getattr(k, "value", None) for k in value.keys} >= {"tr", "en"}
    return False


def _is_lang(node: ast.AST) -> bool:
    return (isinstance(node, ast.Name) and "lang" in node.id) or \
        (isinstance(node, ast.Attribute) and "lang" in node.attr)


def figures(root: Path) -> dict[str, list[str]]:
    """Each figure's findings, as ``path:name`` or ``path:line``."""
    found: dict[str, list[str]] = {"tables": [], "registered": [], "catalogue calls": [],
                                   "helpers": [], "switches": [], "glued errors": []}
    for path in sorted((root / "maca").rglob("*.py")):
        if "widgets" in path.parts:
            continue
        where = path.relative_to(root)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        tables = set()
        for node in tree.body:
            target = node.targets[0] if isinstance(node, ast.Assign) else \
                node.target if isinstance(node, ast.AnnAssign) else None
            if isinstance(target, ast.Name) and isinstance(node.value, ast.Dict) and (
                    {getattr(k, "value", None) for k in node.value.keys} >= {"tr", "en"}
                    or any(_bilingual(v) for v in node.value.values)):
                tables.add(target.id)
                found["tables"].append(f"{where}:{target.id}")
        registered = {n.id for call in ast.walk(tree) if isinstance(call, ast.Call)
                      and getattr(call.func, "id", "") == "catalogue"
                      for n in ast.walk(call) if isinstance(n, ast.Name)}
        found["registered"] += [f"{where}:{t}" for t in sorted(tables & registered)]
        found["catalogue calls"] += [f"{where}:{call.lineno}" for call in ast.walk(tree)
                                     if isinstance(call, ast.Call)
                                     and getattr(call.func, "id", "") == "catalogue"]
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                args = {a.arg for a in node.args.args + node.args.kwonlyargs}
                used = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
                if used & tables and args & {"lang", "key"}:
                    found["helpers"].append(f"{where}:{node.name}")
            if isinstance(node, ast.Compare) and len(node.ops) == 1 and \
                    isinstance(node.ops[0], (ast.Eq, ast.NotEq)):
                a, b = node.left, node.comparators[0]
                codes = [n for n in (a, b) if isinstance(n, ast.Constant)
                         and n.value in ("tr", "en")]
                if codes and (_is_lang(a) or _is_lang(b)):
                    found["switches"].append(f"{where}:{node.lineno}")
            if isinstance(node, ast.Call) and getattr(
                    node.func, "id", getattr(node.func, "attr", "")).endswith("Error"):
                strings = [c.value for a in node.args for c in ast.walk(a)
                           if isinstance(c, ast.Constant) and isinstance(c.value, str)]
                if any(" / " in s for s in strings):
                    found["glued errors"].append(f"{where}:{node.lineno}")
    return found


def main(argv: list[str]) -> int:
    root = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent.parent
    for name, items in figures(root).items():
        files = len({i.split(":")[0] for i in items})
        print(f"{name}: {len(items)} (in {files} files)")
        for item in items:
            print(f"    {item}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
