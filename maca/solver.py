"""Double-dummy solver: with every hand visible, which cards of the player to move reach a goal?

A puzzle is set the way bridge problems are: all four hands face up. The solver searches every
play of the other seats to the end of the hand and keeps the cards that *guarantee* the goal.
Goals (`GOALS`):

- ``no_points``: take no further penalty points this hand;
- ``avoid_queen``: do not take Q♠;
- ``take_all``: win every remaining trick (complete the moon);
- ``stop_moon``: make sure no single player (``target``, if given) takes all penalty cards;
- ``fewest_points``: end the hand with as few points as possible against defenders who give
  you the most (moon and peşkir included); the accepted cards reach that minimax value.

In a partnership the player and the partner choose together and the goal is the team's.
Every card considered comes from the engine's compiled legal-play cascade
(`maca.legality.allowed`), tricks are won by `maca.trick.best_position`: no rule is written
here. The search is alpha-beta with a transposition table at trick boundaries, touching cards
of one hand merged into one choice, the table's best move tried first, and a node cap.

>>> from maca import Hand
>>> hand = Hand.from_position("turkish hand=1 dealer=0 cards=.7.84./Q.5.A./742.../A98... "
...     "passed=none "
...     "tricks=1:KC,4C,5C,JC/1:3D,6D,10D,JD/0:AC,2C,QC,3C/0:7D,KD,9D,5D/1:7C,9H,9C,8C/"
...     "3:AH,JH,3H,QH/3:KS,3S,5S,6S/3:6C,KH,10C,6H/1:10H,10S,4H,8H/1:2D,JS,2H,QD trick=0:")
>>> print(hand.cards(0), "|", hand.cards(1))
7H 8D 4D | QS 5H AD
>>> solution = solve(hand, "avoid_queen")
>>> [str(c) for c in solution.choices], solution.values, str(solution.accepted)
(['8D 4D', '7H'], (0, 1), '7H')
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from .cards import AH_MASK, HEARTS_MASK, KH_MASK, QS_MASK, Card, CardSet
from .errors import MacaError, shown
from .hand import Hand
from .legality import allowed, compiled, moment_cascade
from .rules import Rules
from .trick import best_position
from .words import Seat, catalogue, say

__all__ = ["GOALS", "SolverError", "SolverLimitError", "Solution", "Solver", "solve",
           "equivalent_groups"]

#: The goals a puzzle may set, in the order they are taught.
GOALS = ("no_points", "avoid_queen", "take_all", "stop_moon", "fewest_points")

#: Nodes searched before `SolverLimitError` (a late-hand puzzle needs a few thousand).
NODE_CAP = 2_000_000

_SPECIAL = QS_MASK | AH_MASK | KH_MASK
_INF = 10 ** 6


class SolverError(MacaError):
    """A goal, target or moment the solver cannot work on (said in words)."""


class SolverLimitError(SolverError):
    """The search reached its node cap before proving anything."""


def equivalent_groups(rules: Rules, mask: int, live: int) -> list[int]:
    """``mask``'s cards grouped into equivalent choices: same suit, same points, and no card
    still in play (``live``: held by anyone or in the current trick) between them. Each group
    is a mask; groups are in card order.

    >>> from maca import Rules
    >>> r = Rules.preset("standard")
    >>> held, gone = CardSet.parse("9S 8S 6S 2H 3H"), CardSet.parse("7S")
    >>> [str(CardSet(g)) for g in equivalent_groups(r, held.mask, held.mask)]
    ['9S 8S 6S', '3H 2H']
    >>> live = held.mask | CardSet.parse("7S").mask
    >>> [str(CardSet(g)) for g in equivalent_groups(r, held.mask, live)]
    ['6S', '9S 8S', '3H 2H']
    """
    values = rules.card_values
    special = _SPECIAL | (rules.bonus_card.mask if rules.bonus_card is not None else 0)
    groups: list[int] = []
    for suit in range(4):
        base = 13 * suit
        if not mask >> base & 0x1FFF:
            continue
        bits = live >> base & 0x1FFF | mask >> base & 0x1FFF
        group = prev = -1
        while bits:
            low = bits & -bits
            bits ^= low
            card = base + low.bit_length() - 1
            if not mask >> card & 1:
                prev = -1
                continue
            if (prev >= 0 and values[prev] == values[card]
                    and not (special >> prev & 1 or special >> card & 1)):
                groups[group] |= 1 << card
            else:
                groups.append(1 << card)
                group = len(groups) - 1
            prev = card
    return groups


def _goal(goal: object, target: object, players: int) -> tuple[str, int | None]:
    if not isinstance(goal, str) or goal not in GOALS:
        raise SolverError(say("solver.goal"), value=shown(goal), goals=", ".join(GOALS))
    if target is not None:
        if goal != "stop_moon":
            raise SolverError(say("solver.target_goal"), goal=goal)
        if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < players:
            raise SolverError(say("solver.target"), value=shown(target), last=players - 1)
    return goal, target


@dataclass(frozen=True)
class Solution:
    """What the solver proved at one moment: each choice of the player to move, its value and
    the accepted ones. ``values`` are 1/0 (goal reached or not) or, for ``fewest_points``, the
    side's points for the hand with best play after that choice (lower is better)."""

    goal: str
    hero: int
    target: int | None
    choices: tuple[CardSet, ...]
    values: tuple[int, ...]
    nodes: int
    accepted: CardSet = field(default_factory=CardSet)

    @property
    def reachable(self) -> bool:
        """Some card reaches the goal (for ``fewest_points``: always)."""
        return bool(self.accepted)

    @property
    def unique(self) -> bool:
        """Exactly one choice (up to equivalent cards) is accepted, and another is not."""
        return sum(c <= self.accepted for c in self.choices) == 1 and len(self.choices) > 1

    @property
    def best(self) -> int:
        """The value of the accepted choices."""
        return min(self.values) if self.goal == "fewest_points" else max(self.values)

    def accepts(self, card: Card | str) -> bool:
        """Whether ``card`` is one of the accepted cards."""
        return Card.parse(card) in self.accepted


