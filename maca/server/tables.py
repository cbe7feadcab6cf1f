"""The class tables at run time: one `TableRuntime` per server process, and the sockets it
draws (a student's `Player` panel, the teacher's `Watcher` and `TablesList`).

The database holds every table as an event log (`maca.server.tabledata`); the runtime keeps a
`maca.multiplayer.SharedTable` per table it serves, replayed from that log — a cache, never the
only copy. A person's action is applied to the SharedTable (the engine refuses what the rules
refuse, and a refused action changes nothing), then appended after the last seq the runtime
had read; when another process appended first (`StaleLog`) it reads the log again and tries
once more, so any process can take any person's move: the log's unique seq orders the writers.

Each playing table is owned by one process at a time, through a lease renewed every
`LEASE_EVERY` seconds: the owner runs the table's clock and its computer players
(`SharedTable.due` / `advance`, in a thread pool, so the event loop never waits for a bot). A
process that finds a playing table whose lease is free or expired takes it and replays the
log, so a killed owner's tables go on where they were.

After every append the writer records the rated results known so far and, once the game is
over, the game's record; it tells the hub (`Hub.table`), and every process redraws the sockets
it holds for that table — each seat its own `SharedTable.view`, so a socket never carries a
card its seat may not know — and, a moment later, the class's lobby.

>>> outbox = Outbox()
>>> outbox.put({"type": "draw", "panel": 1, "html": "a"})
>>> outbox.put({"type": "draw", "panel": 1, "html": "b"})
>>> [m["html"] for m in outbox.items]
['b']
"""
from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections import OrderedDict, defaultdict, deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Collection, Coroutine, Mapping, Sequence

from starlette.concurrency import run_in_threadpool

from ..errors import MacaError, shown
from ..multiplayer import HAND_WINDOW, RECONNECT_SECONDS, SharedTable, TableSettings, draw_round
from ..panels.table import TableChoices
from ..render import faces_html, shared_faces
from ..words import catalogue, say
from . import pages, rooms
from .errors import NotFoundError, ServerError, StaleLog, TableError
from .live import Hub, TableNews
from .tabledata import Append, ResultRow

__all__ = ["TableRuntime", "Served", "Screen", "Player", "Watcher", "TablesList", "Outbox",
           "LEASE_SECONDS", "LEASE_EVERY"]

log = logging.getLogger("maca.server")

#: how long a table's lease lasts unless renewed (seconds)
LEASE_SECONDS = 10.0
#: how often leases are renewed and orphaned tables looked for (seconds)
LEASE_EVERY = 3.0
#: the threads the computer players think in
BOT_THREADS = 2
#: computer players' moves made in one go are appended together, for at most this long
STEP_SECONDS = 0.25
#: a lobby is drawn again this long after the first change of a burst (seconds)
LOBBY_DELAY = 0.15
#: how long a clock waits (unless woken) when its due time has come and nothing was due
IDLE_WAIT = 1.0
#: how often an action is tried again when other processes keep appending first
TRIES = 8
#: the act ids remembered per student (a message sent again is answered, not applied)
SEEN_IDS = 512
#: the statuses of a table still going
GOING = ("open", "playing")
#: the store's writes, made one after the other in the runtime's own thread: SQLite takes one
#: writer at a time, and writers that meet there wait in its busy handler (sleeps of up to
#: 100 ms), while one queue here keeps each write under a millisecond
WRITES = frozenset({"append_many", "take_lease", "drop_lease", "record_results",
                    "finish_table", "create_table"})

WORDS = catalogue("server.tables", {
    "bad_message": ("Mesaj okunamadı: türü (type) start ya da act olan, paneli (panel) "
                    "numarasıyla anan bir JSON nesnesi bekleniyordu.",
                    "The message could not be read: a JSON object whose type is start or act "
                    "and that names its panel by number was expected."),
    "bad_spec": ("Bu bağlantı yalnızca sınıf masalarını açar (panel: class_tables).",
                 "This connection opens the class tables only (panel: class_tables)."),
    "not_started": ("Önce paneli başlat (\"start\"), sonra hamle gönder.",
                    "Start the panel first (\"start\"), then send actions."),
    "bad_id": ("Her hamlenin bir kimliği olmalı (\"id\": en çok 100 karakter).",
               "Every action needs an id (\"id\": at most 100 characters)."),
    "bad_act": ("Hamle okunamadı: \"action\" ve \"value\" metin olmalı.",
                "The action could not be read: \"action\" and \"value\" must be text."),
    "unknown": ("Burada {action} yapılamaz.", "{action} cannot be done here."),
    "bad_table": ("Masa {value} olarak yazılmalı: masa numarası ya da masa:yer.",
                  "A table is written as its number or table:seat, not {value}."),
    "bad_seat": ("Yer bir sayı olmalı, {value} değil.", "A seat is a number, not {value}."),
    "no_table": ("Sınıfında böyle bir masa yok.", "Your class has no such table."),
    "not_seated": ("Bir masada oturmuyorsun.", "You do not sit at a table."),
    "still_playing": ("Masada oyun sürüyor: önce masadan kalk.",
                      "Your game is still going: leave the table first."),
    "too_many_sockets": ("Masalar en çok {n} sekmede birden açık olabilir: başka bir sekmeyi "
                         "kapat, sonra bu sayfayı yenile.",
                         "The tables can be open in at most {n} tabs at once: close another "
                         "tab, then reload this page."),
    "flood": ("Çok fazla mesaj: bağlantı kapatıldı. Biraz bekle, sonra sayfayı yenile.",
              "Too many messages: the connection was closed. Wait a little, then reload the "
              "page."),
    "too_large": ("Mesaj çok büyük (en çok {limit} karakter).",
                  "The message is too large (at most {limit} characters)."),
    "busy": ("Masa şu an çok meşgul: hamleni yeniden gönder.",
             "The table is very busy right now: send your action again."),
    "no_one_online": ("Şu an bağlı öğrenci yok: turnuvanın turu, öğrenciler sayfayı açınca "
                      "başlatılabilir.",
                      "No student is connected now: a round can start once students have the "
                      "page open."),
}, scoped=True)


