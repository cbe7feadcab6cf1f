"""Scoring (RULES.md 1.9, 1.10, 1.12, sections 3, 4.2-4.4 and 5): card values, the moon in
every form, the bonus card, peşkir and partnerships, on finished hands and as pure functions.

``finished(preset, {seat: cards}, rest=seat)`` is a hand after its last trick in which the
listed seats took those cards (plus point-free cards to make whole tricks) and ``rest`` took
everything else.
"""
from __future__ import annotations

import pytest

from maca import CardSet, IllegalActionError, Reason, Rules, Suit
from maca.scoring import hand_points, moon_shooters, penalty_points, standings

HEARTS = CardSet(Suit.HEARTS.mask)


def masks(*texts: str) -> list[int]:
    return [CardSet.parse(t).mask for t in texts]


# -- card values (rule 1.9, Turkish 4.2, Omnibus) -------------------------------------------
@pytest.mark.parametrize("name", ["standard", "partnership"])
def test_hearts_one_queen_thirteen(finished, name):
    hand = finished(name, {1: "QS", 2: "AH KH", 3: "2C"}, rest=0)
    assert hand.points() == (11, 13, 2, 0) and sum(hand.points()) == 26


def test_three_players_values(finished):
    hand = finished("three_players", {1: "QS 2H"}, rest=2)
    assert hand.points() == (0, 14, 12)


def test_turkish_values(finished):
    hand = finished("turkish", {1: "QS", 2: "AH KH", 3: "2H"}, rest=0)
    assert hand.points() == (10, 15, 9, 1) and sum(hand.points()) == 35


def test_omnibus_jack_of_diamonds_is_minus_ten(finished):
    hand = finished("omnibus", {1: "QS JD", 2: "AH"}, rest=3)
    assert hand.points() == (0, 3, 1, 12) and sum(hand.points()) == 16


def test_ten_of_diamonds_bonus_option(finished):
    rules = Rules.preset("standard").replace(
        bonus_card="10D", card_values={**{str(c): 1 for c in HEARTS}, "QS": 13, "10D": -10},
        moon_needs_bonus=True)
    assert finished(rules, {1: "10D"}, rest=2).points() == (0, -10, 26, 0)  # no moon
    assert finished(rules, {1: "JD"}, rest=2).points() == (26, 26, -10, 26)  # moon


def test_penalty_points_pure():
    rules = Rules.preset("turkish")
    assert penalty_points(rules, masks("QS AH", "KH 2C", "", "3H 4H")) == (20, 4, 0, 2)


# -- the moon (rule 1.10, option "moon") ----------------------------------------------------
def test_moon_old_others_get_26(finished):
    hand = finished("standard", {}, rest=2)
    assert hand.moon_shooters == (2,) and hand.points() == (26, 26, 0, 26)


def test_moon_new_shooter_minus_26(finished):
    rules = Rules.preset("standard").replace(moon="new")
    assert finished(rules, {}, rest=2).points() == (0, 0, -26, 0)


def test_moon_none_the_shooter_keeps_the_points(finished):
    rules = Rules.preset("standard").replace(moon="none")
    hand = finished(rules, {}, rest=2)
    assert hand.moon_shooters == () and hand.points() == (0, 0, 26, 0)


def test_moon_shooters_choice(finished):
    rules = Rules.preset("standard").replace(moon="choice")
    hand = finished(rules, {}, rest=1)
    assert hand.points() == (26, 0, 26, 26)  # until the shooter chooses: the classic moon
    hand.choose_moon("new")
    assert hand.points() == (0, -26, 0, 0)
    hand.choose_moon("old")
    assert hand.points() == (26, 0, 26, 26)


def test_undoing_the_last_card_takes_back_the_moon_choice(deal):
    hearts = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
    hand = deal(Rules.preset("standard").replace(moon="choice"),
                "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", hearts, "*", "*")
    while not hand.is_over:  # South leads clubs and takes every trick
        hand.play(next(iter(hand.legal_plays())))
    hand.choose_moon("new")
    assert hand.moon_shooters == (0,) and hand.points() == (-26, 0, 0, 0)
    last = hand.history[-1][2]
    hand.undo()
    assert hand.moon_choice is None and " moon=" not in hand.position()
    hand.play_index(last)
    assert hand.points() == (0, 26, 26, 26)


@pytest.mark.parametrize("rules, rest, choice, reason", [
    (Rules.preset("standard"), 1, "new", Reason.MOON_CHOICE_NOT_ALLOWED),  # not the choice rule
    (Rules.preset("standard").replace(moon="choice"), None, "new",
     Reason.MOON_CHOICE_NOT_ALLOWED),                                    # nobody shot the moon
    (Rules.preset("standard").replace(moon="choice"), 1, "half",
     Reason.MOON_CHOICE_UNKNOWN),                                        # not old or new
])
def test_moon_choice_refused(finished, rules, rest, choice, reason):
    hand = finished(rules, {} if rest is not None else {1: "QS"}, rest=rest or 0)
    before = hand.points()
    with pytest.raises(IllegalActionError) as err:
        hand.choose_moon(choice)
    assert err.value.reason is reason
    assert ("old" in err.value.message("en") and "old" in err.value.message("tr")
            if reason is Reason.MOON_CHOICE_UNKNOWN else
            "choice" in err.value.message("en") and "seçim" in err.value.message("tr"))
    assert hand.points() == before and hand.moon_choice is None


