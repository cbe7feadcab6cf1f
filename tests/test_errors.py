"""Bad input of every kind gets a clear error, and a refused action changes nothing."""
from __future__ import annotations

import pytest

from maca import (CardError, CardSet, Game, Hand, IllegalAction, IllegalActionError, MacaError,
                  PositionError, Reason, RecordError, Rules, RulesError)
from maca.notation import rules_from_text

ONE_SUIT_EACH = ("AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
                 "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S")
PBN_DEAL = "...AKQJT98765432/.AKQJT98765432../..AKQJT98765432./AKQJT98765432..."
#: Trick 10: South has led 2♠, West (hearts only) is to play.
TRICKS = ("3:2C,AC,3C,9C/0:7D,JS,3D,5D/0:8D,10C,4D,5C/0:10S,JC,9D,7S/0:QC,4C,KD,9S/0:QD,8C,10D,8S/"
          "0:AS,6C,6D,QS/0:AD,KC,JD,5S/0:KS,7C,2D,6S")
MID = ("standard hand=1 dealer=0 cards=.AKQ../.JT98../.7654../43.32.. passed=done "
       f"tricks={TRICKS} trick=0:2S peskir=-")
MID_PESKIR = MID.replace("standard", "standard;peskir=on")
START = f"standard hand=1 dealer=0 cards={PBN_DEAL} passed=-/-/-/-"


def snapshot(hand: Hand) -> tuple:
    return hand.position(), hand.legal_plays(), hand.history, hand.phase


def refuse(hand: Hand, action, reason: Reason | None = None, error=IllegalActionError) -> MacaError:
    """Run ``action``, which must fail with ``error`` (and ``reason``) and change nothing."""
    before = snapshot(hand)
    with pytest.raises(error) as err:
        action()
    assert snapshot(hand) == before
    if reason is not None:
        assert err.value.reason is reason
        tr, en = err.value.message("tr"), err.value.message("en")
        assert tr and en and tr != en and str(err.value) == en
    return err.value


def test_every_error_is_a_maca_error_and_a_value_error():
    from maca.exercises import (AnswerError, AnswersFileError, ClassListError, ExerciseError,
                                GenerationError, NoQuestionError)
    for cls in (CardError, RulesError, PositionError, RecordError, IllegalActionError,
                ExerciseError, AnswerError, AnswersFileError, ClassListError, GenerationError,
                NoQuestionError):
        assert issubclass(cls, MacaError) and issubclass(cls, ValueError)
        assert cls.__name__.endswith("Error")
    assert issubclass(GenerationError, ExerciseError) and issubclass(NoQuestionError, ExerciseError)


def test_illegal_action_is_the_old_name_of_illegal_action_error():
    import maca
    assert IllegalAction is IllegalActionError is maca.IllegalAction is maca.IllegalActionError
    assert "IllegalActionError" in maca.__all__ and "IllegalAction" in maca.__all__


def test_long_or_deep_values_are_quoted_short():
    from maca.errors import shown
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    assert shown(deep) == "[[[[[[[...]]]]]]]" and len(shown("x" * 10**6)) < 100
    with pytest.raises(CardError) as err:
        CardSet.parse("QS " * 100_000 + "ZZ")
    assert len(str(err.value)) < 400


# -- actions ----------------------------------------------------------------------------------
def test_illegal_card(deal, play):
    hand = play(deal("standard", *ONE_SUIT_EACH), "2C")
    err = refuse(hand, lambda: hand.play("QS"), Reason.NOT_IN_HAND)
    assert str(err.verdict.params["card"]) == "QS"
    hand = deal("standard", "2C AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D",
                "3C KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H", "*", "*")
    play(hand, "2C")
    err = refuse(hand, lambda: hand.play("KH"), Reason.MUST_FOLLOW_SUIT)
    assert "sinek" in err.message("tr") and "club" in err.message("en")
    refuse(hand, lambda: hand.play("2H", seat=1), Reason.MUST_FOLLOW_SUIT)


def test_not_your_turn(deal, play):
    hand = play(deal("standard", *ONE_SUIT_EACH), "2C")
    err = refuse(hand, lambda: hand.play("2H", seat=2), Reason.NOT_YOUR_TURN)
    assert "West" in err.message("en") and "Batı" in err.message("tr")
    hand.play("2H", seat=1)
    assert hand.to_move == 2


def test_wrong_phase(deal, play, finished):
    passing = deal("standard", *ONE_SUIT_EACH, number=1)
    refuse(passing, lambda: passing.play("2C"), Reason.PASSING_NOT_DONE)
    playing = deal("standard", *ONE_SUIT_EACH)
    refuse(playing, lambda: playing.give(0, "2C 3C 4C"), Reason.NO_PASSING)
    after = deal("standard", *ONE_SUIT_EACH, number=1)
    for seat, cards in enumerate(("2C 3C 4C", "2H 3H 4H", "2D 3D 4D", "2S 3S 4S")):
        after.give(seat, cards)
    refuse(after, lambda: after.give(0, "AC KC QC"), Reason.ALREADY_PASSED)
    over = finished("standard", {}, rest=0)
    refuse(over, lambda: over.play("2C"), Reason.HAND_OVER)
    fresh = deal("standard", *ONE_SUIT_EACH)
    refuse(fresh, fresh.undo, Reason.NOTHING_TO_UNDO)
    refuse(fresh, fresh.points, Reason.HAND_NOT_OVER)


