"""Random simulation through the engine, beside OpenSpiel's C++ Hearts (same run, interleaved).

    python benchmarks/playouts.py [--deals 3000] [--runs 3]

Three measurements, each the median of ``--runs`` interleaved runs:

- full deals: shuffle and deal, every seat passes 3 random cards, then random legal cards to
  the end and the hand's points. maca: `Hand.deal`, `Hand.give`, `Hand.playout`. OpenSpiel:
  every chance and player node stepped with a random legal action.
- mid-hand playouts: from positions after 5 tricks and 2 cards (reached by random play), random
  legal cards to the end. maca: `Hand.playout`, which leaves the hand unchanged (no copy
  needed). OpenSpiel: `clone()` and step.
- the friendly API: `legal_plays()`, `check(card)` and `play(card)` + `undo()`, µs per call.

The last line printed is JSON with the figures.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any, Callable

from maca import CardSet, Hand, Rules
from maca.simulation import random_card

RULES = Rules.preset("standard")


def _pass_randomly(hand: Hand, rng: random.Random) -> None:
    for seat in range(hand.players):
        held, chosen = hand.cards(seat).mask, 0
        for _ in range(hand.rules.pass_count):
            chosen |= 1 << random_card(held & ~chosen, rng.random)
        hand.give(seat, CardSet(chosen))


def maca_deals(deals: int, rng: random.Random) -> float:
    """Full random deals per second."""
    start = time.perf_counter()
    for i in range(deals):
        hand = Hand.deal(RULES, number=i % 3 + 1, rng=rng)  # hands that pass, like OpenSpiel's
        _pass_randomly(hand, rng)
        hand.playout(rng)
    return deals / (time.perf_counter() - start)


def openspiel_deals(game: Any, deals: int, rng: random.Random) -> float:
    start = time.perf_counter()
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()  # at chance nodes: the possible outcomes
            state.apply_action(actions[int(rng.random() * len(actions))])
    return deals / (time.perf_counter() - start)


def _maca_midhand(count: int, rng: random.Random) -> list[Hand]:
    hands = []
    for i in range(count):
        hand = Hand.deal(RULES, number=i % 3 + 1, rng=rng)
        _pass_randomly(hand, rng)
        for _ in range(5 * 4 + 2):
            hand.play_index(random_card(hand.legal_mask(), rng.random))
        hands.append(hand)
    return hands


def _openspiel_midhand(game: Any, count: int, rng: random.Random) -> list[Any]:
    states = []
    for _ in range(count):
        state = game.new_initial_state()
        for _ in range(1 + 52):  # the pass direction and the deal
            state.apply_action(rng.choice(state.legal_actions()))
        passes = 0 if "No Pass" in str(state) else 4 * 3
        for _ in range(passes + 5 * 4 + 2):
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def maca_playouts(hands: list[Hand], rng: random.Random) -> float:
    """Mid-hand playouts per second."""
    start = time.perf_counter()
    for hand in hands:
        hand.playout(rng)
    return len(hands) / (time.perf_counter() - start)


def openspiel_playouts(states: list[Any], rng: random.Random) -> float:
    start = time.perf_counter()
    for state in states:
        state = state.clone()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[int(rng.random() * len(actions))])
    return len(states) / (time.perf_counter() - start)


def friendly_api(hands: list[Hand]) -> dict[str, float]:
    """µs per call of `legal_plays`, `check` (a legal and an illegal card) and `play` + `undo`."""
    cases = []
    for hand in hands:
        legal = hand.legal_plays()
        illegal = next(iter(hand.cards(hand.to_move) - legal), next(iter(legal)))
        cases.append((hand, next(iter(legal)), illegal))

    def per_call(action: Callable[[Hand, Any, Any], object], calls: int) -> float:
        start = time.perf_counter()
        for hand, legal, illegal in cases:
            action(hand, legal, illegal)
        return (time.perf_counter() - start) / (len(cases) * calls) * 1e6

    def play_and_undo(hand: Hand, card: Any, _: Any) -> None:
        hand.play(card)
        hand.undo()

    return {"legal_plays_us": round(per_call(lambda h, a, b: h.legal_plays(), 1), 2),
            "check_us": round(per_call(lambda h, a, b: (h.check(a), h.check(b)), 2), 2),
            "play_undo_us": round(per_call(play_and_undo, 1), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    try:
        import pyspiel  # type: ignore[import-not-found]
        game = pyspiel.load_game("hearts")
    except ImportError:
        game = None
    rng = random.Random(args.seed)
    hands = _maca_midhand(args.deals, rng)
    states = _openspiel_midhand(game, args.deals, rng) if game else []
    runs: dict[str, list[float]] = {k: [] for k in ("deals", "os_deals", "playouts", "os_playouts")}
    for _ in range(args.runs):  # interleaved, so both engines see the same machine load
        runs["deals"].append(maca_deals(args.deals, rng))
        runs["playouts"].append(maca_playouts(hands, rng))
        if game:
            runs["os_deals"].append(openspiel_deals(game, args.deals, rng))
            runs["os_playouts"].append(openspiel_playouts(states, rng))
    median = {k: round(statistics.median(v), 1) for k, v in runs.items() if v}
    result: dict[str, Any] = {"deals": args.deals, "runs": args.runs,
                              "deals_per_s": median["deals"],
                              "midhand_playouts_per_s": median["playouts"]}
    print(f"full deals       maca {median['deals']:9.1f}/s", end="")
    if game:
        ratios = [a / b for a, b in zip(runs["deals"], runs["os_deals"])]
        result |= {"openspiel_deals_per_s": median["os_deals"],
                   "ratio": round(statistics.median(ratios), 2)}
        print(f"   OpenSpiel {median['os_deals']:9.1f}/s   ratio {result['ratio']}", end="")
    print(f"\nmid-hand         maca {median['playouts']:9.1f}/s", end="")
    if game:
        ratios = [a / b for a, b in zip(runs["playouts"], runs["os_playouts"])]
        result |= {"openspiel_midhand_playouts_per_s": median["os_playouts"],
                   "midhand_ratio": round(statistics.median(ratios), 2)}
        print(f"   OpenSpiel {median['os_playouts']:9.1f}/s   ratio {result['midhand_ratio']}",
              end="")
    api = friendly_api(hands[:2000])
    result |= api
    print("\nfriendly API     " + ", ".join(f"{k} {v}" for k, v in api.items()))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
