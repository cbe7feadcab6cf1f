"""The exercise widget's logic, without widgets: a learner answering exercises by clicking.

`ExerciseSession` keeps what the learner is building for each exercise (a `Draft`: cards,
a seat, yes/no, numbers, winners and standings) and hands it, as a plain value, to
`maca.exercises.Worksheet.check`, which asks the engine. The session never works out an answer
itself: it shows the `Result` (feedback, score, and after a wrong try the solution on request),
gives hints through the worksheet (so they are counted), and saves the answers file after every
try and hint. A file saved earlier for the same learner is read back, so the work goes on where
it stopped.

>>> from maca.exercises.kinds import build_question
>>> from maca.exercises import Exercise, Text
>>> q = build_question("pass_direction", {"hand": 2}, "standard")
>>> session = ExerciseSession.single(Exercise("p", q, Text("Kime?", "To whom?")))
>>> session.choose(2); session.check().passed
False
>>> session.reveal(); session.solution()["en"]
'East'
>>> session.choose(1); session.check()
>>> session.note["en"]
'You have seen the solution, so this question is closed: go on to the next one.'
"""
from __future__ import annotations

import base64
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards import Card, CardSet
from ..errors import MacaError, SettingError
from ..exercises import (AnswersFileError, Exercise, ExerciseError, ExerciseSet, Progress,
                         Result, Text, Worksheet, check, load_set)
from ..exercises.kinds import LegalCards, PassDirection, PlayGoal
from ..exercises.roster import file_stem

__all__ = ["TEXT", "text", "MODES", "Draft", "ExerciseSession", "find_set", "DEFAULT_STUDENT"]

#: Where the project's exercise sets live (a set is asked for by its file name without .toml).
SETS_FOLDER = Path(__file__).resolve().parents[2] / "exercises"
#: The student id used when none is given (practice without a teacher).
DEFAULT_STUDENT = "guest"

#: How the learner answers each kind of question.
MODES = {"legal_cards": "cards", "play_goal": "card", "trick_winner": "seat",
         "pass_direction": "seat", "moon_possible": "yes_no", "hand_score": "numbers",
         "game_winner": "winners"}

# Every sentence of the exercise widget, in Turkish ("sen" voice) and English.
TEXT: dict[str, tuple[str, str]] = {
    "check": ("Kontrol et", "Check"),
    "hint": ("İpucu", "Hint"),
    "retry": ("Tekrar dene", "Try again"),
    "reveal": ("Çözümü göster", "Show solution"),
    "previous": ("◀ Önceki", "◀ Previous"),
    "next": ("Sonraki ▶", "Next ▶"),
    "export": ("Cevap dosyasını al", "Get the answers file"),
    "question_of": ("Soru {n}/{total}", "Question {n} of {total}"),
    "points": ("{points} puan", "{points} point(s)"),
    "score_so_far": ("Puanın: {score}/{max} · {tried}/{total} soru denendi",
                     "Your score: {score}/{max} · {tried} of {total} questions tried"),
    "how_cards": ("Kartlara tıklayarak seç (yeniden tıklarsan seçimden çıkar), sonra "
                  "«Kontrol et»e bas.",
                  "Click cards to select them (click again to unselect), then press “Check”."),
    "how_card": ("Bir karta tıkla, sonra «Kontrol et»e bas.",
                 "Click a card, then press “Check”."),
    "how_seat": ("Bir oyuncu seç, sonra «Kontrol et»e bas.",
                 "Choose a player, then press “Check”."),
    "how_yes_no": ("Evet ya da hayır seç, sonra «Kontrol et»e bas.",
                   "Choose yes or no, then press “Check”."),
    "how_numbers": ("Her oyuncunun puanını yaz, sonra «Kontrol et»e bas.",
                    "Write each player's points, then press “Check”."),
    "how_winners": ("Kazananları (birden çok olabilir) ve her oyuncunun sıralama puanını seç, "
                    "sonra «Kontrol et»e bas.",
                    "Choose the winner(s) (there may be more than one) and each player's "
                    "standing, then press “Check”."),
    "no_cards": ("Önce kartlara tıklayarak seçimini yap.", "Select your cards first."),
    "no_card": ("Önce bir karta tıkla.", "Click a card first."),
    "no_choice": ("Önce bir seçim yap.", "Make a choice first."),
    "no_winner": ("Önce kazanan(lar)ı seç.", "Choose the winner(s) first."),
    "no_standings": ("Her oyuncu için bir sıralama puanı seç.",
                     "Choose a standing for every player."),
    "solved": ("Bu soruyu doğru cevapladın.", "You answered this question correctly."),
    "solution": ("Çözüm: {solution}", "Solution: {solution}"),
    "closed": ("Çözümü gördüğün için bu soru kapandı: sıradaki soruya geç.",
               "You have seen the solution, so this question is closed: go on to the next one."),
    "no_solution": ("Çözüm yanlış bir denemeden sonra gösterilir.",
                    "The solution is shown after a wrong try."),
    "hint_n": ("İpucu {n}: {hint}", "Hint {n}: {hint}"),
    "nobody": ("Kimse", "Nobody"),
    "yes": ("Evet", "Yes"),
    "no": ("Hayır", "No"),
    "winners": ("Kazanan(lar)", "Winner(s)"),
    "standings": ("Sıralama puanları (+1/0/−1)", "Standings (+1/0/−1)"),
    "hand_points": ("Bu turun puanları", "This hand's points"),
    "saved": ("Cevapların {file} dosyasına kaydedildi.", "Your answers are saved in {file}."),
    "restored": ("Önceki cevapların {file} dosyasından yüklendi.",
                 "Your earlier answers were loaded from {file}."),
    "save_failed": ("Cevapların {file} dosyasına kaydedilemedi ({error}); «Cevap dosyasını "
                    "al» düğmesiyle yine de indirebilirsin.",
                    "Your answers could not be saved in {file} ({error}); you can still "
                    "download them with “Get the answers file”."),
    "download": ("⬇ {file} dosyasını indir", "⬇ Download {file}"),
    "hand_in": ("Bu dosyayı öğretmenine gönder.", "Hand this file in to your teacher."),
    "no_student": ("Öğrenci numarası verilmedi: öğretmenin bu dosyayı tanıyamaz. Seti "
                   "exercise_set(..., student=\"numaran\") ile aç.",
                   "No student id was given, so your teacher cannot tell whose file this is. "
                   "Open the set with exercise_set(..., student=\"your id\")."),
}


