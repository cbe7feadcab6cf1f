"""A game: hands until a total reaches the target, dealer rotation, totals, winners, standings.

>>> from maca import Rules, Game
>>> game = Game(Rules.preset("standard").replace(target=30), seed=1)
>>> game.hand.number, game.hand.pass_direction, game.totals
(1, 'left', (0, 0, 0, 0))
"""
from __future__ import annotations

import random
from typing import Sequence

from .errors import IllegalActionError, PositionError, RecordError
from .hand import Hand, shuffler
from .words import say
from .notation import parse_game_record, record_text
from .reasons import Reason, Verdict
from .rules import Rules
from .scoring import game_over, seat_standings, unit_totals, winners

__all__ = ["Game"]


class Game:
    """Hands of one game, played until a total reaches the rules' target."""

    def __init__(self, rules: Rules, seed: int | str | None = None, dealer: int = 0,
                 rng: random.Random | None = None) -> None:
        """Deal the first hand. Without ``seed`` (or ``rng``) shuffles use secure randomness."""
        self.rules = rules
        self._rng = rng or shuffler(seed)
        self.hands: list[Hand] = [Hand.deal(rules, number=1, dealer=dealer, rng=self._rng)]

    @classmethod
    def from_hand(cls, hand: Hand, rng: random.Random | None = None) -> Game:
        """A game whose first hand is ``hand`` (used to replay records)."""
        game = cls.__new__(cls)
        game.rules = hand.rules
        game._rng = rng or shuffler()
        game.hands = [hand]
        return game

    @property
    def hand(self) -> Hand:
        """The hand being played (the last one)."""
        return self.hands[-1]

    @property
    def scores(self) -> list[tuple[int, ...]]:
        """Each finished hand's points per seat."""
        return [h.points() for h in self.hands if h.is_over]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total over the finished hands."""
        return tuple(sum(col) for col in zip(*self.scores)) or (0,) * self.rules.players

    @property
    def team_totals(self) -> tuple[int, ...]:
        """Partnership totals (seats 0+2, 1+3); the seat totals when not a partnership."""
        return unit_totals(self.rules, self.totals)

    @property
    def is_over(self) -> bool:
        """True once a finished hand brought a total (a team's, in partnership) to the target."""
        return self.hand.is_over and game_over(self.rules, self.totals)

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats with the lowest total (both partners of the best team); empty until the end."""
        return winners(self.rules, self.totals) if self.is_over else ()

    @property
    def standings(self) -> tuple[int, ...]:
        """+1 / 0 / −1 per seat (source 002); partners share their team's result."""
        if not self.is_over:
            raise IllegalActionError(Verdict(Reason.GAME_NOT_OVER))
        return seat_standings(self.rules, self.totals)

    def next_hand(self, dealer: int | None = None, dealt: Sequence[int] | None = None) -> Hand:
        """Deal the next hand. The dealer rotates clockwise; under Turkish rules a player who
        shot the moon may name the next ``dealer``. ``dealt`` replays a recorded deal."""
        last = self.hand
        if not last.is_over:
            raise IllegalActionError(Verdict(Reason.HAND_NOT_OVER))
        if self.is_over:
            raise IllegalActionError(Verdict(Reason.GAME_OVER))
        n = self.rules.players
        rotated = (last.dealer + 1) % n
        if dealer is None:
            dealer = rotated
        elif not isinstance(dealer, int) or not 0 <= dealer < n:
            raise IllegalActionError(Verdict(Reason.BAD_SEAT, {"seat": dealer, "last": n - 1}))
        elif dealer != rotated and not (self.rules.moon_shooter_picks_dealer and last.moon_shooters):
            raise IllegalActionError(Verdict(Reason.DEALER_CHOICE_NOT_ALLOWED))
        number = last.number + 1
        if dealt is None:
            hand = Hand.deal(self.rules, number=number, dealer=dealer, rng=self._rng)
        else:
            hand = Hand(self.rules, dealt, number=number, dealer=dealer)
        self.hands.append(hand)
        return hand

    def record(self) -> str:
        """The whole game as a replayable record."""
        return record_text([hand.describe_record() for hand in self.hands])

    @classmethod
    def from_record(cls, text: str) -> Game:
        """Replay a game record; `RecordError` names the line that is wrong."""
        first, *others = parse_game_record(text)
        game = cls.from_hand(Hand.replayed(first))
        for record in others:
            if record.number != game.hand.number + 1:
                raise RecordError(say("within"), where=say("record.line", n=record.line),
                                  exc=say("record.hand_order", n=record.number,
                                          last=game.hand.number, next=game.hand.number + 1))
            try:
                game.next_hand(dealer=record.dealer, dealt=record.deal)
            except IllegalActionError as exc:
                raise RecordError(say("within"), where=say("record.line", n=record.line), exc=exc) from None
            except PositionError as exc:
                raise RecordError(say("within"), where=say("record.line", n=record.deal_line),
                                  exc=exc) from None
            game.hand.replay(record.entries)
        return game

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name}: hand {self.hand.number}, totals {self.totals}"
                f"{', over' if self.is_over else ''}>")

    def _repr_html_(self) -> str:
        from .render import game_scores_html
        return game_scores_html(self)
