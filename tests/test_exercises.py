"""Exercise sets: every shipped exercise validates, the engine's answer gets full marks and a
wrong one does not; answers are read from natural values; bad files get clear errors."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from maca import Card, CardSet, Hand
from maca.exercises import (AnswerError, AnswersFileError, Exercise, ExerciseError, Progress,
                            Worksheet, check, load_set, parse_set, set_from_dict)
from maca.exercises.kinds import PlayGoal, read_cards, read_seat, read_yes_no

ROOT = Path(__file__).resolve().parent.parent
SETS = sorted((ROOT / "exercises").glob("*.toml"))
TOPICS = {"passing", "follow_suit", "hearts", "scoring", "moon", "turkish", "variants",
          "strategy"}


def wrong_answer(exercise: Exercise) -> Any:
    """An answer the engine must refuse, made from the engine's own answer."""
    q = exercise.question
    right = q.solution()
    if exercise.kind == "legal_cards":
        held = q.hand.cards(0)
        return [str(c) for c in (right - [next(iter(right))] if len(right) > 1 else
                                 (held - right) or CardSet.parse("AS 2C") - held)][:13]
    if exercise.kind == "choose_pass":
        return [str(c) for c in q.study.table()[-1][0]]      # the worst pass measured
    if exercise.kind in ("play_goal", "choose_lead", "choose_discard"):
        return str(next(iter(q.hand.legal_plays() - q.accepted)))
    if exercise.kind == "trick_winner":
        return (right + 1) % q.players
    if exercise.kind == "pass_direction":
        return "none" if right is not None else (q.seat + 1) % q.players
    if exercise.kind == "hand_score":
        return [right[0] + 1, *right[1:]]
    if exercise.kind == "game_winner":
        winners, standings = right
        return {"winners": list(winners), "standings": [-v if v else 1 for v in standings]}
    assert exercise.kind == "moon_possible"
    return not right


def test_the_sets_cover_every_lesson_topic() -> None:
    topics = {load_set(path).topic for path in SETS}
    assert TOPICS <= topics


@pytest.mark.parametrize("path", SETS, ids=lambda p: p.stem)
def test_every_shipped_exercise_validates_and_is_graded_by_the_engine(path: Path) -> None:
    exercises = load_set(path)
    assert len(exercises) >= 10
    assert exercises.title.tr and exercises.title.en and exercises.title.tr != exercises.title.en
    for exercise in exercises:
        assert exercise.prompt.tr and exercise.prompt.en and exercise.prompt.tr != exercise.prompt.en
        assert all(h.tr and h.en for h in exercise.hints)
        right = check(exercise, exercise.answer())
        assert right.passed and right.score == right.max_score == exercise.points, exercise.id
        wrong = check(exercise, wrong_answer(exercise))
        assert not wrong.passed and wrong.score == 0, exercise.id
        assert wrong.message("tr") != wrong.message("en")
        for lang in ("tr", "en"):
            assert exercise.describe(lang)


