"""The built site, opened as a reader would: every page in headless Chromium, offline.

The book is built first if ``_build/html`` is missing or older than its sources
(``sh tools/build_book.sh``). Each page is served from 127.0.0.1; any request to another host is
recorded and aborted, so the test needs no network (run it inside ``unshare -n`` to prove it).
Screenshots go to ``_build/screenshots/``.
"""
from __future__ import annotations

import fcntl
import functools
import http.server
import re
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Iterator
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "_build" / "html"
SHOTS = ROOT / "_build" / "screenshots"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
SOURCES = [ROOT / "_config.yml", ROOT / "_toc.yml", *ROOT.glob("maca/**/*.py"),
           *ROOT.glob("exercises/*.toml"),
           *(p for p in ROOT.glob("book/**/*") if p.suffix in (".md", ".py", ".js", ".svg"))]

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.site    # run once, on the pure package (run.sh)


def toc_pages() -> list[str]:
    """The pages of ``_toc.yml`` (root first), as paths of the built site."""
    files = re.findall(r"^\s*(?:root|-\s*file):\s*(\S+)", (ROOT / "_toc.yml").read_text(), re.M)
    assert files, "_toc.yml lists no pages"
    return [f"{name}.html" for name in files]


PAGES = toc_pages()


@pytest.fixture(scope="module")
def site() -> Path:
    """The built site; built now if missing or older than a source file. A lock file keeps
    parallel test workers (pytest -n) from building at the same time."""
    index = SITE / "book" / "index.html"
    SITE.parent.mkdir(exist_ok=True)
    with open(SITE.parent / ".book-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        newest = max(p.stat().st_mtime for p in SOURCES if p.is_file())
        if not index.exists() or index.stat().st_mtime < newest:
            subprocess.run(["sh", str(ROOT / "tools" / "build_book.sh")], cwd=ROOT, check=True)
    return SITE


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[str]:
    """An HTTP server for the site on 127.0.0.1; yields its base URL."""
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


class Tab:
    """One browser context for every page (the cache is shared), with what each load did."""

    def __init__(self, context: object) -> None:
        self.context = context
        self.outside: list[str] = []
        self.failed: list[str] = []
        self.errors: list[str] = []
        context.route("**/*", self._route)

    def _route(self, request_route: object) -> None:
        url = request_route.request.url
        if urlparse(url).hostname == "127.0.0.1":
            request_route.continue_()
        else:
            self.outside.append(url)
            request_route.abort()

    def open(self, url: str) -> object:
        """A new page at ``url``, with failed requests and script errors recorded."""
        self.outside.clear(), self.failed.clear(), self.errors.clear()
        page = self.context.new_page()
        page.on("response", lambda r: self.failed.append(f"{r.status} {r.url}")
                if r.status >= 400 else None)
        page.on("requestfailed", lambda r: None if urlparse(r.url).hostname != "127.0.0.1"
                else self.failed.append(f"failed {r.url}"))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.goto(url, wait_until="load")
        return page


@pytest.fixture(scope="module")
def tab() -> Iterator[Tab]:
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        context = chromium.new_context(viewport={"width": 1280, "height": 900},
                                       service_workers="block")
        yield Tab(context)
        context.close()
        chromium.close()


def test_built_html_names_no_remote_host(site: Path) -> None:
    """No page links or loads anything from another host (SVG namespaces are not requests)."""
    remote = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//|url\(\s*["']?(?:https?:)?//""")
    offenders = [str(p.relative_to(site)) for p in site.rglob("*")
                 if p.suffix in (".html", ".css") and remote.search(p.read_text(errors="replace"))]
    assert offenders == []


@pytest.mark.parametrize("page", PAGES)
def test_page_offline(page: str, server: str, tab: Tab) -> None:
    """The page loads from 127.0.0.1 only, shows no ipywidget (the site serves no widget
    manager: its panels are HTML), and a quick check answers (the chosen button pressed, its
    verdict in the status element)."""
    view = tab.open(server + page)
    try:
        views = view.locator('script[type="application/vnd.jupyter.widget-view+json"]').count()
        panels = view.locator(".maca-panel").count()
        checks = view.locator(".maca-quick-check")
        quick = checks.count()
        if quick:  # plain HTML answered by the page script: the verdict is in role=status
            first = checks.first
            choices = first.locator("button[data-choice]")
            status = first.locator('[role="status"]')
            assert status.inner_text() == "" and choices.count() >= 2
            for index in (1, 0):
                choices.nth(index).click()
                verdict = first.locator(
                    f'template[data-choice="{index}"]').evaluate("t => t.content.textContent")
                status.locator(".maca-feedback").wait_for(state="visible", timeout=30_000)
                assert status.text_content() == verdict  # said in words, with a mark
                assert status.text_content().startswith(("✔", "✘"))
                pressed = [choices.nth(i).get_attribute("aria-pressed")
                           for i in range(choices.count())]
                assert pressed == ["true" if i == index else "false"
                                   for i in range(len(pressed))]
        view.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
        SHOTS.mkdir(parents=True, exist_ok=True)
        view.screenshot(path=str(SHOTS / page.replace("/", "_").replace(".html", ".png")),
                        full_page=True)
    finally:
        view.close()
    assert tab.outside == [], f"requests left 127.0.0.1: {tab.outside}"
    assert tab.failed == []
    assert tab.errors == [] and views == 0
    if re.search(r"/\d\d-", page):  # a lesson: its topic's panel and quick checks
        assert quick > 0 and panels > 0
