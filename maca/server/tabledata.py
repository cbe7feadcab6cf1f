"""The class tables' data: game tables and their seats, each table's append-only event log,
the leases that make one process a table's owner, rated results, the class's rankings and the
teacher's tournaments. `TableData` is mixed into `maca.server.store.ClassStore` and follows its
ways: keyword arguments, one short transaction each, frozen dataclasses out, every refusal a
`maca.server.errors.ServerError` with its text in Turkish and English, and nothing changed by
a refused call; another teacher's tournament or table is "not found", as a missing one is.

The API (what the tables' runtime and pages call)::

    store.create_table(class_id=, settings=dict, host_pk=None, tournament_id=None, round=None)
        -> TableInfo                           # status "open", an empty log
    store.table_info(table_id=) -> TableInfo
    store.class_tables(class_id=, statuses=("open", "playing")) -> list[TableInfo]
    store.student_tables(student_pk=, statuses=("open", "playing")) -> list[TableInfo]
    store.events(table_id=, after=0) -> list[dict]                   # in seq order
    store.append_events(table_id=, after=, events=[…], status=None, seats=None) -> int
    store.take_lease(table_id=, process=, seconds=, now=None) -> bool
    store.drop_lease(table_id=, process=) -> None
    store.orphan_tables(limit=100, now=None) -> list[int]
    store.record_results(table_id=, results=[ResultRow, …]) -> None
    store.finish_table(table_id=, status="over" | "ended", record=str) -> None
    store.ranking(class_id=, rules=, level=) -> list[RankRow]
    store.rankings(class_id=) -> list[tuple[str, str, list[RankRow]]]
    store.student_records(student_pk=) -> list[RecordInfo]
    store.game_record(student_pk=, table_id=) -> str
    store.create_tournament(teacher_id=, class_id=, name=, settings=dict, rounds=)
        -> TournamentInfo
    store.tournaments(teacher_id=, class_id=) -> list[TournamentInfo]
    store.tournament(teacher_id=, tournament_id=) -> TournamentInfo
    store.tournament_standings(teacher_id=, tournament_id=) -> list[RankRow]
    store.teacher_owns_table(teacher_id=, table_id=) -> TableInfo
    store.students_by_pk(class_id=) -> dict[int, str]

The log. A table is its events, each a JSON object ``{"seq": n, "at": t, "t": kind, …}`` of at
most `MAX_EVENT_BYTES`, kept as given. ``append_events`` writes a batch in one transaction
whose first statement is a compare-and-set on the table's ``last_seq`` (``UPDATE … WHERE
last_seq = after``), with the key (table_id, seq) beneath it: of two writers that read the
same log, one appends and the other gets `StaleLog` with nothing of its batch written; it reads
the new events and tries again. The batch is on the disk when the call returns (see
`maca.server.db`), so a process killed right after still leaves it in the log.

Leases. A lease says which process owns a table (runs its computer players and timers) until
``expires``, in seconds since the epoch by the database's clock (one clock for every process),
or by ``now`` when the caller gives its own. ``take_lease`` takes a free or expired lease or
renews the caller's own in one statement (``INSERT … ON CONFLICT DO UPDATE … WHERE``), so two
processes never hold one lease at once; a table whose lease has expired is an orphan another
process takes.

Results and rankings. ``record_results`` keeps the first result of each (table, student):
sent again, or sent later for a partner already written, it changes nothing. A ranking (one
per rules preset and computer level, as source 002 keeps one per game and level) adds up each
student's standings: +1 a win, 0 a draw, −1 a loss; a result without a standing (one who left
while leading alone) is no game. A tournament's standings add up the results of its tables,
with every student seated at one of them.

>>> import tempfile
>>> from maca.server.store import ClassStore
>>> store = ClassStore(f"sqlite:///{tempfile.mkdtemp()}/class.db")
>>> teacher = store.add_teacher(name="Ayşe Hoca", password="tebeşir tozu")
>>> made = store.create_class(teacher_id=teacher.id, course="9A", source_name="9a.csv",
...                           class_list="student_id;name\\n7;Gül\\n8;Can\\n".encode())
>>> gul, can = store.students(teacher_id=teacher.id, class_id=made.id)
>>> table = store.create_table(class_id=made.id, settings={"mode": "rated"}, host_pk=gul.id)
>>> sat = {"seq": 1, "at": 1767225600.0, "t": "sit", "person": gul.id, "seat": 0}
>>> store.append_events(table_id=table.id, after=0, events=[sat], seats=[gul.id, None])
1
>>> store.append_events(table_id=table.id, after=0, events=[sat])
Traceback (most recent call last):
...
maca.server.errors.StaleLog: the table's log moved on since it was read (it holds events after 0): read it again and retry
>>> store.events(table_id=table.id) == [sat], store.table_info(table_id=table.id).seats
(True, (1, None))
>>> store.take_lease(table_id=table.id, process="a", seconds=30, now=100.0), \\
...     store.take_lease(table_id=table.id, process="b", seconds=30, now=120.0), \\
...     store.take_lease(table_id=table.id, process="b", seconds=30, now=130.0)
(True, False, True)
>>> store.record_results(table_id=table.id, results=[
...     ResultRow(gul.id, 0, 1, None, "standard", "medium"),
...     ResultRow(can.id, 1, -1, "button", "standard", "medium")])
>>> [(r.name, r.games, r.points) for r in store.ranking(class_id=made.id, rules="standard",
...                                                       level="medium")]
[('Gül', 1, 1), ('Can', 1, -1)]
>>> store.close()
"""
from __future__ import annotations

