"""One hand (deal): passing, peşkir, play with the legal-play cascade, tricks, scoring, undo.

>>> from maca import Rules, Hand
>>> hand = Hand.deal(Rules.preset("standard"), seed=7)
>>> hand.phase, hand.pass_direction
('pass', 'left')
>>> for seat in range(4):
...     hand.give(seat, list(hand.cards(seat))[-3:])
>>> hand.phase, str(hand.legal_plays())
('play', '2C')
>>> other = max(hand.cards(hand.to_move))
>>> hand.check(other).message("en")
'The first trick is opened with the two of clubs: you must lead it.'
"""
from __future__ import annotations

import random
import secrets
from typing import Callable, Iterable, Sequence

from .cards import HEARTS_MASK, QS_MASK, Card, CardSet, Suit, suit_mask
from .errors import (CardError, IllegalActionError, PositionError, RecordError, RulesError,
                     SettingError, shown)
from .legality import Cascade, allowed, compiled, moment_cascade, refusal
from .notation import (Entry, HandRecord, Position, parse_hand_record, parse_position,
                       position_text, record_text)
from .observation import Observation
from .reasons import Reason, Verdict
from .rules import DIRECTIONS, Rules
from .scoring import hand_points, moon_shooters, penalty_points
from .simulation import random_playout, shuffle
from .trick import Trick, best_position
from .words import Seat, Text, catalogue, say

__all__ = ["Hand", "shuffler"]


def shuffler(seed: int | str | None = None) -> random.Random:
    """The randomness of deals: seeded and reproducible, or (no seed) the system's secure source.

    >>> shuffler(7).random() == shuffler(7).random(), type(shuffler()).__name__
    (True, 'SystemRandom')
    """
    if seed is None:
        return secrets.SystemRandom()
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise SettingError(say("hand.seed"), value=shown(seed))
    return random.Random(seed)


