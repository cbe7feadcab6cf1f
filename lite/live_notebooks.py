"""The notebooks of the live site: every book page and every exercise set, made for the browser.

- A book page (``book/**/*.md``, MyST) becomes ``<same path>.ipynb`` (jupytext): cells tagged
  ``remove-live`` are dropped (charts and other build-only cells), links to ``.md`` pages
  point at their notebooks, and a lesson (a page with code cells) gets a first cell that
  installs maca in the browser.
- An exercise set (``exercises/*.toml``) becomes ``tr/alistirmalar/<set>.ipynb`` and
  ``en/exercises/<set>.ipynb``: a short intro and the set's panel (in the notebook's widget,
  `maca.widgets`), opened on the set by name (maca's wheel ships the sets). The learner
  answers by clicking; the panel keeps the answers file ``answers-<set>-<student>.json`` next
  to the notebook (in the browser's storage) and reads it back when the set is opened again.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

#: the tag that keeps a book cell out of the live version (e.g. cells that draw charts)
REMOVE_TAG = "remove-live"
#: modules the browser kernel does not have: a live cell importing one is refused
BROWSER_MISSING = ("matplotlib", "numpy", "pandas", "scipy")
KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
#: where an exercise set's notebook goes, per language
EXERCISE_DIRS = {"tr": "tr/alistirmalar", "en": "en/exercises"}

_SETUP = {
    "tr": "# Canlı sürüm: maca'yı bu tarayıcıya kurar (internet gerekmez).\n"
          "%pip install -q maca anywidget",
    "en": "# Live version: installs maca in this browser (no internet needed).\n"
          "%pip install -q maca anywidget",
}
_EXERCISES = {
    "tr": {"intro": "Kartlara, oyunculara ya da düğmelere tıklayarak cevap ver ve **Kontrol "
                    "et**'e bas: motor cevabını hemen denetler, yanlışsa nedenini söyler. "
                    "İpucu alabilir, yanlış bir denemeden sonra çözümü görebilirsin. "
                    "Cevapların her denemede bu tarayıcıda saklanır.\n\n"
                    "Başlamak için menüden **Run → Run All Cells**'i seç.",
           "setup": "# Canlı sürüm: maca'yı bu tarayıcıya kurar (internet gerekmez)."},
    "en": {"intro": "Answer by clicking cards, players or buttons and press **Check**: the "
                    "engine checks your answer at once and says why when it is wrong. You can "
                    "take hints, and see the solution after a wrong try. Your answers are kept "
                    "in this browser after every try.\n\n"
                    "To start, choose **Run → Run All Cells** from the menu.",
           "setup": "# Live version: installs maca in this browser (no internet needed)."},
}


def md_links_to_notebooks(text: str) -> str:
    """Point the book's relative links to ``.md`` pages at their live notebooks.

    >>> md_links_to_notebooks("[next](02-passing.md), [en](../en/01-cards.md#deck), "
    ...                       "[w](https://x.org/a.md)")
    '[next](02-passing.ipynb), [en](../en/01-cards.ipynb#deck), [w](https://x.org/a.md)'
    """
    return re.sub(r"\]\((?![a-z][a-z0-9+.-]*:)([^)\s]+?)\.md(#[^)\s]*)?\)",
                  lambda m: f"]({m.group(1)}.ipynb{m.group(2) or ''})", text)


def _browser_import(source: str) -> re.Match[str] | None:
    """The first import of a module the browser lacks.

    >>> _browser_import("import sys\\nimport matplotlib.pyplot as plt").group(0)
    'import matplotlib.pyplot as plt'
    >>> _browser_import("from maca import render") is None
    True
    """
    pattern = r"^[ \t]*(?:import|from)[ \t]+(%s)\b.*$" % "|".join(BROWSER_MISSING)
    return re.search(pattern, source, re.M)


def _finish(cells: list[Any], lang: str) -> Any:
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    nb.metadata["language_info"] = {"name": "python"}
    nb.metadata["maca"] = {"lang": lang}
    return nb


def page_notebook(md: Path, lang: str) -> Any:
    """A book page as a live notebook.

    Raises `ValueError` (naming the line and saying what to do) when a kept cell imports a
    module the browser does not have.
    """
    import jupytext

    text = md.read_text(encoding="utf-8")
    page = jupytext.reads(text, fmt="md:myst")
    cells = [c for c in page.cells if REMOVE_TAG not in c.get("metadata", {}).get("tags", [])]
    for cell in cells:
        if cell.cell_type == "markdown":
            cell.source = md_links_to_notebooks(cell.source)
        elif found := _browser_import(cell.source):
            line = text[:text.find(found.group(0))].count("\n") + 1
            raise ValueError(
                f"{md}:{line}: `{found.group(0).strip()}`, but the browser (Pyodide) "
                f"has no {found.group(1)}. Keep that import in the cells that need it and tag "
                f"them `{REMOVE_TAG}` (`:tags: [{REMOVE_TAG}]` under the {{code-cell}} line): "
                f"the live version leaves them out.")
    if any(c.cell_type == "code" for c in cells):
        cells.insert(0, new_code_cell(_SETUP[lang], metadata={"tags": ["live-setup"]}))
    return _finish(cells, lang)


def exercise_notebook(set_path: Path, lang: str) -> Any:
    """An exercise set as a live notebook, in ``lang``: the set's panel opened by its name
    (course, assignment and student id are typed in the panel, if a teacher gave them)."""
    from maca.exercises import load_set

    base = load_set(set_path)
    words = _EXERCISES[lang]
    about = f"*{base.description[lang]}*\n\n" if base.description else ""
    hidden = {"jupyter": {"source_hidden": True}}
    return _finish([
        new_markdown_cell(f"# {base.title[lang]}\n\n{about}{words['intro']}"),
        new_code_cell(f"{words['setup']}\n%pip install -q maca anywidget",
                      metadata={"tags": ["live-setup"], **hidden}),
        new_code_cell("from maca import panels\n\n"
                      f"panels.exercise_set({lang!r}, {set_path.stem!r}, folder='.')",
                      metadata=hidden)], lang)


def write_all(book: Path, exercises: Path, files: Path) -> list[str]:
    """Write every page and exercise notebook under ``files``; their paths there.

    Every page is converted before any refusal is raised, so one run lists all problems.
    """
    written, problems = [], []
    pages = sorted(p for p in book.rglob("*.md")
                   if "_ext" not in p.relative_to(book).parts)
    for md in pages:
        rel = md.relative_to(book).with_suffix(".ipynb")
        try:
            nb = page_notebook(md, "tr" if rel.parts[0] == "tr" else "en")
        except ValueError as problem:
            problems.append(str(problem))
            continue
        written.append(_write(nb, files / rel))
    for set_path in sorted(exercises.glob("*.toml")):
        for lang, folder in EXERCISE_DIRS.items():
            nb = exercise_notebook(set_path, lang)
            written.append(_write(nb, files / folder / f"{set_path.stem}.ipynb"))
    if problems:
        raise ValueError("\n".join(problems))
    return [str(Path(p).relative_to(files)) for p in written]


def _write(nb: Any, path: Path) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return str(path)