@pytest.mark.parametrize("cards, reason", [
    ("2C 3C", Reason.PASS_WRONG_COUNT),
    ("2C 3C 4C 5C", Reason.PASS_WRONG_COUNT),
    (["2C", "2C", "3C"], Reason.PASS_REPEATED_CARD),
    (["2C", "2C", "3C", "4C"], Reason.PASS_REPEATED_CARD),
    ([], Reason.PASS_WRONG_COUNT),
    ("2C 3C AH", Reason.PASS_NOT_IN_HAND),
    ("AS KS QS", Reason.PASS_NOT_IN_HAND),
])
def test_bad_passes(deal, cards, reason):
    hand = deal("standard", *ONE_SUIT_EACH, number=2)
    err = refuse(hand, lambda: hand.give(0, cards), reason)
    if reason is Reason.PASS_WRONG_COUNT:
        assert "exactly 3" in err.message("en") and "Tam 3 kart" in err.message("tr")
    elif reason is Reason.PASS_REPEATED_CARD:
        assert "twice" in err.message("en") and "iki kez" in err.message("tr")
    else:
        assert "elinde değil" in err.message("tr")
    assert hand.given(0) is None


@pytest.mark.parametrize("seat", [4, -1, 1.0, "1", None])
def test_bad_seats(deal, seat):
    hand = deal("standard", *ONE_SUIT_EACH, number=1, peskir=True)
    for action in (lambda: hand.give(seat, "2C 3C 4C"), lambda: hand.declare_peskir(seat),
                   lambda: hand.cards(seat), lambda: hand.observe(seat)):
        err = refuse(hand, action, Reason.BAD_SEAT)
        assert "0 to 3" in err.message("en") and "0'dan 3'e" in err.message("tr")


def test_bad_seat_when_playing(deal):
    hand = deal("three_players", "*", "*", "*")
    err = refuse(hand, lambda: hand.play("2C", seat=3), Reason.BAD_SEAT)
    assert "0 to 2" in err.message("en")


def test_peskir_declarations(deal, play):
    off = deal("standard", *ONE_SUIT_EACH)
    err = refuse(off, lambda: off.declare_peskir(0), Reason.PESKIR_NOT_ALLOWED)
    assert "peşkir" in err.message("tr") and "peşkir" in err.message("en")
    hand = deal("turkish", *ONE_SUIT_EACH)
    hand.declare_peskir(0)
    err = refuse(hand, lambda: hand.declare_peskir(0), Reason.PESKIR_ALREADY)
    assert "Zaten peşkir dedin." == err.message("tr")
    assert "You have already declared peşkir." == err.message("en")
    play(hand, "AH")
    refuse(hand, lambda: hand.declare_peskir(2), Reason.PESKIR_TOO_LATE)
    assert hand.peskir == (0,)


@pytest.mark.parametrize("text", ["ZZ", "", "QS KS", "1H"])
def test_bad_card_strings_in_actions(deal, text):
    hand = deal("standard", *ONE_SUIT_EACH, number=1)
    refuse(hand, lambda: hand.give(0, [text, "2C", "3C"]), error=CardError)
    playing = deal("standard", *ONE_SUIT_EACH)
    refuse(playing, lambda: playing.play(text), error=CardError)
    refuse(playing, lambda: playing.check(text), error=CardError)


@pytest.mark.parametrize("hands, match", [
    (ONE_SUIT_EACH[:3], "4 lists"),
    ("AS KS", "4 lists"),
    (ONE_SUIT_EACH[:3] + ("AS KS QS",), "seat 3 has 3 cards"),
    (ONE_SUIT_EACH[:3] + (ONE_SUIT_EACH[2],), "seat 3 holds .*dealt to another seat"),
    (ONE_SUIT_EACH[:3] + ("ZZ",), "seat 3's cards: cannot read 'ZZ'"),
])
def test_bad_deals(hands, match):
    with pytest.raises(PositionError, match=match):
        Hand.from_cards(Rules.preset("standard"), hands)


def test_bad_deal_details():
    rules = Rules.preset("three_players")
    with pytest.raises(PositionError, match="2D, which these rules remove"):
        Hand.from_cards(rules, ["AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AD KD QD 2D",
                                "JD TD 9D 8D 7D 6D 5D 4D 3D AS KS QS JS TS 9S 8S 7S",
                                "6S 5S 4S 3S 2S AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H"])
    with pytest.raises(PositionError, match="dealer must be a whole number from 0 to 3"):
        Hand.from_cards(Rules.preset("standard"), ONE_SUIT_EACH, dealer=4)
    with pytest.raises(PositionError, match="hand number must be a whole number 1 or more"):
        Hand.from_cards(Rules.preset("standard"), ONE_SUIT_EACH, number=0)


