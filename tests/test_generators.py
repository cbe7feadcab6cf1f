"""Generated exercises: many seeds give valid, solvable exercises of the intended kind and theme,
and the same seed gives the same exercise."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from test_exercises import wrong_answer

from maca import CardSet, Rules
from maca.exercises import Exercise, ExerciseError, check, load_set, parse_set
from maca.exercises import generators
from maca.exercises.generators import (THEME_REASONS, THEMES, GenerationError, Generated,
                                       generate)
from maca.reasons import Reason
from maca.rules import PRESETS
from maca.scoring import game_over

ROOT = Path(__file__).resolve().parent.parent
SEEDS = 15  # per (kind, theme, preset): about 1500 exercises in all



def _fits(kind: str, theme: str, made: Generated) -> bool:
    """The theme's rule is really exercised (asked of the engine, not of the generator)."""
    q = made.question
    if kind == "legal_cards":
        hand = q.hand
        refused = {hand.check(c).reason for c in hand.cards(0) - hand.legal_plays()}
        if theme == "discard":
            led = hand.current_trick.cards[0].suit
            return not refused and not hand.cards(0).of_suit(led) and hand.trick_number > 1
        return bool(refused & THEME_REASONS[theme])
    if kind == "trick_winner":
        trick = q.trick
        top, led = dict(trick.plays())[trick.winner], trick.cards[0].suit
        if theme == "discard":
            return any(c.suit != led and c.rank > top.rank for c in trick.cards)
        return all(c.suit == led for c in trick.cards) and trick.winner != trick.leader
    if kind == "pass_direction":
        return q.ask == theme
    if kind == "hand_score":
        outcome = q.outcome
        if theme == "moon":
            return bool(outcome.moon_shooters)
        if theme == "near_moon":
            moon = CardSet(q.rules.moon_mask)
            return not outcome.moon_shooters and any(
                len(taken & moon) == len(moon) - 1 for taken in outcome.taken)
        return theme != "peskir" or bool(outcome.peskir)
    if kind == "game_winner":
        return game_over(q.rules, q.totals)
    if kind == "moon_possible":
        taken = q.hand.taken(q.seat)
        if theme == "bonus":
            bonus = q.rules.bonus_card
            return any(bonus in q.hand.taken(s) for s in range(q.players))
        return bool(taken & CardSet(q.rules.penalty_mask))
    if kind == "choose_pass":
        return q.direction == theme and len(q.cards) == q.rules.hand_size
    if kind in ("choose_lead", "choose_discard"):
        return q.goal == theme and bool(q.accepted) and q.accepted < q.hand.legal_plays()
    assert kind == "play_goal"
    goal = "avoid_card" if theme == "avoid_queen" else theme
    return q.goal == goal and bool(q.accepted) and q.accepted < q.hand.legal_plays()


def _cases() -> list[tuple[str, str, str]]:
    cases = []
    for kind, (themes, _) in THEMES.items():
        for theme in themes:
            for preset in PRESETS:
                try:
                    generate(kind, theme, Rules.preset(preset), random.Random(0))
                except GenerationError as exc:
                    assert "needs" in str(exc), exc  # only a rules mismatch may refuse
                    continue
                cases.append((kind, theme, preset))
    return cases


@pytest.mark.parametrize("kind, theme, preset", _cases())
def test_generated_exercises_are_valid_solvable_and_on_theme(kind: str, theme: str,
                                                            preset: str) -> None:
    rules = Rules.preset(preset)
    for seed in range(2 if kind == "choose_pass" else SEEDS):  # a pass is simulated: ~1 s
        made = generate(kind, theme, rules, random.Random(f"{preset}/{theme}/{seed}"))
        assert made.question.kind == kind and made.question.rules == rules
        assert _fits(kind, theme, made), (kind, theme, preset, seed, made.fields)
        exercise = Exercise(f"g{seed}", made.question, made.prompt, 1, made.hints)
        assert check(exercise, exercise.answer()).passed, made.fields
        assert not check(exercise, wrong_answer(exercise)).passed, made.fields
        assert made.prompt.tr and made.prompt.en and made.hints


def test_every_kind_can_be_generated() -> None:
    from maca.exercises import KINDS
    # but the puzzles: their collection is searched and proved by maca.puzzles.generator,
    # minutes per theme, and shipped as sets
    assert set(THEMES) == set(KINDS) - {"puzzle"}


def test_the_same_seed_gives_the_same_exercise() -> None:
    rules = Rules.preset("standard")
    for kind, (themes, _) in THEMES.items():
        first = generate(kind, themes[0], rules, random.Random("same"))
        again = generate(kind, themes[0], rules, random.Random("same"))
        assert first.fields == again.fields and first.prompt == again.prompt
    fields = {str(generate("legal_cards", "follow_suit", rules, random.Random(s)).fields)
              for s in range(10)}
    assert len(fields) == 10


def test_set_variants_reproduce_from_their_seed() -> None:
    path = ROOT / "exercises" / "hearts.toml"
    base = load_set(path)
    one, other = base.variant(1234), base.variant(1235)
    assert [e.answer() for e in one] == [e.answer() for e in load_set(path, seed=1234)]
    assert [e.id for e in one] == [e.id for e in other] == [e.id for e in base]
    assert [e.to_dict() for e in one] != [e.to_dict() for e in other]
    written = [e for e in base if not e.id.startswith(("lead-", "queen-", "clean-"))]
    assert all(one[e.id].to_dict() == e.to_dict() for e in written)


def test_a_theme_that_cannot_be_found_is_reported() -> None:
    text = 'title = {tr = "D", en = "T"}\n[[generate]]\nid = "g"\nkind = "legal_cards"\n' \
           'theme = "first_trick"\nrules = "standard;no_points_first_trick=off"\n'
    with pytest.raises(ExerciseError, match=r"^x.toml: \[\[generate\]\] #1: theme 'first_trick' "
                                            "needs rules with no points on the first trick"):
        parse_set(text, "x.toml")


def test_generators_skip_only_positions_that_ask_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(fields: Any, rules: Rules) -> None:
        raise ExerciseError("a bug in the engine must not be skipped as an unlucky position")

    monkeypatch.setattr(generators, "GameWinner", broken)
    with pytest.raises(ExerciseError, match="must not be skipped"):
        generate("game_winner", None, Rules.preset("standard"), random.Random(1))
    assert issubclass(GenerationError, ExerciseError)
