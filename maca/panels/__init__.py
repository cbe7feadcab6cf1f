"""Lesson panels as plain HTML over the lessons' controllers: the book's pages show them, and
the same panels come alive in the page itself (Python in the browser, no notebook).

A panel is drawn by `Panel.html` from its controller (`maca.lessons`), and every
control in it is a ``<button data-act=… data-value=…>``. On a static page the panel is drawn
inert (its buttons disabled) with a "▶ Canlandır / Make it live" button; the page's script
(``book/_static/maca-live.js``) then starts Python in the browser, rebuilds the same panel
from its ``data-maca-panel`` description (every lesson is seeded, so it is the same moment),
and from then on sends each click to `act` and draws the answer in place.

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

from .base import Panel, open_panel, use_widgets
from .lessons import PlayPanel, play_lesson

__all__ = ["Panel", "open_panel", "use_widgets", "PlayPanel", "play_lesson"]
