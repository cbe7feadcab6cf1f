"""What every panel shares: its description, drawing it on a page, buttons, cards and notes."""
from __future__ import annotations

import inspect
import json
import os
import sys
from functools import lru_cache
from html import escape
from typing import Any, Callable, ClassVar

from .. import render
from ..cards import Card, CardSet
from ..errors import MacaError, SettingError, shown
from ..reasons import LANGS
from ..lessons import Note
from ..words import Text, catalogue, say

__all__ = ["Panel", "open_panel", "button", "card_buttons", "note_html",
           "notes_html", "heading", "row", "group", "parse_card", "parse_number",
           "parse_choice"]

#: Every panel kind by name, filled by `Panel.__init_subclass__`.
KINDS: dict[str, type[Panel]] = {}
class Panel:
    """A lesson drawn as HTML. Subclasses set `kind`, build their controller in `__init__`,
    draw it in `body` and list what their buttons do in `actions`."""

    kind: ClassVar[str]
    #: the prefixes of the page-storage keys the panel keeps things under (a panel that keeps
    #: things takes a ``store``; the page sends it what it holds under these prefixes)
    keeps: ClassVar[tuple[str, ...]] = ()

    def __init__(self, lang: str = "tr", **options: Any) -> None:
        if lang not in LANGS:
            raise SettingError(say("one_of"), name="lang", choices=", ".join(LANGS),
                               value=repr(lang))
        self.lang = lang
        self.options = options

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        KINDS[cls.kind] = cls

    def spec(self) -> dict[str, Any]:
        """The panel's description: enough to build the same panel again (`open_panel`). The
        panel's kind is under ``"panel"``, so a lesson's own options may use any other name."""
        return {"panel": self.kind, "lang": self.lang, **self.options}

    def actions(self) -> dict[str, Callable[[str], object]]:
        """What each ``data-act`` does with its ``data-value``."""
        raise NotImplementedError

    def act(self, action: str, value: str = "") -> None:
        """A click on a button of the panel (in the browser)."""
        handler = self.actions().get(action)
        if handler is None:
            raise SettingError(say("panel.no_action"), action=repr(action))
        handler(value)

    def fill(self, fields: dict[str, str]) -> None:
        """The panel's typed fields (``input[name]``), sent with a click; most panels have none."""

    def body(self, live: bool) -> str:
        """The panel's content; ``live=False`` draws its buttons disabled."""
        raise NotImplementedError

    def title(self) -> str:
        """The panel's name for assistive technology."""
        raise NotImplementedError

    def _ipython_display_(self) -> None:
        from ..widgets import show  # the notebook's host: a display hook, as pictures have
        show(self)

    def _repr_html_(self) -> str:
        lang = self.lang
        words = {f"data-{key}": say(f"lessons.live_{key}")[lang]
                 for key in ("loading", "ready", "failed", "unkept")}
        if self.keeps:
            words["data-maca-keeps"] = " ".join(self.keeps)
        extra = "".join(f' {name}="{escape(value)}"' for name, value in words.items())
        return (f'<section class="maca-panel" lang="{lang}" aria-label="{escape(self.title())}" '
                f"data-maca-panel='{escape(json.dumps(self.spec()), quote=True)}'{extra}>"
                f'<div class="maca-live-bar"><button type="button" class="maca-live-start">'
                f'{escape(say("lessons.live_start")[lang])}</button><span class="maca-live-status" '
                f'role="status">{escape(say("lessons.live_static")[lang])}</span></div>'
                f'<div class="maca-panel-body">{self.body(live=False)}</div></section>')


def open_panel(spec: dict[str, Any], store: Any = None) -> Panel:
    """The panel a description names (as `Panel.spec` writes it); a panel that `keeps` things
    gets ``store`` (``getItem``/``setItem``, see `maca.panels.host.PageStore`).

    >>> open_panel({"panel": "nothing"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    maca.errors.SettingError: no panel kind 'nothing': kinds are exercise_set, follow_suit, hearts, ...
    """
    options = dict(spec)
    kind = options.pop("panel", None)
    if kind not in KINDS:
        raise SettingError(say("panel.no_kind"), value=repr(kind), kinds=", ".join(sorted(KINDS)))
    try:
        inspect.signature(KINDS[kind]).bind(**options)
    except TypeError as exc:
        raise SettingError(say("panel.options"), kind=kind, spec=shown(spec),
                           why=str(exc)) from None
    if KINDS[kind].keeps and store is not None:
        options["store"] = store
    return KINDS[kind](**options)


