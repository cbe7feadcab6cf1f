"""The puzzle generator: play hands (random and simple players, each deciding from its seat's
`Observation`), stop late in the hand with seat 0 to move, and keep the moments where exactly
one choice reaches a goal.

    python -m maca.puzzles.generator --out exercises/puzzles [--per-theme 24] [--seed 7]

(with its defaults, this command writes the shipped collection again, in about ten minutes)

Each kept moment is solved, its proof lines read for themes (`maca.puzzles.themes_of`) and
rated (`maca.puzzles.rate`); files are written one per theme, with TR/EN prompts and hints
and never the answer. Everything is reproducible from the seed.

>>> import random
>>> hand = play_to(random.Random(3), "standard", "avoid", 4)
>>> hand is None or (hand.to_move == 0 and len(hand.cards(0)) == 4)
True
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Iterator

from ..cards import QS as _QUEEN, Card, CardSet, Suit
from ..hand import Hand
from ..observation import Observation
from ..rules import Rules
from ..scoring import moon_possible
from ..solver import Solver, SolverLimitError
from ..words import LANGS, SeatWord, catalogue, say
from ..exercises.kinds.puzzle import THEMES, Proof, prove
from . import rate, themes_of

__all__ = ["play_to", "candidates", "prompt_for", "hints_for", "write_files"]

#: The kinds of hands played, and the goals asked of their late moments.
KINDS = {
    "avoid": ("no_points", "avoid_queen", "fewest_points"),
    "shoot": ("take_all",),
    "stop": ("stop_moon",),
    "queen": ("avoid_queen", "fewest_points", "no_points"),
    "duck": ("avoid_queen", "fewest_points", "no_points"),
    "dump": ("avoid_queen", "fewest_points", "no_points"),
    "unblock": ("no_points", "fewest_points", "avoid_queen"),
    "peskir": ("fewest_points",),
}

_HINTS: dict[str, tuple[str, str]] = {
    "safe_exit": ("Eli kim alırsa bir sonraki eli o açar. Hangi renkte rakiplerin seni mutlaka "
                  "geçer?",
                  "Whoever wins a trick leads the next one. In which suit are the others sure "
                  "to beat you?"),
    "duck_queen": ("Maça kızı bu ele düşebilir. Maçalarından hangisi kızın altında "
                   "kalır?",
                   "The queen of spades may fall on this trick. Which of your spades stays "
                   "under her?"),
    "dump_queen": ("Maça kızı elindeyken her el bir tehlike. Onu başkasının alacağı bir ele "
                   "atabilir misin?",
                   "While you hold the queen of spades every trick is a danger. Can you drop "
                   "her on a trick you cannot win?"),
    "unblock": ("Puansız bir el almak zarar vermez. Yüksek bir kartın ileride sana "
                "istemediğin bir eli aldırabilir mi?",
                "Winning a trick without points costs nothing. Could a high card of yours trap "
                "you with the lead later?"),
    "stop_moon": ("Kafa atmak için bütün ceza kartları gerekir: onu bozmak için tek bir kupa "
                  "bile yeter.",
                  "The moon needs every penalty card: a single heart is enough to stop it."),
    "claim_rest": ("Her eli almalısın. Hangi kartların eli kesin alır, hangisi eli başkasına "
                   "kaptırabilir?",
                   "You must win every trick. Which of your cards are sure winners, and which "
                   "could hand the lead to someone else?"),
    "forced_discard": ("Türk kurallarında renge uyamayan oyuncu önce maça kızını, sonra kupa "
                       "asını, sonra kupa papazını atmak zorundadır.",
                       "Under the Turkish rules a player who cannot follow suit must discard "
                       "the queen of spades first, then the ace of hearts, then the king."),
    "peskir": ("Peşkirde tek bir el bile almamalısın. Hangi kartın sana el "
               "aldırabilir?",
               "In a peşkir you may not win a single trick. Which card of yours could leave "
               "you winning one?"),
    # for every theme, after the theme's own
    "general": ("Her kartın için rakiplerin en iyi cevabını düşün: her el kime gider?",
                "For each of your cards, think of the others' best answer: who wins each "
                "trick?"),
}
catalogue("puzzle_hint", _HINTS, scoped=True)



def _choices(seen: Observation, keep: CardSet) -> list[Card]:
    """The cards a generator's player considers: its legal cards, but not those of ``keep``
    while it has another."""
    legal = list(seen.legal)
    return [c for c in legal if c not in keep] or legal


def _pass(seen: Observation, rng: random.Random) -> list[Card]:
    """A generator's pass: the most valuable, highest cards or (half the time) random ones."""
    rules, count = seen.rules, seen.rules.pass_count
    ranked = sorted(seen.cards, key=lambda c: (rules.value_of(c), c.rank))
    return ranked[-count:] if rng.random() < 0.5 else rng.sample(ranked, count)