class Hand:
    """One deal of the cards, from passing to the last trick. Build with `deal` or `from_cards`.

    Every action (`give`, `declare_peskir`, `play`) either happens completely or raises
    `IllegalActionError` and changes nothing; `undo` takes back the last action.
    """

    def __init__(self, rules: Rules, dealt: Sequence[int], number: int = 1, dealer: int = 0):
        """Start a hand from each seat's dealt cards as bitmasks (use `from_cards` for text)."""
        _check_rules(rules)
        self.rules = rules
        self.players = n = rules.players
        self.number = _whole("number", number, 1)
        self.dealer = _whole("dealer", dealer, 0, n - 1)
        _check_deal(rules, dealt)
        self._dealt: tuple[int, ...] | None = tuple(dealt)
        self._cards = list(dealt)
        self._compiled = compiled(rules)
        self._hand_size = rules.hand_size
        self._lowest_club = rules.lowest_club.mask
        self._breakers = HEARTS_MASK | (QS_MASK if rules.queen_breaks_hearts else 0)
        self._offset = DIRECTIONS[rules.pass_direction(number)]
        self._given: list[int | None] = [None] * n
        self._received = [0] * n
        self._passing = self._offset != 0
        self._peskir = [False] * n
        self._taken = [0] * n
        self._won = [0] * n
        self._trick: list[int] = []
        self._tricks: list[tuple[int, tuple[int, ...], int]] = []
        self._trick_values: list[Trick] = []  # `tricks` as values, built once per trick
        self._played = 0
        self._broken = False
        # the compiled cascade of this moment (`_moment_cascade`), kept while it holds: for a
        # trick's lead, then for its followers; None when not looked up yet
        self._cascade: Cascade | None = None
        self._leader = self._to_move = self._opening_leader()
        self._history: list[int | tuple] = []  # a play is the int seat << 6 | card
        self.moon_choice: str | None = None

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def deal(cls, rules: Rules, seed: int | str | None = None, number: int = 1, dealer: int = 0,
             rng: random.Random | None = None) -> Hand:
        """Shuffle and deal one card at a time clockwise, starting left of the dealer.

        Without ``seed`` (or ``rng``) the shuffle uses the system's secure randomness.
        """
        _check_rules(rules)
        if rng is not None and not isinstance(rng, random.Random):
            raise SettingError(say("hand.rng"), value=shown(rng))
        n = rules.players
        dealer = _whole("dealer", dealer, 0, n - 1)
        deck = list(compiled(rules).deck)
        shuffle(deck, rng if rng is not None else shuffler(seed))
        dealt = [0] * n
        for i in range(n):  # one card at a time clockwise: seat dealer+1+i gets deck[i::n]
            dealt[(dealer + 1 + i) % n] = sum(deck[i::n])
        return cls(rules, dealt, number=number, dealer=dealer)

    @classmethod
    def from_cards(cls, rules: Rules, hands: Sequence[Iterable[Card | str] | str],
                   number: int = 1, dealer: int = 0) -> Hand:
        """A hand from each seat's cards (lists of cards, or text like ``"AS KS 2C"``)."""
        _check_rules(rules)
        if not isinstance(hands, (list, tuple)) or len(hands) != rules.players:
            raise PositionError(say("hand.lists"), n=rules.players, value=shown(hands))
        masks = []
        for seat, cards in enumerate(hands):
            try:
                masks.append(cards.mask if isinstance(cards, CardSet) else CardSet(cards).mask)
            except CardError as exc:
                raise PositionError(say("within"), where=say("hand.seat_cards", seat=Seat(seat, rules.players)),
                                    exc=exc) from None
        return cls(rules, masks, number=number, dealer=dealer)

    @classmethod
    def restore(cls, position: Position) -> Hand:
        """The hand at a described moment (a `Position`, as `maca.notation` reads it from a
        position string), replayed from its deal through the rules.

        Only a moment some legal game reaches is accepted: otherwise `PositionError` names
        what is inconsistent. The hand is the one played to that moment (same tricks, same
        history, undo back to the deal), with the passes replayed in seat order, then the
        declarations, then the plays.

        >>> r = Rules.preset("standard")
        >>> held = [CardSet(suit_mask(s)) - CardSet([Card.of(2, s)]) for s in Suit]
        >>> hand = Hand.restore(Position(r, held, number=4, tricks=[(0, ["2C", "2D", "2S", "2H"])]))
        >>> hand.trick_number, hand.to_move, hand.last_trick.winner
        (2, 0, 0)
        >>> whole_suits = [CardSet(suit_mask(s)) for s in Suit]
        >>> Hand.restore(Position(r, whole_suits, number=4, trick=(3, [])))
        Traceback (most recent call last):
        ...
        maca.errors.PositionError: trick 1 is led by seat 3, but seat 0 holds 2C, which opens it
        """
        if not isinstance(position, Position):
            raise PositionError(say("hand.not_position"), value=shown(position))
        rules, cards, passed, tricks = position.rules, position.cards, position.passed, position.tricks
        trick, peskir, moon = position.trick, position.peskir, position.moon
        number, dealer = position.number, position.dealer
        _check_rules(rules)
        n = rules.players
        number, dealer = _whole("number", number, 1), _whole("dealer", dealer, 0, n - 1)
        if not isinstance(tricks, (list, tuple)):
            raise PositionError(say("hand.tricks_list"), value=shown(tricks))
        if not isinstance(peskir, (list, tuple, set)):
            raise PositionError(say("hand.peskir_list"), value=shown(peskir))
        declared = sorted(_whole("peskir_seat", seat, 0, n - 1) for seat in peskir)
        if len(set(declared)) != len(declared):
            raise PositionError(say("hand.peskir_twice"), value=shown(declared))
        holding = [m for m in _seat_masks("cards", cards, n) if m is not None]
        if len(holding) != n:
            raise PositionError(say("hand.cards_none"))
        history = [_trick_cards(i + 1, t, n, complete=True) for i, t in enumerate(tricks)]
        if trick is not None:
            history.append(_trick_cards(len(history) + 1, trick, n, complete=False))
        for number_, ((leader, plays), (next_leader, _)) in enumerate(zip(history, history[1:]), 1):
            winner = (leader + best_position([c.index for c in plays])) % n
            if next_leader != winner:  # said before the deal is rebuilt from who played what
                raise PositionError(say("hand.led_by"), n=number_ + 1, seat=Seat(next_leader, n),
                                    rightful=say("hand.won_before", n=number_, seat=Seat(winner, n)))
        played = [0] * n
        for leader, plays in history:
            for i, card in enumerate(plays):
                played[(leader + i) % n] |= card.mask
        after_pass = [h | p for h, p in zip(holding, played)]
        given = None if passed is None else _seat_masks("passed", passed, n)
        dealt, passing = _undo_passes(rules, number, after_pass, given)
        if passing and any(plays for _, plays in history):
            raise PositionError(say("hand.played_while_passing"))
        _check_cards_placed(rules, holding, history, dealt)
        hand = cls(rules, dealt, number=number, dealer=dealer)
        if given is None and hand._passing:
            hand._passing = False  # passed before this moment, but the position does not say what
            hand._dealt = None
            hand._leader = hand._to_move = hand._opening_leader()
        elif given is not None:
            for seat, mask in enumerate(given):
                if mask is not None:
                    hand._refuse_as_position(lambda: hand.give(seat, CardSet(mask)), say(
                        "hand.could_not_pass", seat=Seat(seat, n), cards=str(CardSet(mask))))
        for seat in declared:
            hand._refuse_as_position(lambda: hand.declare_peskir(seat),
                                     say("hand.peskir_refused", seat=Seat(seat, n)))
        for number_, (leader, plays) in enumerate(history, 1):
            if leader != hand._to_move:
                raise PositionError(say("hand.led_by"), n=number_, seat=Seat(leader, n),
                                    rightful=hand._rightful_leader(number_))
            for card in plays:
                seat = hand._to_move
                hand._refuse_as_position(lambda: hand.play(card), say(
                    "hand.could_not_play", n=number_, seat=Seat(seat, n), card=str(card)))
        if moon is not None:
            hand._refuse_as_position(lambda: hand.choose_moon(moon),
                                     say("hand.moon_refused", moon=moon))
        return hand

    def _refuse_as_position(self, action: Callable[[], None], what: Text) -> None:
        """Run a replayed action; a refusal becomes a `PositionError` saying what and why."""
        try:
            action()
        except IllegalActionError as exc:
            raise PositionError(say("within"), where=what, exc=exc) from None

    def _rightful_leader(self, number: int) -> Text:
        """Who leads trick ``number`` here, said for an error message."""
        seat = Seat(self._to_move, self.players)
        if number > 1:
            return say("hand.won_before", n=number - 1, seat=seat)
        if self.rules.first_lead == "left_of_dealer":
            return say("hand.left_of_dealer", seat=seat, dealer=Seat(self.dealer, self.players))
        return say("hand.holds_opener", seat=seat, card=str(Card(self._lowest_club.bit_length() - 1)))

    def _opening_leader(self, holding: Sequence[int] | None = None) -> int:
        if self.rules.first_lead == "left_of_dealer":
            return (self.dealer + 1) % self.players
        for seat, mask in enumerate(self._cards if holding is None else holding):
            if mask & self._lowest_club:
                return seat
        raise PositionError(say("hand.no_lowest_club"))  # pragma: no cover (deal checked)

    # -- what is going on --------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """``'pass'`` (cards being chosen), ``'play'`` or ``'done'``."""
        if self._passing:
            return "pass"
        return "done" if len(self._tricks) == self._hand_size else "play"

    @property
    def pass_direction(self) -> str:
        """This hand's pass direction: left, right, across or none."""
        return self.rules.pass_direction(self.number)

    @property
    def to_move(self) -> int | None:
        """The seat to play, or None while passing and after the last trick."""
        return self._to_move if self.phase == "play" else None

    @property
    def is_over(self) -> bool:
        """True once every trick has been played."""
        return len(self._tricks) == self._hand_size

    @property
    def hearts_broken(self) -> bool:
        """True once a heart (or Q♠ where it breaks hearts) has been played."""
        return self._broken

    @property
    def trick_number(self) -> int:
        """The number (1-based) of the trick being played."""
        return min(len(self._tricks) + 1, self.rules.hand_size)

    def pass_target(self, seat: int) -> int | None:
        """The seat that receives the cards ``seat`` passes in this hand (None: no passing)."""
        return self.rules.seat_towards(self._seat(seat), self.pass_direction)

    def pass_source(self, seat: int) -> int | None:
        """The seat whose passed cards ``seat`` receives in this hand (None: no passing)."""
        return next((s for s in range(self.players) if self.pass_target(s) == seat), None)

    def cards(self, seat: int) -> CardSet:
        """The cards ``seat`` holds now."""
        return CardSet(self._cards[self._seat(seat)])

    def dealt(self, seat: int) -> CardSet | None:
        """The cards ``seat`` was dealt (None for a hand restored from a position that does not
        record its passes)."""
        seat = self._seat(seat)
        return None if self._dealt is None else CardSet(self._dealt[seat])

    def given(self, seat: int) -> CardSet | None:
        """The cards ``seat`` passed, or None if it has not passed (yet)."""
        given = self._given[self._seat(seat)]
        return None if given is None else CardSet(given)

    def received(self, seat: int) -> CardSet:
        """The cards ``seat`` received (empty until everyone has passed)."""
        return CardSet(self._received[self._seat(seat)])

    def taken(self, seat: int) -> CardSet:
        """The cards in the tricks ``seat`` has won."""
        return CardSet(self._taken[self._seat(seat)])

    def tricks_won(self, seat: int) -> int:
        """How many tricks ``seat`` has won."""
        return self._won[self._seat(seat)]

    @property
    def peskir(self) -> tuple[int, ...]:
        """Seats that declared peşkir."""
        return tuple(s for s, d in enumerate(self._peskir) if d)

    @property
    def current_trick(self) -> Trick:
        """The trick being played (possibly no cards yet)."""
        return Trick(self._leader, tuple(Card(c) for c in self._trick), None, self.players)

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks, in order."""
        done = self._trick_values
        done.extend(Trick(lead, tuple(Card(c) for c in cards), win, self.players)
                    for lead, cards, win in self._tricks[len(done):])
        return done.copy()

    @property
    def last_trick(self) -> Trick | None:
        """The most recently completed trick."""
        tricks = self.tricks
        return tricks[-1] if tricks else None

    def _seat(self, seat: int) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalActionError(Verdict(Reason.BAD_SEAT, {"seat": seat, "last": self.players - 1}))
        return seat

    # -- passing -----------------------------------------------------------------------------
    def check_give(self, seat: int, cards: Iterable[Card | str] | str) -> Verdict:
        """Whether ``seat`` may pass ``cards`` now, and why not."""
        refusal = self._give_refusal(self._seat(seat), *_pass_choice(cards))
        return Verdict(Reason.LEGAL) if refusal is None else refusal

    def _give_refusal(self, seat: int, mask: int, named: int) -> Verdict | None:
        if (self._passing and self._given[seat] is None and named == self.rules.pass_count
                and mask.bit_count() == named and not mask & ~self._cards[seat]):
            return None
        if not self._passing:
            return Verdict(Reason.NO_PASSING if self._offset == 0 else Reason.ALREADY_PASSED,
                           {"seat": seat, "players": self.players})
        if self._given[seat] is not None:
            return Verdict(Reason.ALREADY_PASSED, {"seat": seat, "players": self.players})
        count = self.rules.pass_count
        if named != mask.bit_count():
            return Verdict(Reason.PASS_REPEATED_CARD)
        if named != count:
            return Verdict(Reason.PASS_WRONG_COUNT, {"count": count, "given": mask.bit_count()})
        missing = mask & ~self._cards[seat]
        if missing:
            return Verdict(Reason.PASS_NOT_IN_HAND, {"cards": [str(c) for c in CardSet(missing)]})
        return None

    def give(self, seat: int, cards: Iterable[Card | str] | str) -> None:
        """``seat`` puts its cards to pass face down; the exchange happens when all have given."""
        seat = self._seat(seat)
        mask, named = _pass_choice(cards)
        refusal = self._give_refusal(seat, mask, named)
        if refusal is not None:
            raise IllegalActionError(refusal)
        self._given[seat] = mask
        self._cards[seat] &= ~mask
        self._history.append(("give", seat, mask))
        if None not in self._given:
            self._exchange(+1)

    def _exchange(self, sign: int) -> None:
        n = self.players
        for seat, mask in enumerate(self._given):
            assert mask is not None
            to = (seat + self._offset) % n  # `pass_target`, the rules' direction as an offset
            if sign > 0:
                self._cards[to] |= mask
                self._received[to] = mask
            else:
                self._cards[to] &= ~mask
                self._received[to] = 0
        self._passing = sign < 0
        # back in the pass phase (undo), the leader is again the one of the deal
        holding = (self._cards if sign > 0
                   else [c | (g or 0) for c, g in zip(self._cards, self._given)])
        self._leader = self._to_move = self._opening_leader(holding)

    # -- peşkir ------------------------------------------------------------------------------
    def check_peskir(self, seat: int) -> Verdict:
        """Whether ``seat`` may declare peşkir now, and why not."""
        seat = self._seat(seat)
        if not self.rules.peskir:
            return Verdict(Reason.PESKIR_NOT_ALLOWED)
        if self._played:
            return Verdict(Reason.PESKIR_TOO_LATE)
        if self._peskir[seat]:
            return Verdict(Reason.PESKIR_ALREADY, {"seat": seat, "players": self.players})
        return Verdict(Reason.LEGAL)

    def declare_peskir(self, seat: int) -> None:
        """``seat`` declares peşkir ("el almaz"): it will take no trick this hand."""
        verdict = self.check_peskir(seat)
        if not verdict:
            raise IllegalActionError(verdict)
        self._peskir[seat] = True
        self._history.append(("peskir", seat))

    # -- playing -----------------------------------------------------------------------------
    def _moment_cascade(self) -> Cascade:
        """The compiled cascade of this moment of play, looked up once and kept in
        ``_cascade`` while it holds: `play_index` and `undo` drop it when they start or end a
        trick (and `undo` when it takes back a pass)."""
        trick = self._trick
        self._cascade = cascade = moment_cascade(self._compiled, not self._tricks, self._broken,
                                                 trick[0] if trick else -1)
        return cascade

    def legal_mask(self) -> int:
        """Bitmask of the cards the player to move may play (0 when nobody is to play)."""
        cascade = self._cascade  # set only while somebody is to play
        if cascade is None:
            if self._passing or len(self._tricks) == self._hand_size:
                return 0
            cascade = self._moment_cascade()
        return allowed(cascade, self._cards[self._to_move])

    def legal_plays(self) -> CardSet:
        """The cards the player to move may play."""
        return CardSet(self.legal_mask())

    def check(self, card: Card | str, seat: int | None = None) -> Verdict:
        """May ``card`` be played now (by ``seat``, default the player to move)? Says why not.

        The cascade of rule layers is walked in order; the first layer that rules the card out
        gives the reason, so a learner hears about one rule at a time.
        """
        card = Card.parse(card)
        cascade = self._cascade  # set only while somebody is to play
        if cascade is None:
            if self._passing:
                waiting = next(s for s, g in enumerate(self._given) if g is None)
                return Verdict(Reason.PASSING_NOT_DONE,
                               {"waiting": waiting, "players": self.players})
            if len(self._tricks) == self._hand_size:
                return Verdict(Reason.HAND_OVER)
            cascade = self._moment_cascade()
        if seat is not None and self._seat(seat) != self._to_move:
            return Verdict(Reason.NOT_YOUR_TURN, {"to_move": self._to_move, "players": self.players})
        bit = 1 << card.index
        held = self._cards[self._to_move]
        if not held & bit:
            return Verdict(Reason.NOT_IN_HAND, {"card": card})
        refused = refusal(cascade, held, bit)
        if refused is None:
            return Verdict(Reason.LEGAL, {"card": card})
        layer, left = refused
        trick = self._trick
        return layer.explain(self.rules, trick[0] // 13 if trick else -1, left)

    def play(self, card: Card | str, seat: int | None = None) -> None:
        """Play ``card`` for the player to move (checked against ``seat`` when given)."""
        card = Card.parse(card)
        index = card.index
        if seat is None and self.legal_mask() >> index & 1:
            self.play_index(index)
            return
        verdict = self.check(card, seat)
        if not verdict:
            raise IllegalActionError(verdict)
        self.play_index(card.index)

    def play_index(self, card: int) -> None:
        """Fast path for bots and simulations: play card ``card`` (an index already known legal)."""
        seat = self._to_move
        bit = 1 << card
        if self._passing or not self._cards[seat] & bit:
            raise IllegalActionError(self.check(Card(card)))
        self._history.append(seat << 6 | card)
        self._cards[seat] ^= bit
        self._played |= bit
        if bit & self._breakers:
            self._broken = True
        trick = self._trick
        trick.append(card)
        if len(trick) < self.players:
            self._to_move = seat + 1 if seat + 1 < self.players else 0
            if len(trick) == 1:  # a lead: the followers' cascade is another
                self._cascade = None
            return
        self._cascade = None
        winner = (self._leader + best_position(trick)) % self.players
        self._taken[winner] |= sum(map((1).__lshift__, trick))
        self._won[winner] += 1
        self._tricks.append((self._leader, tuple(trick), winner))
        self._trick = []
        self._leader = self._to_move = winner

    def playout(self, rng: random.Random) -> tuple[int, ...]:
        """The points of this hand played to its end with uniformly random legal cards.

        The simulation of Monte-Carlo players: the hand itself does not change. Each card is
        chosen from the same compiled cascade as `legal_mask`, the way `random_card` chooses,
        so playing ``random_card(hand.legal_mask(), rng.random)`` to the end scores the same.
        """
        if self._passing:
            raise IllegalActionError(Verdict(Reason.PASSING_NOT_DONE, {
                "waiting": self._given.index(None), "players": self.players}))
        if not isinstance(rng, random.Random):
            raise SettingError(say("hand.rng"), value=shown(rng))
        taken, won = random_playout(
            rng.random, self._cards[:], self._taken[:], self._won[:], self._compiled,
            self._breakers, self._broken, not self._tricks, self._leader,
            self._trick, self._hand_size - len(self._tricks))
        return hand_points(self.rules, taken, won, self._peskir, self.moon_choice)

    # -- undo --------------------------------------------------------------------------------
    def undo(self) -> None:
        """Take back the last action (a play, a pass, or a peşkir declaration)."""
        if not self._history:
            raise IllegalActionError(Verdict(Reason.NOTHING_TO_UNDO))
        action = self._history.pop()
        if isinstance(action, int):  # a play: seat << 6 | card
            seat, card = action >> 6, action & 63
            self.moon_choice = None  # the hand is no longer over: no moon to choose for
            if not self._trick:
                leader, cards, winner = self._tricks.pop()
                del self._trick_values[len(self._tricks):]
                self._taken[winner] &= ~sum(1 << c for c in cards)
                self._won[winner] -= 1
                self._trick = list(cards)
                self._leader = leader
                self._cascade = None  # back in the trick before: its followers' cascade
            trick = self._trick
            trick.pop()
            if not trick:
                self._cascade = None  # back at the lead
            self._cards[seat] |= 1 << card
            self._played &= ~(1 << card)
            self._broken = bool(self._played & self._breakers)
            self._to_move = seat
        elif action[0] == "give":
            self._cascade = None  # passing again, or a new opening leader
            seat = action[1]
            if not self._passing:
                self._exchange(-1)
            self._given[seat] = None
            self._cards[seat] |= action[2]
        else:
            self._peskir[action[1]] = False

    @property
    def history(self) -> list[tuple]:
        """The actions taken on this hand, in order (what a game record stores):
        ``("give", seat, mask)``, ``("peskir", seat)`` and ``("play", seat, card index)``."""
        return [("play", a >> 6, a & 63) if isinstance(a, int) else a for a in self._history]

    # -- scoring -----------------------------------------------------------------------------
    def penalty_taken(self) -> tuple[int, ...]:
        """Points of the cards each seat has taken so far, before moon and peşkir."""
        return penalty_points(self.rules, self._taken)

    @property
    def moon_shooters(self) -> tuple[int, ...]:
        """The seat (or team) that shot the moon, once the hand is over; ``()`` otherwise."""
        return moon_shooters(self.rules, self._taken) if self.is_over else ()

    def choose_moon(self, choice: str) -> None:
        """Under the ``choice`` moon rule, the shooter picks ``"old"`` or ``"new"`` scoring."""
        if self.rules.moon != "choice" or not self.moon_shooters:
            raise IllegalActionError(Verdict(Reason.MOON_CHOICE_NOT_ALLOWED))
        if choice not in ("old", "new"):
            raise IllegalActionError(Verdict(Reason.MOON_CHOICE_UNKNOWN))
        self.moon_choice = choice

    def points(self) -> tuple[int, ...]:
        """The hand's score per seat after moon, bonus card and peşkir (once it is over)."""
        if not self.is_over:
            raise IllegalActionError(Verdict(Reason.HAND_NOT_OVER))
        return hand_points(self.rules, self._taken, self._won, self._peskir, self.moon_choice)

    # -- views -------------------------------------------------------------------------------
    def observe(self, seat: int) -> Observation:
        """What ``seat`` may know: its own cards, its passes, and everything played in public.
        While cards are being passed the trick to come names no leader (the seat itself): who
        leads it tells who holds 2♣.

        >>> hand = Hand.deal(Rules.preset("standard"), seed=5)
        >>> {hand.observe(s).current_trick.leader for s in range(4)}
        {0, 1, 2, 3}
        """
        seat = self._seat(seat)
        to_move = self.to_move
        trick = self.current_trick if self.phase != "pass" else Trick(seat, (), None, self.players)
        return Observation(
            seat=seat, rules=self.rules, number=self.number, dealer=self.dealer,
            phase=self.phase, pass_direction=self.pass_direction, cards=self.cards(seat),
            passed=self.given(seat), received=self.received(seat), tricks=tuple(self.tricks),
            current_trick=trick,
            taken=tuple(self.taken(s) for s in range(self.players)), peskir=self.peskir,
            hearts_broken=self.hearts_broken, to_move=to_move,
            legal=self.legal_plays() if to_move == seat else CardSet())

    def describe(self) -> Position:
        """This moment of the hand as a `Position`: what `restore` replays to an equal hand.

        >>> hand = Hand.deal(Rules.preset("standard"), seed=2, number=4)
        >>> hand.play("2C")
        >>> Hand.restore(hand.describe()).position() == hand.position()
        True
        """
        n = self.players
        given = [self.given(s) for s in range(n)]
        current = self.current_trick
        return Position(
            self.rules, tuple(self.cards(s) for s in range(n)), number=self.number,
            dealer=self.dealer,
            passed=None if self.phase != "pass" and given.count(None) == n else tuple(given),
            tricks=tuple((t.leader, t.cards) for t in self.tricks),
            trick=(current.leader, current.cards), peskir=self.peskir, moon=self.moon_choice)

    def position(self) -> str:
        """This moment of the hand as a position string (see `maca.notation`)."""
        return position_text(self.describe())

    @classmethod
    def from_position(cls, text: str) -> Hand:
        """The hand described by a position string, replayed from its deal (`restore`), so a
        moment no legal game reaches is refused:

        >>> Hand.from_position("standard hand=4 cards=AKQJT98765432.../.AKQJT98765432../"
        ...                    "..AKQJT98765432./...AKQJT98765432 trick=0:")
        Traceback (most recent call last):
        ...
        maca.errors.PositionError: trick 1 is led by seat 0, but seat 3 holds 2C, which opens it
        """
        return cls.restore(parse_position(text))

    def describe_record(self) -> HandRecord:
        """The whole hand (deal, passes, declarations, plays) as a `HandRecord`."""
        if self._dealt is None:
            raise RecordError(say("hand.deal_unknown"))
        entries: list[Entry] = []
        plays: list[Card] = []
        for action in self.history:
            if action[0] == "play":
                plays.append(Card(action[2]))
                if len(plays) == self.players:
                    entries.append(Entry(0, "play", cards=tuple(plays)))
                    plays = []
            elif action[0] == "give":
                entries.append(Entry(0, "pass", action[1], tuple(CardSet(action[2]))))
            else:
                entries.append(Entry(0, "peskir", action[1]))
        if plays:
            entries.append(Entry(0, "play", cards=tuple(plays)))
        if self.moon_choice:
            entries.append(Entry(0, "moon", choice=self.moon_choice))
        return HandRecord(self.rules, self.number, self.dealer, self._dealt, tuple(entries))

    def record(self) -> str:
        """The whole hand (deal, passes, declarations, plays) as a replayable record."""
        return record_text([self.describe_record()])

    @classmethod
    def from_record(cls, text: str) -> Hand:
        """Replay a one-hand record; `RecordError` names the line that is wrong."""
        return cls.replayed(parse_hand_record(text))

    @classmethod
    def replayed(cls, record: HandRecord) -> Hand:
        """The hand of a `HandRecord`: dealt, then its entries taken (`replay`)."""
        try:
            hand = cls(record.rules, record.deal, number=record.number, dealer=record.dealer)
        except PositionError as exc:
            raise RecordError(say("within"), where=say("record.line", n=record.deal_line),
                              exc=exc) from None
        hand.replay(record.entries)
        return hand

    def replay(self, entries: Sequence[Entry]) -> None:
        """Take a record's entries in order; `RecordError` names the line of a refused one."""
        for entry in entries:
            try:
                if entry.verb == "pass":
                    self.give(entry.seat, entry.cards)
                elif entry.verb == "peskir":
                    self.declare_peskir(entry.seat)
                elif entry.verb == "play":
                    for card in entry.cards:
                        self.play(card)
                else:
                    self.choose_moon(entry.choice)
            except IllegalActionError as exc:
                raise RecordError(say("within"), exc=exc, where=say(
                    "record.refused", n=entry.line, value=shown(entry.written or entry.text))) from None

    def copy(self) -> Hand:
        """An independent copy (history included), for simulations."""
        other = Hand.__new__(Hand)
        for name in _SHARED_FIELDS:
            setattr(other, name, getattr(self, name))
        for name in _LIST_FIELDS:
            setattr(other, name, getattr(self, name)[:])
        return other

    def __repr__(self) -> str:
        return f"Hand.from_position({self.position()!r})"

    def _repr_html_(self) -> str:
        from .render import table_html
        return table_html(self)


