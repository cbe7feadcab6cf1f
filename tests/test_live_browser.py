"""The live lessons (JupyterLite) in a real browser, with no network beyond 127.0.0.1.

The live site is built (``lite/build_lite.py``), served on 127.0.0.1 and driven with Playwright
and Debian's Chromium; every request to another host is aborted and recorded, and none may
happen. A learner opens a lesson, runs it, clicks an illegal card (the engine's reason shows)
and a legal one (the trick goes on). A learner opens an exercise set and answers by clicking
(right, wrong, a hint, the solution, another try), downloads the answers file (graded here),
reloads and finds every answer shown again, and opens a second set without losing the first.

The browser test skips when ``/usr/bin/chromium`` is missing (``apt-get install -y chromium``).
To prove nothing needs the network once the build cache (``lite/.cache``) is warm, CI can run:
``unshare -n sh -c 'ip link set lo up; .venv/bin/python -m pytest tests/test_live_browser.py'``.
"""
from __future__ import annotations

import dataclasses
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
pytestmark = pytest.mark.site    # run once, on the pure package (run.sh)
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
CARD = re.compile(r"^(10|[2-9JQKA])[♠♥♦♣]$")
LESSON_CALL = re.compile(r'panels\.play_lesson\(lang=LANG(?:, rules="(\w+)")?, seed=(\d+)\)')
LOCAL = "http://127.0.0.1:"
KERNEL_TIMEOUT = 180_000   # ms: Pyodide's start, maca's install and a whole lesson's cells

#: the styles a panel is drawn with (sizes in em follow the host's text size: JupyterLab's
#: is 13px, the book's 16px)
LOOKS = """e => [e, ...e.querySelectorAll(
                 '.maca-panel-body :is(.maca-button, .maca-card, .maca-note, .maca-ex-q)')]
            .map(n => { const s = getComputedStyle(n);
              return [n.className, s.borderTopColor, s.borderTopWidth, s.backgroundColor,
                      s.color, s.borderRadius, s.fontFamily]; })"""

browser_only = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"the live-site browser test needs Debian's Chromium at {CHROMIUM} "
           "(apt-get install -y chromium)")


