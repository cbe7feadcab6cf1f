"""What every question kind is built from: `Question`, its situation `Line`s, the readers of
a learner's answers, the readers of an exercise's fields, and the situation lines the kinds
share. The kinds themselves are in `maca.exercises.kinds.plain` and
`maca.exercises.kinds.judgement`; `maca.exercises.kinds` lists them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar, Mapping, NamedTuple, Sequence

from ...cards import Card, CardSet
from ...errors import CardError, MacaError, shown
from ...hand import Hand
from ...notation import rules_from_text, rules_to_text
from ...reasons import seat_name
from ...rules import Rules
from ...scoring import hand_points, moon_shooters, penalty_points
from ...trick import Trick
from ...words import number, preset_name
from ..forms import AnswerForm
from ...words import Owner, Seat, Text, catalogue, say, show
from ..text import AnswerError, ExerciseError

__all__ = ["Question", "Line", "NoQuestionError", "Outcome", "read_cards", "read_card",
           "read_seat", "read_yes_no", "read_numbers", "parse_rules", "require_answer", "is_whole", "position_field", "seat_field", "cards_field",
           "rules_line", "plays_text", "taken_lines", "play_lines"]


class NoQuestionError(ExerciseError):
    """The fields are sound but ask nothing: the engine finds no right answer (no card reaches
    the goal, the game is not over), or every answer is right."""


class Line(NamedTuple):
    """One line of a situation: label and value, and the cards or trick to draw if possible."""

    label: Text
    value: Text
    picture: CardSet | Trick | None = None


# -- reading the learner's answers ----------------------------------------------------------------
def require_answer(value: Any) -> None:
    """Refuse an empty answer (nothing given yet)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        raise AnswerError(say("question.no_answer"))


def read_cards(value: Any) -> CardSet:
    """Cards given as ``"QS 2C"``, ``"Q♠, 2♣"``, a `Card`, or a list of cards.

    >>> read_cards(["Q♠", "2c"]), read_cards("maça kızı kupa ası")
    (CardSet('QS 2C'), CardSet('QS AH'))
    """
    require_answer(value)
    try:
        if isinstance(value, (CardSet, Card)):
            return value if isinstance(value, CardSet) else CardSet([value])
        if isinstance(value, str):
            return CardSet.parse(value)
        if isinstance(value, (list, tuple, set, frozenset)):
            cards = [Card.parse(v) for v in value]
            if len(set(cards)) != len(cards):
                raise AnswerError(say("question.card_twice"))
            return CardSet(cards)
    except CardError as exc:
        raise AnswerError(say("question.unreadable_card"), exc=exc) from None
    raise AnswerError(say("question.not_cards"), value=shown(value))


def read_card(value: Any) -> Card:
    """Exactly one card.

    >>> read_card("kupa ası"), read_card(["2C"])
    (Card('AH'), Card('2C'))
    """
    cards = read_cards(value)
    if len(cards) != 1:
        raise AnswerError(say("question.one_card"), n=len(cards))
    return next(iter(cards))


def _seat_words(players: int) -> dict[str, int]:
    words = {"sen": 0, "you": 0, "ben": 0, "me": 0}
    for seat in range(players):
        for lang in ("tr", "en"):
            name = seat_name(seat, lang, players).lower()
            words[name] = seat
            words[name.split(" (")[0]] = seat
    return words


def read_seat(value: Any, players: int) -> int:
    """A seat: its number, or its name in Turkish or English ("Batı", "west", "sen").

    >>> read_seat("Batı", 4), read_seat("east", 3), read_seat(2, 4)
    (1, 2, 2)
    """
    require_answer(value)
    if isinstance(value, bool):
        value = repr(value)
    if isinstance(value, str):
        text = value.strip().replace("I", "ı").replace("İ", "i").lower()
        words = _seat_words(players)
        if text in words:
            return words[text]
        if text.isascii() and text.isdecimal() and len(text) < 10:  # ASCII digits only
            value = int(text)
    if isinstance(value, int) and 0 <= value < players:
        return value
    def names(lang: str) -> str:   # the seats' names in the sentence's language
        return ", ".join(seat_name(s, lang, players).split(" (")[0] for s in range(players))

    raise AnswerError(say("question.not_a_seat"), value=shown(value), last=str(players - 1),
                      names=names)


