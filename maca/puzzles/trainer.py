"""The logic of the puzzle panel (pure Python, no HTML): a series of puzzles solved against the
engine's defence, lichess-style.

The learner plays a card; if the solver accepts it the engine's best defence answers, trick by
trick, and the learner goes on while a wrong card is still possible; once every card wins (or
the goal is decided) the rest is played out and the puzzle is solved. A wrong card is answered
by playing out its refutation. Hints cost points, a retry starts the puzzle again, the solution
line can be shown, and the streak and progress of the set are kept in `progress` (a plain
dict, saved by whoever shows the trainer).

>>> from maca.puzzles import load_puzzles
>>> t = PuzzleTrainer(load_puzzles("safe_exit")[:2])
>>> t.state, t.hand.to_move
('play', 0)
>>> while t.state == "play":  # the solver's card, as often as the puzzle asks
...     t.play(next(iter(t.accepted())))
>>> t.state, t.progress["streak"], t.progress["points"]
('solved', 1, 3)
"""
from __future__ import annotations

import datetime
import hashlib
from typing import Any, Sequence

from ..cards import Card, CardSet
from ..errors import MacaError, SettingError, shown
from ..hand import Hand
from ..lessons import Note
from ..solver import Solver
from ..words import catalogue, say
from ..exercises.kinds.puzzle import Puzzle
from ..exercises.model import Exercise
from . import question_of

__all__ = ["PuzzleTrainer", "daily_index", "WORDS"]

#: The puzzle panel's words, TR and EN.
WORDS: dict[str, tuple[str, str]] = {
    "title": ("Bulmaca", "Puzzle"),
    "hint": ("İpucu (−1 puan)", "Hint (−1 point)"),
    "retry": ("Yeniden dene", "Try again"),
    "solution": ("Çözümü göster", "Show the solution"),
    "next": ("Sonraki bulmaca ▶", "Next puzzle ▶"),
    "previous": ("◀ Önceki bulmaca", "◀ Previous puzzle"),
    "daily": ("Günün bulmacası", "Puzzle of the day"),
    "progress": ("{solved}/{total} çözüldü · seri {streak} · en iyi seri {best} · {points} puan",
                 "{solved}/{total} solved · streak {streak} · best streak {best} · "
                 "{points} points"),
    "which": ("Bulmaca {n}/{total} · {stars} · {themes}", "Puzzle {n}/{total} · {stars} · {themes}"),
    "start": ("Sıra sende: bir kart seç.", "Your turn: choose a card."),
    "right_go_on": ("Doğru! Savunma cevap verdi; sıra yine sende.",
                    "Right! The defence answered; your turn again."),
    "solved": ("Çözdün! {points} puan kazandın.", "Solved! You earn {points} points."),
    "solved_again": ("Çözdün! (Bu bulmaca bu sefer puan getirmiyor.)",
                     "Solved! (No points for this puzzle this time.)"),
    "wrong": ("Olmadı: {card} seni hedefe ulaştırmıyor; savunmanın en iyi cevabı bunu "
              "gösterdi. Yeniden dene ya da çözüme bak.",
              "Not this one: the {card} does not reach the goal; the defence's best answer "
              "shows why. Try again or look at the solution."),
    "shown": ("Çözüm: doğru kart ve savunmanın en iyi cevapları.",
              "The solution: the right card and the defence's best answers."),
    "over": ("Bu bulmaca bitti: yeniden dene ya da sonrakine geç.",
             "This puzzle is over: try again or go on to the next one."),
    "no_hint": ("Başka ipucu yok.", "There are no more hints."),
    "line": ("Oynananlar", "Played"),
}
catalogue("puzzles", WORDS, scoped=True)

_STARS = {1: "★☆☆", 2: "★★☆", 3: "★★★"}


def daily_index(day: datetime.date, count: int) -> int:
    """The puzzle of the day among ``count``: the same all day, for everyone.

    >>> daily_index(datetime.date(2026, 12, 1), 150) == daily_index(datetime.date(2026, 12, 1), 150)
    True
    """
    if count <= 0:
        raise SettingError("there is no puzzle to choose from")
    digest = hashlib.sha256(day.isoformat().encode()).digest()
    return int.from_bytes(digest[:8], "big") % count