def word(key: str) -> Any:
    """A text of this module's catalogue."""
    return say(f"server.tables.{key}")


# ---- what the runtime keeps per table -----------------------------------------------------

@dataclass(eq=False)
class Served:
    """A table this process serves: where it belongs, its replayed `SharedTable`, the lock its
    changes take, and what the runtime did with it (owned, drawn, results written)."""

    id: int
    class_id: int
    settings: TableSettings
    shared: SharedTable
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    owned: bool = False
    clock: asyncio.Task[None] | None = None
    heard: int = 0                  # the highest seq another process said the log reached
    recorded: dict[int, tuple[int | None, str | None]] = field(default_factory=dict)
    finished: bool = False
    summary: dict[str, Any] = field(default_factory=dict)
    seats: tuple[int | None, ...] = ()      # the seats as the store has them
    queue: list[Ticket] = field(default_factory=list)     # actions waiting for the lock

    @property
    def seq(self) -> int:
        """The last seq of the log as replayed here (0: no event yet)."""
        events = self.shared.events
        return int(events[-1]["seq"]) if events else 0

    @property
    def status(self) -> str:
        """The table's status: open / playing / over / ended."""
        return self.shared.status

    def table_summary(self) -> rooms.TableSummary:
        """The lobby's facts about the table (no card)."""
        return rooms.TableSummary.of(self.id, self.summary)


@dataclass(eq=False)
class Ticket:
    """An action waiting for its table (`TableRuntime.change`), then what came of it."""

    action: Callable[[SharedTable], list[dict[str, Any]]]
    skip: Screen | None
    done: bool = False
    made: list[dict[str, Any]] = field(default_factory=list)
    error: BaseException | None = None

    def result(self) -> list[dict[str, Any]]:
        """The events the action appended (its refusal raised)."""
        if self.error is not None:
            raise self.error
        return self.made


def drop(screens: dict[int, set[Screen]], key: int, screen: Screen) -> None:
    """Take ``screen`` out of ``screens[key]`` (and the key once no screen is left)."""
    left = screens.get(key)
    if left is not None:
        left.discard(screen)
        if not left:
            del screens[key]


def seat_people(shared: SharedTable) -> list[int | None]:
    """Each seat's person (kept after they left: their games stay theirs), None for others."""
    return [seat.person for seat in shared.seats]


def advance(shared: SharedTable) -> list[dict[str, Any]]:
    """What the table's clock and computer players do now, step by step, for at most
    `STEP_SECONDS` (runs in a bot thread)."""
    done: list[dict[str, Any]] = []
    started = time.monotonic()
    while time.monotonic() - started < STEP_SECONDS:
        step = shared.advance()
        if not step:
            break
        done += step
    return done


# ---- sockets ------------------------------------------------------------------------------

class Outbox:
    """The messages waiting to go out on one socket, in order; a draw waiting behind another
    draw of the same panel replaces it (only the newest picture matters), so a slow socket
    never holds up a table."""

    def __init__(self) -> None:
        self.items: deque[dict[str, Any]] = deque()
        self.ready = asyncio.Event()

    def put(self, message: dict[str, Any]) -> None:
        """Queue ``message`` (see the class's text)."""
        last = self.items[-1] if self.items else None
        if (last is not None and last.get("type") == message.get("type") == "draw"
                and last.get("panel") == message.get("panel") and "id" not in last):
            self.items[-1] = message
        else:
            self.items.append(message)
        self.ready.set()

    async def run(self, send: Callable[[dict[str, Any]], Awaitable[None]]) -> None:
        """Send what is queued, as it comes, until cancelled or the socket fails."""
        while True:
            await self.ready.wait()
            self.ready.clear()
            while self.items:
                await send(self.items.popleft())


def faces_message() -> dict[str, Any]:
    """A tables socket's first message: every card face its seat drawings refer to
    (`maca.render.shared_faces`), for the page to hold once."""
    return {"type": "faces", "html": faces_html()}


class Screen:
    """A socket's panel the runtime draws again when what it shows changes: a table
    (``table``), a class's tables (``class_id``), or both."""

    table: int | None = None
    class_id: int | None = None

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.panel = 0
        self.outbox = Outbox()
        self.last: str | None = None
        #: the drawing that answers the action being applied, made with its append
        self.answer: tuple[str, int | None] | None = None

    def push(self, html: str | None, seq: int | None = None) -> None:
        """Send a new drawing (nothing when it is the one sent last); ``seq``: the table's
        log as drawn."""
        if html is not None and html != self.last:
            self.last = html
            message: dict[str, Any] = {"type": "draw", "panel": self.panel, "html": html}
            if seq is not None:
                message["seq"] = seq
            self.outbox.put(message)

    def table_html(self, served: Served) -> str | None:
        """The drawing after ``served`` changed (None: it does not show that table now)."""
        return None

    def class_html(self, tables: Sequence[rooms.TableSummary]) -> str | None:
        """The drawing after the class's tables changed (None: it does not show them now)."""
        return None


