"""Practice puzzles: late-hand moments where exactly one play reaches a goal, proved by the solver.

The collection is exercise sets (``exercises/puzzles/*.toml``, one set per theme, its
``topic``), read by the one loader (`maca.exercises.sets.load_set`): each exercise is a
question of kind ``puzzle`` (`maca.exercises.kinds.puzzle.Puzzle`), a position where seat 0
("Sen", South) is to play, a goal of `maca.solver.GOALS`, its themes and a difficulty (1 to 3
stars). The file never holds the answer: the solver proves it, every time. `themes_of` reads
the themes from the proof lines, `rate` the difficulty; `maca.puzzles.generator` screens
positions for new puzzles; the puzzle trainer (`maca.panels.puzzles`) is a worksheet over
`puzzle_set`.

>>> puzzles = load_puzzles()
>>> len(puzzles) >= 150, sorted(THEMES)[:2]
(True, ['claim_rest', 'duck_queen'])
>>> q = puzzles[0].question
>>> q.hand.to_move, q.proof.unique
(0, True)
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Sequence

from ..cards import HEARTS_MASK as _HEARTS, QS as _QS, Card, Suit, suit_mask
from ..errors import shown
from ..exercises.kinds.puzzle import THEMES, Proof, Puzzle
from ..exercises.model import Exercise
from ..exercises.sets import ExerciseSet, load_set, unique_ids
from ..exercises.text import ExerciseError
from ..hand import Hand
from ..notation import rules_to_text
from ..words import catalogue, say

__all__ = ["collection_table", "THEMES", "themes_of", "rate", "load_puzzles", "puzzle_set",
           "puzzle_sets", "puzzle_files", "question_of", "export", "theme_title"]

#: Where the collection lives: beside the package in a checkout, inside it in a wheel.
FOLDERS = (Path(__file__).resolve().parent / "sets",
           Path(__file__).resolve().parents[2] / "exercises" / "puzzles")


def theme_title(theme: str, lang: str = "tr") -> str:
    """A theme's title in ``lang``.

    >>> theme_title("safe_exit"), theme_title("peskir", "en")
    ('Güvenli çıkış', 'Surviving a peşkir')
    """
    if theme not in THEMES:
        raise ExerciseError(say("puzzle_collection.theme"), value=shown(theme),
                            themes=", ".join(THEMES))
    return say(f"puzzle_theme.{theme}")[lang]


Plays = tuple[tuple[int, Card], ...]


def _tricks(hand: Hand, line: Sequence[tuple[int, Card]]) -> list[tuple[Plays, int]]:
    """The tricks a line completes from ``hand``'s moment: (plays, winner), the trick in
    progress included from its first card."""
    h = hand.copy()
    current = list(h.current_trick.plays())
    out = []
    for seat, card in line:
        h.play(card)
        current.append((seat, card))
        if not h.current_trick.cards:
            last = h.last_trick
            assert last is not None and last.winner is not None
            out.append((tuple(current), last.winner))
            current = []
    return out


def _forced(hand: Hand, line: Sequence[tuple[int, Card]]) -> bool:
    """Whether a play of ``line`` was forced by the Turkish discard order (Q♠, A♥, K♥)."""
    if hand.rules.discard_order != "turkish":
        return False
    h = hand.copy()
    singles = {Card.parse(c).mask for c in ("QS", "AH", "KH")}
    for seat, card in line:
        trick = h.current_trick.cards
        held = h.cards(seat).mask
        if trick and not held & suit_mask(trick[0].suit):
            legal = h.legal_mask()
            if legal != held and legal in singles:
                return True
        h.play(card)
    return False


def themes_of(hand: Hand, goal: str, target: int | None, proof: Proof) -> set[str]:
    """The themes a proof shows (see `THEMES`), read from its lines.

    >>> q = load_puzzles()[0].question
    >>> set(q.themes) <= themes_of(q.hand, q.goal, q.target, q.lines())
    True
    """
    hero = hand.to_move
    assert hero is not None
    rules = hand.rules
    side = {s for s in range(hand.players)
            if (s % 2 == hero % 2 if rules.partnership else s == hero)}
    found: set[str] = set()
    main = proof.main
    if not main:
        return found
    card = main[0][1]
    tricks = _tricks(hand, main)
    first_plays, first_winner = tricks[0] if tricks else ((), -1)
    first_cards = [c for _, c in first_plays]
    avoid = goal in ("no_points", "avoid_queen", "fewest_points")
    rejected = [c for c in proof.solution.choices if not c <= proof.solution.accepted]
    if not hand.current_trick.cards and avoid and first_winner not in side:
        found.add("safe_exit")
    queen_out = (_QS in first_cards or any(_QS in hand.cards(s) for s in range(hand.players)
                                           if s not in side))
    if (avoid and queen_out and card.suit == Suit.SPADES and card < _QS
            and first_winner not in side
            and any(c.suit == Suit.SPADES and c > _QS for r in rejected for c in r)):
        found.add("duck_queen")
    if card == _QS and first_winner not in side:
        found.add("dump_queen")
    if (avoid and first_winner in side
            and not sum(rules.value_of(c) for c in first_cards if rules.value_of(c) > 0)
            and any(c.suit == card.suit and c < card for r in rejected for c in r)):
        found.add("unblock")
    if goal == "stop_moon" and any(
            w not in _team(rules, target) for plays, w in tricks
            if any(c.mask & _HEARTS for _, c in plays)):
        found.add("stop_moon")
    if goal == "take_all":
        found.add("claim_rest")
    if _forced(hand, main) or any(_forced(hand, line) for line in proof.refutations.values()):
        found.add("forced_discard")
    if hero in hand.peskir and goal == "fewest_points" and all(w != hero for _, w in tricks):
        found.add("peskir")
    return found


def _team(rules: Any, seat: int | None) -> set[int]:
    """The seats of ``seat``'s side (its team in a partnership); every seat for None."""
    if seat is None:
        return set()
    return {seat, (seat + 2) % 4} if rules.partnership else {seat}


