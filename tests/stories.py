"""Invent a legal past for a test position: tricks that lead to the cards held and taken.

Tests describe a moment of a hand the way a reader thinks of it ("trick 10, South won the
rest, South leads"); the engine only accepts moments some legal game reaches, with their
tricks. `story` builds such tricks backwards from the last one, so each seat's cards at every
trick are known (what it holds at the end plus what it plays later) and every card can be
checked against the rules when it is placed: following suit, the opening lead, no points on
trick 1, hearts led only once broken (a heart lead asks for a heart in an earlier trick),
A♥ forcing K♥, the Turkish discard order. Trick 1 is mostly kept apart from the start as
four cards of one suit (everyone may follow). The search is depth-first with randomized
choices (fixed seed), short runs and restarts, and it drops a branch as soon as the cards
left cannot make the remaining tricks (counted per suit: who must follow, who may throw).
The engine replays every answer (`Hand.restore`), so a fixture cannot describe an impossible
hand, and a mistake here can only make a search fail.

>>> from maca import Rules
>>> r = Rules.preset("standard")
>>> held = [CardSet.parse(s).mask for s in ("AH KH QH 2S", "JH TH 9H 8H", "7H 6H 5H 4H",
...                                          "3H 2H 3S 4S")]
>>> pile = r.deck_mask & ~(held[0] | held[1] | held[2] | held[3])
>>> tricks = story(r, held, [pile, 0, 0, 0], 0, [], number=4, dealer=0)
>>> len(tricks), str(tricks[0][1][0]), all(leader == 0 for leader, _ in tricks[1:])
(9, '2C', True)
"""
from __future__ import annotations

import random
from typing import Iterator

from maca import Card, CardSet, Hand, PositionError, Rules, Suit
from maca.cards import suit_mask
from maca.notation import Position

_SUITS = tuple(suit_mask(s) for s in range(4))
_HEARTS = _SUITS[Suit.HEARTS]
_QS, _AH, _KH = (Card.parse(c).mask for c in ("QS", "AH", "KH"))
_AH_INDEX = Card.parse("AH").index
_QS_INDEX = Card.parse("QS").index


#: Search preferences, for rules without and with the Turkish discard order (tuned on the
#: test suite's positions): how often heart leads are tried first in a trick (the search
#: builds the last tricks first), how a follower's cards are ordered (a suit new to the seat
#: commits it to follow that suit in every earlier trick; randomness; points thrown late or,
#: with the Turkish order, early) and how the tricks are spread over the hand (a negative
#: weight places a seat's few tricks late).
TUNE = ({"heart_lead": 0.7, "commit": 1.0, "noise": 1.5, "points": 0.5, "lead_weight": -1},
        {"heart_lead": 0.5, "commit": 1.0, "noise": 1.5, "points": -0.5, "lead_weight": -1})


class _OutOfSteps(Exception):
    """One randomized search used its share of steps: start again with other choices."""


