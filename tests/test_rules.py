"""Rules options and presets (RULES.md section 2 and the preset sections 1, 3, 4, 5)."""
from __future__ import annotations

import dataclasses

import pytest

from maca import Card, CardSet, PRESETS, Rules, RulesError, Suit

HEARTS = CardSet(Suit.HEARTS.mask)


def values(rules: Rules) -> dict[str, int]:
    """The non-zero card values, by card."""
    return {str(Card(i)): v for i, v in enumerate(rules.card_values) if v}


STANDARD_VALUES = {**{str(c): 1 for c in HEARTS}, "QS": 13}

#: RULES.md section 2 (standard column) and sections 3-5, option by option.
EXPECTED = {
    "standard": dict(players=4, removed=CardSet(), pass_cycle=("left", "right", "across", "none"),
                     pass_count=3, first_lead="two_of_clubs", no_points_first_trick=True,
                     queen_breaks_hearts=False, must_break_hearts=True,
                     lead_hearts_instead_of_queen=False, bonus_card=None, moon="old",
                     moon_needs_bonus=False, target=100, peskir=False, discard_order="off",
                     partnership=False, moon_shooter_picks_dealer=False, ace_of_hearts_lead=False,
                     queen_on_first_trick=False),
    "omnibus": dict(bonus_card=Card.parse("JD"), moon_needs_bonus=True, moon="old", target=100),
    "turkish": dict(pass_cycle=(), first_lead="left_of_dealer", target=180, peskir=True,
                    peskir_success=-35, peskir_failure=35, discard_order="turkish",
                    moon_shooter_picks_dealer=True, ace_of_hearts_lead=True,
                    queen_on_first_trick=True, must_break_hearts=True, moon="old"),
    "three_players": dict(players=3, removed=CardSet.parse("2D"),
                          pass_cycle=("left", "right", "none"), first_lead="two_of_clubs"),
    "partnership": dict(partnership=True, players=4, target=100, moon="old"),
}
EXPECTED_VALUES = {
    "standard": STANDARD_VALUES,
    "omnibus": {**STANDARD_VALUES, "JD": -10},
    "turkish": {**STANDARD_VALUES, "QS": 15, "AH": 5, "KH": 4},
    "three_players": STANDARD_VALUES,
    "partnership": STANDARD_VALUES,
}


def test_the_five_presets_exist():
    assert set(PRESETS) == set(EXPECTED)


@pytest.mark.parametrize("name", EXPECTED)
def test_preset_options(name):
    rules = Rules.preset(name)
    assert rules.name == name
    for option, value in EXPECTED[name].items():
        assert getattr(rules, option) == value, option
    assert values(rules) == EXPECTED_VALUES[name]


@pytest.mark.parametrize("name, hand_size, deck, moon_value, total", [
    ("standard", 13, 52, 26, 26), ("omnibus", 13, 52, 26, 16), ("turkish", 13, 52, 35, 35),
    ("three_players", 17, 51, 26, 26), ("partnership", 13, 52, 26, 26),
])
def test_derived_facts(name, hand_size, deck, moon_value, total):
    rules = Rules.preset(name)
    assert rules.hand_size == hand_size and rules.hand_size * rules.players == deck
    assert CardSet(rules.deck_mask) == CardSet((1 << 52) - 1) - rules.removed
    assert rules.moon_value == moon_value
    assert sum(rules.value_of(c) for c in CardSet(rules.deck_mask)) == total
    assert rules.lowest_club == Card.parse("2C")


def test_moon_cards():
    assert CardSet(Rules.preset("standard").moon_mask) == HEARTS | CardSet.parse("QS")
    assert CardSet(Rules.preset("omnibus").moon_mask) == HEARTS | CardSet.parse("QS JD")
    no_bonus = Rules.preset("omnibus").replace(moon_needs_bonus=False)
    assert CardSet(no_bonus.moon_mask) == HEARTS | CardSet.parse("QS")


def test_ten_of_diamonds_as_bonus_card():
    rules = Rules.preset("standard").replace(
        bonus_card="10D", card_values={**STANDARD_VALUES, "10D": -10}, moon_needs_bonus=True)
    assert rules.bonus_card == Card.parse("10D") and rules.value_of("TD") == -10
    assert CardSet(rules.moon_mask) == HEARTS | CardSet.parse("QS 10D")


@pytest.mark.parametrize("name, directions", [
    ("standard", ["left", "right", "across", "none"] * 2),
    ("omnibus", ["left", "right", "across", "none"] * 2),
    ("partnership", ["left", "right", "across", "none"] * 2),
    ("three_players", ["left", "right", "none"] * 3),
    ("turkish", ["none"] * 6),
])
def test_pass_direction_by_hand_number(name, directions):
    rules = Rules.preset(name)
    assert [rules.pass_direction(n) for n in range(1, len(directions) + 1)] == directions


def test_passing_switched_off():
    assert {Rules.preset("standard").replace(pass_cycle=()).pass_direction(n)
            for n in range(1, 9)} == {"none"}
    assert Rules.preset("standard").replace(pass_count=0).pass_direction(1) == "none"
    custom = Rules.preset("standard").replace(pass_cycle=["across"])
    assert custom.pass_cycle == ("across",) and custom.pass_direction(7) == "across"


def test_three_players_without_the_two_of_clubs_open_with_the_lowest_club():
    rules = Rules.preset("three_players").replace(removed="2C")
    assert rules.lowest_club == Card.parse("3C") and rules.hand_size == 17


