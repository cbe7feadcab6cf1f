"""Batch grading: answers files in, one `GradeRow` per file (and a chart) out; the gradebook
and the files' report are written from these rows by `maca.exercises.gradebook`.

Every answer is checked again with the engine on the student's own variant (its seed is
recomputed from course, assignment and student id); scores written in a file are ignored, and
a file is only ever read as JSON, through one strict reader (`maca.exercises.files`). Whatever
a file holds, it becomes its own row: nothing a student hands in stops or changes the grading
of the others.

What the grader cannot know. Hints used and "solution seen" are recorded by the learner's own
browser, in a file the learner can edit. So the policy is the teacher's: ``hints="counted"``
(the default) takes a hint's cost off a right answer and gives no point to an exercise whose
solution the file says was seen; ``hints="ignored"`` grades every answer on its own. Either
way, files that claim a history the tools never write (a right answer after the solution was
seen, more hints than the exercise has, an answer with no try) are noted in their row and
counted in `unusual`.

When several files claim one student id for the set (a student who downloaded twice has
``answers-<set>-<id>.json`` and the browser's ``answers-<set>-<id> (1).json``), the one with
the latest answer is graded: each answer carries its time (`maca.exercises.progress.Entry.time`),
and a file without times counts by its modification time. Of files equally late, the tools'
own name wins (the browser's highest ``(n)`` first); any other tie grades none of them (the
teacher decides, from the course system's record of who uploaded what). Every file involved
gets a row that says so, with each file's latest answer. A time that goes backwards within a
file (the tools write the entries in the order they were answered) is an unusual history. A
lone file claiming a student is graded; when its name is not the student's, its row says so. A file name or a text that is not valid text (a name that is not UTF-8, a lone
surrogate) is shown escaped, never an exception.
"""
from __future__ import annotations

import datetime
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from ..errors import MacaError, shown
from ..words import Text, catalogue, say
from .files import plain, read_capped
from .model import check
from .progress import Progress, student_seed
from .roster import Student, file_stem
from .session import answers_file_name, parse_time
from .sets import ExerciseSet
from .text import AnswersFileError

__all__ = ["GradeRow", "grade_progress", "grade_files", "chart_writer",
           "unusual", "either_of", "HINTS", "CHART_FORMATS"]

#: the grading policies for hints and "solution seen" (see the module's notes)
HINTS = ("counted", "ignored")

