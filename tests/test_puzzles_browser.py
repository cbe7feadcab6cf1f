"""A puzzle page comes alive in the browser: a Turkish page, one click, the engine's defence.

Uses the built site (``python -m maca site --no-serve``), served by the site's own server, in
Debian's Chromium; any request to another host fails the test.
"""
from __future__ import annotations

import shutil
from urllib.parse import urlparse

import pytest

from maca.panels import puzzle_series
from maca.puzzles import load_puzzles

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.site    # run once, on the pure package (run.sh)
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
PAGE = "book/tr/puzzles/safe-exit.html"


def test_a_puzzle_is_refuted_then_solved_in_the_page(site_url: str) -> None:
    puzzle = load_puzzles("safe_exit")[0].question  # a new learner's first unsolved one
    hand = puzzle.hand
    accepted = puzzle.solution()
    wrong = next(c for c in hand.legal_plays() if c not in accepted)
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
        page.goto(site_url + PAGE)
        panel = page.locator(".maca-panel").first
        assert panel.get_attribute("lang") == "tr"
        panel.locator(".maca-live-start").click()
        page.wait_for_selector(".maca-panel.maca-live", timeout=120_000)
        note = panel.locator(".maca-note[role=status]")
        # a wrong card: the defence plays out the refutation
        panel.locator(f'button.maca-card[data-value="{wrong}"]').click()
        page.wait_for_selector(".maca-panel .maca-note-error", timeout=60_000)
        said = note.inner_text()   # the refutation in words, from the solver's line
        assert f"{wrong.symbol} ile oynarsan: " in said and ". eli " in said, said
        legend = panel.locator(".maca-puzzle-legend").inner_text()
        assert "✗" in legend and "savunmanın" in legend
        assert int(panel.locator(".maca-puzzle-moves").get_attribute("data-moves")) > 1
        # the buttons have Turkish names, and the keyboard works them
        retry = panel.get_by_role("button", name="Yeniden dene")
        retry.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("() => !document.querySelector('.maca-panel .maca-note-error')")
        # the right card, as often as the puzzle asks: a panel in this process plays the
        # same cards (the defence is deterministic), so it knows the right card at each turn
        mirror = puzzle_series("tr", theme="safe_exit", start=0)
        while mirror.state == "play":
            answer = next(iter(mirror.accepted()))
            mirror.act("card", str(answer))
            panel.locator(f'button.maca-card[data-value="{answer}"]').click()
            page.wait_for_function("n => document.querySelector('.maca-panel .maca-puzzle-moves')"
                                   "?.dataset.moves === String(n)", arg=len(mirror.walk().moves))
        assert "Çözdün" in note.inner_text() and "Doğru kart" in note.inner_text()
        assert panel.get_by_role("button", name="Sonraki bulmaca ▶").count() == 1
        # the index page counts it, before and once its panel is live (the same solved store)
        page.goto(site_url + "book/tr/puzzles/index.html")
        daily = page.locator(".maca-panel").first
        assert daily.locator(".maca-puzzle-count").inner_text() == "1/192 çözüldü"
        daily.locator(".maca-live-start").click()
        page.wait_for_selector(".maca-panel.maca-live", timeout=120_000)
        assert daily.locator(".maca-note").first.inner_text().startswith("1/192 çözüldü")
        # and the theme page, reopened, opens at its first unsolved puzzle: number 2
        page.goto(site_url + PAGE)
        panel = page.locator(".maca-panel").first
        panel.locator(".maca-live-start").click()
        page.wait_for_selector(".maca-panel.maca-live", timeout=120_000)
        assert panel.locator(".maca-heading").first.inner_text().startswith("Bulmaca 2/24")
        browser.close()
    assert outside == [] and errors == []