#: What `Hand.copy` shares (immutable values) and what it copies (lists).
_SHARED_FIELDS = ("rules", "players", "number", "dealer", "_dealt", "_compiled", "_hand_size",
                  "_lowest_club", "_breakers", "_offset", "_passing", "_played", "_broken",
                  "_cascade", "_leader", "_to_move", "moon_choice")
_LIST_FIELDS = ("_cards", "_given", "_received", "_peskir", "_taken", "_won", "_trick",
                "_tricks", "_trick_values", "_history")


def _pass_choice(cards: Iterable[Card | str] | str) -> tuple[int, int]:
    """The mask of a pass choice and how many cards were named (a repeat counts twice)."""
    if isinstance(cards, CardSet):
        return cards.mask, cards.mask.bit_count()
    if isinstance(cards, Card):
        return cards.mask, 1
    if isinstance(cards, str):
        chosen = CardSet.parse(cards)
        return chosen.mask, len(chosen)
    if not isinstance(cards, (list, tuple, set, frozenset)):
        raise CardError(say("hand.pass_cards"), value=shown(cards))
    items = list(cards)
    return CardSet(items).mask, len(items)


def _seat_masks(field: str, groups: Sequence[CardSet | None], players: int) -> list[int | None]:
    """Each seat's group as a mask (None stays None), checked: one CardSet (or None) a seat."""
    if not isinstance(groups, (list, tuple)) or len(groups) != players:
        raise PositionError(say("hand.groups"), field=field, n=players, value=shown(groups))
    masks: list[int | None] = []
    for seat, group in enumerate(groups):
        if group is not None and not isinstance(group, CardSet):
            raise PositionError(say("hand.group_type"), field=field, seat=Seat(seat, players),
                                value=shown(group))
        masks.append(None if group is None else group.mask)
    return masks