@pytest.mark.parametrize("module", ["live_notebooks", "build_lite", "maca_live",
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


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_exercise_notebooks_open_the_widget_by_name(lang: str) -> None:
    """An exercise set's notebook is a short intro in the learner's language and the set's
    panel opened by name (shown in the notebook's widget): no code to edit, no answer to type."""
    from live_notebooks import exercise_notebook
    from maca.exercises import find_set

    for path in sorted((ROOT / "exercises").glob("*.toml")):
        nb = exercise_notebook(path, lang)
        intro, setup, widget = nb.cells
        assert intro.source.startswith(f"# {find_set(path.stem).title[lang]}")
        assert "Kontrol et" in intro.source if lang == "tr" else "Check" in intro.source
        assert "%pip install" in setup.source and "live-setup" in setup.metadata.tags
        assert "%pip install -q maca anywidget" in setup.source
        assert widget.source.endswith(f"panels.exercise_set({lang!r}, {path.stem!r}, "
                                      "folder='.')")
        assert all(c.metadata.get("jupyter", {}).get("source_hidden") for c in (setup, widget))


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
            if url.startswith((LOCAL, "data:", "blob:")):   # the live site, the book
                route.continue_()
            else:
                context.outside.append(url)
                route.abort()

        context.route("**/*", only_here)
        context.on("request", lambda request: request.url.startswith((LOCAL, "data:", "blob:"))
                   or context.outside.append(request.url))
        yield context
        chromium.close()


def open_and_run(context: Any, site: str, path: str) -> tuple[Any, float]:
    """Open a live notebook and run all its cells; the page and when the run was started."""
    page = context.new_page()
    start = time.monotonic()
    page.goto(f"{site}notebooks/index.html?path={path}")
    page.wait_for_selector(".jp-Notebook .jp-CodeCell", timeout=60_000)
    run_all(page)
    return page, start


def run_all(page: Any) -> None:
    """Run → Run All Cells, from the menu, once the kernel is ready (a busy machine can take
    long to start it, and a run asked for before that may be dropped); asked again if no cell
    has started a minute later."""
    from playwright.sync_api import TimeoutError as Timeout

    idle = '.jp-Notebook-ExecutionIndicator[data-status="idle"]'
    page.wait_for_function(f"""() => document.querySelector('{idle}')
                                    || document.querySelector('.jp-Dialog')""",
                           timeout=KERNEL_TIMEOUT)
    if page.locator(".jp-Dialog").count():
        # JupyterLite asks for a kernel when its list of kernels was not ready as the notebook
        # opened (a race on a busy machine): the preferred one is chosen, as a learner would
        page.locator(".jp-Dialog").get_by_role("button", name="Select Kernel").click()
    page.wait_for_selector(idle, state="attached", timeout=KERNEL_TIMEOUT)
    started = """() => document.querySelector(
        '.jp-Notebook-ExecutionIndicator[data-status="busy"], .jp-OutputArea-output')
        || [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
           .some(e => /\\[(\\*|\\d+)\\]/.test(e.textContent))"""
    for attempt in (1, 2):
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator('.lm-Menu-item[data-command="runmenu:run-all"]').click()
        try:
            page.wait_for_function(started, timeout=60_000)
            return
        except Timeout:
            if attempt == 2:
                raise


def wait_idle(page: Any) -> None:
    """Until every code cell has run: each prompt numbered (a hidden cell shows none)."""
    page.wait_for_function(
        """() => { const p = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
                   .map(e => e.textContent.trim());
                   return p.some(t => t) && p.every(t => !t || /^\\[\\d+\\]:$/.test(t)); }""",
        timeout=KERNEL_TIMEOUT)


@browser_only
def test_live_site_offline(site: str, browser: Any) -> None:
    """A live lesson plays by the engine, and no request leaves 127.0.0.1."""
    play_live_lesson(site, browser)
    assert browser.outside == [], f"requests left 127.0.0.1: {browser.outside}"


def play_live_lesson(site: str, browser: Any) -> None:
    """Illegal card: the engine's reason. Legal card: it is played and the hand goes on."""
    from maca.lessons import PlayLesson
    from playwright.sync_api import expect

    md, found = lesson_with_play_panel()
    lesson = PlayLesson(seed=int(found.group(2)), rules=found.group(1) or "standard")
    held = lesson.hand.cards(0).sorted_for_display()
    illegal = next(c for c in held if c not in lesson.legal())
    legal = next(c for c in held if c in lesson.legal())

    page, start = open_and_run(browser, site, f"tr/{md.stem}.ipynb")
    cell = page.locator(".jp-CodeCell").filter(has_text="panels.play_lesson(")
    card = lambda c: cell.locator(f'.maca-panel button[data-act="card"][data-value="{c}"]')  # noqa: E731
    card(illegal).wait_for(timeout=KERNEL_TIMEOUT)
    first_widget = time.monotonic() - start
    cards = cell.locator('.maca-panel button[data-act="card"]')
    before = cards.count()

    assert not lesson.click(illegal)
    card(illegal).click(force=True)          # aria-disabled: a click asks why
    note = cell.locator(".maca-panel .maca-note[role=status]")
    expect(note).to_have_text(lesson.note.text("tr"), timeout=10_000)
    expect(cards).to_have_count(before)                # a refused card stays in the hand

    assert lesson.click(legal)
    card(legal).click()
    expect(cards).to_have_count(before - 1, timeout=10_000)
    expect(note).to_have_text(lesson.note.text("tr"))
    wait_idle(page)
    errors = page.locator(".jp-OutputArea-output[data-mime-type*=error]").all_inner_texts()
    assert not errors, f"tr/{md.stem} failed in the browser: {errors[0][:400]}"
    print(f"\nlive lesson {md.stem}: first working panel {first_widget:.1f} s after page load")
    page.close()


@browser_only
def test_a_lesson_shows_the_same_panel_in_the_book_and_in_the_notebook(
        site: str, site_url: str, browser: Any) -> None:
    """One lesson's panel, made live on its book page (the page's script) and run in its live
    notebook (the notebook's widget): the same HTML, drawn with the same styles."""
    md, found = lesson_with_play_panel()
    seed = found.group(2)
    book = browser.new_page()
    book.goto(f"{site_url}book/tr/{md.stem}.html")
    panel = book.locator(f"""section.maca-panel[data-maca-panel*='"panel": "play"']"""
                         f"""[data-maca-panel*='"seed": {seed}']""").first
    panel.locator(".maca-live-start").click()
    live = panel.locator('.maca-panel-body button[data-act="card"]:not([disabled])').first
    live.wait_for(timeout=KERNEL_TIMEOUT)
    page, _ = open_and_run(browser, site, f"tr/{md.stem}.ipynb")
    cell = page.locator(".jp-CodeCell").filter(has_text="panels.play_lesson(")
    widget = cell.locator(".maca-panel")
    widget.locator('button[data-act="card"]').first.wait_for(timeout=KERNEL_TIMEOUT)
    inner = "e => e.querySelector('.maca-panel-body').innerHTML"
    assert widget.evaluate(inner) == panel.evaluate(inner)
    assert widget.evaluate(LOOKS) == panel.evaluate(LOOKS)
    book.close()
    page.close()


def lesson_with_play_panel() -> tuple[Path, re.Match[str]]:
    """The first Turkish lesson whose page calls ``panels.play_lesson(lang=LANG, seed=…)``."""
    for md in sorted((ROOT / "book" / "tr").glob("*.md")):
        found = LESSON_CALL.search(md.read_text(encoding="utf-8"))
        if found:
            return md, found
    pytest.fail("no Turkish lesson calls panels.play_lesson(lang=LANG, seed=…) to test")


def open_set(browser: Any, site: str, name: str) -> tuple[Any, Any]:
    """A live exercise set, run: the page and the exercise widget in it."""
    from playwright.sync_api import expect

    page, _ = open_and_run(browser, site, f"tr/alistirmalar/{name}.ipynb")
    check = page.get_by_role("button", name="Kontrol et", exact=True)
    try:
        check.wait_for(timeout=45_000)
    except Exception:
        # JupyterLite sometimes drops a Run All given while its kernel starts (nothing runs,
        # no prompt, no error): a learner runs again, and so does the test
        shot = ROOT / "_build" / "screenshots" / f"live-{name}.png"
        shot.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shot), full_page=True)
        print(f"\n{name}: Run All again (see {shot.name})")
        run_all(page)
        check.wait_for(timeout=KERNEL_TIMEOUT)
    widget = page.locator(".jp-OutputArea-output").filter(has=check)
    expect(widget).to_have_count(1)
    return page, widget


