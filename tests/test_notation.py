"""Position strings and records: the written format, exact round trips, replay."""
from __future__ import annotations

import random

import pytest

from maca import CardSet, Game, Hand, MacaError, PositionError, RecordError, Rules
from maca.notation import rules_from_text, rules_to_text

ONE_SUIT_EACH = ("AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
                 "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S")
START = ("standard hand=1 dealer=0 cards=...AKQJT98765432/.AKQJT98765432../..AKQJT98765432./"
         "AKQJT98765432... passed=-/-/-/- tricks=- trick=0: peskir=-")


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
        "AKQJT98765..432. passed=...432/.432../..432./432... tricks=- trick=1:2C peskir=-")


def test_position_defaults_to_the_start_of_the_hand():
    hand = Hand.from_position("turkish cards=" + "/".join(
        CardSet.parse(c).to_pbn() for c in ONE_SUIT_EACH))
    assert hand.phase == "play" and hand.to_move == 1 and hand.dealer == 0 and hand.number == 1
    assert hand.position() == ("turkish hand=1 dealer=0 cards=...AKQJT98765432/.AKQJT98765432../"
                               "..AKQJT98765432./AKQJT98765432... passed=none tricks=- "
                               "trick=1: peskir=-")


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


# -- positions are replayed from their deal ---------------------------------------------------
def _outcome(call):
    """What a call returns, or the error it raises (type and message)."""
    try:
        return call()
    except MacaError as exc:
        return type(exc).__name__, str(exc)


def public_view(hand: Hand) -> dict:
    """Everything the public API tells about a hand."""
    seats = range(hand.players)
    return {
        "position": hand.position(), "phase": hand.phase, "to_move": hand.to_move,
        "number": hand.number, "dealer": hand.dealer, "direction": hand.pass_direction,
        "trick_number": hand.trick_number, "broken": hand.hearts_broken, "over": hand.is_over,
        "tricks": hand.tricks, "last_trick": hand.last_trick, "current": hand.current_trick,
        "legal": hand.legal_plays(), "peskir": hand.peskir, "moon": hand.moon_choice,
        "shooters": hand.moon_shooters, "history": hand.history, "record": _outcome(hand.record),
        "points": _outcome(hand.points), "penalty": hand.penalty_taken(),
        "seats": [(hand.cards(s), hand.dealt(s), hand.given(s), hand.received(s), hand.taken(s),
                   hand.tricks_won(s), hand.observe(s)) for s in seats],
    }


def indistinguishable(a: Hand, b: Hand) -> None:
    """Two hands agree through the public API, now and at every step undone back to the deal."""
    assert public_view(a) == public_view(b)
    while a.history:
        a.undo()
        b.undo()
        assert public_view(a) == public_view(b)
    assert not b.history


PRESET_CASES = [Rules.preset(name) for name in ("standard", "omnibus", "turkish",
                                                "three_players", "partnership")]
PRESET_CASES.append(Rules.preset("standard").replace(peskir=True, moon="choice"))


def played_to_a_random_moment(rules: Rules, seed: int) -> Hand:
    """A dealt hand played by random legal actions to a random moment, in the order a position
    replays them: passes in seat order, then peşkir declarations, then plays."""
    rng = random.Random(seed)
    n = rules.players
    hand = Hand.deal(rules, seed=seed, number=rng.randint(1, 4), dealer=rng.randrange(n))
    if hand.phase == "pass":
        passing = n if rng.random() < 0.8 else rng.randrange(n)  # sometimes still passing
        for seat in sorted(rng.sample(range(n), passing)):
            hand.give(seat, rng.sample(list(hand.cards(seat)), rules.pass_count))
    if rules.peskir:
        for seat in range(n):
            if rng.random() < 0.3:
                hand.declare_peskir(seat)
    if hand.phase == "play":
        stop = rng.choice([0, rng.randrange(1, n * rules.hand_size), n * rules.hand_size])
        for _ in range(stop):
            hand.play(rng.choice(list(hand.legal_plays())))
    return hand


@pytest.mark.parametrize("rules", PRESET_CASES, ids=lambda r: rules_to_text(r))
def test_a_position_restores_the_hand_played_to_it(rules):
    moments = set()
    for seed in range(15):
        hand = played_to_a_random_moment(rules, seed)
        moments.add((hand.phase, len(hand.current_trick.cards) > 0, bool(hand.peskir)))
        indistinguishable(Hand.from_position(hand.position()), hand)
    assert {phase for phase, _, _ in moments} >= ({"play", "done"} if rules.name == "turkish"
                                                  else {"pass", "play", "done"})
    assert any(mid_trick for _, mid_trick, _ in moments)
    if rules.peskir:
        assert any(peskir for _, _, peskir in moments)


def test_a_position_restores_a_moon_choice(deal):
    hearts = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
    hand = deal(Rules.preset("standard").replace(moon="choice"),
                "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", hearts, "*", "*")
    while not hand.is_over:  # South leads clubs and takes every trick
        hand.play(next(iter(hand.legal_plays())))
    hand.choose_moon("new")
    again = Hand.from_position(hand.position())
    assert again.moon_choice == "new" and again.points() == (-26, 0, 0, 0)
    indistinguishable(again, hand)


