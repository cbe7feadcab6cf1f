"""A trick: who led, the cards in play order, who wins it (rule 8), and who follows whom.

`Hand` keeps its tricks as ints and shows them as `Trick`s; an `Observation` holds the same
`Trick`s, so both import them from here.

>>> from maca.cards import Card
>>> trick = Trick(3, tuple(Card.parse(c) for c in ("5C", "KC", "AH", "9C")), None)
>>> trick.winning_seat, str(trick.winning_card), FOLLOWERS[4][3]
(0, 'KC', (0, 1, 2))
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .cards import Card

__all__ = ["Trick", "best_position", "FOLLOWERS"]

#: Per number of players and leader: the seats that follow, in play order.
FOLLOWERS = {n: tuple(tuple((leader + i) % n for i in range(1, n)) for leader in range(n))
             for n in (3, 4)}


def best_position(cards: Sequence[int]) -> int:
    """Rule 8: the position in play order of the highest card of the suit led (no trumps).

    >>> best_position([Card.parse(c).index for c in ("5C", "KC", "AH", "9C")])
    1
    """
    best = cards[0]
    top = best - best % 13 + 13  # first card above the led suit
    at = 0
    for i, c in enumerate(cards):
        if best < c < top:
            best, at = c, i
    return at


@dataclass(frozen=True)
class Trick:
    """One trick: who led, the cards in play order, and (when complete) who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int | None
    players: int = 4

    def seat_of(self, position: int) -> int:
        """The seat that played the card at ``position`` in this trick."""
        return (self.leader + position) % self.players

    def plays(self) -> list[tuple[int, Card]]:
        """(seat, card) pairs in play order."""
        return [(self.seat_of(i), c) for i, c in enumerate(self.cards)]

    @property
    def winning_seat(self) -> int | None:
        """The seat winning the trick so far (None before the first card)."""
        if not self.cards:
            return None
        return self.seat_of(best_position([c.index for c in self.cards]))

    @property
    def winning_card(self) -> Card | None:
        """The card winning the trick so far."""
        if not self.cards:
            return None
        return self.cards[best_position([c.index for c in self.cards])]

    def _repr_html_(self) -> str:
        from .render import trick_html
        return trick_html(self)
