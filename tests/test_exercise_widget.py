"""The exercise widget, headless: a thin view over the exercise session (`test_session`
tests the session itself). Clicks answer every kind; the language and kind change the
controls; the learner's identity reopens the set; the answers file goes to the grader."""
from __future__ import annotations

import base64
import csv
import re
from html import unescape
from pathlib import Path

import pytest
from test_session import ID, KINDS_ASKED, SET, index_of, set_file, wrong  # noqa: F401 (a fixture)

TOTAL = len(KINDS_ASKED) + 2   # the test set: one generated exercise per kind, two more

from maca.exercises import Worksheet, parse_set
from maca.exercises.grading import grade_files

ipywidgets = pytest.importorskip("ipywidgets")


pytestmark = pytest.mark.usefixtures("no_callback_errors")


@pytest.fixture
def settings():
    from maca.lessons import Settings
    return Settings(lang="tr")


def shown(view) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", view.message.value))


def visible(view, button) -> bool:
    return button in view.controls.children


def click_answer(view, answer) -> None:
    """Give ``answer`` through the widgets, as a learner would."""
    mode = view.attempt.form.mode
    if mode in ("cards", "card"):
        for card in [answer] if mode == "card" else answer:
            view.cards.button_for(card).click()
    elif mode == "seat":
        view.seat_choice.value = answer
    elif mode == "yes_no":
        view.yes_no.value = answer
    elif mode == "numbers":
        for box, value in zip(view.numbers, answer):
            box.value = value
    else:
        for seat in answer["winners"]:
            view.winners[seat].value = True
        for box, value in zip(view.standings, answer["standings"]):
            box.value = value


def test_view_cards_check_wrong_solution(set_file, settings):
    import maca.widgets as mw
    view = mw.exercise_set(set_file, student="s1", folder=set_file.parent, settings=settings,
                           bar=False)
    view.next.click()                                  # from nopass to legal_cards
    assert view.children[0] is view.header and f"Soru 2/{TOTAL}" in view.header.value
    assert "Karışık" in view.header.value and "Puanın: 0/" in view.header.value
    assert "Kartlara tıklayarak seç" in shown(view)
    assert [b.description for b in view.controls.children] == ["Kontrol et", "İpucu"]
    exercise = view.attempt.exercise
    held = exercise.question.hand.cards(0)
    assert len(view.cards.children) == len(held)
    picked = wrong(view.attempt)
    click_answer(view, picked)
    assert view.cards.button_for(picked[0]).style.button_color == "#fde68a"
    assert view.picture.value.count('stroke="#d97706"') == len(picked)   # raised in the picture
    assert view.picture.value == view.attempt.picture("tr")              # the one picture
    view.check.click()
    assert "Henüz doğru değil." in shown(view) and "Puan: 0/2" in shown(view)
    assert [b.description for b in view.controls.children] == [
        "Kontrol et", "İpucu", "Tekrar dene", "Çözümü göster"]
    view.reveal.click()
    assert "Çözüm: " + exercise.solution().tr in shown(view)
    assert view.check.disabled and all(b.disabled for b in view.cards.children)
    assert not visible(view, view.reveal) and not visible(view, view.retry)
    settings.update(lang="en")
    assert [b.description for b in view.controls.children][0] == "Check"
    assert "Solution: " + exercise.solution().en in shown(view)
    assert exercise.prompt.en in unescape(view.prompt.value)


