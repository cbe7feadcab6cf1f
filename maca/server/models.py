"""The class server's tables (SQLAlchemy 2 declarative models), the schema the migrations make
(0001: classes and answers; 0002: the class tables, their games and tournaments).

Every table but the two logs holds the present state; ``answer_event`` is the append-only
log of every save that counted (a resend of one save, by its ``client_id``, is not a new
event), ``table_event`` the append-only log of each game table (its state is that log replayed
by the engine). Times are UTC, stored as ISO text on SQLite and ``timestamptz`` on PostgreSQL,
and read back as aware UTC datetimes; the moments a game table's clocks compare (its events'
``at``, a lease's ``expires``) are seconds since the epoch, as ``time.time()`` gives them.

>>> sorted(Base.metadata.tables)  # doctest: +NORMALIZE_WHITESPACE
['answer_event', 'assignment', 'game_result', 'game_table', 'progress', 'school_class',
 'setting', 'student', 'student_session', 'table_event', 'table_lease', 'table_seat',
 'teacher', 'tournament']
"""
from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import (JSON, DateTime, Double, ForeignKey, Index, Integer, LargeBinary, MetaData,
                        String, Text, UniqueConstraint)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

__all__ = ["Base", "UTCDateTime", "Setting", "Teacher", "SchoolClass", "Student", "Assignment",
           "AnswerEvent", "Progress", "StudentSession", "Tournament", "GameTable", "TableSeat",
           "TableEvent", "TableLease", "GameResult", "now", "LMS_FIELDS"]

#: constraint names the same on every database, so a later migration can name what it changes
NAMING = {"ix": "ix_%(column_0_label)s", "uq": "uq_%(table_name)s_%(column_0_N_name)s",
          "ck": "ck_%(table_name)s_%(constraint_name)s",
          "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
          "pk": "pk_%(table_name)s"}


#: what a class list may say of a student besides the id and the name (the fields of
#: `maca.exercises.roster.Student` a course system matches its rows by), kept in ``student``
LMS_FIELDS = ("idnumber", "email", "sis_user_id", "sis_login_id", "section")


def now() -> dt.datetime:
    """The present moment, in UTC."""
    return dt.datetime.now(dt.timezone.utc)


class UTCDateTime(TypeDecorator[dt.datetime]):
    """A moment in UTC: aware datetimes in, aware UTC datetimes out, on every database.

    >>> UTCDateTime().process_result_value(dt.datetime(2026, 1, 2, 3, 4), None).tzinfo
    datetime.timezone.utc
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: dt.datetime | None, dialect: Dialect) -> Any:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("a naive datetime: give the time in UTC (tzinfo=timezone.utc)")
        return value.astimezone(dt.timezone.utc)

    def process_result_value(self, value: Any, dialect: Dialect) -> dt.datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:        # SQLite keeps no zone: it was stored in UTC
            return value.replace(tzinfo=dt.timezone.utc)
        return value.astimezone(dt.timezone.utc)


class Base(DeclarativeBase):
    """The models' base: one metadata with the naming convention."""

    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map = {dt.datetime: UTCDateTime()}


class Setting(Base):
    """A value the server keeps for all its processes (the cookies' signing key)."""

    __tablename__ = "setting"
    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[bytes] = mapped_column(LargeBinary)


class Teacher(Base):
    """A teacher: a name to log in with and the argon2 hash of the password."""

    __tablename__ = "teacher"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    created: Mapped[dt.datetime]


class SchoolClass(Base):
    """A class of one teacher: the course name the variants' seeds use and the class code."""

    __tablename__ = "school_class"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    teacher_id: Mapped[int] = mapped_column(ForeignKey("teacher.id", ondelete="CASCADE"),
                                            index=True)
    course: Mapped[str] = mapped_column(String(200))
    code: Mapped[str] = mapped_column(String(16), unique=True)
    source_name: Mapped[str] = mapped_column(String(300))   # the class list's file name
    created: Mapped[dt.datetime]


class Student(Base):
    """A student of a class list, in its order, with the join code printed on their card."""

    __tablename__ = "student"
    __table_args__ = (UniqueConstraint("class_id", "student_id"),
                      UniqueConstraint("class_id", "join_code"))
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("school_class.id", ondelete="CASCADE"))
    student_id: Mapped[str] = mapped_column(String(200))
    name: Mapped[str] = mapped_column(String(200))
    position: Mapped[int]
    # the course systems' ids, when the class list carries them (`LMS_FIELDS`)
    idnumber: Mapped[str | None] = mapped_column(String(200))       # Moodle's "ID number"
    email: Mapped[str | None] = mapped_column(String(200))          # Moodle's "Email address"
    sis_user_id: Mapped[str | None] = mapped_column(String(200))    # Canvas's "SIS User ID"
    sis_login_id: Mapped[str | None] = mapped_column(String(200))   # Canvas's "SIS Login ID"
    section: Mapped[str | None] = mapped_column(String(200))        # Canvas's "Section"
    join_code: Mapped[str] = mapped_column(String(16))


class Assignment(Base):
    """An exercise set opened for a class: its name is the assignment in the variants' seeds."""

    __tablename__ = "assignment"
    __table_args__ = (UniqueConstraint("class_id", "name"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("school_class.id", ondelete="CASCADE"))
    set_id: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(200))
    due: Mapped[dt.datetime | None]
    hints: Mapped[str] = mapped_column(String(16))
    created: Mapped[dt.datetime]


