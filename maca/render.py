"""Pictures of the game as self-contained HTML with inline SVG: cards, hands, tricks, scores.

Everything is drawn with SVG shapes and the system font stack: no image files, no web fonts,
no ids, no ``<style>`` blocks and no scripts, so the same string renders in a notebook, a static
Jupyter Book page, Voilà, JupyterLite and inside the panels' notebook widget.
Every card carries a text alternative (``role="img"`` with ``aria-label`` and ``<title>``).

Each function takes ``lang`` (``"tr"`` or ``"en"``), ``four_colour`` (♣ green, ♦ blue, ♥ red,
♠ black) and ``size`` (card width in pixels); ``None`` means the page-wide defaults, which
`set_defaults` changes (Turkish, two colours, 64 px to start with).

>>> from maca import Card
>>> svg = card_html(Card.parse("QS"), lang="tr")
>>> 'aria-label="maça kızı"' in svg, "<title>maça kızı</title>" in svg
(True, True)
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from html import escape, unescape
from typing import TYPE_CHECKING, Iterable, Iterator, Sequence
from urllib.parse import unquote

from .cards import DISPLAY_SUITS, Card, CardSet, Suit
from .errors import SettingError
from .reasons import LANGS, seat_name
from .scoring import TEAMS, hand_points, moon_shooters, penalty_points
from .words import CATALOGUES, SeatWord, catalogue, number, say, seat_form, signed

if TYPE_CHECKING:
    from .game import Game
    from .hand import Hand
    from .trick import Trick
    from .rules import Rules

__all__ = ["set_defaults", "suit_colour", "card_svg", "card_html", "back_html", "hand_html",
           "trick_html", "table_html", "taken_html", "score_table_html", "hand_scores_html",
           "game_scores_html", "message_html", "seat_label", "PlaceWord", "cards_in_html",
           "shared_faces", "faces_html", "FONT"]

#: The system font stack used for every letter drawn.
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
_FONT_ATTR = FONT

_TWO_COLOURS = {Suit.CLUBS: "#1c1c1e", Suit.DIAMONDS: "#c8102e", Suit.SPADES: "#1c1c1e",
                Suit.HEARTS: "#c8102e"}
_FOUR_COLOURS = {Suit.CLUBS: "#1e7b34", Suit.DIAMONDS: "#1459b8", Suit.SPADES: "#1c1c1e",
                 Suit.HEARTS: "#c8102e"}
_EDGE, _LEGAL, _SELECTED, _WINNER = "#b9bec6", "#2563eb", "#d97706", "#e0a100"

# The suits as shapes in a 100 × 100 box (no font glyphs: they differ between systems).
_SUIT_PATHS = {
    Suit.HEARTS: "M50 93C22 71 3 53 3 31 3 15 15 4 29 4c9 0 16 5 21 14C55 9 62 4 71 4"
                 "c14 0 26 11 26 27 0 22-19 40-47 62z",
    Suit.DIAMONDS: "M50 2 88 50 50 98 12 50z",
    Suit.SPADES: "M50 3C78 27 97 43 97 62c0 14-11 23-23 23-9 0-16-4-20-10 1 10 5 17 14 23"
                 "H32c9-6 13-13 14-23-4 6-11 10-20 10C14 85 3 76 3 62 3 43 22 27 50 3z",
    Suit.CLUBS: "M50 4a21 21 0 0 1 17 34 21 21 0 1 1 4 40c-8 0-14-4-18-9 1 11 5 18 14 23H33"
                "c9-5 13-12 14-23-4 5-10 9-18 9a21 21 0 1 1 4-40A21 21 0 0 1 50 4z",
}

# Pip centres on a 100 × 140 card: columns and row fractions of the pip area.
_COLS = {"L": 34.0, "C": 50.0, "R": 66.0}
_PIPS: dict[int, str] = {
    2: "C0 C1", 3: "C0 C.5 C1", 4: "L0 R0 L1 R1", 5: "L0 R0 C.5 L1 R1",
    6: "L0 R0 L.5 R.5 L1 R1", 7: "L0 R0 C.25 L.5 R.5 L1 R1",
    8: "L0 R0 C.25 L.5 R.5 C.75 L1 R1",
    9: "L0 R0 L.333 R.333 C.5 L.667 R.667 L1 R1",
    10: "L0 R0 C.167 L.333 R.333 L.667 R.667 C.833 L1 R1",
}
_PIP_TOP, _PIP_BOTTOM, _PIP_SIZE = 30.0, 110.0, 16.0

_TEXT = {
    "back": ("kapalı kart", "face-down card"),
    "cards": ("{n} kart", "{n} cards"),
    "hand_of": ("{seat}: {n} kart", "{seat}: {n} cards"),
    "trick_n": ("{n}. el", "Trick {n}"),
    "led": ("{seat:Nom} açtı", "{seat:Nom} led"),
    "won": ("{seat:Nom} aldı", "{seat:Nom} won"),
    "empty": ("henüz kart yok", "no card yet"),
    "last_trick": ("önceki el", "previous trick"),
    "hand_n": ("{n}. tur", "Hand {n}"),
    "pass": ("kart geçirme", "passing"),
    "to_move": ("sıra {seat:loc}", "to play: {seat}"),
    "broken": ("kupalar kırıldı", "hearts broken"),
    "not_broken": ("kupalar kırılmadı", "hearts not broken"),
    "over": ("tur bitti", "hand over"),
    "tricks_won": ("{n} el", "{n} tricks"),
    "points": ("{n} puan", "{n} points"),
    "taken_by": ("{seat:Gen} aldıkları", "Taken by {seat:nom}"),
    "nothing_taken": ("ceza kartı yok", "no penalty cards"),
    "no_points_cards": ("ve {n} puansız kart", "and {n} cards without points"),
    "player": ("Oyuncu", "Player"),
    "penalty_cards": ("Ceza kartları", "Penalty cards"),
    "penalty": ("Ceza puanı", "Penalty points"),
    "peskir": ("Peşkir", "Peşkir"),
    "score": ("Tur puanı", "Hand score"),
    "shot": ("kafa attı", "shot the moon"),
    "in_progress": ("tur sürüyor: puanlar son elden sonra kesinleşir",
                    "hand in progress: the score is final after the last trick"),
    "teams": ("Takımlar", "Teams"),
    "target": ("hedef {n}", "target {n}"),
    "winners": ("Kazanan", "Winner"),
    "standings": ("Sıralama puanı", "Standing"),
    "playing": ("oynanıyor", "being played"),
    "moon_mark": ("kafa attı", "moon"),
    "none": ("—", "—"),
    "no_pass": ("kart geçirme yok", "no passing"),
    # the errors of a picture's settings
    "size": ("size bir kartın piksel olarak genişliğidir, 16 ile 400 arası; {value} değil",
             "size is a card's width in pixels, from 16 to 400, not {value}"),
    "taken": ("{n} oyuncunun her birinin aldığı kartları ver, {given} değil",
              "give the cards taken by each of the {n} seats, not {given}"),
}
#: The same texts for one card, trick or point.
_ONE = {
    "cards": ("1 kart", "1 card"), "hand_of": ("{seat}: 1 kart", "{seat}: 1 card"),
    "tricks_won": ("1 el", "1 trick"), "points": ("1 puan", "1 point"),
    "no_points_cards": ("ve 1 puansız kart", "and 1 card without points"),
}
#: The same texts when the seat they name is the learner's own ("sen" / "you").
_YOU_TEXT = {
    "led": ("sen açtın", "you led"),
    "won": ("sen aldın", "you won"),
    "taken_by": ("Senin aldıkların", "Taken by you"),
}
catalogue("render", _TEXT, you=_YOU_TEXT, one=_ONE, scoped=True)


@dataclass
class _Defaults:
    lang: str = "tr"
    four_colour: bool = False
    size: int = 64


_DEFAULTS = _Defaults()


def set_defaults(lang: str | None = None, four_colour: bool | None = None,
                 size: int | None = None) -> None:
    """Change the page-wide defaults used when a function gets ``None`` (and by ``_repr_html_``).

    >>> set_defaults(lang="en"); card_html(Card.parse("AH")).count('aria-label="ace of hearts"')
    1
    >>> set_defaults(lang="tr")
    """
    if lang is not None:
        _DEFAULTS.lang = _lang(lang)
    if four_colour is not None:
        _DEFAULTS.four_colour = bool(four_colour)
    if size is not None:
        _DEFAULTS.size = _size(size)


def _lang(lang: str | None) -> str:
    if lang is None:
        return _DEFAULTS.lang
    if lang not in LANGS:
        raise SettingError(say("one_of"), name="lang", choices=", ".join(LANGS), value=repr(lang))
    return lang


def _size(size: float | None) -> int:
    if size is None:
        return _DEFAULTS.size
    if not isinstance(size, (int, float)) or not 16 <= size <= 400:
        raise SettingError(say("render.size"), value=repr(size))
    return int(size)


def _colours(four_colour: bool | None) -> dict[Suit, str]:
    four = _DEFAULTS.four_colour if four_colour is None else four_colour
    return _FOUR_COLOURS if four else _TWO_COLOURS


def suit_colour(suit: Suit | int, four_colour: bool | None = None) -> str:
    """The colour a suit is drawn in.

    >>> suit_colour(Suit.CLUBS), suit_colour(Suit.CLUBS, four_colour=True)
    ('#1c1c1e', '#1e7b34')
    """
    return _colours(four_colour)[Suit(suit)]


@lru_cache(maxsize=8192)       # a table's few places and sizes, formatted at every move
def _num(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _pip(suit: Suit, cx: float, cy: float, size: float, colour: str, flip: bool = False) -> str:
    scale = size / 100
    move = f"translate({_num(cx - size / 2)} {_num(cy - size / 2)}) scale({_num(scale)})"
    if flip:
        move = f"rotate(180 {_num(cx)} {_num(cy)}) " + move
    return f'<path transform="{move}" d="{_SUIT_PATHS[suit]}" fill="{colour}"/>'


def _index(card: Card, colour: str) -> str:
    """The rank and a small suit in the top-left corner (drawn again, turned, bottom-right)."""
    label = card.rank_label
    spacing = ' letter-spacing="-1.5"' if len(label) > 1 else ""
    return (f'<text x="13" y="25" text-anchor="middle" font-size="22" font-weight="700" '
            f'font-family="{_FONT_ATTR}" fill="{colour}"{spacing}>{label}</text>'
            + _pip(card.suit, 13, 37, 14, colour))


def _face(card: Card, colour: str) -> str:
    suit, rank = card.suit, card.rank
    if rank == 14:
        return _pip(suit, 50, 70, 46 if suit == Suit.SPADES else 40, colour)
    if rank > 10:
        letter = {11: "J", 12: "Q", 13: "K"}[rank]
        return (f'<rect x="24" y="21" width="52" height="98" rx="6" fill="{colour}" '
                f'fill-opacity="0.08" stroke="{colour}" stroke-opacity="0.55" stroke-width="1.2"/>'
                + _pip(suit, 50, 38, 18, colour)
                + f'<text x="50" y="85" text-anchor="middle" font-size="40" font-weight="700" '
                  f'font-family="{_FONT_ATTR}" fill="{colour}">{letter}</text>'
                + _pip(suit, 50, 103, 18, colour, flip=True))
    out = []
    for spec in _PIPS[rank].split():
        frac = float(spec[1:])
        cy = _PIP_TOP + frac * (_PIP_BOTTOM - _PIP_TOP)
        out.append(_pip(suit, _COLS[spec[0]], cy, _PIP_SIZE, colour, flip=frac > 0.5))
    return "".join(out)


def _frame(state: str) -> tuple[str, str]:
    """Border colour and width for a card's state."""
    return {"legal": (_LEGAL, "3.5"), "selected": (_SELECTED, "4"),
            "winner": (_WINNER, "5")}.get(state, (_EDGE, "1.5"))


