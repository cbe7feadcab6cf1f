"""The rule-based player: a few plain rules of thumb on the engine's ints, fast enough to
play thousands of hands a second. It is the ``medium`` computer player, and the policy every
seat follows in the ``hard`` player's simulated playouts (one policy, one home).

A card is an int 0..51 (suit-major: ♣ ♦ ♠ ♥, 2 lowest), a set of cards an int bitmask.

>>> from maca import Rules, Hand
>>> hand = Hand.deal(Rules.preset("standard"), seed=4, number=4)
>>> play_out(hand, [RuleBot()] * 4)
>>> hand.is_over
True
"""
from __future__ import annotations

import random
import time
from typing import Sequence

from ..cards import (HEARTS_MASK as _HEARTS, QS_MASK as _QS, SPADES_MASK, SUIT_MASKS as _SUITS,
                     Card, CardSet)
from ..legality import allowed, compiled, moment_cascade
from ..observation import Observation
from ..rules import Rules
from ..scoring import hand_points
from ..trick import FOLLOWERS as _FOLLOWERS, best_position
from .explain import Explanation, explain
from .simple import best_moon_choice, dangerous_cards, play_out
from .worlds import constraints, sample_world

__all__ = ["RuleBot", "rule_card", "rule_playout", "peskir_card", "peskir_outlook", "Tables",
           "tables", "play_out", "PESKIR_WORLDS", "PESKIR_MARGIN"]

#: the deals the medium player plays out before it answers the peşkir question, and how many
#: points on average declaring must save
PESKIR_WORLDS, PESKIR_MARGIN = 24, 3.0

_HIGH_SPADES = SPADES_MASK & -(_QS << 1)  # K♠ A♠
_LOW_SPADES = SPADES_MASK & (_QS - 1)     # 2♠ … J♠


class Tables:
    """What the policy needs to know about one `Rules`, computed once."""

    def __init__(self, rules: Rules) -> None:
        values = rules.card_values
        deck = rules.deck_mask
        self.rules = rules
        self.penalty = sum(1 << i for i in range(52) if values[i] > 0 and deck >> i & 1)
        self.bonus = sum(1 << i for i in range(52) if values[i] < 0 and deck >> i & 1)
        #: point cards, the most expensive first (then the highest): the order of discards
        self.discards = tuple(1 << i for i in sorted(
            (i for i in range(52) if self.penalty >> i & 1), key=lambda i: (-values[i], -i)))
        self.values = values
        self.cascades = compiled(rules)
        self.breakers = _HEARTS | (_QS if rules.queen_breaks_hearts else 0)
        self.players = rules.players


_TABLES: dict[int, tuple[Rules, Tables]] = {}


def tables(rules: Rules) -> Tables:
    """The policy's tables for ``rules`` (cached by identity: `Rules` are immutable)."""
    entry = _TABLES.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    if len(_TABLES) > 64:
        _TABLES.clear()
    table = Tables(rules)
    _TABLES[id(rules)] = (rules, table)
    return table


def _lowest(mask: int) -> int:
    """The card of lowest rank in ``mask`` (ties: the first suit)."""
    best, rank = -1, 99
    for s in range(4):
        m = mask & _SUITS[s]
        if m:
            c = (m & -m).bit_length() - 1
            if c - 13 * s < rank:
                best, rank = c, c - 13 * s
    return best


def _highest(mask: int) -> int:
    """The card of highest rank in ``mask`` (ties: the last suit)."""
    best, rank = -1, -1
    for s in range(4):
        m = mask & _SUITS[s]
        if m:
            c = m.bit_length() - 1
            if c - 13 * s >= rank:
                best, rank = c, c - 13 * s
    return best


#: Why the policy chose a card (the words are in `maca.bots.explain`).
ONLY, LEAD_SMOKE, LEAD_LOW, LEAD_FORCED, DUCK, LAST_HIGH, LOW_OVER, DUMP_POINTS, DUMP_SPADE, \
    DUMP_HIGH = range(10)


