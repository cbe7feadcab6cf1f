"""Position strings and records: the written format, exact round trips, replay."""
from __future__ import annotations

import pytest

from maca import CardSet, Game, Hand, RecordError, Rules
from maca.notation import (parse_game_record, parse_hand_record, rules_from_text,
                           rules_to_text)

ONE_SUIT_EACH = ("AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
                 "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S")
START = ("standard hand=1 dealer=0 cards=...AKQJT98765432/.AKQJT98765432../..AKQJT98765432./"
         "AKQJT98765432... passed=-/-/-/- taken=.../.../.../... trick=0: peskir=-")


def same_state(a: Hand, b: Hand) -> None:
    """Everything a position carries agrees between two hands."""
    assert a.position() == b.position()
    assert (a.phase, a.to_move, a.hearts_broken, a.number, a.dealer, a.pass_direction) == \
        (b.phase, b.to_move, b.hearts_broken, b.number, b.dealer, b.pass_direction)
    assert a.legal_plays() == b.legal_plays() and a.peskir == b.peskir
    assert a.current_trick == b.current_trick
    for seat in range(a.players):
        assert a.cards(seat) == b.cards(seat) and a.taken(seat) == b.taken(seat)
        assert a.given(seat) == b.given(seat) and a.received(seat) == b.received(seat)
        assert a.tricks_won(seat) == b.tricks_won(seat)


# -- rules text -------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [
    Rules.preset("standard"), Rules.preset("omnibus"), Rules.preset("turkish"),
    Rules.preset("three_players"), Rules.preset("partnership"),
    Rules.preset("standard").replace(target=50, pass_cycle=()),
    Rules.preset("standard").replace(moon="choice", queen_breaks_hearts=True, pass_count=2),
    Rules.preset("standard").replace(bonus_card="10D", moon_needs_bonus=True,
                                     card_values={"QS": 13, "10D": -10, "AH": 1}),
    Rules.preset("three_players").replace(removed="2C", pass_cycle=("right",)),
    Rules.preset("turkish").replace(first_lead="two_of_clubs", discard_order="off",
                                    peskir=False, peskir_success=-20),
    Rules.preset("omnibus").replace(bonus_card=None, moon_needs_bonus=False),
])
def test_rules_text_round_trip(rules):
    text = rules_to_text(rules)
    assert rules_from_text(text) == rules and " " not in text
    assert text.split(";")[0] == rules.name


def test_rules_text_names_only_the_changes():
    assert rules_to_text(Rules.preset("turkish")) == "turkish"
    assert rules_to_text(Rules.preset("standard").replace(target=50, moon="new")) == \
        "standard;moon=new;target=50"


# -- positions --------------------------------------------------------------------------------
def test_position_format_through_passing_and_play(deal, play):
    hand = deal("standard", *ONE_SUIT_EACH, number=1)
    assert hand.position() == START
    hand.give(0, "2C 3C 4C")
    assert hand.position() == START.replace("...AKQJT98765432/", "...AKQJT98765/", 1).replace(
        "passed=-/-/-/-", "passed=...432/-/-/-")
    for seat, cards in ((1, "2H 3H 4H"), (2, "2D 3D 4D"), (3, "2S 3S 4S")):
        hand.give(seat, cards)
    play(hand, "2C")
    assert hand.position() == (
        "standard hand=1 dealer=0 cards=432...AKQJT98765/.AKQJT98765..43/.432.AKQJT98765./"
        "AKQJT98765..432. passed=...432/.432../..432./432... taken=.../.../.../... trick=1:2C "
        "peskir=-")


def test_position_defaults_to_the_start_of_the_hand():
    hand = Hand.from_position("turkish cards=" + "/".join(
        CardSet.parse(c).to_pbn() for c in ONE_SUIT_EACH))
    assert hand.phase == "play" and hand.to_move == 1 and hand.dealer == 0 and hand.number == 1
    assert hand.position() == ("turkish hand=1 dealer=0 cards=...AKQJT98765432/.AKQJT98765432../"
                               "..AKQJT98765432./AKQJT98765432... passed=none "
                               "taken=.../.../.../... trick=1: peskir=-")


