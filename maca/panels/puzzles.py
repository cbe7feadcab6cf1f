"""The puzzle trainer: a series of practice puzzles (one theme's set, or the whole collection)
solved against the engine's defence, lichess-style: a thin view over the exercise session.

The series is a `maca.exercises.session.Worksheet` over `maca.puzzles.puzzle_set`, a puzzle an
`Attempt` whose answer is the line played (`maca.exercises.forms.LINE`): a card the solver
accepts is answered by the defence trick by trick (`maca.exercises.kinds.puzzle.Puzzle.walk`),
a wrong card by its refutation, and the line is one try once it is over. Every hand is face up
(as in a bridge problem), the learner's cards are buttons; hints cost a point, retry, solution,
previous/next and the puzzle of the day are buttons (their names in the page's language). A
puzzle solved or shown may be played again for practice; it then earns nothing.

What the learner did is the worksheet's answers file, kept in the page's storage as every
set's is (``maca-answers/answers-<set>-guest.json``, see `maca.panels.exercise`); the series'
streak, best streak and points are read from it (`standing`): the entries in the order they
were last answered, a streak being puzzles solved at the first try without the solution.

>>> panel = puzzle_series(lang="en", theme="safe_exit")
>>> while panel.state == "play":  # the solver's card, as often as asked
...     panel.act("card", str(next(iter(panel.accepted()))))
>>> panel.state, standing(panel.worksheet)["streak"]
('solved', 1)
>>> 'data-act="next"' in panel.body(live=True)
True
"""
from __future__ import annotations

import datetime
import hashlib
import json
import tempfile
from html import escape
from pathlib import Path
from typing import Any, Callable

from .. import render
from ..cards import CardSet
from ..errors import SettingError
from ..exercises.kinds.puzzle import THEMES, Puzzle, Walk
from ..exercises.session import COURSE, GUEST, Attempt, Worksheet, answers_file_name
from ..exercises.text import AnswersFileError
from ..lessons import Note
from ..hand import Hand
from ..puzzles import puzzle_set, question_of, theme_title
from ..puzzles.explain import marks_legend, reason, refutation, tricks_seen
from ..reasons import seat_name
from ..words import Text, catalogue, say
from .base import Panel, button, card_buttons, heading, note_html, parse_card
from .exercise import STORAGE_PREFIX, keep_file, put_back

__all__ = ["PuzzlePanel", "puzzle_series", "daily_index", "standing", "SOLVED_KEY"]

#: The page-storage key of every puzzle solved on this computer, whichever page solved it
#: (a theme's page or the collection's): a JSON list of puzzle ids, read by every puzzle panel
#: for its count and its first unsolved puzzle, and by the page before the panel is live.
SOLVED_KEY = "maca-puzzles/solved"

Actions = dict[str, Callable[[str], object]]

catalogue("puzzles", {
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
    "solved": ("Çözdün! {points} puan kazandın.", "Solved! You earn {points} points."),
    "solved_again": ("Çözdün! (Bu bulmaca bu sefer puan getirmiyor.)",
                     "Solved! (No points for this puzzle this time.)"),
    "shown": ("Çözüm: doğru kart ve savunmanın en iyi cevapları.",
              "The solution: the right card and the defence's best answers."),
    "wrong": ("Olmadı. {why} Yeniden dene ya da çözüme bak.",
              "Not this one. {why} Try again or look at the solution."),
    "count": ("{solved}/{total} çözüldü", "{solved}/{total} solved"),
    "over": ("Bu bulmaca bitti: yeniden dene ya da sonrakine geç.",
             "This puzzle is over: try again or go on to the next one."),
    "no_hint": ("Başka ipucu yok.", "There are no more hints."),
    "line": ("Oynananlar", "Played"),
    # what the trainer cannot open
    "none": ("seçilecek bulmaca yok", "there is no puzzle to choose from"),
    "theme": ("{value} diye bir bulmaca teması yok; temalar: {themes}",
              "no puzzle theme {value}: themes are {themes}"),
    "number": ("{value} numaralı bulmaca bu seride yok (0 ile {last} arası)",
               "puzzle number {value} is not in this series (0 to {last})"),
}, scoped=True)