# -- positions: the message names the bad part -----------------------------------------------
@pytest.mark.parametrize("text, match", [
    ("", "at least the rules and cards"),
    (None, "at least the rules and cards"),
    ("standard", "no cards= field"),
    (MID.replace("standard", "hearts"), "rules 'hearts'.*unknown rules preset"),
    (MID.replace("standard", "standard;target=x"), "target='x'"),
    (MID.replace("standard", "standard;colour=red"), "colour"),
    (MID.replace("hand=1", "hand=one"), "hand='one': write a whole number"),
    (MID.replace("hand=1", "hand=0"), "hand=0: hands are numbered from 1"),
    (MID.replace("dealer=0", "dealer=x"), "dealer='x'"),
    (MID.replace("dealer=0", "dealer=7"), "dealer must be a whole number from 0 to 3"),
    (MID.replace("cards=.AKQ../", "cards="), "cards= needs 4 groups"),
    (MID.replace(".JT98..", ".JT9X.."), "cards= seat 1: .*'X' is not a rank in the hearts group"),
    (MID.replace(".JT98..", "-"), "cards= cannot use '-'"),
    (MID.replace(f"tricks={TRICKS}", "taken=AKQJT98765..AKQJT98765432.AKQJT98765432/.../.../..."),
     "taken= is not part of a position any more: list the completed tricks with tricks="),
    (MID.replace("0:AS,6C,6D,QS", "0:AS,6C,6D"), "trick 7 has 3 cards: a completed trick has 4"),
    (MID.replace("0:AS,6C", "0:AS,6X"), "tricks= trick 7: cannot read '6X'"),
    (MID.replace("0:AS,6C", "x:AS,6C"), "tricks= trick 7 leader='x'"),
    (MID.replace("0:AS,6C", "1:AS,6C"), "trick 7 is led by seat 1, but seat 0 won trick 6"),
    (MID.replace("3:2C,AC,3C,9C", "0:2C,AC,3C,9C"), "trick 2 is led by seat 0, but seat 1 won "
                                                     "trick 1"),
    (MID.replace("0:QD,8C,10D,8S", "0:QD,8S,10D,8C"),  # then West held 8♠ on trick 4
     "trick 4: seat 1 could not play JC: You hold a spade"),
    (MID.replace(".JT98..", ".AJT98.."), "AH appears in two places"),
    (MID.replace("43.32..", "3.32.."), "4S is missing"),
    (MID.replace("trick=0:2S", "trick=02S"), "trick= '02S' should look like 2:7C,8C"),
    (MID.replace("trick=0:2S", "trick=x:2S"), "trick= leader='x': write a whole number"),
    (MID.replace("trick=0:2S", "trick=9:2S"), "trick 10: the leader 9 is not a seat"),
    (MID.replace("trick=0:2S", "trick=0:ZZ"), "trick=: cannot read 'ZZ'"),
    (MID.replace("trick=0:2S", "trick=0:2S,JH,7H,3S"), "the trick in progress has 4 cards"),
    (MID.replace("cards=.AKQ../", "cards=2.KQ../").replace("trick=0:2S", "trick=0:AH"),
     "trick 10: seat 0 could not play AH: Hearts are not broken"),
    (MID.replace("cards=.AKQ../", "cards=2.AKQ../").replace("trick=0:2S", "trick=1:"),
     "trick 10 is led by seat 1, but seat 0 won trick 9"),
    (MID.replace(" trick=0:2S", ""), "2S is missing: every card must be held, played"),
    (MID.replace("43.32..", "4.32..").replace(".7654..", "3.7654.."), "seat 2 holds 5 cards"),
    (MID.replace("passed=done", "passed=none"), "passed=none, but hand 1 passes left"),
    (MID.replace("hand=1", "hand=4").replace("passed=done", "passed=-/-/-/-"),
     "hand 4 has no passing"),
    (MID.replace("passed=done", "passed=-/-/-/-"), "cards were played before every seat had "
                                                   "passed"),
    (START.replace("...AKQJT98765432/", "...AKQJT9876543/").replace("-/-/-/-", "...2/-/-/-"),
     "seat 0 passed 1 card, not 3"),
    (START.replace("-/-/-/-", "-/-/-"), "passed= needs 4 groups"),
    (MID + " peskir=1", "peskir= is given twice"),
    (MID.replace("peskir=-", "peskir=1"), "peşkir of seat 1 is refused: These rules have no "
                                          "peşkir"),
    (MID_PESKIR.replace("peskir=-", "peskir=9"), "peşkir seat must be a whole number from 0 to 3, not 9"),
    (MID_PESKIR.replace("peskir=-", "peskir=x"), "peskir='x'"),
    (MID + " colour=red", "cannot read 'colour=red'"),
    (MID + " oops", "cannot read 'oops'"),
    (MID + " moon=maybe", "moon=maybe is refused: There is no choice to make"),
    (f"standard hand=4 cards={PBN_DEAL} trick=1:",
     "trick 1 is led by seat 1, but seat 0 holds 2C, which opens it"),
    (f"three_players cards={PBN_DEAL}", "cards= needs 3 groups"),
    ("three_players cards=AKQJT98765432.AKQJ../.T98765432.AKQJT9876543./..2.AKQJT98765432",
     "2D is not in the deck"),
])
def test_bad_positions_name_the_bad_part(text, match):
    with pytest.raises(PositionError, match=match):
        Hand.from_position(text)


def test_the_base_positions_are_valid():
    assert Hand.from_position(MID).position() == MID
    assert Hand.from_position(START).to_move is None


# -- records: the message names the line -----------------------------------------------------
RECORD = f"rules standard\nhand 4 dealer 0\ndeal {PBN_DEAL}\nplay 2C 2H 2D 2S\nplay 3C 3H 3D 3S\n"