def rule_choice(t: Tables, cands: int, held: int, trick: Sequence[int], gone: int) -> tuple[int, int]:
    """The policy's card for a seat holding ``held`` that may play ``cands``, with ``trick``
    on the table and ``gone`` the cards already played: (card, why).

    >>> t = tables(Rules.preset("standard"))
    >>> kc, qs, ts = (Card.parse(c).index for c in ("KS", "QS", "10S"))
    >>> rule_choice(t, 1 << qs | 1 << ts, 1 << qs | 1 << ts, [kc], 0)  # Q♠ under K♠
    (36, 4)
    """
    if not cands & (cands - 1):
        return cands.bit_length() - 1, ONLY
    qs_out = not (gone | held) & _QS
    if not trick:  # lead: the lowest safe card
        safe = cands & ~t.penalty & ~t.bonus
        if qs_out:
            smoke = safe & _LOW_SPADES
            if smoke and not held & _HIGH_SPADES:
                return _lowest(smoke), LEAD_SMOKE
            safe &= ~_HIGH_SPADES
        if safe:
            return _lowest(safe), LEAD_LOW
        rest = cands & ~_QS
        return _lowest(rest or cands), LEAD_FORCED
    lead = trick[0]
    led = _SUITS[lead // 13]
    follow = cands & led
    if follow:
        best = trick[best_position(trick)]
        below = follow & ((1 << best) - 1)
        if below:
            return below.bit_length() - 1, DUCK
        if len(trick) == t.players - 1:
            top = follow & ~_QS or follow
            return top.bit_length() - 1, LAST_HIGH
        low = follow & ~_QS or follow
        return (low & -low).bit_length() - 1, LOW_OVER
    points = cands & t.penalty
    if points:
        for bit in t.discards:
            if points & bit:
                return bit.bit_length() - 1, DUMP_POINTS
    if qs_out and cands & _HIGH_SPADES:
        return (cands & _HIGH_SPADES).bit_length() - 1, DUMP_SPADE
    return _highest(cands & ~t.bonus or cands), DUMP_HIGH


def rule_card(t: Tables, cands: int, held: int, trick: Sequence[int], gone: int) -> int:
    """`rule_choice`'s card alone."""
    return rule_choice(t, cands, held, trick, gone)[0]


def peskir_card(cands: int, trick: Sequence[int], last: bool) -> int:
    """The card of a seat that declared peşkir and must take no trick: it leads its lowest
    card, follows with its highest card under the winning one (when it cannot, with its
    lowest over it, or its highest when ``last`` to play: the trick is lost anyway), and
    when void throws its highest card (the one likeliest to win a trick later).

    >>> [peskir_card(0b1001 << 13 | 0b10, [], False), peskir_card(0b1011, [3], False)]
    [13, 1]
    >>> [peskir_card(0b1100, [1], False), peskir_card(0b1100, [1], True)]
    [2, 3]
    """
    if not cands & (cands - 1):
        return cands.bit_length() - 1
    bits = [c for c in range(52) if cands >> c & 1]
    if not trick:
        return min(bits, key=lambda c: (c % 13, c))
    follow = cands & _SUITS[trick[0] // 13]
    if not follow:
        return max(bits, key=lambda c: (c % 13, c))
    below = follow & ((1 << trick[best_position(trick)]) - 1)
    if below:
        return below.bit_length() - 1
    return follow.bit_length() - 1 if last else (follow & -follow).bit_length() - 1


def rule_playout(t: Tables, cards: list[int], taken: list[int], won: list[int], broken: bool,
                 first: bool, leader: int, trick: list[int], tricks_left: int,
                 gone: int, avoid: int = 0) -> None:
    """Play a hand to its end with every seat following the policy (the seats in the
    bitmask ``avoid``, which declared peşkir: `peskir_card`); ``cards``, ``taken`` and
    ``won`` (per seat) are changed in place. ``trick`` is the trick in progress (card ints,
    in play order from ``leader``), ``gone`` every card played so far (the trick's too).

    The legal cards come from the engine's cascade (`maca.legality.allowed`, taken as
    `maca.simulation.random_playout` takes it): no rule is written here.
    """
    n = t.players
    leads = t.cascades.leads
    trick = list(trick)
    for _ in range(tricks_left):
        if not trick:
            cascade = leads[first * 2 + broken]
            cands = allowed(cascade, cards[leader]) if cascade else cards[leader]
            card = (peskir_card(cands, trick, False) if avoid >> leader & 1
                    else rule_card(t, cands, cards[leader], trick, gone))
            cards[leader] ^= 1 << card
            gone |= 1 << card
            trick.append(card)
        cascade = moment_cascade(t.cascades, first, False, trick[0])
        simple, led = len(cascade) == 1, _SUITS[trick[0] // 13]
        for seat in _FOLLOWERS[n][leader][len(trick) - 1:]:
            held = cards[seat]
            cands = (held & led or held) if simple else allowed(cascade, held)
            card = (peskir_card(cands, trick, len(trick) == n - 1) if avoid >> seat & 1
                    else rule_card(t, cands, held, trick, gone))
            cards[seat] = held ^ 1 << card
            gone |= 1 << card
            trick.append(card)
        winner = (leader + best_position(trick)) % n
        avoid &= ~(1 << winner)             # a declarer who took a trick plays on as usual
        played = 0
        for card in trick:
            played |= 1 << card
        if played & t.breakers:
            broken = True
        taken[winner] |= played
        won[winner] += 1
        leader = winner
        first = False
        trick = []


def seen_state(seen: Observation) -> tuple[list[int], int, list[int], bool, int]:
    """From an observation: the trick in progress (ints), its leader, tricks won per seat,
    whether it is trick 1, and every card played so far."""
    trick = [c.index for c in seen.current_trick.cards]
    won = [0] * seen.rules.players
    for done in seen.tricks:
        if done.winner is not None:
            won[done.winner] += 1
    return trick, seen.current_trick.leader, won, not seen.tricks, seen.played.mask


def peskir_outlook(seen: Observation, rng: random.Random, worlds: int,
                   deadline: float | None = None) -> tuple[float, float]:
    """The seat's average points this hand if it declares peşkir now and plays to take no
    trick (`peskir_card`), and if it does not, over ``worlds`` deals of the hidden cards that
    agree with ``seen`` (`maca.bots.worlds.sample_world`), every other seat playing the
    policy (a declarer among them: `peskir_card`); fewer, 8 at least, when the
    `time.perf_counter` ``deadline`` comes first.

    >>> from maca import Rules, Hand
    >>> hand = Hand.from_position("turkish hand=1 cards=5432.5432.5432.2/AKQJ.AKQJ.AKQJ.A/"
    ...     "T9876.T9876.T9.K/..876.QJT9876543 trick=1:")
    >>> peskir_outlook(hand.observe(0), random.Random(1), 8)    # all low: −35, not 0
    (-35.0, 0.0)
    >>> peskir_outlook(hand.observe(1), random.Random(1), 8)    # all high: +35, not 0
    (35.0, 0.0)
    """
    t, rules, me = tables(seen.rules), seen.rules, seen.seat
    known = constraints(seen)
    trick, leader, won, first, gone = seen_state(seen)
    others = sum(1 << s for s in seen.peskir if s != me)
    marks = [s in seen.peskir for s in range(rules.players)]
    totals, played = [0, 0], 0
    while played < worlds and (deadline is None or played < 8 or time.perf_counter() < deadline):
        played += 1
        world = sample_world(known, me, seen.cards.mask, rng)
        for declare in (True, False):
            cards, taken, won_now = world[:], [s.mask for s in seen.taken], won[:]
            rule_playout(t, cards, taken, won_now, seen.hearts_broken, first, leader, trick,
                         rules.hand_size - len(seen.tricks), gone,
                         others | (1 << me if declare else 0))
            marks[me] = declare
            totals[not declare] += hand_points(rules, taken, won_now, marks)[me]
    return totals[0] / played, totals[1] / played


class RuleBot:
    """The ``medium`` player: passes its most dangerous cards; leads low (low spades to
    smoke out Q♠ when it is still out), ducks under the winning card, takes a clean last trick
    with its highest card, and when void throws Q♠, then its most expensive hearts, then high
    spades while Q♠ is out. Deterministic, and it sees only its `Observation`."""

    level = "medium"

    def choose_pass(self, seen: Observation) -> CardSet:
        """The ``pass_count`` most dangerous cards (`maca.bots.dangerous_cards`)."""
        return CardSet(dangerous_cards(seen))

    def choose_play(self, seen: Observation) -> Card:
        """The policy's card (`rule_choice`); having declared peşkir and taken no trick yet,
        `peskir_card`."""
        if seen.seat in seen.peskir and all(t.winner != seen.seat for t in seen.tricks):
            trick = [c.index for c in seen.current_trick.cards]
            return Card(peskir_card(seen.legal.mask, trick, len(trick) == seen.rules.players - 1))
        return Card(self.choice(seen)[0])

    def choose_peskir(self, seen: Observation) -> bool:
        """Whether to declare peşkir: when it costs fewer points on average than not over
        `PESKIR_WORLDS` deals (`peskir_outlook`), by `PESKIR_MARGIN` at least. The deals are
        drawn from the seat's own cards, so the answer is the same for the same hand."""
        rng = random.Random(seen.cards.mask * 64 + seen.number)
        declared, plain = peskir_outlook(seen, rng, PESKIR_WORLDS)
        return declared < plain - PESKIR_MARGIN

    def choice(self, seen: Observation) -> tuple[int, int]:
        """The policy's card and why (one of the reason numbers of this module)."""
        trick = [c.index for c in seen.current_trick.cards]
        return rule_choice(tables(seen.rules), seen.legal.mask, seen.cards.mask, trick,
                           seen.played.mask)

    def explain(self, seen: Observation, card: Card | CardSet) -> Explanation:
        """Why ``card`` (or a pass of these cards) is a sensible choice here, in TR and EN."""
        return explain(seen, card)

    def choose_moon(self, seen: Observation, totals: Sequence[int]) -> str:
        """The moon scoring that leaves this seat furthest ahead (`best_moon_choice`)."""
        return best_moon_choice(seen, totals)
