"""Helpers shared by the lessons: quick checks graded by the engine, positions to show, and
what a lesson cell shows (`Markdown`, `HTML`, `Chart`). Each lesson's examples (deal searches,
seeds, positions, experiments) live in its own module beside this one (``lesson02`` …), so its
Turkish and English pages run the same code and differ in their words only.

A quick check is a question, its choices, and the engine's verdict on each. The lesson passes a
``grade`` function that asks the engine about one choice: it returns ``(correct, message)`` or
an exercise `Result` (``maca.exercises.check``). Every choice is graded when the cell runs, and
the check is one exercise of kind ``choice`` (`maca.exercises.kinds.choice`) on a worksheet of
its own (`maca.exercises.session.Worksheet.single`): a click chooses and checks, as in every
set. It is drawn as plain HTML: one ``<button aria-pressed>`` per choice, each choice's verdict
kept in a ``<template>``, and one ``role="status"`` element. On a book page the page script
(``book/_ext/static/maca-live.js``) answers a click without Python: the chosen button is
pressed and its verdict is shown (and announced) in the status element. In a notebook the
check is shown by the panels' widget (`maca.widgets.PanelWidget`): a click is the action
``choose``, the attempt checks it, and `QuickCheck.body` draws the same check with that choice
pressed.

>>> from maca import CardSet, Hand, Rules, Trick
>>> hand = Hand.deal(Rules.preset("standard"), seed=1, number=4)
>>> mine = hand.cards(hand.to_move)
>>> box = quick_check("Which card?", [(c.symbol, c) for c in mine],
...                   lambda c: (hand.check(c).legal, hand.check(c).message("en")), lang="en")
>>> page = box._repr_html_()
>>> page.count('aria-pressed="false"') == page.count("<template") == len(mine)
True
>>> page.count('role="status"')
1

Only 2♣ may open the first trick (the engine says so), and each choice's verdict says it:

>>> [ok for _, ok in box.verdicts].count(True)
1
>>> print(box.verdicts[[c.symbol for c in mine].index("2♣")][0])  # doctest: +ELLIPSIS
✔ <b>Right!</b> ...

A moment: seeded deals played by `CautiousBot` until you (seat 0) are to play in a situation
the lesson wants, tested by the engine.

>>> moment = find_moment(Rules.preset("standard"), lambda h: h.trick_number == 2)
>>> moment.to_move, moment.trick_number
(0, 2)

A chosen hand for you, the other cards shuffled (with a seed) among the other seats:

>>> str(deal_with(Rules.preset("standard"), "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S", 1).cards(0))
'AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S'

A lesson module registers its sentences as one catalogue of the text layer
(``catalogue("lesson04", {key: (tr, en)}, scoped=True)``) and says them with
``say("lesson04.key").say(lang, …)``, as every part of maca does.

What a cell shows: text to read as Markdown, a picture as HTML, and a chart (drawn with
matplotlib where it is installed, else shown as a table of its figures):

>>> Markdown("**Hi**")._repr_markdown_(), HTML("<b>Hi</b>")._repr_html_()
('**Hi**', '<b>Hi</b>')
>>> table = Chart(["a", "b"], ["1,5", "2"], [1.5, 2.0], "Title", "points")._repr_html_()
>>> print(table.replace("</tr>", "</tr>\\n"))
<table><caption>Title</caption><tr><th></th><th>points</th></tr>
<tr><td>a</td><td>1,5</td></tr>
<tr><td>b</td><td>2</td></tr>
</table>
"""
from __future__ import annotations

import html
import random
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from maca import CardSet, Hand, Rules, Trick
from maca.bots import CautiousBot, play_out
from maca.errors import SettingError, shown
from maca.exercises.kinds.choice import Choice, Verdict
from maca.exercises.model import Exercise, Result, check
from maca.exercises.session import Attempt, Worksheet
from maca.panels.base import parse_number
from maca.words import Text, catalogue, say

__all__ = ["quick_check", "QuickCheck", "find_moment", "deal_with", "mover", "finished_trick",
           "trick_winner", "Markdown", "HTML", "Chart"]

# A quick check's verdicts; then what it reads from a click, and the action it does not have
# (for the developer of a page).
catalogue("quick_check", {
    "right": ("Doğru!", "Right!"), "wrong": ("Olmadı.", "Not quite."),
    "a_choice": ("seçenek numarası", "a choice"),
    "no_action": ("kısa sorunun {action} diye bir eylemi yok: yalnızca choose var",
                  "a quick check has no action {action}: it has choose"),
}, scoped=True)
# Sentences more than one lesson says (lessons 8 and 9: North's peşkir).
catalogue("lessonkit", {
    "north won": ("**Kuzey {tricks} el aldı** (ceza kartlarından {points} puan):",
                  "**North won {tricks} trick(s)** (penalty points taken: {points}):"),
}, scoped=True)