def test_position_of_a_later_trick(position, play):
    hand = position("turkish", ["JD QD KD", "QS AH KH 2C", "3D 4D 5D 6D", "7D 8D 9D TD"],
                    taken=["*", "", "", ""], trick="0:2D", hand=3, dealer=2, peskir="3")
    assert (hand.number, hand.dealer, hand.peskir, hand.to_move) == (3, 2, (3,), 1)
    assert hand.tricks_won(0) == 9 and hand.trick_number == 10 and hand.hearts_broken
    assert [str(c) for c in hand.current_trick.cards] == ["2D"]
    again = Hand.from_position(hand.position())
    same_state(hand, again)
    play(hand, "QS 3D 7D")
    play(again, "QS 3D 7D")
    same_state(hand, again)
    assert hand.last_trick.winner == 3


def test_position_after_the_last_trick_with_a_moon_choice(finished):
    hand = finished(Rules.preset("standard").replace(moon="choice"), {}, rest=1)
    hand.choose_moon("new")
    assert hand.position().endswith(" moon=new")
    again = Hand.from_position(hand.position())
    same_state(hand, again)
    assert again.points() == hand.points() == (0, -26, 0, 0)


@pytest.mark.parametrize("name", ["standard", "omnibus", "turkish", "three_players",
                                  "partnership"])
def test_positions_round_trip_at_every_moment(name):
    rules = Rules.preset(name)
    hand = Hand.deal(rules, seed=17)
    seen = [hand.position()]
    if hand.phase == "pass":
        for seat in range(rules.players):
            hand.give(seat, list(hand.cards(seat))[-3:])
            seen.append(hand.position())
    while not hand.is_over:
        hand.play(list(hand.legal_plays())[-1])
        seen.append(hand.position())
    for text in seen:
        assert Hand.from_position(text).position() == text


# -- records ----------------------------------------------------------------------------------
def test_hand_record_format_and_replay(deal, play):
    hand = deal("turkish", *ONE_SUIT_EACH, dealer=3)
    hand.declare_peskir(2)
    play(hand, "5C AH 2D QS")
    assert hand.record() == (
        "rules turkish\nhand 1 dealer 3\n"
        "deal ...AKQJT98765432/.AKQJT98765432../..AKQJT98765432./AKQJT98765432...\n"
        "peskir 2\nplay 5C AH 2D QS\n")
    replayed = parse_hand_record(hand.record())
    same_state(replayed, hand)
    assert replayed.history == hand.history


def test_records_ignore_comments_and_blank_lines(deal, play):
    hand = play(deal("standard", *ONE_SUIT_EACH), "2C 2H 2D")
    text = "# a lesson's example\n\n" + hand.record().replace("\nplay", "\n  # trick 1\nplay")
    assert parse_hand_record(text).position() == hand.position()


def test_record_of_a_finished_hand_replays_its_points():
    hand = Hand.deal(Rules.preset("omnibus"), seed=8)
    for seat in range(4):
        hand.give(seat, list(hand.cards(seat))[:3])
    while not hand.is_over:
        hand.play(list(hand.legal_plays())[0])
    replayed = parse_hand_record(hand.record())
    assert replayed.points() == hand.points() and replayed.is_over
    assert [t.plays() for t in replayed.tricks] == [t.plays() for t in hand.tricks]


def test_game_record_replay():
    game = Game(Rules.preset("turkish").replace(target=50), seed=4)
    while True:
        hand = game.hand
        while not hand.is_over:
            hand.play(list(hand.legal_plays())[0])
        if game.is_over:
            break
        game.next_hand()
    text = game.record()
    assert text.count("\nhand ") == len(game.hands) > 1
    replayed = Game.from_record(text)
    assert replayed.totals == game.totals and replayed.winners == game.winners
    assert [h.position() for h in replayed.hands] == [h.position() for h in game.hands]
    assert replayed.record() == text and parse_game_record(text).is_over


def test_a_position_has_no_record(position):
    hand = position("standard", ["AH KH QH 2S", "JH TH 9H 8H", "7H 6H 5H 4H", "3H 2H 3S 4S"],
                    taken=["*", "", "", ""], trick="0:")
    with pytest.raises(RecordError, match="position"):
        hand.record()