import datetime as dt
import json
import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, delete, func, insert, or_, select, text, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session, sessionmaker

from ..bots import LEVELS
from ..exercises.files import unsafe_chars
from ..rules import PRESET_NAMES
from ..words import Text, catalogue, say
from . import models as m
from .errors import InputError, NotFoundError, ServerError, StaleLog

__all__ = ["TableData", "Append", "TableInfo", "ResultRow", "RankRow", "RecordInfo",
           "TournamentInfo", "STATUSES", "LIVE", "FINISHED", "MAX_EVENT_BYTES",
           "MAX_SETTINGS_BYTES", "MAX_RECORD_BYTES", "MAX_SEATS", "MAX_ROUNDS",
           "MAX_LEASE_SECONDS"]

#: where a table stands: seats being filled, a game on, the game over, ended by the teacher
STATUSES = ("open", "playing", "over", "ended")
#: the statuses of a table still in play, and of a finished one
LIVE, FINISHED = ("open", "playing"), ("over", "ended")
#: the largest event, and the largest settings of a table or tournament (bytes of JSON)
MAX_EVENT_BYTES = 4096
MAX_SETTINGS_BYTES = 4096
#: the largest game record (`Game.record()`, a few KB for a whole game)
MAX_RECORD_BYTES = 256 * 1024
#: the most seats at a table, the most rounds of a tournament, the longest lease
MAX_SEATS = 4
MAX_ROUNDS = 50
MAX_LEASE_SECONDS = 3600.0
#: the longest name of a process that holds leases, and of a tournament
MAX_PROCESS = 100
MAX_NAME = 200
#: the most tables one `TableData.orphan_tables` call lists
MAX_ORPHANS = 1000

catalogue("tabledata", {
    "no_table": ("böyle bir masa yok", "no such table"),
    "no_class": ("böyle bir sınıf yok", "no such class"),
    "no_tournament": ("böyle bir turnuva yok", "no such tournament"),
    "no_student": ("bu sınıfta böyle bir öğrenci yok", "no such student in this class"),
    "no_record": ("bu masada oynadığın bitmiş bir oyunun kaydı yok",
                  "there is no record of a finished game of yours at this table"),
    "stale": ("masanın kaydı okunduktan sonra ilerledi ({after}. olaydan sonra olaylar var): "
              "yeniden oku ve tekrar dene",
              "the table's log moved on since it was read (it holds events after {after}): "
              "read it again and retry"),
    "after": ("'after' okunan son olayın numarası olmalı ({value} değil): 0 ya da daha büyük "
              "bir tam sayı", "'after' must be the number of the last event read (not "
              "{value}): a whole number, 0 or more"),
    "event": ("{seq}. olay bir sözlük olmalı: seq {seq}, at (saniye) ve t (olayın türü) ile",
              "event {seq} must be a dict with seq {seq}, at (seconds) and t (its kind)"),
    "an_event": ("{seq}. olay", "event {seq}"),
    "settings": ("masanın ayarları", "the table's settings"),
    "tournament_settings": ("turnuvanın ayarları", "the tournament's settings"),
    "not_object": ("{what} bir JSON nesnesi (sözlük) olmalı", "{what} must be a JSON object "
                   "(a dict)"),
    "not_json": ("{what} JSON olarak yazılamıyor", "{what} cannot be written as JSON"),
    "too_big": ("{what} en çok {largest} bayt olabilir",
                "{what} may take at most {largest} bytes"),
    "status": ("masanın durumu {choices} olabilir, {value} değil",
               "a table's status is one of {choices}, not {value}"),
    "seats": ("oturanlar, en çok {largest} koltuğun her biri için bir öğrenci numarası ya da "
              "None olmalı", "the seats must give a student's id or None for each of at most "
              "{largest} seats"),
    "seat_twice": ("bir öğrenci iki koltukta birden oturamaz",
                   "a student cannot sit at two seats at once"),
    "round": ("turnuva turu 1 ile {rounds} arasında bir sayı olmalı, {value} değil",
              "the tournament's round must be a number from 1 to {rounds}, not {value}"),
    "round_alone": ("yalnızca bir turnuvanın masasının turnuva turu olur",
                    "only a tournament's table has a round"),
    "rounds": ("bir turnuva 1 ile {largest} arasında tur sürer, {value} değil",
               "a tournament has 1 to {largest} rounds, not {value}"),
    "name": ("turnuvanın adı 1 ile {largest} karakter arasında, denetim, yön ya da görünmez "
             "işaret içermeyen bir yazı olmalı", "a tournament's name is text of 1 to "
             "{largest} characters, with no control, direction or invisible mark"),
    "process": ("sürecin adı 1 ile {largest} karakter arasında bir yazı olmalı",
                "a process's name is text of 1 to {largest} characters"),
    "seconds": ("masanın sahipliği 0'dan uzun, en çok {largest} saniye sürer, {value} değil",
                "a table's lease lasts more than 0 and at most {largest} seconds, not {value}"),
    "now": ("şimdiki zaman, epoch'tan bu yana geçen saniyeler olarak bir sayı olmalı",
            "the present time must be a number of seconds since the epoch"),
    "limit": ("en çok kaç masa: 1 ile {largest} arasında bir sayı, {value} değil",
              "how many tables at most: a number from 1 to {largest}, not {value}"),
    "result": ("{n}. sonuç geçersiz: bir öğrenci, koltuğu, +1, 0, −1 ya da None, ayrılma "
               "nedeni (ya da None), kurallar ({rules}) ve seviye ({levels})",
               "result {n} is not valid: a student, their seat, +1, 0, −1 or None, why they "
               "left (or None), the rules ({rules}) and the level ({levels})"),
    "result_twice": ("bir öğrencinin bir masada tek sonucu olur",
                     "a student has one result per table"),
    "finish": ("biten bir masanın durumu over ya da ended olur, {value} değil",
               "a finished table's status is over or ended, not {value}"),
    "record": ("oyun kaydı en çok {largest} baytlık bir yazı olmalı",
               "a game record is text of at most {largest} bytes"),
}, scoped=True)