@pytest.mark.parametrize("text, match", [
    ("", "starts with a line 'rules"),
    ("rules\n", "starts with a line 'rules"),
    ("hand 4 dealer 0\n", "line 1: a record starts with a line 'rules"),
    (RECORD.replace("rules standard", "rules hearts"), "line 1: .*'hearts'"),
    (RECORD.replace("rules standard", "rules standard;target=x"), "line 1: .*target"),
    ("rules standard\nplay 2C\n", "line 2: after the rules line comes 'hand"),
    (RECORD.replace("hand 4 dealer 0", "hand 4 dealer"), "line 2: write 'hand <number> dealer"),
    (RECORD.replace("hand 4 dealer 0", "hand four dealer 0"), "line 2: .*'hand four dealer 0'"),
    (RECORD.replace("dealer 0", "dealer 9"), "line 2: .*seat 0 to 3"),
    (RECORD.replace("hand 4", "hand 0"), "line 2: .*number 1 or more"),
    ("rules standard\nhand 4 dealer 0\n", "line 2: a hand line is followed by 'deal"),
    (RECORD.replace(f"deal {PBN_DEAL}", "deal ..."), "line 3: deal= needs 4 groups"),
    (RECORD.replace(f"deal {PBN_DEAL}", f"deal {PBN_DEAL} x"), "line 2: a hand line is followed"),
    (RECORD.replace("/.AKQJT98765432../", "/..AKQJT98765432./"), "line 3: seat 2 holds"),
    (RECORD.replace("play 3C 3H 3D 3S", "play 3C ZZ"), "line 5: 'play 3C ZZ' was refused: .*'ZZ'"),
    (RECORD.replace("play 2C", "play 3C"), "line 4: 'play 3C 2H 2D 2S' was refused: The first "
                                           "trick is opened with the two of clubs"),
    (RECORD.replace("play 3C 3H 3D 3S", "dance 3C"), "line 5: unknown entry 'dance'"),
    (RECORD.replace("play 3C 3H 3D 3S", "peskir 1"), "line 5: 'peskir 1' was refused: These "
                                                     "rules have no peşkir"),
    (RECORD.replace("play 3C 3H 3D 3S", "peskir x"), "line 5: 'peskir' is followed by a seat "
                                                     "number"),
    (RECORD.replace("play 3C 3H 3D 3S", "pass 1 3H 4H 5H"), "line 5: 'pass 1 3H 4H 5H' was "
                                                            "refused: There is no passing"),
    (RECORD.replace("play 3C 3H 3D 3S", "moon new"), "line 5: 'moon new' was refused"),
    (RECORD + "hand 5 dealer 1\n", "line 6: a second hand"),
])
def test_bad_hand_records_name_the_line(text, match):
    with pytest.raises(RecordError, match=match):
        Hand.from_record(text)


def test_pass_entries_with_a_bad_seat():
    record = f"rules standard\nhand 1 dealer 0\ndeal {PBN_DEAL}\npass x 2C 3C 4C\n"
    with pytest.raises(RecordError, match="line 4: 'pass' is followed by a seat number"):
        Hand.from_record(record)


@pytest.mark.parametrize("text, match", [
    ("rules standard\n", "the record has no hand"),
    ("rules standard\nplay 2C\n", "line 2: a record lists 'hand"),
    (RECORD + f"hand 5 dealer 1\ndeal {PBN_DEAL}\n", "line 6: .*hand is not over"),
])
def test_bad_game_records_name_the_line(text, match):
    with pytest.raises(RecordError, match=match):
        Game.from_record(text)


def test_game_record_with_a_dealer_the_rules_do_not_allow():
    game = Game(Rules.preset("standard").replace(target=10_000), seed=2)
    hand = game.hand
    for seat in range(4):
        hand.give(seat, list(hand.cards(seat))[:3])
    while not hand.is_over:
        hand.play(list(hand.legal_plays())[0])
    game.next_hand()
    text = game.record()
    assert Game.from_record(text).record() == text
    bad = text.replace("hand 2 dealer 1", "hand 2 dealer 3")
    line = bad.splitlines().index("hand 2 dealer 3") + 1
    with pytest.raises(RecordError, match=f"line {line}: Only a player who shot the moon"):
        Game.from_record(bad)


# -- rules options written as text -----------------------------------------------------------
@pytest.mark.parametrize("text, match", [
    ("hearts", "unknown rules preset 'hearts'"),
    ("standard;target=x", "target='x': write a whole number"),
    ("standard;target=0", "target=0 is not valid"),
    ("standard;target", "'target' should look like name=value"),
    ("standard;colour=red", "unknown rules option 'colour'"),
    ("standard;name=turkish", "unknown rules option 'name'"),
    ("standard;queen_breaks_hearts=yes", "queen_breaks_hearts='yes': write on or off"),
    ("standard;card_values=QS13", "card_values: 'QS13' should look like QS:13"),
    ("standard;card_values=ZZ:3", "card_values.*'ZZ'"),
    ("standard;bonus_card=ZZ", "bonus_card: cannot read 'ZZ'"),
    ("standard;removed=ZZ", "removed: cannot read 'ZZ'"),
    ("standard;pass_cycle=left+up", "pass_cycle"),
    ("standard;moon=full", "moon='full' is not valid"),
    ("standard;first_lead=me", "first_lead='me'"),
    ("three_players;pass_cycle=across", "3 players cannot pass across"),
])
def test_bad_rules_text_names_the_option(text, match):
    with pytest.raises(RulesError, match=match):
        rules_from_text(text)


