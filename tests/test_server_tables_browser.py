"""A class plays itself at a table on the class server, in Debian's Chromium: four students,
each in their own browser, on the play page's class tables (``book/tr/play.md``).

Uses the built site (``python -m maca site --no-serve``), served by ``python -m maca class
serve`` in a subprocess on a free loopback port (`test_server_browser.ClassServer`), on SQLite
and (with ``$MACA_TEST_POSTGRES``) PostgreSQL; any request to another host fails the test. The
teacher creates a class of four; each student joins and opens the play page, where the class
panel comes alive by itself over the tables socket. One opens a rated table (a begin too soon
is refused in words, which go once the next click is answered), the others sit, and they play
a whole hand by clicks. One reloads in the middle of a trick and is back in the seat with the
same cards and the trick as it was; then its socket breaks just after the server applied its
card, before the answer: the page reconnects and sends the act again with the same id, and the
card is played once. Another loses the network in the middle of a trick (the others see the
seat away, the page says it reconnects) and clicks its card: the card goes, once, when the
page has reconnected by itself. Every draw each seat's socket received in that hand
(Playwright's websocket frames) names no card the seat could not know when the table's log was
at the draw's seq: its own cards (dealt, or passed to it once the passing is over) and the
cards played, as the engine replaying the log in the database says
(`maca.render.cards_in_html`). The longest main-thread task while playing is printed. At
another such table one student closes the page in the second hand: the others see the seat
waiting, and after the reconnect limit (shortened for the test by
``MACA_TABLE_RECONNECT_SECONDS``) a computer player takes it and the leaver's result is the
one source 002 gives (`maca.scoring.leaving_standings`), in the class's ranking too. A browser
with nobody joined keeps the section's sentence and opens no tables socket; on the plain static
site the section says when it works and asks the one question of the class client.
"""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlparse

import pytest

from conftest import WATCH_LONG_TASKS, answered, longest_task_since
from maca.multiplayer import SharedTable, TableSettings
from maca.render import cards_in_html
from maca.scoring import leaving_standings
from test_server_browser import ARGS, CHROMIUM, PASSWORD, SITE, TEACHER, ClassServer, own_context

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.site    # run once, on the pure package (run.sh)

PAGE = "book/tr/play.html#tr-play-class"
PANEL = '.maca-panel[data-maca-host="class"]'
COURSE = "9B"
STUDENTS = {"2026101": "Ayşe Yılmaz", "2026102": "Can Öz", "2026103": "Deniz Çelik",
            "2026104": "Elif Şahin"}
CLASS_LIST = "student_id;name\n" + "".join(f"{sid};{name}\n" for sid, name in STUDENTS.items())
#: the reconnect limit the server is given for these tests (source 002's is 3 minutes)
RECONNECT = 6
#: the status line of a panel whose socket is open (and whose last click was answered)
READY = "Bağlısın: sınıfının masaları canlı."
#: ... while it reconnects
LOST = "Bağlantı koptu; yeniden bağlanılıyor… Yerin seni bekliyor."
#: a card the seat may play now: its turn, a card not refused
PLAYABLE = f'{PANEL} button.maca-card[data-act="card"]:not([aria-disabled]):not([disabled])'