# ---- results -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Append:
    """One table's append to its log (the arguments of `TableData.append_events`)."""

    table_id: int
    after: int
    events: Sequence[dict[str, Any]]
    status: str | None = None
    seats: Sequence[int | None] | None = None


@dataclass(frozen=True)
class TableInfo:
    """A game table: its settings as stored, where it stands, the seq of its last event, who
    sits where (a student's id per seat, None for a computer player or nobody; the seats as
    the last append gave them) and, once finished, when."""

    id: int
    class_id: int
    settings: dict[str, Any]
    status: str
    host_pk: int | None
    tournament_id: int | None
    round: int | None
    last_seq: int
    created: dt.datetime
    seats: tuple[int | None, ...] = ()
    finished: dt.datetime | None = None


@dataclass(frozen=True)
class ResultRow:
    """One student's result at a rated table: ``standing`` +1 / 0 / −1 (None: no entry),
    ``left`` why they left (None: played to the end), the table's rules preset and level."""

    student_pk: int
    seat: int
    standing: int | None
    left: str | None
    rules: str
    level: str


@dataclass(frozen=True)
class RankRow:
    """A student's line in a ranking or a tournament's standings."""

    student_pk: int
    name: str
    games: int
    wins: int
    draws: int
    losses: int
    points: int


@dataclass(frozen=True)
class RecordInfo:
    """A finished game a student sat at (their result, when the game was rated)."""

    table_id: int
    class_id: int
    settings: dict[str, Any]
    status: str
    finished: dt.datetime
    seat: int | None
    standing: int | None
    left: str | None


@dataclass(frozen=True)
class TournamentInfo:
    """A class tournament; ``round_now`` is its latest round with tables (0: none yet)."""

    id: int
    class_id: int
    name: str
    settings: dict[str, Any]
    rounds: int
    created: dt.datetime
    round_now: int


# ---- the mixin ---------------------------------------------------------------------------

