"""Sphinx extension: the theme speaks each page's language.

The book is one Sphinx build with ``language: tr``, so the theme's own words ("Ara",
"İçindekiler", "Önceki") would be Turkish on the English pages too. Just before each page is
rendered, this switches the templates' translations: none (the theme's English) for pages under
``book/en/``, the build's Turkish catalogue for the rest. Registered in ``_config.yml`` beside
``maca_live``.
"""
from __future__ import annotations

from typing import Any

ENGLISH_PAGES = "book/en/"
_GETTEXT = ("gettext", "ngettext", "pgettext", "npgettext", "_")


def page_language(pagename: str) -> str:
    """The language of a page, by its place in the book.

    >>> page_language("book/en/01-cards"), page_language("book/tr/01-cards"), page_language("book/index")
    ('en', 'tr', 'tr')
    """
    return "en" if pagename.startswith(ENGLISH_PAGES) else "tr"


def _switch(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    """``html-page-context`` hook: install the page's translations for its templates."""
    templates = getattr(app.builder, "templates", None)
    environment = getattr(templates, "environment", None)
    if environment is None or not hasattr(environment, "install_null_translations"):
        return
    if not hasattr(app, "_maca_turkish_words"):  # what the build installed: Turkish
        app._maca_turkish_words = {name: environment.globals[name] for name in _GETTEXT
                                   if name in environment.globals}
    if page_language(pagename) == "en":
        environment.install_null_translations()
        # the themes also hand their own translating function to the templates
        context.update(language="en", translate=_english)
    else:
        environment.globals.update(app._maca_turkish_words)


def _english(message: str, *args: Any) -> str:
    """The themes' words as written: English."""
    return message


def setup(app: Any) -> dict:
    """Register the hook with Sphinx."""
    app.connect("html-page-context", _switch, priority=900)  # after the themes' own hooks
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