def test_an_exception_inside_replace_leaves_the_rules_alone():
    rules = Rules.preset("standard")
    with pytest.raises(RulesError):
        rules.replace(target=-5)
    assert rules.target == 100 and Rules.preset("standard").target == 100
    assert CardSet(rules.deck_mask) == CardSet((1 << 52) - 1)


# -- every error of the core speaks the learner's language ----------------------------------
def _standard() -> Rules:
    return Rules.preset("standard")


def _suits(*texts: str) -> list[CardSet]:
    return [CardSet.parse(t) for t in texts]


def _position(**fields) -> Hand:
    from maca.notation import Position
    return Hand.restore(Position(**{"rules": _standard(), "cards": _suits(*ONE_SUIT_EACH), **fields}))


TITLE = {"tr": "D", "en": "T"}
#: Hand 4 (no passing): South holds the clubs and leads 2♣.
SOUTH_LEADS = f"standard hand=4 cards={PBN_DEAL}"


def _exercises():
    import maca.exercises.sets as sets
    return sets


def _set(table: dict):
    return _exercises().set_from_dict({"title": TITLE, "exercise": [{"prompt": TITLE, **table}]})


def _ONE_EXERCISE():
    return _set({"id": "p", "kind": "pass_direction", "hand": 2}).exercises[0]


def _question(kind: str, fields: dict):
    from maca.exercises.kinds import build_question
    return build_question(kind, fields, "standard")


def _generators():
    import maca.exercises.generators as generators
    return generators


def _gradebook():
    import maca.exercises.gradebook as gradebook
    return gradebook


def _roster():
    import maca.exercises.roster as roster
    return roster


def _solver():
    import maca.solver as solver
    return solver


def _kind_base():
    import maca.exercises.kinds.base as base
    return base


def _progress():
    import maca.exercises.progress as progress
    return progress


def _render():
    import maca.render as render
    return render


def _panels():
    import maca.panels.base as base
    return base


def _record(text: str) -> Hand:
    return Hand.from_record(text)


SUITS_PBN = "/".join(CardSet.parse(c).to_pbn() for c in ONE_SUIT_EACH)
GIVEN = "passed=...432/.432../..432./432..."
#: Each seat still holds what it passed, and its left neighbour holds it too.
KEPT = "cards=432...AKQJT98765432/.AKQJT98765432..432/.432.AKQJT98765432./AKQJT98765432..432."
CLUBS = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"

