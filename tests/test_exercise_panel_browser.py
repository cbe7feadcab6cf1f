"""Exercise sets answered on the Turkish exercises page itself, by clicking, offline.

Uses the built site (``python -m maca site --no-serve``), served by the site's own server, in
Debian's Chromium; any request to another host fails the test. A learner makes a set live,
answers wrong and right by clicking (and from the keyboard), takes a hint, sees the solution,
reloads the page and finds every answer and verdict again, answers a second set and finds the
first one's answers intact, types points and presses Enter, and downloads the answers file,
which the teacher's ``python -m maca grade`` grades. A phone-width view does not overflow.
"""
from __future__ import annotations

import csv
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from conftest import answered
from maca.exercises.session import Worksheet
from maca.exercises.sets import set_names
from maca.reasons import seat_name

ROOT = Path(__file__).resolve().parents[1]


playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.site    # run once, on the pure package (run.sh)
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
PAGE = "book/tr/exercises.html"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
#: where screenshots go (looked at by people; not compared)
SHOTS = ROOT / "_build" / "screenshots"
AXE = ROOT / "tests" / "vendor" / "axe.min.js"


def make_live(page: Any, index: int) -> Any:
    """Press "▶ Canlandır" on the ``index``-th set of the page and wait until it is live."""
    panel = page.locator(".maca-panel").nth(index)
    panel.locator(".maca-live-start").click()
    panel.locator(".maca-ex-list").wait_for()
    page.wait_for_function("p => p.classList.contains('maca-live')",
                           arg=panel.element_handle(), timeout=120_000)
    return panel


def status(panel: Any) -> str:
    """The set's verdicts and notes, once Python has answered every click."""
    answered(panel.page)
    return panel.locator(".maca-ex-messages[role=status]").inner_text()


def press(page: Any, button: Any) -> None:
    """A button pressed from the keyboard (focus, Enter), and Python's answer drawn."""
    button.focus()
    page.keyboard.press("Enter")
    answered(page)


def test_a_set_is_answered_kept_and_handed_in_from_the_page(site_url: str,
                                                            tmp_path: Path) -> None:
    passing = Worksheet.open("passing", folder=None)      # the guest's variant, as in the page
    right = passing.attempts[1].exercise.answer()
    wrong = next(s for s in passing.attempts[0].offered()
                 if s != passing.attempts[0].exercise.answer())
    follow = Worksheet.open("follow_suit", folder=None).attempts[0].exercise.answer()
    outside: list[str] = []
    errors: list[str] = []
    timings: dict[str, float] = {}
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(accept_downloads=True)
        page = context.new_page()
        page.route("**/*", lambda route: route.abort() if urlparse(route.request.url).hostname
                   != "127.0.0.1" and not outside.append(route.request.url) else
                   route.continue_())
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(site_url + PAGE)
        sets = page.locator(".maca-panel")
        assert sets.count() == len(set_names()) and sets.first.get_attribute("lang") == "tr"
        # static: nothing in the sets can be used before they are live
        assert page.locator(".maca-panel-body button:not([disabled]), "
                            ".maca-panel-body input:not([disabled])").count() == 0
        assert page.locator("a.maca-live-link").count() == 0      # notebooks: the teachers' page
        started = time.monotonic()
        panel = make_live(page, 0)
        timings["live_cold_s"] = time.monotonic() - started
        # question 1: a wrong seat, a hint, the solution
        panel.get_by_role("button", name=seat_name(wrong, "tr")).click()
        started = time.monotonic()
        panel.get_by_role("button", name="Kontrol et").click()
        answered(page)
        timings["check_s"] = time.monotonic() - started
        assert "Henüz doğru değil." in status(panel)
        panel.get_by_role("button", name="İpucu").click()
        assert "İpucu 1:" in status(panel)
        panel.get_by_role("button", name="Çözümü göster").click()
        assert "Çözüm:" in status(panel)
        assert panel.get_by_role("button", name="Soru 1: çözümü gösterildi").count() == 1
        # question 2, from the keyboard: the right seat
        press(page, panel.get_by_role("button", name="Sonraki ▶"))
        assert "Soru 2/16" in panel.inner_text()
        press(page, panel.get_by_role("button", name=seat_name(right, "tr")))
        press(page, panel.get_by_role("button", name="Kontrol et"))
        assert "Doğru!" in status(panel)
        assert "Puanın: 1/16 · 2/16 soru denendi" in panel.inner_text()
        # a second set: cards clicked
        started = time.monotonic()
        second = make_live(page, 1)
        timings["second_set_live_s"] = time.monotonic() - started
        for card in follow:
            second.locator(f'button.maca-card[data-value="{card}"]').click()
            answered(page)
        second.get_by_role("button", name="Kontrol et").click()
        assert "Doğru!" in status(second)
        # kept in the browser's local storage by the page (Python, in its worker, has none)
        kept = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('maca-answers/'))"
                             ".sort()")
        assert kept == ["maca-answers/answers-follow_suit-guest.json",
                        "maca-answers/answers-passing-guest.json"]
        timings["stored_bytes"] = page.evaluate(
            "localStorage.getItem('maca-answers/answers-passing-guest.json').length")
        # a reload: a new worker, and every answer and verdict of both sets again
        page.reload()
        started = time.monotonic()
        panel = make_live(page, 0)
        timings["live_after_reload_s"] = time.monotonic() - started
        text = panel.inner_text()
        assert "Önceki cevapların answers-passing-guest.json dosyasından yüklendi (2/16 soru)" \
            in text
        assert panel.get_by_role("button", name="Soru 1: çözümü gösterildi").count() == 1
        assert panel.get_by_role("button", name="Soru 2: doğru").count() == 1
        panel.get_by_role("button", name="Soru 1: çözümü gösterildi").click()
        assert "Çözüm:" in status(panel) and "İpucu 1:" in status(panel)
        assert panel.locator(f'button[data-act="choose"][data-value="{wrong}"]'
                             ).get_attribute("aria-pressed") == "true"
        panel.get_by_role("button", name="Soru 2: doğru").click()
        assert "Doğru!" in status(panel)
        second = make_live(page, 1)
        second.get_by_role("button", name="Soru 1: doğru").click()
        assert "Doğru!" in status(second)
        # points typed per seat, Enter checks
        scoring = make_live(page, 3)
        scoring.locator('input[name="n1"]').fill("13")
        scoring.locator('input[name="n1"]').press("Enter")
        answered(page)
        assert "Henüz doğru değil." in status(scoring)
        assert scoring.locator('input[name="n1"]').input_value() == "13"
        # the answers file, downloaded and graded as the teacher does
        with page.expect_download() as info:
            panel.get_by_role("link", name="⬇ Cevap dosyasını al").click()
        download = info.value
        assert download.suggested_filename == "answers-passing-guest.json"
        handed_in = tmp_path / "answers"
        handed_in.mkdir()
        download.save_as(handed_in / download.suggested_filename)
        SHOTS.mkdir(parents=True, exist_ok=True)
        panel.screenshot(path=str(SHOTS / "exercise-set-tr.png"))
        browser.close()
    assert outside == [] and errors == []
    assert json.loads((handed_in / "answers-passing-guest.json").read_text(encoding="utf-8"))
    out = tmp_path / "grades.csv"
    subprocess.run([sys.executable, "-m", "maca", "grade", "--set",
                    str(ROOT / "exercises" / "passing.toml"), "--answers", str(handed_in),
                    "--out", str(out)], check=True, capture_output=True, cwd=ROOT)
    row = next(csv.DictReader(out.open(encoding="utf-8-sig")))
    assert (row["Öğrenci No"], row["S1"], row["S2"]) == ("guest", "0", "1")
    print(json.dumps({k: round(v, 2) for k, v in timings.items()}))