class TableData:
    """The class tables' data (see the module's notes); `ClassStore` gives the database."""

    engine: Engine
    _writer: Engine
    _read: sessionmaker[Session]
    _write: sessionmaker[Session]

    # -- tables --

    def create_table(self, *, class_id: int, settings: dict[str, Any], host_pk: int | None = None,
                     tournament_id: int | None = None, round: int | None = None) -> TableInfo:
        """A new table of the class, ``open`` with an empty log; ``settings`` are kept as given
        (`maca.multiplayer.TableSettings.to_json`, checked by its ``from_json``)."""
        settings = _json_object(settings, say("tabledata.settings"), MAX_SETTINGS_BYTES)
        if tournament_id is None and round is not None:
            raise InputError(say("tabledata.round_alone"))
        with self._write.begin() as session:
            _class(session, class_id)
            if host_pk is not None:
                _check_students(session, class_id, [host_pk])
            if tournament_id is not None:
                tournament = session.get(m.Tournament, tournament_id) if _is_id(
                    tournament_id) else None
                if tournament is None or tournament.class_id != class_id:
                    raise NotFoundError(say("tabledata.no_tournament"))
                if not isinstance(round, int) or isinstance(round, bool) \
                        or not 1 <= round <= tournament.rounds:
                    raise InputError(say("tabledata.round"), rounds=tournament.rounds,
                                     value=repr(round))
            table = m.GameTable(class_id=class_id, settings=settings, status="open",
                                host_pk=host_pk, created=m.now(), last_seq=0,
                                tournament_id=tournament_id, round=round)
            session.add(table)
            session.flush()
            return _table_info(table, ())

    def table_info(self, *, table_id: int) -> TableInfo:
        """One table (`NotFoundError` when there is none)."""
        with self._read() as session:
            table = _table(session, table_id)
            return _table_info(table, _seats(session, [table.id])[table.id])

    def class_tables(self, *, class_id: int,
                     statuses: Sequence[str] = LIVE) -> list[TableInfo]:
        """The class's tables in these statuses, the oldest first."""
        wanted = _statuses(statuses)
        with self._read() as session:
            _class(session, class_id)
            tables = session.scalars(select(m.GameTable).where(
                m.GameTable.class_id == class_id, m.GameTable.status.in_(wanted))
                .order_by(m.GameTable.id)).all()
            return _table_infos(session, tables)

    def student_tables(self, *, student_pk: int,
                       statuses: Sequence[str] = LIVE) -> list[TableInfo]:
        """The tables in these statuses where the student has a seat, the oldest first."""
        wanted = _statuses(statuses)
        if not _is_id(student_pk):
            return []
        with self._read() as session:
            tables = session.scalars(select(m.GameTable).join(
                m.TableSeat, m.TableSeat.table_id == m.GameTable.id).where(
                m.TableSeat.student_pk == student_pk, m.GameTable.status.in_(wanted))
                .order_by(m.GameTable.id)).all()
            return _table_infos(session, tables)

    def teacher_owns_table(self, *, teacher_id: int, table_id: int) -> TableInfo:
        """A table of one of the teacher's classes (`NotFoundError` for any other)."""
        with self._read() as session:
            table = session.scalar(select(m.GameTable).join(
                m.SchoolClass, m.SchoolClass.id == m.GameTable.class_id).where(
                m.GameTable.id == table_id, m.SchoolClass.teacher_id == teacher_id)) \
                if _is_id(table_id) and _is_id(teacher_id) else None
            if table is None:
                raise NotFoundError(say("tabledata.no_table"))
            return _table_info(table, _seats(session, [table.id])[table.id])

    def students_by_pk(self, *, class_id: int) -> dict[int, str]:
        """The names of the class's students, by their id (the seats' people)."""
        with self._read() as session:
            _class(session, class_id)
            return dict(session.execute(select(m.Student.id, m.Student.name).where(
                m.Student.class_id == class_id).order_by(m.Student.position)).all())

    # -- the log --

    def events(self, *, table_id: int, after: int = 0) -> list[dict[str, Any]]:
        """The table's events after seq ``after``, in seq order, as they were appended."""
        after = _after(after)
        with self._read() as session:
            _table_id(session, table_id)
            return list(session.scalars(select(m.TableEvent.data).where(
                m.TableEvent.table_id == table_id, m.TableEvent.seq > after)
                .order_by(m.TableEvent.seq)))

    def append_events(self, *, table_id: int, after: int, events: Sequence[dict[str, Any]],
                      status: str | None = None,
                      seats: Sequence[int | None] | None = None) -> int:
        """Append ``events`` (seq ``after`` + 1, + 2, …) to the table's log and set its status
        and seats, all in one transaction; returns the new last seq. `StaleLog` (nothing
        written) when the log holds more than ``after`` events: read them and try again."""
        outcome, = self.append_many([Append(table_id, after, events, status, seats)])
        if isinstance(outcome, ServerError):
            raise outcome
        return outcome

    def append_many(self, appends: Sequence[Append]) -> list[int | ServerError]:
        """Several appends in one transaction, so one commit (one disk write) serves a busy
        server's moves at many tables: each is written as `append_events` writes it, or
        refused alone (its error in its place, nothing of it written, the others written)."""
        checked: list[tuple[Append, list[dict[str, Any]], dict[str, Any]] | ServerError] = []
        for one in appends:
            try:
                checked.append(_checked(one))
            except ServerError as refusal:
                checked.append(refusal)
        outcomes: list[int | ServerError] = []
        with self._writer.begin() as connection:
            for item in checked:
                if isinstance(item, ServerError):
                    outcomes.append(item)
                    continue
                # a stale log writes nothing; a new seat may still be refused after the
                # table's row was changed: only then is a savepoint needed to undo it
                alone = connection.begin_nested() if item[0].seats is not None else nullcontext()
                try:
                    with alone:
                        outcomes.append(_append(connection, *item))
                except ServerError as refusal:
                    outcomes.append(refusal)
        return outcomes

    # -- leases --

    def take_lease(self, *, table_id: int, process: str, seconds: float,
                   now: float | None = None) -> bool:
        """Whether ``process`` holds the table's lease for ``seconds`` from now: taken when
        free or expired, renewed when its own; False when another process holds it."""
        process = _process(process)
        if not _is_real(seconds) or not 0 < seconds <= MAX_LEASE_SECONDS:
            raise InputError(say("tabledata.seconds"), largest=MAX_LEASE_SECONDS,
                             value=repr(seconds))
        with self._write.begin() as session:
            _table_id(session, table_id)
            moment = _clock(session, now)
            lease = _insert(session, m.TableLease).values(table_id=table_id, process=process,
                                                         expires=moment + seconds)
            lease = lease.on_conflict_do_update(
                index_elements=[m.TableLease.table_id],
                set_={"process": lease.excluded.process, "expires": lease.excluded.expires},
                where=or_(m.TableLease.expires <= moment, m.TableLease.process == process))
            return session.execute(lease.returning(m.TableLease.table_id)).first() is not None

    def drop_lease(self, *, table_id: int, process: str) -> None:
        """Give up the table's lease, if ``process`` holds it (another's is left alone)."""
        process = _process(process)
        if not _is_id(table_id):
            return
        with self._write.begin() as session:
            session.execute(delete(m.TableLease).where(m.TableLease.table_id == table_id,
                                                       m.TableLease.process == process))

    def orphan_tables(self, *, limit: int = 100, now: float | None = None) -> list[int]:
        """Tables in play whose lease is free or expired (their owner is gone), the oldest
        first: a process takes their lease and replays their log."""
        if not _is_whole(limit) or not 1 <= limit <= MAX_ORPHANS:
            raise InputError(say("tabledata.limit"), largest=MAX_ORPHANS, value=repr(limit))
        with self._read() as session:
            moment = _clock(session, now)
            return list(session.scalars(select(m.GameTable.id).outerjoin(
                m.TableLease, m.TableLease.table_id == m.GameTable.id).where(
                m.GameTable.status == "playing",
                or_(m.TableLease.table_id.is_(None), m.TableLease.expires <= moment))
                .order_by(m.GameTable.id).limit(limit)))

    # -- results and records --

    def record_results(self, *, table_id: int, results: Sequence[ResultRow]) -> None:
        """Keep each student's result at the table; a (table, student) already written keeps
        its first result (the call is idempotent)."""
        rows = [_result_row(table_id, row, n) for n, row in enumerate(results, 1)]
        if len({row["student_pk"] for row in rows}) != len(rows):
            raise InputError(say("tabledata.result_twice"))
        with self._write.begin() as session:
            class_id = _table_id(session, table_id)
            _check_students(session, class_id, [row["student_pk"] for row in rows])
            if rows:
                session.execute(_insert(session, m.GameResult).on_conflict_do_nothing(
                    index_elements=[m.GameResult.table_id, m.GameResult.student_pk]), rows)

    def finish_table(self, *, table_id: int, status: str, record: str) -> None:
        """The table's game is over (or the teacher ended it): keep its record and let its
        lease go. A table finished before stays as it was."""
        if status not in FINISHED:
            raise InputError(say("tabledata.finish"), value=repr(status))
        if not isinstance(record, str) or not _storable(record) or len(
                record.encode("utf-8")) > MAX_RECORD_BYTES:
            raise InputError(say("tabledata.record"), largest=MAX_RECORD_BYTES)
        with self._write.begin() as session:
            _table_id(session, table_id)
            session.execute(update(m.GameTable).where(
                m.GameTable.id == table_id, m.GameTable.finished.is_(None))
                .values(status=status, record=record, finished=m.now())
                .execution_options(synchronize_session=False))
            session.execute(delete(m.TableLease).where(m.TableLease.table_id == table_id))

    def student_records(self, *, student_pk: int) -> list[RecordInfo]:
        """The finished games the student sat at (or has a result of), the latest first; a
        table ended before its game began has no record and is not one."""
        if not _is_id(student_pk):
            return []
        with self._read() as session:
            seats = dict(session.execute(select(m.TableSeat.table_id, m.TableSeat.seat).where(
                m.TableSeat.student_pk == student_pk)).all())
            results = {r.table_id: r for r in session.scalars(select(m.GameResult).where(
                m.GameResult.student_pk == student_pk))}
            tables = session.scalars(select(m.GameTable).where(
                m.GameTable.id.in_(set(seats) | set(results)), m.GameTable.finished.is_not(None),
                m.GameTable.record.is_not(None), m.GameTable.record != "")
                .order_by(m.GameTable.finished.desc(), m.GameTable.id.desc())).all()
        out = []
        for table in tables:
            result = results.get(table.id)
            assert table.finished is not None     # the query's condition
            out.append(RecordInfo(table.id, table.class_id, dict(table.settings), table.status,
                                  table.finished, result.seat if result else seats.get(table.id),
                                  result.standing if result else None,
                                  result.left if result else None))
        return out

    def game_record(self, *, student_pk: int, table_id: int) -> str:
        """The record of a finished game the student sat at (`NotFoundError` for any other)."""
        with self._read() as session:
            sat = or_(m.GameTable.id.in_(select(m.TableSeat.table_id).where(
                m.TableSeat.student_pk == student_pk)), m.GameTable.id.in_(
                select(m.GameResult.table_id).where(m.GameResult.student_pk == student_pk)))
            record = session.scalar(select(m.GameTable.record).where(
                m.GameTable.id == table_id, m.GameTable.finished.is_not(None), sat)) \
                if _is_id(student_pk) and _is_id(table_id) else None
        if not record:            # none, or a table ended before its game began
            raise NotFoundError(say("tabledata.no_record"))
        return record

    # -- rankings --

    def ranking(self, *, class_id: int, rules: str, level: str) -> list[RankRow]:
        """The class's ranking of one rules preset and computer level: the most points first,
        then by name."""
        for found_rules, found_level, rows in self.rankings(class_id=class_id):
            if (found_rules, found_level) == (rules, level):
                return rows
        return []

    def rankings(self, *, class_id: int) -> list[tuple[str, str, list[RankRow]]]:
        """Every ranking of the class: (rules, level, rows) for each pair with a result, in
        the order of the presets and the levels."""
        with self._read() as session:
            _class(session, class_id)
            found = session.execute(_tally(m.GameResult.rules, m.GameResult.level).join(
                m.GameTable, m.GameTable.id == m.GameResult.table_id).where(
                m.GameTable.class_id == class_id, m.GameResult.standing.is_not(None))
                .group_by(m.GameResult.rules, m.GameResult.level)).all()
        tables: dict[tuple[str, str], list[RankRow]] = defaultdict(list)
        for rules, level, *row in found:
            tables[(rules, level)].append(RankRow(*row))
        order = sorted(tables, key=lambda pair: (_place(PRESET_NAMES, pair[0]),
                                                 _place(LEVELS, pair[1])))
        return [(rules, level, _ranked(tables[(rules, level)])) for rules, level in order]

    # -- tournaments --

    def create_tournament(self, *, teacher_id: int, class_id: int, name: str,
                          settings: dict[str, Any], rounds: int) -> TournamentInfo:
        """A tournament of one of the teacher's classes: ``rounds`` rounds of tables with
        these settings (kept as given)."""
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= MAX_NAME or unsafe_chars(
                name):
            raise InputError(say("tabledata.name"), largest=MAX_NAME)
        if not _is_whole(rounds) or not 1 <= rounds <= MAX_ROUNDS:
            raise InputError(say("tabledata.rounds"), largest=MAX_ROUNDS, value=repr(rounds))
        settings = _json_object(settings, say("tabledata.tournament_settings"),
                                MAX_SETTINGS_BYTES)
        with self._write.begin() as session:
            _own_class(session, teacher_id, class_id)
            tournament = m.Tournament(class_id=class_id, name=name.strip(), settings=settings,
                                      rounds=rounds, created=m.now())
            session.add(tournament)
            session.flush()
            return _tournament_info(tournament, 0)

    def tournaments(self, *, teacher_id: int, class_id: int) -> list[TournamentInfo]:
        """The tournaments of one of the teacher's classes, the newest first."""
        with self._read() as session:
            _own_class(session, teacher_id, class_id)
            rows = session.execute(select(m.Tournament, _round_now()).where(
                m.Tournament.class_id == class_id)
                .order_by(m.Tournament.created.desc(), m.Tournament.id.desc())).all()
            return [_tournament_info(t, now) for t, now in rows]

    def tournament(self, *, teacher_id: int, tournament_id: int) -> TournamentInfo:
        """One tournament of the teacher's classes (`NotFoundError` for any other)."""
        with self._read() as session:
            tournament = _own_tournament(session, teacher_id, tournament_id)
            return _tournament_info(tournament, session.scalar(
                select(_round_now()).select_from(m.Tournament)
                .where(m.Tournament.id == tournament.id)) or 0)

    def tournament_standings(self, *, teacher_id: int, tournament_id: int) -> list[RankRow]:
        """The tournament's standings: every student seated at one of its tables, with the
        results of those tables added up (most points first, then by name)."""
        with self._read() as session:
            tournament = _own_tournament(session, teacher_id, tournament_id)
            its_tables = select(m.GameTable.id).where(m.GameTable.tournament_id == tournament.id)
            rows = [RankRow(*row) for row in session.execute(_tally().where(
                m.GameResult.table_id.in_(its_tables), m.GameResult.standing.is_not(None)))
                ]
            scored = {row.student_pk for row in rows}
            seated = session.execute(select(m.Student.id, m.Student.name).where(
                m.Student.id.in_(select(m.TableSeat.student_pk).where(
                    m.TableSeat.table_id.in_(its_tables))) |
                m.Student.id.in_(select(m.GameResult.student_pk).where(
                    m.GameResult.table_id.in_(its_tables))))).all()
        rows += [RankRow(pk, name, 0, 0, 0, 0, 0) for pk, name in seated if pk not in scored]
        return _ranked(rows)