class Watcher(Screen):
    """The teacher watching one table: every hand shown, nothing to click."""

    def __init__(self, lang: str, table: int) -> None:
        super().__init__(lang)
        self.table = table

    def table_html(self, served: Served) -> str:
        return watch_html(served, self.lang)


def watch_html(served: Served, lang: str) -> str:
    """The teacher's drawing of a table: its status and seats, and once its game began every
    hand (`SharedTable.watch`). Under ``served.lock``."""
    view = served.shared.watch() if served.shared.game is not None else None
    return pages.watch_body(served.table_summary(), view, lang)


class TablesList(Screen):
    """The teacher's live list of a class's tables."""

    def __init__(self, lang: str, class_id: int, csrf: str) -> None:
        super().__init__(lang)
        self.class_id, self.csrf = class_id, csrf

    def class_html(self, tables: Sequence[rooms.TableSummary]) -> str:
        return pages.tables_body(self.lang, self.csrf, tables)


class Player(Screen):
    """A student's ``/ws/tables`` panel: the class's lobby, or the seat where they sit (a
    table still open is shown in the lobby, with its host's controls)."""

    class_id: int

    def __init__(self, runtime: TableRuntime, student: Any, lang: str) -> None:
        super().__init__(lang)
        self.runtime, self.student = runtime, student
        self.me: int = student.id
        self.class_id = student.class_id
        self.started = False
        self.choices = TableChoices(shared=True)
        self.records: list[Any] = []
        self.at: int | None = None        # the table where this socket counts as present

    # -- what it shows ----------------------------------------------------------------------
    def seat_at(self, served: Served) -> int | None:
        """The student's seat at ``served`` (also once they left it), or None."""
        return next((n for n, seat in enumerate(served.shared.seats)
                     if seat.person == self.me), None)

    def table_html(self, served: Served) -> str | None:
        seat = self.seat_at(served)
        if served.status == "open" or seat is None:
            return None
        with shared_faces():       # the page holds the faces (`faces_message`)
            return rooms.seat_html(served.shared.view(seat), self.lang, True)

    def class_html(self, tables: Sequence[rooms.TableSummary]) -> str | None:
        if self.table is None:
            seated = next((t for t in tables if t.seat_of(self.me) is not None), None)
            if seated is not None:          # seated elsewhere (another tab, a tournament)
                self.runtime.follow(self, seated.id)
                if seated.status != "open":
                    self.runtime.chore(self.refresh())
                    return None
        served = self.runtime.tables.get(self.table) if self.table is not None else None
        if served is not None and served.status != "open":
            return None
        return rooms.lobby_html(self.lang, self.me, tables, self.choices,
                                self.runtime.class_rankings.get(self.class_id, []),
                                self.records, True)

    async def html(self) -> tuple[str, int | None]:
        """What the panel shows now and the seq of the table drawn (None: the lobby): the
        seat, else the lobby (which may find the student seated from another tab: then the
        seat)."""
        for _ in range(2):
            if self.table is not None:
                served = await self.runtime.load(self.table)
                async with served.lock:
                    drawn, seq = self.table_html(served), served.seq
                if drawn is not None:
                    return drawn, seq
            tables = await self.runtime.summaries(self.class_id)
            await self.runtime.rankings(self.class_id)
            drawn = self.class_html(tables)
            if drawn is not None:
                return drawn, None
        return rooms.lobby_html(self.lang, self.me, tables, self.choices,
                                self.runtime.class_rankings.get(self.class_id, []),
                                self.records, True), None

    async def refresh(self) -> None:
        """Push what the panel shows now."""
        try:
            self.push(*await self.html())
        except Exception as exc:
            log.warning("maca: a seat was not drawn (%s)", exc)

    # -- the host protocol --------------------------------------------------------------------
    def draw(self, drawn: tuple[str, int | None], act_id: str | None = None) -> dict[str, Any]:
        """The ``draw`` answering a message (it carries the act's id, and the seq of the
        table drawn)."""
        html, seq = drawn
        self.last = html
        reply: dict[str, Any] = {"type": "draw", "panel": self.panel, "html": html}
        if seq is not None:
            reply["seq"] = seq
        if act_id is not None:
            reply["id"] = act_id
        return reply

    def error(self, text: Any, act_id: str | None = None) -> dict[str, Any]:
        """An ``error`` answer in the panel's language."""
        message = text.message(self.lang) if isinstance(text, MacaError) else text[self.lang]
        reply: dict[str, Any] = {"type": "error", "panel": self.panel, "message": message}
        if act_id is not None:
            reply["id"] = act_id
        return reply

    async def handle(self, message: Any) -> dict[str, Any]:
        """The answer to one message of the socket (``start``, ``act`` or ``ping``)."""
        if isinstance(message, dict) and message.get("type") == "ping":
            return {"type": "pong"}
        if not isinstance(message, dict) or message.get("type") not in ("start", "act") \
                or type(message.get("panel")) is not int:
            return self.error(word("bad_message"))
        if message["type"] == "start":
            spec = message.get("spec")
            if not isinstance(spec, dict) or spec.get("panel") != "class_tables":
                return self.error(word("bad_spec"))
            self.panel, self.started = message["panel"], True
            if spec.get("lang") in ("tr", "en"):
                self.lang = spec["lang"]
            await self.find_table()
            await self.load_records()
            return self.draw(await self.html())
        act_id = message.get("id")
        if not isinstance(act_id, str) or not 0 < len(act_id) <= 100:
            return self.error(word("bad_id"))
        if not self.started or message["panel"] != self.panel:
            return self.error(word("not_started"), act_id)
        action, value = message.get("action"), message.get("value", "")
        if not isinstance(action, str) or not isinstance(value, str):
            return self.error(word("bad_act"), act_id)
        if self.runtime.seen_before(self.me, act_id):
            return self.draw(await self.html(), act_id)
        self.answer = None
        try:
            await self.act(action, value)
        except MacaError as refusal:
            return self.error(refusal, act_id)
        except BaseException:                # not applied (the store is away): may come again
            self.runtime.acts[self.me].pop(act_id, None)
            raise
        return self.draw(self.answer or await self.html(), act_id)

    # -- actions ------------------------------------------------------------------------------
    async def find_table(self) -> None:
        """Follow the table where the student sits (open or playing), if any."""
        for info in await self.runtime.call("student_tables", student_pk=self.me):
            served = await self.runtime.load(info.id)
            if served.shared.seat_of(self.me) is not None:
                self.runtime.follow(self, info.id)
                return
        self.runtime.follow(self, None)

    async def load_records(self) -> None:
        """The student's finished games (the lobby lists them)."""
        self.records = await self.runtime.call("student_records", student_pk=self.me)

    async def act(self, action: str, value: str) -> None:
        """Apply one action: the seat's (`SharedTable.act`) when the seat is shown, else the
        lobby's (`rooms.LOBBY_ACTIONS`)."""
        runtime = self.runtime
        served = await runtime.load(self.table) if self.table is not None else None
        if served is not None and served.status != "open":
            if action == "lobby":
                await self.to_lobby(served)
            else:
                await runtime.change(served.id, lambda t: t.act(self.me, action, value),
                                     skip=self)
            return
        if action in TableChoices.SHARED_ACTIONS:
            self.choices.act(action, value)
        elif action == "open":
            settings = TableSettings.from_json(self.choices.values())
            made = await runtime.call("create_table", class_id=self.class_id,
                                      settings=settings.to_json(), host_pk=self.me)
            await self.sit_at(made.id, 0)
        elif action == "sit":
            table, seat = parse_sit(value)
            await self.sit_at(table, seat)
        elif action == "stand":
            await runtime.change(self.seated(served), lambda t: t.stand(self.me))
            runtime.follow(self, None)
        elif action in ("bot", "unbot"):
            seat = parse_seat(value)
            if action == "bot":
                await runtime.change(self.seated(served), lambda t: t.add_bot(self.me, seat))
            else:
                await runtime.change(self.seated(served), lambda t: t.remove_bot(self.me, seat))
        elif action == "begin":
            await runtime.change(self.seated(served), lambda t: t.begin(self.me))
        elif action == "lobby":
            if served is not None:
                await self.to_lobby(served)
        else:
            raise TableError(word("unknown"), action=shown(action))

    def seated(self, served: Served | None) -> int:
        """The open table the student sits at (refused when none)."""
        if served is None or self.seat_at(served) is None:
            raise TableError(word("not_seated"))
        return served.id

    async def sit_at(self, table_id: int, seat: int | None) -> None:
        """Sit at a table of the class; then give up the seat held before (standing at an
        open table, leaving a game for another: source 002's "other game")."""
        runtime = self.runtime
        try:
            target = await runtime.load(table_id)
        except NotFoundError:
            raise TableError(word("no_table")) from None
        if target.class_id != self.class_id:
            raise TableError(word("no_table"))
        name = self.student.name
        await runtime.change(table_id, lambda t: t.sit(self.me, name, seat))
        runtime.follow(self, table_id)
        await runtime.unseat(self.me, keep=table_id)

    async def to_lobby(self, served: Served) -> None:
        """Back to the lobby, once the student's game is over for them."""
        if served.status == "playing" and served.shared.seat_of(self.me) is not None:
            raise TableError(word("still_playing"))
        self.runtime.follow(self, None)
        await self.load_records()


