"""A question of labelled choices, each judged when the question is made (kind ``choice``).

A lesson's quick check asks the engine about every choice as its cell runs (`maca.lessonkit`):
the verdicts are data by then, and the question answers like every kind (`read`, `judge`, the
form `CHOICE`: the choice's number), so a quick check is one exercise of a worksheet
(`maca.exercises.session.Worksheet.single`). Its judgement is the lesson's code, not fields of
a file, so it is no kind of exercise files (`KINDS` does not list it).

>>> q = Choice([Text("Batı", "West"), Text("Doğu", "East")],
...            [Verdict(False, say("wrong"), ()), Verdict(True, say("correct"), (
...                Text("2♣ Doğu'da.", "East holds the 2♣."),))])
>>> q.solution(), q.judge(q.read("1")), q.show(q.solution())["en"]
((1,), (True, [Text(tr="2♣ Doğu'da.", ...)]), 'East')
"""
from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from ...errors import shown
from ...rules import Rules
from ...words import Text, catalogue, say
from ..forms import CHOICE
from ..text import AnswerError, ExerciseError
from .base import Line, Question, require_answer

__all__ = ["Choice", "Verdict"]


class Verdict(NamedTuple):
    """One choice's judgement: right or not, the feedback's first sentence, and the rest."""

    right: bool
    opening: Text
    notes: tuple[Text, ...]


class Choice(Question):
    """Which one? ``labels`` are the choices, ``verdicts`` their judgements, in order."""

    kind = "choice"
    fields = ()
    form = CHOICE
    example = (Text("1", "1"),)

    def __init__(self, labels: Sequence[Text], verdicts: Sequence[Verdict],
                 rules: Rules | None = None) -> None:
        super().__init__({}, rules or Rules.preset("standard"))
        if not labels or len(labels) != len(verdicts):
            raise ExerciseError(say("choice.verdicts"), labels=len(labels), verdicts=len(verdicts))
        self.labels, self.verdicts = list(labels), list(verdicts)

    def offered(self) -> list[Any]:
        return list(range(len(self.labels)))

    def solution(self) -> tuple[int, ...]:
        return tuple(i for i, verdict in enumerate(self.verdicts) if verdict.right)

    def model_answer(self) -> Any:
        return next(iter(self.solution()), None)

    def read(self, answer: Any) -> int:
        require_answer(answer)
        text = str(answer).strip()
        if not (isinstance(answer, (int, str)) and not isinstance(answer, bool)
                and text.isascii() and text.isdigit() and int(text) < len(self.labels)):
            last = len(self.labels) - 1
            raise AnswerError(say("choice.not_a_choice"), value=shown(answer), last=str(last))
        return int(text)

    def judge(self, given: int) -> tuple[bool, list[Text]]:
        verdict = self.verdicts[given]
        return verdict.right, list(verdict.notes)

    def opening(self, given: Any, passed: bool) -> Text:
        return self.verdicts[given].opening

    def show(self, value: Any) -> Text:
        chosen = [self.labels[i] for i in (value if isinstance(value, tuple) else (value,))]
        return Text.join(chosen, " / ")

    def situation(self) -> list[Line]:
        return []


# A choice the learner cannot have made, then a question built wrong (for the developer).
catalogue("choice", {
    "not_a_choice": ("{value} bir seçenek değil: 0-{last} arası bir sayı yaz.",
                     "{value} is not a choice: write a number 0-{last}."),
    "verdicts": ("bir seçmeli soru en az bir seçenek ve her seçenek için bir değerlendirme ister; "
                 "{labels} seçenek ve {verdicts} değerlendirme verildi",
                 "a choice question needs at least one choice and one verdict per choice, not "
                 "{labels} choice(s) and {verdicts} verdict(s)"),
}, scoped=True)
