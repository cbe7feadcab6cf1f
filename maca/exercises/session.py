"""One learner working through one exercise set: the session every front-end shares.

An `Attempt` is one exercise being answered: its situation picture, the `Draft` the learner
builds by clicking (shaped by the kind's answer form), checking, hints (counted), the solution
after a wrong try. A single-question front-end (a lesson's quick check) needs nothing more.

A `Worksheet` is the learner's own variant of a set (seeded by course, assignment and student
id, as the teacher's grader rebuilds it), an `Attempt` per exercise, the one on screen and the
score so far. It keeps the answers file ``answers-<set>-<student>.json``: saved after every
try, hint and solution seen; read back when the set is opened again, so every question shows
its answer and verdict; refused, and left untouched, when it belongs to another student, set,
course or assignment. Each answer carries the time it was given (``"time"``, UTC, `Entry.time`;
also set when the solution is shown, so the entries' order is their times' order): the
teacher's grader takes, of several files a student handed in, the one with the latest answer.

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> sheet = Worksheet.open("passing", student="s1", folder=folder)
>>> sheet.path.name
'answers-passing-s1.json'
>>> first = sheet.current
>>> first.choose(first.exercise.answer()); first.check().passed
True
>>> again = Worksheet.open("passing", student="s1", folder=folder)
>>> again.status["en"]
'Your earlier answers were loaded from answers-passing-s1.json (1 of ... questions).'
>>> again[first.exercise.id].solved, again[first.exercise.id].draft == first.draft
(True, True)
>>> Worksheet.open("hearts", student="s1", folder=folder).path.name   # another set: its own file
'answers-hearts-s1.json'
"""
from __future__ import annotations

import base64
import datetime
from pathlib import Path
from typing import Any, Iterator

from ..cards import Card, CardSet
from ..errors import MacaError, SettingError, shown
from ..words import Text, catalogue, say
from .forms import AnswerForm, Draft
from .model import Exercise, Result, check, situation_html
from .progress import Entry, Progress, id_problem, student_seed
from .roster import file_stem
from .sets import ExerciseSet, find_set
from .text import AnswerError, AnswersFileError

__all__ = ["Attempt", "Worksheet", "answers_file_name", "parse_time", "now", "GUEST",
           "COURSE"]

#: the student id when none is given (practice without a teacher)
GUEST = "guest"
#: the course when none is given
COURSE = "maca"


def now() -> str:
    """The time now, as an answers file writes it: UTC to the second, ISO 8601."""
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_time(value: object) -> datetime.datetime:
    """An answer's time read back (an aware UTC time); ValueError when it is none.

    >>> parse_time("2025-03-01T10:02:03Z").isoformat()
    '2025-03-01T10:02:03+00:00'
    >>> parse_time(7)
    Traceback (most recent call last):
    ...
    ValueError: not a time: 7
    """
    if not isinstance(value, str):
        raise ValueError(f"not a time: {value!r}")
    when = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
    if when.tzinfo is None:
        raise ValueError(f"no time zone: {value!r}")
    return when.astimezone(datetime.timezone.utc)


def answers_file_name(set_id: str, student_id: str) -> str:
    """The name of a learner's answers file for a set.

    >>> answers_file_name("hearts", "2024/007")
    'answers-hearts-2024_007.json'
    """
    return f"answers-{file_stem(set_id)}-{file_stem(student_id)}.json"