def _verdict(graded: Any) -> Verdict:
    """One choice's verdict from the lesson's ``grade``: an exercise `Result` (its feedback as
    it stands) or ``(correct, message)``, the message in the check's language."""
    if isinstance(graded, Result):
        return Verdict(graded.passed, graded.feedback[0], graded.feedback[1:])
    ok, message = graded
    return Verdict(bool(ok), say("quick_check.right" if ok else "quick_check.wrong"),
                   (Text(message, message),))


class QuickCheck:
    """A quick check drawn as HTML (see the module's description): a view of its one-exercise
    worksheet; ``verdicts`` holds each choice's feedback HTML and whether it is right, in the
    order of the choices."""

    def __init__(self, exercise: Exercise, lang: str) -> None:
        self.worksheet = Worksheet.single(exercise)
        self.lang = lang

    def __repr__(self) -> str:
        return f"QuickCheck({self.prompt!r}, {self.labels!r})"

    @property
    def attempt(self) -> Attempt:
        """The check being answered."""
        return self.worksheet.current

    @property
    def prompt(self) -> str:
        """The question asked."""
        return self.attempt.exercise.prompt[self.lang]

    @property
    def labels(self) -> list[str]:
        """The choices' labels."""
        question = self.attempt.exercise.question
        assert isinstance(question, Choice)
        return [label[self.lang] for label in question.labels]

    @property
    def verdicts(self) -> list[tuple[str, bool]]:
        """Each choice's feedback (HTML) and whether it is right, as checking it would say."""
        exercise = self.attempt.exercise
        return [_feedback(check(exercise, i), self.lang) for i in range(len(self.labels))]

    def act(self, action: str, value: str = "") -> None:
        """A click on a choice (``choose``, its number): chosen and checked, its verdict shown.

        >>> box = quick_check("?", [("a", 1), ("b", 2)], lambda v: (v == 2, f"{v}"), "en")
        >>> box.act("choose", "1"); 'aria-pressed="true">b<' in box.body(live=True)
        True
        >>> box.attempt.solved, box.worksheet.progress.answers["quick_check"].tries
        (True, 1)
        """
        if action != "choose":
            raise SettingError(say("quick_check.no_action"), action=shown(action))
        self.attempt.choose(parse_number(value, 0, len(self.labels) - 1,
                                         say("quick_check.a_choice")))
        self.attempt.check()

    def fill(self, fields: dict[str, str]) -> None:
        """A quick check has no typed fields."""

    def body(self, live: bool) -> str:
        """The check with the chosen button pressed and its verdict in the status element."""
        result, note = self.attempt.shown_result(), self.attempt.note
        status = "" if result is None else self._box(*_feedback(result, self.lang))
        if note is not None:
            status += (f'<div class="maca-feedback maca-feedback-wrong">'
                       f"{html.escape(note[self.lang])}</div>")
        return self._html(live, status, "")

    def _ipython_display_(self) -> None:
        from ..widgets import show  # the notebook's host: a display hook, as pictures have
        show(self, framed=False)

    def _repr_html_(self) -> str:
        return self._html(False, "", "".join(f'<template data-choice="{i}">{self._box(*v)}'
                                             "</template>" for i, v in enumerate(self.verdicts)))

    @staticmethod
    def _box(feedback: str, ok: bool) -> str:
        return (f'<div class="maca-feedback maca-feedback-{"right" if ok else "wrong"}">'
                f"{feedback}</div>")

    def _html(self, live: bool, status: str, templates: str) -> str:
        """The page's check (``live=False``: answered by the page script from ``templates``)
        or the notebook's (``data-act`` buttons)."""
        lang = say("lang_code")[self.lang]
        chosen = self.attempt.draft.choice
        buttons = "".join(
            f'<button type="button" class="maca-button maca-quick-choice" '
            + (f'data-act="choose" data-value="{i}" ' if live else f'data-choice="{i}" ')
            + f'aria-pressed="{str(i == chosen).lower()}">{html.escape(label)}</button>'
            for i, label in enumerate(self.labels))
        return (f'<fieldset class="maca-quick-check" lang="{lang}">'
                f'<legend class="maca-question">{html.escape(self.prompt)}</legend>'
                f'<div class="maca-quick-choices">{buttons}</div>'
                f'<div class="maca-quick-status" role="status">{status}</div>{templates}'
                "</fieldset>")


def _feedback(result: Result, lang: str) -> tuple[str, bool]:
    """HTML for a checked choice, and whether it is right: the verdict is said in words and
    with a mark, not by colour only."""
    opening, *notes = result.feedback
    text = (f"<b>{html.escape(opening[lang])}</b> "
            + "<br>".join(html.escape(note[lang]) for note in notes))
    return f"{'✔' if result.passed else '✘'} {text}", result.passed


def quick_check(question: str, choices: Sequence[tuple[str, Any]],
                grade: Callable[[Any], Any], lang: str = "tr") -> QuickCheck:
    """A question with one button per choice; ``grade(value)`` returns (correct, message)
    or an exercise `Result`. Every choice is graded now; the result shows itself as HTML."""
    if not choices:
        raise ValueError("a quick check needs at least one choice")
    kind = Choice([Text(label, label) for label, _ in choices],
                  [_verdict(grade(value)) for _, value in choices])
    return QuickCheck(Exercise("quick_check", kind, Text(question, question)), lang)