def test_almost_a_moon_is_no_moon(finished):
    hand = finished("standard", {3: "2H"}, rest=0)
    assert hand.moon_shooters == () and hand.points() == (25, 0, 0, 1)


def test_three_players_moon(finished):
    assert finished("three_players", {}, rest=1).points() == (26, 0, 26)


def test_turkish_moon_is_worth_35(finished):
    hand = finished("turkish", {}, rest=3)
    assert hand.points() == (35, 35, 35, 0)


# -- Omnibus: the moon needs the bonus card (section 3) -------------------------------------
def test_omnibus_moon_with_the_jack_keeps_the_bonus(finished):
    hand = finished("omnibus", {}, rest=0)
    assert hand.moon_shooters == (0,) and hand.points() == (-10, 26, 26, 26)


def test_omnibus_no_moon_without_the_jack(finished):
    hand = finished("omnibus", {1: "JD"}, rest=0)
    assert hand.moon_shooters == () and hand.points() == (26, -10, 0, 0)


def test_bonus_card_without_the_moon_needing_it(finished):
    rules = Rules.preset("omnibus").replace(moon_needs_bonus=False)
    hand = finished(rules, {1: "JD"}, rest=0)
    assert hand.moon_shooters == (0,) and hand.points() == (0, 16, 26, 26)


# -- peşkir (section 4.4) -------------------------------------------------------------------
def test_peskir_success(finished):
    hand = finished("turkish", {2: "QS", 3: "AH"}, rest=0, peskir="1")
    assert hand.tricks_won(1) == 0 and hand.points() == (15, -35, 15, 5)


def test_peskir_failure_with_a_pointless_trick(finished):
    hand = finished("turkish", {1: "2C 3C 4C 5C", 2: "QS", 3: "AH"}, rest=0, peskir="1")
    assert hand.tricks_won(1) == 1 and hand.points() == (15, 35, 15, 5)


def test_peskir_failure_adds_the_points_taken(finished):
    hand = finished("turkish", {1: "AH", 2: "QS"}, rest=0, peskir="1,2")
    assert hand.points() == (15, 5 + 35, 15 + 35, 0)


def test_peskir_with_a_moon_moon_first_then_peskir(finished):
    hand = finished("turkish", {}, rest=0, peskir="1")
    assert hand.points() == (0, 35 - 35, 35, 35)
    shooter_declared = finished("turkish", {}, rest=0, peskir="0,1")
    assert shooter_declared.points() == (0 + 35, 0, 35, 35)


def test_peskir_in_standard_is_worth_26(finished):
    rules = Rules.preset("standard").replace(peskir=True)
    assert finished(rules, {1: "QS"}, rest=0, peskir="2,1").points() == (13, 13 + 26, -26, 0)


def test_hand_points_pure_with_peskir():
    rules = Rules.preset("turkish")
    taken = masks("QS AH KH 2C", "3H 4H 5H 3C", "", "")
    assert hand_points(rules, taken, [1, 1, 0, 0], [True, False, True, False]) == \
        (24 + 35, 3, -35, 0)


# -- partnerships (section 5) ---------------------------------------------------------------
def test_team_moon(finished):
    hand = finished("partnership", {0: "QS AH KH"}, rest=2)
    assert hand.moon_shooters == (0, 2) and hand.points() == (0, 26, 0, 26)


def test_one_partner_taking_everything_is_a_team_moon(finished):
    hand = finished("partnership", {}, rest=3)
    assert hand.moon_shooters == (1, 3) and hand.points() == (26, 0, 26, 0)


def test_split_between_teams_is_no_moon(finished):
    hand = finished("partnership", {1: "QS"}, rest=2)
    assert hand.moon_shooters == () and hand.points() == (0, 13, 13, 0)


def test_moon_shooters_pure():
    rules = Rules.preset("standard")
    everything = rules.moon_mask
    assert moon_shooters(rules, [0, everything, 0, 0]) == (1,)
    assert moon_shooters(rules, [everything & ~1 << 51, everything & 1 << 51, 0, 0]) == ()
    assert moon_shooters(rules.replace(moon="none"), [0, everything, 0, 0]) == ()


# -- standings (rule 1.12) ------------------------------------------------------------------
@pytest.mark.parametrize("totals, expected", [
    ((40, 60, 80, 101), (1, 0, 0, -1)),   # sole winner +1, sole last −1
    ((40, 40, 80, 101), (0, 0, 0, -1)),   # shared first: 0
    ((40, 60, 101, 101), (1, 0, -1, -1)),  # shared last: −1 each
    ((40, 40, 101, 101), (0, 0, -1, -1)),
    ((70, 70, 70, 70), (0, 0, 0, 0)),     # everyone equal: nobody wins or loses
    ((30, 110), (1, -1)),                 # two teams
    ((50, 50), (0, 0)),
    ((20, 90, 104), (1, 0, -1)),          # three players
])
def test_standings(totals, expected):
    assert standings(totals) == expected


def test_points_only_after_the_last_trick(deal):
    hand = deal("standard", "*", "*", "*", "*")
    with pytest.raises(IllegalActionError) as err:
        hand.points()
    assert err.value.reason is Reason.HAND_NOT_OVER
    assert err.value.message("tr").startswith("Tur henüz bitmedi")
