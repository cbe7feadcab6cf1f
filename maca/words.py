"""The text layer: every word maca says, in Turkish and English, and the one way to say it.

A bilingual text is a `Text`; catalogues of texts are data, registered by name with
`catalogue` (here, and beside the modules that own their sentences), and one key finds one text
anywhere with `say` (a `Text`, in both languages; ``say(key)[lang]`` in one):

>>> say("yes")["tr"], say("yes").en, say("dir_left")["tr"], say("to_left")["en"]
('evet', 'yes', 'sola', 'to the left')

A text's parameters are written out per language: seats keep their case forms (`Seat`,
`SeatWord`), cards are symbols, whole numbers take a true minus sign, yes/no, other `Text`s and
errors (anything with ``message(lang)``) speak the language of the sentence:

>>> Text("{seat:abl} {n} puan", "{n} points from {seat:abl}").say("tr", seat=Seat(1), n=-3)
"Batı'dan −3 puan"

A text about a seat may have a second form for the learner's own seat (``you``):

>>> won = Text("{seat} aldı", "{seat} won", you=Text("sen aldın", "you won"))
>>> won.say("tr", seat=Seat(2)), won.say("tr", seat=Seat(0)), won.fill(seat=Seat(0)).en
('Kuzey aldı', 'sen aldın', 'you won')

This is also the one home of the seats' names and their Turkish case forms. A seat's *label*
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

Scores use a true minus sign:

>>> number(-26), signed(-26), signed(13)
('−26', '−26', '+13')
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

__all__ = ["Text", "Seat", "Owner", "catalogue", "CATALOGUES", "say", "show",
           "LEARNER", "seat_name", "seat_form", "is_you", "SeatWord", "seat_words",
           "seat_list", "number", "signed", "decimal", "preset_name", "CASES"]

#: The languages maca speaks.
LANGS = ("tr", "en")


@dataclass(frozen=True)
class Text:
    """A text in Turkish and English: ``text["tr"]``, ``text.say("en", **params)``.

    ``you`` is the form for the learner's own seat, used when the parameter named ``subject``
    (a `Seat`, a `SeatWord`, or a list of them) is the learner's; ``we`` the form for a list of
    seats that holds the learner's and another ("Sen ve Kuzey kafa attınız"); ``one`` the form
    for a count ``n`` of 1 ("1 card").
    """

    tr: str
    en: str
    you: Text | None = None
    we: Text | None = None
    subject: str = "seat"
    one: Text | None = None

    def __getitem__(self, lang: str) -> str:
        return str(getattr(self, _lang(lang)))

    def say(self, lang: str, **params: Any) -> str:
        """The text in ``lang``, its ``{fields}`` filled with ``params`` written out in it.

        >>> Text("{x} kart", "{x} cards").say("en", x=3)
        '3 cards'
        """
        chosen = self._form(params)
        template = chosen[lang]
        if not params:
            return template
        return template.format(**{k: _word(v, _lang(lang)) for k, v in params.items()})

    def fill(self, **params: Any) -> Text:
        """The text with its parameters filled in, in both languages."""
        return Text(self.say("tr", **params), self.say("en", **params))

    def _form(self, params: Mapping[str, Any]) -> Text:
        if self.one is not None and params.get("n") == 1:
            return self.one
        if self.you is None or self.subject not in params:
            return self
        about = params[self.subject]
        seats = about if isinstance(about, (list, tuple)) else [about]
        if not any(_is_learner(s) for s in seats):
            return self
        return self.we if len(seats) > 1 and self.we is not None else self.you

    @classmethod
    def join(cls, parts: Iterable[Text], sep: str = " ") -> Text:
        """The parts joined, language by language.

        >>> Text.join([Text("bir", "one"), Text("iki", "two")], ", ").tr
        'bir, iki'
        """
        items = list(parts)
        return cls(sep.join(p.tr for p in items), sep.join(p.en for p in items))

    def to_dict(self) -> dict[str, str]:
        """``{"tr": …, "en": …}``, as in exercise files."""
        return {"tr": self.tr, "en": self.en}


@dataclass(frozen=True)
class Seat:
    """A seat to be named in a text (``Batı`` / ``West``; ``{seat:dat}`` its case forms)."""

    seat: int
    players: int = 4


@dataclass(frozen=True)
class Owner(Seat):
    """A seat as the owner of something: ``Batı'nın``, ``Senin`` / ``West's``, ``Your``."""


#: Every catalogue of texts by name; a key belongs to one catalogue only (tests/test_words.py).
CATALOGUES: dict[str, dict[str, Text]] = {}
_ALL: dict[str, Text] = {}


def catalogue(name: str, entries: Mapping[str, Text | tuple[str, str]],
              you: Mapping[str, Text | tuple[str, str] | tuple[str, str, str]] | None = None,
              we: Mapping[str, tuple[str, str]] | None = None,
              one: Mapping[str, tuple[str, str]] | None = None,
              scoped: bool = False) -> dict[str, Text]:
    """Register the catalogue ``name``: key -> `Text` (or ``(tr, en)``). ``you`` gives the
    learner's forms of some keys, as ``(tr, en)`` about ``seat`` or ``(subject, tr, en)``;
    ``we`` the forms for a list of seats with the learner's; ``one`` the forms for ``n=1``.
    A module's own sentences are
    ``scoped``: their keys are ``name.key`` (``say("table.trick_won")``); the words every part
    shares have plain keys (``say("hint")``). Returns the catalogue, by full key.

    >>> catalogue("doctest", {"doctest_hi": ("selam {seat}", "hi {seat}")},
    ...           you={"doctest_hi": ("selam", "hi")})["doctest_hi"].say("en", seat=Seat(0))
    'hi'
    >>> del CATALOGUES["doctest"], _ALL["doctest_hi"]
    """
    built: dict[str, Text] = {}
    for key, value in entries.items():
        entry = value if isinstance(value, Text) else Text(*value)
        if you and key in you:
            mine = you[key]
            subject = "seat"
            if isinstance(mine, tuple) and len(mine) == 3:
                subject, mine = mine[0], (mine[1], mine[2])
            plural = we.get(key) if we else None
            entry = Text(entry.tr, entry.en,
                         you=mine if isinstance(mine, Text) else Text(mine[0], mine[1]),
                         we=Text(*plural) if plural else None, subject=subject)
        if one and key in one:
            entry = Text(entry.tr, entry.en, entry.you, entry.we, entry.subject, Text(*one[key]))
        built[f"{name}.{key}" if scoped else key] = entry
    CATALOGUES[name] = built
    _ALL.update(built)
    return built


def say(key: str, **params: Any) -> Text:
    """The catalogue text ``key``, its parameters filled in when given; ``say(key)[lang]`` in
    one language. This is the one look-up of every catalogue.

    >>> say("and").tr, say("preset_turkish")["en"], say("to_left").say("en")
    ('ve', 'Turkish rules', 'to the left')
    """
    entry = _ALL[key]
    return entry.fill(**params) if params else entry


def show(value: Any) -> Text:
    """A value (cards, seats, yes/no, lists) written out in both languages.

    >>> show([Seat(0), Seat(2)]).en, show(True).tr
    ('South (you), North', 'evet')
    """
    return Text(_show(value, "tr"), _show(value, "en"))


def _is_learner(value: Any) -> bool:
    if isinstance(value, Seat):
        return is_you(value.seat)
    if isinstance(value, SeatWord):
        return value.you
    if callable(value) and not isinstance(value, type):
        return _is_learner(value("tr"))
    return False


class _Seats:
    """Several seats in a template: ``{seats}`` lists their labels, ``{seats:Nom}`` names them as
    the subject of a sentence ("Sen ve Kuzey", "West and East")."""

    def __init__(self, seats: list[Seat], lang: str) -> None:
        self.seats, self.lang = seats, lang

    def __format__(self, spec: str) -> str:
        if not spec:
            return _show(self.seats, self.lang)
        players = self.seats[0].players if self.seats else 4
        words = seat_words([s.seat for s in self.seats], self.lang, players, spec.lower())
        return words[:1].upper() + words[1:] if spec[0].isupper() else words


def _word(value: Any, lang: str) -> Any:
    """A parameter as a template needs it: seats keep their forms (`SeatWord`), a function of
    the language is called, the rest is written out; text stays as it is."""
    if isinstance(value, str):
        return value
    if isinstance(value, Owner):
        return _OwnerWord(value.seat, lang, value.players)
    if isinstance(value, Seat):
        return SeatWord(value.seat, lang, value.players)
    if isinstance(value, SeatWord):
        return value
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, Seat) for v in value):
        return _Seats(list(value), lang)
    if callable(value) and not isinstance(value, type):
        return _word(value(lang), lang)
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    if isinstance(value, float):
        return decimal(value, lang)
    return _show(value, lang)


def _show(value: Any, lang: str) -> str:
    if isinstance(value, Owner):
        return format(_OwnerWord(value.seat, lang, value.players))
    if isinstance(value, Seat):
        return seat_name(value.seat, lang, value.players)
    in_order = getattr(value, "sorted_for_display", None)
    if callable(in_order):  # a set of cards (maca.cards imports this module, not back)
        return " ".join(c.symbol for c in in_order()) or "—"
    if hasattr(value, "rank") and hasattr(value, "suit"):  # a card
        return str(value.symbol)
    if isinstance(value, Text):
        return value[lang]
    if isinstance(value, bool):
        return say("yes" if value else "no")[lang]
    if isinstance(value, (list, tuple)):
        return ", ".join(_show(v, lang) for v in value) or "—"
    message: Callable[[str], str] | None = getattr(value, "message", None)
    if callable(message) and not isinstance(value, str):
        return message(lang)
    return str(value)


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
    ``{seat:Nom}`` the form with a capital; ``{seat:name}`` is the bare name ("Güney"),
    ``{seat:name_dat}`` its case forms ("Güney'e", never "sana"); ``{seat:no}`` the seat's
    number, as position strings and records write it.

    >>> "{w:name_loc} ({w:no})".format(w=SeatWord(0, "tr")), "seat {w:no}".format(w=SeatWord(3, "en"))
    ("Güney'de (0)", 'seat 3')
    """

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
        form = spec.lower()
        if form == "no":
            return str(self.seat)
        if form == "name" or form.startswith("name_"):
            word = seat_form(self.seat, self.lang, form[5:] or "nom", self.players, you=False)
        else:
            word = seat_form(self.seat, self.lang, spec.lower(), self.players)
        return _capital(word) if spec[0].isupper() else word