def button(label: str, act: str, live: bool, value: str = "", pressed: bool | None = None,
           label_for_reader: str | None = None, blocked: bool = False) -> str:
    """A control of a panel; drawn disabled until the panel is live. ``pressed`` makes it a
    toggle (or one choice of a row); a ``blocked`` button is shown but does nothing now
    (``aria-disabled``, so it keeps its place for the keyboard).

    >>> button("2", "number", True, value="2", pressed=False)
    '<button type="button" class="maca-button" data-act="number" data-value="2" aria-pressed="false">2</button>'
    """
    attrs = f' data-act="{escape(act)}" data-value="{escape(value)}"'
    if pressed is not None:
        attrs += f' aria-pressed="{str(pressed).lower()}"'
    if label_for_reader:
        attrs += f' aria-label="{escape(label_for_reader)}"'
    if blocked:
        attrs += ' aria-disabled="true"'
    return (f'<button type="button" class="maca-button"{attrs}{"" if live else " disabled"}>'
            f"{escape(label)}</button>")


def card_buttons(cards: CardSet, lang: str, live: bool, *, playable: CardSet | None = None,
                 selected: CardSet = CardSet(), reasons: dict[Card, str] | None = None,
                 label: str = "", dimmed: CardSet = CardSet(), toggles: bool = False) -> str:
    """The learner's cards as buttons: playable ones raised with a blue edge, the others
    ``aria-disabled`` with the engine's reason as their description (a click asks why).

    With ``toggles`` each card is a toggle (``aria-pressed``: chosen for passing, given to
    the chosen player); ``dimmed`` cards are drawn washed out but still answer a click.

    >>> html = card_buttons(CardSet.parse("AS 2H"), "en", True, selected=CardSet.parse("2H"),
    ...                     toggles=True)
    >>> html.count('aria-pressed="true"'), html.count('aria-pressed="false"')
    (1, 1)
    """
    parts = []
    for card in cards.sorted_for_display():
        chosen = card in selected
        allowed = playable is not None and card in playable
        state = ("selected" if chosen else "legal" if allowed
                 else "illegal" if card in dimmed else "normal")
        picture = render.card_svg(card, lang=lang, size=52, state=state)
        parts.append(_card_button(card, picture, playable is not None and not allowed
                                  and not chosen, chosen if toggles else None,
                                  (reasons or {}).get(card) or "", chosen or allowed, live))
    return (f'<div class="maca-cards" role="group" aria-label="{escape(label)}">'
            + "".join(parts) + "</div>")


@lru_cache(maxsize=4096)       # a hand's buttons change a card or two a move
def _card_button(card: Card, picture: str, blocked: bool, pressed: bool | None, reason: str,
                 raised: bool, live: bool) -> str:
    """One card of `card_buttons`: ``blocked`` cards are ``aria-disabled``; ``pressed`` is a
    toggle's state (None: not a toggle); ``raised``: playable or chosen."""
    attrs = ' aria-disabled="true"' if blocked else ""
    if pressed is not None:
        attrs += f' aria-pressed="{str(pressed).lower()}"'
    if reason:
        attrs += f' aria-description="{escape(reason)}" title="{escape(reason)}"'
    if raised:
        attrs += ' data-raised="true"'
    return (f'<button type="button" class="maca-card" data-act="card" '
            f'data-value="{card}"{attrs}{"" if live else " disabled"}>{picture}</button>')


def note_html(note: Note | None, lang: str) -> str:
    """The lesson's message, announced to screen readers when it changes."""
    if note is None:
        return '<p class="maca-note" role="status"></p>'
    return (f'<p class="maca-note maca-note-{note.kind}" role="status">'
            f"{escape(note.text(lang))}</p>")


