"""The words a learner reads on the built site: no theme text left in English on the Turkish
pages, no developer's words, no bars of code, no source ids like "[003]".

Reads the pages of ``_build/html`` (``python -m maca site --no-serve``) and takes each page's
visible text: what is inside ``<script>``, ``<style>``, ``<template>`` and hidden elements is
left out, and so are the attributes. Skipped if the site is not built.
"""
from __future__ import annotations

import functools
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "_build" / "html"
pytestmark = pytest.mark.site    # reads the built site, as the browser tests do

#: a page's docname (as in _toc.yml) → its built file, for every page of the book
PAGES = re.findall(r"^\s*(?:root|-\s*file):\s*(\S+)", (ROOT / "_toc.yml").read_text(), re.M)
TURKISH = [page for page in PAGES if not page.startswith("book/en/")]   # the start page too
ENGLISH = [page for page in PAGES if page.startswith("book/en/")]
#: pages written for teachers: they may name Python, notebooks and the exercises' ids
TEACHERS = {"book/tr/teachers", "book/en/teachers"}

#: never on a Turkish page: the theme's English, and bars or links made for developers
THEME_AND_CODE_TR = ["Skip to main content", "Back to top", "Defter olarak aç", "Kodu göster",
                     "Open as a notebook", "Show code"]
#: never on a Turkish learner's page: developers' words, and source ids such as "[003]"
DEVELOPER_TR = ["kural motoru", "motor şöyle", "Python", "notebook", "[00", "follow_suit"]
#: never on an English page: the Turkish code bar and notebook link
CODE_EN = ["Kodu göster", "Defter olarak aç", "Show code", "Open as a notebook", "[00",
           "rules engine"]

_SKIPPED = {"script", "style", "template", "noscript"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
         "track", "wbr"}


class _VisibleText(HTMLParser):
    """The text of a page a reader sees: no scripts, styles, templates or hidden elements."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []    # open elements: (tag, hidden with its parent)
        self.parts: list[str] = []

    def _hidden(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            return
        given = dict(attrs)
        style = re.sub(r"\s", "", given.get("style") or "")
        hidden = (self._hidden() or tag in _SKIPPED or "hidden" in given
                  or "display:none" in style or "visibility:hidden" in style)
        self.stack.append((tag, hidden))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass    # <x/>: no text inside

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):    # close up to the matching element
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        if not self._hidden():
            self.parts.append(data)


def visible_text(html: str) -> str:
    """A page's visible words, with runs of white space as one space.

    >>> visible_text('<p hidden>Kodu göster</p><script>var a = "[003]"</script><b>Başa</b> dön')
    'Başa dön'
    >>> visible_text('<a title="Python" href="x.html">Ders<br>1</a><div style="display: none">x</div>')
    'Ders 1'
    """
    parser = _VisibleText()
    parser.feed(html)
    parser.close()
    return re.sub(r"\s+", " ", " ".join(parser.parts)).strip()


@pytest.fixture(scope="module")
def site() -> Path:
    if not (SITE / "book" / "index.html").exists():
        pytest.skip("the site is not built: python -m maca site --no-serve")
    return SITE


def _cases(pages: list[str], words: list[str], exempt: set[str] = frozenset()) -> list:
    cases = []
    for page in pages:
        for word in words:
            if page in exempt:
                continue
            cases.append(pytest.param(page, word, id=f"{page}:{word}"))
    return cases


@functools.lru_cache(maxsize=None)
def _words(site: Path, page: str) -> str:
    """The page's visible text, read once for all its words."""
    path = site / f"{page}.html"
    assert path.is_file(), f"{path} is missing: build the site again"
    return visible_text(path.read_text(encoding="utf-8"))


def _around(text: str, word: str) -> str:
    at = text.find(word)
    return text[max(0, at - 60):at + len(word) + 60]


@pytest.mark.parametrize("page, word", _cases(TURKISH, THEME_AND_CODE_TR)
                         + _cases(TURKISH, DEVELOPER_TR, exempt=TEACHERS))
def test_turkish_page_has_no_english_or_developer_word(site: Path, page: str, word: str) -> None:
    text = _words(site, page)
    assert word not in text, f"{page} says {word!r}: …{_around(text, word)}…"


@pytest.mark.parametrize("page, word", _cases(ENGLISH, CODE_EN))
def test_english_page_has_no_code_bar_or_notebook_link(site: Path, page: str, word: str) -> None:
    text = _words(site, page)
    assert word not in text, f"{page} says {word!r}: …{_around(text, word)}…"


def test_turkish_pages_say_the_theme_words_in_turkish(site: Path) -> None:
    """The theme's skip link, "back to top" and page neighbours, said in Turkish."""
    lesson = _words(site, "book/tr/02-passing").lower()
    for word in ("ana içeriğe geç", "başa dön", "önceki", "sonraki"):
        assert word in lesson, f"book/tr/02-passing lacks {word!r}"
    english = _words(site, "book/en/02-passing").lower()
    for word in ("skip to main content", "back to top", "previous", "next"):
        assert word in english, f"book/en/02-passing lacks {word!r}"


def test_the_teachers_page_links_the_live_notebooks(site: Path) -> None:
    """The lessons' notebooks are one plain link on the teachers' page, in its language."""
    assert "Dersleri Jupyter defteri olarak aç" in _words(site, "book/tr/teachers")
    assert "Open the lessons as Jupyter notebooks" in _words(site, "book/en/teachers")
