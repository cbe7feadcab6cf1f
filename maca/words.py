"""The words every sentence about the game is built from: seats, card lists, scores.

This is the one home of the seats' names and their Turkish case forms. A seat's *label*
(``seat_name``: "Güney (sen)", "South (you)") names a seat on a button, in a column head or
next to a card; inside a sentence a seat is a word that takes case endings, and the learner's
own seat (South, seat 0) is "sen" / "you", not a name. Sentences never glue endings onto a
label: they ask for the form they need.

>>> seat_form(1, "tr", "dat"), seat_form(0, "tr", "dat"), seat_form(2, "tr", "abl")
("Batı'ya", 'sana', "Kuzey'den")
>>> seat_form(3, "en", "gen"), seat_form(0, "en", "gen")
("East's", 'your')

In a template a seat is a `SeatWord` and the form is its format spec; a capital letter asks
for a capital at the start of a sentence:

>>> "{w:Gen} kartları".format(w=SeatWord(0, "tr")), "{w:abl} aldın".format(w=SeatWord(3, "tr"))
('Senin kartları', "Doğu'dan aldın")
>>> "{w}".format(w=SeatWord(0, "en"))
'South (you)'

Card lists read like the pictures (♠ ♥ ♦ ♣, high to low), and scores use a true minus sign:

>>> card_list("2C 5H QS AH"), number(-26), signed(-26), signed(13)
('Q♠ A♥ 5♥ 2♣', '−26', '−26', '+13')
"""
from __future__ import annotations

from typing import Iterable

__all__ = ["LEARNER", "seat_name", "seat_form", "is_you", "SeatWord", "seat_words",
           "seat_list", "card_list", "number", "signed", "decimal", "preset_name", "CASES"]

#: The learner's seat: South.
LEARNER = 0

_LABELS: dict[int, dict[str, tuple[str, ...]]] = {
    4: {"tr": ("Güney (sen)", "Batı", "Kuzey", "Doğu"),
        "en": ("South (you)", "West", "North", "East")},
    3: {"tr": ("Güney (sen)", "Batı", "Doğu"), "en": ("South (you)", "West", "East")},
}
_ORDER = {4: ("south", "west", "north", "east"), 3: ("south", "west", "east")}

#: The grammatical forms a sentence may ask for.
CASES = ("nom", "acc", "dat", "abl", "loc", "gen")

# Each seat's forms, in the order of CASES: nominative (Batı), accusative (Batı'yı), dative
# (Batı'ya), ablative (Batı'dan), locative (Batı'da), genitive (Batı'nın).
_FORMS: dict[str, dict[str, tuple[str, ...]]] = {
    "tr": {
        "you": ("sen", "seni", "sana", "senden", "sende", "senin"),
        "south": ("Güney", "Güney'i", "Güney'e", "Güney'den", "Güney'de", "Güney'in"),
        "west": ("Batı", "Batı'yı", "Batı'ya", "Batı'dan", "Batı'da", "Batı'nın"),
        "north": ("Kuzey", "Kuzey'i", "Kuzey'e", "Kuzey'den", "Kuzey'de", "Kuzey'in"),
        "east": ("Doğu", "Doğu'yu", "Doğu'ya", "Doğu'dan", "Doğu'da", "Doğu'nun"),
    },
    "en": {
        "you": ("you", "you", "you", "you", "you", "your"),
        "south": ("South", "South", "South", "South", "South", "South's"),
        "west": ("West", "West", "West", "West", "West", "West's"),
        "north": ("North", "North", "North", "North", "North", "North's"),
        "east": ("East", "East", "East", "East", "East", "East's"),
    },
}


def _lang(lang: str) -> str:
    return "tr" if lang == "tr" else "en"


def seat_name(seat: int, lang: str = "en", players: int = 4) -> str:
    """A seat's label: seat 0 is the learner (South), then clockwise.

    >>> seat_name(1, "tr"), seat_name(2, "en", players=3), seat_name(0, "tr")
    ('Batı', 'East', 'Güney (sen)')
    """
    return _LABELS[players][_lang(lang)][seat]


def is_you(seat: object) -> bool:
    """True for the learner's own seat (a sentence about it speaks to "sen" / "you")."""
    return isinstance(seat, int) and not isinstance(seat, bool) and seat == LEARNER


def seat_form(seat: int, lang: str = "en", case: str = "nom", players: int = 4,
              you: bool = True) -> str:
    """A seat as a word in a sentence, in ``case`` (one of `CASES`). The learner's seat is
    "sen" / "you" unless ``you`` is False (then "Güney" / "South", as in "Güney + Kuzey").

    >>> seat_form(0, "tr", "abl"), seat_form(0, "tr", "abl", you=False), seat_form(1, "tr", "acc")
    ('senden', "Güney'den", "Batı'yı")
    """
    if case not in CASES:
        raise ValueError(f"case must be one of {', '.join(CASES)}, not {case!r}")
    key = "you" if you and is_you(seat) else _ORDER[players][seat]
    return _FORMS[_lang(lang)][key][CASES.index(case)]