def _duck(seen: Observation, legal: list[Card]) -> Card:
    """A careful player choosing among ``legal`` (cards it may play): under the winner when
    following, the worst card when void, the lowest card when leading."""
    rules = seen.rules
    trick = seen.current_trick.cards
    if not trick:
        return min(legal, key=lambda c: (c.rank, rules.value_of(c)))
    led = trick[0].suit
    win = seen.current_trick.winning_card
    assert win is not None
    follows = [c for c in legal if c.suit == led]
    if follows:
        under = [c for c in follows if c < win]
        return max(under) if under else min(follows)
    return max(legal, key=lambda c: (rules.value_of(c), c.rank))


def _shoot(seen: Observation, legal: list[Card]) -> Card:
    """A player going for every trick, choosing among ``legal``: the highest card, the
    cheapest discard."""
    rules = seen.rules
    trick = seen.current_trick.cards
    if trick and not any(c.suit == trick[0].suit for c in legal):
        return min(legal, key=lambda c: (rules.value_of(c) > 0, c.rank))
    return max(legal, key=lambda c: (c.rank, -c.suit))


_HIGH_SPADES = CardSet.parse("QS KS AS")


def _stop_here(hand: Hand, kind: str, left: int) -> bool:
    """Whether seat 0's turn now is the moment to set a puzzle of ``kind``: its first turn
    with ``left`` cards, or (for the targeted kinds) a turn with at most ``left`` cards where
    the theme can arise: spades led while holding a spade above the queen and one below
    ("duck"), a void with the queen in hand ("dump"), a pointless trick that a high card of
    the suit led would win while a lower one would not ("unblock")."""
    held = hand.cards(0)
    if kind not in ("duck", "dump", "unblock"):
        return len(held) == left
    trick = hand.current_trick.cards
    if len(held) > left or not trick:
        return False
    if kind == "duck":
        return bool(trick[0].suit == Suit.SPADES and held & _HIGH_SPADES
                    and held.of_suit(Suit.SPADES) - _HIGH_SPADES)
    if kind == "dump":
        return _QUEEN in held and not held.of_suit(trick[0].suit)
    win = hand.current_trick.winning_card
    if win is None or any(hand.rules.value_of(c) for c in trick):
        return False
    mine = held.of_suit(trick[0].suit)
    return len(mine) >= 2 and max(mine) > win and min(mine) < win


def play_to(rng: random.Random, preset: str, kind: str, left: int) -> Hand | None:
    """A hand of ``preset`` played by simple players (with some random cards) until seat 0 is
    to move with ``left`` cards; None if that moment does not suit ``kind`` (a moon still on
    for "shoot"/"stop", an unbeaten peşkir for "peskir")."""
    rules = Rules.preset(preset)
    hand = Hand.deal(rules, rng=rng, number=rng.randint(1, 4))
    if hand.phase == "pass":
        for giver in range(hand.players):
            hand.give(giver, _pass(hand.observe(giver), rng))
    if kind == "peskir":
        hand.declare_peskir(0)
    shooter: int | None = {"shoot": 0, "stop": rng.randrange(1, hand.players)}.get(kind)
    mix = rng.choice((0.1, 0.3, 0.6))
    # the queen and the spades above her are kept
    keep = _HIGH_SPADES if kind in ("queen", "duck", "dump") else CardSet()
    while True:
        seat = hand.to_move
        assert seat is not None
        if seat == 0 and _stop_here(hand, kind, left):
            break
        if len(hand.cards(0)) < (2 if kind in ("duck", "dump", "unblock") else left):
            return None
        seen = hand.observe(seat)
        legal = _choices(seen, keep)
        if seat == shooter:
            card = _shoot(seen, legal)
        elif rng.random() < mix:
            card = rng.choice(legal)
        else:
            card = _duck(seen, legal)
        hand.play(card)
    taken = [hand.taken(s).mask for s in range(hand.players)]
    if kind in ("shoot", "stop"):
        assert shooter is not None
        others = [s for s in range(hand.players) if s != shooter
                  and not (rules.partnership and s % 2 == shooter % 2)]
        if (not taken[shooter] & rules.penalty_mask or any(taken[s] & rules.moon_mask
                                                            for s in others)
                or not moon_possible(rules, taken, shooter)):
            return None
    if kind == "peskir" and hand.tricks_won(0):
        return None
    return hand


