"""Position strings (one moment of a hand) and game records (a whole hand or game, replayable).

A position is space-separated ``key=value`` fields after the rules::

    standard hand=1 dealer=0 cards=<seat 0>/<seat 1>/<seat 2>/<seat 3> passed=done
        tricks=<leader>:<cards>/<leader>:<cards>/… trick=<leader>:<cards> peskir=- [moon=new]

- rules: a preset name, optionally followed by changed options: ``standard;target=50``;
- ``cards``: what each seat holds now, in PBN (``spades.hearts.diamonds.clubs``, ranks
  ``AKQJT98765432``, an empty suit left empty: ``AKQ.T98..5432``);
- ``passed``: per seat the cards it passed (PBN) or ``-`` if not yet; ``done`` when passing is
  over but was not recorded; ``none`` in a hand without passing;
- ``tricks``: the completed tricks in order, each its leader and its cards in play order
  (``0:2C,KC,4C,5C/1:…``), or ``-``; the cards each seat has taken follow from them;
- ``trick``: the seat to lead the current trick, then the cards played to it so far;
- ``peskir``: seats that declared peşkir, comma-separated, or ``-``;
- ``moon``: the shooter's choice (``old`` or ``new``) under the ``choice`` moon rule.

This module only reads and writes text: a position is read into a `Position`, a record into
`HandRecord`s, and `Hand` builds itself from them (`Hand.from_position`, `Hand.restore`,
`Hand.from_record`, `Game.from_record`): the hand is replayed from its deal, so a moment that
no legal game reaches is refused with a `PositionError` saying what is inconsistent.
Only ``rules`` and ``cards`` are required; the rest default to the start of the hand.

>>> from maca import Hand
>>> h = Hand.from_position("standard cards=AKQJT98765432.../.AKQJT98765432../..AKQJT98765432./...AKQJT98765432 passed=done")
>>> h.to_move, str(h.legal_plays())
(3, '2C')
>>> Hand.from_position(h.position()).position() == h.position()
True
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple, Sequence

from .cards import Card, CardSet
from .errors import CardError, PositionError, RecordError, RulesError, shown
from .rules import Rules
from .words import Seat, Text, catalogue, say

__all__ = ["Position", "position_text", "parse_position", "rules_to_text", "rules_from_text",
           "Entry", "HandRecord", "record_text", "parse_hand_record", "parse_game_record"]

# What a reader of a position string or a record reads when a part of it is wrong.
catalogue("position", {
    "on_off": ("{name}={value} seçeneği: on ya da off yaz", "option {name}={value}: write on or off"),
    "option_number": ("{name}={value} seçeneği: bir tam sayı yaz (0-9 rakamlarıyla)",
                      "option {name}={value}: write a whole number (digits 0-9)"),
    "card_value": ("card_values seçeneği: {value}, QS:13 gibi yazılır",
                   "option card_values: {value} should look like QS:13"),
    "rules_not_text": ("kurallar 'standard;target=50' gibi bir yazıyla verilir, {value} ile değil",
                       "rules are written as text like 'standard;target=50', not {value}"),
    "option_shape": ("{value} kural seçeneği ad=değer biçiminde yazılır",
                     "rules option {value} should look like name=value"),
    "unknown_option": ("{value} içinde bilinmeyen bir kural seçeneği var: {field}",
                       "unknown rules option {field} in {value}"),
    "groups": ("{field}= için '/' ile ayrılmış {n} grup gerekir, {found} grup var",
               "{field}= needs {n} groups separated by '/', found {found}"),
    "field_seat": ("{field}= {seat:name} ({seat:no})", "{field}= seat {seat:no}"),
    "digits": ("{field}={value}: 0-9 rakamlarıyla bir tam sayı yaz",
               "{field}={value}: write a whole number with the digits 0-9"),
    "empty": ("bir pozisyonda en az kurallar ve cards=… bulunur",
              "a position needs at least the rules and cards=…"),
    "rules": ("kurallar {value}", "rules {value}"),
    "taken": ("taken= artık bir pozisyonun parçası değil: biten elleri tricks=0:2C,3C,KC,4C/2:… "
              "ile yaz, alınan kartlar onlardan çıkar",
              "taken= is not part of a position any more: list the completed tricks with "
              "tricks=0:2C,3C,KC,4C/2:…, the taken cards follow"),
    "unknown_field": ("{value} okunamadı: alanlar {fields} (ad=değer)",
                      "cannot read {value}: fields are {fields} (key=value)"),
    "twice": ("{field}= iki kez yazılmış", "{field}= is given twice"),
    "no_cards": ("pozisyonda cards= alanı yok (her oyuncunun tuttuğu kartlar)",
                 "the position has no cards= field (what each seat holds)"),
    "cards_dash": ("cards= içinde '-' kullanılmaz: kartı kalmayan bir oyuncu için '...' yaz",
                   "cards= cannot use '-': write an empty hand as '...'"),
    "in_tricks": ("tricks= {n}. el", "tricks= trick {n}"),
    "in_trick": ("trick= (oynanan el)", "trick="),
    "hand_from_1": ("hand={n}: turlar 1'den başlayarak numaralanır",
                    "hand={n}: hands are numbered from 1"),
    "trick_shape": ("{where} {value}, 2:7C,8C gibi yazılır (önce eli açan, sonra kartlar)",
                    "{where} {value} should look like 2:7C,8C (leader, then cards)"),
    "leader": ("{where} açan", "{where} leader"),
    "passed_none": ("passed=none yazılmış, ama {n}. turda kartlar {direction} geçirilir: "
                    "geçirilen kartları yaz ya da passed=done",
                    "passed=none, but hand {n} passes {direction}: write the passes, or "
                    "passed=done"),
}, scoped=True)
catalogue("record", {
    "line": ("{n}. satır", "line {n}"),
    "not_text": ("bir kayıt bir yazıdır, {value} değil", "a record is text, not {value}"),
    "rules_first": ("bir kayıt 'rules <kurallar>' satırıyla başlar",
                    "a record starts with a line 'rules <preset>'"),
    "seat_number": ("'{verb}' sözcüğünden sonra bir oyuncu numarası gelir (0-9 rakamlarıyla)",
                    "'{verb}' is followed by a seat number (0-9 digits)"),
    "unknown_entry": ("bilinmeyen satır {value} (hand, deal, pass, peskir, play ya da moon yaz)",
                      "unknown entry {value} (use hand, deal, pass, peskir, play, moon)"),
    "refused": ("{n}. satır: {value} kabul edilmedi", "line {n}: {value} was refused"),
    "unreadable": ("{value} okunamadı", "cannot read {value}"),
    "hand_line": ("'hand <numara> dealer <oyuncu>' yaz (numara 1 ya da daha büyük, oyuncu 0 ile "
                  "{last} arası), {value} değil",
                  "write 'hand <number> dealer <seat>' (number 1 or more, seat 0 to {last}), "
                  "not {value}"),
    "deal_next": ("bir hand satırından sonra 'deal <her oyuncunun kartları>' gelir",
                  "a hand line is followed by 'deal <cards per seat>'"),
    "deal_dash": ("deal içinde '-' kullanılmaz: her oyuncuya kartları dağıtılır",
                  "deal cannot use '-': every seat is dealt its cards"),
    "hand_first": ("rules satırından sonra 'hand <numara> dealer <oyuncu>' gelir",
                   "after the rules line comes 'hand <number> dealer <seat>'"),
    "second_hand": ("ikinci bir tur: bu kaydı bir oyun olarak oku",
                    "a second hand: read this record as a game"),
    "hand_before_plays": ("bir kayıt, oyunlardan önce 'hand …' satırını yazar",
                          "a record lists 'hand …' before its plays"),
    "no_hand": ("kayıtta hiç tur yok", "the record has no hand"),
    "hand_order": ("{n}. tur {last}. turdan sonra geliyor: sıradaki tur {next}. tur",
                   "hand {n} follows hand {last}: the next is hand {next}"),
}, scoped=True)


# -- rules ------------------------------------------------------------------------------------
def _option_text(name: str, value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, CardSet):
        return "+".join(str(c) for c in value) or "-"
    if isinstance(value, Card):
        return str(value)
    if value is None:
        return "-"
    if name == "pass_cycle":
        return "+".join(value) or "-"
    if name == "card_values":
        return "+".join(f"{Card(i)}:{v}" for i, v in enumerate(value) if v) or "-"
    return str(value)


def rules_to_text(rules: Rules) -> str:
    """``standard`` or ``standard;target=50;moon=new``: the preset and what differs from it.

    >>> rules_to_text(Rules.preset("standard").replace(target=50, pass_cycle=()))
    'standard;pass_cycle=-;target=50'
    """
    parts = [rules.name]
    parts += [f"{k}={_option_text(k, v)}" for k, v in sorted(rules.changes().items())]
    return ";".join(parts)


def _is_number(text: str) -> bool:
    """Digits 0-9 only, at most nine of them (``int`` would also read "٣", "1_000" or " 7").

    >>> _is_number("12"), _is_number("٣"), _is_number("1_000"), _is_number("-2")
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit() and len(text) <= 9  # no position needs more