def test_view_every_kind_by_clicks(set_file, settings):
    import maca.widgets as mw
    view = mw.exercise_set(set_file, student="s1", folder=None, settings=settings, bar=False)
    sheet = view.worksheet
    for index, attempt in enumerate(sheet):
        exercise = attempt.exercise
        assert sheet.index == index
        if exercise.hints:
            view.hint.click()
            assert f"İpucu 1: {exercise.hints[0].tr}" in shown(view)
        click_answer(view, exercise.answer())
        view.check.click()
        assert "Doğru!" in shown(view), exercise.id
        assert view.check.disabled and view.hint.disabled
        view.next.click()
    assert view.next.disabled and f"Soru {TOTAL}/{TOTAL}" in view.position.value
    got, most, tried = sheet.score()
    assert tried == TOTAL and got == most - (TOTAL - 1)  # a hint cost 1 on each but nopass
    assert view.header.value.count("#1b7a3a") == TOTAL
    view.previous.click()
    assert sheet.index == TOTAL - 2
    from ipywidgets.widgets.widget import _instances
    before = len(_instances)
    for _ in range(3):
        view.previous.click()
        view.next.click()
    assert len(_instances) == before                     # redrawing leaks no widget
    from ipywidgets.embed import embed_data
    assert embed_data(views=[view])["view_specs"]        # nothing refers to a closed widget


def test_view_controls_follow_the_kind_and_the_language(set_file, settings):
    import maca.widgets as mw
    view = mw.exercise_set(set_file, folder=None, settings=settings, bar=False)
    sheet = view.worksheet

    def show(exercise_id: str) -> None:
        sheet.go(index_of(sheet, exercise_id))
        view.refresh()

    show(ID["trick_winner"])
    assert view.answer.children == (view.seat_choice,)
    assert [o[0] for o in view.seat_choice.options] == ["Güney (sen)", "Batı", "Kuzey", "Doğu"]
    show("nopass")
    assert [o[0] for o in view.seat_choice.options] == ["Batı", "Kuzey", "Doğu", "Kimse"]
    show(ID["moon_possible"])
    assert [o[0] for o in view.yes_no.options] == ["Evet", "Hayır"]
    show(ID["game_winner"])
    assert [w.description for w in view.winners] == ["Güney (sen)", "Batı", "Kuzey", "Doğu"]
    assert len(view.standings) == 4 and view.standings[0].value is None
    show("three-1")
    assert [b.description for b in view.number_row.children] == ["Güney (sen)", "Batı", "Doğu"]
    settings.update(lang="en", four_colour=True)
    assert [b.description for b in view.number_row.children] == ["South (you)", "West", "East"]
    show(ID["legal_cards"])
    assert "#1e7b34" in view.picture.value or "#1459b8" in view.picture.value
    assert "Click cards to select them" in shown(view)
    assert view.identity not in view.footer.children


def test_single_exercise_widget(settings):
    import maca.widgets as mw
    view = mw.exercise_widget("passing/pass-1", settings=settings)
    assert view.nav not in view.children and view.footer not in view.children
    assert "1 puan" in view.header.value
    view.seat_choice.value = 2
    view.check.click()
    assert "1. turda kartlar sola geçirilir." in shown(view)
    view.retry.click()
    assert view.seat_choice.value is None and "Bir oyuncu seç" in shown(view)
    view.seat_choice.value = 1
    view.check.click()
    assert "Doğru!" in shown(view) and view.worksheet.path is None


def test_the_learner_types_who_they_are_and_the_set_opens_as_theirs(set_file, settings):
    import maca.widgets as mw
    view = mw.exercise_set(set_file, folder=set_file.parent, identity=True, settings=settings,
                           bar=False)
    assert view.identity in view.footer.children
    fields = view.identity_fields
    assert [f.description for f in fields.values()] == ["Ders", "Ödev", "Öğrenci numaran"]
    assert [f.value for f in fields.values()] == ["maca", "mixed", ""]
    guest = view.worksheet
    view.attempt.choose("none")
    view.check.click()                                   # nopass, as the guest
    fields["course"].value, fields["assignment"].value = "MAT101", "hafta-3"
    fields["student"].value = " 2024001 "
    view.reopen.click()
    mine = view.worksheet
    assert mine is not guest and mine.progress.student_id == "2024001"
    assert mine.path.name == "answers-mixed-2024001.json" and mine.marks()[0] == "new"
    click_answer(view, view.attempt.exercise.answer())
    view.check.click()
    stranger = Worksheet.open(set_file, student="2024002", folder=set_file.parent)
    stranger.progress.student_id = "someone"              # a file that is not 2024002's
    stranger.hint(ID["legal_cards"])
    fields["student"].value = "2024002"
    view.reopen.click()
    assert view.worksheet is mine                        # refused: the set stays as it was
    assert "başka bir öğrenciye ait (someone; sen: 2024002)" in unescape(view.status.value)
    fields["student"].value = ""                         # back to the guest's own file
    fields["course"].value = fields["assignment"].value = ""
    view.reopen.click()
    assert view.worksheet.marks()[0] == "right" and "ait" not in view.status.value


