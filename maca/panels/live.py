"""The panels' side of the page script (``maca-live.js``) in the browser: open a panel from its
description, draw it, and pass it the clicks.

>>> import json
>>> panel = start(json.dumps({"panel": "play", "lang": "en", "seed": 1, "rules": "standard"}))
>>> " disabled>" in draw(panel), 'data-act="card"' in act(panel, "card", "AH")
(False, True)
"""
from __future__ import annotations

import json

from .base import Panel, open_panel

__all__ = ["start", "draw", "act"]

_OPEN: list[Panel] = []


def start(spec: str) -> int:
    """Open the panel a ``data-maca-panel`` description names; its number for `draw` and `act`."""
    _OPEN.append(open_panel(json.loads(spec)))
    return len(_OPEN) - 1


def draw(panel: int) -> str:
    """The live panel's content."""
    return _OPEN[panel].body(live=True)


def act(panel: int, action: str, value: str, fields: str = "") -> str:
    """A click on one of the panel's buttons; the panel's content after it. ``fields``: the
    panel's typed fields (JSON ``{name: text}``), given to its ``fill`` before the click."""
    fill = getattr(_OPEN[panel], "fill", None)
    if fields and fill is not None:
        fill(json.loads(fields))
    _OPEN[panel].act(action, value)
    return draw(panel)