def _trick_cards(number: int, trick: tuple[int, Sequence[Card | str]], players: int,
                 complete: bool) -> tuple[int, tuple[Card, ...]]:
    """A trick of a position checked for shape: a seat leads, and it has the right size."""
    try:
        leader, given = trick
        cards = tuple(Card.parse(c) for c in given)
    except CardError as exc:
        raise PositionError(say("within"), where=say("hand.trick_at", n=number), exc=exc) from None
    except (TypeError, ValueError):
        raise PositionError(say("hand.trick_shape"), n=number, value=shown(trick)) from None
    if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < players:
        raise PositionError(say("hand.leader"), n=number, value=shown(leader), last=players - 1)
    if len(set(cards)) != len(cards):
        raise PositionError(say("hand.trick_twice"), n=number, cards=" ".join(map(str, cards)))
    if complete and len(cards) != players:
        raise PositionError(say("hand.trick_size"), n=number, size=len(cards), players=players)
    if not complete and len(cards) >= players:
        raise PositionError(say("hand.current_size"), size=len(cards), players=players)
    return leader, cards


def _undo_passes(rules: Rules, number: int, after_pass: list[int],
                 given: list[int | None] | None) -> tuple[list[int], bool]:
    """The deal behind the cards held after passing, and whether passing is still going on."""
    direction = rules.pass_direction(number)
    if given is None:
        return after_pass, False
    if direction == "none":
        raise PositionError(say("hand.no_passing"), n=number)
    seen = 0
    for seat, mask in enumerate(given):
        if mask is None:
            continue
        if mask.bit_count() != rules.pass_count:
            raise PositionError(say("hand.pass_count"), seat=Seat(seat, rules.players),
                                n=mask.bit_count(), count=rules.pass_count)
        if seen & mask:
            raise PositionError(say("hand.passed_twice"), cards=str(CardSet(seen & mask)),
                                seat=Seat(seat, rules.players))
        seen |= mask
    if None in given:  # still choosing: the cards put down are no longer held
        for seat, mask in enumerate(given):
            if mask and mask & after_pass[seat]:
                raise PositionError(say("hand.still_holds"), seat=Seat(seat, rules.players),
                                    cards=str(CardSet(mask & after_pass[seat])))
        return [held | (g or 0) for held, g in zip(after_pass, given)], True
    dealt = list(after_pass)
    for seat, mask in enumerate(given):
        assert mask is not None
        target = rules.seat_towards(seat, direction)
        assert target is not None
        if mask & ~after_pass[target]:
            raise PositionError(say("hand.not_received"), seat=Seat(seat, rules.players),
                                cards=str(CardSet(mask & ~after_pass[target])),
                                target=Seat(target, rules.players))
        if mask & after_pass[seat]:
            raise PositionError(say("hand.kept"), seat=Seat(seat, rules.players),
                                cards=str(CardSet(mask & after_pass[seat])))
        dealt[target] &= ~mask
    for seat, mask in enumerate(given):
        dealt[seat] |= mask or 0
    return dealt, False