catalogue("grading", {
    "grade_hints": ("hints={value}: {choices} kullanın", "hints={value}: use {choices}"),
    "grade_hints_option": ("--hints {value}: {choices} kullanın", "--hints {value}: use {choices}"),
    "grade_or": (" ya da ", " or "),
    "grade_other_set": ("cevaplar {theirs} seti için, {ours} için değil",
                  "the answers are for set {theirs}, not {ours}"),
    "grade_seed": ("dosyadaki tohum {seed} bu öğrencinin değil ({own}): öğrencinin kendi varyantı "
             "üzerinden notlandırıldı",
             "seed {seed} in the file is not this student's ({own}): graded on the student's "
             "own variant"),
    "grade_ignored": ("yok sayıldı (maca bunu bilmiyor): {what}", "ignored (maca does not know it): {what}"),
    "grade_no_exercise": ("yok sayıldı: answers[{id}]: böyle bir alıştırma yok",
                    "ignored answers[{id}]: no such exercise"),
    "grade_unreadable": ("{id}: okunamayan cevap: {why}", "{id}: unreadable answer: {why}"),
    "grade_bug": ("{id}: maca bu cevabı denetleyemedi (maca'da bir hata, lütfen bildirin): {why}",
            "{id}: maca could not check this answer (a bug in maca, please report it): {why}"),
    "grade_file_bug": ("maca bu dosyayı notlandıramadı (maca'da bir hata, lütfen bildirin): {why}",
                 "maca could not grade this file (a bug in maca, please report it): {why}"),
    "grade_seen_zero": ("{id}: çözüm gösterilmiş: 0 puan", "{id}: the solution was seen: 0 points"),
    "grade_odd_seen_right": ("{id}: olağan dışı: çözüm gösterildikten sonra doğru cevap (araçlar "
                       "çözümü yalnızca yanlış bir denemeden sonra gösterir ve soruyu kapatır)",
                       "{id}: unusual: a right answer after the solution was seen (the tools "
                       "show it only after a wrong try, and close the question)"),
    "grade_odd_seen_early": ("{id}: olağan dışı: hiç denemeden çözüm gösterilmiş",
                       "{id}: unusual: the solution seen before any try"),
    "grade_odd_hints": ("{id}: olağan dışı: {hints} ipucu kullanılmış, alıştırmada {has} ipucu var",
                  "{id}: unusual: {hints} hints used, the exercise has {has}"),
    "grade_odd_tries": ("{id}: olağan dışı: hiç deneme olmadan bir cevap",
                  "{id}: unusual: an answer with no try"),
    "grade_course": ("dosya {theirs} dersi için, {ours} için değil: --course değerini ya da dosyayı "
               "denetleyin",
               "the file is for course {theirs}, not {ours}: check --course or the file"),
    "grade_assignment": ("dosya {theirs} ödevi için, {ours} için değil: --assignment değerini ya da "
                   "dosyayı denetleyin",
                   "the file is for assignment {theirs}, not {ours}: check --assignment or "
                   "the file"),
    "grade_unknown": ("{id} numaralı öğrenci sınıf listesinde yok", "student {id} is not in the class list"),
    "grade_dup_lost": ("{id} numaralı öğrenci için başka dosyalar da var ({others}); araçların "
                 "öğrencinin dosyasına verdiği ad olan {own} notlandırıldı, bu dosya "
                 "notlandırılmadı",
                 "other files also claim student {id} ({others}); {own}, the name the tools "
                 "give the student's file, was graded, not this one"),
    "grade_dup_won": ("başka dosyalar da {id} numaralı öğrenci olduğunu söylüyor ({others}): "
                "notlandırılmadılar; bu dosya araçların öğrencinin dosyasına verdiği adı "
                "taşıdığı için notlandırıldı",
                "other files also claim student {id} ({others}): they were not graded; this "
                "one was, as it has the name the tools give the student's file"),
    "grade_dup_none": ("{id} numaralı öğrenci için birden çok dosya var ({others}) ve hiçbiri "
                 "araçların verdiği {own} adını (büyük/küçük harfiyle) taşımıyor: hiçbiri "
                 "notlandırılmadı; ders sisteminin kaydından hangisini öğrencinin yüklediğine "
                 "bakın, onu {own} adıyla bırakıp ötekileri kaldırın",
                 "several files claim student {id} ({others}) and none has the name the tools "
                 "give it, {own} (case too): none was graded; check in the course system's "
                 "record which one the student uploaded, keep it as {own} and remove the "
                 "others"),
    "grade_lone_name": ("dosyanın adı öğrencinin numarasını taşımıyor ({own} değil): kimin "
                  "yüklediğini ders sisteminin kaydından denetleyin",
                  "the file's name does not name the student (not {own}): check who uploaded "
                  "it in the course system's record"),
    "grade_missing": ("cevap dosyası yok", "no answers file"),
    "grade_empty": ("dosya boş (0 bayt): öğrenci dosya inmeden yüklemiş olabilir; dosyayı "
                    "yeniden isteyin",
                    "the file is empty (0 bytes): the student may have uploaded it before the "
                    "download finished; ask for it again"),
    "grade_not_json": ("dosya bir cevap dosyası değil: metni yarım kalmış ya da elle "
                       "değiştirilmiş; öğrenciden araçların indirdiği dosyayı isteyin",
                       "the file is not an answers file: its text is cut short or was edited "
                       "by hand; ask the student for the file the tools downloaded"),
    "grade_odd_time": ("{id}: olağan dışı: cevap zamanı geriye gidiyor ({when}, bir önceki "
                       "cevap {before}; araçlar cevapları verildikleri sırayla yazar)",
                       "{id}: unusual: the answer's time goes backwards ({when}, the answer "
                       "before it {before}; the tools write answers in the order given)"),
    "grade_odd_time_text": ("{id}: olağan dışı: okunamayan cevap zamanı {value}",
                            "{id}: unusual: an answer time that cannot be read, {value}"),
    "grade_latest_won": ("başka dosyalar da {id} numaralı öğrenci olduğunu söylüyor ({others}): "
                         "notlandırılmadılar; bu dosya en son cevabı ({when}) taşıdığı için "
                         "notlandırıldı",
                         "other files also claim student {id} ({others}): they were not "
                         "graded; this one was, as it has the latest answer ({when})"),
    "grade_mtime_won": ("başka dosyalar da {id} numaralı öğrenci olduğunu söylüyor ({others}): "
                        "notlandırılmadılar; bu dosya en son değiştirildiği ({when}) için "
                        "notlandırıldı (dosyalarda cevap zamanı yok)",
                        "other files also claim student {id} ({others}): they were not graded; "
                        "this one was, as it was changed last ({when}; the files carry no "
                        "answer times)"),
    "grade_latest_lost": ("{id} numaralı öğrenci için başka dosyalar da var ({others}); daha yeni "
                          "bir cevap taşıyan {own} ({when}) notlandırıldı, bu dosya ({mine}) "
                          "notlandırılmadı",
                          "other files also claim student {id} ({others}); {own}, with a later "
                          "answer ({when}; this file: {mine}), was graded, not this one"),
    "grade_mtime_lost": ("{id} numaralı öğrenci için başka dosyalar da var ({others}); daha sonra "
                         "değiştirilen {own} ({when}) notlandırıldı, bu dosya ({mine}) "
                         "notlandırılmadı (dosyalarda cevap zamanı yok)",
                         "other files also claim student {id} ({others}); {own}, changed later "
                         "({when}; this file: {mine}), was graded, not this one (the files "
                         "carry no answer times)"),
})

