"""The live lessons (JupyterLite) in a real browser, with no network beyond 127.0.0.1.

The live site is built (``lite/build_lite.py``), served on 127.0.0.1 and driven with Playwright
and Debian's Chromium; every request to another host is aborted and recorded, and none may
happen. A learner opens a lesson, runs it, clicks an illegal card (the engine's reason shows)
and a legal one (the trick goes on); then answers an exercise, downloads the answers file and
finds the answers again after reloading the page.

The browser test skips when ``/usr/bin/chromium`` is missing (``apt-get install -y chromium``).
To prove nothing needs the network once the build cache (``lite/.cache``) is warm, CI can run:
``unshare -n sh -c 'ip link set lo up; .venv/bin/python -m pytest tests/test_live_browser.py'``.
"""
from __future__ import annotations

import doctest
import importlib
import re
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
for folder in ("lite", "tools", "book/_ext"):
    sys.path.insert(0, str(ROOT / folder))

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
CARD = re.compile(r"^(10|[2-9JQKA])[♠♥♦♣]$")
LESSON_CALL = re.compile(r'panels\.play_lesson\(lang=LANG(?:, rules="(\w+)")?, seed=(\d+)\)')
KERNEL_TIMEOUT = 180_000   # ms: Pyodide's start, maca's install and a whole lesson's cells

browser_only = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"the live-site browser test needs Debian's Chromium at {CHROMIUM} "
           "(apt-get install -y chromium)")


@pytest.mark.parametrize("module", ["live_notebooks", "livesheet", "build_lite", "maca_live",
                                    "build_site"])
def test_doctests(module: str) -> None:
    """The helpers of the live site keep their documented behaviour."""
    failed, tried = doctest.testmod(importlib.import_module(module),
                                    optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert tried and not failed


def test_lesson_conversion_refuses_browser_missing_imports(tmp_path: Path) -> None:
    """A kept cell importing matplotlib is refused with what to do; a tagged one is dropped."""
    from live_notebooks import page_notebook

    page = tmp_path / "lesson.md"
    chart = "```{code-cell} ipython3\n%s\nimport matplotlib.pyplot as plt\nplt.plot([1])\n```\n"
    text = "# L\n\n[next](02-next.md)\n\n```{code-cell} ipython3\nprint(1)\n```\n\n"
    page.write_text(text + chart % ":tags: [remove-live]\n", encoding="utf-8")
    nb = page_notebook(page, "en")
    assert [c.cell_type for c in nb.cells] == ["code", "markdown", "code"]   # setup cell first
    assert "%pip install" in nb.cells[0].source and "02-next.ipynb" in nb.cells[1].source
    page.write_text(text + chart % "", encoding="utf-8")
    with pytest.raises(ValueError, match="remove-live"):
        page_notebook(page, "en")


def test_exercise_notebook_has_every_question(tmp_path: Path) -> None:
    """An exercise set's notebook asks every exercise of the set, in the learner's language."""
    from live_notebooks import exercise_notebook
    from maca.exercises import load_set

    path = sorted((ROOT / "exercises").glob("*.toml"))[0]
    nb = exercise_notebook(path, "tr")
    asked = re.findall(r"sheet\.check\('([^']+)', cevap\)", "\n".join(c.source for c in nb.cells))
    assert asked == [e.id for e in load_set(path)]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The live site, freshly built and served on 127.0.0.1; its base URL."""
    import build_lite
    from build_site import make_server

    out = build_lite.build(tmp_path_factory.mktemp("site") / "live", log=lambda line: None)
    server = make_server(out, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser(site: str) -> Iterator[Any]:
    """A Chromium context where every request to another host is aborted and recorded."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        context = chromium.new_context(viewport={"width": 1280, "height": 1000},
                                       accept_downloads=True)
        context.outside = []

        def only_here(route: Any) -> None:
            url = route.request.url
            if url.startswith((site, "data:", "blob:")):
                route.continue_()
            else:
                context.outside.append(url)
                route.abort()

        context.route("**/*", only_here)
        context.on("request", lambda request: request.url.startswith((site, "data:", "blob:"))
                   or context.outside.append(request.url))
        yield context
        chromium.close()


def open_and_run(context: Any, site: str, path: str) -> tuple[Any, float]:
    """Open a live notebook and run all its cells; the page and when the run was started."""
    page = context.new_page()
    start = time.monotonic()
    page.goto(f"{site}notebooks/index.html?path={path}")
    page.wait_for_selector(".jp-Notebook .jp-CodeCell", timeout=60_000)
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator('.lm-Menu-item[data-command="runmenu:run-all"]').click()
    return page, start


def wait_idle(page: Any) -> None:
    """Until every code cell has run: each prompt numbered (a hidden cell shows none)."""
    page.wait_for_function(
        """() => { const p = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
                   .map(e => e.textContent.trim());
                   return p.some(t => t) && p.every(t => !t || /^\\[\\d+\\]:$/.test(t)); }""",
        timeout=KERNEL_TIMEOUT)