_STATES = ("normal", "legal", "illegal", "selected", "winner")


def card_svg(card: Card | str, *, lang: str | None = None, four_colour: bool | None = None,
             size: float | None = None, state: str = "normal", x: float | None = None,
             y: float | None = None) -> str:
    """One card face as an ``<svg>`` element (``x``/``y`` place it inside another SVG).

    ``state`` is ``normal``, ``legal`` (blue edge), ``illegal`` (washed out), ``selected`` (amber
    edge) or ``winner`` (gold edge).

    >>> svg = card_svg("10H", lang="en", size=50, state="illegal")
    >>> svg.startswith('<svg role="img" aria-label="ten of hearts"'), 'fill-opacity="0.62"' in svg
    (True, True)
    """
    card = Card.parse(card)
    if state not in _STATES:
        raise SettingError(say("one_of"), name="state", choices=", ".join(_STATES),
                           value=repr(state))
    four = _DEFAULTS.four_colour if four_colour is None else bool(four_colour)
    return _card_svg(card.index, _lang(lang), four, _size(size), state,
                     None if x is None else _num(x), _num(y or 0), _SHARED_FACES.get())


#: True while `shared_faces` is on: faces are drawn as ``<use>`` of `faces_html`'s pictures
_SHARED_FACES: ContextVar[bool] = ContextVar("maca_shared_faces", default=False)


