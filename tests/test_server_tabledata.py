"""The class tables' data on a real database (SQLite and PostgreSQL, never a mock): a table's
log takes one writer's batch at a time and never a stale one, a committed batch survives
``kill -9``, a lease has one holder, results are kept once, and rankings and tournament
standings add up what was kept. Every refusal changes nothing."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from sqlalchemy import event, func, select

from maca.server import models as m
from maca.server.errors import InputError, NotFoundError, ServerError, StaleLog
from maca.server.store import ClassStore
from maca.server.tabledata import (MAX_EVENT_BYTES, MAX_RECORD_BYTES, Append, RankRow,
                                   ResultRow, TableInfo)

ROOT = Path(__file__).resolve().parents[1]
CLASS_LIST = "student_id;name\n1;Zeynep Kaya\n2;Çağrı Öz\n3;Ceren Ak\n4;İpek Su\n5;Ilgın Er\n"
PASSWORD = "tebeşir ve kara tahta"
START = 1767225600.0        # 2026-01-01, the tables' clock in these tests
RATED = {"rules": "standard", "mode": "rated", "timer": 60, "level": "medium"}


def ev(seq: int, kind: str = "play", **fields: Any) -> dict[str, Any]:
    """An event as `maca.multiplayer.SharedTable` makes one."""
    return {"seq": seq, "at": START + seq, "t": kind, **fields}


@pytest.fixture
def store(db_url: str) -> Iterator[ClassStore]:
    opened = ClassStore(db_url)
    yield opened
    opened.close()


class School:
    """A teacher with a class of five (Turkish names), and another teacher with a class of one."""

    def __init__(self, store: ClassStore) -> None:
        self.store = store
        self.teacher = store.add_teacher(name="Ayşe Hoca", password=PASSWORD)
        self.info = store.create_class(teacher_id=self.teacher.id, course="9A",
                                       class_list=CLASS_LIST.encode(), source_name="9a.csv")
        self.students = store.students(teacher_id=self.teacher.id, class_id=self.info.id)
        self.other_teacher = store.add_teacher(name="Can Hoca", password=PASSWORD)
        self.other = store.create_class(teacher_id=self.other_teacher.id, course="9B",
                                        class_list=b"student_id;name\n9;Deniz\n",
                                        source_name="9b.csv")
        self.stranger, = store.students(teacher_id=self.other_teacher.id, class_id=self.other.id)

    def pk(self, index: int) -> int:
        return self.students[index].id

    def table(self, settings: dict[str, Any] | None = None, **options: Any) -> TableInfo:
        return self.store.create_table(class_id=self.info.id, settings=settings or RATED,
                                       host_pk=options.pop("host_pk", self.pk(0)), **options)

    def played(self, seats: list[int], standings: list[int | None], rules: str = "standard",
               level: str = "medium", tournament_id: int | None = None,
               round: int | None = None) -> TableInfo:
        """A finished rated table: these students at its seats with these standings."""
        table = self.table(host_pk=self.pk(seats[0]), tournament_id=tournament_id, round=round)
        self.store.append_events(table_id=table.id, after=0, events=[ev(1, "begin")],
                                 status="playing", seats=[self.pk(i) for i in seats])
        self.store.record_results(table_id=table.id, results=[
            ResultRow(self.pk(i), seat, standing, None, rules, level)
            for seat, (i, standing) in enumerate(zip(seats, standings))])
        self.store.finish_table(table_id=table.id, status="over", record="rules standard\n")
        return self.store.table_info(table_id=table.id)


@pytest.fixture
def school(store: ClassStore) -> School:
    return School(store)


def rows(store: ClassStore) -> dict[str, int]:
    """How many rows each of the tables' tables holds."""
    with store.engine.connect() as connection:
        return {t.__tablename__: connection.scalar(select(func.count()).select_from(t)) or 0
                for t in (m.GameTable, m.TableSeat, m.TableEvent, m.TableLease, m.GameResult,
                          m.Tournament)}


def refused(kind: type[ServerError], call: Callable[[], object], store: ClassStore,
            english: str, turkish: str) -> None:
    """``call`` raises ``kind`` with these words in each language, and no row changes."""
    before = rows(store)
    with pytest.raises(kind) as caught:
        call()
    assert english in caught.value.message("en"), caught.value.message("en")
    assert turkish in caught.value.message("tr"), caught.value.message("tr")
    assert rows(store) == before


