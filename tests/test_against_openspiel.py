"""maca against another engine: OpenSpiel's C++ Hearts, move by move.

Both engines get the same deal and the same random choices; at every card they must agree on
the legal plays and on who is to play (so on every trick winner), and at the end on the score
(OpenSpiel returns 26 minus the hand's points). Each case pairs a maca option with the
OpenSpiel parameter that means the same rule.
"""
from __future__ import annotations

import random

import pytest

from maca import Card, Hand, Rules

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is in requirements.txt")

CASES = {
    "standard": ({}, {}),
    "queen breaks hearts": ({"queen_breaks_hearts": True}, {"qs_breaks_hearts": True}),
    "lead hearts instead of Q♠": ({"lead_hearts_instead_of_queen": True},
                                  {"can_lead_hearts_instead_of_qs": True}),
    "hearts need no breaking": ({"must_break_hearts": False}, {"must_break_hearts": False}),
    "points on the first trick": ({"no_points_first_trick": False},
                                  {"no_pts_on_first_trick": False}),
}
DEALS = 300


def _openspiel_hand(parameters: dict, hands: list[list[int]]):
    """An OpenSpiel state after dealing ``hands`` (OpenSpiel card actions), without passing."""
    game = pyspiel.load_game("hearts", {"pass_cards": False, "qs_breaks_hearts": False,
                                        **parameters})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])  # the pass direction: "No Pass"
    for i in range(13):  # OpenSpiel gives the n-th dealt card to player n % 4
        for player in range(4):
            state.apply_action(hands[player][i])
    return state


@pytest.mark.parametrize("case", sorted(CASES))
def test_same_legal_plays_winners_and_points_as_openspiel(case: str) -> None:
    ours, theirs = CASES[case]
    rules = Rules.preset("standard").replace(pass_cycle=(), **ours)
    rng = random.Random(case)
    for _ in range(DEALS):
        deck = list(range(52))
        rng.shuffle(deck)
        dealt = [deck[player::4] for player in range(4)]
        state = _openspiel_hand(theirs, dealt)
        card_of = {a: Card.parse(state.action_to_string(a)) for a in range(52)}
        hand = Hand.from_cards(rules, [[card_of[a] for a in cards] for cards in dealt])
        while not state.is_terminal():
            actions = {card_of[a]: a for a in state.legal_actions()}
            assert set(actions) == set(hand.legal_plays()), hand.position()
            assert state.current_player() == hand.to_move, hand.position()
            card = rng.choice(sorted(actions))
            state.apply_action(actions[card])
            hand.play(card)
        assert [26 - p for p in hand.points()] == state.returns(), hand.record()
