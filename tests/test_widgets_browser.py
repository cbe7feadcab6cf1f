"""The pictures and the lesson widgets in a real browser (headless Chromium), fully offline.

The widgets are written as a static page with their state (what a Jupyter Book page does); the
widget manager is the site's own vendored copy (book/vendor: require.js and the
``@jupyter-widgets/html-manager`` AMD bundle), and every request that would leave 127.0.0.1 is
blocked and reported.
Set ``MACA_SCREENSHOTS=<folder>`` to keep the screenshots.
"""
from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
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
    """A folder with the site's own vendored widget manager (book/vendor: no npm), served."""
    root = tmp_path_factory.mktemp("site")
    for name in ("require.js", "embed-amd.js"):
        shutil.copy(Path(__file__).resolve().parents[1] / "book" / "vendor" / name, root / name)

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield root, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


#: The page head that loads the vendored widget manager (never a CDN).
HEAD = ('<!doctype html><html><head><meta charset="utf-8"><title>maca</title>'
        '<script src="require.js"></script><script src="embed-amd.js" '
        'data-jupyter-widgets-cdn="no-cdn/" data-jupyter-widgets-cdn-only=""></script></head>')


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


def _press(view, label: str) -> None:
    """Click the control button labelled ``label``."""
    next(b for b in view.controls.children if getattr(b, "description", None) == label).click()


def _lessons():
    import maca.widgets as mw
    from maca.lessons import Settings
    settings = Settings(lang="tr")
    views = {
        "play": mw.play_lesson(seed=1, settings=settings),
        "trick": mw.trick_lesson(seed=2, settings=settings, bar=False),
        "passing": mw.passing_lesson(seed=3, settings=settings, bar=False),
        "follow": mw.follow_suit_lesson(seed=1, settings=settings, bar=False),
        "hearts": mw.hearts_lesson(settings=settings, bar=False),
        "scoring": mw.scoring_lesson(settings=settings, bar=False),
        "moon": mw.moon_lesson(settings=settings, bar=False),
    }
    # a few clicks, so the pages show lessons in progress
    play = views["play"]
    play.cards.button_for(play.lesson.legal().sorted_for_display()[0]).click()
    for _ in range(5):
        _press(views["trick"], "İleri ▶")
    passing = views["passing"]
    for card in passing.lesson.hand.cards(0).sorted_for_display()[:3]:
        passing.cards.button_for(card).click()
    _press(passing, "Kartları geçir")
    views["follow"].why.value = True
    views["hearts"].cards.button_for("AC").click()
    views["hearts"].cards.button_for("3H").click()
    scoring = views["scoring"]
    _press(scoring, "Hepsini ver")  # every scoring card to South: a moon
    views["moon"].cards.button_for("AC").click()
    views["moon"].cards.button_for("2D").click()
    return views


def test_lesson_widgets_render_offline_with_their_cards(site, browser):
    from ipywidgets.embed import embed_data
    root, url = site
    views = _lessons()
    data = embed_data(views=list(views.values()))
    sections = "".join(
        f'<section id="{name}" style="margin:0 0 30px"><script type="application/'
        f'vnd.jupyter.widget-view+json">{json.dumps(spec)}</script></section>'
        for name, spec in zip(views, data["view_specs"]))
    (root / "lessons.html").write_text(
        HEAD + '<body><script type="application/vnd.jupyter.widget-state+json">'
        f'{json.dumps(data["manager_state"])}</script>{sections}</body></html>', encoding="utf-8")
    page = _open(browser, f"{url}/lessons.html")
    page.goto(f"{url}/lessons.html")
    page.wait_for_function("document.querySelectorAll('section .widget-vbox').length >= 7",
                           timeout=30000)
    page.wait_for_timeout(300)
    folder = _shots()
    for name, view in views.items():
        section = page.locator(f"section#{name}")
        expected = labels(view.picture.value)
        assert expected, name
        in_dom = section.locator("[role=img]").evaluate_all(
            "nodes => nodes.map(n => n.getAttribute('aria-label'))")
        assert in_dom == expected, name
        buttons = section.locator("button").all_inner_texts()
        for card in view.cards.children:
            assert card.description in buttons, (name, card.description)
        box = section.locator("[role=img]").first.bounding_box()
        assert box and box["width"] > 20 and box["height"] > 20, name
        if folder:
            section.screenshot(path=str(folder / f"widget_{name}.png"))
    messages = page.locator("section#moon [role=alert]").all_inner_texts()
    assert any("Kuzey 7♥ aldı: artık kafa atamazsın." in m for m in messages)
    assert "kafa attı (−26)" in page.locator("section#scoring").inner_text()
    assert page.outside == [] and page.errors == []
    page.close()


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


def test_exercise_widget_renders_offline(site, browser, tmp_path, monkeypatch):
    """The exercise widget after a wrong try, its solution shown, and the download link."""
    import maca.widgets as mw
    from ipywidgets.embed import embed_data
    from maca.lessons import Settings
    root, url = site
    monkeypatch.chdir(tmp_path)
    view = mw.exercise_set("follow_suit", student="2024001", settings=Settings(lang="tr"))
    exercise = view.attempt.exercise
    right = exercise.answer()
    for card in right[1:] or [c for c in view.attempt.offered() if str(c) not in right][:1]:
        view.cards.button_for(card).click()
    view.check.click()
    view.reveal.click()
    view.export.click()
    data = embed_data(views=[view])
    (root / "exercise.html").write_text(
        HEAD + '<body><script type="application/vnd.jupyter.widget-state+json">'
        f'{json.dumps(data["manager_state"])}</script><section id="exercise">'
        '<script type="application/vnd.jupyter.widget-view+json">'
        f'{json.dumps(data["view_specs"][0])}</script></section></body></html>',
        encoding="utf-8")
    page = _open(browser, f"{url}/exercise.html")
    page.goto(f"{url}/exercise.html")
    page.wait_for_function("document.querySelectorAll('section .widget-vbox').length >= 1",
                           timeout=30000)
    page.wait_for_timeout(300)
    section = page.locator("section#exercise")
    in_dom = section.locator("[role=img]").evaluate_all(
        "nodes => nodes.map(n => n.getAttribute('aria-label'))")
    assert in_dom == labels(view.picture.value)
    shown = section.inner_text()
    assert exercise.prompt.tr in shown and "Henüz doğru değil." in shown
    assert f"Çözüm: {exercise.solution().tr}" in shown and "Kontrol et" in shown
    link = section.locator("a.maca-answers-download")
    assert link.get_attribute("download") == "answers-follow_suit-2024001.json"
    assert link.get_attribute("href").startswith("data:application/json;base64,")
    box = section.bounding_box()
    assert box and box["width"] > 300 and box["height"] > 300
    folder = _shots()
    if folder:
        section.screenshot(path=str(folder / "widget_exercise.png"))
    assert page.outside == [] and page.errors == []
    page.close()