def _digits(text: str, longest: int) -> bool:
    """Whether ``text`` is 1 to ``longest`` ASCII digits (``str.isdigit`` also takes "²").

    >>> _digits("12", 2), _digits("²", 2), _digits("123", 2)
    (True, False, False)
    """
    return 0 < len(text) <= longest and all("0" <= c <= "9" for c in text)


def parse_sit(value: str) -> tuple[int, int | None]:
    """A ``sit`` action's value: ``"<table>"`` or ``"<table>:<seat>"``.

    >>> parse_sit("12"), parse_sit("12:3")
    ((12, None), (12, 3))
    >>> parse_sit("x")
    Traceback (most recent call last):
    maca.server.errors.TableError: A table is written as its number or table:seat, not 'x'.
    """
    table, _, seat = value.partition(":")
    if not _digits(table, 12) or (seat and not _digits(seat, 2)):
        raise TableError(word("bad_table"), value=shown(value))
    return int(table), int(seat) if seat else None


def parse_seat(value: str) -> int:
    """A seat number (``bot`` and ``unbot``'s value).

    >>> parse_seat("2")
    2
    """
    if not _digits(value, 2):
        raise TableError(word("bad_seat"), value=shown(value))
    return int(value)


# ---- the runtime --------------------------------------------------------------------------

