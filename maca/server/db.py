"""The class server's database: an engine from a URL, and the schema brought up to date.

SQLite (the default: one file) runs with a write-ahead log, ``synchronous=FULL`` (a commit is
on the disk before it returns, so a save confirmed survives a power cut or ``kill -9``),
foreign keys on and a busy timeout; a transaction that writes starts with ``BEGIN
IMMEDIATE`` (`writing`), so two writers queue instead of failing. PostgreSQL is reached
through psycopg 3 (``postgresql://`` is read as ``postgresql+psycopg://``).

`migrate` runs Alembic's ``upgrade head`` from code, with the migrations shipped inside the
package: a schema change is a new migration, and upgrading never loses a class's data.

>>> database_url("classes.db")
'sqlite:///classes.db'
>>> database_url("postgresql://maca:maca@/maca?host=/var/run/postgresql")
'postgresql+psycopg://maca:maca@/maca?host=/var/run/postgresql'
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from ..words import Text
from .errors import InputError

__all__ = ["database_url", "engine_for", "writing", "migrate", "MIGRATIONS", "BUSY_MS"]

#: the folder of the Alembic migrations (inside the package, so a wheel ships them)
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: how long SQLite waits for another writer before giving up (milliseconds)
BUSY_MS = 15_000
#: the key PostgreSQL's advisory lock takes while migrating (two processes starting together)
_MIGRATION_LOCK = 0x6D616361


def database_url(value: str | Path) -> str:
    """A SQLAlchemy URL from what a teacher gives: a file path (SQLite), a ``sqlite:`` or a
    ``postgresql:`` URL."""
    given = str(value)
    if "://" not in given:
        return f"sqlite:///{given}"
    if given.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + given.split("://", 1)[1]
    return given


def engine_for(url: str) -> Engine:
    """An engine for ``url`` (see `database_url`), with SQLite's pragmas set on each connection.

    >>> import tempfile; engine = engine_for(f"sqlite:///{tempfile.mkdtemp()}/t.db")
    >>> with engine.connect() as c: [c.exec_driver_sql(f"PRAGMA {p}").scalar() for p in
    ...                               ("journal_mode", "synchronous", "foreign_keys")]
    ['wal', 2, 1]
    """
    try:
        parsed = make_url(database_url(url))
    except (ArgumentError, ValueError):      # ValueError: a port that is not a number
        raise InputError(Text(f"veritabanı adresi okunamadı: {url!r}; bir dosya yolu ya da "
                              "postgresql://kullanıcı:parola@sunucu/veritabanı verin",
                              f"cannot read the database address {url!r}: give a file path or "
                              "postgresql://user:password@host/database")) from None
    if parsed.get_backend_name() == "sqlite":
        engine = create_engine(parsed, connect_args={"timeout": BUSY_MS / 1000})
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    if parsed.get_backend_name() == "postgresql":
        return create_engine(parsed.set(drivername="postgresql+psycopg"), pool_pre_ping=True)
    raise InputError(Text(f"{parsed.get_backend_name()!r} veritabanı desteklenmiyor: SQLite "
                          "(bir dosya) ya da PostgreSQL kullanın",
                          f"the database {parsed.get_backend_name()!r} is not supported: use "
                          "SQLite (a file) or PostgreSQL"))


def writing(engine: Engine) -> Engine:
    """The engine whose transactions take the write lock at once on SQLite (``BEGIN
    IMMEDIATE``); on PostgreSQL the same engine."""
    if engine.dialect.name != "sqlite":
        return engine
    return engine.execution_options(sqlite_immediate=True)


def _sqlite_connect(connection: Any, record: Any) -> None:
    connection.isolation_level = None        # SQLAlchemy's begin event says BEGIN itself
    cursor = connection.cursor()
    for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON",
                   f"busy_timeout={BUSY_MS}"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    immediate = connection.get_execution_options().get("sqlite_immediate", False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def migrate(url: str | Engine) -> None:
    """Bring the database's schema to the newest migration (Alembic ``upgrade head``); a
    database already there is left as it is. Two processes migrating at once take turns.

    >>> import tempfile; url = f"sqlite:///{tempfile.mkdtemp()}/t.db"
    >>> migrate(url); migrate(url)
    >>> from sqlalchemy import inspect
    >>> "answer_event" in inspect(engine_for(url)).get_table_names()
    True
    """
    from alembic import command
    from alembic.config import Config

    engine = url if isinstance(url, Engine) else engine_for(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    try:
        with writing(engine).begin() as connection:
            if connection.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                                   {"key": _MIGRATION_LOCK})
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
    finally:
        if not isinstance(url, Engine):
            engine.dispose()
