"""Graded exercises checked by the engine: sets (TOML), generators, checking, the learner's
session, answers files, grading.

An exercise file states a position and a question, never the answer: the engine computes it.

::

    kinds      the question kinds: how each is asked, answered (its form), checked and shown
    forms      the answer forms (cards, a card, a seat, yes/no, numbers, winners) and drafts
    model      Exercise, Result, check(exercise, answer) and the situation picture
    sets       exercise sets (TOML), find_set by name
    session    Worksheet and Attempt: one learner, one set; answers-<set>-<student>.json
    progress   the answers file format
    grading, sheets, roster, files, generators  the teacher's tools (files: the one strict reader,
                                                safe CSV), exercises from a seed

>>> from maca.exercises import find_set, check
>>> passing = find_set("passing")
>>> result = check(passing["pass-1"], "Batı")
>>> result.passed, result.score == result.max_score
(True, True)
>>> print(check(passing["pass-1"], "Doğu").message("tr"))
Henüz doğru değil.
1. turda kartlar sola geçirilir.
"""
from ..errors import MacaError
from ..words import Text
from .generators import GenerationError
from .kinds import KINDS, TRICK_GOALS, NoQuestionError, Question, register_kind
from .model import Exercise, Result, check, situation_html
from .progress import Progress, student_seed
from .roster import ClassListError
from .session import Attempt, Worksheet, answers_file_name
from .sets import ExerciseSet, find_set, load_set, parse_set, set_from_dict, set_names
from .text import AnswerError, AnswersFileError, ExerciseError

__all__ = ["Exercise", "ExerciseSet", "Result", "check", "situation_html", "load_set",
           "parse_set", "set_from_dict", "find_set", "set_names", "Progress", "Worksheet",
           "Attempt", "answers_file_name", "student_seed", "KINDS", "TRICK_GOALS", "Question",
           "register_kind", "Text", "MacaError", "ExerciseError", "GenerationError",
           "NoQuestionError", "AnswerError", "AnswersFileError", "ClassListError"]