def _whole_number(text: str) -> int | None:
    """``text`` as an int if it is digits 0-9 with an optional minus sign, else None."""
    return int(text) if _is_number(text[1:] if text.startswith("-") else text) else None


def _option_value(name: str, text: str, base: Rules) -> Any:
    current = getattr(base, name)
    if isinstance(current, bool):
        if text not in ("on", "off"):
            raise RulesError(say("position.on_off"), name=name, value=shown(text))
        return text == "on"
    if isinstance(current, int):
        number = _whole_number(text)
        if number is None:
            raise RulesError(say("position.option_number"), name=name, value=shown(text))
        return number
    if name == "removed":
        return CardSet() if text == "-" else CardSet(text.split("+"))
    if name == "bonus_card":
        return None if text == "-" else Card.parse(text)
    if name == "pass_cycle":
        return () if text == "-" else tuple(text.split("+"))
    if name == "card_values":
        values: dict[str, int] = {}
        for item in ([] if text == "-" else text.split("+")):
            card, _, points = item.partition(":")
            value = _whole_number(points)
            if value is None:
                raise RulesError(say("position.card_value"), value=shown(item))
            values[card] = value
        return values
    return text


def rules_from_text(text: str) -> Rules:
    """The rules written by `rules_to_text`.

    >>> rules_from_text("turkish;target=100").target
    100
    """
    if not isinstance(text, str):
        raise RulesError(say("position.rules_not_text"), value=shown(text))
    name, *options = text.split(";")
    rules = Rules.preset(name)
    changes = {}
    for option in options:
        key, sep, value = option.partition("=")
        if not sep:
            raise RulesError(say("position.option_shape"), value=shown(option))
        if not hasattr(rules, key) or key == "name":
            raise RulesError(say("position.unknown_option"), field=shown(key), value=shown(text))
        try:
            changes[key] = _option_value(key, value, rules)
        except CardError as exc:
            raise RulesError(say("within"), where=say("rules.option", option=key), exc=exc) from None
    return rules.replace(**changes) if changes else rules


