"""The exercise panel (maca.panels.exercise), driven as the page script drives it: through the
host's messages (`maca.panels.host`: start, act with the typed fields → draw), headless, with
the browser's local storage as the page keeps it (`test_host.Page`).

Every action does something, every answer form is answerable by clicking, a wrong try leads to
a hint and the solution, the answers file restores every answer and verdict when the set is
opened again (from the page's storage after a reload, or from a folder outside the page),
another set's or another course's file is refused and left alone, and the downloaded file is
the one the teacher's ``python -m maca grade`` reads.
"""
from __future__ import annotations

import base64
import csv
import json
import re
import subprocess
import sys
from html import escape
from pathlib import Path
from typing import Any

import pytest

from maca.errors import SettingError
from maca.exercises.session import Worksheet
from maca.panels import ExercisePanel, exercise_set, open_panel
from maca.panels import exercise as module
from test_host import Page

ROOT = Path(__file__).resolve().parents[1]
#: the page of the test running (see `fresh_page`); a reload is a new `Page` on its storage
PAGE = Page()


@pytest.fixture(autouse=True)
def fresh_page(monkeypatch: pytest.MonkeyPatch) -> Page:
    """Every test on a page of its own, with an empty local storage."""
    page = Page()
    monkeypatch.setattr(sys.modules[__name__], "PAGE", page)
    return page


def start(name: str, lang: str = "tr", page: Page | None = None, **who: str) -> int:
    """The panel the page would open (its description), made live."""
    return (page or PAGE).start(exercise_set(lang, name, **who).spec())


def act(pid: int, action: str, value: str = "", fields: dict[str, str] | None = None) -> str:
    """A click on the current page; the panel's body after it."""
    return PAGE.act(pid, action, value, fields)


def draw(pid: int) -> str:
    return PAGE.draw(pid)


def panel_of(pid: int, page: Page | None = None) -> ExercisePanel:
    panel = (page or PAGE).host.panels[pid]
    assert isinstance(panel, ExercisePanel)
    return panel


def answer_by_clicking(pid: int, answer: Any) -> str:
    """Click (or type) ``answer`` (the engine's JSON form) into the question on screen, then
    press Check; the panel's content after it."""
    attempt = panel_of(pid).attempt
    mode = attempt.form.mode
    if mode in ("cards", "card"):
        for card in [answer] if isinstance(answer, str) else answer:
            act(pid, "card", str(card))
    elif mode == "seat":
        act(pid, "choose", "none" if answer is None else str(answer))
    elif mode == "yes_no":
        act(pid, "choose", "yes" if answer else "no")
    elif mode == "numbers":
        fields = {f"n{seat}": str(n) for seat, n in enumerate(answer)}
        fields.update(course="", assignment="", student="")
        return act(pid, "check", "", fields)
    else:
        for seat in answer["winners"]:
            act(pid, "winner", str(seat))
        for seat, value in enumerate(answer["standings"]):
            act(pid, "standing", f"{seat}:{value}")
    return act(pid, "check", "")


def wrong_answer(attempt: Any) -> Any:
    """An answer the engine does not accept, in the JSON form."""
    right, mode = attempt.exercise.answer(), attempt.form.mode
    if mode == "seat":
        return next(s for s in attempt.offered() if s != right)
    if mode == "yes_no":
        return not right
    if mode == "numbers":
        return [n + 1 for n in right]
    if mode == "winners":
        return {"winners": [s for s in range(attempt.players) if s not in right["winners"]],
                "standings": right["standings"]}
    cards = [str(c) for c in attempt.offered()]
    if mode == "card":
        return next(c for c in cards if c != right)
    return [c for c in cards if c not in right][:1] or cards[:1]


def go_to(pid: int, mode: str) -> None:
    """Show the first question answered with ``mode``."""
    sheet = panel_of(pid).worksheet
    index = next(i for i, a in enumerate(sheet) if a.form.mode == mode)
    act(pid, "go", str(index + 1))


MODES = [("follow_suit", "cards"), ("moon", "card"), ("passing", "seat"),
         ("moon", "yes_no"), ("moon", "numbers"), ("scoring", "winners")]