# ---- tables ------------------------------------------------------------------------------

def test_a_table_is_made_open_with_its_settings_as_given(school: School) -> None:
    store = school.store
    made = school.table({"rules": "turkish", "target": None, "moon": "new", "cards": ("QS",)})
    assert made.status == "open" and made.last_seq == 0 and made.seats == ()
    assert made.settings == {"rules": "turkish", "target": None, "moon": "new", "cards": ["QS"]}
    assert made.class_id == school.info.id and made.host_pk == school.pk(0)
    assert made.tournament_id is None and made.round is None and made.finished is None
    assert store.table_info(table_id=made.id) == made
    assert store.class_tables(class_id=school.info.id) == [made]
    assert store.class_tables(class_id=school.info.id, statuses=("over",)) == []
    assert store.class_tables(class_id=school.other.id) == []
    assert store.events(table_id=made.id) == []


def test_a_table_is_refused_for_a_wrong_class_host_or_settings(school: School) -> None:
    store = school.store
    refused(NotFoundError, lambda: store.create_table(class_id=999, settings=RATED), store,
            "no such class", "böyle bir sınıf yok")
    refused(NotFoundError, lambda: store.create_table(
        class_id=school.info.id, settings=RATED, host_pk=school.stranger.id), store,
        "no such student in this class", "bu sınıfta böyle bir öğrenci yok")
    refused(InputError, lambda: store.create_table(class_id=school.info.id, settings=["x"]),
            store, "the table's settings must be a JSON object", "masanın ayarları bir JSON")
    refused(InputError, lambda: store.create_table(
        class_id=school.info.id, settings={"name": "x" * 5000}), store,
        "the table's settings may take at most 4096 bytes", "en çok 4096 bayt")
    refused(InputError, lambda: store.create_table(
        class_id=school.info.id, settings={"x": float("nan")}), store,
        "cannot be written as JSON", "JSON olarak yazılamıyor")
    refused(InputError, lambda: store.create_table(class_id=school.info.id, settings=RATED,
                                                   round=1), store,
            "only a tournament's table has a round", "turnuva turu olur")
    with pytest.raises(NotFoundError):
        store.table_info(table_id=12345)
    with pytest.raises(NotFoundError):
        store.events(table_id=True)          # not an id


def test_the_names_of_a_classes_students_and_a_teachers_table(school: School) -> None:
    store = school.store
    assert store.students_by_pk(class_id=school.info.id) == {
        s.id: s.name for s in school.students}
    table = school.table()
    assert store.teacher_owns_table(teacher_id=school.teacher.id, table_id=table.id) == table
    for teacher, table_id in ((school.other_teacher.id, table.id), (school.teacher.id, 999)):
        with pytest.raises(NotFoundError, match="no such table"):
            store.teacher_owns_table(teacher_id=teacher, table_id=table_id)
    with pytest.raises(NotFoundError):
        store.students_by_pk(class_id=999)


# ---- the log -----------------------------------------------------------------------------

def test_events_are_appended_in_order_with_the_tables_status_and_seats(school: School) -> None:
    store = school.store
    table = school.table()
    sat = [ev(1, "sit", person=school.pk(0), seat=0), ev(2, "sit", person=school.pk(1), seat=1)]
    assert store.append_events(table_id=table.id, after=0, events=sat,
                               seats=[school.pk(0), school.pk(1), None, None]) == 2
    deal = ev(3, "deal", hands=[["2C", "QS"], ["AH"], [], []], dealer=0, hand=1)
    assert store.append_events(table_id=table.id, after=2, events=[ev(3, "begin"), deal][:1],
                               status="playing") == 3
    assert store.append_events(table_id=table.id, after=3,
                               events=[{**deal, "seq": 4}, ev(5, at_ms=0.1)]) == 5
    assert store.events(table_id=table.id) == [*sat, ev(3, "begin"), {**deal, "seq": 4},
                                               ev(5, at_ms=0.1)]
    assert [e["seq"] for e in store.events(table_id=table.id, after=3)] == [4, 5]
    assert store.events(table_id=table.id, after=5) == []
    info = store.table_info(table_id=table.id)
    assert (info.status, info.last_seq, info.seats) == ("playing", 5,
                                                        (school.pk(0), school.pk(1), None, None))
    assert store.class_tables(class_id=school.info.id) == [info]
    # seats change with a later append, and only then; an empty batch changes seats alone
    assert store.append_events(table_id=table.id, after=5, events=[],
                               seats=[school.pk(2), school.pk(1), None]) == 5
    assert store.table_info(table_id=table.id).seats == (school.pk(2), school.pk(1), None)
    assert [t.id for t in store.student_tables(student_pk=school.pk(2))] == [table.id]
    assert store.student_tables(student_pk=school.pk(0)) == []
    assert store.student_tables(student_pk=school.pk(2), statuses=("over",)) == []


