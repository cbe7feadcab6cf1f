"""The Bot protocol and the simple computer players: random, ducking, cautious, the time-out player,
and the lessons' scripted players (sensible, lowest card, moon defender). Each decides from an
`Observation` only, so it cannot cheat. `dangerous_cards` is the one reading of which cards
are worth passing: every bot that passes on danger uses it.

>>> from maca import Rules, Hand
>>> hand = Hand.deal(Rules.preset("standard"), seed=4)
>>> play_out(hand, [CautiousBot()] * 4)
>>> hand.is_over, sum(hand.points()) in (26, 78)
(True, True)
"""
from __future__ import annotations

import random
from typing import Protocol, Sequence

from ..cards import QS as _QS, Card, CardSet, Suit
from ..hand import Hand
from ..observation import Observation
from ..scoring import TEAMS, hand_points, moon_possible, unit_totals
from .explain import Explanation, explain, pass_reason

__all__ = ["Bot", "RandomBot", "DuckingBot", "CautiousBot", "TimeoutBot", "SensibleBot",
           "LowestBot", "MoonDefender", "highest_cards", "dangerous_cards",
           "best_moon_choice", "play_out", "play_turn"]


class _Explains:
    """`Bot.explain` and `Bot.choose_moon` for the simple players: the rule-based reading of
    the card, the moon scoring that leaves them furthest ahead."""

    def explain(self, seen: Observation, card: Card | CardSet) -> Explanation:
        """Why ``card`` (or a pass of these cards) can be a sensible choice here, in TR and EN."""
        return explain(seen, card)

    def choose_moon(self, seen: Observation, totals: Sequence[int]) -> str:
        """The moon scoring this shooter picks (`best_moon_choice`)."""
        return best_moon_choice(seen, totals)

    def choose_peskir(self, seen: Observation) -> bool:
        """The simple players never declare peşkir."""
        return False


class Bot(Protocol):
    """A computer player: chooses its pass and its cards from what its seat may see."""

    def choose_pass(self, seen: Observation) -> CardSet:
        """The cards to pass (``seen.rules.pass_count`` of them)."""

    def choose_play(self, seen: Observation) -> Card:
        """One card of ``seen.legal``."""

    def explain(self, seen: Observation, card: Card | CardSet) -> Explanation:
        """Why ``card`` (a play, or the cards of a pass) is a sensible choice, in TR and EN."""

    def choose_moon(self, seen: Observation, totals: Sequence[int]) -> str:
        """Having shot the moon under the ``choice`` rule: ``"old"`` or ``"new"`` scoring,
        knowing the game ``totals`` before this hand."""

    def choose_peskir(self, seen: Observation) -> bool:
        """Asked before the first card of a hand whose rules have peşkir: declare it?"""


class RandomBot(_Explains):
    """Passes and plays uniformly at random among legal choices: ``seed`` makes it
    reproducible, or it draws from a ``random.Random`` it is given (shared with its caller).

    >>> from maca import Hand, Rules
    >>> hand = Hand.deal(Rules.preset("standard"), seed=1, number=4)
    >>> seen = hand.observe(hand.to_move)
    >>> RandomBot(7).choose_play(seen) == RandomBot(random.Random(7)).choose_play(seen)
    True
    """

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose_pass(self, seen: Observation) -> CardSet:
        return CardSet(self.rng.sample(sorted(seen.cards), seen.rules.pass_count))

    def choose_play(self, seen: Observation) -> Card:
        return self.rng.choice(sorted(seen.legal))


class DuckingBot(RandomBot):
    """A random player that mostly ducks: with probability ``often`` it plays its lowest
    legal card (by rank), else a random legal card (as `RandomBot`, from ``seed``).

    >>> from maca import Hand, Rules
    >>> hand = Hand.deal(Rules.preset("standard"), seed=1, number=4)
    >>> seen = hand.observe(hand.to_move)
    >>> DuckingBot(often=1.0).choose_play(seen).rank == min(c.rank for c in seen.legal)
    True
    """

    def __init__(self, seed: int | random.Random | None = None, often: float = 0.8) -> None:
        super().__init__(seed)
        self.often = often

    def choose_play(self, seen: Observation) -> Card:
        if self.rng.random() < self.often:
            return min(seen.legal, key=lambda c: c.rank)
        return super().choose_play(seen)


