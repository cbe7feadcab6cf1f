"""Computer players: legal, fair (observation only), explained, and better than random."""
from __future__ import annotations

import dataclasses
import gc
import random

import pytest

from maca import PRESETS, Hand, Rules
from maca.bots import (LEVELS, CautiousBot, HardBot, RandomBot, RuleBot, SensibleBot,
                       TimeoutBot, bot, dangerous_cards, play_out)
from maca.bots.worlds import constraints, sample_world
from maca.cards import Card, CardSet
from maca.errors import SettingError
from maca.notation import Position
from maca.observation import Observation


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_bots_play_whole_hands_legally(preset: str) -> None:
    rules = Rules.preset(preset)
    for seed in range(20):
        hand = Hand.deal(rules, seed=seed, number=seed % 4 + 1)
        bots = [CautiousBot(), RandomBot(seed), CautiousBot(), RandomBot(seed + 1)][: rules.players]
        play_out(hand, bots)  # play() checks every card: an illegal choice would raise
        assert hand.is_over


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_level_plays_legally_in_every_preset(preset: str) -> None:
    """Hundreds of hands a preset for easy and medium, and hard (few deals a move) too."""
    rules = Rules.preset(preset)
    for seed in range(300):
        hand = Hand.deal(rules, seed=seed, number=seed % 4 + 1)
        play_out(hand, [bot("medium"), bot("easy", seed), bot("medium"), bot("easy", -seed)]
                 [: rules.players])
        assert hand.is_over and hand.points()
    for seed in range(6):
        hand = Hand.deal(rules, seed=seed, number=seed % 4 + 1)
        play_out(hand, [HardBot(seed, budget=None, worlds=3), bot("medium"),
                        HardBot(seed + 1, budget=None, worlds=3), bot("easy", seed)]
                 [: rules.players])
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
    for player in (CautiousBot(), RuleBot(), TimeoutBot()):
        assert str(player.choose_pass(hand.observe(0))) == "QS AH KH"
    # lesson 10: "keep your low cards": 2♥ is an exit card, not a card to pass
    assert dangerous_cards(hand.observe(0), 5) == [Card.parse(c) for c in "QS AH KH 9D 8D".split()]


def test_the_pass_keeps_low_hearts_as_lesson_10_advises() -> None:
    """The play page's hint once passed "A♥ 7♥ 6♥" as the most dangerous cards; lesson 10
    says pass high hearts, void a short side suit, keep the low cards."""
    hand = Hand.from_cards(Rules.preset("standard"), [
        "AH 7H 6H 2H 9S 5S 4S 3S KC QD 8D 4D 3D",
        "AS KS 4H 5H QH JH 10H 9H 2C 3C 4C 5C 6C",
        "6S 7S 8S 10S JS QS 8H 3H 10D 9D 7D 6D 5D",
        "JD 2D KD AD 7C 8C 9C 10C JC QC AC KH 2S"])
    for player in (CautiousBot(), RuleBot(), TimeoutBot()):
        passed = player.choose_pass(hand.observe(0))
        assert str(passed) == "AH QD KC"   # the high heart, the lone K♣ (a void), then Q♦
        assert not passed & CardSet.parse("7H 6H 2H")


def test_cautious_keeps_the_jack_of_diamonds_in_omnibus() -> None:
    hand = Hand.from_cards(Rules.preset("omnibus"), [
        "JD 2D 3D 4D 5D 2C 3C 4C 5C 2S 3S 4S 2H",
        "AS KS 5S 6S QH JH 10H 9H 6C 7C 8C 9C 10C",
        "QS 7S 8S 9S 10S JS 8H 7H 6H 5H 4H 3H 10D",
        "QD KD AD 6D 7D 8D 9D JC QC KC AC KH AH"])
    for player in (CautiousBot(), RuleBot(), TimeoutBot()):
        assert Card.parse("JD") not in player.choose_pass(hand.observe(0))


