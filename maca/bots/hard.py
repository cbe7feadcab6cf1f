"""The ``hard`` computer player: determinized sampling. For each card it may play, it deals
the cards it has not seen to the other seats in many ways that agree with everything it has
seen (voids shown, the cards it passed, who led hearts, forced discards), plays each deal out
with the rule-based policy (`maca.bots.policy`) for every seat, and plays the card that cost
it the fewest points on average. A time budget bounds each move.

It reads only its `Observation`: the hidden cards are sampled, never looked at.

>>> from maca import Rules, Hand
>>> hand = Hand.deal(Rules.preset("standard"), seed=4, number=4)
>>> hard = HardBot(seed=1, budget=None, worlds=6)
>>> play_out(hand, [hard, RuleBot(), RuleBot(), RuleBot()])
>>> hand.is_over
True
"""
from __future__ import annotations

import random
import sys
import time
from itertools import combinations
from typing import Sequence

from ..cards import (AH_MASK as _AH, HEARTS_MASK as _HEARTS, KH_MASK as _KH, QS_MASK as _QS,
                     SUIT_MASKS as _SUITS, Card, CardSet)
from ..errors import SettingError, shown
from ..hand import Hand
from ..observation import Observation
from ..scoring import hand_points
from ..words import catalogue, say
from .explain import Explanation, explain
from .policy import RuleBot, rule_choice, rule_playout, seen_state, tables
from .simple import best_moon_choice, dangerous_cards, play_out

__all__ = ["HardBot", "Constraints", "constraints", "sample_world", "BUDGET", "BROWSER_BUDGET",
           "PASS_BUDGET"]

#: Seconds of thought per move: in CPython, and in the browser (Pyodide is slower, so the same
#: time buys fewer deals; the page stays responsive).
BUDGET = 0.25
BROWSER_BUDGET = 0.4
#: The most seconds a pass is thought about (it gets twice a move's budget up to this).
PASS_BUDGET = 0.5


class Constraints:
    """What the seat knows about the hidden cards: which are unseen, how many each seat holds,
    the cards known to be in a seat's hand, and the cards a seat cannot hold."""

    def __init__(self, unknown: int, need: list[int], fixed: list[int], excluded: list[int]):
        self.unknown = unknown      # cards to deal to the other seats
        self.need = need            # how many of them each seat gets
        self.fixed = fixed          # cards known to be held by each seat (our passed cards)
        self.excluded = excluded    # cards each seat cannot hold


def constraints(seen: Observation) -> Constraints:
    """What ``seen`` says about the other hands.

    >>> from maca import Rules, Hand
    >>> hand = Hand.from_position("standard hand=4 cards=AKQJT98765432.../.AKQJT98765432../"
    ...     "..AKQJT98765432./...AKQJT9876543 trick=3:2C")
    >>> known = constraints(hand.observe(0))
    >>> known.need, bin(known.unknown).count("1")
    ([0, 13, 13, 12], 38)
    """
    rules = seen.rules
    n, me = rules.players, seen.seat
    played = [0] * n
    excluded = [0] * n
    turkish = rules.discard_order == "turkish"
    broken = False
    tricks = [*seen.tricks, seen.current_trick]
    for number, trick in enumerate(tricks):
        if not trick.cards:
            continue
        led = trick.cards[0].suit
        lead_mask = trick.cards[0].mask
        if (lead_mask & _HEARTS and not broken and rules.must_break_hearts and number > 0):
            # hearts led before they were broken: the leader held nothing else
            excluded[trick.leader] |= rules.deck_mask & ~_HEARTS & ~(
                0 if rules.lead_hearts_instead_of_queen else _QS)
        for seat, card in trick.plays():
            played[seat] |= card.mask
            if card.suit is not led:
                excluded[seat] |= _SUITS[led]
                if turkish:
                    order = (_QS, _AH, _KH)
                    for bit in order:
                        if card.mask == bit:
                            break
                        excluded[seat] |= bit
                    if number > 0 and not card.mask & (_HEARTS | _QS):
                        excluded[seat] |= _HEARTS
            if card.mask & _HEARTS or (rules.queen_breaks_hearts and card.mask == _QS):
                broken = True
    fixed = [0] * n
    if seen.passed is not None and seen.phase != "pass":
        target = rules.seat_towards(me, seen.pass_direction)
        if target is not None:
            gone = seen.played.mask
            fixed[target] = seen.passed.mask & ~gone
    need = [0] * n
    for seat in range(n):
        if seat != me:
            need[seat] = rules.hand_size - played[seat].bit_count() - fixed[seat].bit_count()
    unknown = seen.unseen.mask
    for seat in range(n):
        excluded[seat] &= ~fixed[seat]
    return Constraints(unknown, need, fixed, excluded)


