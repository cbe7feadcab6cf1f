"""The rules of one game: an immutable set of options, and the presets of RULES.md.

>>> r = Rules.preset("standard")
>>> r.players, r.target, r.pass_cycle
(4, 100, ('left', 'right', 'across', 'none'))
>>> r.replace(target=50).target
50
>>> Rules.preset("turkish").value_of("AH"), Rules.preset("turkish").moon_value
(5, 35)

Every option is checked when rules are made, its type as well as its value:

>>> Rules.preset("standard").replace(must_break_hearts="no")
Traceback (most recent call last):
...
maca.errors.RulesError: rules option must_break_hearts='no' is not valid: use True or False
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import Any, Callable, Mapping

from .cards import ALL_CARDS, HEARTS_MASK, QS, Card, CardSet, Suit, suit_mask
from .errors import CardError, RulesError, shown
from .words import Text, catalogue, say

__all__ = ["Rules", "PRESETS", "PRESET_NAMES", "DIRECTIONS", "MOON_RULES"]

#: The presets of RULES.md (`PRESETS`, at the end of this module, holds their rules).
PRESET_NAMES = ("standard", "omnibus", "turkish", "three_players", "partnership")

#: Pass directions and the seat offset (clockwise) each sends cards to.
DIRECTIONS = {"left": 1, "right": -1, "across": 2, "none": 0}
MOON_RULES = ("old", "new", "choice", "none")
FIRST_LEADS = ("two_of_clubs", "left_of_dealer")
DISCARD_ORDERS = ("off", "turkish")

def _standard_values() -> tuple[int, ...]:
    values = [0] * 52
    for i in range(52):
        if (HEARTS_MASK >> i) & 1:
            values[i] = 1
    values[QS.index] = 13
    return tuple(values)


@dataclass(frozen=True)
class Rules:
    """Every option of RULES.md, section 2. Build one with `Rules.preset` and `replace`."""

    name: str = "standard"                 # the preset this was built from
    players: int = 4                       # 3 or 4
    removed: CardSet = CardSet()           # cards taken out of the deck (3 players: 2♦)
    pass_cycle: tuple[str, ...] = ("left", "right", "across", "none")  # () = passing off
    pass_count: int = 3                    # cards each player passes
    first_lead: str = "two_of_clubs"       # or "left_of_dealer" (Turkish)
    no_points_first_trick: bool = True     # rule 6: no heart (nor Q♠) discarded on trick 1
    queen_on_first_trick: bool = False     # Turkish: Q♠ may (must) be discarded on trick 1
    ace_of_hearts_lead: bool = False       # Turkish: A♥ may open trick 1 and forces K♥
    queen_breaks_hearts: bool = False      # playing Q♠ breaks hearts
    must_break_hearts: bool = True         # off: hearts may be led from trick 2
    lead_hearts_instead_of_queen: bool = False  # only hearts + Q♠, unbroken: hearts may be led
    card_values: tuple[int, ...] = field(default_factory=_standard_values)  # 52 penalty values
    bonus_card: Card | None = None         # Omnibus J♦ (its value is in card_values)
    moon: str = "old"                      # old (+others) / new (−self) / choice / none
    moon_needs_bonus: bool = False         # the moon also needs the bonus card
    moon_shooter_picks_dealer: bool = False  # Turkish: the shooter names the next dealer
    target: int = 100                      # the game ends when a total reaches this
    peskir: bool = False                   # peşkir declarations allowed
    peskir_success: int = -26              # added to a declarer who took no trick
    peskir_failure: int = 26               # added to a declarer who took a trick
    discard_order: str = "off"             # "turkish": Q♠, A♥, K♥, hearts first when void
    partnership: bool = False              # seats 0+2 against 1+3

    def __post_init__(self) -> None:
        # Each option is read by the reader of its annotated type (below), then checked
        # against the others; values given in another accepted form are stored normalised.
        for option in fields(self):
            read = _READERS[str(option.type)]
            object.__setattr__(self, option.name, read(option.name, getattr(self, option.name)))
        self._validate()

    def _validate(self) -> None:
        if self.players not in (3, 4):
            raise _bad("players", self.players, say("rules.use_3_or_4"))
        if "across" in self.pass_cycle and self.players == 3:
            raise _bad("pass_cycle", self.pass_cycle, say("rules.no_across"))
        deck = 52 - len(self.removed)
        if deck % self.players:
            raise _bad("removed", str(self.removed),
                       say("rules.uneven", deck=deck, players=self.players))
        if not 0 <= self.pass_count < deck // self.players:
            raise _bad("pass_count", self.pass_count, say("rules.pass_count"))
        if self.partnership and self.players != 4:
            raise _bad("partnership", True, say("rules.partners_4"))
        if self.moon_needs_bonus and self.bonus_card is None:
            raise _bad("moon_needs_bonus", True, say("rules.bonus_first"))
        if self.target <= 0:
            raise _bad("target", self.target, say("rules.positive"))
        if self.bonus_card is not None and self.bonus_card in self.removed:
            raise _bad("bonus_card", str(self.bonus_card), say("rules.bonus_removed"))
        in_play = ALL_CARDS & ~self.removed.mask
        if self.first_lead == "two_of_clubs" and not in_play & suit_mask(Suit.CLUBS):
            raise _bad("removed", str(self.removed), say("rules.no_club"))
        if not any(v > 0 and in_play >> i & 1 for i, v in enumerate(self.card_values)):
            raise RulesError(say("rules.no_points"))

    @classmethod
    def preset(cls, name: str) -> Rules:
        """One of ``standard``, ``omnibus``, ``turkish``, ``three_players``, ``partnership``.

        >>> Rules.preset([])
        Traceback (most recent call last):
        ...
        maca.errors.RulesError: unknown rules preset []: use one of standard, omnibus, turkish, three_players, partnership
        """
        if isinstance(name, str) and name in PRESETS:
            return PRESETS[name]
        raise RulesError(say("rules.unknown_preset"), value=shown(name), presets=", ".join(PRESETS))

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed: ``rules.replace(target=50)``."""
        names = {f.name for f in fields(self)}
        for key in changes:
            if key not in names:
                raise RulesError(say("rules.unknown_option"), value=shown(key),
                                 options=", ".join(sorted(names)))
        return replace(self, **changes)

    # -- derived facts, computed once (cached on the frozen instance) -------------------------------------------------------
    @cached_property
    def deck_mask(self) -> int:
        """Bitmask of the cards in play."""
        return ALL_CARDS & ~self.removed.mask

    @cached_property
    def hand_size(self) -> int:
        """Cards dealt to each player (13, or 17 for three players)."""
        return (52 - len(self.removed)) // self.players

    @cached_property
    def penalty_mask(self) -> int:
        """Cards that score penalty points (value above zero)."""
        return sum(1 << i for i, v in enumerate(self.card_values) if v > 0)

    @cached_property
    def moon_mask(self) -> int:
        """The cards a player must take to shoot the moon."""
        mask = self.penalty_mask & self.deck_mask
        if self.moon_needs_bonus and self.bonus_card is not None:
            mask |= self.bonus_card.mask
        return mask

    @cached_property
    def moon_value(self) -> int:
        """Points the others get when the moon is shot (26, or 35 in the Turkish game)."""
        return sum(v for i, v in enumerate(self.card_values) if v > 0 and self.deck_mask >> i & 1)

    @cached_property
    def lowest_club(self) -> Card:
        """The card that opens trick 1 when ``first_lead`` is ``two_of_clubs``."""
        clubs = suit_mask(Suit.CLUBS) & self.deck_mask
        return Card((clubs & -clubs).bit_length() - 1)

    @cached_property
    def suit_value_tables(self) -> tuple[tuple[int, ...], ...]:
        """Per suit, the points of every 13-bit subset of that suit (fast scoring)."""
        tables = []
        for suit in range(4):
            values = self.card_values[13 * suit: 13 * suit + 13]
            table = [0] * 8192
            for subset in range(1, 8192):
                low = subset & -subset
                table[subset] = table[subset ^ low] + values[low.bit_length() - 1]
            tables.append(tuple(table))
        return tuple(tables)

    def value_of(self, card: Card | str) -> int:
        """Penalty points of one card under these rules."""
        return self.card_values[Card.parse(card).index]

    def pass_direction(self, number: int) -> str:
        """The pass direction of hand ``number`` (1-based): left, right, across or none."""
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise RulesError(say("rules.hand_number"), value=shown(number))
        if not self.pass_cycle or self.pass_count == 0:
            return "none"
        return self.pass_cycle[(number - 1) % len(self.pass_cycle)]

    def seat_towards(self, seat: int, direction: str) -> int | None:
        """The seat ``direction`` (left, right, across) of ``seat``, clockwise; None for "none".

        >>> r = Rules.preset("standard")
        >>> r.seat_towards(0, "left"), r.seat_towards(0, "right"), r.seat_towards(3, "across")
        (1, 3, 1)
        """
        if (not isinstance(direction, str) or direction not in DIRECTIONS
                or (direction == "across" and self.players == 3)):
            raise RulesError(say("rules.direction_3" if self.players == 3 else "rules.direction"),
                             value=shown(direction), players=self.players)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise RulesError(say("rules.seat"), value=shown(seat), last=self.players - 1)
        offset = DIRECTIONS[direction]
        return (seat + offset) % self.players if offset else None

    def changes(self) -> dict[str, Any]:
        """The options that differ from this rules' preset."""
        base = PRESETS[self.name]
        return {f.name: getattr(self, f.name) for f in fields(self)
                if f.name != "name" and getattr(self, f.name) != getattr(base, f.name)}