def test_the_timeout_player_keeps_points_and_the_trick_away() -> None:
    void = Hand.from_position("standard hand=4 cards=AKQJT98765432.../.AKQJT98765432../"
                              "..AKQJT98765432./...AKQJT9876543 trick=3:2C")
    assert TimeoutBot().choose_play(void.observe(0)) == Card.parse("2S")  # under, no points
    follow = Hand.from_cards(Rules.preset("standard"), [
        "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2S", "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2H",
        "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 3D", "2C 2D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"], number=4)
    follow.play("2C")
    assert TimeoutBot().choose_play(follow.observe(0)) == Card.parse("3C")  # every club wins
    lead = Hand.from_position("standard hand=4 cards=AKQ.AKQJT98.2.K/JT987.765..QJT9/"
                              ".43.AKQJT98.765/65432.2.76543.3 tricks=1:2C,4C,8C,AC")
    assert TimeoutBot().choose_play(lead.observe(0)) == Card.parse("2D")  # lowest clean lead


def test_medium_scores_less_than_random() -> None:
    rules = Rules.preset("standard")
    medium = random_points = 0.0
    for seed in range(60):
        hand = Hand.deal(rules, seed=seed, number=4)
        play_out(hand, [RuleBot(), RandomBot(seed), RandomBot(seed + 1), RandomBot(seed + 2)])
        points = hand.points()
        medium += points[0]
        random_points += sum(points[1:]) / 3
    assert medium < random_points


def test_bot_levels_and_refusals() -> None:
    assert [type(bot(level)).__name__ for level in LEVELS] == ["RandomBot", "RuleBot", "HardBot"]
    with pytest.raises(SettingError, match="unknown level"):
        bot("grandmaster")
    with pytest.raises(SettingError, match="budget"):
        HardBot(budget=0)
    with pytest.raises(SettingError, match="worlds"):
        HardBot(worlds=0)


def _reachable(root: object, limit: int = 20000) -> list[object]:
    """Every object reachable from ``root`` through references (what code holding it can reach)."""
    seen: dict[int, object] = {}
    todo = [root]
    while todo and len(seen) < limit:
        item = todo.pop()
        if id(item) in seen or isinstance(item, type):
            continue
        seen[id(item)] = item
        todo.extend(gc.get_referents(item))
    return list(seen.values())


def test_an_observation_leads_to_no_hidden_card() -> None:
    """Everything reachable from what a bot receives holds no Hand and no other seat's cards."""
    hand = Hand.deal(Rules.preset("standard"), seed=5)
    for seat in range(4):
        hand.give(seat, RuleBot().choose_pass(hand.observe(seat)))
    for _ in range(9):
        hand.play(RuleBot().choose_play(hand.observe(hand.to_move)))
    seat = hand.to_move
    seen = hand.observe(seat)
    hidden = {hand.cards(s).mask for s in range(4) if s != seat}
    for item in _reachable(seen):
        assert not isinstance(item, Hand)
        assert not (isinstance(item, int) and item in hidden)
        assert not (isinstance(item, CardSet) and item.mask in hidden)


def _same_view_two_deals() -> tuple[Hand, Hand, int]:
    """Two hands in which seat 0 sees exactly the same, but the others hold different cards."""
    rules = Rules.preset("standard")
    base = Hand.deal(rules, seed=11, number=4)
    for _ in range(5):
        base.play(RuleBot().choose_play(base.observe(base.to_move)))
    while base.to_move != 0:
        base.play(RuleBot().choose_play(base.observe(base.to_move)))
    west, north = base.cards(1), base.cards(2)
    # swap a card of the same suit between two other seats: nobody played it, seat 0 cannot know
    for suit in range(4):
        a, b = list(west.of_suit(suit)), list(north.of_suit(suit))
        if a and b:
            break
    moved = [list(base.cards(s)) for s in range(4)]
    moved[1].remove(a[0]); moved[1].append(b[0])
    moved[2].remove(b[0]); moved[2].append(a[0])
    tricks = [(t.leader, list(t.cards)) for t in base.tricks]
    trick = (base.current_trick.leader, list(base.current_trick.cards))
    other = Hand.restore(Position(rules, [CardSet(c) for c in moved], number=4, tricks=tricks,
                                  trick=trick))
    return base, other, 0


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_decides_from_the_observation_alone(level: str) -> None:
    """Same view, different hidden cards: the same decision and the same hint."""
    base, other, seat = _same_view_two_deals()
    assert base.observe(seat) == other.observe(seat)
    assert base.cards(1) != other.cards(1)
    made = [HardBot(seed=3, budget=None, worlds=30) if level == "hard" else bot(level, seed=3)
            for _ in range(2)]
    cards = [b.choose_play(h.observe(seat)) for b, h in zip(made, (base, other))]
    assert cards[0] == cards[1]
    assert made[0].explain(base.observe(seat), cards[0]) == made[1].explain(other.observe(seat),
                                                                              cards[1])


