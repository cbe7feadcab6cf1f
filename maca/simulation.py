"""The engine's inner loops for simulation: shuffling, choosing a random card, random playouts.

`Hand` calls them (`Hand.deal`, `Hand.playout`); Monte-Carlo players, the solver and the
benchmarks simulate thousands of hands through them. They work on the engine's ints (a card is
0..51, a set of cards a bitmask) and the cascade `maca.legality` compiles from the rules, so no
rule is written here. Pure Python (the browser runs it as it is); for CPython, ``MACA_COMPILE=1 pip
install .`` compiles this module and `maca.legality` with mypyc (see setup.py).

>>> import random
>>> deck = list(range(52))
>>> shuffle(deck, random.Random(4)); deck[:3]
[37, 22, 39]
"""
from __future__ import annotations

import random
from typing import Callable, Sequence

from .cards import SUIT_MASKS
from .legality import Compiled, allowed
from .trick import FOLLOWERS

__all__ = ["shuffle", "random_card", "random_playout"]

#: Fisher-Yates steps for a deck of up to 52 cards: (position, choices, random bits needed).
_SHUFFLE_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(51, 0, -1))


def shuffle(deck: list[int], rng: random.Random) -> None:
    """Shuffle ``deck`` in place exactly as ``rng.shuffle`` does (same seeded deals), faster.

    >>> a, b = list(range(52)), list(range(52))
    >>> random.Random(4).shuffle(a); shuffle(b, random.Random(4)); a == b
    True
    """
    getrandbits = rng.getrandbits
    for i, choices, bits in _SHUFFLE_STEPS[52 - len(deck):]:
        j = getrandbits(bits)
        while j >= choices:
            j = getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]


def random_card(mask: int, rand: Callable[[], float]) -> int:
    """One card of ``mask`` chosen uniformly with one call of ``rand`` (like `random.random`),
    none when there is no choice: how `random_playout` chooses.

    >>> random_card(0b1011, lambda: 0.5), random_card(0b100, lambda: 0.5)
    (1, 2)
    """
    if mask & (mask - 1):  # more than one card: one random number chooses
        skip = int(rand() * mask.bit_count())
        while skip:
            mask &= mask - 1
            skip -= 1
    return (mask & -mask).bit_length() - 1


def random_playout(rand: Callable[[], float], cards: list[int], taken: list[int],
                   won: list[int], table: Compiled, breakers: int, broken: bool, first: bool,
                   leader: int, trick: Sequence[int],
                   tricks_left: int) -> tuple[list[int], list[int]]:
    """Play a hand to its end with random legal cards: each seat's taken cards and tricks won.

    The state is `Hand`'s (``cards``, ``taken`` and ``won`` are changed in place: pass copies);
    ``table`` is the compiled cascade of its rules (`maca.legality.compiled`, its moments
    looked up as `maca.legality.moment_cascade` does), each moment's legal cards come from
    `maca.legality.allowed` (where the cascade is "follow suit" alone, its result is taken
    without the call: see `maca.legality.moment_cascade`).
    """
    n = len(cards)
    leads, follows, followers_of = table.leads, table.follows, FOLLOWERS[n]
    # `random_card` is written out twice below (lead, follow): a call per card would cost
    # a sixth of the playout in pure Python.
    followers: tuple[int, ...] = ()
    cascade, simple = leads[0], False
    winner = leader
    lead = led = played = best = 0
    if trick:  # the trick in progress
        lead = trick[0]
        led = SUIT_MASKS[lead // 13]
        for i, card in enumerate(trick):
            played |= 1 << card
            if 1 << card & led and 1 << card > best:
                best, winner = 1 << card, (leader + i) % n
        cascade = follows[first * 52 + lead]
        simple = len(cascade) == 1
        followers = followers_of[leader][len(trick) - 1:]
    for _ in range(tricks_left):
        if not followers:  # lead
            cascade = leads[first * 2 + broken]
            cands = allowed(cascade, cards[leader]) if cascade else cards[leader]
            if cands & (cands - 1):
                skip = int(rand() * cands.bit_count())
                while skip:
                    cands &= cands - 1
                    skip -= 1
            best = played = cands & -cands
            cards[leader] ^= best
            winner = leader
            lead = best.bit_length() - 1
            led = SUIT_MASKS[lead // 13]
            cascade = follows[first * 52 + lead]
            simple = len(cascade) == 1
            followers = followers_of[leader]
        for seat in followers:
            held = cards[seat]
            cands = (held & led or held) if simple else allowed(cascade, held)
            if cands & (cands - 1):
                skip = int(rand() * cands.bit_count())
                while skip:
                    cands &= cands - 1
                    skip -= 1
            bit = cands & -cands
            cards[seat] ^= bit
            played |= bit
            if bit > best and bit & led:
                best, winner = bit, seat
        if played & breakers:
            broken = True
        taken[winner] |= played
        won[winner] += 1
        leader = winner
        first = False
        followers = ()
    return taken, won
