"""The exercise widget: its controller (every kind: right, wrong, hint, retry, the solution
after a wrong try, saving and reloading) and its view, headless, down to the teacher's grader."""
from __future__ import annotations

import base64
import csv
import json
import re
from html import unescape
from pathlib import Path

import pytest

from maca import Card
from maca.exercises import AnswersFileError, ExerciseError, Progress, parse_set
from maca.exercises.grading import grade_files
from maca.widgets.exercise import MODES, TEXT, ExerciseSession, find_set

KINDS = ["legal_cards", "play_goal", "trick_winner", "pass_direction", "moon_possible",
         "hand_score", "game_winner"]
SET = ('id = "mixed"\ntitle = { tr = "Karışık", en = "Mixed" }\nhint_cost = 1\n'
       + "".join(f'[[generate]]\nid = "{k}"\nkind = "{k}"\npoints = 2\n' for k in KINDS)
       + '[[generate]]\nid = "three"\nkind = "hand_score"\nrules = "three_players"\n'
       '[[exercise]]\nid = "nopass"\nkind = "pass_direction"\nhand = 4\n'
       'prompt = { tr = "Kartların kime gider?", en = "Who gets your cards?" }\n')
ID = {k: f"{k}-1" for k in KINDS}


@pytest.fixture
def set_file(tmp_path: Path) -> Path:
    path = tmp_path / "mixed.toml"
    path.write_text(SET, encoding="utf-8")
    return path


def index_of(session: ExerciseSession, exercise_id: str) -> int:
    return [e.id for e in session.exercises].index(exercise_id)


def session_at(set_file: Path, exercise_id: str, **options) -> ExerciseSession:
    """A session of the test set, showing ``exercise_id``."""
    options.setdefault("path", set_file.parent / "answers.json")
    options.setdefault("student", "s1")
    session = ExerciseSession.open(set_file, **options)
    session.go(index_of(session, exercise_id))
    return session


def enter(session: ExerciseSession, answer) -> None:
    """Build ``answer`` (in the JSON form of answers files) with the session's own actions."""
    mode = session.mode
    if mode == "cards":
        for card in answer:
            session.toggle(card)
    elif mode == "card":
        session.toggle(answer)
    elif mode == "numbers":
        for seat, value in enumerate(answer):
            session.set_number(seat, value)
    elif mode == "winners":
        for seat in answer["winners"]:
            session.toggle_winner(seat)
        for seat, value in enumerate(answer["standings"]):
            session.set_standing(seat, value)
    else:
        session.choose(answer)


def wrong(session: ExerciseSession):
    """Some answer the engine refuses, for the exercise on screen."""
    exercise = session.exercise
    right = exercise.answer()
    mode = session.mode
    if mode == "cards":
        return right[1:] or [str(next(c for c in session.choices() if str(c) not in right))]
    if mode == "card":
        return str(next(c for c in session.choices() if c not in exercise.question.solution()))
    if mode == "numbers":
        return [right[0] + 1, *right[1:]]
    if mode == "winners":
        others = [s for s in range(session.players) if s not in right["winners"]]
        return {"winners": others[:1], "standings": right["standings"]}
    if mode == "yes_no":
        return not right
    return next(s for s in session.seats() if s != right)


# -- the controller -----------------------------------------------------------------------------
def test_every_kind_has_a_way_to_answer():
    from maca.exercises import KINDS as ALL
    assert set(MODES) == set(ALL)
    for key, (tr, en) in TEXT.items():
        assert tr and en and tr != en, key


@pytest.mark.parametrize("kind", KINDS)
def test_right_answer(set_file, kind):
    session = session_at(set_file, ID[kind])
    enter(session, session.exercise.answer())
    result = session.check()
    assert result.passed and result.score == result.max_score == 2
    assert session.solved(ID[kind]) and session.closed and not session.can_reveal()
    assert session.score() == (2, session.worksheet.exercises.max_score, 1)
    saved = Progress.load(session.path)
    assert saved.answers[ID[kind]].tries == 1
    enter(session, wrong(session))     # a solved exercise takes no more answers
    assert session.check() is None and session.note["en"] == "You answered this question correctly."
    assert session.worksheet.progress.answers[ID[kind]].tries == 1