@pytest.mark.parametrize("name,mode", MODES)
def test_every_answer_form_is_answered_by_clicking(name: str, mode: str) -> None:
    pid = start(name)
    go_to(pid, mode)
    attempt = panel_of(pid).attempt
    html = answer_by_clicking(pid, attempt.exercise.answer())
    assert attempt.solved and attempt.mark == "right"
    assert "Doğru!" in html and 'maca-note-ok' in html
    assert f'aria-label="Soru {panel_of(pid).worksheet.index + 1}: doğru"' in html
    # closed now: the controls say so, and a click changes nothing but says why
    if mode in ("cards", "card"):
        assert html.count('class="maca-card"') == html.count('aria-disabled="true" aria-pressed')
        act(pid, "card", str(attempt.offered()[0]))
        assert "Bu soruyu doğru cevapladın." in draw(pid)
    assert re.search(r'maca-ex-check"[^>]*aria-disabled="true"', html)


def test_every_action_does_something() -> None:
    pid = start("scoring", lang="en")
    panel = panel_of(pid)
    sheet = panel.worksheet
    seen: set[str] = set()

    def click(action: str, value: str = "", fields: dict[str, str] | None = None) -> str:
        before = draw(pid)
        after = act(pid, action, value, fields)
        assert after != before, f"{action} {value!r} changed nothing"
        seen.add(action)
        return after

    click("next")
    click("previous")
    click("go", "3")
    assert sheet.index == 2
    go_to(pid, "winners")
    click("winner", "1")
    click("standing", "0:1")
    attempt = panel.attempt
    click("check")                            # incomplete: the form says what is missing
    assert attempt.note is not None and attempt.result is None
    answer_by_clicking(pid, wrong_answer(attempt))
    assert attempt.mark == "wrong" and attempt.can_reveal()
    click("hint")
    given = list(attempt.draft.winners)
    click("retry")
    assert attempt.draft.winners == given and attempt.shown_result() is None   # to correct
    click("check")
    html = click("reveal")
    assert "Solution:" in html and attempt.mark == "seen"
    go_to(pid, "numbers")
    html = click("check", "", {"n0": "5", "n1": "", "n2": "", "n3": "−3"})
    assert panel.attempt.result is not None and panel.attempt.draft.numbers[::3] == [5, -3]
    click("open", "", {"course": "MAT101", "assignment": "week-3", "student": "s42"})
    assert panel.worksheet.progress.student_id == "s42"
    for name, action in (("follow_suit", "card"), ("passing", "choose")):
        pid = start(name, lang="en")
        value = str(panel_of(pid).attempt.offered()[0])
        click(action, value)
        assert 'aria-pressed="true"' in draw(pid)
    assert seen == set(panel.actions())


def test_a_wrong_try_then_a_hint_then_the_solution() -> None:
    pid = start("passing")
    attempt = panel_of(pid).attempt
    html = answer_by_clicking(pid, wrong_answer(attempt))
    assert "Henüz doğru değil." in html and "Çözümü göster" in html and "Tekrar dene" in html
    assert 'aria-label="Soru 1: yanlış"' in html
    html = act(pid, "hint", "")
    assert "İpucu 1:" in html
    html = act(pid, "reveal", "")
    assert "Çözüm:" in html and attempt.revealed and attempt.closed
    assert 'aria-label="Soru 1: çözümü gösterildi"' in html
    # the verdicts are in a live region
    assert re.search(r'class="maca-ex-messages" role="status">.*Çözüm:', html)


