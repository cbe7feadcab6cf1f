"""The exercise widget: ipywidgets over an `ExerciseSession`, nothing else.

The position is drawn with `maca.render`; the answer is given where it makes sense — card
buttons, seat buttons, yes/no, number boxes, winners and standings — and every press goes to
the session, which asks the exercises API. The answers file can be downloaded from a link
(a ``data:`` URL, so nothing leaves the browser).
"""
from __future__ import annotations

import functools
import html
import re
from typing import Any, Callable

import ipywidgets as W

from .. import render
from ..cards import Card, CardSet, Suit
from ..exercises.model import Exercise
from ..exercises.text import say
from ..hand import Trick
from ..reasons import seat_name
from ..render import message_html
from ..lessons import SETTINGS, Settings
from .exercise import ExerciseSession, text
from .views import _AUTO, _Lesson, _label

__all__ = ["ExerciseView", "situation_html"]

_MARK_COLOURS = {"right": "#1b7a3a", "wrong": "#b3261e", "seen": "#8a5a00", "new": "#9aa0a6"}
_SYMBOL = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])")
_SUITS = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}


def _coloured(value: str, four: bool) -> str:
    """Escaped text with each card symbol (``Q♠``) in its suit's colour.

    >>> _coloured("Q♠ & 10♥", False)
    '<b style="color:#1c1c1e">Q♠</b> &amp; <b style="color:#c8102e">10♥</b>'
    """
    return _SYMBOL.sub(lambda m: f'<b style="color:{render.suit_colour(_SUITS[m[2]], four)}">'
                                 f"{m[0]}</b>", html.escape(value))


def situation_html(exercise: Exercise, lang: str, four: bool = False,
                   selected: CardSet = CardSet()) -> str:
    """What the learner is shown of an exercise: labelled lines, with cards and tricks drawn
    (``selected`` cards raised in the hands).

    >>> from maca.exercises import load_set
    >>> from maca.widgets.exercise import find_set
    >>> page = situation_html(find_set("follow_suit")["fs-2"], "en")
    >>> page.count('role="img"'), "Your cards" in page
    (15, True)
    """
    rows = []
    for line in exercise.situation():
        if isinstance(line.picture, CardSet) and line.picture:
            value = render.hand_html(line.picture, lang=lang, four_colour=four, size=46,
                                     label=line.value[lang], selected=line.picture & selected)
        elif isinstance(line.picture, Trick):
            value = render.trick_html(line.picture, lang=lang, four_colour=four, size=50)
        else:
            value = _coloured(line.value[lang], four)
        rows.append(f'<tr><th style="text-align:left;vertical-align:middle;font-weight:600;'
                    f'padding:3px 1em 3px 0;white-space:nowrap">{html.escape(line.label[lang])}'
                    f'</th><td style="padding:3px 0">{value}</td></tr>')
    return (f'<table style="font-family:{render.FONT};font-size:14px;color:#2b2f36;'
            f'border-collapse:collapse">{"".join(rows)}</table>')


def _box(value: str, kind: str = "info") -> str:
    """A message box whose lines stay lines."""
    return message_html(value, kind).replace("\n", "<br>")


