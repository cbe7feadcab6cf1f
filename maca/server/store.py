"""The class server's data: every operation the web layer needs, one short transaction each.

``ClassStore(url)`` opens (and migrates) the database; every method takes keyword arguments,
returns frozen dataclasses, and raises only `maca.server.errors.ServerError` subclasses, each
with its message in Turkish and English. A refused call changes nothing. A teacher never
reaches another teacher's class: it is "not found", as a missing one is.

The API (what the web layer calls)::

    store = ClassStore(url)                  # migrates on open; store.close() at the end
    store.secret() -> bytes                  # 32 random bytes made once, shared by processes
    store.teacher_count() -> int
    store.add_teacher(name=, password=) -> TeacherInfo        # argon2 (maca.server.passwords)
    store.check_teacher(name=, password=) -> TeacherInfo | None
    store.teacher(teacher_id=) -> TeacherInfo | None
    store.create_class(teacher_id=, course=, class_list=bytes, source_name=) -> ClassInfo
    store.classes(teacher_id=) -> list[ClassInfo]
    store.class_info(teacher_id=, class_id=) -> ClassInfo
    store.students(teacher_id=, class_id=) -> list[StudentInfo]      # class-list order
    store.open_assignment(teacher_id=, class_id=, set_id=, name=, due=None, hints="counted")
        -> AssignmentInfo
    store.assignments(teacher_id=, class_id=) -> list[AssignmentInfo]
    store.assignment(teacher_id=, assignment_id=) -> AssignmentInfo
    store.join(class_code=, join_code=) -> tuple[str, StudentInfo]   # (session token, student)
    store.student_by_token(token=) -> StudentInfo | None
    store.sign_out(token=) -> bool
    store.save_answers(token=, assignment_id=, client_id=, document=str) -> SaveResult
    store.my_progress(token=) -> list[tuple[AssignmentInfo, ProgressInfo | None]]
    store.class_table(teacher_id=, assignment_id=) -> ClassTable
    store.versions(teacher_id=, assignment_id=, exercise_id=) -> list[QuestionVersion]
    store.import_file(teacher_id=, assignment_id=, data=bytes, name=) -> SaveResult
    store.export(teacher_id=, assignment_id=, fmt="csv", separator=",", lang="tr")
        -> ExportFile                        # fmt: one of EXPORTS

The engine decides: a save is read as an answers file (`Progress.from_json`), must be the
session student's, for the assignment's course, name and set, and is graded again with
`maca.exercises.grading.grade_progress` on the student's own variant with the assignment's
hints policy; nothing the client says about a score counts. A save is idempotent by its
``client_id``: sent again, it returns the same result and inserts nothing. It is committed
before the call returns, so a confirmed save survives the server's death. Of two saves, the
later one received is the student's progress, unless it is an earlier snapshot of the one
kept (no exercise with more tries, hints or a solution seen, and at least one with fewer):
an old save arriving late never replaces newer answers.

>>> import tempfile
>>> store = ClassStore(f"sqlite:///{tempfile.mkdtemp()}/class.db")
>>> teacher = store.add_teacher(name="Ayşe Hoca", password="tebeşir tozu")
>>> made = store.create_class(teacher_id=teacher.id, course="9A", source_name="9a.csv",
...                           class_list="student_id;name\\n7;Gül\\n".encode("cp1254"))
>>> hw = store.open_assignment(teacher_id=teacher.id, class_id=made.id, set_id="passing",
...                            name="hw1")
>>> student, = store.students(teacher_id=teacher.id, class_id=made.id)
>>> token, me = store.join(class_code=made.code, join_code=student.join_code)
>>> answers = Progress("9A", "hw1", "7", "passing")
>>> answers.record("pass-1", find_set("passing")["pass-1"].answer())
>>> saved = store.save_answers(token=token, assignment_id=hw.id, client_id="c1",
...                            document=answers.to_json())
>>> me.name, saved.scores["pass-1"], saved.score, saved.duplicate
('Gül', 1, 1, False)
>>> store.close()
"""
from __future__ import annotations

import datetime as dt
import functools
import hashlib
import secrets
import tempfile
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any, Sequence

from sqlalchemy import Engine, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from ..errors import MacaError, shown
from ..exercises import gradebook, grading
from ..exercises.files import SEPARATORS, unsafe_chars
from ..exercises.model import Exercise
from ..exercises.progress import MAX_BYTES, Progress, student_seed
from ..exercises.roster import ClassListError, Student as RosterStudent, decode_class, file_stem
from ..exercises.session import answers_file_name
from ..exercises.sets import SET_FOLDERS, ExerciseSet, find_set, set_names
from ..exercises.text import AnswersFileError
from ..words import Text
from . import models as m
from .db import engine_for, migrate, writing
from .errors import AnswersRefused, InputError, NotFoundError, SignInError, TakenError
from .passwords import DUMMY_HASH, hash_password, needs_rehash, verify_password
from .tabledata import TableData

__all__ = ["ClassStore", "TeacherInfo", "ClassInfo", "StudentInfo", "AssignmentInfo",
           "ProgressInfo", "SaveResult", "ClassTable", "Column", "TableRow", "ExerciseStat",
           "QuestionVersion", "ExportFile", "EXPORTS", "MAX_SESSIONS",
           "CODE_ALPHABET", "normal_code"]

