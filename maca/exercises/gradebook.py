"""Grades as a course system imports them: one row per student of the class list, in its order.

`gradebook_text` turns graded rows (`maca.exercises.grading.GradeRow`, from `grade_files` or the
class server's own grading) into one of `FORMATS`:

* ``csv``: the teacher's gradebook: id, name, the identifiers the class list carries, course,
  assignment, points, maximum, percentage, each question's points (numbered as the students
  saw them), how many unusual histories the file claims, the status and the file graded.
  Headers in the teacher's language; the percentage with a decimal comma when the separator is
  ``;`` (a Turkish Excel).
* ``moodle``: Moodle's "Import grades: CSV file": ``ID number`` (the class list's ``idnumber``,
  or the student id when it has none), ``Email address`` (when the list carries e-mails),
  ``First name``, ``Last name`` and one column of points named after the assignment. In
  Moodle's mapping step: "Map from" ``ID number`` (or ``Email address``) to the same user
  field, and the assignment's column to its grade item (or "new grade item").
* ``canvas``: Canvas's gradebook import: ``Student`` ("Surname, Given names"), ``ID``, ``SIS
  User ID`` (the list's, or the student id when it carries no SIS ids), ``SIS Login ID``,
  ``Section``, then the assignment's points, and a ``Points Possible`` row first.

A student with no graded file has an empty cell (an LMS leaves that grade as it is): the
teacher decides between a zero and an excuse. Files that could not be graded never make a
second row: `files_report_text` lists every file read, graded or not, and why. Names are split
for Moodle and Canvas at the last space (a Turkish register writes the surname last). Every
text is UTF-8 with a BOM (Excel needs it; Moodle and Canvas skip it), every cell
spreadsheet-safe (`maca.exercises.files.cell`).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Sequence

from ..errors import MacaError, shown
from ..words import catalogue, say
from .files import SEPARATORS, csv_text
from .grading import GradeRow, either_of, own_names
from .roster import Student
from .sets import ExerciseSet

__all__ = ["FORMATS", "gradebook_text", "files_report_text", "class_entries", "ClassEntry"]

#: the gradebook formats `gradebook_text` writes
FORMATS = ("csv", "moodle", "canvas")

catalogue("gradebook", {
    "gb_format": ("biçim {value}: şunlardan birini kullanın: {choices}", "format {value}: use {choices}"),
    "gb_separator": ("ayırıcı {value}: {choices} kullanın", "separator {value}: use {choices}"),
    "gb_student_id": ("Öğrenci No", "Student ID"),
    "gb_name": ("Adı Soyadı", "Name"),
    "gb_points": ("Puan", "Points"),
    "gb_maximum": ("En yüksek puan", "Maximum"),
    "gb_percent": ("Yüzde", "Percent"),
    "gb_question": ("S{n}", "Q{n}"),
    "gb_unusual": ("Olağan dışı", "Unusual"),
    "gb_status": ("Durum", "Status"),
    "gb_file": ("Dosya", "File"),
    "gb_graded": ("notlandı", "graded"),
    "gb_not_graded": ("notlandırılmadı: {files} (dosyalar raporuna bakın)",
                      "not graded: {files} (see the files report)"),
    "gb_second": ("{id} numaralı öğrencinin başka bir dosyası ({file}) notlandı; bu dosya "
                  "notlandırılmadı", "another file of student {id} ({file}) was graded, "
                  "not this one"),
})

#: the identifier columns the ``csv`` format writes when a student has them: field, header
_LMS_COLUMNS = (("idnumber", "ID number"), ("email", "Email address"),
                ("sis_user_id", "SIS User ID"), ("sis_login_id", "SIS Login ID"),
                ("section", "Section"))


@dataclass
class ClassEntry:
    """One student of the gradebook: their graded row (None: nothing graded) and the files
    claiming them that were not graded."""

    student: Student
    graded: GradeRow | None = None
    refused: list[GradeRow] = field(default_factory=list)


def class_entries(rows: Sequence[GradeRow], students: Sequence[Student] | None,
                  set_id: str = "", lang: str = "en") -> tuple[list[ClassEntry], list[GradeRow]]:
    """The students in class-list order, each with its graded row and refused files, and
    every file read (a row with no file and an error, a student who handed none in, is left
    out; a graded row with no file, as the class server grades its answers, is kept). Without
    a class list the students are those whose file was graded, in the rows' order. A second
    graded row for one student is refused, never a second entry. A file that could not be
    read is the student's whose own name it has (`own_names` for the set ``set_id``).

    >>> rows = [GradeRow("b.json", "s2", "A", scores={"x": 1}, max_score=1),
    ...         GradeRow("c.json", "s2", "A", error="unreadable"),
    ...         GradeRow("", "s1", "A", error="no file"),
    ...         GradeRow("answers-demo-s1.json", "", "A", error="empty")]
    >>> entries, files = class_entries(rows, [Student("s1"), Student("s2")], "demo")
    >>> [(e.student.id, e.graded and e.graded.file, [r.file for r in e.refused]) for e in entries]
    [('s1', None, ['answers-demo-s1.json']), ('s2', 'b.json', ['c.json'])]
    >>> [f.file for f in files]
    ['b.json', 'c.json', 'answers-demo-s1.json']
    >>> [e.graded.score for e in class_entries([GradeRow("", "s1", "A", scores={"x": 2})],
    ...                                        [Student("s1")])[0]]
    [2]
    """
    files = [row for row in rows if row.file or row.error is None]
    if students is None:
        students = [Student(sid) for sid in dict.fromkeys(
            row.student_id for row in files if row.error is None)]
    entries = {s.id: ClassEntry(s) for s in students}
    named = {name: s.id for s in students for name in own_names(set_id, s.id)} if set_id else {}
    for i, row in enumerate(files):
        entry = entries.get(row.student_id or named.get(row.file.casefold(), ""))
        if entry is None:
            continue
        if row.error is None and entry.graded is None:
            entry.graded = row
            continue
        if row.error is None and entry.graded is not None:
            files[i] = row = GradeRow(row.file, row.student_id, row.assignment, row.course,
                                      max_score=row.max_score, error=say(
                                          "gb_second", id=shown(row.student_id),
                                          file=entry.graded.file)[lang])
        entry.refused.append(row)
    return list(entries.values()), files


def _percent(points: int, maximum: int, separator: str) -> str:
    """A percentage to one decimal, halves up; a decimal comma beside a ``;`` separator, as a
    Turkish spreadsheet reads numbers.

    >>> _percent(7, 12, ","), _percent(1, 16, ";"), _percent(0, 0, ",")
    ('58.3', '6,3', '')
    """
    if not maximum:
        return ""
    exact = Decimal(100 * points) / Decimal(maximum)
    text = str(exact.quantize(Decimal("0.1"), ROUND_HALF_UP))
    return text.replace(".", ",") if separator == ";" else text


def _split(name: str) -> tuple[str, str]:
    """Given names and surname (the last word).

    >>> _split("Ayşe Nur Yılmaz"), _split("Can"), _split("")
    (('Ayşe Nur', 'Yılmaz'), ('', 'Can'), ('', ''))
    """
    given, _, surname = name.strip().rpartition(" ")
    return given.strip(), surname


def _common(values: Sequence[str]) -> str:
    """The most frequent non-empty value ('' when none)."""
    counted = Counter(v for v in values if v)
    return counted.most_common(1)[0][0] if counted else ""


def gradebook_text(rows: Sequence[GradeRow], students: Sequence[Student] | None,
                   base: ExerciseSet, course: str | None, assignment: str | None,
                   fmt: str = "csv", separator: str = ",", lang: str = "tr") -> str:
    """The gradebook in ``fmt`` (see the module's notes): one row per student, in class order.
    ``course`` and ``assignment`` default to those of the graded files.

    >>> from maca.exercises.sets import parse_set
    >>> base = parse_set('title = {tr = "D", en = "T"}\\n[[generate]]\\nid = "g"\\n'
    ...                  'kind = "game_winner"\\ncount = 2\\n', default_id="demo")
    >>> rows = [GradeRow("answers-demo-s2.json", "s2", "A", "C", {"g-1": 1, "g-2": 0}, 2)]
    >>> class_list = [Student("s1", "Ayşe Yılmaz"), Student("s2", "Can Öz", idnumber="i2")]
    >>> print(gradebook_text(rows, class_list, base, None, None, "canvas", lang="en"))
    ... # doctest: +NORMALIZE_WHITESPACE
    \ufeffStudent,ID,SIS User ID,SIS Login ID,Section,A
    Points Possible,,,,,2
    "Yılmaz, Ayşe",,s1,,,
    "Öz, Can",,s2,,,1
    >>> print(gradebook_text(rows, class_list, base, None, None, "moodle"))
    ... # doctest: +NORMALIZE_WHITESPACE
    \ufeffID number,First name,Last name,A
    ,Ayşe,Yılmaz,
    i2,Can,Öz,1
    >>> print(gradebook_text(rows, class_list, base, None, None, "csv", ";", "en"))
    ... # doctest: +NORMALIZE_WHITESPACE
    \ufeffStudent ID;Name;ID number;Course;Assignment;Points;Maximum;Percent;Q1;Q2;Unusual;Status;File
    s1;Ayşe Yılmaz;;C;A;;2;;;;;no answers file;
    s2;Can Öz;i2;C;A;1;2;50,0;1;0;0;graded;answers-demo-s2.json
    """
    if fmt not in FORMATS:
        raise MacaError(say("gb_format"), value=shown(fmt), choices=", ".join(FORMATS))
    if separator not in SEPARATORS:
        raise MacaError(say("gb_separator"), value=shown(separator), choices=either_of(SEPARATORS))
    entries, files = class_entries(rows, students, base.id, lang)
    graded = [e.graded for e in entries if e.graded is not None]
    course = course or _common([r.course for r in graded] or [r.course for r in files])
    assignment = assignment or _common([r.assignment for r in graded]) or base.id

    if fmt == "moodle":
        header, body = _moodle(entries, assignment)
    elif fmt == "canvas":
        header, body = _canvas(entries, assignment, base.max_score)
    else:
        header, body = _full(entries, base, course, assignment, separator, lang)
    return csv_text(header, body, separator)


Table = tuple[list[str], list[list[Any]]]


def _points(entry: ClassEntry) -> int | str:
    """The points of a student's graded file ('' when none was graded)."""
    return "" if entry.graded is None else entry.graded.score


def _moodle(entries: Sequence[ClassEntry], assignment: str) -> Table:
    """Moodle's columns: ``ID number``, ``Email address``, names, the points."""
    emails = any(e.student.email for e in entries)
    own_ids = any(e.student.idnumber for e in entries)
    header = ["ID number", *(["Email address"] if emails else []), "First name", "Last name",
              assignment]
    return header, [[e.student.idnumber if own_ids else e.student.id,
                     *([e.student.email] if emails else []), *_split(e.student.name),
                     _points(e)] for e in entries]


def _canvas(entries: Sequence[ClassEntry], assignment: str, maximum: int) -> Table:
    """Canvas's columns, the ``Points Possible`` row first."""
    own_ids = any(e.student.sis_user_id or e.student.sis_login_id for e in entries)
    body: list[list[Any]] = [["Points Possible", "", "", "", "", maximum]]
    for e in entries:
        given, surname = _split(e.student.name)
        body.append([f"{surname}, {given}" if given else surname, "",
                     e.student.sis_user_id if own_ids else e.student.id,
                     e.student.sis_login_id, e.student.section, _points(e)])
    return ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", assignment], body


def _full(entries: Sequence[ClassEntry], base: ExerciseSet, course: str, assignment: str,
          separator: str, lang: str) -> Table:
    """The teacher's gradebook: every column (see the module's notes)."""
    ids = [e.id for e in base]
    carried = [(name, title) for name, title in _LMS_COLUMNS
               if any(getattr(e.student, name) for e in entries)]
    header = [say("gb_student_id")[lang], say("gb_name")[lang], *(t for _, t in carried),
              say("course")[lang], say("assignment")[lang],
              *(say(f"gb_{key}")[lang] for key in ("points", "maximum", "percent")),
              *(say("gb_question", n=n)[lang] for n in range(1, len(ids) + 1)),
              *(say(f"gb_{key}")[lang] for key in ("unusual", "status", "file"))]
    body: list[list[Any]] = []
    for e in entries:
        row = e.graded
        scores: list[Any] = [""] * len(ids)
        if row is not None:
            status = "; ".join([say("gb_graded")[lang], *row.notes])
            scores = ["" if row.scores.get(i) is None else row.scores[i] for i in ids]
            tail: list[Any] = [len(row.unusual), status, row.file]
        else:
            status = (say("gb_not_graded", files=", ".join(r.file for r in e.refused))[lang]
                      if e.refused else say("grade_missing")[lang])
            tail = ["", status, ""]
        body.append([e.student.id, e.student.name, *(getattr(e.student, n) for n, _ in carried),
                     course, assignment, _points(e), base.max_score,
                     "" if row is None else _percent(row.score, base.max_score, separator),
                     *scores, *tail])
    return header, body


def files_report_text(rows: Sequence[GradeRow], students: Sequence[Student] | None,
                      separator: str = ",", lang: str = "tr") -> str:
    """Every file read, in the rows' order: its file, the student it claims, their name, its
    status (``ok`` or ``error: why``, then the unusual histories and other notes), its points
    when graded and how many unusual histories it claims.

    >>> rows = [GradeRow("a.json", "s1", "A", scores={"x": 1}, max_score=1),
    ...         GradeRow("b.json", "", "A", error="not valid JSON"),
    ...         GradeRow("", "s2", "A", error="no file")]
    >>> print(files_report_text(rows, [Student("s1", "Ayşe")], lang="en"))
    ... # doctest: +NORMALIZE_WHITESPACE
    \ufeffFile,Student ID,Name,Status,Points,Unusual
    a.json,s1,Ayşe,ok,1,0
    b.json,,,error: not valid JSON,,0
    """
    if separator not in SEPARATORS:
        raise MacaError(say("gb_separator"), value=shown(separator), choices=either_of(SEPARATORS))
    _, files = class_entries(rows, students, lang=lang)
    names = {s.id: s.name for s in students or ()}
    header = [say(f"gb_{key}")[lang] for key in ("file", "student_id", "name", "status")] + \
        [say("gb_points")[lang], say("gb_unusual")[lang]]
    return csv_text(header, ([row.file, row.student_id, names.get(row.student_id, ""),
                              "; ".join([row.status, *row.notes]),
                              "" if row.error else row.score, len(row.unusual)]
                             for row in files), separator)