def _capital(text: str) -> str:
    if not text:
        return text
    first = {"i": "İ", "ı": "I"}.get(text[0], text[0].upper())
    return first + text[1:]


class SeatWord:
    """A seat for a template: ``{seat}`` is its label, ``{seat:dat}`` a case form (`CASES`),
    ``{seat:Nom}`` the form with a capital; ``{seat:name}`` is the bare name ("Güney")."""

    __slots__ = ("seat", "lang", "players")

    def __init__(self, seat: int, lang: str, players: int = 4) -> None:
        self.seat, self.lang, self.players = seat, _lang(lang), players

    @property
    def you(self) -> bool:
        """True when this is the learner's seat."""
        return is_you(self.seat)

    def __str__(self) -> str:
        return seat_name(self.seat, self.lang, self.players)

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        if spec.lower() == "name":
            word = seat_form(self.seat, self.lang, "nom", self.players, you=False)
        else:
            word = seat_form(self.seat, self.lang, spec.lower(), self.players)
        return _capital(word) if spec[0].isupper() else word


def seat_words(seats: Iterable[int], lang: str, players: int = 4, case: str = "nom") -> str:
    """Several seats as the subject (or another part) of one sentence: "sen ve Kuzey",
    "West and East"; the learner comes first.

    >>> seat_words([2, 0], "tr"), seat_words([1, 3], "en"), seat_words([0], "en")
    ('sen ve Kuzey', 'West and East', 'you')
    """
    ordered = sorted(seats, key=lambda s: (not is_you(s), s))
    words = [seat_form(s, lang, "nom", players) for s in ordered]
    if case != "nom" and words:
        words[-1] = seat_form(ordered[-1], lang, case, players)
    joiner = " ve " if _lang(lang) == "tr" else " and "
    return ", ".join(words[:-1]) + joiner + words[-1] if len(words) > 1 else "".join(words)


def seat_list(seats: Iterable[int], lang: str, players: int = 4) -> str:
    """Seats' labels as a list (a column of results, not a sentence).

    >>> seat_list([0, 2], "en")
    'South (you), North'
    """
    return ", ".join(seat_name(s, lang, players) for s in seats) or "—"


def card_list(cards: object, sep: str = " ") -> str:
    """Cards as symbols in the order of the pictures: ♠ ♥ ♦ ♣, high to low in each suit.
    Takes a `CardSet`, any iterable of cards (or card strings), or a string of cards.

    >>> card_list(["3C", "AC", "KS"], ", ")
    'K♠, A♣, 3♣'
    """
    from .cards import CardSet
    chosen = cards if isinstance(cards, CardSet) else CardSet(cards)  # type: ignore[arg-type]
    return sep.join(c.symbol for c in chosen.sorted_for_display())


def number(value: int) -> str:
    """A whole number as written in a score: a true minus sign (−26), no sign when positive."""
    return f"−{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """A change of score with its sign: +13, −26, 0."""
    return f"+{value}" if value > 0 else number(value)


#: The presets' names, one form everywhere (buttons, titles, sentences).
_PRESETS: dict[str, tuple[str, str]] = {
    "standard": ("standart", "standard"),
    "omnibus": ("Omnibus (karo valesi −10)", "Omnibus (jack of diamonds −10)"),
    "turkish": ("Türk kuralları", "Turkish rules"),
    "three_players": ("üç kişilik", "three players"),
    "partnership": ("eşli", "partnership"),
}


def preset_name(name: str, lang: str, capital: bool = False) -> str:
    """A preset's name (its code name when it is not a preset); ``capital`` for a button.

    >>> preset_name("turkish", "tr"), preset_name("three_players", "tr", capital=True)
    ('Türk kuralları', 'Üç kişilik')
    """
    tr, en = _PRESETS.get(name, (name, name))
    text = tr if lang == "tr" else en
    return text[:1].upper() + text[1:] if capital else text


def decimal(value: float, lang: str, digits: int = 1) -> str:
    """An average as the language writes it: a decimal comma in Turkish, a true minus sign.

    >>> decimal(3.25, "tr"), decimal(3.25, "en"), decimal(-0.5, "tr", 2)
    ('3,2', '3.2', '−0,50')
    """
    text = f"{abs(value):.{digits}f}"
    if lang == "tr":
        text = text.replace(".", ",")
    return f"−{text}" if value < 0 and float(text.replace(",", ".")) else text
