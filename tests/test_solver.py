"""The double-dummy solver against brute force: plain minimax over the engine's `legal_plays`,
`play` and `undo`, scored by the engine at the end of the hand, on random late positions of
every preset and every goal. The accepted cards must be identical."""
from __future__ import annotations

import random

import pytest

from maca import CardSet, Hand, Rules
from maca.errors import MacaError
from maca.rules import PRESETS
from maca.scoring import moon_shooters
from maca.solver import GOALS, Solver, SolverError, SolverLimitError, equivalent_groups, solve

QS = CardSet.parse("QS").mask


def late_position(preset: str, rng: random.Random, left: int) -> Hand:
    """A hand dealt and played at random (passes, maybe peşkir) until ``left`` cards are left
    to the player to move, sometimes in the middle of a trick."""
    rules = Rules.preset(preset)
    hand = Hand.deal(rules, rng=rng, number=rng.randint(1, 4))
    if hand.phase == "pass":
        for seat in range(hand.players):
            hand.give(seat, rng.sample(list(hand.cards(seat)), rules.pass_count))
    if rules.peskir:
        for seat in range(hand.players):
            if rng.random() < 0.3:
                hand.declare_peskir(seat)
    extra = rng.randrange(hand.players)
    while True:
        trick_cards = len(hand.current_trick.cards)
        if len(hand.cards(hand.to_move)) <= left and trick_cards == extra:
            return hand
        if len(hand.cards(hand.to_move)) < left:
            extra = 0
            if trick_cards == 0:
                return hand
        hand.play(rng.choice(list(hand.legal_plays())))


def brute_force(hand: Hand, targets: list[int | None]) -> dict[tuple[str, int | None], CardSet]:
    """Every goal's accepted cards by full minimax (goals computed side by side)."""
    rules = hand.rules
    hero = hand.to_move
    side = {s for s in range(hand.players)
            if (s % 2 == hero % 2 if rules.partnership else s == hero)}
    root_taken = [hand.taken(s).mask for s in range(hand.players)]
    root_won = [hand.tricks_won(s) for s in range(hand.players)]
    penalty = rules.penalty_mask
    keys = [("no_points", None), ("avoid_queen", None), ("take_all", None)]
    keys += [("stop_moon", t) for t in targets] + [("fewest_points", None)]

    def leaf() -> tuple[int, ...]:
        taken = [hand.taken(s).mask for s in range(hand.players)]
        new = 0
        for s in side:
            new |= taken[s] & ~root_taken[s]
        others_won = sum(hand.tricks_won(s) - root_won[s] for s in range(hand.players)
                         if s not in side)
        shooters = moon_shooters(rules, taken)
        points = hand.points()
        out = [int(not new & penalty), int(not new & QS), int(others_won == 0)]
        out += [int(not shooters if t is None else t not in shooters) for t in targets]
        return (*out, -sum(points[s] for s in side))

    def search() -> tuple[int, ...]:
        if hand.is_over:
            return leaf()
        ours = hand.to_move in side
        results = []
        for card in hand.legal_plays():
            hand.play(card)
            results.append(search())
            hand.undo()
        pick = max if ours else min
        return tuple(pick(r[i] for r in results) for i in range(len(keys)))

    per_card = {}
    for card in hand.legal_plays():
        hand.play(card)
        per_card[card] = search()
        hand.undo()
    accepted = {}
    for i, key in enumerate(keys):
        top = max(v[i] for v in per_card.values())
        ok = top > 0 or key[0] == "fewest_points"
        accepted[key] = CardSet([c for c, v in per_card.items() if v[i] == top and ok])
    return accepted


@pytest.mark.parametrize("preset", list(PRESETS))
def test_solver_matches_brute_force(preset: str) -> None:
    rng = random.Random(f"solver-{preset}")
    checked = 0
    for i in range(300):
        left = (1, 2, 2, 3)[i % 4]
        hand = late_position(preset, rng, left)
        targets = [None, rng.randrange(hand.players)]
        expected = brute_force(hand, targets)
        position = hand.position()
        for (goal, target), cards in expected.items():
            got = solve(hand, goal, target)
            assert got.accepted == cards, (position, goal, target, got)
            checked += 1
        assert hand.position() == position  # the solver leaves the hand alone
    assert checked == 300 * 6


def test_values_and_lines_are_consistent() -> None:
    """The proof line of an accepted card reaches the goal; a rejected card's line fails it."""
    rng = random.Random(11)
    for i in range(60):
        preset = list(PRESETS)[i % len(PRESETS)]
        hand = late_position(preset, rng, 3)
        for goal in GOALS:
            solver = Solver(hand, goal)
            solution = solver.solve()
            for choice in solution.choices:
                card = next(iter(choice))
                line = solver.line(card)
                assert line[0] == (hand.to_move, card)
                replay = hand.copy()
                for seat, played in line:
                    assert replay.to_move == seat and played in replay.legal_plays()
                    replay.play(played)


def test_equivalent_cards_share_a_verdict() -> None:
    rules = Rules.preset("turkish")
    groups = equivalent_groups(rules, CardSet.parse("AH KH QH JH QS JS").mask,
                               CardSet.parse("AH KH QH JH QS JS").mask)
    assert [str(CardSet(g)) for g in groups] == ["JS", "QS", "QH JH", "KH", "AH"]


def test_errors_are_maca_errors() -> None:
    rng = random.Random(3)
    hand = late_position("standard", rng, 3)
    with pytest.raises(SolverError, match="unknown goal"):
        solve(hand, "win")
    with pytest.raises(SolverError, match="target"):
        solve(hand, "no_points", target=1)
    with pytest.raises(MacaError):
        solve(hand, "stop_moon", target=9)
    big = late_position("standard", rng, 8)
    with pytest.raises(SolverLimitError):
        solve(big, "fewest_points", node_cap=50)
    assert issubclass(SolverLimitError, MacaError)


def test_a_shared_table_changes_no_verdict() -> None:
    """One transposition table serves every moment of a hand (the puzzle panel shares it)."""
    rng = random.Random(21)
    for i in range(40):
        preset = list(PRESETS)[i % len(PRESETS)]
        hand = late_position(preset, rng, 4)
        for goal in GOALS:
            table: dict = {}
            moment = hand.copy()
            while not moment.is_over:
                if moment.to_move == hand.to_move:
                    shared = Solver(moment, goal, hero=hand.to_move, table=table).solve()
                    fresh = Solver(moment, goal, hero=hand.to_move).solve()
                    assert shared.accepted == fresh.accepted and shared.values == fresh.values
                moment.play(rng.choice(list(moment.legal_plays())))