#: the letters of class and join codes: no 0/O, 1/I/L that a child would misread
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CLASS_CODE_LENGTH = 6
JOIN_CODE_LENGTH = 8
#: the longest client id of a save (the page sends a UUID)
MAX_CLIENT_ID = 80
#: the most browsers one student may be signed in on at once (a new one ends the oldest)
MAX_SESSIONS = 10
#: a session's last_seen is written at most this often
_SEEN_EVERY = dt.timedelta(minutes=1)
_SECRET = "cookie_key"

def normal_code(code: object) -> str:
    """A code as typed (any case, spaces or dashes) in the form it is stored.

    >>> normal_code(" ab3d-7k9q "), normal_code(5), normal_code("AB\\x00")
    ('AB3D7K9Q', '', '')
    """
    if not isinstance(code, str):
        return ""
    code = "".join(code.split()).replace("-", "").upper()[:32]
    return code if all(c in CODE_ALPHABET for c in code) else ""


def _code(length: int) -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def _token_hash(token: object) -> str | None:
    if not isinstance(token, str) or not 20 <= len(token) <= 100:
        return None
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


# ---- results ------------------------------------------------------------------------------

@dataclass(frozen=True)
class TeacherInfo:
    """A teacher's account (never the password's hash)."""

    id: int
    name: str
    created: dt.datetime


@dataclass(frozen=True)
class ClassInfo:
    """A class: its course (the name in the variants' seeds) and class code. ``note`` says,
    on creation only, how the class list was read when it was not plain UTF-8."""

    id: int
    teacher_id: int
    course: str
    code: str
    created: dt.datetime
    students: int
    source_name: str
    note: Text | None = None


@dataclass(frozen=True)
class StudentInfo:
    """A student of a class, with their join code (``id`` is the database's key; the class
    list's id is ``student_id``)."""

    id: int
    class_id: int
    course: str
    student_id: str
    name: str
    position: int
    join_code: str


@dataclass(frozen=True)
class AssignmentInfo:
    """An exercise set opened for a class (``name`` is the assignment in the seeds)."""

    id: int
    class_id: int
    set_id: str
    name: str
    due: dt.datetime | None
    hints: str
    created: dt.datetime
    title: Text
    max_score: int


@dataclass(frozen=True)
class ProgressInfo:
    """A student's latest answers for an assignment, as the engine graded them."""

    assignment_id: int
    student_pk: int
    scores: dict[str, int | None]
    score: int
    max_score: int
    unusual: tuple[Text, ...]
    notes: tuple[Text, ...]
    updated: dt.datetime
    document: str


@dataclass(frozen=True)
class SaveResult:
    """What a save came to: the student's scores for the assignment after it. ``duplicate``:
    this ``client_id`` was saved before (nothing inserted); ``kept`` False: an earlier
    snapshot than the answers kept, logged but not made the progress."""

    client_id: str
    assignment_id: int
    class_id: int
    student_pk: int
    scores: dict[str, int | None]
    score: int
    max_score: int
    duplicate: bool = False
    kept: bool = True


@dataclass(frozen=True)
class Column:
    """One exercise of the set, numbered as the students see it."""

    id: str
    number: int
    kind: str
    points: int
    prompt: Text


@dataclass(frozen=True)
class TableRow:
    """One student's line in the class table (``progress`` None: nothing answered yet)."""

    student: StudentInfo
    progress: ProgressInfo | None

    @property
    def answered(self) -> bool:
        """Whether any save of this student has arrived."""
        return self.progress is not None

    @property
    def unusual(self) -> tuple[Text, ...]:
        """The histories the tools never write (`GradeRow.unusual`), as ``grade`` flags them."""
        return self.progress.unusual if self.progress else ()


@dataclass(frozen=True)
class ExerciseStat:
    """How the class did on one exercise: ``missed`` answered without full points."""

    column: Column
    answered: int
    right: int
    missed: int
    points_won: int


@dataclass(frozen=True)
class ClassTable:
    """Students × exercises of one assignment, in class-list order, with the statistics per
    exercise, the most missed first (then by number)."""

    assignment: AssignmentInfo
    course: str
    columns: tuple[Column, ...]
    rows: tuple[TableRow, ...]
    stats: tuple[ExerciseStat, ...]


@dataclass(frozen=True)
class QuestionVersion:
    """One student's own version of an exercise (their variant), with their answer and score;
    draw it with `maca.exercises.model.situation_html` and ``exercise.prompt``."""

    student: StudentInfo
    exercise: Exercise
    answer: Any
    score: int | None


@dataclass(frozen=True)
class ExportFile:
    """A file to download: its name, media type and bytes."""

    name: str
    media_type: str
    data: bytes


# ---- the engine's sets, cached (a variant is a pure function of the set and the seed) ------

class _CachedSet(ExerciseSet):
    """An exercise set whose variants are made once per seed and kept (`_variant`): the
    grader asks for the student's variant at every save, and a variant's questions keep what
    they have computed (a pass question's simulated deals)."""

    def variant(self, seed: int) -> ExerciseSet:
        return _variant(self.id, seed)


@functools.lru_cache(maxsize=64)
def _base(set_id: str) -> ExerciseSet:
    # by its file, not its name: a folder named like a set where the server runs is no set
    path = next((folder / f"{set_id}.toml" for folder in SET_FOLDERS
                 if (folder / f"{set_id}.toml").is_file()), None)
    found = find_set(path or set_id)
    return _CachedSet(**{f.name: getattr(found, f.name) for f in fields(found)})