def sample_world(known: Constraints, seat: int, held: int, rng: random.Random,
                 tries: int = 20) -> list[int]:
    """One way the hidden cards may lie: every seat's cards, ``seat`` holding ``held``; each
    other seat gets as many cards as it holds and none it cannot hold. If the constraints are
    too tight for ``tries`` random attempts, the cards a seat cannot hold are ignored (a
    possible deal is better than none).

    >>> k = Constraints(0b1111, [0, 2, 2, 0], [0, 0, 0, 0], [0, 0b0011, 0, 0])
    >>> sample_world(k, 0, 0b110000, random.Random(1))
    [48, 12, 3, 0]
    """
    cards = [c for c in range(52) if known.unknown >> c & 1]
    n = len(known.need)
    excluded = known.excluded
    constrained = [s for s in range(n) if s != seat and excluded[s] & known.unknown]
    for attempt in range(tries + 1):
        world = list(known.fixed)
        world[seat] = held
        if not constrained or attempt == tries:
            rng.shuffle(cards)
            at = 0
            for s in range(n):
                if s != seat:
                    take = known.need[s]
                    for c in cards[at: at + take]:
                        world[s] |= 1 << c
                    at += take
            return world
        room = list(known.need)
        room[seat] = 0
        # the most constrained cards first: those few seats may hold
        order = sorted(cards, key=lambda c: (sum(1 for s in range(n) if room[s]
                                                 and not excluded[s] >> c & 1), rng.random()))
        ok = True
        for c in order:
            bit = 1 << c
            seats = [s for s in range(n) if room[s] and not excluded[s] & bit]
            if not seats:
                ok = False
                break
            total = sum(room[s] for s in seats)
            pick = rng.random() * total
            for s in seats:
                pick -= room[s]
                if pick < 0:
                    break
            world[s] |= bit
            room[s] -= 1
        if ok:
            return world
    raise AssertionError("unreachable")  # pragma: no cover


def _equivalent_groups(legal: int, held: int, gone: int, values: Sequence[int]) -> list[int]:
    """The legal cards worth considering: of cards that touch (in one suit, with only our own
    or already played cards between them, and the same value), the lowest stands for all."""
    out = []
    for s in range(4):
        m = legal & _SUITS[s]
        previous = -1
        while m:
            c = (m & -m).bit_length() - 1
            m &= m - 1
            if previous >= 0 and values[c] == values[previous]:
                between = ((1 << c) - 1) & ~((1 << (previous + 1)) - 1)
                if not between & ~(held | gone):
                    previous = c
                    continue
            out.append(c)
            previous = c
    return out


