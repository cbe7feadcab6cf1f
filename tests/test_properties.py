"""Property tests over random deals of every preset (hypothesis draws only a seed, so shrinking
stays cheap; the seed drives the deal, the option variants, passes, peşkir, plays and undos).

At every moment of every hand the engine is compared with a small reference written straight
from RULES.md (legal plays, trick winners, scores), and its own views are cross-checked:
`check` against `legal_plays`, positions and records round-trip, undo restores the exact
state, and an observation never shows another seat's unplayed cards.
"""
from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maca import Card, CardSet, Game, Hand, Reason, Rules, Suit, Trick

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PRESETS = ["standard", "omnibus", "turkish", "three_players", "partnership"]
QS, AH, KH = (Card.parse(c) for c in ("QS", "AH", "KH"))
HEARTS = CardSet(Suit.HEARTS.mask)
TEAMS = ((0, 2), (1, 3))
#: Points in a hand without a moon (RULES.md 1.9, 3, 4.2).
PRESET_TOTALS = {"standard": 26, "omnibus": 16, "turkish": 35, "three_players": 26,
                 "partnership": 26}


def make_rules(name: str, rng: random.Random) -> Rules:
    """A preset, or (``variant``) standard/Turkish with options drawn at random."""
    if name != "variant":
        return Rules.preset(name)
    base = Rules.preset(rng.choice(["standard", "turkish", "partnership"]))
    return base.replace(
        queen_breaks_hearts=rng.random() < 0.5, must_break_hearts=rng.random() < 0.5,
        lead_hearts_instead_of_queen=rng.random() < 0.5,
        no_points_first_trick=rng.random() < 0.7, moon=rng.choice(["old", "new", "choice", "none"]),
        peskir=rng.random() < 0.5, discard_order=rng.choice(["off", "turkish"]),
        pass_cycle=rng.choice([(), ("left", "right", "across", "none"), ("across",)]),
        first_lead=rng.choice(["two_of_clubs", "left_of_dealer"]))


# -- the reference: RULES.md in a few lines, independent of the engine's cascade ------------
def played_cards(hand: Hand) -> CardSet:
    out = CardSet(hand.current_trick.cards)
    for seat in range(hand.players):
        out |= hand.taken(seat)
    return out


def reference_legal(hand: Hand) -> CardSet:
    """Legal plays from RULES.md 1.4-1.7, 2 (options) and 4.5-4.8."""
    rules = hand.rules
    held = hand.cards(hand.to_move)
    hearts = held & HEARTS
    first = hand.trick_number == 1
    trick = hand.current_trick.cards
    played = played_cards(hand)
    broken = bool(played & HEARTS) or (rules.queen_breaks_hearts and QS in played)
    if not trick:  # leading
        if first and rules.first_lead == "two_of_clubs":
            return CardSet([rules.lowest_club])
        if first and rules.ace_of_hearts_lead:  # Turkish 4.5
            return held - hearts | (hearts & CardSet([AH])) if held - hearts else held
        if broken or (not rules.must_break_hearts and not first):
            return held
        others = held - hearts
        if others == CardSet([QS]) and rules.lead_hearts_instead_of_queen:
            return held
        return others or held
    follow = held.of_suit(trick[0].suit)
    if follow:
        if first and rules.ace_of_hearts_lead and trick[0] == AH and KH in held:
            return CardSet([KH])
        return follow
    allowed = held
    if first and rules.no_points_first_trick:
        points = hearts if rules.queen_on_first_trick else hearts | CardSet([QS])
        allowed = held - points or held
    if rules.discard_order == "turkish":
        for card in (QS, AH, KH):
            if card in allowed:
                return CardSet([card])
        return allowed & HEARTS or allowed
    return allowed


def reference_winner(trick: Trick) -> int:
    led = trick.cards[0].suit
    seat, _ = max(((s, c) for s, c in trick.plays() if c.suit == led), key=lambda p: p[1].rank)
    return seat


