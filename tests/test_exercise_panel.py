"""The exercise panel (maca.panels.exercise), driven as the page script drives it: through
`maca.panels.live` (start, act with the typed fields, draw), headless.

Every action does something, every answer form is answerable by clicking, a wrong try leads to
a hint and the solution, the answers file restores every answer and verdict when the set is
opened again (from a folder, or from the browser's storage into a fresh folder, as after a
reload), another set's or another course's file is refused and left alone, and the downloaded
file is the one the teacher's ``python -m maca grade`` reads.
"""
from __future__ import annotations

import base64
import csv
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from maca.errors import SettingError
from maca.exercises.session import Worksheet
from maca.panels import ExercisePanel, exercise_set, open_panel
from maca.panels import exercise as module
from maca.panels import live

ROOT = Path(__file__).resolve().parents[1]


class FakeStorage:
    """The browser's local storage (getItem/setItem), in a dict."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:  # noqa: N802 (the browser's name)
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.items[key] = str(value)


def start(name: str, folder: Path, lang: str = "tr", **who: str) -> int:
    """The panel the page would open (its description, through `live.start`)."""
    spec = exercise_set(lang, name, folder=str(folder), **who).spec()
    return live.start(json.dumps(spec))


def panel_of(pid: int) -> ExercisePanel:
    panel = live._OPEN[pid]
    assert isinstance(panel, ExercisePanel)
    return panel


def answer_by_clicking(pid: int, answer: Any) -> str:
    """Click (or type) ``answer`` (the engine's JSON form) into the question on screen, then
    press Check; the panel's content after it."""
    attempt = panel_of(pid).attempt
    mode = attempt.form.mode
    if mode in ("cards", "card"):
        for card in [answer] if isinstance(answer, str) else answer:
            live.act(pid, "card", str(card))
    elif mode == "seat":
        live.act(pid, "choose", "none" if answer is None else str(answer))
    elif mode == "yes_no":
        live.act(pid, "choose", "yes" if answer else "no")
    elif mode == "numbers":
        fields = {f"n{seat}": str(n) for seat, n in enumerate(answer)}
        fields.update(course="", assignment="", student="")
        return live.act(pid, "check", "", json.dumps(fields))
    else:
        for seat in answer["winners"]:
            live.act(pid, "winner", str(seat))
        for seat, value in enumerate(answer["standings"]):
            live.act(pid, "standing", f"{seat}:{value}")
    return live.act(pid, "check", "")


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
    live.act(pid, "go", str(index + 1))


MODES = [("follow_suit", "cards"), ("moon", "card"), ("passing", "seat"),
         ("moon", "yes_no"), ("moon", "numbers"), ("scoring", "winners")]


@pytest.mark.parametrize("name,mode", MODES)
def test_every_answer_form_is_answered_by_clicking(tmp_path: Path, name: str,
                                                   mode: str) -> None:
    pid = start(name, tmp_path)
    go_to(pid, mode)
    attempt = panel_of(pid).attempt
    html = answer_by_clicking(pid, attempt.exercise.answer())
    assert attempt.solved and attempt.mark == "right"
    assert "Doğru!" in html and 'maca-note-ok' in html
    assert f'aria-label="Soru {panel_of(pid).worksheet.index + 1}: doğru"' in html
    # closed now: the controls say so, and a click changes nothing but says why
    if mode in ("cards", "card"):
        assert html.count('class="maca-card"') == html.count('aria-disabled="true" aria-pressed')
        live.act(pid, "card", str(attempt.offered()[0]))
        assert "Bu soruyu doğru cevapladın." in live.draw(pid)
    assert re.search(r'maca-ex-check"[^>]*aria-disabled="true"', html)


def test_every_action_does_something(tmp_path: Path) -> None:
    pid = start("scoring", tmp_path, lang="en")
    panel = panel_of(pid)
    sheet = panel.worksheet
    seen: set[str] = set()

    def click(action: str, value: str = "", fields: dict[str, str] | None = None) -> str:
        before = live.draw(pid)
        after = live.act(pid, action, value, json.dumps(fields) if fields else "")
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
    click("retry")
    assert attempt.draft.winners == []
    answer_by_clicking(pid, wrong_answer(attempt))
    html = click("reveal")
    assert "Solution:" in html and attempt.mark == "seen"
    go_to(pid, "numbers")
    html = click("check", "", {"n0": "5", "n1": "", "n2": "x", "n3": "−3"})
    assert panel.attempt.result is not None and panel.attempt.draft.numbers[::3] == [5, -3]
    click("open", "", {"course": "MAT101", "assignment": "week-3", "student": "s42"})
    assert panel.worksheet.progress.student_id == "s42"
    for name, action in (("follow_suit", "card"), ("passing", "choose")):
        pid = start(name, tmp_path, lang="en")
        value = str(panel_of(pid).attempt.offered()[0])
        click(action, value)
        assert 'aria-pressed="true"' in live.draw(pid)
    assert seen == set(panel.actions())


def test_a_wrong_try_then_a_hint_then_the_solution(tmp_path: Path) -> None:
    pid = start("passing", tmp_path)
    attempt = panel_of(pid).attempt
    html = answer_by_clicking(pid, wrong_answer(attempt))
    assert "Henüz doğru değil." in html and "Çözümü göster" in html and "Tekrar dene" in html
    assert 'aria-label="Soru 1: yanlış"' in html
    html = live.act(pid, "hint", "")
    assert "İpucu 1:" in html
    html = live.act(pid, "reveal", "")
    assert "Çözüm:" in html and attempt.revealed and attempt.closed
    assert 'aria-label="Soru 1: çözümü gösterildi"' in html
    # the verdicts are in a live region
    assert re.search(r'class="maca-ex-messages" role="status">.*Çözüm:', html)


def test_reopening_restores_every_answer_and_verdict(tmp_path: Path) -> None:
    pid = start("follow_suit", tmp_path)
    sheet = panel_of(pid).worksheet
    answer_by_clicking(pid, sheet.current.exercise.answer())
    live.act(pid, "next", "")
    answer_by_clicking(pid, wrong_answer(sheet.current))
    live.act(pid, "hint", "")
    marks, drafts = sheet.marks(), [a.draft for a in sheet]
    assert (tmp_path / "answers-follow_suit-guest.json").exists()
    again = start("follow_suit", tmp_path)
    restored = panel_of(again).worksheet
    assert restored.marks() == marks and [a.draft for a in restored] == drafts
    html = live.draw(again)
    assert "Önceki cevapların answers-follow_suit-guest.json dosyasından yüklendi (2/20 soru)" \
        in html
    assert 'aria-label="Soru 1: doğru"' in html and 'aria-label="Soru 2: yanlış"' in html
    live.act(again, "go", "2")
    html = live.draw(again)
    assert "Henüz doğru değil." in html and "İpucu 1:" in html
    assert "yüklendi" not in html and "maca-note-error" not in html.split("maca-ex-footer")[1]


def test_the_browser_storage_keeps_each_set_apart_across_reloads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = FakeStorage()
    monkeypatch.setattr(module, "_storage", lambda: store)
    monkeypatch.setattr(module, "BROWSER_FOLDER", tmp_path / "page-1")
    first = live.start(json.dumps({"panel": "exercise_set", "lang": "tr", "name": "hearts"}))
    sheet = panel_of(first).worksheet
    answer_by_clicking(first, sheet.current.exercise.answer())
    second = live.start(json.dumps({"panel": "exercise_set", "lang": "tr", "name": "moon"}))
    answer_by_clicking(second, wrong_answer(panel_of(second).attempt))
    assert sorted(k for k in store.items if k.startswith(module.STORAGE_PREFIX)) == [
        "maca-answers/answers-hearts-guest.json", "maca-answers/answers-moon-guest.json"]
    assert "bu tarayıcıda saklanıyor" in live.draw(first)
    # a reload: Python starts afresh (an empty folder), the storage stays
    monkeypatch.setattr(module, "BROWSER_FOLDER", tmp_path / "page-2")
    hearts = panel_of(live.start(json.dumps({"panel": "exercise_set", "lang": "tr",
                                             "name": "hearts"}))).worksheet
    moon = panel_of(live.start(json.dumps({"panel": "exercise_set", "lang": "tr",
                                           "name": "moon"}))).worksheet
    assert hearts.marks()[0] == "right" and moon.marks()[0] == "wrong"
    assert hearts.marks().count("new") == len(hearts) - 1
    assert moon.marks().count("new") == len(moon) - 1


def test_who_the_learner_is_opens_their_variant_and_is_remembered(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = FakeStorage()
    monkeypatch.setattr(module, "_storage", lambda: store)
    monkeypatch.setattr(module, "BROWSER_FOLDER", tmp_path / "a")
    pid = live.start(json.dumps({"panel": "exercise_set", "lang": "tr", "name": "scoring"}))
    guest = [a.exercise.answer() for a in panel_of(pid).worksheet]
    html = live.act(pid, "open", "", json.dumps({"course": "MAT101", "assignment": "hafta-3",
                                                "student": "2024007"}))
    sheet = panel_of(pid).worksheet
    assert sheet.file_name == "answers-scoring-2024007.json"
    assert [a.exercise.answer() for a in sheet] != guest      # their own variant
    assert "öğrenci 2024007" in html and 'value="2024007"' in html
    answer_by_clicking(pid, sheet.current.exercise.answer())
    monkeypatch.setattr(module, "BROWSER_FOLDER", tmp_path / "b")
    again = panel_of(live.start(json.dumps({"panel": "exercise_set", "lang": "tr",
                                            "name": "scoring"})))
    assert again.worksheet.progress.course == "MAT101"
    assert again.worksheet.marks()[0] == "right"
    other = panel_of(live.start(json.dumps({"panel": "exercise_set", "lang": "tr",
                                            "name": "moon"})))
    assert (other.worksheet.progress.course, other.worksheet.progress.student_id,
            other.worksheet.progress.assignment) == ("MAT101", "2024007", "moon")
    # an identity the session refuses is said, and the set stays as it was
    html = live.act(pid, "open", "", json.dumps({"course": " ", "assignment": "x" * 10,
                                                "student": "y" * 200}))
    assert panel_of(pid).worksheet.progress.student_id == "y" * 200
    live.act(pid, "open", "", json.dumps({"course": "MAT101", "assignment": "hafta-3",
                                          "student": "2024007"}))
    assert panel_of(pid).worksheet.marks()[0] == "right"


def test_another_sets_or_courses_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    other = Worksheet.open("hearts", folder=tmp_path)
    other.current.choose(other.current.exercise.answer())
    other.save(tmp_path / "answers-passing-guest.json")       # a hearts file, passing's name
    before = (tmp_path / "answers-passing-guest.json").read_bytes()
    pid = start("passing", tmp_path)
    panel = panel_of(pid)
    html = live.draw(pid)
    assert panel.refused is not None and panel.worksheet.path is None
    assert "başka bir alıştırma setine ait" in html and "kaydedilmiyor" in html
    answer_by_clicking(pid, panel.attempt.exercise.answer())
    assert (tmp_path / "answers-passing-guest.json").read_bytes() == before
    # another course, same set and student
    mine = start("moon", tmp_path, course="MAT101")
    answer_by_clicking(mine, panel_of(mine).attempt.exercise.answer())
    theirs = panel_of(start("moon", tmp_path, course="FIZ102"))
    assert theirs.refused is not None and "başka bir derse ait" in live.draw(
        live._OPEN.index(theirs))


def test_the_downloaded_file_is_graded_by_the_teacher(tmp_path: Path) -> None:
    pid = start("passing", tmp_path / "browser", course="MAT101", assignment="hafta-1",
                student="2024007")
    (tmp_path / "browser").mkdir(exist_ok=True)
    sheet = panel_of(pid).worksheet
    answer_by_clicking(pid, sheet.current.exercise.answer())
    live.act(pid, "next", "")
    answer_by_clicking(pid, wrong_answer(sheet.current))
    html = live.draw(pid)
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
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert len(rows) == 1
    row = rows[0]
    assert "2024007" in row.values()
    scores = [v for k, v in row.items() if k.startswith("pass-")]
    assert scores[:2] == ["1", "0"] and all(v in ("", "0") for v in scores[2:])


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
        pid = start("dummy", tmp_path, lang="en")
        html = live.draw(pid)
        assert "Which one is higher?" in html and 'data-value="KH"' in html
        live.act(pid, "card", "9S")
        assert "Not right yet." in live.act(pid, "check", "")
        live.act(pid, "retry", "")
        live.act(pid, "card", "KH")
        assert "The higher one wins." in live.act(pid, "check", "")
        assert panel_of(pid).attempt.solved
    finally:
        del KINDS["higher_card"]
