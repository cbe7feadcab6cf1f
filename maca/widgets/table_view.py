"""The table as an ipywidgets view for notebooks: the same panel (`maca.panels.table`), its
pictures in an ``HTML`` widget and its controls as buttons. A rated game's clock is checked
on every click (a notebook has no page script to tick it): a decision made too late is
refused and the engine's time-out move is shown.

>>> from maca.panels.table import table_game
>>> view = TableView(table_game(lang="en", level="medium", seed=1))
>>> view.button("start").description
'Start the game'
>>> view.button("start").click()
>>> view.panel.table.stage
'pass'
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..cards import Card
from ..lessons import Settings
from ..render import message_html
from .views import CardButtons

__all__ = ["TableView"]


class TableView(W.VBox):
    """Pictures, card buttons, grouped controls and the message of a `TablePanel`."""

    def __init__(self, panel: Any) -> None:
        self.panel = panel
        self.settings = Settings(panel.lang)
        self.picture = W.HTML()
        self.cards = CardButtons(self._card)
        self.controls = W.VBox([])
        self.message = W.HTML()
        self.errors = W.Output()
        self._buttons: dict[tuple[str, str], W.Button] = {}
        super().__init__([self.picture, self.cards, self.controls, self.message, self.errors])
        self.refresh()

    @property
    def lesson(self) -> Any:
        """The table controller the view shows (None before the game starts)."""
        return self.panel.table

    def _do(self, act: str, value: str = "") -> None:
        with self.errors:
            table = self.panel.table
            if table is not None and act not in ("timeout",):
                table.tick()   # the clock is checked before the learner's decision counts
            self.panel.act(act, value)
            self.refresh()

    def _card(self, card: Card) -> None:
        self._do("card", str(card))

    def button(self, act: str, value: str = "") -> W.Button:
        """The button of ``act`` (and ``value``) now on screen (for tests and lessons)."""
        return self._buttons[(act, value)] if (act, value) in self._buttons else next(
            b for (a, _), b in self._buttons.items() if a == act)

    def refresh(self) -> None:
        """Redraw everything from the panel."""
        panel, lang = self.panel, self.panel.lang
        self.picture.value = panel.pictures()
        cards = panel.hand_cards()
        if cards is None:
            self.cards.show([], {}, lang, False)
        else:
            held = cards["cards"]
            playable = cards.get("playable")
            selected = cards.get("selected")
            states = {c: "selected" if selected is not None and c in selected else
                      "legal" if playable is not None and c in playable else
                      "illegal" if playable is not None else "normal" for c in held}
            self.cards.show(held.sorted_for_display(), states, lang, False,
                            tips=cards.get("reasons"))
        rows = []
        self._buttons = {}
        for label, controls in panel.groups():
            buttons = []
            for control in controls:
                b = W.Button(description=control.label, layout={"width": "auto"},
                             button_style="info" if control.pressed else "",
                             disabled=control.blocked)
                b.on_click(lambda _, a=control.act, v=control.value: self._do(a, v))
                self._buttons[(control.act, control.value)] = b
                buttons.append(b)
            head = [W.HTML(f"<b>{label}</b>")] if label else []
            rows.append(W.HBox(head + buttons, layout={"flex_flow": "row wrap"}))
        self.controls.children = rows
        table = panel.table
        note = table.note if table is not None else None
        timer = table.timer_note() if table is not None else None
        self.message.value = (message_html(note.text(lang), note.kind) if note else "") + (
            message_html(timer.text(lang), timer.kind) if timer else "")