class AnswerEvent(Base):
    """One save that counted: the answers file as sent, and what the engine made of it."""

    __tablename__ = "answer_event"
    __table_args__ = (UniqueConstraint("student_pk", "client_id"),
                      Index("ix_answer_event_assignment_student", "assignment_id", "student_pk"))
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    assignment_id: Mapped[int] = mapped_column(ForeignKey("assignment.id", ondelete="CASCADE"))
    student_pk: Mapped[int] = mapped_column(ForeignKey("student.id", ondelete="CASCADE"))
    client_id: Mapped[str] = mapped_column(String(80))
    received: Mapped[dt.datetime]
    source: Mapped[str | None] = mapped_column(String(300))   # an imported file's name
    document: Mapped[str] = mapped_column(Text)
    scores: Mapped[dict[str, int | None]] = mapped_column(JSON)   # the result it was answered
    score: Mapped[int]
    max_score: Mapped[int]


class Progress(Base):
    """A student's latest answers for an assignment, graded by the engine."""

    __tablename__ = "progress"
    assignment_id: Mapped[int] = mapped_column(ForeignKey("assignment.id", ondelete="CASCADE"),
                                               primary_key=True)
    student_pk: Mapped[int] = mapped_column(ForeignKey("student.id", ondelete="CASCADE"),
                                            primary_key=True)
    document: Mapped[str] = mapped_column(Text)
    scores: Mapped[dict[str, int | None]] = mapped_column(JSON)
    score: Mapped[int]
    max_score: Mapped[int]
    unusual: Mapped[dict[str, list[str]]] = mapped_column(JSON)   # {"tr": [...], "en": [...]}
    notes: Mapped[dict[str, list[str]]] = mapped_column(JSON)
    updated: Mapped[dt.datetime]


class StudentSession(Base):
    """A student signed in on one browser: only the token's SHA-256 is kept."""

    __tablename__ = "student_session"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    student_pk: Mapped[int] = mapped_column(ForeignKey("student.id", ondelete="CASCADE"),
                                            index=True)
    created: Mapped[dt.datetime]
    last_seen: Mapped[dt.datetime]


class Tournament(Base):
    """A class tournament: rounds of tables whose seats the teacher's draw fills."""

    __tablename__ = "tournament"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("school_class.id", ondelete="CASCADE"),
                                          index=True)
    name: Mapped[str] = mapped_column(String(200))
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)     # its tables' settings
    rounds: Mapped[int]
    created: Mapped[dt.datetime]


class GameTable(Base):
    """A game table of a class: its settings (`maca.multiplayer.TableSettings` as JSON), where
    it stands, and the seq of its log's last event; once finished, the game's record."""

    __tablename__ = "game_table"
    __table_args__ = (Index("ix_game_table_class_status", "class_id", "status"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("school_class.id", ondelete="CASCADE"))
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)    # open/playing/over/ended
    host_pk: Mapped[int | None] = mapped_column(ForeignKey("student.id", ondelete="SET NULL"))
    created: Mapped[dt.datetime]
    last_seq: Mapped[int]
    tournament_id: Mapped[int | None] = mapped_column(
        ForeignKey("tournament.id", ondelete="SET NULL"), index=True)
    round: Mapped[int | None]
    record: Mapped[str | None] = mapped_column(Text, deferred=True)   # `Game.record()`
    finished: Mapped[dt.datetime | None]


class TableSeat(Base):
    """Who sits at a seat of a table (None: a computer player or nobody), for the lobby and
    for each student's tables and records."""

    __tablename__ = "table_seat"
    table_id: Mapped[int] = mapped_column(ForeignKey("game_table.id", ondelete="CASCADE"),
                                          primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    student_pk: Mapped[int | None] = mapped_column(ForeignKey("student.id", ondelete="SET NULL"),
                                                   index=True)


class TableEvent(Base):
    """One event of a table's log, as the table made it (``data`` holds the whole event, its
    ``seq`` and ``at`` too); the key (table_id, seq) lets one writer only append a seq."""

    __tablename__ = "table_event"
    table_id: Mapped[int] = mapped_column(ForeignKey("game_table.id", ondelete="CASCADE"),
                                          primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    at: Mapped[float] = mapped_column(Double)          # seconds since the epoch
    data: Mapped[dict[str, Any]] = mapped_column(JSON)


class TableLease(Base):
    """The process that owns a table (runs its computer players and timers) until
    ``expires`` (seconds since the epoch)."""

    __tablename__ = "table_lease"
    table_id: Mapped[int] = mapped_column(ForeignKey("game_table.id", ondelete="CASCADE"),
                                          primary_key=True, autoincrement=False)
    process: Mapped[str] = mapped_column(String(100))
    expires: Mapped[float] = mapped_column(Double)


class GameResult(Base):
    """A student's result at a rated table: +1 / 0 / -1 for the ranking of its rules and level
    (None: no entry, as source 002 has it for one who leaves while leading alone)."""

    __tablename__ = "game_result"
    table_id: Mapped[int] = mapped_column(ForeignKey("game_table.id", ondelete="CASCADE"),
                                          primary_key=True)
    student_pk: Mapped[int] = mapped_column(ForeignKey("student.id", ondelete="CASCADE"),
                                            primary_key=True, index=True)
    seat: Mapped[int]
    rules: Mapped[str] = mapped_column(String(32))
    level: Mapped[str] = mapped_column(String(16))
    standing: Mapped[int | None]
    left: Mapped[str | None] = mapped_column(String(16))     # why they left (None: played on)
    finished: Mapped[dt.datetime]