class CautiousBot(_Explains):
    """A simple, sensible player: passes its most dangerous cards, ducks under the winning card,
    sheds Q♠ and high hearts when void, and leads low."""

    def choose_pass(self, seen: Observation) -> CardSet:
        return CardSet(dangerous_cards(seen))

    def choose_play(self, seen: Observation) -> Card:
        legal = sorted(seen.legal, key=lambda c: (c.rank, c.index))
        if len(legal) == 1:
            return legal[0]
        rules, trick = seen.rules, seen.current_trick
        if not trick.cards:  # leading: the lowest card, non-hearts first
            plain = [c for c in legal if rules.value_of(c) <= 0]
            return (plain or legal)[0]
        led = trick.cards[0].suit
        best = trick.winning_card
        assert best is not None
        if legal[0].suit is not led:  # void: shed the most expensive card
            return max(legal, key=lambda c: (rules.value_of(c), c.rank))
        under = [c for c in legal if c.rank < best.rank]
        if under:  # duck with the highest card that still loses
            return under[-1]
        last = len(trick.cards) == rules.players - 1
        points = sum(rules.value_of(c) for c in trick.cards)
        if last and points <= 0:
            return legal[-1]  # taking a clean trick anyway: get rid of the high card
        return legal[0] if not last else legal[-1]


class TimeoutBot(_Explains):
    """The player the table puts in for a learner whose rated move timer ran out: it passes
    the most dangerous cards (`dangerous_cards`) and plays the lowest legal card that neither
    scores nor takes the trick; else the lowest that does not score; else the lowest.

    >>> from maca import Hand
    >>> hand = Hand.from_position("standard hand=4 cards=AKQJT98765432.../.AKQJT98765432../"
    ...     "..AKQJT98765432./...AKQJT9876543 trick=3:2C")
    >>> TimeoutBot().choose_play(hand.observe(0))   # void in clubs: no points, no trick
    Card('2S')
    """

    def choose_pass(self, seen: Observation) -> CardSet:
        return CardSet(dangerous_cards(seen))

    def choose_play(self, seen: Observation) -> Card:
        rules, best = seen.rules, seen.current_trick.winning_card

        def wins(card: Card) -> bool:
            return best is None or (card.suit is best.suit and card.rank > best.rank)

        order = sorted(seen.legal, key=lambda c: (c.rank, c.index))
        clean = [c for c in order if rules.value_of(c) <= 0]
        safe = [c for c in clean if not wins(c)]
        return (safe or clean or order)[0]


def dangerous_cards(seen: Observation, count: int | None = None) -> list[Card]:
    """The ``count`` cards of ``seen`` most worth passing (the rules' pass count by default),
    the most dangerous first, as lesson 10 advises: Q♠ (unless spades are long), then A♠ and
    K♠ when Q♠ is not held and spades are short (the queen may fall under them), high hearts
    (they win the trick when hearts are led), high cards of a short side suit (passing them
    makes a void), high ranks. Low cards are kept (they are the exit cards that let you play
    under), low hearts too; a card worth minus points is kept.

    >>> from maca import Rules, Hand
    >>> seen = Hand.deal(Rules.preset("standard"), seed=4).observe(0)
    >>> dangerous_cards(seen)
    [Card('AC'), Card('KH'), Card('QH')]
    """
    count = seen.rules.pass_count if count is None else count
    return sorted(seen.cards, key=lambda c: (-_danger(seen, c), c.index))[:count]


def _danger(seen: Observation, card: Card) -> int:
    """How much ``card`` is worth passing (see `dangerous_cards`)."""
    value = seen.rules.value_of(card)
    if value < 0:
        return -100
    reason = pass_reason(seen, card)
    if card == _QS:
        return 300 if reason == "queen" else 40
    danger = card.rank + {"points": 20 * value, "guard": 40, "heart": 8, "void": 12}.get(reason, 0)
    if card.suit is Suit.SPADES and card.rank < 12:
        danger -= 10  # low spades protect against Q♠
    return danger


def highest_cards(seen: Observation, count: int | None = None) -> CardSet:
    """A simple fair pass: the ``count`` highest cards held (rules' pass count by default).

    >>> from maca import Hand, Rules
    >>> str(highest_cards(Hand.deal(Rules.preset("standard"), seed=3).observe(1)))
    'AD KD KC'
    """
    count = seen.rules.pass_count if count is None else count
    ranked = sorted(seen.cards, key=lambda c: (c.rank, int(c.suit)), reverse=True)
    return CardSet(ranked[:count])


def _low_key(card: Card) -> tuple[int, int]:
    return (card.rank, int(card.suit))


class LowestBot(_Explains):
    """A lesson's scripted player: the lowest legal card (by rank, then suit); passes its
    highest cards.

    >>> from maca import Hand, Rules
    >>> hand = Hand.deal(Rules.preset("standard"), seed=1, number=4)
    >>> LowestBot().choose_play(hand.observe(hand.to_move))
    Card('2C')
    """

    def choose_pass(self, seen: Observation) -> CardSet:
        return highest_cards(seen)

    def choose_play(self, seen: Observation) -> Card:
        return min(seen.legal, key=_low_key)


