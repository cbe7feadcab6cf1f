"""A game (RULES.md 1.2, 1.3, 1.11, 1.12, 4.1, 4.3, 5): dealer rotation, pass cycle, totals,
the target, shared wins, +1/0/−1 standings, partnerships, the Turkish shooter's dealer choice."""
from __future__ import annotations

import pytest

from maca import Game, Hand, IllegalActionError, Reason, Rules
from maca.scoring import standings


def play_out(hand: Hand) -> Hand:
    """Finish a hand simply: pass the first cards of each hand, then play the first legal card."""
    if hand.phase == "pass":
        for seat in range(hand.players):
            hand.give(seat, list(hand.cards(seat))[:hand.rules.pass_count])
    while not hand.is_over:
        hand.play(next(iter(hand.legal_plays())))
    return hand


def refused(call) -> Reason:
    with pytest.raises(IllegalActionError) as err:
        call()
    return err.value.reason


@pytest.mark.parametrize("name, cycle", [
    ("standard", ["left", "right", "across", "none"]),
    ("omnibus", ["left", "right", "across", "none"]),
    ("partnership", ["left", "right", "across", "none"]),
    ("three_players", ["left", "right", "none"]),
    ("turkish", ["none"]),
])
def test_dealer_rotates_clockwise_and_passing_follows_the_hand_number(name, cycle):
    rules = Rules.preset(name).replace(target=10_000)
    game = Game(rules, seed=3, dealer=2)
    n = rules.players
    for number in range(1, 7):
        hand = game.hand
        assert hand.number == number and hand.dealer == (2 + number - 1) % n
        assert hand.pass_direction == cycle[(number - 1) % len(cycle)]
        if name == "turkish":
            assert hand.to_move == (hand.dealer + 1) % n  # left of the dealer leads
        play_out(hand)
        game.next_hand()
    assert len(game.hands) == 7


def test_totals_add_up_the_hands():
    game = Game(Rules.preset("standard").replace(target=10_000), seed=11)
    for _ in range(5):
        play_out(game.hand)
        game.next_hand()
    assert len(game.scores) == 5  # the sixth hand is not played yet
    assert game.totals == tuple(sum(s[i] for s in game.scores) for i in range(4))
    assert game.team_totals == game.totals
    assert all(sum(s) in (26, 78) for s in game.scores)


@pytest.mark.parametrize("name", ["standard", "omnibus", "three_players", "turkish"])
def test_game_ends_after_the_hand_that_reaches_the_target(name):
    rules = Rules.preset(name).replace(target=60)
    game = Game(rules, seed=5)
    while True:
        assert game.winners == () and not game.is_over
        play_out(game.hand)
        if game.is_over:
            break
        assert max(game.totals) < 60
        game.next_hand()
    assert max(game.totals) >= 60
    best = min(game.totals)
    assert game.winners == tuple(s for s, t in enumerate(game.totals) if t == best)
    assert game.standings == standings(game.totals)
    assert refused(game.next_hand) is Reason.GAME_OVER


def test_reaching_the_target_exactly_ends_the_game(finished):
    moon = finished(Rules.preset("standard").replace(target=26), {}, rest=0)
    game = Game.from_hand(moon)
    assert game.totals == (0, 26, 26, 26) and game.is_over
    assert game.winners == (0,) and game.standings == (1, -1, -1, -1)


def test_below_the_target_the_game_goes_on(finished):
    game = Game.from_hand(finished(Rules.preset("standard").replace(target=27), {}, rest=0))
    assert not game.is_over and game.winners == ()
    assert refused(lambda: game.standings) is Reason.GAME_NOT_OVER  # (its hand is over)
    hand = game.next_hand()
    assert (hand.number, hand.dealer, hand.pass_direction) == (2, 1, "right")


def test_shared_win(finished):
    game = Game.from_hand(finished(Rules.preset("standard").replace(target=13), {0: "QS"}, rest=1))
    assert game.totals == (13, 13, 0, 0) and game.is_over
    assert game.winners == (2, 3) and game.standings == (-1, -1, 0, 0)


def test_partnership_target_applies_to_team_totals(finished):
    rules = Rules.preset("partnership").replace(target=20)
    game = Game.from_hand(finished(rules, {1: "QS", 0: "2H"}, rest=3))
    assert game.totals == (1, 13, 0, 12) and game.team_totals == (1, 25)
    assert game.is_over  # no single seat reached 20, the team did
    assert game.winners == (0, 2) and game.standings == (1, -1, 1, -1)


def test_partnership_team_moon_and_shared_result(finished):
    game = Game.from_hand(finished(Rules.preset("partnership").replace(target=13),
                                   {1: "QS", 0: "2C"}, rest=2))
    assert game.team_totals == (13, 13) and game.is_over
    assert game.winners == (0, 1, 2, 3) and game.standings == (0, 0, 0, 0)
    moon = Game.from_hand(finished(Rules.preset("partnership"), {}, rest=2))
    assert moon.totals == (0, 26, 0, 26) and moon.team_totals == (0, 52) and not moon.is_over


def test_turkish_moon_shooter_chooses_the_next_dealer(finished):
    game = Game.from_hand(finished("turkish", {}, rest=2))
    assert game.hand.moon_shooters == (2,) and not game.is_over
    hand = game.next_hand(dealer=3)
    assert hand.dealer == 3 and hand.to_move == 0 and hand.number == 2


def test_turkish_moon_shooter_may_keep_the_rotation(finished):
    game = Game.from_hand(finished("turkish", {}, rest=2))
    assert game.next_hand().dealer == 1


@pytest.mark.parametrize("rules, won", [
    ("turkish", {1: "QS"}),  # no moon
    ("standard", {}),        # a moon, but standard rules rotate the dealer
])
def test_dealer_choice_refused(finished, rules, won):
    game = Game.from_hand(finished(rules, won, rest=2))
    assert refused(lambda: game.next_hand(dealer=3)) is Reason.DEALER_CHOICE_NOT_ALLOWED
    assert len(game.hands) == 1
    assert game.next_hand(dealer=1).dealer == 1  # naming the usual dealer is fine


def test_next_hand_errors_change_nothing(finished):
    game = Game(Rules.preset("standard"), seed=1)
    start = game.hand.position()
    assert refused(game.next_hand) is Reason.HAND_NOT_OVER
    assert len(game.hands) == 1 and game.hand.position() == start
    game = Game.from_hand(finished("turkish", {}, rest=2))
    for bad in (4, -1, "1"):
        assert refused(lambda: game.next_hand(dealer=bad)) is Reason.BAD_SEAT
    assert len(game.hands) == 1


def test_games_are_reproducible_from_a_seed():
    rules = Rules.preset("standard").replace(target=10_000)
    games = [Game(rules, seed=99) for _ in range(2)]
    for game in games:
        play_out(game.hand)
        game.next_hand()
    assert [h.record() for h in games[0].hands] == [h.record() for h in games[1].hands]
    assert Game(rules, seed=100).hand.position() != games[0].hands[0].position()
