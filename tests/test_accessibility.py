"""The book as every reader meets it, in Debian's Chromium with nothing but 127.0.0.1:

- axe-core (``tests/vendor/axe.min.js``, from npm, MPL-2.0) finds no serious or critical
  problem on any page of the book, nor on a lesson panel once it is live;
- on a 390 px phone no picture, table or panel runs past the screen's edge;
- a lesson page, opened cold from the site's own server, transfers at most 2 MB.

Uses the built site (``python -m maca site --no-serve``).
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlparse

import pytest

from conftest import answered

ROOT = Path(__file__).resolve().parents[1]


playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.site
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
AXE = ROOT / "tests" / "vendor" / "axe.min.js"
PAGES = [f"{name}.html" for name in
         re.findall(r"^\s*(?:root|-\s*file):\s*(\S+)", (ROOT / "_toc.yml").read_text(), re.M)]
LESSONS = [page for page in PAGES if re.search(r"/(tr|en)/\d\d-", page)]
PHONE = {"width": 390, "height": 844}
MAX_PAGE_BYTES = 2_000_000

_AXE_RUN = """async (within) => (await axe.run(within ? document.querySelector(within) : document,
    {resultTypes: ["violations"]})).violations
    .filter(v => v.impact === "serious" || v.impact === "critical")
    .map(v => `${v.id} (${v.impact}): ${v.help} — ` + v.nodes.slice(0, 3)
         .map(n => n.target.join(" ")).join(", "))"""
_PAST_THE_EDGE = """() => { const edge = document.documentElement.clientWidth + 1;
    const scrolls = e => ["auto", "scroll"].includes(getComputedStyle(e).overflowX);
    const reachable = e => {              // inside a box that scrolls sideways and fits the screen
      for (let box = e.parentElement; box; box = box.parentElement)
        if (scrolls(box)) return box.getBoundingClientRect().right <= edge;
      return false; };
    return [...document.querySelectorAll(
        'article svg, article img, article table, .maca-panel, .cell_output')]
      .filter(e => e.getBoundingClientRect().right > edge && !reachable(e))
      .map(e => `${e.tagName.toLowerCase()} ends at ${Math.round(e.getBoundingClientRect().right)}`
                + ` px: ${(e.getAttribute('aria-label') || e.textContent).slice(0, 60)}`); }"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield chromium
        chromium.close()


def _open(browser: Any, url: str, **options: Any) -> tuple[Any, Any, list[str]]:
    """A fresh context (a cold cache) and a page at ``url``; requests off 127.0.0.1 are
    aborted and listed."""
    context = browser.new_context(**options)
    outside: list[str] = []
    context.route("**/*", lambda route: route.continue_()
                  if urlparse(route.request.url).hostname == "127.0.0.1"
                  else (outside.append(route.request.url), route.abort()))
    page = context.new_page()
    page.goto(url, wait_until="load")
    return context, page, outside


def _axe(page: Any, within: str | None = None) -> list[str]:
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    return page.evaluate(_AXE_RUN, within)


@pytest.mark.parametrize("path", PAGES)
def test_no_serious_accessibility_problem_on_a_page(site_url: str, browser: Any,
                                                    path: str) -> None:
    context, page, outside = _open(browser, site_url + path)
    try:
        assert _axe(page) == [] and outside == []
    finally:
        context.close()


def test_no_serious_accessibility_problem_on_a_live_panel(site_url: str, browser: Any) -> None:
    """Lesson 4's panel made live and played until a finished trick waits for "Devam"."""
    context, page, outside = _open(browser, site_url + "book/tr/04-first-trick.html")
    try:
        panel = page.locator(".maca-panel").first
        panel.locator(".maca-live-start").click()
        page.wait_for_selector(".maca-panel.maca-live", timeout=120_000)
        for _ in range(13):
            if panel.locator('[data-act="go_on"]').count():
                break
            panel.locator("button.maca-card:not([aria-disabled])").first.click()
            answered(page)
        assert panel.locator('[data-act="go_on"]').inner_text() == "Devam ▶"
        assert _axe(page, ".maca-panel.maca-live") == [] and outside == []
    finally:
        context.close()


@pytest.mark.parametrize("path", LESSONS)
def test_a_lesson_page_fits_a_phone_and_weighs_at_most_2_mb(site_url: str, browser: Any,
                                                            path: str) -> None:
    """Cold, on a phone: every byte the page asks for (compressed as the server sends it)."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(site_url + path, wait_until="networkidle")
        assert page.evaluate(_PAST_THE_EDGE) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        sent = page.evaluate("""() => performance.getEntriesByType('navigation')
            .concat(performance.getEntriesByType('resource'))
            .reduce((total, entry) => total + entry.transferSize, 0)""")
        assert 0 < sent <= MAX_PAGE_BYTES, f"{path}: {sent:,} bytes"
    finally:
        context.close()