class HardBot:
    """The ``hard`` player: determinized sampling with rule-based playouts (module text).

    ``budget``: seconds per move (None: no clock, play ``worlds`` deals); ``worlds``: the most
    deals sampled per move; ``seed``: its randomness (for reproducible games).
    """

    level = "hard"

    def __init__(self, seed: int | None = None, budget: float | None = -1.0,
                 worlds: int = 400, min_worlds: int = 4) -> None:
        if budget is not None and budget == -1.0:
            budget = BROWSER_BUDGET if sys.platform == "emscripten" else BUDGET
        if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float))
                                   or not 0 < budget <= 60):
            raise SettingError(say("hard_bot.budget"), value=shown(budget))
        if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
            raise SettingError(say("hard_bot.worlds"), value=shown(worlds))
        self.rng = random.Random(seed)
        self.budget = budget
        self.worlds = worlds
        self.min_worlds = min(min_worlds, worlds)
        self.rule = RuleBot()
        self.moves = 0
        self.thinking = 0.0          # seconds spent choosing cards in all (for the benchmark)
        self.passes = 0
        self.pass_thinking = 0.0     # seconds spent choosing passes
        self._last: tuple[Observation, dict[int, float], int] | None = None

    def choose_pass(self, seen: Observation) -> CardSet:
        """The pass that cost least over sampled deals: the passes made of the six most
        dangerous cards (`maca.bots.dangerous_cards`) are each played out, the other seats
        passing as the rule-based player does from what they would see of the sampled deal.
        Twice a move's time budget, at most `PASS_BUDGET` seconds."""
        start = time.perf_counter()
        rules = seen.rules
        count = rules.pass_count
        pool = dangerous_cards(seen, count + 3)
        preferred = CardSet(pool[:count])
        target = rules.seat_towards(seen.seat, seen.pass_direction)
        if target is None or len(pool) <= count:
            return preferred
        options = [sum(c.mask for c in combo) for combo in combinations(pool, count)]
        t = tables(rules)
        me, n = seen.seat, rules.players
        held = seen.cards.mask
        unknown = [c for c in range(52) if rules.deck_mask >> c & 1 and not held >> c & 1]
        totals = dict.fromkeys(options, 0)
        peskir = [False] * n
        deadline = None if self.budget is None else start + min(2 * self.budget, PASS_BUDGET)
        worlds = 0
        while worlds < self.worlds:
            if deadline is not None and worlds >= self.min_worlds \
                    and time.perf_counter() > deadline:
                break
            self.rng.shuffle(unknown)
            hands = [0] * n
            at = 0
            for seat in range(n):
                if seat == me:
                    hands[seat] = held
                    continue
                for c in unknown[at: at + rules.hand_size]:
                    hands[seat] |= 1 << c
                at += rules.hand_size
            sampled = Hand.from_cards(rules, [CardSet(h) for h in hands], number=seen.number,
                                      dealer=seen.dealer)
            passes = [0] * n
            for seat in range(n):
                if seat != me:
                    passes[seat] = self.rule.choose_pass(sampled.observe(seat)).mask
            for option in options:
                passes[me] = option
                cards = [h & ~g for h, g in zip(hands, passes)]
                for seat in range(n):
                    to = rules.seat_towards(seat, seen.pass_direction)
                    assert to is not None
                    cards[to] |= passes[seat]
                taken, won = [0] * n, [0] * n
                leader = next(s for s in range(n) if cards[s] & rules.lowest_club.mask) \
                    if rules.first_lead == "two_of_clubs" else (seen.dealer + 1) % n
                rule_playout(t, cards, taken, won, False, True, leader, [], rules.hand_size, 0)
                totals[option] += hand_points(rules, taken, won, peskir)[me]
            worlds += 1
        best = min(options, key=lambda o: (totals[o], o != preferred.mask))
        self.passes += 1
        self.pass_thinking += time.perf_counter() - start
        return CardSet(best)

    def choose_play(self, seen: Observation) -> Card:
        """The card that cost least over the sampled deals."""
        start = time.perf_counter()
        card = self._choose(seen, start)
        self.moves += 1
        self.thinking += time.perf_counter() - start
        return Card(card)

    def _choose(self, seen: Observation, start: float) -> int:
        legal = seen.legal.mask
        self._last = None
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        t = tables(seen.rules)
        held = seen.cards.mask
        trick, leader, won, first, gone = seen_state(seen)
        candidates = _equivalent_groups(legal, held, gone, t.values)
        preferred = rule_choice(t, legal, held, trick, gone)[0]
        if len(candidates) == 1:
            return candidates[0]
        known = constraints(seen)
        me, rules = seen.seat, seen.rules
        taken0 = [s.mask for s in seen.taken]
        peskir = [s in seen.peskir for s in range(rules.players)]
        tricks_left = rules.hand_size - len(seen.tricks)
        totals = dict.fromkeys(candidates, 0)
        worlds = 0
        deadline = None if self.budget is None else start + self.budget
        while worlds < self.worlds:
            if (deadline is not None and worlds >= self.min_worlds
                    and time.perf_counter() > deadline):
                break
            world = sample_world(known, me, held, self.rng)
            for card in candidates:
                cards = world[:]
                cards[me] ^= 1 << card
                taken, won_now = taken0[:], won[:]
                rule_playout(t, cards, taken, won_now, seen.hearts_broken, first, leader,
                             trick + [card], tricks_left, gone | 1 << card)
                totals[card] += hand_points(rules, taken, won_now, peskir)[me]
            worlds += 1
        means = {c: totals[c] / worlds for c in candidates}
        best = min(candidates, key=lambda c: (means[c], c != preferred, c))
        self._last = (seen, means, worlds)
        return best

    def choose_moon(self, seen: Observation, totals: Sequence[int]) -> str:
        """The moon scoring that leaves this seat furthest ahead (`best_moon_choice`)."""
        return best_moon_choice(seen, totals)

    def explain(self, seen: Observation, card: Card | CardSet) -> Explanation:
        """The rule-based reason for ``card``, and what the simulations found when ``card``
        is the one this bot just chose in ``seen``."""
        reason = explain(seen, card)
        if not isinstance(card, Card) or self._last is None or self._last[0] != seen:
            return reason
        _, means, worlds = self._last
        mine = next((m for c, m in means.items() if c == card.index), None)
        if mine is None:
            return reason
        others = sorted((m, c) for c, m in means.items() if c != card.index)
        if not others:
            return reason + Explanation.of(say("explain.simulated_alone", worlds=worlds,
                                               card=card.symbol, mean=float(mine)))
        other_mean, other = others[0]
        return reason + Explanation.of(say("explain.simulated", worlds=worlds, card=card.symbol,
                                           mean=float(mine), other=Card(other).symbol,
                                           other_mean=float(other_mean)))


catalogue("hard_bot", {
    "budget": ("bir botun düşünme süresi 0'dan büyük, en çok 60 saniyedir, {value} değil",
               "a bot's time budget is a number of seconds above 0 and up to 60, not {value}"),
    "worlds": ("worlds 1 ya da daha büyük bir tam sayıdır, {value} değil",
               "worlds is a whole number 1 or more, not {value}"),
}, scoped=True)
