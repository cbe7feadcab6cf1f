"""One lesson, one exercise set and the table, shown on their book pages (made live by the
page's script) and in JupyterLab with a real kernel (the notebook's widget): the same HTML,
drawn with the same styles, and a click answered the same way.

Uses the built site (``python -m maca site --no-serve``) for the book pages and starts
JupyterLab (``jupyter lab``, in requirements.txt) on 127.0.0.1 for the notebook; every request
to another host is aborted and fails the test.
"""
from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from html import unescape
from pathlib import Path
from typing import Any, Iterator

import pytest

playwright = pytest.importorskip("playwright.sync_api")
pytest.importorskip("jupyterlab")
from test_live_browser import (CHROMIUM, KERNEL_TIMEOUT, LAUNCH_ARGS, LOOKS,  # noqa: E402
                               lesson_with_play_panel, run_all)

pytestmark = pytest.mark.site    # run once, on the pure package (run.sh)
ROOT = Path(__file__).resolve().parent.parent
HTML = ROOT / "_build" / "html"
#: the book page of each panel compared, the kind of its first such panel, and a click
PAGES = {"lesson": (f"book/tr/{lesson_with_play_panel()[0].stem}.html", "play",
                    'button[data-act="card"]:not([aria-disabled])'),
         "exercise_set": ("book/tr/exercises.html", "exercise_set",
                          'button[data-act="go"][data-value="2"]'),
         "table": ("book/tr/play.html", "table", 'button[data-act="level"][aria-pressed="false"]')}


def spec_on(page: str, kind: str) -> dict[str, Any]:
    """The description of the first panel of ``kind`` on a built book page."""
    text = (HTML / page).read_text(encoding="utf-8")
    for found in re.finditer(r"data-maca-panel='([^']*)'", text):
        spec = json.loads(unescape(found.group(1)))
        if spec["panel"] == kind:
            return spec
    raise AssertionError(f"no {kind} panel on {page}")


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab on 127.0.0.1 over a folder with a notebook opening the three panels from
    the book pages' own descriptions; the notebook's URL."""
    if not (HTML / PAGES["table"][0]).exists():
        pytest.skip("the site is not built: python -m maca site --no-serve")
    root = tmp_path_factory.mktemp("lab")
    cells = ["from maca.panels import open_panel"] + [
        f"open_panel({spec_on(page, kind)!r})" for page, kind, _ in PAGES.values()]
    notebook = {"nbformat": 4, "nbformat_minor": 5, "cells": [
        {"cell_type": "code", "id": f"c{i}", "metadata": {}, "outputs": [],
         "execution_count": None, "source": source} for i, source in enumerate(cells)],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}}}
    (root / "panels.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "MACA_"))}
    env.update(PYTHONPATH=str(ROOT), JUPYTER_CONFIG_DIR=str(root / ".config"),
               JUPYTER_RUNTIME_DIR=str(root / ".runtime"))
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root", f"--port={port}",
         "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
         f"--ServerApp.root_dir={root}", "--LabApp.news_url=",
         "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
         "--LabApp.extension_manager=readonly"],
        cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(url + "api", timeout=2)
                break
            except OSError:
                time.sleep(0.5)
        yield url + "lab/tree/panels.ipynb"
    finally:
        server.terminate()
        server.wait(timeout=30)


#: a panel's body as both hosts draw it; an exercise set's notes on where its answers are
#: kept (the page's storage, a notebook's memory) and its answers file's link left out
BODY = """e => { const body = e.querySelector('.maca-panel-body').cloneNode(true);
                  body.querySelectorAll('.maca-ex-file').forEach(n => n.remove());
                  body.querySelectorAll('a[href^="data:"]').forEach(n => n.removeAttribute('href'));
                  return body.innerHTML; }"""
def test_the_book_page_and_jupyterlab_show_the_same_panels(site_url: str, lab: str) -> None:
    outside: list[str] = []
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 1000})
        context.route("**/*", lambda route: route.continue_()
                      if route.request.url.startswith("http://127.0.0.1:")
                      else (outside.append(route.request.url), route.abort()))
        notebook = context.new_page()
        notebook.goto(lab)
        notebook.wait_for_selector(".jp-Notebook .jp-CodeCell", timeout=60_000)
        # JupyterLab asks for the kernel of a notebook it opens for the first time: the one
        # offered (the notebook's own, Python 3) is chosen, as a teacher would
        try:
            notebook.locator(".jp-Dialog .jp-mod-accept").click(timeout=60_000)
        except playwright.TimeoutError:
            pass                                  # it did not ask
        run_all(notebook)
        cells = notebook.locator(".jp-CodeCell")

        def shown(number: int) -> Any:
            """The panel of the notebook's cell ``number`` + 1, scrolled into view (JupyterLab
            draws only the cells on screen)."""
            cells.nth(number + 1).scroll_into_view_if_needed()
            widget = cells.nth(number + 1).locator(".jp-OutputArea-output .maca-panel")
            try:
                widget.locator("button[data-act]").first.wait_for(timeout=KERNEL_TIMEOUT)
            except playwright.TimeoutError:
                shot = ROOT / "_build" / "screenshots" / "lab-panels.png"
                shot.parent.mkdir(parents=True, exist_ok=True)
                notebook.screenshot(path=str(shot), full_page=True)
                outputs = notebook.locator(".jp-OutputArea-output").all_inner_texts()
                pytest.fail(f"panel {number} not shown in JupyterLab (see {shot}): {outputs}")
            return widget

        for number, (name, (page, kind, click)) in enumerate(PAGES.items()):
            book = context.new_page()
            book.goto(site_url + page)
            spec = json.dumps(spec_on(page, kind))
            panel = book.locator(f".maca-panel[data-maca-panel='{spec}']").first
            panel.locator(".maca-live-start").click()
            panel.locator(".maca-panel-body button[data-act]:not([disabled])").first.wait_for(
                timeout=KERNEL_TIMEOUT)
            widget = shown(number)
            assert widget.evaluate(BODY) == panel.evaluate(BODY), name
            assert widget.evaluate(LOOKS) == panel.evaluate(LOOKS), name
            assert widget.get_attribute("aria-label") == panel.get_attribute("aria-label")
            # one click, answered by the kernel and by the page: the same again
            before = widget.evaluate(BODY)
            first = widget.locator(click).first
            pick = (f'button[data-act="{first.get_attribute("data-act")}"]'
                    f'[data-value="{first.get_attribute("data-value")}"]')
            widget.locator(pick).first.click()
            panel.locator(pick).first.click()
            for _ in range(60):
                if before != widget.evaluate(BODY) == panel.evaluate(BODY):
                    break
                time.sleep(0.5)
            assert before != widget.evaluate(BODY) == panel.evaluate(BODY), f"{name}: {pick}"
            book.close()
        browser.close()
    assert outside == [], f"requests left 127.0.0.1: {outside}"
