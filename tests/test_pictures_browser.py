"""The pictures in a real browser (headless Chromium), fully offline: every request that would
leave 127.0.0.1 is blocked and reported. (The panels in a notebook: `test_live_browser`.)
Set ``MACA_SCREENSHOTS=<folder>`` to keep the screenshots.
"""
from __future__ import annotations

import functools
import http.server
import os
import re
import threading
from html import unescape
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="headless browser test skipped: /usr/bin/chromium is missing "
           "(install it with `apt-get install -y chromium`)")

def labels(html: str) -> list[str]:
    return [unescape(m) for m in re.findall(r'role="img" aria-label="([^"]*)"', html)]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A folder, served on 127.0.0.1."""
    root = tmp_path_factory.mktemp("site")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield root, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as play:
        chromium = play.chromium.launch(
            executable_path=str(CHROMIUM),
            args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        yield chromium
        chromium.close()


def _open(browser, url: str):
    """A page that may only talk to our server; what it tried elsewhere is collected."""
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.outside = []
    page.errors = []
    origin = url.rsplit("/", 1)[0] + "/"

    def route(request_route):
        if request_route.request.url.startswith(origin):
            request_route.continue_()
        else:
            page.outside.append(request_route.request.url)
            request_route.abort()

    page.route("**/*", route)
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return page


def _shots() -> Path | None:
    folder = os.environ.get("MACA_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        return Path(folder)
    return None


def test_static_pictures_render_in_both_languages(site, browser):
    from maca import Card, Game, Hand, Rules, render
    root, url = site
    hand = Hand.deal(Rules.preset("standard"), seed=5, number=4)
    for _ in range(6):
        hand.play(hand.legal_plays().sorted_for_display()[-1])
    parts = {}
    for lang in ("tr", "en"):
        parts[lang] = [
            "".join(render.card_html(Card(i), lang=lang, four_colour=lang == "en", size=56)
                    for i in range(52)),
            render.back_html(lang=lang),
            render.hand_html(hand.cards(0), lang=lang, legal=hand.legal_plays()),
            render.trick_html(hand.last_trick, lang=lang, number=1),
            render.table_html(hand, lang=lang, reveal=0 if lang == "tr" else "all"),
            render.game_scores_html(Game(Rules.preset("standard"), seed=1), lang=lang),
        ]
        (root / f"pictures_{lang}.html").write_text(
            '<!doctype html><meta charset="utf-8"><body style="margin:8px">'
            + "<hr>".join(parts[lang]) + "</body>", encoding="utf-8")
    folder = _shots()
    for lang in ("tr", "en"):
        page = _open(browser, f"{url}/pictures_{lang}.html")
        page.goto(f"{url}/pictures_{lang}.html")
        in_dom = page.locator("[role=img]").evaluate_all(
            "nodes => nodes.map(n => n.getAttribute('aria-label'))")
        assert in_dom == labels("".join(parts[lang]))
        assert in_dom[:52] == [Card(i).name(lang) for i in range(52)]
        sizes = page.locator("[role=img]").evaluate_all(
            "nodes => nodes.slice(0, 52).map(n => [n.getBoundingClientRect().width, "
            "n.getBoundingClientRect().height])")
        assert all(round(w) == 56 and round(h) == 78 for w, h in sizes)
        assert page.outside == [] and page.errors == []
        if folder:
            page.screenshot(path=str(folder / f"pictures_{lang}.png"), full_page=True)
        page.close()