#: the browser's name for a file downloaded again: ``answers-passing-s1 (1).json``
_COPY_NUMBER = re.compile(r"^(.*?) ?\((\d{1,4})\)(\.json)$", re.IGNORECASE)


@dataclass
class GradeRow:
    """The grade of one answers file (or of a student who handed none in)."""

    file: str
    student_id: str
    assignment: str
    course: str = ""
    scores: dict[str, int | None] = field(default_factory=dict)  # None: no answer
    max_score: int = 0
    notes: list[str] = field(default_factory=list)
    error: str | None = None     # the file could not be graded at all
    unusual: list[str] = field(default_factory=list)   # histories the tools never write
    odd_name: bool = False   # graded, but the file's name is not the student's
    #: when the file's latest answer was given (or, without times, the file was changed)
    latest: datetime.datetime | None = field(default=None, compare=False)
    #: latest is an answer's time (else the file's change time)
    by_time: bool = field(default=False, compare=False)
    #: how the graded file was chosen among several: "time" (the latest answer),
    #: "mtime" (changed last), "name" (a tie: the tools' name); "" when there was one file
    chosen_by: str = field(default="", compare=False)
    #: graded among several files of the student: those not graded, with their latest time
    resent: list[tuple[str, str]] = field(default_factory=list, compare=False)
    superseded: bool = field(default=False, compare=False)  # a newer file was graded instead
    #: for the copying checks: the answers given (JSON text), those right, what each
    #: question showed, and the seed the file carries
    given: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    passed: set[str] = field(default_factory=set, repr=False, compare=False)
    shown: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    file_seed: int | None = field(default=None, repr=False, compare=False)

    @property
    def score(self) -> int:
        """The total of the exercise scores."""
        return sum(v for v in self.scores.values() if v)

    @property
    def status(self) -> str:
        """``ok``, or what went wrong (for the report)."""
        return f"error: {self.error}" if self.error else "ok"


def unusual(rows: Sequence[GradeRow]) -> int:
    """How many rows (files) claim a history the tools never write."""
    return sum(1 for row in rows if row.unusual)