def axe(page: Any, within: str) -> list[str]:
    """axe-core's serious and critical findings within ``within``."""
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    return page.evaluate("""async (within) => (await axe.run(document.querySelector(within),
        {resultTypes: ["violations"]})).violations
        .filter(v => v.impact === "serious" || v.impact === "critical")
        .map(v => `${v.id}: ${v.help} — ` + v.nodes.slice(0, 3).map(n => n.target.join(" "))
             .join(", "))""", within)


def test_a_set_fits_a_phone_weighs_little_and_is_accessible(site_url: str) -> None:
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.route("**/*", lambda route: route.abort() if urlparse(route.request.url).hostname
                   != "127.0.0.1" else route.continue_())
        page.goto(site_url + PAGE, wait_until="networkidle")
        sent = page.evaluate("""() => performance.getEntriesByType('navigation')
            .concat(performance.getEntriesByType('resource'))
            .filter(entry => !entry.name.includes('/runtime/'))
            .reduce((total, entry) => total + entry.transferSize, 0)""")
        assert 0 < sent <= 2_000_000, f"{sent:,} bytes"
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.locator(".maca-panel").nth(1).screenshot(path=str(SHOTS / "exercise-static-390.png"))
        panel = make_live(page, 1)
        panel.screenshot(path=str(SHOTS / "exercise-live-390.png"))
        scoring = make_live(page, 3)
        scoring.get_by_role("button", name="Soru 17: henüz cevap yok").click()
        answered(page)
        scoring.screenshot(path=str(SHOTS / "exercise-winners-390.png"))
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        wide = page.evaluate("""() => [...document.querySelectorAll('.maca-panel *')]
            .filter(e => e.getBoundingClientRect().right > innerWidth + 1
                         && !e.closest('.maca-ex-picture'))
            .map(e => e.className || e.tagName).slice(0, 5)""")
        assert wide == []
        first = make_live(page, 0)           # a verdict, a hint and the solution on screen
        for name in ("Kuzey", "Kontrol et", "İpucu", "Çözümü göster"):
            first.get_by_role("button", name=name).click()
            answered(page)
        assert axe(page, ".maca-panel.maca-live") == []
        browser.close()
    print(json.dumps({"page_bytes_cold": sent}))


def test_a_browser_that_cannot_keep_the_answers_says_so(site_url: str) -> None:
    """Storage full (or turned off): the set still works, and its bar says the answers are
    not kept and how not to lose them."""
    passing = Worksheet.open("passing", folder=None)
    right = passing.attempts[0].exercise.answer()
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()
        page.add_init_script("Storage.prototype.setItem = function () {"
                             " throw new DOMException('full', 'QuotaExceededError'); };")
        page.goto(site_url + PAGE)
        panel = make_live(page, 0)
        panel.get_by_role("button", name=seat_name(right, "tr")).click()
        panel.get_by_role("button", name="Kontrol et").click()
        assert "Doğru!" in status(panel)
        assert "cevaplarını saklayamıyor" in panel.locator(".maca-live-status").inner_text()
        browser.close()
