"""Graded exercises checked by the engine: sets (TOML), generators, checking, progress, grading.

An exercise file states a position and a question, never the answer: the engine computes it.

>>> from pathlib import Path
>>> import maca
>>> from maca.exercises import load_set, check
>>> passing = load_set(Path(maca.__file__).parent.parent / "exercises" / "passing.toml")
>>> result = check(passing["pass-1"], "Batı")
>>> result.passed, result.score == result.max_score
(True, True)
>>> print(check(passing["pass-1"], "Doğu").message("tr"))
Henüz doğru değil.
1. turda kartlar sola geçirilir.
"""
from ..errors import MacaError
from .generators import GenerationError
from .kinds import GOALS, KINDS, NoQuestionError
from .model import Exercise, Result, check
from .progress import Progress, Worksheet, student_seed
from .roster import ClassListError
from .sets import ExerciseSet, load_set, parse_set, set_from_dict
from .text import AnswerError, AnswersFileError, ExerciseError, Text

__all__ = ["Exercise", "ExerciseSet", "Result", "check", "load_set", "parse_set",
           "set_from_dict", "Progress", "Worksheet", "student_seed", "KINDS", "GOALS", "Text",
           "MacaError", "ExerciseError", "GenerationError", "NoQuestionError", "AnswerError",
           "AnswersFileError", "ClassListError"]
