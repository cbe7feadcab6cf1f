"""The live fan-out: a teacher's socket hears when an answer lands in the class or a student's
socket opens or closes, and every process hears when a class table's log grows, also when that
happened in another server process.

Every event goes through `Hub.publish`. The plain `Hub` (SQLite: one process) hands it straight
to the listeners of its class; `PostgresHub` sends it with PostgreSQL's ``NOTIFY`` and every
process (itself too) hears it by ``LISTEN``, so several processes behind one proxy behave as one.
Presence is counted per process (a student may have two tabs open): each event about it carries
the sending process's count, and a process that starts asks the others for theirs. Every process
says it is alive every `HEARTBEAT` seconds; one not heard from for three heartbeats (killed
with no goodbye) is forgotten, and its students go offline on the others' pages.

A table's news (`Hub.table`: its log reached ``seq``) goes to every `subscribe_tables` queue:
each process's `maca.server.tables.TableRuntime` reads it and redraws the sockets it holds for
that table and the class's lobby.

>>> import asyncio
>>> async def demo():
...     hub = Hub()
...     heard = hub.subscribe(7)
...     await hub.presence(7, student=42, delta=+1)
...     await hub.answer(7, student=42)
...     return [heard.get_nowait().kind for _ in range(2)], hub.online(7)
>>> asyncio.run(demo())
(['presence', 'answer'], {42})
>>> async def table_demo():
...     hub = Hub()
...     news = hub.subscribe_tables()
...     await hub.table(7, table=3, seq=12, status="playing")
...     return news.get_nowait()
>>> asyncio.run(table_demo()).seq
12
"""
from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Callable

log = logging.getLogger("maca.server")

#: the PostgreSQL channel of the class events
CHANNEL = "maca_class"
#: seconds between a process's "alive" events
HEARTBEAT = 15.0


@dataclass(frozen=True)
class Event:
    """Something a class's live page shows: ``answer`` saved or ``presence`` changed."""

    kind: str
    class_id: int
    student: int


@dataclass(frozen=True)
class TableNews:
    """A class table changed: its event log reached ``seq`` and its status is ``status``
    (written by ``process``)."""

    class_id: int
    table: int
    seq: int
    status: str
    process: str