# ---- queries -------------------------------------------------------------------------------

def _tally(*keys: Any) -> Any:
    """Results added up per student (after ``keys``): games, wins, draws, losses, points."""
    standing = m.GameResult.standing
    return select(*keys, m.GameResult.student_pk, m.Student.name, func.count(standing),
                  func.count().filter(standing == 1), func.count().filter(standing == 0),
                  func.count().filter(standing == -1), func.coalesce(func.sum(standing), 0)
                  ).join(m.Student, m.Student.id == m.GameResult.student_pk).group_by(
                      m.GameResult.student_pk, m.Student.name)


def _round_now() -> Any:
    """The latest round with tables of the tournament in the query (0: none)."""
    return select(func.coalesce(func.max(m.GameTable.round), 0)).where(
        m.GameTable.tournament_id == m.Tournament.id).scalar_subquery()


def _insert(session: Session, model: type[m.Base]) -> Any:
    """The database's own INSERT (with ``ON CONFLICT``) for ``model``."""
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    return dialect.insert(model)


def _clock(session: Session, now: float | None) -> float:
    """``now``, or the database's clock, in seconds since the epoch."""
    if now is not None:
        if not _is_real(now) or now < 0:
            raise InputError(say("tabledata.now"))
        return float(now)
    if session.get_bind().dialect.name == "postgresql":
        moment = session.scalar(text("SELECT extract(epoch FROM clock_timestamp())"))
    else:
        moment = session.scalar(text("SELECT (julianday('now') - 2440587.5) * 86400.0"))
    return float(moment)