class Attempt:
    """One exercise being answered by the learner of a `Worksheet`.

    >>> from maca.exercises.kinds import build_question
    >>> q = build_question("pass_direction", {"hand": 2}, "standard")
    >>> attempt = Worksheet.single(Exercise("p", q, Text("Kime?", "To whom?"))).current
    >>> attempt.offered()
    [1, 2, 3, 'none']
    >>> attempt.choose(2); attempt.check().passed
    False
    >>> attempt.reveal(); attempt.solution()["en"]
    'East'
    >>> attempt.choose(1); attempt.check(), attempt.note["en"]
    (None, 'You have seen the solution, so this question is closed: your last answer stands. ...')
    """

    def __init__(self, worksheet: Worksheet, exercise: Exercise) -> None:
        self.worksheet = worksheet
        self.exercise = exercise
        self.draft = self.form.empty(self.players)
        self.result: Result | None = None   # the last try that counted
        self.showing = False                # is its feedback on screen?
        self.note: Text | None = None       # about the learner's last action

    def __repr__(self) -> str:
        return f"<Attempt {self.exercise.id}: {self.mark}>"

    # -- what it is -----------------------------------------------------------------------------
    @property
    def form(self) -> AnswerForm:
        """How the exercise is answered."""
        return self.exercise.question.form

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.exercise.question.rules.players

    @property
    def entry(self) -> Entry:
        """What the answers file says about this exercise (empty before anything is done)."""
        return self.worksheet.progress.answers.get(self.exercise.id) or Entry()

    @property
    def hints(self) -> list[Text]:
        """The hints taken so far."""
        return list(self.exercise.hints[:self.entry.hints])

    @property
    def revealed(self) -> bool:
        """True once the learner has seen the solution."""
        return self.entry.solution_seen

    @property
    def solved(self) -> bool:
        """True once the last try was right."""
        return self.result is not None and self.result.passed

    @property
    def closed(self) -> bool:
        """No more answers are taken (solved, or the solution seen)."""
        return self.solved or self.revealed

    @property
    def mark(self) -> str:
        """``right``, ``wrong``, ``seen`` (solution shown) or ``new``."""
        return ("right" if self.solved else "seen" if self.revealed
                else "wrong" if self.result else "new")

    def offered(self) -> list[Any]:
        """What the learner picks from: the cards to click, or the seats to choose."""
        return self.exercise.question.offered()

    def picture(self, lang: str, four: bool = False) -> str:
        """The situation, as every front-end shows it (the cards chosen raised)."""
        return situation_html(self.exercise, lang, four, CardSet(self.draft.cards))

    # -- building an answer ---------------------------------------------------------------------
    def play(self, card: Card | str) -> Result | None:
        """A card played in a line (a puzzle's): the kind checks it at its moment, the
        defence answers; the line is checked as one try once it is over (None while it goes
        on, with a `note`). A closed exercise's line is played again for practice: nothing is
        recorded.

        >>> from maca.puzzles import puzzle_set
        >>> sheet = Worksheet.single(puzzle_set("unblock")["ub-04"])
        >>> line = sheet.current
        >>> line.play(next(iter(line.exercise.question.accepted_after([])))), line.note["en"]
        (None, 'Right! The defence answered; your turn again.')
        >>> line.entry.tries, len(line.draft.cards)
        (0, 1)
        """
        card = Card.parse(card)
        if self.form.mode != "line":
            raise SettingError(say("worksheet.not_a_line"), card=str(card))
        line = self.draft.cards + [card]
        try:   # a card the engine refuses now is explained and not counted
            self.exercise.question.read([str(c) for c in line])
        except AnswerError as exc:
            self.note = exc.text
            return None
        if not self.closed:
            self.toggle(card)
            return self.check()
        self.draft.cards, self.note = line, None
        return None

    def toggle(self, card: Card | str) -> None:
        """A click on a card of the learner's hand (select, unselect, or replace)."""
        card = Card.parse(card)
        if not self._refusal() and card in self.offered():
            self.form.toggle(self.draft, card)
            self._changed()

    def choose(self, value: Any) -> None:
        """The seat (or ``"none"``) or the yes/no chosen."""
        if not self._refusal():
            self.draft.choice = value
            self._changed()

    def set_number(self, seat: int, value: int) -> None:
        """The points written for ``seat``."""
        if not self._refusal():
            self.draft.numbers[seat] = int(value)
            self._changed()

    def toggle_winner(self, seat: int, on: bool | None = None) -> None:
        """Mark ``seat`` as a winner, or not (``on=None`` switches)."""
        if self._refusal():
            return
        winners = self.draft.winners
        if on is None:
            on = seat not in winners
        if on and seat not in winners:
            winners.append(seat)
        elif not on and seat in winners:
            winners.remove(seat)
        self._changed()

    def set_standing(self, seat: int, value: int | None) -> None:
        """The standing (+1, 0, −1) chosen for ``seat``."""
        if not self._refusal():
            self.draft.standings[seat] = value
            self._changed()

    def answer(self) -> Any:
        """The answer the draft stands for; None while it is incomplete."""
        return self.form.answer(self.draft)

    # -- trying ---------------------------------------------------------------------------------
    def check(self) -> Result | None:
        """Check the draft (the engine decides), record it as a try and save. None, with a
        `note`, when the draft is incomplete or the exercise takes no more answers."""
        if self._refusal():
            return None
        answer = self.answer()
        if answer is None:
            self.note = self.form.missing(self.draft)
            return None
        waiting = self.exercise.question.pending(answer)
        if waiting is not None:
            self.showing, self.note = False, waiting
            return None
        return self.submit(answer)

    def submit(self, answer: Any) -> Result:
        """Check a typed answer (``"QS 2C"``, ``"Batı"``, …) as one more try, and save. An
        answer that cannot be read, or comes after the exercise closed, is explained (in the
        result and `note`) and not counted."""
        exercise = self.exercise
        refusal = self._refusal()
        if refusal is None:
            try:
                result = check(exercise, answer, self.entry.hints)
            except AnswerError as exc:
                refusal = self.note = exc.text
            else:
                self.worksheet.progress.record(exercise.id, result.answer)
                self.worksheet.progress.entry(exercise.id).time = now()
                self._show(result)
                self.worksheet.autosave()
                return result
        return Result(exercise.id, False, 0, exercise.points, (refusal,))

    def retry(self) -> None:
        """Try again: the feedback is hidden; an answer of many parts stays to be corrected
        (a learner who had three of four scores right keeps them), a single choice is cleared;
        a line starts again from its first card (and may be played again once closed, see
        `play`)."""
        if self.form.replays or not self._refusal():
            if not self.form.corrected:
                self.draft = self.form.empty(self.players)
            self.showing, self.note = False, None

    def hint(self) -> Text | None:
        """The next hint (counted and saved), a note that there is none left, or None (with a
        `note`) once the exercise is closed."""
        if self._refusal():
            return None
        entry = self.worksheet.progress.entry(self.exercise.id)
        if entry.hints >= len(self.exercise.hints):
            self.note = say("no_more_hints")
            return self.note
        entry.hints += 1
        self.note = None
        self.worksheet.autosave()
        return self.exercise.hints[entry.hints - 1]

    def can_reveal(self) -> bool:
        """The solution is offered after a wrong try (or at once, if the kind says so)."""
        tried = self.result is not None and not self.result.passed
        free = self.exercise.question.free_solution and not self.solved
        return (tried or free) and not self.revealed

    def reveal(self) -> None:
        """Show the solution (after a wrong try); the exercise then takes no more answers, so
        the last answer given is the one graded."""
        if not self.can_reveal():
            if not self._refusal():
                self.note = say("no_solution")
            return
        seen = self.worksheet.progress.latest(self.exercise.id)
        seen.solution_seen, seen.time = True, now()
        self.showing, self.note = True, None
        self.worksheet.autosave()

    def solution(self) -> Text | None:
        """The engine's answer written out, once the learner has asked to see it."""
        return self.exercise.solution() if self.revealed else None

    def shown_result(self) -> Result | None:
        """The result whose feedback is on screen."""
        return self.result if self.showing else None

    # -- inside ---------------------------------------------------------------------------------
    def _show(self, result: Result) -> None:
        """Show ``result``, with the draft holding its answer."""
        self.result, self.showing, self.note = result, True, None
        given = self.exercise.question.read(result.answer)
        self.draft = self.form.draft(given, self.players)

    def _restore(self) -> None:
        """Show the answer of the answers file, checked again (which counts no try)."""
        entry = self.entry
        if entry.answer is None or not entry.tries:
            return
        try:
            self._show(check(self.exercise, entry.answer, entry.hints))
        except MacaError as exc:     # a typed answer that cannot be read: wrong, and why
            why = exc.text
            self.result = Result(self.exercise.id, False, 0, self.exercise.points, (why,),
                                 entry.answer)
            self.showing = True

    def _refusal(self) -> Text | None:
        """Why the exercise takes no more answers (also put in `note`), or None."""
        if self.revealed:
            self.note = say("closed")
        elif self.solved:
            self.note = say("solved")
        else:
            return None
        return self.note

    def _changed(self) -> None:
        """The learner changed the draft: the old feedback no longer applies to it."""
        self.showing, self.note = False, None