class GroupCommit:
    """The tables' appends, written together: those that come while a batch is being
    written wait and go into the next, in one transaction (`TableData.append_many`), so a
    busy server's moves at many tables wait for one commit rather than for each other's."""

    def __init__(self, write: Callable[[list[Append]], Awaitable[list[int | ServerError]]]):
        self.write_many = write
        self.waiting: list[tuple[Append, asyncio.Future[int]]] = []
        self.writing: asyncio.Task[None] | None = None

    async def append(self, one: Append) -> int:
        """Write ``one`` (with the others waiting now); its new last seq, or its refusal."""
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.waiting.append((one, future))
        if self.writing is None or self.writing.done():
            self.writing = asyncio.ensure_future(self._write())
        return await future

    async def _write(self) -> None:
        while self.waiting:
            batch, self.waiting = self.waiting, []
            try:
                outcomes = await self.write_many([one for one, _ in batch])
            except BaseException as failure:     # the store is away, or the server stops
                for _, future in batch:
                    if not future.done():
                        future.set_exception(failure)
                if isinstance(failure, asyncio.CancelledError):
                    raise
                continue
            for (_, future), outcome in zip(batch, outcomes):
                if future.done():
                    continue
                if isinstance(outcome, ServerError):
                    future.set_exception(outcome)
                else:
                    future.set_result(outcome)

    async def stop(self) -> None:
        """Finish the batch being written."""
        if self.writing is not None:
            await asyncio.gather(self.writing, return_exceptions=True)


