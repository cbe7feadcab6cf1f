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
from ..words import Text, catalogue, say
from .files import SEPARATORS, csv_text
from .grading import GradeRow, either_of, moment, own_name
from .roster import Student
from .sets import ExerciseSet

__all__ = ["FORMATS", "gradebook_text", "files_report_text", "class_entries", "ClassEntry",
           "summary_lines"]

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
    # the summary printed after grading (`summary_lines`)
    "sum_none": ("✗ {who}: cevap dosyası yok", "✗ {who}: no answers file"),
    "sum_not_graded": ("✗ {who}: notlandırılan dosyası yok: {why}",
                       "✗ {who}: no file graded: {why}"),
    "sum_refused": ("✗ {file}: notlandırılmadı: {why}", "✗ {file}: not graded: {why}"),
    "sum_refused_of": ("✗ {file} ({who}): notlandırılmadı: {why}",
                       "✗ {file} ({who}): not graded: {why}"),
    "sum_resent": ("↻ {who}: {count} dosyadan en son cevabı ({when}) taşıyan {file} "
                   "notlandırıldı; notlandırılmayan: {others}",
                   "↻ {who}: of {count} files, {file}, with the latest answer ({when}), was "
                   "graded; not graded: {others}"),
    "sum_resent_file": ("↻ {who}: {count} dosyadan en son değiştirilen {file} ({when}) "
                        "notlandırıldı (dosyalarda cevap zamanı yok); notlandırılmayan: {others}",
                        "↻ {who}: of {count} files, {file}, changed last ({when}), was graded "
                        "(the files carry no answer times); not graded: {others}"),
    "sum_resent_name": ("↻ {who}: {count} dosya aynı derecede yeni ({when}); araçların verdiği "
                        "adı taşıyan {file} notlandırıldı; notlandırılmayan: {others}",
                        "↻ {who}: {count} files equally recent ({when}); {file}, with the name "
                        "the tools give, was graded; not graded: {others}"),
    "sum_odd_name": ("⚠ {file}, {who} adına notlandırıldı ama adı öğrencinin numarasını "
                     "taşımıyor: kimin yüklediğini ders sisteminden denetleyin",
                     "⚠ {file} was graded as {who}'s, but its name does not name the student: "
                     "check who uploaded it in the course system"),
    "sum_copy": ("⚠ Kopya olabilir: {who} öğrencisinin dosyasındaki ({file}) cevaplar kendi "
                 "sorularına değil, {author} öğrencisinin sorularına uyuyor: {why}",
                 "⚠ Possibly copied: the answers in {who}'s file ({file}) fit {author}'s "
                 "questions, not their own: {why}"),
    "sum_copy_seed": ("dosya {author} için kurulan sorularla yapılmış",
                      "the file was made on the questions built for {author}"),
    "sum_copy_answers": ("{n} yanlış cevabı {author} öğrencisinin doğru cevabıyla aynı "
                         "({questions})",
                         "{n} of its wrong answers are {author}'s right answers ({questions})"),
    "sum_same_wrong": ("⚠ Aynı yanlışlar: {a} ile {b}, birbirinden farklı sorularda {n} kez aynı "
                       "yanlış cevabı vermiş ({questions})",
                       "⚠ The same wrong answers: {a} and {b} gave the same wrong answer to "
                       "questions that differ between them {n} times ({questions})"),
    "sum_unusual": ("⚠ {files} olağan dışı bir geçmiş bildiriyor (araçların hiç yazmadığı "
                    "ipucu, deneme, çözüm ya da zaman kayıtları: elle değiştirilmiş olabilir); "
                    "ipuçları: {hints}:",
                    "⚠ {files} unusual histories (hints, tries, solutions or times "
                    "the tools never record: possibly edited by hand); hints: {hints}:"),
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
    read is the student's whose own name it has (`own_name` for the set ``set_id``).

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
    def owner(row: GradeRow) -> str:
        if row.student_id or not set_id:
            return row.student_id
        return next((s.id for s in students if own_name(row.file, set_id, s.id)), "")

    for i, row in enumerate(files):
        entry = entries.get(owner(row))
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


def _who(sid: str, names: dict[str, str]) -> str:
    """A student as the summary names them: ``Ayşe Yılmaz (2024001)``, or the id alone."""
    name = names.get(sid, "")
    return f"{name} ({sid})" if name else sid


