"""The puzzle pages' worked examples: one puzzle of a theme shown with its answer, the defence's
best answers and the refutation of a wrong card, said in words from the solver's proof.

>>> example = worked_example("safe_exit", "en")
>>> "The right card" in example.text and "<svg" in example._repr_html_()
True
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Sequence

from ..cards import Card
from ..hand import Hand
from ..reasons import seat_name
from ..words import catalogue, say
from ..exercises.kinds.puzzle import Proof
from ..exercises.model import Exercise
from . import load_puzzles, question_of

__all__ = ["worked_example", "WorkedExample", "line_words"]

catalogue("puzzle_book", {
    "right": ("Doğru kart: **{card}** ({name}).", "The right card: **{card}** ({name})."),
    "line": ("Savunmanın en iyi cevaplarıyla oyun şöyle sürer: {line}",
             "With the defence's best answers the play goes on: {line}"),
    "why": ("Neden işe yarar? {why}", "Why does it work? {why}"),
    "wrong": ("Neden **{card}** olmaz? {why}", "Why not the **{card}**? {why}"),
    "won": ("eli {seat} alır", "{seat} wins the trick"),
    "you_won": ("eli sen alırsın", "you win the trick"),
}, scoped=True)


def line_words(hand: Hand, line: Sequence[tuple[int, Card]], lang: str) -> str:
    """A line of play in words, trick by trick: "You ♠5, West ♠9, …: North wins the trick."

    >>> q = load_puzzles("safe_exit")[0].question
    >>> words = line_words(q.hand, q.lines().main[:1], "en")
    >>> "You " in words and words.endswith(".")
    True
    """
    h = hand.copy()
    n = h.players

    def name(seat: int) -> str:
        return say("you_name")[lang] if seat == 0 else seat_name(seat, lang, n)

    tricks: list[str] = []
    current = [f"{name(seat)} {card.symbol}" for seat, card in h.current_trick.plays()]
    for seat, card in line:
        h.play(card)
        current.append(f"{name(seat)} {card.symbol}")
        if not h.current_trick.cards:
            last = h.last_trick
            assert last is not None and last.winner is not None
            won = (say("puzzle_book.you_won")[lang] if last.winner == 0
                   else say("puzzle_book.won", seat=name(last.winner))[lang])
            tricks.append(", ".join(current) + ": " + won)
            current = []
    if current:
        tricks.append(", ".join(current))
    return "; ".join(tricks) + "."


@dataclass(frozen=True)
class WorkedExample:
    """A puzzle with its solution in words (Markdown ``text``) and its table (HTML)."""

    puzzle: Exercise
    lang: str
    table: str
    text: str

    def _repr_markdown_(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        paragraphs = "".join(f"<p>{_inline(p)}</p>" for p in self.text.split("\n\n"))
        return self.table + paragraphs


def _inline(text: str) -> str:
    """Markdown's **bold** as HTML, the rest escaped."""
    parts = escape(text).split("**")
    return "".join(f"<strong>{p}</strong>" if i % 2 else p for i, p in enumerate(parts))


def example_index(theme: str) -> int:
    """The puzzle a theme's page solves as its example: the last of its easiest ones, so the
    page's series (which opens at its first unsolved puzzle) starts with a puzzle not solved
    on the page.

    >>> from maca.puzzles import load_puzzles, question_of
    >>> i = example_index("safe_exit"); puzzles = load_puzzles("safe_exit")
    >>> i > 0 and question_of(puzzles[i]).difficulty == min(question_of(p).difficulty for p in puzzles)
    True
    """
    stars = [question_of(p).difficulty for p in load_puzzles(theme)]
    return max(i for i, s in enumerate(stars) if s == min(stars))


def worked_example(theme: str, lang: str = "tr", index: int | None = None) -> WorkedExample:
    """Puzzle ``index`` of ``theme`` (default: `example_index`) solved in words: the goal, the
    right card, the defence's best answers, why it works, and why the other choices fail
    (`maca.puzzles.explain`)."""
    from ..render import table_html
    from .explain import reason, refutation

    puzzle = load_puzzles(theme)[example_index(theme) if index is None else index]
    question = question_of(puzzle)
    hand = question.hand
    proof: Proof = question.lines()
    solution = proof.solution
    card = proof.main[0][1]
    paras = [f"**{say('puzzle_goal')[lang]}:** {puzzle.prompt[lang]}",
             say("puzzle_book.right", card=card.symbol, name=card.name(lang))[lang],
             say("puzzle_book.line", line=line_words(hand, proof.main, lang))[lang],
             say("puzzle_book.why", why=reason(hand, question.goal, question.target, proof.main,
                                               named=False))[lang]]
    for choice in solution.choices:
        if choice <= solution.accepted:
            continue
        wrong = max(choice)
        why = refutation(hand, question.goal, question.target, proof.refutations[wrong])
        paras.append(say("puzzle_book.wrong", card=wrong.symbol, why=why)[lang])
    table = table_html(hand, lang=lang, reveal="all", show_legal=False)
    return WorkedExample(puzzle, lang, table, "\n\n".join(paras))