class Solver:
    """A search over one hand from its current moment, for one goal and one side.

    The hand is read once (`Hand` is not changed); `solve` judges the choices of the player to
    move, `best_card` answers for any seat, `line` plays a choice out against best play.

    >>> from maca import Hand
    >>> hand = Hand.from_position("turkish hand=1 dealer=0 cards=.7.84./Q.5.A./742.../A98... "
    ...     "passed=none "
    ...     "tricks=1:KC,4C,5C,JC/1:3D,6D,10D,JD/0:AC,2C,QC,3C/0:7D,KD,9D,5D/1:7C,9H,9C,8C/"
    ...     "3:AH,JH,3H,QH/3:KS,3S,5S,6S/3:6C,KH,10C,6H/1:10H,10S,4H,8H/1:2D,JS,2H,QD trick=0:")
    >>> solver = Solver(hand, "avoid_queen")
    >>> [f"{seat}:{card}" for seat, card in solver.line("8D")]
    ['0:8D', '1:AD', '2:7S', '3:AS', '1:5H', '2:4S', '3:9S', '0:7H', '0:4D', '1:QS', '2:2S', '3:8S']
    >>> str(solver.best_card())
    '7H'
    """

    def __init__(self, hand: Hand, goal: str, target: int | None = None,
                 hero: int | None = None, node_cap: int = NODE_CAP,
                 table: dict[tuple, tuple[int, int, int]] | None = None) -> None:
        if not isinstance(hand, Hand):
            raise SolverError(say("solver.hand"), value=shown(hand))
        if hand.phase != "play":
            raise SolverError(say("solver.not_playing"))
        rules = hand.rules
        n = self.n = rules.players
        self.goal, self.target = _goal(goal, target, n)
        chosen = hand.to_move if hero is None else hero
        if isinstance(chosen, bool) or not isinstance(chosen, int) or not 0 <= chosen < n:
            raise SolverError(say("solver.hero"), value=shown(hero), last=n - 1)
        self.hero: int = chosen
        self.rules = rules
        self.node_cap = node_cap
        self.nodes = 0
        cascades = compiled(rules)
        self.leads = [[moment_cascade(cascades, f, b) for b in (False, True)]
                      for f in (False, True)]
        self.follows = [[moment_cascade(cascades, f, False, c) for c in range(52)]
                        for f in (False, True)]
        self.team = tuple(s % 2 if rules.partnership else s for s in range(n))
        self.side = tuple(self.team[s] == self.team[self.hero] for s in range(n))
        self.values = rules.card_values
        self.penalty = rules.penalty_mask & rules.deck_mask
        self.moon_cards = rules.moon_mask if rules.moon != "none" else 0
        self.breakers = HEARTS_MASK | (QS_MASK if rules.queen_breaks_hearts else 0)
        self.total_penalty = sum(self.values[c] for c in range(52) if self.penalty >> c & 1)
        self.moon_value = rules.moon_value
        self.new_moon = rules.moon == "new"
        self.side_size = sum(self.side)
        self.target_team = None if self.target is None else self.team[self.target]
        # -- the moment, as ints
        self.cards = [hand.cards(s).mask for s in range(n)]
        trick = hand.current_trick
        self.trick = [c.index for c in trick.cards]
        self.leader = trick.leader
        self.first = hand.trick_number == 1 and not hand.tricks
        self.broken = hand.hearts_broken
        taken = [hand.taken(s).mask for s in range(n)]
        cand = -1
        for s in range(n):
            if taken[s] & self.moon_cards:
                t = self.team[s]
                cand = t if cand in (-1, t) else -2
        self.cand = cand
        self.declared = sum(1 << s for s in hand.peskir if self.side[s])
        self.pwon = sum(1 << s for s in range(n) if self.declared >> s & 1 and hand.tricks_won(s))
        self.base = sum(sum(self.values[c] for c in range(52) if taken[s] >> c & 1)
                        for s in range(n) if self.side[s])
        self.live_penalty = self.penalty & self._live()
        self.queen_live = bool(self._live() & QS_MASK)
        # the transposition table: a caller may share one between moments of the same hand,
        # goal and side (its entries hold what happens from a trick boundary on)
        self.tt: dict[tuple, tuple[int, int, int]] = {} if table is None else table
        self._suits: dict[tuple, tuple] = {}
        self._keys: dict[tuple, tuple] = {}
        self._groups: dict[tuple[int, int], list[int]] = {}
        self._orders: dict[tuple, list[int]] = {}
        # who could still shoot the moon matters to these goals only
        self.keep_cand = self.goal in ("stop_moon", "fewest_points")
        self.killers: dict[int, int] = {}
        self.live = self._live()
        self.valued = sum(1 << c for c in range(52) if self.values[c] and rules.deck_mask >> c & 1)
        self.special = _SPECIAL | (rules.bonus_card.mask if rules.bonus_card is not None else 0)
        # relative ranks are exact when, in each suit, the other cards are worth the same
        self.compress = all(len({self.values[c] for c in range(13 * suit, 13 * suit + 13)
                                 if rules.deck_mask >> c & 1 and not self.special >> c & 1})
                            <= 1 for suit in range(4))
        self._saved: list[tuple] = []

    # -- helpers -----------------------------------------------------------------------------
    def _live(self) -> int:
        live = 0
        for mask in self.cards:
            live |= mask
        for c in self.trick:
            live |= 1 << c
        return live

    def to_move(self) -> int:
        """The seat to play at the solver's current moment."""
        return (self.leader + len(self.trick)) % self.n

    def legal(self) -> int:
        """The legal cards of the seat to move (the engine's cascade), as a mask."""
        trick = self.trick
        seat = (self.leader + len(trick)) % self.n
        cascade = (self.follows[self.first][trick[0]] if trick
                   else self.leads[self.first][self.broken])
        return allowed(cascade, self.cards[seat])

    def groups(self) -> list[int]:
        """The legal cards of the seat to move, as groups of equivalent cards."""
        return equivalent_groups(self.rules, self.legal(), self._live())

    def _ordered(self, seat: int, mask: int, hint: int) -> list[int]:
        """One card of each equivalent group, the likeliest refutation or proof first."""
        live = self.live
        trick = self.trick
        win = -1
        if trick:
            lead = trick[0]
            base = lead - lead % 13
            win = lead
            for c in trick:
                if base <= c < base + 13 and c > win:
                    win = c
        memo = (mask, live, win, hint, self.side[seat])
        found = self._orders.get(memo)
        if found is not None:
            return found
        groups = self._groups.get((mask, live))
        if groups is None:
            groups = self._groups[(mask, live)] = equivalent_groups(self.rules, mask, live)
        values = self.values
        following = bool(trick) and bool(mask >> (trick[0] - trick[0] % 13) & 0x1FFF)
        reps: list[tuple[tuple[int, ...], int]] = []
        for g in groups:
            card = g.bit_length() - 1
            key: tuple[int, ...]
            if trick and following:
                # the highest card that stays under the winner, then the lowest above it
                key = (0, -card) if card < win else (1, card)
            elif trick:
                key = (0, -values[card], -(card % 13))
            elif self.goal == "take_all" and self.side[seat]:
                key = (0, -(card % 13))
            else:
                key = (0, card % 13)
            if g >> hint & 1 if hint >= 0 else False:
                key = (-1,)
                card = hint
            reps.append((key, card))
        reps.sort()
        order = self._orders[memo] = [c for _, c in reps]
        return order

    # -- the search ----------------------------------------------------------------------------
    def _trick_done(self) -> int | None:
        """Close the full trick: winner, taken points, moon candidate; the goal's verdict when
        this trick decides it (boolean goals), else None. Call `_reopen` to take it back."""
        trick = self.trick
        winner = (self.leader + best_position(trick)) % self.n
        mask = 0
        for c in trick:
            mask |= 1 << c
        self._saved.append((self.leader, self.first, self.broken, self.cand, self.pwon,
                            self.live_penalty, trick, self.queen_live, self.live))
        self.live &= ~mask
        self.leader = winner
        self.first = False
        if mask & self.breakers:
            self.broken = True
        moon = mask & self.moon_cards
        if moon:
            t = self.team[winner]
            cand = self.cand
            self.cand = t if cand in (-1, t) else -2
        if self.declared >> winner & 1:
            self.pwon |= 1 << winner
        self.trick = []
        self.live_penalty &= ~mask
        goal = self.goal
        ours = self.side[winner]
        if goal == "no_points":
            if ours and mask & self.penalty:
                return 0
            if not self.live_penalty:
                return 1
        elif goal == "avoid_queen":
            if mask & QS_MASK:
                self.queen_live = False
                return 0 if ours else 1
        elif goal == "take_all":
            if not ours:
                return 0
        elif goal == "stop_moon":
            cand = self.cand
            if cand == -2 or (self.target_team is not None and cand >= 0
                              and cand != self.target_team):
                return 1
        return None

    def _reopen(self) -> None:
        (self.leader, self.first, self.broken, self.cand, self.pwon, self.live_penalty,
         self.trick, self.queen_live, self.live) = self._saved.pop()

    def _points(self, trick: Sequence[int]) -> int:
        """Points the side takes with ``trick`` if it wins it (for fewest_points)."""
        return sum(self.values[c] for c in trick)

    def _end(self) -> int:
        """The utility at the end of the hand (1/0, or minus the side's remaining points)."""
        goal = self.goal
        if goal == "stop_moon":
            return 0 if self.cand >= 0 and self.moon_cards else 1
        if goal != "fewest_points":
            return 1
        adjust = 0
        cand = self.cand
        if cand >= 0 and self.moon_cards:
            if cand == self.team[self.hero]:
                adjust -= self.total_penalty + (self.moon_value * self.side_size
                                                if self.new_moon else 0)
            elif not self.new_moon:
                adjust += self.moon_value * self.side_size
        rules = self.rules
        for s in range(self.n):
            if self.declared >> s & 1:
                adjust += rules.peskir_failure if self.pwon >> s & 1 else rules.peskir_success
        return -adjust

    def _play(self, seat: int, card: int, alpha: int, beta: int) -> int:
        """The utility after ``seat`` plays ``card``, searched in the window (alpha, beta)."""
        bit = 1 << card
        self.cards[seat] ^= bit
        trick = self.trick
        trick.append(card)
        if len(trick) < self.n:
            value = self._search(alpha, beta)
            trick.pop()
        else:
            won = self.side[(self.leader + best_position(trick)) % self.n]
            points = self._points(trick) if won and self.goal == "fewest_points" else 0
            verdict = self._trick_done()
            if verdict is not None:
                value = verdict
            else:
                value = self._search(alpha + points, beta + points) - points
            self._reopen()
            self.trick.pop()
        self.cards[seat] |= bit
        return value

    def _key(self, seat: int) -> tuple:
        """The transposition table's key at a trick boundary. After trick 1 each suit is
        written in relative ranks (who holds the lowest live card, the next, …, and where the
        special cards are), so moments that differ only in which low cards are gone share it."""
        cards = self.cards
        if self.first or not self.compress:
            return (*cards, seat, self.broken, self.cand if self.keep_cand else 0, self.pwon,
                    self.first)
        whole = tuple(cards)
        parts = self._keys.get(whole)
        if parts is None:
            memo = self._suits
            found = []
            for suit in range(4):
                shift = 13 * suit
                masks = tuple([m >> shift & 0x1FFF for m in cards])
                form = memo.get((suit, masks))
                if form is None:
                    form = memo[(suit, masks)] = self._relative(suit, masks)
                found.append(form)
            parts = self._keys[whole] = tuple(found)
        return (parts, seat, self.broken, self.cand if self.keep_cand else 0, self.pwon)

    def _relative(self, suit: int, masks: tuple[int, ...]) -> tuple:
        """One suit's holdings in relative ranks, with the positions of its special cards."""
        live = 0
        for m in masks:
            live |= m
        comp = [0] * len(masks)
        specials = []
        at = 0
        while live:
            low = live & -live
            live ^= low
            for s, m in enumerate(masks):
                if m & low:
                    comp[s] |= 1 << at
                    break
            if (self.special >> (13 * suit) & 0x1FFF) & low:
                specials.append((low.bit_length(), at))
            at += 1
        return (*comp, *specials)

    def _bounds(self) -> tuple[int, int] | None:
        """Bounds on the utility from a trick boundary when no moon can change it any more
        (None otherwise): the side takes between none and all of the cards worth points left."""
        live = 0
        for m in self.cards:
            live |= m
        if self.goal == "stop_moon":
            if live & self.moon_cards:
                return None
            verdict = self._end()
            return verdict, verdict
        valued = live & self.valued
        gain = loss = 0
        while valued:
            low = valued & -valued
            valued ^= low
            v = self.values[low.bit_length() - 1]
            if v > 0:
                loss += v
            else:
                gain -= v
        pending = self.declared & ~self.pwon
        if not pending and (self.cand == -2 or not live & self.moon_cards):
            end = self._end()  # no moon can change any more: only the cards left count
            return end - loss, end + gain
        # otherwise: peşkir at its best and worst, and a moon only where one is possible
        rules = self.rules
        best = worst = 0
        for s in range(self.n):
            if self.declared >> s & 1:
                if self.pwon >> s & 1:
                    best -= rules.peskir_failure
                    worst -= rules.peskir_failure
                else:
                    best -= rules.peskir_success
                    worst -= rules.peskir_failure
        ours = self.team[self.hero]
        hero_moon = bool(self.moon_cards) and self.cand in (-1, ours)
        other_moon = bool(self.moon_cards) and self.cand not in (-2, ours)
        high = _INF if hero_moon else gain + best
        low = -loss + worst - (self.moon_value * self.side_size
                               if other_moon and not self.new_moon else 0)
        return low, high

    def _search(self, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes > self.node_cap:
            raise SolverLimitError(say("solver.cap"), cap=self.node_cap)
        trick = self.trick
        seat = (self.leader + len(trick)) % self.n
        depth = len(self.trick) + 4 * self.cards[seat].bit_count()
        hint = self.killers.get(depth, -1)
        key = None
        if not trick:
            if not self.cards[seat]:
                return self._end()
            if self.goal in ("fewest_points", "stop_moon"):
                bound = self._bounds()
                if bound is not None:
                    low, high = bound
                    if low == high or high <= alpha:
                        return high
                    if low >= beta:
                        return low
            key = self._key(seat)
            entry = self.tt.get(key)
            if entry is not None:
                low, high, hint = entry
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                if low > alpha:
                    alpha = low
                if high < beta:
                    beta = high
        a0, b0 = alpha, beta
        mask = self.legal()
        ours = self.side[seat]
        best = -_INF if ours else _INF
        best_card = -1
        for card in self._ordered(seat, mask, hint):
            value = self._play(seat, card, alpha, beta)
            if ours:
                if value > best:
                    best, best_card = value, card
                    if value > alpha:
                        alpha = value
            elif value < best:
                best, best_card = value, card
                if value < beta:
                    beta = value
            if alpha >= beta:
                self.killers[depth] = card
                break
        if key is not None:
            low, high, _ = self.tt.get(key, (-_INF, _INF, -1))
            if best <= a0:
                high = min(high, best)
            elif best >= b0:
                low = max(low, best)
            else:
                low = high = best
            self.tt[key] = (low, high, best_card)
        return best

    def _mtd(self, search, guess: int = 0) -> int:
        """The exact value of ``search(alpha, beta)`` by null-window tests (MTD(f))."""
        low, high = -_INF, _INF
        value = guess
        while low < high:
            beta = value + 1 if value == low else value
            value = search(beta - 1, beta)
            if value < beta:
                high = value
            else:
                low = value
        return value

    def _value(self, card: int) -> int:
        """The exact utility of the seat to move playing ``card``."""
        seat = self.to_move()
        if self.goal != "fewest_points":
            return self._play(seat, card, 0, 1)
        return self._mtd(lambda a, b: self._play(seat, card, a, b))

    # -- public --------------------------------------------------------------------------------
    def solve(self) -> Solution:
        """Judge every choice of the player to move (who must be the hero's side)."""
        seat = self.to_move()
        if not self.side[seat]:
            raise SolverError(say("solver.side"), seat=Seat(seat, self.n), hero=Seat(self.hero, self.n))
        groups = self.groups()
        utilities = []
        fewest = self.goal == "fewest_points"
        if fewest:  # the best value first (MTD(f)), then which choices reach it
            best = self._mtd(lambda a, b: self._search(a, b))
            for g in groups:
                v = self._play(seat, g.bit_length() - 1, best - 1, best)
                utilities.append(best if v >= best else v)
        else:
            utilities = [self._play(seat, g.bit_length() - 1, 0, 1) for g in groups]
        top = max(utilities)
        accepted = 0
        for g, u in zip(groups, utilities):
            if u == top and (fewest or top > 0):
                accepted |= g
        values = tuple(self.base - u if fewest else u for u in utilities)
        return Solution(self.goal, self.hero, self.target, tuple(CardSet(g) for g in groups),
                        values, self.nodes, CardSet(accepted))

    def best_card(self) -> Card:
        """The card the seat to move plays with best play for its side (the hero's side reaches
        the goal when it can; the others defend), ties broken by the search's order."""
        seat = self.to_move()
        ours = self.side[seat]
        best_card, best = -1, None
        for card in self._ordered(seat, self.legal(), -1):
            value = self._value(card)
            if best is None or (value > best if ours else value < best):
                best_card, best = card, value
        return Card(best_card)

    def line(self, card: Card | str | None = None) -> list[tuple[int, Card]]:
        """``card`` (default: the best card) played out against best play until the goal is
        decided or the hand ends: (seat, card) pairs. The solver's moment is unchanged."""
        played: list[tuple[int, Card]] = []
        undo: list[tuple[int, int, bool]] = []
        first = None if card is None else Card.parse(card)
        try:
            while True:
                seat = self.to_move()
                if not self.cards[seat] and not self.trick:
                    break
                if first is not None:
                    choice = first.index
                    if not self.legal() >> choice & 1:
                        raise SolverError(say("solver.not_legal"), card=str(first))
                    first = None
                else:
                    choice = self.best_card().index
                played.append((seat, Card(choice)))
                self.cards[seat] ^= 1 << choice
                self.trick.append(choice)
                closed = False
                verdict = None
                if len(self.trick) == self.n:
                    verdict = self._trick_done()
                    closed = True
                undo.append((seat, choice, closed))
                if verdict is not None:
                    break
        finally:
            for seat, choice, closed in reversed(undo):
                if closed:
                    self._reopen()
                self.trick.pop()
                self.cards[seat] |= 1 << choice
        return played


def solve(hand: Hand, goal: str, target: int | None = None, node_cap: int = NODE_CAP) -> Solution:
    """The cards of the player to move that guarantee ``goal`` (see `GOALS`), every hand seen.

    >>> from maca import Hand
    >>> hand = Hand.from_position("turkish hand=1 dealer=0 cards=.7.84./Q.5.A./742.../A98... "
    ...     "passed=none "
    ...     "tricks=1:KC,4C,5C,JC/1:3D,6D,10D,JD/0:AC,2C,QC,3C/0:7D,KD,9D,5D/1:7C,9H,9C,8C/"
    ...     "3:AH,JH,3H,QH/3:KS,3S,5S,6S/3:6C,KH,10C,6H/1:10H,10S,4H,8H/1:2D,JS,2H,QD trick=0:")
    >>> solve(hand, "fewest_points").values  # 8D or 4D: 18 points; 7H: 3
    (18, 3)
    """
    return Solver(hand, goal, target, node_cap=node_cap).solve()


# The solver's errors: a wrong call (for the developer) or a search too long to finish.
catalogue("solver", {
    "goal": ("bilinmeyen hedef {value}: şunlardan birini kullan: {goals}",
             "unknown goal {value}: use one of {goals}"),
    "target_goal": ("hedef oyuncu yalnızca stop_moon içindir, {goal} için değil",
                    "a target seat is only for stop_moon, not for {goal}"),
    "target": ("hedef {value} bir oyuncu değil (0 ile {last} arası)",
               "the target {value} is not a seat (0 to {last})"),
    "hand": ("çözücü bir Hand okur, {value} değil", "the solver reads a Hand, not {value}"),
    "not_playing": ("çözücü oynanmakta olan bir tur ister (kart geçirme bitmiş, kart kalmış)",
                    "the solver needs a hand being played (passing over, cards left)"),
    "hero": ("çözücünün oyuncusu {value} bir oyuncu değil (0 ile {last} arası)",
             "the hero {value} is not a seat (0 to {last})"),
    "cap": ("arama {cap} pozisyon sınırını bir kanıt bulamadan aştı: daha az kart kalmış bir "
            "an dene", "the search passed its cap of {cap} positions without a proof: try a "
            "moment with fewer cards left"),
    "side": ("sıra {seat:name_loc} ({seat:no}); çözücü ise {hero:name_gen} ({hero:no}) "
             "tarafında", "seat {seat:no} is to play, not the solver's side (seat {hero:no})"),
    "not_legal": ("{card} burada geçerli bir oyun değil", "{card} is not a legal play here"),
}, scoped=True)
