"""The puzzle panel: a series of practice puzzles (`maca.puzzles`) solved against the engine's
defence, over the pure-Python `maca.puzzles.trainer.PuzzleTrainer`.

Every hand is face up (as in a bridge problem), the learner's cards are buttons; a card the
solver accepts is answered by the defence trick by trick, a wrong card by its refutation.
Hints cost a point; retry, solution, previous/next and the puzzle of the day are buttons (their
names in the page's language). On a book page the series' progress is kept in the page's
storage (a ``store``, see `maca.panels.host.PageStore`), per theme.

>>> panel = puzzle_series(lang="en", theme="safe_exit")
>>> while panel.trainer.state == "play":  # the solver's card, as often as asked
...     panel.act("card", str(next(iter(panel.trainer.accepted()))))
>>> panel.trainer.state, panel.trainer.progress["streak"]
('solved', 1)
>>> 'data-act="next"' in panel.body(live=True)
True
"""
from __future__ import annotations

import json
from html import escape
from typing import Any, Callable

from .. import render
from ..errors import SettingError
from ..exercises.kinds.puzzle import THEMES
from ..puzzles import load_puzzles, theme_title
from ..puzzles.trainer import PuzzleTrainer
from ..reasons import seat_name
from ..words import say
from .base import Panel, button, card_buttons, heading, note_html, parse_card

__all__ = ["PuzzlePanel", "puzzle_series"]

Actions = dict[str, Callable[[str], object]]


class PuzzlePanel(Panel):
    """A series of puzzles: one theme's (``theme``), or the whole collection; ``daily`` opens
    the puzzle of the day; ``store`` keeps the progress (the page's storage)."""

    kind = "puzzles"
    keeps = ("maca-puzzles-",)

    def __init__(self, lang: str = "tr", theme: str | None = None, start: int = 0,
                 daily: bool = False, store: Any = None) -> None:
        options: dict[str, Any] = {"theme": theme, "start": start, "daily": daily}
        super().__init__(lang, **options)
        if theme is not None and theme not in THEMES:
            raise SettingError(f"no puzzle theme {theme!r}: themes are {', '.join(THEMES)}")
        self.store = store
        self.key = f"{self.keeps[0]}{theme or 'all'}"
        self.trainer = PuzzleTrainer(load_puzzles(theme), start, progress=self._load())
        if daily:
            self.trainer.daily()

    def _load(self) -> dict[str, Any] | None:
        saved = None if self.store is None else self.store.getItem(self.key)
        try:
            progress = json.loads(saved) if saved else None
        except ValueError:  # a damaged entry: start afresh
            return None
        return progress if isinstance(progress, dict) else None

    def _save(self) -> None:
        if self.store is not None:
            self.store.setItem(self.key, json.dumps(self.trainer.progress))

    def title(self) -> str:
        theme = self.options.get("theme")
        name = say("puzzles.title")[self.lang]
        return f"{name}: {theme_title(theme, self.lang)}" if theme else name

    def actions(self) -> Actions:
        t = self.trainer
        return {"card": lambda v: t.play(parse_card(v)), "hint": lambda _: t.hint(),
                "retry": lambda _: t.retry(), "solution": lambda _: t.show_solution(),
                "next": lambda _: t.next(), "previous": lambda _: t.previous(),
                "daily": lambda _: t.daily()}

    def act(self, action: str, value: str = "") -> None:
        super().act(action, value)
        self._save()

    @property
    def lesson(self) -> PuzzleTrainer:
        """The controller (as every panel names it)."""
        return self.trainer

    def _moves(self) -> str:
        """The cards played since the puzzle's moment, one line a trick (the cards already on
        the table first), with who won it; the refutation's cards marked ✗."""
        lang, t = self.lang, self.trainer
        if not t.moves:
            return ""
        h = t.start.copy()
        n = h.players
        lines: list[str] = []
        current = [f"{seat_name(s, lang, n)} {c.symbol}" for s, c in h.current_trick.plays()]
        for seat, card, who in t.moves:
            mark = {"refutation": " ✗", "solution": " ✓"}.get(who, "")
            current.append(f"{seat_name(seat, lang, n)} {card.symbol}{mark}")
            h.play(card)
            if not h.current_trick.cards:
                last = h.last_trick
                assert last is not None and last.winner is not None
                lines.append(" · ".join(current) + " → " + seat_name(last.winner, lang, n))
                current = []
        if current:
            lines.append(" · ".join(current))
        return (heading(say("puzzles.line")[lang]) + f'<ol class="maca-puzzle-moves" '
                f'data-moves="{len(t.moves)}">'
                + "".join(f"<li>{escape(line)}</li>" for line in lines) + "</ol>")

    def body(self, live: bool) -> str:
        lang, t = self.lang, self.trainer
        p = t.puzzle
        parts = [f'<p class="maca-heading">{escape(t.heading(lang))}</p>',
                 f'<p class="maca-note">{escape(t.status(lang))}</p>',
                 f'<p class="maca-note maca-puzzle-goal"><strong>{escape(say("puzzle_goal")[lang])}:'
                 f"</strong> {escape(p.prompt[lang])}</p>",
                 render.table_html(t.hand, lang=lang, reveal="all", show_legal=False),
                 self._moves(), note_html(t.note, lang)]
        mine = say("your_cards_label")[lang]
        if t.hand.cards(0):
            held, legal = t.hand.cards(0), t.legal()
            reasons = ({c: t.hand.check(c, 0).message(lang) for c in held - legal}
                       if t.state == "play" and t.hand.to_move == 0 else {})
            parts.append(heading(mine) + card_buttons(held, lang, live, playable=legal,
                                                      reasons=reasons, label=mine))
        controls = [button(say("puzzles.hint")[lang], "hint", live),
                    button(say("puzzles.retry")[lang], "retry", live),
                    button(say("puzzles.solution")[lang], "solution", live),
                    button(say("puzzles.previous")[lang], "previous", live),
                    button(say("puzzles.next")[lang], "next", live),
                    button(say("puzzles.daily")[lang], "daily", live)]
        parts.append('<div class="maca-controls">' + "".join(controls) + "</div>")
        return "".join(parts)


def puzzle_series(lang: str = "tr", theme: str | None = None, start: int = 0,
                  daily: bool = False) -> PuzzlePanel:
    """The puzzle panel of one theme (or of every puzzle), for a book page."""
    return PuzzlePanel(lang, theme=theme, start=start, daily=daily)
