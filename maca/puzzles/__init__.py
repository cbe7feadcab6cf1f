"""Practice puzzles: late-hand moments where exactly one play reaches a goal, proved by the solver.

A puzzle is data (``exercises/puzzles/*.toml``, one file per theme): a position where seat 0
("Sen", South) is to play, a goal of `maca.solver.GOALS`, its themes, a difficulty (1 to 3
stars) and TR/EN prompt and hints. The file never holds the answer: `Puzzle.proof` asks the
solver, every time. `themes_of` reads the themes from the proof line, `rate` the difficulty;
`maca.puzzles.generator` screens positions for new puzzles, `maca.puzzles.trainer` is the logic
of the puzzle panel.

>>> puzzles = load_puzzles()
>>> len(puzzles) >= 150, sorted(THEMES)[:2]
(True, ['claim_rest', 'duck_queen'])
>>> p = puzzles[0]
>>> p.hand().to_move, p.proof().solution.unique
(0, True)
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from ..cards import HEARTS_MASK as _HEARTS, QS as _QS, Card, CardSet, Suit, suit_mask
from ..errors import MacaError, shown
from ..hand import Hand
from ..notation import rules_to_text
from ..solver import GOALS, Solution, Solver
from ..words import Text, catalogue, say

__all__ = ["collection_table", "THEMES", "Puzzle", "PuzzleError", "Proof", "prove", "themes_of",
           "rate",
           "load_puzzles", "load_file", "puzzle_files", "export", "theme_title"]

#: The themes, in the book's order: (TR title, EN title, TR description, EN description).
THEMES: dict[str, tuple[str, str, str, str]] = {
    "safe_exit": (
        "Güvenli çıkış", "Safe exit",
        "Eli açan sensin: hangi kartla çıkarsan eli başkası alır ve sen güvende kalırsın?",
        "You lead: which card gives the trick to someone else and keeps you safe?"),
    "duck_queen": (
        "Kızın altından geç", "Duck under the queen",
        "Maça kızı hâlâ dışarıda: onu almamak için kızdan küçük bir maçayla altından geçmek "
        "(alttan oynamak).",
        "The queen of spades is about: play a lower spade under her, so you do not take her."),
    "dump_queen": (
        "Kızı at", "Dump the queen",
        "Maça kızı sende: onu başkasının alacağı bir ele atmak.",
        "You hold the queen of spades: give her away on a trick someone else wins."),
    "unblock": (
        "Engeli kaldır", "Unblock",
        "Yüksek bir kartı şimdi, el puansızken elden çıkarmak; sonra başına iş açmasın diye.",
        "Get rid of a high card now, while the trick is free of points, so it cannot trap you "
        "later."),
    "stop_moon": (
        "Tek kupayla kafa atmayı önle", "Stop the moon with one heart",
        "Bir oyuncu bütün ceza kartlarını topluyor: tek bir kupa almak bile kafa atmayı bozar.",
        "One player is collecting every penalty card: taking a single heart is enough to stop "
        "the moon."),
    "claim_rest": (
        "Gerisini al", "Claim the rest",
        "Bütün ceza kartları sende: kalan her eli alıp kafa atmak.",
        "You hold every penalty card taken so far: win every trick that is left and shoot the "
        "moon."),
    "forced_discard": (
        "Zorunlu atma tuzağı", "Turkish forced-discard trap",
        "Türk kurallarında renge uyamayan oyuncu önce maça kızını, sonra kupa asını, sonra "
        "kupa papazını atmak zorundadır: bu kuralla rakibi tuzağa düşürmek ya da tuzaktan "
        "kaçmak.",
        "Under the Turkish rules a player who cannot follow suit must discard the queen of "
        "spades first, then the ace of hearts, then the king: use that rule, or escape it."),
    "peskir": (
        "Peşkiri kurtar", "Surviving a peşkir",
        "Peşkir ilan ettin: tek bir el bile almadan turu bitirmek.",
        "You declared peşkir: finish the hand without winning a single trick."),
}
catalogue("puzzle_theme", {k: (v[0], v[1]) for k, v in THEMES.items()}, scoped=True)

#: Where the collection lives: beside the package in a checkout, inside it in a wheel.
FOLDERS = (Path(__file__).resolve().parent / "sets",
           Path(__file__).resolve().parents[2] / "exercises" / "puzzles")


class PuzzleError(MacaError):
    """A puzzle file or puzzle that cannot be used (said in words)."""


def theme_title(theme: str, lang: str = "tr") -> str:
    """A theme's title in ``lang``.

    >>> theme_title("safe_exit"), theme_title("peskir", "en")
    ('Güvenli çıkış', 'Surviving a peşkir')
    """
    if theme not in THEMES:
        raise PuzzleError(f"unknown theme {shown(theme)}: use one of {', '.join(THEMES)}")
    return say(f"puzzle_theme.{theme}")[lang]


@dataclass(frozen=True)
class Proof:
    """The solver's verdict and its lines: ``main`` plays an accepted card out against the best
    defence; ``refutations`` maps each rejected choice (its first card) to the defence that
    beats it, trick by trick, until the goal is lost."""

    solution: Solution
    main: tuple[tuple[int, Card], ...]
    refutations: dict[Card, tuple[tuple[int, Card], ...]]


def prove(hand: Hand, goal: str, target: int | None = None) -> Proof:
    """Solve ``hand`` for ``goal`` and play out the main line and every refutation.

    >>> p = load_puzzles()[0]
    >>> proof = prove(p.hand(), p.goal, p.target)
    >>> proof.main[0][1] in proof.solution.accepted, len(proof.refutations) >= 1
    (True, True)
    """
    solver = Solver(hand, goal, target)
    solution = solver.solve()
    accepted = [c for c in solution.choices if c <= solution.accepted]
    main = tuple(solver.line(_first(accepted[0]))) if accepted else ()
    refutations = {_first(c): tuple(solver.line(_first(c)))
                   for c in solution.choices if not c <= solution.accepted}
    return Proof(solution, main, refutations)


def _first(choice: CardSet) -> Card:
    """The card shown for a choice of equivalent cards: its highest."""
    return max(choice)


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

    >>> p = load_puzzles()[0]
    >>> set(p.themes) <= themes_of(p.hand(), p.goal, p.target, p.proof())
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

    >>> p = load_puzzles()[0]
    >>> rate(p.hand(), p.goal, p.proof()) in (1, 2, 3)
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


@dataclass(frozen=True)
class Puzzle:
    """One puzzle of the collection (never its answer: ask `proof`)."""

    id: str
    rules: str
    position: str
    goal: str
    themes: tuple[str, ...]
    difficulty: int
    prompt: dict[str, str]
    hints: tuple[dict[str, str], ...] = ()
    target: int | None = None
    set: str = ""

    def hand(self) -> Hand:
        """The puzzle's moment, restored by the engine."""
        return Hand.from_position(self.position)

    def proof(self) -> Proof:
        """The solver's proof (computed on each call; cache it if you need it twice)."""
        return prove(self.hand(), self.goal, self.target)

    def accepted(self) -> CardSet:
        """The cards that reach the goal, from the solver."""
        return Solver(self.hand(), self.goal, self.target).solve().accepted