@pytest.mark.parametrize("kind", KINDS)
def test_wrong_answer_then_solution(set_file, kind):
    session = session_at(set_file, ID[kind])
    assert not session.can_reveal()
    session.reveal()
    assert session.solution() is None
    assert session.note["tr"] == "Çözüm yanlış bir denemeden sonra gösterilir."
    enter(session, wrong(session))
    result = session.check()
    assert not result.passed and result.score == 0
    assert result.message("tr").startswith("Henüz doğru değil.")
    assert session.shown_result() is result and session.marks()[session.index] == "wrong"
    assert session.can_reveal() and session.solution() is None
    session.reveal()
    assert session.solution() == session.exercise.solution()
    assert session.marks()[session.index] == "seen"
    enter(session, session.exercise.answer())
    assert session.check() is None
    assert session.note["tr"].startswith("Çözümü gördüğün için bu soru kapandı")
    assert session.worksheet.progress.answers[ID[kind]].tries == 1


@pytest.mark.parametrize("kind", KINDS)
def test_retry_after_a_wrong_try(set_file, kind):
    session = session_at(set_file, ID[kind])
    enter(session, wrong(session))
    session.check()
    session.retry()
    assert session.shown_result() is None and session.answer() in (None, [0] * session.players)
    enter(session, session.exercise.answer())
    result = session.check()
    assert result.passed and result.score == 2
    assert session.worksheet.progress.answers[ID[kind]].tries == 2


@pytest.mark.parametrize("kind", KINDS)
def test_hint_is_counted_and_costs_points(set_file, kind):
    session = session_at(set_file, ID[kind])
    hints = session.exercise.hints
    assert session.hint() == hints[0] and session.state.hints == [hints[0]]
    assert Progress.load(session.path).answers[ID[kind]].hints == 1
    enter(session, session.exercise.answer())
    result = session.check()
    assert result.passed and result.score == 1          # hint_cost = 1
    assert "1 ipucu 1 puan düşürdü" in result.message("tr")
    assert session.hint() is None                       # solved: no more hints counted
    assert session.worksheet.progress.answers[ID[kind]].hints == 1


def test_an_incomplete_answer_is_explained_not_counted(set_file):
    expected = {"cards": "Select your cards first.", "card": "Click a card first.",
                "seat": "Make a choice first.", "yes_no": "Make a choice first.",
                "winners": "Choose the winner(s) first."}
    for kind in KINDS:
        session = session_at(set_file, ID[kind])
        if session.mode == "numbers":
            continue        # the number boxes always hold a number
        assert session.check() is None, kind
        assert session.note["en"] == expected[session.mode]
        assert session.worksheet.progress.answers.get(ID[kind]) is None
    session = session_at(set_file, ID["game_winner"])
    session.toggle_winner(0)
    session.check()
    assert session.note["tr"] == "Her oyuncu için bir sıralama puanı seç."


def test_card_clicks_select_and_unselect(set_file):
    cards = session_at(set_file, ID["legal_cards"])
    first, second = cards.choices().sorted_for_display()[:2]
    cards.toggle(first)
    cards.toggle(second)
    cards.toggle(first)
    assert cards.draft.cards == [second]
    cards.toggle("2C" if Card.parse("2C") not in cards.choices() else "AS")  # not held: ignored
    assert cards.draft.cards == [second]
    one = session_at(set_file, ID["play_goal"])
    first, second = one.choices().sorted_for_display()[:2]
    one.toggle(first)
    one.toggle(second)
    assert one.answer() == str(second)


def test_seats_to_choose_from(set_file):
    assert session_at(set_file, "nopass").seats() == [1, 2, 3, "none"]
    assert session_at(set_file, ID["trick_winner"]).seats() == [0, 1, 2, 3]
    session = session_at(set_file, "nopass")
    session.choose("none")
    assert session.check().passed
    three = session_at(set_file, "three-1")
    assert three.players == 3 and three.draft.numbers == [0, 0, 0]