class ExerciseView(_Lesson):
    """An exercise set (or one exercise): the position, the answer controls, feedback, hints,
    the solution after a wrong try, previous/next with the score so far, and the download."""

    def __init__(self, session: ExerciseSession, settings: Settings = SETTINGS,
                 bar: bool = True) -> None:
        self.session = session
        self._keys: list[tuple[W.Button, str]] = []
        self._exported = False
        self.header, self.prompt, self.position = W.HTML(), W.HTML(), W.HTML()
        self.seat_choice = W.ToggleButtons(options=[], value=None, style=_AUTO)
        self.yes_no = W.ToggleButtons(options=[("yes", True), ("no", False)], value=None,
                                      style=_AUTO)
        self._on(self.seat_choice, session.choose)
        self._on(self.yes_no, session.choose)
        self.numbers: list[W.IntText] = []
        self.winners: list[W.ToggleButton] = []
        self.standings: list[W.ToggleButtons] = []
        self.seat_labels: list[W.HTML] = []
        self.standing_rows: list[W.HBox] = []
        self.number_row = W.HBox(layout={"flex_flow": "row wrap"})
        self.winner_row = W.HBox(layout={"flex_flow": "row wrap"})
        self.heading = [W.HTML() for _ in range(3)]  # points; winners; standings
        self.answer = W.VBox(layout={"margin": "4px 0"})
        self.check = self._action("check", session.check)
        self.hint = self._action("hint", session.hint)
        self.retry = self._action("retry", session.retry)
        self.reveal = self._action("reveal", session.reveal)
        self.previous = self._action("previous", session.previous)
        self.next = self._action("next", session.next)
        self.export = self._action("export", self._export)
        self.check.button_style = "primary"
        self.nav = W.HBox([self.previous, self.position, self.next],
                          layout={"align_items": "center", "margin": "6px 0"})
        self.download, self.status = W.HTML(), W.HTML()
        self.footer = W.VBox([W.HBox([self.export, self.download],
                                     layout={"align_items": "center"}), self.status])
        super().__init__(settings, bar, [self.check, self.hint, self.retry, self.reveal])

    def _parts(self) -> list[W.Widget]:
        parts = [self.header, self.prompt, self.picture, self.answer, self.controls,
                 self.message]
        if len(self.session.exercises) > 1:
            parts.append(self.nav)
        if self.session.path is not None or len(self.session.exercises) > 1:
            parts.append(self.footer)
        return parts + [self.errors]

    def _action(self, key: str, action: Callable[[], object]) -> W.Button:
        button = W.Button(layout={"width": "auto"})   # labelled by _draw
        button.on_click(self._guard(lambda _: action()))
        self._keys.append((button, key))
        return button

    def _export(self) -> None:
        self._exported = True
        self.session.export()

    def _card(self, card: Card) -> None:
        self.session.toggle(card)

    # -- the answer controls ------------------------------------------------------------------
    def _seats(self, n: int) -> None:
        """Per-seat controls for ``n`` seats: made once, the first ``n`` shown."""
        session = self.session
        for seat in range(len(self.numbers), n):
            number = W.IntText(style={"description_width": "initial"},
                               layout={"width": "190px", "margin": "2px 12px 2px 0"})
            self._on(number, functools.partial(session.set_number, seat))
            winner = W.ToggleButton(layout={"width": "auto"})
            self._on(winner, functools.partial(session.toggle_winner, seat))
            standing = W.ToggleButtons(options=[("+1", 1), ("0", 0), ("−1", -1)], value=None,
                                       style={"button_width": "44px"})
            self._on(standing, functools.partial(session.set_standing, seat))
            label = W.HTML(layout={"width": "120px"})
            self.numbers.append(number)
            self.winners.append(winner)
            self.standings.append(standing)
            self.seat_labels.append(label)
            self.standing_rows.append(W.HBox([label, standing]))
        self.number_row.children = tuple(self.numbers[:n])
        self.winner_row.children = tuple(self.winners[:n])

    def _answer_parts(self, mode: str, n: int) -> list[W.Widget]:
        if mode in ("cards", "card"):
            return [self.cards]
        if mode == "seat":
            return [self.seat_choice]
        if mode == "yes_no":
            return [self.yes_no]
        if mode == "numbers":
            return [self.heading[0], self.number_row]
        return [self.heading[1], self.winner_row, self.heading[2], *self.standing_rows[:n]]

    def _draw_answer(self) -> None:
        session, lang, four = self.session, self.lang, self.four
        draft, closed, n = session.draft, session.closed, session.players
        self._seats(n)
        chosen = CardSet(draft.cards)
        self.cards.show(session.choices().sorted_for_display(),
                        {c: "selected" for c in chosen}, lang, four)
        for button in self.cards.buttons:
            button.disabled = closed
        names = {"none": text("nobody", lang)}
        seats = [(names.get(str(s)) or seat_name(int(s), lang, n), s) for s in session.seats()]
        _choose(self.seat_choice, seats, draft.choice)
        _choose(self.yes_no, [(text("yes", lang), True), (text("no", lang), False)],
                draft.choice if isinstance(draft.choice, bool) else None)
        for heading, key in zip(self.heading, ("hand_points", "winners", "standings")):
            heading.value = _label(text(key, lang))
        for seat in range(n):
            self.seat_labels[seat].value = _label(seat_name(seat, lang, n))
            self.numbers[seat].description = seat_name(seat, lang, n)
            self.numbers[seat].value = draft.numbers[seat]
            self.winners[seat].description = seat_name(seat, lang, n)
            self.winners[seat].value = seat in draft.winners
            self.standings[seat].value = draft.standings[seat]
        for widget in [self.seat_choice, self.yes_no, *self.numbers, *self.winners,
                       *self.standings]:
            widget.disabled = closed
        self.answer.children = tuple(self._answer_parts(session.mode, n))

    # -- drawing --------------------------------------------------------------------------------
    def _draw(self) -> None:
        session, lang, four = self.session, self.lang, self.four
        exercise, state = session.exercise, session.state
        for button, key in self._keys:
            button.description = text(key, lang)
        self.header.value = self._header()
        self.prompt.value = (f'<div style="font-family:{render.FONT};font-size:15px;'
                             f'font-weight:600;margin:6px 0">'
                             f"{_coloured(exercise.prompt[lang], four)}</div>")
        self.picture.value = situation_html(exercise, lang, four, CardSet(session.draft.cards))
        self._draw_answer()
        closed = session.closed
        self.check.disabled = closed
        self.hint.disabled = closed or len(state.hints) >= len(exercise.hints)
        self.hint.layout.display = None if exercise.hints else "none"
        self.retry.layout.display = None if session.can_reveal() else "none"
        self.reveal.layout.display = None if session.can_reveal() else "none"
        self.message.value = self._messages()
        self.previous.disabled = session.index == 0
        self.next.disabled = session.index == len(session.exercises) - 1
        self.position.value = _label(text("question_of", lang, n=session.index + 1,
                                          total=len(session.exercises)))
        self._draw_footer()

    def _header(self) -> str:
        session, lang = self.session, self.lang
        exercise = session.exercise
        points = text("points", lang, points=exercise.points)
        if len(session.exercises) == 1:
            return _label(points)
        got, most, tried = session.score()
        marks = "".join(
            f'<span title="{html.escape(e.id)}" style="display:inline-block;min-width:18px;'
            f"margin:0 2px;padding:0 2px;border-radius:3px;text-align:center;color:#fff;"
            f"background:{_MARK_COLOURS[mark]};"
            f'{"outline:2px solid #2b2f36;" if i == session.index else ""}">{i + 1}</span>'
            for i, (e, mark) in enumerate(zip(session.exercises, session.marks())))
        total = len(session.exercises)
        where = text("question_of", lang, n=session.index + 1, total=total)
        score = text("score_so_far", lang, score=got, max=most, tried=tried, total=total)
        return (f'<div style="font-family:{render.FONT};font-size:13px;color:#2b2f36">'
                f'<div style="font-size:16px;font-weight:700">{html.escape(session.title[lang])}'
                f"</div><div>{html.escape(where)} · {html.escape(exercise.id)} · "
                f"{html.escape(points)} · <b>{html.escape(score)}</b></div>"
                f'<div style="margin-top:3px;line-height:1.6">{marks}</div></div>')

    def _messages(self) -> str:
        session, lang = self.session, self.lang
        state = session.state
        parts = []
        result = session.shown_result()
        if result is not None:
            score = say("score", score=result.score, max=result.max_score)[lang]
            parts.append(_box(f"{result.message(lang)}\n{score}",
                              "ok" if result.passed else "error"))
        if state.note is not None:
            parts.append(_box(state.note[lang], "error"))
        parts += [_box(text("hint_n", lang, n=i + 1, hint=hint[lang]))
                  for i, hint in enumerate(state.hints)]
        solution = session.solution()
        if solution is not None:
            parts.append(_box(text("solution", lang, solution=solution[lang])))
        if not parts and not session.closed:
            parts.append(_box(text(f"how_{session.mode}", lang)))
        return "".join(parts)

    def _draw_footer(self) -> None:
        session, lang = self.session, self.lang
        notes = [session.status[lang]] if session.status else []
        if self._exported:
            name = session.file_name
            link = html.escape(text("download", lang, file=name))
            self.download.value = (
                f'<span style="font-family:{render.FONT};font-size:14px;margin-left:8px">'
                f'<a class="maca-answers-download" download="{html.escape(name)}" '
                f'href="{session.data_url()}">{link}</a> {html.escape(text("hand_in", lang))}'
                "</span>")
            if session.anonymous:
                notes.append(text("no_student", lang))
        self.status.value = "".join(
            f'<div style="font-family:{render.FONT};font-size:12px;color:#5f6670">'
            f"{html.escape(n)}</div>" for n in notes)


def _choose(widget: W.ToggleButtons, options: list[tuple[str, Any]], value: Any) -> None:
    """Set a choice widget's options (labels may change with the language) and its value."""
    if list(widget.options) != options:
        widget.options = options
    values = [v for _, v in options]
    widget.value = value if any(value is v or (value == v and type(value) is type(v))
                                for v in values) else None