def test_a_doctored_observation_gives_the_hard_bot_nothing_more() -> None:
    """An observation whose public record is doctored (a void that was never shown) changes
    only the sampled deals: the bot never places a card where the observation forbids it."""
    base, _, seat = _same_view_two_deals()
    seen = base.observe(seat)
    known = constraints(seen)
    rng = random.Random(1)
    for _ in range(200):
        world = sample_world(known, seat, seen.cards.mask, rng)
        assert world[seat] == seen.cards.mask
        for s in range(4):
            if s != seat:
                assert world[s].bit_count() == known.need[s] + known.fixed[s].bit_count()
                assert not world[s] & known.excluded[s]
                assert not world[s] & seen.played.mask
        union = 0
        for w in world:
            assert not union & w
            union |= w
    # doctor the observation: hide every other seat's cards behind a seat 0 claiming them all
    doctored = dataclasses.replace(seen, cards=CardSet(seen.cards.mask | seen.unseen.mask))
    assert constraints(doctored).unknown == 0  # nothing hidden is left to reach


def test_the_hard_bot_knows_where_its_passed_cards_went_and_who_is_void() -> None:
    rules = Rules.preset("standard")
    hand = Hand.deal(rules, seed=21, number=1)  # pass left
    for seat in range(4):
        hand.give(seat, RuleBot().choose_pass(hand.observe(seat)))
    while hand.trick_number < 6 or hand.to_move != 0:
        hand.play(RuleBot().choose_play(hand.observe(hand.to_move)))
    seen = hand.observe(0)
    known = constraints(seen)
    assert known.fixed[1] == seen.passed.mask & ~seen.played.mask
    for trick in seen.tricks:
        led = trick.cards[0].suit
        for s, card in trick.plays():
            if card.suit is not led:
                assert known.excluded[s] & CardSet.parse(
                    " ".join(f"{r}{led.letter}" for r in "23456789TJQKA")).mask


@pytest.mark.parametrize("preset", ["standard", "turkish", "omnibus"])
def test_every_decision_has_an_explanation(preset: str) -> None:
    rules = Rules.preset(preset)
    players = [HardBot(1, budget=None, worlds=4), RuleBot(), RandomBot(2), SensibleBot()]
    for seed in range(4):
        hand = Hand.deal(rules, seed=seed, number=seed + 1)
        if hand.phase == "pass":
            for seat, player in enumerate(players):
                seen = hand.observe(seat)
                cards = player.choose_pass(seen)
                assert all(player.explain(seen, cards).text(lang) for lang in ("tr", "en"))
                hand.give(seat, cards)
        while not hand.is_over:
            seat = hand.to_move
            seen = hand.observe(seat)
            player = players[seat]
            card = player.choose_play(seen)
            why = player.explain(seen, card)
            assert why.text("tr") and why.text("en") and why.text("tr") != why.text("en")
            assert card.symbol in why.text("en")
            hand.play(card)


def test_the_hard_bot_says_what_its_simulations_found() -> None:
    base, _, seat = _same_view_two_deals()
    seen = base.observe(seat)
    hard = HardBot(seed=1, budget=None, worlds=20)
    card = hard.choose_play(seen)
    if len(seen.legal) > 1:
        assert "possible deals" in hard.explain(seen, card).text("en")
        assert "olası dağılımda" in hard.explain(seen, card).text("tr")


