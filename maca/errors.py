"""The errors maca raises: one tree under `MacaError`, one class per way the input can be wrong.

::

    MacaError (a ValueError)
    ├── CardError            a card or list of cards cannot be read
    ├── RulesError           a rules option has a wrong type or an impossible value
    ├── PositionError        a position string is malformed or inconsistent
    ├── RecordError          a game record cannot be replayed
    ├── IllegalActionError   the engine refused an action (carries its `Reason`)
    ├── SettingError         a display or lesson setting that maca does not offer
    └── (maca.exercises)     ExerciseError (GenerationError, NoQuestionError), AnswerError,
                             AnswersFileError, ClassListError

Every public parser and file reader raises only errors of this tree; a message quotes the
input (with `shown`) and says what would be valid. An error a learner may read carries its
text in both languages (a `maca.words.Text` and its parameters): ``str(error)`` is English,
for developers and tracebacks, and ``error.message(lang)`` says it in the learner's language.
A plain string is a message for developers only, the same in both languages.

>>> e = CardError(Text("{x} okunamadı", "cannot read {x}"), x=shown("ZZ"))
>>> str(e), e.message("tr")
("cannot read 'ZZ'", "'ZZ' okunamadı")

>>> issubclass(IllegalActionError, MacaError), IllegalAction is IllegalActionError
(True, True)
"""
from __future__ import annotations

import reprlib
from enum import Enum
from typing import Any, Protocol

from .words import Text, catalogue

__all__ = ["MacaError", "CardError", "RulesError", "PositionError", "RecordError",
           "IllegalActionError", "IllegalAction", "SettingError", "Refusal", "shown"]


class MacaError(ValueError):
    """Base class of every error maca raises on bad input: ``problem`` is its text (a `Text`,
    or a developer's English string), ``params`` fill it in."""

    def __init__(self, problem: Text | str, **params: Any) -> None:
        self.problem = problem if isinstance(problem, Text) else Text(problem, problem)
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        """The problem in ``"tr"`` or ``"en"``."""
        return self.problem.say(lang, **self.params)

    @property
    def text(self) -> Text:
        """The problem in both languages."""
        return self.problem.fill(**self.params)


class CardError(MacaError):
    """A card or card list could not be read."""


class SettingError(MacaError):
    """A display or lesson setting (language, size, a lesson's choice) maca does not offer."""


class RulesError(MacaError):
    """A rules option has a wrong type or an impossible value."""


class PositionError(MacaError):
    """A position string (or the cards given to build a hand) is malformed or inconsistent."""


class RecordError(MacaError):
    """A game record could not be replayed."""


class Refusal(Protocol):
    """Why an action is refused, as `IllegalActionError` carries it (a `maca.reasons.Verdict`:
    this module imports nothing of maca, every other module imports it)."""

    @property
    def reason(self) -> Enum:
        """The reason code."""

    def message(self, lang: str = "en") -> str:
        """The refusal in ``"tr"`` or ``"en"``."""


class IllegalActionError(MacaError):
    """The engine refused an action; `verdict` says why, in Turkish and English.

    Nothing changes when this is raised.
    """

    def __init__(self, verdict: Refusal) -> None:
        self.verdict = verdict
        self.reason = verdict.reason
        super().__init__(Text("{verdict}", "{verdict}"), verdict=verdict)


#: The earlier name of `IllegalActionError`, kept so that existing code and lessons still run.
IllegalAction = IllegalActionError

# An error found inside a field or option: where it is, then the inner error in the reader's
# language.
catalogue("errors", {"within": ("{where}: {exc}", "{where}: {exc}"),
                     # a setting that is not one of its choices
                     "one_of": ("{name} şunlardan biri olmalı: {choices}; {value} değil",
                                "{name} must be one of {choices}, not {value}")})


class _Short(reprlib.Repr):
    """`reprlib` limits, and numbers too long to print said by their size."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 256:
            return f"<a number of about {round(x.bit_length() * 0.30103)} digits>"
        return super().repr_int(x, level)


_SHORT = _Short()
_SHORT.maxstring = _SHORT.maxother = 80
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = 8


def shown(value: Any) -> str:
    """A value as messages quote it: its ``repr``, cut short when it is long or deeply nested.

    >>> shown("QS"), shown([[[[[[[[1]]]]]]]]), shown("x" * 1000)[:12], shown(10 ** 5000)
    ("'QS'", '[[[[[[[...]]]]]]]', "'xxxxxxxxxxx", '<a number of about 5000 digits>')
    """
    return _SHORT.repr(value)
