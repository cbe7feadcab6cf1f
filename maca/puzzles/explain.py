"""A puzzle's lines said in words: why a wrong card fails and why the right one works, read
from the solver's lines (`maca.exercises.kinds.puzzle.Proof`), never written per puzzle.

A line is played on a copy of the puzzle's moment; each trick it completes is a `TrickSeen`
(its number counted from the trick on the table at the puzzle's moment, who won it, with which
card, and its penalty points). `refutation` says who wins which trick and why the goal is lost;
`reason` says what the right card does. Both give a `Text`, in Turkish and English:

>>> from maca.puzzles import load_puzzles
>>> q = load_puzzles("dump_queen")[0].question
>>> proof = q.lines()
>>> wrong = next(iter(proof.refutations))
>>> print(refutation(q.hand, q.goal, q.target, proof.refutations[wrong]).en)  # doctest: +ELLIPSIS
If you play ...: ...
>>> reason(q.hand, q.goal, q.target, proof.main).tr.startswith("Doğru kart")
True
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..cards import QS, Card
from ..hand import Hand
from ..solver import solve
from ..words import Seat, Text, catalogue, say

__all__ = ["TrickSeen", "tricks_seen", "refutation", "reason", "marks_legend"]

Plays = tuple[tuple[int, Card], ...]

catalogue("puzzle_explain", {
    # a trick of a line: who wins it and with which card; then its points
    "trick": Text("{t}. eli {seat} {card} ile alır", "{seat} wins trick {t} with the {card}",
                  you=Text("{t}. eli sen {card} ile alırsın", "you win trick {t} with the {card}")),
    "points": Text("{n} ceza puanı", "{n} penalty points", one=Text("1 ceza puanı",
                                                                      "1 penalty point")),
    # a wrong card: what it is, then why the goal is lost
    "if": ("{card} ile oynarsan: {tricks}.", "If you play the {card}: {tricks}."),
    "if_alone": ("{card} ile oynarsan", "If you play the {card}"),
    "lost_no_points": Text("Böylece {t}. elde {seat:dat} {points} gelir.",
                           "So trick {t} gives {seat:dat} {points}."),
    "lost_avoid_queen": ("Böylece {t}. elde maça kızı {seat:dat} düşer: {points}.",
                         "So the queen of spades falls to {seat:dat} in trick {t}: {points}."),
    "lost_take_all": ("Bir eli kaybettiğin için kafa atamazsın.",
                      "You lose a trick, so you cannot shoot the moon."),
    "lost_stop_moon": ("Böylece {seat} bütün ceza kartlarını toplar ve kafa atar.",
                       "So {seat} takes every penalty card and shoots the moon."),
    "lost_fewest": ("Böylece turu {bad} bitirirsin; doğru kartla {good}.",
                    "So you end the hand with {bad}; with the right card, {good}."),
    # a hand's points: "3 puanla" (with 3 points), "3 puan" (3 points)
    "with_points": Text("{n} puanla", "{n} points", one=Text("1 puanla", "1 point")),
    "moon": Text("{seat} bütün ceza kartlarını toplar ve kafa atar.",
                 "{seat} takes every penalty card and shoots the moon.",
                 you=Text("Sen bütün ceza kartlarını toplar ve kafa atarsın.",
                          "You take every penalty card and shoot the moon.")),
    "moon_team": ("{a} ile {b:gen} takımı bütün ceza kartlarını toplar ve kafa atar.",
                  "The team of {a} and {b} takes every penalty card and shoots the moon."),
    "peskir_lost": ("{t}. eli alınca peşkirin bozulur.",
                    "Winning trick {t} breaks your peşkir."),
    # the right card: what it does
    "right": ("Doğru kart {card}: {tricks}.", "The right card is the {card}: {tricks}."),
    "right_alone": ("Doğru kart {card}.", "The right card is the {card}."),
    "kept_no_points": ("Savunma en iyi oynasa da bundan sonra sana hiç ceza puanı gelmez.",
                       "Even against the defence's best play no more penalty points come to "
                       "you."),
    "kept_no_points_team": ("Savunma en iyi oynasa da bundan sonra takımına hiç ceza puanı "
                            "gelmez.",
                            "Even against the defence's best play no more penalty points come "
                            "to your team."),
    "kept_queen_taken": Text("{t}. elde maça kızını {seat} alır; sana gelmez.",
                             "{seat} takes the queen of spades in trick {t}, not you."),
    "kept_queen": ("Savunma en iyi oynasa da maça kızı sana gelmez.",
                   "Even against the defence's best play the queen of spades does not come to "
                   "you."),
    "kept_take_all": ("Kalan bütün elleri sen alırsın ve kafa atarsın.",
                      "You win every trick that is left and shoot the moon."),
    "kept_stop_moon": Text("{t}. elde {seat} {cards} alır: {target} artık kafa atamaz.",
                           "{seat} takes the {cards} in trick {t}: {target} can no longer "
                           "shoot the moon.",
                           you=Text("{t}. elde sen {cards} alırsın: {target} artık kafa "
                                    "atamaz.",
                                    "You take the {cards} in trick {t}: {target} can no "
                                    "longer shoot the moon.")),
    "kept_fewest": Text("Savunmanın en iyi oyununa karşı turu {good} bitirirsin; başka bir "
                        "kartla en az {n} puan alırdın.",
                        "Against the defence's best play you end the hand with {good}; any "
                        "other card would leave you at least {n} points.",
                        one=Text("Savunmanın en iyi oyununa karşı turu {good} bitirirsin; "
                                 "başka bir kartla en az 1 puan alırdın.",
                                 "Against the defence's best play you end the hand with "
                                 "{good}; any other card would leave you at least 1 point.")),
    "kept_fewest_alone": ("Savunmanın en iyi oyununa karşı turu {good} bitirirsin.",
                          "Against the defence's best play you end the hand with {good}."),
    # the marks of the played cards, on the panel
    "mark_solution": ("✓ çözümün kartları: doğru kart ve savunmanın en iyi cevapları",
                      "✓ the solution's cards: the right card and the defence's best answers"),
    "mark_refutation": ("✗ savunmanın, yanlış kartının hedefi kaçırdığını gösteren cevapları",
                        "✗ the defence's answers that show how your wrong card misses the goal"),
    "mark_winner": ("→ eli kimin aldığı", "→ who won the trick"),
}, scoped=True)


@dataclass(frozen=True)
class TrickSeen:
    """A trick a line completes: its ``number`` (1: the trick on the table at the puzzle's
    moment), its ``plays``, its ``winner`` and winning ``card``, its ``points`` (the cards'
    penalty values) and the cards that count (``scoring``)."""

    number: int
    plays: Plays
    winner: int
    card: Card
    points: int
    scoring: tuple[Card, ...]


def tricks_seen(hand: Hand, line: Sequence[tuple[int, Card]], first: int = 1
                ) -> tuple[list[TrickSeen], Hand]:
    """The tricks ``line`` completes from ``hand``'s moment (the trick in progress from its
    first card), numbered from ``first``, and the hand it reaches.

    >>> from maca.puzzles import load_puzzles
    >>> q = load_puzzles("safe_exit")[0].question
    >>> seen, after = tricks_seen(q.hand, q.lines().main)
    >>> seen[0].number, seen[0].winner != 0, after.trick_number > q.hand.trick_number
    (1, True, True)
    """
    h = hand.copy()
    rules = h.rules
    current = list(h.current_trick.plays())
    out: list[TrickSeen] = []
    for seat, card in line:
        h.play(card)
        current.append((seat, card))
        if not h.current_trick.cards:
            last = h.last_trick
            assert last is not None and last.winner is not None
            won = last.winning_card
            assert won is not None
            scoring = tuple(c for _, c in current if rules.value_of(c))
            out.append(TrickSeen(first + len(out), tuple(current), last.winner, won,
                                 sum(rules.value_of(c) for c in scoring), scoring))
            current = []
    return out, h


def _side(hand: Hand) -> set[int]:
    """The learner's side: seat 0, and the partner in a partnership."""
    return {0, 2} if hand.rules.partnership else {0}


