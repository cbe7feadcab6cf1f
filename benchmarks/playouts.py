"""Random playouts through the engine, beside OpenSpiel's C++ Hearts when it is installed.

    python benchmarks/playouts.py --deals 2000

Each deal: shuffle, every seat passes 3 random cards, then random legal cards to the end.
The engine path is the public one bots use (`legal_mask` + `play_index`), the same code as
`legal_plays()` / `play()`. The last line printed is JSON with the figures.
"""
from __future__ import annotations

import argparse
import json
import random
import time

from maca import CardSet, Hand, Rules


def _random_bit(mask: int, rng: random.Random) -> int:
    """The index of one set bit of ``mask``, chosen uniformly."""
    for _ in range(int(rng.random() * mask.bit_count())):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def maca_playout(rules: Rules, rng: random.Random, number: int) -> tuple[int, ...]:
    """One complete random deal (passing included); returns the hand's points."""
    hand = Hand.deal(rules, number=number, rng=rng)
    if hand.phase == "pass":
        for seat in range(rules.players):
            held, chosen = hand.cards(seat).mask, 0
            for _ in range(rules.pass_count):
                chosen |= 1 << _random_bit(held & ~chosen, rng)
            hand.give(seat, CardSet(chosen))
    for _ in range(rules.players * rules.hand_size):
        hand.play_index(_random_bit(hand.legal_mask(), rng))
    return hand.points()


def bench_maca(deals: int, seed: int) -> float:
    rules = Rules.preset("standard")
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(deals):
        maca_playout(rules, rng, number=i % 3 + 1)  # hands that pass, like OpenSpiel's
    return deals / (time.perf_counter() - start)


def bench_openspiel(deals: int, seed: int) -> float | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()  # at chance nodes: the possible outcomes
            state.apply_action(actions[int(rng.random() * len(actions))])
    return deals / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ours = bench_maca(args.deals, args.seed)
    print(f"maca:      {ours:9.1f} deals/s")
    theirs = bench_openspiel(args.deals, args.seed)
    result: dict[str, float | None] = {"deals": args.deals, "deals_per_s": round(ours, 1)}
    if theirs is not None:
        print(f"OpenSpiel: {theirs:9.1f} deals/s (C++ Hearts driven from Python)")
        result["openspiel_deals_per_s"] = round(theirs, 1)
        result["ratio"] = round(ours / theirs, 2)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