def test_a_file_that_is_not_the_learners_is_named_and_left_alone(set_file, settings):
    """Opening on someone else's file shows why, keeps answers in memory, and writes nothing;
    the learner opens the set as the file's owner and goes on."""
    import maca.widgets as mw
    theirs = Worksheet.open(set_file, folder=set_file.parent, course="MAT101")
    theirs.hint(ID["legal_cards"])
    theirs.progress.course = "maca"       # the guest's file, written for another course
    theirs.progress.assignment = "hafta-3"
    theirs.save()
    before = theirs.path.read_bytes()
    view = mw.exercise_set(set_file, folder=set_file.parent, identity=True, settings=settings,
                           bar=False)
    assert view.worksheet.path is None and view.folder == set_file.parent
    said = unescape(view.status.value)
    assert "başka bir ödeve ait (hafta-3; sen: mixed). Bu dosyaya dokunulmadı" in said
    assert "Cevapların şimdilik kaydedilmiyor. Dosya seninse ders, ödev" in said
    view.attempt.choose("none")
    view.check.click()
    assert view.worksheet.current.solved and theirs.path.read_bytes() == before
    view.identity_fields["assignment"].value = "hafta-3"
    view.reopen.click()
    assert view.worksheet.path == theirs.path and view.worksheet[ID["legal_cards"]].hints
    assert "ait" not in view.status.value


def test_widget_clicks_to_saved_file_to_full_marks(set_file, settings, tmp_path, monkeypatch):
    """End to end: clicks in the widget → the answers file → the teacher's grader."""
    import maca.widgets as mw
    from maca.__main__ import main
    monkeypatch.chdir(tmp_path)
    view = mw.exercise_set(set_file, student="2024001", course="MAT101", assignment="hafta-3",
                           settings=settings, bar=False)
    sheet = view.worksheet
    for attempt in sheet:
        if sheet.index == 1:                     # one wrong try first: the last answer counts
            click_answer(view, wrong(attempt))
            view.check.click()
            view.retry.click()
        click_answer(view, attempt.exercise.answer())
        view.check.click()
        view.next.click()
    view.export.click()
    link = re.search(r'download="([^"]+)" href="data:application/json;base64,([^"]+)"',
                     view.download.value)
    assert link and link[1] == "answers-mixed-2024001.json"
    assert "Bu dosyayı öğretmenine gönder." in view.download.value
    handed_in = tmp_path / "answers"
    handed_in.mkdir()
    (handed_in / link[1]).write_bytes(base64.b64decode(link[2]))
    assert (handed_in / link[1]).read_bytes() == (tmp_path / link[1]).read_bytes()[:-1]
    base = parse_set(SET, str(set_file), default_id="mixed")
    [row] = grade_files(base, [handed_in / link[1]], "MAT101", "hafta-3")
    assert row.error is None and row.score == row.max_score == base.max_score
    assert main(["grade", "--set", str(set_file), "--answers", str(handed_in),
                 "--out", str(tmp_path / "grades.csv"), "--course", "MAT101"]) == 0
    [graded] = list(csv.DictReader(open(tmp_path / "grades.csv", encoding="utf-8")))
    assert graded["student_id"] == "2024001" and graded["score"] == graded["max_score"]
    assert graded["status"] == "ok"