@functools.lru_cache(maxsize=1024)
def _variant(set_id: str, seed: int) -> ExerciseSet:
    return ExerciseSet.variant(_base(set_id), seed)


def _progress_texts(texts: dict[str, list[str]]) -> tuple[Text, ...]:
    return tuple(Text(tr, en) for tr, en in zip(texts.get("tr", []), texts.get("en", [])))


def _earlier(new: Progress, kept: Progress) -> bool:
    """Whether ``new`` is a snapshot taken before ``kept`` (see the module's notes)."""
    if new.answers == kept.answers:
        return False
    for key, entry in new.answers.items():
        old = kept.answers.get(key)
        if old is None or entry.tries > old.tries or entry.hints > old.hints:
            return False
        if entry.solution_seen and not old.solution_seen:
            return False
        if entry.tries == old.tries and entry != old:
            return False
    return True


# ---- exports: the one call that writes a graded assignment as a file ---------------------

#: the formats `ClassStore.export` writes: the gradebook's (`maca.exercises.gradebook`)
EXPORTS = gradebook.FORMATS


# ---- the store -----------------------------------------------------------------------------

class ClassStore(TableData):
    """The class server's database (see the module's notes for the API)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = engine_for(url)
        migrate(self.engine)
        self._read = sessionmaker(self.engine, expire_on_commit=False)
        self._writer = writing(self.engine)
        self._write = sessionmaker(self._writer, expire_on_commit=False)

    def close(self) -> None:
        """Close the database's connections (a store not closed loses nothing either)."""
        self.engine.dispose()

    def __enter__(self) -> ClassStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the server's settings --

    def secret(self) -> bytes:
        """The key the server signs cookies with: made once, the same for every process."""
        with self._read() as session:
            row = session.get(m.Setting, _SECRET)
            if row is not None:
                return row.value
        try:
            with self._write.begin() as session:
                session.add(m.Setting(name=_SECRET, value=secrets.token_bytes(32)))
        except IntegrityError:          # another process made it first
            pass
        with self._read() as session:
            return session.execute(select(m.Setting.value).where(
                m.Setting.name == _SECRET)).scalar_one()

    # -- teachers --

    def teacher_count(self) -> int:
        """How many teachers have an account."""
        with self._read() as session:
            return session.scalar(select(func.count()).select_from(m.Teacher)) or 0

    def add_teacher(self, *, name: str, password: str) -> TeacherInfo:
        """A new teacher's account (`TakenError` when the name is in use)."""
        name = _field(name, Text("öğretmen adı", "teacher's name"), 100)
        if not _storable(password) or not 8 <= len(password) <= 1000:
            raise InputError(Text("parola en az 8, en çok 1000 karakter olmalı",
                                  "a password has at least 8 and at most 1000 characters"))
        digest = hash_password(password)
        try:
            with self._write.begin() as session:
                if session.scalar(select(m.Teacher.id).where(m.Teacher.name == name)) is None:
                    teacher = m.Teacher(name=name, password_hash=digest, created=m.now())
                    session.add(teacher)
                    session.flush()
                    return _teacher_info(teacher)
        except IntegrityError:      # the same name, added by another process at that moment
            pass
        raise TakenError(Text(f"{shown(name)} adında bir öğretmen zaten var: başka bir ad "
                                  "seç", f"there is already a teacher named {shown(name)}: "
                                  "choose another name"))

    def check_teacher(self, *, name: str, password: str) -> TeacherInfo | None:
        """The teacher with this name and password, or None (as slow for an unknown name)."""
        if not _storable(name) or not _storable(password) or len(password) > 1000:
            return None
        with self._read() as session:
            teacher = session.scalar(select(m.Teacher).where(m.Teacher.name == name.strip()))
        if teacher is None:
            verify_password(DUMMY_HASH, password)
            return None
        if not verify_password(teacher.password_hash, password):
            return None
        if needs_rehash(teacher.password_hash):
            with self._write.begin() as session:
                session.get_one(m.Teacher, teacher.id).password_hash = hash_password(password)
        return _teacher_info(teacher)

    def teacher(self, *, teacher_id: int) -> TeacherInfo | None:
        """The teacher with this id (a session's), or None."""
        with self._read() as session:
            teacher = session.get(m.Teacher, teacher_id) if _is_id(teacher_id) else None
            return _teacher_info(teacher) if teacher else None

    # -- classes --

    def create_class(self, *, teacher_id: int, course: str, class_list: bytes,
                     source_name: str) -> ClassInfo:
        """A class from a class list file's bytes (read as ``sheets`` and ``grade`` read it):
        a class code, and a join code for each student."""
        course = _field(course, Text("ders adı", "course name"), 200)
        source_name = _field(source_name or "class.csv", Text("dosya adı", "file name"), 300)
        try:
            roster = decode_class(class_list, source_name)
        except ClassListError as exc:
            raise InputError(exc.text) from None
        with self._write.begin() as session:
            if not _is_id(teacher_id) or session.get(m.Teacher, teacher_id) is None:
                raise _not_found(Text("öğretmen", "teacher"))
            code = _code(CLASS_CODE_LENGTH)
            while session.scalar(select(m.SchoolClass.id).where(m.SchoolClass.code == code)):
                code = _code(CLASS_CODE_LENGTH)
            school_class = m.SchoolClass(teacher_id=teacher_id, course=course, code=code,
                                         source_name=source_name, created=m.now())
            session.add(school_class)
            session.flush()
            codes: set[str] = set()
            for position, student in enumerate(roster):
                join_code = _code(JOIN_CODE_LENGTH)
                while join_code in codes:
                    join_code = _code(JOIN_CODE_LENGTH)
                codes.add(join_code)
                session.add(m.Student(class_id=school_class.id, student_id=student.id,
                                      name=student.name, position=position, join_code=join_code,
                                      **_lms_ids(student)))
            return _class_info(school_class, len(roster), roster.note)

    def classes(self, *, teacher_id: int) -> list[ClassInfo]:
        """The teacher's classes, the newest first."""
        if not _is_id(teacher_id):
            return []
        with self._read() as session:
            counts = (select(m.Student.class_id, func.count().label("n"))
                      .group_by(m.Student.class_id).subquery())
            rows = session.execute(
                select(m.SchoolClass, func.coalesce(counts.c.n, 0))
                .outerjoin(counts, counts.c.class_id == m.SchoolClass.id)
                .where(m.SchoolClass.teacher_id == teacher_id)
                .order_by(m.SchoolClass.created.desc(), m.SchoolClass.id.desc())).all()
            return [_class_info(c, n) for c, n in rows]

    def class_info(self, *, teacher_id: int, class_id: int) -> ClassInfo:
        """One of the teacher's classes (`NotFoundError` for any other)."""
        with self._read() as session:
            school_class = _own_class(session, teacher_id, class_id)
            count = session.scalar(select(func.count()).select_from(m.Student)
                                   .where(m.Student.class_id == class_id)) or 0
            return _class_info(school_class, count)

    def students(self, *, teacher_id: int, class_id: int) -> list[StudentInfo]:
        """The students of one of the teacher's classes, in class-list order, with join codes."""
        with self._read() as session:
            school_class = _own_class(session, teacher_id, class_id)
            return [_student_info(s, school_class.course) for s in _class_students(session, class_id)]

    # -- assignments --

    def open_assignment(self, *, teacher_id: int, class_id: int, set_id: str, name: str,
                        due: dt.datetime | None = None, hints: str = "counted") -> AssignmentInfo:
        """Open an exercise set for a class; ``name`` is the assignment in the variants' seeds
        (unique in the class), ``hints`` ``counted`` or ``ignored`` as ``grade --hints``."""
        if not isinstance(set_id, str) or set_id not in set_names():
            raise InputError(Text(f"{shown(set_id)} adında bir alıştırma seti yok; setler: "
                                  f"{', '.join(set_names())}",
                                  f"there is no exercise set {shown(set_id)}; the sets: "
                                  f"{', '.join(set_names())}"))
        name = _field(name, Text("ödevin adı", "assignment's name"), 200)
        if hints not in grading.HINTS:
            raise InputError(Text(f"ipuçları {shown(hints)} olamaz: counted (sayılır) ya da "
                                  "ignored (sayılmaz) seç",
                                  f"hints cannot be {shown(hints)}: choose counted or ignored"))
        if due is not None and (not isinstance(due, dt.datetime) or due.tzinfo is None):
            raise InputError(Text("son gün saat dilimiyle bir zaman olmalı",
                                  "the due time must be a time with its time zone"))
        due = due.astimezone(dt.timezone.utc) if due is not None else None
        try:
            with self._write.begin() as session:
                _own_class(session, teacher_id, class_id)
                if session.scalar(select(m.Assignment.id).where(
                        m.Assignment.class_id == class_id, m.Assignment.name == name)) is None:
                    assignment = m.Assignment(class_id=class_id, set_id=set_id, name=name,
                                              due=due, hints=hints, created=m.now())
                    session.add(assignment)
                    session.flush()
                    return _assignment_info(assignment)
        except IntegrityError:      # the same name, opened by another process at that moment
            pass
        raise TakenError(Text(f"bu sınıfta {shown(name)} adında bir ödev zaten var: başka "
                                  "bir ad seç", f"this class already has an assignment named "
                                  f"{shown(name)}: choose another name"))

    def assignments(self, *, teacher_id: int, class_id: int) -> list[AssignmentInfo]:
        """The assignments of one of the teacher's classes, the oldest first."""
        with self._read() as session:
            _own_class(session, teacher_id, class_id)
            return [_assignment_info(a) for a in _class_assignments(session, class_id)]

    def assignment(self, *, teacher_id: int, assignment_id: int) -> AssignmentInfo:
        """One assignment of one of the teacher's classes (`NotFoundError` otherwise)."""
        with self._read() as session:
            return _assignment_info(_own_assignment(session, teacher_id, assignment_id)[0])

    # -- students --

    def join(self, *, class_code: str, join_code: str) -> tuple[str, StudentInfo]:
        """A student signs in with the class code and their join code: a new session token
        (give it back as the cookie) and the student."""
        class_code, join_code = normal_code(class_code), normal_code(join_code)
        token = secrets.token_urlsafe(32)
        with self._write.begin() as session:
            found = session.execute(
                select(m.Student, m.SchoolClass.course).join(m.SchoolClass)
                .where(m.SchoolClass.code == class_code, m.Student.join_code == join_code)).first()
            if found is None:
                raise SignInError(Text("sınıf kodu ya da katılma kodu yanlış: kartındaki "
                                       "kodları denetle", "the class code or the join code is "
                                       "wrong: check the codes on your card"))
            student, course = found
            moment = m.now()
            session.add(m.StudentSession(token_hash=_token_hash(token), student_pk=student.id,
                                         created=moment, last_seen=moment))
            session.flush()
            older = session.scalars(
                select(m.StudentSession.token_hash).where(m.StudentSession.student_pk == student.id)
                .order_by(m.StudentSession.last_seen.desc(), m.StudentSession.created.desc())
                .offset(MAX_SESSIONS)).all()
            for key in older:        # the browsers least recently seen sign out
                session.delete(session.get_one(m.StudentSession, key))
            return token, _student_info(student, course)

    def student_by_token(self, *, token: str) -> StudentInfo | None:
        """The student of a session token, or None (unknown, or signed out)."""
        key = _token_hash(token)
        if key is None:
            return None
        with self._read() as session:
            found = session.execute(
                select(m.StudentSession.last_seen, m.Student, m.SchoolClass.course)
                .join(m.Student, m.Student.id == m.StudentSession.student_pk)
                .join(m.SchoolClass).where(m.StudentSession.token_hash == key)).first()
        if found is None:
            return None
        seen, student, course = found
        if m.now() - seen > _SEEN_EVERY:
            with self._write.begin() as session:
                row = session.get(m.StudentSession, key)
                if row is not None:
                    row.last_seen = m.now()
        return _student_info(student, course)

    def sign_out(self, *, token: str) -> bool:
        """End a student's session: whether there was one (an unknown token changes nothing)."""
        key = _token_hash(token)
        if key is None:
            return False
        with self._write.begin() as session:
            row = session.get(m.StudentSession, key)
            if row is not None:
                session.delete(row)
            return row is not None

    def my_progress(self, *, token: str) -> list[tuple[AssignmentInfo, ProgressInfo | None]]:
        """The signed-in student's assignments, each with their own progress (or None)."""
        with self._read() as session:
            student = _session_student(session, token)
            done = {p.assignment_id: p for p in session.scalars(
                select(m.Progress).where(m.Progress.student_pk == student.id))}
            return [(_assignment_info(a), _progress_info(done[a.id]) if a.id in done else None)
                    for a in _class_assignments(session, student.class_id)]

    # -- answers --

    def prepare(self, *, token: str) -> int:
        """Make the signed-in student's variants of their assignments (a socket opens before
        the first answer), so that their first save is graded as quickly as the next ones.
        Returns how many were made ready."""
        with self._read() as session:
            student = _session_student(session, token)
            course = session.get_one(m.SchoolClass, student.class_id).course
            wanted = [(a.set_id, a.name) for a in _class_assignments(session, student.class_id)]
        for set_id, name in wanted:
            _variant(set_id, student_seed(course, name, student.student_id))
        return len(wanted)

    def save_answers(self, *, token: str, assignment_id: int, client_id: str,
                     document: str) -> SaveResult:
        """Save a student's answers file (its whole text) for an assignment; see the module's
        notes for what is checked. Committed before it returns."""
        client_id = _client_id(client_id)
        text = _document_text(document)
        with self._read() as session:
            student = _session_student(session, token)
            assignment = session.get(m.Assignment, assignment_id) if _is_id(
                assignment_id) else None
            if assignment is None or assignment.class_id != student.class_id:
                raise _not_found(Text("ödev", "assignment"))
            course = session.get_one(m.SchoolClass, student.class_id).course
            before = _event_result(session, student.id, assignment, client_id, text)
            if before is not None:
                return before
        return self._save(student, assignment, course, client_id, text, None)

    def import_file(self, *, teacher_id: int, assignment_id: int, data: bytes,
                    name: str) -> SaveResult:
        """A downloaded answers file brought in by the teacher (files stay a fallback): it
        must be for this class's course, this assignment and set, and a student of the class.
        The same file imported twice counts once."""
        source = _field(name or "answers.json", Text("dosya adı", "file name"), 300)
        if not isinstance(data, bytes) or len(data) > MAX_BYTES:
            raise AnswersRefused(Text(f"{source}: bir cevap dosyası en çok {MAX_BYTES:,} bayt "
                                      "olur".replace(",", "."), f"{source}: an answers file "
                                      f"has at most {MAX_BYTES:,} bytes"))
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise AnswersRefused(Text(f"{source}: UTF-8 metni değil (bayt {exc.start}): bir "
                                      "cevap dosyası değil", f"{source}: not UTF-8 text (byte "
                                      f"{exc.start}): not an answers file")) from None
        progress = _parse(_document_text(text), source)
        client_id = "file-" + hashlib.sha256(data).hexdigest()[:40]
        with self._read() as session:
            assignment, school_class = _own_assignment(session, teacher_id, assignment_id)
            student = session.scalar(select(m.Student).where(
                m.Student.class_id == school_class.id,
                m.Student.student_id == progress.student_id))
            if student is None:
                raise AnswersRefused(Text(f"{source}: {shown(progress.student_id)} numaralı "
                                          "öğrenci bu sınıfın listesinde yok",
                                          f"{source}: student {shown(progress.student_id)} is "
                                          "not in this class's list"))
            before = _event_result(session, student.id, assignment, client_id, text)
            if before is not None:
                return before
        return self._save(student, assignment, school_class.course, client_id, text, source)

    def _save(self, student: m.Student, assignment: m.Assignment, course: str, client_id: str,
              text: str, source: str | None) -> SaveResult:
        """Check, grade (outside any transaction), then log and keep in one transaction."""
        where = source or Text("gönderilen cevaplar", "the answers sent")
        progress = _parse(text, where)
        _same_work(progress, course, assignment, student, where)
        base = _base(assignment.set_id)
        row = _grade(base, progress, assignment.hints, "tr")
        english = _grade(base, progress, assignment.hints, "en") if row.notes else row
        with self._write.begin() as session:
            session.execute(select(m.Student.id).where(m.Student.id == student.id)
                            .with_for_update())          # saves of one student take turns
            before = _event_result(session, student.id, assignment, client_id, text)
            if before is not None:
                return before
            kept = session.get(m.Progress, (assignment.id, student.id))
            keep = kept is None or not _earlier(progress, Progress.from_json(kept.document))
            moment = m.now()
            if kept is None:
                kept = m.Progress(assignment_id=assignment.id, student_pk=student.id)
                session.add(kept)
            if keep:
                texts = {"unusual": {"tr": row.unusual, "en": english.unusual},
                         "notes": {"tr": row.notes, "en": english.notes}}
                kept.document, kept.scores = text, dict(row.scores)
                kept.score, kept.max_score, kept.updated = row.score, row.max_score, moment
                kept.unusual, kept.notes = texts["unusual"], texts["notes"]
            session.add(m.AnswerEvent(assignment_id=assignment.id, student_pk=student.id,
                                      client_id=client_id, received=moment, source=source,
                                      document=text, scores=dict(kept.scores), score=kept.score,
                                      max_score=kept.max_score))
            return SaveResult(client_id, assignment.id, student.class_id, student.id,
                              dict(kept.scores), kept.score, kept.max_score, False, keep)

    # -- the teacher's view --

    def class_table(self, *, teacher_id: int, assignment_id: int) -> ClassTable:
        """Students × exercises of one assignment (see `ClassTable`)."""
        with self._read() as session:
            assignment, school_class = _own_assignment(session, teacher_id, assignment_id)
            students = _class_students(session, school_class.id)
            done = {p.student_pk: p for p in session.scalars(
                select(m.Progress).where(m.Progress.assignment_id == assignment.id))}
            info = _assignment_info(assignment)
        base = _base(assignment.set_id)
        columns = tuple(Column(e.id, number, e.kind, e.points, e.prompt)
                        for number, e in enumerate(base, 1))
        rows = tuple(TableRow(_student_info(s, school_class.course),
                              _progress_info(done[s.id]) if s.id in done else None)
                     for s in students)
        stats = []
        for column in columns:
            given = [r.progress.scores.get(column.id) for r in rows if r.progress]
            answered = [score for score in given if score is not None]
            right = sum(1 for score in answered if score >= column.points)
            stats.append(ExerciseStat(column, len(answered), right, len(answered) - right,
                                      sum(answered)))
        stats.sort(key=lambda s: (-s.missed, s.column.number))
        return ClassTable(info, school_class.course, columns, rows, tuple(stats))

    def versions(self, *, teacher_id: int, assignment_id: int,
                 exercise_id: str) -> list[QuestionVersion]:
        """Every student's own version of one exercise (their variant), in class-list order."""
        with self._read() as session:
            assignment, school_class = _own_assignment(session, teacher_id, assignment_id)
            students = _class_students(session, school_class.id)
            done = {p.student_pk: p for p in session.scalars(
                select(m.Progress).where(m.Progress.assignment_id == assignment.id))}
        if not isinstance(exercise_id, str) or exercise_id not in {
                e.id for e in _base(assignment.set_id)}:
            raise _not_found(Text("alıştırma", "exercise"))
        out = []
        for student in students:
            seed = student_seed(school_class.course, assignment.name, student.student_id)
            exercise = _variant(assignment.set_id, seed)[exercise_id]
            answer, score = None, None
            if student.id in done:
                entry = Progress.from_json(done[student.id].document).answers.get(exercise_id)
                answer = entry.answer if entry else None
                score = done[student.id].scores.get(exercise_id)
            out.append(QuestionVersion(_student_info(student, school_class.course), exercise,
                                       answer, score))
        return out

    def export(self, *, teacher_id: int, assignment_id: int, fmt: str = "csv",
               separator: str = ",", lang: str = "tr") -> ExportFile:
        """An assignment's grades as a file: the class's latest answers graded by the same code
        as ``python -m maca grade`` (`maca.exercises.grading.grade_files` on the answers files,
        named as the tools name them, with the class list), written by
        `maca.exercises.gradebook.gradebook_text` in ``fmt`` (one of `EXPORTS`)."""
        if fmt not in EXPORTS:
            raise InputError(Text(f"{shown(fmt)} biçiminde dışa aktarılamıyor: "
                                  f"{', '.join(EXPORTS)} seç",
                                  f"cannot export as {shown(fmt)}: choose "
                                  f"{', '.join(EXPORTS)}"))
        if separator not in SEPARATORS:
            raise InputError(Text(f"ayırıcı {shown(separator)} olamaz: {', '.join(SEPARATORS)}",
                                  f"the separator cannot be {shown(separator)}: use "
                                  f"{', '.join(SEPARATORS)}"))
        if lang not in ("tr", "en"):
            lang = "tr"
        with self._read() as session:
            assignment, school_class = _own_assignment(session, teacher_id, assignment_id)
            students = _class_students(session, school_class.id)
            documents = {pk: doc for pk, doc in session.execute(
                select(m.Progress.student_pk, m.Progress.document)
                .where(m.Progress.assignment_id == assignment.id))}
        base = _base(assignment.set_id)
        roster = [_roster_student(s) for s in students]
        with tempfile.TemporaryDirectory(prefix="maca-answers-") as folder:
            answers = Path(folder)
            for student in students:
                if student.id in documents:
                    (answers / answers_file_name(assignment.set_id, student.student_id)
                     ).write_text(documents[student.id], encoding="utf-8")
            files = sorted(answers.iterdir())
            rows = grading.grade_files(base, files, school_class.course, assignment.name,
                                       roster, assignment.hints, lang)
        text = gradebook.gradebook_text(rows, roster, base, school_class.course, assignment.name,
                                        fmt, separator, lang)
        return ExportFile(f"grades-{fmt}-{file_stem(school_class.course)}-{file_stem(assignment.name)}"
                          ".csv", "text/csv; charset=utf-8", text.encode("utf-8"))


