"""Puzzles: a judged card with a goal, themes and a difficulty (kind ``puzzle``).

A puzzle is a moment late in a hand where seat 0 is to play, every hand face up, and exactly
one choice (up to touching cards) reaches a goal of the double-dummy solver: a `SolvedChoice`
at any moment of a trick, with its ``themes`` (`THEMES`, the first one its set's) and a
``difficulty`` of 1 to 3 stars. The collection (``exercises/puzzles/*.toml``, one exercise set
per theme) is read by the one loader, `maca.exercises.sets`; `maca.puzzles` reads it and
rates and themes new puzzles, `maca.puzzles.trainer` plays them against the defence.

>>> from maca.puzzles import load_puzzles
>>> q = load_puzzles("safe_exit")[0].question
>>> q.kind, q.themes, q.difficulty, q.lines().main[0][1] in q.solution()
('puzzle', ('safe_exit',), 1, True)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...cards import Card, CardSet
from ...errors import shown
from ...rules import Rules
from ...hand import Hand
from ...solver import NODE_CAP, Solution, Solver
from ...words import catalogue
from ..text import ExerciseError
from .judgement import SolvedChoice

__all__ = ["Puzzle", "Proof", "prove", "THEMES"]

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

Plays = tuple[tuple[int, Card], ...]


@dataclass(frozen=True)
class Proof:
    """The solver's verdict and its lines: ``main`` plays an accepted card out against the best
    defence; ``refutations`` maps each rejected choice (its first card) to the defence that
    beats it, trick by trick, until the goal is lost."""

    solution: Solution
    main: Plays
    refutations: dict[Card, Plays]


def prove(hand: Hand, goal: str, target: int | None = None) -> Proof:
    """Solve ``hand`` for ``goal`` and play out the main line and every refutation.

    >>> from maca.puzzles import load_puzzles
    >>> q = load_puzzles()[0].question
    >>> proof = prove(q.hand, q.goal, q.target)
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


class Puzzle(SolvedChoice):
    """Which card reaches the goal? Seat 0 plays at any moment of a trick; the solver judges
    (with its full search), and `lines` gives the proof the trainer and the book play out."""

    kind = "puzzle"
    fields = ("position", "goal", "target", "themes", "difficulty")
    required = ("position", "goal", "themes", "difficulty")
    moment = "any"
    nodes = NODE_CAP

    def __init__(self, params: Mapping[str, Any], rules: Rules) -> None:
        themes, difficulty = params["themes"], params["difficulty"]
        if (not isinstance(themes, list) or not themes
                or not all(isinstance(t, str) and t in THEMES for t in themes)):
            raise ExerciseError(f"themes must be a list of puzzle themes ({', '.join(THEMES)}), "
                                f"not {shown(themes)}")
        if difficulty not in (1, 2, 3) or isinstance(difficulty, bool):
            raise ExerciseError(f"difficulty is 1, 2 or 3 stars, not {shown(difficulty)}")
        self.themes: tuple[str, ...] = tuple(themes)
        self.difficulty: int = difficulty
        super().__init__(params, rules)

    def check_moment(self) -> None:
        """Any moment where seat 0 is to play is a puzzle's."""

    def lines(self) -> Proof:
        """The main line and every refutation, played out by the solver (`prove`)."""
        return prove(self.hand, self.goal, self.target)