def read_yes_no(value: Any) -> bool:
    """Yes or no: a bool, or evet/hayır/yes/no.

    >>> read_yes_no("Evet"), read_yes_no(False)
    (True, False)
    """
    require_answer(value)
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        text = value.strip().lower()
        if text in ("evet", "yes", "true", "e", "y"):
            return True
        if text in ("hayır", "hayir", "no", "false", "h", "n"):
            return False
    raise AnswerError(say("question.yes_no"), value=shown(value))


def read_numbers(value: Any, count: int, what: Text) -> tuple[int, ...]:
    """``count`` whole numbers, as a list or as text like ``"0, 26, 26, 26"``.

    >>> read_numbers("0, 26 26 -26", 4, Text("puan", "points"))
    (0, 26, 26, -26)
    """
    require_answer(value)
    items: Sequence[Any]
    if isinstance(value, str):
        items = value.replace(",", " ").replace(";", " ").replace("−", "-").split()
    elif isinstance(value, (list, tuple)):
        items = value
    else:
        items = [value]
    numbers: list[int] = []
    for item in items:
        number = _whole_number(item)
        if number is None:
            raise AnswerError(say("question.not_a_number"), value=shown(item), count=count,
                              what=what)
        numbers.append(number)
    if len(numbers) != count:
        raise AnswerError(say("question.count"), count=count, what=what, n=len(numbers))
    return tuple(numbers)


def is_whole(value: Any) -> bool:
    """A whole number (an int, not a bool).

    >>> is_whole(3), is_whole(True), is_whole(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def _whole_number(item: Any) -> int | None:
    """``item`` as a whole number (an int, or text like ``"-26"``), or None."""
    if is_whole(item):
        return item
    if isinstance(item, str) and re.fullmatch(r"[+-]?[0-9]{1,18}", item.replace("−", "-").strip()):
        return int(item.replace("−", "-"))
    return None


# -- building situations with the engine ----------------------------------------------------------
def parse_rules(text: Any) -> Rules:
    """Rules written as in position strings: a preset, then changed options.

    >>> parse_rules("standard;moon=new").moon
    'new'
    """
    if not isinstance(text, str):
        raise ExerciseError(say("question.rules"), value=shown(text))
    try:
        return rules_from_text(text.strip())
    except MacaError as exc:
        raise ExerciseError(say("within"), where=f"rules {shown(text)}", exc=exc) from None


def position_field(value: Any, rules: Rules) -> Hand:
    """A hand from a position string; one written without rules takes the exercise's rules."""
    if not isinstance(value, str) or not value.split():
        raise ExerciseError(say("question.position"), value=shown(value))
    text = value.strip()
    first, sep, _ = text.split()[0].partition("=")
    if sep and ";" not in first:  # it opens with a field (key=value), not with rules
        text = f"{rules_to_text(rules)} {text}"
    try:
        hand = Hand.from_position(text)
    except MacaError as exc:
        raise ExerciseError(say("within"), where="position", exc=exc) from None
    if hand.rules != rules:
        raise ExerciseError(say("question.position_rules"), theirs=rules_to_text(hand.rules),
                            ours=rules_to_text(rules))
    for seat in hand.peskir:
        verdict = Hand.deal(hand.rules, seed=0).check_peskir(seat)
        if not verdict:
            raise ExerciseError(say("within"), where=f"position: peskir={seat}", exc=verdict)
    return hand


