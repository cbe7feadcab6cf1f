"""How a question is answered: the answer forms, and the `Draft` a learner builds by clicking.

Every question kind names its form (`maca.exercises.kinds.Question.form`). A form knows what a
draft holds, the answer it stands for (the plain value `check` reads and answers files keep),
the draft that shows an answer given earlier, what to say while the draft is incomplete, and
the typed parts of the answer on a printed (HTML) sheet. Front-ends draw a form by its `mode`.

>>> draft = CARDS.empty(4)
>>> CARDS.answer(draft) is None, CARDS.missing(draft)["en"]
(True, 'Select your cards first.')
>>> draft.cards = [Card.parse("QS"), Card.parse("2C")]
>>> CARDS.answer(draft)
['QS', '2C']
>>> WINNERS.answer(WINNERS.draft(((2,), (0, -1, 1, 0)), 4))
{'winners': [2], 'standings': [0, -1, 1, 0]}
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..cards import Card, CardSet
from ..words import Text, say

__all__ = ["Draft", "AnswerForm", "CARDS", "CARD", "LINE", "SEAT", "CHOICE", "YES_NO",
           "NUMBERS", "WINNERS"]


@dataclass
class Draft:
    """What the learner has built so far for one exercise (only the fields of its form)."""

    cards: list[Card] = field(default_factory=list)   # cards, card
    choice: Any = None                                 # seat (or "none"), True / False
    numbers: list[int] = field(default_factory=list)   # numbers: one per seat
    winners: list[int] = field(default_factory=list)   # winners
    standings: list[int | None] = field(default_factory=list)


class AnswerForm:
    """How one shape of answer is given: by clicking (`mode`) or typed in `parts`."""

    mode: ClassVar[str]
    #: the typed parts of an answer on a printed sheet (their labels are catalogue keys); an
    #: answer of several parts is a table {part: text}
    parts: ClassVar[tuple[str, ...]] = ("answer",)
    _missing: ClassVar[str] = "no_choice"
    #: a closed exercise may be played again for practice (nothing is recorded): a line
    replays: ClassVar[bool] = False
    #: an answer of many parts (a score per seat, the winners and standings) stays after a
    #: wrong try, to be corrected; a single choice is cleared for a fresh one
    corrected: ClassVar[bool] = False

    def empty(self, players: int) -> Draft:
        """A draft with nothing chosen yet."""
        return Draft(numbers=[0] * players, standings=[None] * players)

    def answer(self, draft: Draft) -> Any:
        """The answer the draft stands for, as `check` reads it; None while it is incomplete."""
        return draft.choice

    def draft(self, given: Any, players: int) -> Draft:
        """The draft showing ``given``, an answer as `Question.read` returns it."""
        draft = self.empty(players)
        draft.choice = "none" if given is None else given
        return draft

    def toggle(self, draft: Draft, card: Card) -> None:
        """A click on ``card``: forms that take no cards ignore it."""

    def missing(self, draft: Draft) -> Text:
        """What to say when an incomplete draft is checked."""
        return say(self._missing)

    def how(self) -> Text:
        """How to answer, shown before the first try."""
        return say(f"how_{self.mode}")

    def __repr__(self) -> str:
        return f"<AnswerForm {self.mode}>"


class _Cards(AnswerForm):
    mode = "cards"
    _missing = "no_cards"

    def toggle(self, draft: Draft, card: Card) -> None:
        if card in draft.cards:
            draft.cards.remove(card)
        else:
            draft.cards.append(card)

    def answer(self, draft: Draft) -> Any:
        return [str(c) for c in draft.cards] or None

    def draft(self, given: Any, players: int) -> Draft:
        draft = self.empty(players)
        draft.cards = list(given) if isinstance(given, CardSet) else [given]
        return draft


class _Card(_Cards):
    mode = "card"
    _missing = "no_card"

    def toggle(self, draft: Draft, card: Card) -> None:
        draft.cards[:] = [] if draft.cards == [card] else [card]

    def answer(self, draft: Draft) -> Any:
        return str(draft.cards[0]) if draft.cards else None


class _Line(_Cards):
    """The cards played one after the other (a puzzle's line): a click plays a card, and only
    a new start (`Attempt.retry`) takes cards back."""

    mode = "line"
    _missing = "no_card"
    replays = True

    def toggle(self, draft: Draft, card: Card) -> None:
        if card not in draft.cards:
            draft.cards.append(card)

    def draft(self, given: Any, players: int) -> Draft:
        draft = self.empty(players)
        draft.cards = list(given)
        return draft


class _Seat(AnswerForm):
    mode = "seat"


class _Choice(AnswerForm):
    mode = "choice"


class _YesNo(AnswerForm):
    mode = "yes_no"


class _Numbers(AnswerForm):
    mode = "numbers"
    corrected = True

    def answer(self, draft: Draft) -> Any:
        return list(draft.numbers)

    def draft(self, given: Any, players: int) -> Draft:
        draft = self.empty(players)
        draft.numbers = list(given)
        return draft


class _Winners(AnswerForm):
    mode = "winners"
    corrected = True
    parts = ("winners", "standings")

    def answer(self, draft: Draft) -> Any:
        if not draft.winners or None in draft.standings:
            return None
        return {"winners": sorted(draft.winners), "standings": list(draft.standings)}

    def draft(self, given: Any, players: int) -> Draft:
        draft = self.empty(players)
        draft.winners, draft.standings = list(given[0]), list(given[1])
        return draft

    def missing(self, draft: Draft) -> Text:
        return say("no_standings" if draft.winners else "no_winner")


#: several cards (click to select, click again to unselect)
CARDS: AnswerForm = _Cards()
#: one card (a click replaces the card chosen)
CARD: AnswerForm = _Card()
#: cards played one after another, each checked at its moment (a puzzle against the defence)
LINE: AnswerForm = _Line()
#: a seat, or "none" when the question offers it
SEAT: AnswerForm = _Seat()
#: one of the question's labelled choices, by its number (a lesson's quick check)
CHOICE: AnswerForm = _Choice()
#: yes or no
YES_NO: AnswerForm = _YesNo()
#: a whole number for every seat
NUMBERS: AnswerForm = _Numbers()
#: the winners and every seat's standing (+1, 0, −1)
WINNERS: AnswerForm = _Winners()