@browser_only
def test_live_site_offline(site: str, browser: Any) -> None:
    """A live lesson plays by the engine, an exercise is answered and its answers file
    exported and kept, and no request leaves 127.0.0.1 (one build serves both checks)."""
    play_live_lesson(site, browser)
    answer_live_exercise(site, browser)
    assert browser.outside == [], f"requests left 127.0.0.1: {browser.outside}"


def play_live_lesson(site: str, browser: Any) -> None:
    """Illegal card: the engine's reason. Legal card: it is played and the hand goes on."""
    from maca.lessons import PlayLesson
    from playwright.sync_api import expect

    for md in sorted((ROOT / "book" / "tr").glob("*.md")):
        found = LESSON_CALL.search(md.read_text(encoding="utf-8"))
        if found:
            break
    else:
        pytest.fail("no Turkish lesson calls panels.play_lesson(lang=LANG, seed=…) to test")
    lesson = PlayLesson(seed=int(found.group(2)), rules=found.group(1) or "standard")
    held = lesson.hand.cards(0).sorted_for_display()
    illegal = next(c for c in held if c not in lesson.legal())
    legal = next(c for c in held if c in lesson.legal())

    page, start = open_and_run(browser, site, f"tr/{md.stem}.ipynb")
    cell = page.locator(".jp-CodeCell").filter(has_text="panels.play_lesson(")
    cell.get_by_role("button", name=illegal.symbol, exact=True).wait_for(timeout=KERNEL_TIMEOUT)
    first_widget = time.monotonic() - start
    cards = cell.get_by_role("button", name=CARD)
    before = cards.count()

    assert not lesson.click(illegal)
    cell.get_by_role("button", name=illegal.symbol, exact=True).click()
    expect(cell.get_by_role("alert")).to_have_text(lesson.note.text("tr"), timeout=10_000)
    expect(cards).to_have_count(before)                # a refused card stays in the hand

    assert lesson.click(legal)
    cell.get_by_role("button", name=legal.symbol, exact=True).click()
    expect(cards).to_have_count(before - 1, timeout=10_000)
    expect(cell.get_by_role("status").last).to_have_text(lesson.note.text("tr"))
    wait_idle(page)
    page.evaluate("() => document.querySelectorAll('.jupyter-widgets-error-widget')"
                  ".forEach(e => e.click())")                # shows each error's message
    errors = page.locator(".jupyter-widgets-error-widget").all_inner_texts()
    assert not errors, f"widgets of tr/{md.stem} failed to show in the browser: {errors[0][:400]}"
    print(f"\nlive lesson {md.stem}: first working widget {first_widget:.1f} s after page load")
    page.close()


def answer_live_exercise(site: str, browser: Any) -> None:
    """Answer an exercise, download the answers file, reload: the answers are still there."""
    from livesheet import LiveSheet
    from maca.exercises import Progress
    from playwright.sync_api import expect

    set_path = sorted((ROOT / "exercises").glob("*.toml"))[0]
    set_id = set_path.stem
    sheet = LiveSheet(set_path.read_text(encoding="utf-8"), set_id, "serbest", set_id, "misafir",
                      lang="tr", folder=Path("/nonexistent"))
    exercise = next(iter(sheet.worksheet.exercises))
    answer = exercise.answer()
    verdict = sheet.worksheet.check(exercise.id, answer).message("tr").splitlines()[0]

    path = f"tr/alistirmalar/{set_id}.ipynb"
    page, _ = open_and_run(browser, site, path)
    wait_idle(page)
    cell = page.locator(".jp-CodeCell").filter(has_text=f"sheet.check({exercise.id!r}, cevap)")
    cell.locator(".cm-content").click()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text(f"cevap = {answer!r}\nsheet.check({exercise.id!r}, cevap)")
    page.keyboard.press("Control+Enter")    # run, stay in the cell
    expect(cell.locator(".jp-OutputArea")).to_contain_text(verdict, timeout=30_000)

    last = page.locator(".jp-CodeCell").filter(has_text="sheet.download()")
    last.locator(".cm-content").click()
    page.keyboard.press("Control+Enter")    # run, stay in the cell
    expect(last.locator(".jp-OutputArea")).to_contain_text("(1/")
    with page.expect_download() as download:
        last.locator("a.maca-answers-download").click()
    saved = Progress.from_json(Path(download.value.path()).read_text(encoding="utf-8"))
    assert (saved.course, saved.assignment, saved.student_id, saved.set_id) == \
        ("serbest", set_id, "misafir", set_id)
    assert saved.answers[exercise.id].answer == answer and saved.answers[exercise.id].tries == 1

    page.keyboard.press("Control+S")                   # the notebook, with the answer typed
    page.wait_for_timeout(1000)
    page.close()
    page, _ = open_and_run(browser, site, path)
    wait_idle(page)
    answered = page.locator(".jp-CodeCell").filter(has_text=f"sheet.check({exercise.id!r}, cevap)")
    expect(answered).to_contain_text(f"cevap = {answer!r}")
    restored = page.locator(".jp-CodeCell").filter(has_text="sheet = LiveSheet(")
    expect(restored).to_contain_text("Önceki cevapların yüklendi (1/")
    page.close()
