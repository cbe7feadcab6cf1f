"""The class server's schema: Alembic's migrations make exactly the models' tables, on SQLite
and PostgreSQL, and migrating again changes nothing and keeps every class's data."""
from __future__ import annotations

import datetime as dt
import threading
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.config import Config
from sqlalchemy import inspect

from maca.server.db import MIGRATIONS, database_url, engine_for, migrate, writing
from maca.server.errors import InputError
from maca.server.models import Base
from maca.server.passwords import hash_password
from maca.server.store import ClassStore


def differences(url: str) -> list:
    """What Alembic's autogenerate would still change to make the database match the models."""
    engine = engine_for(url)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(
                connection, opts={"compare_type": True, "compare_server_default": True})
            return compare_metadata(context, Base.metadata)
    finally:
        engine.dispose()


def head() -> str:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(config).get_current_head()


def current(url: str) -> str | None:
    engine = engine_for(url)
    try:
        with engine.connect() as connection:
            return MigrationContext.configure(connection).get_current_revision()
    finally:
        engine.dispose()


def test_the_migrated_schema_is_the_models(db_url: str) -> None:
    assert differences(db_url) != []          # an empty database differs: the check can fail
    migrate(db_url)
    assert differences(db_url) == []
    assert current(db_url) == head() == "0002"


def test_a_second_migration_changes_nothing_and_keeps_the_data(db_url: str) -> None:
    store = ClassStore(db_url)
    teacher = store.add_teacher(name="Ayşe Öğretmen", password="uzun parola")
    made = store.create_class(teacher_id=teacher.id, course="9A",
                              class_list="student_id,name\n1,Gül\n".encode(), source_name="9a.csv")
    store.close()
    migrate(db_url)
    again = ClassStore(db_url)       # opening migrates once more
    try:
        assert current(db_url) == head()
        assert again.classes(teacher_id=teacher.id) == [
            made.__class__(**{**made.__dict__, "note": None})]
        assert [s.name for s in again.students(teacher_id=teacher.id, class_id=made.id)] == ["Gül"]
        assert again.check_teacher(name="Ayşe Öğretmen", password="uzun parola") == teacher
        assert differences(db_url) == []
    finally:
        again.close()


