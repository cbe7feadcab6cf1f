"""The exercise session every front-end shares (`maca.exercises.session`), headless: every kind
answered right and wrong through its answer form, hints, retry, the solution after a wrong
try, the answers file named per set and student, saved, read back into every question, and
refused (untouched) when it is someone else's."""
from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest

from maca import Card
from maca.errors import SettingError
from maca.exercises import (KINDS, AnswersFileError, ExerciseError, Progress, Worksheet,
                            answers_file_name, find_set, parse_set, set_names)
from maca.exercises.session import Attempt
from maca.exercises.text import _CATALOGUE
from maca.notation import rules_to_text
from maca.puzzles import load_puzzles

KINDS_MADE = ["legal_cards", "play_goal", "trick_winner", "pass_direction", "moon_possible",
              "hand_score", "game_winner", "choose_pass", "choose_lead", "choose_discard"]
KINDS_ASKED = KINDS_MADE + ["puzzle"]
PUZZLE = load_puzzles("safe_exit")[0]  # a puzzle of the collection, written into the set
SET = ('id = "mixed"\ntitle = { tr = "Karışık", en = "Mixed" }\nhint_cost = 1\n'
       + "".join(f'[[generate]]\nid = "{k}"\nkind = "{k}"\npoints = 2\n' for k in KINDS_MADE)
       + '[[generate]]\nid = "three"\nkind = "hand_score"\nrules = "three_players"\n'
       '[[exercise]]\nid = "nopass"\nkind = "pass_direction"\nhand = 4\n'
       'prompt = { tr = "Kartların kime gider?", en = "Who gets your cards?" }\n'
       + '[[exercise]]\nid = "puzzle-1"\nkind = "puzzle"\npoints = 2\n'
       f'rules = "{rules_to_text(PUZZLE.question.rules)}"\n'
       + "".join(f"{k} = {json.dumps(v, ensure_ascii=False)}\n"
                 for k, v in PUZZLE.question.params.items())
       + 'prompt = { tr = "Hangi kart?", en = "Which card?" }\nhints = ['
       + ", ".join(f"{{ tr = {json.dumps(h.tr, ensure_ascii=False)}, en = "
                   f"{json.dumps(h.en, ensure_ascii=False)} }}" for h in PUZZLE.hints) + "]\n")
ID = {k: f"{k}-1" for k in KINDS_ASKED}


@pytest.fixture
def set_file(tmp_path: Path) -> Path:
    path = tmp_path / "mixed.toml"
    path.write_text(SET, encoding="utf-8")
    return path


def opened(set_file: Path, exercise_id: str | None = None, **options: Any) -> Worksheet:
    """The test set for student s1 (answers kept beside it), showing ``exercise_id``."""
    options.setdefault("folder", set_file.parent)
    options.setdefault("student", "s1")
    sheet = Worksheet.open(set_file, **options)
    if exercise_id is not None:
        sheet.go(index_of(sheet, exercise_id))
    return sheet


def index_of(sheet: Worksheet, exercise_id: str) -> int:
    return [a.exercise.id for a in sheet].index(exercise_id)


def enter(attempt: Attempt, answer: Any) -> None:
    """Build ``answer`` (in the JSON form of answers files) with the attempt's own actions."""
    mode = attempt.form.mode
    if mode == "cards":
        for card in answer:
            attempt.toggle(card)
    elif mode == "card":
        attempt.toggle(answer)
    elif mode == "line":     # a puzzle's line: its cards played in order
        for card in [answer] if isinstance(answer, str) else answer:
            attempt.toggle(card)
    elif mode == "numbers":
        for seat, value in enumerate(answer):
            attempt.set_number(seat, value)
    elif mode == "winners":
        for seat in answer["winners"]:
            attempt.toggle_winner(seat)
        for seat, value in enumerate(answer["standings"]):
            attempt.set_standing(seat, value)
    else:
        attempt.choose(answer)