def _points(value: int) -> Text:
    return say("puzzle_explain.points", n=value) if value >= 0 else say("render.points", n=value)


def _trick(t: TrickSeen, n: int, points: bool = True) -> Text:
    """One trick in words: "3. eli Batı K♠ ile alır (13 ceza puanı)"."""
    words = say("puzzle_explain.trick", t=t.number, seat=Seat(t.winner, n), card=t.card)
    if points and t.scoring:
        pts = _points(t.points)
        words = Text(f"{words.tr} ({pts.tr})", f"{words.en} ({pts.en})")
    return words


def _tricks(tricks: Sequence[TrickSeen], n: int, last: TrickSeen | None = None) -> Text:
    """Tricks in words, one after another; ``last`` (the trick that decides, said after them)
    without its points."""
    return Text.join([_trick(t, n, points=t is not last) for t in tricks], "; ")


def _moon(shooters: Sequence[int], n: int) -> Text:
    """Who shoots the moon: a seat, or a partnership's team."""
    if len(shooters) > 1:
        return say("puzzle_explain.moon_team", a=Seat(shooters[0], n), b=Seat(shooters[1], n))
    return say("puzzle_explain.moon", seat=Seat(shooters[0], n))


def _with(value: int) -> Text:
    return say("puzzle_explain.with_points", n=value)


