"""What every panel shares: its description, drawing it on a page, buttons, cards and notes."""
from __future__ import annotations

import json
from html import escape
from typing import Any, Callable, ClassVar

from .. import render
from ..cards import Card, CardSet
from ..errors import SettingError
from ..reasons import LANGS
from ..lessons import Note, text

__all__ = ["Panel", "open_panel", "use_widgets", "button", "card_buttons", "note_html",
           "heading", "row"]

#: Every panel kind by name, filled by `Panel.__init_subclass__`.
KINDS: dict[str, type[Panel]] = {}
#: In a notebook (the live notebooks) panels are shown as ipywidgets: see `use_widgets`.
_WIDGETS = False


def use_widgets(on: bool = True) -> None:
    """Show panels as their ipywidgets view from now on (a notebook with a kernel, where the
    page script that makes the HTML panels live does not run)."""
    global _WIDGETS
    _WIDGETS = on


class Panel:
    """A lesson drawn as HTML. Subclasses set `kind`, build their controller in `__init__`,
    draw it in `body` and list what their buttons do in `actions`."""

    kind: ClassVar[str]

    def __init__(self, lang: str = "tr", **options: Any) -> None:
        if lang not in LANGS:
            raise SettingError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
        self.lang = lang
        self.options = options

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        KINDS[cls.kind] = cls

    def spec(self) -> dict[str, Any]:
        """The panel's description: enough to build the same panel again (`open_panel`)."""
        return {"kind": self.kind, "lang": self.lang, **self.options}

    def actions(self) -> dict[str, Callable[[str], object]]:
        """What each ``data-act`` does with its ``data-value``."""
        raise NotImplementedError

    def act(self, action: str, value: str = "") -> None:
        """A click on a button of the panel (in the browser)."""
        handler = self.actions().get(action)
        if handler is None:
            raise SettingError(f"this panel has no action {action!r}")
        handler(value)

    def body(self, live: bool) -> str:
        """The panel's content; ``live=False`` draws its buttons disabled."""
        raise NotImplementedError

    def title(self) -> str:
        """The panel's name for assistive technology."""
        raise NotImplementedError

    def widget(self) -> Any:
        """The same lesson as an ipywidgets view, for notebooks."""
        raise NotImplementedError

    def _ipython_display_(self) -> None:
        from IPython.display import display
        if _WIDGETS:
            display(self.widget())
        else:
            display({"text/html": self._repr_html_()}, raw=True)

    def _repr_html_(self) -> str:
        lang = self.lang
        words = {f"data-{key}": text(f"live_{key}", lang) for key in ("loading", "ready",
                                                                        "failed")}
        extra = "".join(f' {name}="{escape(value)}"' for name, value in words.items())
        return (f'<section class="maca-panel" lang="{lang}" aria-label="{escape(self.title())}" '
                f"data-maca-panel='{escape(json.dumps(self.spec()), quote=True)}'{extra}>"
                f'<div class="maca-live-bar"><button type="button" class="maca-live-start">'
                f'{escape(text("live_start", lang))}</button><span class="maca-live-status" '
                f'role="status">{escape(text("live_static", lang))}</span></div>'
                f'<div class="maca-panel-body">{self.body(live=False)}</div></section>')


def open_panel(spec: dict[str, Any]) -> Panel:
    """The panel a description names (as `Panel.spec` writes it).

    >>> open_panel({"kind": "nothing"})
    Traceback (most recent call last):
    ...
    maca.errors.SettingError: no panel kind 'nothing': kinds are play
    """
    options = dict(spec)
    kind = options.pop("kind", None)
    if kind not in KINDS:
        raise SettingError(f"no panel kind {kind!r}: kinds are {', '.join(sorted(KINDS))}")
    return KINDS[kind](**options)


def button(label: str, act: str, live: bool, value: str = "", pressed: bool | None = None,
           label_for_reader: str | None = None) -> str:
    """A control of a panel; drawn disabled until the panel is live."""
    attrs = f' data-act="{escape(act)}" data-value="{escape(value)}"'
    if pressed is not None:
        attrs += f' aria-pressed="{str(pressed).lower()}"'
    if label_for_reader:
        attrs += f' aria-label="{escape(label_for_reader)}"'
    return (f'<button type="button" class="maca-button"{attrs}{"" if live else " disabled"}>'
            f"{escape(label)}</button>")


def card_buttons(cards: CardSet, lang: str, live: bool, *, playable: CardSet | None = None,
                 selected: CardSet = CardSet(), reasons: dict[Card, str] | None = None,
                 label: str = "") -> str:
    """The learner's cards as buttons: playable ones raised with a blue edge, the others
    ``aria-disabled`` with the engine's reason as their description (a click asks why)."""
    parts = []
    for card in cards.sorted_for_display():
        if card in selected:
            state = "selected"
        elif playable is not None and card in playable:
            state = "legal"
        else:
            state = "normal"
        blocked = playable is not None and card not in playable and card not in selected
        attrs = ' aria-disabled="true"' if blocked else ""
        reason = (reasons or {}).get(card)
        if reason:
            attrs += f' aria-description="{escape(reason)}" title="{escape(reason)}"'
        if state in ("legal", "selected"):
            attrs += ' data-raised="true"'
        picture = render.card_svg(card, lang=lang, size=52, state=state)
        parts.append(f'<button type="button" class="maca-card" data-act="card" '
                     f'data-value="{card}"{attrs}{"" if live else " disabled"}>{picture}</button>')
    return (f'<div class="maca-cards" role="group" aria-label="{escape(label)}">'
            + "".join(parts) + "</div>")


def note_html(note: Note | None, lang: str) -> str:
    """The lesson's message, announced to screen readers when it changes."""
    if note is None:
        return '<p class="maca-note" role="status"></p>'
    return (f'<p class="maca-note maca-note-{note.kind}" role="status">'
            f"{escape(note.text(lang))}</p>")


def heading(label: str) -> str:
    """A caption above a part of the panel."""
    return f'<p class="maca-heading">{escape(label)}</p>'


def row(*parts: str) -> str:
    """Pictures side by side, wrapping on a narrow screen."""
    return '<div class="maca-row">' + "".join(f"<div>{p}</div>" for p in parts) + "</div>"
