"""The play page: the table comes alive in the page and a hand is played against the hard
player, by clicks, offline (Python in the browser). Needs the built site
(``python -m maca site --no-serve``) and Chromium; run inside ``unshare -n`` to prove nothing
is fetched from outside."""
from __future__ import annotations

import re
import shutil
import time
from urllib.parse import urlparse

import pytest

from conftest import WATCH_LONG_TASKS, answered, longest_task_since

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.site    # run once, on the pure package (run.sh)
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
PAGE = "book/en/play.html"


def test_a_hand_against_the_hard_player_in_the_page(site_url: str) -> None:
    outside: list[str] = []
    errors: list[str] = []
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        page = browser.new_page(viewport={"width": 1000, "height": 900})
        page.add_init_script(WATCH_LONG_TASKS)
        page.route("**/*", lambda route: route.abort() if urlparse(route.request.url).hostname
                   != "127.0.0.1" and not outside.append(route.request.url) else
                   route.continue_())
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(site_url + PAGE)
        panel = page.locator(".maca-panel").first
        assert "Start the game" in panel.inner_text()
        panel.locator(".maca-live-start").click()
        page.wait_for_selector(".maca-panel.maca-live", timeout=180_000)
        panel.locator('button[data-act="level"][data-value="hard"]').click()
        panel.locator('button[data-act="start"]').click()
        # passing: three cards, then pass them
        for i in range(3):
            panel.locator('button.maca-card[aria-pressed="false"]').first.click()
            answered(page)
        since = page.evaluate("performance.now()")   # the computer plays from now on
        panel.locator('button[data-act="confirm_pass"]').click()
        page.wait_for_function("() => !document.querySelector('.maca-panel "
                               "button[data-act=\"confirm_pass\"]')", timeout=60_000)
        # play the hand: the first card that may be played, until the score sheet; the first
        # time there is a choice, a hint from the hard player thinking in the page
        timings = []
        worlds = None
        for _ in range(13):
            if "Score sheet" in panel.inner_text():
                break
            if worlds is None and panel.locator(
                    "button.maca-card:not([aria-disabled])").count() > 1:
                panel.locator('button[data-act="hint"]').click()
                answered(page)
                hint = panel.locator(".maca-note[role=status]").inner_text()
                assert hint.startswith("Hint: ")
                worlds = re.search(r"I tried (\d+) possible deals", hint)
                print(f"browser hint: {hint!r}")
            cards = panel.locator("button.maca-card").count()
            start = time.perf_counter()
            panel.locator("button.maca-card:not([aria-disabled])").first.click()
            page.wait_for_function(
                "n => document.querySelectorAll('.maca-panel button.maca-card').length < n"
                " || document.querySelector('.maca-panel').innerText.includes('Score sheet')",
                arg=cards, timeout=60_000)
            timings.append(time.perf_counter() - start)
        longest = longest_task_since(page, since)
        assert "Score sheet" in panel.inner_text()
        assert panel.locator("svg polyline").count() == 4         # the chart of the totals
        assert "The hands (as dealt)" in panel.inner_text()       # practice: hands revealed
        panel.locator('button[data-act="undo"]').click()         # and undo works in the page
        answered(page)
        assert "Undone" in panel.inner_text()
        print(f"browser: {len(timings)} moves, slowest answer {max(timings):.2f} s, "
              f"mean {sum(timings) / len(timings):.2f} s (three hard players each); "
              f"hint worlds: {worlds.group(1) if worlds else 'one card'}; "
              f"longest main-thread task {longest:.0f} ms")
        browser.close()
    assert outside == [] and errors == []
    assert longest <= 200       # the computer thinks in the page's worker: the page answers


def test_the_rated_countdown_ticks_in_the_page(site_url: str) -> None:
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        page = browser.new_page()
        page.goto(site_url + "book/tr/play.html")
        panel = page.locator(".maca-panel").first
        panel.locator(".maca-live-start").click()
        page.wait_for_selector(".maca-panel.maca-live", timeout=180_000)
        panel.locator('button[data-act="level"][data-value="medium"]').click()
        panel.locator('button[data-act="mode"][data-value="rated"]').click()
        panel.locator('button[data-act="timer"][data-value="30"]').click()
        panel.locator('button[data-act="start"]').click()
        answered(page)
        clock = panel.locator("[data-maca-countdown]")
        first = clock.inner_text()
        assert first.startswith("Kalan süre")
        page.wait_for_timeout(2500)
        assert clock.inner_text() != first and clock.inner_text().startswith("Kalan süre")
        assert panel.locator('button[data-act="undo"]').count() == 0
        browser.close()
