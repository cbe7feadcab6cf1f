"""The class server's schema: Alembic's migrations make exactly the models' tables, on SQLite
and PostgreSQL, and migrating again changes nothing and keeps every class's data."""
from __future__ import annotations

import threading
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.config import Config

from maca.server.db import MIGRATIONS, database_url, engine_for, migrate
from maca.server.errors import InputError
from maca.server.models import Base
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
    assert current(db_url) == head() == "0001"


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
