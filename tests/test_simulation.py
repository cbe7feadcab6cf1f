"""The simulation loops (maca.simulation) agree with the engine's public moves, in both builds."""
from __future__ import annotations

import os
import random

import pytest

import maca.legality
import maca.simulation
from maca import PRESETS, CardSet, Hand, IllegalAction, Rules
from maca.hand import _LIST_FIELDS, _SHARED_FIELDS
from maca.simulation import random_card, shuffle


def test_the_suite_runs_on_the_build_it_names():
    """`sh run.sh test` runs the suite on the pure package, then with MACA_BUILD=compiled on
    the mypyc build: each run must really use its own."""
    for module in (maca.simulation, maca.legality):
        compiled = not module.__file__.endswith(".py")
        assert compiled == (os.environ.get("MACA_BUILD") == "compiled"), module.__file__


@pytest.mark.parametrize("size", [52, 51, 48])
def test_shuffle_is_random_shuffle(size):
    for seed in range(50):
        ours, theirs = list(range(size)), list(range(size))
        shuffle(ours, random.Random(seed))
        random.Random(seed).shuffle(theirs)
        assert ours == theirs


def test_random_card_is_uniform_and_skips_forced_choices():
    rng = random.Random(3)
    mask = CardSet.parse("AS 2C 7H").mask
    counts = {c: 0 for c in range(52) if mask >> c & 1}
    for _ in range(3000):
        counts[random_card(mask, rng.random)] += 1
    assert all(900 < n < 1100 for n in counts.values())
    assert random_card(1 << 40, lambda: pytest.fail("no random number for one card")) == 40


def _random_moment(rules: Rules, rng: random.Random) -> Hand:
    hand = Hand.deal(rules, rng=rng, number=rng.randint(1, 4), dealer=rng.randrange(rules.players))
    for seat in range(rules.players if hand.phase == "pass" else 0):
        hand.give(seat, CardSet(rng.sample(list(hand.cards(seat)), rules.pass_count)))
    if rules.peskir and rng.random() < 0.3:
        hand.declare_peskir(rng.randrange(rules.players))
    for _ in range(rng.randrange(rules.players * rules.hand_size)):
        hand.play_index(random_card(hand.legal_mask(), rng.random))
    return hand


@pytest.mark.parametrize("name", list(PRESETS))
def test_playout_plays_what_legal_mask_and_play_index_play(name):
    """Lockstep: the same random numbers give the same hand through both paths."""
    rules = PRESETS[name]
    rng = random.Random(name)
    for _ in range(150):
        hand = _random_moment(rules, rng)
        before = hand.position()
        state = rng.getstate()
        points = hand.playout(rng)
        assert hand.position() == before  # the hand itself does not change
        rng.setstate(state)
        while not hand.is_over:
            hand.play_index(random_card(hand.legal_mask(), rng.random))
        assert points == hand.points()


def test_playout_needs_passing_done():
    hand = Hand.deal(Rules.preset("standard"), seed=1)
    with pytest.raises(IllegalAction):
        hand.playout(random.Random(1))


def test_copy_is_independent_and_complete():
    rng = random.Random(8)
    hand = _random_moment(Rules.preset("standard"), rng)
    if vars(hand):  # the pure build: every field is either shared or copied
        assert set(vars(hand)) == set(_SHARED_FIELDS) | set(_LIST_FIELDS)
    other = hand.copy()
    assert other.position() == hand.position() and other.history == hand.history
    while not other.is_over:
        other.play_index(random_card(other.legal_mask(), rng.random))
    assert hand.position() != other.position()
    other.undo()
    assert hand.history == other.history[:len(hand.history)]
