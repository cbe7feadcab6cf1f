"""Lesson widgets: each is a view (ipywidgets only) over a controller (plain Python).

One line in a lesson page shows a widget; ``lang`` sets the page's language for every widget
(they share one `Settings`, switched by the TR/EN bar each widget shows unless ``bar=False``):

==========================================  ==================================================
``settings_bar()``                          TR/EN and four-colour toggles for the whole page
``play_lesson(lang="tr", seed=1)``          play a hand: legal cards stand out, a click on an
                                            illegal card says why (``position=`` to start
                                            from a position string)
``trick_lesson(lang="tr", seed=1)``         a hand on the table, card by card, forward/back
``passing_lesson(lang="tr", seed=3)``       choose three cards, see where they go this hand
                                            and what comes back
``follow_suit_lesson(lang="tr", seed=1)``   answer a lead; "Why?" groups the cards by reason
                                            (``kind="void"`` for a suit you lack)
``hearts_lesson(lang="tr")``                breaking hearts, the only-hearts exception, and
                                            the Q♠-breaks-hearts switch
``scoring_lesson(lang="tr")``               give the scoring cards to players, read the score
                                            (presets: standard, omnibus, turkish, …)
``moon_lesson(lang="tr")``                  try to shoot the moon against a defence
``exercise_set("hearts", student="s1")``    work through an exercise set (a name from
                                            `maca.exercises.set_names`, a ``.toml`` path or
                                            an `ExerciseSet`): answer by clicking, Check,
                                            hints, the solution after a wrong try,
                                            previous/next and the score so far
``exercise_widget(exercise)``               one `Exercise` (or ``"hearts/hb-1"``) on its own,
                                            for a lesson's quick check; nothing is saved
``table(lang="tr", level="hard")``          a whole game against three computer players:
                                            choices first (level, rules, practice or rated,
                                            timer, target, passing, moon), then the game
==========================================  ==================================================

Every constructor returns an ``ipywidgets.VBox``; its controller is at ``.lesson`` (or
``.stepper``, ``.worksheet``) for tests and for lessons that want to script it.

Exercises are a `maca.exercises.Worksheet` (the engine decides; the widget never works out an
answer). The learner's own variant comes from ``course``, ``assignment`` (default: the set's
id) and ``student``, as the teacher's ``python -m maca grade`` rebuilds it. Every try and hint
is saved to ``answers-<set>-<student>.json`` in ``folder`` (default: the current folder; in
JupyterLite, the browser's storage) and read back next time, unless that file belongs to
someone or something else (then it is refused and left untouched); "Get the answers file"
gives that file as a link to hand in. ``folder=None`` keeps the answers in memory only;
``identity=True`` lets the learner type the course, assignment and student id in the widget.

>>> import maca.widgets as mw
>>> view = mw.passing_lesson(lang="en", seed=3)
>>> view.lesson.direction, view.cards.buttons[0].description
('left', '3♠')
>>> mw.SETTINGS.update(lang="tr")
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..exercises import AnswersFileError, Exercise, ExerciseSet, Worksheet, find_set
from ..exercises.session import COURSE, GUEST
from ..lessons import (SETTINGS, FollowSuitLesson, HeartsLesson, MoonLesson, PassingLesson,
                          PlayLesson, ScoringLesson, Settings, TrickStepper)
from .exercise_view import ExerciseView
from .views import (FollowSuitView, HeartsView, MoonView, PassingView, PlayView, ScoringView,
                    SettingsBar, TrickView)

__all__ = ["SETTINGS", "Settings", "settings_bar", "play_lesson", "trick_lesson",
           "passing_lesson", "follow_suit_lesson", "hearts_lesson", "scoring_lesson",
           "moon_lesson", "exercise_set", "exercise_widget", "table"]


def _settings(lang: str | None, settings: Settings | None) -> Settings:
    chosen = settings or SETTINGS
    if lang is not None:
        chosen.update(lang=lang)
    return chosen


def settings_bar(lang: str | None = None, settings: Settings | None = None) -> SettingsBar:
    """The TR/EN and four-colour toggles on their own."""
    return SettingsBar(_settings(lang, settings))


def play_lesson(lang: str | None = None, seed: int = 1, rules: str = "standard",
                position: str | None = None, bar: bool = True,
                settings: Settings | None = None) -> PlayView:
    """Play a hand as South against computer players."""
    return PlayView(PlayLesson(seed=seed, rules=rules, position=position),
                    _settings(lang, settings), bar)


def trick_lesson(lang: str | None = None, seed: int = 1, rules: str = "standard",
                 bar: bool = True, settings: Settings | None = None) -> TrickView:
    """A hand played out card by card, with forward and back."""
    return TrickView(TrickStepper(seed=seed, rules=rules), _settings(lang, settings), bar)


def passing_lesson(lang: str | None = None, seed: int = 3, number: int = 1,
                   rules: str = "standard", bar: bool = True,
                   settings: Settings | None = None) -> PassingView:
    """Choose three cards to pass in hand ``number``."""
    return PassingView(PassingLesson(seed=seed, number=number, rules=rules),
                       _settings(lang, settings), bar)


def follow_suit_lesson(lang: str | None = None, seed: int = 1, kind: str = "follow",
                       bar: bool = True, settings: Settings | None = None) -> FollowSuitView:
    """A lead to answer; ``kind`` is ``"follow"`` or ``"void"``."""
    return FollowSuitView(FollowSuitLesson(seed=seed, kind=kind), _settings(lang, settings), bar)


def hearts_lesson(lang: str | None = None, scenario: str = "deal", queen_breaks: bool = False,
                  bar: bool = True, settings: Settings | None = None) -> HeartsView:
    """Breaking hearts in a prepared deal (``scenario="only_hearts"`` for the exception)."""
    return HeartsView(HeartsLesson(scenario=scenario, queen_breaks=queen_breaks),
                      _settings(lang, settings), bar)


def scoring_lesson(lang: str | None = None, preset: str = "standard", bar: bool = True,
                   settings: Settings | None = None) -> ScoringView:
    """Score a hand: who took which cards, under the rules of ``preset``."""
    return ScoringView(ScoringLesson(preset=preset), _settings(lang, settings), bar)


def moon_lesson(lang: str | None = None, bar: bool = True,
                settings: Settings | None = None) -> MoonView:
    """Try to shoot the moon in a prepared deal."""
    return MoonView(MoonLesson(), _settings(lang, settings), bar)


def exercise_set(source: str | Path | ExerciseSet, lang: str | None = None,
                 student: str = GUEST, course: str = COURSE, assignment: str | None = None,
                 folder: str | Path | None = ".", identity: bool = False, bar: bool = True,
                 settings: Settings | None = None) -> ExerciseView:
    """Work through an exercise set; answers are saved in ``folder`` after every try. A file
    there that is not this learner's is named on screen and left alone (nothing is saved)."""
    try:
        worksheet, refused = Worksheet.open(source, student, course, assignment, folder), None
    except AnswersFileError as exc:
        worksheet, refused = Worksheet.open(source, student, course, assignment, None), exc
    return ExerciseView(worksheet, _settings(lang, settings), bar, identity, folder, refused)


def exercise_widget(exercise: Exercise | str, lang: str | None = None, bar: bool = True,
                    settings: Settings | None = None) -> ExerciseView:
    """One exercise on its own: an `Exercise`, or ``"<set>/<id>"`` like ``"hearts/hb-1"``."""
    if isinstance(exercise, str):
        source, _, exercise_id = exercise.rpartition("/")
        exercise = find_set(source)[exercise_id]
    return ExerciseView(Worksheet.single(exercise), _settings(lang, settings), bar)


def table(lang: str | None = None, rules: str = "standard", level: str = "hard",
          mode: str = "practice", timer: int = 60, target: int | None = None,
          passing: bool | None = None, moon: str | None = None,
          seed: int | None = None) -> Any:
    """A whole game against three computer players (`maca.panels.table` as widgets)."""
    from ..panels.table import TablePanel
    from .table_view import TableView
    chosen = _settings(lang, None).lang
    return TableView(TablePanel(chosen, rules=rules, level=level, mode=mode, timer=timer,
                                target=target, passing=passing, moon=moon, seed=seed))