@contextmanager
def shared_faces() -> Iterator[None]:
    """Within it, a card's face is a reference (``<use href="#maca-QS"/>``) to the picture
    `faces_html` holds, which the page has once: the class server sends a seat's drawing at
    every move, a fifth of its size this way. Label, frame and state stay on each card.

    >>> with shared_faces():
    ...     svg = card_svg("QS", lang="en")
    >>> '<use href="#maca-QS" aria-hidden="true"/>' in svg, "queen of spades" in svg, "<path" in svg
    (True, True, False)
    """
    token = _SHARED_FACES.set(True)
    try:
        yield
    finally:
        _SHARED_FACES.reset(token)


def _face_id(card: Card, four: bool) -> str:
    return f"maca{'4' if four else ''}-{card}"


def _face_art(card: Card, colour: str) -> str:
    """What a face shows inside its frame: the two corner indices and the pips or figure."""
    return (f'{_index(card, colour)}<g transform="rotate(180 50 70)">{_index(card, colour)}</g>'
            f'{_face(card, colour)}')


@lru_cache(maxsize=1)
def faces_html() -> str:
    """Every face in both colour schemes, as a hidden SVG of definitions for the cards drawn
    under `shared_faces` (a page puts it in once).

    >>> html = faces_html()
    >>> html.count("<g id="), 'id="maca-QS"' in html, 'id="maca4-10D"' in html
    (104, True, True)
    """
    faces = "".join(f'<g id="{_face_id(card, four)}">{_face_art(card, colours[card.suit])}</g>'
                    for four in (False, True) for colours in (_colours(four),)
                    for card in map(Card, range(52)))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" aria-hidden="true" '
            f'focusable="false" style="position:absolute;width:0;height:0;overflow:hidden">'
            f'<defs>{faces}</defs></svg>')


@lru_cache(maxsize=4096)
def _card_svg(index: int, lang: str, four: bool, width: int, state: str, x: str | None,
              y: str, shared: bool) -> str:
    """`card_svg` with its settings resolved: a face is drawn once, then read from the cache
    (a class table draws the same faces for every seat at every move)."""
    card = Card(index)
    colour = _colours(four)[card.suit]
    name = escape(card.name(lang))
    edge, stroke = _frame(state)
    place = "" if x is None else f' x="{x}" y="{y}"'
    veil = ('<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="#eef0f3" '
            'fill-opacity="0.62"/>' if state == "illegal" else "")
    art = (f'<use href="#{_face_id(card, four)}" aria-hidden="true"/>{veil}' if shared
           else f'<g aria-hidden="true">{_face_art(card, colour)}{veil}</g>')
    return (f'<svg role="img" aria-label="{name}" xmlns="http://www.w3.org/2000/svg"{place} '
            f'width="{width}" height="{_num(width * 1.4)}" viewBox="0 0 100 140" '
            f'style="display:block;overflow:visible"><title>{name}</title>'
            f'<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="#fff" stroke="{edge}" '
            f'stroke-width="{stroke}"/>{art}</svg>')


def card_html(card: Card | str, *, lang: str | None = None, four_colour: bool | None = None,
              size: float | None = None, state: str = "normal") -> str:
    """One card as inline HTML (used by ``Card._repr_html_``).

    >>> card_html("2C", lang="tr").count("sinek 2&#x27;li")
    2
    """
    return (f'<span style="display:inline-block;vertical-align:bottom">'
            f'{card_svg(card, lang=lang, four_colour=four_colour, size=size, state=state)}</span>')


def _lattice(inset: float) -> str:
    """Diagonal lines filling the back's inner panel, clipped by hand (no clipPath ids)."""
    x0, y0, x1, y1 = inset, inset, 100 - inset, 140 - inset
    lines = []
    step = 9.0
    for sign in (1, -1):
        c = -140.0
        while c < 240:
            pts = []
            # the line y = sign * x + c, intersected with the panel's four edges
            for x in (x0, x1):
                y = sign * x + c
                if y0 <= y <= y1:
                    pts.append((x, y))
            for y in (y0, y1):
                x = (y - c) * sign
                if x0 < x < x1:
                    pts.append((x, y))
            if len(pts) >= 2:
                (ax, ay), (bx, by) = pts[0], pts[1]
                lines.append(f"M{_num(ax)} {_num(ay)}L{_num(bx)} {_num(by)}")
            c += step
    return "".join(lines)


_BACK_LINES = _lattice(9)


def _back_svg(lang: str, width: int, x: float | None = None, y: float | None = None) -> str:
    label = escape(say("render.back")[lang])
    place = "" if x is None else f' x="{_num(x)}" y="{_num(y or 0)}"'
    return (f'<svg role="img" aria-label="{label}" xmlns="http://www.w3.org/2000/svg"{place} '
            f'width="{width}" height="{_num(width * 1.4)}" viewBox="0 0 100 140" '
            f'style="display:block"><title>{label}</title>'
            f'<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="#fff" stroke="{_EDGE}" '
            f'stroke-width="1.5"/><g aria-hidden="true">'
            f'<rect x="7" y="7" width="86" height="126" rx="6" fill="#1f3a7a"/>'
            f'<path d="{_BACK_LINES}" stroke="#ffffff" stroke-opacity="0.22" stroke-width="2"/>'
            f'<rect x="9" y="9" width="82" height="122" rx="5" fill="none" stroke="#ffffff" '
            f'stroke-opacity="0.7" stroke-width="1.5"/>'
            + _pip(Suit.SPADES, 50, 70, 30, "#ffffff") + '</g></svg>')


def back_html(*, lang: str | None = None, size: float | None = None) -> str:
    """A face-down card.

    >>> 'aria-label="face-down card"' in back_html(lang="en")
    True
    """
    return (f'<span style="display:inline-block;vertical-align:bottom">'
            f'{_back_svg(_lang(lang), _size(size))}</span>')


def _as_cards(cards: Iterable[Card | str] | CardSet | int | str) -> CardSet:
    if isinstance(cards, CardSet):
        return cards
    if isinstance(cards, int):
        return CardSet(cards)
    if isinstance(cards, str):
        return CardSet.parse(cards)
    return CardSet(cards)


