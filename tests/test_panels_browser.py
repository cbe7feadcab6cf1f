"""A lesson panel comes alive where the learner reads it: Turkish page, one click, no code.

Uses the built site (``python -m maca site --no-serve``: the book and ``runtime/``), served by the
site's own server, in Debian's Chromium; any request to another host fails the test.
"""
from __future__ import annotations

import shutil
from urllib.parse import urlparse

import pytest

from conftest import WATCH_LONG_TASKS, answered, longest_task_since

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.site    # run once, on the pure package (run.sh)
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
LESSON = "book/tr/10-strategy.html"


def test_a_turkish_panel_comes_alive_and_answers_with_the_engine(site_url: str) -> None:
    outside: list[str] = []
    errors: list[str] = []
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        page = browser.new_page()
        page.route("**/*", lambda route: route.abort() if urlparse(route.request.url).hostname
                   != "127.0.0.1" and not outside.append(route.request.url) else
                   route.continue_())
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(site_url + LESSON)
        panel = page.locator(".maca-panel").first
        # static: a picture with dead buttons that look dead, and a Turkish way to wake it
        assert panel.get_attribute("lang") == "tr"
        assert panel.locator(".maca-panel-body button:not([disabled])").count() == 0
        assert "canlandır" in panel.locator(".maca-live-status").inner_text()
        start = panel.locator(".maca-live-start")
        assert start.inner_text() == "▶ Canlandır"
        start.click()
        page.wait_for_selector(".maca-panel.maca-live", timeout=120_000)
        assert panel.locator(".maca-live-status").inner_text().startswith("Canlı:")
        assert start.is_hidden()
        # a card that may not be played says why, in Turkish, from the engine
        refused = panel.locator("button.maca-card[aria-disabled=true]").first
        reason = refused.get_attribute("aria-description")
        assert reason and reason != refused.get_attribute("data-value")
        refused.click(force=True)
        answered(page)
        note = panel.locator(".maca-note")
        assert note.inner_text() == reason
        # a legal card is played, and the computer players answer
        cards = panel.locator("button.maca-card").count()
        panel.locator("button.maca-card:not([aria-disabled])").first.click()
        page.wait_for_function("n => document.querySelectorAll('.maca-panel button.maca-card')"
                               ".length < n", arg=cards)
        assert note.inner_text() and note.inner_text() != reason
        assert page.evaluate("document.activeElement.closest('.maca-panel') !== null")
        browser.close()
    assert outside == [] and errors == []


def _live(browser, url: str, width: int = 1000):
    """A lesson page with its first panel made live (its requests kept on 127.0.0.1)."""
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.route("**/*", lambda route: route.abort() if urlparse(route.request.url).hostname
               != "127.0.0.1" else route.continue_())
    page.goto(url)
    panel = page.locator(".maca-panel").first
    panel.locator(".maca-live-start").click()
    page.wait_for_selector(".maca-panel.maca-live", timeout=120_000)
    return page, panel