@pytest.fixture
def class_server(db_url: str, tmp_path: Path,
                 monkeypatch: pytest.MonkeyPatch) -> Iterator[ClassServer]:
    """A class server on a fresh database, over the built site, with a short reconnect limit."""
    if not (SITE / "runtime" / "runtime.json").exists():
        pytest.skip("the site is not built: python -m maca site --no-serve")
    monkeypatch.setenv("MACA_TABLE_RECONNECT_SECONDS", str(RECONNECT))
    server = ClassServer(db_url, tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def browser() -> Iterator[Any]:
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def teacher_makes_class(browser: Any, server: ClassServer, outside: list[str]
                        ) -> tuple[str, dict[str, str]]:
    """The teacher logs in and creates the class of four: (the class code, each student's
    join code)."""
    page = own_context(browser, outside).new_page()
    page.goto(server.url + "teacher/")
    page.fill("input[name=name]", TEACHER)
    page.fill("input[name=password]", PASSWORD)
    page.locator("form[action='/teacher/login'] button").click()
    page.wait_for_url("**/teacher/")
    page.fill("input[name=course]", COURSE)
    page.set_input_files("input[name=class_list]", files=[{
        "name": "9B.csv", "mimeType": "text/csv", "buffer": CLASS_LIST.encode("utf-8")}])
    page.locator("form[action='/teacher/classes'] button").click()
    page.wait_for_url("**/teacher/class/*")
    class_code = page.locator("code.code").inner_text().strip()
    codes = {}
    for row in page.locator("table tr").all()[1:]:
        cells = [cell.inner_text().strip() for cell in row.locator("td").all()]
        codes[cells[0]] = cells[2]
    page.context.close()
    return class_code, codes


class Seat:
    """One student's own browser on the play page: the page, and every message its tables
    socket sent and received (across reloads)."""

    def __init__(self, browser: Any, server: ClassServer, class_code: str, join_code: str,
                 outside: list[str], errors: list[str]) -> None:
        self.url = server.url + PAGE
        self.context = own_context(browser, outside)
        joined = self.context.request.post(server.url + "api/class/join", data={
            "class_code": class_code, "join_code": join_code})
        assert joined.ok, joined.text()
        self.student_id = joined.json()["student"]["id"]
        self.got: list[str] = []
        self.sent: list[str] = []
        self.lose: str | None = None   # the card whose act's answer the socket loses
        self.since = 0.0      # the page's clock when play began (it starts again on a reload)
        self.longest = 0.0    # the longest main-thread task of the pages before a reload
        self.page = self.context.new_page()
        self.page.add_init_script(WATCH_LONG_TASKS)
        self.page.on("pageerror", lambda error: errors.append(str(error)))
        self.page.on("websocket", self._listen)
        self.open()

    def _listen(self, socket: Any) -> None:
        if "/ws/tables" in socket.url:
            socket.on("framereceived", lambda payload: self.got.append(payload))
            socket.on("framesent", lambda payload: self.sent.append(payload))

    def route(self) -> None:
        """From the page's next socket on, its frames go through the test (`lose_answer`)."""
        self.page.route_web_socket("**/ws/tables*", self._relay)

    def _relay(self, page_side: Any) -> None:
        server_side = page_side.connect_to_server()
        acts: list[str] = []       # the id of the act of the card to lose

        def up(message: str | bytes) -> None:
            sent = json.loads(message)
            if self.lose is not None and sent.get("value") == self.lose:
                acts.append(sent["id"])
            server_side.send(message)

        def down(message: str | bytes) -> None:
            if acts and json.loads(message).get("id") == acts[0]:
                self.lose = None                         # the server has applied it: the
                page_side.close(code=4000, reason="")    # socket breaks before its answer
                server_side.close()
                return
            page_side.send(message)

        page_side.on_message(up)
        server_side.on_message(down)

    def lose_answer(self, card: str) -> None:
        """The seat plays ``card`` and the socket breaks just after the server applied it,
        before its answer came: the page reconnects by itself, sends the act again with the
        same id, and the server answers it without playing the card twice (a second play would
        be refused: the card is gone)."""
        before = len(self.sent)
        self.lose = card
        self.page.locator(f'{PANEL} button.maca-card[data-value="{card}"]').click()
        for _ in range(600):        # the relay runs while Playwright waits
            if self.lose is None:
                break
            self.page.wait_for_timeout(50)
        assert self.lose is None, "the socket broken before the answer: not within 30 s"
        answered(self.page)
        assert card not in self.cards() and self.status() == READY
        acts = [m for m in map(json.loads, self.sent[before:]) if m["type"] == "act"]
        assert [m["value"] for m in acts] == [card, card] and acts[0]["id"] == acts[1]["id"]

    def open(self, again: bool = False) -> None:
        """The play page (``again``: reloaded; a goto to the same address with its #fragment
        would only scroll): the class panel comes alive by itself."""
        if again:
            self.page.reload()
        else:
            self.page.goto(self.url)
        self.page.wait_for_selector(f"{PANEL}.maca-live", timeout=30_000)
        answered(self.page)

    def text(self) -> str:
        return self.page.locator(PANEL).inner_text()

    def away(self) -> str:
        """The panel's line saying whose connection is lost ("" when none is)."""
        return next((line for line in self.text().splitlines() if "bağlantısı koptu" in line),
                    "")

    def status(self) -> str:
        return self.page.locator(f"{PANEL} .maca-live-status").inner_text()

    def network(self, up: bool) -> None:
        """The browser's network goes (or comes back), as it says to the page (in the tests'
        loopback-only namespace Chromium never fires "offline" and "online" itself)."""
        self.context.set_offline(not up)
        self.page.evaluate(f"dispatchEvent(new Event('{'online' if up else 'offline'}'))")

    def click(self, act: str, value: str | None = None) -> None:
        """A button of the class panel, by what it does; the server's answer drawn."""
        selector = f'{PANEL} [data-act="{act}"]' + (f'[data-value="{value}"]' if value else "")
        self.page.locator(selector).first.click()
        answered(self.page)

    def has(self, selector: str) -> bool:
        return self.page.locator(f"{PANEL} {selector}").count() > 0

    def cards(self) -> set[str]:
        """The cards in the seat's hand, as drawn."""
        return set(self.page.eval_on_selector_all(
            f'{PANEL} button.maca-card[data-act="card"]', "bs => bs.map((b) => b.dataset.value)"))

    def playable(self) -> list[str]:
        return self.page.eval_on_selector_all(PLAYABLE, "bs => bs.map((b) => b.dataset.value)")

    def draws(self) -> list[tuple[int | None, str]]:
        """Every draw the socket received: (the seq of the table's log it drew, None for the
        lobby; its html)."""
        messages = [json.loads(payload) for payload in self.got]
        return [(m.get("seq"), m["html"]) for m in messages if m.get("type") == "draw"]


#: the card faces drawn in the panel (``<use href="#maca-QS">``), or -1 when one is not in the page
FACES_FOUND = (f"(() => {{ const uses = [...document.querySelectorAll('{PANEL} svg use')];"
               "return uses.every((u) => document.getElementById("
               "u.getAttribute('href').slice(1))) ? uses.length : -1; })()")


def wait_until(condition: Any, what: str, timeout: float = 30) -> Any:
    """Poll ``condition()`` until it gives something true (then that), or fail saying ``what``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"{what}: not within {timeout} s")


class Database:
    """The class server's database, read as the tests' oracle: the table, who sits where, its
    log, its results and the class's ranking (`ClassStore.ranking`, as the pages read it)."""

    def __init__(self, url: str) -> None:
        from maca.server.store import ClassStore

        self.store = ClassStore(url)
        self.engine = self.store.engine

    def close(self) -> None:
        self.store.close()

    def table(self) -> Any:
        """The class's one table (GameTable)."""
        from sqlalchemy import select

        from maca.server.models import GameTable

        with self.engine.connect() as connection:
            return connection.execute(select(GameTable)).one()

    def seats(self, table_id: int) -> dict[str, int]:
        """Each seated student's id → their seat."""
        from sqlalchemy import select

        from maca.server.models import Student, TableSeat

        with self.engine.connect() as connection:
            rows = connection.execute(select(Student.student_id, TableSeat.seat).join(
                TableSeat, TableSeat.student_pk == Student.id).where(
                TableSeat.table_id == table_id))
            return {student_id: seat for student_id, seat in rows}

    def events(self, table_id: int) -> list[dict[str, Any]]:
        from sqlalchemy import select

        from maca.server.models import TableEvent

        with self.engine.connect() as connection:
            return list(connection.scalars(select(TableEvent.data).where(
                TableEvent.table_id == table_id).order_by(TableEvent.seq)))

    def results(self, table_id: int) -> dict[str, tuple[int | None, str | None]]:
        """Each student's result at the table: (standing, why they left)."""
        from sqlalchemy import select

        from maca.server.models import GameResult, Student

        with self.engine.connect() as connection:
            rows = connection.execute(select(Student.student_id, GameResult.standing,
                                             GameResult.left).join(
                GameResult, GameResult.student_pk == Student.id).where(
                GameResult.table_id == table_id))
            return {student_id: (standing, left) for student_id, standing, left in rows}


@pytest.fixture
def class_of_four(class_server: ClassServer, browser: Any, db_url: str
                  ) -> Iterator[tuple[list[Seat], Database, list[str], list[str]]]:
    """The class of four, each student on the play page in their own browser, seated at one
    rated table (60 s a move) that the first opened and began: (the seats in their order at the
    table, the database, requests to other hosts, the pages' errors)."""
    outside: list[str] = []
    errors: list[str] = []
    class_code, codes = teacher_makes_class(browser, class_server, outside)
    students = [Seat(browser, class_server, class_code, codes[sid], outside, errors)
                for sid in STUDENTS]
    database = Database(db_url)
    host = students[0]
    for student in students:     # the lobby, drawn by the server, instead of the sentence
        assert "Alıştırmalar sayfasında" not in student.text()
        assert student.status() == READY
    host.click("mode", "rated")
    host.click("timer", "60")
    host.click("open")
    host.page.locator(f'{PANEL} [data-act="begin"]').click(force=True)   # aria-disabled: too
    answered(host.page)      # soon; the status line says why and the table stays open
    assert host.status() not in ("", READY) and host.has('[data-act="begin"]')
    for student in students[1:]:
        sit_down(student)
    wait_until(lambda: host.has('[data-act="begin"]:not([aria-disabled])'), "a full table")
    host.click("begin")
    # a refusal is said until the next click is answered (a seat taken a moment before, too)
    assert [student.status() for student in students] == [READY] * 4
    table = database.table()
    seats = database.seats(table.id)
    assert sorted(seats.values()) == [0, 1, 2, 3]
    try:
        yield sorted(students, key=lambda s: seats[s.student_id]), database, outside, errors
    finally:
        database.close()


def sit_down(student: Seat) -> None:
    """The student takes the first free seat of the open table their lobby shows (again, when
    another student took it a moment before the lobby was drawn again)."""
    def seated() -> bool:
        wait_until(lambda: student.has('[data-act="sit"]'), "a free seat in the lobby")
        student.click("sit")
        try:
            wait_until(lambda: student.has('[data-act="stand"]'), "seated", timeout=3)
        except AssertionError:
            return False
        return True

    wait_until(seated, "a seat taken")


def offline(seat: Seat, card: str, others: list[Seat]) -> None:
    """The seat's network goes; its card is clicked meanwhile (and waits, the panel busy); the
    network comes back and the page reconnects by itself and sends it, once."""
    before = len(seat.sent)
    seat.network(False)
    wait_until(lambda: seat.status() == LOST, "the page saying the connection dropped")
    for other in others:
        wait_until(lambda: STUDENTS[seat.student_id] in other.away(),
                   "the others seeing the seat away")
    seat.page.locator(f'{PANEL} button.maca-card[data-value="{card}"]').click()
    assert seat.page.locator(f"{PANEL}[aria-busy=true]").count() == 1
    seat.page.wait_for_timeout(500)
    assert card in seat.cards()                      # not played while the network is away
    seat.network(True)
    wait_until(lambda: seat.status() == READY, "reconnected")
    wait_until(lambda: card not in seat.cards(), f"{card} played")   # its frames seen by now
    sent = [json.loads(text) for text in seat.sent[before:]]
    assert [m["value"] for m in sent if m["type"] == "act"] == [card]


def pass_cards(seats: list[Seat]) -> None:
    """Every seat chooses three cards and passes them."""
    for seat in seats:
        wait_until(lambda: seat.has('[data-act="confirm_pass"]'), "the cards to pass")
        for _ in range(3):
            seat.page.locator(f'{PANEL} button.maca-card[aria-pressed="false"]').first.click()
            answered(seat.page)
        seat.click("confirm_pass")


def mover(seats: list[Seat]) -> Seat:
    """The seat whose turn it is, once its page shows it."""
    return wait_until(lambda: next((seat for seat in seats if seat.playable()), None),
                      "a seat whose turn it is")


def play_hand(seats: list[Seat], reload_at: int | None = None, drop_at: int | None = None
              ) -> list[tuple[int, str]]:
    """The hand played out by clicks, each seat its first playable card, until every page shows
    the score sheet: the plays (seat, card). Before play ``reload_at`` (counted from 0) the seat
    to play reloads its page and must be back at its seat, its cards and the trick as they were;
    then its socket loses the answer to its card (`Seat.lose_answer`). At play ``drop_at`` the
    seat to play loses its network and clicks its card meanwhile: the others see it away, the
    page says it reconnects, and the card goes once it is back.
    """
    played: list[tuple[int, str]] = []
    for k in range(52):
        seat = mover(seats)
        if k == reload_at:
            held = seat.cards()
            seat.longest = max(seat.longest, longest_task_since(seat.page, seat.since))
            seat.route()
            seat.open(again=True)
            seat.since = seat.page.evaluate("performance.now()")
            wait_until(seat.playable, "back at the seat after the reload, to play")
            assert seat.cards() == held
            trick = {card for _, card in played[len(played) - k % 4:]}
            shown = {str(card) for card in cards_in_html(seat.page.locator(PANEL).inner_html())}
            assert trick <= shown, (trick, shown)
        card = seat.playable()[0]
        if k == reload_at:
            seat.lose_answer(card)
        elif k == drop_at:
            offline(seat, card, [other for other in seats if other is not seat])
        else:
            seat.page.locator(f'{PANEL} button.maca-card[data-value="{card}"]').click()
        wait_until(lambda: card not in seat.cards(), f"{card} played")
        played.append((seats.index(seat), card))
    wait_until(lambda: all(seat.has('[data-act="next"]') for seat in seats), "the score sheet")
    return played


class Known:
    """What the table's log says each seat may know when the log was at a seq: the cards dealt
    to it in the hand, the cards it holds then (those passed to it once the passing is over)
    and the cards played in the hand so far — the engine replaying the log up to that seq."""

    def __init__(self, events: list[dict[str, Any]], settings: TableSettings, hand: int
                 ) -> None:
        self.events, self.settings = events, settings
        self.deal = next(e for e in events if e["t"] == "deal" and e["hand"] == hand)
        self.until = next((e["seq"] for e in events if e["t"] == "deal" and e["hand"] > hand),
                          len(events) + 1)      # the next hand's deal
        self.plays = [e for e in events
                      if e["t"] == "play" and self.deal["seq"] < e["seq"] < self.until]
        self.tables: dict[int, SharedTable] = {}

    def during(self, seq: int | None) -> bool:
        """Whether a draw of the log at ``seq`` is of this hand (None: the lobby's)."""
        return seq is not None and self.deal["seq"] <= seq < self.until

    def cards(self, seat: int, seq: int) -> set[str]:
        if seq not in self.tables:
            self.tables[seq] = SharedTable(self.settings, self.events[:seq])
        held = {str(card) for card in self.tables[seq].view(seat).cards}
        return set(self.deal["cards"][seat]) | held | {
            e["card"] for e in self.plays if e["seq"] <= seq}


def cards_seen(seat: Seat, number: int, known: Known
               ) -> tuple[set[str], list[tuple[int, set[str]]]]:
    """The cards the seat's draws of the hand name, and each of those draws that names a card
    the seat could not know when the table's log was where the draw says: (its seq, those
    cards)."""
    named_all: set[str] = set()
    leaks = []
    for seq, html in seat.draws():
        if not known.during(seq):
            continue
        named = {str(card) for card in cards_in_html(html)}
        named_all |= named
        if unknown := named - known.cards(number, seq):
            leaks.append((seq, unknown))
    return named_all, leaks


def test_four_students_play_a_rated_hand_and_see_only_their_own_cards(
        class_of_four: tuple[list[Seat], Database, list[str], list[str]]) -> None:
    seats, database, outside, errors = class_of_four
    for seat in seats:
        seat.since = seat.page.evaluate("performance.now()")
    pass_cards(seats)
    started = time.perf_counter()
    played = play_hand(seats, reload_at=9, drop_at=22)   # tricks 3 and 6, mid-trick
    seconds = time.perf_counter() - started
    table = database.table()
    events = database.events(table.id)
    assert [(e["seat"], e["card"]) for e in events if e["t"] == "play"] == played
    known = Known(events, TableSettings.from_json(table.settings), 1)
    for number, seat in enumerate(seats):
        assert len(seat.draws()) > 13            # its own answers, and the others' moves pushed
        # the drawings' card faces are references to the faces the socket sent first, each found
        assert seat.page.evaluate(FACES_FOUND) > 0
        named, leaks = cards_seen(seat, number, known)
        assert leaks == []
        assert named == {card for _, card in played}     # the seat saw every card played
    for seat in seats:
        seat.longest = max(seat.longest, longest_task_since(seat.page, seat.since))
    longest = max(seat.longest for seat in seats)    # 0: no task reached 50 ms (a long task)
    print(f"a rated hand by four browsers: 52 plays in {seconds:.1f} s; longest main-thread "
          f"task on a seat's page while playing: "
          f"{f'{longest:.0f} ms' if longest else 'none of 50 ms or more'}")
    assert outside == [] and errors == []


def test_a_student_who_closes_the_page_is_waited_for_then_replaced(
        class_of_four: tuple[list[Seat], Database, list[str], list[str]]) -> None:
    seats, database, outside, errors = class_of_four
    pass_cards(seats)
    play_hand(seats)
    for seat in seats:
        seat.click("next")
    table = database.table()
    settings = TableSettings.from_json(table.settings)
    wait_until(lambda: all(seat.has('[data-act="confirm_pass"]') for seat in seats),
               "the second hand's pass")
    leaver, others = seats[2], seats[:2] + seats[3:]
    totals = SharedTable(settings, database.events(table.id)).watch().totals
    leaver.context.close()
    closed = time.monotonic()
    name = STUDENTS[leaver.student_id]
    for seat in others:      # "Deniz Çelik'in (Kuzey) bağlantısı koptu; masa onu … bekler."
        wait_until(lambda: name in seat.away(), "the seat waiting", timeout=10)
    pass_cards(others)
    result = wait_until(lambda: database.results(table.id).get(leaver.student_id),
                        "the leaver's result", timeout=RECONNECT + 30)
    assert time.monotonic() - closed > RECONNECT - 1
    assert result == (leaving_standings(settings.make_rules(), totals, 1, 2)[2], "away")
    assert [(e["seat"], e["why"]) for e in database.events(table.id) if e["t"] == "leave"] == [
        (2, "away")]
    ranked = {row.name: (row.games, row.points) for row in database.store.ranking(
        class_id=table.class_id, rules=settings.rules, level=settings.level)}
    assert ranked == ({} if result[0] is None else {name: (1, result[0])})
    print(f"the leaver's result after the first hand's totals {totals}: {result}")
    # a computer player passes for the seat, and the hand goes on without waiting for anyone
    for seat in others:
        wait_until(lambda: not seat.away(), "the seat taken")
    mover(others)
    assert outside == [] and errors == []


def test_on_the_static_site_the_class_tables_say_when_they_work(site_url: str) -> None:
    asked: list[str] = []
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = chromium.new_page()
        page.on("request", lambda request: asked.append(urlparse(request.url).path))
        page.goto(site_url + "book/en/play.html#en-play-class")
        page.wait_for_load_state("networkidle")
        panel = page.locator(PANEL)
        text, live = panel.inner_text(), "maca-live" in (panel.get_attribute("class") or "")
        link = panel.locator("a").get_attribute("href")
        chromium.close()
    assert not live and "when your teacher's class server serves this book" in text
    assert link == "exercises.html"
    assert [path for path in asked if "/api/" in path or "/ws/" in path] == ["/api/class/hello"]


def test_on_the_class_server_a_browser_with_nobody_joined_keeps_the_sentence(
        class_server: ClassServer, browser: Any) -> None:
    outside: list[str] = []
    page = own_context(browser, outside).new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(urlparse(request.url).path))
    page.goto(class_server.url + PAGE)
    page.wait_for_load_state("networkidle")
    panel = page.locator(PANEL)
    assert "maca-live" not in (panel.get_attribute("class") or "")
    assert "Alıştırmalar sayfasında sınıfına katıldığında" in panel.inner_text()
    assert [path for path in asked if "/api/" in path or "/ws/" in path] == [
        "/api/class/hello", "/api/class/me"]
    assert outside == []
