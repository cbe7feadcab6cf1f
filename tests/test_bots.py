"""Computer players: legal, fair (observation only), and better than random."""
from __future__ import annotations

import pytest

from maca import PRESETS, Hand, Rules
from maca.bots import CautiousBot, RandomBot, play_out


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_bots_play_whole_hands_legally(preset: str) -> None:
    rules = Rules.preset(preset)
    for seed in range(20):
        hand = Hand.deal(rules, seed=seed, number=seed % 4 + 1)
        bots = [CautiousBot(), RandomBot(seed), CautiousBot(), RandomBot(seed + 1)][: rules.players]
        play_out(hand, bots)  # play() checks every card: an illegal choice would raise
        assert hand.is_over


def test_play_out_stops_for_the_learner() -> None:
    hand = Hand.deal(Rules.preset("standard"), seed=9, number=4)
    play_out(hand, [None, CautiousBot(), CautiousBot(), CautiousBot()])
    assert hand.to_move == 0 and not hand.is_over


def test_cautious_passes_the_queen_and_high_hearts() -> None:
    hand = Hand.from_cards(Rules.preset("standard"), [
        "QS 2S 3S AH KH 2H 3D 4D 5D 6D 7D 8D 9D",
        "AS KS 4S 5S QH JH 10H 9H 2C 3C 4C 5C 6C",
        "6S 7S 8S 9S 10S JS 8H 7H 6H 5H 4H 3H 10D",
        "JD QD KD AD 7C 8C 9C 10C JC QC KC AC 2D"])
    assert str(CautiousBot().choose_pass(hand.observe(0))) == "QS AH KH"


def test_cautious_scores_less_than_random() -> None:
    rules = Rules.preset("standard")
    cautious = random = 0
    for seed in range(60):
        hand = Hand.deal(rules, seed=seed, number=4)
        play_out(hand, [CautiousBot(), RandomBot(seed), RandomBot(seed + 1), RandomBot(seed + 2)])
        points = hand.points()
        cautious += points[0]
        random += sum(points[1:]) / 3
    assert cautious < random