class _OwnerWord(SeatWord):
    """A seat as an owner: ``{seat}`` is its genitive (Batı'nın, senin)."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return super().__format__(spec or "Gen")


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
    joiner = f" {say('and')[lang]} "
    return ", ".join(words[:-1]) + joiner + words[-1] if len(words) > 1 else "".join(words)


def seat_list(seats: Iterable[int], lang: str, players: int = 4) -> str:
    """Seats' labels as a list (a column of results, not a sentence).

    >>> seat_list([0, 2], "en")
    'South (you), North'
    """
    return ", ".join(seat_name(s, lang, players) for s in seats) or "—"


def number(value: int) -> str:
    """A whole number as written in a score: a true minus sign (−26), no sign when positive."""
    return f"−{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """A change of score with its sign: +13, −26, 0."""
    return f"+{value}" if value > 0 else number(value)


def preset_name(name: str, lang: str, capital: bool = False) -> str:
    """A preset's name (its code name when it is not a preset); ``capital`` for a button.

    >>> preset_name("turkish", "tr"), preset_name("three_players", "tr", capital=True)
    ('Türk kuralları', 'Üç kişilik')
    """
    key = f"preset_{name}"
    word = say(key)[lang] if key in _ALL else name
    return _capital(word) if capital else word


def decimal(value: float, lang: str, digits: int = 1) -> str:
    """An average as the language writes it: a decimal comma in Turkish, a true minus sign.

    >>> decimal(3.25, "tr"), decimal(3.25, "en"), decimal(-0.5, "tr", 2)
    ('3,2', '3.2', '−0,50')
    """
    written = f"{abs(value):.{digits}f}"
    if value < 0 and float(written):
        written = f"−{written}"
    return written.replace(".", say("decimal_point")[lang])


# The words every part of maca shares: yes/no, pass directions (a direction's name, and where
# cards go in a sentence), presets, list joiners, numbers.
catalogue("words", {
    "lang_code": ("tr", "en"),
    "yes": ("evet", "yes"), "no": ("hayır", "no"), "and": ("ve", "and"),
    "decimal_point": (",", "."),
    "dir_left": ("sola", "left"), "dir_right": ("sağa", "right"),
    "dir_across": ("karşıya", "across"), "dir_none": ("yok", "none"),
    "to_left": ("sola", "to the left"), "to_right": ("sağa", "to the right"),
    "to_across": ("karşıya", "across"),
    # a direction on its own, as in a list of a game's directions ("sol, sağ, karşı, yok")
    "cycle_left": ("sol", "left"), "cycle_right": ("sağ", "right"),
    "cycle_across": ("karşı", "across"), "cycle_none": ("yok", "none"),
    "no_passing": ("geçirme yok", "no passing"),
    "preset_standard": ("standart", "standard"),
    "preset_omnibus": ("Omnibus (karo valesi −10)", "Omnibus (jack of diamonds −10)"),
    "preset_turkish": ("Türk kuralları", "Turkish rules"),
    "preset_three_players": ("üç kişilik", "three players"),
    "preset_partnership": ("eşli", "partnership"),
    # labels of the game's parts, on buttons, column heads and panels
    "rules": ("Kurallar", "Rules"), "hand_no": ("Tur", "Hand"), "trick_no": ("El", "Trick"),
    "hint": ("İpucu", "Hint"), "moon": ("Kafa atma", "Moon"), "total": ("Toplam", "Total"),
    "score_sheet": ("Puan tablosu", "Score sheet"), "pass_cards": ("Kartları geçir", "Pass the cards"),
    "declared_peskir": ("peşkir dedi", "declared peşkir"),
    "you_name": ("Sen", "You"), "puzzle_goal": ("Soru", "Puzzle"),
    "your_cards_label": ("Senin kartların", "Your cards"),
})