_STARS = {1: "★☆☆", 2: "★★☆", 3: "★★★"}


def _mark(who: str, lang: str) -> str:
    """A played card's mark, named for a screen reader and on hover: ✓ the solution's, ✗ the
    refutation's; none for the learner's own cards and the defence's answers to a right one."""
    key = {"refutation": "mark_refutation", "solution": "mark_solution"}.get(who)
    if key is None:
        return ""
    sign = "✗" if who == "refutation" else "✓"
    words = escape(say(f"puzzle_explain.{key}")[lang].lstrip("✓✗ "))
    return f' <span class="maca-puzzle-mark" role="img" aria-label="{words}" title="{words}">{sign}</span>'


def daily_index(day: datetime.date, count: int) -> int:
    """The puzzle of the day among ``count``: the same all day, for everyone.

    >>> daily_index(datetime.date(2026, 12, 1), 150) == daily_index(datetime.date(2026, 12, 1), 150)
    True
    """
    if count <= 0:
        raise SettingError(say("puzzles.none"))
    digest = hashlib.sha256(day.isoformat().encode()).digest()
    return int.from_bytes(digest[:8], "big") % count


def standing(sheet: Worksheet, also: frozenset[str] | set[str] = frozenset()
             ) -> dict[str, int]:
    """A series' progress read from its worksheet: puzzles solved (there, or among ``also``,
    the ids solved on another page), the streak now, the best streak and the points of the
    streaks' puzzles (solved at the first try, no solution seen).

    >>> sheet = Worksheet.single(puzzle_set("safe_exit").exercises[0])
    >>> first = sheet.current
    >>> first.submit(first.exercise.answer()).passed, standing(sheet)
    (True, {'solved': 1, 'streak': 1, 'best': 1, 'points': 3})
    """
    run = best = points = 0
    for exercise_id, entry in sheet.progress.answers.items():
        if not entry.tries and not entry.solution_seen:
            continue   # hints only: nothing answered yet
        try:
            attempt = sheet[exercise_id]
        except KeyError:
            continue
        clean = attempt.solved and entry.tries == 1 and not entry.solution_seen
        run = run + 1 if clean else 0
        best = max(best, run)
        if clean and attempt.result is not None:
            points += attempt.result.score
    return {"solved": sum(a.solved or a.exercise.id in also for a in sheet), "streak": run,
            "best": best, "points": points}


def solved_kept(store: Any) -> set[str] | None:
    """The puzzle ids kept as solved in the page's storage (`SOLVED_KEY`); None when nothing
    is kept there yet (or what is there cannot be read).

    >>> from maca.panels.host import PageStore
    >>> solved_kept(PageStore({SOLVED_KEY: '["se-01", "dq-02"]'})) == {"se-01", "dq-02"}
    True
    >>> solved_kept(PageStore({SOLVED_KEY: "{"})), solved_kept(None)
    (None, None)
    """
    text = None if store is None else store.getItem(SOLVED_KEY)
    if text is None:
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    if not isinstance(value, list):
        return None
    return {v for v in value if isinstance(v, str)}