def wrong(attempt: Attempt) -> Any:
    """Some answer the engine refuses, built from what the attempt offers."""
    exercise, mode = attempt.exercise, attempt.form.mode
    right = exercise.answer()
    if exercise.kind == "choose_pass":
        return [str(c) for c in exercise.question.study.table()[-1][0]]  # the worst pass
    if mode == "cards":
        return right[1:] or [str(next(c for c in attempt.offered() if str(c) not in right))]
    if mode in ("card", "line"):
        return str(next(c for c in attempt.offered() if c not in exercise.question.solution()
                        and exercise.question.hand.check(c)))
    if mode == "numbers":
        return [right[0] + 1, *right[1:]]
    if mode == "winners":
        others = [s for s in range(attempt.players) if s not in right["winners"]]
        return {"winners": others[:1], "standings": right["standings"]}
    if mode == "yes_no":
        return not right
    return next(s for s in attempt.offered() if s != right)


# -- one exercise -----------------------------------------------------------------------------
def test_every_kind_is_answered_by_a_form_and_every_sentence_is_bilingual():
    assert set(KINDS_ASKED) == set(KINDS)
    assert {cls.form.mode for cls in KINDS.values()} == {
        "cards", "card", "line", "seat", "yes_no", "numbers", "winners"}
    for key, (tr, en) in _CATALOGUE.items():
        assert tr and en, key


@pytest.mark.parametrize("kind", KINDS_ASKED)
def test_right_answer(set_file, kind):
    sheet = opened(set_file, ID[kind])
    attempt = sheet.current
    enter(attempt, attempt.exercise.answer())
    result = attempt.check()
    assert result.passed and result.score == result.max_score == 2
    assert attempt.solved and attempt.closed and not attempt.can_reveal()
    assert sheet.score() == (2, sheet.exercises.max_score, 1)
    assert Progress.load(sheet.path).answers[ID[kind]].tries == 1
    enter(attempt, wrong(attempt))     # a solved exercise takes no more answers
    assert attempt.check() is None and attempt.note["en"] == "You answered this question correctly."
    assert not sheet.check(ID[kind], wrong(attempt)).passed      # typed: refused the same way
    assert sheet.progress.answers[ID[kind]].tries == 1


@pytest.mark.parametrize("kind", KINDS_ASKED)
def test_wrong_answer_then_solution(set_file, kind):
    attempt = opened(set_file, ID[kind]).current
    if attempt.exercise.question.free_solution:    # a puzzle shows it at once, if asked
        assert attempt.can_reveal()
    else:
        assert not attempt.can_reveal()
        attempt.reveal()
        assert attempt.solution() is None
        assert attempt.note["tr"] == "Çözüm yanlış bir denemeden sonra gösterilir."
    enter(attempt, wrong(attempt))
    result = attempt.check()
    assert not result.passed and result.score == 0
    assert result.message("tr").startswith("Henüz doğru değil.")
    assert attempt.shown_result() is result and attempt.mark == "wrong"
    assert attempt.can_reveal() and attempt.solution() is None
    attempt.reveal()
    assert attempt.solution() == attempt.exercise.solution() and attempt.mark == "seen"
    enter(attempt, attempt.exercise.answer())
    assert attempt.check() is None
    assert attempt.note["tr"].startswith("Çözümü gördüğün için bu soru kapandı")
    assert attempt.worksheet.progress.answers[ID[kind]].tries == 1


@pytest.mark.parametrize("kind", KINDS_ASKED)
def test_retry_after_a_wrong_try(set_file, kind):
    attempt = opened(set_file, ID[kind]).current
    enter(attempt, wrong(attempt))
    attempt.check()
    given = attempt.answer()
    attempt.retry()
    assert attempt.shown_result() is None
    if attempt.form.corrected:
        assert attempt.answer() == given                # kept, to be corrected
    else:
        assert attempt.answer() in (None, [])           # cleared for a fresh choice
    attempt.draft = attempt.form.empty(attempt.players)
    enter(attempt, attempt.exercise.answer())
    result = attempt.check()
    assert result.passed and result.score == 2
    assert attempt.worksheet.progress.answers[ID[kind]].tries == 2


