"""How long a learner waits for a lesson panel to come alive, and whether the page stays
responsive meanwhile, in Debian's Chromium.

    python benchmarks/live.py [--page book/tr/10-strategy.html] [--table book/en/play.html]
                              [--runs 3] [--site _build/html]

Serves the built site (``python -m maca site --no-serve`` first) with the site's own server and
opens a lesson page in headless Chromium (Playwright). Measured from the click on the panel's
"▶ Canlandır" button to the moment the panel has answered a click on a card: cold (a new
browser profile: nothing cached) and warm (the same profile, the page opened again). Meanwhile
the page's main thread is watched (``PerformanceObserver`` of ``longtask``): the longest task
while the panel goes live, and while the computer plays at the table (the play page against
the hard players: passing, then the first tricks). A task over 100 ms is a page that does not
answer. Run it in a network namespace with loopback only (``unshare -n``) to see that nothing
leaves the machine. The last line printed is JSON with ``first_widget_s_cold`` and
``first_widget_s_warm`` (medians), ``longest_task_ms`` (the longest of all, ms) and its parts
``longest_task_ms_live`` and ``longest_task_ms_table``.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests"))

from build_site import HTML, make_server  # noqa: E402
from conftest import WATCH_LONG_TASKS, answered, longest_task_since  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PLAYABLE = "button.maca-card:not([disabled]):not([aria-disabled])"


def now(page: Page) -> float:
    """The page's clock (ms), as long tasks are stamped."""
    return page.evaluate("performance.now()")


def first_answer(page: Page, url: str) -> tuple[float, float]:
    """Seconds from the click on the first panel's start button to its answer to a card, and
    the longest main-thread task (ms) meanwhile."""
    page.goto(url)
    panel = page.locator(".maca-panel").first
    since = now(page)
    start = time.perf_counter()
    panel.locator(".maca-live-start").click()
    panel.locator(f".maca-panel-body {PLAYABLE}").first.click(timeout=120_000)
    page.wait_for_function("p => p.querySelector('.maca-note').textContent.length > 0",
                           arg=panel.element_handle(), timeout=30_000)
    return time.perf_counter() - start, longest_task_since(page, since)


def computer_play(page: Page, url: str, tricks: int = 3) -> float:
    """The longest main-thread task (ms) while the hard players pass and play ``tricks``
    tricks against the learner's first playable cards."""
    page.goto(url)
    panel = page.locator(".maca-panel").first
    panel.locator(".maca-live-start").click()
    page.wait_for_selector(".maca-panel.maca-live", timeout=180_000)
    panel.locator('button[data-act="start"]').click()
    for _ in range(3):
        panel.locator('button.maca-card[aria-pressed="false"]').first.click()
        answered(page)
    since = now(page)
    panel.locator('button[data-act="confirm_pass"]').click()
    page.wait_for_function("() => !document.querySelector('.maca-panel "
                           "button[data-act=\"confirm_pass\"]')", timeout=60_000)
    for _ in range(tricks):
        cards = panel.locator("button.maca-card").count()
        panel.locator(PLAYABLE).first.click(timeout=60_000)
        page.wait_for_function(
            "n => document.querySelectorAll('.maca-panel button.maca-card').length < n",
            arg=cards, timeout=60_000)
    return longest_task_since(page, since)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", default="book/tr/10-strategy.html")
    parser.add_argument("--table", default="book/en/play.html")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, default=HTML,
                        help="the built site (default: _build/html; another build to compare)")
    args = parser.parse_args()
    server = make_server(args.site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{server.server_address[1]}/"
    times: dict[str, list[float]] = {"cold": [], "warm": []}
    tasks: dict[str, list[float]] = {"live": [], "table": []}
    print(f"{'run':>3}  {'cold s':>6}  {'warm s':>6}  {'longest task live ms':>20}  "
          f"{'longest task table ms':>21}", flush=True)
    with sync_playwright() as playwright:
        for run in range(args.runs):
            with tempfile.TemporaryDirectory() as profile:
                browser = playwright.chromium.launch_persistent_context(
                    profile, executable_path=CHROMIUM, headless=True, args=FLAGS)
                browser.add_init_script(WATCH_LONG_TASKS)
                longest = 0.0
                for kind in ("cold", "warm"):
                    page = browser.new_page()
                    seconds, task = first_answer(page, site + args.page)
                    times[kind].append(seconds)
                    longest = max(longest, task)
                    page.close()
                tasks["live"].append(longest)
                page = browser.new_page()
                tasks["table"].append(computer_play(page, site + args.table))
                page.close()
                browser.close()
            print(f"{run + 1:>3}  {times['cold'][-1]:>6.2f}  {times['warm'][-1]:>6.2f}  "
                  f"{tasks['live'][-1]:>20.0f}  {tasks['table'][-1]:>21.0f}", flush=True)
    server.shutdown()
    live, table = max(tasks["live"]), max(tasks["table"])
    print(json.dumps({"page": args.page, "runs": args.runs,
                      "first_widget_s_cold": round(statistics.median(times["cold"]), 2),
                      "first_widget_s_warm": round(statistics.median(times["warm"]), 2),
                      "longest_task_ms": round(max(live, table)),
                      "longest_task_ms_live": round(live),
                      "longest_task_ms_table": round(table)}))


if __name__ == "__main__":
    main()