class TableRuntime:
    """The tables one server process serves (module text): their cache, changes, leases,
    clocks, and the sockets drawn from them."""

    def __init__(self, store: Any, hub: Hub, *, clock: Callable[[], float] = time.time,
                 budget: float | None = -1.0, lease_seconds: float = LEASE_SECONDS,
                 every: float = LEASE_EVERY, reconnect: float = RECONNECT_SECONDS,
                 hand_window: float = HAND_WINDOW) -> None:
        self.store, self.hub, self.clock, self.budget = store, hub, clock, budget
        self.lease_seconds, self.every = lease_seconds, every
        self.reconnect, self.hand_window = reconnect, hand_window
        self.process = hub.process
        self.tables: dict[int, Served] = {}
        self.loading: dict[int, asyncio.Lock] = {}
        self.viewers: dict[int, set[Screen]] = defaultdict(set)       # table -> screens
        self.lobbies: dict[int, set[Screen]] = defaultdict(set)       # class -> screens
        self.here: dict[tuple[int, int], int] = defaultdict(int)      # (table, person) -> sockets
        self.acts: dict[int, OrderedDict[str, None]] = defaultdict(OrderedDict)
        self.class_rankings: dict[int, list[Any]] = {}
        self.lobby_due: set[int] = set()
        self.pool = ThreadPoolExecutor(BOT_THREADS, thread_name_prefix="maca-bots")
        self.writer = ThreadPoolExecutor(1, thread_name_prefix="maca-tables-writer")
        self.appends = GroupCommit(lambda batch: self.call("append_many", appends=batch))
        self.tasks: list[asyncio.Task[None]] = []
        self.chores: set[asyncio.Task[None]] = set()
        self.stopping = False

    # -- life ---------------------------------------------------------------------------------
    async def start(self) -> None:
        """Hear the tables' news and begin keeping leases (the orphans are looked for now)."""
        queue = self.hub.subscribe_tables()
        loop = asyncio.get_running_loop()
        self.tasks = [loop.create_task(self._hear(queue)), loop.create_task(self._keep())]

    def chore(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` on its own (a redraw, a connection noted); `stop` cancels it, and
        once it has begun no chore starts."""
        if self.stopping:
            work.close()
            return
        task = asyncio.ensure_future(work)
        self.chores.add(task)
        task.add_done_callback(self.chores.discard)

    async def stop(self) -> None:
        """Stop the clocks and give the leases back (another process takes them at once).
        What a stopped task started on its way out (a clock, a chore) is stopped too."""
        self.stopping = True
        while tasks := [t for t in (*self.tasks, *self.chores,
                                    *(s.clock for s in self.tables.values() if s.clock))
                        if not t.done()]:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        await self.appends.stop()
        for served in list(self.tables.values()):
            if served.owned:
                served.owned = False
                try:
                    await self.call("drop_lease", table_id=served.id, process=self.process)
                except Exception as exc:       # the database is away: the lease expires
                    log.warning("maca: a table's lease was not given back (%s)", exc)
        loop = asyncio.get_running_loop()
        for threads in (self.pool, self.writer):     # a bot's move, a write under way: done
            await loop.run_in_executor(None, functools.partial(threads.shutdown, wait=True,
                                                               cancel_futures=True))

    async def call(self, method: str, **kwargs: Any) -> Any:
        """A store operation, in a worker thread (the writes in the one writer's, `WRITES`)."""
        work = functools.partial(getattr(self.store, method), **kwargs)
        if method in WRITES:
            return await asyncio.get_running_loop().run_in_executor(self.writer, work)
        return await run_in_threadpool(work)

    # -- the cache ----------------------------------------------------------------------------
    def replay(self, settings: TableSettings, events: list[dict[str, Any]]) -> SharedTable:
        """A table from its log (the engine replays every event)."""
        return SharedTable(settings, events, clock=self.clock, budget=self.budget,
                           reconnect=self.reconnect, hand_window=self.hand_window)

    async def load(self, table_id: int) -> Served:
        """The table, from the cache or replayed from the store (`NotFoundError`); brought up
        to date when another process said its log grew."""
        served = self.tables.get(table_id)
        if served is None:
            lock = self.loading.setdefault(table_id, asyncio.Lock())
            async with lock:
                served = self.tables.get(table_id)
                if served is None:
                    info = await self.call("table_info", table_id=table_id)
                    events = await self.call("events", table_id=table_id)
                    settings = TableSettings.from_json(info.settings)
                    shared = await run_in_threadpool(self.replay, settings, events)
                    served = Served(info.id, info.class_id, settings, shared)
                    served.summary = shared.summary()
                    served.finished = info.status not in GOING
                    served.seats = tuple(info.seats)
                    self.tables[table_id] = served
            self.loading.pop(table_id, None)
        if served.heard > served.seq:
            async with served.lock:
                await self.catch_up(served)
        return served

    async def catch_up(self, served: Served, keep: int | None = None) -> None:
        """Read what other processes appended to the log and apply it (with ``keep``: the
        events after that seq here were never written, so the table is replayed from the
        events up to it). Under ``served.lock``."""
        after = served.seq if keep is None else keep
        newer = await self.call("events", table_id=served.id, after=after)
        try:
            if keep is not None:
                kept = served.shared.events[:keep]
                served.shared = await run_in_threadpool(self.replay, served.settings,
                                                        kept + newer)
            elif newer:
                await run_in_threadpool(served.shared.extend, newer)
        except BaseException:
            self.forget(served)
            raise
        served.summary = served.shared.summary()
        if newer:
            served.seats = ()          # as another writer left them: sent with the next append

    def forget(self, served: Served) -> None:
        """Drop a table from the cache (read again at its next use)."""
        if self.tables.get(served.id) is served:
            del self.tables[served.id]
        served.owned = False
        if served.clock:
            served.clock.cancel()

    async def summaries(self, class_id: int) -> list[rooms.TableSummary]:
        """The class's open and playing tables, as the lobby shows them."""
        infos = await self.call("class_tables", class_id=class_id)
        return [(await self.load(info.id)).table_summary() for info in infos]

    async def rankings(self, class_id: int) -> list[Any]:
        """The class's rankings (kept until one of its games finishes)."""
        if class_id not in self.class_rankings:
            self.class_rankings[class_id] = await self.call("rankings", class_id=class_id)
        return self.class_rankings[class_id]

    # -- changes ------------------------------------------------------------------------------
    async def change(self, table_id: int,
                     action: Callable[[SharedTable], list[dict[str, Any]]],
                     skip: Screen | None = None) -> list[dict[str, Any]]:
        """Apply ``action`` to the table and append the events it made (module text); a
        refused action (a `MacaError`) changes nothing. ``skip``: the screen that asked,
        which gets its drawing as the answer. Actions that come while the table is busy wait
        together and go into one append (four players passing at once: one write)."""
        ticket = Ticket(action, skip)
        for _ in range(TRIES):
            served = await self.load(table_id)
            served.queue.append(ticket)
            async with served.lock:
                if not ticket.done and self.tables.get(table_id) is served:
                    await self.flush(served)
            if ticket.done:
                return ticket.result()
            served.queue.remove(ticket)          # the table was dropped: read it again
        raise TableError(word("busy"))

    async def flush(self, served: Served) -> None:
        """Apply the waiting actions in turn and append all their events at once (under
        ``served.lock``); another writer first: the table read again, the actions again."""
        batch, served.queue = served.queue, []
        try:
            for _ in range(TRIES):
                after, status = served.seq, served.status
                made: list[dict[str, Any]] = []
                for ticket in batch:
                    try:
                        ticket.made, ticket.error = ticket.action(served.shared), None
                    except MacaError as refusal:
                        ticket.made, ticket.error = [], refusal
                    made += ticket.made
                if not made or await self.append(served, after, made):
                    break
            else:
                for ticket in batch:
                    ticket.made, ticket.error = [], TableError(word("busy"))
                return
            if made:
                await self.written(served, status, {t.skip for t in batch})
            for ticket in batch:               # each asker's answer, drawn now (no second wait)
                if ticket.skip is not None and ticket.error is None:
                    drawn = ticket.skip.table_html(served)
                    ticket.skip.answer = None if drawn is None else (drawn, served.seq)
        except BaseException as failure:
            for ticket in batch:
                ticket.made, ticket.error = [], failure
            raise
        finally:
            for ticket in batch:
                ticket.done = True

    async def append(self, served: Served, after: int, made: list[dict[str, Any]]) -> bool:
        """Store the events ``made`` after seq ``after`` with the table's status (and its
        seats, when they changed); False when another writer appended first (`StaleLog`: the
        table is read again). Under ``served.lock``."""
        people = tuple(seat_people(served.shared))
        try:
            await self.appends.append(Append(served.id, after, made, served.status,
                                             list(people) if people != served.seats else None))
        except StaleLog:
            await self.catch_up(served, keep=after)
            return False
        except BaseException:
            self.forget(served)
            raise
        served.seats = people
        return True

    async def written(self, served: Served, before: str,
                      skip: Collection[Screen | None] = ()) -> None:
        """After an append (under the table's lock): the results and record written, every
        local screen of the table drawn (but those in ``skip``: they get theirs as their
        answer), the clock woken, the other processes told."""
        old_summary, served.summary = served.summary, served.shared.summary()
        await self.record(served)
        for screen in list(self.viewers.get(served.id, ())):
            if screen not in skip:
                screen.push(screen.table_html(served), served.seq)
        served.wake.set()
        if before == "open" and served.status == "playing" and not served.owned:
            if await self.call("take_lease", table_id=served.id, process=self.process,
                               seconds=self.lease_seconds):
                self.own(served)
        await self.hub.table(served.class_id, served.id, served.seq, served.status)
        if served.summary != old_summary:
            self.lobby_changed(served.class_id)

    async def record(self, served: Served) -> None:
        """Write the rated results not written yet and, once the game is over or ended, its
        record (both idempotent: any process may write them)."""
        rows = [ResultRow(student_pk=r.person, seat=r.seat, standing=r.standing, left=r.left,
                          rules=served.settings.rules, level=served.settings.level)
                for r in served.shared.results()
                if served.recorded.get(r.person) != (r.standing, r.left)]
        if rows:
            await self.call("record_results", table_id=served.id, results=rows)
            served.recorded.update({r.student_pk: (r.standing, r.left) for r in rows})
        if served.status not in GOING and not served.finished:
            record = served.shared.record() if served.shared.game is not None else ""
            await self.call("finish_table", table_id=served.id, status=served.status,
                            record=record)
            served.finished = True                 # its lease went with it
            served.owned = False
            self.class_rankings.pop(served.class_id, None)

    # -- the owner's clock --------------------------------------------------------------------
    def own(self, served: Served) -> None:
        """This process runs the table's clock and computer players now."""
        served.owned = True
        if self.stopping:
            return
        if served.clock is None or served.clock.done():
            served.clock = asyncio.get_running_loop().create_task(self._run_clock(served))
        served.wake.set()

    async def _run_clock(self, served: Served) -> None:
        """Wait for what the table has to do next (`SharedTable.due`) or for a change, and do
        it (`step`), while this process owns the table."""
        idle = False          # the last step found nothing to do: wait for a change
        try:
            while served.owned and self.tables.get(served.id) is served and not self.stopping:
                async with served.lock:
                    due = served.shared.due() if served.status in GOING else None
                wait = None if due is None else max(0.0, due - self.clock())
                if idle and wait == 0.0:
                    wait = IDLE_WAIT
                if wait is None or wait > 0:
                    try:      # (not wait_for: on 3.11 it drops a cancel that meets a wake)
                        async with asyncio.timeout(wait):
                            await served.wake.wait()
                    except TimeoutError:
                        pass
                    served.wake.clear()
                idle = False
                if due is not None and self.clock() >= due:
                    idle = not await self.step(served)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("maca: table %s stopped running its clock", served.id)
            self.forget(served)

    async def step(self, served: Served) -> bool:
        """Let the computer players and timers act (in a bot thread) and append what they
        did; False when there was nothing to do."""
        loop = asyncio.get_running_loop()
        for _ in range(TRIES):
            async with served.lock:
                if not served.owned or self.tables.get(served.id) is not served:
                    return False
                after, status = served.seq, served.status
                made = await loop.run_in_executor(self.pool, advance, served.shared)
                if not made:
                    return False
                if not await self.append(served, after, made):
                    continue
                await self.written(served, status)
                return True
        return False

    async def _keep(self) -> None:
        """Every `LEASE_EVERY` seconds: renew this process's leases, take the orphaned
        tables, forget finished tables nobody looks at."""
        while True:
            try:
                await self.keep_leases()
            except Exception as exc:           # the database is away: try again later
                log.warning("maca: the tables' leases were not kept (%s)", exc)
            await asyncio.sleep(self.every)

    async def keep_leases(self) -> None:
        """One round of `_keep`."""
        for served in [s for s in self.tables.values() if s.owned]:
            if not await self.call("take_lease", table_id=served.id, process=self.process,
                                   seconds=self.lease_seconds):
                served.owned = False             # another process has it now
        for table_id in await self.call("orphan_tables"):
            if not await self.call("take_lease", table_id=table_id, process=self.process,
                                   seconds=self.lease_seconds):
                continue
            served = await self.load(table_id)
            async with served.lock:
                await self.catch_up(served)
            if served.status == "playing":
                self.own(served)
        for served in list(self.tables.values()):
            if served.status not in GOING and not served.owned and not self.viewers.get(served.id):
                self.forget(served)

    # -- news from every process --------------------------------------------------------------
    async def _hear(self, queue: asyncio.Queue[TableNews]) -> None:
        while True:
            news = await queue.get()
            try:
                await self.heard(news)
            except Exception as exc:
                log.warning("maca: a table's news was not shown (%s)", exc)

    async def heard(self, news: TableNews) -> None:
        """A table's log grew (here or in another process): bring it up to date where this
        process shows or owns it, redraw its screens, wake its clock, mark the lobby."""
        if news.status not in GOING:
            self.class_rankings.pop(news.class_id, None)
        served = self.tables.get(news.table)
        if served is not None and news.seq > served.seq:
            served.heard = max(served.heard, news.seq)
            if served.owned or self.viewers.get(served.id):
                async with served.lock:
                    await self.catch_up(served)
                    await self.record(served)
                    for screen in list(self.viewers.get(served.id, ())):
                        screen.push(screen.table_html(served), served.seq)
                    served.wake.set()
        if news.process != self.process:
            self.lobby_changed(news.class_id)

    # -- screens ------------------------------------------------------------------------------
    def show(self, screen: Screen) -> None:
        """Start drawing ``screen`` when its table or class changes."""
        if screen.table is not None:
            self.viewers[screen.table].add(screen)
        if screen.class_id is not None:
            self.lobbies[screen.class_id].add(screen)

    def hide(self, screen: Screen) -> None:
        """Stop drawing ``screen`` (its socket closed)."""
        if screen.table is not None:
            drop(self.viewers, screen.table, screen)
        if screen.class_id is not None:
            drop(self.lobbies, screen.class_id, screen)
        if isinstance(screen, Player):
            self.present(screen, None)

    def follow(self, player: Player, table: int | None) -> None:
        """``player`` shows ``table`` now (None: the lobby), and counts as present there."""
        if player.table is not None:
            drop(self.viewers, player.table, player)
        player.table = table
        if table is not None:
            self.viewers[table].add(player)
        self.lobbies[player.class_id].add(player)
        self.present(player, table)

    def present(self, player: Player, table: int | None) -> None:
        """Count ``player``'s socket at ``table``: a person's first socket there says they
        are back, their last one closing says they are away (`SharedTable.connected`)."""
        if player.at == table:
            return
        if player.at is not None:
            key = (player.at, player.me)
            self.here[key] -= 1
            if self.here[key] <= 0:
                del self.here[key]
                self._connected(player.at, player.me, False)
        player.at = table
        if table is not None:
            key = (table, player.me)
            self.here[key] += 1
            if self.here[key] == 1:
                self._connected(table, player.me, True)

    def _connected(self, table: int, person: int, here: bool) -> None:
        async def tell() -> None:
            try:
                await self.change(table, lambda t: t.connected(person, here))
            except MacaError:
                pass                      # no longer seated there: nothing to say
            except Exception as exc:
                log.warning("maca: a player's connection was not noted (%s)", exc)
        self.chore(tell())

    def lobby_changed(self, class_id: int) -> None:
        """Draw the class's lobbies again a moment from now (once for a burst of changes)."""
        if class_id in self.lobby_due or not self.lobbies.get(class_id):
            return
        self.lobby_due.add(class_id)
        loop = asyncio.get_running_loop()
        loop.call_later(LOBBY_DELAY, lambda: self.chore(self._redraw_lobby(class_id)))

    async def _redraw_lobby(self, class_id: int) -> None:
        self.lobby_due.discard(class_id)
        try:
            tables = await self.summaries(class_id)
            await self.rankings(class_id)
        except Exception as exc:
            log.warning("maca: a lobby was not drawn again (%s)", exc)
            return
        for screen in list(self.lobbies.get(class_id, ())):
            screen.push(screen.class_html(tables))

    def seen_before(self, student: int, act_id: str) -> bool:
        """Whether ``student`` sent an action with this id before (else it is remembered)."""
        seen = self.acts[student]
        if act_id in seen:
            return True
        seen[act_id] = None
        if len(seen) > SEEN_IDS:
            seen.popitem(last=False)
        return False

    async def unseat(self, person: int, keep: int, why: str = "other_game") -> None:
        """``person`` sat down at table ``keep``: they give up any other seat (standing at a
        table still open; leaving a game going on, which counts as leaving for another game,
        source 002)."""
        for info in await self.call("student_tables", student_pk=person):
            if info.id == keep:
                continue
            served = await self.load(info.id)
            if served.shared.seat_of(person) is None:
                continue
            if served.status == "open":
                await self.change(info.id, lambda t: t.stand(person))
            else:
                await self.change(info.id, lambda t: t.act(person, "leave", why))

    # -- the teacher --------------------------------------------------------------------------
    async def end(self, table_id: int) -> None:
        """The teacher ends a table (what was played stays; the results known are kept)."""
        await self.change(table_id, lambda t: t.end())

    async def open_round(self, teacher_id: int, tournament_id: int) -> list[int]:
        """Draw and open a tournament's next round: the class's students online now, shuffled
        into tables of the tournament's game (computer players in the seats left), each game
        begun at once. Returns the tables' ids."""
        tournament = await self.call("tournament", teacher_id=teacher_id,
                                     tournament_id=tournament_id)
        names = await self.call("students_by_pk", class_id=tournament.class_id)
        people = sorted(p for p in self.hub.online(tournament.class_id) if p in names)
        if not people:
            raise TableError(word("no_one_online"))
        settings = TableSettings.from_json(tournament.settings)
        number = tournament.round_now + 1
        opened = []
        for group in draw_round(people, seats=settings.players):
            made = await self.call("create_table", class_id=tournament.class_id,
                                   settings=settings.to_json(), host_pk=None,
                                   tournament_id=tournament.id, round=number)
            await self.change(made.id, functools.partial(seat_round, group=group, names=names))
            for person in group:
                if person is not None:
                    await self.unseat(person, keep=made.id, why="tournament")
            opened.append(made.id)
        return opened


def seat_round(table: SharedTable, *, group: Sequence[int | None],
               names: dict[int, str]) -> list[dict[str, Any]]:
    """Seat a tournament table as drawn (None: a computer player) and begin its game."""
    made: list[dict[str, Any]] = []
    people = [p for p in group if p is not None]
    for seat, person in enumerate(group):
        if person is not None:
            made += table.sit(person, names[person], seat)
    for seat, person in enumerate(group):
        if person is None:
            made += table.add_bot(people[0], seat)
    return made + table.begin(people[0])


def waits_from(environ: Mapping[str, str]) -> tuple[float, float]:
    """The runtime's waits a test may shorten: ``MACA_TABLE_RECONNECT_SECONDS`` (a lost
    connection counts as leaving after it) and ``MACA_TABLE_HAND_WINDOW`` (the window between
    hands); unset, source 002's.

    >>> waits_from({"MACA_TABLE_RECONNECT_SECONDS": "6"})
    (6.0, 20.0)
    """
    return (float(environ.get("MACA_TABLE_RECONNECT_SECONDS") or RECONNECT_SECONDS),
            float(environ.get("MACA_TABLE_HAND_WINDOW") or HAND_WINDOW))