def _class(session: Session, class_id: int) -> None:
    if not _is_id(class_id) or session.get(m.SchoolClass, class_id) is None:
        raise NotFoundError(say("tabledata.no_class"))


def _own_class(session: Session, teacher_id: int, class_id: int) -> None:
    if not (_is_id(teacher_id) and _is_id(class_id)) or session.scalar(
            select(m.SchoolClass.teacher_id).where(m.SchoolClass.id == class_id)) != teacher_id:
        raise NotFoundError(say("tabledata.no_class"))


def _own_tournament(session: Session, teacher_id: int, tournament_id: int) -> m.Tournament:
    found = session.scalar(select(m.Tournament).join(
        m.SchoolClass, m.SchoolClass.id == m.Tournament.class_id).where(
        m.Tournament.id == tournament_id, m.SchoolClass.teacher_id == teacher_id)) \
        if _is_id(teacher_id) and _is_id(tournament_id) else None
    if found is None:
        raise NotFoundError(say("tabledata.no_tournament"))
    return found


def _table(session: Session, table_id: int) -> m.GameTable:
    table = session.get(m.GameTable, table_id) if _is_id(table_id) else None
    if table is None:
        raise NotFoundError(say("tabledata.no_table"))
    return table


def _table_id(session: Session | Connection, table_id: int) -> int:
    """The class of the table (`NotFoundError` when there is no such table)."""
    class_id = session.scalar(select(m.GameTable.class_id).where(
        m.GameTable.id == table_id)) if _is_id(table_id) else None
    if class_id is None:
        raise NotFoundError(say("tabledata.no_table"))
    return class_id