def _bits(mask: int) -> list[int]:
    """The card indexes of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _Legal:
    """The cards a seat may play, from what it holds at that moment (RULES.md 1.4-1.7, 4.5-4.8).

    Written here from the rule book rather than taken from the engine: the engine checks every
    story anyway, so a disagreement shows up as a refused story, never as a wrong test."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.lowest_club = rules.lowest_club.mask
        self.first_allowed = ~_HEARTS if rules.queen_on_first_trick else ~(_HEARTS | _QS)

    def lead(self, held: int, first: bool, broken: bool) -> int:
        r, cands = self.rules, held
        if first and r.first_lead == "two_of_clubs":
            if cands & self.lowest_club:
                cands &= self.lowest_club
        elif first and r.ace_of_hearts_lead:
            if cands & ~_HEARTS:
                cands &= ~_HEARTS | _AH
        if not broken and (not r.ace_of_hearts_lead if first else r.must_break_hearts):
            guard = ~_HEARTS & ~_QS if r.lead_hearts_instead_of_queen else ~_HEARTS
            if cands & guard:
                cands &= ~_HEARTS
        return cands

    def follow(self, held: int, first: bool, lead: int) -> int:
        r, cands = self.rules, held
        led = _SUITS[lead // 13]
        if cands & led:
            cands &= led
        if first and r.ace_of_hearts_lead and lead == _AH_INDEX and cands & _KH:
            cands &= _KH
        if first and r.no_points_first_trick:
            allowed = self.first_allowed | led
            if cands & allowed:
                cands &= allowed
        if r.discard_order == "turkish":
            for card in (_QS, _AH, _KH, _HEARTS):
                if cands & card & ~led:
                    cands &= card
        return cands


class _Search:
    """A depth-first search from the last completed trick back to trick 1.

    State while trick ``t`` is being built: ``later[s]``, the cards seat ``s`` holds after
    playing to trick ``t``; ``left[s]``, the cards of ``s``'s tricks not yet placed (tricks
    1 to ``t``); ``count[s]``, how many of those tricks; ``need``: the first trick whose heart
    lead needs hearts broken by then (a breaker must be placed in an earlier trick).
    ``first``: the cards kept for trick 1 (one suit, so everyone may follow), taken by
    ``first_owner``."""

    def __init__(self, rules: Rules, later: list[int], piles: list[int], need: int | None,
                 opener: int | None, first_owner: int | None, first: int,
                 rng: random.Random, steps: int):
        self.rules, self.n, self.legal = rules, rules.players, _Legal(rules)
        self.later, self.left = later, list(piles)
        self.count = [p.bit_count() // rules.players for p in piles]
        self.need, self.opener, self.first_owner, self.first = need, opener, first_owner, first
        self.lowest_club = rules.lowest_club.mask if rules.first_lead == "two_of_clubs" else 0
        self.breakers = _HEARTS | (_QS if rules.queen_breaks_hearts else 0)
        self.rng, self.steps = rng, steps
        self.tune = TUNE[rules.discard_order == "turkish"]

    def _step(self) -> None:
        self.steps -= 1
        if self.steps < 0:
            raise _OutOfSteps

    def tricks(self, t: int, winner: int) -> list[tuple[int, list[int]]] | None:
        """Tricks 1..t, trick ``t`` won by ``winner`` (None: this branch has no past)."""
        if t == 0:
            return [] if self.need is None else None
        self._step()
        count = self.count
        if not count[winner]:
            return None
        count[winner] -= 1
        try:
            if winner == self.first_owner and t > 1 and not count[winner]:
                return None  # trick 1 is still to come
            if not self._feasible(t):
                return None
            for leader in self._leaders(t, winner):
                for cards in self._cards(t, leader, winner):
                    past = self.tricks(t - 1, leader)
                    if past is not None:
                        past.append((leader, cards))
                        return past
            return None
        finally:
            count[winner] += 1

    def _feasible(self, t: int) -> bool:
        """A quick necessary test before trick ``t`` is placed: the cards left can make tricks
        1..t led in some suits, where each seat holding the suit led follows it and the other
        cards are thrown by seats void in the suit led that may throw them.

        (Counted per suit: n_X tricks led in suit X take at least n_X cards of X from each
        seat holding X, at most n_X from every seat, and the rest of X is thrown.)"""
        left = 0
        for pile in self.left:
            left |= pile
        if self.need is not None and not left & self.breakers & ~self.first:
            return False
        free = left & ~self.first
        tricks = t - 1 if self.first else t  # trick 1 is kept apart when its cards are
        n, later = self.n, self.later
        size = [(free & suit).bit_count() for suit in _SUITS]
        voids = [[s for s in range(n) if not later[s] & suit] for suit in _SUITS]
        most = [size[x] // max(n - len(voids[x]), 1) for x in range(4)]
        if sum(most) < tricks:
            return False
        throws = [self._throws(later[s]) for s in range(n)]
        queen = 1 if self.rules.discard_order == "turkish" and free & _QS else 0
        # trick 1 still to come with the rest (not kept apart): its throws are freer (the
        # Turkish order yields to "no hearts on trick 1"), so it is let throw anything
        open_first = 0 if self.first else n - 1
        for pile in self.left:  # a seat with one trick left: can its cards make a trick?
            if pile.bit_count() == n and not pile & self.first and not self._one_trick(
                    pile, [0b11111] * n if open_first and (
                        pile & self.lowest_club or not self.lowest_club) else throws):
                return False
        # thrown[x][y]: seats void in suit y that may throw a card of suit x
        thrown = [[sum(1 for s in voids[y] if throws[s] >> x & 1) if y != x else n
                   for y in range(4)] for x in range(4)]
        clubs = 1 if self.lowest_club and not self.first and tricks else 0  # trick 1: ♣
        for nc in range(clubs, min(most[0], tricks) + 1):
            for nd in range(min(most[1], tricks - nc) + 1):
                for ns in range(min(most[2], tricks - nc - nd) + 1):
                    led = (nc, nd, ns, tricks - nc - nd - ns)
                    if led[3] <= most[3] and all(
                            size[x] <= sum(led[y] * thrown[x][y] for y in range(4))
                            + (queen if x == Suit.SPADES else 0) + open_first
                            for x in range(4)):
                        return True
        return False

    def _one_trick(self, pile: int, throws: list[int]) -> bool:
        """Whether the cards ``pile`` can make one trick: led in a suit of the pile, each seat
        holding that suit following it, each other card thrown by its own seat void in it."""
        later = self.later
        for x in range(4):
            suit = _SUITS[x]
            if not pile & suit:
                continue
            voids = [s for s in range(self.n) if not later[s] & suit]
            if (pile & suit).bit_count() < self.n - len(voids):
                continue
            others = [4 if c == _QS_INDEX else c // 13 for c in _bits(pile & ~suit)]
            if _matched(others, [throws[s] for s in voids]):
                return True
        return False

    def _throws(self, held: int) -> int:
        """The suits (bits 0-3, and bit 4 for Q♠) a seat holding ``held`` after this trick may
        still throw earlier (a superset: the Turkish order lets a seat that keeps a heart throw
        only hearts or Q♠, and one that keeps Q♠ throw nothing)."""
        if self.rules.discard_order != "turkish" or not held & (_HEARTS | _QS):
            return 0b11111
        return 0 if held & _QS else 1 << Suit.HEARTS | 1 << 4

    def _leaders(self, t: int, winner: int) -> list[int]:
        """Who may lead trick ``t``: the winner of trick t - 1, or the opener of trick 1."""
        if t == 1:
            if self.opener is not None:
                return [self.opener]
            seats = list(range(self.n))  # whoever holds the lowest club leads it
            self.rng.shuffle(seats)
            return seats
        owner, count = self.first_owner, self.count
        if owner is not None and t == 2:
            return [owner] if count[owner] else []
        seats = [s for s in range(self.n) if count[s] > (s == owner)]
        # a random order weighted by the tricks each seat still takes (TUNE["lead_weight"]:
        # fewer tricks first, so a seat taking one odd trick takes it late, when seats are void)
        weight = self.tune["lead_weight"]
        return sorted(seats, key=lambda s: self.rng.random() ** (1 / count[s] ** weight),
                      reverse=True)

    def _cards(self, t: int, leader: int, winner: int) -> Iterator[list[int]]:
        """The possible cards of trick ``t`` (play order); the state is updated while each is
        tried and restored after."""
        later = self.later
        pile = self.left[winner]
        if t > 1:
            pile &= ~self.first & ~self.lowest_club
        for lead, top in self._leads(t, leader, winner, pile):
            self._step()
            status = self._lead_status(t, leader, lead)
            if status is None:
                continue
            suit = _SUITS[lead // 13]
            rest = pile & ~(1 << lead | 1 << top)
            below = rest & suit & ((1 << top) - 1)
            for cards in self._follow(t, leader, winner, lead, top, rest, below, [lead]):
                mask = sum(1 << c for c in cards)
                saved = self.need
                if saved is not None and mask & self.breakers:
                    self.need = None  # a heart (or breaking Q♠) before the heart lead
                if status:
                    self.need = t
                self.left[winner] &= ~mask
                for i, c in enumerate(cards):
                    later[(leader + i) % self.n] |= 1 << c
                try:
                    yield cards
                finally:
                    self.left[winner] |= mask
                    for i, c in enumerate(cards):
                        later[(leader + i) % self.n] &= ~(1 << c)
                    self.need = saved

    def _leads(self, t: int, leader: int, winner: int, pile: int) -> list[tuple[int, int]]:
        """(lead card, winning card) pairs to try, best guesses first."""
        rng = self.rng
        if t == 1 and self.lowest_club:
            if not pile & self.lowest_club:
                return []
            lead = self.lowest_club.bit_length() - 1
            if leader == winner:
                return [(lead, lead)]
            tops = _bits(pile & _SUITS[0] & ~self.lowest_club)
            return [(lead, top) for top in sorted(tops, key=lambda _: rng.random())]
        pairs = []
        for s in range(4):
            cards = _bits(pile & _SUITS[s])
            if leader == winner:
                pairs += [(c, c) for c in cards]
            else:
                pairs += [(lead, top) for i, lead in enumerate(cards) for top in cards[i + 1:]]
        # built backwards, the last tricks come first: hearts are led late in a hand (mostly);
        # a high winning card leaves room below it
        hearts = -2 if rng.random() < self.tune["heart_lead"] else 2
        return sorted(pairs, key=lambda p: (p[0] // 13 == Suit.HEARTS) * hearts + rng.random()
                      - (p[1] % 13) / 13)

    def _lead_status(self, t: int, leader: int, lead: int) -> int | None:
        """0: a legal lead; 1: legal once hearts are broken; None: never legal."""
        held = self.later[leader] | 1 << lead
        if self.legal.lead(held, t == 1, False) >> lead & 1:
            return 0
        if t > 1 and self.legal.lead(held, False, True) >> lead & 1:
            return 1
        return None

    def _follow(self, t: int, leader: int, winner: int, lead: int, top: int, rest: int,
                below: int, cards: list[int]) -> Iterator[list[int]]:
        """The followers' cards, seat by seat in play order."""
        i = len(cards)
        if i == self.n:
            yield list(cards)
            return
        seat = (leader + i) % self.n
        held = self.later[seat]
        if seat == winner:
            options = [top]
        else:
            suit = _SUITS[lead // 13]
            options = _bits(below | (0 if held & suit else rest & ~suit))
            # least commitment: a card of a suit the seat holds anyway changes nothing for the
            # tricks before
            rng, breakers, tune = self.rng, self.breakers, self.tune
            options.sort(key=lambda c: (not held & _SUITS[c // 13]) * tune["commit"]
                         + rng.random() * tune["noise"]
                         - (1 << c & breakers != 0) * tune["points"])
        for card in options:
            self._step()
            bit = 1 << card
            if not self.legal.follow(held | bit, t == 1, lead) & bit:
                continue
            cards.append(card)
            yield from self._follow(t, leader, winner, lead, top, rest & ~bit, below & ~bit,
                                    cards)
            cards.pop()


def _matched(suits: list[int], throws: list[int]) -> bool:
    """Whether each card (by suit, 4 for Q♠) can be thrown by its own seat (``throws``: bits
    of what each seat may throw)."""
    if not suits:
        return True
    first, rest = suits[0], suits[1:]
    return any(bits >> first & 1 and _matched(rest, throws[:i] + throws[i + 1:])
               for i, bits in enumerate(throws))


def _first_trick(rules: Rules, piles: list[int], opener: int | None,
                 rng: random.Random) -> tuple[int | None, int]:
    """Who takes trick 1 and its cards, kept apart so that everyone can follow suit: the
    lowest club and three more clubs of its taker, or (left of the dealer) one suit of a
    taker's cards; (None, 0) when no taker has enough cards of one suit."""
    n = rules.players
    if opener is None:
        low = rules.lowest_club.mask
        owner = next(s for s, p in enumerate(piles) if p & low)
        others = _bits(piles[owner] & _SUITS[0] & ~low)
        if len(others) < n - 1:
            return owner, 0
        return owner, low | sum(1 << c for c in rng.sample(others, n - 1))
    choices = [(s, suit) for s, p in enumerate(piles) for suit in range(3)
               if (p & _SUITS[suit]).bit_count() >= n]
    if not choices:
        return None, 0
    owner, suit = rng.choice(choices)
    return owner, sum(1 << c for c in rng.sample(_bits(piles[owner] & _SUITS[suit]), n))


def story(rules: Rules, held: list[int], piles: list[int], leader: int, trick: list[Card],
          number: int, dealer: int, attempts: int = 2500, steps: int = 200,
          seed: int = 0) -> list[tuple[int, list[Card]]]:
    """Completed tricks after which each seat holds ``held`` and has taken ``piles`` (masks),
    and ``leader`` leads the trick in progress (``trick``: its cards so far).

    Raises AssertionError "no legal past found" when the search finds none: the position is
    impossible (said so when the whole search space was ruled out) or too hard for it.

    Every moment of a played hand has a past (the one played, or another):

    >>> from maca import Hand
    >>> for name in ("standard", "turkish", "three_players"):
    ...     rules = Rules.preset(name)
    ...     n, no_pass = rules.players, 4 if name == "standard" else 3
    ...     for seed in range(8):
    ...         rng = random.Random(seed)
    ...         hand = Hand.deal(rules, seed=seed, number=no_pass, dealer=seed % n)
    ...         for _ in range(rng.randrange(n * rules.hand_size)):
    ...             hand.play(rng.choice(list(hand.legal_plays())))
    ...         now = hand.current_trick
    ...         past = story(rules, [hand.cards(s).mask for s in range(n)],
    ...                      [hand.taken(s).mask for s in range(n)], now.leader,
    ...                      list(now.cards), hand.number, hand.dealer)
    ...         assert len(past) == len(hand.tricks), (name, seed)
    """
    n = rules.players
    total = sum(p.bit_count() for p in piles)
    if any(p.bit_count() % n for p in piles):
        raise AssertionError("no legal past found: a seat's taken cards are not whole tricks "
                             f"of {n}")
    done = total // n
    later = list(held)
    for i, card in enumerate(trick):
        later[(leader + i) % n] |= card.mask
    legal = _Legal(rules)
    need = None
    if trick:
        lead = trick[0].index
        if not legal.lead(later[leader], done == 0, False) >> lead & 1:
            need = done + 1  # the trick in progress opens with a heart: broken before it
    opener = None
    if rules.first_lead == "left_of_dealer":
        opener = (dealer + 1) % n
    elif done and not any(p & rules.lowest_club.mask for p in piles):
        raise AssertionError(f"no legal past found: {rules.lowest_club} opens trick 1, so it "
                             "was played, but nobody took it")
    rng = random.Random(seed)
    refusal = "every search ran out of steps"
    for attempt in range(attempts):
        # most attempts keep trick 1 apart (everyone follows suit); some search it freely
        owner, first = _first_trick(rules, piles, opener, rng) if done else (None, 0)
        if attempt % 4 == 3:
            first = 0
            if opener is not None:
                owner = None
        search = _Search(rules, list(later), piles, need, opener, owner, first, rng, steps)
        try:
            found = search.tricks(done, leader) if done else []
        except _OutOfSteps:
            continue
        if found is None:
            if not first:
                refusal = "every choice was ruled out: no legal game reaches this position"
                break
            continue
        tricks = [(lead, [Card(c) for c in cards]) for lead, cards in found]
        try:
            Hand.restore(Position(rules, [CardSet(m) for m in held], number=number,
                                  dealer=dealer, tricks=tricks, trick=(leader, trick)))
        except PositionError as exc:
            refusal = f"the engine refused a story: {exc}"
            continue
        return tricks
    raise AssertionError(f"no legal past found for this test position ({refusal})")