#: Bad input reaching every error text of the cards, the rules, positions, deals and records.
BAD_INPUT = {
    # cards
    "card index": lambda: __import__("maca").Card(52),
    "card rank": lambda: __import__("maca").Card.of(1, 0),
    "card suit": lambda: __import__("maca").Card.of(12, 4),
    "card text": lambda: __import__("maca").Card.parse(12),
    "card unreadable": lambda: __import__("maca").Card.parse("ZZ"),
    "set mask": lambda: CardSet(-1),
    "set type": lambda: CardSet(None),
    "set item": lambda: CardSet([None]),
    "set text": lambda: CardSet.parse(7),
    "set lone suit word": lambda: CardSet.parse("karo kızı sinek"),
    "set twice": lambda: CardSet.parse("maça kızı QS"),
    "pbn text": lambda: CardSet.from_pbn(None),
    "pbn suits": lambda: CardSet.from_pbn("AK.QJ"),
    "pbn rank": lambda: CardSet.from_pbn("AKQ.T98..5432X"),
    "pbn twice": lambda: CardSet.from_pbn("AA..."),
    # rules
    "players": lambda: _standard().replace(players=5),
    "across": lambda: rules_from_text("three_players;pass_cycle=left+across"),
    "uneven": lambda: _standard().replace(removed="2D"),
    "pass count": lambda: _standard().replace(pass_count=13),
    "partners": lambda: Rules.preset("three_players").replace(partnership=True),
    "moon bonus": lambda: _standard().replace(moon_needs_bonus=True),
    "target": lambda: _standard().replace(target=0),
    "bonus removed": lambda: Rules.preset("three_players").replace(bonus_card="2D"),
    "no club": lambda: _standard().replace(removed=f"{CLUBS} 2D 3D 4D"),
    "no points": lambda: _standard().replace(card_values=[0] * 52),
    "bool": lambda: _standard().replace(must_break_hearts="no"),
    "whole": lambda: _standard().replace(target="x"),
    "choice": lambda: _standard().replace(moon="full"),
    "cards option": lambda: _standard().replace(removed=5),
    "card option": lambda: _standard().replace(removed="ZZ"),
    "directions": lambda: _standard().replace(pass_cycle=["up"]),
    "values": lambda: _standard().replace(card_values=5),
    "value list": lambda: _standard().replace(card_values=[0.5] * 52),
    "value map": lambda: _standard().replace(card_values={"QS": 1.5}),
    "value card": lambda: _standard().replace(card_values={"ZZ": 1}),
    "preset": lambda: Rules.preset("hearts"),
    "option name": lambda: _standard().replace(colour=1),
    "hand number": lambda: _standard().pass_direction(0),
    "direction": lambda: _standard().seat_towards(0, "up"),
    "direction of 3": lambda: Rules.preset("three_players").seat_towards(0, "across"),
    "seat": lambda: _standard().seat_towards(9, "left"),
    "rules text": lambda: rules_from_text(5),
    "on or off": lambda: rules_from_text("standard;queen_breaks_hearts=yes"),
    "option number": lambda: rules_from_text("standard;target=x"),
    "option shape": lambda: rules_from_text("standard;target"),
    "option unknown": lambda: rules_from_text("standard;colour=red"),
    "card value": lambda: rules_from_text("standard;card_values=QS13"),
    # deals
    "seed": lambda: __import__("maca.hand").hand.shuffler(2.5),
    "rng": lambda: Hand.deal(_standard(), rng=5),
    "not rules": lambda: Hand.deal("standard"),
    "deal number": lambda: Hand.from_cards(_standard(), ONE_SUIT_EACH, number=0),
    "deal dealer": lambda: Hand.from_cards(_standard(), ONE_SUIT_EACH, dealer=4),
    "deal lists": lambda: Hand.from_cards(_standard(), ONE_SUIT_EACH[:3]),
    "deal card": lambda: Hand.from_cards(_standard(), ONE_SUIT_EACH[:3] + ("ZZ",)),
    "deal masks": lambda: Hand(_standard(), [0, 0, 0]),
    "deal mask": lambda: Hand(_standard(), [0.5, 0, 0, 0]),
    "deal size": lambda: Hand.from_cards(_standard(), ONE_SUIT_EACH[:3] + ("AS KS QS",)),
    "deal removed": lambda: Hand.from_cards(Rules.preset("three_players"), [
        "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AD KD QD 2D",
        "JD TD 9D 8D 7D 6D 5D 4D 3D AS KS QS JS TS 9S 8S 7S",
        "6S 5S 4S 3S 2S AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H"]),
    "deal twice": lambda: Hand.from_cards(_standard(), ONE_SUIT_EACH[:3] + (ONE_SUIT_EACH[2],)),
    "pass cards": lambda: Hand.deal(_standard(), seed=1).give(0, 5),
    # positions as values
    "not a position": lambda: Hand.restore("standard"),
    "tricks list": lambda: _position(tricks=5),
    "peskir list": lambda: _position(peskir=5),
    "peskir seat": lambda: _position(peskir=[9]),
    "peskir twice": lambda: _position(peskir=[1, 1]),
    "cards none": lambda: _position(cards=[CardSet(), None, None, None]),
    "groups": lambda: _position(cards=_suits(*ONE_SUIT_EACH[:3])),
    "group type": lambda: _position(cards=list(ONE_SUIT_EACH)),
    "trick shape": lambda: _position(tricks=[5]),
    "trick card": lambda: _position(tricks=[(0, ["ZZ"])]),
    "trick leader": lambda: _position(trick=(9, [])),
    "trick twice": lambda: _position(number=4, tricks=[(0, ["2C", "2C", "2D", "2S"])]),
    "moon": lambda: Hand.from_position(MID + " moon=maybe"),
    "no record": lambda: Hand.from_position(MID).record(),
    # position strings
    "empty": lambda: Hand.from_position(""),
    "no cards": lambda: Hand.from_position("standard"),
    "position rules": lambda: Hand.from_position(MID.replace("standard", "hearts")),
    "field": lambda: Hand.from_position(MID + " oops"),
    "taken": lambda: Hand.from_position(MID.replace(f"tricks={TRICKS}", "taken=.../.../.../...")),
    "field twice": lambda: Hand.from_position(MID + " peskir=1"),
    "cards groups": lambda: Hand.from_position(MID.replace("cards=.AKQ../", "cards=")),
    "cards rank": lambda: Hand.from_position(MID.replace(".JT98..", ".JT9X..")),
    "cards dash": lambda: Hand.from_position(MID.replace(".JT98..", "-")),
    "digits": lambda: Hand.from_position(MID.replace("hand=1", "hand=one")),
    "hand 0": lambda: Hand.from_position(MID.replace("hand=1", "hand=0")),
    "tricks card": lambda: Hand.from_position(MID.replace("0:AS,6C", "0:AS,6X")),
    "trick form": lambda: Hand.from_position(MID.replace("trick=0:2S", "trick=02S")),
    "trick leader digits": lambda: Hand.from_position(MID.replace("trick=0:2S", "trick=x:2S")),
    "trick unreadable": lambda: Hand.from_position(MID.replace("trick=0:2S", "trick=0:ZZ")),
    "trick size": lambda: Hand.from_position(MID.replace("0:AS,6C,6D,QS", "0:AS,6C,6D")),
    "current size": lambda: Hand.from_position(MID.replace("trick=0:2S", "trick=0:2S,JH,7H,3S")),
    "led by": lambda: Hand.from_position(MID.replace("0:AS,6C", "1:AS,6C")),
    "opener": lambda: Hand.from_position(f"standard hand=4 cards={PBN_DEAL} trick=1:"),
    "left of dealer": lambda: Hand.from_position(
        f"turkish hand=1 dealer=2 cards={PBN_DEAL} passed=done trick=0:"),
    "could not play": lambda: Hand.from_position(MID.replace("0:QD,8C,10D,8S", "0:QD,8S,10D,8C")),
    "peskir refused": lambda: Hand.from_position(MID.replace("peskir=-", "peskir=1")),
    "two places": lambda: Hand.from_position(MID.replace(".JT98..", ".AJT98..")),
    "missing": lambda: Hand.from_position(MID.replace("43.32..", "3.32..")),
    "holds": lambda: Hand.from_position(MID.replace("43.32..", "4.32..").replace(".7654..", "3.7654..")),
    "not in deck": lambda: Hand.from_position(
        "three_players cards=AKQJT98765432.AKQJ../.T98765432.AKQJT9876543./..2.AKQJT98765432"),
    "passed none": lambda: Hand.from_position(MID.replace("passed=done", "passed=none")),
    "no passing": lambda: Hand.from_position(f"standard hand=4 cards={SUITS_PBN} {GIVEN}"),
    "played while passing": lambda: Hand.from_position(MID.replace("passed=done", "passed=-/-/-/-")),
    "pass size": lambda: Hand.from_position(f"standard cards={SUITS_PBN} passed=...32/-/-/-"),
    "passed twice": lambda: Hand.from_position(f"standard cards={SUITS_PBN} passed=...432/...432/-/-"),
    "still holds": lambda: Hand.from_position(f"standard cards={SUITS_PBN} passed=...432/-/-/-"),
    "not received": lambda: Hand.from_position(f"standard cards={SUITS_PBN} {GIVEN}"),
    "kept": lambda: Hand.from_position(f"standard {KEPT} {GIVEN}"),
    # records
    "record text": lambda: _record(5),
    "record rules": lambda: _record(""),
    "record rules line": lambda: _record(RECORD.replace("rules standard", "rules hearts")),
    "record hand first": lambda: _record("rules standard\nplay 2C\n"),
    "record hand line": lambda: _record(RECORD.replace("hand 4 dealer 0", "hand 4 dealer")),
    "record deal next": lambda: _record("rules standard\nhand 4 dealer 0\n"),
    "record deal dash": lambda: _record(RECORD.replace(f"deal {PBN_DEAL}", "deal -/-/-/-")),
    "record deal": lambda: _record(RECORD.replace("/.AKQJT98765432../", "/..AKQJT98765432./")),
    "record card": lambda: _record(RECORD.replace("play 3C 3H 3D 3S", "play 3C ZZ")),
    "record refused": lambda: _record(RECORD.replace("play 2C", "play 3C")),
    "record entry": lambda: _record(RECORD.replace("play 3C 3H 3D 3S", "dance 3C")),
    "record seat": lambda: _record(RECORD.replace("play 3C 3H 3D 3S", "peskir x")),
    "record unreadable": lambda: _record(RECORD.replace("play 3C 3H 3D 3S", "moon")),
    "record second hand": lambda: _record(RECORD + "hand 5 dealer 1\n"),
    "game no hand": lambda: Game.from_record("rules standard\n"),
    "game plays first": lambda: Game.from_record("rules standard\nplay 2C\n"),
    "game hand order": lambda: Game.from_record(RECORD + f"hand 6 dealer 1\ndeal {PBN_DEAL}\n"),
    "game deal": lambda: Game.from_record(RECORD + f"hand 5 dealer 1\ndeal {PBN_DEAL}\n"),
    # exercise sets (a teacher's file)
    "exercise set text": lambda: _exercises().parse_set(5),
    "set name": lambda: _exercises().find_set("pasing"),
    "set field": lambda: _exercises().set_from_dict({"title": TITLE, "oops": 1}),
    "set empty": lambda: _exercises().set_from_dict({"title": TITLE}),
    "set answer": lambda: _set({"id": "p", "kind": "pass_direction", "hand": 2, "answer": 3}),
    "set points": lambda: _set({"id": "p", "kind": "pass_direction", "hand": 2, "points": -1}),
    "set generate id": lambda: _exercises().set_from_dict({"title": TITLE, "generate": [
        {"kind": "game_winner"}]}),
    "set ids twice": lambda: _exercises().unique_ids([_ONE_EXERCISE(), _ONE_EXERCISE()], "two.toml"),
    # question kinds and their fields
    "kind unknown": lambda: _question("pass_directions", {}),
    "kind fields": lambda: _question("pass_direction", {"hand": 2, "oops": 1}),
    "kind missing": lambda: _question("pass_direction", {}),
    "question hand": lambda: _question("pass_direction", {"hand": "2"}),
    "question goal": lambda: _question("play_goal", {"position": SOUTH_LEADS, "goal": "win_big"}),
    "question to play": lambda: _question("play_goal", {"position": MID, "goal": "win_cheaply"}),
    "question piles": lambda: _question("hand_score", {}),
    "question totals": lambda: _question("game_winner", {"totals": [1, 2]}),
    "judged cards": lambda: _question("choose_pass", {"cards": "QS", "direction": "left"}),
    "judged margin": lambda: _question("choose_pass", {"cards": ONE_SUIT_EACH[3],
                                                      "direction": "left", "margin": 9}),
    "judged goal": lambda: _question("choose_lead", {"position": SOUTH_LEADS, "goal": "win_big"}),
    # generators, grading, gradebook, sheets and class lists
    "generate kind": lambda: _generators().resolve_theme("trick_loser", None, _standard()),
    "generate theme": lambda: _generators().resolve_theme("hand_score", "peskir", _standard()),
    "grade hints": lambda: __import__("maca.exercises.grading").exercises.grading.grade_files(
        None, [], hints="some"),
    "gradebook format": lambda: _gradebook().gradebook_text([], None, None, None, None, fmt="xls"),
    "gradebook separator": lambda: _gradebook().files_report_text([], None, separator="|"),
    "sheets format": lambda: __import__("maca.exercises.sheets").exercises.sheets.write_sheets(
        "passing", [], "C", "A", "out", fmt="pdf"),
    "class list path": lambda: _roster().read_class(5),
    "class list text": lambda: _roster().parse_class(5),
    # the solver, the table, the bots, the pictures, the lessons and the panels
    "solver hand": lambda: _solver().Solver("standard", "avoid_queen"),
    "solver goal": lambda: _solver().Solver(Hand.from_position(MID), "win_big"),
    "solver target": lambda: _solver().Solver(Hand.from_position(MID), "avoid_queen", target=2),
    "table level": lambda: __import__("maca.table").table.Table(level="expert"),
    "table timer": lambda: __import__("maca.table").table.Table(timer=30),
    "bot level": lambda: __import__("maca.bots").bots.bot("expert"),
    "bot worlds": lambda: __import__("maca.bots").bots.HardBot(worlds=0),
    "render lang": lambda: _render().card_html("QS", lang="de"),
    "render size": lambda: _render().card_html("QS", size=2),
    "lesson kind": lambda: __import__("maca.lessons").lessons.FollowSuitLesson(kind="lead"),
    "panel kind": lambda: _panels().open_panel({"panel": "nothing"}),
    "panel card": lambda: _panels().parse_card("1Z"),
    "panel choice": lambda: _panels().parse_choice("all", ("follow", "void"), "kind"),
    "host panel": lambda: __import__("maca.panels.host").panels.host.Host()._act(2, {}),
    # answers, texts and answers files of the exercises, worksheets, puzzles and quick checks
    "answer empty": lambda: _kind_base().read_cards(" "),
    "answer seat": lambda: _kind_base().read_seat("up", 4),
    "question seat": lambda: _kind_base().seat_field({"seat": 9}, 4),
    "choice verdicts": lambda: __import__("maca.exercises.kinds.choice").exercises.kinds.choice
    .Choice([], []),
    "puzzle difficulty": lambda: _question("puzzle", {"position": MID, "goal": "avoid_queen",
                                                      "themes": ["safe_exit"], "difficulty": 5}),
    "text field": lambda: __import__("maca.exercises.text").exercises.text.text_field(
        {"tr": "Kime?"}, "prompt"),
    "answers json": lambda: _progress().Progress.from_json("{", "a.json"),
    "answers format": lambda: _progress().Progress.from_dict({}, "a.json"),
    "worksheet path": lambda: __import__("maca.exercises.session").exercises.session.Worksheet
    .single(_ONE_EXERCISE()).save(),
    "puzzle theme": lambda: __import__("maca.puzzles").puzzles.theme_title("nope"),
    "trainer theme": lambda: __import__("maca.panels.puzzles").panels.puzzles.PuzzlePanel(
        theme="nope"),
    "quick check action": lambda: __import__("maca.lessonkit").lessonkit.quick_check(
        "?", [("a", 1)], lambda v: (True, "x"), "en").act("jump"),
}