def test_a_stale_or_wrong_batch_writes_nothing(school: School) -> None:
    store = school.store
    table = school.table()
    store.append_events(table_id=table.id, after=0, events=[ev(1, "sit"), ev(2, "sit")],
                        seats=[school.pk(0), None, None, None])
    append = store.append_events
    for after in (0, 1, 3):     # behind the log, or ahead of it
        refused(StaleLog, lambda: append(table_id=table.id, after=after,
                                         events=[ev(after + 1)], status="playing",
                                         seats=[None, None, None, None]), store,
                f"it holds events after {after}", "yeniden oku ve tekrar dene")
    for batch in ([ev(4)], [ev(3), ev(5)], [{"seq": 3, "t": "play"}], [ev(3, at=float("inf"))],
                  [{"seq": True, "at": 1.0, "t": "x"}], [ev(3, t=7)], ["play"]):
        refused(InputError, lambda: append(table_id=table.id, after=2, events=batch), store,
                "must be a dict with seq", "bir sözlük olmalı")
    refused(InputError, lambda: append(table_id=table.id, after=2,
                                       events=[ev(3, pad="x" * MAX_EVENT_BYTES)]), store,
            "event 3 may take at most 4096 bytes", "3. olay en çok 4096 bayt")
    refused(InputError, lambda: append(table_id=table.id, after=2, events=[ev(3, text="\ud800")]),
            store, "event 3 cannot be written as JSON", "JSON olarak yazılamıyor")
    refused(InputError, lambda: append(table_id=table.id, after=-1, events=[]), store,
            "'after' must be the number", "okunan son olayın numarası")
    refused(InputError, lambda: append(table_id=table.id, after=2, events=[ev(3)],
                                       status="lost"), store,
            "one of open, playing, over, ended, not 'lost'", "masanın durumu")
    for seats, words in (([school.pk(0), school.pk(0)], "two seats"), ([None] * 5, "at most 4"),
                         ("ab", "at most 4"), ([school.pk(0), 0], "at most 4")):
        refused(InputError, lambda: append(table_id=table.id, after=2, events=[ev(3)],
                                           seats=seats), store, words, "otur")
    refused(NotFoundError, lambda: append(table_id=table.id, after=2, events=[ev(3)],
                                          seats=[school.stranger.id]), store,
            "no such student in this class", "bu sınıfta")
    refused(NotFoundError, lambda: append(table_id=999, after=0, events=[ev(1)]), store,
            "no such table", "böyle bir masa yok")
    assert store.events(table_id=table.id) == [ev(1, "sit"), ev(2, "sit")]
    info = store.table_info(table_id=table.id)
    assert (info.status, info.last_seq, info.seats) == ("open", 2, (school.pk(0), None, None, None))


def test_a_batch_of_appends_writes_each_or_refuses_it_alone(school: School) -> None:
    """Several tables' appends in one transaction (the runtime's group commit): a stale log, a
    stranger in a seat (refused after the table's row was changed) or a bad event is refused
    in its place and leaves its table as it was; the others are written."""
    store = school.store
    good, stale, stranger, bad, seated = (school.table() for _ in range(5))
    store.append_events(table_id=stale.id, after=0, events=[ev(1, "sit")])
    outcomes = store.append_many([
        Append(good.id, 0, [ev(1, "sit"), ev(2, "begin")], "playing", [school.pk(0), None]),
        Append(stale.id, 0, [ev(1, "sit")]),
        Append(stranger.id, 0, [ev(1, "sit")], "playing", [school.stranger.id]),
        Append(bad.id, 0, [ev(2)]),
        Append(999, 0, [ev(1)]),
        Append(seated.id, 0, [ev(1, "sit")], None, [school.pk(1)])])
    assert outcomes[0] == 2 and outcomes[5] == 1
    kinds = [type(o) for o in outcomes[1:5]]
    assert kinds == [StaleLog, NotFoundError, InputError, NotFoundError], outcomes
    assert "no such student in this class" in outcomes[2].message("en")
    assert store.events(table_id=good.id) == [ev(1, "sit"), ev(2, "begin")]
    assert store.table_info(table_id=good.id).seats == (school.pk(0), None)
    assert store.table_info(table_id=seated.id).seats == (school.pk(1),)
    for table, last in ((stale, 1), (stranger, 0), (bad, 0)):
        info = store.table_info(table_id=table.id)
        assert (info.status, info.last_seq, info.seats) == ("open", last, ()), info
    assert store.events(table_id=stranger.id) == [] and store.append_many([]) == []