def hand_html(cards: Iterable[Card | str] | CardSet | int | str, *, lang: str | None = None,
              four_colour: bool | None = None, size: float | None = None,
              legal: CardSet | int | None = None, selected: CardSet | int | None = None,
              label: str | None = None, face_down: bool = False) -> str:
    """A hand held as in real life: grouped ♠ ♥ ♦ ♣, high to low, cards overlapping.

    With ``legal`` the playable cards are raised with a blue edge and the others dimmed;
    ``selected`` cards (for passing) are raised with an amber edge.

    >>> html = hand_html("AS QS 2H 5C", lang="en", legal=CardSet.parse("AS QS"))
    >>> html.count('role="img"'), html.count('fill-opacity="0.62"'), 'aria-label="4 cards"' in html
    (4, 2, True)
    """
    lang, width = _lang(lang), _size(size)
    held = _as_cards(cards)
    legal_set = None if legal is None else _as_cards(legal)
    chosen = CardSet() if selected is None else _as_cards(selected)
    group_label = escape(label if label is not None else say("render.cards", n=len(held))[lang])
    visible, gap = (0.16 * width, 0.0) if face_down else (0.4 * width, 0.16 * width)
    raise_by = round(0.16 * width)
    top = raise_by if (legal_set is not None or chosen) else 0
    height = width * 1.4
    if not held:
        return (f'<div role="group" aria-label="{group_label}" style="line-height:0">'
                f'<span style="display:inline-block;width:{width}px;height:{_num(height)}px;'
                f'border:1.5px dashed {_EDGE};border-radius:{_num(width * 0.09)}px;'
                f'box-sizing:border-box"></span></div>')
    parts = []
    x, previous = 0.0, None
    for i, card in enumerate(held.sorted_for_display()):
        if i:
            x += visible + (gap if card.suit != previous else 0)
        previous = card.suit
        if face_down:
            picture, lift = _back_svg(lang, width), 0
        else:
            if card in chosen:
                state, lift = "selected", raise_by
            elif legal_set is None:
                state, lift = "normal", 0
            elif card in legal_set:
                state, lift = "legal", raise_by
            else:
                state, lift = "illegal", 0
            picture = card_svg(card, lang=lang, four_colour=four_colour, size=width, state=state)
        parts.append(f'<g transform="translate({_num(x)} {_num(top - lift)})">{picture}</g>')
    # One picture that shrinks to the width it is given (a phone), keeping its proportions.
    full_w, full_h = x + width, top + height
    return (f'<svg xmlns="http://www.w3.org/2000/svg" role="group" aria-label="{group_label}" '
            f'width="{_num(full_w)}" height="{_num(full_h)}" '
            f'viewBox="0 0 {_num(full_w)} {_num(full_h)}" '
            f'style="display:block;max-width:100%;height:auto">{"".join(parts)}</svg>')


# -- tricks on a table ------------------------------------------------------------------------
def _slots(players: int, width: float, font: float, label: float
           ) -> tuple[float, float, dict[int, tuple[float, float]]]:
    """Table size and each seat's card position (top-left); seat 0 sits at the bottom.

    ``label`` is the widest seat name in pixels: side seats keep room for it.
    """
    height = width * 1.4
    line = font * 1.5
    side = 1.4 * width  # from the table's centre to a side card's centre
    table_w = max(4.6 * width, 2 * (side + max(width, label) / 2 + 0.15 * width))
    table_h = 2 * line + 2.1 * height + 0.2 * width
    cx = table_w / 2
    top = line + 0.1 * width
    south = (cx - width / 2, top + 1.1 * height)
    north = (cx - width / 2, top)
    west = (cx - side - width / 2, top + 0.55 * height)
    east = (cx + side - width / 2, top + 0.55 * height)
    if players == 3:
        return table_w, table_h, {0: south, 1: west, 2: east}
    return table_w, table_h, {0: south, 1: west, 2: north, 3: east}


@lru_cache(maxsize=4096)       # the seats' names, drawn again at every move
def _label(x: float, y: float, text: str, size: float, weight: str = "600",
           colour: str = "#2b2f36") -> str:
    return (f'<text x="{_num(x)}" y="{_num(y)}" text-anchor="middle" font-size="{_num(size)}" '
            f'font-weight="{weight}" font-family="{_FONT_ATTR}" fill="{colour}">'
            f'{escape(text)}</text>')


class PlaceWord(SeatWord):
    """A seat named by its place only, never "sen" / "you" (the teacher's view of a table):
    ``{seat:loc}`` is "Güney'de", not "sende".

    >>> "{w:Nom} · {w:loc}".format(w=PlaceWord(0, "tr")), str(PlaceWord(0, "en"))
    ("Güney · Güney'de", 'South')
    """

    __slots__ = ()

    @property
    def you(self) -> bool:
        return False

    def __str__(self) -> str:
        return seat_form(self.seat, self.lang, "nom", self.players, you=False)

    def __format__(self, spec: str) -> str:
        form = spec.lower()
        if form in ("no", "") or form.startswith("name"):
            return super().__format__(spec) if spec else str(self)
        word = seat_form(self.seat, self.lang, form, self.players, you=False)
        return word[:1].upper() + word[1:] if spec[0].isupper() else word


def seat_label(seat: int, lang: str, players: int = 4, name: str | None = None,
               you: bool = True) -> str:
    """A seat's label, with the person sitting there: "Batı · Ali". With ``you`` False no seat
    is the viewer's (the teacher's view): seat 0 is "Güney", not "Güney (sen)".

    >>> seat_label(1, "tr", name="Ali"), seat_label(0, "en"), seat_label(0, "tr", you=False)
    ('Batı · Ali', 'South (you)', 'Güney')
    """
    place = seat_name(seat, lang, players) if you else str(PlaceWord(seat, lang, players))
    return f"{place} · {name}" if name else place


@lru_cache(maxsize=64)
def _table_cloth(table_w: float, table_h: float, width: int) -> str:
    """The green table a trick lies on."""
    return (f'<rect x="1" y="1" width="{_num(table_w - 2)}" height="{_num(table_h - 2)}" '
            f'rx="{_num(width * 0.35)}" fill="#e7f0e9" stroke="#b5cbbb" stroke-width="1.5"/>')