def notes_html(notes: list[Note], lang: str) -> str:
    """More messages around the lesson's own (an introduction, an explanation, a hint): shown
    the same way, but not announced on every redraw.

    >>> from maca.words import Text
    >>> notes_html([Note.of(Text("Evet.", "Yes."), "ok")], "en")
    '<p class="maca-note maca-note-ok">Yes.</p>'
    """
    return "".join(f'<p class="maca-note maca-note-{n.kind}">{escape(n.text(lang))}</p>'
                   for n in notes)


def heading(label: str) -> str:
    """A caption above a part of the panel."""
    return f'<p class="maca-heading">{escape(label)}</p>'


def row(*parts: str) -> str:
    """Pictures side by side, wrapping on a narrow screen."""
    return '<div class="maca-row">' + "".join(f"<div>{p}</div>" for p in parts) + "</div>"


def group(label: str, *controls: str) -> str:
    """Buttons that belong together (the choices of one setting), named by ``label``: a row
    of toggle buttons stands in for a drop-down or radio list, and works with a keyboard.

    >>> group("Tur", button("1", "number", False, "1", pressed=True))  # doctest: +ELLIPSIS
    '<div class="maca-controls" role="group" aria-label="Tur"><span class="maca-label">Tur</span><button ...'
    """
    return (f'<div class="maca-controls" role="group" aria-label="{escape(label)}">'
            f'<span class="maca-label">{escape(label)}</span>' + "".join(controls) + "</div>")


# -- a click's value, as the browser sends it (always a string) -------------------------------
def parse_card(value: str) -> Card:
    """The card a card button names.

    >>> parse_card("QS")
    Card('QS')
    >>> parse_card("1Z")
    Traceback (most recent call last):
    ...
    maca.errors.SettingError: no card '1Z' in this panel: write a card like QS or 10H
    """
    try:
        return Card.parse(value)
    except MacaError:
        raise SettingError(say("panel.no_card"), value=shown(value)) from None


def parse_number(value: str, low: int, high: int, what: str | Text) -> int:
    """A whole number from ``low`` to ``high`` (a hand number, a seat); ``what`` names it, in
    both languages (a `Text`) or by a name that is the same in both.

    >>> parse_number("2", 1, 4, "a hand number")
    2
    >>> parse_number("five", 1, 4, "a hand number")
    Traceback (most recent call last):
    ...
    maca.errors.SettingError: a hand number is a whole number from 1 to 4, not 'five'
    """
    if not (isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 4
            and low <= int(value) <= high):
        raise SettingError(say("panel.number"), what=what, low=low, high=high, value=shown(value))
    return int(value)


def parse_choice(value: str, choices: tuple[str, ...] | list[str], what: str | Text) -> str:
    """One of ``choices``.

    >>> parse_choice("void", ("follow", "void"), "kind")
    'void'
    >>> parse_choice("all", ("follow", "void"), "kind")
    Traceback (most recent call last):
    ...
    maca.errors.SettingError: kind must be one of follow, void, not 'all'
    """
    if value not in choices:
        raise SettingError(say("one_of"), name=what, choices=", ".join(choices), value=shown(value))
    return value


# The errors of a panel's description, actions and clicks (mostly for the developer of a page).
catalogue("panel", {
    "no_action": ("bu panelin {action} diye bir eylemi yok", "this panel has no action {action}"),
    "no_kind": ("{value} diye bir panel türü yok: türler {kinds}",
                "no panel kind {value}: kinds are {kinds}"),
    "options": ("{spec} ile bir {kind} paneli kurulamıyor: {why}",
                "a {kind} panel cannot be built from {spec}: {why}"),
    "no_card": ("bu panelde {value} diye bir kart yok: QS ya da 10H gibi bir kart yaz",
                "no card {value} in this panel: write a card like QS or 10H"),
    "number": ("{what} {low} ile {high} arası bir tam sayı olmalı, {value} değil",
               "{what} is a whole number from {low} to {high}, not {value}"),
    # what parse_number reads
    "a_hand_number": ("tur numarası", "a hand number"),
    "a_seat": ("oyuncu numarası", "a seat"),
    "the_move_timer": ("hamle süresi", "the move timer"),
    "the_target": ("hedef puan", "the target"),
}, scoped=True)