def _check_cards_placed(rules: Rules, holding: list[int], history: list, dealt: list[int]) -> None:
    """Every card of the deck is held, played or passed exactly once, and seats match in size."""
    places = list(holding) + [sum(c.mask for c in cards) for _, cards in history]
    seen = 0
    for mask in places:
        if seen & mask:
            raise PositionError(say("hand.two_places"), cards=str(CardSet(seen & mask)))
        seen |= mask
    if seen & ~rules.deck_mask:
        raise PositionError(say("hand.not_in_deck"), cards=str(CardSet(seen & ~rules.deck_mask)))
    passed = 0
    for mask in dealt:
        passed |= mask
    if passed != rules.deck_mask:
        raise PositionError(say("hand.missing"), cards=str(CardSet(rules.deck_mask & ~passed)))
    done = sum(len(cards) == rules.players for _, cards in history)
    for seat, mask in enumerate(dealt):
        if mask.bit_count() != rules.hand_size:
            now = holding[seat].bit_count()
            raise PositionError(say("hand.holds_wrong"), seat=Seat(seat, rules.players), size=now,
                                done=done, should=now + rules.hand_size - mask.bit_count())


def _check_rules(rules: object) -> None:
    if not isinstance(rules, Rules):
        raise RulesError(say("hand.not_rules"), value=shown(rules))