def _text(value: Any, where: str) -> dict[str, str]:
    if not isinstance(value, dict) or not {"tr", "en"} <= set(value):
        raise PuzzleError(f"{where}: give the text in Turkish and English (tr = …, en = …)")
    return {"tr": str(value["tr"]), "en": str(value["en"])}


def _puzzle(raw: Any, set_id: str, where: str) -> Puzzle:
    if not isinstance(raw, dict):
        raise PuzzleError(f"{where}: a [[puzzle]] is a table")
    known = {"id", "rules", "position", "goal", "target", "themes", "difficulty", "prompt",
             "hints"}
    extra = set(raw) - known
    if extra:
        raise PuzzleError(f"{where}: unknown field(s) {', '.join(sorted(extra))} (a puzzle "
                          "file never holds the answer)")
    try:
        pid, position, goal = str(raw["id"]), str(raw["position"]), str(raw["goal"])
        rules = str(raw.get("rules", position.split()[0]))
        themes = tuple(str(t) for t in raw["themes"])
        difficulty = raw["difficulty"]
    except KeyError as exc:
        raise PuzzleError(f"{where}: missing field {exc}") from None
    if goal not in GOALS:
        raise PuzzleError(f"{where} ({pid}): unknown goal {shown(goal)}: use one of "
                          f"{', '.join(GOALS)}")
    for theme in themes:
        if theme not in THEMES:
            raise PuzzleError(f"{where} ({pid}): unknown theme {shown(theme)}")
    if difficulty not in (1, 2, 3) or isinstance(difficulty, bool):
        raise PuzzleError(f"{where} ({pid}): difficulty is 1, 2 or 3 stars, not "
                          f"{shown(difficulty)}")
    target = raw.get("target")
    if target is not None and (isinstance(target, bool) or not isinstance(target, int)):
        raise PuzzleError(f"{where} ({pid}): target is a seat number, not {shown(target)}")
    hints = tuple(_text(h, f"{where} ({pid}) hint") for h in raw.get("hints", []))
    return Puzzle(pid, rules, position, goal, themes, difficulty,
                  _text(raw.get("prompt"), f"{where} ({pid}) prompt"), hints, target, set_id)