# ---- helpers -------------------------------------------------------------------------------

def _field(value: object, what: Text, longest: int) -> str:
    """A name a teacher typed: text, not empty, not too long, no invisible marks."""
    if not isinstance(value, str) or not value.strip():
        raise InputError(Text(f"{what.tr} boş olamaz", f"the {what.en} cannot be empty"))
    value = value.strip()
    if len(value) > longest:
        raise InputError(Text(f"{what.tr} en çok {longest} karakter olabilir",
                              f"the {what.en} has at most {longest} characters"))
    if unsafe_chars(value):
        raise InputError(Text(f"{what.tr} bir denetim, yön ya da görünmez işaret içeriyor: sil",
                              f"the {what.en} holds a control, direction or invisible mark: "
                              "remove it"))
    return value


def _client_id(value: object) -> str:
    if (not isinstance(value, str) or not 1 <= len(value) <= MAX_CLIENT_ID
            or not all(c.isascii() and (c.isalnum() or c in "-_.:") for c in value)):
        raise AnswersRefused(Text("kaydın kimliği geçersiz: sayfa her kayda harf, rakam ve '-' "
                                  f"ile yazılmış en çok {MAX_CLIENT_ID} karakterlik bir kimlik "
                                  "verir", "the save's id is not valid: the page gives each "
                                  f"save an id of at most {MAX_CLIENT_ID} letters, digits and "
                                  "'-'"))
    return value