def _whole(what: str, value: object, low: int, high: int | None = None) -> int:
    """``value`` if it is a whole number (not a bool) from ``low`` to ``high``; ``what`` names
    it (``"dealer"``: the text ``hand.dealer``)."""
    if (isinstance(value, bool) or not isinstance(value, int) or value < low
            or (high is not None and value > high)):
        raise PositionError(say("hand.whole_range" if high is not None else "hand.whole_from"),
                            what=say(f"hand.{what}"), low=low, high=high, value=shown(value))
    return value


def _check_deal(rules: Rules, dealt: Sequence[int]) -> None:
    n = rules.players
    if not isinstance(dealt, (list, tuple)) or len(dealt) != n:
        raise PositionError(say("hand.deal_masks"), n=n, value=shown(dealt))
    seen = 0
    for seat, mask in enumerate(dealt):
        if isinstance(mask, bool) or not isinstance(mask, int) or not 0 <= mask < 1 << 52:
            raise PositionError(say("hand.deal_mask"), seat=Seat(seat, n), value=shown(mask))
        size = mask.bit_count()
        if size != rules.hand_size:
            raise PositionError(say("hand.deal_size"), seat=Seat(seat, n), size=size,
                                count=rules.hand_size)
        if mask & ~rules.deck_mask:
            bad = CardSet(mask & ~rules.deck_mask)
            raise PositionError(say("hand.deal_removed"), seat=Seat(seat, n), cards=str(bad))
        if seen & mask:
            raise PositionError(say("hand.deal_twice"), seat=Seat(seat, n),
                                cards=str(CardSet(seen & mask)))
        seen |= mask