@pytest.mark.parametrize("kind", KINDS_ASKED)
def test_hint_is_counted_and_costs_points(set_file, kind):
    sheet = opened(set_file, ID[kind])
    attempt = sheet.current
    hints = attempt.exercise.hints
    assert attempt.hint() == hints[0] and attempt.hints == [hints[0]]
    assert Progress.load(sheet.path).answers[ID[kind]].hints == 1
    enter(attempt, attempt.exercise.answer())
    result = attempt.check()
    assert result.passed and result.score == 1          # hint_cost = 1
    assert "1 ipucu 1 puan düşürdü" in result.message("tr")
    assert attempt.hint() is None                       # solved: no more hints counted
    assert sheet.hint(ID[kind]) == attempt.note
    assert sheet.progress.answers[ID[kind]].hints == 1


def test_an_incomplete_answer_is_explained_not_counted(set_file):
    expected = {"cards": "Select your cards first.", "card": "Click a card first.",
                "line": "Click a card first.",
                "seat": "Make a choice first.", "yes_no": "Make a choice first.",
                "winners": "Choose the winner(s) first."}
    sheet = opened(set_file)
    for kind in KINDS_ASKED:
        attempt = sheet[ID[kind]]
        if attempt.form.mode == "numbers":
            continue        # the number boxes always hold a number
        assert attempt.check() is None, kind
        assert attempt.note["en"] == expected[attempt.form.mode]
        assert sheet.progress.answers.get(ID[kind]) is None
    attempt = sheet[ID["game_winner"]]
    attempt.toggle_winner(0)
    attempt.check()
    assert attempt.note["tr"] == "Her oyuncu için bir sıralama puanı seç."


def test_card_clicks_select_and_unselect(set_file):
    cards = opened(set_file)[ID["legal_cards"]]
    first, second = cards.offered()[:2]
    for card in (first, second, first):
        cards.toggle(card)
    assert cards.draft.cards == [second]
    cards.toggle("2C" if Card.parse("2C") not in cards.offered() else "AS")  # not held: ignored
    assert cards.draft.cards == [second]
    one = opened(set_file)[ID["play_goal"]]
    first, second = one.offered()[:2]
    one.toggle(first)
    one.toggle(second)
    assert one.answer() == str(second)
    one.toggle(second)
    assert one.answer() is None


def test_seats_to_choose_from(set_file):
    sheet = opened(set_file)
    assert sheet["nopass"].offered() == [1, 2, 3, "none"]
    assert sheet[ID["trick_winner"]].offered() == [0, 1, 2, 3]
    sheet["nopass"].choose("none")
    assert sheet["nopass"].check().passed
    three = sheet["three-1"]
    assert three.players == 3 and three.draft.numbers == [0, 0, 0]


def test_a_typed_answer_shows_in_the_draft(set_file):
    sheet = opened(set_file, folder=None)
    attempt = sheet[ID["trick_winner"]]
    right = attempt.exercise.answer()
    assert sheet.check(ID["trick_winner"], ["Güney", "Batı", "Kuzey", "Doğu"][right]).passed
    assert attempt.draft.choice == right
    assert sheet.check("nopass", "   ").message("tr") == "Henüz cevap yok: bir cevap yaz."
    assert sheet.progress.answers.get("nopass") is None and sheet.path is None


# -- the answers file -------------------------------------------------------------------------
def test_the_file_is_named_by_set_and_student_and_holds_the_set(set_file):
    sheet = opened(set_file, student="2024/007")
    assert sheet.path == set_file.parent / "answers-mixed-2024_007.json" == \
        set_file.parent / answers_file_name("mixed", "2024/007")
    assert not sheet.path.exists()                     # nothing is written before a try
    sheet[ID["moon_possible"]].choose(True)
    sheet[ID["moon_possible"]].check()
    data = json.loads(sheet.path.read_text(encoding="utf-8"))
    assert (data["set"], data["student_id"], data["course"], data["assignment"]) == \
        ("mixed", "2024/007", "maca", "mixed")
    assert sheet.status["en"] == "Your answers are saved in answers-mixed-2024_007.json."


