"""The lesson panels, one per lesson controller of `maca.lessons`."""
from __future__ import annotations

from typing import Any, Callable

from .. import render
from ..cards import Card
from ..lessons import PlayLesson, Settings, text
from .base import Panel, button, card_buttons, heading, note_html, row

__all__ = ["PlayPanel", "play_lesson"]


class PlayPanel(Panel):
    """Play a hand as South against computer players: click a card; a card you may not play
    says why (the engine's reason)."""

    kind = "play"

    def __init__(self, lang: str = "tr", seed: int = 1, rules: str = "standard",
                 position: str | None = None) -> None:
        options: dict[str, Any] = {"seed": seed, "rules": rules}
        if position is not None:
            options["position"] = position
        super().__init__(lang, **options)
        self.lesson = PlayLesson(seed=seed, rules=rules, position=position)

    def title(self) -> str:
        return text("panel_play", self.lang)

    def actions(self) -> dict[str, Callable[[str], object]]:
        return {"card": self.lesson.click, "restart": lambda _: self.lesson.restart()}

    def widget(self) -> Any:
        from ..widgets.views import PlayView
        return PlayView(self.lesson, Settings(self.lang))

    def _reasons(self) -> dict[Card, str]:
        """Why each card the learner holds but may not play is refused (on their turn)."""
        lesson = self.lesson
        if lesson.hand.to_move != lesson.seat:
            return {}
        held, legal = lesson.hand.cards(lesson.seat), lesson.legal()
        return {c: lesson.hand.check(c, lesson.seat).message(self.lang) for c in held - legal}

    def pictures(self) -> list[str]:
        """The trick on the table, and the scores once the hand is over."""
        lesson, lang = self.lesson, self.lang
        trick, number = lesson.shown_trick()
        parts = [render.trick_html(trick, lang=lang, size=58, number=number)]
        if lesson.hand.is_over:
            parts.append(render.hand_scores_html(lesson.hand, lang=lang))
        return parts

    def body(self, live: bool) -> str:
        lesson, lang = self.lesson, self.lang
        mine = text("your_cards", lang)
        return (row(*self.pictures()) + heading(mine)
                + card_buttons(lesson.hand.cards(lesson.seat), lang, live,
                               playable=lesson.legal(), reasons=self._reasons(), label=mine)
                + '<div class="maca-controls">'
                + button(text("restart", lang), "restart", live) + "</div>"
                + note_html(lesson.note, lang))


def play_lesson(lang: str = "tr", seed: int = 1, rules: str = "standard",
                position: str | None = None) -> PlayPanel:
    """Play a hand as South against computer players (a seeded deal, or a ``position``)."""
    return PlayPanel(lang, seed=seed, rules=rules, position=position)