def _check_students(session: Session | Connection, class_id: int,
                    people: Iterable[int]) -> None:
    """Refuse anyone who is not a student of the class."""
    wanted = set(people)
    if wanted and session.scalar(select(func.count()).select_from(m.Student).where(
            m.Student.id.in_(wanted), m.Student.class_id == class_id)) != len(wanted):
        raise NotFoundError(say("tabledata.no_student"))


def _seats(session: Session, table_ids: Sequence[int]) -> dict[int, tuple[int | None, ...]]:
    """Who sits where at each table (a student's id or None per seat)."""
    found: dict[int, list[int | None]] = {table_id: [] for table_id in table_ids}
    for table_id, _, student_pk in session.execute(
            select(m.TableSeat.table_id, m.TableSeat.seat, m.TableSeat.student_pk)
            .where(m.TableSeat.table_id.in_(table_ids))
            .order_by(m.TableSeat.table_id, m.TableSeat.seat)):
        found[table_id].append(student_pk)
    return {table_id: tuple(people) for table_id, people in found.items()}


def _checked(one: Append) -> tuple[Append, list[dict[str, Any]], dict[str, Any]]:
    """An append's event rows and table changes, checked before anything is written."""
    after = _after(one.after)
    rows = [_event_row(one.table_id, event, after + 1 + i) for i, event in enumerate(one.events)]
    changes: dict[str, Any] = {"last_seq": after + len(rows)}
    if one.status is not None:
        changes["status"] = _statuses([one.status])[0]
    if one.seats is not None:
        _seat_list(one.seats)
    return one, rows, changes


def _append(connection: Connection, one: Append, rows: list[dict[str, Any]],
            changes: dict[str, Any]) -> int:
    """Write one checked append (`StaleLog` when the log moved on); its new last seq."""
    class_id = connection.scalar(
        update(m.GameTable).where(m.GameTable.id == one.table_id,
                                  m.GameTable.last_seq == one.after)
        .values(**changes).returning(m.GameTable.class_id)) if _is_id(one.table_id) else None
    if class_id is None:
        _table_id(connection, one.table_id)
        raise StaleLog(say("tabledata.stale"), after=one.after)
    if rows:
        connection.execute(insert(m.TableEvent), rows)
    if one.seats is not None:
        _set_seats(connection, one.table_id, class_id, list(one.seats))
    return changes["last_seq"]


def _set_seats(connection: Connection, table_id: int, class_id: int,
               people: list[int | None]) -> None:
    """Make the table's seats these, changing only the rows that differ (a person new at the
    table must be a student of its class)."""
    seat = m.TableSeat
    have = dict(connection.execute(select(seat.seat, seat.student_pk).where(
        seat.table_id == table_id)).all())
    _check_students(connection, class_id,
                    {p for p in people if p is not None} - set(have.values()))
    new = [{"table_id": table_id, "seat": n, "student_pk": person}
           for n, person in enumerate(people) if n not in have]
    if new:
        connection.execute(insert(seat), new)
    for n, person in enumerate(people):
        if n in have and have[n] != person:
            connection.execute(update(seat).where(seat.table_id == table_id, seat.seat == n)
                               .values(student_pk=person))
    if len(have) > len(people):
        connection.execute(delete(seat).where(seat.table_id == table_id,
                                              seat.seat >= len(people)))


# ---- checks --------------------------------------------------------------------------------

def _is_id(value: object) -> bool:
    """Whether ``value`` can be a row's id (a whole number that fits the database's integer).

    >>> _is_id(7), _is_id(True), _is_id(2**31), _is_id("7")
    (True, False, False, False)
    """
    return _is_whole(value) and 0 < value < 2**31  # type: ignore[operator]


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_real(value: object) -> bool:
    """Whether ``value`` is a finite number (not a bool).

    >>> _is_real(1.5), _is_real(3), _is_real(float("nan")), _is_real(False)
    (True, True, False, False)
    """
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(
        value)