def _naive(hand: Hand, goal: str) -> Card:
    """What a beginner plays: the highest card to win everything, else the lowest."""
    legal = list(hand.legal_plays())
    if goal == "take_all":
        return max(legal, key=lambda c: (c.rank, c.suit))
    return min(legal, key=lambda c: (c.rank, c.suit))


def rate(hand: Hand, goal: str, proof: Proof) -> int:
    """Difficulty, 1 to 3 stars: cards left, how many choices look plausible, how deep the
    refutation goes, and whether the beginner's card (lowest, or highest to win) is wrong.

    >>> q = load_puzzles()[0].question
    >>> rate(q.hand, q.goal, q.lines()) in (1, 2, 3)
    True
    """
    hero = hand.to_move
    assert hero is not None
    left = len(hand.cards(hero))
    choices = len(proof.solution.choices)
    depth = max((len(_tricks(hand, line)) for line in proof.refutations.values()), default=0)
    score = max(0, left - 3) + min(choices - 2, 2) + (depth >= 2) + (depth >= 3)
    score += 2 * (not proof.solution.accepts(_naive(hand, goal)))
    return 1 if score <= 2 else 2 if score <= 4 else 3


def question_of(exercise: Exercise) -> Puzzle:
    """The puzzle question of a puzzle exercise (`ExerciseError` for another kind).

    >>> question_of(load_puzzles("peskir")[0]).goal
    'fewest_points'
    """
    if not isinstance(exercise.question, Puzzle):
        raise ExerciseError(say("puzzle_collection.not_a_puzzle"), id=repr(exercise.id),
                            kind=exercise.kind)
    return exercise.question


def puzzle_files() -> list[Path]:
    """The collection's files (the first folder of `FOLDERS` that has any)."""
    for folder in FOLDERS:
        files = sorted(folder.glob("*.toml"))
        if files:
            return files
    raise ExerciseError(say("puzzle_collection.no_files"))


def puzzle_sets() -> list[ExerciseSet]:
    """The collection's exercise sets, one per theme, in file order."""
    return [load_set(path) for path in puzzle_files()]


