"""The one protocol between panels and whatever shows them: the book page's Web Worker, the
notebook's widget and the class server's socket all carry these few JSON messages, and none of
them draws anything of its own: a panel's HTML comes from the panel.

=======================================================================  =========================
to Python                                                                answer
=======================================================================  =========================
``{"type": "start", "panel": n, "spec": {…}, "stored": {key: text}}``    ``draw`` (or ``error``)
``{"type": "act", "panel": n, "action": a, "value": v, "fields": {…}}``  ``draw`` (or ``error``)
=======================================================================  =========================

``{"type": "draw", "panel": n, "html": …, "store": {key: text}}`` is the panel's body, live;
``store`` holds what the panel asks the page to keep (an exercise set's answers file in the
browser's local storage), which ``stored`` gives back at the next start: the page's keys under
the prefixes the panel's kind `~maca.panels.base.Panel.keeps` (its ``data-maca-keeps``). ``fields`` are the
panel's typed fields (``input[name]``: points per seat, who the learner is), read before the
click. ``{"type": "error", "panel": n, "message": …}`` says why a message was refused; the
panel, if any, is unchanged.

>>> host = Host()
>>> drawn = host.handle({"type": "start", "panel": 1,
...                      "spec": {"panel": "play", "lang": "en", "seed": 1}})
>>> drawn["type"], " disabled>" in drawn["html"]
('draw', False)
>>> after = host.handle({"type": "act", "panel": 1, "action": "card", "value": "AH"})
>>> "You hold a club" in after["html"]
True
>>> host.handle({"type": "act", "panel": 2, "action": "card", "value": "AH"})["message"]
'2 numaralı panel açık değil: önce onu başlat'
"""
from __future__ import annotations

import json
from typing import Any

from ..errors import MacaError, SettingError, shown
from ..words import catalogue, say
from .base import Panel, open_panel

__all__ = ["Host", "PageStore", "handle_json"]


class PageStore:
    """The page's storage as a panel sees it (``getItem``/``setItem``, like the browser's
    ``localStorage``): what the page held at start, and the writes since, which go back to the
    page with the next draw.

    >>> store = PageStore({"a": "1"})
    >>> store.setItem("b", "2"); store.getItem("a"), store.getItem("b"), store.getItem("c")
    ('1', '2', None)
    >>> store.take_writes(), store.take_writes()
    ({'b': '2'}, {})
    """

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items = {k: v for k, v in (items or {}).items()
                      if isinstance(k, str) and isinstance(v, str)}
        self._written: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:  # noqa: N802 (the browser's name)
        """The text kept under ``key``, or None."""
        return self.items.get(key)

    def setItem(self, key: str, text: str) -> None:  # noqa: N802
        """Keep ``text`` under ``key`` (sent to the page with the next draw)."""
        self.items[key] = self._written[key] = text

    def take_writes(self) -> dict[str, str]:
        """The writes since the last call."""
        written, self._written = self._written, {}
        return written


class Host:
    """The panels one page (or notebook, or socket) has open, by number."""

    def __init__(self) -> None:
        self.panels: dict[int, Panel] = {}
        self.stores: dict[int, PageStore] = {}

    def handle(self, message: dict[str, Any]) -> dict[str, Any]:
        """The answer to one message (see the module's table)."""
        number = message.get("panel") if isinstance(message, dict) else None
        try:
            if not isinstance(number, int) or isinstance(number, bool):
                raise SettingError(say("host.number"), value=shown(number))
            kind = message.get("type")
            if kind == "start":
                self._start(number, message.get("spec"), message.get("stored") or {})
            elif kind == "act":
                self._act(number, message)
            else:
                raise SettingError(say("host.type"), value=shown(kind))
        except MacaError as exc:   # said in the panel's language (the one it was to open in)
            spec = message.get("spec") if isinstance(message, dict) else None
            lang = getattr(self.panels.get(number), "lang", None) if isinstance(number, int) else None
            lang = lang or (spec.get("lang") if isinstance(spec, dict) else None)
            return {"type": "error", "panel": number, "message": exc.message(str(lang or "tr"))}
        return self.draw(number)

    def draw(self, number: int) -> dict[str, Any]:
        """The ``draw`` message of an open panel."""
        return {"type": "draw", "panel": number, "html": self.panels[number].body(live=True),
                "store": self.stores[number].take_writes()}

    def _start(self, number: int, spec: Any, stored: Any) -> None:
        if not isinstance(spec, dict):
            raise SettingError(say("host.spec"), value=shown(spec))
        if not isinstance(stored, dict):
            raise SettingError(say("host.stored"), value=shown(stored))
        store = PageStore(stored)
        panel = open_panel(spec, store=store)
        self.panels[number], self.stores[number] = panel, store

    def _act(self, number: int, message: dict[str, Any]) -> None:
        panel = self.panels.get(number)
        if panel is None:
            raise SettingError(say("host.not_open"), n=number)
        action, value, fields = (message.get("action"), message.get("value", ""),
                                 message.get("fields") or {})
        if not isinstance(action, str) or not isinstance(value, str) \
                or not isinstance(fields, dict):
            raise SettingError(say("host.act"))
        if fields:
            panel.fill({k: v for k, v in fields.items() if isinstance(v, str)})
        panel.act(action, value)


def handle_json(host: Host, message: str) -> str:
    """`Host.handle` for a host that carries text (the Web Worker, a socket).

    >>> reply = handle_json(Host(), '{"type": "start", "panel": 0, "spec": {"panel": "moon"}}')
    >>> json.loads(reply)["type"]
    'draw'
    >>> print(json.loads(handle_json(Host(), "not json"))["message"])
    mesaj bir JSON metni olmalı, 'not json' değil
    """
    try:
        decoded = json.loads(message)
    except ValueError:
        return json.dumps({"type": "error", "panel": None,   # no panel: its language unknown
                           "message": say("host.json", value=shown(message))["tr"]})
    return json.dumps(host.handle(decoded))


# The errors of a host's messages (for the developer of a host).
catalogue("host", {
    "json": ("mesaj bir JSON metni olmalı, {value} değil", "a message is JSON text, not {value}"),
    "number": ("bir mesaj panelini numarasıyla anar, {value} ile değil",
               "a message names its panel by number, not {value}"),
    "type": ("{value} diye bir mesaj türü yok: türler start ve act",
             "no message type {value}: types are start and act"),
    "spec": ("bir panel kendi tanımından başlar, {value} değil",
             "a panel starts from its description, not {value}"),
    "stored": ("sayfanın sakladığı bir sözlük olmalı, {value} değil",
               "what the page kept is a dictionary, not {value}"),
    "not_open": ("{n} numaralı panel açık değil: önce onu başlat",
                 "no panel {n} is open: start it first"),
    "act": ("bir act mesajında metin olarak action ve value, bir de alanların sözlüğü olur",
            "an act message has a text action and value and a dictionary of fields"),
}, scoped=True)