# -- positions --------------------------------------------------------------------------------
#: A trick as a position gives it: the seat that led, then the cards in play order.
PlayedTrick = tuple[int, Sequence["Card | str"]]


@dataclass(frozen=True)
class Position:
    """One moment of a hand, as a position string says it: what `Hand.restore` replays.

    ``cards``: what each seat holds now; ``passed``: the cards each seat passed (None for a
    seat that has not passed yet; ``passed=None``: passing over but not recorded, or no
    passing); ``tricks``: the completed tricks; ``trick``: the trick in progress;
    ``peskir``: declaring seats; ``moon``: the shooter's choice.
    """

    rules: Rules
    cards: Sequence[CardSet]
    number: int = 1
    dealer: int = 0
    passed: Sequence[CardSet | None] | None = None
    tricks: Sequence[PlayedTrick] = ()
    trick: PlayedTrick | None = None
    peskir: Sequence[int] = ()
    moon: str | None = None


def _trick_text(trick: PlayedTrick) -> str:
    return f"{trick[0]}:" + ",".join(str(c) for c in trick[1])


def position_text(position: Position) -> str:
    """The position string of a `Position`.

    >>> from maca import Rules
    >>> held = [CardSet.parse("AS"), CardSet.parse("AH"), CardSet.parse("AD"), CardSet.parse("AC")]
    >>> position_text(Position(Rules.preset("standard"), held, number=4))
    'standard hand=4 dealer=0 cards=A.../.A../..A./...A passed=none tricks=- peskir=-'
    """
    rules = position.rules
    fields = [rules_to_text(rules), f"hand={position.number}", f"dealer={position.dealer}",
              "cards=" + "/".join(cards.to_pbn() for cards in position.cards)]
    if position.passed is None:
        passed = "none" if rules.pass_direction(position.number) == "none" else "done"
    else:
        passed = "/".join("-" if g is None else g.to_pbn() for g in position.passed)
    fields.append(f"passed={passed}")
    fields.append("tricks=" + ("/".join(map(_trick_text, position.tricks)) or "-"))
    if position.trick is not None:
        fields.append("trick=" + _trick_text(position.trick))
    fields.append("peskir=" + (",".join(map(str, position.peskir)) or "-"))
    if position.moon:
        fields.append(f"moon={position.moon}")
    return " ".join(fields)


