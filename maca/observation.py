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
from typing import TYPE_CHECKING

from .cards import CardSet
from .hand import Trick
from .rules import Rules

if TYPE_CHECKING:
    from .hand import Hand

__all__ = ["Observation"]


@dataclass(frozen=True)
class Observation:
    """One seat's view of a hand. Passed cards are a set, so their order cannot leak."""

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

    @classmethod
    def of(cls, hand: Hand, seat: int) -> Observation:
        """The observation of ``seat`` in ``hand``."""
        to_move = hand.to_move
        return cls(
            seat=seat, rules=hand.rules, number=hand.number, dealer=hand.dealer,
            phase=hand.phase, pass_direction=hand.pass_direction, cards=hand.cards(seat),
            passed=hand.given(seat), received=hand.received(seat), tricks=tuple(hand.tricks),
            current_trick=hand.current_trick,
            taken=tuple(hand.taken(s) for s in range(hand.players)), peskir=hand.peskir,
            hearts_broken=hand.hearts_broken, to_move=to_move,
            legal=hand.legal_plays() if to_move == seat else CardSet())

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