def _position(rules: str, held: list[str], **fields: str) -> str:
    """A position string from readable card lists."""
    return " ".join([rules, "cards=" + "/".join(CardSet.parse(h).to_pbn() for h in held)]
                    + [f"{key}={value}" for key, value in fields.items()])


#: Standard, hand 4 (no passing): three tricks played (West takes tricks 2 and 3), West leads.
DEALT = ["2C 3D 7D 2S 3S 4S 5S 6S 7S 8S 9S TS JS", "3C AD KD 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
         "4C 4D 5D QS KS AS QH KH AH 5C 6C 7C 8C", "AC 2D 6D 9C TC JC QC KC 8D 9D TD JD QD"]
THREE_TRICKS = "0:2C,3C,4C,AC/3:2D,3D,AD,4D/1:KD,5D,6D,7D"


def _after_three_tricks() -> list[str]:
    """What each seat of `DEALT` holds after `THREE_TRICKS`."""
    played = CardSet.parse(" ".join(t.partition(":")[2].replace(",", " ")
                                    for t in THREE_TRICKS.split("/")))
    return [str(CardSet.parse(h) - played) for h in DEALT]


def test_the_test_deal_plays_as_written():
    hand = Hand.from_position(_position("standard", _after_three_tricks(), hand="4",
                                        tricks=THREE_TRICKS, trick="1:"))
    assert [t.winner for t in hand.tricks] == [3, 1, 1] and hand.to_move == 1
    assert [hand.dealt(s) for s in range(4)] == [CardSet.parse(h) for h in DEALT]


@pytest.mark.parametrize("text, message", [
    # the leader of each trick is the winner of the one before
    (_position("standard", _after_three_tricks(), hand="4", tricks=THREE_TRICKS, trick="0:"),
     "trick 4 is led by seat 0, but seat 1 won trick 3"),
    (_position("standard", _after_three_tricks(), hand="4",
               tricks=THREE_TRICKS.replace("1:KD,5D,6D,7D", "2:5D,6D,7D,KD"), trick="1:"),
     "trick 3 is led by seat 2, but seat 1 won trick 2"),
    # trick 1: the holder of 2♣ opens it, in the Turkish game the seat left of the dealer
    (_position("standard", DEALT, hand="4", trick="3:"),
     "trick 1 is led by seat 3, but seat 0 holds 2C, which opens it"),
    (_position("standard", [str(CardSet.parse(h) - CardSet.parse("2C 3C 4C AC")) for h in DEALT],
               hand="4", tricks="1:3C,4C,AC,2C", trick="3:"),
     "trick 1 is led by seat 1, but seat 0 holds 2C, which opens it"),
    (_position("turkish", DEALT, dealer="2", trick="0:"),
     "trick 1 is led by seat 0, but seat 3, left of the dealer (seat 2), opens it"),
    # every past card was legal when it was played, with the engine's reason if not
    (_position("standard", [h.replace("3S", "3D") if i == 0 else h
                            for i, h in enumerate(_after_three_tricks())],
               hand="4", tricks=THREE_TRICKS.replace("2D,3D", "2D,3S"), trick="1:"),
     "trick 2: seat 0 could not play 3S: You hold a diamond: you must follow suit and play a "
     "diamond."),
    (_position("standard", [str(CardSet.parse(h) - CardSet.parse("2C 2H 4C AC")) for h in DEALT],
               hand="4", tricks="0:2C,2H,4C,AC", trick="3:"),
     "trick 1: seat 1 could not play 2H: You hold a club: you must follow suit and play a club."),
])
def test_positions_no_legal_game_reaches_are_refused(text, message):
    with pytest.raises(PositionError) as err:
        Hand.from_position(text)
    assert message in str(err.value)


@pytest.mark.parametrize("text, turkish", [
    (_position("standard", DEALT, hand="4", trick="3:"),
     "1. eli Doğu (3) açıyor, ama 2C Güney'de (0) ve ilk eli o açar"),
    (_position("turkish", DEALT, dealer="2", trick="0:"),
     "1. eli Güney (0) açıyor, ama dağıtan Kuzey (2) olduğu için ilk eli solundaki Doğu (3) açar"),
    (_position("standard", [str(CardSet.parse(h) - CardSet.parse("2C 2H 4C AC")) for h in DEALT],
               hand="4", tricks="0:2C,2H,4C,AC", trick="3:"),
     "1. el: Batı (1) 2H oynayamazdı: Elinde sinek var"),
])
def test_a_refused_position_says_it_in_turkish_naming_seats_and_tricks(text, turkish):
    """Seats by their name and the number the position writes, tricks by their number."""
    with pytest.raises(PositionError) as err:
        Hand.from_position(text)
    assert turkish in err.value.message("tr") and "seat" not in err.value.message("tr")