#: English that a Turkish sentence never holds.
ENGLISH = (" the ", " must ", " is not ", " cannot ", " should ", " write ", " give ", " not a ")


@pytest.mark.parametrize("name", sorted(BAD_INPUT))
def test_every_error_of_the_core_says_it_in_turkish(name):
    with pytest.raises(MacaError) as err:
        BAD_INPUT[name]()
    tr, en = err.value.message("tr"), err.value.message("en")
    assert tr != en and str(err.value) == en
    assert not [w for w in ENGLISH if w in f" {tr} "], tr


def test_the_bad_input_reaches_every_error_text(monkeypatch):
    """Each error text of the cards, rules, positions and records is said by one input above
    (the texts a check before it makes unreachable are named here)."""
    from maca import words

    class Said(dict):
        def __getitem__(self, key):
            said.add(key)
            return super().__getitem__(key)

    said: set[str] = set()
    monkeypatch.setattr(words, "_ALL", Said(words._ALL))
    for call in BAD_INPUT.values():
        with pytest.raises(MacaError):
            call()
    texts = {key for name in ("hand", "position", "record", "rules") for key in words.CATALOGUES[name]}
    texts |= {key for key in words.CATALOGUES["cards"] if not key.startswith(("suit_", "card_name"))}
    unreachable = {"hand.no_lowest_club", "hand.could_not_pass"}
    assert texts - said == unreachable
    # the error catalogues of the exercises, the solver, the bots and the panels: a sample each
    samples = ("sets", "kinds", "plain", "judgement", "generators", "roster", "sheets", "solver",
               "bots", "hard_bot", "panel", "host", "question", "choice", "puzzle_line",
               "text_field", "answers_file", "worksheet", "puzzle_collection", "puzzles",
               "quick_check")
    assert [name for name in samples if not said & set(words.CATALOGUES[name])] == []