class Hub:
    """Fan-out of class events to the teacher sockets of one process, and of tables' news to
    the process's table runtime."""

    def __init__(self) -> None:
        self.process = uuid.uuid4().hex
        self.listeners: dict[int, set[asyncio.Queue[Event]]] = defaultdict(set)
        self.local: dict[tuple[int, int], int] = defaultdict(int)   # (class, student): sockets
        #: class -> student -> process -> open sockets
        self.seen: dict[int, dict[int, dict[str, int]]] = defaultdict(lambda: defaultdict(dict))
        self.heard: dict[str, float] = {}   # process -> when it was last heard (monotonic)
        self.table_listeners: set[asyncio.Queue[TableNews]] = set()
        self.session_listeners: set[Callable[[str], None]] = set()

    async def start(self) -> None:
        """Begin hearing events (nothing to do in one process)."""

    async def stop(self) -> None:
        """Stop hearing events."""

    def subscribe(self, class_id: int) -> asyncio.Queue[Event]:
        """A queue that receives the class's events (give it back to `unsubscribe`)."""
        queue: asyncio.Queue[Event] = asyncio.Queue()
        self.listeners[class_id].add(queue)
        return queue

    def unsubscribe(self, class_id: int, queue: asyncio.Queue[Event]) -> None:
        """Stop sending the class's events to ``queue``."""
        self.listeners[class_id].discard(queue)

    def subscribe_tables(self) -> asyncio.Queue[TableNews]:
        """A queue that receives every table's news (give it back to `unsubscribe_tables`)."""
        queue: asyncio.Queue[TableNews] = asyncio.Queue()
        self.table_listeners.add(queue)
        return queue

    def unsubscribe_tables(self, queue: asyncio.Queue[TableNews]) -> None:
        """Stop sending tables' news to ``queue``."""
        self.table_listeners.discard(queue)

    def online(self, class_id: int) -> set[int]:
        """The students of the class with an open socket in any process."""
        return {student for student, processes in self.seen[class_id].items()
                if any(processes.values())}

    async def answer(self, class_id: int, student: int) -> None:
        """An answer of ``student`` was saved."""
        await self._tell({"kind": "answer", "class": class_id, "student": student})

    async def table(self, class_id: int, table: int, seq: int, status: str) -> None:
        """The log of a table of the class reached ``seq``; the table's status is ``status``."""
        await self._tell({"kind": "table", "class": class_id, "table": table, "seq": seq,
                          "status": status})

    async def sign_out(self, mark: str) -> None:
        """The session of `session_mark` ``mark`` ended: every process closes its sockets."""
        await self._tell({"kind": "signout", "session": mark})

    async def presence(self, class_id: int, student: int, delta: int) -> None:
        """A socket of ``student`` opened (+1) or closed (−1) in this process."""
        key = (class_id, student)
        self.local[key] = max(0, self.local[key] + delta)
        await self._tell({"kind": "presence", "class": class_id, "student": student,
                          "count": self.local[key]})

    async def _tell(self, payload: dict[str, Any]) -> None:
        """Publish; a failure is logged, never passed on (the answer is saved all the same,
        and the teacher's page catches up with the next event)."""
        try:
            await self.publish(payload)
        except Exception as exc:
            log.warning("maca: a live update was not sent (%s)", exc)

    async def publish(self, payload: dict[str, Any]) -> None:
        """Send an event to every process (here: this one)."""
        self.receive({**payload, "process": self.process})

    def receive(self, payload: dict[str, Any]) -> None:
        """An event heard from a process (this one or another): update presence, tell the
        class's listeners."""
        kind, process = payload.get("kind"), str(payload.get("process", ""))
        self.heard[process] = time.monotonic()
        if kind == "alive":
            return
        if kind == "bye":            # its students' sockets are gone: tell their classes
            self._forget(process)
            return
        if kind == "hello":
            if process != self.process:
                asyncio.get_running_loop().create_task(self._tell_presence())
            return
        if kind == "signout":
            mark = payload.get("session")
            if isinstance(mark, str):
                for ended in list(self.session_listeners):
                    ended(mark)
            return
        class_id, student = payload.get("class"), payload.get("student")
        if kind == "table":
            table, seq, status = payload.get("table"), payload.get("seq"), payload.get("status")
            if (type(class_id) is int and type(table) is int and type(seq) is int
                    and isinstance(status, str)):
                for news in list(self.table_listeners):
                    news.put_nowait(TableNews(class_id, table, seq, status, process))
            return
        if type(class_id) is not int or type(student) is not int:
            return
        if kind == "presence":
            self.seen[class_id][student][process] = int(payload.get("count", 0))
        for queue in list(self.listeners.get(class_id, ())):
            queue.put_nowait(Event(str(kind), class_id, student))

    def _forget(self, process: str) -> None:
        """A process is gone: its sockets no longer count, and their classes hear it."""
        self.heard.pop(process, None)
        for gone_class, students in self.seen.items():
            for gone, processes in students.items():
                if processes.pop(process, 0):
                    for queue in list(self.listeners.get(gone_class, ())):
                        queue.put_nowait(Event("presence", gone_class, gone))

    def expire(self, now: float | None = None) -> None:
        """Forget the processes not heard from for three heartbeats (killed, or cut off).

        >>> hub = Hub()
        >>> hub.receive({"kind": "presence", "class": 1, "student": 5, "count": 1,
        ...              "process": "other"})
        >>> hub.online(1), hub.expire(time.monotonic() + 3 * HEARTBEAT + 1), hub.online(1)
        ({5}, None, set())
        """
        now = time.monotonic() if now is None else now
        for process, when in list(self.heard.items()):
            if process != self.process and now - when > 3 * HEARTBEAT:
                self._forget(process)

    async def _tell_presence(self) -> None:
        """Tell a newly started process who has a socket open here."""
        for (class_id, student), count in list(self.local.items()):
            if count:
                await self.publish({"kind": "presence", "class": class_id, "student": student,
                                    "count": count})


def session_mark(token: str) -> str:
    """What the processes say of a student's session when it ends: neither its token nor the
    store's key of it.

    >>> session_mark("abc") == session_mark("abc") != session_mark("abd"), len(session_mark("abc"))
    (True, 32)
    """
    return hashlib.sha256(b"maca-session:" + token.encode()).hexdigest()[:32]


def connection_kwargs(url: str) -> dict[str, Any]:
    """psycopg's connection arguments from the server's SQLAlchemy URL.

    >>> connection_kwargs("postgresql+psycopg://maca:pw@/maca?host=/var/run/postgresql")
    {'dbname': 'maca', 'user': 'maca', 'password': 'pw', 'host': '/var/run/postgresql'}
    >>> connection_kwargs("postgresql://u@db.school:5433/classes")["port"]
    5433
    """
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    kwargs: dict[str, Any] = {"dbname": parsed.database, "user": parsed.username,
                              "password": parsed.password, "host": parsed.host,
                              "port": parsed.port}
    kwargs.update({k: v for k, v in parsed.query.items() if isinstance(v, str)})
    return {k: v for k, v in kwargs.items() if v is not None}