def _storable(value: object) -> bool:
    """Whether ``value`` is text a database keeps: no NUL, no lone surrogate (bytes that
    were not text, as a JSON ``\\ud800`` escape makes)."""
    if not isinstance(value, str) or "\x00" in value:
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _document_text(document: object) -> str:
    if isinstance(document, str) and not _storable(document):
        raise AnswersRefused(Text("cevap dosyasında metin olmayan karakterler var (NUL ya da "
                                  "yarım bir UTF-16 çifti): kaydedilmedi",
                                  "the answers file holds characters that are not text (NUL or "
                                  "half a UTF-16 pair): not saved"))
    if not isinstance(document, str):
        raise AnswersRefused(Text("cevaplar bir cevap dosyasının metni (JSON) olarak gelmeli",
                                  "the answers must come as the text (JSON) of an answers file"))
    if len(document.encode("utf-8")) > MAX_BYTES:
        raise AnswersRefused(Text(f"cevap dosyası {MAX_BYTES:,} bayttan büyük: kaydedilmedi"
                                  .replace(",", "."), f"the answers file is larger than "
                                  f"{MAX_BYTES:,} bytes: not saved"))
    return document


def _parse(text: str, source: str | Text) -> Progress:
    where = source if isinstance(source, str) else source.en
    try:
        return Progress.from_json(text, where)
    except AnswersFileError as exc:
        message = exc.text
        if isinstance(source, Text):     # the Turkish message names the place in Turkish
            message = Text(message.tr.replace(source.en, source.tr, 1), message.en)
        raise AnswersRefused(message) from None