def two_stores(db_url: str) -> tuple[ClassStore, ClassStore]:
    """Two stores on one database: two server processes, each with its own connections."""
    return ClassStore(db_url), ClassStore(db_url)


def test_of_two_writers_at_once_one_appends_and_the_other_gets_stale_log(
        db_url: str, school: School) -> None:
    table = school.table()
    stores = two_stores(db_url)
    rounds = 12
    outcomes: list[list[str]] = [[] for _ in range(rounds)]
    barrier = threading.Barrier(2)

    def write(who: int) -> None:
        store = stores[who]
        for round_ in range(rounds):
            barrier.wait(timeout=30)
            try:
                store.append_events(table_id=table.id, after=round_,
                                    events=[ev(round_ + 1, by=who)], seats=[school.pk(who)])
                outcomes[round_].append(f"wrote {who}")
            except StaleLog:
                outcomes[round_].append("stale")

    try:
        threads = [threading.Thread(target=write, args=(who,)) for who in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        log = school.store.events(table_id=table.id)
    finally:
        for store in stores:
            store.close()
    assert [sorted(o)[0] for o in outcomes] == ["stale"] * rounds     # one refused each round
    winners = [int(sorted(o)[1].split()[1]) for o in outcomes]
    assert [e["by"] for e in log] == winners and [e["seq"] for e in log] == list(
        range(1, rounds + 1))
    assert school.store.table_info(table_id=table.id).seats == (school.pk(winners[-1]),)


def test_a_writer_waiting_for_another_writers_commit_gets_stale_log(
        db_url: str, school: School) -> None:
    """The first writer is held just before its commit; the second, started then, waits for
    it (SQLite's write lock, PostgreSQL's row lock) and finds the log moved on."""
    table = school.table()
    first, second = two_stores(db_url)
    in_flight, go = threading.Event(), threading.Event()
    outcomes: dict[str, object] = {}

    def hold(connection: object) -> None:
        in_flight.set()
        go.wait(timeout=30)

    def append(name: str, store: ClassStore) -> None:
        try:
            outcomes[name] = store.append_events(table_id=table.id, after=0,
                                                 events=[ev(1, by=name), ev(2, by=name)],
                                                 status="playing")
        except StaleLog as exc:
            outcomes[name] = exc

    event.listen(first.engine, "commit", hold)
    try:
        one = threading.Thread(target=append, args=("first", first))
        one.start()
        assert in_flight.wait(timeout=30)
        two = threading.Thread(target=append, args=("second", second))
        two.start()
        two.join(timeout=0.5)
        waited = two.is_alive()
        go.set()
        one.join(timeout=30)
        two.join(timeout=30)
    finally:
        go.set()
        first.close()
        second.close()
    assert waited and outcomes["first"] == 2 and isinstance(outcomes["second"], StaleLog)
    assert [e["by"] for e in school.store.events(table_id=table.id)] == ["first", "first"]


KILLED_WRITER = """
import os, signal, sys
from maca.server.store import ClassStore
store = ClassStore(sys.argv[1])
events = [{"seq": n, "at": 1767225600.0 + n, "t": "play", "card": card}
          for n, card in ((2, "2C"), (3, "QS"), (4, "AH"))]
last = store.append_events(table_id=int(sys.argv[2]), after=1, events=events, status="playing")
print(last, flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_events_appended_are_kept_when_the_writer_is_killed_right_after(
        db_url: str, school: School) -> None:
    store = school.store
    table = school.table()
    store.append_events(table_id=table.id, after=0, events=[ev(1, "begin")])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    done = subprocess.run([sys.executable, "-c", KILLED_WRITER, db_url, str(table.id)],
                          capture_output=True, text=True, timeout=120, env=env, cwd=ROOT)
    assert done.returncode == -signal.SIGKILL, done.stderr
    assert done.stdout.split() == ["4"]
    again = ClassStore(db_url)
    try:
        assert [e.get("card") for e in again.events(table_id=table.id)] == [None, "2C", "QS", "AH"]
        info = again.table_info(table_id=table.id)
        assert (info.last_seq, info.status) == (4, "playing")
    finally:
        again.close()


# ---- leases ------------------------------------------------------------------------------

def test_a_lease_is_taken_renewed_expired_and_dropped_by_the_clock_given(
        school: School) -> None:
    store = school.store
    table, other = school.table(), school.table()
    take = store.take_lease
    assert take(table_id=table.id, process="p1", seconds=30, now=1000.0)
    assert not take(table_id=table.id, process="p2", seconds=30, now=1029.9)
    assert take(table_id=table.id, process="p1", seconds=30, now=1020.0)       # renewed
    assert not take(table_id=table.id, process="p2", seconds=30, now=1049.0)   # to 1050
    assert take(table_id=table.id, process="p2", seconds=30, now=1050.0)       # expired
    assert not take(table_id=table.id, process="p1", seconds=30, now=1060.0)   # p1 lost it
    store.drop_lease(table_id=table.id, process="p1")                          # not p1's
    assert not take(table_id=table.id, process="p3", seconds=30, now=1061.0)
    store.drop_lease(table_id=table.id, process="p2")
    assert take(table_id=table.id, process="p3", seconds=30, now=1062.0)
    assert take(table_id=other.id, process="p1", seconds=5, now=1062.0)       # one per table
    # orphans: tables in play whose lease is free or expired
    for info in (table, other):
        store.append_events(table_id=info.id, after=0, events=[ev(1, "begin")],
                            status="playing")
    assert store.orphan_tables(now=1063.0) == []
    assert store.orphan_tables(now=1067.0) == [other.id]
    assert store.orphan_tables(now=1100.0) == [table.id, other.id]
    assert store.orphan_tables(now=1100.0, limit=1) == [table.id]
    store.drop_lease(table_id=table.id, process="p3")
    assert store.orphan_tables(now=1063.0) == [table.id]
    store.finish_table(table_id=other.id, status="over", record="r")        # lets it go
    assert store.orphan_tables(now=2000.0) == [table.id] and rows(store)["table_lease"] == 0


def test_a_lease_is_refused_for_a_wrong_table_process_or_time(school: School) -> None:
    store = school.store
    table = school.table()
    take = store.take_lease
    refused(NotFoundError, lambda: take(table_id=999, process="p", seconds=5), store,
            "no such table", "böyle bir masa yok")
    for seconds in (0, -1, 3601, float("nan"), "5"):
        refused(InputError, lambda: take(table_id=table.id, process="p", seconds=seconds),
                store, "lasts more than 0 and at most 3600", "masanın sahipliği")
    for process in ("", "x" * 101, None):
        refused(InputError, lambda: take(table_id=table.id, process=process, seconds=5), store,
                "a process's name", "sürecin adı")
    refused(InputError, lambda: take(table_id=table.id, process="p", seconds=5, now=-1), store,
            "seconds since the epoch", "epoch")
    refused(InputError, lambda: store.orphan_tables(limit=0), store,
            "how many tables at most", "en çok kaç masa")


def test_a_lease_by_the_databases_clock_expires(school: School) -> None:
    store = school.store
    table = school.table()
    store.append_events(table_id=table.id, after=0, events=[ev(1, "begin")], status="playing")
    assert store.orphan_tables() == [table.id]
    assert store.take_lease(table_id=table.id, process="p1", seconds=30)
    assert store.orphan_tables() == []
    assert not store.take_lease(table_id=table.id, process="p2", seconds=30)
    assert store.take_lease(table_id=table.id, process="p1", seconds=0.5)   # renewed, shorter
    time.sleep(0.8)
    assert store.orphan_tables() == [table.id]
    assert store.take_lease(table_id=table.id, process="p2", seconds=30)
    assert not store.take_lease(table_id=table.id, process="p1", seconds=30)


def test_two_processes_taking_one_lease_at_once_get_it_once(db_url: str, school: School) -> None:
    tables = [school.table().id for _ in range(10)]
    stores = two_stores(db_url)
    barrier = threading.Barrier(2)
    taken: list[list[int]] = [[], []]

    def take(who: int) -> None:
        for table_id in tables:
            barrier.wait(timeout=30)
            if stores[who].take_lease(table_id=table_id, process=f"p{who}", seconds=60):
                taken[who].append(table_id)

    try:
        threads = [threading.Thread(target=take, args=(who,)) for who in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
    finally:
        for store in stores:
            store.close()
    assert sorted(taken[0] + taken[1]) == tables
    with school.store.engine.connect() as connection:
        holders = dict(connection.execute(select(m.TableLease.table_id, m.TableLease.process)).all())
    assert holders == {t: "p0" if t in taken[0] else "p1" for t in tables}


# ---- results, records and rankings -------------------------------------------------------

def test_results_are_kept_once_per_table_and_student(school: School) -> None:
    store = school.store
    table = school.table()
    first = [ResultRow(school.pk(0), 0, -1, "button", "standard", "medium"),
             ResultRow(school.pk(1), 2, 1, None, "standard", "medium")]
    store.record_results(table_id=table.id, results=first[:1])     # the leaver at once
    store.record_results(table_id=table.id, results=first)         # the others at the end
    store.record_results(table_id=table.id, results=[              # later: changes nothing
        ResultRow(school.pk(0), 0, 1, None, "standard", "medium")])
    with store.engine.connect() as connection:
        kept = connection.execute(select(m.GameResult.student_pk, m.GameResult.seat,
                                         m.GameResult.standing, m.GameResult.left)
                                  .order_by(m.GameResult.seat)).all()
    assert [tuple(r) for r in kept] == [(school.pk(0), 0, -1, "button"),
                                        (school.pk(1), 2, 1, None)]
    record = store.record_results
    bad = [ResultRow(school.pk(2), 1, 2, None, "standard", "medium"),
           ResultRow(school.pk(2), 1, True, None, "standard", "medium"),
           ResultRow(school.pk(2), 4, 0, None, "standard", "medium"),
           ResultRow(school.pk(2), 1, 0, "left the room", "standard", "medium"),
           ResultRow(school.pk(2), 1, 0, None, "chess", "medium"),
           ResultRow(school.pk(2), 1, 0, None, "standard", "expert"),
           (school.pk(2), 1, 0, None, "standard", "medium")]
    for row in bad:
        refused(InputError, lambda: record(table_id=table.id, results=[row]), store,
                "result 1 is not valid", "1. sonuç geçersiz")
    twice = ResultRow(school.pk(3), 1, 0, None, "standard", "medium")
    refused(InputError, lambda: record(table_id=table.id, results=[twice, twice]), store,
            "one result per table", "tek sonucu olur")
    refused(NotFoundError, lambda: record(table_id=table.id, results=[
        ResultRow(school.stranger.id, 3, 0, None, "standard", "medium")]), store,
        "no such student in this class", "bu sınıfta")
    refused(NotFoundError, lambda: record(table_id=999, results=[twice]), store,
            "no such table", "masa yok")


def test_rankings_add_up_standings_per_rules_and_level(school: School) -> None:
    store = school.store
    school.played([0, 1, 2, 3], [1, 0, 0, -1])
    school.played([3, 2, 1, 4], [1, 0, -1, -1])
    school.played([1, 3, 0, 2], [None, 1, 0, -1])      # 1 left leading alone: no entry
    school.played([0, 1, 2], [1, 0, -1], rules="three_players", level="medium")
    school.played([4, 0, 1, 2], [1, -1, -1, 0], level="easy")
    standard = store.ranking(class_id=school.info.id, rules="standard", level="medium")
    # the most points first, then in Turkish alphabetical order (C Ç I İ … Z)
    assert standard == [RankRow(school.pk(3), "İpek Su", 3, 2, 0, 1, 1),
                        RankRow(school.pk(0), "Zeynep Kaya", 2, 1, 1, 0, 1),
                        RankRow(school.pk(2), "Ceren Ak", 3, 0, 2, 1, -1),
                        RankRow(school.pk(1), "Çağrı Öz", 2, 0, 1, 1, -1),
                        RankRow(school.pk(4), "Ilgın Er", 1, 0, 0, 1, -1)]
    assert [(rules, level, [r.points for r in ranked])
            for rules, level, ranked in store.rankings(class_id=school.info.id)] == [
        ("standard", "easy", [1, 0, -1, -1]), ("standard", "medium", [1, 1, -1, -1, -1]),
        ("three_players", "medium", [1, 0, -1])]
    assert store.ranking(class_id=school.info.id, rules="standard", level="hard") == []
    assert store.rankings(class_id=school.other.id) == []
    with pytest.raises(NotFoundError):
        store.rankings(class_id=999)


def test_a_finished_game_is_kept_once_and_its_record_is_its_players_only(
        school: School) -> None:
    store = school.store
    practice = school.table({"rules": "standard", "mode": "practice"})
    store.append_events(table_id=practice.id, after=0, events=[ev(1, "begin")],
                        status="playing", seats=[school.pk(0), school.pk(1), None, None])
    with pytest.raises(NotFoundError, match="no record"):       # not finished yet
        store.game_record(student_pk=school.pk(0), table_id=practice.id)
    assert store.student_records(student_pk=school.pk(0)) == []
    record = "rules standard\nhand 1 dealer 0\n"
    store.take_lease(table_id=practice.id, process="p", seconds=60)
    store.finish_table(table_id=practice.id, status="ended", record=record)
    store.finish_table(table_id=practice.id, status="over", record="another")   # stays
    assert rows(store)["table_lease"] == 0
    info = store.table_info(table_id=practice.id)
    assert info.status == "ended" and info.finished is not None
    assert store.class_tables(class_id=school.info.id) == []
    assert store.class_tables(class_id=school.info.id, statuses=("over", "ended")) == [info]
    assert store.game_record(student_pk=school.pk(1), table_id=practice.id) == record
    # a rated game: the leaver's seat went to a computer player, their result keeps it theirs
    rated = school.played([2, 3, 0, 1], [-1, 1, 0, -1])
    store.append_events(table_id=rated.id, after=1, events=[ev(2, "leave", seat=0)],
                        seats=[None, school.pk(3), school.pk(0), school.pk(1)])
    mine = store.student_records(student_pk=school.pk(0))
    assert [(r.table_id, r.seat, r.standing, r.status) for r in mine] == [
        (rated.id, 2, 0, "over"), (practice.id, 0, None, "ended")]
    assert mine[1].settings == {"rules": "standard", "mode": "practice"}
    assert [r.table_id for r in store.student_records(student_pk=school.pk(2))] == [rated.id]
    assert store.game_record(student_pk=school.pk(2), table_id=rated.id) == "rules standard\n"
    for student, table_id in ((school.pk(2), practice.id), (school.stranger.id, rated.id),
                              (school.pk(0), 999)):
        with pytest.raises(NotFoundError, match="no record"):
            store.game_record(student_pk=student, table_id=table_id)
    assert store.student_records(student_pk=school.pk(4)) == []
    # a table the teacher ended before its game began has no record
    unplayed = school.table(host_pk=school.pk(4))
    store.append_events(table_id=unplayed.id, after=0, events=[ev(1, "sit")],
                        seats=[school.pk(4), None, None, None])
    store.finish_table(table_id=unplayed.id, status="ended", record="")
    assert store.student_records(student_pk=school.pk(4)) == []
    with pytest.raises(NotFoundError, match="no record"):
        store.game_record(student_pk=school.pk(4), table_id=unplayed.id)
    refused(InputError, lambda: store.finish_table(table_id=rated.id, status="playing",
                                                   record="r"), store,
            "over or ended, not 'playing'", "over ya da ended")
    refused(InputError, lambda: store.finish_table(table_id=rated.id, status="over",
                                                   record="x" * (MAX_RECORD_BYTES + 1)),
            store, "at most 262144 bytes", "en çok 262144")
    refused(NotFoundError, lambda: store.finish_table(table_id=999, status="over", record="r"),
            store, "no such table", "masa yok")


# ---- tournaments -------------------------------------------------------------------------

def test_a_tournaments_rounds_and_standings(school: School) -> None:
    store = school.store
    teacher, class_id = school.teacher.id, school.info.id
    cup = store.create_tournament(teacher_id=teacher, class_id=class_id, name=" Bahar Kupası ",
                                  settings=RATED, rounds=3)
    assert (cup.name, cup.rounds, cup.round_now, cup.settings) == ("Bahar Kupası", 3, 0, RATED)
    later = store.create_tournament(teacher_id=teacher, class_id=class_id, name="Kış",
                                    settings={}, rounds=1)
    assert store.tournaments(teacher_id=teacher, class_id=class_id) == [later, cup]
    assert store.tournament(teacher_id=teacher, tournament_id=cup.id) == cup
    assert store.tournament_standings(teacher_id=teacher, tournament_id=cup.id) == []
    # round 1: two tables drawn; one played, one seated only
    school.played([0, 1, 2, 3], [1, 0, 0, -1], tournament_id=cup.id, round=1)
    waiting = store.create_table(class_id=class_id, settings=RATED, tournament_id=cup.id,
                                 round=1)
    store.append_events(table_id=waiting.id, after=0, events=[ev(1, "sit")],
                        seats=[school.pk(4), None, None, None])
    assert store.tournament(teacher_id=teacher, tournament_id=cup.id).round_now == 1
    school.played([3, 2, 1, 0], [1, -1, 0, 0], tournament_id=cup.id, round=2)
    school.played([0, 1, 2, 3], [-1, -1, -1, 1])          # not the tournament's
    standings = store.tournament_standings(teacher_id=teacher, tournament_id=cup.id)
    assert [(r.name, r.games, r.wins, r.draws, r.losses, r.points) for r in standings] == [
        ("Zeynep Kaya", 2, 1, 1, 0, 1), ("Çağrı Öz", 2, 0, 2, 0, 0),
        ("Ilgın Er", 0, 0, 0, 0, 0), ("İpek Su", 2, 1, 0, 1, 0), ("Ceren Ak", 2, 0, 1, 1, -1)]
    assert [(t.tournament_id, t.round) for t in store.class_tables(
        class_id=class_id, statuses=("open",))] == [(cup.id, 1)]
    assert store.tournament(teacher_id=teacher, tournament_id=cup.id).round_now == 2


def test_a_tournament_is_the_teachers_own_and_its_rounds_are_counted(school: School) -> None:
    store = school.store
    teacher, class_id = school.teacher.id, school.info.id
    cup = store.create_tournament(teacher_id=teacher, class_id=class_id, name="Kupa",
                                  settings=RATED, rounds=2)
    other = school.other_teacher.id
    refused(NotFoundError, lambda: store.create_tournament(
        teacher_id=other, class_id=class_id, name="Kupa", settings=RATED, rounds=2), store,
        "no such class", "böyle bir sınıf yok")
    for call in (lambda: store.tournaments(teacher_id=other, class_id=class_id),
                 lambda: store.tournament(teacher_id=other, tournament_id=cup.id),
                 lambda: store.tournament_standings(teacher_id=other, tournament_id=cup.id),
                 lambda: store.tournament(teacher_id=teacher, tournament_id=999)):
        with pytest.raises(NotFoundError):
            call()
    for name in ("", "   ", "x" * 201, "Ku\u202epa", None):
        refused(InputError, lambda: store.create_tournament(
            teacher_id=teacher, class_id=class_id, name=name, settings=RATED, rounds=2), store,
            "a tournament's name", "turnuvanın adı")
    for rounds in (0, 51, 1.5, True):
        refused(InputError, lambda: store.create_tournament(
            teacher_id=teacher, class_id=class_id, name="Kupa", settings=RATED, rounds=rounds),
            store, "1 to 50 rounds", "1 ile 50 arasında tur")
    refused(InputError, lambda: store.create_tournament(
        teacher_id=teacher, class_id=class_id, name="Kupa", settings="rated", rounds=2), store,
        "the tournament's settings must be a JSON object", "turnuvanın ayarları")
    for round_ in (0, 3, None):
        refused(InputError, lambda: store.create_table(
            class_id=class_id, settings=RATED, tournament_id=cup.id, round=round_), store,
            "a number from 1 to 2", "1 ile 2 arasında")
    refused(NotFoundError, lambda: store.create_table(
        class_id=school.other.id, settings=RATED, tournament_id=cup.id, round=1), store,
        "no such tournament", "böyle bir turnuva yok")


def test_every_table_method_takes_keywords_only(store: ClassStore) -> None:
    with pytest.raises(TypeError):
        store.table_info(1)              # type: ignore[misc]
    with pytest.raises(TypeError):
        store.append_events(1, 0, [])    # type: ignore[misc]