def text(key: str, lang: str, **fields: object) -> str:
    """One sentence of the exercise widget in ``lang``.

    >>> text("check", "tr"), text("check", "en")
    ('Kontrol et', 'Check')
    """
    tr, en = TEXT[key]
    return (tr if lang == "tr" else en).format(**fields)


def _say(key: str, **fields: object) -> Text:
    return Text(text(key, "tr", **fields), text(key, "en", **fields))


def find_set(source: str | Path | ExerciseSet) -> ExerciseSet:
    """An exercise set: given as is, read from a ``.toml`` path, or by name from ``exercises/``.

    >>> find_set("passing").id, len(find_set("passing")) > 10
    ('passing', True)
    >>> find_set("pasing")
    Traceback (most recent call last):
    ...
    maca.exercises.text.ExerciseError: 'pasing' adında bir alıştırma seti yok / no exercise set \
'pasing'. Setler / sets: follow_suit, hearts, moon, passing, scoring, turkish; ya da bir .toml \
dosyasının yolu / or the path of a .toml file
    """
    if isinstance(source, ExerciseSet):
        return source
    path = Path(source)
    if path.suffix == ".toml" or path.exists():
        return load_set(path)
    named = SETS_FOLDER / f"{source}.toml"
    if named.exists():
        return load_set(named)
    known = ", ".join(sorted(p.stem for p in SETS_FOLDER.glob("*.toml")))
    raise ExerciseError(f"{str(source)!r} adında bir alıştırma seti yok / no exercise set "
                        f"{str(source)!r}. Setler / sets: {known}; ya da bir .toml dosyasının "
                        "yolu / or the path of a .toml file")


@dataclass
class Draft:
    """What the learner has built so far for one exercise (only the fields of its mode)."""

    cards: list[Card] = field(default_factory=list)   # cards, card
    choice: Any = None                                 # seat, "none", True / False
    numbers: list[int] = field(default_factory=list)   # numbers
    winners: list[int] = field(default_factory=list)   # winners
    standings: list[int | None] = field(default_factory=list)


@dataclass
class _State:
    """One exercise in the session."""

    draft: Draft
    result: Result | None = None     # the last try that counted
    showing: bool = False            # is that result's feedback on screen?
    revealed: bool = False
    hints: list[Text] = field(default_factory=list)
    note: Text | None = None         # a refusal or a message about the last action