def test_progress_is_saved_and_read_back(set_file):
    first = session_at(set_file, ID["legal_cards"])
    enter(first, first.exercise.answer())
    first.check()
    first.go(index_of(first, ID["play_goal"]))   # a hint, then a wrong try
    first.hint()
    enter(first, wrong(first))
    first.check()
    data = json.loads(first.path.read_text(encoding="utf-8"))
    assert data["student_id"] == "s1" and data["set"] == "mixed" and data["course"] == "maca"
    assert data["answers"][ID["play_goal"]] == {"answer": wrong(first), "tries": 1, "hints": 1,
                                                "solution_seen": False}
    again = ExerciseSession.open(set_file, student="s1", path=first.path)
    assert again.restored
    assert again.status["en"] == "Your earlier answers were loaded from answers.json."
    assert again.index == 0                      # the first exercise not solved yet
    again.go(index_of(again, ID["play_goal"]))
    assert again.solved(ID["legal_cards"]) and again.marks()[:4] == ["new", "right", "wrong", "new"]
    assert again.state.hints == list(again.exercise.hints[:1])
    assert again.answer() == wrong(first) and again.can_reveal()
    assert again.score() == first.score()
    assert again.worksheet.progress.answers[ID["play_goal"]].tries == 1  # reading is no try


def test_a_seen_solution_stays_seen_when_the_set_is_opened_again(set_file):
    first = session_at(set_file, ID["play_goal"])
    enter(first, wrong(first))
    first.check()
    first.reveal()
    assert first.closed and first.solution() is not None
    again = ExerciseSession.open(set_file, student="s1", path=first.path)
    again.go(index_of(again, ID["play_goal"]))
    assert again.closed and not again.can_reveal()
    enter(again, again.exercise.answer())
    again.check()                                 # refused: the wrong answer stands
    assert again.worksheet.progress.answers[ID["play_goal"]].answer == wrong(first)
    assert again.score() == first.score()


def test_a_file_of_someone_else_or_broken_is_refused(set_file):
    path = set_file.parent / "answers.json"
    other = session_at(set_file, ID["hand_score"], student="s2", path=path)
    other.hint()
    assert path.exists()
    with pytest.raises(AnswersFileError, match="başka bir öğrencinin ya da ödevin .*another path="):
        ExerciseSession.open(set_file, student="s1", path=path)
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(AnswersFileError, match="not valid JSON.*bu cevap dosyası okunamadı"):
        ExerciseSession.open(set_file, student="s2", path=path)


def test_a_failed_save_is_reported_and_export_still_works(set_file):
    session = session_at(set_file, ID["moon_possible"], path=set_file.parent / "no" / "a.json")
    enter(session, session.exercise.answer())
    assert session.check().passed
    assert session.status["tr"].startswith("Cevapların a.json dosyasına kaydedilemedi")
    url = session.export()
    assert url.startswith("data:application/json;base64,")
    progress = Progress.from_json(base64.b64decode(url.partition(",")[2]).decode("utf-8"))
    assert progress.answers[ID["moon_possible"]].answer == session.exercise.answer()


