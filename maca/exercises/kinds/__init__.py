"""The question kinds. Each one builds its situation with the engine, which computes the answer.

A question is built from an exercise's fields (`ExerciseError` says which one is wrong), then

- `solution()` is the engine's answer, `read(answer)` turns a learner's natural value into the
  same form (`AnswerError` if it cannot), `judge(given)` says whether it is right and why;
- `situation()` lists what the learner sees (label, value) and `to_json` / `show` write
  answers for files and for people;
- `form` says how it is answered (`maca.exercises.forms`), `offered()` what the learner picks
  from, and `example` what a typed answer looks like on a printed sheet.

The package: `base` (what a kind is built from), `goals` (every goal in words), `plain` (the
rule questions), `judgement` (the questions of judgement), `puzzle` (the practice puzzles),
`choice` (labelled choices judged in code, a lesson's quick check: not a kind of files).
This module is the registry: `KINDS` lists every kind, and a new
kind is a `Question` subclass passed to `register_kind`; every front-end (the exercise
widget, the live sets, the sheets, the grader) then asks and checks it.

>>> q = build_question("trick_winner", {"position": "standard hand=4 cards=...AKQJT98765432/"
...     ".AKQJT98765432../..AKQJT98765432./AKQJT98765432...", "plays": "2C 5H 3D 4S"}, "standard")
>>> q.solution(), q.read("batı"), q.judge(1)[0]
(0, 1, False)
"""
from __future__ import annotations

from typing import Any, Mapping

from ...errors import shown
from ...rules import Rules
from ..forms import AnswerForm
from ...words import Text, catalogue, say
from ..text import ExerciseError
from .base import (Line, NoQuestionError, Outcome, Question, parse_rules, read_card, read_cards,
                   read_numbers, read_seat, read_yes_no)
from .goals import HAND_GOALS, TRICK_GOALS
from .judgement import ChooseDiscard, ChooseLead, ChoosePass
from .plain import (GameWinner, HandScore, LegalCards, MoonPossible, PassDirection,
                    PlayGoal, TrickWinner)
from .puzzle import Puzzle

__all__ = ["KINDS", "register_kind", "build_question", "Question", "Line", "NoQuestionError",
           "Outcome", "TRICK_GOALS", "HAND_GOALS", "parse_rules", "read_cards", "read_card",
           "read_seat", "read_yes_no", "read_numbers", "LegalCards", "PlayGoal", "TrickWinner",
           "PassDirection", "HandScore", "GameWinner", "MoonPossible", "ChoosePass",
           "ChooseLead", "ChooseDiscard", "Puzzle"]

#: every question kind, by name (the kinds of this package, then those given to `register_kind`)
KINDS: dict[str, type[Question]] = {}


def register_kind(cls: type[Question]) -> type[Question]:
    """Make ``cls`` a question kind of exercise files (and of every front-end); returns it.
    Its `example` has one typed answer per part of its form.

    >>> register_kind(Question)
    Traceback (most recent call last):
    ...
    maca.exercises.text.ExerciseError: Question is not a question kind: set kind, fields, form, example
    """
    kind = getattr(cls, "kind", None)
    form, example = getattr(cls, "form", None), getattr(cls, "example", None)
    if (not isinstance(kind, str) or not isinstance(getattr(cls, "fields", None), tuple)
            or not isinstance(form, AnswerForm) or not isinstance(example, tuple)
            or len(example) != len(form.parts) or not all(isinstance(t, Text) for t in example)):
        raise ExerciseError(say("kinds.not_a_kind"), name=cls.__name__)
    KINDS[kind] = cls
    return cls




for _kind in (LegalCards, PlayGoal, TrickWinner, PassDirection, HandScore, GameWinner,
              MoonPossible, ChoosePass, ChooseLead, ChooseDiscard, Puzzle):
    register_kind(_kind)


def build_question(kind: str, params: Mapping[str, Any], rules: str | Rules) -> Question:
    """The question of ``kind`` from its fields; `ExerciseError` says which field is wrong.

    >>> build_question("pass_direction", {"hand": "2"}, "standard")
    Traceback (most recent call last):
    ...
    maca.exercises.text.ExerciseError: hand must be a hand number (1, 2, …), not '2'
    """
    if not isinstance(kind, str) or kind not in KINDS:
        raise ExerciseError(say("kinds.unknown"), value=shown(kind), kinds=", ".join(KINDS))
    if not isinstance(params, Mapping) or not all(isinstance(k, str) for k in params):
        raise ExerciseError(say("kinds.fields"), value=shown(params))
    cls = KINDS[kind]
    unknown = set(params) - set(cls.fields)
    if unknown:
        raise ExerciseError(say("kinds.unknown_fields"), fields=", ".join(sorted(unknown)),
                            kind=kind, known=", ".join(cls.fields))
    missing = [f for f in cls.required if f not in params]
    if missing:
        raise ExerciseError(say("kinds.missing"), kind=kind, fields=", ".join(missing))
    return cls(params, rules if isinstance(rules, Rules) else parse_rules(rules))


# The errors of a question's kind and fields, for the teacher who writes the set (and for the
# developer who adds a kind).
catalogue("kinds", {
    "not_a_kind": ("{name} bir soru türü değil: kind, fields, form ve example tanımla",
                   "{name} is not a question kind: set kind, fields, form, example"),
    "unknown": ("{value} diye bir soru türü yok: şunlardan birini kullanın: {kinds}",
                "kind {value} is not known: use {kinds}"),
    "fields": ("bir sorunun alanları adlardan ve değerlerden oluşan bir tablodur, {value} değil",
               "the fields of a question are a table of names and values, not {value}"),
    "unknown_fields": ("{kind} türü için bilinmeyen alan(lar): {fields}; bu türün alanları: "
                       "{known}", "unknown field(s) {fields} for kind {kind}: its fields are "
                       "{known}"),
    "missing": ("{kind} türü şu alan(lar)ı ister: {fields}", "kind {kind} needs the field(s) {fields}"),
}, scoped=True)
