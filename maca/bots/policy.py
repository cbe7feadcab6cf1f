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

from typing import Sequence

from ..cards import (HEARTS_MASK as _HEARTS, QS_MASK as _QS, SPADES_MASK, SUIT_MASKS as _SUITS,
                     Card, CardSet)
from ..legality import allowed, compiled, moment_cascade
from ..observation import Observation
from ..rules import Rules
from ..trick import FOLLOWERS as _FOLLOWERS, best_position
from .explain import Explanation, explain
from .simple import best_moon_choice, dangerous_cards, play_out

__all__ = ["RuleBot", "rule_card", "rule_playout", "Tables", "tables", "play_out"]

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


def rule_playout(t: Tables, cards: list[int], taken: list[int], won: list[int], broken: bool,
                 first: bool, leader: int, trick: list[int], tricks_left: int,
                 gone: int) -> None:
    """Play a hand to its end with every seat following the policy; ``cards``, ``taken`` and
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
            card = rule_card(t, cands, cards[leader], trick, gone)
            cards[leader] ^= 1 << card
            gone |= 1 << card
            trick.append(card)
        cascade = moment_cascade(t.cascades, first, False, trick[0])
        simple, led = len(cascade) == 1, _SUITS[trick[0] // 13]
        for seat in _FOLLOWERS[n][leader][len(trick) - 1:]:
            held = cards[seat]
            cands = (held & led or held) if simple else allowed(cascade, held)
            card = rule_card(t, cands, held, trick, gone)
            cards[seat] = held ^ 1 << card
            gone |= 1 << card
            trick.append(card)
        winner = (leader + best_position(trick)) % n
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
        """The policy's card (`rule_choice`)."""
        return Card(self.choice(seen)[0])

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