def test_a_reload_restores_every_answer_and_verdict() -> None:
    pid = start("follow_suit")
    sheet = panel_of(pid).worksheet
    answer_by_clicking(pid, sheet.current.exercise.answer())
    act(pid, "next", "")
    answer_by_clicking(pid, wrong_answer(sheet.current))
    act(pid, "hint", "")
    marks, drafts = sheet.marks(), [a.draft for a in sheet]
    drawn = draw(pid)          # kept, said in plain words: no file name on the learner's page
    assert "bu tarayıcıda saklanıyor: sayfayı" in drawn and "saklanıyor (" not in drawn
    kept = json.loads(PAGE.storage["maca-answers/answers-follow_suit-guest.json"])
    assert len(kept["answers"]) == 2 and kept["answers"][sheet.attempts[1].exercise.id]["hints"]
    page = Page(PAGE.storage)            # a reload: Python starts afresh, the storage stays
    again = start("follow_suit", page=page)
    restored = panel_of(again, page).worksheet
    assert restored.marks() == marks and [a.draft for a in restored] == drafts
    html = page.draw(again)
    assert "Önceki cevapların answers-follow_suit-guest.json dosyasından yüklendi (2/20 soru)" \
        in html
    assert 'aria-label="Soru 1: doğru"' in html and 'aria-label="Soru 2: yanlış"' in html
    html = page.act(again, "go", "2")
    assert "Henüz doğru değil." in html and "İpucu 1:" in html
    assert "yüklendi" not in html and "maca-note-error" not in html.split("maca-ex-footer")[1]


def test_a_folder_keeps_the_answers_outside_the_page(tmp_path: Path) -> None:
    """Outside the page (a script, a notebook) a set keeps its answers file in a folder, and
    reads it back; it keeps them in the page's storage or in a folder, never both."""
    panel = exercise_set("en", "passing", folder=str(tmp_path))
    attempt = panel.attempt
    panel.act("choose", str(attempt.exercise.answer()))
    panel.act("check")
    assert (tmp_path / "answers-passing-guest.json").exists()
    again = exercise_set("en", "passing", folder=str(tmp_path))
    assert again.worksheet.marks()[0] == "right" and again.store is None
    refused = PAGE.host.handle({"type": "start", "panel": 0, "spec": again.spec()})
    assert refused["type"] == "error" and refused["message"] == (
        "an exercise set keeps its answers in the page's storage or in a folder, not both")
    assert PAGE.host.panels == {}


def test_the_page_storage_keeps_each_set_apart_across_reloads() -> None:
    first = start("hearts")
    sheet = panel_of(first).worksheet
    answer_by_clicking(first, sheet.current.exercise.answer())
    second = start("moon")
    answer_by_clicking(second, wrong_answer(panel_of(second).attempt))
    assert sorted(k for k in PAGE.storage if k.startswith(module.STORAGE_PREFIX)) == [
        "maca-answers/answers-hearts-guest.json", "maca-answers/answers-moon-guest.json"]
    assert "bu tarayıcıda saklanıyor" in draw(first)
    page = Page(PAGE.storage)
    hearts = panel_of(start("hearts", page=page), page).worksheet
    moon = panel_of(start("moon", page=page), page).worksheet
    assert hearts.marks()[0] == "right" and moon.marks()[0] == "wrong"
    assert hearts.marks().count("new") == len(hearts) - 1
    assert moon.marks().count("new") == len(moon) - 1


def test_who_the_learner_is_opens_their_variant_and_is_remembered() -> None:
    pid = start("scoring")
    guest = [a.exercise.answer() for a in panel_of(pid).worksheet]
    html = act(pid, "open", "", {"course": "MAT101", "assignment": "hafta-3",
                                 "student": "2024007"})
    sheet = panel_of(pid).worksheet
    assert sheet.file_name == "answers-scoring-2024007.json"
    assert [a.exercise.answer() for a in sheet] != guest      # their own variant
    assert "öğrenci 2024007" in html and 'value="2024007"' in html
    answer_by_clicking(pid, sheet.current.exercise.answer())
    page = Page(PAGE.storage)
    again = panel_of(start("scoring", page=page), page)
    assert again.worksheet.progress.course == "MAT101"
    assert again.worksheet.marks()[0] == "right"
    other = panel_of(start("moon", page=page), page)
    assert (other.worksheet.progress.course, other.worksheet.progress.student_id,
            other.worksheet.progress.assignment) == ("MAT101", "2024007", "moon")
    # an identity the session refuses is said, and the set stays as it was
    html = act(pid, "open", "", {"course": " ", "assignment": "x" * 10,
                                 "student": "y" * 200})
    assert panel_of(pid).worksheet.progress.student_id == "y" * 200
    act(pid, "open", "", {"course": "MAT101", "assignment": "hafta-3", "student": "2024007"})
    assert panel_of(pid).worksheet.marks()[0] == "right"