@dataclass(frozen=True)
class Outcome:
    """What a finished hand's score depends on: the cards each seat took, the tricks it won,
    the peşkir declarers (and the shooter's moon choice). Scored by `maca.scoring`."""

    rules: Rules
    taken: tuple[CardSet, ...]
    won: tuple[int, ...]
    peskir: tuple[int, ...] = ()
    moon_choice: str | None = None

    @classmethod
    def of_hand(cls, hand: Hand) -> Outcome:
        """The outcome of a finished hand."""
        n = hand.players
        return cls(hand.rules, tuple(hand.taken(s) for s in range(n)),
                   tuple(hand.tricks_won(s) for s in range(n)), hand.peskir, hand.moon_choice)

    @classmethod
    def of_piles(cls, rules: Rules, taken: Sequence[CardSet], tricks: Sequence[int] | None = None,
                 peskir: Sequence[int] = ()) -> Outcome:
        """The outcome where each seat took ``taken``; cards nobody is said to have taken must
        be worth nothing (they fill the tricks). ``tricks`` says how many each seat won
        (default: what its cards need, the rest to the first seat that took any).

        >>> from maca import Rules
        >>> r = Rules.preset("standard")
        >>> mine = CardSet.parse("QS 2H")
        >>> Outcome.of_piles(r, [mine, CardSet(), CardSet(r.moon_mask) - mine, CardSet()]).points()
        (14, 0, 12, 0)
        """
        n = rules.players
        if len(taken) != n:
            raise ExerciseError(say("question.taken_seats"), n=n)
        listed = 0
        for cards in taken:
            if listed & cards.mask:
                raise ExerciseError(say("question.taken_twice"), cards=str(CardSet(listed & cards.mask)))
            if cards.mask & ~rules.deck_mask:
                raise ExerciseError(say("question.not_in_deck"),
                                    cards=str(CardSet(cards.mask & ~rules.deck_mask)))
            listed |= cards.mask
        unlisted = CardSet([c for c in CardSet(rules.deck_mask & ~listed) if rules.value_of(c)])
        if unlisted:
            raise ExerciseError(say("question.unlisted"), cards=str(unlisted))
        if tricks is None:
            counts = [-(-len(cards) // n) for cards in taken]
            if sum(counts) > rules.hand_size:
                raise ExerciseError(say("question.too_many_tricks"), size=rules.hand_size)
            counts[next((s for s in range(n) if counts[s]), 0)] += rules.hand_size - sum(counts)
        else:
            counts = list(tricks) if isinstance(tricks, (list, tuple)) else []
            if (len(counts) != n or not all(is_whole(t) and t >= 0 for t in counts)
                    or sum(counts) != rules.hand_size):
                raise ExerciseError(say("question.tricks"), n=n, size=rules.hand_size,
                                    value=shown(tricks))
        for seat, cards in enumerate(taken):
            if len(cards) > counts[seat] * n:
                raise ExerciseError(say("question.seat_cards"), seat=str(seat), count=len(cards),
                                    tricks=counts[seat])
        if peskir and not rules.peskir:
            raise ExerciseError(say("question.no_peskir"), value=shown(list(peskir)))
        if len(set(peskir)) != len(peskir):
            raise ExerciseError(say("question.peskir_twice"), value=shown(list(peskir)))
        return cls(rules, tuple(taken), tuple(counts), tuple(sorted(peskir)))

    def points(self) -> tuple[int, ...]:
        """Each seat's score for the hand (moon, bonus card and peşkir included)."""
        declared = [s in self.peskir for s in range(self.rules.players)]
        return hand_points(self.rules, [c.mask for c in self.taken], self.won, declared,
                           self.moon_choice)

    def penalty_taken(self) -> tuple[int, ...]:
        """Each seat's card points, before moon and peşkir."""
        return penalty_points(self.rules, [c.mask for c in self.taken])

    @property
    def moon_shooters(self) -> tuple[int, ...]:
        """The seat (or team) that shot the moon, if any."""
        return moon_shooters(self.rules, [c.mask for c in self.taken])


def seat_field(params: Mapping[str, Any], players: int, default: int = 0) -> int:
    """The ``seat`` field of an exercise (``default`` when not given), checked."""
    seat = params.get("seat", default)
    if not is_whole(seat) or not 0 <= seat < players:
        raise ExerciseError(say("question.seat"), last=str(players - 1), value=shown(seat))
    return seat


def cards_field(value: Any, name: str) -> CardSet:
    """Cards written as text (``"QS 2H"``) or as a list of cards (``["QS", "2H"]``)."""
    if not isinstance(value, (str, list)):
        raise ExerciseError(say("question.cards"), name=name, value=shown(value))
    try:
        return CardSet.parse(value) if isinstance(value, str) else CardSet(value)
    except CardError as exc:
        raise ExerciseError(say("within"), where=name, exc=exc) from None


# -- situation lines ----------------------------------------------------------------------------
def rules_line(rules: Rules) -> Line:
    """The situation line that names the rules: the preset and what differs from it."""
    tr, en = preset_name(rules.name, "tr"), preset_name(rules.name, "en")
    changes = rules_to_text(rules).partition(";")[2]
    extra = f" ({changes.replace(';', ', ')})" if changes else ""
    return Line(say("rules"), Text(tr + extra, en + extra))


def _trick_line(hand: Hand) -> Line:
    trick = hand.current_trick
    if not trick.cards:
        return Line(say("trick_so_far"), say("trick_empty", seat=Seat(trick.leader, hand.players)))
    return Line(say("trick_so_far"), plays_text(trick.plays(), hand.players), trick)


def plays_text(plays: Sequence[tuple[int, Card]], players: int) -> Text:
    """Cards played, each with its seat: "Batı 2♣, Kuzey K♣" / "West 2♣, North K♣"."""
    return Text.join([Text(f"{seat_name(s, 'tr', players)} {c.symbol}",
                           f"{seat_name(s, 'en', players)} {c.symbol}") for s, c in plays], ", ")


def taken_lines(outcome: Outcome) -> list[Line]:
    """One situation line per seat: the tricks and cards it has taken."""
    n = outcome.rules.players
    return [Line(say("taken_by", seat=Seat(s, n)),
             say("taken_cards", tricks=outcome.won[s], cards=outcome.taken[s])
             if outcome.won[s] else say("taken_none")) for s in range(n)]


def play_lines(hand: Hand, *, others: bool = False, taken: bool = False) -> list[Line]:
    """The situation of a moment of play: rules, trick number, hearts, peşkir, the
    learner's cards (and the ``others``' cards, and what each seat has ``taken``), the trick."""
    n = hand.players
    lines = [rules_line(hand.rules),
             Line(say("trick_no"), say("trick_of", number=hand.trick_number,
                                       total=hand.rules.hand_size)),
             Line(say("hearts_broken"), show(hand.hearts_broken))]
    if hand.peskir:
        lines.append(Line(say("peskir_declared"), show([Seat(s, n) for s in hand.peskir])))
    if taken:
        lines += taken_lines(Outcome.of_hand(hand))
    lines.append(Line(say("your_cards"), show(hand.cards(0)), hand.cards(0)))
    if others:
        lines += [Line(say("cards_of", seat=Seat(s, n), owner=Owner(s, n)), show(hand.cards(s)),
                       hand.cards(s)) for s in range(1, n)]
    lines.append(_trick_line(hand))
    return lines


# -- the kinds ------------------------------------------------------------------------------------
class Question:
    """One kind of question; subclasses set `kind`, `fields`, `form`, `example` and the
    methods below."""

    kind: ClassVar[str]
    fields: ClassVar[tuple[str, ...]]   # accepted fields besides the common ones
    required: ClassVar[tuple[str, ...]] = ()
    form: ClassVar[AnswerForm]          # how the learner answers it
    example: ClassVar[tuple[Text, ...]]  # a typed answer, one per part of the form
    #: the solution may be seen before any try (else only after a wrong one)
    free_solution: ClassVar[bool] = False

    def __init__(self, params: Mapping[str, Any], rules: Rules) -> None:
        self.params = dict(params)
        self.rules = rules

    def solution(self) -> Any:
        """The engine's answer, in the form `read` returns."""
        raise NotImplementedError

    def read(self, answer: Any) -> Any:
        """The learner's answer as a value comparable with `solution`; `AnswerError` if unreadable."""
        raise NotImplementedError

    def judge(self, given: Any) -> tuple[bool, list[Text]]:
        """Whether ``given`` (from `read`) is right, and feedback built from the engine."""
        raise NotImplementedError

    def situation(self) -> list[Line]:
        """What the learner is shown, as (label, value) lines."""
        raise NotImplementedError

    def to_json(self, value: Any) -> Any:
        """An answer in the plain JSON form kept in answers files."""
        return value

    def model_answer(self) -> Any:
        """A right answer, in JSON form (what a learner who got it right could have written)."""
        return self.to_json(self.solution())

    def show(self, value: Any) -> Text:
        """An answer written for people."""
        return show(value)

    def offered(self) -> list[Any]:
        """What the learner picks from: the cards to click, or the seats to choose."""
        return list(range(self.rules.players))

    def opening(self, given: Any, passed: bool) -> Text:
        """The feedback's first sentence: right, or not yet."""
        return say("correct" if passed else "wrong")

    def pending(self, answer: Any) -> Text | None:
        """What to say when ``answer`` is right so far and asks for more (a puzzle's line,
        the learner's turn again), or None: the answer is checked as it stands."""
        return None


# The learner's unreadable answers (said to the learner), then the errors of a question's fields
# (for the teacher who writes the set).
catalogue("question", {
    "no_answer": ("Henüz cevap yok: bir cevap yaz.", "There is no answer yet: write one."),
    "card_twice": ("Aynı kartı iki kez yazdın.", "You wrote the same card twice."),
    "unreadable_card": ("Kart okunamadı: {exc}. Kartları QS, 10H, 2C ya da Q♠ gibi yaz.",
                        "A card could not be read: {exc}. Write cards like QS, 10H, 2C or Q♠."),
    "not_cards": ('{value} kart olarak okunamadı: "QS 2C" gibi bir yazı ya da kart listesi ver.',
                  '{value} cannot be read as cards: give text like "QS 2C" or a list of cards.'),
    "one_card": ("Tek bir kart seç; {n} kart verdin.", "Choose a single card; you gave {n}."),
    "not_a_seat": ("{value} bir oyuncu değil: 0-{last} arası bir sayı ya da {names} yaz.",
                   "{value} is not a seat: write a number 0-{last} or {names}."),
    "yes_no": ("{value}: evet ya da hayır yaz.", "{value}: write yes or no."),
    "not_a_number": ("{value} bir sayı değil: {count} tane tam sayı yaz ({what}).",
                     "{value} is not a number: write {count} whole numbers ({what})."),
    "count": ("Her oyuncu için bir tane olmak üzere {count} sayı yaz ({what}); {n} sayı verdin.",
              "Write {count} numbers, one per player ({what}); you gave {n}."),
    "rules": ('rules "standard" ya da "standard;moon=new" gibi bir metin olmalı, {value} değil',
              'rules must be text like "standard" or "standard;moon=new", not {value}'),
    "position": ("position bir pozisyon metni olmalı (bkz. maca.notation), {value} değil",
                 "position must be a position string (see maca.notation), not {value}"),
    "position_rules": ("pozisyonun kuralları ({theirs}) alıştırmanın kurallarından ({ours}) "
                       "farklı: kuralları bir kez yazın", "the position's rules ({theirs}) differ "
                       "from the exercise's rules ({ours}): write them once"),
    "taken_seats": ("taken her oyuncu için bir kart listesi ister: {n} liste",
                    "taken needs one list of cards per seat: {n} lists"),
    "taken_twice": ("taken: {cards} iki oyuncunun listesinde birden var",
                    "taken: {cards} is listed for two seats"),
    "not_in_deck": ("taken: {cards} destede yok", "taken: {cards} is not in the deck"),
    "unlisted": ("taken: {cards} puan getiriyor ama kimse almamış: kimin aldığını yazın",
                 "taken: {cards} count points but nobody took them: list who did"),
    "too_many_tricks": ("taken: bu kartlar bir turdaki {size} elden fazlasını gerektiriyor",
                        "taken: more than the {size} tricks of a hand"),
    "tricks": ("tricks toplamı {size} olan {n} tam sayı olmalı, {value} değil",
               "tricks must be {n} whole numbers adding up to {size}, not {value}"),
    "seat_cards": ("taken: {seat} numaralı oyuncuda {count} kart var, aldığı {tricks} elde bu "
                   "kadar kart olmaz", "taken: seat {seat} has {count} cards, more than its "
                   "{tricks} trick(s) hold"),
    "no_peskir": ("peskir: bu kurallarda peşkir ilanı yok, {value} verilemez",
                  "peskir: these rules have no peşkir declarations, not {value}"),
    "peskir_twice": ("peskir alanında bir oyuncu iki kez yazılmış: {value}",
                     "peskir names a seat twice: {value}"),
    "seat": ("seat 0 ile {last} arası bir oyuncu numarası olmalı, {value} değil",
             "seat must be a seat number 0 to {last}, not {value}"),
    "cards": ('{name} "QS 2H" ya da ["QS", "2H"] gibi kartlar olmalı, {value} değil',
              '{name} must be cards like "QS 2H" or ["QS", "2H"], not {value}'),
}, scoped=True)
