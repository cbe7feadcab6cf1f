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
    "wrong": ("Neden **{card}** olmaz? {line} {result}",
              "Why not **{card}**? {line} {result}"),
    "won": ("eli {seat} alır", "{seat} wins the trick"),
    "you_won": ("eli sen alırsın", "you win the trick"),
    "no_points": ("Böylece ceza puanı sana gelir.", "So penalty points come to you."),
    "avoid_queen": ("Böylece maça kızı sana gelir.", "So the queen of spades comes to you."),
    "take_all": ("Böylece bir eli kaybedersin ve kafa atamazsın.",
                 "So you lose a trick and cannot shoot the moon."),
    "stop_moon": ("Böylece {seat} bütün ceza kartlarını alıp kafa atabilir.",
                  "So {seat} can take every penalty card and shoots the moon."),
    "fewest_points": ("Böylece turu en iyi ihtimalle {bad} puanla bitirirsin; doğru kartla "
                      "ise {good} puanla.",
                      "So you end the hand with at least {bad} points; with the right card, "
                      "{good}."),
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


def _number(value: int) -> str:
    """A score as printed: a negative one with a true minus sign (−35, not -35)."""
    return str(value).replace("-", "−")


def _inline(text: str) -> str:
    """Markdown's **bold** as HTML, the rest escaped."""
    parts = escape(text).split("**")
    return "".join(f"<strong>{p}</strong>" if i % 2 else p for i, p in enumerate(parts))


def worked_example(theme: str, lang: str = "tr", index: int = 0) -> WorkedExample:
    """Puzzle ``index`` of ``theme`` solved in words: the goal, the right card, the defence's
    best answers, and why the other choices fail."""
    from ..render import table_html

    puzzle = load_puzzles(theme)[index]
    question = question_of(puzzle)
    hand = question.hand
    proof: Proof = question.lines()
    solution = proof.solution
    card = proof.main[0][1]
    n = hand.players
    paras = [f"**{say('puzzle_goal')[lang]}:** {puzzle.prompt[lang]}",
             say("puzzle_book.right", card=card.symbol, name=card.name(lang))[lang],
             say("puzzle_book.line", line=line_words(hand, proof.main, lang))[lang]]
    for choice, value in zip(solution.choices, solution.values):
        if choice <= solution.accepted:
            continue
        wrong = max(choice)
        refutation = proof.refutations[wrong]
        if question.goal == "fewest_points":
            result = say("puzzle_book.fewest_points", bad=_number(value), good=_number(solution.best))[lang]
        elif question.goal == "stop_moon":
            target = question.target if question.target is not None else 0
            result = say("puzzle_book.stop_moon", seat=seat_name(target, lang, n))[lang]
        else:
            result = say(f'puzzle_book.{question.goal}')[lang]
        paras.append(say("puzzle_book.wrong", card=wrong.symbol,
                        line=line_words(hand, refutation, lang), result=result)[lang])
    table = table_html(hand, lang=lang, reveal="all", show_legal=False)
    return WorkedExample(puzzle, lang, table, "\n\n".join(paras))
