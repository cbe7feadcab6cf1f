"""Lesson panels as plain HTML over the lessons' controllers: the book's pages show them, and
the same panels come alive in the page itself (Python in the browser, no notebook).

A panel is drawn by `Panel.html` from its controller (`maca.lessons`), and every
control in it is a ``<button data-act=… data-value=…>``. On a static page the panel is drawn
inert (its buttons disabled) with a "▶ Canlandır / Make it live" button; the page's script
(``book/_ext/static/maca-live.js``) then asks Python in the browser (Pyodide in a Web Worker,
so the page never waits for it) to rebuild the same panel from its ``data-maca-panel``
description (every lesson is seeded, so it is the same moment), and from then on sends each
click to it and draws the answer in place. The messages are `maca.panels.host`'s (start, act →
draw), the same for every host: the page's worker, a notebook, the class server.

===========================================  =================================================
``play_lesson(lang, seed=1, rules=, position=)``  play a hand; a refused card says why
``trick_lesson(lang, seed=1, rules=)``        a hand card by card: back, forward, tricks
``passing_lesson(lang, seed=3, number=1)``    choose cards to pass, hand number, pass them
``follow_suit_lesson(lang, seed=1, kind=)``   answer a lead ("follow"/"void"), "Why?"
``hearts_lesson(lang, scenario=, queen_breaks=)``  breaking hearts, the Q♠ switch
``scoring_lesson(lang, preset="standard")``   give scoring cards to players, read the score
``moon_lesson(lang)``                         shoot the moon against defenders
``table_game(lang, level=, mode=, …)``        a whole game against the computer (issue 12)
``puzzle_series(lang, theme=, daily=)``       practice puzzles against the engine's defence
``exercise_set(lang, name, course=, …)``      an exercise set answered by clicking (issue 9)
===========================================  =================================================

>>> panel = play_lesson(lang="en", seed=1)
>>> panel.act("card", "AH")                    # East led 2♣ and South holds clubs
>>> panel.lesson.note.text("en")
'You hold a club: you must follow suit and play a club.'
>>> page = panel._repr_html_()
>>> 'data-maca-panel=' in page and "Make it live" in page and " disabled>" in page
True
>>> again = open_panel(panel.spec())          # what the browser does with the description
>>> again.spec() == panel.spec()
True
"""
from __future__ import annotations

from .base import Panel, open_panel
from .lessons import (FollowSuitPanel, HeartsPanel, MoonPanel, PassingPanel, PlayPanel,
                      ScoringPanel, TrickPanel, follow_suit_lesson, hearts_lesson, moon_lesson,
                      passing_lesson, play_lesson, scoring_lesson, trick_lesson)
from .table import TablePanel, table_game
from .puzzles import PuzzlePanel, puzzle_series
from .exercise import ExercisePanel, exercise_set

__all__ = ["Panel", "open_panel", "PlayPanel", "play_lesson", "TrickPanel",
           "trick_lesson", "PassingPanel", "passing_lesson", "FollowSuitPanel",
           "follow_suit_lesson", "HeartsPanel", "hearts_lesson", "ScoringPanel",
           "scoring_lesson", "MoonPanel", "moon_lesson", "TablePanel", "table_game",
           "PuzzlePanel", "puzzle_series", "ExercisePanel", "exercise_set"]
