"""The engine's inner loops for simulation: shuffling, choosing a random card, random playouts.

`Hand` calls them (`Hand.deal`, `Hand.playout`); Monte-Carlo players, the solver and the
benchmarks simulate thousands of hands through them. They work on the engine's ints (a card is
0..51, a set of cards a bitmask) and the cascade `Hand` compiles from the rules, so no rule is
written here. Pure Python (the browser runs it as it is); for CPython, ``MACA_COMPILE=1 pip
install .`` compiles this module with mypyc (see setup.py).

>>> import random
>>> deck = list(range(52))
>>> shuffle(deck, random.Random(4)); deck[:3]
[37, 22, 39]
"""
from __future__ import annotations

import random
from typing import Callable, Sequence

from .cards import Card, suit_mask

__all__ = ["shuffle", "random_card", "random_playout"]

_SUIT_MASKS = tuple(suit_mask(s) for s in range(4))
_AH_INDEX = Card.parse("AH").index

#: Per number of players and leader: the seats that follow, in order.
_FOLLOWERS = {n: tuple(tuple((leader + i) % n for i in range(1, n)) for leader in range(n))
              for n in (3, 4)}

#: Fisher-Yates steps for a deck of up to 52 cards: (position, choices, random bits needed).
_SHUFFLE_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(51, 0, -1))

#: A compiled moment of the cascade: (guard, keep, layer) triples, see `maca.hand`.
Cascade = Sequence[tuple[int, int, object]]


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
                   won: list[int], leads: Sequence[Cascade], follows: Sequence[Cascade],
                   follow_only: Sequence[bool], breakers: int, broken: bool, first: bool,
                   leader: int, trick: Sequence[int],
                   tricks_left: int) -> tuple[list[int], list[int]]:
    """Play a hand to its end with random legal cards: each seat's taken cards and tricks won.

    The state is `Hand`'s (``cards``, ``taken`` and ``won`` are changed in place: pass copies);
    ``leads[2 * first + broken]`` and ``follows[suit led + 4 * first]`` (8: A♥ opened trick 1)
    are the compiled cascade, ``follow_only`` marks the moments where it is "follow suit" only.
    """
    n = len(cards)
    # `random_card` is written out twice below (lead, follow): a call per card would cost
    # a sixth of the playout in pure Python.
    followers: tuple[int, ...] = ()
    winner = leader
    lead = led = played = best = rule = 0
    if trick:  # the trick in progress
        lead = trick[0]
        led = _SUIT_MASKS[lead // 13]
        for i, card in enumerate(trick):
            played |= 1 << card
            if 1 << card & led and 1 << card > best:
                best, winner = 1 << card, (leader + i) % n
        rule = lead // 13 if not first else 8 if lead == _AH_INDEX else 4 + lead // 13
        followers = _FOLLOWERS[n][leader][len(trick) - 1:]
    for _ in range(tricks_left):
        if not followers:  # lead
            cands = cards[leader]
            for guard, keep, _layer in leads[first * 2 + broken]:
                if cands & guard:
                    cands &= keep
            if cands & (cands - 1):
                skip = int(rand() * cands.bit_count())
                while skip:
                    cands &= cands - 1
                    skip -= 1
            best = played = cands & -cands
            cards[leader] ^= best
            winner = leader
            lead = best.bit_length() - 1
            led = _SUIT_MASKS[lead // 13]
            rule = lead // 13 if not first else 8 if lead == _AH_INDEX else 4 + lead // 13
            followers = _FOLLOWERS[n][leader]
        cascade, simple = follows[rule], follow_only[rule]
        for seat in followers:
            if simple:
                cands = cards[seat] & led or cards[seat]
            else:
                cands = cards[seat]
                for guard, keep, _layer in cascade:
                    if cands & guard:
                        cands &= keep
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
