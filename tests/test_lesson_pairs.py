"""A page's Turkish and English versions run the same code: they differ in their words only.

The pairs are the book's table of contents (``_toc.yml``): ``book/tr/<path>`` and
``book/en/<path>``. Their code cells, options lines included, must be identical but for one
line: the first code cell sets ``LANG = "tr"`` on the Turkish page where the English page has
``LANG = "en"``, on the same line. Everything a cell says in a language comes from the
package (``maca.lessonkit.lessonNN``, ``maca.words``) chosen by ``LANG``.
"""
from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOC = (ROOT / "_toc.yml").read_text(encoding="utf-8")
PAGES = re.findall(r"^\s*- file: book/tr/(\S+)$", TOC, re.M)
CELL = re.compile(r"^```\{code-cell\}[^\n]*\n(.*?)^```$", re.S | re.M)


def code_cells(page: Path) -> list[str]:
    """The code cells of a MyST page, each with its options lines."""
    return CELL.findall(page.read_text(encoding="utf-8"))


def differences(tr: list[str], en: list[str]) -> list[str]:
    """What differs between the two pages' code cells beyond the allowed ``LANG`` line."""
    if len(tr) != len(en):
        return [f"{len(tr)} code cells in Turkish, {len(en)} in English"]
    found = []
    for number, (cell_tr, cell_en) in enumerate(zip(tr, en)):
        if number == 0:
            if 'LANG = "tr"' not in cell_tr.splitlines():
                found.append('the first Turkish cell does not set LANG = "tr"')
            cell_tr = cell_tr.replace('LANG = "tr"\n', 'LANG = "en"\n', 1)
        if cell_tr != cell_en:
            diff = difflib.unified_diff(cell_tr.splitlines(), cell_en.splitlines(), "tr", "en",
                                        lineterm="", n=0)
            found.append(f"cell {number}:\n" + "\n".join(list(diff)[2:]))
    return found


def test_differences_are_found() -> None:
    """The comparison allows the LANG line only, and says where pages differ."""
    tr = [':tags: [remove-cell]\n\nLANG = "tr"\nx = 1\n', "print(x)\n"]
    assert differences(tr, [':tags: [remove-cell]\n\nLANG = "en"\nx = 1\n', "print(x)\n"]) == []
    assert differences(tr, [':tags: [remove-cell]\n\nLANG = "en"\nx = 2\n', "print(x)\n"]) \
        == ["cell 0:\n@@ -4 +4 @@\n-x = 1\n+x = 2"]
    assert differences(tr, [':tags: [remove-cell]\n\nLANG = "en"\nx = 1\n', "print(x) \n"])
    assert differences(tr[:1], tr) == ["1 code cells in Turkish, 2 in English"]


@pytest.mark.parametrize("path", PAGES)
def test_page_pair_shares_its_code(path: str) -> None:
    tr, en = ROOT / "book" / "tr" / f"{path}.md", ROOT / "book" / "en" / f"{path}.md"
    assert f"- file: book/en/{path}\n" in TOC, f"book/en/{path} is not in _toc.yml"
    found = differences(code_cells(tr), code_cells(en))
    assert not found, f"{path}: the code cells differ beyond the LANG line:\n" + "\n".join(found)