def _same_work(progress: Progress, course: str, assignment: m.Assignment, student: m.Student,
               where: str | Text) -> None:
    """Refuse answers for another course, assignment, set or student.

    >>> from types import SimpleNamespace as Row
    >>> _same_work(Progress("9B", "hw1", "7", "passing"), "9A", Row(name="hw1", set_id="passing"),
    ...            Row(student_id="7"), "a.json")
    Traceback (most recent call last):
    ...
    maca.server.errors.AnswersRefused: a.json: the answers are for course '9B', not '9A': not saved
    """
    place = where if isinstance(where, Text) else Text(where, where)
    checks = ((progress.course, course, "{} dersi", "course"),
              (progress.assignment, assignment.name, "{} ödevi", "assignment"),
              (progress.set_id, assignment.set_id, "{} seti", "set"),
              (progress.student_id, student.student_id, "{} numaralı öğrenci", "student"))
    for theirs, ours, tr, en in checks:
        if theirs != ours:
            raise AnswersRefused(Text(
                f"{place.tr}: cevaplar {tr.format(shown(theirs))} için, {tr.format(shown(ours))} "
                "için değil: kaydedilmedi",
                f"{place.en}: the answers are for {en} {shown(theirs)}, not {shown(ours)}: "
                "not saved"))