def grade_progress(base: ExerciseSet, progress: Progress, file: str = "",
                   hints: str = "counted", lang: str = "en",
                   times: dict[str, Any] | None = None) -> GradeRow:
    r"""Grade one student's answers on their own variant of ``base`` (``hints``: see `HINTS`).

    >>> from maca.exercises.sets import parse_set
    >>> from maca.exercises.progress import Entry
    >>> base = parse_set('title = {tr = "D", en = "T"}\n[[generate]]\nid = "g"\n'
    ...                  'kind = "game_winner"\ncount = 2\n', default_id="demo")
    >>> row = grade_progress(base, Progress("C", "A", "s1", "demo", 7,
    ...                      {"g-1": Entry({"winners": [9], "standings": [0, 0, 0, 0]}, 1)}))
    >>> row.scores, row.score, row.max_score
    ({'g-1': 0, 'g-2': None}, 0, 2)
    >>> print("\n".join(row.notes))
    seed 7 in the file is not this student's (194045681083416): graded on the student's own variant
    g-1: unreadable answer: 9 is not a seat: write a number 0-3 or South, West, North, East.
    """
    if hints not in HINTS:
        raise MacaError(say("grade_hints"), value=shown(hints), choices=either_of(HINTS))
    seed = student_seed(progress.course, progress.assignment, progress.student_id)
    row = GradeRow(file, progress.student_id, progress.assignment, max_score=base.max_score)
    if progress.set_id != base.id:
        row.error = say("grade_other_set", theirs=shown(progress.set_id), ours=shown(base.id))[lang]
        return row
    if progress.seed is not None and progress.seed != seed:
        row.notes.append(say("grade_seed", seed=progress.seed, own=seed)[lang])
    row.file_seed = progress.seed
    row.notes += [say("grade_ignored", what=Text(item.replace("field ", "alan ", 1), item))[lang]
                  for item in progress.ignored if not _is_time(item)]
    row.unusual += _time_faults(progress, times or {}, lang)
    variant = base.variant(seed)
    ids = {e.id for e in variant}
    row.notes += [say("grade_no_exercise", id=shown(k))[lang] for k in progress.answers
                  if k not in ids]
    for exercise in variant:
        entry = progress.answers.get(exercise.id)
        if entry is None:
            row.scores[exercise.id] = None
            continue
        key = exercise.id
        if entry.hints > len(exercise.hints):
            row.unusual.append(say("grade_odd_hints", id=key, hints=entry.hints, has=len(exercise.hints))[lang])
        if entry.solution_seen and not entry.tries:
            row.unusual.append(say("grade_odd_seen_early", id=key)[lang])
        if entry.answer is None:
            row.scores[exercise.id] = None
            continue
        if not entry.tries:
            row.unusual.append(say("grade_odd_tries", id=key)[lang])
        used = min(entry.hints, len(exercise.hints)) if hints == "counted" else 0
        try:
            result = check(exercise, entry.answer, used)
        except MacaError as exc:
            row.scores[key] = 0
            row.notes.append(say("grade_unreadable", id=key, why=exc)[lang])
            continue
        except Exception as exc:  # a bug in maca: this answer scores 0, the others go on
            row.scores[key] = 0
            row.notes.append(say("grade_bug", id=key, why=f"{type(exc).__name__}: {exc}")[lang])
            continue
        row.scores[key] = result.score
        row.given[key] = json.dumps(result.answer, sort_keys=True, default=str)
        row.shown[key] = exercise.describe("en")
        if result.passed:
            row.passed.add(key)
        if entry.solution_seen and result.passed:
            row.unusual.append(say("grade_odd_seen_right", id=key)[lang])
            if hints == "counted":
                row.scores[key] = 0
                row.notes.append(say("grade_seen_zero", id=key)[lang])
    row.notes[:0] = row.unusual   # first: a long status cell is cut at its end
    return row


def _is_time(item: str) -> bool:
    """Is an ignored field of `Progress` an answer's time (which the grader reads itself)?"""
    return item.startswith("answers[") and item.endswith("].time")


def _time_faults(progress: Progress, times: dict[str, Any], lang: str) -> list[str]:
    """The answer times that cannot be read, or go backwards in the file's order."""
    faults, before = [], None
    for key in progress.answers:
        if key not in times:
            continue
        try:
            when = parse_time(times[key])
        except (ValueError, TypeError, OverflowError):
            faults.append(say("grade_odd_time_text", id=shown(key), value=shown(times[key]))[lang])
            continue
        if before is not None and when < before:
            faults.append(say("grade_odd_time", id=shown(key), when=moment(when),
                              before=moment(before))[lang])
        before = when if before is None else max(before, when)
    return faults