def test_open_names_and_refusals(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert find_set("hearts").id == "hearts"
    session = ExerciseSession.open("passing")
    assert session.path == Path("maca-answers-passing.json") and session.anonymous
    named = ExerciseSession.open("passing", student="2024/007", save=False)
    assert named.path is None and not named.anonymous
    assert ExerciseSession.open("passing", student="2024/007").path.name == \
        "maca-answers-passing-2024_007.json"
    with pytest.raises(ValueError, match="student must be a non-empty text"):
        ExerciseSession.open("passing", student=" ")
    with pytest.raises(ExerciseError, match="no exercise set 'nope'"):
        find_set("nope")
    assert list(tmp_path.iterdir()) == []          # nothing is written before a try


def test_navigation_stays_inside_the_set(set_file):
    session = session_at(set_file, ID["legal_cards"])
    session.previous()
    assert session.index == 0
    session.go(99)
    assert session.exercise.id == "three-1"
    session.next()
    assert session.exercise.id == "three-1"


# -- the view, headless -------------------------------------------------------------------------
ipywidgets = pytest.importorskip("ipywidgets")


pytestmark = pytest.mark.usefixtures("no_callback_errors")


@pytest.fixture
def settings():
    from maca.lessons import Settings
    return Settings(lang="tr")


def shown(view) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", view.message.value))


def visible(button) -> bool:
    return button.layout.display != "none"


def click_answer(view, answer) -> None:
    """Give ``answer`` through the widgets, as a learner would."""
    session = view.session
    mode = session.mode
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
    view = mw.exercise_set(set_file, student="s1", path=set_file.parent / "a.json",
                           settings=settings, bar=False)
    view.next.click()                                  # from nopass to legal_cards
    assert view.children[0] is view.header and "Soru 2/9" in view.header.value
    assert "Karışık" in view.header.value and "Puanın: 0/" in view.header.value
    assert "Kartlara tıklayarak seç" in shown(view)
    assert [b.description for b in view.controls.children] == [
        "Kontrol et", "İpucu", "Tekrar dene", "Çözümü göster"]
    assert not visible(view.reveal) and not visible(view.retry)
    exercise = view.session.exercise
    held = exercise.question.hand.cards(0)
    assert len(view.cards.children) == len(held)
    picked = wrong(view.session)
    click_answer(view, picked)
    assert view.cards.button_for(picked[0]).style.button_color == "#fde68a"
    assert view.picture.value.count('stroke="#d97706"') == len(picked)   # raised in the picture
    view.check.click()
    assert "Henüz doğru değil." in shown(view) and "Puan: 0/2" in shown(view)
    assert visible(view.reveal) and visible(view.retry)
    view.reveal.click()
    assert "Çözüm: " + exercise.solution().tr in shown(view)
    assert view.check.disabled and all(b.disabled for b in view.cards.children)
    assert not visible(view.reveal)
    settings.update(lang="en")
    assert [b.description for b in view.controls.children][0] == "Check"
    assert "Solution: " + exercise.solution().en in shown(view)
    assert exercise.prompt.en in unescape(view.prompt.value)


def test_view_every_kind_by_clicks(set_file, settings):
    import maca.widgets as mw
    view = mw.exercise_set(set_file, student="s1", save=False, settings=settings, bar=False)
    session = view.session
    for index, exercise in enumerate(session.exercises):
        assert session.index == index
        if exercise.hints:
            view.hint.click()
            assert f"İpucu 1: {exercise.hints[0].tr}" in shown(view)
        click_answer(view, exercise.answer())
        view.check.click()
        assert "Doğru!" in shown(view), exercise.id
        assert view.check.disabled and view.hint.disabled
        view.next.click()
    assert view.next.disabled and "Soru 9/9" in view.position.value
    got, most, tried = session.score()
    assert tried == 9 and got == most - 8           # a hint cost 1 on each of 8 exercises
    assert view.header.value.count("#1b7a3a") == 9
    view.previous.click()
    assert session.index == 7
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
    view = mw.exercise_set(set_file, save=False, settings=settings, bar=False)
    session = view.session

    def show(exercise_id: str) -> None:
        session.go(index_of(session, exercise_id))
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
    assert "Doğru!" in shown(view) and view.session.path is None


def test_widget_clicks_to_saved_file_to_full_marks(set_file, settings, tmp_path, monkeypatch):
    """End to end: clicks in the widget → the answers file → the teacher's grader."""
    import maca.widgets as mw
    from maca.__main__ import main
    monkeypatch.chdir(tmp_path)
    view = mw.exercise_set(set_file, student="2024001", course="MAT101", assignment="hafta-3",
                           settings=settings, bar=False)
    session = view.session
    for exercise in session.exercises:
        if session.index == 1:                   # one wrong try first: the last answer counts
            click_answer(view, wrong(session))
            view.check.click()
            view.retry.click()
        click_answer(view, exercise.answer())
        view.check.click()
        view.next.click()
    view.export.click()
    link = re.search(r'download="([^"]+)" href="data:application/json;base64,([^"]+)"',
                     view.download.value)
    assert link and link[1] == "maca-answers-mixed-2024001.json"
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
