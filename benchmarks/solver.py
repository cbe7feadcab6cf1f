"""Double-dummy solver speed: seconds to solve a position by cards left per player.

    python benchmarks/solver.py [--positions 100] [--goals fewest_points,no_points]

For each number of cards left (4 to 8) and each goal, ``--positions`` random positions of the
standard preset (dealt, passed and played at random to a trick boundary with that many cards
left; the player to lead is the solver's side) are solved with `maca.solver.solve`: every
choice of the player to move judged to the end of the hand. Printed: median and p90 in
milliseconds, the median of nodes searched and how many positions hit the node cap. Goal: 8 cards each, median ≤ 100 ms.

The last line printed is JSON with the figures.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from maca import Hand, Rules
from maca.solver import SolverLimitError, solve


def position(rules: Rules, rng: random.Random, left: int) -> Hand:
    """A random hand played at random to a trick boundary with ``left`` cards each."""
    hand = Hand.deal(rules, rng=rng, number=rng.randint(1, 4))
    if hand.phase == "pass":
        for seat in range(hand.players):
            hand.give(seat, rng.sample(list(hand.cards(seat)), rules.pass_count))
    while len(hand.cards(hand.to_move)) > left or hand.current_trick.cards:
        hand.play(rng.choice(list(hand.legal_plays())))
    return hand


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--goals", default="fewest_points,no_points")
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rules = Rules.preset(args.preset)
    figures: dict[str, dict[str, dict[str, float]]] = {}
    print(f"{'goal':14} {'cards':>5} {'median ms':>10} {'p90 ms':>9} {'max ms':>9} {'nodes':>8} {'capped':>6}")
    for goal in args.goals.split(","):
        figures[goal] = {}
        for left in range(4, 9):
            rng = random.Random(f"{args.seed}-{left}")
            times, nodes = [], []
            for _ in range(args.positions):
                hand = position(rules, rng, left)
                start = time.perf_counter()
                try:
                    nodes.append(solve(hand, goal).nodes)
                except SolverLimitError:  # counted at the cap's time: the p90 shows it
                    nodes.append(-1)
                times.append((time.perf_counter() - start) * 1000)
            row = {"median_ms": round(statistics.median(times), 2),
                   "p90_ms": round(p90(times), 2), "max_ms": round(max(times), 2),
                   "median_nodes": statistics.median(nodes),
                   "capped": nodes.count(-1)}
            figures[goal][str(left)] = row
            print(f"{goal:14} {left:5} {row['median_ms']:10.2f} {row['p90_ms']:9.2f} "
                  f"{row['max_ms']:9.2f} {row['median_nodes']:8.0f} {row['capped']:6}", flush=True)
    print(json.dumps({"preset": args.preset, "positions": args.positions, "solver": figures}))


if __name__ == "__main__":
    main()