def candidates(rng: random.Random, preset: str, kind: str, left: int
               ) -> Iterator[tuple[Hand, str, int | None, Proof, set[str], int]]:
    """Puzzles from one played hand: (hand, goal, target, proof, themes, stars) for each goal
    of ``kind`` with exactly one accepted choice and at least one theme."""
    hand = play_to(rng, preset, kind, left)
    if hand is None:
        return
    for goal in KINDS[kind]:
        target = None
        if goal == "stop_moon":
            taken = [hand.taken(s).mask for s in range(hand.players)]
            target = next(s for s in range(1, hand.players) if taken[s] & hand.rules.penalty_mask)
        try:
            solution = Solver(hand, goal, target, node_cap=300_000).solve()
        except SolverLimitError:
            continue
        if not solution.unique:
            continue
        proof = prove(hand, goal, target)
        themes = themes_of(hand, goal, target, proof)
        if kind == "peskir" and "peskir" not in themes:
            continue
        if themes:
            yield hand, goal, target, proof, themes, rate(hand, goal, proof)


def prompt_for(hand: Hand, goal: str, target: int | None) -> dict[str, str]:
    """The puzzle's question in TR and EN: the situation, then the goal (never the answer).

    >>> import random
    >>> from maca import Rules
    >>> h = play_to(random.Random(1), "standard", "avoid", 4)
    >>> prompt_for(h, "avoid_queen", None)["tr"].startswith("Sıra sende")
    True
    """
    rules = hand.rules
    n = hand.players
    tr = ["Sıra sende."]
    en = ["Your turn."]
    if rules.name == "turkish":
        tr.append("Türk kurallarıyla oynuyorsun.")
        en.append("You play the Turkish rules.")
    elif rules.name == "omnibus":
        tr.append("Omnibus kurallarıyla oynuyorsun (karo valesi −10).")
        en.append("You play Omnibus (the jack of diamonds counts −10).")
    elif rules.partnership:
        tr.append("Kuzey eşin; hedef ikiniz için geçerli.")
        en.append("North is your partner: the goal is your team's.")
    elif n == 3:
        tr.append("Üç kişilik bir oyun oynuyorsun.")
        en.append("Three of you are playing.")
    if 0 in hand.peskir:
        tr.append("Bu turda peşkir ilan ettin: bir el bile alırsan cezası büyük.")
        en.append("You declared peşkir this hand: winning even one trick costs you dearly.")
    if goal == "take_all":
        tr.append("Şu ana kadar bütün ceza kartlarını sen aldın.")
        en.append("You have taken every penalty card so far.")
    if goal == "stop_moon" and target is not None:
        who_tr, who_en = (format(SeatWord(target, lang, n), "Nom") for lang in LANGS)
        tr.append(f"{who_tr} şu ana kadar bütün ceza kartlarını aldı.")
        en.append(f"{who_en} has taken every penalty card so far.")
    question = say(f"goals.ask_{goal}")
    tr.append(question.tr)
    en.append(question.en)
    return {"tr": " ".join(tr), "en": " ".join(en)}


def hints_for(themes: list[str]) -> list[dict[str, str]]:
    """Two hints: the main theme's, then a general one (neither names the card)."""
    return [say(f"puzzle_hint.{themes[0]}").to_dict(), say("puzzle_hint.general").to_dict()]


