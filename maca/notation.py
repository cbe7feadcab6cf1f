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

Parsing only reads the text: `Hand.restore` replays the hand from its deal, so a moment that no
legal game reaches is refused with a `PositionError` saying what is inconsistent.
Only ``rules`` and ``cards`` are required; the rest default to the start of the hand.

>>> from maca import Hand
>>> h = Hand.from_position("standard cards=AKQJT98765432.../.AKQJT98765432../..AKQJT98765432./...AKQJT98765432 passed=done")
>>> h.to_move, str(h.legal_plays())
(3, '2C')
>>> Hand.from_position(h.position()).position() == h.position()
True
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import Card, CardSet
from .errors import CardError, IllegalActionError, PositionError, RecordError, RulesError, shown
from .rules import MOON_RULES, Rules
from .words import say

if TYPE_CHECKING:
    from .game import Game
    from .hand import Hand, Trick

__all__ = ["position_of", "parse_position", "rules_to_text", "rules_from_text",
           "hand_record", "parse_hand_record", "game_record", "parse_game_record"]


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
            raise RulesError(f"option {name}={shown(text)}: write on or off")
        return text == "on"
    if isinstance(current, int):
        number = _whole_number(text)
        if number is None:
            raise RulesError(f"option {name}={shown(text)}: write a whole number (digits 0-9)")
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
                raise RulesError(f"option card_values: {shown(item)} should look like QS:13")
            values[card] = value
        return values
    return text


def rules_from_text(text: str) -> Rules:
    """The rules written by `rules_to_text`.

    >>> rules_from_text("turkish;target=100").target
    100
    """
    if not isinstance(text, str):
        raise RulesError(f"rules are written as text like 'standard;target=50', not {shown(text)}")
    name, *options = text.split(";")
    rules = Rules.preset(name)
    changes = {}
    for option in options:
        key, sep, value = option.partition("=")
        if not sep:
            raise RulesError(f"rules option {shown(option)} should look like name=value")
        if not hasattr(rules, key) or key == "name":
            raise RulesError(f"unknown rules option {shown(key)} in {shown(text)}")
        try:
            changes[key] = _option_value(key, value, rules)
        except CardError as exc:
            raise RulesError(say("within"), where=f"rules option {key}", exc=exc) from None
    return rules.replace(**changes) if changes else rules


# -- positions --------------------------------------------------------------------------------
def _trick_text(trick: Trick) -> str:
    return f"{trick.leader}:" + ",".join(str(c) for c in trick.cards)


def position_of(hand: Hand) -> str:
    """The position string of ``hand`` at this moment."""
    n = hand.players
    fields = [rules_to_text(hand.rules), f"hand={hand.number}", f"dealer={hand.dealer}",
              "cards=" + "/".join(hand.cards(s).to_pbn() for s in range(n))]
    given = [hand.given(s) for s in range(n)]
    if hand.pass_direction == "none":
        passed = "none"
    elif hand.phase != "pass" and given.count(None) == n:
        passed = "done"
    else:
        passed = "/".join("-" if g is None else g.to_pbn() for g in given)
    fields.append(f"passed={passed}")
    fields.append("tricks=" + ("/".join(map(_trick_text, hand.tricks)) or "-"))
    fields.append("trick=" + _trick_text(hand.current_trick))
    fields.append("peskir=" + (",".join(map(str, hand.peskir)) or "-"))
    if hand.moon_choice:
        fields.append(f"moon={hand.moon_choice}")
    return " ".join(fields)


_KEYS = ("hand", "dealer", "cards", "passed", "tricks", "trick", "peskir", "moon")


def _seat_groups(key: str, value: str, n: int) -> list[CardSet | None]:
    """Per seat a PBN group, or None for ``-``."""
    parts = value.split("/")
    if len(parts) != n:
        raise PositionError(f"{key}= needs {n} groups separated by '/', found {len(parts)}")
    groups: list[CardSet | None] = []
    for seat, part in enumerate(parts):
        try:
            groups.append(None if part == "-" else CardSet.from_pbn(part))
        except CardError as exc:
            raise PositionError(say("within"), where=f"{key}= seat {seat}", exc=exc) from None
    return groups


def _int_field(key: str, value: str) -> int:
    if not _is_number(value):
        raise PositionError(f"{key}={shown(value)}: write a whole number with the digits 0-9")
    return int(value)