# What a learner reads when a rules option is wrong: the option, its value, what is valid.
catalogue("rules", {
    "bad": ("{option}={value} kural seçeneği geçerli değil: {valid}",
            "rules option {option}={value} is not valid: {valid}"),
    "option": ("{option} kural seçeneği", "rules option {option}"),
    "bad_points": ("{option} kural seçeneği: {card}: {value} geçerli değil: puanı bir tam sayıyla "
                   "yaz", "rules option {option}: {card}: {value} is not valid: give a whole "
                   "number of points"),
    "use_3_or_4": ("3 ya da 4 yaz", "use 3 or 4"),
    "no_across": ("3 kişiyle karşıya kart geçirilmez", "3 players cannot pass across"),
    "uneven": ("{deck} kart {players} oyuncuya eşit dağıtılamaz",
               "{deck} cards cannot be dealt evenly to {players} players"),
    "pass_count": ("0 ile bir oyuncunun kart sayısının bir eksiği arasında bir sayı yaz",
                   "use 0 up to one less than a hand"),
    "partners_4": ("eşli oyun 4 kişiyle oynanır", "partnerships need 4 players"),
    "bonus_first": ("önce bir bonus_card seç", "set a bonus_card first"),
    "positive": ("sıfırdan büyük bir puan yaz", "use a positive number of points"),
    "bonus_removed": ("bu kart desteden çıkarıldı", "it was removed from the deck"),
    "no_club": ("ilk eli açacak sinek kalmadı (ya da first_lead=left_of_dealer seç)",
                "no club is left to open the first trick (or set first_lead=left_of_dealer)"),
    "no_points": ("card_values kural seçeneği geçerli değil: oyundaki hiçbir kartın puanı yok; "
                  "destedeki en az bir karta ceza puanı ver",
                  "rules option card_values is not valid: no card in play is worth points; give "
                  "at least one card in the deck a penalty value"),
    "use_bool": ("True ya da False yaz", "use True or False"),
    "use_whole": ("bir tam sayı yaz", "use a whole number"),
    "use_one_of": ("şunlardan birini yaz: {choices}", "use {choices}"),
    "give_cards": ("kartları '2D' ya da CardSet.parse('2D 2C') gibi ver",
                   "give cards, like '2D' or CardSet.parse('2D 2C')"),
    "give_directions": ("her biri left, right, across ya da none olan bir yön listesi ver (boş "
                        "liste: kart geçirme yok)",
                        "give a list of directions, each left, right, across or none (an empty "
                        "list: no passing)"),
    "give_values": ("52 tam sayı (motorun sırasıyla her karta bir tane) ya da {example} gibi "
                    "kartlardan puanlara bir eşleme ver",
                    "give 52 whole numbers (one per card, in the engine's order) or a map of "
                    "cards to points like {example}"),
    "unknown_preset": ("bilinmeyen kural takımı {value}: şunlardan birini yaz: {presets}",
                       "unknown rules preset {value}: use one of {presets}"),
    "unknown_option": ("bilinmeyen kural seçeneği {value}: seçenekler {options}",
                       "unknown rules option {value}: options are {options}"),
    "hand_number": ("tur numarası 1 ya da daha büyük bir tam sayıdır, {value} değil",
                    "a hand number is a whole number 1 or more, not {value}"),
    "direction": ("{value}, {players} kişilik oyunda bir yön değil: left, right, across ya da "
                  "none yaz", "{value} is not a direction for {players} players: use left, "
                  "right, across or none"),
    "direction_3": ("{value}, {players} kişilik oyunda bir yön değil: left, right ya da none "
                    "yaz", "{value} is not a direction for {players} players: use left, right "
                    "or none"),
    "seat": ("{value} bir oyuncu değil: oyuncular 0 ile {last} arasıdır",
             "{value} is not a seat: seats are 0 to {last}"),
}, scoped=True)