def test_every_answer_is_shown_again_after_a_reload(set_file):
    first = opened(set_file)
    done = {}
    for kind in KINDS_ASKED:                           # right, wrong, and wrong + solution
        attempt = first[ID[kind]]
        answer = attempt.exercise.answer() if kind in ("legal_cards", "hand_score") \
            else wrong(attempt)
        enter(attempt, answer)
        attempt.check()
        if kind == "game_winner":
            attempt.reveal()
        done[ID[kind]] = (attempt.mark, attempt.answer())
    first["nopass"].hint()
    again = opened(set_file)
    assert again.restored
    assert again.status["en"] == ("Your earlier answers were loaded from answers-mixed-s1.json "
                                  f"({len(KINDS_ASKED)} of {len(again)} questions).")
    for exercise_id, (mark, answer) in done.items():
        attempt = again[exercise_id]
        assert (attempt.mark, attempt.answer()) == (mark, answer), exercise_id
        assert attempt.shown_result() is not None                # its verdict is on screen
        assert attempt.worksheet.progress.answers[exercise_id].tries == 1  # reading is no try
    assert again[ID["game_winner"]].closed and again[ID["game_winner"]].solution() is not None
    assert again["nopass"].hints == list(again["nopass"].exercise.hints[:1])
    assert again.score() == first.score() and again.marks() == first.marks()
    assert again.index == 0                             # the first exercise not solved yet


def test_a_typed_answer_that_cannot_be_read_is_shown_as_wrong_and_why(set_file):
    progress = Progress("maca", "mixed", "s1", "mixed", None)
    progress.record(ID["trick_winner"], "nowhere")
    progress.save(set_file.parent / "answers-mixed-s1.json")
    attempt = opened(set_file)[ID["trick_winner"]]
    assert attempt.mark == "wrong" and "'nowhere' is not a seat" in \
        attempt.shown_result().message("en")


def test_two_sets_keep_two_files(tmp_path):
    hearts = Worksheet.open("hearts", folder=tmp_path)
    attempt = hearts.current
    enter(attempt, attempt.exercise.answer())
    assert attempt.check().passed
    moon = Worksheet.open("moon", folder=tmp_path)
    enter(moon.current, wrong(moon.current))
    moon.current.check()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "answers-hearts-guest.json", "answers-moon-guest.json"]
    again = Worksheet.open("hearts", folder=tmp_path)
    assert again[attempt.exercise.id].solved and again.score() == hearts.score()


@pytest.mark.parametrize("field, value, tr, en", [
    ("student_id", "s2", "başka bir öğrenciye ait (s2; sen: s1)",
     "belongs to another student (s2; you: s1)"),
    ("set_id", "other", "başka bir alıştırma setine ait (other; sen: mixed)",
     "belongs to another exercise set (other; you: mixed)"),
    ("course", "MAT101", "başka bir derse ait (MAT101; sen: maca)",
     "belongs to another course (MAT101; you: maca)"),
    ("assignment", "hafta-3", "başka bir ödeve ait (hafta-3; sen: mixed)",
     "belongs to another assignment (hafta-3; you: mixed)"),
])
def test_a_file_of_someone_or_something_else_is_refused_untouched(set_file, field, value, tr, en):
    mine = opened(set_file)
    mine.current.hint()
    setattr(mine.progress, field, value)
    mine.save()
    before = mine.path.read_bytes()
    with pytest.raises(AnswersFileError) as info:
        opened(set_file)
    assert tr in info.value.message("tr") and en in info.value.message("en")
    assert info.value.message("tr").startswith("answers-mixed-s1.json dosyası")
    assert mine.path.read_bytes() == before


