"""The text layer: every catalogue is registered in `maca.words`, complete in both languages, and
no key or whole text lives in two catalogues (a word has one home)."""
from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import string
from collections import defaultdict
from pathlib import Path

import pytest

import maca
from maca.words import CATALOGUES, Seat, Text, say

PACKAGE = Path(maca.__file__).parent


def _import_everything() -> None:
    """Import every module of maca, so that each registers its catalogues."""
    for info in pkgutil.walk_packages([str(PACKAGE)], "maca."):
        if info.name == "maca.__main__":
            continue
        importlib.import_module(info.name)


_import_everything()


def _fields(template: str) -> set[str]:
    """The fields a template fills; ``last_tr`` and ``last``, ``Card`` and ``card`` are one
    field said two ways."""
    return {re.sub(r"_(tr|en)\d*$", "", name).lower()
            for _, name, _, _ in string.Formatter().parse(template) if name}


def _forms(text: Text) -> list[Text]:
    return [text] + [f for f in (text.you, text.we, text.one) if f is not None]


def test_every_catalogue_is_registered_in_the_text_layer() -> None:
    assert {"words", "cards", "errors", "exercises", "lessons", "table", "table_panel",
            "terminal", "render", "reason", "grading", "explain",
            "exercise_panel"} <= set(CATALOGUES)


@pytest.mark.parametrize("name", sorted(CATALOGUES))
def test_every_text_is_complete_in_both_languages(name: str) -> None:
    for key, text in CATALOGUES[name].items():
        for form in _forms(text):
            assert form.tr.strip() and form.en.strip(), (name, key)
        # both languages fill the same fields; the Turkish note on an unreadable answers file
        # leaves out the parser's (English) error, and the glossary quotes the other language
        # on purpose
        if (name, key) not in (("exercises", "unreadable"), ("glossary", "glossary.suit head"),
                               ("glossary", "glossary.card")):
            assert _fields(text.tr) == _fields(text.en), (name, key)


def test_no_key_is_in_two_catalogues() -> None:
    homes: dict[str, list[str]] = defaultdict(list)
    for name, entries in CATALOGUES.items():
        for key in entries:
            homes[key].append(name)
    assert {k: v for k, v in homes.items() if len(v) > 1} == {}


def test_no_whole_text_is_in_two_catalogues() -> None:
    homes: dict[tuple[str, str], set[str]] = defaultdict(set)
    for name, entries in CATALOGUES.items():
        for key, text in entries.items():
            homes[(text.tr, text.en)].add(f"{name}: {key}")
    twice = {t: sorted(keys) for t, keys in homes.items()
             if len({k.split(":")[0] for k in keys}) > 1}
    assert twice == {}


def test_the_lookup_finds_every_key_and_fills_each_language() -> None:
    assert say("dir_left")["tr"] == "sola" and say("to_left")["en"] == "to the left"
    assert say("table.trick_won", n=3, seat=Seat(1))["tr"] == "3. eli Batı aldı."
    assert say("table.trick_won", n=3, seat=Seat(0))["en"] == "You won trick 3."


def _switches(path: Path) -> list[int]:
    """Lines where code compares a language with "tr" or "en"."""
    def is_lang(node: ast.AST) -> bool:
        return ((isinstance(node, ast.Name) and "lang" in node.id)
                or (isinstance(node, ast.Attribute) and "lang" in node.attr))

    def is_code(node: ast.AST) -> bool:
        return isinstance(node, ast.Constant) and node.value in ("tr", "en")

    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            left, right = node.left, node.comparators[0]
            if (is_lang(left) and is_code(right)) or (is_code(left) and is_lang(right)):
                lines.append(node.lineno)
    return lines


def test_the_language_is_switched_on_only_inside_the_text_layer() -> None:
    found = {str(p.relative_to(PACKAGE)): _switches(p) for p in sorted(PACKAGE.rglob("*.py"))
            }
    found = {k: v for k, v in found.items() if v}
    assert set(found) <= {"words.py"} and sum(map(len, found.values())) <= 3, found


def test_a_student_who_types_a_card_name_on_a_sheet_reads_turkish_only() -> None:
    from maca.exercises.grading import grade_progress
    from maca.exercises.progress import Entry, Progress, student_seed
    from maca.exercises.sets import parse_set

    base = parse_set('title = {tr = "D", en = "T"}\n[[generate]]\nid = "g"\n'
                     'kind = "legal_cards"\ncount = 1\n', default_id="demo")
    seed = student_seed("C", "A", "s1")
    typed = Progress("C", "A", "s1", "demo", seed, {"g-1": Entry("karo kızı sinek", 1)})
    note, = grade_progress(base, typed, lang="tr").notes
    # "karo kızı" is read; the lone suit word after it is the part named
    assert "'sinek' tek başına bir kart değil" in note and "Kart okunamadı" in note
    assert not {"cannot", "card", "write", "read", "not"} & set(note.replace(":", " ").split())
    english, = grade_progress(base, typed, lang="en").notes
    assert "'sinek' is not a card on its own" in english and "okunamadı" not in english


def _module_texts(path: Path) -> list[tuple[str, str, str]]:
    """(table, Turkish, English) of every module-level table of texts in ``path``: a dict whose
    values are ``(tr, en)``, ``(subject, tr, en)`` or ``Text(tr, en)`` with literal strings."""
    def strings(nodes: list[ast.expr]) -> list[str] | None:
        if all(isinstance(n, ast.Constant) and isinstance(n.value, str) for n in nodes):
            return [n.value for n in nodes]  # type: ignore[attr-defined]
        return None

    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        target = node.targets[0] if isinstance(node, ast.Assign) else \
            node.target if isinstance(node, ast.AnnAssign) else None
        if not isinstance(target, ast.Name) or not isinstance(node.value, ast.Dict):
            continue
        for value in node.value.values:
            if isinstance(value, ast.Tuple) and len(value.elts) in (2, 3):
                pair = strings(value.elts[-2:])
                if pair and len(value.elts) == 3 and all(p.isidentifier() for p in pair):
                    pair = None     # three code names (kinds of hands, seats), not a text
            elif isinstance(value, ast.Call) and getattr(value.func, "id", "") == "Text":
                pair = strings(value.args[:2])
            else:
                pair = None
            if pair is not None and not pair[0].startswith("#"):   # colours are not words
                found.append((target.id, pair[0], pair[1]))
    return found


def test_every_table_of_texts_in_the_package_is_a_registered_catalogue() -> None:
    registered = {(form.tr, form.en) for entries in CATALOGUES.values()
                  for text in entries.values() for form in _forms(text)}
    loose = [f"{p.relative_to(PACKAGE)}: {table}: {tr!r}"
             for p in sorted(PACKAGE.rglob("*.py"))
             for table, tr, en in _module_texts(p) if (tr, en) not in registered]
    assert loose == []