def test_two_processes_starting_at_once_migrate_once(db_url: str) -> None:
    failures: list[BaseException] = []

    def start() -> None:
        try:
            migrate(db_url)
        except BaseException as exc:     # collected, the test says which
            failures.append(exc)

    threads = [threading.Thread(target=start) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert current(db_url) == head() and differences(db_url) == []


def test_sqlite_runs_with_a_write_ahead_log_and_full_sync(tmp_path: Path) -> None:
    engine = engine_for(str(tmp_path / "c.db"))      # a plain path is a SQLite file
    with engine.connect() as connection:
        pragmas = {p: connection.exec_driver_sql(f"PRAGMA {p}").scalar()
                   for p in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout")}
    engine.dispose()
    assert pragmas == {"journal_mode": "wal", "synchronous": 2, "foreign_keys": 1,
                       "busy_timeout": 15000}


def test_database_addresses() -> None:
    assert database_url("postgres://u:p@h/d") == "postgresql+psycopg://u:p@h/d"
    with pytest.raises(InputError, match="not supported"):
        engine_for("mysql://u@h/d")
    with pytest.raises(InputError) as caught:
        engine_for("bad url://x")
    assert "veritabanı adresi" in caught.value.message("tr")


def test_the_migrations_are_package_data() -> None:
    """A wheel ships the migrations: setuptools' package data names them."""
    import tomllib
    root = Path(__file__).resolve().parents[1]
    config = tomllib.loads((root / "pyproject.toml").read_text())
    data = config["tool"]["setuptools"]["package-data"]["maca.server"]
    package = root / "maca" / "server"          # the sources (the tests may run on a build)
    shipped = {p for pattern in data for p in package.glob(pattern)}
    migrations = package / "migrations"
    assert {migrations / "env.py", migrations / "script.py.mako"} <= shipped
    versions = set(migrations.glob("versions/*.py"))
    assert versions and versions <= shipped
    assert {p.name for p in versions} == {p.name for p in MIGRATIONS.glob("versions/*.py")}


# ---- 0002: the class tables, added to a database of 0001 ---------------------------------

#: the tables revision 0001 made, in an order their foreign keys allow
TABLES_0001 = ("setting", "teacher", "school_class", "student", "assignment", "answer_event",
               "progress", "student_session")


def to_revision(url: str, revision: str, *, down: bool = False) -> None:
    """Alembic's ``upgrade`` (or ``downgrade``) to ``revision``, as `migrate` runs it."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    engine = engine_for(url)
    try:
        with writing(engine).begin() as connection:
            config.attributes["connection"] = connection
            (command.downgrade if down else command.upgrade)(config, revision)
    finally:
        engine.dispose()


def every_row(url: str) -> dict[str, list[tuple]]:
    """Every row of revision 0001's tables, in key order."""
    engine = engine_for(url)
    try:
        with engine.connect() as connection:
            return {name: [tuple(r) for r in connection.execute(
                Base.metadata.tables[name].select().order_by(
                    *Base.metadata.tables[name].primary_key.columns))]
                for name in TABLES_0001}
    finally:
        engine.dispose()


def fill_0001(url: str) -> None:
    """A class with its students, an assignment, a save and a session: rows of every 0001
    table, written as revision 0001's server wrote them."""
    when = dt.datetime(2026, 3, 2, 9, 30, tzinfo=dt.timezone.utc)
    t = Base.metadata.tables
    engine = engine_for(url)
    try:
        with engine.begin() as connection:
            connection.execute(t["setting"].insert(), {"name": "cookie_key", "value": b"k" * 32})
            connection.execute(t["teacher"].insert(), {
                "id": 1, "name": "Ayşe Hoca", "password_hash": hash_password("uzun parola"),
                "created": when})
            connection.execute(t["school_class"].insert(), {
                "id": 1, "teacher_id": 1, "course": "9A", "code": "ABCDEF",
                "source_name": "9a.csv", "created": when})
            connection.execute(t["student"].insert(), [
                {"id": 1, "class_id": 1, "student_id": "1", "name": "Gül", "position": 0,
                 "join_code": "JOINCODE", "email": "gul@okul.edu.tr"},
                {"id": 2, "class_id": 1, "student_id": "2", "name": "Çağrı", "position": 1,
                 "join_code": "JOINCOD2", "email": None}])
            connection.execute(t["assignment"].insert(), {
                "id": 1, "class_id": 1, "set_id": "follow_suit", "name": "hw1", "due": None,
                "hints": "counted", "created": when})
            connection.execute(t["answer_event"].insert(), {
                "id": 1, "assignment_id": 1, "student_pk": 1, "client_id": "c-1",
                "received": when, "source": None, "document": "{}", "scores": {"q1": 1},
                "score": 1, "max_score": 5})
            connection.execute(t["progress"].insert(), {
                "assignment_id": 1, "student_pk": 1, "document": "{}", "scores": {"q1": 1},
                "score": 1, "max_score": 5, "unusual": {"tr": [], "en": []},
                "notes": {"tr": ["not"], "en": ["note"]}, "updated": when})
            connection.execute(t["student_session"].insert(), {
                "token_hash": "a" * 64, "student_pk": 1, "created": when, "last_seen": when})
    finally:
        engine.dispose()


def test_a_0001_database_upgrades_to_0002_keeping_every_row(db_url: str) -> None:
    to_revision(db_url, "0001")
    assert current(db_url) == "0001"
    fill_0001(db_url)
    before = every_row(db_url)
    assert all(before.values())            # every 0001 table holds a row to keep
    migrate(db_url)
    assert current(db_url) == "0002" and differences(db_url) == []
    assert every_row(db_url) == before
    store = ClassStore(db_url)
    try:
        assert store.check_teacher(name="Ayşe Hoca", password="uzun parola") is not None
        assert [s.name for s in store.students(teacher_id=1, class_id=1)] == ["Gül", "Çağrı"]
        table = store.create_table(class_id=1, settings={"rules": "standard"}, host_pk=1)
        store.append_events(table_id=table.id, after=0,
                            events=[{"seq": 1, "at": 1.0, "t": "sit", "person": 1}],
                            seats=[1, None, None, None])
    finally:
        store.close()


def test_0002_downgrades_to_0001_keeping_the_classes(db_url: str) -> None:
    to_revision(db_url, "0001")
    fill_0001(db_url)
    before = every_row(db_url)
    migrate(db_url)
    store = ClassStore(db_url)
    try:
        table = store.create_table(class_id=1, settings={"rules": "standard"}, host_pk=1)
        store.append_events(table_id=table.id, after=0,
                            events=[{"seq": 1, "at": 1.0, "t": "sit"}], seats=[1])
    finally:
        store.close()
    to_revision(db_url, "0001", down=True)
    assert current(db_url) == "0001" and every_row(db_url) == before
    engine = engine_for(db_url)
    try:
        with engine.connect() as connection:
            assert sorted(inspect(connection).get_table_names()) == sorted(
                [*TABLES_0001, "alembic_version"])
    finally:
        engine.dispose()
    migrate(db_url)                        # and up again
    assert current(db_url) == "0002" and differences(db_url) == [] and every_row(db_url) == before