def test_another_sets_or_courses_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    other = Worksheet.open("hearts", folder=tmp_path)
    other.current.choose(other.current.exercise.answer())
    other.save(tmp_path / "answers-passing-guest.json")       # a hearts file, passing's name
    before = (tmp_path / "answers-passing-guest.json").read_text(encoding="utf-8")
    PAGE.storage["maca-answers/answers-passing-guest.json"] = before
    pid = start("passing")
    panel = panel_of(pid)
    html = draw(pid)
    assert panel.refused is not None and panel.worksheet.path is None
    assert "başka bir alıştırma setine ait" in html and "kaydedilmiyor" in html
    answer_by_clicking(pid, panel.attempt.exercise.answer())
    assert PAGE.storage["maca-answers/answers-passing-guest.json"] == before
    # another course, same set and student
    mine = start("moon", course="MAT101")
    answer_by_clicking(mine, panel_of(mine).attempt.exercise.answer())
    theirs = start("moon", course="FIZ102")
    assert panel_of(theirs).refused is not None and "başka bir derse ait" in draw(theirs)


def test_the_downloaded_file_is_graded_by_the_teacher(tmp_path: Path) -> None:
    pid = start("passing", course="MAT101", assignment="hafta-1", student="2024007")
    sheet = panel_of(pid).worksheet
    answer_by_clicking(pid, sheet.current.exercise.answer())
    act(pid, "next", "")
    answer_by_clicking(pid, wrong_answer(sheet.current))
    html = draw(pid)
    link = re.search(r'<a class="maca-button maca-ex-download" download="([^"]+)" '
                     r'href="data:application/json;base64,([^"]+)"', html)
    assert link and link[1] == "answers-passing-2024007.json"
    answers = tmp_path / "handed-in"
    answers.mkdir()
    (answers / link[1]).write_bytes(base64.b64decode(link[2]))
    out = tmp_path / "grades.csv"
    subprocess.run([sys.executable, "-m", "maca", "grade", "--set",
                    str(ROOT / "exercises" / "passing.toml"), "--answers", str(answers),
                    "--out", str(out), "--course", "MAT101", "--assignment", "hafta-1"],
                   check=True, capture_output=True, cwd=ROOT)
    rows = list(csv.DictReader(out.open(encoding="utf-8-sig")))
    assert len(rows) == 1
    row = rows[0]
    assert row["Öğrenci No"] == "2024007" and row["Dosya"] == link[1]
    scores = [v for k, v in row.items() if re.fullmatch(r"S\d+", k)]
    assert scores[:2] == ["1", "0"] and all(v in ("", "0") for v in scores[2:])


@pytest.mark.parametrize("lang,guest,given", [
    ("tr", "Şu an: Renge uymak ve ilk el · öğrenci misafir (numara yok)",
     "Şu an: Renge uymak ve ilk el · ders MAT101 · ödev hafta-3 · öğrenci 2024007"),
    ("en", "Now: Following suit and the first trick · student guest (no id)",
     "Now: Following suit and the first trick · course MAT101 · assignment hafta-3 · "
     "student 2024007")])
def test_the_status_line_names_the_set_by_its_title(lang: str, guest: str, given: str) -> None:
    pid = start("follow_suit", lang)
    now = re.compile(r'<p class="maca-ex-file">((?:Şu an|Now): [^<]*)</p>')
    assert now.findall(draw(pid)) == [escape(guest)]
    assert "follow_suit" not in now.findall(draw(pid))[0]
    html = act(pid, "open", "", {"course": "MAT101", "assignment": "hafta-3",
                                 "student": "2024007"})
    assert now.findall(html) == [escape(given)]