def moment(when: datetime.datetime | None) -> str:
    """A time as the summary shows it.

    >>> moment(datetime.datetime(2025, 3, 1, 10, 2, 3, tzinfo=datetime.timezone.utc))
    '2025-03-01 10:02:03 UTC'
    """
    return "?" if when is None else f"{when:%Y-%m-%d %H:%M:%S} UTC"


def latest_answer(times: dict[str, Any]) -> datetime.datetime | None:
    """The latest readable time among a file's answers (None: none)."""
    read = []
    for value in times.values():
        try:
            read.append(parse_time(value))
        except (ValueError, TypeError, OverflowError):
            continue
    return max(read, default=None)


def copy_number(name: str) -> int:
    """The browser's number of a file downloaded again (``a (2).json`` → 2; else 0).

    >>> copy_number("answers-passing-s1 (1).json"), copy_number("answers-passing-s1.json")
    (1, 0)
    """
    match = _COPY_NUMBER.match(name)
    return int(match[2]) if match else 0


def own_names(set_id: str, student_id: str) -> set[str]:
    """The names a student's own answers file may have (compared ignoring case); a browser's
    second download (``… (1).json``) has one too (`own_name`).

    >>> sorted(own_names("hearts", "Ayşe"))
    ['answers-hearts-ayse.json', 'ayse.json']
    """
    return {answers_file_name(set_id, student_id).casefold(),
            f"{file_stem(student_id)}.json".casefold()}


def own_name(name: str, set_id: str, student_id: str) -> bool:
    """Is ``name`` one of the student's own (`own_names`), with or without the browser's
    ``(n)`` of a second download?

    >>> own_name("Answers-hearts-ayse (2).json", "hearts", "Ayşe"), own_name("x.json", "hearts", "a")
    (True, False)
    """
    match = _COPY_NUMBER.match(name)
    plain_name = match[1] + match[3] if match else name
    return plain_name.casefold() in own_names(set_id, student_id)


def described(path: Path) -> str:
    """A file's name with its size and date, to tell tied files apart.

    >>> import tempfile, os
    >>> folder = Path(tempfile.mkdtemp()); _ = (folder / "a.json").write_text("{}")
    >>> os.utime(folder / "a.json", (0, 0)); described(folder / "a.json")
    'a.json (2 B, 1970-01-01 00:00 UTC)'
    """
    import datetime
    try:
        info = path.lstat()
    except OSError:
        return plain(path.name)
    when = datetime.datetime.fromtimestamp(info.st_mtime, datetime.timezone.utc)
    return f"{plain(path.name)} ({info.st_size:,} B, {when:%Y-%m-%d %H:%M} UTC)"


def plain_row(row: GradeRow) -> GradeRow:
    """The row with every text escaped where it is not plain text (`plain`)."""
    row.file, row.student_id = plain(row.file), plain(row.student_id)
    row.assignment, row.course = plain(row.assignment), plain(row.course)
    row.notes = [plain(n) for n in row.notes]
    row.unusual = [plain(n) for n in row.unusual]
    row.error = None if row.error is None else plain(row.error)
    return row