def _grade(base: ExerciseSet, progress: Progress, hints: str, lang: str) -> grading.GradeRow:
    try:
        row = grading.grade_progress(base, progress, hints=hints, lang=lang)
    except MacaError as exc:
        raise AnswersRefused(exc.text) from None
    if row.error:
        raise AnswersRefused(Text(row.error, row.error))
    return row


def _event_result(session: Session, student_pk: int, assignment: m.Assignment, client_id: str,
                  text: str) -> SaveResult | None:
    """The result of an earlier save with this client id (None: a new one); a client id used
    for other answers is refused."""
    event = session.scalar(select(m.AnswerEvent).where(m.AnswerEvent.student_pk == student_pk,
                                                       m.AnswerEvent.client_id == client_id))
    if event is None:
        return None
    if event.assignment_id != assignment.id or event.document != text:
        raise AnswersRefused(Text("bu kayıt kimliği başka cevaplar için kullanılmış: "
                                  "kaydedilmedi (sayfayı yenile)",
                                  "this save's id was used for other answers: not saved "
                                  "(reload the page)"))
    return SaveResult(client_id, assignment.id, assignment.class_id, student_pk,
                      dict(event.scores), event.score, event.max_score, True)


def _lms_ids(student: RosterStudent) -> dict[str, str]:
    """The course systems' ids the class list gives a student (`maca.server.models.LMS_FIELDS`
    that its `maca.exercises.roster.Student` fills in)."""
    return {k: v for k, v in asdict(student).items() if k in m.LMS_FIELDS and v}