def reference_points(hand: Hand) -> tuple[int, ...]:
    """RULES.md 1.9, 1.10, 2 (moon, bonus card), 3, 4.4, 5."""
    rules, n = hand.rules, hand.players
    deck = CardSet(rules.deck_mask)
    taken = [hand.taken(s) for s in range(n)]
    points = [sum(rules.value_of(c) for c in t) for t in taken]
    need = CardSet(c for c in deck if rules.value_of(c) > 0)
    if rules.moon_needs_bonus:
        need |= CardSet([rules.bonus_card])
    groups = TEAMS if rules.partnership else tuple((s,) for s in range(n))
    shooters = next((g for g in groups if need <= union(taken[s] for s in g)), ())
    moon = sum(rules.value_of(c) for c in need if rules.value_of(c) > 0)
    style = (hand.moon_choice or "old") if rules.moon == "choice" else rules.moon
    if shooters and style != "none":
        for seat in range(n):
            if seat in shooters:
                points[seat] = sum(rules.value_of(c) for c in taken[seat] if rules.value_of(c) < 0)
                points[seat] -= moon if style == "new" else 0
            elif style == "old":
                points[seat] += moon
    for seat in hand.peskir:
        points[seat] += rules.peskir_failure if hand.tricks_won(seat) else rules.peskir_success
    return tuple(points)


def union(sets) -> CardSet:
    out = CardSet()
    for cards in sets:
        out |= cards
    return out


# -- checks made at every moment --------------------------------------------------------------
def check_moment(hand: Hand) -> None:
    text = hand.position()
    again = Hand.from_position(text)
    assert again.position() == text
    assert again.legal_plays() == hand.legal_plays() and again.to_move == hand.to_move
    if hand.phase == "play":
        legal = hand.legal_plays()
        assert legal, "no legal play before the end of the hand"
        assert legal == reference_legal(hand), text
        for card in hand.cards(hand.to_move):
            verdict = hand.check(card)
            assert verdict.legal == (card in legal), (text, card, verdict)
            if not verdict.legal:
                assert verdict.reason is not Reason.LEGAL
                assert verdict.message("tr") and verdict.message("en")
    else:
        assert not hand.legal_plays()
    for seat in range(hand.players):
        check_observation(hand, seat)


def visible_cards(value: object) -> CardSet:
    """Every card inside an observation field (card sets, tricks, tuples of them)."""
    if isinstance(value, CardSet):
        return value
    if isinstance(value, Trick):
        return CardSet(value.cards)
    if isinstance(value, (tuple, list)):
        out = CardSet()
        for item in value:
            out |= visible_cards(item)
        return out
    return CardSet()


def check_observation(hand: Hand, seat: int) -> None:
    seen = hand.observe(seat)
    shown = CardSet()
    for field in dataclasses.fields(seen):
        shown |= visible_cards(getattr(seen, field.name))
    own_pass = hand.given(seat) or CardSet()
    hidden = CardSet()  # other seats' cards, and while passing the cards they put face down
    for other in range(hand.players):
        if other != seat:
            hidden |= hand.cards(other)
            if hand.phase == "pass":
                hidden |= hand.given(other) or CardSet()
    assert not (shown & hidden) - own_pass, f"seat {seat} sees {(shown & hidden) - own_pass}"
    assert seen.cards == hand.cards(seat)


# -- random play ------------------------------------------------------------------------------
def pick(cards: CardSet, rng: random.Random, style: str) -> Card:
    """A card to play: at random, the lowest, or avoiding hearts (so hearts stay unbroken)."""
    options = list(cards)
    if style == "low":
        return min(options, key=lambda c: c.rank)
    if style == "no_hearts" and cards - HEARTS:
        options = list(cards - HEARTS)
    return rng.choice(options)


def random_action(hand: Hand, rng: random.Random, style: str) -> None:
    """Take one action: a pass, a peşkir declaration (before the first card) or a play."""
    if hand.phase == "pass":
        seat = rng.choice([s for s in range(hand.players) if hand.given(s) is None])
        hand.give(seat, rng.sample(list(hand.cards(seat)), hand.rules.pass_count))
        return
    if hand.rules.peskir and not played_cards(hand) and rng.random() < 0.15:
        free = [s for s in range(hand.players) if s not in hand.peskir]
        if free:
            hand.declare_peskir(rng.choice(free))
            return
    legal = hand.legal_plays()
    if hand.trick_number == 1 and not hand.current_trick.cards and AH in legal:
        if rng.random() < 0.5:  # the Turkish moon announcement, rare in uniform play
            hand.play(AH)
            return
    hand.play(pick(legal, rng, style))