def _copies(graded: Sequence[GradeRow], questions: dict[str, int], names: dict[str, str],
            lang: str) -> list[str]:
    """Lines for files whose answers fit another student's variant, and for students giving
    the same wrong answers to questions that differ between their variants."""
    from .progress import student_seed
    lines: list[str] = []
    seeds = {student_seed(r.course, r.assignment, r.student_id): r.student_id for r in graded}

    def listed(keys: Sequence[str]) -> str:
        return ", ".join(say("gb_question", n=questions.get(k, "?"))[lang]
                         for k in sorted(keys, key=lambda k: questions.get(k, 0)))

    copied: set[tuple[str, str]] = set()
    for b in graded:
        wrong = [k for k in b.given if k not in b.passed]
        for a in graded:
            if a is b:
                continue
            same = [k for k in b.given if a.given.get(k) == b.given[k]]
            fits = [k for k in same if k in a.passed and k not in b.passed]
            both = [k for k in b.given if k in a.given]
            by_seed = b.file_seed is not None and seeds.get(b.file_seed) == a.student_id
            by_answers = len(fits) >= 3 and (4 * len(same) >= 3 * len(both)
                                             or 2 * len(fits) >= len(wrong))
            if not (by_seed or by_answers):
                continue
            copied.add((a.student_id, b.student_id))
            why = []
            if by_seed:
                why.append(say("sum_copy_seed", author=_who(a.student_id, names))[lang])
            if fits:
                why.append(say("sum_copy_answers", n=len(fits), author=_who(a.student_id, names),
                               questions=listed(fits))[lang])
            lines.append(say("sum_copy", who=_who(b.student_id, names), file=b.file,
                             author=_who(a.student_id, names), why="; ".join(why))[lang])
    for i, a in enumerate(graded):
        for b in graded[i + 1:]:
            if (a.student_id, b.student_id) in copied or (b.student_id, a.student_id) in copied:
                continue
            differ = [k for k in a.given if k in b.given and a.shown.get(k) != b.shown.get(k)]
            wrong_a = [k for k in differ if k not in a.passed]
            wrong_b = [k for k in differ if k not in b.passed]
            same = [k for k in wrong_a if k in wrong_b and a.given[k] == b.given[k]]
            if len(same) >= 3 and 2 * len(same) >= min(len(wrong_a), len(wrong_b)):
                lines.append(say("sum_same_wrong", a=_who(a.student_id, names),
                                 b=_who(b.student_id, names), n=len(same),
                                 questions=listed(same))[lang])
    return lines


def summary_lines(rows: Sequence[GradeRow], students: Sequence[Student] | None,
                  base: ExerciseSet, hints: str = "counted", lang: str = "tr") -> list[str]:
    """What the teacher reads after grading, each thing said once: the students of the class
    list with nothing graded (and why), the other files not graded, the re-sent files (which
    one was graded, and why), files graded under another name, possible copies (answers that
    fit another student's variant, the same wrong answers to different questions) and unusual
    histories (hand-edited files), students named from the class list."""
    entries, files = class_entries(rows, students, base.id, lang)
    names = {s.id: s.name for s in students or ()}
    questions = {e.id: n for n, e in enumerate(base, 1)}
    lines: list[str] = []
    said: set[int] = set()
    for entry in entries if students is not None else ():
        if entry.graded is not None:
            continue
        who = _who(entry.student.id, names)
        if not entry.refused:
            lines.append(say("sum_none", who=who)[lang])
            continue
        said.update(id(r) for r in entry.refused)
        lines.append(say("sum_not_graded", who=who, why="; ".join(
            f"{r.file}: {r.error}" for r in entry.refused))[lang])
    for row in files:
        if row.error is None or id(row) in said or row.superseded:
            continue
        if row.student_id:
            lines.append(say("sum_refused_of", file=row.file, who=_who(row.student_id, names),
                             why=row.error)[lang])
        else:
            lines.append(say("sum_refused", file=row.file, why=row.error)[lang])
    graded = [e.graded for e in entries if e.graded is not None]
    for row in graded:
        who = _who(row.student_id, names)
        if row.resent:
            others = ", ".join(f"{f} ({w})" for f, w in row.resent)
            key = {"name": "sum_resent_name", "time": "sum_resent"}.get(row.chosen_by,
                                                                        "sum_resent_file")
            lines.append(say(key, who=who, count=len(row.resent) + 1, file=row.file,
                             when=moment(row.latest), others=others)[lang])
        if row.odd_name:
            lines.append(say("sum_odd_name", file=row.file, who=who)[lang])
    lines += _copies(graded, questions, names, lang)
    odd = [row for row in graded if row.unusual]
    if odd:
        count = Text(f"{len(odd)} dosya", f"{len(odd)} file" + (" claims" if len(odd) == 1
                                                                 else "s claim"))
        lines.append(say("sum_unusual", files=count, hints=hints)[lang])
        lines += [f"  {_who(row.student_id, names)}, {row.file}: " + "; ".join(row.unusual)
                  for row in odd]
    return lines