def puzzle_set(theme: str | None = None) -> ExerciseSet:
    """One theme's set (its file named after it), or the whole collection as one set
    (``puzzles``), in file order; an id is used once in the whole collection.

    >>> puzzle_set("safe_exit").id, puzzle_set().id, len(puzzle_set()) >= 150
    ('safe_exit', 'puzzles', True)
    """
    sets = ([load_set(path) for path in puzzle_files() if path.stem == theme]
            if theme is not None else puzzle_sets())
    sets = [s for s in sets if theme is None or s.topic == theme]
    out = tuple(e for s in sets for e in s)
    if theme is not None and not out:
        raise ExerciseError(say("puzzle_collection.no_puzzles"), value=shown(theme),
                            themes=", ".join(THEMES))
    unique_ids(out, "exercises/puzzles")
    if theme is not None:
        return sets[0]
    return ExerciseSet("puzzles", say("puzzle_collection.title"), "puzzles", 0, out,
                       "exercises/puzzles", _written=out)


def load_puzzles(theme: str | None = None) -> list[Exercise]:
    """The puzzles of `puzzle_set`.

    >>> [p.id for p in load_puzzles("safe_exit")][:2]
    ['se-01', 'se-02']
    """
    return list(puzzle_set(theme))


def export(puzzles: Iterable[Exercise] | None = None) -> list[dict[str, Any]]:
    """The collection for checking: one object per puzzle with the solver's accepted cards.

    >>> row = export(load_puzzles()[:1])[0]
    >>> sorted(row)
    ['accepted', 'difficulty', 'goal', 'id', 'position', 'rules', 'target', 'themes']
    """
    rows = []
    for p in load_puzzles() if puzzles is None else puzzles:
        q = question_of(p)
        rows.append({"id": p.id, "rules": rules_to_text(q.rules), "position": q.params["position"],
                     "goal": q.goal, "target": q.target,
                     "accepted": [str(c) for c in q.solution()],
                     "themes": list(q.themes), "difficulty": q.difficulty})
    return rows


def collection_table(lang: str = "tr") -> str:
    """The collection by theme and stars, as a Markdown table (the puzzles' index page).

    >>> print(collection_table("en").splitlines()[0])
    | Theme | ★☆☆ | ★★☆ | ★★★ | Puzzles |
    """
    sets = {s.topic: s for s in puzzle_sets()}
    theme, count = say("puzzle_collection.theme_head")[lang], say("puzzle_collection.count_head")[lang]
    rows = [f"| {theme} | ★☆☆ | ★★☆ | ★★★ | {count} |", "|---|---|---|---|---|"]
    for theme in THEMES:
        mine = list(sets[theme]) if theme in sets else []
        stars = [sum(question_of(p).difficulty == s for p in mine) for s in (1, 2, 3)]
        rows.append(f"| {theme_title(theme, lang)} | {stars[0]} | {stars[1]} | {stars[2]} | "
                    f"{len(mine)} |")
    return "\n".join(rows)


# The collection's title and its index's column heads; then the errors of asking it for what
# it does not hold (for the developer or the teacher who names a theme).
catalogue("puzzle_collection", {
    "title": ("Bulmacalar", "Puzzles"),
    "theme_head": ("Tema", "Theme"),
    "count_head": ("Bulmaca", "Puzzles"),
    "theme": ("{value} diye bir tema yok: şunlardan birini kullanın: {themes}",
              "unknown theme {value}: use one of {themes}"),
    "not_a_puzzle": ("{id} alıştırması bir {kind} sorusu, bulmaca değil",
                     "exercise {id} is a {kind} question, not a puzzle"),
    "no_files": ("hiç bulmaca dosyası bulunamadı (exercises/puzzles/*.toml)",
                 "no puzzle files found (exercises/puzzles/*.toml)"),
    "no_puzzles": ("{value} teması için bulmaca yok: şunlardan birini kullanın: {themes}",
                   "no puzzles for the theme {value}: use one of {themes}"),
}, scoped=True)
