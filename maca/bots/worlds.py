"""The hidden hands as a seat may imagine them: what its `Observation` says of the other
seats' cards (`constraints`: voids shown, the cards it passed, who led hearts, forced
discards) and one deal that agrees with it (`sample_world`). The ``hard`` player and the
peşkir question (`maca.bots.policy.peskir_outlook`) play such deals out; the hidden cards are
sampled, never looked at.
"""
from __future__ import annotations

import random

from ..cards import (AH_MASK as _AH, HEARTS_MASK as _HEARTS, KH_MASK as _KH, QS_MASK as _QS,
                     SUIT_MASKS as _SUITS)
from ..observation import Observation

__all__ = ["Constraints", "constraints", "sample_world"]


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
