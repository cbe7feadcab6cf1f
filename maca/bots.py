"""Fair computer players: they decide from an `Observation` only, so they cannot cheat.

>>> from maca import Rules, Hand
>>> hand = Hand.deal(Rules.preset("standard"), seed=4)
>>> play_out(hand, [CautiousBot()] * 4)
>>> hand.is_over, sum(hand.points()) in (26, 78)
(True, True)
"""
from __future__ import annotations

import random
from typing import Protocol, Sequence

from .cards import Card, CardSet, Suit
from .hand import Hand
from .observation import Observation

__all__ = ["Bot", "RandomBot", "CautiousBot", "play_out"]

_QS = Card.parse("QS")


class Bot(Protocol):
    """A computer player: chooses its pass and its cards from what its seat may see."""

    def choose_pass(self, seen: Observation) -> CardSet:
        """The cards to pass (``seen.rules.pass_count`` of them)."""

    def choose_play(self, seen: Observation) -> Card:
        """One card of ``seen.legal``."""


class RandomBot:
    """Passes and plays uniformly at random among legal choices (seeded for reproducibility)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose_pass(self, seen: Observation) -> CardSet:
        return CardSet(self.rng.sample(sorted(seen.cards), seen.rules.pass_count))

    def choose_play(self, seen: Observation) -> Card:
        return self.rng.choice(sorted(seen.legal))


class CautiousBot:
    """A simple, sensible player: passes its most dangerous cards, ducks under the winning card,
    sheds Q♠ and high hearts when void, and leads low."""

    def choose_pass(self, seen: Observation) -> CardSet:
        rules = seen.rules
        spades = seen.cards.of_suit(Suit.SPADES)

        def danger(card: Card) -> int:
            points = max(rules.value_of(card), 0)
            guard = card.suit is Suit.SPADES and card.rank > 12 and _QS not in seen.cards
            covered = card.suit is Suit.SPADES and len(spades) >= 5
            return 20 * points + card.rank + (15 if guard and not covered else 0)

        ranked = sorted(seen.cards, key=lambda c: (-danger(c), c.index))
        return CardSet(ranked[: rules.pass_count])

    def choose_play(self, seen: Observation) -> Card:
        legal = sorted(seen.legal, key=lambda c: (c.rank, c.index))
        if len(legal) == 1:
            return legal[0]
        rules, trick = seen.rules, seen.current_trick
        if not trick.cards:  # leading: the lowest card, non-hearts first
            plain = [c for c in legal if rules.value_of(c) <= 0]
            return (plain or legal)[0]
        led = trick.cards[0].suit
        best = trick.winning_card
        assert best is not None
        if legal[0].suit is not led:  # void: shed the most expensive card
            return max(legal, key=lambda c: (rules.value_of(c), c.rank))
        under = [c for c in legal if c.rank < best.rank]
        if under:  # duck with the highest card that still loses
            return under[-1]
        last = len(trick.cards) == rules.players - 1
        points = sum(rules.value_of(c) for c in trick.cards)
        if last and points <= 0:
            return legal[-1]  # taking a clean trick anyway: get rid of the high card
        return legal[0] if not last else legal[-1]


def play_out(hand: Hand, bots: Sequence[Bot | None]) -> None:
    """Let ``bots`` (one per seat) pass and play until the end of the hand, or until a seat
    whose bot is None (a person) has to act."""
    if hand.phase == "pass":
        for seat, bot in enumerate(bots):
            if bot is not None and hand.given(seat) is None:
                hand.give(seat, bot.choose_pass(hand.observe(seat)))
        if hand.phase == "pass":
            return
    while not hand.is_over:
        player = hand.to_move
        assert player is not None
        bot = bots[player]
        if bot is None:
            return
        hand.play(bot.choose_play(hand.observe(player)), seat=player)
