"""Shared test helpers: deals, positions and finished hands written the way a reader sees them.

Each helper is offered as a fixture (``deal``, ``position``, ``finished``, ``play``) so a test
states exactly the cards it is about, e.g. ``deal("standard", "13 clubs…", "QS AH …", "*", "*")``.
"""
from __future__ import annotations

import random
import sys
import threading
from pathlib import Path
from typing import Any, Iterator

import pytest

from maca import CardSet, Hand, Rules, Suit
from maca.notation import rules_to_text
from stories import story


def rules_of(rules: str | Rules, **changes: Any) -> Rules:
    """A preset (by name) or a rules object, with some options changed."""
    base = Rules.preset(rules) if isinstance(rules, str) else rules
    return base.replace(**changes) if changes else base


def _fill(rules: Rules, groups: list[str], sizes: list[int | None], used: int) -> list[int]:
    """Each group as a mask; a ``"*"`` group gets the lowest free cards (♣ ♦ ♠ ♥ order)."""
    masks = [0 if g == "*" else CardSet.parse(g).mask for g in groups]
    for m in masks:
        used |= m
    spare = [c for c in range(52) if rules.deck_mask >> c & 1 and not used >> c & 1]
    for i, group in enumerate(groups):
        if group == "*":
            size = sizes[i] if sizes[i] is not None else len(spare)
            masks[i] = sum(1 << c for c in spare[:size])
            spare = spare[size:]
    return masks


def make_deal(rules: str | Rules, *seats: str, number: int | None = None, dealer: int = 0,
              **changes: Any) -> Hand:
    """A hand dealt as written, one card list per seat (``"AS KS 2C"`` or PBN ``"AK..2."``).

    A seat written ``"*"`` gets the lowest cards nobody else holds (clubs first, then ♦ ♠ ♥).
    Without ``number`` the hand is the first of the pass cycle with no passing, so play starts
    at once; give ``number`` to test passing.

    >>> h = make_deal("standard", "*", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "*", "*")
    >>> h.number, str(h.cards(0)), str(h.cards(3))
    (4, 'AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C', 'AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H')
    """
    r = rules_of(rules, **changes)
    if number is None:
        number = next(n for n in range(1, 9) if r.pass_direction(n) == "none")
    masks = _fill(r, list(seats), [r.hand_size] * len(seats), 0)
    return Hand.from_cards(r, [CardSet(m) for m in masks], number=number, dealer=dealer)


def make_position(rules: str | Rules, seats: list[str], taken: list[str] | None = None,
                  trick: str | None = None, **fields: Any) -> Hand:
    """`Hand.from_position` from readable card lists.

    ``seats``: what each seat holds now; ``taken``: what each seat has won, where one ``"*"``
    stands for every card not held, in the trick or won by another seat; ``trick``: the
    leader and the cards played so far, like ``"2:7C,8C"``. Other fields are passed as
    written (``hand=4``, ``peskir="1"``); a rules object is written with its changes. The
    completed tricks are invented (`stories.story`): some legal past that reaches this moment.
    """
    r = rules_of(rules)
    leader_text, _, played = (trick or ":").partition(":")
    in_trick = [CardSet.parse(c) for c in played.split(",") if c]
    hands = [CardSet.parse(s).mask for s in seats]
    text = [rules_to_text(r) if isinstance(rules, Rules) else rules,
            "cards=" + "/".join(CardSet(m).to_pbn() for m in hands)]
    if taken is not None:
        used = sum(c.mask for c in in_trick)
        for m in hands:
            used |= m
        piles = _fill(r, taken, [None] * len(taken), used)
        number, dealer = int(fields.get("hand", 1)), int(fields.get("dealer", 0))
        tricks = story(r, hands, piles, int(leader_text), [next(iter(c)) for c in in_trick],
                       number, dealer)
        text.append("tricks=" + _tricks_text(tricks))
    if trick is not None:
        text.append(f"trick={trick}")
    text += [f"{key}={value}" for key, value in fields.items()]
    return Hand.from_position(" ".join(text))


def _tricks_text(tricks: list) -> str:
    """The ``tricks=`` field of a position: ``leader:card,card,…`` per trick, ``-`` for none."""
    return "/".join(f"{lead}:" + ",".join(map(str, cards)) for lead, cards in tricks) or "-"


