"""Helpers shared by the lessons: quick checks graded by the engine, and positions to show.

A quick check is a question, its choices, and the engine's verdict on each. The lesson passes a
``grade`` function that asks the engine about one choice: it returns ``(correct, message)`` or
an exercise `Result` (``maca.exercises.check``). Every choice is graded when the cell runs, and
the buttons are linked to the feedback in the browser (``jsdlink``), so a check answers on the
static site too, without a running kernel.

>>> from maca import CardSet, Hand, Rules
>>> hand = Hand.deal(Rules.preset("standard"), seed=1, number=4)
>>> box = quick_check("Which card?", [(c.symbol, c) for c in hand.cards(hand.to_move)],
...                   lambda c: (hand.check(c).legal, hand.check(c).message("en")), lang="en")
>>> len(box.children[2].children) == len(hand.cards(hand.to_move))
True

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
import sys
from typing import Any, Callable, Sequence

import ipywidgets as widgets

from maca import CardSet, Hand, Rules
from maca.bots import CautiousBot, play_out

__all__ = ["quick_check", "find_moment", "deal_with"]

_MARKS = {"tr": ("Doğru!", "Olmadı."), "en": ("Right!", "Not quite.")}


def _feedback(verdict: Any, lang: str) -> str:
    """HTML for one graded choice: a (correct, message) pair or an exercise `Result`."""
    if hasattr(verdict, "passed"):  # a Result: its message already says right or wrong
        ok, lines = verdict.passed, verdict.message(lang).splitlines()
        text = f"<b>{html.escape(lines[0])}</b> " + "<br>".join(map(html.escape, lines[1:]))
    else:
        ok, message = verdict
        word = _MARKS["tr" if lang == "tr" else "en"][0 if ok else 1]
        text = f"<b>{word}</b> {html.escape(message)}"
    colour, mark = ("#1b7a3a", "✔") if ok else ("#b3261e", "✘")
    return (f'<div class="maca-feedback" style="color:{colour};padding:4px 0">'
            f"{mark} {text}</div>")


def quick_check(question: str, choices: Sequence[tuple[str, Any]],
                grade: Callable[[Any], Any], lang: str = "tr") -> widgets.VBox:
    """A question with one button per choice; ``grade(value)`` returns (correct, message)
    or an exercise `Result`."""
    if not choices:
        raise ValueError("a quick check needs at least one choice")
    verdicts = [grade(value) for _, value in choices]
    buttons = widgets.ToggleButtons(
        options=[(label, i) for i, (label, _) in enumerate(choices)], value=None,
        style={"button_width": "auto"})
    feedback = widgets.Stack([widgets.HTML(_feedback(v, lang)) for v in verdicts],
                             selected_index=None)
    # On a static page no kernel runs, so the link lives in the browser (jsdlink). In the live
    # version (Pyodide) the browser-side link fails to build its view while nothing is selected,
    # and a kernel is there anyway: link in Python.
    link = widgets.dlink if sys.platform == "emscripten" else widgets.jsdlink
    link((buttons, "index"), (feedback, "selected_index"))
    title = widgets.HTML(f'<div class="maca-question"><b>{html.escape(question)}</b></div>')
    box = widgets.VBox([title, buttons, feedback])
    box.add_class("maca-quick-check")
    return box


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