_KEYS = ("hand", "dealer", "cards", "passed", "tricks", "trick", "peskir", "moon")


def _seat_groups(key: str, value: str, n: int) -> list[CardSet | None]:
    """Per seat a PBN group, or None for ``-``."""
    parts = value.split("/")
    if len(parts) != n:
        raise PositionError(say("position.groups"), field=key, n=n, found=len(parts))
    groups: list[CardSet | None] = []
    for seat, part in enumerate(parts):
        try:
            groups.append(None if part == "-" else CardSet.from_pbn(part))
        except CardError as exc:
            raise PositionError(say("within"), where=say("position.field_seat", field=key, seat=Seat(seat, n)),
                                exc=exc) from None
    return groups


def _int_field(key: str | Text, value: str) -> int:
    if not _is_number(value):
        raise PositionError(say("position.digits"), field=key, value=shown(value))
    return int(value)


def parse_position(text: str) -> Position:
    """The `Position` a position string describes; `PositionError` names the part that is
    wrong. Only the text is read here: `Hand.from_position` replays the hand.

    >>> seen = parse_position("standard hand=4 cards=AKQJT98765432.../.AKQJT98765432../"
    ...                       "..AKQJT98765432./...AKQJT98765432 trick=0:")
    >>> seen.number, str(seen.cards[1]), seen.trick
    (4, 'AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H', (0, []))
    >>> parse_position("standard cards=.../.../...")
    Traceback (most recent call last):
    ...
    maca.errors.PositionError: cards= needs 4 groups separated by '/', found 3
    """
    if not isinstance(text, str) or not text.split():
        raise PositionError(say("position.empty"))
    rules_text, *tokens = text.split()
    try:
        rules = rules_from_text(rules_text)
    except RulesError as exc:
        raise PositionError(say("within"), where=say("position.rules", value=shown(rules_text)),
                            exc=exc) from None
    values: dict[str, str] = {}
    for token in tokens:
        key, sep, value = token.partition("=")
        if key == "taken":
            raise PositionError(say("position.taken"))
        if not sep or key not in _KEYS:
            raise PositionError(say("position.unknown_field"), value=shown(token),
                                fields=", ".join(_KEYS))
        if key in values:
            raise PositionError(say("position.twice"), field=key)
        values[key] = value
    if "cards" not in values:
        raise PositionError(say("position.no_cards"))
    n = rules.players
    cards = [g for g in _seat_groups("cards", values["cards"], n) if g is not None]
    if len(cards) != n:
        raise PositionError(say("position.cards_dash"))
    tricks = [] if values.get("tricks", "-") == "-" else [
        _parse_trick(say("position.in_tricks", n=i), part) for i, part in enumerate(values["tricks"].split("/"), 1)]
    number = _int_field("hand", values.get("hand", "1"))
    if number < 1:
        raise PositionError(say("position.hand_from_1"), n=number)
    return Position(
        rules, cards, number=number, dealer=_int_field("dealer", values.get("dealer", "0")),
        passed=_parse_passed(values.get("passed"), rules, number), tricks=tricks,
        trick=_parse_trick(say("position.in_trick"), values["trick"]) if "trick" in values else None,
        peskir=_parse_peskir(values.get("peskir", "-")), moon=values.get("moon"))