# -- reading one option: a reader per annotated type ---------------------------------------------------------------------
def _bad(option: str, value: Any, valid: Text) -> RulesError:
    """The error of an option's value; ``valid`` says what would be valid."""
    return RulesError(say("rules.bad"), option=option, value=shown(value), valid=valid)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_bool(option: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise _bad(option, value, say("rules.use_bool"))
    return value


def _read_int(option: str, value: Any) -> int:
    if not _whole(value):
        raise _bad(option, value, say("rules.use_whole"))
    return int(value)


_CHOICES = {"name": PRESET_NAMES, "first_lead": FIRST_LEADS, "moon": MOON_RULES,
            "discard_order": DISCARD_ORDERS}


def _read_choice(option: str, value: Any) -> str:
    choices = _CHOICES[option]
    if not isinstance(value, str) or value not in choices:
        raise _bad(option, value, say("rules.use_one_of", choices=", ".join(choices)))
    return value


def _read_cards(option: str, value: Any) -> CardSet:
    if isinstance(value, CardSet):
        return value
    if not isinstance(value, (str, list, tuple, set, frozenset)):
        raise _bad(option, value, say("rules.give_cards"))
    try:
        return CardSet(value)
    except CardError as exc:
        raise RulesError(say("within"), where=say("rules.option", option=option), exc=exc) from None


def _read_directions(option: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)) or not all(
            isinstance(d, str) and d in DIRECTIONS for d in value):
        raise _bad(option, value, say("rules.give_directions"))
    return tuple(value)