def test_a_broken_file_is_refused_untouched(set_file):
    path = set_file.parent / "answers-mixed-s1.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(AnswersFileError) as info:
        opened(set_file)
    assert info.value.message("tr") == ("answers-mixed-s1.json bir cevap dosyası olarak "
                                        "okunamadı. Dosyaya dokunulmadı: taşı ya da sil, sonra "
                                        "seti yeniden aç.")
    assert "not valid JSON" in info.value.message("en")
    assert path.read_text(encoding="utf-8") == "{not json"


def test_a_failed_save_is_reported_and_export_still_works(set_file):
    sheet = opened(set_file, ID["moon_possible"], folder=set_file.parent / "no")
    enter(sheet.current, sheet.current.exercise.answer())
    assert sheet.current.check().passed
    assert sheet.status["tr"].startswith("Cevapların answers-mixed-s1.json dosyasına "
                                         "kaydedilemedi")
    url = sheet.export()
    assert url.startswith("data:application/json;base64,")
    progress = Progress.from_json(base64.b64decode(url.partition(",")[2]).decode("utf-8"))
    assert progress.answers[ID["moon_possible"]].answer == sheet.current.exercise.answer()
    with pytest.raises(AnswersFileError, match="cannot write the answers file"):
        sheet.save()


def test_names_and_refusals(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert find_set("hearts").id == "hearts" and "passing" in set_names()
    sheet = Worksheet.open("passing")
    assert sheet.path == Path("answers-passing-guest.json") and sheet.anonymous
    with pytest.raises(SettingError, match="Your student id: it must be a non-empty text"):
        Worksheet.open("passing", student=" ")
    for hidden in ("s1\u200b", "\u202eevil", "a\x07b", "s\ud800"):   # ids the grader refuses
        with pytest.raises(SettingError, match="characters no id has") as refused:
            Worksheet.open("passing", student=hidden, folder=None)
        assert "görünmez" in refused.value.message("tr")
    with pytest.raises(ExerciseError, match="no exercise set 'nope'"):
        find_set("nope")
    with pytest.raises(ExerciseError, match="no exercise set '../passing'"):
        find_set("../passing")
    with pytest.raises(ExerciseError, match="an exercise set is a name"):
        find_set(5)
    assert list(tmp_path.iterdir()) == []              # nothing is written before a try


def test_navigation_stays_inside_the_set(set_file):
    sheet = opened(set_file, ID["legal_cards"])
    sheet.previous()
    sheet.previous()
    assert sheet.index == 0
    sheet.go(99)
    assert sheet.current.exercise.id == "three-1"
    sheet.next()
    assert sheet.current.exercise.id == "three-1"


def test_a_single_exercise_keeps_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    sheet = Worksheet.single(find_set("passing")["pass-1"])
    attempt = sheet.current
    attempt.choose(attempt.exercise.answer())
    assert attempt.check().passed and sheet.path is None and list(tmp_path.iterdir()) == []
    assert "<svg" not in attempt.picture("tr") and "Tur" in attempt.picture("tr")


def test_only_a_line_is_answered_by_playing_cards(set_file):
    """A puzzle's line takes its cards one after another, each checked at its moment; a card
    the engine refuses is explained and not counted; other kinds refuse a played card."""
    sheet = opened(set_file)
    with pytest.raises(SettingError, match="not answered by playing cards"):
        sheet[ID["legal_cards"]].play("2C")
    line = sheet[ID["puzzle"]]
    hand = line.exercise.question.hand
    refused = next(iter(hand.cards(0) - hand.legal_plays()), None) or next(
        iter(hand.cards(1)))
    assert line.play(refused) is None and line.note is not None and not line.draft.cards
    result = line.play(next(iter(line.exercise.question.solution())))
    assert result.passed and line.entry.tries == 1 and line.closed
    line.retry()                       # played again for practice: nothing recorded
    assert line.play(line.exercise.answer()) is None and line.entry.tries == 1