class ExerciseSession:
    """A learner working through exercises of a `Worksheet`, saving to ``path`` (None: never).

    >>> session = ExerciseSession.open("passing", student="s1", save=False)
    >>> session.exercise.id, session.mode
    ('pass-1', 'seat')
    >>> session.choose("none"); session.check().message("en").splitlines()[0]
    'Not right yet.'
    """

    def __init__(self, worksheet: Worksheet, path: str | Path | None = None) -> None:
        self.worksheet = worksheet
        self.path = None if path is None else Path(path)
        self.title = worksheet.exercises.title
        self.exercises = list(worksheet.exercises)
        for exercise in self.exercises:
            if exercise.kind not in MODES:
                raise ExerciseError(f"{exercise.id}: the exercise widget cannot ask questions "
                                    f"of kind {exercise.kind!r} yet")
        self.states = {e.id: _State(self._empty(e)) for e in self.exercises}
        self.status: Text | None = None      # what happened to the answers file
        self.restored = self._restore()
        self.index = next((i for i, e in enumerate(self.exercises) if not self.solved(e.id)), 0)

    @classmethod
    def open(cls, source: str | Path | ExerciseSet, student: str = DEFAULT_STUDENT,
             course: str = "maca", assignment: str | None = None,
             path: str | Path | None = None, save: bool = True) -> ExerciseSession:
        """A set (see `find_set`) for one learner: their own variant, as the teacher's grader
        rebuilds it. Answers are saved to ``path`` (default: ``maca-answers-<set>.json`` in the
        current folder, with ``-<student>`` before ``.json`` when a student id is given);
        ``save=False`` keeps them in memory only."""
        base = find_set(source)
        assignment = base.id if assignment is None else assignment
        for name, value in (("student", student), ("course", course), ("assignment", assignment)):
            if not isinstance(value, str) or not value.strip() or len(value) > 200:
                raise SettingError(f"{name} boş olmayan bir yazı olmalı (en çok 200 harf) / "
                                 f"{name} must be a non-empty text of at most 200 characters, "
                                 f"not {value!r}")
        if path is None:
            mine = "" if student == DEFAULT_STUDENT else f"-{file_stem(student)}"
            path = f"maca-answers-{file_stem(base.id)}{mine}.json"
        worksheet = Worksheet.for_student(base, course, assignment, student)
        return cls(worksheet, path if save else None)

    @classmethod
    def single(cls, exercise: Exercise) -> ExerciseSession:
        """One exercise on its own (a lesson's quick check): nothing is saved."""
        base = ExerciseSet(exercise.id, exercise.prompt, "", 0, (exercise,), exercise.source)
        return cls(Worksheet(base, Progress("maca", exercise.id, DEFAULT_STUDENT, base.id)))

    # -- where we are -----------------------------------------------------------------------
    @property
    def exercise(self) -> Exercise:
        """The exercise on screen."""
        return self.exercises[self.index]

    @property
    def state(self) -> _State:
        """The state of the exercise on screen."""
        return self.states[self.exercise.id]

    @property
    def draft(self) -> Draft:
        """The answer being built for the exercise on screen."""
        return self.state.draft

    @property
    def mode(self) -> str:
        """How the exercise on screen is answered: one of the values of `MODES`."""
        return MODES[self.exercise.kind]

    @property
    def players(self) -> int:
        """Seats at the table of the exercise on screen."""
        return self.exercise.question.rules.players

    @property
    def note(self) -> Text | None:
        """The message about the last action on the exercise on screen."""
        return self.state.note

    def go(self, index: int) -> None:
        """Show exercise ``index`` (kept within the set)."""
        self.index = max(0, min(index, len(self.exercises) - 1))

    def next(self) -> None:
        """The next exercise."""
        self.go(self.index + 1)

    def previous(self) -> None:
        """The previous exercise."""
        self.go(self.index - 1)

    def solved(self, exercise_id: str) -> bool:
        """True once the last try on ``exercise_id`` was right."""
        result = self.states[exercise_id].result
        return result is not None and result.passed

    @property
    def closed(self) -> bool:
        """The exercise on screen takes no more answers (solved, or its solution seen)."""
        return self.solved(self.exercise.id) or self.state.revealed

    def score(self) -> tuple[int, int, int]:
        """Points so far, the most there are, and how many exercises have been tried."""
        results = [s.result for s in self.states.values()]
        got = sum(r.score for r in results if r is not None)
        return got, self.worksheet.exercises.max_score, sum(r is not None for r in results)

    def marks(self) -> list[str]:
        """Each exercise's state: ``right``, ``wrong``, ``seen`` (solution shown) or ``new``."""
        out = []
        for exercise in self.exercises:
            state = self.states[exercise.id]
            out.append("right" if self.solved(exercise.id) else "seen" if state.revealed
                       else "wrong" if state.result else "new")
        return out

    # -- building an answer -----------------------------------------------------------------
    def choices(self) -> CardSet:
        """The cards the learner may click (their own hand) for card exercises."""
        question = self.exercise.question
        if isinstance(question, (LegalCards, PlayGoal)):
            return question.hand.cards(0)
        return CardSet()

    def seats(self) -> list[int | str]:
        """The seats to choose from for seat exercises (``"none"``: nobody)."""
        question = self.exercise.question
        if isinstance(question, PassDirection):
            return [s for s in range(self.players) if s != question.seat] + ["none"]
        return list(range(self.players))

    def toggle(self, card: Card | str) -> None:
        """Select a card, or unselect it; a one-card question keeps only the last card."""
        card = Card.parse(card)
        if self._refused() or card not in self.choices():
            return
        cards = self.draft.cards
        if card in cards:
            cards.remove(card)
        elif self.mode == "card":
            cards[:] = [card]
        else:
            cards.append(card)
        self._changed()

    def choose(self, value: Any) -> None:
        """The seat (or ``"none"``) or the yes/no chosen."""
        if not self._refused():
            self.draft.choice = value
            self._changed()

    def set_number(self, seat: int, value: int) -> None:
        """The points written for ``seat``."""
        if not self._refused():
            self.draft.numbers[seat] = int(value)
            self._changed()

    def toggle_winner(self, seat: int, on: bool | None = None) -> None:
        """Mark ``seat`` as a winner, or not (``on=None`` switches)."""
        if self._refused():
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
        if not self._refused():
            self.draft.standings[seat] = value
            self._changed()

    def answer(self) -> Any:
        """The draft as a plain answer for `Worksheet.check`; None while it is incomplete."""
        draft, mode = self.draft, self.mode
        if mode == "cards":
            return [str(c) for c in draft.cards] or None
        if mode == "card":
            return str(draft.cards[0]) if draft.cards else None
        if mode == "numbers":
            return list(draft.numbers)
        if mode == "winners":
            if not draft.winners or None in draft.standings:
                return None
            return {"winners": sorted(draft.winners), "standings": list(draft.standings)}
        return draft.choice

    # -- trying -----------------------------------------------------------------------------
    def check(self) -> Result | None:
        """Check the draft with the worksheet (the engine decides) and save. None if refused."""
        if self._refused():
            return None
        state, exercise = self.state, self.exercise
        answer = self.answer()
        if answer is None:
            key = {"cards": "no_cards", "card": "no_card", "winners":
                   "no_standings" if self.draft.winners else "no_winner"}.get(self.mode)
            state.note = _say(key or "no_choice")
            return None
        entry = self.worksheet.progress.entry(exercise.id)
        tries = entry.tries
        result = self.worksheet.check(exercise.id, answer)
        if entry.tries == tries:         # the answer could not be read: explained, not counted
            state.note = Text.join(result.feedback)
            return result
        state.result, state.showing, state.note = result, True, None
        self.save()
        return result

    def retry(self) -> None:
        """Start the exercise on screen again: the draft is cleared, the feedback hidden."""
        if self._refused():
            return
        self.state.draft = self._empty(self.exercise)
        self.state.showing, self.state.note = False, None

    def hint(self) -> Text | None:
        """The next hint (counted by the worksheet and saved); None when refused."""
        state = self.state
        if self._refused():
            return None
        if len(state.hints) >= len(self.exercise.hints):
            state.note = self.worksheet.hint(self.exercise.id)   # "no more hints"
            return state.note
        hint = self.worksheet.hint(self.exercise.id)
        state.hints.append(hint)
        state.note = None
        self.save()
        return hint

    def can_reveal(self) -> bool:
        """The solution is offered after a wrong try."""
        result = self.state.result
        return result is not None and not result.passed and not self.state.revealed

    def reveal(self) -> None:
        """Show the solution (after a wrong try); the exercise then takes no more answers."""
        if not self.can_reveal():
            if not self._refused():
                self.state.note = _say("no_solution")
            return
        self.worksheet.reveal(self.exercise.id)
        self.state.revealed, self.state.showing = True, True
        self.save()

    def solution(self) -> Text | None:
        """The engine's answer written out, once the learner has asked to see it."""
        result = self.state.result
        return result.solution if self.state.revealed and result is not None else None

    def shown_result(self) -> Result | None:
        """The result whose feedback is on screen."""
        return self.state.result if self.state.showing else None

    # -- the answers file -------------------------------------------------------------------
    def save(self) -> None:
        """Write the answers file (a failure is reported in `status`, never raised)."""
        if self.path is None:
            return
        try:
            self.worksheet.save(self.path)
        except OSError as exc:
            self.status = _say("save_failed", file=self.path.name, error=exc.strerror or exc)
        else:
            self.status = _say("saved", file=self.path.name)

    @property
    def file_name(self) -> str:
        """The name the answers file is downloaded under."""
        set_id = file_stem(self.worksheet.progress.set_id)
        return self.path.name if self.path else f"maca-answers-{set_id}.json"

    @property
    def anonymous(self) -> bool:
        """True when no student id was given: a teacher could not tell whose file it is."""
        return self.worksheet.progress.student_id == DEFAULT_STUDENT

    def data_url(self) -> str:
        """The answers file as a ``data:`` URL (base64 JSON), for a download link."""
        data = self.worksheet.progress.to_json().encode("utf-8")
        return "data:application/json;base64," + base64.b64encode(data).decode("ascii")

    def export(self) -> str:
        """Save the answers file (if it has a path) and give it as a `data_url`."""
        self.save()
        return self.data_url()

    def _restore(self) -> bool:
        """Go on from an answers file saved earlier for the same learner and set."""
        if self.path is None or not self.path.exists():
            return False
        mine = self.worksheet.progress
        try:
            saved = Progress.load(self.path)
        except AnswersFileError as exc:
            raise AnswersFileError(f"{exc} — bu cevap dosyası okunamadı: taşı ya da başka bir "
                                   f"path= ver / this answers file cannot be read: move it or "
                                   f"give another path=") from None
        who = (saved.course, saved.assignment, saved.student_id, saved.set_id)
        if who != (mine.course, mine.assignment, mine.student_id, mine.set_id):
            raise AnswersFileError(
                f"{self.path}: bu dosya başka bir öğrencinin ya da ödevin ({'/'.join(who)}); "
                f"başka bir path= ver / this file belongs to another student or assignment "
                f"({'/'.join(who)}): give another path=")
        mine.answers.update(saved.answers)
        for exercise in self.exercises:
            entry = saved.answers.get(exercise.id)
            state = self.states[exercise.id]
            if entry is None:
                continue
            state.hints = list(exercise.hints[:entry.hints])
            state.revealed = entry.solution_seen
            if entry.answer is None or not entry.tries:
                continue
            try:        # the saved answer checked again, without counting a try
                state.result = check(exercise, entry.answer, entry.hints)
                state.draft = self._draft(exercise, exercise.question.read(entry.answer))
            except MacaError:
                continue
            state.showing = True
        self.status = _say("restored", file=self.path.name)
        return True

    def _empty(self, exercise: Exercise) -> Draft:
        n = exercise.question.rules.players
        return Draft(numbers=[0] * n, standings=[None] * n)

    def _draft(self, exercise: Exercise, given: Any) -> Draft:
        """A draft holding an answer as `Question.read` gives it back."""
        draft = self._empty(exercise)
        mode = MODES[exercise.kind]
        if mode in ("cards", "card"):
            draft.cards = list(given) if isinstance(given, CardSet) else [given]
        elif mode == "numbers":
            draft.numbers = list(given)
        elif mode == "winners":
            draft.winners, draft.standings = list(given[0]), list(given[1])
        else:
            draft.choice = "none" if given is None else given
        return draft

    def _refused(self) -> bool:
        """True (with a note) when the exercise on screen takes no more answers."""
        if self.state.revealed:
            self.state.note = _say("closed")
        elif self.solved(self.exercise.id):
            self.state.note = _say("solved")
        else:
            return False
        return True

    def _changed(self) -> None:
        """The learner changed the draft: the old feedback no longer applies to it."""
        self.state.showing, self.state.note = False, None
