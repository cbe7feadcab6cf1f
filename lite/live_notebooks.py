"""The notebooks of the live site: every book page and every exercise set, made for the browser.

- A book page (``book/**/*.md``, MyST) becomes ``<same path>.ipynb`` (jupytext): cells tagged
  ``remove-live`` are dropped (charts and other build-only cells), links to ``.md`` pages
  point at their notebooks, and a lesson (a page with code cells) gets a first cell that
  installs maca in the browser.
- An exercise set (``exercises/*.toml``) becomes ``tr/alistirmalar/<set>.ipynb`` and
  ``en/exercises/<set>.ipynb``: the learner writes a course, an assignment and a student id,
  answers each question, and downloads the answers file (`livesheet.LiveSheet`).
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

#: the tag that keeps a book cell out of the live version (e.g. cells that draw charts)
REMOVE_TAG = "remove-live"
#: modules the browser kernel does not have: a live cell importing one is refused
BROWSER_MISSING = ("matplotlib", "numpy", "pandas", "scipy")
#: the wheel with the book's helper modules (``book/*.py``) and `livesheet`
HELPERS = "maca-live"
KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
#: where an exercise set's notebook goes, per language
EXERCISE_DIRS = {"tr": "tr/alistirmalar", "en": "en/exercises"}

_SETUP = {
    "tr": "# Canlı sürüm: maca'yı bu tarayıcıya kurar (internet gerekmez).\n"
          f"%pip install -q maca ipywidgets {HELPERS}",
    "en": "# Live version: installs maca in this browser (no internet needed).\n"
          f"%pip install -q maca ipywidgets {HELPERS}",
}
_SHEET = {
    "tr": {
        "intro": "1. Hücreleri sırayla çalıştır (Shift+Enter) ya da menüden **Run → Run All "
                 "Cells**.\n"
                 "2. Öğretmenin bir ders ve ödev adı verdiyse onları `DERS` ve `ODEV` "
                 "satırlarına, öğrenci numaranı `OGRENCI` satırına yaz ve o hücreyi yeniden "
                 "çalıştır.\n"
                 "3. Her sorunun altındaki `cevap = …` satırına cevabını yaz ve hücreyi "
                 "çalıştır: motor cevabını hemen denetler. İpucu için `sheet.hint(\"…\")` yaz.\n"
                 "4. Her denemede cevapların bu defterin yanındaki `answers-….json` dosyasına "
                 "(tarayıcında) kaydedilir. Bitirince en alttaki hücrenin bağlantısıyla dosyayı "
                 "indir ve öğretmenine gönder.",
        "who": 'DERS = "serbest"      # öğretmeninin verdiği ders adı\n'
               'ODEV = "{set_id}"   # ödevin adı\n'
               'OGRENCI = "misafir"  # öğrenci numaran\n\n'
               'sheet = LiveSheet(SET, "{set_id}", DERS, ODEV, OGRENCI, lang="tr")\nsheet',
        "question": "## Soru {number}", "answer": "cevap", "example": "örnek",
        "save": "## Cevaplarını gönder",
    },
    "en": {
        "intro": "1. Run the cells in order (Shift+Enter), or **Run → Run All Cells** from the "
                 "menu.\n"
                 "2. If your teacher gave you a course and an assignment name, write them on "
                 "the `COURSE` and `ASSIGNMENT` lines and your student id on the `STUDENT` "
                 "line, then run that cell again.\n"
                 "3. Write your answer on the `answer = …` line under each question and run "
                 "the cell: the engine checks it at once. For a hint write `sheet.hint(\"…\")`.\n"
                 "4. Every try saves your answers to the file `answers-….json` next to this "
                 "notebook (in your browser). When you are done, download the file with the "
                 "link of the last cell and hand it in to your teacher.",
        "who": 'COURSE = "self-study"  # the course name your teacher gave you\n'
               'ASSIGNMENT = "{set_id}"  # the assignment name\n'
               'STUDENT = "guest"  # your student id\n\n'
               'sheet = LiveSheet(SET, "{set_id}", COURSE, ASSIGNMENT, STUDENT, lang="en")\nsheet',
        "question": "## Question {number}", "answer": "answer", "example": "e.g.",
        "save": "## Hand in your answers",
    },
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
    """An exercise set as a live notebook, in ``lang`` (the set's text is embedded)."""
    from maca.exercises import load_set
    from maca.exercises.sheets import ANSWER_EXAMPLES

    base = load_set(set_path)
    words = _SHEET[lang]
    about = f"*{base.description[lang]}*\n\n" if base.description else ""
    cells = [new_markdown_cell(f"# {base.title[lang]}\n\n{about}{words['intro']}"),
             new_code_cell(_SETUP[lang], metadata={"tags": ["live-setup"]}),
             new_code_cell("from livesheet import LiveSheet\n\nSET = "
                           + json.dumps(set_path.read_text(encoding="utf-8"), ensure_ascii=False),
                           metadata={"tags": ["live-setup"], "jupyter": {"source_hidden": True}}),
             new_code_cell(words["who"].format(set_id=base.id))]
    var = words["answer"]
    for number, exercise in enumerate(base, 1):
        example = ANSWER_EXAMPLES[exercise.kind][1][lang]
        cells += [new_markdown_cell(words["question"].format(number=number)),
                  new_code_cell(f"sheet.question({exercise.id!r})"),
                  new_code_cell(f"{var} = None  # {words['example']} {var} = {example}\n"
                                f"sheet.check({exercise.id!r}, {var})")]
    cells += [new_markdown_cell(words["save"]), new_code_cell("sheet.download()")]
    return _finish(cells, lang)


def write_all(book: Path, exercises: Path, files: Path) -> list[str]:
    """Write every page and exercise notebook under ``files``; their paths there.

    Every page is converted before any refusal is raised, so one run lists all problems.
    """
    written, problems = [], []
    pages = sorted(p for p in book.rglob("*.md")
                   if not {"_ext", "vendor"} & set(p.relative_to(book).parts))
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