@pytest.mark.parametrize("rules", PRESET_CASES[:5], ids=lambda r: r.name)
def test_a_past_card_refused_by_the_rules_is_named_with_the_engines_reason(rules):
    """At random moments, one seat plays a card the rules refuse: the position saying so is
    refused with the trick, the seat, the card and the engine's reason."""
    rng = random.Random(5)
    n = rules.players
    reasons = set()
    for seed in range(20):
        hand = Hand.deal(rules, seed=seed, number=rules.pass_cycle.index("none") + 1
                         if rules.pass_cycle else 1, dealer=rng.randrange(n))
        for _ in range(rng.randrange(n * rules.hand_size - 1)):
            hand.play(rng.choice(list(hand.legal_plays())))
        seat = hand.to_move
        refused = list(hand.cards(seat) - hand.legal_plays())
        if not refused or len(hand.current_trick.cards) == n - 1:
            continue
        card = rng.choice(refused)
        verdict = hand.check(card)
        reasons.add(verdict.reason)
        held = [str(hand.cards(s) - CardSet([card])) for s in range(n)]
        trick = hand.current_trick
        text = _position(rules_to_text(rules), held, hand=str(hand.number),
                         dealer=str(hand.dealer),
                         tricks="/".join(f"{t.leader}:" + ",".join(map(str, t.cards))
                                         for t in hand.tricks) or "-",
                         trick=f"{trick.leader}:" + ",".join(map(str, trick.cards + (card,))))
        with pytest.raises(PositionError) as err:
            Hand.from_position(text)
        assert str(err.value) == (f"trick {hand.trick_number}: seat {seat} could not play "
                                  f"{card}: {verdict.message('en')}")
    assert len(reasons) >= 2


ONE_SUIT_EACH_PBN = "/".join(CardSet.parse(c).to_pbn() for c in ONE_SUIT_EACH)


@pytest.mark.parametrize("fields, message", [
    # passes: the right number of cards, each passed once, the same cards held or played
    ("hand=1 passed=...32/-/-/-", "seat 0 passed 2 cards, not 3"),
    ("hand=1 passed=...432/...432/-/-", "passed by seat 1 was passed by another seat too"),
    ("hand=1 passed=...432/-/-/-", "seat 0 passed 4C 3C 2C but still holds it"),
    ("hand=1 passed=...432/.432../..432./432...", "seat 0 passed 4C 3C 2C to seat 1, which "
                                                  "neither holds nor played it"),
    ("hand=4 passed=...432/.432../..432./432...", "hand 4 has no passing, but passes are given"),
    ("hand=1 passed=none", "passed=none, but hand 1 passes left"),
    ("peskir=1", "peşkir of seat 1 is refused: These rules have no peşkir declarations."),
    ("taken=.../.../.../...", "taken= is not part of a position any more: list the completed "
                              "tricks with tricks="),
])
def test_position_fields_inconsistent_with_the_hands_are_refused(fields, message):
    with pytest.raises(PositionError) as err:
        Hand.from_position(f"standard cards={ONE_SUIT_EACH_PBN} " + fields)
    assert message in str(err.value)


def test_no_card_is_played_before_passing_is_over(deal):
    hand = deal("standard", *ONE_SUIT_EACH, number=1)
    hand.give(0, "AC KC QC")
    text = hand.position().replace("trick=0:", "trick=0:2C").replace(
        "cards=...JT98765432/", "cards=...JT9876543/")
    with pytest.raises(PositionError, match="cards were played before every seat had passed"):
        Hand.from_position(text)


# -- records ----------------------------------------------------------------------------------
def test_hand_record_format_and_replay(deal, play):
    hand = deal("turkish", *ONE_SUIT_EACH, dealer=3)
    hand.declare_peskir(2)
    play(hand, "5C AH 2D QS")
    assert hand.record() == (
        "rules turkish\nhand 1 dealer 3\n"
        "deal ...AKQJT98765432/.AKQJT98765432../..AKQJT98765432./AKQJT98765432...\n"
        "peskir 2\nplay 5C AH 2D QS\n")
    replayed = Hand.from_record(hand.record())
    same_state(replayed, hand)
    assert replayed.history == hand.history


def test_records_ignore_comments_and_blank_lines(deal, play):
    hand = play(deal("standard", *ONE_SUIT_EACH), "2C 2H 2D")
    text = "# a lesson's example\n\n" + hand.record().replace("\nplay", "\n  # trick 1\nplay")
    assert Hand.from_record(text).position() == hand.position()


def test_record_of_a_finished_hand_replays_its_points():
    hand = Hand.deal(Rules.preset("omnibus"), seed=8)
    for seat in range(4):
        hand.give(seat, list(hand.cards(seat))[:3])
    while not hand.is_over:
        hand.play(list(hand.legal_plays())[0])
    replayed = Hand.from_record(hand.record())
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
    assert replayed.record() == text and Game.from_record(text).is_over


def test_a_position_has_no_record(position):
    hand = position("standard", ["AH KH QH 2S", "JH TH 9H 8H", "7H 6H 5H 4H", "3H 2H 3S 4S"],
                    taken=["*", "", "", ""], trick="0:")
    with pytest.raises(RecordError, match="position"):
        hand.record()