def _read_values(option: str, value: Any) -> tuple[int, ...]:
    if isinstance(value, Mapping):
        return _values_from_map(value)
    if not isinstance(value, (list, tuple)) or len(value) != 52:
        raise _bad(option, value, say("rules.give_values", example="{'QS': 13}"))
    for index, points in enumerate(value):
        if not _whole(points):
            raise RulesError(say("rules.bad_points"), option=option, card=str(Card(index)),
                             value=shown(points))
    return tuple(value)


def _values_from_map(values: Mapping[Any, Any]) -> tuple[int, ...]:
    out = [0] * 52
    for card, points in values.items():
        try:
            index = Card.parse(card).index
        except CardError as exc:
            raise RulesError(say("within"), where=say("rules.option", option="card_values"),
                             exc=exc) from None
        if not _whole(points):
            raise RulesError(say("rules.bad_points"), option="card_values", card=shown(card),
                             value=shown(points))
        out[index] = points
    return tuple(out)


def _read_card(option: str, value: Any) -> Card | None:
    try:
        return None if value is None else Card.parse(value)
    except CardError as exc:
        raise RulesError(say("within"), where=say("rules.option", option=option), exc=exc) from None


#: The reader of each option type, by the annotation of the `Rules` field.
_READERS: dict[str, Callable[[str, Any], Any]] = {
    "bool": _read_bool, "int": _read_int, "str": _read_choice, "CardSet": _read_cards,
    "tuple[str, ...]": _read_directions, "tuple[int, ...]": _read_values,
    "Card | None": _read_card,
}


def _standard_map() -> dict[str, int]:
    return {str(c): v for c, v in zip(map(Card, range(52)), _standard_values()) if v}


def _turkish_values() -> dict[str, int]:
    return {**_standard_map(), "QS": 15, "AH": 5, "KH": 4}


_STANDARD = Rules()
PRESETS: dict[str, Rules] = {
    "standard": _STANDARD,
    "omnibus": _STANDARD.replace(
        name="omnibus", bonus_card=Card.parse("JD"), moon_needs_bonus=True,
        card_values={**_standard_map(), "JD": -10}),
    "turkish": _STANDARD.replace(
        name="turkish", pass_cycle=(), first_lead="left_of_dealer", queen_on_first_trick=True,
        ace_of_hearts_lead=True, card_values=_turkish_values(), moon_shooter_picks_dealer=True,
        target=180, peskir=True, peskir_success=-35, peskir_failure=35, discard_order="turkish"),
    "three_players": _STANDARD.replace(
        name="three_players", players=3, removed=CardSet.parse("2D"),
        pass_cycle=("left", "right", "none")),
    "partnership": _STANDARD.replace(name="partnership", partnership=True),
}