def test_the_static_panel_is_inert_and_named_in_turkish() -> None:
    panel = exercise_set("tr", "scoring")
    page = panel._repr_html_()
    body = page.split('<div class="maca-panel-body">', 1)[1]
    assert re.findall(r"<(?:button|input)\b(?![^>]*\bdisabled\b)[^>]*>", body) == []
    assert 'aria-label="Puan hesabı"' in page and 'lang="tr"' in page
    assert 'aria-label="Sorular"' in body and "Kontrol et" in body and "Bu bilgilerle aç" in body
    assert "Check" not in body and "Question" not in body
    assert open_panel(panel.spec()).spec() == panel.spec() == {
        "panel": "exercise_set", "lang": "tr", "name": "scoring"}


@pytest.mark.parametrize("action,value", [("card", "AS"), ("card", "1Z"), ("choose", "7"),
                                          ("winner", "1"), ("standing", "0:2"), ("go", "99"),
                                          ("jump", "")])
def test_a_value_no_button_offers_is_refused(tmp_path: Path, action: str, value: str) -> None:
    panel = exercise_set("en", "passing", folder=str(tmp_path))
    with pytest.raises(SettingError):
        panel.act(action, value)


def test_no_such_set() -> None:
    from maca.errors import MacaError
    with pytest.raises(MacaError, match="no exercise set 'nothing'"):
        exercise_set("tr", "nothing")