@lru_cache(maxsize=8192)      # a seat's place looks the same at many moves and tables
def _place(bottom: bool, x: float, y: float, width: int, font: float, label: str, won: bool,
           card: int | None, order: int, to_move: bool, lang: str, four: bool,
           shared: bool) -> str:
    """One seat's place at a trick: its label, and its card with the order it was played in
    (or the empty place, framed in blue when the seat is to move)."""
    height = width * 1.4
    label_y = y + height + font * 1.2 if bottom else y - font * 0.5
    out = _label(x + width / 2, label_y, label, font, "700" if won else "600",
                 "#8a5a00" if won else "#2b2f36")
    if card is not None:
        out += _card_svg(card, lang, four, width, "winner" if won else "normal", _num(x),
                         _num(y), shared)
        r = width * 0.13
        bx, by = x + width - r * 0.4, y + r * 0.4
        return out + (f'<g aria-hidden="true"><circle cx="{_num(bx)}" cy="{_num(by)}" '
                      f'r="{_num(r)}" fill="#2b2f36"/>'
                      + _label(bx, by + r * 0.42, str(order + 1), r * 1.25, "700", "#fff")
                      + "</g>")
    dash = _LEGAL if to_move else "#9aa59d"
    return out + (f'<rect x="{_num(x + 1)}" y="{_num(y + 1)}" width="{_num(width - 2)}" '
                  f'height="{_num(height - 2)}" rx="{_num(width * 0.09)}" fill="none" '
                  f'stroke="{dash}" stroke-width="1.5" stroke-dasharray="5 4"/>')


def trick_html(trick: Trick, *, lang: str | None = None, four_colour: bool | None = None,
               size: float | None = None, number: int | None = None,
               title: str | None = None, names: Sequence[str | None] = (),
               you: bool = True, turn: str = "show", state: str | None = None) -> str:
    """A trick on the table: each seat's card, the play order, who led and who won.

    ``names``: the people's names per seat, written beside the seats ("Batı · Ali"); with
    ``you`` False no seat is the viewer's ("Güney", not "sen": the teacher's view).
    ``turn``: ``show`` frames the empty place of the seat to move and names it in the
    caption, ``frame`` only frames it (a sentence nearby says whose turn it is), ``none``
    neither (no one is to play: the cards are being passed); ``state`` ends the caption
    ("kart geçirme sürüyor").

    >>> from maca import Hand, Rules
    >>> hand = Hand.deal(Rules.preset("standard"), seed=1, number=4)
    >>> for _ in range(4):
    ...     hand.play(hand.legal_plays().sorted_for_display()[-1])
    >>> html = trick_html(hand.last_trick, lang="en", number=1)
    >>> html.count('role="img"'), "Trick 1" in html, " won" in html
    (4, True, True)
    >>> html = trick_html(hand.last_trick, lang="tr", names=(None, "Ali"), you=False)
    >>> "Batı · Ali" in html, "Güney (sen)" in html, "sen " in html
    (True, False, False)
    >>> from maca.trick import Trick
    >>> html = trick_html(Trick(0, (), None, 4), lang="tr", turn="none", state="kart geçirme")
    >>> "sıra" in html, html.count(_LEGAL), html.endswith("kart geçirme</div></div>")
    (False, 0, True)
    """
    lang, width = _lang(lang), _size(size)
    players = trick.players
    font = max(10.0, width * 0.19)
    labels = [seat_label(seat, lang, players, names[seat] if seat < len(names) else None, you)
              for seat in range(players)]
    word = SeatWord if you else PlaceWord
    table_w, table_h, slots = _slots(players, width, font,
                                     max(len(n) for n in labels) * font * 0.62)
    plays = dict((seat, (i, card)) for i, (seat, card) in enumerate(trick.plays()))
    next_seat = trick.seat_of(len(trick.cards)) \
        if len(trick.cards) < players and turn != "none" else None
    four, shared = _DEFAULTS.four_colour if four_colour is None else bool(four_colour), \
        _SHARED_FACES.get()
    body = [_table_cloth(table_w, table_h, width)]
    for seat, (x, y) in slots.items():
        order, card = plays.get(seat, (-1, None))
        body.append(_place(seat == 0, x, y, width, font, labels[seat], seat == trick.winner,
                           None if card is None else card.index, order, seat == next_seat,
                           lang, four, shared))
    head = title if title is not None else (
        say("render.trick_n").say(lang, n=number) if number is not None else say("trick_no")[lang])
    summary = [head]
    if trick.cards:
        summary.append(say("render.led").say(lang, seat=word(trick.leader, lang, players)))
    if trick.winner is not None:
        summary.append(say("render.won").say(lang, seat=word(trick.winner, lang, players)))
    if not trick.cards:
        summary.append(say("render.empty")[lang])
    if next_seat is not None and turn == "show":
        summary.append(say("render.to_move").say(lang, seat=word(next_seat, lang, players)))
    if state:
        summary.append(state)
    caption = " · ".join(summary)
    return (f'<div role="group" aria-label="{escape(caption)}" style="display:inline-block;'
            f'max-width:100%;font-family:{FONT};line-height:1.3">'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(table_w)}" '
            f'height="{_num(table_h)}" viewBox="0 0 {_num(table_w)} {_num(table_h)}" '
            f'style="display:block;max-width:100%;height:auto">{"".join(body)}</svg>'
            f'<div style="text-align:center;font-size:{_num(font)}px;color:#444;'
            f'margin-top:2px">{escape(caption)}</div></div>')


def _suit_rows(cards: CardSet, lang: str, four_colour: bool | None, width: int) -> str:
    """A compact hand for a side seat: one overlapping row per suit."""
    rows = []
    for suit in DISPLAY_SUITS:
        of_suit = cards.of_suit(suit)
        if of_suit:
            rows.append(hand_html(of_suit, lang=lang, four_colour=four_colour, size=width,
                                  label=f"{suit.name_in(lang)}: {len(of_suit)}"))
    if not rows:
        rows.append(hand_html(CardSet(), lang=lang, size=width))
    return ("<div style=\"display:flex;flex-direction:column;gap:3px\">" + "".join(rows)
            + "</div>")