# What a reader reads when a deal or a position cannot be the hand's: seats by name and number
# (as position strings write them), tricks by their number.
catalogue("hand", {
    "seed": ("tohum (seed) bir tam sayı ya da bir yazıdır, {value} değil",
             "a seed is a whole number or a text, not {value}"),
    "rng": ("rng bir random.Random olmalı, {value} değil", "rng must be a random.Random, not {value}"),
    "not_rules": ("rules bir Rules olmalı (Rules.preset('standard') gibi), {value} değil",
                  "rules must be a Rules (like Rules.preset('standard')), not {value}"),
    "number": ("tur numarası", "hand number"),
    "dealer": ("dağıtan", "dealer"),
    "peskir_seat": ("peşkir diyen oyuncu", "peşkir seat"),
    "whole_range": ("{what} {low} ile {high} arasında bir tam sayı olmalı, {value} değil",
                    "{what} must be a whole number from {low} to {high}, not {value}"),
    "whole_from": ("{what} en az {low} olan bir tam sayı olmalı, {value} değil",
                   "{what} must be a whole number {low} or more, not {value}"),
    "lists": ("her oyuncu için bir kart listesi ver: {n} liste, {value} değil",
              "give one list of cards per seat: {n} lists, not {value}"),
    "seat_cards": ("{seat:name_gen} ({seat:no}) kartları", "seat {seat:no}'s cards"),
    "pass_cards": ("geçirilecek kartlar bir kart listesi ya da «QS 2H 3D» gibi bir yazıdır, "
                   "{value} değil",
                   "the cards to pass are a list of cards or text like 'QS 2H 3D', not {value}"),
    "deal_masks": ("bir dağıtım her oyuncu için bir kart maskesi ister: {n} tane, {value} değil",
                   "a deal needs one hand (a card mask) per seat: {n}, not {value}"),
    "deal_mask": ("{seat:name_dat} ({seat:no}) dağıtılan kartlar bir kart maskesi olmalı, "
                  "{value} değil", "seat {seat:no}'s dealt cards must be a card mask, not {value}"),
    "deal_size": ("{seat:name_loc} ({seat:no}) {size} kart var; her oyuncuya {count} kart "
                  "dağıtılır", "seat {seat:no} has {size} cards; every seat must be dealt {count}"),
    "deal_removed": ("{seat:name_loc} ({seat:no}) bu kurallarda desteden çıkarılan {cards} var",
                     "seat {seat:no} holds {cards}, which these rules remove from the "
                     "deck"),
    "deal_twice": ("{seat:name_loc} ({seat:no}) başka bir oyuncuya da dağıtılmış {cards} var",
                   "seat {seat:no} holds {cards}, dealt to another seat too"),
    "not_position": ("restore bir Position alır (bkz. maca.notation), {value} değil",
                     "restore takes a Position (see maca.notation), not {value}"),
    "tricks_list": ("tricks, (açan, kartlar) çiftlerinden oluşan bir liste olmalı, {value} değil",
                    "tricks must be a list of (leader, cards), not {value}"),
    "peskir_list": ("peskir bir oyuncu listesi olmalı, {value} değil",
                    "peskir must be a list of seats, not {value}"),
    "peskir_twice": ("peskir bir oyuncuyu iki kez sayıyor: {value}",
                     "peskir names a seat twice: {value}"),
    "cards_none": ("cards: her oyuncunun bir CardSet'i olmalı (boş olabilir), None değil",
                   "cards: every seat holds a CardSet (possibly empty), not None"),
    "groups": ("{field}: her oyuncu için bir kart grubu ver ({n}), {value} değil",
               "{field}: give one group of cards per seat ({n}), not {value}"),
    "group_type": ("{field}: {seat:name_gen} ({seat:no}) kartları bir CardSet olmalı, {value} "
                   "değil", "{field}: seat {seat:no}'s cards must be a CardSet, not {value}"),
    "trick_at": ("{n}. el", "trick {n}"),
    "trick_shape": ("{n}. el (açan, kartlar) biçiminde olmalı, {value} değil",
                    "trick {n} should be (leader, cards), not {value}"),
    "leader": ("{n}. el: açan {value} bir oyuncu değil (0 ile {last} arası olmalı)",
               "trick {n}: the leader {value} is not a seat (0 to {last})"),
    "trick_twice": ("{n}. elde bir kart iki kez var: {cards}", "trick {n} has a card twice: {cards}"),
    "trick_size": ("{n}. elde {size} kart var: biten bir elde {players} kart olur",
                   "trick {n} has {size} cards: a completed trick has {players}"),
    "current_size": ("oynanan elde {size} kart var: {players} karttan az olmalı",
                     "the trick in progress has {size} cards: it has fewer than {players}"),
    "led_by": ("{n}. eli {seat:name} ({seat:no}) açıyor, ama {rightful}",
               "trick {n} is led by seat {seat:no}, but {rightful}"),
    "won_before": ("{n}. eli {seat:name} ({seat:no}) aldı", "seat {seat:no} won trick {n}"),
    "left_of_dealer": ("dağıtan {dealer:name} ({dealer:no}) olduğu için ilk eli solundaki "
                       "{seat:name} ({seat:no}) açar",
                       "seat {seat:no}, left of the dealer (seat {dealer:no}), opens it"),
    "holds_opener": ("{card} {seat:name_loc} ({seat:no}) ve ilk eli o açar",
                     "seat {seat:no} holds {card}, which opens it"),
    "no_lowest_club": ("en küçük sinek kimsede yok", "nobody holds the lowest club"),
    "played_while_passing": ("herkes kartlarını geçirmeden önce kart oynanmış",
                             "cards were played before every seat had passed"),
    "no_passing": ("{n}. turda kart geçirme yok, ama geçirilen kartlar verilmiş",
                   "hand {n} has no passing, but passes are given"),
    "pass_count": ("{seat:name} ({seat:no}) {n} kart geçirmiş, {count} değil",
                   "seat {seat:no} passed {n} cards, not {count}"),
    "passed_twice": ("{seat:name_gen} ({seat:no}) geçirdiği {cards}, başka bir oyuncunun "
                     "geçirdikleri arasında da var", "{cards} passed by seat {seat:no} was passed by another seat too"),
    "still_holds": ("{seat:name} ({seat:no}) {cards} geçirmiş, ama hâlâ elinde tutuyor",
                    "seat {seat:no} passed {cards} but still holds it"),
    "not_received": ("{seat:name} ({seat:no}) {target:name_dat} ({target:no}) {cards} geçirmiş, "
                     "ama {target:name} ne tutuyor ne de oynamış",
                     "seat {seat:no} passed {cards} to seat {target:no}, which neither holds "
                     "nor played it"),
    "kept": ("{seat:name} ({seat:no}) {cards} geçirmiş, ama hâlâ elinde tutuyor ya da kendisi "
             "oynamış", "seat {seat:no} passed {cards} but still holds or played it"),
    "two_places": ("{cards} iki yerde birden var", "{cards} appears in two places"),
    "not_in_deck": ("{cards} bu kurallarda destede yok", "{cards} is not in the deck under these rules"),
    "missing": ("{cards} eksik: her kart ya bir oyuncuda olur, ya oynanmıştır ya da geçiriliyordur",
                "{cards} is missing: every card must be held, played or being passed"),
    "holds_wrong": ("{seat:name_loc} ({seat:no}) {size} kart var; {done} elde oynadıktan sonra "
                    "{should} kartı olmalı", "seat {seat:no} holds {size} cards; after its plays "
                    "in {done} trick(s) it should hold {should}"),
    "could_not_pass": ("{seat:name} ({seat:no}) {cards} geçiremezdi",
                       "seat {seat:no} could not pass {cards}"),
    "peskir_refused": ("{seat:name_gen} ({seat:no}) peşkiri kabul edilmiyor",
                       "peşkir of seat {seat:no} is refused"),
    "could_not_play": ("{n}. el: {seat:name} ({seat:no}) {card} oynayamazdı",
                       "trick {n}: seat {seat:no} could not play {card}"),
    "moon_refused": ("moon={moon} kabul edilmiyor", "moon={moon} is refused"),
    "deal_unknown": ("bu tur, geçirilen kartları yazmayan bir pozisyondan geliyor, dağıtımı "
                     "bilinmiyor: kayıt yerine position() ile pozisyonunu sakla",
                     "this hand comes from a position that does not record its passes, so its "
                     "deal is unknown: save its position() instead of a record"),
}, one={"pass_count": ("{seat:name} ({seat:no}) 1 kart geçirmiş, {count} değil",
                      "seat {seat:no} passed 1 card, not {count}")}, scoped=True)
