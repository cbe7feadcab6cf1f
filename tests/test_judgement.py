"""The question kinds of judgement: choose_pass (simulation against the medium computer player),
choose_lead and choose_discard (the double-dummy solver). Right answers are accepted, bad ones
refused with the engine's figures, verdicts are reproducible, bad input is refused in Turkish
and English, and the sets that ask them (strategy, variants) are answered in every front-end."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from maca import CardSet, Rules
from maca.exercises import AnswerError, ExerciseError, Worksheet, check, find_set, load_set
from maca.exercises.kinds import judgement
from maca.exercises.grading import grade_files
from maca.exercises.kinds import build_question
from maca.exercises.model import Exercise
from maca.exercises.roster import Student
from maca.exercises.sheets import write_sheets
from maca.words import Text

ROOT = Path(__file__).resolve().parent.parent
STRATEGY = ROOT / "exercises" / "strategy.toml"
HAND = "QS 4S AH KH 7H 2H AD 10D 6D 3D KC 9C 5C"


def exercise(kind: str, fields: dict, rules: str = "standard") -> Exercise:
    return Exercise("x", build_question(kind, fields, rules), Text("?", "?"))


@pytest.fixture(scope="module")
def passing() -> Exercise:
    return exercise("choose_pass", {"cards": HAND, "direction": "left"})


# -- choose_pass ----------------------------------------------------------------------------------
def test_the_best_pass_is_accepted_with_its_figure(passing: Exercise) -> None:
    best, mean = passing.question.study.table()[0]
    result = check(passing, [str(c) for c in best])
    assert result.passed
    figure = f"{mean:.1f}"
    assert figure in result.message("en") and figure.replace(".", ",") in result.message("tr")
    assert "That is the best pass found." in result.message("en")


def test_a_bad_pass_is_refused_with_both_figures(passing: Exercise) -> None:
    result = check(passing, "KH 7H 2H")          # keep the unguarded queen, pass small hearts
    assert not result.passed and result.score == 0
    mine = passing.question.study.mean(CardSet.parse("KH 7H 2H"))
    best = passing.question.study.table()[0][1]
    assert mine > best + judgement.PASS_MARGIN
    en, tr = result.message("en"), result.message("tr")
    assert f"{mine:.1f}" in en and f"{best:.1f}" in en and "points per hand" in en
    assert f"{mine:.1f}".replace(".", ",") in tr and "tur başına" in tr


def test_every_pass_within_the_margin_is_accepted(passing: Exercise) -> None:
    table = passing.question.study.table()
    best = table[0][1]
    for cards, mean in table:
        assert check(passing, str(cards)).passed == (mean <= best + judgement.PASS_MARGIN + 1e-9)
    assert passing.question.solution() == tuple(c for c, m in table
                                                if m <= best + judgement.PASS_MARGIN + 1e-9)


def test_a_pass_outside_the_candidates_is_measured_on_the_same_deals(passing: Exercise) -> None:
    study = passing.question.study
    outside = CardSet.parse("4S 3D 5C")
    assert not outside <= study.pool
    result = check(passing, outside)
    assert f"{study.mean(outside):.1f}" in result.message("en")


def test_the_verdict_is_reproducible() -> None:
    rules = Rules.preset("standard")
    one = judgement.PassStudy(rules, CardSet.parse(HAND), "left", deals=40)
    two = judgement.PassStudy(rules, CardSet.parse(HAND), "left", deals=40)
    assert [(str(c), m) for c, m in one.table()] == [(str(c), m) for c, m in two.table()]
    assert one.pool == two.pool
    other = judgement.PassStudy(rules, CardSet.parse(HAND), "right", deals=40)
    assert [m for _, m in other.table()] != [m for _, m in one.table()]


@pytest.mark.parametrize("answer, tr, en", [
    ("QS AH", "Tam 3 kart seç; 2 kart verdin.", "Choose exactly 3 cards; you gave 2."),
    ("QS AH KH 7H", "Tam 3 kart seç; 4 kart verdin.", "Choose exactly 3 cards; you gave 4."),
    ("QS AH AS", "A♠ senin kartların arasında yok", "A♠ is not among your cards"),
    ("", "Henüz cevap yok", "There is no answer yet"),
])
def test_a_bad_pass_answer_is_refused_in_both_languages(passing: Exercise, answer: str,
                                                         tr: str, en: str) -> None:
    with pytest.raises(AnswerError) as info:
        passing.question.read(answer)
    assert tr in info.value.message("tr") and en in info.value.message("en")


@pytest.mark.parametrize("fields, rules, message", [
    ({"cards": "QS 4S", "direction": "left"}, "standard", "cards must be the 13 cards"),
    ({"cards": HAND, "direction": "up"}, "standard", "direction must be one of"),
    ({"cards": HAND + " JS 8H 5D 2C", "direction": "across"}, "three_players",
     "direction must be one of"),
    ({"cards": HAND, "direction": "left"}, "turkish", "these rules have no passing"),
    ({"cards": HAND, "direction": "left", "margin": -1}, "standard", "margin must be"),
])
def test_bad_pass_fields_are_refused(fields: dict, rules: str, message: str) -> None:
    with pytest.raises(ExerciseError, match=message):
        build_question("choose_pass", fields, rules)


# -- choose_lead, choose_discard ------------------------------------------------------------------
def test_the_lead_is_judged_by_the_solver_with_its_line() -> None:
    lead = find_set(STRATEGY)["lead-smoke"]
    assert check(lead, "4S").passed
    wrong = check(lead, "4D")
    assert not wrong.passed
    assert "does not make sure of the goal" in wrong.message("en")
    assert "Q♠ → you win" in wrong.message("en")
    assert "hedefe ulaşmak garanti değil" in wrong.message("tr") and "→ sen alırsın" in wrong.message("tr")


def test_fewest_points_shows_the_points_of_both_cards() -> None:
    lead = find_set(STRATEGY)["lead-void"]
    q = lead.question
    best = q.proof.best
    wrong = check(lead, "KC")
    assert not wrong.passed
    assert f"you end the hand with {q.value_of(CardSet.parse('KC').sorted_for_display()[0])} " \
           f"points; with the best card, {best}" in wrong.message("en")
    right = check(lead, lead.answer())
    assert right.passed and f"with the best card, {best}" in right.message("en")


def test_the_discard_is_judged_by_the_solver() -> None:
    discard = find_set(STRATEGY)["discard-queen"]
    assert discard.question.solution() == CardSet.parse("QS")
    assert check(discard, "QS").passed
    result = check(discard, "KC")
    assert not result.passed and "Play: West 9♥" in result.message("en")


def test_one_card_is_asked() -> None:
    discard = find_set(STRATEGY)["discard-queen"]
    with pytest.raises(AnswerError) as info:
        discard.question.read("QS KC")
    assert "Tek bir kart seç" in info.value.message("tr")
    assert "Choose a single card" in info.value.message("en")


def test_positions_that_ask_nothing_or_the_wrong_moment_are_refused() -> None:
    s = find_set(STRATEGY)
    lead_position = s["lead-smoke"].question.params["position"]
    discard_position = s["discard-queen"].question.params["position"]
    with pytest.raises(ExerciseError, match="seat 0 cannot follow"):
        build_question("choose_discard", {"position": lead_position, "goal": "avoid_queen"},
                       "standard")
    with pytest.raises(ExerciseError, match="seat 0 leads"):
        build_question("choose_lead", {"position": discard_position, "goal": "avoid_queen"},
                       "standard")
    with pytest.raises(ExerciseError, match="goal 'win' is not known"):
        build_question("choose_lead", {"position": lead_position, "goal": "win"}, "standard")
    with pytest.raises(ExerciseError, match="target goes with goal stop_moon"):
        build_question("choose_lead", {"position": lead_position, "goal": "no_points",
                                       "target": 1}, "standard")


# -- the sets, in every front-end -----------------------------------------------------------------
@pytest.mark.parametrize("name", ["strategy", "variants"])
def test_the_new_sets_are_found_by_name(name: str) -> None:
    s = find_set(name)
    assert s.id == name and 8 <= len(s) <= 12
    hints = [h.tr for e in s for h in e.hints]
    assert len(hints) == len(set(hints)), "a hint is pasted into two exercises"


def test_a_pass_is_answered_by_clicks_saved_and_graded(tmp_path: Path) -> None:
    sheet = Worksheet.open(STRATEGY, folder=tmp_path, student="s1")
    attempt = sheet.current
    assert attempt.exercise.kind == "choose_pass" and attempt.form.mode == "cards"
    for card in attempt.exercise.answer():
        attempt.toggle(card)
    assert attempt.check().passed
    again = Worksheet.open(STRATEGY, folder=tmp_path, student="s1")
    assert again[attempt.exercise.id].solved and again.current is not again[attempt.exercise.id]
    [row] = grade_files(load_set(STRATEGY), [sheet.path])
    assert row.error is None and row.score == 1


def test_the_printed_sheet_asks_for_three_cards(tmp_path: Path) -> None:
    [entry] = write_sheets(STRATEGY, [Student("s1")], "C", "A", tmp_path / "html")
    page = (tmp_path / "html" / entry.file).read_text(encoding="utf-8")
    assert re.search(r'data-id="pass-queen" placeholder="örnek: QS AH KD"', page)
    assert 'data-id="lead-smoke" placeholder="örnek: QS"' in page