def table_html(hand: Hand, *, lang: str | None = None, four_colour: bool | None = None,
               size: float | None = None, reveal: str | int = "all",
               show_legal: bool = True) -> str:
    """The whole table of a hand: every seat's cards around the trick, and the state line.

    ``reveal`` is ``"all"`` (every hand face up, the default for study) or a seat number (only
    that seat's cards face up). With ``show_legal`` the legal cards of the player to move are
    raised. When the current trick is empty the last completed trick is shown.

    >>> from maca import Hand, Rules
    >>> hand = Hand.deal(Rules.preset("standard"), seed=2, number=4)
    >>> html = table_html(hand, lang="en", reveal=0)
    >>> html.count('aria-label="face-down card"'), "to play: " in html
    (39, True)
    """
    lang, width = _lang(lang), _size(size)
    players = hand.players
    small = max(24, round(width * 0.7))
    to_move = hand.to_move
    seats = {}
    for seat in range(players):
        cards = hand.cards(seat)
        face_up = reveal == "all" or reveal == seat
        name = seat_name(seat, lang, players)
        info = [say("render.tricks_won", n=hand.tricks_won(seat))[lang]]
        points = hand.penalty_taken()[seat]
        if points:
            info.append(say("render.points", n=points)[lang])
        head = (f'<div style="font-size:13px;font-weight:600;color:#2b2f36;margin:2px 0">'
                f'{escape(name)}<span style="font-weight:400;color:#666"> · '
                f'{escape(", ".join(info))}</span></div>')
        label = say("render.hand_of", seat=name, n=len(cards))[lang]
        legal = hand.legal_plays() if show_legal and seat == to_move and face_up else None
        if seat == 0:
            picture = hand_html(cards, lang=lang, four_colour=four_colour, size=width,
                                legal=legal, label=label, face_down=not face_up)
        elif face_up and legal is None and seat in (1, players - 1):
            picture = _suit_rows(cards, lang, four_colour, small)
        else:
            picture = hand_html(cards, lang=lang, four_colour=four_colour, size=small,
                                legal=legal, label=label, face_down=not face_up)
        seats[seat] = f'<div style="padding:4px">{head}{picture}</div>'
    trick = hand.current_trick
    title = say("render.trick_n", n=hand.trick_number)[lang]
    if not trick.cards and hand.last_trick is not None:
        trick = hand.last_trick
        title = f"{say('render.trick_n', n=len(hand.tricks))[lang]} ({say('render.last_trick')[lang]})"
    middle = trick_html(trick, lang=lang, four_colour=four_colour, size=small, title=title)
    # North and South take whole rows; West, the trick and East share one, and wrap under one
    # another where the page is narrow (a phone), as the hands shrink to fit.
    whole = "flex-basis:100%;display:flex;justify-content:center;min-width:0"
    cells = [f'<div style="{whole}">{seats[2]}</div>'] if players == 4 else []
    cells += [f'<div style="min-width:0">{seats[1]}</div>',
              f'<div style="min-width:0;max-width:100%">{middle}</div>',
              f'<div style="min-width:0">{seats[players - 1]}</div>',
              f'<div style="{whole}">{seats[0]}</div>']
    state = [say("render.hand_n", n=hand.number)[lang]]
    direction = hand.pass_direction
    state.append(say("render.no_pass")[lang] if direction == "none" else
                 f"{say('render.pass')[lang]}: {say(f'dir_{direction}')[lang]}")
    if hand.is_over:
        state.append(say("render.over")[lang])
    elif to_move is not None:
        state.append(say("render.to_move", seat=SeatWord(to_move, lang, players))[lang])
    state.append(say("render.broken" if hand.hearts_broken else "render.not_broken")[lang])
    line = " · ".join(state)
    return (f'<div role="group" aria-label="{escape(line)}" style="font-family:{FONT};'
            f'display:inline-block;max-width:100%"><div style="display:flex;flex-wrap:wrap;'
            f'justify-content:center;align-items:center;gap:4px 10px">'
            f'{"".join(cells)}</div><div style="font-size:13px;color:#444;margin-top:6px">'
            f'{escape(line)}</div></div>')


def _scoring(rules: Rules, mask: int) -> CardSet:
    """The cards of ``mask`` that are worth points (either way) under ``rules``."""
    return CardSet([c for c in CardSet(mask) if rules.value_of(c) != 0])


def taken_html(cards: CardSet | int | Iterable[Card | str] | str, rules: Rules, *,
               lang: str | None = None, four_colour: bool | None = None,
               size: float | None = None, seat: int | None = None) -> str:
    """The cards a player has taken: the ones that score, their points, and how many others.

    >>> from maca import Rules
    >>> html = taken_html("QS 5H 2C 3C", Rules.preset("standard"), lang="en", seat=1)
    >>> html.count('role="img"'), "14 points" in html, "and 2 cards without points" in html
    (2, True, True)
    """
    lang, width = _lang(lang), _size(size)
    taken = _as_cards(cards)
    scoring = _scoring(rules, taken.mask)
    points = penalty_points(rules, [taken.mask])[0]
    head = []
    if seat is not None:
        head.append(say("render.taken_by", seat=SeatWord(seat, lang, rules.players))[lang])
    head.append(say("render.points", n=points)[lang])
    others = len(taken) - len(scoring)
    label = " · ".join(head)
    body = (hand_html(scoring, lang=lang, four_colour=four_colour, size=width, label=label)
            if scoring else
            f'<div style="color:#666;font-size:13px">{say("render.nothing_taken")[lang]}</div>')
    tail = (f'<div style="color:#666;font-size:12px">{say("render.no_points_cards", n=others)[lang]}</div>'
            if others else "")
    return (f'<div style="font-family:{FONT};display:inline-block;margin:2px 8px 2px 0">'
            f'<div style="font-size:13px;font-weight:600;color:#2b2f36;margin-bottom:2px">'
            f'{escape(label)}</div>{body}{tail}</div>')


# -- score tables -----------------------------------------------------------------------------
_TABLE = (f'style="border-collapse:collapse;font-family:{FONT};font-size:14px;'
          f'color:#1f2328;margin:4px 0"')
_TH = 'style="text-align:left;padding:4px 10px;border-bottom:2px solid #c9ced6;font-weight:600"'
_TD = 'style="padding:4px 10px;border-bottom:1px solid #e3e6ea"'
_TDN = 'style="padding:4px 10px;border-bottom:1px solid #e3e6ea;text-align:right"'
_TDB = ('style="padding:4px 10px;border-bottom:1px solid #e3e6ea;text-align:right;'
        'font-weight:700"')


def _score_box(rows: list[str], foot: str) -> str:
    # On a narrow screen (a phone) the table scrolls sideways within its box.
    return (f'<div style="display:inline-block;max-width:100%;overflow-x:auto;'
            f'font-family:{FONT}"><table {_TABLE}>'
            f'{"".join(rows)}</table>{foot}</div>')


def _int(value: int) -> str:
    """A whole number with a true minus sign."""
    return number(value)


def _signed(value: int, lang: str) -> str:
    if value == 0:
        return say("render.none")[lang]
    return signed(value)