def click_answer(widget: Any, attempt: Any, answer: Any) -> None:
    """Give ``answer`` (as answers files keep it) by clicking, as a learner does."""
    from maca import Card
    from maca.reasons import seat_name
    from playwright.sync_api import expect

    mode = attempt.form.mode
    if mode in ("cards", "card"):
        cards = [answer] if mode == "card" else answer
        for card in cards:
            widget.locator(f'button[data-act="card"][data-value="{Card.parse(card)}"]').click()
            widget.page.wait_for_timeout(200)
        raised = widget.locator('.maca-ex-picture [stroke="#d97706"]')
        expect(raised).to_have_count(len(cards))
    else:
        assert mode == "seat", mode
        name = "Kimse" if answer == "none" else seat_name(answer, "tr", attempt.players)
        widget.get_by_role("button", name=name, exact=True).click()
        expect(widget.locator('[aria-pressed="true"]', has_text=name)).to_have_count(1)


def press(widget: Any, label: str) -> None:
    """Press one of the widget's buttons."""
    widget.get_by_role("button", name=label, exact=True).click()


@browser_only
def test_live_exercise_sets_keep_every_answer(site: str, browser: Any, tmp_path: Path) -> None:
    """A live exercise set answered by clicking: right, wrong, a hint, the solution, another
    try; the answers file downloaded and graded; after a reload every answer is shown again;
    a second set keeps its own file, and the first set's answers are still there. No request
    leaves 127.0.0.1."""
    from maca.exercises import Progress, Worksheet, find_set
    from maca.exercises.grading import grade_files
    from playwright.sync_api import expect
    from test_session import wrong

    first, second = "follow_suit", "hearts"
    mirror = Worksheet.open(first, folder=None)     # the guest's variant, as the browser has it
    right, seen, retried = mirror.attempts[0], mirror.attempts[1], next(
        a for a in mirror if a.form.mode == "seat")
    assert right.form.mode == seen.form.mode == "cards" and seen.exercise.hints
    steps = f"Soru {mirror.attempts.index(retried) + 1}/{len(mirror)}", \
        mirror.attempts.index(retried) - 1

    page, widget = open_set(browser, site, first)
    expect(widget).to_contain_text(f"Soru 1/{len(mirror)}")
    click_answer(widget, right, right.exercise.answer())
    press(widget, "Kontrol et")
    expect(widget).to_contain_text("Doğru!")
    expect(widget).to_contain_text(f"answers-{first}-guest.json dosyasına kaydedildi")

    press(widget, "Sonraki ▶")
    expect(widget).to_contain_text(f"Soru 2/{len(mirror)}")
    press(widget, "İpucu")
    expect(widget).to_contain_text(f"İpucu 1: {seen.exercise.hints[0].tr}")
    click_answer(widget, seen, wrong(seen))
    press(widget, "Kontrol et")
    expect(widget).to_contain_text("Henüz doğru değil.")
    press(widget, "Çözümü göster")
    expect(widget).to_contain_text(f"Çözüm: {seen.exercise.solution().tr}")
    expect(widget.get_by_role("button", name="Kontrol et")).to_be_disabled()

    for _ in range(steps[1]):
        press(widget, "Sonraki ▶")
    expect(widget).to_contain_text(steps[0])
    click_answer(widget, retried, wrong(retried))
    press(widget, "Kontrol et")
    expect(widget).to_contain_text("Henüz doğru değil.")
    press(widget, "Tekrar dene")
    click_answer(widget, retried, retried.exercise.answer())
    press(widget, "Kontrol et")
    expect(widget).to_contain_text("Doğru!")

    for attempt, answer in ((right, right.exercise.answer()), (seen, wrong(seen)),
                            (retried, wrong(retried)), (retried, retried.exercise.answer())):
        attempt.worksheet.check(attempt.exercise.id, answer)  # the same on the mirror
    seen.hint()
    seen.reveal()
    with page.expect_download() as download:
        widget.locator("a.maca-ex-download").click()
    assert download.value.suggested_filename == f"answers-{first}-guest.json"
    handed_in = tmp_path / download.value.suggested_filename
    download.value.save_as(handed_in)
    saved = Progress.load(handed_in)
    assert (saved.student_id, saved.set_id) == ("guest", first)
    def timeless(answers: dict[str, Any]) -> dict[str, Any]:
        """The entries without their times (the browser's clock ran seconds apart)."""
        return {k: dataclasses.replace(e, time=None) for k, e in answers.items()}

    assert timeless(saved.answers) == timeless(mirror.progress.answers)
    assert all(e.time for e in saved.answers.values() if e.tries or e.solution_seen)
    [row] = grade_files(find_set(first), [handed_in])
    assert row.error is None and row.score == mirror.score()[0] > 0
    page.close()

    page, widget = open_set(browser, site, first)             # a reload: all answers shown
    expect(widget).to_contain_text(f"Önceki cevapların answers-{first}-guest.json dosyasından "
                                   f"yüklendi (3/{len(mirror)} soru).")
    expect(widget).to_contain_text(f"Soru 2/{len(mirror)}")   # the first one not solved
    expect(widget).to_contain_text("Henüz doğru değil.")
    expect(widget).to_contain_text(f"Çözüm: {seen.exercise.solution().tr}")
    expect(widget.locator('.maca-ex-picture [stroke="#d97706"]')).to_have_count(len(wrong(seen)))
    press(widget, "◀ Önceki")
    expect(widget).to_contain_text("Doğru!")
    expect(widget.locator('.maca-ex-picture [stroke="#d97706"]')).to_have_count(
        len(right.exercise.answer()))
    for _ in range(steps[1] + 1):
        press(widget, "Sonraki ▶")
    expect(widget).to_contain_text(steps[0])
    expect(widget).to_contain_text("Doğru!")
    name = retried.exercise.question.show(retried.exercise.answer()).tr
    expect(widget.locator('[aria-pressed="true"]', has_text=name)).to_have_count(1)
    page.close()

    page, widget = open_set(browser, site, second)            # another set, its own file
    other = Worksheet.open(second, folder=None).attempts[0]
    click_answer(widget, other, other.exercise.answer())
    press(widget, "Kontrol et")
    expect(widget).to_contain_text(f"answers-{second}-guest.json dosyasına kaydedildi")
    page.close()
    page, widget = open_set(browser, site, first)             # the first set's answers intact
    expect(widget).to_contain_text(f"answers-{first}-guest.json dosyasından yüklendi "
                                   f"(3/{len(mirror)} soru)")
    page.close()
    assert browser.outside == [], f"requests left 127.0.0.1: {browser.outside}"