def parse_position(text: str) -> Hand:
    """The hand a position string describes; `PositionError` names the part that is wrong.

    The hand is replayed from its deal, so a moment no legal game reaches is refused:

    >>> parse_position("standard hand=4 cards=AKQJT98765432.../.AKQJT98765432../"
    ...                "..AKQJT98765432./...AKQJT98765432 trick=0:")
    Traceback (most recent call last):
    ...
    maca.errors.PositionError: trick 1 is led by seat 0, but seat 3 holds 2C, which opens it
    """
    from .hand import Hand

    if not isinstance(text, str) or not text.split():
        raise PositionError("a position needs at least the rules and cards=…")
    rules_text, *tokens = text.split()
    try:
        rules = rules_from_text(rules_text)
    except RulesError as exc:
        raise PositionError(say("within"), where=f"rules {shown(rules_text)}", exc=exc) from None
    values: dict[str, str] = {}
    for token in tokens:
        key, sep, value = token.partition("=")
        if key == "taken":
            raise PositionError("taken= is not part of a position any more: list the completed "
                                "tricks with tricks=0:2C,3C,KC,4C/2:…, the taken cards follow")
        if not sep or key not in _KEYS:
            raise PositionError(f"cannot read {shown(token)}: fields are {', '.join(_KEYS)} (key=value)")
        if key in values:
            raise PositionError(f"{key}= is given twice")
        values[key] = value
    if "cards" not in values:
        raise PositionError("the position has no cards= field (what each seat holds)")
    n = rules.players
    cards = [g for g in _seat_groups("cards", values["cards"], n) if g is not None]
    if len(cards) != n:
        raise PositionError("cards= cannot use '-': write an empty hand as '...'")
    tricks = [] if values.get("tricks", "-") == "-" else [
        _parse_trick(f"tricks= trick {i}", part) for i, part in enumerate(values["tricks"].split("/"), 1)]
    number = _int_field("hand", values.get("hand", "1"))
    if number < 1:
        raise PositionError(f"hand={number}: hands are numbered from 1")
    return Hand.restore(
        rules, cards, number=number, dealer=_int_field("dealer", values.get("dealer", "0")),
        passed=_parse_passed(values.get("passed"), rules, number), tricks=tricks,
        trick=_parse_trick("trick=", values["trick"]) if "trick" in values else None,
        peskir=_parse_peskir(values.get("peskir", "-")), moon=values.get("moon"))


def _parse_trick(where: str, value: str) -> tuple[int, list[Card]]:
    leader_text, sep, cards_text = value.partition(":")
    if not sep:
        raise PositionError(f"{where} {shown(value)} should look like 2:7C,8C (leader, then cards)")
    try:
        cards = [Card.parse(c) for c in cards_text.split(",") if c]
    except CardError as exc:
        raise PositionError(say("within"), where=where, exc=exc) from None
    return _int_field(f"{where} leader", leader_text), cards


def _parse_passed(value: str | None, rules: Rules, number: int) -> list[CardSet | None] | None:
    direction = rules.pass_direction(number)
    if value == "none" and direction != "none":
        raise PositionError(f"passed=none, but hand {number} passes {direction}: write the "
                            "passes, or passed=done")
    if value in (None, "none", "done"):
        return None
    assert value is not None
    return _seat_groups("passed", value, rules.players)


def _parse_peskir(value: str) -> list[int]:
    if value == "-":
        return []
    return [_int_field("peskir", part) for part in value.split(",")]


# -- records ----------------------------------------------------------------------------------
def _hand_lines(hand: Hand) -> list[str]:
    dealt = [hand.dealt(seat) for seat in range(hand.players)]
    if None in dealt:
        raise RecordError("this hand comes from a position that does not record its passes, so "
                          "its deal is unknown: save its position() instead of a record")
    lines = [f"hand {hand.number} dealer {hand.dealer}",
             "deal " + "/".join(d.to_pbn() for d in dealt if d is not None)]
    plays: list[str] = []
    for action in hand.history:
        if action[0] == "play":
            plays.append(str(Card(action[2])))
            if len(plays) == hand.players:
                lines.append("play " + " ".join(plays))
                plays = []
        elif action[0] == "give":
            lines.append(f"pass {action[1]} " + " ".join(str(c) for c in CardSet(action[2])))
        else:
            lines.append(f"peskir {action[1]}")
    if plays:
        lines.append("play " + " ".join(plays))
    if hand.moon_choice:
        lines.append(f"moon {hand.moon_choice}")
    return lines


def hand_record(hand: Hand) -> str:
    """A replayable record of one hand: rules, deal, passes, peşkir, plays (a trick a line)."""
    return "\n".join([f"rules {rules_to_text(hand.rules)}"] + _hand_lines(hand)) + "\n"


def game_record(game: Game) -> str:
    """A replayable record of a whole game: every hand, in order."""
    lines = [f"rules {rules_to_text(game.rules)}"]
    for hand in game.hands:
        lines += _hand_lines(hand)
    return "\n".join(lines) + "\n"