class PuzzleTrainer:
    """A series of puzzles and the learner's way through them (see the module)."""

    def __init__(self, puzzles: Sequence[Exercise], start: int = 0,
                 progress: dict[str, Any] | None = None) -> None:
        if not puzzles:
            raise SettingError("a puzzle series needs at least one puzzle")
        self.puzzles = list(puzzles)
        self.progress: dict[str, Any] = {"solved": [], "streak": 0, "best": 0, "points": 0}
        if progress:
            self.progress.update({k: progress[k] for k in self.progress if k in progress})
        self.go(start)

    # -- which puzzle -----------------------------------------------------------------------
    @property
    def puzzle(self) -> Exercise:
        """The puzzle on the table (an exercise of kind ``puzzle``)."""
        return self.puzzles[self.index]

    @property
    def question(self) -> Puzzle:
        """The puzzle's question: its position, goal, themes and difficulty."""
        return question_of(self.puzzle)

    def go(self, index: int) -> None:
        """Open puzzle ``index`` of the series."""
        if isinstance(index, bool) or not isinstance(index, int) or not (
                0 <= index < len(self.puzzles)):
            raise SettingError(f"puzzle number {shown(index)} is not in this series "
                               f"(0 to {len(self.puzzles) - 1})")
        self.index = index
        self.start = self.question.hand.copy()
        self._table: dict = {}  # the solver's table, shared by every moment of this puzzle
        self.hints = 0
        self.tries = 0
        self.shown = False
        self._restart()

    def next(self) -> None:
        """The next puzzle (after the last: the first)."""
        self.go((self.index + 1) % len(self.puzzles))

    def previous(self) -> None:
        """The previous puzzle."""
        self.go((self.index - 1) % len(self.puzzles))

    def daily(self, day: datetime.date | None = None) -> None:
        """Open the puzzle of the day (today by default)."""
        self.go(daily_index(day or datetime.date.today(), len(self.puzzles)))

    def _restart(self) -> None:
        self.hand = self.start.copy()
        self.state = "play"
        self.moves: list[tuple[int, Card, str]] = []
        self.note = Note.of(say("puzzles.start"))

    # -- solving ----------------------------------------------------------------------------
    def _solver(self) -> Solver:
        q = self.question
        return Solver(self.hand, q.goal, q.target, hero=0, table=self._table)

    def accepted(self) -> CardSet:
        """The cards that reach the goal now (the solver's answer; for tests and teachers)."""
        return self._solver().solve().accepted

    def _ours(self, seat: int) -> bool:
        return seat == 0 or (self.hand.rules.partnership and seat == 2)

    def play(self, card: Card | str) -> None:
        """The learner plays ``card``: answered by the defence, or refuted."""
        if self.state != "play":
            self.note = Note.of(say("puzzles.over"))
            return
        try:
            card = Card.parse(card)
        except MacaError as exc:
            raise SettingError(exc.problem, **exc.params) from None
        verdict = self.hand.check(card, 0)
        if not verdict:
            self.note = Note.refusal(verdict)
            return
        solution = self._solver().solve()
        if not solution.accepts(card):
            for i, (seat, played) in enumerate(self._solver().line(card)):
                self._move(seat, played, "you" if i == 0 else "refutation")
            self.state = "failed"
            self.tries += 1
            self.progress["streak"] = 0
            self.note = Note.of(say("puzzles.wrong", card=card.name), "error")
            return
        self._move(0, card, "you")
        self._answer()

    def _move(self, seat: int, card: Card, who: str) -> None:
        self.hand.play(card)
        self.moves.append((seat, card, who))

    def _answer(self) -> None:
        """The defence (and a partner) play until the learner must choose again, or the puzzle
        is over."""
        while not self.hand.is_over:
            seat = self.hand.to_move
            assert seat is not None
            if seat == 0:
                solver = self._solver()
                solution = solver.solve()
                if len(solution.accepted) < len(self.hand.legal_plays()):
                    self.note = Note.of(say("puzzles.right_go_on"), "ok")
                    return
                for s, c in solver.line():  # every card wins now: the rest is shown
                    self._move(s, c, "defence" if not self._ours(s) else "you")
                break
            self._move(seat, self._solver().best_card(), "defence")
        self._solved()

    def _solved(self) -> None:
        self.state = "solved"
        p = self.progress
        first_time = self.puzzle.id not in p["solved"] and not self.tries and not self.shown
        worth = self.puzzle.points - self.puzzle.hint_cost * self.hints
        points = max(1, worth) if first_time else 0
        if self.puzzle.id not in p["solved"]:
            p["solved"].append(self.puzzle.id)
        if self.tries or self.shown:
            self.note = Note.of(say("puzzles.solved_again"), "ok")
        else:
            p["streak"] += 1
            p["best"] = max(p["best"], p["streak"])
            p["points"] += points
            self.note = Note.of(say("puzzles.solved", points=points), "ok")

    def hint(self) -> None:
        """Show the next hint (each costs a point of this puzzle)."""
        if self.hints >= len(self.puzzle.hints):
            self.note = Note.of(say("puzzles.no_hint"))
            return
        h = self.puzzle.hints[self.hints]
        self.hints += 1
        self.note = Note.of(h)

    def retry(self) -> None:
        """Start this puzzle again (hints stay shown)."""
        if self.state != "solved":
            self.tries += self.state == "failed" or bool(self.moves)
        self._restart()

    def show_solution(self) -> None:
        """Play the solution line from the start (the puzzle then gives no points)."""
        self._restart()
        self.shown = True
        self.progress["streak"] = 0
        solver = self._solver()
        solution = solver.solve()
        answer = max(next(c for c in solution.choices if c <= solution.accepted))
        for seat, card in solver.line(answer):
            self._move(seat, card, "solution")
        self.state = "shown"
        self.note = Note.of(say("puzzles.shown"), "ok")

    # -- what the panel shows -----------------------------------------------------------------
    def legal(self) -> CardSet:
        """The learner's playable cards now (none when the puzzle is over or not their turn)."""
        if self.state != "play" or self.hand.to_move != 0:
            return CardSet()
        return self.hand.legal_plays()

    def status(self, lang: str) -> str:
        """Progress through the series, in words."""
        p = self.progress
        return say("puzzles.progress", solved=len(p["solved"]), total=len(self.puzzles),
                    streak=p["streak"], best=p["best"], points=p["points"])[lang]

    def heading(self, lang: str) -> str:
        """Which puzzle, its stars and themes."""
        return say("puzzles.which", n=self.index + 1, total=len(self.puzzles),
                    stars=_STARS[self.question.difficulty],
                    themes=", ".join(say(f"puzzle_theme.{t}")[lang]
                                     for t in self.question.themes))[lang]