def test_a_new_question_kind_is_answered_in_the_panel(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A kind added in one place (tests/test_new_kind.py) is drawn and answered here too."""
    from maca.exercises import KINDS, register_kind
    from test_new_kind import SET, HigherCard

    register_kind(HigherCard)
    try:
        (tmp_path / "dummy.toml").write_text(SET, encoding="utf-8")
        monkeypatch.setattr("maca.exercises.sets.SET_FOLDERS", (tmp_path,))
        pid = start("dummy", lang="en")
        html = draw(pid)
        assert "Which one is higher?" in html and 'data-value="KH"' in html
        act(pid, "card", "9S")
        assert "Not right yet." in act(pid, "check", "")
        act(pid, "retry", "")
        act(pid, "card", "KH")
        assert "The higher one wins." in act(pid, "check", "")
        assert panel_of(pid).attempt.solved
    finally:
        del KINDS["higher_card"]


def test_a_puzzle_set_is_answered_by_playing_its_line(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A puzzle set in the exercise panel: a card click plays it (the kind checks it at once,
    the line is one try); a line of several cards waits for the next one, uncounted."""
    from maca.puzzles import puzzle_files
    source = next(p for p in puzzle_files() if p.stem == "unblock")
    (tmp_path / "unblock.toml").write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr("maca.exercises.sets.SET_FOLDERS", (tmp_path,))
    pid = start("unblock", lang="en")
    panel = panel_of(pid)
    attempt = panel.attempt
    first = attempt.exercise.question
    wrong = next(c for c in first.hand.legal_plays() if c not in first.solution())
    assert "Not right yet." in act(pid, "card", str(wrong)) and attempt.mark == "wrong"
    act(pid, "go", str(1 + [a.exercise.id for a in panel.worksheet].index("ub-04")))
    several = panel.attempt          # ub-04 is played in three choices
    played = next(iter(several.exercise.question.accepted_after([])))
    html = act(pid, "card", str(played))
    assert "your turn again" in html and not several.entry.tries and several.draft.cards == [played]


def test_a_typed_number_that_cannot_be_read_is_said_and_never_taken_as_zero() -> None:
    pid = start("moon")
    go_to(pid, "numbers")
    attempt = panel_of(pid).attempt
    for typed in ("abc", "99999", "-10001"):
        fields = {"n0": "3", "n1": typed, "n2": "", "n3": "4"}
        html = act(pid, "check", "", fields)
        assert "okunamadı" in html and escape(typed) in html
        assert attempt.shown_result() is None                        # nothing was checked
        assert attempt.worksheet.progress.entry(attempt.exercise.id).tries == 0
    assert attempt.draft.numbers[:2] == [3, 0] and attempt.draft.numbers[3] == 4


def test_a_wrong_score_keeps_the_boxes_to_be_corrected_after_retry() -> None:
    pid = start("moon")
    go_to(pid, "numbers")
    attempt = panel_of(pid).attempt
    right = attempt.exercise.answer()
    answer_by_clicking(pid, [right[0] + 1, *right[1:]])
    html = act(pid, "retry")
    assert attempt.draft.numbers == [right[0] + 1, *right[1:]]
    assert f'value="{right[1]}"' in html


@pytest.mark.parametrize("kept", [json.dumps({"course": "x" * 300, "student": "s"}),
                                  json.dumps({"course": " ", "student": "\ud800"}),
                                  "[" * 100_000 + "]" * 100_000, "{not json"])
def test_a_damaged_remembered_identity_never_stops_the_set(kept: str) -> None:
    PAGE.storage["maca-exercises-who/passing"] = kept
    PAGE.storage["maca-exercises-who"] = kept
    panel = panel_of(start("passing"))
    assert panel.worksheet.progress.course == "maca"                 # opened, as a guest


def test_a_shown_solution_says_why_in_the_engines_words() -> None:
    """Issue 21: "Çözüm: Kuzey" gave no reason."""
    pid = start("follow_suit")
    sheet = panel_of(pid).worksheet
    act(pid, "go", str(1 + [a.exercise.id for a in sheet].index("fs-7")))   # a trick's winner
    answer_by_clicking(pid, wrong_answer(panel_of(pid).attempt))
    html = act(pid, "reveal")
    solution = re.search(r'maca-ex-solution">(.*?)</p>', html).group(1)
    assert "Çözüm:" in solution and "Eli Kuzey alır:" in solution
    act(pid, "go", "1")                       # the cards that may be played: why not the others
    attempt = panel_of(pid).attempt
    answer_by_clicking(pid, wrong_answer(attempt))
    solution = re.search(r'maca-ex-solution">(.*?)</p>', act(pid, "reveal")).group(1)
    assert "oynanamaz: İlk el sinek 2" in solution


def test_a_finished_set_shows_a_summary_with_a_way_back() -> None:
    pid = start("passing", "en")
    sheet = panel_of(pid).worksheet
    assert "maca-ex-summary" not in draw(pid)
    for i, attempt in enumerate(sheet):
        act(pid, "go", str(i + 1))
        answer_by_clicking(pid, wrong_answer(attempt) if i in (1, 4) else attempt.exercise.answer())
    html = draw(pid)
    summary = re.search(r'<section class="maca-ex-summary.*?</section>', html).group(0)
    got, most, _ = sheet.score()
    assert f"Set done: {got} of {most} points" in summary
    backs = re.findall(r'data-act="go" data-value="(\d+)"[^>]*>([^<]*)<', summary)
    assert backs == [("2", "Back to question 2"), ("5", "Back to question 5")]
    assert '<a href="02-passing.html">2. Passing cards</a>' in summary
    assert "try the wrong questions again" in summary
    act(pid, "go", "2")
    assert panel_of(pid).attempt is sheet.attempts[1]


def test_the_keyboard_reaches_the_answer_before_the_question_buttons() -> None:
    """Issue 21: Tab passed 16–20 question buttons before the answer."""
    html = draw(start("passing"))
    focusable = re.findall(r'<(?:button|input|a)\b[^>]*?(?:data-act="(\w+)"|name="(\w+)")', html)
    order = [act or name for act, name in focusable]
    assert order.index("choose") < order.index("check") < order.index("go")
    assert order.index("next") < order.index("go")
    assert 'aria-label="Soru 1: henüz cevap yok"' in html          # names kept


def test_the_static_picture_claims_no_score() -> None:
    """Issue 21: after a reload the static picture said "Puanın: 0/20" though answers were
    kept; it now says the score shows once live, and marks no question as unanswered."""
    static = exercise_set("tr", "follow_suit")._repr_html_()
    assert "Puanın:" not in static and "henüz cevap yok" not in static
    assert "Puanın ve kaydettiğin cevaplar set canlanınca görünür." in static
    assert 'aria-label="Soru 1"' in static