def _fewest_values(hand: Hand, goal: str, target: int | None) -> tuple[int, list[int]]:
    """For ``fewest_points``: the best value at ``hand``'s moment and the other choices'."""
    solution = solve(hand, goal, target)
    others = [v for c, v in zip(solution.choices, solution.values)
              if not c <= solution.accepted]
    return min(solution.values), others


def refutation(hand: Hand, goal: str, target: int | None, line: Sequence[tuple[int, Card]],
               first: int = 1) -> Text:
    """Why the wrong card that starts ``line`` (the solver's refutation, from ``hand``'s
    moment, the learner to play) misses ``goal``: who wins which trick, and what is lost.
    Tricks are numbered from ``first``.

    >>> from maca.puzzles import load_puzzles
    >>> q = load_puzzles("duck_queen")[0].question
    >>> proof = q.lines()
    >>> wrong, line = next(iter(proof.refutations.items()))
    >>> print(refutation(q.hand, q.goal, q.target, line).tr)  # doctest: +NORMALIZE_WHITESPACE
    K♠ ile oynarsan: 1. eli sen K♠ ile alırsın. Böylece 1. elde maça kızı sana düşer:
    13 ceza puanı.
    >>> print(refutation(q.hand, q.goal, q.target, line).en)  # doctest: +NORMALIZE_WHITESPACE
    If you play the K♠: you win trick 1 with the K♠. So the queen of spades falls to you in
    trick 1: 13 penalty points.
    """
    card = line[0][1]
    n = hand.players
    side = _side(hand)
    seen, after = tricks_seen(hand, line, first)
    shown: list[TrickSeen] = seen
    lost: TrickSeen | None = None
    outcome: Text | None = None
    if goal == "no_points":
        lost = next((t for t in seen if t.winner in side and t.points > 0), None)
        if lost is not None:
            shown = seen[:seen.index(lost) + 1]
            outcome = say("puzzle_explain.lost_no_points", t=lost.number,
                          seat=Seat(lost.winner, n), points=_points(lost.points))
    elif goal == "avoid_queen":
        lost = next((t for t in seen if t.winner in side and QS in t.scoring), None)
        if lost is not None:
            shown = seen[:seen.index(lost) + 1]
            outcome = say("puzzle_explain.lost_avoid_queen", t=lost.number,
                          seat=Seat(lost.winner, n), points=_points(lost.points))
    elif goal == "take_all":
        lost = next((t for t in seen if t.winner not in side), None)
        if lost is not None:
            shown = seen[:seen.index(lost) + 1]
            outcome = say("puzzle_explain.lost_take_all")
    elif goal == "stop_moon":
        takers = {t.winner for t in seen if t.scoring}
        shooter = target if target is not None else (takers.pop() if len(takers) == 1 else None)
        shown = [t for t in seen if t.scoring]
        if shooter is not None:
            outcome = say("puzzle_explain.lost_stop_moon", seat=Seat(shooter, n))
    else:   # fewest_points: the tricks that bring points (or break a peşkir), then the total
        peskir = 0 in hand.peskir
        shown = [t for t in seen if t.winner in side and (t.points or peskir and t.winner == 0)]
        parts = []
        broken = next((t for t in shown if peskir and t.winner == 0), None)
        if broken is not None:
            parts.append(say("puzzle_explain.peskir_lost", t=broken.number))
        shooters = after.moon_shooters if after.is_over else ()
        if shooters and not set(shooters) & side:
            parts.append(_moon(shooters, n))
        if not shown:   # nothing comes to you: who wins which trick
            shown = seen
        good, others = _fewest_values(hand, goal, target)
        bad = min(others) if others else good
        parts.append(say("puzzle_explain.lost_fewest", bad=_with(bad), good=_with(good)))
        outcome = Text.join(parts)
    if shown:
        head = say("puzzle_explain.if", card=card, tricks=_tricks(shown, n, lost))
    else:
        head = say("puzzle_explain.if_alone", card=card)
        head = Text(head.tr + ".", head.en + ".")
    return head if outcome is None else Text.join([head, outcome])


