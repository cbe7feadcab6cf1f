"""The exercise widget: ipywidgets over a `maca.exercises.Worksheet`, nothing else.

The situation is the picture every front-end draws (`Attempt.picture`); the answer is given
where the kind's form says — card buttons, seat buttons, yes/no, number boxes, winners and
standings — and every press goes to the worksheet, which asks the engine, counts tries and
hints and keeps the answers file. The file can be downloaded from a link (a ``data:`` URL, so
nothing leaves the browser). With ``identity=True`` the learner can type the course,
assignment and student id a teacher gave them, and the set opens again as theirs. An answers
file the worksheet refuses (someone else's) is named on screen and left alone: the answers are
then kept in memory until the learner opens the set as the file's owner.
"""
from __future__ import annotations

import functools
import html
from pathlib import Path
from typing import Any, Callable

import ipywidgets as W

from .. import render
from ..cards import Card
from ..errors import MacaError
from ..exercises import AnswersFileError
from ..exercises.model import coloured
from ..exercises.session import COURSE, GUEST, Attempt, Worksheet
from ..exercises.text import say
from ..reasons import seat_name
from ..render import message_html
from ..lessons import SETTINGS, Settings
from .views import _AUTO, _Lesson, _label

__all__ = ["ExerciseView"]

_MARK_COLOURS = {"right": "#1b7a3a", "wrong": "#b3261e", "seen": "#8a5a00", "new": "#9aa0a6"}


def _box(value: str, kind: str = "info") -> str:
    """A message box whose lines stay lines."""
    return message_html(value, kind).replace("\n", "<br>")


