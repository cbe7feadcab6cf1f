"""Puzzles: a judged card with a goal, themes and a difficulty (kind ``puzzle``).

A puzzle is a moment late in a hand where seat 0 is to play, every hand face up, and exactly
one choice (up to touching cards) reaches a goal of the double-dummy solver: a `SolvedChoice`
at any moment of a trick, with its ``themes`` (`THEMES`, the first one its set's) and a
``difficulty`` of 1 to 3 stars. The collection (``exercises/puzzles/*.toml``, one exercise set
per theme) is read by the one loader, `maca.exercises.sets`; `maca.puzzles` reads it and
rates and themes new puzzles, `maca.panels.puzzles` is the puzzle trainer's view.

The answer of a puzzle is the line the learner plays (`maca.exercises.forms.LINE`): each card
is checked by the solver at its moment (`Puzzle.walk`); a right card is answered by the
defence's best play until the learner must choose again, and once every card wins the rest
is played out: the line is over, right. A wrong card is answered by its refutation: the line
is over, wrong. A line right so far is `Puzzle.pending` (a session waits for its next card);
a typed answer of one card is judged as it stands, the first choice being the puzzle's question.

>>> from maca.puzzles import load_puzzles
>>> q = load_puzzles("safe_exit")[0].question
>>> q.kind, q.themes, q.difficulty, q.lines().main[0][1] in q.solution()
('puzzle', ('safe_exit',), 1, True)
>>> walk = q.walk([q.lines().main[0][1]])
>>> walk.state, walk.moves[0][2], q.judge(q.read([str(walk.moves[0][1])]))[0]
('solved', 'you', True)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ...cards import Card, CardSet
from ...errors import shown
from ...rules import Rules
from ...hand import Hand
from ...solver import NODE_CAP, Solution, Solver
from ...words import Text, catalogue, say, show
from ..forms import LINE
from ..text import AnswerError, ExerciseError
from .base import read_card, read_cards, require_answer
from .judgement import SolvedChoice

__all__ = ["Puzzle", "Proof", "prove", "Walk", "THEMES"]

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

catalogue("puzzle_line", {
    "go_on": ("Doğru! Savunma cevap verdi; sıra yine sende.",
              "Right! The defence answered; your turn again."),
    "wrong": ("Olmadı: {card} ile hedefe ulaşamazsın; savunmanın en iyi cevabı bunu "
              "gösterdi. Yeniden dene ya da çözüme bak.",
              "Not this one: the {card} does not reach the goal; the defence's best answer "
              "shows why. Try again or look at the solution."),
    # a card played after the line is over, for the learner; then a puzzle's fields, for the
    # teacher who writes the set
    "over": ("Bulmaca {card} kartından önce bitti.", "The puzzle is over before the {card}."),
    "themes": ("themes bulmaca temalarından ({themes}) oluşan bir liste olmalı, {value} değil",
               "themes must be a list of puzzle themes ({themes}), not {value}"),
    "difficulty": ("difficulty 1, 2 ya da 3 yıldız olur, {value} değil",
                   "difficulty is 1, 2 or 3 stars, not {value}"),
}, scoped=True)

Plays = tuple[tuple[int, Card], ...]


@dataclass(frozen=True)
class Walk:
    """A line played in a puzzle: the moment it reaches (``hand``, not to be changed), every
    card played since the puzzle's moment as (seat, card, who) with who ``you``, ``defence``,
    ``refutation`` or ``solution``, and its ``state``: ``play`` (the learner's turn again),
    ``solved`` or ``failed``."""

    hand: Hand
    moves: tuple[tuple[int, Card, str], ...]
    state: str


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
    form = LINE
    #: the solution may be seen before any try (the trainer offers it at once)
    free_solution = True
    fields = ("position", "goal", "target", "themes", "difficulty")
    required = ("position", "goal", "themes", "difficulty")
    moment = "any"
    nodes = NODE_CAP

    def __init__(self, params: Mapping[str, Any], rules: Rules) -> None:
        themes, difficulty = params["themes"], params["difficulty"]
        if (not isinstance(themes, list) or not themes
                or not all(isinstance(t, str) and t in THEMES for t in themes)):
            raise ExerciseError(say("puzzle_line.themes"), themes=", ".join(THEMES),
                                value=shown(themes))
        if difficulty not in (1, 2, 3) or isinstance(difficulty, bool):
            raise ExerciseError(say("puzzle_line.difficulty"), value=shown(difficulty))
        self.themes: tuple[str, ...] = tuple(themes)
        self.difficulty: int = difficulty
        super().__init__(params, rules)
        self._table: dict = {}   # the solver's table, shared by every moment of this puzzle
        self._walks: dict[tuple[int, ...], Walk] = {}

    def check_moment(self) -> None:
        """Any moment where seat 0 is to play is a puzzle's."""

    def lines(self) -> Proof:
        """The main line and every refutation, played out by the solver (`prove`)."""
        return prove(self.hand, self.goal, self.target)

    # -- the line played ----------------------------------------------------------------------
    def _solver(self, hand: Hand) -> Solver:
        return Solver(hand, self.goal, self.target, hero=0, table=self._table)

    def _ours(self, seat: int) -> bool:
        return seat == 0 or (self.rules.partnership and seat == 2)

    def walk(self, line: Sequence[Card]) -> Walk:
        """``line`` (the learner's cards, in order) played from the puzzle's moment, each card
        checked by the solver when it is played; `AnswerError` for a card that may not be
        played then (the engine says why) or that comes after the puzzle is over."""
        key = tuple(card.index for card in line)
        if key in self._walks:
            return self._walks[key]
        hand, moves, state = self.hand.copy(), [], "play"
        for card in line:
            if state != "play":
                raise AnswerError(say("puzzle_line.over"), card=card.symbol)
            verdict = hand.check(card, 0)
            if not verdict:
                raise AnswerError(say("not_allowed"), card=card, verdict=verdict)
            solver = self._solver(hand)
            if not solver.solve().accepts(card):
                for i, (seat, played) in enumerate(solver.line(card)):
                    hand.play(played)
                    moves.append((seat, played, "you" if i == 0 else "refutation"))
                state = "failed"
                continue
            hand.play(card)
            moves.append((0, card, "you"))
            state = self._answer(hand, moves)
        walk = self._walks[key] = Walk(hand, tuple(moves), state)
        return walk

    def _answer(self, hand: Hand, moves: list[tuple[int, Card, str]]) -> str:
        """The defence (and a partner) play until the learner must choose again (``play``),
        or every card wins and the rest is played out (``solved``)."""
        while not hand.is_over:
            seat = hand.to_move
            assert seat is not None
            if seat == 0:
                solver = self._solver(hand)
                if len(solver.solve().accepted) < len(hand.legal_plays()):
                    return "play"
                for s, c in solver.line():   # every card wins now: the rest is shown
                    hand.play(c)
                    moves.append((s, c, "you" if self._ours(s) else "defence"))
                break
            card = self._solver(hand).best_card()
            hand.play(card)
            moves.append((seat, card, "defence"))
        return "solved"

    def accepted_after(self, line: Sequence[Card]) -> CardSet:
        """The cards that reach the goal after ``line`` (the solver's answer, for tests and
        teachers); none once the line is over."""
        walk = self.walk(line)
        return self._solver(walk.hand).solve().accepted if walk.state == "play" else CardSet()

    def solution_line(self) -> Walk:
        """The solution played from the puzzle's moment: the right card (the highest of its
        choice) and the defence's best answers, every move marked ``solution``.

        >>> from maca.puzzles import load_puzzles
        >>> q = load_puzzles("safe_exit")[0].question
        >>> shown = q.solution_line()
        >>> shown.state, shown.moves[0][1] in q.solution(), {who for _, _, who in shown.moves}
        ('solved', True, {'solution'})
        """
        solver = self._solver(self.hand)
        solution = solver.solve()
        answer = max(next(c for c in solution.choices if c <= solution.accepted))
        hand, moves = self.hand.copy(), []
        for seat, card in solver.line(answer):
            hand.play(card)
            moves.append((seat, card, "solution"))
        return Walk(hand, tuple(moves), "solved")

    # -- the answer is the line -----------------------------------------------------------------
    def read(self, answer: Any) -> Any:
        """The line, a tuple of cards: one card, or cards in the order played (``"AS 2C"``,
        a list); every card must be playable at its moment."""
        if isinstance(answer, (list, tuple)):
            cards = tuple(read_card(c) for c in answer)
        else:
            cards = _in_order(answer)
        if not cards:
            require_answer(None)
        self.walk(cards)
        return cards

    def pending(self, answer: Any) -> Text | None:
        """Right so far and the learner's turn again: what to say (the line goes on)."""
        try:
            state = self.walk(self.read(answer)).state
        except AnswerError:
            return None
        return say("puzzle_line.go_on") if state == "play" else None

    def judge(self, given: Any) -> tuple[bool, list[Text]]:
        line = tuple(given) if isinstance(given, tuple) else (given,)
        walk = self.walk(line)
        right, notes = super().judge(line[0])
        if walk.state == "failed" and len(line) > 1:
            return False, [say("puzzle_line.wrong", card=line[-1].name)]
        return right, notes

    def to_json(self, value: Any) -> Any:
        if isinstance(value, tuple):
            return [str(c) for c in value]
        return super().to_json(value)

    def show(self, value: Any) -> Text:
        if isinstance(value, tuple):
            return show(" ".join(c.symbol for c in value))
        return super().show(value)


def _in_order(answer: Any) -> tuple[Card, ...]:
    """The cards of a typed line, in the order written ("AS 2C"; cards named in words, as in
    "maça kızı, kupa ası", in the order of the hand)."""
    if isinstance(answer, str):
        try:
            return tuple(read_card(part) for part in answer.replace(",", " ").split())
        except AnswerError:
            pass
    return tuple(read_cards(answer).sorted_for_display())