def make_finished(rules: str | Rules, won: dict[int, str], rest: int,
                  peskir: str = "-") -> Hand:
    """A hand after its last trick: ``won`` says the cards some seats took (padded with
    point-free cards to whole tricks), seat ``rest`` took everything else and the last trick.

    The padding cards and the tricks are invented (`stories.story`): some legal hand in which
    each seat takes exactly these cards.

    >>> make_finished("standard", {1: "QS"}, rest=0).points()
    (13, 13, 0, 0)
    >>> hand = make_finished("turkish", {1: "QS", 2: "AH KH"}, rest=0)
    >>> hand.penalty_taken(), hand.tricks_won(2), len(hand.tricks)
    ((11, 15, 9, 0), 1, 13)
    """
    r = rules_of(rules)
    n = r.players
    taken = [CardSet.parse(won.get(seat, "")).mask for seat in range(n)]
    used = 0
    for m in taken:
        used |= m
    rng = random.Random(0)
    refusal = ""
    for _ in range(40):
        piles = _padded(r, taken, used, rest, rng)
        try:
            tricks = story(r, [0] * n, piles, rest, [], number=1, dealer=0, attempts=300)
        except AssertionError as exc:
            refusal = str(exc)
            continue
        return make_position(rules, [""] * n, trick=f"{rest}:", peskir=peskir,
                             tricks=_tricks_text(tricks))
    raise AssertionError(f"no finished hand with these tricks taken: {refusal}")


