"""The ``hard`` computer player: determinized sampling. For each card it may play, it deals
the cards it has not seen to the other seats in many ways that agree with everything it has
seen (`maca.bots.worlds`), plays each deal out with the rule-based policy
(`maca.bots.policy`) for every seat, and plays the card that cost it the fewest points on
average. A time budget bounds each move; peşkir is declared as the medium player declares it,
over more deals.

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

from ..cards import SUIT_MASKS as _SUITS, Card, CardSet
from ..errors import SettingError, shown
from ..hand import Hand
from ..observation import Observation
from ..scoring import hand_points
from ..words import catalogue, say
from .explain import Explanation, explain
from .policy import (PESKIR_MARGIN, RuleBot, peskir_outlook, rule_choice, rule_playout,
                     seen_state, tables)
from .simple import best_moon_choice, dangerous_cards, play_out
from .worlds import constraints, sample_world

__all__ = ["HardBot", "BUDGET", "BROWSER_BUDGET", "PASS_BUDGET"]

#: Seconds of thought per move: in CPython, and in the browser (Pyodide is slower, so the same
#: time buys fewer deals; the page stays responsive).
BUDGET = 0.25
BROWSER_BUDGET = 0.4
#: The most seconds a pass is thought about (it gets twice a move's budget up to this).
PASS_BUDGET = 0.5
#: The deals played out before the peşkir question is answered (each one twice).
PESKIR_WORLDS = 120


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
        avoid = sum(1 << s for s in seen.peskir)       # declarers play to take no trick
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
                             trick + [card], tricks_left, gone | 1 << card, avoid)
                totals[card] += hand_points(rules, taken, won_now, peskir)[me]
            worlds += 1
        means = {c: totals[c] / worlds for c in candidates}
        best = min(candidates, key=lambda c: (means[c], c != preferred, c))
        self._last = (seen, means, worlds)
        return best

    def choose_moon(self, seen: Observation, totals: Sequence[int]) -> str:
        """The moon scoring that leaves this seat furthest ahead (`best_moon_choice`)."""
        return best_moon_choice(seen, totals)

    def choose_peskir(self, seen: Observation) -> bool:
        """Whether to declare peşkir: as the medium player decides (`peskir_outlook`, by
        `PESKIR_MARGIN`), over `PESKIR_WORLDS` deals or as many as a move's time allows."""
        deadline = None if self.budget is None else time.perf_counter() + self.budget
        declared, plain = peskir_outlook(seen, self.rng, PESKIR_WORLDS, deadline)
        return declared < plain - PESKIR_MARGIN

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
