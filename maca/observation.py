"""What one seat may know: its own cards and passes, and everything played in public.

A computer player receives only an `Observation`, never the hand itself, so it cannot cheat.

>>> from maca import Rules, Hand
>>> hand = Hand.deal(Rules.preset("turkish"), seed=3)
>>> seen = hand.observe(0)
>>> seen.cards == hand.cards(0), seen.to_move, len(seen.unseen)
(True, 1, 39)
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import CardSet
from .rules import Rules
from .trick import Trick

__all__ = ["Observation"]


@dataclass(frozen=True)
class Observation:
    """One seat's view of a hand (`Hand.observe` makes it). Passed cards are a set, so their
    order cannot leak."""

    seat: int
    rules: Rules
    number: int
    dealer: int
    phase: str
    pass_direction: str
    cards: CardSet                   # this seat's cards now
    passed: CardSet | None           # the cards this seat passed
    received: CardSet                # the cards this seat received
    tricks: tuple[Trick, ...]        # completed tricks, in order
    current_trick: Trick
    taken: tuple[CardSet, ...]       # cards each seat has won (public)
    peskir: tuple[int, ...]          # seats that declared peşkir
    hearts_broken: bool
    to_move: int | None
    legal: CardSet                   # what this seat may play now (empty if not its turn)

    @property
    def played(self) -> CardSet:
        """Every card played so far (taken tricks and the current trick)."""
        out = CardSet(self.current_trick.cards)
        for taken in self.taken:
            out |= taken
        return out

    @property
    def unseen(self) -> CardSet:
        """Cards this seat has not seen: in other hands and not known from its own pass."""
        known = self.cards | self.played | (self.passed or CardSet())
        return CardSet(self.rules.deck_mask) - known