def _replay(text: str) -> tuple[Rules, list[tuple[int, str, list[str]]]]:
    if not isinstance(text, str):
        raise RecordError(f"a record is text, not {type(text).__name__}")
    lines = [(i + 1, line.split()) for i, line in enumerate(text.splitlines())
             if line.strip() and not line.lstrip().startswith("#")]
    if not lines or lines[0][1][0] != "rules" or len(lines[0][1]) != 2:
        where = f"line {lines[0][0]}: " if lines else ""
        raise RecordError(f"{where}a record starts with a line 'rules <preset>'")
    try:
        rules = rules_from_text(lines[0][1][1])
    except RulesError as exc:
        raise RecordError(say("within"), where=f"line {lines[0][0]}", exc=exc) from None
    return rules, [(num, words[0], words[1:]) for num, words in lines[1:]]


def _apply(hand: Hand, num: int, verb: str, args: list[str]) -> None:
    try:
        if verb in ("pass", "peskir") and not (args and _is_number(args[0])):
            raise RecordError(f"line {num}: '{verb}' is followed by a seat number (0-9 digits)")
        if verb == "pass":
            hand.give(int(args[0]), args[1:])
        elif verb == "peskir":
            hand.declare_peskir(int(args[0]))
        elif verb == "play":
            for card in args:
                hand.play(card)
        elif verb == "moon":
            hand.choose_moon(args[0])
        else:
            raise RecordError(f"line {num}: unknown entry {shown(verb)} (use hand, deal, pass, "
                              "peskir, play, moon)")
    except RecordError:
        raise
    except (IllegalActionError, CardError) as exc:
        raise RecordError(f"line {num}: {shown(' '.join([verb, *args]))} was refused: {exc}") from None
    except (ValueError, IndexError):
        raise RecordError(f"line {num}: cannot read {shown(' '.join([verb, *args]))}") from None


def _start_hand(rules: Rules, num: int, header: list[str], deal: tuple[int, str, list[str]] | None):
    from .hand import Hand

    number, dealer = (header[0], header[2]) if len(header) == 3 else ("", "")
    if (len(header) != 3 or header[1] != "dealer" or not _is_number(number) or int(number) < 1
            or not _is_number(dealer) or int(dealer) >= rules.players):
        raise RecordError(f"line {num}: write 'hand <number> dealer <seat>' (number 1 or more, "
                          f"seat 0 to {rules.players - 1}), not 'hand {' '.join(header)}'")
    if deal is None or deal[1] != "deal" or len(deal[2]) != 1:
        raise RecordError(f"line {num}: a hand line is followed by 'deal <cards per seat>'")
    try:
        groups = _seat_groups("deal", deal[2][0], rules.players)
        if None in groups:
            raise PositionError("deal cannot use '-': every seat is dealt its cards")
        return Hand(rules, [g.mask for g in groups if g is not None], number=int(number),
                    dealer=int(dealer))
    except (PositionError, ValueError) as exc:
        raise RecordError(say("within"), where=f"line {deal[0]}", exc=exc) from None


def parse_hand_record(text: str) -> Hand:
    """Replay a one-hand record; `RecordError` names the line that is wrong."""
    rules, entries = _replay(text)
    if not entries or entries[0][1] != "hand":
        where = f"line {entries[0][0]}: " if entries else ""
        raise RecordError(f"{where}after the rules line comes 'hand <number> dealer <seat>'")
    hand = _start_hand(rules, entries[0][0], entries[0][2], entries[1] if len(entries) > 1 else None)
    for num, verb, args in entries[2:]:
        if verb == "hand":
            raise RecordError(f"line {num}: a second hand: read this record as a game")
        _apply(hand, num, verb, args)
    return hand


def parse_game_record(text: str) -> Game:
    """Replay a whole game's record; `RecordError` names the line that is wrong."""
    from .game import Game

    rules, entries = _replay(text)
    game: Game | None = None
    i = 0
    while i < len(entries):
        num, verb, args = entries[i]
        if verb == "hand":
            hand = _start_hand(rules, num, args, entries[i + 1] if i + 1 < len(entries) else None)
            try:
                if game is None:
                    game = Game.from_hand(hand)
                else:
                    if hand.number != game.hand.number + 1:
                        raise RecordError(f"line {num}: hand {hand.number} follows hand "
                                          f"{game.hand.number}: the next is hand "
                                          f"{game.hand.number + 1}")
                    dealt = [hand.dealt(seat) for seat in range(hand.players)]
                    game.next_hand(dealer=hand.dealer, dealt=[d.mask for d in dealt if d is not None])
            except (IllegalActionError, PositionError) as exc:
                raise RecordError(say("within"), where=f"line {num}", exc=exc) from None
            i += 2
            continue
        if game is None:
            raise RecordError(f"line {num}: a record lists 'hand …' before its plays")
        _apply(game.hand, num, verb, args)
        i += 1
    if game is None:
        raise RecordError("the record has no hand")
    return game
