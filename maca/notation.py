"""Position strings (one moment of a hand) and game records (a whole hand or game, replayable).

A position is space-separated ``key=value`` fields after the rules::

    standard hand=1 dealer=0 cards=<seat 0>/<seat 1>/<seat 2>/<seat 3> passed=done
        taken=<…>/<…>/<…>/<…> trick=<leader>:<cards> peskir=-

- rules: a preset name, optionally followed by changed options: ``standard;target=50``;
- ``cards``: what each seat holds now, in PBN (``spades.hearts.diamonds.clubs``, ranks
  ``AKQJT98765432``, an empty suit left empty: ``AKQ.T98..5432``);
- ``passed``: per seat the cards it passed (PBN) or ``-`` if not yet; ``done`` when passing is
  over but was not recorded; ``none`` in a hand without passing;
- ``taken``: per seat the cards of the tricks it has won (PBN);
- ``trick``: the seat to lead the current trick, then the cards played to it so far;
- ``peskir``: seats that declared peşkir, comma-separated, or ``-``.

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
from .errors import CardError, IllegalAction, PositionError, RecordError, RulesError
from .rules import MOON_RULES, Rules

if TYPE_CHECKING:
    from .game import Game
    from .hand import Hand

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


def _option_value(name: str, text: str, base: Rules) -> Any:
    current = getattr(base, name)
    if isinstance(current, bool):
        if text not in ("on", "off"):
            raise RulesError(f"option {name}={text!r}: write on or off")
        return text == "on"
    if isinstance(current, int):
        try:
            return int(text)
        except ValueError:
            raise RulesError(f"option {name}={text!r}: write a whole number") from None
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
            try:
                values[card] = int(points)
            except ValueError:
                raise RulesError(f"option card_values: {item!r} should look like QS:13") from None
        return values
    return text


def rules_from_text(text: str) -> Rules:
    """The rules written by `rules_to_text`.

    >>> rules_from_text("turkish;target=100").target
    100
    """
    name, *options = text.split(";")
    rules = Rules.preset(name)
    changes = {}
    for option in options:
        key, sep, value = option.partition("=")
        if not sep:
            raise RulesError(f"rules option {option!r} should look like name=value")
        if not hasattr(rules, key) or key == "name":
            raise RulesError(f"unknown rules option {key!r} in {text!r}")
        try:
            changes[key] = _option_value(key, value, rules)
        except CardError as exc:
            raise RulesError(f"rules option {key}: {exc}") from None
    return rules.replace(**changes) if changes else rules


# -- positions --------------------------------------------------------------------------------
def _pbn_list(masks: list[int]) -> str:
    return "/".join(CardSet(m).to_pbn() for m in masks)


def position_of(hand: Hand) -> str:
    """The position string of ``hand`` at this moment."""
    fields = [rules_to_text(hand.rules), f"hand={hand.number}", f"dealer={hand.dealer}",
              f"cards={_pbn_list(hand._cards)}"]
    if hand._offset == 0:
        passed = "none"
    elif all(g is None for g in hand._given):
        passed = "-/" * (hand.players - 1) + "-" if hand._passing else "done"
    else:
        passed = "/".join("-" if g is None else CardSet(g).to_pbn() for g in hand._given)
    fields.append(f"passed={passed}")
    fields.append(f"taken={_pbn_list(hand._taken)}")
    fields.append(f"trick={hand._leader}:" + ",".join(str(Card(c)) for c in hand._trick))
    fields.append("peskir=" + (",".join(map(str, hand.peskir)) or "-"))
    if hand.moon_choice:
        fields.append(f"moon={hand.moon_choice}")
    return " ".join(fields)


_KEYS = ("hand", "dealer", "cards", "passed", "taken", "trick", "peskir", "moon")


def _seat_masks(key: str, value: str, n: int) -> list[int]:
    parts = value.split("/")
    if len(parts) != n:
        raise PositionError(f"{key}= needs {n} groups separated by '/', found {len(parts)}")
    masks = []
    for seat, part in enumerate(parts):
        try:
            masks.append(-1 if part == "-" else CardSet.from_pbn(part).mask)
        except CardError as exc:
            raise PositionError(f"{key}= seat {seat}: {exc}") from None
    return masks


def _int_field(key: str, value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise PositionError(f"{key}={value!r}: write a whole number") from None


def parse_position(text: str) -> Hand:
    """The hand a position string describes; `PositionError` names the part that is wrong."""
    from .hand import Hand

    if not isinstance(text, str) or not text.split():
        raise PositionError("a position needs at least the rules and cards=…")
    rules_text, *tokens = text.split()
    try:
        rules = rules_from_text(rules_text)
    except RulesError as exc:
        raise PositionError(f"rules {rules_text!r}: {exc}") from None
    values: dict[str, str] = {}
    for token in tokens:
        key, sep, value = token.partition("=")
        if not sep or key not in _KEYS:
            raise PositionError(f"cannot read {token!r}: fields are {', '.join(_KEYS)} (key=value)")
        if key in values:
            raise PositionError(f"{key}= is given twice")
        values[key] = value
    if "cards" not in values:
        raise PositionError("the position has no cards= field (what each seat holds)")
    n = rules.players
    number = _int_field("hand", values.get("hand", "1"))
    dealer = _int_field("dealer", values.get("dealer", "0"))
    cards = _seat_masks("cards", values["cards"], n)
    if -1 in cards:
        raise PositionError("cards= cannot use '-': write an empty hand as '...'")
    taken = _seat_masks("taken", values["taken"], n) if "taken" in values else [0] * n
    if -1 in taken:
        raise PositionError("taken= cannot use '-': write no cards as '...'")
    leader, trick = _parse_trick(values.get("trick"), n)
    if leader < 0 and any(taken):
        raise PositionError("after the first trick, trick= must say who leads (like trick=2:)")
    given, passing = _parse_passed(values.get("passed"), rules, number, n)
    peskir = _parse_peskir(values.get("peskir", "-"), rules)

    # Rebuild the deal and check that every card is somewhere, exactly once.
    all_taken = 0
    for seat, mask in enumerate(taken):
        if mask.bit_count() % n:
            raise PositionError(f"taken= seat {seat} has {mask.bit_count()} cards: tricks have {n}")
        all_taken |= mask
    pending = [g for g in given if g] if passing else []  # passed cards still face down
    places = cards + taken + [sum(1 << c.index for c in trick)] + pending
    seen = 0
    for mask in places:
        if seen & mask:
            raise PositionError(f"{CardSet(seen & mask)} appears in two places")
        seen |= mask
    if seen != rules.deck_mask:
        missing, extra = rules.deck_mask & ~seen, seen & ~rules.deck_mask
        if extra:
            raise PositionError(f"{CardSet(extra)} is not in the deck under these rules")
        raise PositionError(f"{CardSet(missing)} is missing: every card must be held, taken or "
                            "in the trick")
    done_tricks = all_taken.bit_count() // n
    if passing and (done_tricks or trick):
        raise PositionError("cards were played while passing= says someone has not passed")
    hold = list(cards)
    for i, card in enumerate(trick):
        hold[(leader + i) % n] |= card.mask
    expected = rules.hand_size - done_tricks
    for seat, mask in enumerate(hold):
        size = mask.bit_count() + (rules.pass_count if passing and given[seat] else 0)
        if size != expected:
            raise PositionError(f"seat {seat} holds {mask.bit_count()} cards (counting its card in "
                                f"the trick); after {done_tricks} tricks it should hold {expected}")
    if done_tricks and not taken[leader]:
        raise PositionError(f"trick= seat {leader} leads but has won no trick: the winner of the "
                            "last trick leads the next")

    # Build the hand at the start of the current trick, then replay the trick's cards.
    dealt = [m | (g or 0) for m, g in zip(hold, given)] if passing else hold
    hand = Hand(rules, _full_deal(rules, dealt, done_tricks), number=number, dealer=dealer)
    hand._cards = hold
    hand._taken = taken
    hand._won = [m.bit_count() // n for m in taken]
    hand._played = all_taken
    hand._broken = bool(all_taken & hand._breakers)
    hand._peskir = peskir
    if hand._offset:
        hand._given = list(given)
        hand._received = [0] * n
        if not passing:
            for seat, g in enumerate(hand._given):
                if g is not None:
                    hand._received[(seat + hand._offset) % n] = g
        hand._passing = passing
    hand._tricks = [(-1, (), -1)] * done_tricks  # past tricks are not part of a position
    if done_tricks:
        hand._leader = hand._to_move = leader
    elif not passing and leader != hand._opening_leader() and (trick or "trick" in values):
        raise PositionError(f"trick= seat {leader} cannot lead the first trick: seat "
                            f"{hand._opening_leader()} does")
    for card in trick:
        try:
            hand.play(card)
        except IllegalAction as exc:
            raise PositionError(f"trick= {card} could not have been played: {exc}") from None
    hand._history = []
    hand._dealt = None
    if "moon" in values:
        if values["moon"] not in MOON_RULES[:2]:
            raise PositionError("moon= must be old or new")
        hand.moon_choice = values["moon"]
    return hand


def _full_deal(rules: Rules, holding: list[int], done_tricks: int) -> list[int]:
    """A stand-in deal of the right size (the original deal is not part of a position)."""
    if not done_tricks and all(m.bit_count() == rules.hand_size for m in holding):
        return holding
    spare = [c for c in range(52) if rules.deck_mask >> c & 1 and not any(m >> c & 1 for m in holding)]
    dealt = []
    for mask in holding:
        need = rules.hand_size - mask.bit_count()
        dealt.append(mask | sum(1 << c for c in spare[:need]))
        spare = spare[need:]
    return dealt


def _parse_trick(value: str | None, n: int) -> tuple[int, list[Card]]:
    if value is None:
        return -1, []
    leader_text, sep, cards_text = value.partition(":")
    if not sep:
        raise PositionError(f"trick={value!r} should look like 2:7C,8C (leader, then cards)")
    leader = _int_field("trick leader", leader_text)
    if not 0 <= leader < n:
        raise PositionError(f"trick= leader {leader} is not a seat (0 to {n - 1})")
    try:
        cards = [Card.parse(c) for c in cards_text.split(",") if c]
    except CardError as exc:
        raise PositionError(f"trick= {exc}") from None
    if len(cards) >= n:
        raise PositionError(f"trick= has {len(cards)} cards: a trick in progress has fewer than {n}")
    return leader, cards


def _parse_passed(value: str | None, rules: Rules, number: int, n: int) -> tuple[list, bool]:
    no_pass = rules.pass_direction(number) == "none"
    if value in (None, "none", "done"):
        if value == "none" and not no_pass:
            raise PositionError(f"passed=none but hand {number} passes {rules.pass_direction(number)}")
        if value is None and not no_pass:
            return [None] * n, False
        return [None] * n, False
    if no_pass:
        raise PositionError(f"passed={value!r}: hand {number} has no passing (write passed=none)")
    given: list[int | None] = []
    for seat, mask in enumerate(_seat_masks("passed", value, n)):
        if mask != -1 and mask.bit_count() != rules.pass_count:
            raise PositionError(f"passed= seat {seat} passed {mask.bit_count()} cards, "
                                f"not {rules.pass_count}")
        given.append(None if mask == -1 else mask)
    return given, any(g is None for g in given)


def _parse_peskir(value: str, rules: Rules) -> list[bool]:
    n = rules.players
    flags = [False] * n
    if value == "-":
        return flags
    if not rules.peskir:
        raise PositionError(f"peskir={value}: these rules have no peşkir (write peskir=- or "
                            "use rules with peskir=on)")
    for part in value.split(","):
        seat = _int_field("peskir", part)
        if not 0 <= seat < n:
            raise PositionError(f"peskir= {seat} is not a seat (0 to {n - 1})")
        flags[seat] = True
    return flags


# -- records ----------------------------------------------------------------------------------
def _hand_lines(hand: Hand) -> list[str]:
    if hand._dealt is None:
        raise RecordError("this hand started from a position, so its deal is unknown: "
                          "save its position() instead of a record")
    lines = [f"hand {hand.number} dealer {hand.dealer}", f"deal {_pbn_list(list(hand._dealt))}"]
    plays: list[str] = []
    for action in hand._history:
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
    lines = [(i + 1, line.split()) for i, line in enumerate(text.splitlines())
             if line.strip() and not line.lstrip().startswith("#")]
    if not lines or lines[0][1][0] != "rules" or len(lines[0][1]) != 2:
        where = f"line {lines[0][0]}: " if lines else ""
        raise RecordError(f"{where}a record starts with a line 'rules <preset>'")
    try:
        rules = rules_from_text(lines[0][1][1])
    except RulesError as exc:
        raise RecordError(f"line {lines[0][0]}: {exc}") from None
    return rules, [(num, words[0], words[1:]) for num, words in lines[1:]]


def _apply(hand: Hand, num: int, verb: str, args: list[str]) -> None:
    try:
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
            raise RecordError(f"line {num}: unknown entry {verb!r} (use hand, deal, pass, "
                              "peskir, play, moon)")
    except RecordError:
        raise
    except (IllegalAction, CardError) as exc:
        raise RecordError(f"line {num}: '{verb} {' '.join(args)}' was refused: {exc}") from None
    except (ValueError, IndexError):
        raise RecordError(f"line {num}: cannot read '{verb} {' '.join(args)}'") from None


def _start_hand(rules: Rules, num: int, header: list[str], deal: tuple[int, str, list[str]] | None):
    from .hand import Hand

    number, dealer = (header[0], header[2]) if len(header) == 3 else ("", "")
    if (len(header) != 3 or header[1] != "dealer" or not number.isdigit() or int(number) < 1
            or not dealer.isdigit() or int(dealer) >= rules.players):
        raise RecordError(f"line {num}: write 'hand <number> dealer <seat>' (number 1 or more, "
                          f"seat 0 to {rules.players - 1}), not 'hand {' '.join(header)}'")
    if deal is None or deal[1] != "deal" or len(deal[2]) != 1:
        raise RecordError(f"line {num}: a hand line is followed by 'deal <cards per seat>'")
    try:
        masks = _seat_masks("deal", deal[2][0], rules.players)
        return Hand(rules, masks, number=int(header[0]), dealer=int(header[2]))
    except (PositionError, ValueError) as exc:
        raise RecordError(f"line {deal[0]}: {exc}") from None


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
                    game.next_hand(dealer=hand.dealer, dealt=list(hand._dealt))
            except (IllegalAction, PositionError) as exc:
                raise RecordError(f"line {num}: {exc}") from None
            i += 2
            continue
        if game is None:
            raise RecordError(f"line {num}: a record lists 'hand …' before its plays")
        _apply(game.hand, num, verb, args)
        i += 1
    if game is None:
        raise RecordError("the record has no hand")
    return game
