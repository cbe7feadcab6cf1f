"""Sphinx extension: the theme speaks each page's language.

The book is one Sphinx build with ``language: tr``, so the theme's own words ("Ara",
"İçindekiler", "Önceki") would be Turkish on the English pages too. Just before each page is
rendered, this switches the templates' translations: none (the theme's English) for pages under
``book/en/``, the build's Turkish catalogue for the rest, with the words that catalogue lacks
(the theme's "Skip to main content", "Back to top"…) from `THEME_WORDS_TR`. Registered in
``_config.yml`` beside ``maca_live``.
"""
from __future__ import annotations

import posixpath
from typing import Any

ENGLISH_PAGES = "book/en/"
#: the name of the sidebar's open/close toggle of a part (the theme draws only a chevron)
SUBPAGES = {"tr": "Alt sayfalar", "en": "Subpages"}
_GETTEXT = ("gettext", "ngettext", "pgettext", "npgettext", "_")
#: the themes' words (pydata-sphinx-theme's templates) that no Turkish catalogue translates
THEME_WORDS_TR = {
    "Skip to main content": "Ana içeriğe geç",
    "Back to top": "Başa dön",
    "previous": "önceki",
    "next": "sonraki",
    "previous page": "önceki sayfa",
    "next page": "sonraki sayfa",
    "Search": "Ara",
    "On this page": "Bu sayfada",
    "Contents": "İçindekiler",
    "Section Navigation": "Bölümdeki sayfalar",
    "Site navigation": "Sitedeki sayfalar",
    "Breadcrumb": "Bulunduğun yer",
    "Home": "Ana sayfa",
    "Announcement": "Duyuru",
    "Collapse Sidebar": "Kenar çubuğunu kapat",
    "Expand Sidebar": "Kenar çubuğunu aç",
    "Color mode": "Renk düzeni",
    "Light": "Açık",
    "Dark": "Koyu",
    "System Settings": "Sistem ayarı",
    "Print to PDF": "PDF olarak yazdır",
    "Download this page": "Bu sayfayı indir",
    "Fullscreen mode": "Tam ekran",
    "© Copyright %(copyright)s.": "© %(copyright)s.",
}


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
        if callable(app._maca_turkish_words.get("gettext")):
            app._maca_turkish_words["gettext"] = turkish(app._maca_turkish_words["gettext"])
    _name_toggles(context, page_language(pagename))
    if page_language(pagename) == "en":
        environment.install_null_translations()
        # the themes also hand their own translating function to the templates
        context.update(language="en", translate=_english)
    else:
        environment.globals.update(app._maca_turkish_words)


def turkish(gettext: Any) -> Any:
    """A catalogue's ``gettext`` that says in Turkish what the catalogue left in English.

    >>> say = turkish(lambda message: {"Search": "Ara"}.get(message, message))
    >>> say("Search"), say("Skip to main content"), say("Maça Kızı")
    ('Ara', 'Ana içeriğe geç', 'Maça Kızı')
    """
    def say(message: str) -> str:
        said = gettext(message)
        return THEME_WORDS_TR.get(message, said) if said == message else said
    return say


def _name_toggles(context: dict, lang: str) -> None:
    """The sidebar's toggles (a ``<summary>`` holding only a chevron) named in ``lang``."""
    make = context.get("generate_toctree_html")
    if callable(make):
        named = f'<summary aria-label="{SUBPAGES[lang]}">'
        context["generate_toctree_html"] = lambda *args, **kwargs: str(
            make(*args, **kwargs)).replace("<summary>", named)


def linked_page(pagename: str, link: str) -> str:
    """The page a relative link of ``pagename`` leads to.

    >>> linked_page("book/en/index", "../tr/teachers.html")
    'book/tr/teachers'
    >>> linked_page("book/tr/01-cards", "02-passing.html#top")
    'book/tr/02-passing'
    """
    target = posixpath.join(posixpath.dirname(pagename), link.split("#")[0])
    return posixpath.splitext(posixpath.normpath(target))[0]


def _same_language_neighbours(app: Any, pagename: str, templatename: str, context: dict,
                              doctree: Any) -> None:
    """``html-page-context`` hook: "Önceki/Sonraki" ("Previous/Next") never lead into the other
    language's half of the book (the English start page's "Previous" was a Turkish page)."""
    for key in ("prev", "next"):
        neighbour = context.get(key)
        if neighbour and page_language(linked_page(pagename, neighbour["link"])) \
                != page_language(pagename):
            context[key] = None


def _english(message: str, *args: Any) -> str:
    """The themes' words as written: English."""
    return message


def setup(app: Any) -> dict:
    """Register the hook with Sphinx."""
    app.connect("html-page-context", _switch, priority=900)  # after the themes' own hooks
    app.connect("html-page-context", _same_language_neighbours)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