def load_file(path: str | Path) -> tuple[dict[str, Any], list[Puzzle]]:
    """A puzzle file: its header (id, theme, title, description) and its puzzles."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise PuzzleError(f"{path.name}: cannot be read: {exc}") from None
    set_id = str(data.get("id", path.stem))
    puzzles = [_puzzle(raw, set_id, f"{path.name} puzzle {i + 1}")
               for i, raw in enumerate(data.get("puzzle", []))]
    header = {k: v for k, v in data.items() if k != "puzzle"}
    header.setdefault("id", set_id)
    return header, puzzles


def puzzle_files() -> list[Path]:
    """The collection's files (the first folder of `FOLDERS` that has any)."""
    for folder in FOLDERS:
        files = sorted(folder.glob("*.toml"))
        if files:
            return files
    raise PuzzleError("no puzzle files found (exercises/puzzles/*.toml)")


def load_puzzles(theme: str | None = None) -> list[Puzzle]:
    """Every puzzle of the collection (or of one theme's file), in file order."""
    out: list[Puzzle] = []
    for path in puzzle_files():
        header, puzzles = load_file(path)
        if theme is None or header.get("theme", path.stem) == theme:
            out.extend(puzzles)
    if theme is not None and not out:
        raise PuzzleError(f"no puzzles for the theme {shown(theme)}: use one of "
                          f"{', '.join(THEMES)}")
    seen: set[str] = set()
    for p in out:
        if p.id in seen:
            raise PuzzleError(f"two puzzles are called {p.id}")
        seen.add(p.id)
    return out


def export(puzzles: Iterable[Puzzle] | None = None) -> list[dict[str, Any]]:
    """The collection for checking: one object per puzzle with the solver's accepted cards.

    >>> row = export(load_puzzles()[:1])[0]
    >>> sorted(row)
    ['accepted', 'difficulty', 'goal', 'id', 'position', 'rules', 'target', 'themes']
    """
    rows = []
    for p in load_puzzles() if puzzles is None else puzzles:
        rows.append({"id": p.id, "rules": p.rules, "position": p.position, "goal": p.goal,
                     "target": p.target, "accepted": [str(c) for c in p.accepted()],
                     "themes": list(p.themes), "difficulty": p.difficulty})
    return rows


def collection_table(lang: str = "tr") -> str:
    """The collection by theme and stars, as a Markdown table (the puzzles' index page).

    >>> print(collection_table("en").splitlines()[0])
    | Theme | ★☆☆ | ★★☆ | ★★★ | Puzzles |
    """
    puzzles = load_puzzles()
    theme, count = Text("Tema", "Theme")[lang], Text("Bulmaca", "Puzzles")[lang]
    rows = [f"| {theme} | ★☆☆ | ★★☆ | ★★★ | {count} |", "|---|---|---|---|---|"]
    for theme in THEMES:
        mine = [p for p in puzzles if p.set == theme]
        stars = [sum(p.difficulty == s for p in mine) for s in (1, 2, 3)]
        rows.append(f"| {theme_title(theme, lang)} | {stars[0]} | {stars[1]} | {stars[2]} | "
                    f"{len(mine)} |")
    return "\n".join(rows)