def _glyphs(cards: CardSet, four_colour: bool | None) -> str:
    """Cards as short coloured text (Q♠ 5♥), the suit glyph hidden from screen readers."""
    colours = _colours(four_colour)
    return " ".join(
        f'<span style="color:{colours[c.suit]};white-space:nowrap" title="{escape(c.name("en"))}">'
        f'{c.rank_label}<span aria-hidden="true">{c.suit.symbol}</span></span>'
        for c in cards.sorted_for_display())


def score_table_html(rules: Rules, taken: Sequence[CardSet | int], *,
                     tricks_won: Sequence[int] | None = None,
                     peskir: Sequence[bool] | None = None, moon_choice: str | None = None,
                     final: bool = True, lang: str | None = None,
                     four_colour: bool | None = None, caption: str | None = None) -> str:
    """A hand's score: penalty cards and points per seat, the moon, peşkir, and the hand score.

    The numbers come from `maca.scoring`; ``final=False`` shows a hand still being played
    (penalty points only). ``tricks_won`` defaults to 1 for a seat that took any card.

    >>> from maca import Rules
    >>> r = Rules.preset("standard")
    >>> html = score_table_html(r, [r.moon_mask, 0, 0, 0], lang="en")
    >>> "shot the moon" in html, html.count(">+26<")
    (True, 3)
    """
    lang = _lang(lang)
    n = rules.players
    masks = [t.mask if isinstance(t, CardSet) else int(t) for t in taken]
    if len(masks) != n:
        raise SettingError(say("render.taken"), n=n, given=len(masks))
    won = list(tricks_won) if tricks_won is not None else [1 if m else 0 for m in masks]
    declared = list(peskir) if peskir is not None else [False] * n
    penalty = penalty_points(rules, masks)
    shooters = moon_shooters(rules, masks) if final else ()
    after_moon = hand_points(rules, masks, won, [False] * n, moon_choice)
    points = hand_points(rules, masks, won, declared, moon_choice)
    show_peskir = rules.peskir or any(declared)
    head = [say("render.player")[lang], say("render.penalty_cards")[lang], say("render.penalty")[lang]]
    if final:
        head.append(say("moon")[lang])
        if show_peskir:
            head.append(say("render.peskir")[lang])
        head.append(say("render.score")[lang])
    rows = ["<tr>" + "".join(f"<th {_TH}>{escape(h)}</th>" for h in head) + "</tr>"]
    for seat in range(n):
        name = escape(seat_name(seat, lang, n))
        if declared[seat]:
            name += f' <span style="color:#666">({say("declared_peskir")[lang]})</span>'
        cells = [f"<td {_TD}>{name}</td>",
                 f"<td {_TD}>{_glyphs(_scoring(rules, masks[seat]), four_colour)}</td>",
                 f"<td {_TDN}>{_int(penalty[seat])}</td>"]
        if final:
            moon = after_moon[seat] - penalty[seat]
            moon_text = _signed(moon, lang) if seat not in shooters else (
                f'{say("render.shot")[lang]} ({_signed(moon, lang)})')
            cells.append(f"<td {_TDN}>{moon_text}</td>")
            if show_peskir:
                cells.append(f"<td {_TDN}>{_signed(points[seat] - after_moon[seat], lang)}</td>")
            cells.append(f"<td {_TDB}>{_int(points[seat])}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    extra = []
    if final and rules.partnership:
        teams = ", ".join(
            f"{seat_name(a, lang)} + {seat_name(b, lang)}: {_int(points[a] + points[b])}"
            for a, b in TEAMS)
        extra.append(f"{say('render.teams')[lang]}: {teams}")
    if not final:
        extra.append(say("render.in_progress")[lang])
    if caption:
        extra.insert(0, caption)
    foot = "".join(f'<div style="font-size:13px;color:#444">{escape(e)}</div>' for e in extra)
    return _score_box(rows, foot)


def hand_scores_html(hand: Hand, *, lang: str | None = None,
                     four_colour: bool | None = None) -> str:
    """The score table of a hand: final once it is over, penalty points so far before that.

    >>> from maca import Hand, Rules
    >>> hand = Hand.deal(Rules.preset("standard"), seed=1, number=4)
    >>> "hand in progress" in hand_scores_html(hand, lang="en")
    True
    """
    n = hand.players
    return score_table_html(
        hand.rules, [hand.taken(s) for s in range(n)],
        tricks_won=[hand.tricks_won(s) for s in range(n)],
        peskir=[s in hand.peskir for s in range(n)], moon_choice=hand.moon_choice,
        final=hand.is_over, lang=lang, four_colour=four_colour)


def game_scores_html(game: Game, *, lang: str | None = None,
                     four_colour: bool | None = None) -> str:
    """A game's score sheet: one row per finished hand, totals, and at the end the winners and
    the +1/0/−1 standings.

    >>> from maca import Game, Rules
    >>> html = game_scores_html(Game(Rules.preset("standard"), seed=1), lang="en")
    >>> "Total" in html, "being played" in html
    (True, True)
    """
    lang = _lang(lang)
    rules = game.rules
    n = rules.players
    head = [say("hand_no")[lang]] + [seat_name(s, lang, n) for s in range(n)]
    rows = ["<tr>" + "".join(f"<th {_TH}>{escape(h)}</th>" for h in head) + "</tr>"]
    for hand in game.hands:
        label = str(hand.number)
        if not hand.is_over:
            rows.append(f"<tr><td {_TD}>{label}</td><td colspan=\"{n}\" style=\"padding:4px "
                        f"10px;color:#666\">{say('render.playing')[lang]}</td></tr>")
            continue
        points = hand.points()
        shooters = hand.moon_shooters
        cells = [f"<td {_TD}>{label}</td>"]
        for seat in range(n):
            marks = []
            if seat in shooters:
                marks.append(say("render.moon_mark")[lang])
            if seat in hand.peskir:
                marks.append(say("render.peskir")[lang].lower())
            note = f' <span style="color:#666">({", ".join(marks)})</span>' if marks else ""
            cells.append(f"<td {_TDN}>{_int(points[seat])}{note}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    totals = game.totals
    rows.append(f"<tr><td {_TD}><b>{say('total')[lang]}</b></td>"
                + "".join(f"<td {_TDB}>{_int(t)}</td>" for t in totals) + "</tr>")
    foot = [say("render.target", n=rules.target)[lang]]
    if rules.partnership:
        foot.append(f"{say('render.teams')[lang]}: " + ", ".join(
            f"{seat_name(a, lang)} + {seat_name(b, lang)}: {_int(t)}"
            for (a, b), t in zip(TEAMS, game.team_totals)))
    if game.is_over:
        rows.append(f"<tr><td {_TD}>{say('render.standings')[lang]}</td>"
                    + "".join(f"<td {_TDN}>{_signed(v, lang) if v else '0'}</td>"
                              for v in game.standings) + "</tr>")
        foot.append(f"{say('render.winners')[lang]}: "
                    + ", ".join(seat_name(s, lang, n) for s in game.winners))
    text = "".join(f'<div style="font-size:13px;color:#444">{escape(f)}</div>' for f in foot)
    return _score_box(rows, text)


_NOTE_COLOURS = {"error": ("#fdecea", "#b3261e"), "ok": ("#e8f5ec", "#1b7a3a"),
                 "info": ("#eef3fb", "#1d4f91")}


def message_html(text: str, kind: str = "info") -> str:
    """A short message in a coloured box: ``kind`` is ``info``, ``ok`` or ``error``.

    >>> message_html("Sıra sende.", "ok").startswith('<div role="status"')
    True
    """
    background, colour = _NOTE_COLOURS[kind]
    role = "alert" if kind == "error" else "status"
    return (f'<div role="{role}" style="font-family:{FONT};font-size:14px;background:'
            f'{background};color:{colour};border-left:4px solid {colour};padding:6px 10px;'
            f'border-radius:4px;margin:4px 0">{escape(text)}</div>')


# -- the cards a text names (the leak tests' eyes) -------------------------------------------
# the attributes of shapes and their places, that name nothing (read past for speed)
_GEOMETRY = re.compile(r'\s(?:d|points|transform|viewBox|x[12]?|y[12]?|c[xy]|r|r[xy]|width|height|'
                       r'font-size|font-weight|font-family|stroke-width|stroke-dasharray|'
                       r'fill-opacity|stroke-opacity|text-anchor|fill|stroke|xmlns)="[^"]*"')
_RANK_SHORT_OF = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_OF = {r: i for i, r in enumerate(_RANK_SHORT_OF)} | {"T": 8}
_CODE = re.compile(r"(?<![\w#])(10|[2-9TJQKA])([SHDC])(?!\w)")
_SYMBOL = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([♣♦♠♥])")
_PBN = re.compile(r"(?<![\w.])([AKQJT2-9]*)\.([AKQJT2-9]*)\.([AKQJT2-9]*)\.([AKQJT2-9]*)"
                  r"(?![\w.])")
_EN_RANKS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
             "queen", "king", "ace")
_EN_NAME = re.compile(r"\b(" + "|".join(_EN_RANKS) + r")\s+of\s+(clubs|diamonds|spades|hearts)\b",
                      re.IGNORECASE)
_TR_RANKS = {"10": 8, "vale": 9, "bacak": 9, "bacağ": 9, "kız": 10, "papaz": 11, "as": 12} | {
    str(r + 2): r for r in range(8)}
_TR_NAME = re.compile(r"(?<!\w)(sinek|karo|maça|kupa)\s+(10|[2-9](?!\d)|vale|bacak|bacağ|kız|"
                      r"papaz|as)", re.IGNORECASE)
_SUIT_OF = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C",
            "spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C",
            "maça": "S", "kupa": "H", "karo": "D", "sinek": "C"}