def play_checked(hand: Hand, rng: random.Random) -> list[tuple[str, CardSet]]:
    """Play the hand out at random, checking every moment and undoing now and then."""
    style = rng.choice(["random", "low", "no_hearts"])
    snapshots: list[tuple[str, CardSet]] = []
    check_moment(hand)
    while not hand.is_over:
        snapshots.append((hand.position(), hand.legal_plays()))
        random_action(hand, rng, style)
        check_moment(hand)
        if rng.random() < 0.1:
            for _ in range(rng.randint(1, min(3, len(snapshots)))):
                hand.undo()
                assert (hand.position(), hand.legal_plays()) == snapshots.pop()
    rules = hand.rules
    if rules.moon == "choice" and hand.moon_shooters:
        hand.choose_moon(rng.choice(["old", "new"]))
    snapshots.append((hand.position(), hand.legal_plays()))
    return snapshots


@pytest.mark.parametrize("name", PRESETS + ["variant"])
@settings(max_examples=30, deadline=None, database=None)
@given(seed=SEEDS)
def test_random_hands(name, seed):
    rng = random.Random(seed)
    rules = make_rules(name, rng)
    n = rules.players
    hand = Hand.deal(rules, rng=rng, number=rng.randint(1, 4), dealer=rng.randrange(n))
    start = hand.position()
    snapshots = play_checked(hand, rng)

    # every card played once, in hand_size tricks of n cards, won as rule 8 says
    tricks = hand.tricks
    assert len(tricks) == rules.hand_size == (13 if n == 4 else 17)
    cards = [c for t in tricks for c in t.cards]
    assert len(cards) == len(set(cards)) == len(CardSet(rules.deck_mask)) and all(
        len(t.cards) == n for t in tricks)
    assert CardSet(cards).mask == rules.deck_mask
    leader = hand.tricks[0].leader
    for trick in tricks:
        assert trick.leader == leader and trick.winner == reference_winner(trick)
        leader = trick.winner
    assert sum(hand.tricks_won(s) for s in range(n)) == rules.hand_size

    # the points add up
    points = hand.points()
    assert points == reference_points(hand)
    peskir = sum(rules.peskir_failure if hand.tricks_won(s) else rules.peskir_success
                 for s in hand.peskir)
    bonus = sum(v for v in rules.card_values if v < 0)
    k = len(hand.moon_shooters)
    if not k:
        assert sum(points) - peskir == PRESET_TOTALS.get(name, rules.moon_value + bonus)
    elif hand.moon_choice == "new" or rules.moon == "new":
        assert sum(points) - peskir == -k * rules.moon_value + bonus
    else:
        assert sum(points) - peskir == (n - k) * rules.moon_value + bonus

    # the record replays to the same moment and points
    replayed = Hand.from_record(hand.record())
    assert replayed.position() == hand.position() and replayed.points() == points

    # undo walks back through every moment to the deal
    snapshots.pop()
    while snapshots:
        hand.undo()
        assert (hand.position(), hand.legal_plays()) == snapshots.pop()
    assert hand.position() == start and not hand.history


@pytest.mark.parametrize("name", PRESETS)
@settings(max_examples=8, deadline=None, database=None)
@given(seed=SEEDS)
def test_random_games_replay_from_their_record(name, seed):
    rng = random.Random(seed)
    rules = Rules.preset(name).replace(target=rng.choice([30, 60]))
    game = Game(rules, seed=seed, dealer=rng.randrange(rules.players))
    while True:
        hand = game.hand
        while not hand.is_over:
            random_action(hand, rng, "random")
        if game.is_over:
            break
        assert max(game.team_totals) < rules.target
        if rules.moon_shooter_picks_dealer and hand.moon_shooters:
            game.next_hand(dealer=rng.randrange(rules.players))
        else:
            game.next_hand()
            assert game.hand.dealer == (hand.dealer + 1) % rules.players
    assert max(game.team_totals) >= rules.target
    assert game.totals == tuple(sum(h.points()[s] for h in game.hands)
                                for s in range(rules.players))
    replayed = Game.from_record(game.record())
    assert [h.position() for h in replayed.hands] == [h.position() for h in game.hands]
    assert (replayed.totals, replayed.winners, replayed.standings) == \
        (game.totals, game.winners, game.standings)
