"""How strong the computer players are: duplicate deals, points per hand, 95% intervals.

    python benchmarks/bots.py [--deals 60] [--budget 0.25] [--worlds 400] [--jobs 2]
                              [--rules standard] [--only hard_vs_random,...]

Each deal is played once with the tested bot in every seat (the three other seats are the
opponent bot), so each seat's cards are played by the tested bot once: luck of the deal
cancels out. Deals are numbered 1, 2, 3, 4, 1, … in turn, so passing goes left, right,
across and none. A figure is the tested bot's points per hand (lower is better), with a 95%
interval over deals (each deal's four hands averaged first). Goals (issue 12, on a 2-core
machine): hard ≤ 2.0 against three random players and ≤ 4.5 against three medium ones at
≤ 0.3 s per move; medium ≤ 3.0 against three random. An average seat scores 6.5.

The last line printed is JSON: ``hard_vs_random``, ``hard_vs_medium``, ``medium_vs_random``
(points per hand), their intervals, ``hard_s_per_move`` (the hard bot's mean thinking time
per card it had a choice of), ``hard_s_per_any_move`` (over all its cards) and
``hard_s_per_pass`` (per pass it chose: passes get twice a move's budget).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from maca import Hand, Rules
from maca.bots import HardBot, RandomBot, RuleBot, play_out

MATCHES = {"hard_vs_random": ("hard", "easy"), "hard_vs_medium": ("hard", "medium"),
           "medium_vs_random": ("medium", "easy")}


def _make(level: str, seed: int, budget: float | None, worlds: int) -> Any:
    if level == "easy":
        return RandomBot(seed)
    if level == "medium":
        return RuleBot()
    return HardBot(seed=seed, budget=budget, worlds=worlds)


def one_deal(args: tuple[str, str, str, int, float | None, int]
             ) -> tuple[float, float, int, int, float, int]:
    """One duplicate deal: the tested bot's mean points over its four seats, its thinking time,
    its moves, the moves where it had more than one legal card, its time passing, its passes."""
    preset, tested, other, deal, budget, worlds = args
    rules = Rules.preset(preset)
    points, thinking, moves, choices, passing, passes = [], 0.0, 0, 0, 0.0, 0
    for seat in range(rules.players):
        hand = Hand.deal(rules, seed=deal, number=deal % 4 + 1)
        bots = [_make(other, 1000 * deal + 10 * seat + s, budget, worlds)
                for s in range(rules.players)]
        test = bots[seat] = _make(tested, 1000 * deal + seat, budget, worlds)
        if isinstance(test, HardBot):
            real = test.choose_play

            def counted(seen: Any, real: Any = real) -> Any:
                nonlocal choices
                choices += len(seen.legal) > 1
                return real(seen)
            test.choose_play = counted  # type: ignore[method-assign]
        play_out(hand, bots)
        points.append(hand.points()[seat])
        if isinstance(test, HardBot):
            thinking += test.thinking
            moves += test.moves
            passing += test.pass_thinking
            passes += test.passes
    return statistics.fmean(points), thinking, moves, choices, passing, passes


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--budget", type=float, default=0.25, help="hard: seconds per move")
    parser.add_argument("--worlds", type=int, default=400, help="hard: most deals per move")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--first", type=int, default=1, help="first deal's seed")
    parser.add_argument("--only", default=",".join(MATCHES), help="matches to run")
    args = parser.parse_args()
    result: dict[str, Any] = {"deals": args.deals, "budget": args.budget,
                              "worlds": args.worlds, "rules": args.rules,
                              "cpus": os.cpu_count(), "load_before": os.getloadavg()[0]}
    thinking = passing = 0.0
    moves = choices = passes = 0
    with ProcessPoolExecutor(args.jobs) as pool:
        for name in args.only.split(","):
            tested, other = MATCHES[name]
            start = time.perf_counter()
            jobs = [(args.rules, tested, other, deal, args.budget, args.worlds)
                    for deal in range(args.first, args.first + args.deals)]
            runs = list(pool.map(one_deal, jobs))
            mean, half = interval([r[0] for r in runs])
            result[name] = round(mean, 3)
            result[name + "_95"] = round(half, 3)
            thinking += sum(r[1] for r in runs)
            moves += sum(r[2] for r in runs)
            choices += sum(r[3] for r in runs)
            passing += sum(r[4] for r in runs)
            passes += sum(r[5] for r in runs)
            print(f"{name:17} {mean:6.2f} ± {half:4.2f} points per hand "
                  f"({args.deals} deals × 4 seats, {time.perf_counter() - start:.0f} s)",
                  flush=True)
    if moves:
        result["hard_s_per_move"] = round(thinking / max(choices, 1), 4)
        result["hard_s_per_any_move"] = round(thinking / moves, 4)
    if passes:
        result["hard_s_per_pass"] = round(passing / passes, 4)
    result["load_after"] = os.getloadavg()[0]
    print(json.dumps(result))


if __name__ == "__main__":
    main()
