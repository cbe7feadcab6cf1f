"""Helpers shared by the lessons: quick checks graded by the engine, and positions to show.

A quick check is a question, its choices, and the engine's verdict on each. The lesson passes a
``grade`` function that asks the engine about one choice: it returns ``(correct, message)`` or
an exercise `Result` (``maca.exercises.check``). Every choice is graded when the cell runs and
the check is drawn as plain HTML: one ``<button aria-pressed>`` per choice, each choice's
verdict kept in a ``<template>``, and one ``role="status"`` element. On a book page the page
script (``book/_ext/static/maca-live.js``) answers a click without Python: the chosen button is
pressed and its verdict is shown (and announced) in the status element. In a notebook the
same HTML is shown, but nothing there answers its clicks.

>>> from maca import CardSet, Hand, Rules
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
"""
from __future__ import annotations

import html
import random
from typing import Any, Callable, Sequence

from maca import CardSet, Hand, Rules
from maca.bots import CautiousBot, play_out
from maca.words import catalogue, say

__all__ = ["quick_check", "QuickCheck", "find_moment", "deal_with"]

catalogue("quick_check", {"right": ("Doğru!", "Right!"), "wrong": ("Olmadı.", "Not quite.")},
          scoped=True)


def _feedback(verdict: Any, lang: str) -> tuple[str, bool]:
    """HTML for one graded choice (a (correct, message) pair or an exercise `Result`), and
    whether it is right. The verdict is said in words and with a mark, not by colour only."""
    if hasattr(verdict, "passed"):  # a Result: its message already says right or wrong
        ok, lines = verdict.passed, verdict.message(lang).splitlines()
        text = f"<b>{html.escape(lines[0])}</b> " + "<br>".join(map(html.escape, lines[1:]))
    else:
        ok, message = verdict
        word = say("quick_check.right" if ok else "quick_check.wrong")[lang]
        text = f"<b>{word}</b> {html.escape(message)}"
    return f"{'✔' if ok else '✘'} {text}", bool(ok)


class QuickCheck:
    """A quick check drawn as HTML (see the module's description); ``verdicts`` holds each
    choice's feedback HTML and whether it is right, in the order of the choices."""

    def __init__(self, question: str, labels: Sequence[str],
                 verdicts: Sequence[tuple[str, bool]], lang: str) -> None:
        self.question, self.labels, self.verdicts, self.lang = question, list(labels), \
            list(verdicts), lang

    def __repr__(self) -> str:
        return f"QuickCheck({self.question!r}, {self.labels!r})"

    def widget(self) -> Any:
        """The same check as ipywidgets, for a notebook (no page script answers it there)."""
        from .widgets.views import QuickCheckView
        return QuickCheckView(self.question, self.labels, self.verdicts)

    def _ipython_display_(self) -> None:
        from .panels.base import show
        show(self)

    def _repr_html_(self) -> str:
        lang = say("lang_code")[self.lang]
        buttons = "".join(
            f'<button type="button" class="maca-button maca-quick-choice" data-choice="{i}" '
            f'aria-pressed="false">{html.escape(label)}</button>'
            for i, label in enumerate(self.labels))
        verdicts = "".join(
            f'<template data-choice="{i}"><div class="maca-feedback maca-feedback-'
            f'{"right" if ok else "wrong"}">{feedback}</div></template>'
            for i, (feedback, ok) in enumerate(self.verdicts))
        return (f'<fieldset class="maca-quick-check" lang="{lang}">'
                f'<legend class="maca-question">{html.escape(self.question)}</legend>'
                f'<div class="maca-quick-choices">{buttons}</div>'
                f'<div class="maca-quick-status" role="status"></div>{verdicts}</fieldset>')


def quick_check(question: str, choices: Sequence[tuple[str, Any]],
                grade: Callable[[Any], Any], lang: str = "tr") -> QuickCheck:
    """A question with one button per choice; ``grade(value)`` returns (correct, message)
    or an exercise `Result`. Every choice is graded now; the result shows itself as HTML."""
    if not choices:
        raise ValueError("a quick check needs at least one choice")
    verdicts = [_feedback(grade(value), lang) for _, value in choices]
    return QuickCheck(question, [label for label, _ in choices], verdicts, lang)


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