def grade_files(base: ExerciseSet, files: Sequence[Path], course: str | None = None,
                assignment: str | None = None,
                students: Sequence[Student] | None = None, hints: str = "counted",
                lang: str = "en") -> list[GradeRow]:
    """Grade answers files; every problem becomes a row with an error, never an exception.

    With ``students`` (a class list) unknown students are refused and missing ones get a row.
    Several files claiming one student: see the module's notes.
    """
    if hints not in HINTS:
        raise MacaError(say("grade_hints_option"), value=shown(hints), choices=either_of(HINTS))
    rows: list[GradeRow] = []
    claims: dict[str, list[tuple[int, Progress, dict[str, Any]]]] = {}
    known = {s.id for s in students} if students is not None else None
    paths: dict[int, Path] = {}
    for path in files:
        path = Path(path)
        paths[len(rows)] = path
        name = path.name
        try:
            progress, times = _read(path)
        except AnswersFileError as exc:
            rows.append(GradeRow(name, "", assignment or "", max_score=base.max_score,
                                 error=exc.message(lang)))
            continue
        except Exception as exc:  # a bug in maca: reported in the file's row
            rows.append(GradeRow(name, "", assignment or "", max_score=base.max_score,
                                 error=say("grade_file_bug", why=f"{type(exc).__name__}: {exc}")[lang]))
            continue
        row = GradeRow(name, progress.student_id, progress.assignment, progress.course,
                       max_score=base.max_score)
        row.latest, row.by_time = latest_answer(times), True
        if row.latest is None:
            row.latest, row.by_time = _changed(path), False
        if course is not None and progress.course != course:
            row.error = say("grade_course", theirs=shown(progress.course), ours=shown(course))[lang]
        elif assignment is not None and progress.assignment != assignment:
            row.error = say("grade_assignment", theirs=shown(progress.assignment), ours=shown(assignment))[lang]
        elif known is not None and progress.student_id not in known:
            row.error = say("grade_unknown", id=shown(progress.student_id))[lang]
        elif progress.set_id != base.id:
            row.error = say("grade_other_set", theirs=shown(progress.set_id), ours=shown(base.id))[lang]
        else:
            claims.setdefault(progress.student_id, []).append((len(rows), progress, times))
        rows.append(row)
    for sid, claimed in claims.items():
        _grade_claims(base, sid, claimed, rows, paths, hints, lang)
    for student in students or ():
        if student.id not in claims:
            rows.append(GradeRow("", student.id, assignment or "", max_score=base.max_score,
                                 error=say("grade_missing")[lang]))
    return [plain_row(row) for row in rows]


def _read(path: Path) -> tuple[Progress, dict[str, Any]]:
    """An answers file and its answers' times (those it has); an empty file or one that is not
    JSON is refused in words a teacher reads (never the JSON reader's own message)."""
    try:
        progress = Progress.load(path)
    except AnswersFileError:
        from .progress import MAX_BYTES
        try:      # the same careful reader: never a link, a device or a huge file
            text = read_capped(path, MAX_BYTES, AnswersFileError, Text("", "")).decode("utf-8-sig")
        except (MacaError, UnicodeDecodeError):
            text = None
        if text is not None and not text.strip():
            raise AnswersFileError(say("grade_empty")) from None
        if text is not None:
            try:
                json.loads(text)
            except (ValueError, RecursionError):
                raise AnswersFileError(say("grade_not_json")) from None
        raise
    return progress, {k: e.time for k, e in progress.answers.items() if e.time is not None}


def _changed(path: Path) -> datetime.datetime | None:
    """When a file was last changed (None: unknown)."""
    try:
        return datetime.datetime.fromtimestamp(path.lstat().st_mtime, datetime.timezone.utc)
    except (OSError, ValueError, OverflowError):
        return None


