"""Sphinx extension: the lesson panels' script and styles on every page, and on the teachers'
page one plain link to the lessons as live notebooks ("Dersleri Jupyter defteri olarak aç").
The lesson pages themselves carry no notebook link: a learner meets no developer's word there.

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

#: the live site's folder inside the built book
LIVE_DIR = "live"
LANGUAGES = ("tr", "en")
#: the teachers' page's link to the live lessons, in the page's language
LABELS = {
    "tr": "Dersleri Jupyter defteri olarak aç (kurulum yok, internet gerekmez)",
    "en": "Open the lessons as Jupyter notebooks (nothing to install, no internet)",
}
TEACHERS_PAGE = "teachers"


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


def teachers_link(docname: str) -> str | None:
    """The link block for the top of a teachers' page (relative to it), None for other pages.

    >>> print(teachers_link("book/en/teachers"))  # doctest: +ELLIPSIS
    <p class="maca-live"...href="../../live/tree/index.html"...>Open the lessons as Jupyter...
    >>> teachers_link("book/tr/01-cards") is None
    True
    """
    parts = docname.split("/")
    if live_path(docname) is None or parts[-1] != TEACHERS_PAGE:
        return None
    href = "../" * docname.count("/") + f"{LIVE_DIR}/tree/index.html"
    return (f'<p class="maca-live" style="text-align:right;margin:0 0 .5em;font-size:.9em">'
            f'<a class="maca-live-link" href="{href}" target="_blank" '
            f'rel="noopener">{LABELS[parts[1]]}</a></p>\n')


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
    """``html-page-context`` hook: any "show the code" toggle named by its visible words
    (not myst-nb's English "Toggle hidden content"), and the live lessons' link above the
    teachers' page."""
    if doctree is None or "body" not in context:
        return
    context["body"] = context["body"].replace(' aria-label="Toggle hidden content"', "")
    link = teachers_link(pagename)
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