def _roster_student(student: m.Student) -> RosterStudent:
    """The class list's student again, as `maca.exercises.roster` read it."""
    ids = {k: getattr(student, k) for k in m.LMS_FIELDS if getattr(student, k) is not None}
    return RosterStudent(student.student_id, student.name, **ids)


def _not_found(what: Text) -> NotFoundError:
    return NotFoundError(Text(f"böyle bir {what.tr} yok", f"no such {what.en}"))


def _own_class(session: Session, teacher_id: int, class_id: int) -> m.SchoolClass:
    school_class = session.get(m.SchoolClass, class_id) if _is_id(class_id) and _is_id(
        teacher_id) else None
    if school_class is None or school_class.teacher_id != teacher_id:
        raise _not_found(Text("sınıf", "class"))
    return school_class


def _own_assignment(session: Session, teacher_id: int,
                    assignment_id: int) -> tuple[m.Assignment, m.SchoolClass]:
    found = session.execute(select(m.Assignment, m.SchoolClass).join(m.SchoolClass).where(
        m.Assignment.id == assignment_id, m.SchoolClass.teacher_id == teacher_id)).first() \
        if _is_id(assignment_id) and _is_id(teacher_id) else None
    if found is None:
        raise _not_found(Text("ödev", "assignment"))
    return found[0], found[1]


def _is_id(value: object) -> bool:
    """Whether ``value`` can be a row's id (a whole number that fits the database's integer)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value < 2**31


def _session_student(session: Session, token: str) -> m.Student:
    key = _token_hash(token)
    student = session.scalar(select(m.Student).join(
        m.StudentSession, m.StudentSession.student_pk == m.Student.id)
        .where(m.StudentSession.token_hash == key)) if key else None
    if student is None:
        raise SignInError(Text("oturumun kapanmış: sınıf koduyla ve katılma kodunla yeniden "
                               "katıl", "your session has ended: join again with the class "
                               "code and your join code"))
    return student


def _class_students(session: Session, class_id: int) -> Sequence[m.Student]:
    return session.scalars(select(m.Student).where(m.Student.class_id == class_id)
                           .order_by(m.Student.position)).all()


def _class_assignments(session: Session, class_id: int) -> Sequence[m.Assignment]:
    return session.scalars(select(m.Assignment).where(m.Assignment.class_id == class_id)
                           .order_by(m.Assignment.created, m.Assignment.id)).all()


def _teacher_info(teacher: m.Teacher) -> TeacherInfo:
    return TeacherInfo(teacher.id, teacher.name, teacher.created)


def _class_info(school_class: m.SchoolClass, students: int, note: Text | None = None) -> ClassInfo:
    return ClassInfo(school_class.id, school_class.teacher_id, school_class.course,
                     school_class.code, school_class.created, students, school_class.source_name,
                     note)


def _student_info(student: m.Student, course: str) -> StudentInfo:
    return StudentInfo(student.id, student.class_id, course, student.student_id, student.name,
                       student.position, student.join_code)


def _assignment_info(assignment: m.Assignment) -> AssignmentInfo:
    base = _base(assignment.set_id)
    return AssignmentInfo(assignment.id, assignment.class_id, assignment.set_id, assignment.name,
                          assignment.due, assignment.hints, assignment.created, base.title,
                          base.max_score)


def _progress_info(progress: m.Progress) -> ProgressInfo:
    return ProgressInfo(progress.assignment_id, progress.student_pk, dict(progress.scores),
                        progress.score, progress.max_score, _progress_texts(progress.unusual),
                        _progress_texts(progress.notes), progress.updated, progress.document)