def _q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def write_files(out: Path, chosen: dict[str, list[dict]]) -> None:
    """One TOML file per theme."""
    out.mkdir(parents=True, exist_ok=True)
    for theme, puzzles in chosen.items():
        tr, en, dtr, den = THEMES[theme]
        lines = [f"# Bulmacalar: {tr} / Puzzles: {en}.",
                 "# Written by maca.puzzles.generator; the solver proves every answer, which "
                 "this file never holds.",
                 f'id = "{theme}"', f'topic = "{theme}"', "points = 3", "hint_cost = 1", "",
                 f"title.tr = {_q(tr)}", f"title.en = {_q(en)}",
                 f"description.tr = {_q(dtr)}", f"description.en = {_q(den)}", ""]
        for p in puzzles:
            lines += ["[[exercise]]", 'kind = "puzzle"', f'id = "{p["id"]}"', f'rules = "{p["rules"]}"',
                      f"position = {_q(p['position'])}", f'goal = "{p["goal"]}"']
            if p["target"] is not None:
                lines.append(f"target = {p['target']}")
            lines += ["themes = [" + ", ".join(f'"{t}"' for t in p["themes"]) + "]",
                      f"difficulty = {p['difficulty']}",
                      f"prompt.tr = {_q(p['prompt']['tr'])}",
                      f"prompt.en = {_q(p['prompt']['en'])}", "hints = ["]
            lines += [f"  {{ tr = {_q(h['tr'])}, en = {_q(h['en'])} }}," for h in p["hints"]]
            lines += ["]", ""]
        (out / f"{theme}.toml").write_text("\n".join(lines), encoding="utf-8")


#: Per theme: where its puzzles are looked for (preset, kind), and the id prefix.
PLAN = {
    "safe_exit": ([("standard", "avoid"), ("three_players", "avoid"), ("omnibus", "avoid")], "se"),
    "duck_queen": ([("standard", "duck"), ("partnership", "duck"), ("omnibus", "duck"),
                    ("turkish", "duck")], "dq"),
    "dump_queen": ([("standard", "dump"), ("three_players", "dump"), ("turkish", "dump"),
                    ("partnership", "dump"), ("omnibus", "dump")], "dm"),
    "unblock": ([("standard", "unblock"), ("omnibus", "unblock"), ("partnership", "unblock"),
                 ("three_players", "unblock"), ("turkish", "unblock")], "ub"),
    "stop_moon": ([("standard", "stop"), ("omnibus", "stop"), ("three_players", "stop")], "sm"),
    "claim_rest": ([("standard", "shoot"), ("three_players", "shoot"), ("turkish", "shoot")], "cr"),
    "forced_discard": ([("turkish", "avoid")], "fd"),
    "peskir": ([("turkish", "peskir")], "pk"),
}


def generate(per_theme: int, seed: int, tries: int = 60000, log: Any = None,
             out: Path | None = None) -> dict[str, list[dict]]:
    """Up to ``per_theme`` puzzles for every theme, spread over 1–3 stars and presets."""
    chosen: dict[str, list[dict]] = {t: [] for t in THEMES}
    seen: set[str] = set()
    for theme, (sources, prefix) in PLAN.items():
        rng = random.Random(f"{seed}-{theme}")
        stars: Counter[int] = Counter()
        for attempt in range(tries):
            if len(chosen[theme]) >= per_theme:
                break
            preset, kind = sources[attempt % len(sources)]
            left = rng.choice((3, 4, 4, 5, 5, 6) if preset != "three_players" else (3, 4, 5))
            for hand, goal, target, proof, themes, difficulty in candidates(rng, preset, kind,
                                                                           left):
                position = hand.position()
                if theme not in themes or position in seen:
                    continue
                # spread over the stars: no star level takes more than half of a theme
                if stars[difficulty] >= (per_theme + 1) // 2:
                    continue
                seen.add(position)
                stars[difficulty] += 1
                ordered = [theme] + sorted(themes - {theme}, key=list(THEMES).index)
                chosen[theme].append({
                    "id": f"{prefix}-{len(chosen[theme]) + 1:02d}", "rules": preset,
                    "position": position, "goal": goal, "target": target,
                    "themes": ordered, "difficulty": difficulty,
                    "prompt": prompt_for(hand, goal, target), "hints": hints_for(ordered)})
                if log:
                    print(f"{theme}: {len(chosen[theme])} ({preset}, {goal}, {difficulty}★)",
                          file=log, flush=True)
                break
        if out is not None and chosen[theme]:
            write_files(out, {theme: chosen[theme]})
    return chosen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("exercises/puzzles"))
    parser.add_argument("--per-theme", type=int, default=24)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--themes", default=",".join(THEMES))
    parser.add_argument("--tries", type=int, default=60000, help="hands played at most per theme")
    args = parser.parse_args(argv)
    wanted = args.themes.split(",")
    for theme in list(PLAN):
        if theme not in wanted:
            del PLAN[theme]
    chosen = generate(args.per_theme, args.seed, args.tries, log=sys.stderr, out=args.out)
    for theme, puzzles in chosen.items():
        print(theme, len(puzzles), dict(Counter(p["difficulty"] for p in puzzles)),
              dict(Counter(p["rules"] for p in puzzles)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
