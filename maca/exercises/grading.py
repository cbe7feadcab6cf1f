"""Batch grading: answers files in, ``grades.csv`` (and a chart) out.

Every answer is checked again with the engine on the student's own variant (its seed is
recomputed from course, assignment and student id); scores written in a file are ignored, and
a file is only ever read as JSON. One bad file is reported in its own row and never stops the
others.
"""
from __future__ import annotations

import csv
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from ..errors import MacaError
from .model import check
from .progress import Entry, Progress, student_seed
from .roster import Student
from .sets import ExerciseSet
from .text import AnswerError

__all__ = ["GradeRow", "grade_progress", "grade_files", "write_grades", "write_chart"]


@dataclass
class GradeRow:
    """The grade of one answers file (or of a student who handed none in)."""

    file: str
    student_id: str
    assignment: str
    scores: dict[str, int | None] = field(default_factory=dict)  # None: no answer
    max_score: int = 0
    notes: list[str] = field(default_factory=list)
    error: str | None = None     # the file could not be graded at all

    @property
    def score(self) -> int:
        """The total of the exercise scores."""
        return sum(v for v in self.scores.values() if v)

    @property
    def status(self) -> str:
        """``ok``, or what went wrong (for the report)."""
        return f"error: {self.error}" if self.error else "ok"


def grade_progress(base: ExerciseSet, progress: Progress, file: str = "") -> GradeRow:
    r"""Grade one student's answers on their own variant of ``base``.

    >>> from maca.exercises.sets import parse_set
    >>> base = parse_set('title = {tr = "D", en = "T"}\n[[generate]]\nid = "g"\n'
    ...                  'kind = "game_winner"\ncount = 2\n', default_id="demo")
    >>> row = grade_progress(base, Progress("C", "A", "s1", "demo", 7,
    ...                      {"g-1": Entry({"winners": [9], "standings": [0, 0, 0, 0]})}))
    >>> row.scores, row.score, row.max_score
    ({'g-1': 0, 'g-2': None}, 0, 2)
    >>> print("\n".join(row.notes))
    seed 7 in the file is not this student's (194045681083416): graded on the student's own variant
    g-1: unreadable answer: 9 is not a seat: write a number 0-3 or South, West, North, East.
    """
    seed = student_seed(progress.course, progress.assignment, progress.student_id)
    row = GradeRow(file, progress.student_id, progress.assignment, max_score=base.max_score)
    if progress.set_id != base.id:
        row.error = f"the answers are for set {progress.set_id!r}, not {base.id!r}"
        return row
    if progress.seed is not None and progress.seed != seed:
        row.notes.append(f"seed {progress.seed} in the file is not this student's ({seed}): "
                         "graded on the student's own variant")
    row.notes += [f"ignored {item}" for item in progress.ignored]
    variant = base.variant(seed)
    ids = {e.id for e in variant}
    row.notes += [f"ignored answers[{k!r}]: no such exercise" for k in progress.answers if k not in ids]
    for exercise in variant:
        entry = progress.answers.get(exercise.id)
        if entry is None or entry.answer is None:
            row.scores[exercise.id] = None
            continue
        try:
            row.scores[exercise.id] = check(exercise, entry.answer, entry.hints).score
        except AnswerError as exc:
            row.scores[exercise.id] = 0
            row.notes.append(f"{exercise.id}: unreadable answer: {exc.message('en')}")
    return row


def grade_files(base: ExerciseSet, files: Sequence[Path], course: str | None = None,
                assignment: str | None = None,
                students: Sequence[Student] | None = None) -> list[GradeRow]:
    """Grade answers files; problems become rows with an error, never exceptions.

    With ``students`` (a class list) unknown students are refused and missing ones get a row.
    """
    rows: list[GradeRow] = []
    seen: dict[str, str] = {}
    known = {s.id for s in students} if students is not None else None
    for path in files:
        try:
            progress = Progress.load(path)
        except MacaError as exc:
            rows.append(GradeRow(path.name, "", assignment or "", max_score=base.max_score,
                                 error=str(exc)))
            continue
        row = GradeRow(path.name, progress.student_id, progress.assignment, max_score=base.max_score)
        if course is not None and progress.course != course:
            row.error = f"the file is for course {progress.course!r}, not {course!r}"
        elif assignment is not None and progress.assignment != assignment:
            row.error = f"the file is for assignment {progress.assignment!r}, not {assignment!r}"
        elif known is not None and progress.student_id not in known:
            row.error = f"student {progress.student_id!r} is not in the class list"
        elif progress.student_id in seen:
            row.error = f"student {progress.student_id!r} already has answers in {seen[progress.student_id]}"
        else:
            seen[progress.student_id] = path.name
            row = grade_progress(base, progress, path.name)
        rows.append(row)
    for student in students or ():
        if student.id not in seen:
            rows.append(GradeRow("", student.id, assignment or "", max_score=base.max_score,
                                 error="no answers file"))
    return rows


def write_grades(rows: Sequence[GradeRow], base: ExerciseSet, path: str | Path) -> None:
    """``grades.csv``: assignment, student_id, one column per exercise, score, max_score,
    status and the file (notes go into status too, after the outcome)."""
    ids = [e.id for e in base]
    with open(path, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["assignment", "student_id", *ids, "score", "max_score", "status", "file"])
        for row in rows:
            cells = ["" if row.scores.get(i) is None else row.scores[i] for i in ids]
            status = "; ".join([row.status, *row.notes])
            writer.writerow([row.assignment, row.student_id, *cells, row.score, row.max_score,
                             status, row.file])


def write_chart(rows: Sequence[GradeRow], base: ExerciseSet, path: str | Path,
                title: str = "") -> None:
    """A bar chart of the class's results: the share of points won on each exercise."""
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
    fig.savefig(path, dpi=120)
    plt.close(fig)
