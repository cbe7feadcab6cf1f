"""Every error maca raises carries its text in both languages: no `MacaError` is raised with a
plain English string (the reader's language would be lost). A raise gives a catalogue text
(``say("module.key")``), a `Text`, or a value that holds one; a string written in the raise
(or put in a name just before it) is what this test finds."""
from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import maca
from maca.errors import MacaError

PACKAGE = Path(maca.__file__).parent

#: Files being rewritten by another branch; the lead removes them from this list at the merge.
BEING_REWRITTEN: tuple[str, ...] = ()


def _error_names() -> set[str]:
    """The names of every `MacaError` class of the package (imported to be found)."""
    names = set()
    for info in pkgutil.walk_packages([str(PACKAGE)], "maca."):
        if info.name == "maca.__main__":
            continue
        module = importlib.import_module(info.name)
        names |= {name for name, value in vars(module).items()
                  if inspect.isclass(value) and issubclass(value, MacaError)}
    return names


def _is_plain_text(node: ast.expr, strings: set[str]) -> bool:
    """A string literal, an f-string, strings glued with ``+`` or ``%``, a ``"…".format()``, or
    a name just given one of these."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _is_plain_text(node.left, strings) or _is_plain_text(node.right, strings)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr == "format" and _is_plain_text(node.func.value, strings)
    return isinstance(node, ast.Name) and node.id in strings


def _plain_raises(tree: ast.AST, errors: set[str]) -> list[tuple[int, str]]:
    found = []
    scopes = [n for n in ast.walk(tree)
              if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef))]
    for scope in scopes:
        strings = {t.id for n in ast.walk(scope) if isinstance(n, ast.Assign)
                   and _is_plain_text(n.value, set()) for t in n.targets if isinstance(t, ast.Name)}
        for node in ast.walk(scope):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            func = node.exc.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in errors and node.exc.args and _is_plain_text(node.exc.args[0], strings):
                found.append((node.lineno, f"{name}({ast.unparse(node.exc.args[0])[:60]}…)"))
    return sorted(set(found))


def _offenders() -> dict[str, list[tuple[int, str]]]:
    errors = _error_names()
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        raises = _plain_raises(ast.parse(path.read_text(encoding="utf-8")), errors)
        if raises:
            found[name] = raises
    return found


def test_the_walk_finds_a_plain_string_raise() -> None:
    errors = {"ExerciseError", "SettingError"}
    code = '''
def f(x):
    message = f"bad {x}"
    if x:
        raise ExerciseError(message)
    raise SettingError("no " + x)

def g(text):
    raise ExerciseError(say("sets.path"), value=x)
    raise ExerciseError(text)
    raise ValueError("a developer's error of Python's own kind")
'''
    assert [line for line, _ in _plain_raises(ast.parse(code), errors)] == [5, 6]


def test_no_maca_error_is_raised_with_an_english_only_string() -> None:
    found = {name: raises for name, raises in _offenders().items()
             if not name.startswith(BEING_REWRITTEN)}
    assert found == {}