def reason(hand: Hand, goal: str, target: int | None, line: Sequence[tuple[int, Card]],
           first: int = 1, named: bool = True) -> Text:
    """Why the right card that starts ``line`` (the solver's main line, from ``hand``'s
    moment) reaches ``goal``: the card (unless not ``named``), the first trick in words, then
    what the goal keeps.

    >>> from maca.puzzles import load_puzzles
    >>> q = load_puzzles("duck_queen")[0].question
    >>> print(reason(q.hand, q.goal, q.target, q.lines().main).en)  # doctest: +NORMALIZE_WHITESPACE
    The right card is the 7♠. West takes the queen of spades in trick 1, not you.
    """
    card = line[0][1]
    n = hand.players
    side = _side(hand)
    seen, after = tricks_seen(hand, line, first)
    head_tricks: list[TrickSeen] = seen[:1]
    if goal == "no_points":
        kept = say("puzzle_explain.kept_no_points_team" if len(side) > 1
                   else "puzzle_explain.kept_no_points")
    elif goal == "avoid_queen":
        taken = next((t for t in seen if QS in t.scoring), None)
        if taken is not None and taken.winner not in side:
            kept = say("puzzle_explain.kept_queen_taken", t=taken.number,
                       seat=Seat(taken.winner, n))
            head_tricks = [] if taken is seen[0] else seen[:1]
        else:
            kept = say("puzzle_explain.kept_queen")
    elif goal == "take_all":
        head_tricks, kept = [], say("puzzle_explain.kept_take_all")
    elif goal == "stop_moon":
        stopper = next((t for t in seen if t.scoring and t.winner != target), None)
        if stopper is not None and target is not None:
            cards = Text(", ".join(c.symbol for c in stopper.scoring),
                         ", ".join(c.symbol for c in stopper.scoring))
            kept = say("puzzle_explain.kept_stop_moon", t=stopper.number,
                       seat=Seat(stopper.winner, n), cards=cards, target=Seat(target, n))
            head_tricks = [] if stopper is seen[0] else seen[:1]
        else:
            kept = say("puzzle_explain.kept_no_points")
    else:
        good, others = _fewest_values(hand, goal, target)
        parts = []
        shooters = after.moon_shooters if after.is_over else ()
        if shooters and set(shooters) & side:
            parts.append(_moon(shooters, n))
        parts.append(say("puzzle_explain.kept_fewest", good=_with(good),
                         n=min(others)) if others
                     else say("puzzle_explain.kept_fewest_alone", good=_with(good)))
        kept = Text.join(parts)
    if not named:
        if not head_tricks:
            return kept
        said = _tricks(head_tricks, n)
        return Text.join([Text(_capital(said.tr) + ".", _capital(said.en) + "."), kept])
    head = (say("puzzle_explain.right", card=card, tricks=_tricks(head_tricks, n)) if head_tricks
            else say("puzzle_explain.right_alone", card=card))
    return Text.join([head, kept])


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def marks_legend(marks: set[str]) -> Text:
    """What the marks of the played cards mean, for the marks shown (``solution``,
    ``refutation``), and the arrow to the trick's winner.

    >>> print(marks_legend({"refutation"}).en)
    ✗ the defence's answers that show how your wrong card misses the goal · → who won the trick
    """
    keys = [f"puzzle_explain.mark_{m}" for m in ("solution", "refutation") if m in marks]
    return Text.join([say(k) for k in keys + ["puzzle_explain.mark_winner"]], " · ")
