"""Command line: ``python -m maca`` deals a hand and plays out its first trick in the terminal."""
from __future__ import annotations

import argparse
import random

from .hand import Hand
from .reasons import seat_name
from .rules import PRESETS, Rules

_TR_DIRECTIONS = {"left": "sola", "right": "sağa", "across": "karşıya", "none": "yok"}


def show_deal(preset: str, seed: int | None, lang: str) -> str:
    """A dealt hand (passing done by simple choices) and the first trick played out, as text.

    >>> print(show_deal("standard", 1, "en").splitlines()[0])
    maca — standard, hand 1 (pass left), dealer South (you)
    """
    rules = Rules.preset(preset)
    hand = Hand.deal(rules, seed=seed)
    rng = random.Random(seed)
    n = rules.players
    direction = hand.pass_direction if lang == "en" else _TR_DIRECTIONS[hand.pass_direction]
    out = [f"maca — {preset}, " + (f"hand 1 (pass {direction}), dealer " if lang == "en" else
                                   f"1. tur (kart geçirme: {direction}), dağıtan ")
           + seat_name(hand.dealer, lang, n)]
    for seat in range(n):
        out.append(f"  {seat_name(seat, lang, n):12} {hand.cards(seat)}")
    if hand.phase == "pass":
        for seat in range(n):
            # pass the highest cards: a simple, sensible choice for a demonstration
            hand.give(seat, hand.cards(seat).sorted_for_display()[: rules.pass_count])
        out.append("passed; now:" if lang == "en" else "kartlar geçirildi; şimdi:")
        for seat in range(n):
            out.append(f"  {seat_name(seat, lang, n):12} {hand.cards(seat)}")
    trick_no = hand.trick_number
    while hand.trick_number == trick_no and not hand.is_over:
        player = hand.to_move
        assert player is not None
        card = rng.choice(list(hand.legal_plays()))
        hand.play(card)
        out.append(f"  {seat_name(player, lang, n):12} → {card.symbol}  ({card.name(lang)})")
    winner = hand.last_trick.winner if hand.last_trick else None
    label = "wins the trick" if lang == "en" else "eli aldı"
    out.append(f"{seat_name(winner, lang, n)} {label}." if winner is not None else "")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m maca", description=__doc__)
    parser.add_argument("--rules", default="standard", choices=sorted(PRESETS))
    parser.add_argument("--seed", type=int, default=None, help="reproducible deal")
    parser.add_argument("--lang", default="tr", choices=["tr", "en"])
    args = parser.parse_args(argv)
    print(show_deal(args.rules, args.seed, args.lang))


if __name__ == "__main__":
    main()