def test_rules_are_immutable_values():
    rules = Rules.preset("standard")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.target = 50
    changed = rules.replace(target=50)
    assert rules.target == 100 and changed.target == 50 and changed.name == "standard"
    assert rules.replace() == rules and hash(rules.replace(target=100)) == hash(rules)
    assert changed.changes() == {"target": 50} and rules.changes() == {}
    assert Rules() == rules


def test_card_values_given_as_a_map():
    rules = Rules.preset("standard").replace(card_values={"QS": 13, "kupa ası": 5})
    assert values(rules) == {"QS": 13, "AH": 5}


@pytest.mark.parametrize("changes, option", [
    (dict(players=5), "players"),
    (dict(players=3, pass_cycle=("left",)), "removed"),  # 52 cards cannot be dealt to 3
    (dict(players=3), "pass_cycle"),  # nobody sits across
    (dict(pass_cycle=("up",)), "pass_cycle"),
    (dict(pass_cycle="left"), "pass_cycle"),  # a string, not a list of directions
    (dict(pass_count=-1), "pass_count"),
    (dict(pass_count=13), "pass_count"),
    (dict(first_lead="highest"), "first_lead"),
    (dict(card_values=(1, 2, 3)), "card_values"),
    (dict(card_values=(0.5,) * 52), "card_values"),
    (dict(moon="full"), "moon"),
    (dict(discard_order="english"), "discard_order"),
    (dict(moon_needs_bonus=True), "moon_needs_bonus"),
    (dict(target=0), "target"),
    (dict(removed="ZZ"), "removed"),
    (dict(removed="2D"), "removed"),  # 51 cards cannot be dealt to 4
    (dict(bonus_card="XX"), "bonus_card.*'XX'"),
    (dict(card_values={"QS": 13, "ZZ": 1}), "card_values.*'ZZ'"),
    (dict(card_values={"QS": "many"}), "card_values.*'many'"),
    (dict(colour="red"), "colour"),
])
def test_bad_option_names_the_option(changes, option):
    with pytest.raises(RulesError, match=option):
        Rules.preset("standard").replace(**changes)


@pytest.mark.parametrize("changes, option", [
    (dict(pass_cycle=("left", "across")), "across"),
    (dict(partnership=True), "partnership"),
    (dict(bonus_card="2D", moon_needs_bonus=True), "bonus_card"),
])
def test_bad_three_player_options(changes, option):
    with pytest.raises(RulesError, match=option):
        Rules.preset("three_players").replace(**changes)


def test_unknown_preset_lists_the_presets():
    with pytest.raises(RulesError) as err:
        Rules.preset("hearts")
    assert "'hearts'" in str(err.value)
    assert all(name in str(err.value) for name in PRESETS)


@pytest.mark.parametrize("changes, message", [
    (dict(target="100"), "target='100' is not valid: use a whole number"),
    (dict(players=4.0), "players=4.0 is not valid: use a whole number"),
    (dict(players=True), "players=True is not valid: use a whole number"),
    (dict(pass_count=2.5), "pass_count=2.5"),
    (dict(peskir=[]), r"peskir=\[\] is not valid: use True or False"),
    (dict(must_break_hearts="no"), "must_break_hearts='no' is not valid: use True or False"),
    (dict(partnership=1), "partnership=1 is not valid: use True or False"),
    (dict(peskir_success="-35"), "peskir_success='-35'"),
    (dict(name="hearts"), "name='hearts' is not valid: use standard, omnibus, turkish"),
    (dict(name=None), "name=None"),
    (dict(moon=["old"]), r"moon=\['old'\] is not valid: use old, new, choice, none"),
    (dict(first_lead=None), "first_lead=None"),
    (dict(removed=5), "removed=5 is not valid: give cards"),
    (dict(removed=None), "removed=None"),
    (dict(pass_cycle=None), "pass_cycle=None is not valid: give a list of directions"),
    (dict(pass_cycle=["left", 1]), "pass_cycle"),
    (dict(card_values={"QS": True}), "card_values: 'QS': True is not valid"),
    (dict(card_values={"QS": 13.0}), "card_values: 'QS': 13.0"),
    (dict(card_values=(0,) * 51 + (True,)), "card_values: AH: True is not valid"),
    (dict(card_values=None), "card_values=None"),
    (dict(bonus_card=3), "bonus_card: a card must be given as text"),
])
def test_options_of_the_wrong_type_are_refused(changes, message):
    with pytest.raises(RulesError, match=message):
        Rules.preset("standard").replace(**changes)
    with pytest.raises(RulesError, match=message):
        Rules(**changes)


@pytest.mark.parametrize("name", [[], None, 5, "Standard", " standard", b"standard"])
def test_preset_names_are_text(name):
    with pytest.raises(RulesError, match="unknown rules preset .*: use one of standard"):
        Rules.preset(name)


def test_options_given_in_other_forms_are_stored_normalised():
    rules = Rules.preset("standard").replace(
        pass_cycle=["left"], removed=["2C", "3C", "4C", "5C"], bonus_card="JD",
        card_values={"QS": 13}, moon_needs_bonus=True)
    assert rules.pass_cycle == ("left",) and rules.removed == CardSet.parse("2C 3C 4C 5C")
    assert rules.bonus_card == Card.parse("JD") and isinstance(rules.card_values, tuple)
    assert hash(rules) == hash(Rules.preset("standard").replace(**rules.changes()))
    assert Rules.preset("standard").replace(name="turkish").changes()["target"] == 100
    with pytest.raises(RulesError, match="is not a direction"):
        rules.seat_towards(0, ["left"])