def _storable(value: str) -> bool:
    """Whether a text can be kept: no NUL, no lone surrogate."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return "\x00" not in value


def _after(after: object) -> int:
    if not _is_whole(after) or not 0 <= after < 2**31:  # type: ignore[operator]
        raise InputError(say("tabledata.after"), value=repr(after))
    return after  # type: ignore[return-value]


def _statuses(statuses: Sequence[str]) -> list[str]:
    chosen = [statuses] if isinstance(statuses, str) else list(statuses)
    for status in chosen:
        if status not in STATUSES:
            raise InputError(say("tabledata.status"), choices=", ".join(STATUSES),
                             value=repr(status))
    return chosen


def _process(process: object) -> str:
    if not isinstance(process, str) or not 1 <= len(process) <= MAX_PROCESS or not _storable(
            process):
        raise InputError(say("tabledata.process"), largest=MAX_PROCESS)
    return process


def _json_object(value: object, what: Text, largest: int) -> dict[str, Any]:
    """``value`` as the database gives it back: a JSON object of at most ``largest`` bytes.

    >>> _json_object({"seq": 1, "cards": ("QS",)}, Text("x", "x"), 100)
    {'seq': 1, 'cards': ['QS']}
    """
    if not isinstance(value, dict):
        raise InputError(say("tabledata.not_object"), what=what)
    try:
        written = json.dumps(value, ensure_ascii=False, allow_nan=False)
        size = len(written.encode("utf-8"))
    except (TypeError, ValueError, RecursionError):     # UnicodeEncodeError is a ValueError
        raise InputError(say("tabledata.not_json"), what=what) from None
    if size > largest:
        raise InputError(say("tabledata.too_big"), what=what, largest=largest)
    loaded: dict[str, Any] = json.loads(written)
    return loaded


def _event_row(table_id: int, event: object, seq: int) -> dict[str, Any]:
    """The row of one event, which must be ``{"seq": seq, "at": seconds, "t": kind, …}``."""
    if not (isinstance(event, dict) and _is_whole(event.get("seq")) and event["seq"] == seq
            and _is_real(event.get("at")) and isinstance(event.get("t"), str)):
        raise InputError(say("tabledata.event"), seq=seq)
    data = _json_object(event, say("tabledata.an_event", seq=seq), MAX_EVENT_BYTES)
    return {"table_id": table_id, "seq": seq, "at": float(event["at"]), "data": data}


def _seat_list(seats: object) -> list[int | None]:
    if (isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence)
            or not 1 <= len(seats) <= MAX_SEATS
            or any(s is not None and not _is_id(s) for s in seats)):
        raise InputError(say("tabledata.seats"), largest=MAX_SEATS)
    people = [s for s in seats if s is not None]
    if len(set(people)) != len(people):
        raise InputError(say("tabledata.seat_twice"))
    return list(seats)


def _result_row(table_id: int, row: object, n: int) -> dict[str, Any]:
    if not (isinstance(row, ResultRow) and _is_id(row.student_pk) and _is_whole(row.seat)
            and 0 <= row.seat < MAX_SEATS
            and (row.standing is None or (_is_whole(row.standing) and row.standing in (-1, 0, 1)))
            and (row.left is None or (isinstance(row.left, str) and row.left.isidentifier()
                                      and len(row.left) <= 16))
            and row.rules in PRESET_NAMES and row.level in LEVELS):
        raise InputError(say("tabledata.result"), n=n, rules=", ".join(PRESET_NAMES),
                         levels=", ".join(LEVELS))
    return {"table_id": table_id, "student_pk": row.student_pk, "seat": row.seat,
            "rules": row.rules, "level": row.level, "standing": row.standing, "left": row.left,
            "finished": m.now()}


# ---- rows out ------------------------------------------------------------------------------

#: Turkish alphabetical order (names are sorted as a Turkish class list is)
_ALPHABET = "abcçdefgğhıijklmnoöpqrsştuüvwxyz"


def _name_key(name: str) -> tuple[int, ...]:
    """A name's place in Turkish alphabetical order.

    >>> sorted(["Zeynep", "İpek", "Çağrı", "Ilgın", "Ceren", "Ömer"], key=_name_key)
    ['Ceren', 'Çağrı', 'Ilgın', 'İpek', 'Ömer', 'Zeynep']
    """
    lowered = name.replace("I", "ı").replace("İ", "i").lower()
    return tuple(_ALPHABET.index(c) if c in _ALPHABET else 100 + ord(c) for c in lowered)


def _ranked(rows: Iterable[RankRow]) -> list[RankRow]:
    return sorted(rows, key=lambda r: (-r.points, _name_key(r.name), r.student_pk))


def _place(order: Sequence[str], name: str) -> tuple[int, str]:
    return (order.index(name) if name in order else len(order), name)


def _table_info(table: m.GameTable, seats: tuple[int | None, ...]) -> TableInfo:
    return TableInfo(table.id, table.class_id, dict(table.settings), table.status,
                     table.host_pk, table.tournament_id, table.round, table.last_seq,
                     table.created, seats, table.finished)


def _table_infos(session: Session, tables: Sequence[m.GameTable]) -> list[TableInfo]:
    seats = _seats(session, [t.id for t in tables])
    return [_table_info(t, seats[t.id]) for t in tables]


def _tournament_info(tournament: m.Tournament, round_now: int) -> TournamentInfo:
    return TournamentInfo(tournament.id, tournament.class_id, tournament.name,
                          dict(tournament.settings), tournament.rounds, tournament.created,
                          round_now)