def _grade_claims(base: ExerciseSet, sid: str,
                  claimed: list[tuple[int, Progress, dict[str, Any]]], rows: list[GradeRow],
                  paths: dict[int, Path], hints: str, lang: str) -> None:
    """Grade the file of ``sid`` with the latest answer among ``claimed`` (see the module's
    notes: a file's own time is counted to the minute, as copying files about changes it by
    seconds); the others' rows say why they were not graded."""
    canonical = answers_file_name(base.id, sid)
    floor = datetime.datetime.min.replace(tzinfo=datetime.timezone.utc)

    def when(i: int) -> datetime.datetime:
        latest = rows[i].latest or floor
        return latest if rows[i].by_time else latest.replace(second=0, microsecond=0)

    def named(i: int) -> int:
        """1 + the browser's number for the tools' exact name (``… (n).json``), else 0."""
        name = rows[i].file
        match = _COPY_NUMBER.match(name)
        return (1 + int(match[2])) if match and match[1] + match[3] == canonical else \
            1 if name == canonical else 0

    order = sorted((i for i, _, _ in claimed), key=lambda i: (when(i), named(i)), reverse=True)
    top = order[0]
    tied = [i for i in order if when(i) == when(top)]
    names = {i: described(paths[i]) for i in order}
    if len(tied) > 1 and (named(top) == 0 or named(tied[1]) == named(top)):
        for i in order:      # equally recent, none with the tools' name: the teacher decides
            others = ", ".join(n for k, n in names.items() if k != i)
            rows[i].error = say("grade_dup_none", id=shown(sid), others=others, own=canonical)[lang]
        return
    how = "name" if len(tied) > 1 else "time" if rows[top].by_time else "mtime"
    for i, progress, times in claimed:
        others = ", ".join(n for k, n in names.items() if k != i)
        if i != top:
            rows[i].superseded = True
            rows[i].error = (say("grade_dup_lost", id=shown(sid), others=others,
                                 own=rows[top].file) if how == "name" else
                             say(f"grade_{'latest' if how == 'time' else 'mtime'}_lost",
                                 id=shown(sid), others=others, own=rows[top].file,
                                 when=moment(rows[top].latest), mine=moment(rows[i].latest)))[lang]
            continue
        old = rows[i]
        rows[i] = row = _graded(base, progress, old.file, hints, lang, times)
        row.course, row.latest, row.by_time = old.course, old.latest, old.by_time
        row.chosen_by = how
        row.resent = [(rows[k].file, moment(rows[k].latest)) for k in order if k != i]
        if row.resent:
            key = {"name": "grade_dup_won", "time": "grade_latest_won"}.get(how, "grade_mtime_won")
            row.notes.insert(0, say(key, id=shown(sid), others=others, when=moment(row.latest))[lang])
        elif row.error is None and not own_name(row.file, base.id, sid):
            row.notes.insert(0, say("grade_lone_name", own=canonical)[lang])
            row.odd_name = True


def _graded(base: ExerciseSet, progress: Progress, file: str, hints: str,
            lang: str, times: dict[str, Any] | None = None) -> GradeRow:
    """`grade_progress`, with a bug in maca turned into the file's row."""
    try:
        return grade_progress(base, progress, file, hints, lang, times)
    except Exception as exc:
        why = exc if isinstance(exc, MacaError) else f"{type(exc).__name__}: {exc}"
        return GradeRow(file, progress.student_id, progress.assignment, max_score=base.max_score,
                        error=say("grade_file_bug", why=why)[lang])


#: the chart formats `chart_writer` draws
CHART_FORMATS = (".png", ".svg", ".pdf")


def chart_writer(rows: Sequence[GradeRow], base: ExerciseSet,
                 title: str = "") -> Callable[[Path], None]:
    """A ``write`` for `maca.exercises.files.write_all`: a bar chart of the class's results,
    the share of points won on each exercise (PNG, SVG or PDF, from the name's extension)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    graded = [r for r in rows if r.error is None]
    ids = [e.id for e in base]
    shares = []
    for exercise in base:
        total = sum(r.scores.get(exercise.id) or 0 for r in graded)
        possible = exercise.points * len(graded)
        shares.append(100 * total / possible if possible else 0)
    fig, ax = plt.subplots(figsize=(max(6, 0.45 * len(ids) + 2), 4))
    ax.bar(range(len(ids)), shares, color="#2e7d32")
    ax.set_xticks(range(len(ids)), ids, rotation=60, ha="right", fontsize=8)
    ax.set_ylim(0, 100)
    ax.set_ylabel("puanların yüzdesi / % of points")
    ax.set_title(title or f"{base.title.tr} / {base.title.en} — {len(graded)} öğrenci / students")
    fig.tight_layout()

    def write(path: Path) -> None:
        try:
            fig.savefig(path, dpi=120)
        finally:
            plt.close(fig)
    return write


def either_of(choices: Iterable[str]) -> Text:
    """Choices joined by "or" in each language.

    >>> either_of(HINTS).tr
    'counted ya da ignored'
    """
    items, joiner = list(choices), say("grade_or")
    return Text(joiner.tr.join(items), joiner.en.join(items))