class Worksheet:
    """A learner working through an exercise set (their own variant): an `Attempt` per
    exercise, the one on screen, the score, and the answers file.

    >>> from maca.exercises.sets import parse_set
    >>> s = parse_set('title = {tr = "D", en = "T"}\\n'
    ...               '[[generate]]\\nid = "g"\\nkind = "pass_direction"\\n')
    >>> w = Worksheet.for_student(s, "C", "A", "s1")
    >>> w.check("g-1", "nowhere").message("en")
    "'nowhere' is not a seat: write a number 0-3 or South, West, North, East."
    >>> w.check("g-1", w.exercises["g-1"].answer()).passed, w.progress.answers["g-1"].tries
    (True, 1)
    """

    def __init__(self, exercises: ExerciseSet, progress: Progress,
                 folder: str | Path | None = None) -> None:
        self.exercises = exercises
        self.progress = progress
        #: the answers file (None: answers are kept in memory only)
        self.path = (None if folder is None else
                     Path(folder) / answers_file_name(progress.set_id, progress.student_id))
        self.attempts = [Attempt(self, exercise) for exercise in exercises]
        self.status: Text | None = None      # what happened to the answers file
        self.restored = self._restore()
        self.index = next((i for i, a in enumerate(self.attempts) if not a.solved), 0)

    @classmethod
    def for_student(cls, base: ExerciseSet, course: str, assignment: str, student_id: str,
                    folder: str | Path | None = None) -> Worksheet:
        """The student's own variant of ``base``; with ``folder``, its answers file is kept
        there (and read back if it is already there)."""
        for key, value in (("course", course), ("assignment", assignment),
                           ("student", student_id)):
            problem = id_problem(value)
            if problem is not None:
                raise SettingError(say("answers_file.bad_who", field=say(key), problem=problem))
        seed = student_seed(course, assignment, student_id)
        return cls(base.variant(seed), Progress(course, assignment, student_id, base.id, seed),
                   folder)

    @classmethod
    def open(cls, source: str | Path | ExerciseSet, student: str = GUEST, course: str = COURSE,
             assignment: str | None = None, folder: str | Path | None = ".") -> Worksheet:
        """A set (see `find_set`) for one learner: the assignment is the set's id unless given;
        answers are kept in ``folder`` (None: in memory only)."""
        base = find_set(source)
        return cls.for_student(base, course, base.id if assignment is None else assignment,
                               student, folder)

    @classmethod
    def single(cls, exercise: Exercise) -> Worksheet:
        """One exercise on its own (a lesson's quick check): nothing is saved."""
        base = ExerciseSet(exercise.id, exercise.prompt, "", 0, (exercise,), exercise.source)
        return cls(base, Progress(COURSE, exercise.id, GUEST, base.id))

    # -- the exercises --------------------------------------------------------------------------
    def __getitem__(self, exercise_id: str) -> Attempt:
        for attempt in self.attempts:
            if attempt.exercise.id == exercise_id:
                return attempt
        raise KeyError(f"no exercise {exercise_id!r} in set {self.exercises.id!r}")

    def __iter__(self) -> Iterator[Attempt]:
        return iter(self.attempts)

    def __len__(self) -> int:
        return len(self.attempts)

    @property
    def title(self) -> Text:
        """The set's title."""
        return self.exercises.title

    @property
    def current(self) -> Attempt:
        """The exercise on screen."""
        return self.attempts[self.index]

    def go(self, index: int) -> None:
        """Show exercise ``index`` (kept within the set)."""
        self.index = max(0, min(index, len(self.attempts) - 1))

    def next(self) -> None:
        """The next exercise."""
        self.go(self.index + 1)

    def previous(self) -> None:
        """The previous exercise."""
        self.go(self.index - 1)

    def score(self) -> tuple[int, int, int]:
        """Points so far, the most there are, and how many exercises have been tried."""
        results = [a.result for a in self.attempts if a.result is not None]
        return sum(r.score for r in results), self.exercises.max_score, len(results)

    def marks(self) -> list[str]:
        """Each exercise's `Attempt.mark`."""
        return [a.mark for a in self.attempts]

    # -- typed answers (notebooks, scripts) -----------------------------------------------------
    def check(self, exercise_id: str, answer: Any) -> Result:
        """Check a typed answer to one exercise (see `Attempt.submit`)."""
        return self[exercise_id].submit(answer)

    def hint(self, exercise_id: str) -> Text:
        """The next hint of an exercise (counted), or why there is none."""
        attempt = self[exercise_id]
        hint = attempt.hint()
        return hint if hint is not None else attempt.note or say("no_more_hints")

    # -- the answers file -----------------------------------------------------------------------
    @property
    def file_name(self) -> str:
        """The answers file's name (also when it is kept in memory only)."""
        return answers_file_name(self.progress.set_id, self.progress.student_id)

    @property
    def anonymous(self) -> bool:
        """True when no student id was given: a teacher could not tell whose file it is."""
        return self.progress.student_id == GUEST

    def save(self, path: str | Path | None = None) -> None:
        """Write the answers file (to ``path``, default: the worksheet's own file)."""
        target = self.path if path is None else Path(path)
        if target is None:
            raise AnswersFileError(say("worksheet.in_memory"))
        try:
            self.progress.save(target)
        except (OSError, ValueError) as exc:   # ValueError: a NUL in the path
            raise AnswersFileError(say("worksheet.cannot_write"), target=str(target),
                                   error=str(exc)) from None

    def autosave(self) -> None:
        """Save after a change; a failure is reported in `status`, never raised."""
        if self.path is None:
            return
        try:
            self.progress.save(self.path)
        except OSError as exc:
            self.status = say("save_failed", file=self.path.name, error=exc.strerror or exc)
        else:
            self.status = say("saved", file=self.path.name)

    def data_url(self) -> str:
        """The answers file as a ``data:`` URL (base64 JSON), for a download link."""
        data = self.progress.to_json().encode("utf-8")
        return "data:application/json;base64," + base64.b64encode(data).decode("ascii")

    def export(self) -> str:
        """Save the answers file (if it has a place) and give it as a `data_url`."""
        self.autosave()
        return self.data_url()

    def _restore(self) -> bool:
        """Go on from the answers file, if there is one: it must be this learner's for this
        set, course and assignment, or it is refused (and never written over)."""
        if self.path is None or not self.path.exists():
            return False
        name = self.path.name
        try:
            saved = Progress.load(self.path)
        except AnswersFileError as exc:   # the problem said in the learner's language too
            raise AnswersFileError(say("unreadable"), file=name, error=exc) from None
        mine = self.progress
        for what, theirs, ours in (("of_student", saved.student_id, mine.student_id),
                                   ("of_set", saved.set_id, mine.set_id),
                                   ("of_course", saved.course, mine.course),
                                   ("of_assignment", saved.assignment, mine.assignment)):
            if theirs != ours:
                raise AnswersFileError(say("not_yours", file=name, what=say(what),
                                           theirs=theirs, mine=ours))
        mine.answers.update(saved.answers)
        for attempt in self.attempts:
            attempt._restore()
        done = sum(a.result is not None for a in self.attempts)
        self.status = say("restored", file=name, done=done, total=len(self.attempts))
        return True


# A worksheet asked for what it cannot do (by a notebook's code or a page's panel).
catalogue("worksheet", {
    "not_a_line": ("bu soru kartlar art arda oynanarak cevaplanmaz: {card} oynanamaz",
                   "this question is not answered by playing cards one after another, so {card} "
                   "cannot be played"),
    "in_memory": ("bu çalışma kâğıdı cevaplarını bellekte tutuyor: bir dosya yolu ver",
                  "this worksheet keeps its answers in memory: give a path"),
    "cannot_write": ("{target}: cevap dosyası yazılamıyor: {error}",
                     "{target}: cannot write the answers file: {error}"),
}, scoped=True)
