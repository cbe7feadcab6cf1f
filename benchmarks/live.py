"""How long a learner waits for a lesson panel to come alive, in Debian's Chromium.

    python benchmarks/live.py [--page book/tr/10-strategy.html] [--runs 3]

Serves the built site (``python -m maca site --no-serve`` first) with the site's own server and
opens a lesson page in headless Chromium (Playwright). Measured from the click on the panel's
"▶ Canlandır" button to the moment the panel has answered a click on a card: cold (a new
browser profile: nothing cached) and warm (the same profile, the page opened again). Run it in
a network namespace with loopback only (``unshare -n``) to see that nothing leaves the machine.
The last line printed is JSON with ``first_widget_s_cold`` and ``first_widget_s_warm`` (medians).
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

from build_site import HTML, make_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def first_answer(page: Page, url: str) -> float:
    """Seconds from the click on the first panel's start button to its answer to a card."""
    page.goto(url)
    panel = page.locator(".maca-panel").first
    start = time.perf_counter()
    panel.locator(".maca-live-start").click()
    card = panel.locator(".maca-panel-body button.maca-card:not([disabled]):not([aria-disabled])").first
    card.click(timeout=120_000)
    page.wait_for_function("p => p.querySelector('.maca-note').textContent.length > 0",
                           arg=panel.element_handle(), timeout=30_000)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", default="book/tr/10-strategy.html")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    server = make_server(HTML, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/{args.page}"
    times: dict[str, list[float]] = {"cold": [], "warm": []}
    with sync_playwright() as playwright:
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as profile:
                browser = playwright.chromium.launch_persistent_context(
                    profile, executable_path=CHROMIUM, headless=True, args=FLAGS)
                for kind in ("cold", "warm"):
                    page = browser.new_page()
                    times[kind].append(first_answer(page, url))
                    page.close()
                browser.close()
            print(f"cold {times['cold'][-1]:.2f} s, warm {times['warm'][-1]:.2f} s", flush=True)
    server.shutdown()
    print(json.dumps({"page": args.page, "runs": args.runs,
                      "first_widget_s_cold": round(statistics.median(times["cold"]), 2),
                      "first_widget_s_warm": round(statistics.median(times["warm"]), 2)}))


if __name__ == "__main__":
    main()
