"""Sphinx extension: the lesson panels' script and styles on every page, and on every lesson
page a quiet "Defter olarak aç" / "Open as a notebook" link to its live notebook.

The panels' script (``static/maca-live.js``) makes a page's panels live: it starts Python in a
Web Worker (``static/maca-worker.js``: Pyodide and maca's wheel from the site's ``runtime/``,
see ``tools/build_runtime.py``), so the page never freezes while Python starts or thinks, and
carries the clicks to the panels and their drawings back in ``maca.panels.host``'s messages.

A lesson is a page under ``book/tr/`` or ``book/en/`` with code cells; its live version is the
notebook ``<lang>/<path>.ipynb`` of the JupyterLite site that ``lite/build_lite.py`` builds into
``live/`` next to the book's pages. Registered in ``_config.yml``::

    sphinx:
      local_extensions:
        maca_live: book/_ext
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any
from urllib.parse import quote

#: the live site's folder inside the built book
LIVE_DIR = "live"
LANGUAGES = ("tr", "en")
LABELS = {
    "tr": ("Defter olarak aç", "Bu dersin kodunu bir Jupyter defterinde aç (öğretmenler ve "
           "merak edenler için): kurulum yok, internet gerekmez."),
    "en": ("Open as a notebook", "Open this lesson's code in a Jupyter notebook (for teachers "
           "and the curious): nothing to install, no internet."),
}


def is_lesson(text: str) -> bool:
    """Whether a MyST page has code cells that its live notebook keeps (not ``remove-live``).

    >>> is_lesson("# Kartlar\\n```{code-cell} ipython3\\nimport maca\\n```\\n")
    True
    >>> is_lesson("# Giriş\\nSadece metin.")
    False
    >>> is_lesson("```{code-cell} ipython3\\n:tags: [remove-live]\\nimport subprocess\\n```")
    False
    """
    cells = text.split("```{code-cell}")[1:]
    return any("remove-live" not in (cell.split("\n", 2) + [""])[1] for cell in cells)


def live_path(docname: str) -> str | None:
    """The live notebook of a page (its docname), or None for a page outside the lessons.

    >>> live_path("book/tr/01-kartlar")
    'tr/01-kartlar.ipynb'
    >>> live_path("intro") is None
    True
    """
    parts = docname.split("/")
    if len(parts) < 3 or parts[0] != "book" or parts[1] not in LANGUAGES:
        return None
    return "/".join(parts[1:]) + ".ipynb"


def live_link(docname: str) -> str | None:
    """The link block for the top of a lesson page, relative to the page.

    >>> print(live_link("book/en/01-cards"))  # doctest: +ELLIPSIS
    <p class="maca-live"...href="../../live/notebooks/index.html?path=en/01-cards.ipynb"...
    """
    path = live_path(docname)
    if path is None:
        return None
    label, title = LABELS[path.split("/")[0]]
    href = "../" * docname.count("/") + f"{LIVE_DIR}/notebooks/index.html?path={quote(path)}"
    return (f'<p class="maca-live" style="text-align:right;margin:0 0 .5em;font-size:.9em">'
            f'<a class="maca-live-link" href="{href}" title="{title}" target="_blank" '
            f'rel="noopener">{label}</a></p>\n')


def _add_static(app: Any) -> None:
    """``builder-inited`` hook: ``static/`` (the live panels' scripts) and the panels' styles
    (``maca/panels/static/``, which the notebook's widget ships too) into _static, and
    ``site_root/`` into the site's root: ``api/class/hello`` says "no class server here", so the
    exercises page's class client (``static/maca-class.js``) asks a plain static site its one
    question without an error (a class server answers that address itself)."""
    for folder in STATIC:
        app.config.html_static_path.append(str(folder))
    app.config.html_extra_path.append(str(Path(__file__).with_name("site_root")))


#: the folders of the live panels' scripts and styles
STATIC = (Path(__file__).with_name("static"), Path(__file__).parents[2] / "maca/panels/static")


def _refresh_static(app: Any, exception: Exception | None) -> None:
    """``build-finished`` hook: the scripts and styles copied again, for Sphinx copies static
    files only when it writes some page (a build after a script's edit alone kept the old)."""
    if exception is not None or app.builder.format != "html":
        return
    for folder in STATIC:
        for source in folder.rglob("*"):
            if source.is_file():
                target = Path(app.outdir) / "_static" / source.relative_to(folder)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, target)


def _finish_body(app: Any, pagename: str, templatename: str, context: dict,
                 doctree: Any) -> None:
    """``html-page-context`` hook: the "show the code" toggles named by their visible words
    (not myst-nb's English "Toggle hidden content"), and the live link above a lesson's body."""
    if doctree is None or "body" not in context:
        return
    context["body"] = context["body"].replace(' aria-label="Toggle hidden content"', "")
    source = app.env.doc2path(pagename)
    try:
        text = open(source, encoding="utf-8").read()
    except OSError:
        return
    link = live_link(pagename) if is_lesson(text) else None
    if link:
        context["body"] = link + context["body"]


def setup(app: Any) -> dict:
    """Register the hook with Sphinx, and the script and styles that make panels live. The
    pages' kernels show panels as HTML, not as the notebook's widget (`maca.panels.base`)."""
    os.environ["MACA_PANELS"] = "html"
    app.connect("html-page-context", _finish_body)
    app.connect("builder-inited", _add_static)
    app.connect("build-finished", _refresh_static)
    app.add_js_file("maca-live.js", type="module")
    app.add_css_file("maca-live.css")
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