def _parse_trick(where: Text, value: str) -> tuple[int, list[Card]]:
    leader_text, sep, cards_text = value.partition(":")
    if not sep:
        raise PositionError(say("position.trick_shape"), where=where, value=shown(value))
    try:
        cards = [Card.parse(c) for c in cards_text.split(",") if c]
    except CardError as exc:
        raise PositionError(say("within"), where=where, exc=exc) from None
    return _int_field(say("position.leader", where=where), leader_text), cards


def _parse_passed(value: str | None, rules: Rules, number: int) -> list[CardSet | None] | None:
    direction = rules.pass_direction(number)
    if value == "none" and direction != "none":
        raise PositionError(say("position.passed_none"), n=number, direction=say(f"dir_{direction}"))
    if value in (None, "none", "done"):
        return None
    assert value is not None
    return _seat_groups("passed", value, rules.players)


def _parse_peskir(value: str) -> list[int]:
    if value == "-":
        return []
    return [_int_field("peskir", part) for part in value.split(",")]


# -- records ----------------------------------------------------------------------------------
class Entry(NamedTuple):
    """One line of a hand's record after its deal, read: ``pass`` (``seat``, ``cards``),
    ``peskir`` (``seat``), ``play`` (``cards``) or ``moon`` (``choice``)."""

    line: int                    # its line in the record (0 for a record being written)
    verb: str
    seat: int = -1
    cards: tuple[Card, ...] = ()
    choice: str = ""
    written: str = ""            # the line as the record has it (said back in errors)

    @property
    def text(self) -> str:
        """The entry as a record writes it: ``'play 2C KC 4C 5C'``."""
        words = [self.verb] + ([str(self.seat)] if self.seat >= 0 else [])
        return " ".join(words + [str(c) for c in self.cards] + ([self.choice] if self.choice else []))


@dataclass(frozen=True)
class HandRecord:
    """One hand of a record: its deal and its entries, what `Hand.from_record` replays.

    ``deal``: each seat's dealt cards as a mask; ``line`` and ``deal_line``: where the hand
    and its deal are written in the record (0 for a record being written).
    """

    rules: Rules
    number: int
    dealer: int
    deal: tuple[int, ...]
    entries: tuple[Entry, ...] = ()
    line: int = 0
    deal_line: int = 0


def _hand_lines(record: HandRecord) -> list[str]:
    return ([f"hand {record.number} dealer {record.dealer}",
             "deal " + "/".join(CardSet(mask).to_pbn() for mask in record.deal)]
            + [entry.text for entry in record.entries])


def record_text(hands: Sequence[HandRecord]) -> str:
    """A replayable record of hands of one game: rules, then per hand its deal, passes,
    peşkir and plays (a trick a line).

    >>> from maca import Rules
    >>> deal = tuple(CardSet.parse(s).mask for s in ("AS", "AH", "AD", "AC"))
    >>> print(record_text([HandRecord(Rules.preset("standard"), 4, 0, deal,
    ...                               (Entry(0, "play", cards=(Card.parse("AC"),)),))]), end="")
    rules standard
    hand 4 dealer 0
    deal A.../.A../..A./...A
    play AC
    """
    rules = hands[0].rules
    return "\n".join([f"rules {rules_to_text(rules)}"]
                     + [line for hand in hands for line in _hand_lines(hand)]) + "\n"


def _lines(text: str) -> tuple[Rules, list[tuple[int, str, list[str]]]]:
    if not isinstance(text, str):
        raise RecordError(say("record.not_text"), value=type(text).__name__)
    lines = [(i + 1, line.split()) for i, line in enumerate(text.splitlines())
             if line.strip() and not line.lstrip().startswith("#")]
    if not lines or lines[0][1][0] != "rules" or len(lines[0][1]) != 2:
        raise _at(lines[0][0] if lines else None, say("record.rules_first"))
    try:
        rules = rules_from_text(lines[0][1][1])
    except RulesError as exc:
        raise _at(lines[0][0], exc) from None
    return rules, [(num, words[0], words[1:]) for num, words in lines[1:]]