def test_choices_toggles_and_a_phone_screen(site_url: str) -> None:
    """Passing by keyboard (cards are toggles, the hand number a row of pressed buttons), and
    the scoring panel under Turkish rules on a 390 px phone: nothing wider than the screen."""
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        page, panel = _live(browser, site_url + "book/tr/02-passing.html")
        body = panel.locator(".maca-panel-body")
        body.locator('[data-act="number"][data-value="2"]').click()
        answered(page)
        assert body.locator('[data-act="number"][aria-pressed="true"]').get_attribute(
            "data-value") == "2"
        cards = body.locator('[data-act="card"]')
        # clicks faster than Python answers: two cards at once both count (the second waits
        # its turn), a card clicked twice before its answer counts once
        pressed = """b => [...b.querySelectorAll('[data-act="card"]')]
                        .map(c => c.getAttribute('aria-pressed'))"""
        body.evaluate("""b => { const c = b.querySelectorAll('[data-act="card"]');
                                c[1].click(); c[2].click(); c[2].click(); }""")
        answered(page)
        assert body.evaluate(pressed)[:4] == ["false", "true", "true", "false"]
        body.evaluate("""b => { const c = b.querySelectorAll('[data-act="card"]');
                                c[1].click(); c[2].click(); }""")
        answered(page)
        assert "true" not in body.evaluate(pressed)
        for index in (0, 4, 8):
            cards.nth(index).focus()
            page.keyboard.press("Enter")
            answered(page)
        assert body.locator('[data-act="card"][aria-pressed="true"]').count() == 3
        body.locator('[data-act="pass"]').click()
        answered(page)
        assert "geçirdin" in panel.locator(".maca-note[role=status]").inner_text()
        page, panel = _live(browser, site_url + "book/tr/06-scoring.html", width=390)
        body = panel.locator(".maca-panel-body")
        body.locator('[data-act="preset"][data-value="turkish"]').click()
        body.locator('[data-act="replay"]').click()
        body.locator('[data-act="peskir"][data-value="2"]').click()
        answered(page)
        assert body.locator('[data-act="peskir"][aria-pressed="true"]').count() == 1
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert page.evaluate("""() => [...document.querySelectorAll('.maca-panel *')]
            .every(e => e.getBoundingClientRect().right <= 391)""")
        browser.close()


def test_the_page_never_waits_for_python(site_url: str) -> None:
    """Python starts and thinks in a Web Worker: from the click on "▶ Canlandır" to the answer
    to a card, no task holds the page's main thread for more than 200 ms, the loading words show
    at once, and Python's runtime is never fetched by the page itself."""
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        page = browser.new_page()
        page.add_init_script(WATCH_LONG_TASKS)
        page.route("**/*", lambda route: route.abort() if urlparse(route.request.url).hostname
                   != "127.0.0.1" else route.continue_())
        page.goto(site_url + LESSON)
        panel = page.locator(".maca-panel").first
        since = page.evaluate("performance.now()")
        panel.locator(".maca-live-start").click()
        assert panel.locator(".maca-live-start").is_disabled()
        assert panel.locator(".maca-live-status").inner_text().startswith("Canlanıyor")
        page.wait_for_selector(".maca-panel.maca-live", timeout=120_000)
        cards = panel.locator("button.maca-card").count()
        panel.locator("button.maca-card:not([aria-disabled])").first.click()
        page.wait_for_function("n => document.querySelectorAll('.maca-panel button.maca-card')"
                               ".length < n", arg=cards)
        longest = longest_task_since(page, since)
        fetched = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
        browser.close()
    print(f"longest main-thread task while going live: {longest:.0f} ms")
    assert longest <= 200
    assert not [url for url in fetched if "/runtime/" in url]


def test_a_panel_whose_python_cannot_start_says_so_and_can_try_again(site_url: str) -> None:
    """No runtime (the worker cannot fetch Python): the panel says it could not come alive,
    in the page's words, and its button works again; once the runtime is there, it does."""
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        context = browser.new_context()
        blocked = {"runtime": True}
        context.route("**/runtime/runtime.json", lambda route: route.abort()
                      if blocked["runtime"] else route.continue_())
        page = context.new_page()
        page.goto(site_url + LESSON)
        panel = page.locator(".maca-panel").first
        start = panel.locator(".maca-live-start")
        start.click()
        page.wait_for_function("p => !p.hasAttribute('aria-busy')",
                               arg=panel.element_handle(), timeout=60_000)
        assert panel.locator(".maca-live-status").inner_text().startswith("Canlandırılamadı")
        assert start.is_enabled() and panel.locator(".maca-panel-body button:not([disabled])"
                                                    ).count() == 0
        blocked["runtime"] = False
        start.click()
        page.wait_for_selector(".maca-panel.maca-live", timeout=120_000)
        assert panel.locator(".maca-live-status").inner_text().startswith("Canlı:")
        browser.close()
