"""The question kinds. Each one builds its situation with the engine, which computes the answer.

A question is built from an exercise's fields (`ExerciseError` says which one is wrong), then

- `solution()` is the engine's answer, `read(answer)` turns a learner's natural value into the
  same form (`AnswerError` if it cannot), `judge(given)` says whether it is right and why;
- `situation()` lists what the learner sees (label, value) and `to_json` / `show` write
  answers for files and for people;
- `form` says how it is answered (`maca.exercises.forms`), `offered()` what the learner picks
  from, and `example` what a typed answer looks like on a printed sheet.

A new kind is a `Question` subclass passed to `register_kind`; every front-end (the exercise
widget, the live sets, the sheets, the grader) then asks and checks it.

>>> q = build_question("trick_winner", {"position": "standard hand=4 cards=...AKQJT98765432/"
...     ".AKQJT98765432../..AKQJT98765432./AKQJT98765432...", "plays": "2C 5H 3D 4S"}, "standard")
>>> q.solution(), q.read("batı"), q.judge(1)[0]
(0, 1, False)
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar, Iterator, Mapping, NamedTuple, Sequence

from ..cards import Card, CardSet
from ..errors import CardError, IllegalActionError, MacaError, shown
from ..hand import Hand, Trick
from ..notation import rules_from_text, rules_to_text
from ..reasons import seat_name
from ..words import Owner, Seat, Text, catalogue, number, preset_name, say, show, signed
from ..rules import Rules
from ..scoring import (TEAMS, game_over, hand_points, moon_possible, moon_shooters,
                       penalty_points, seat_standings, winners)
from .forms import CARD, CARDS, NUMBERS, SEAT, WINNERS, YES_NO, AnswerForm
from .text import AnswerError, ExerciseError

__all__ = ["Question", "KINDS", "GOALS", "build_question", "register_kind", "NoQuestionError"]


class NoQuestionError(ExerciseError):
    """The fields are sound but ask nothing: the engine finds no right answer (no card reaches
    the goal, the game is not over), or every answer is right."""


class Line(NamedTuple):
    """One line of a situation: label and value, and the cards or trick to draw if possible."""

    label: Text
    value: Text
    picture: CardSet | Trick | None = None


# -- reading the learner's answers ----------------------------------------------------------------
def _bad(tr: str, en: str, **params: Any) -> AnswerError:
    return AnswerError(Text(tr, en), **params)


def _no_answer(value: Any) -> None:
    if value is None or (isinstance(value, str) and not value.strip()):
        raise _bad("Henüz cevap yok: bir cevap yaz.", "There is no answer yet: write one.")


def read_cards(value: Any) -> CardSet:
    """Cards given as ``"QS 2C"``, ``"Q♠, 2♣"``, a `Card`, or a list of cards.

    >>> read_cards(["Q♠", "2c"]), read_cards("maça kızı, kupa ası")
    (CardSet('QS 2C'), CardSet('QS AH'))
    """
    _no_answer(value)
    try:
        if isinstance(value, (CardSet, Card)):
            return value if isinstance(value, CardSet) else CardSet([value])
        if isinstance(value, str):
            try:
                return CardSet([Card.parse(value)])
            except CardError:
                return CardSet.parse(value)
        if isinstance(value, (list, tuple, set, frozenset)):
            cards = [Card.parse(v) for v in value]
            if len(set(cards)) != len(cards):
                raise _bad("Aynı kartı iki kez yazdın.", "You wrote the same card twice.")
            return CardSet(cards)
    except CardError as exc:
        raise _bad("Kart okunamadı: {exc}. Kartları QS, 10H, 2C ya da Q♠ gibi yaz.",
                   "A card could not be read: {exc}. Write cards like QS, 10H, 2C or Q♠.",
                   exc=exc) from None
    raise _bad(f"{shown(value)} kart olarak okunamadı: \"QS 2C\" gibi bir yazı ya da kart listesi "
               "ver.", f"{shown(value)} cannot be read as cards: give text like \"QS 2C\" or a "
               "list of cards.")


def read_card(value: Any) -> Card:
    """Exactly one card.

    >>> read_card("kupa ası"), read_card(["2C"])
    (Card('AH'), Card('2C'))
    """
    cards = read_cards(value)
    if len(cards) != 1:
        raise _bad(f"Tek bir kart seç; {len(cards)} kart verdin.",
                   f"Choose a single card; you gave {len(cards)}.")
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
    _no_answer(value)
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
    names_tr = ", ".join(seat_name(s, "tr", players).split(" (")[0] for s in range(players))
    names_en = ", ".join(seat_name(s, "en", players).split(" (")[0] for s in range(players))
    raise _bad(f"{shown(value)} bir oyuncu değil: 0-{players - 1} arası bir sayı ya da {names_tr} "
               "yaz.", f"{shown(value)} is not a seat: write a number 0-{players - 1} or {names_en}.")


def read_yes_no(value: Any) -> bool:
    """Yes or no: a bool, or evet/hayır/yes/no.

    >>> read_yes_no("Evet"), read_yes_no(False)
    (True, False)
    """
    _no_answer(value)
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        text = value.strip().lower()
        if text in ("evet", "yes", "true", "e", "y"):
            return True
        if text in ("hayır", "hayir", "no", "false", "h", "n"):
            return False
    raise _bad(f"{shown(value)}: evet ya da hayır yaz.", f"{shown(value)}: write yes or no.")


def read_numbers(value: Any, count: int, what: Text) -> tuple[int, ...]:
    """``count`` whole numbers, as a list or as text like ``"0, 26, 26, 26"``.

    >>> read_numbers("0, 26 26 -26", 4, Text("puan", "points"))
    (0, 26, 26, -26)
    """
    _no_answer(value)
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
            raise _bad(f"{shown(item)} bir sayı değil: {count} tane tam sayı yaz ({what.tr}).",
                       f"{shown(item)} is not a number: write {count} whole numbers ({what.en}).")
        numbers.append(number)
    if len(numbers) != count:
        raise _bad(f"Her oyuncu için bir tane olmak üzere {count} sayı yaz ({what.tr}); "
                   f"{len(numbers)} sayı verdin.",
                   f"Write {count} numbers, one per player ({what.en}); you gave {len(numbers)}.")
    return tuple(numbers)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _whole_number(item: Any) -> int | None:
    """``item`` as a whole number (an int, or text like ``"-26"``), or None."""
    if _whole(item):
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
        raise ExerciseError(f'rules must be text like "standard" or "standard;moon=new", '
                            f"not {shown(text)}")
    try:
        return rules_from_text(text.strip())
    except MacaError as exc:
        raise ExerciseError(say("within"), where=f"rules {shown(text)}", exc=exc) from None


def _position(value: Any, rules: Rules) -> Hand:
    """A hand from a position string; one written without rules takes the exercise's rules."""
    if not isinstance(value, str) or not value.split():
        raise ExerciseError(f"position must be a position string (see maca.notation), "
                            f"not {shown(value)}")
    text = value.strip()
    first, sep, _ = text.split()[0].partition("=")
    if sep and ";" not in first:  # it opens with a field (key=value), not with rules
        text = f"{rules_to_text(rules)} {text}"
    try:
        hand = Hand.from_position(text)
    except MacaError as exc:
        raise ExerciseError(say("within"), where="position", exc=exc) from None
    if hand.rules != rules:
        raise ExerciseError(f"the position's rules ({rules_to_text(hand.rules)}) differ from the "
                            f"exercise's rules ({rules_to_text(rules)}): write them once")
    for seat in hand.peskir:
        verdict = Hand.deal(hand.rules, seed=0).check_peskir(seat)
        if not verdict:
            raise ExerciseError(f"position: peskir={seat}: {verdict.message('en')}")
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
            raise ExerciseError(f"taken needs one list of cards per seat: {n} lists")
        listed = 0
        for cards in taken:
            if listed & cards.mask:
                raise ExerciseError(f"taken: {CardSet(listed & cards.mask)} is listed for two seats")
            if cards.mask & ~rules.deck_mask:
                raise ExerciseError(f"taken: {CardSet(cards.mask & ~rules.deck_mask)} is not in "
                                    "the deck")
            listed |= cards.mask
        unlisted = CardSet([c for c in CardSet(rules.deck_mask & ~listed) if rules.value_of(c)])
        if unlisted:
            raise ExerciseError(f"taken: {unlisted} count points but nobody took them: list who did")
        if tricks is None:
            counts = [-(-len(cards) // n) for cards in taken]
            if sum(counts) > rules.hand_size:
                raise ExerciseError(f"taken: more than the {rules.hand_size} tricks of a hand")
            counts[next((s for s in range(n) if counts[s]), 0)] += rules.hand_size - sum(counts)
        else:
            counts = list(tricks) if isinstance(tricks, (list, tuple)) else []
            if (len(counts) != n or not all(_whole(t) and t >= 0 for t in counts)
                    or sum(counts) != rules.hand_size):
                raise ExerciseError(f"tricks must be {n} whole numbers adding up to "
                                    f"{rules.hand_size}, not {shown(tricks)}")
        for seat, cards in enumerate(taken):
            if len(cards) > counts[seat] * n:
                raise ExerciseError(f"taken: seat {seat} has {len(cards)} cards, more than its "
                                    f"{counts[seat]} trick(s) hold")
        if peskir and not rules.peskir:
            raise ExerciseError(f"peskir: these rules have no peşkir declarations, not "
                                f"{shown(list(peskir))}")
        if len(set(peskir)) != len(peskir):
            raise ExerciseError(f"peskir names a seat twice: {shown(list(peskir))}")
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


def _seat_field(params: Mapping[str, Any], players: int, default: int = 0) -> int:
    seat = params.get("seat", default)
    if not _whole(seat) or not 0 <= seat < players:
        raise ExerciseError(f"seat must be a seat number 0 to {players - 1}, not {shown(seat)}")
    return seat


def _cards_field(value: Any, name: str) -> CardSet:
    """Cards written as text (``"QS 2H"``) or as a list of cards (``["QS", "2H"]``)."""
    if not isinstance(value, (str, list)):
        raise ExerciseError(f'{name} must be cards like "QS 2H" or ["QS", "2H"], '
                            f"not {shown(value)}")
    try:
        return CardSet.parse(value) if isinstance(value, str) else CardSet(value)
    except CardError as exc:
        raise ExerciseError(say("within"), where=name, exc=exc) from None


# -- situation lines ----------------------------------------------------------------------------
def _rules_line(rules: Rules) -> Line:
    tr, en = preset_name(rules.name, "tr"), preset_name(rules.name, "en")
    changes = rules_to_text(rules).partition(";")[2]
    extra = f" ({changes.replace(';', ', ')})" if changes else ""
    return Line(say("rules"), Text(tr + extra, en + extra))


def _trick_line(hand: Hand) -> Line:
    trick = hand.current_trick
    if not trick.cards:
        return Line(say("trick_so_far"), say("trick_empty", seat=Seat(trick.leader, hand.players)))
    return Line(say("trick_so_far"), _plays_text(trick.plays(), hand.players), trick)


def _plays_text(plays: Sequence[tuple[int, Card]], players: int) -> Text:
    return Text.join([Text(f"{seat_name(s, 'tr', players)} {c.symbol}",
                           f"{seat_name(s, 'en', players)} {c.symbol}") for s, c in plays], ", ")


def _taken_lines(outcome: Outcome) -> list[Line]:
    n = outcome.rules.players
    return [Line(say("taken_by", seat=Seat(s, n)),
             say("taken_cards", tricks=outcome.won[s], cards=outcome.taken[s])
             if outcome.won[s] else say("taken_none")) for s in range(n)]


def _play_lines(hand: Hand, *, others: bool = False, taken: bool = False) -> list[Line]:
    n = hand.players
    lines = [_rules_line(hand.rules),
             Line(say("trick_no"), say("trick_of", number=hand.trick_number,
                                       total=hand.rules.hand_size)),
             Line(say("hearts_broken"), show(hand.hearts_broken))]
    if hand.peskir:
        lines.append(Line(say("peskir_declared"), show([Seat(s, n) for s in hand.peskir])))
    if taken:
        lines += _taken_lines(Outcome.of_hand(hand))
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


#: every question kind, by name
KINDS: dict[str, type[Question]] = {}


def register_kind(cls: type[Question]) -> type[Question]:
    """Make ``cls`` a question kind of exercise files (and of every front-end); returns it.
    Its `example` has one typed answer per part of its form.

    >>> register_kind(Question)
    Traceback (most recent call last):
    ...
    maca.exercises.text.ExerciseError: Question is not a question kind: set kind, fields, form, example
    """
    kind = getattr(cls, "kind", None)
    form, example = getattr(cls, "form", None), getattr(cls, "example", None)
    if (not isinstance(kind, str) or not isinstance(getattr(cls, "fields", None), tuple)
            or not isinstance(form, AnswerForm) or not isinstance(example, tuple)
            or len(example) != len(form.parts) or not all(isinstance(t, Text) for t in example)):
        raise ExerciseError(f"{cls.__name__} is not a question kind: set kind, fields, form, "
                            "example")
    KINDS[kind] = cls
    return cls


class _PlayQuestion(Question):
    """A question about the learner (seat 0) choosing a card at a moment of play."""

    def __init__(self, params: Mapping[str, Any], rules: Rules) -> None:
        super().__init__(params, rules)
        self.hand = _position(params["position"], rules)
        if self.hand.to_move != 0:
            who = "nobody" if self.hand.to_move is None else f"seat {self.hand.to_move}"
            raise ExerciseError(f"in this position {who} is to play; the learner (seat 0) must be")

    def read(self, answer: Any) -> Any:
        return read_cards(answer)

    def to_json(self, value: Any) -> Any:
        return [str(c) for c in value.sorted_for_display()]

    def offered(self) -> list[Any]:
        return self.hand.cards(0).sorted_for_display()


@register_kind
class LegalCards(_PlayQuestion):
    """Which cards may you play? The answer is the set of legal cards."""

    kind = "legal_cards"
    fields = ("position",)
    required = ("position",)
    form = CARDS
    example = (Text("QS 10H 2C", "QS 10H 2C"),)

    def solution(self) -> CardSet:
        return self.hand.legal_plays()

    def judge(self, given: CardSet) -> tuple[bool, list[Text]]:
        legal = self.solution()
        notes = [say("not_allowed", card=c, verdict=self.hand.check(c)) for c in given - legal]
        missed = legal - given
        if missed:
            notes.append(say("missed", count=len(missed)))
        return given == legal, notes

    def situation(self) -> list[Line]:
        return _play_lines(self.hand)


def _completions(hand: Hand, left: int) -> Iterator[list[tuple[int, Card]]]:
    """Every way the rest of the current trick can be played (``left`` cards), as play lists."""
    if left == 0:
        yield []
        return
    seat = hand.to_move
    assert seat is not None  # the trick is not complete, so someone is to play
    mask = hand.legal_mask()
    while mask:
        low = mask & -mask
        mask ^= low
        hand.play_index(low.bit_length() - 1)
        for rest in _completions(hand, left - 1):
            yield [(seat, Card(low.bit_length() - 1))] + rest
        hand.undo()


@dataclass(frozen=True)
class _Outcome:
    """How the trick ends after a line of play."""

    line: tuple[tuple[int, Card], ...]
    winner: int
    points: int          # penalty points the learner gains in this trick
    took: CardSet        # the cards the learner takes in this trick


GOALS: dict[str, Text] = {
    "win": Text("Bu eli al: ötekiler ne oynarsa oynasın.",
                "Win this trick, whatever the others play."),
    "lose": Text("Bu eli alma: ötekiler ne oynarsa oynasın.",
                 "Do not win this trick, whatever the others play."),
    "win_cheaply": Text("Bu eli garantiyle al, ama bunu yapan en küçük kartla.",
                        "Make sure you win this trick, with the lowest card that does it."),
    "lose_high": Text("Bu eli alma, ama bunu garanti eden en büyük kartı oyna.",
                      "Do not win this trick, and play the highest card that makes sure of it."),
    "avoid_card": Text("{card} kartını alma: ötekiler ne oynarsa oynasın.",
                       "Do not take {card}, whatever the others play."),
    "no_points": Text("Bu elde ceza puanı alma: ötekiler ne oynarsa oynasın.",
                      "Take no penalty points in this trick, whatever the others play."),
}
catalogue("goal_trick", GOALS, scoped=True)


@register_kind
class PlayGoal(_PlayQuestion):
    """Which card reaches the goal? Every legal card is tried against every reply of the players
    still to play in this trick; the answer is each card that reaches the goal in all of them."""

    kind = "play_goal"
    fields = ("position", "goal", "card")
    required = ("position", "goal")
    form = CARD
    example = (Text("QS", "QS"),)

    def __init__(self, params: Mapping[str, Any], rules: Rules) -> None:
        super().__init__(params, rules)
        self.goal = params["goal"]
        if not isinstance(self.goal, str) or self.goal not in GOALS:
            raise ExerciseError(f"goal {shown(self.goal)} is not known: use {', '.join(GOALS)}")
        if ("card" in params) != (self.goal == "avoid_card"):
            raise ExerciseError("card is needed with goal avoid_card, and only there")
        self.card: Card | None = None
        if "card" in params:
            cards = _cards_field(params["card"], "card")
            if len(cards) != 1:
                raise ExerciseError(f'card must be one card, like "QS", not {shown(params["card"])}')
            self.card = next(iter(cards))
        self.outcomes = {c: self._outcomes(c) for c in self.hand.legal_plays()}
        self.reaching = CardSet([c for c, outs in self.outcomes.items()
                                 if all(map(self._meets, outs))])
        self.accepted = self._best(self.reaching)
        if not self.accepted:
            raise NoQuestionError(f"no legal card reaches the goal {self.goal!r} in this position")
        if self.accepted == self.hand.legal_plays():
            raise NoQuestionError(f"every legal card reaches the goal {self.goal!r}: the "
                                  "question tests nothing; change the position or the goal")

    def _outcomes(self, card: Card) -> list[_Outcome]:
        hand = self.hand.copy()
        before_points, before = hand.penalty_taken()[0], hand.taken(0)
        hand.play_index(card.index)
        out = []
        # each line is yielded with its cards played on ``hand`` (taken back afterwards)
        for line in _completions(hand, (-len(self.hand.current_trick.cards) - 1) % hand.players):
            trick = hand.last_trick
            assert trick is not None
            out.append(_Outcome(tuple(line), trick.winner or 0,
                                hand.penalty_taken()[0] - before_points, hand.taken(0) - before))
        return out

    def _meets(self, outcome: _Outcome) -> bool:
        if self.goal in ("win", "win_cheaply"):
            return outcome.winner == 0
        if self.goal in ("lose", "lose_high"):
            return outcome.winner != 0
        if self.goal == "avoid_card":
            return self.card not in outcome.took
        return outcome.points <= 0

    def _best(self, reaching: CardSet) -> CardSet:
        if not reaching or self.goal not in ("win_cheaply", "lose_high"):
            return reaching
        pick = min if self.goal == "win_cheaply" else max
        best = pick(c.rank for c in reaching)
        return CardSet([c for c in reaching if c.rank == best])

    def solution(self) -> CardSet:
        return self.accepted

    def read(self, answer: Any) -> Card:
        return read_card(answer)

    def to_json(self, value: Any) -> Any:
        return str(value) if isinstance(value, Card) else super().to_json(value)

    def model_answer(self) -> Any:
        return str(self.accepted.sorted_for_display()[0])

    def show(self, value: Any) -> Text:
        if isinstance(value, Card):
            return show(value)
        cards = [c.symbol for c in value.sorted_for_display()]
        return Text(" ya da ".join(cards), " or ".join(cards))

    def goal_text(self) -> Text:
        """The goal in words."""
        return say(f"goal_trick.{self.goal}", card=self.card.symbol if self.card else "")

    def judge(self, given: Card) -> tuple[bool, list[Text]]:
        verdict = self.hand.check(given)
        if not verdict:
            return False, [say("not_allowed", card=given, verdict=verdict)]
        if given in self.accepted:
            return True, [say("goal_ok", card=given)]
        if given in self.reaching:
            better = next(iter(self.accepted))
            why = say("goal_lower" if self.goal == "win_cheaply" else "goal_higher")
            return False, [say("goal_not_best", card=given, better=better, why=why)]
        failing = next(o for o in self.outcomes[given] if not self._meets(o))
        n = self.hand.players
        points = say("with_points", points=failing.points) if failing.points > 0 else Text("", "")
        winner = Seat(failing.winner, n)
        if not failing.line:
            return False, [say("goal_fails_now", card=given, winner=winner, points=points)]
        line = _plays_text(failing.line, n)
        return False, [say("goal_fails", card=given, line=line, winner=winner, points=points)]

    def situation(self) -> list[Line]:
        return _play_lines(self.hand, others=True) + [Line(say("goal"), self.goal_text())]


@register_kind
class TrickWinner(Question):
    """Who wins this trick? The position is played on with ``plays`` until the trick is complete."""

    kind = "trick_winner"
    fields = ("position", "plays")
    required = ("position", "plays")
    form = SEAT
    example = (Text("Batı", "West"),)

    def __init__(self, params: Mapping[str, Any], rules: Rules) -> None:
        super().__init__(params, rules)
        hand = _position(params["position"], rules)
        plays = params["plays"]
        if not isinstance(plays, (str, list)):
            raise ExerciseError(f'plays must be cards in the order played, like "JC QC" or '
                                f'["JC", "QC"], not {shown(plays)}')
        try:
            cards = [Card.parse(c) for c in
                     (plays.replace(",", " ").split() if isinstance(plays, str) else plays)]
        except CardError as exc:
            raise ExerciseError(say("within"), where="plays", exc=exc) from None
        if len(hand.current_trick.cards) + len(cards) != hand.players or hand.to_move is None:
            raise ExerciseError(f"plays must complete the trick in play: it needs "
                                f"{hand.players - len(hand.current_trick.cards)} card(s), "
                                f"plays has {len(cards)}")
        for card in cards:
            try:
                hand.play(card)
            except IllegalActionError as exc:
                raise ExerciseError(f"plays: {card} cannot be played: {exc}") from None
        trick = hand.last_trick
        assert trick is not None and trick.winner is not None
        self.trick = trick
        self.players = hand.players

    def solution(self) -> int:
        return self.trick.winner or 0

    def read(self, answer: Any) -> int:
        return read_seat(answer, self.players)

    def show(self, value: Any) -> Text:
        return show(Seat(value, self.players))

    def judge(self, given: int) -> tuple[bool, list[Text]]:
        winner = self.solution()
        plays = dict(self.trick.plays())
        top, led = plays[winner], self.trick.cards[0].suit
        if given != winner:
            card, seat = plays[given], Seat(given, self.players)
            return False, [say("off_suit" if card.suit != led else "beaten", card=card, seat=seat)]
        notes = [say("seat_wins", seat=Seat(winner, self.players), card=top)]
        off = CardSet([c for c in self.trick.cards if c.suit != led and c.rank > top.rank])
        if off:
            notes.append(say("off_suit_loses", cards=off))
        return True, notes

    def situation(self) -> list[Line]:
        unsettled = Trick(self.trick.leader, self.trick.cards, None, self.players)  # no winner shown
        return [_rules_line(self.rules),
                Line(say("trick_cards"), _plays_text(self.trick.plays(), self.players), unsettled)]


_DIRECTION_WORDS = {
    "left": "left", "sol": "left", "sola": "left", "soldaki": "left",
    "right": "right", "sağ": "right", "sağa": "right", "sağdaki": "right",
    "across": "across", "karşı": "across", "karşıya": "across", "karşıdaki": "across",
    "none": "none", "no pass": "none", "nobody": "none", "yok": "none", "kimse": "none",
    "hiç kimse": "none", "geçirilmez": "none", "-": "none",
}


@register_kind
class PassDirection(Question):
    """Where do your passed cards go (``ask = "to"``), or whose cards do you get (``"from"``)?
    The engine deals hand ``hand`` and does the passing; the answer is a seat, or None."""

    kind = "pass_direction"
    fields = ("hand", "ask", "seat")
    required = ("hand",)
    form = SEAT
    example = (Text("Doğu (ya da: kimse)", "East (or: nobody)"),)

    def __init__(self, params: Mapping[str, Any], rules: Rules) -> None:
        super().__init__(params, rules)
        number = params["hand"]
        if not _whole(number) or number < 1:
            raise ExerciseError(f"hand must be a hand number (1, 2, …), not {shown(number)}")
        self.number = number
        self.ask = params.get("ask", "to")
        if self.ask not in ("to", "from"):
            raise ExerciseError(f"ask must be \"to\" or \"from\", not {shown(self.ask)}")
        self.players = rules.players
        self.seat = _seat_field(params, self.players)
        hand = Hand.deal(rules, seed=number, number=number)
        self.direction = hand.pass_direction
        self.target = (hand.pass_target(self.seat) if self.ask == "to"
                       else hand.pass_source(self.seat))

    def solution(self) -> int | None:
        return self.target

    def read(self, answer: Any) -> int | None:
        if isinstance(answer, str) and answer.strip().lower() in _DIRECTION_WORDS:
            word = _DIRECTION_WORDS[answer.strip().lower()]
            if word == "none":
                return None
            if word == "across" and self.players == 3:
                raise _bad("Üç kişide karşıya geçirme yoktur: sol, sağ ya da yok yaz.",
                           "Three players have no across: write left, right or none.")
            return self.rules.seat_towards(self.seat, word)
        _no_answer(answer)
        return read_seat(answer, self.players)

    def to_json(self, value: Any) -> Any:
        return "none" if value is None else value

    def show(self, value: Any) -> Text:
        return Text("kimse", "nobody") if value is None else show(Seat(value, self.players))

    def offered(self) -> list[Any]:
        return [s for s in range(self.players) if s != self.seat] + ["none"]

    def judge(self, given: int | None) -> tuple[bool, list[Text]]:
        if self.target is None:
            note = say("no_pass", hand=self.number)
        elif given != self.target:
            note = say("passes_way", hand=self.number, direction=say(f"dir_{self.direction}"))
        else:
            note = say("passes_to" if self.ask == "to" else "passes_from", hand=self.number,
                       direction=say(f"dir_{self.direction}"),
                       seat=Seat(self.seat, self.players), target=Seat(self.target, self.players))
        return given == self.target, [note]

    def situation(self) -> list[Line]:
        return [_rules_line(self.rules), Line(say("players"), show(self.players)),
                Line(say("hand_no"), show(self.number))]


@register_kind
class HandScore(Question):
    """What does each seat score for this hand? ``position`` is a finished hand, or ``taken``
    lists the cards each seat took (with ``tricks`` won and ``peskir`` declarers if they matter)."""

    kind = "hand_score"
    fields = ("position", "taken", "tricks", "peskir")
    form = NUMBERS
    example = (Text("0 26 26 26", "0 26 26 26"),)

    def __init__(self, params: Mapping[str, Any], rules: Rules) -> None:
        super().__init__(params, rules)
        if ("position" in params) == ("taken" in params):
            raise ExerciseError("give either position (a finished hand) or taken (cards per seat)")
        if "position" in params:
            if "tricks" in params or "peskir" in params:
                raise ExerciseError("tricks and peskir go with taken; a position holds them itself")
            hand = _position(params["position"], rules)
            if not hand.is_over:
                raise ExerciseError("the position must be a finished hand (every trick played)")
            self.outcome = Outcome.of_hand(hand)
        else:
            taken = params["taken"]
            if not isinstance(taken, list):
                raise ExerciseError(f"taken must be a list with the cards each seat took, "
                                    f"not {shown(taken)}")
            peskir = params.get("peskir", [])
            if not isinstance(peskir, list) or not all(
                    _whole(s) and 0 <= s < rules.players for s in peskir):
                raise ExerciseError(f"peskir must be a list of seat numbers 0 to "
                                    f"{rules.players - 1}, not {shown(peskir)}")
            self.outcome = Outcome.of_piles(
                rules, [_cards_field(t, f"taken[{i}]") for i, t in enumerate(taken)],
                params.get("tricks"), peskir)
        self.players = rules.players

    def solution(self) -> tuple[int, ...]:
        return self.outcome.points()

    def read(self, answer: Any) -> tuple[int, ...]:
        if isinstance(answer, Mapping):
            seats = {read_seat(k, self.players): v for k, v in answer.items()}
            answer = [seats.get(s) for s in range(self.players)]
            if None in answer:
                raise _bad("Her oyuncunun puanını yaz.", "Write every player's score.")
        return read_numbers(answer, self.players, Text("puanlar", "points"))

    def to_json(self, value: Any) -> Any:
        return list(value)

    def show(self, value: Any) -> Text:
        return Text.join([say("seat_points", seat=Seat(s, self.players), points=number(p))
                          for s, p in enumerate(value)], ", ")

    def judge(self, given: tuple[int, ...]) -> tuple[bool, list[Text]]:
        points = self.solution()
        outcome, rules, n = self.outcome, self.rules, self.players
        right = tuple(given) == points
        notes = [say("wrong_for", seat=Seat(s, n), given=number(given[s]))
                 for s in range(n) if given[s] != points[s]]
        for seat, value in enumerate(outcome.penalty_taken()):
            cards = CardSet([c for c in outcome.taken[seat] if rules.value_of(c)])
            if cards:
                notes.append(say("card_points" if right else "point_cards", seat=Seat(seat, n),
                                 points=value, cards=cards))
        if outcome.moon_shooters:
            notes.append(say("moon_shot", seats=[Seat(s, n) for s in outcome.moon_shooters]))
        for seat in outcome.peskir:
            won = outcome.won[seat]
            change = rules.peskir_failure if won else rules.peskir_success
            key = ("peskir_lost" if won else "peskir_won") + ("" if right else "_fact")
            notes.append(say(key, seat=Seat(seat, n), tricks=won, points=signed(change)))
        return right, notes

    def situation(self) -> list[Line]:
        outcome, n = self.outcome, self.players
        lines = [_rules_line(self.rules)]
        if outcome.peskir:
            lines.append(Line(say("peskir_declared"), show([Seat(s, n) for s in outcome.peskir])))
        return lines + _taken_lines(outcome)


@register_kind
class GameWinner(Question):
    """Who wins the game, and the standings (+1 / 0 / −1 per seat), from the totals."""

    kind = "game_winner"
    fields = ("totals",)
    required = ("totals",)
    form = WINNERS
    example = (Text("Kuzey", "North"), Text("0 -1 1 0", "0 -1 1 0"))

    def __init__(self, params: Mapping[str, Any], rules: Rules) -> None:
        super().__init__(params, rules)
        totals = params["totals"]
        n = self.players = rules.players
        if (not isinstance(totals, list) or len(totals) != n
                or not all(_whole(t) for t in totals)):
            raise ExerciseError(f"totals must be {n} whole numbers, one per seat, "
                                f"not {shown(totals)}")
        self.totals = tuple(totals)
        if not game_over(rules, totals):
            raise NoQuestionError(f"the game is not over at these totals: nothing reaches the "
                                  f"target {rules.target}")

    def solution(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return winners(self.rules, self.totals), seat_standings(self.rules, self.totals)

    def read(self, answer: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
        _no_answer(answer)
        if isinstance(answer, Mapping) and set(answer) == {"winners", "standings"}:
            winners, standings = answer["winners"], answer["standings"]
        elif isinstance(answer, (list, tuple)) and len(answer) == 2:
            winners, standings = answer
        else:
            raise _bad('İki şey yaz: kazananlar ve sıralama puanları, örneğin '
                       '{"winners": [2], "standings": [0, -1, 1, 0]}.',
                       'Give two things: the winners and the standings, for example '
                       '{"winners": [2], "standings": [0, -1, 1, 0]}.')
        if isinstance(winners, str):
            winners = winners.replace(",", " ").split() if winners.strip() else []
        if not isinstance(winners, (list, tuple)):
            winners = [winners]
        seats = tuple(sorted({read_seat(w, self.players) for w in winners}))
        values = read_numbers(standings, self.players, Text("+1, 0 ya da -1", "+1, 0 or -1"))
        if any(v not in (-1, 0, 1) for v in values):
            raise _bad("Sıralama puanları yalnızca +1, 0 ya da -1 olabilir.",
                       "Standings are only +1, 0 or -1.")
        return seats, values

    def to_json(self, value: Any) -> Any:
        return {"winners": list(value[0]), "standings": list(value[1])}

    def show(self, value: Any) -> Text:
        winners = show([Seat(s, self.players) for s in value[0]])
        values = ", ".join(signed(v) for v in value[1])
        return Text(f"kazanan: {winners.tr}; sıralama: {values}",
                    f"winners: {winners.en}; standings: {values}")

    def judge(self, given: Any) -> tuple[bool, list[Text]]:
        winners, standings = self.solution()
        n = self.players
        if given == (winners, standings):
            values = ", ".join(signed(v) for v in standings)
            return True, [say("winners_are", seats=[Seat(s, n) for s in winners]),
                          say("standings_are", values=values)]
        notes = [] if given[0] == winners else [say("winners_wrong")]
        off = [Seat(s, n) for s in range(n) if given[1][s] != standings[s]]
        if off:
            notes.append(say("standings_wrong", seats=off))
        return False, notes

    def situation(self) -> list[Line]:
        n = self.players
        totals = Text.join([Text(f"{seat_name(s, 'tr', n)} {number(t)}",
                                 f"{seat_name(s, 'en', n)} {number(t)}")
                            for s, t in enumerate(self.totals)], ", ")
        lines = [_rules_line(self.rules),
                 Line(say("target"), say("target_value", target=self.rules.target)),
                 Line(say("totals"), totals)]
        if self.rules.partnership:
            lines.append(Line(say("teams"), say("teams_value")))
        return lines


@register_kind
class MoonPossible(Question):
    """Can ``seat`` still shoot the moon? Yes while, giving it every card nobody else has taken
    yet, the engine's scoring would count a moon for it."""

    kind = "moon_possible"
    fields = ("position", "seat")
    required = ("position",)
    form = YES_NO
    example = (Text("evet / hayır", "yes / no"),)

    def __init__(self, params: Mapping[str, Any], rules: Rules) -> None:
        super().__init__(params, rules)
        self.hand = _position(params["position"], rules)
        if self.hand.is_over:
            raise ExerciseError("the position must be a hand still being played")
        self.players = rules.players
        self.seat = _seat_field(params, self.players)
        taken = [self.hand.taken(s).mask for s in range(self.players)]
        self.possible = moon_possible(rules, taken, self.seat)

    def solution(self) -> bool:
        return self.possible

    def read(self, answer: Any) -> bool:
        return read_yes_no(answer)

    def judge(self, given: bool) -> tuple[bool, list[Text]]:
        rules, n, seat = self.rules, self.players, Seat(self.seat, self.players)
        if rules.moon == "none":
            notes = [say("moon_off")]
        elif self.possible:
            notes = [say("moon_open", seat=seat)]
        else:
            partners = next((t for t in TEAMS if self.seat in t), ()) if rules.partnership else ()
            notes = []
            for other in range(n):
                cards = self.hand.taken(other) & CardSet(rules.moon_mask)
                if other != self.seat and other not in partners and cards:
                    notes.append(say("moon_closed", seat=seat, other=Seat(other, n), cards=cards))
                    bonus = rules.bonus_card
                    if bonus is not None and bonus in cards and rules.value_of(bonus) <= 0:
                        notes.append(say("moon_needs_bonus", card=bonus))
        return given == self.possible, notes

    def situation(self) -> list[Line]:
        return _play_lines(self.hand, taken=True)



def build_question(kind: str, params: Mapping[str, Any], rules: str | Rules) -> Question:
    """The question of ``kind`` from its fields; `ExerciseError` says which field is wrong.

    >>> build_question("pass_direction", {"hand": "2"}, "standard")
    Traceback (most recent call last):
    ...
    maca.exercises.text.ExerciseError: hand must be a hand number (1, 2, …), not '2'
    """
    if not isinstance(kind, str) or kind not in KINDS:
        raise ExerciseError(f"kind {shown(kind)} is not known: use {', '.join(KINDS)}")
    if not isinstance(params, Mapping) or not all(isinstance(k, str) for k in params):
        raise ExerciseError(f"the fields of a question are a table of names and values, "
                            f"not {shown(params)}")
    cls = KINDS[kind]
    unknown = set(params) - set(cls.fields)
    if unknown:
        raise ExerciseError(f"unknown field(s) {', '.join(sorted(unknown))} for kind {kind}: "
                            f"its fields are {', '.join(cls.fields)}")
    missing = [f for f in cls.required if f not in params]
    if missing:
        raise ExerciseError(f"kind {kind} needs the field(s) {', '.join(missing)}")
    return cls(params, rules if isinstance(rules, Rules) else parse_rules(rules))



# the kinds of judgement (choose_pass, choose_lead, choose_discard) register themselves
from . import judgement as _judgement  # noqa: E402,F401  (it imports this module's helpers)