class PuzzlePanel(Panel):
    """A series of puzzles: one theme's (``theme``), or the whole collection; ``daily`` opens
    the puzzle of the day; ``store`` keeps the answers file (the page's storage)."""

    kind = "puzzles"
    keeps = (STORAGE_PREFIX, SOLVED_KEY)

    def __init__(self, lang: str = "tr", theme: str | None = None, start: int | None = None,
                 daily: bool = False, store: Any = None) -> None:
        options: dict[str, Any] = {"theme": theme, "start": start, "daily": daily}
        super().__init__(lang, **options)
        if theme is not None and theme not in THEMES:
            raise SettingError(say("puzzles.theme"), value=repr(theme), themes=", ".join(THEMES))
        self.store = store
        self.base = puzzle_set(theme)
        #: with a store, the worksheet's own temporary folder (removed with the panel)
        self._scratch = (tempfile.TemporaryDirectory(prefix="maca-puzzles-")
                         if store is not None else None)
        self.worksheet = self._open()
        #: every puzzle solved on this computer, on any puzzle page (`SOLVED_KEY`)
        self.solved: set[str] = self._solved_before()
        self.showing_solution = False
        self.note: Note = Note.of(say("puzzles.start"))
        self.go(self.first_unsolved() if start is None else start)
        if daily:
            self.daily()
        self._keep_solved()

    def _solved_before(self) -> set[str]:
        """The ids solved on this computer: the kept list, or (nothing kept yet, as before
        the list existed) read from every puzzle answers file in the page's storage."""
        kept = solved_kept(self.store)
        if kept is None:
            kept = set()
            if self.store is not None:
                for base in (*THEMES, "puzzles"):   # a theme's set is named after it
                    if base == self.base.id:
                        continue
                    name = answers_file_name(base, GUEST)
                    if self.store.getItem(STORAGE_PREFIX + name) is None:
                        continue
                    other = puzzle_set(None if base == "puzzles" else base)
                    with tempfile.TemporaryDirectory(prefix="maca-puzzles-") as folder:
                        put_back(self.store, Path(folder), name)
                        try:
                            sheet = Worksheet.for_student(other, COURSE, other.id, GUEST, folder)
                        except AnswersFileError:
                            continue
                        kept |= {a.exercise.id for a in sheet if a.solved}
        return kept | {a.exercise.id for a in self.worksheet if a.solved}

    def _keep_solved(self) -> None:
        """Add the series' solved puzzles to the kept list (written only when it grows)."""
        mine = {a.exercise.id for a in self.worksheet if a.solved}
        if self.store is not None and (not mine <= self.solved
                                       or solved_kept(self.store) is None):
            self.solved |= mine
            self.store.setItem(SOLVED_KEY, json.dumps(sorted(self.solved)))

    def is_solved(self, index: int) -> bool:
        """Whether puzzle ``index`` of the series was solved, here or on another page."""
        attempt = self.worksheet.attempts[index]
        return attempt.solved or attempt.exercise.id in self.solved

    def first_unsolved(self) -> int:
        """The first puzzle of the series not solved yet (the first one when all are)."""
        return next((i for i in range(len(self.worksheet)) if not self.is_solved(i)), 0)

    def _open(self) -> Worksheet:
        """The guest's worksheet of the series, its answers file put back from the page's
        storage first; a damaged file is left behind and the series starts afresh."""
        folder = None if self._scratch is None else Path(self._scratch.name)
        name = answers_file_name(self.base.id, GUEST)
        put_back(self.store, folder, name)
        try:
            return Worksheet.for_student(self.base, COURSE, self.base.id, GUEST, folder)
        except AnswersFileError:
            assert folder is not None
            (folder / name).unlink()
            return Worksheet.for_student(self.base, COURSE, self.base.id, GUEST, folder)

    # -- which puzzle -----------------------------------------------------------------------
    @property
    def lesson(self) -> Worksheet:
        """The controller (as every panel names it): the worksheet."""
        return self.worksheet

    @property
    def attempt(self) -> Attempt:
        """The puzzle on the table."""
        return self.worksheet.current

    @property
    def question(self) -> Puzzle:
        """Its question: position, goal, themes and difficulty."""
        return question_of(self.attempt.exercise)

    def go(self, index: int) -> None:
        """Open puzzle ``index`` of the series, at its start."""
        if isinstance(index, bool) or not isinstance(index, int) or not (
                0 <= index < len(self.worksheet)):
            raise SettingError(say("puzzles.number"), value=repr(index),
                               last=str(len(self.worksheet) - 1))
        self.worksheet.go(index)
        self.more_hints = 0   # hints read on this visit once the puzzle is closed (not counted)
        self._restart()

    def daily(self, day: datetime.date | None = None) -> None:
        """Open the puzzle of the day (today by default)."""
        self.go(daily_index(day or datetime.date.today(), len(self.worksheet)))

    def _step(self, by: int) -> None:
        self.go((self.worksheet.index + by) % len(self.worksheet))

    def _restart(self) -> None:
        self.attempt.retry()
        self.showing_solution = False
        self.note = Note.of(say("puzzles.start"))

    # -- the line on the table --------------------------------------------------------------
    def walk(self) -> Walk:
        """The line on the table: the solution once shown, else the learner's."""
        if self.showing_solution:
            return self.question.solution_line()
        return self.question.walk(self.attempt.draft.cards)

    @property
    def state(self) -> str:
        """``play``, ``solved``, ``failed`` or ``shown`` (the solution on the table)."""
        return "shown" if self.showing_solution else self.walk().state

    def accepted(self) -> CardSet:
        """The cards that reach the goal now (the solver's answer; for tests and teachers)."""
        return self.question.accepted_after(self.attempt.draft.cards)

    def _play(self, value: str) -> None:
        card = parse_card(value)
        walk, attempt = self.walk(), self.attempt
        if self.state != "play":
            self.note = Note.of(say("puzzles.over"))
            return
        verdict = walk.hand.check(card, 0)
        if not verdict:
            self.note = Note.refusal(verdict)
            return
        practice = attempt.closed
        result = attempt.play(card)
        state = self.walk().state
        if state == "play":
            self.note = Note.of(say("puzzle_line.go_on"), "ok")
        elif state == "failed":
            self.note = Note.of(say("puzzles.wrong", why=self.why_wrong()), "error")
        elif practice or result is None or attempt.entry.tries > 1:
            self.note = Note.of(Text.join([say("puzzles.solved_again"), self.why_right()]), "ok")
        else:
            self.note = Note.of(Text.join([say("puzzles.solved", points=result.score),
                                           self.why_right()]), "ok")

    # -- the lines in words (maca.puzzles.explain) ---------------------------------------------
    def why_wrong(self) -> Text:
        """A failed line's refutation in words: the wrong card (the learner's last) and the
        defence's answers after it, the tricks numbered from the puzzle's moment."""
        moves = self.walk().moves
        at = len(moves) - 1
        while at > 0 and moves[at][2] == "refutation":
            at -= 1
        before = [(seat, card) for seat, card, _ in moves[:at]]
        done, moment = tricks_seen(self.question.hand, before)
        q = self.question
        return refutation(moment, q.goal, q.target, [(s, c) for s, c, _ in moves[at:]],
                          first=len(done) + 1)

    def why_right(self, walk: Walk | None = None) -> Text:
        """Why the line on the table (the learner's, solved, or the solution) reaches the
        goal, from the right card that starts it."""
        q = self.question
        moves = (walk or self.walk()).moves
        return reason(q.hand, q.goal, q.target, [(s, c) for s, c, _ in moves])

    def _hint(self) -> None:
        """The next hint: counted by the attempt, or only read once the puzzle is closed."""
        attempt, hints = self.attempt, self.attempt.exercise.hints
        if attempt.closed:
            read = attempt.entry.hints + self.more_hints
            self.more_hints += read < len(hints)
            self.note = Note.of(hints[read] if read < len(hints) else say("puzzles.no_hint"))
            return
        hint = attempt.hint()
        self.note = Note.of(hint if hint is not None and attempt.note is None
                            else say("puzzles.no_hint"))

    def _show_solution(self) -> None:
        if self.attempt.can_reveal():
            self.attempt.reveal()
        self.showing_solution = True
        self.note = Note.of(Text.join([say("puzzles.shown"), self.why_right()]), "ok")

    def title(self) -> str:
        theme = self.options.get("theme")
        name = say("puzzles.title")[self.lang]
        return f"{name}: {theme_title(theme, self.lang)}" if theme else name

    def actions(self) -> Actions:
        return {"card": self._play, "hint": lambda _: self._hint(),
                "retry": lambda _: self._restart(), "solution": lambda _: self._show_solution(),
                "next": lambda _: self._step(1), "previous": lambda _: self._step(-1),
                "daily": lambda _: self.daily()}

    def act(self, action: str, value: str = "") -> None:
        super().act(action, value)
        keep_file(self.store, self.worksheet)
        self._keep_solved()

    # -- drawing ----------------------------------------------------------------------------
    def _moves(self, walk: Walk) -> str:
        """The cards played since the puzzle's moment, one line a trick (the cards already on
        the table first), with who won it; the refutation's cards marked ✗."""
        lang = self.lang
        if not walk.moves:
            return ""
        h = self.question.hand.copy()
        n = h.players
        lines: list[str] = []
        current = [escape(f"{seat_name(s, lang, n)} {c.symbol}")
                   for s, c in h.current_trick.plays()]
        marks = {who for _, _, who in walk.moves} & {"refutation", "solution"}
        for seat, card, who in walk.moves:
            current.append(escape(f"{seat_name(seat, lang, n)} {card.symbol}") + _mark(who, lang))
            h.play(card)
            if not h.current_trick.cards:
                last = h.last_trick
                assert last is not None and last.winner is not None
                lines.append(" · ".join(current) + " → " + escape(seat_name(last.winner, lang, n)))
                current = []
        if current:
            lines.append(" · ".join(current))
        return (heading(say("puzzles.line")[lang]) + f'<ol class="maca-puzzle-moves" '
                f'data-moves="{len(walk.moves)}">'
                + "".join(f"<li>{line}</li>" for line in lines) + "</ol>"
                + f'<p class="maca-note maca-puzzle-legend">{escape(marks_legend(marks)[lang])}</p>')

    def _heading(self) -> str:
        lang, q, sheet = self.lang, self.question, self.worksheet
        themes = ", ".join(say(f"puzzle_theme.{t}")[lang] for t in q.themes)
        return say("puzzles.which", n=sheet.index + 1, total=len(sheet),
                   stars=_STARS[q.difficulty], themes=themes)[lang]

    def _status(self) -> str:
        return say("puzzles.progress", total=len(self.worksheet),
                   **standing(self.worksheet, self.solved))[self.lang]

    def _count(self, live: bool) -> str:
        """The progress line: live, the series' standing; on the page's picture, the count
        of its puzzles in the solved store, filled in by the page (it carries the series' ids
        and the sentence), as the picture cannot know what this computer solved."""
        if live:
            return f'<p class="maca-note">{escape(self._status())}</p>'
        total = len(self.worksheet)
        ids = " ".join(a.exercise.id for a in self.worksheet)
        template = say("puzzles.count", solved="{solved}", total=total)[self.lang]
        shown_now = say("puzzles.count", solved="…", total=total)[self.lang]
        return (f'<p class="maca-note maca-puzzle-count" data-maca-solved="{escape(ids)}" '
                f'data-maca-template="{escape(template)}">{escape(shown_now)}</p>')

    def body(self, live: bool) -> str:
        lang, walk, state = self.lang, self.walk(), self.state
        hand = walk.hand
        parts = [f'<p class="maca-heading">{escape(self._heading())}</p>',
                 self._count(live),
                 f'<p class="maca-note maca-puzzle-goal"><strong>{escape(say("puzzle_goal")[lang])}:'
                 f"</strong> {escape(self.attempt.exercise.prompt[lang])}</p>",
                 render.table_html(hand, lang=lang, reveal="all", show_legal=False),
                 self._moves(walk), note_html(self.note, lang)]
        mine = say("your_cards_label")[lang]
        if hand.cards(0):
            held = hand.cards(0)
            turn = state == "play" and hand.to_move == 0
            legal = hand.legal_plays() if turn else CardSet()
            reasons = {c: hand.check(c, 0).message(lang) for c in held - legal} if turn else {}
            parts.append(heading(mine) + card_buttons(held, lang, live, playable=legal,
                                                      reasons=reasons, label=mine))
        controls = [button(say(f"puzzles.{key}")[lang], key, live)
                    for key in ("hint", "retry", "solution", "previous", "next", "daily")]
        parts.append('<div class="maca-controls">' + "".join(controls) + "</div>")
        return "".join(parts)


def puzzle_series(lang: str = "tr", theme: str | None = None, start: int | None = None,
                  daily: bool = False) -> PuzzlePanel:
    """The puzzle panel of one theme (or of every puzzle), for a book page: it opens at
    puzzle ``start``, by default at the first one not solved on this computer.

    >>> puzzle_series(theme="peskir").spec()["start"] is None
    True
    """
    return PuzzlePanel(lang, theme=theme, start=start, daily=daily)