class ExerciseView(_Lesson):
    """An exercise set (or one exercise): the situation, the answer controls, feedback, hints,
    the solution after a wrong try, previous/next with the score so far, and the download."""

    def __init__(self, worksheet: Worksheet, settings: Settings = SETTINGS, bar: bool = True,
                 identity: bool = False, folder: str | Path | None = None,
                 refused: MacaError | None = None) -> None:
        self.worksheet = worksheet
        #: where answers files are kept (when the worksheet opened without one: ``refused``)
        self.folder = worksheet.path.parent if worksheet.path is not None else folder
        self._keys: list[tuple[W.Button, str]] = []
        self._exported = False
        self._refused = refused      # why the last set of answers could not be opened
        self._identity = identity    # may the learner type who they are?
        self.header, self.prompt, self.position = W.HTML(), W.HTML(), W.HTML()
        self.seat_choice = W.ToggleButtons(options=[], value=None, style=_AUTO)
        self.yes_no = W.ToggleButtons(options=[("yes", True), ("no", False)], value=None,
                                      style=_AUTO)
        self._on(self.seat_choice, lambda value: self.attempt.choose(value))
        self._on(self.yes_no, lambda value: self.attempt.choose(value))
        self.numbers: list[W.IntText] = []
        self.winners: list[W.ToggleButton] = []
        self.standings: list[W.ToggleButtons] = []
        self.seat_labels: list[W.HTML] = []
        self.standing_rows: list[W.HBox] = []
        self.number_row = W.HBox(layout={"flex_flow": "row wrap"})
        self.winner_row = W.HBox(layout={"flex_flow": "row wrap"})
        self.heading = [W.HTML() for _ in range(3)]  # points; winners; standings
        self.answer = W.VBox(layout={"margin": "4px 0"})
        self.check = self._action("check", lambda: self.attempt.check())
        self.hint = self._action("hint", lambda: self.attempt.hint())
        self.retry = self._action("retry", lambda: self.attempt.retry())
        self.reveal = self._action("reveal", lambda: self.attempt.reveal())
        self.previous = self._action("previous", lambda: self.worksheet.previous())
        self.next = self._action("next", lambda: self.worksheet.next())
        self.export = self._action("export", self._export)
        self.check.button_style = "primary"
        self.nav = W.HBox([self.previous, self.position, self.next],
                          layout={"align_items": "center", "margin": "6px 0"})
        self.download, self.status, self.who = W.HTML(), W.HTML(), W.HTML()
        self.identity_fields = {
            key: W.Text(style={"description_width": "initial"},
                        layout={"width": "250px", "margin": "2px 12px 2px 0"})
            for key in ("course", "assignment", "student")}
        self.reopen = self._action("open", self._reopen)
        self.identity = W.VBox([self.who, W.HBox([*self.identity_fields.values(), self.reopen],
                                                 layout={"flex_flow": "row wrap"})],
                               layout={"margin": "6px 0 0 0"})
        self._fill_identity()
        self.footer = W.VBox([W.HBox([self.export, self.download],
                                     layout={"align_items": "center"}), self.status,
                              *([self.identity] if identity else [])])
        super().__init__(settings, bar, [self.check, self.hint, self.retry, self.reveal])

    @property
    def attempt(self) -> Attempt:
        """The exercise on screen."""
        return self.worksheet.current

    def _parts(self) -> list[W.Widget]:
        parts = [self.header, self.prompt, self.picture, self.answer, self.controls,
                 self.message]
        if len(self.worksheet) > 1:
            parts.append(self.nav)
        if self.worksheet.path is not None or len(self.worksheet) > 1:
            parts.append(self.footer)
        return parts + [self.errors]

    def _action(self, key: str, action: Callable[[], object]) -> W.Button:
        button = W.Button(layout={"width": "auto"})   # labelled by _draw
        button.on_click(self._guard(lambda _: action()))
        self._keys.append((button, key))
        return button

    def _export(self) -> None:
        self._exported = True
        self.worksheet.export()

    def _card(self, card: Card) -> None:
        self.attempt.toggle(card)

    # -- who is answering -----------------------------------------------------------------------
    def _fill_identity(self) -> None:
        progress, fields = self.worksheet.progress, self.identity_fields
        fields["course"].value = progress.course
        fields["assignment"].value = progress.assignment
        fields["student"].value = "" if self.worksheet.anonymous else progress.student_id

    def _reopen(self) -> None:
        """Open the set again for the course, assignment and student typed in."""
        typed = {key: box.value.strip() for key, box in self.identity_fields.items()}
        try:
            self.worksheet = Worksheet.for_student(
                self.worksheet.exercises, typed["course"] or COURSE,
                typed["assignment"] or self.worksheet.exercises.id, typed["student"] or GUEST,
                self.folder)
        except MacaError as exc:
            self._refused = exc
            return
        self._refused, self._exported = None, False
        self._fill_identity()

    # -- the answer controls --------------------------------------------------------------------
    def _seats(self, n: int) -> None:
        """Per-seat controls for ``n`` seats: made once, the first ``n`` shown."""
        for seat in range(len(self.numbers), n):
            number = W.IntText(style={"description_width": "initial"},
                               layout={"width": "190px", "margin": "2px 12px 2px 0"})
            self._on(number, functools.partial(self._number, seat))
            winner = W.ToggleButton(layout={"width": "auto"})
            self._on(winner, functools.partial(self._winner, seat))
            standing = W.ToggleButtons(options=[("+1", 1), ("0", 0), ("−1", -1)], value=None,
                                       style={"button_width": "44px"})
            self._on(standing, functools.partial(self._standing, seat))
            label = W.HTML(layout={"width": "120px"})
            self.numbers.append(number)
            self.winners.append(winner)
            self.standings.append(standing)
            self.seat_labels.append(label)
            self.standing_rows.append(W.HBox([label, standing]))
        self.number_row.children = tuple(self.numbers[:n])
        self.winner_row.children = tuple(self.winners[:n])

    def _number(self, seat: int, value: int) -> None:
        self.attempt.set_number(seat, value)

    def _winner(self, seat: int, on: bool) -> None:
        self.attempt.toggle_winner(seat, on)

    def _standing(self, seat: int, value: int | None) -> None:
        self.attempt.set_standing(seat, value)

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
        attempt, lang, four = self.attempt, self.lang, self.four
        draft, closed, n, mode = attempt.draft, attempt.closed, attempt.players, attempt.form.mode
        self._seats(n)
        cards = attempt.offered() if mode in ("cards", "card") else []
        self.cards.show(cards, {c: "selected" for c in draft.cards}, lang, four)
        for button in self.cards.buttons:
            button.disabled = closed
        if mode == "seat":
            seats = [(say("nobody")[lang] if s == "none" else seat_name(s, lang, n), s)
                     for s in attempt.offered()]
            _choose(self.seat_choice, seats, draft.choice)
        _choose(self.yes_no, [(say("yes")[lang], True), (say("no")[lang], False)],
                draft.choice if isinstance(draft.choice, bool) else None)
        for heading, key in zip(self.heading, ("hand_points", "winners", "standings")):
            heading.value = _label(say(key)[lang])
        for seat in range(n):
            name = seat_name(seat, lang, n)
            self.seat_labels[seat].value = _label(name)
            self.numbers[seat].description = self.winners[seat].description = name
            self.numbers[seat].value = draft.numbers[seat]
            self.winners[seat].value = seat in draft.winners
            self.standings[seat].value = draft.standings[seat]
        for widget in [self.seat_choice, self.yes_no, *self.numbers, *self.winners,
                       *self.standings]:
            widget.disabled = closed
        self.answer.children = tuple(self._answer_parts(mode, n))

    # -- drawing --------------------------------------------------------------------------------
    def _draw(self) -> None:
        worksheet, attempt, lang, four = self.worksheet, self.attempt, self.lang, self.four
        exercise = attempt.exercise
        for button, key in self._keys:
            button.description = say(key)[lang]
        self.header.value = self._header()
        self.prompt.value = (f'<div style="font-family:{render.FONT};font-size:15px;'
                             f'font-weight:600;margin:6px 0">'
                             f"{coloured(exercise.prompt[lang], four)}</div>")
        self.picture.value = attempt.picture(lang, four)
        self._draw_answer()
        self.check.disabled = attempt.closed
        self.hint.disabled = attempt.closed or len(attempt.hints) >= len(exercise.hints)
        # shown by being there: a layout.display set back to None stays hidden in a browser
        self.controls.children = (self.check, *([self.hint] if exercise.hints else []),
                                  *([self.retry, self.reveal] if attempt.can_reveal() else []))
        self.message.value = self._messages()
        self.previous.disabled = worksheet.index == 0
        self.next.disabled = worksheet.index == len(worksheet) - 1
        self.position.value = _label(say("question_of", n=worksheet.index + 1,
                                         total=len(worksheet))[lang])
        self._draw_footer()

    def _header(self) -> str:
        worksheet, lang = self.worksheet, self.lang
        exercise = self.attempt.exercise
        points = say("points", points=exercise.points)[lang]
        if len(worksheet) == 1:
            return _label(points)
        got, most, tried = worksheet.score()
        marks = "".join(
            f'<span title="{html.escape(a.exercise.id)}" style="display:inline-block;'
            f"min-width:18px;margin:0 2px;padding:0 2px;border-radius:3px;text-align:center;"
            f"color:#fff;background:{_MARK_COLOURS[a.mark]};"
            f'{"outline:2px solid #2b2f36;" if i == worksheet.index else ""}">{i + 1}</span>'
            for i, a in enumerate(worksheet))
        total = len(worksheet)
        where = say("question_of", n=worksheet.index + 1, total=total)[lang]
        score = say("score_so_far", score=got, max=most, tried=tried, total=total)[lang]
        return (f'<div style="font-family:{render.FONT};font-size:13px;color:#2b2f36">'
                f'<div style="font-size:16px;font-weight:700">'
                f"{html.escape(worksheet.title[lang])}</div><div>{html.escape(where)} · "
                f"{html.escape(exercise.id)} · {html.escape(points)} · <b>{html.escape(score)}"
                f'</b></div><div style="margin-top:3px;line-height:1.6">{marks}</div></div>')

    def _messages(self) -> str:
        attempt, lang = self.attempt, self.lang
        parts = []
        result = attempt.shown_result()
        if result is not None:
            score = say("score", score=result.score, max=result.max_score)[lang]
            parts.append(_box(f"{result.message(lang)}\n{score}",
                              "ok" if result.passed else "error"))
        if attempt.note is not None:
            parts.append(_box(attempt.note[lang], "error"))
        parts += [_box(say("hint_n", n=i + 1, hint=hint)[lang])
                  for i, hint in enumerate(attempt.hints)]
        solution = attempt.solution()
        if solution is not None:
            parts.append(_box(say("solution", solution=solution)[lang]))
        if not parts and not attempt.closed:
            parts.append(_box(attempt.form.how()[lang]))
        return "".join(parts)

    def _draw_footer(self) -> None:
        worksheet, lang = self.worksheet, self.lang
        notes = [worksheet.status[lang]] if worksheet.status else []
        if self._exported:
            name = worksheet.file_name
            link = html.escape(say("download", file=name)[lang])
            self.download.value = (
                f'<span style="font-family:{render.FONT};font-size:14px;margin-left:8px">'
                f'<a class="maca-answers-download" download="{html.escape(name)}" '
                f'href="{worksheet.data_url()}">{link}</a> '
                f'{html.escape(say("hand_in")[lang])}</span>')
            if worksheet.anonymous:
                notes.append(say("no_student")[lang])
        else:
            self.download.value = ""
        self.status.value = "".join(
            f'<div style="font-family:{render.FONT};font-size:12px;color:#5f6670">'
            f"{html.escape(n)}</div>" for n in notes)
        if self._refused is not None:
            why = (self._refused.message(lang) if isinstance(self._refused, AnswersFileError)
                   else str(self._refused))
            if worksheet.path is None:      # opened on it: nothing is saved meanwhile
                why += " " + say("not_saved")[lang]
                if self._identity:
                    why += " " + say("if_yours")[lang]
            self.status.value += _box(why, "error")
        self.who.value = (f'<div style="font-family:{render.FONT};font-size:13px">'
                          f'{html.escape(say("who")[lang])}</div>')
        for key, box in self.identity_fields.items():
            box.description = say(key)[lang]


def _choose(widget: W.ToggleButtons, options: list[tuple[str, Any]], value: Any) -> None:
    """Set a choice widget's options (labels may change with the language) and its value."""
    if list(widget.options) != options:
        widget.options = options
    values = [v for _, v in options]
    widget.value = value if any(value is v or (value == v and type(value) is type(v))
                                for v in values) else None