def _at(line: int | None, problem: Text | Exception) -> RecordError:
    """The `RecordError` of ``problem`` (a text or an inner error) on record line ``line``
    (None: the record has no line to name)."""
    if line is None:
        assert isinstance(problem, Text)
        return RecordError(problem)
    return RecordError(say("within"), where=say("record.line", n=line), exc=problem)


def _entry(num: int, verb: str, args: list[str]) -> Entry:
    """One line after a deal, read (a card that cannot be read is refused with its line)."""
    try:
        if verb in ("pass", "peskir") and not (args and _is_number(args[0])):
            raise _at(num, say("record.seat_number", verb=verb))
        written = " ".join([verb, *args])
        if verb == "pass":
            return Entry(num, verb, int(args[0]), tuple(Card.parse(c) for c in args[1:]),
                         written=written)
        if verb == "peskir":
            return Entry(num, verb, int(args[0]), written=written)
        if verb == "play":
            return Entry(num, verb, cards=tuple(Card.parse(c) for c in args), written=written)
        if verb == "moon":
            return Entry(num, verb, choice=args[0], written=written)
        raise _at(num, say("record.unknown_entry", value=shown(verb)))
    except CardError as exc:
        raise RecordError(say("within"), exc=exc, where=say(
            "record.refused", n=num, value=shown(" ".join([verb, *args])))) from None
    except IndexError:
        raise _at(num, say("record.unreadable", value=shown(" ".join([verb, *args])))) from None


def _hand(rules: Rules, num: int, header: list[str], deal: tuple[int, str, list[str]] | None,
          entries: list[tuple[int, str, list[str]]]) -> HandRecord:
    number, dealer = (header[0], header[2]) if len(header) == 3 else ("", "")
    if (len(header) != 3 or header[1] != "dealer" or not _is_number(number) or int(number) < 1
            or not _is_number(dealer) or int(dealer) >= rules.players):
        raise _at(num, say("record.hand_line", last=rules.players - 1,
                           value=shown(" ".join(["hand", *header]))))
    if deal is None or deal[1] != "deal" or len(deal[2]) != 1:
        raise _at(num, say("record.deal_next"))
    try:
        groups = _seat_groups("deal", deal[2][0], rules.players)
    except PositionError as exc:
        raise _at(deal[0], exc) from None
    if None in groups:
        raise _at(deal[0], say("record.deal_dash"))
    return HandRecord(rules, int(number), int(dealer), tuple(g.mask for g in groups if g is not None),
                      tuple(_entry(*entry) for entry in entries), num, deal[0])


def parse_hand_record(text: str) -> HandRecord:
    """The `HandRecord` of a one-hand record; `RecordError` names the line that is wrong.
    `Hand.from_record` replays it."""
    rules, entries = _lines(text)
    if not entries or entries[0][1] != "hand":
        raise _at(entries[0][0] if entries else None, say("record.hand_first"))
    rest = entries[2:]
    second = next((i for i, (_, verb, _) in enumerate(rest) if verb == "hand"), len(rest))
    record = _hand(rules, entries[0][0], entries[0][2], entries[1] if len(entries) > 1 else None,
                   rest[:second])
    if second < len(rest):
        raise _at(rest[second][0], say("record.second_hand"))
    return record


def parse_game_record(text: str) -> tuple[HandRecord, ...]:
    """The hands of a whole game's record; `RecordError` names the line that is wrong.
    `Game.from_record` replays them."""
    rules, entries = _lines(text)
    starts = [i for i, (_, verb, _) in enumerate(entries) if verb == "hand"]
    if not starts:
        if entries:
            raise _at(entries[0][0], say("record.hand_before_plays"))
        raise RecordError(say("record.no_hand"))
    if starts[0]:
        raise _at(entries[0][0], say("record.hand_before_plays"))
    hands = []
    for i, end in zip(starts, starts[1:] + [len(entries)]):
        num, _, header = entries[i]
        hands.append(_hand(rules, num, header, entries[i + 1] if i + 1 < end else None,
                           entries[i + 2:end]))
    return tuple(hands)