def mover(hand: Hand) -> int:
    """The seat to play now in a hand that is not over.

    >>> mover(Hand.deal(Rules.preset("standard"), seed=1, number=4)) in range(4)
    True
    """
    seat = hand.to_move
    if seat is None:
        raise LookupError("the hand is over: nobody is to play")
    return seat


def finished_trick(hand: Hand) -> Trick:
    """The last trick completed in a hand (after at least one).

    >>> hand = Hand.deal(Rules.preset("standard"), seed=1, number=4)
    >>> play_out(hand, [CautiousBot() for _ in range(4)])
    >>> finished_trick(hand).cards == hand.tricks[-1].cards
    True
    """
    trick = hand.last_trick
    if trick is None or trick.winner is None:
        raise LookupError("no trick has been completed yet")
    return trick


def trick_winner(trick: Trick) -> int:
    """The seat that won a finished trick.

    >>> hand = Hand.deal(Rules.preset("standard"), seed=1, number=4)
    >>> play_out(hand, [CautiousBot() for _ in range(4)])
    >>> trick_winner(hand.tricks[0]) == hand.tricks[1].leader
    True
    """
    if trick.winner is None:
        raise LookupError("the trick is not finished: nobody has won it yet")
    return trick.winner


def find_moment(rules: Rules, test: Callable[[Hand], bool], *, number: int = 4,
                seeds: range = range(1, 1000)) -> Hand:
    """The first moment, over deals ``seeds`` of hand ``number`` played by `CautiousBot`, at
    which you (seat 0) are to play and ``test(hand)`` is true."""
    bots = [CautiousBot() for _ in range(rules.players)]
    others = [None] + bots[1:]
    for seed in seeds:
        hand = Hand.deal(rules, seed=seed, number=number)
        if hand.phase == "pass":
            for seat, bot in enumerate(bots):
                hand.give(seat, bot.choose_pass(hand.observe(seat)))
        while not hand.is_over:
            play_out(hand, others)  # stops when seat 0 is to play
            if hand.is_over:
                break
            if test(hand):
                return hand
            hand.play(bots[0].choose_play(hand.observe(0)), seat=0)
    raise LookupError("no deal in the seeds reaches such a moment")


def deal_with(rules: Rules, mine: str | CardSet, seed: int, *, number: int = 4,
              dealer: int = 0) -> Hand:
    """Hand ``number`` in which you (seat 0) hold ``mine``; the rest of the deck is shuffled
    with ``seed`` and dealt to the other seats."""
    held = mine if isinstance(mine, CardSet) else CardSet.parse(mine)
    rest = [card for card in CardSet(rules.deck_mask) if card not in held]
    random.Random(seed).shuffle(rest)
    size = rules.hand_size
    others = [rest[i * size:(i + 1) * size] for i in range(rules.players - 1)]
    return Hand.from_cards(rules, [held, *others], number=number, dealer=dealer)


@dataclass(frozen=True)
class Markdown:
    """Text a lesson cell shows, written in Markdown."""

    text: str

    def _repr_markdown_(self) -> str:
        return self.text


@dataclass(frozen=True)
class HTML:
    """A picture (or table) a lesson cell shows, as HTML."""

    html: str

    def _repr_html_(self) -> str:
        return self.html


#: the charts' bar colours, one per bar
COLOURS = ("#c8102e", "#1459b8", "#1e7b34", "#8a5a00", "#555555")


@dataclass(frozen=True)
class Chart:
    """A bar chart of a lesson's figures: ``shown`` are the values as the bars' labels say them.
    Shown in a notebook, it is drawn with matplotlib if that is installed (the built book);
    without it (the live notebooks in the browser) it is the table of its figures."""

    labels: Sequence[str]
    shown: Sequence[str]
    values: Sequence[float]
    title: str
    ylabel: str

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><td>{label}</td><td>{shown}</td></tr>"
                       for label, shown in zip(self.labels, self.shown))
        return (f"<table><caption>{self.title}</caption><tr><th></th><th>{self.ylabel}</th></tr>"
                f"{rows}</table>")

    def _ipython_display_(self) -> None:
        from IPython.display import display
        try:
            import matplotlib.pyplot as plt
        except ImportError:
            display(HTML(self._repr_html_()))
            return
        fig, ax = plt.subplots(figsize=(7, 3))
        bars = ax.bar(list(self.labels), list(self.values), color=COLOURS[:len(self.values)])
        ax.bar_label(bars, labels=list(self.shown))
        ax.set_title(self.title)
        ax.set_ylabel(self.ylabel)
        ax.margins(y=0.15)
        ax.tick_params(axis="x", labelsize=8)
        fig.tight_layout()
        plt.show()