def _padded(rules: Rules, taken: list[int], used: int, rest: int,
            rng: random.Random) -> list[int]:
    """Each seat's taken cards with point-free cards added to make whole tricks, and ``rest``'s
    pile (everything else). The added cards are of one suit, mostly a suit of the seat's own
    cards and below its best card there, so that the seat can win a trick of that suit."""
    n = rules.players
    free = [c for c in range(52) if rules.deck_mask >> c & 1 and not used >> c & 1
            and rules.card_values[c] == 0 and c != rules.lowest_club.index]
    piles = list(taken)
    for seat in range(n):
        need = -taken[seat].bit_count() % n
        if seat == rest or not need:
            continue
        own = [c for c in range(52) if taken[seat] >> c & 1]
        suits = [c // 13 for c in own if c // 13 != Suit.HEARTS] or [rng.randrange(3)]
        suit = rng.choice(suits)
        best = max([c for c in own if c // 13 == suit], default=13 * suit + 12)
        pool = [c for c in free if c // 13 == suit]
        if len([c for c in pool if c < best]) >= need and rng.random() < 0.8:
            pool = [c for c in pool if c < best]
        if len(pool) < need:
            pool = free
        chosen = rng.sample(pool, need)
        piles[seat] |= sum(1 << c for c in chosen)
        free = [c for c in free if c not in chosen]
    everything = rules.deck_mask
    for seat in range(n):
        if seat != rest:
            everything &= ~piles[seat]
    piles[rest] = everything
    return piles


def play_cards(hand: Hand, cards: str) -> Hand:
    """Play the cards in order (``"2C 3C AC 4C"``), each for the seat to move."""
    for card in cards.split():
        hand.play(card)
    return hand


@pytest.fixture
def deal():
    """`make_deal`: a hand dealt as written."""
    return make_deal


@pytest.fixture
def position():
    """`make_position`: a hand at a written moment."""
    return make_position


@pytest.fixture
def finished():
    """`make_finished`: a hand after its last trick, with written tricks won."""
    return make_finished


@pytest.fixture
def play():
    """`play_cards`: play a sequence of cards."""
    return play_cards


@pytest.fixture(scope="module")
def site_url() -> Iterator[str]:
    """The built site (``python -m maca site --no-serve``), served by the site's own server
    (gzip, cache headers) on a free loopback port; the browser tests skip when it is not built."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    from build_site import HTML, make_server

    if not (HTML / "runtime" / "runtime.json").exists():
        pytest.skip("the site is not built: python -m maca site --no-serve")
    server = make_server(HTML, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()



def answered(page: Any, timeout: float = 120_000) -> None:
    """Wait until every live panel of a book page has drawn Python's answers to its clicks: the
    page's worker answers while the page goes on, so a click returns before its answer."""
    page.wait_for_function("() => !document.querySelector('.maca-panel[aria-busy]')",
                           timeout=timeout)


#: the page's long main-thread tasks (``PerformanceObserver``), as ``[start, duration]`` in
#: ``window.macaLongTasks``: give it to ``page.add_init_script`` before the page opens
WATCH_LONG_TASKS = """window.macaLongTasks = [];
new PerformanceObserver((list) => {
  for (const task of list.getEntries()) window.macaLongTasks.push([task.startTime, task.duration]);
}).observe({ type: "longtask", buffered: true });"""


def longest_task_since(page: Any, since: float) -> float:
    """The longest main-thread task (ms) that started after ``since`` (the page's clock, as
    ``performance.now()`` gives it) on a page watched with `WATCH_LONG_TASKS`."""
    page.wait_for_timeout(300)   # the observer reports a task a moment after it ends
    return page.evaluate("since => Math.max(0, ...window.macaLongTasks"
                         ".filter(([start]) => start >= since).map(([, d]) => d))", since)


# ---- the class server's databases (maca.server): a fresh one per test, SQLite and PostgreSQL --

#: the PostgreSQL URL the server tests use (``.ci/run`` sets it: a Unix socket, no network)
POSTGRES = "MACA_TEST_POSTGRES"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: Any, tmp_path: Path) -> Iterator[str]:
    """A database URL for one test: a SQLite file in ``tmp_path``, or a new PostgreSQL
    database on the server ``$MACA_TEST_POSTGRES`` names (created for the test, dropped after,
    so tests in parallel never meet). Without that variable the PostgreSQL case is skipped,
    unless ``MACA_REQUIRE_POSTGRES=1`` (CI), where it fails."""
    import os
    import secrets

    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'class.db'}"
        return
    server = os.environ.get(POSTGRES)
    if not server:
        if os.environ.get("MACA_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"MACA_REQUIRE_POSTGRES=1 but {POSTGRES} is not set")
        pytest.skip(f"{POSTGRES} is not set (a postgresql+psycopg:// URL of a role with CREATEDB)")
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"maca_t_{secrets.token_hex(6)}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        yield make_url(server).set(database=name).render_as_string(hide_password=False)
    finally:
        _drop_database(admin, name)
        admin.dispose()


def _drop_database(admin: Any, name: str) -> None:
    """Drop a test database, ending its connections. PostgreSQL 15 refuses ``FORCE`` while an
    autovacuum worker (a process of no role) is in it, unless the role has pg_signal_backend
    (``.ci/run`` grants it); the worker leaves within seconds, so a refusal is retried."""
    import time

    from sqlalchemy import text
    from sqlalchemy.exc import DBAPIError

    for attempt in range(20):
        try:
            with admin.connect() as connection:
                connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            return
        except DBAPIError:
            if attempt == 19:
                raise
            time.sleep(0.5)


# ---- the class server's web layer (maca.server.app, S2): the app in-process, a server process --

import contextlib  # noqa: E402 (the server section's own import)

#: a small class list (Turkish letters) and the first teacher's account in the server tests
CLASS_CSV = "student_id,name\n101,Ayşe Yılmaz\n102,Mehmet Öz\n103,Zeynep Kaya\n"
TEACHER, PASSWORD = "öğretmen", "uzun bir parola"


class Web:
    """The class server's app on one database, driven through one Starlette TestClient (one
    event loop): ``as_teacher`` / ``as_student(token)`` switch whose cookies it sends."""

    def __init__(self, client: Any, store: Any) -> None:
        self.client, self.store = client, store
        self.teacher_cookies: dict[str, str] = {}

    def csrf(self, path: str = "/teacher/login") -> str:
        """The CSRF token in the form of ``path`` (as the teacher's browser got it)."""
        import re

        page = self.client.get(path)
        found = re.search(r'name="csrf" value="([^"]+)"', page.text)
        assert found, page.text[:300]
        return found.group(1)

    def login(self, name: str = TEACHER, password: str = PASSWORD) -> Any:
        self.client.cookies.clear()
        answer = self.client.post("/teacher/login", data={
            "csrf": self.csrf(), "name": name, "password": password}, follow_redirects=False)
        self.teacher_cookies = dict(self.client.cookies)
        return answer

    def as_teacher(self) -> None:
        self.client.cookies.clear()
        for key, value in self.teacher_cookies.items():
            self.client.cookies.set(key, value)

    def as_student(self, token: str | None) -> None:
        self.client.cookies.clear()
        if token:
            self.client.cookies.set("maca_student", token)

    def make_class(self, course: str = "9A", csv: bytes = CLASS_CSV.encode()) -> Any:
        """A class made through the teacher's form (logged in)."""
        answer = self.client.post("/teacher/classes", data={"csrf": self.csrf("/teacher/"),
                                                             "course": course},
                                  files={"class_list": ("class.csv", csv, "text/csv")},
                                  follow_redirects=False)
        assert answer.status_code == 303, answer.text[:500]
        class_id = int(answer.headers["location"].rsplit("/", 1)[1])
        teacher = self.store.check_teacher(name=TEACHER, password=PASSWORD)
        return self.store.class_info(teacher_id=teacher.id, class_id=class_id)

    def open_assignment(self, class_id: int, set_id: str = "follow_suit", name: str = "hw1",
                        hints: str = "counted") -> Any:
        answer = self.client.post(f"/teacher/class/{class_id}/assignments", data={
            "csrf": self.csrf(f"/teacher/class/{class_id}"), "set": set_id, "name": name,
            "due": "", "hints": hints}, follow_redirects=False)
        assert answer.status_code == 303, answer.text[:500]
        return int(answer.headers["location"].rsplit("/", 1)[1])

    def join(self, class_code: str, join_code: str) -> Any:
        """A student joins (their cookie replaces the teacher's in the client)."""
        self.client.cookies.clear()
        return self.client.post("/api/class/join", json={"class_code": class_code,
                                                          "join_code": join_code})


@pytest.fixture
def site_dir(tmp_path: Path) -> Path:
    """A stand-in for the built site: an index page and a script."""
    site = tmp_path / "site"
    (site / "_static").mkdir(parents=True)
    (site / "index.html").write_text("<!doctype html><title>maca</title><p>maca site</p>",
                                     encoding="utf-8")
    (site / "_static" / "maca-class.js").write_text("// the page's class client\n")
    return site


@contextlib.contextmanager
def make_web(db_url: str, site: Path, **options: Any) -> Iterator[Web]:
    """The class server's app (``create_app`` with ``options``) on ``db_url`` with its first
    teacher (added unless there is one), in a TestClient (``https://testserver`` when ``tls``)."""
    import warnings

    with warnings.catch_warnings():    # Starlette 1.10 would rather have httpx2; httpx works
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from maca.server.app import create_app
    from maca.server.store import ClassStore

    store = ClassStore(db_url)
    if store.teacher_count() == 0:
        store.add_teacher(name=TEACHER, password=PASSWORD)
    base = "https://testserver" if options.get("tls") else "http://testserver"
    try:
        with TestClient(create_app(store, site, **options), base_url=base) as client:
            yield Web(client, store)
    finally:
        store.close()


@pytest.fixture
def web(db_url: str, site_dir: Path) -> Iterator[Web]:
    """The class server's app on a fresh database with its first teacher, in a TestClient."""
    with make_web(db_url, site_dir) as made:
        yield made


class ServerProcess:
    """A class server started by ``python -m maca class serve`` on a free loopback port."""

    def __init__(self, process: Any, url: str, output: Path) -> None:
        self.process, self.url, self.output = process, url, output

    def text(self) -> str:
        """What the server printed so far."""
        return self.output.read_text(encoding="utf-8", errors="replace")


@pytest.fixture
def server(tmp_path: Path, site_dir: Path) -> Iterator[Any]:
    """``server(db_url, *flags)`` starts a class server process (its first teacher
    `TEACHER` / `PASSWORD`), waits until it answers and gives a `ServerProcess`; every server
    started is stopped at the end of the test."""
    import os
    import socket
    import subprocess
    import time

    started: list[Any] = []
    password = tmp_path / "password.txt"
    password.write_text(PASSWORD, encoding="utf-8")
    root = Path(__file__).resolve().parent.parent

    def start(db_url: str, *flags: str) -> ServerProcess:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        output = tmp_path / f"server-{port}.txt"
        env = {**os.environ, "PYTHONPATH": str(root), "PYTHONUNBUFFERED": "1"}
        env.pop("MACA_TEACHER_PASSWORD", None)
        with output.open("wb") as sink:
            process = subprocess.Popen(
                [sys.executable, "-m", "maca", "class", "serve", "--host", "127.0.0.1",
                 "--port", str(port), "--db", db_url, "--site", str(site_dir),
                 "--teacher-name", TEACHER, "--teacher-password-file", str(password), *flags],
                stdout=sink, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env,
                cwd=root)
        started.append(process)
        scheme = "https" if "--tls" in flags else "http"
        url = f"{scheme}://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:     # the port answers once uvicorn is up (HTTPS: a TCP connection is enough)
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start: "
                                       f"{output.read_text(errors='replace')[-2000:]}") from None
                time.sleep(0.1)
        return ServerProcess(process, url, output)

    try:
        yield start
    finally:
        for process in started:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
