"""Exercises and their checking: `Exercise`, `Result` and the one call `check(exercise, answer)`.

>>> from maca.exercises.kinds import build_question
>>> q = build_question("pass_direction", {"hand": 2}, "standard")
>>> ex = Exercise("p1", q, Text("Kartların kime gider?", "Who gets your cards?"))
>>> r = check(ex, "sağ")
>>> r.passed, r.score, r.max_score, r.message("en")
(True, 1, 1, 'Correct!\\nHand 2 passes right: you give your cards to East.')
>>> check(ex, "left").message("tr").splitlines()[0]
'Henüz doğru değil.'
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Any

from .. import render
from ..cards import CardSet, Suit
from ..trick import Trick
from ..notation import rules_to_text
from ..words import Text, say
from .kinds import Line, Question

__all__ = ["Exercise", "Result", "check", "situation_html", "coloured"]


@dataclass(frozen=True, eq=False)
class Exercise:
    """One question: its situation (built with the engine), prompt, points and hints.

    The file it comes from never holds the answer: `answer()` asks the engine.
    """

    id: str
    question: Question
    prompt: Text
    points: int = 1
    hints: tuple[Text, ...] = ()
    hint_cost: int = 0           # points taken off a right answer per hint used
    source: str = ""             # where it was read from, for messages

    @property
    def kind(self) -> str:
        """The question kind, like ``"legal_cards"``."""
        return self.question.kind

    def answer(self) -> Any:
        """A right answer from the engine, in the JSON form answers files use."""
        return self.question.model_answer()

    def solution(self) -> Text:
        """The engine's answer written out for people."""
        return self.question.show(self.question.solution())

    def situation(self) -> list[Line]:
        """What the learner is shown, as (label, value) lines."""
        return self.question.situation()

    def describe(self, lang: str = "tr") -> str:
        """The prompt and the situation as plain text."""
        lines = [self.prompt[lang]] + [f"  {line.label[lang]}: {line.value[lang]}"
                                       for line in self.situation()]
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The exercise as the fields of an exercise file (no answer in it)."""
        out: dict[str, Any] = {"id": self.id, "kind": self.kind,
                               "rules": rules_to_text(self.question.rules),
                               "prompt": self.prompt.to_dict(), "points": self.points}
        if self.hints:
            out["hints"] = [h.to_dict() for h in self.hints]
        return {**out, **self.question.params}

    def __repr__(self) -> str:
        return f"<Exercise {self.id} ({self.kind}, {self.points} pt)>"

    def _repr_html_(self) -> str:
        return (f"<div><p><b>{coloured(self.prompt.tr)}</b><br><i>{coloured(self.prompt.en)}"
                f"</i></p>{situation_html(self, 'tr')}</div>")


@dataclass(frozen=True)
class Result:
    """The outcome of checking one answer: never stored in answers files, always recomputed."""

    exercise_id: str
    passed: bool
    score: int
    max_score: int
    feedback: tuple[Text, ...]
    answer: Any = None                      # the answer as read, in JSON form
    solution: Text = field(default=Text("", ""), repr=False)  # to show when the learner asks

    def message(self, lang: str = "en") -> str:
        """The feedback, one sentence a line, in ``"tr"`` or ``"en"``."""
        return "\n".join(t[lang] for t in self.feedback)

    def _repr_html_(self) -> str:
        colour = "#1b7a3a" if self.passed else "#b3261e"
        score = say("score", score=self.score, max=self.max_score)
        parts = [f'<div style="border-left:4px solid {colour};padding:4px 10px">']
        for lang, style in (("tr", "b"), ("en", "i")):
            lines = "<br>".join(coloured(t[lang]) for t in self.feedback)
            parts.append(f"<p><{style}>{lines}</{style}><br><small>{coloured(score[lang])}"
                         "</small></p>")
        return "".join(parts) + "</div>"


def check(exercise: Exercise, answer: Any, hints_used: int = 0) -> Result:
    """Check ``answer`` (natural values: card text, seat numbers or names, lists, yes/no).

    Raises `AnswerError` (with ``message("tr")``) when the answer cannot be read at all.
    """
    question = exercise.question
    given = question.read(answer)
    passed, notes = question.judge(given)
    score = 0
    feedback = [question.opening(given, passed), *notes]
    if passed:
        cost = min(exercise.points, exercise.hint_cost * max(0, hints_used))
        score = exercise.points - cost
        if cost:
            feedback.append(say("hint_cost", hints=hints_used, cost=cost))
    return Result(exercise.id, passed, score, exercise.points, tuple(feedback),
                  question.to_json(given), exercise.solution())


_SYMBOL = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])")
_SUITS = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}


def coloured(text: str, four: bool = False) -> str:
    """Escaped HTML, with each card symbol (``Q♠``) in its suit's colour.

    >>> coloured("Q♠ & 10♥")
    '<b style="color:#1c1c1e">Q♠</b> &amp; <b style="color:#c8102e">10♥</b>'
    """
    return _SYMBOL.sub(lambda m: f'<b style="color:{render.suit_colour(_SUITS[m[2]], four)}">'
                                 f"{m[0]}</b>", html.escape(text))


def situation_html(exercise: Exercise, lang: str, four: bool = False,
                   selected: CardSet = CardSet()) -> str:
    """What the learner is shown of an exercise, the one picture every front-end draws:
    labelled lines, with cards and tricks drawn (``selected`` cards raised in the hands).

    >>> from maca.exercises.kinds import build_question
    >>> q = build_question("pass_direction", {"hand": 3}, "standard")
    >>> situation_html(Exercise("p", q, Text("?", "?")), "en")
    '<table ...><tr><th ...>Rules</th><td ...>standard</td></tr>...>3</td></tr></table>'
    """
    rows = []
    for line in exercise.situation():
        if isinstance(line.picture, CardSet) and line.picture:
            value = render.hand_html(line.picture, lang=lang, four_colour=four, size=46,
                                     label=line.value[lang], selected=line.picture & selected)
        elif isinstance(line.picture, Trick):
            value = render.trick_html(line.picture, lang=lang, four_colour=four, size=50)
        else:
            value = coloured(line.value[lang], four)
        rows.append(f'<tr><th style="text-align:left;vertical-align:middle;font-weight:600;'
                    f'padding:3px 1em 3px 0;white-space:nowrap">{html.escape(line.label[lang])}'
                    f'</th><td style="padding:3px 0">{value}</td></tr>')
    return (f'<table style="font-family:{render.FONT};font-size:14px;color:#2b2f36;'
            f'border-collapse:collapse">{"".join(rows)}</table>')