def _card(rank: int, suit: str) -> Card:
    """The card of rank index ``rank`` (0 = two) and a suit word, letter or symbol."""
    return Card.parse(_RANK_SHORT_OF[rank] + _SUIT_OF[suit])


def cards_in_html(html: str) -> CardSet:
    """Every card an HTML text names: card codes (a card button's ``data-value="QS"``, a game
    record's plays and deals), symbols (Q♠, 10♥) and names in Turkish and English (the card
    pictures' labels: "maça kızı", "ten of hearts"), in attributes, text and ``data:`` links.
    The fixed words of maca's own sentences are not counted (the rules' reasons, the hints'
    explanations, the presets' names: "no points on the first trick: you cannot play a heart
    or the queen of spades"): they name cards as the rules do, not as a hand holds them; a
    card filled into such a sentence is.

    >>> cards_in_html(card_html("QS", lang="tr") + "<p>10♥ ve kupa ası</p>")
    CardSet('QS AH 10H')
    >>> cards_in_html('<button data-value="2C">ten of clubs</button> deal AK...2/.../')
    CardSet('AS KS 10C 2C')
    >>> cards_in_html('<p style="color:#2C3E50">As you like: 10 points, 5 cards, 2.5.</p>')
    CardSet('')
    >>> from maca.reasons import Reason, Verdict
    >>> cards_in_html(Verdict(Reason.NO_POINTS_FIRST_TRICK).message("en") + " 3♦")
    CardSet('3D')
    """
    text = _GEOMETRY.sub("", html)
    text = _rule_words(sum(map(len, CATALOGUES.values()))).sub(" ", unescape(text))
    text = text + "\n" + unquote(text)
    found: list[Card] = []
    for rank, suit in _CODE.findall(text) + _SYMBOL.findall(text):
        found.append(_card(_RANK_OF[rank], suit))
    for match in _PBN.finditer(text):
        for letter, ranks in zip("SHDC", match.groups()):
            found += [_card(_RANK_OF[r], letter) for r in ranks]
    for rank, suit in _EN_NAME.findall(text):
        found.append(_card(_EN_RANKS.index(rank.lower()), suit.lower()))
    for suit, rank in _TR_NAME.findall(text):
        found.append(_card(_TR_RANKS[rank.lower()], suit.lower()))
    return CardSet(found)


def _names_cards(text: str) -> bool:
    """True when ``text`` names a card (read as `cards_in_html` reads, its own words kept)."""
    return any(p.search(text) for p in (_CODE, _SYMBOL, _PBN, _EN_NAME, _TR_NAME))


@lru_cache(maxsize=4)
def _rule_words(entries: int) -> re.Pattern[str]:
    """The fixed pieces of every catalogue sentence (between its ``{fields}``) that name a
    card, longest first, as one pattern; ``entries`` (the catalogues' size) renews it when a
    module registers more sentences."""
    pieces = {piece for texts in CATALOGUES.values() for text in texts.values()
              for form in (text, text.you, text.one, text.we) if form is not None
              for lang in LANGS for piece in re.split(r"\{[^{}]*\}", form[lang])
              if _names_cards(piece)}
    return re.compile("|".join(re.escape(p) for p in sorted(pieces, key=len, reverse=True))
                      or r"(?!)")