@pytest.mark.parametrize("path", SETS, ids=lambda p: p.stem)
def test_sets_mix_written_and_generated_exercises(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert "[[exercise]]" in text and "[[generate]]" in text
    assert not re.search(r"^\s*(answer|solution)\s*=", text, re.M)


def test_feedback_comes_from_the_engines_reasons() -> None:
    ex = load_set(ROOT / "exercises" / "follow_suit.toml")["fs-2"]
    hand: Hand = ex.question.hand
    result = check(ex, ["Q♣", "A♥"])
    assert not result.passed
    for lang in ("tr", "en"):
        assert hand.check("AH").message(lang) in result.message(lang)
    assert "You left out 3 more card(s)" in result.message("en")
    assert result.solution.en == "Q♣ 10♣ 6♣ 4♣" and result.answer == ["AH", "QC"]
    html = result._repr_html_()
    assert "Henüz doğru değil." in html and "Not right yet." in html and "0/1" in html


def test_goal_feedback_shows_a_line_of_play_that_fails() -> None:
    ex = load_set(ROOT / "exercises" / "hearts.toml")["hb-8"]
    assert isinstance(ex.question, PlayGoal)
    assert ex.question.accepted == CardSet.parse("10S 4S")
    text = check(ex, "AS").message("en")
    assert "A♠ is not enough: if the trick goes on with West Q♠, you win it (with 13 " \
           "penalty points)." in text
    assert "A♠ yetmez: el böyle sürerse (Batı Q♠) eli sen alırsın (13 ceza puanıyla)." \
        in check(ex, "AS").message("tr")
    assert check(ex, "4♠").passed and check(ex, "maça 10'lu").passed


def test_answers_are_read_from_natural_values() -> None:
    assert read_cards("Q♠ 10h, 2c") == read_cards(["QS", Card.parse("10H"), "sinek 2"]) \
        == CardSet.parse("QS 10H 2C")
    assert read_seat("Doğu", 4) == read_seat("EAST", 4) == read_seat("3", 4) == 3
    assert read_seat("sen", 4) == read_seat("South (you)", 4) == 0
    assert read_yes_no("Hayır") is False and read_yes_no(True) is True
    scoring = load_set(ROOT / "exercises" / "scoring.toml")
    points = list(scoring["sc-1"].question.solution())
    assert check(scoring["sc-1"], ", ".join(map(str, points))).passed
    assert check(scoring["sc-1"], {"Güney": points[0], "Batı": points[1], "Kuzey": points[2],
                                   "Doğu": points[3]}).passed
    assert check(scoring["gw-2"], ("Güney Batı", "0 0 -1 0")).passed
    assert check(scoring["gw-2"], {"winners": "0, 1", "standings": "0 0 −1 0"}).passed


@pytest.mark.parametrize("exercise_id, answer, expected", [
    ("fs-2", "ZZ", "cannot read 'ZZ' as a card"),
    ("fs-2", None, "There is no answer yet"),
    ("fs-2", 7, "cannot be read as cards"),
    ("fs-10", "KH 9H", "Choose a single card; you gave 2"),
    ("fs-7", 9, "9 is not a seat: write a number 0-3 or South, West, North, East"),
    ("fs-11", "North", "'North' is not a seat: write a number 0-2 or South, West, East"),
])
def test_unreadable_answers_are_explained(exercise_id: str, answer: Any, expected: str) -> None:
    ex = load_set(ROOT / "exercises" / "follow_suit.toml")[exercise_id]
    with pytest.raises(AnswerError) as info:
        check(ex, answer)
    assert expected in info.value.message("en")
    assert info.value.message("tr") != info.value.message("en")


def test_unreadable_score_answers_are_explained() -> None:
    scoring = load_set(ROOT / "exercises" / "scoring.toml")
    with pytest.raises(AnswerError, match="Write 4 numbers, one per player"):
        check(scoring["sc-1"], [0, 16, 5])
    with pytest.raises(AnswerError, match="'x' is not a number"):
        check(scoring["sc-1"], "0 x 5 5")
    with pytest.raises(AnswerError, match=r"Standings are only \+1, 0 or -1"):
        check(scoring["gw-1"], {"winners": [2], "standings": [0, -2, 1, 0]})
    with pytest.raises(AnswerError, match="Three players have no across"):
        check(load_set(ROOT / "exercises" / "passing.toml")["pass-9"], "across")


def test_hints_cost_points_when_the_set_says_so() -> None:
    s = parse_set('title = {tr = "D", en = "T"}\nhint_cost = 1\npoints = 3\n'
                  '[[exercise]]\nid = "p"\nkind = "pass_direction"\nhand = 1\n'
                  'prompt = {tr = "Kime?", en = "To whom?"}\n'
                  'hints = [{tr = "Sol.", en = "Left."}, {tr = "Batı.", en = "West."}]\n')
    sheet = Worksheet.for_student(s, "C", "A", "s1")
    assert sheet.hint("p").en == "Left." and sheet.hint("p").en == "West."
    assert sheet.hint("p").en == "This exercise has no more hints."
    result = sheet.check("p", "west")
    assert result.passed and result.score == 1 and "cost 2 point(s)" in result.message("en")
    assert sheet.progress.answers["p"].hints == 2


GOOD = '''title = { tr = "Deneme", en = "Trial" }
[[exercise]]
id = "q1"
kind = "legal_cards"
position = "hand=4 cards=A94.KT63.Q85.972/J65.Q95.KJ3.AT54/KT73.A87.A9762.3/Q82.J42.T4.KQJ86"
prompt = { tr = "Hangi kartlar?", en = "Which cards?" }
'''


@pytest.mark.parametrize("old, new, problem", [
    ('kind = "legal_cards"', 'kind = "best_card"', "kind 'best_card' is not known"),
    ('id = "q1"', 'id = "q1"\nanswer = "2C"', "never hold the answer"),
    ('prompt = { tr = "Hangi kartlar?", en = "Which cards?" }', 'prompt = { tr = "Hangi?" }',
     "prompt needs a non-empty en text"),
    ("cards=A94.KT63", "cards=A94.KT6", "position: 3H is missing"),
    ("hand=4 ", "hand=4 trick=1: ", "trick 1 is led by seat 1, but seat 0 holds 2C"),
    ('kind = "legal_cards"', 'kind = "legal_cards"\nplays = "2C"', "unknown field(s) plays"),
    ('kind = "legal_cards"', 'kind = "play_goal"\ngoal = "lose"',
     "every legal card reaches the goal 'lose': the question tests nothing"),
    ('kind = "legal_cards"', 'kind = "legal_cards"\nrules = "turkish;target=0"',
     "rules option target=0 is not valid"),
])
def test_malformed_exercises_name_file_exercise_and_problem(old: str, new: str, problem: str) -> None:
    assert old in GOOD
    with pytest.raises(ExerciseError) as info:
        parse_set(GOOD.replace(old, new), "sets/trial.toml")
    message = str(info.value)
    assert message.startswith("sets/trial.toml: exercise 'q1' ([[exercise]] #1): "), message
    assert problem in message


@pytest.mark.parametrize("text, problem", [
    ("title = [", "not valid TOML"),
    ('title = { tr = "D", en = "T" }', "has no [[exercise]] nor [[generate]] table"),
    (GOOD + GOOD.split("\n", 1)[1], "exercise id 'q1' is used twice"),
    (GOOD + '[[generate]]\nkind = "legal_cards"\n', "[[generate]] #1: id None"),
    (GOOD + '[[generate]]\nid = "g"\nkind = "legal_cards"\ntheme = "moon"\n',
     "[[generate]] #1: theme 'moon' is not a legal_cards theme"),
    (GOOD + '[[generate]]\nid = "g"\nkind = "hand_score"\ntheme = "peskir"\n',
     "[[generate]] #1: theme 'peskir' needs rules with peşkir"),
    ('colour = "red"\n' + GOOD, "unknown top-level field(s) colour"),
])
def test_malformed_sets_are_refused_with_the_file_named(text: str, problem: str) -> None:
    with pytest.raises(ExerciseError) as info:
        parse_set(text, "trial.toml")
    assert str(info.value).startswith("trial.toml: ") and problem in str(info.value)


def test_a_missing_file_is_named() -> None:
    with pytest.raises(ExerciseError, match="nowhere.toml: cannot read the exercise set"):
        load_set("nowhere.toml")


def test_progress_files_round_trip_and_are_schema_checked() -> None:
    progress = Progress("MAT101", "hafta-3", "2024001", "hearts", 42)
    progress.record("hb-1", ["KS", "8S"])
    progress.entry("hb-2").hints = 1
    again = Progress.from_json(progress.to_json())
    assert again == progress and again.ignored == []
    data = progress.to_dict()
    data["score"] = 100
    data["answers"]["hb-1"]["points"] = 5
    assert Progress.from_dict(data).ignored == ["field 'score'", "answers['hb-1'].points"]
    for change, problem in [
            ({"format": "x"}, "not a maca answers file"), ({"version": 2}, "version 2"),
            ({"student_id": ""}, "student_id: it must be a non-empty text"),
            ({"answers": []}, "answers must be an object"),
            ({"answers": {"a": {"tries": -1}}}, "answers['a'].tries must be a whole number"),
            ({"seed": "7"}, "seed must be a whole number or null")]:
        with pytest.raises(AnswersFileError, match="^a.json: .*" + problem.replace("[", r"\[")):
            Progress.from_dict({**progress.to_dict(), **change}, "a.json")
    with pytest.raises(AnswersFileError, match="b.json: not valid JSON"):
        Progress.from_json("{'python': True}", "b.json")
    with pytest.raises(AnswersFileError, match="c.json: not valid JSON"):
        Progress.from_json("[" * 100000, "c.json")


SCORE = '''title = { tr = "Deneme", en = "Trial" }
[[exercise]]
id = "s1"
kind = "hand_score"
taken = ["QS", "", "", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"]
prompt = { tr = "Puanlar?", en = "Points?" }
'''


@pytest.mark.parametrize("text, problem", [
    (SCORE + "tricks = 5\n", "tricks must be 4 whole numbers adding up to 13, not 5"),
    (SCORE + "tricks = [1, 1, 1, true]\n", "tricks must be 4 whole numbers"),
    (SCORE + "peskir = [true]\n", "peskir must be a list of seat numbers 0 to 3, not [True]"),
    (SCORE.replace('"QS", ""', '"QS", 5'), 'taken[1] must be cards like "QS 2H"'),
    (SCORE.replace('"hand_score"', "[]"), "kind [] is not known: use legal_cards"),
    (GOOD.replace('position = "hand=4 ', 'position = ["hand=4"]\n# '),
     "position must be a position string (see maca.notation), not ['hand=4']"),
    (GOOD.replace('kind = "legal_cards"', 'kind = "play_goal"\ngoal = []'),
     "goal [] is not known: use win, lose"),
    (GOOD.replace('kind = "legal_cards"', 'kind = "play_goal"\ngoal = "avoid_card"\ncard = 5'),
     'card must be cards like "QS 2H"'),
    (GOOD.replace('kind = "legal_cards"', 'kind = "play_goal"\ngoal = "avoid_card"\ncard = "QS AS"'),
     'card must be one card, like "QS", not \'QS AS\''),
    (GOOD.replace('kind = "legal_cards"', 'kind = "trick_winner"\nplays = 5'),
     'plays must be cards in the order played'),
    (GOOD.replace('kind = "legal_cards"', 'kind = "pass_direction"\nhand = "①"').replace(
        "position", "#"), "hand must be a hand number (1, 2, …), not '①'"),
    (GOOD.replace('kind = "legal_cards"', 'kind = "moon_possible"\nseat = 1.0'),
     "seat must be a seat number 0 to 3, not 1.0"),
    (GOOD.replace('kind = "legal_cards"', 'kind = "game_winner"\ntotals = [1, 2, 3, "4"]')
     .replace("position", "#"), "totals must be 4 whole numbers, one per seat, not [1, 2, 3, '4']"),
    (GOOD.replace('kind = "legal_cards"', 'kind = "legal_cards"\nrules = ["standard"]'),
     "rules must be text like \"standard\""),
    (GOOD.replace("prompt = {", "hints = 5\nprompt = {"), "hints must be a list"),
    (GOOD.replace('id = "q1"', "id = []"), "id []: use letters, digits"),
])
def test_fields_of_the_wrong_type_name_file_exercise_and_field(text: str, problem: str) -> None:
    with pytest.raises(ExerciseError) as info:
        parse_set(text, "sets/trial.toml")
    message = str(info.value)
    assert message.startswith("sets/trial.toml: exercise "), message
    assert "([[exercise]] #1): " + problem in message, message


@pytest.mark.parametrize("text, problem", [
    ("x = " + "[" * 2000 + "]" * 2000, "values are nested too deeply to be read"),
    ("title = " + "{a = " * 2000 + "1" + "}" * 2000, "values are nested too deeply to be read"),
    (GOOD + '[[generate]]\nid = "g"\nkind = []\n', "[[generate]] #1: kind [] cannot be generated"),
    (GOOD + '[[generate]]\nid = "g"\nkind = "hand_score"\ntheme = 0\n',
     "[[generate]] #1: theme 0 is not a hand_score theme: use play, moon"),
    (GOOD + '[[generate]]\nid = "g"\nkind = "game_winner"\ncount = 1000000\n',
     "[[generate]] #1: count must be a whole number from 1 to 100, not 1000000"),
    ("topic = 5\n" + GOOD, "topic must be text, not 5"),
    ("title = []\n" + GOOD.split("\n", 1)[1], "title must be a table with tr and en texts"),
    ('title = {tr = "D", en = "T"}\nexercise = 5\n', "exercise must be written as [[exercise]] tables"),
])
def test_malformed_sets_of_any_shape_give_exercise_errors(text: str, problem: str) -> None:
    with pytest.raises(ExerciseError) as info:
        parse_set(text, "trial.toml")
    assert str(info.value).startswith("trial.toml: ") and problem in str(info.value)


@pytest.mark.parametrize("data", [None, [], "title", {1: 2}, {"exercise": [{1: 2}]},
                                  {"title": {"tr": "a", "en": "b"}, "exercise": [{"id": "x"}]}])
def test_sets_from_tables_of_the_wrong_shape(data: Any) -> None:
    with pytest.raises(ExerciseError, match="^t.toml: "):
        set_from_dict(data, "t.toml")


def test_a_set_from_a_table_is_the_set_from_its_file() -> None:
    import tomllib
    path = ROOT / "exercises" / "passing.toml"
    table = set_from_dict(tomllib.loads(path.read_text(encoding="utf-8")), str(path),
                          default_id="passing")
    assert [e.answer() for e in table] == [e.answer() for e in load_set(path)]


@pytest.mark.parametrize("value", [None, 5, b"x.toml", ["x.toml"]])
def test_readers_want_a_path_or_text(value: Any) -> None:
    with pytest.raises(ExerciseError):
        load_set(value)
    with pytest.raises(ExerciseError):
        parse_set(value)
    with pytest.raises(AnswersFileError):
        Progress.load(value)
    with pytest.raises(AnswersFileError):
        Progress.from_json(value)
    with pytest.raises(ExerciseError, match="cannot read the exercise set"):
        load_set("bad\x00name.toml")


@pytest.mark.parametrize("answer", [{"a": 1}, {1, 2}, b"QS", 2.5, [[["QS"]]], "²", "٣" * 30])
def test_answers_of_any_type_are_answer_errors_or_judged(answer: Any) -> None:
    for path in SETS[:3]:
        for exercise in load_set(path):
            try:
                check(exercise, answer)
            except AnswerError as exc:
                assert exc.message("tr") and exc.message("en")