class SensibleBot(_Explains):
    """A plain, honest player for the lessons' scripts: lead low; follow with the highest card
    that stays under the trick's best card (else the lowest); when void, throw the card worth
    most points, else the highest card. Passes its highest cards.

    >>> from maca import Hand
    >>> hand = Hand.from_position("standard hand=4 cards=AKQJT98765432.../.AKQJT98765432../"
    ...     "..AKQJT98765432./...AKQJT9876543 trick=3:2C")
    >>> SensibleBot().choose_play(hand.observe(0))   # void in clubs on trick 1: no points
    Card('AS')
    """

    def choose_pass(self, seen: Observation) -> CardSet:
        return highest_cards(seen)

    def choose_play(self, seen: Observation) -> Card:
        legal = seen.legal
        trick = seen.current_trick
        if not trick.cards:
            return min(legal, key=_low_key)
        follow = legal.of_suit(trick.cards[0].suit)
        best = trick.winning_card
        if follow and best is not None:
            under = [c for c in follow if c.rank < best.rank]
            return max(under, key=_low_key) if under else min(follow, key=_low_key)
        return max(legal, key=lambda c: (seen.rules.value_of(c), c.rank, int(c.suit)))


class MoonDefender(_Explains):
    """A defender against ``shooter``'s moon: play the lowest legal card, but while nobody else
    has taken a penalty card, when void, throw a heart (or Q♠) on a trick that ``shooter`` has
    already played to and can lose (a card above theirs is on the trick or still unseen)."""

    def __init__(self, shooter: int) -> None:
        self.shooter = shooter

    def choose_pass(self, seen: Observation) -> CardSet:
        return highest_cards(seen)

    def choose_play(self, seen: Observation) -> Card:
        legal, trick = seen.legal, seen.current_trick
        penalty = seen.rules.penalty_mask
        alive = moon_possible(seen.rules, [t.mask for t in seen.taken], self.shooter)
        plays = dict(trick.plays())
        if alive and self.shooter in plays and not legal.of_suit(trick.cards[0].suit):
            led, theirs = trick.cards[0].suit, plays[self.shooter]
            threats = CardSet(trick.cards) | seen.unseen
            losing = theirs.suit != led or any(
                c.suit == led and c.rank > theirs.rank for c in threats)
            dumps = [c for c in legal if c.mask & penalty]
            if losing and dumps:
                return max(dumps, key=lambda c: (seen.rules.value_of(c), c.rank))
        return min(legal, key=_low_key)


def best_moon_choice(seen: Observation, totals: Sequence[int]) -> str:
    """The moon scoring, ``"old"`` or ``"new"``, that leaves ``seen.seat`` (its team, in a
    partnership) furthest ahead of the best other, given the game ``totals`` before this
    hand; ``"old"`` when both do as well. Read from the public piles of the finished hand.

    >>> from maca import Hand, Rules
    >>> piles = ("...AKQJT98765432", "AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.")
    >>> hand = Hand.from_cards(Rules.preset("standard").replace(moon="choice"),
    ...                        [CardSet.from_pbn(p) for p in piles], number=4)
    >>> play_out(hand, [LowestBot()] * 4)      # South leads clubs and takes every trick
    >>> hand.moon_shooters, best_moon_choice(hand.observe(0), [40, 60, 70, 80])
    ((0,), 'old')
    """
    rules, n = seen.rules, seen.rules.players
    taken = [pile.mask for pile in seen.taken]
    won = [sum(t.winner == s for t in seen.tricks) for s in range(n)]
    peskir = [s in seen.peskir for s in range(n)]
    mine = next(i for i, team in enumerate(TEAMS) if seen.seat in team) \
        if rules.partnership else seen.seat
    best, pick = 0, "old"
    for choice in ("old", "new"):
        points = hand_points(rules, taken, won, peskir, choice)
        units = unit_totals(rules, [t + p for t, p in zip(totals, points)])
        margin = units[mine] - min(u for i, u in enumerate(units) if i != mine)
        if choice == "old" or margin < best:
            best, pick = margin, choice
    return pick


def play_out(hand: Hand, bots: Sequence[Bot | None]) -> None:
    """Let ``bots`` (one per seat) pass and play until the end of the hand, or until a seat
    whose bot is None (a person) has to act."""
    if hand.phase == "pass":
        for seat, bot in enumerate(bots):
            if bot is not None and hand.given(seat) is None:
                hand.give(seat, bot.choose_pass(hand.observe(seat)))
        if hand.phase == "pass":
            return
    while not hand.is_over:
        player = hand.to_move
        assert player is not None
        bot = bots[player]
        if bot is None:
            return
        play_turn(hand, bot)


def play_turn(hand: Hand, bot: Bot) -> Card:
    """Let ``bot`` play the card of the seat to move, from what that seat sees; the card.

    >>> from maca import Hand, Rules
    >>> hand = Hand.deal(Rules.preset("standard"), seed=1, number=4)
    >>> play_turn(hand, LowestBot()), len(hand.current_trick.cards)
    (Card('2C'), 1)
    """
    seat = hand.to_move
    assert seat is not None, "the hand is over: nobody is to move"
    card = bot.choose_play(hand.observe(seat))
    hand.play(card, seat=seat)
    return card
