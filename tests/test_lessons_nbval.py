"""Every page of the book that has code runs under nbval, and the lessons keep their shape.

nbval reads only ``.ipynb``: each MyST page is converted with jupytext into a temporary copy of
the book (same folders, with ``exercises/`` beside it, so the pages'
relative paths hold) and run with ``--nbval-lax`` (every cell must run; outputs are not
compared: the pages show pictures and widget states, not fixed text).
"""
from __future__ import annotations

import doctest
import importlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

jupytext = pytest.importorskip("jupytext")
pytest.importorskip("nbval")

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
NOTEBOOKS = sorted(p for p in BOOK.glob("*/*.md") if p.read_text().startswith("---\njupytext:"))
LESSONS = sorted(p.name for p in (BOOK / "tr").glob("[0-9][0-9]-*.md"))


@pytest.fixture(scope="module")
def book_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A temporary copy of the book with every MyST page converted to ``.ipynb``."""
    root = tmp_path_factory.mktemp("book")
    (root / "book").mkdir()
    (root / "exercises").symlink_to(ROOT / "exercises")
    for page in NOTEBOOKS:
        target = root / "book" / page.parent.name / f"{page.stem}.ipynb"
        target.parent.mkdir(exist_ok=True)
        jupytext.write(jupytext.read(page), target)
    return root


@pytest.mark.parametrize("page", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_page_runs_under_nbval(page: Path, book_copy: Path) -> None:
    notebook = book_copy / "book" / page.parent.name / f"{page.stem}.ipynb"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [
        str(ROOT), os.environ.get("PYTHONPATH", "")]))}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "--nbval-lax", "--nbval-current-env", "-q",
         "-p", "no:cacheprovider", "--rootdir", str(book_copy), str(notebook)],
        cwd=book_copy, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]


@pytest.mark.parametrize("folder, module", [("_ext", "page_language")])
def test_book_helper_doctests(folder: str, module: str) -> None:
    """The book's Python helpers (lesson kit, Sphinx extension) keep their documented behaviour."""
    path = str(BOOK / folder)
    sys.path.insert(0, path)
    try:
        result = doctest.testmod(importlib.import_module(module))
    finally:
        sys.path.remove(path)
    assert result.attempted > 0 and result.failed == 0


def _code_cells(page: Path) -> list[str]:
    return re.findall(r"```\{code-cell\} ipython3\n(.*?)```", page.read_text(), re.S)


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_in_both_languages(name: str) -> None:
    """Each lesson exists in Turkish and English (with the same code: test_lesson_pairs), its
    topic's panel and engine-graded quick checks; the two versions link to each other."""
    tr, en = BOOK / "tr" / name, BOOK / "en" / name
    assert en.exists()
    cells_tr, cells_en = _code_cells(tr), _code_cells(en)
    for page, cells in ((tr, cells_tr), (en, cells_en)):
        code = "\n".join(cells)
        assert re.search(r"^panels\.\w+_lesson\(lang=LANG", code, re.M), \
            f"{page}: no lesson panel"
        assert "maca.widgets" not in code, f"{page}: a lesson page shows panels, not widgets"
        # a quick check in the cell, or one of the lesson module's (its functions check_*)
        checks = re.findall(r"\bquick_check\(|\blesson\d\d\.check_\w+\(LANG\)", code)
        assert len(checks) >= 2, f"{page}: fewer than two quick checks"
    assert f"(../en/{name})" in tr.read_text() and f"(../tr/{name})" in en.read_text()
    assert 'LANG = "tr"' in cells_tr[0] and 'LANG = "en"' in cells_en[0]
