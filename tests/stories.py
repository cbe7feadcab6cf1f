"""Invent a legal past for a test position: tricks that lead to the cards held and taken.

Tests describe a moment of a hand the way a reader thinks of it ("trick 10, South won the
rest, South leads"); the engine only accepts moments some legal game reaches, with their
tricks. `story` builds such tricks backwards from the last one (so each seat's cards at every
trick are known and following suit can be respected), with random choices and restarts, and
the engine checks every candidate (`Hand.restore`): a fixture cannot describe an impossible
hand.
"""
from __future__ import annotations

import random

from maca import Card, CardSet, Hand, PositionError, Rules, Suit
from maca.cards import suit_mask

_HEARTS = suit_mask(Suit.HEARTS)
_QS = Card.parse("QS").mask
_TURKISH_ORDER = (_QS, Card.parse("AH").mask, Card.parse("KH").mask, _HEARTS)


def _pick(mask: int, rng: random.Random) -> int | None:
    cards = [c for c in range(52) if mask >> c & 1]
    return rng.choice(cards) if cards else None


def story(rules: Rules, held: list[int], piles: list[int], leader: int, trick: list[Card],
          number: int, dealer: int, tries: int = 20000,
          seed: int = 0) -> list[tuple[int, list[Card]]]:
    """Completed tricks after which each seat holds ``held`` and has taken ``piles``, and
    ``leader`` leads the trick in progress (``trick``: its cards so far)."""
    n = rules.players
    rng = random.Random(seed)
    in_trick = [0] * n
    for i, card in enumerate(trick):
        in_trick[(leader + i) % n] |= card.mask
    refusal = "no candidate"
    for _ in range(tries):
        tricks = _attempt(rules, [h | t for h, t in zip(held, in_trick)], piles, leader,
                          dealer, rng)
        if tricks is None:
            continue
        try:
            Hand.restore(rules, [CardSet(m) for m in held], number=number, dealer=dealer,
                         tricks=tricks, trick=(leader, trick))
        except PositionError as exc:
            refusal = str(exc)
            continue
        return tricks
    raise AssertionError(f"no legal past found for this test position (last refusal: {refusal})")


def _attempt(rules: Rules, later: list[int], piles: list[int], winner: int, dealer: int,
             rng: random.Random) -> list[tuple[int, list[Card]]] | None:
    """One random past, built from the last completed trick back to the first."""
    n = rules.players
    left = list(piles)
    tricks_left = [p.bit_count() // n for p in piles]
    later = list(later)  # each seat's cards from the trick being built on
    tricks: list[tuple[int, list[Card]]] = []
    for t in range(sum(tricks_left), 0, -1):
        # winner: takes trick t; its leader won trick t - 1 (or opens the hand)
        if tricks_left[winner] == 0:
            return None
        tricks_left[winner] -= 1
        if t == 1:
            leader = ((dealer + 1) % n if rules.first_lead == "left_of_dealer"
                      else rng.randrange(n))
        else:
            leader = rng.choice([s for s in range(n) if tricks_left[s]])
        cards = _trick(rules, t, leader, winner, left[winner], later, rng)
        if cards is None:
            return None
        for i, c in enumerate(cards):
            later[(leader + i) % n] |= 1 << c
            left[winner] &= ~(1 << c)
        tricks.append((leader, [Card(c) for c in cards]))
        winner = leader
    return tricks[::-1]


def _trick(rules: Rules, t: int, leader: int, winner: int, pile: int, later: list[int],
           rng: random.Random) -> list[int] | None:
    n = rules.players
    if t == 1 and rules.first_lead == "two_of_clubs":
        lead = rules.lowest_club.index if pile & rules.lowest_club.mask else None
    else:
        suits = [s for s in range(4) if pile & suit_mask(s)
                 and (s != Suit.HEARTS or (t > 1 and rng.random() < 0.3))]
        if not suits:
            return None
        in_suit = pile & suit_mask(rng.choice(suits))
        # a leader who wins leads the suit's best card; another leads below the winner's
        lead = (in_suit.bit_length() - 1 if winner == leader
                else _pick(in_suit & ~(1 << in_suit.bit_length() - 1), rng))
    if lead is None:
        return None
    suit = suit_mask(lead // 13)
    pile &= ~(1 << lead)
    top = lead
    if winner != leader:  # the winner's card beats the lead and every follower
        top = (pile & suit & ~((2 << lead) - 1)).bit_length() - 1
        if top < 0:
            return None
        pile &= ~(1 << top)
    cards = [lead]
    for seat in ((leader + i) % n for i in range(1, n)):
        if seat == winner:
            cards.append(top)
            continue
        follow = pile & suit & ((1 << top) - 1)
        if later[seat] & suit or (follow and rng.random() < 0.7):
            card = _pick(follow, rng)  # holds the suit then: must follow, below the winner
        else:
            card = _discard(rules, t, pile & ~suit, later[seat], rng)
        if card is None:
            return None
        cards.append(card)
        pile &= ~(1 << card)
    return cards


def _discard(rules: Rules, t: int, options: int, holding: int, rng: random.Random) -> int | None:
    """A card a seat void in the suit led may throw, given the rest of what it holds."""
    if t == 1 and rules.no_points_first_trick:
        options &= ~_HEARTS & ~(0 if rules.queen_on_first_trick else _QS)
    if rules.discard_order == "turkish":  # Q♠, A♥, K♥, a heart before anything else
        for first in _TURKISH_ORDER:
            if holding & first:
                return None  # it would have had to throw a card it still holds
            if options & first:
                options &= first
                break
    return _pick(options, rng)