def test_hard_respects_its_time_budget() -> None:
    import time
    rules = Rules.preset("standard")
    hand = Hand.deal(rules, seed=3, number=4)
    hard = HardBot(seed=1, budget=0.05, worlds=100000)
    while not hand.is_over:
        if hand.to_move == 0:
            start = time.perf_counter()
            hand.play(hard.choose_play(hand.observe(0)))
            assert time.perf_counter() - start < 1.0  # generous: shared machines are slow
        else:
            hand.play(RuleBot().choose_play(hand.observe(hand.to_move)))


def test_the_pass_hint_says_what_the_policy_passes_and_keeps() -> None:
    """The hint names every passed card with its reason and never tells the learner to keep
    a card it passes (issue 21: "A♥ 7♥ 6♥ … en tehlikeli kartların")."""
    import re
    from maca.bots import explain
    for seed in range(40):
        seen = Hand.deal(Rules.preset("standard"), seed=seed, number=1).observe(0)
        passed = RuleBot().choose_pass(seen)
        text = explain(seen, passed).text("tr")
        assert "tehlikeli kartların" not in text and text.startswith("Geçir: ")
        named, _, kept = text.partition("Küçük kartlarını")
        symbols = {c.symbol for c in passed}
        assert symbols <= set(re.findall(r"(?:10|[2-9JQKA])[♠♥♦♣]", named))
        assert not symbols & set(re.findall(r"(?:10|[2-9JQKA])[♠♥♦♣]", kept))


def test_peskir_is_declared_on_a_hand_that_takes_no_trick_and_not_on_one_that_takes_all() -> None:
    from maca.bots import RandomBot, TimeoutBot
    hand = Hand.from_position("turkish hand=1 cards=5432.5432.5432.2/AKQJ.AKQJ.AKQJ.A/"
                              "T9876.T9876.T9.K/..876.QJT9876543 trick=1:")
    low, high = hand.observe(0), hand.observe(1)
    for player in (RuleBot(), HardBot(seed=1, budget=None, worlds=8)):
        assert player.choose_peskir(low) and not player.choose_peskir(high)
    assert [RuleBot().choose_peskir(hand.observe(s)) for s in range(4)] == \
        [RuleBot().choose_peskir(hand.observe(s)) for s in range(4)]      # the same hand, the same
    for simple in (RandomBot(1), CautiousBot(), TimeoutBot()):
        assert not simple.choose_peskir(low)                              # they never declare


def test_a_medium_declarer_plays_every_card_to_take_no_trick() -> None:
    """Having declared peşkir, the rule-based player plays `peskir_card` at every turn until
    it takes a trick: it leads its lowest card, ducks under the winning card and throws its
    highest when void."""
    from maca.bots.policy import peskir_card
    hand = Hand.deal(Rules.preset("turkish"), seed=5)
    hand.declare_peskir(2)
    players = [RuleBot()] * 4
    while not hand.is_over:
        seen = hand.observe(hand.to_move)
        card = players[seen.seat].choose_play(seen)
        if seen.seat == 2 and all(t.winner != 2 for t in seen.tricks):
            trick = [c.index for c in seen.current_trick.cards]
            assert card.index == peskir_card(seen.legal.mask, trick, len(trick) == 3)
        hand.play(card)
    assert hand.peskir == (2,)


def test_a_declarer_that_took_a_trick_plays_on_as_usual() -> None:
    """Once it has taken a trick its peşkir is lost (+35 and its points): it plays the
    ordinary policy again, in its own play and in the playouts."""
    hand = Hand.deal(Rules.preset("turkish"), seed=5)
    hand.declare_peskir(1)
    while not hand.is_over:
        seen = hand.observe(hand.to_move)
        if seen.seat == 1 and any(t.winner == 1 for t in seen.tricks):
            assert RuleBot().choose_play(seen) == Card(RuleBot().choice(seen)[0])
        hand.play(RuleBot().choose_play(seen))