class PostgresHub(Hub):
    """The hub of a server on PostgreSQL: events travel by ``NOTIFY`` / ``LISTEN`` (psycopg 3,
    one listening and one sending connection), so every process hears every event."""

    def __init__(self, url: str) -> None:
        super().__init__()
        self.kwargs = connection_kwargs(url)
        self.sender: Any = None
        self.sending = asyncio.Lock()
        self.sends: set[asyncio.Future[None]] = set()       # NOTIFYs under way (`publish`)
        self.task: asyncio.Task[None] | None = None
        self.beating: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()

    async def start(self) -> None:
        """Connect, listen, and ask the other processes who is online."""
        import psycopg

        self.sender = await psycopg.AsyncConnection.connect(**self.kwargs, autocommit=True)
        self.task = asyncio.get_running_loop().create_task(self._listen())
        await asyncio.wait_for(self.ready.wait(), 10)
        await self.publish({"kind": "hello"})
        self.beating = asyncio.get_running_loop().create_task(self._beat())

    async def _beat(self) -> None:
        """Say "alive" every heartbeat, and forget the processes that fell silent."""
        while True:
            await asyncio.sleep(HEARTBEAT)
            await self._tell({"kind": "alive"})
            self.expire()

    async def stop(self) -> None:
        """Say goodbye (the others forget this process's sockets) and close."""
        try:
            await asyncio.gather(*self.sends, return_exceptions=True)
            await self.publish({"kind": "bye"})
        except Exception as exc:      # the database is away: the others keep stale presence
            log.warning("maca: could not say goodbye to the other processes (%s)", exc)
        finally:
            tasks = [task for task in (self.task, self.beating) if task]
            for task in tasks:
                task.cancel()
            # let them close their connection: a listening one left open fills with NOTIFYs
            # and its server process, blocked writing to it, holds the database
            await asyncio.gather(*tasks, return_exceptions=True)
            if self.sender:
                await self.sender.close()

    async def publish(self, payload: dict[str, Any]) -> None:
        """``NOTIFY`` the event to every process, this one included. A caller cancelled
        meanwhile (a redraw the runtime stops) leaves the send to finish: psycopg closes a
        connection cancelled mid-query, and a connect cancelled mid-handshake leaves a half-open
        session that holds up ``DROP DATABASE`` until ``authentication_timeout``."""
        sending = asyncio.ensure_future(self._notify(json.dumps({**payload,
                                                                 "process": self.process})))
        self.sends.add(sending)
        sending.add_done_callback(self._sent)
        await asyncio.shield(sending)

    def _sent(self, sending: asyncio.Future[None]) -> None:
        """A send ended; its failure reaches the caller still waiting (none: dropped here)."""
        self.sends.discard(sending)
        if not sending.cancelled():
            sending.exception()

    async def _notify(self, text: str) -> None:
        """One ``NOTIFY`` on the sending connection (opened again if it was lost)."""
        import psycopg

        async with self.sending:
            if self.sender.closed:                # lost (the database restarted): open again
                self.sender = await psycopg.AsyncConnection.connect(**self.kwargs,
                                                                    autocommit=True)
            await self.sender.execute("SELECT pg_notify(%s, %s)", (CHANNEL, text))

    async def _listen(self) -> None:
        """Hear the channel until stopped; a lost connection is opened again."""
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(**self.kwargs,
                                                                 autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    if self.ready.is_set():      # heard nothing while away: ask again
                        await self.publish({"kind": "hello"})
                    self.ready.set()
                    async for note in conn.notifies():
                        try:
                            self.receive(json.loads(note.payload))
                        except (ValueError, TypeError):
                            log.warning("maca: an unreadable class event: %.80s", note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:     # the database went away: try again shortly
                log.warning("maca: live updates paused (%s); retrying", exc)
                await asyncio.sleep(1.0)


def make_hub(url: str) -> Hub:
    """The hub for a database URL: PostgreSQL's ``LISTEN/NOTIFY`` or one process's own.

    >>> type(make_hub("sqlite:///class.db")).__name__
    'Hub'
    """
    return PostgresHub(url) if url.startswith("postgresql") else Hub()
