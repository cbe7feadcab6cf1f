"""The class tables over their sockets (maca.server.tables through maca.server.app), on SQLite
and PostgreSQL: opening a table, seating classmates and computer players, a whole hand played
by four students, reconnection, the teacher's pages, and the attacks of issue 19 — each refused
with a clear message and the table's log unchanged. Every drawing a seat's socket receives is
checked against the log replayed to its ``seq``: no card of another hand is ever in it."""
from __future__ import annotations

import importlib.util
import json
import sys
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import pytest
from starlette.websockets import WebSocketDisconnect
from conftest import Web, make_web

from maca.cards import CardSet
from maca.render import cards_in_html
from maca.server.app import TABLE_SOCKETS, TABLE_WINDOW

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("bench_tables", ROOT / "benchmarks" / "tables.py")
assert _spec and _spec.loader
bench = sys.modules["bench_tables"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)       # the simulated page's player, shared with the benchmark

ORIGIN = "http://testserver"
CLASS_LIST = ("student_id,name\n301,Ayşe Yılmaz\n302,Mehmet Öz\n303,Zeynep Kaya\n"
              "304,Can Demir\n305,Elif Şahin\n")


def receive(ws: Any, timeout: float = 10.0) -> dict[str, Any]:
    """The next message of a TestClient socket, waiting at most ``timeout`` seconds
    (``{"type": "closed", "code": …}`` when the server closed it)."""
    async def get() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()
    raw = ws.portal.call(get)
    if raw["type"] == "websocket.close":
        return {"type": "closed", "code": raw.get("code")}
    return dict(json.loads(raw["text"]))


class Client:
    """One student's page on ``WS /ws/tables`` (a TestClient socket): what it sent and got."""

    def __init__(self, web: Web, token: str, lang: str = "en",
                 origin: str = ORIGIN) -> None:
        web.client.cookies.clear()
        self.session = web.client.websocket_connect(
            f"/ws/tables?lang={lang}", headers={"origin": origin,
                                                "cookie": f"maca_student={token}"})
        self.ws = self.session.__enter__()
        self.lang = lang
        self.token = token
        self.messages: list[dict[str, Any]] = []
        self.html, self.seq = "", None
        self.sent = 0
        self.closed = False

    def receive(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next message (`receive`), kept."""
        message = receive(self.ws, timeout)
        self.messages.append(message)
        if message["type"] == "draw":
            self.html, self.seq = message["html"], message.get("seq")
        return message

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send_text(json.dumps(message))

    def until(self, test: Any, timeout: float = 10.0) -> dict[str, Any]:
        """Messages until one passes ``test``."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(max(0.01, deadline - time.monotonic()))
            if test(message):
                return message

    def start(self) -> dict[str, Any]:
        self.send({"type": "start", "panel": 1, "spec": {"panel": "class_tables",
                                                          "lang": self.lang}})
        return self.until(lambda m: m["type"] in ("draw", "error") and "id" not in m)

    def act(self, action: str, value: str = "", act_id: str | None = None,
            **extra: Any) -> dict[str, Any]:
        """Send an act and return its answer (pushes before it are kept)."""
        self.sent += 1
        act_id = act_id or f"{self.token[:6]}-{self.sent}"
        self.send({"type": "act", "panel": 1, "action": action, "value": value, "id": act_id,
                   **extra})
        return self.until(lambda m: m.get("id") == act_id)

    def settle(self, quiet: float = 0.4) -> None:
        """Take every push until none comes for ``quiet`` seconds."""
        try:
            while True:
                self.receive(quiet)
        except TimeoutError:
            pass

    def reach(self, seq: int, timeout: float = 5.0) -> None:
        """Take pushes until the drawing shows the table at ``seq`` or later."""
        if self.seq is None or self.seq < seq:
            self.until(lambda m: m["type"] == "draw" and (m.get("seq") or 0) >= seq, timeout)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.session.__exit__(None, None, None)


@dataclass
class Room:
    """A class of five signed-in students on the app."""

    web: Web
    class_id: int
    teacher_id: int
    tokens: list[str]
    pks: list[int]
    url: str
    opened: list[Client]

    def client(self, n: int, lang: str = "en") -> Client:
        made = Client(self.web, self.tokens[n], lang)
        self.opened.append(made)
        return made

    def events(self, table: int) -> list[dict[str, Any]]:
        return self.web.store.events(table_id=table)

    def table_of(self, n: int) -> int:
        return self.web.store.student_tables(student_pk=self.pks[n])[0].id


@pytest.fixture
def room(db_url: str, site_dir: Path) -> Any:
    with make_web(db_url, site_dir) as web:
        web.login()
        made = web.make_class("9A", CLASS_LIST.encode())
        students = web.store.students(teacher_id=made.teacher_id, class_id=made.id)
        tokens = [web.store.join(class_code=made.code, join_code=s.join_code)[0]
                  for s in students]
        opened: list[Client] = []
        try:
            yield Room(web, made.id, made.teacher_id, tokens, [s.id for s in students], db_url,
                       opened)
        finally:
            for client in opened:
                client.close()


def buttons(html: str, act: str) -> list[str]:
    """The values of the drawing's enabled buttons of action ``act``."""
    return [b.get("data-value", "") for b in bench.buttons(html)
            if b["data-act"] == act and b.get("aria-disabled") != "true"]


def open_table(room: Room, people: int, *choices: tuple[str, str],
               begin: bool = True) -> tuple[int, list[Client]]:
    """Student 0 opens a table with ``choices``; students 1.. sit in seats 1..; the host puts
    computer players in the seats left and (``begin``) begins."""
    clients = [room.client(n) for n in range(people)]
    for client in clients:
        client.start()
    host = clients[0]
    for action, value in choices:
        assert host.act(action, value)["type"] == "draw"
    assert host.act("open")["type"] == "draw"
    table = room.table_of(0)
    for seat, client in enumerate(clients[1:], start=1):
        assert client.act("sit", f"{table}:{seat}")["type"] == "draw"
    for seat in range(people, 4):
        assert host.act("bot", str(seat))["type"] == "draw"
    if begin:
        assert host.act("begin")["type"] == "draw"
    return table, clients


def leaks(room: Room, table: int, clients: list[Client]) -> int:
    """Drawings of the seats' sockets (client n at seat n) naming a card of another hand."""
    players = [bench.Player(c.token, table, seat,
                            drawings=[(0.0, m.get("seq"), m["html"]) for m in c.messages
                                      if m["type"] == "draw"])
               for seat, c in enumerate(clients)]
    return int(bench.count_leaks(room.url, players))


# ---- opening, sitting, computer players, beginning ---------------------------------------------

def test_a_table_is_opened_filled_and_begun_and_the_lobby_follows(room: Room) -> None:
    host, guest = room.client(0), room.client(1)
    lobby = host.start()["html"]
    assert "No table is open right now" in lobby and 'data-act="open"' in lobby
    guest.start()
    assert host.act("level", "easy")["type"] == "draw"
    opened = host.act("open")["html"]
    table = room.table_of(0)
    assert "Your table" in opened and 'data-act="begin"' in opened
    seen = guest.until(lambda m: m["type"] == "draw" and f'data-value="{table}:1"' in m["html"])
    assert "Ayşe Yılmaz" in seen["html"]
    assert guest.act("sit", f"{table}:1")["type"] == "draw"
    for seat in ("2", "3"):
        host.act("bot", seat)
    began = host.act("begin")
    assert [e["t"] for e in room.events(table)[:began["seq"]]] == ["sit", "sit", "bot", "bot",
                                                                  "begin", "deal"]
    assert len(buttons(began["html"], "card")) == 13 and "data-act=\"confirm_pass\"" in began["html"]
    pushed = guest.until(lambda m: m["type"] == "draw" and m.get("seq"))
    assert len(bench.buttons(pushed["html"])) > 13
    info = room.web.store.table_info(table_id=table)
    assert info.status == "playing" and info.seats == (room.pks[0], room.pks[1], None, None)
    # this process owns the table now: another cannot take its lease
    assert not room.web.store.take_lease(table_id=table, process="another", seconds=10)
    # the computer players passed by themselves
    deadline = time.monotonic() + 10
    while sum(e["t"] == "pass" for e in room.events(table)) < 2:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    host.settle(0.2)
    guest.settle(0.2)
    assert leaks(room, table, [host, guest]) == 0
    host.close()
    guest.close()


def test_a_seats_cards_refer_to_the_faces_its_socket_got_first(room: Room) -> None:
    table, (host,) = open_table(room, 1, ("level", "easy"))
    faces = room.client(0)
    assert faces.receive()["type"] == "faces"      # before anything else, on every socket
    held = host.messages[0]
    assert held["type"] == "faces"
    defined = set(re.findall(r'<g id="([\w-]+)"', held["html"]))
    drawing = host.messages[-1]["html"]
    used = re.findall(r'<use href="#([\w-]+)"', drawing)
    assert len(used) >= 13 and set(used) <= defined
    assert "<path" not in drawing.split('data-act="card"', 1)[1]   # no face drawn in the seat
    assert len(drawing) < 16_000                   # a fifth of a drawing with its faces
    faces.close()


def test_threat_see_other_hand(room: Room) -> None:
    """Four students play a whole hand, and no socket gets a card of another hand. (threat model: tests/test_server_security.py)"""
    table, clients = open_table(room, 4, ("level", "easy"))
    room.web.as_teacher()                  # the teacher's view of the deal: every hand
    watched = bench.Player("teacher", table, 0, drawings=[
        (0.0, len(room.events(table)), room.web.client.get(f"/teacher/table/{table}").text)])
    known = 0
    while True:
        moved = False
        for client in clients:
            client.reach(known)
            move = bench.next_move(client.html)
            if move is None or move[0] == "next":
                continue
            answer = client.act(move[0], move[1])
            assert answer["type"] == "draw", answer
            known = max(known, answer["seq"])
            moved = True
        if not moved:
            break
    kinds = [e["t"] for e in room.events(table)]
    assert kinds.count("play") == 52 and kinds.count("pass") == 4
    assert all(buttons(c.html, "next") == [""] for c in clients)        # the hand is over
    assert leaks(room, table, clients) == 0
    # the check does see a leak: the teacher's drawing, were it seat 0's
    assert bench.count_leaks(room.url, [watched]) == 1
    for client in clients:
        client.close()


# ---- the attacks of issue 19 -----------------------------------------------------------------

def playing(room: Room) -> tuple[int, list[Client], int]:
    """Four students at a table without passing, the game begun: (table, clients, the seat
    to play first)."""
    table, clients = open_table(room, 4, ("level", "easy"), ("passing", "off"))
    for client in clients:
        client.reach(len(room.events(table)))
    mover = next(n for n, c in enumerate(clients) if buttons(c.html, "card"))
    return table, clients, mover


def test_threat_play_for_other(room: Room) -> None:
    """A student cannot play for another seat or out of turn. (threat model: tests/test_server_security.py)"""
    table, clients, mover = playing(room)
    other = (mover + 1) % 4
    before = room.events(table)
    legal = buttons(clients[mover].html, "card")[0]
    # another seat sends the mover's legal card, naming the mover's seat and person
    refused = clients[other].act("card", legal, seat=mover, person=room.pks[mover])
    assert refused["type"] == "error" and "It is not your turn" in refused["message"]
    # out of turn with one of its own cards
    own = re.findall(r'data-act="card" data-value="(\w+)"', clients[other].html)[0]
    late = clients[other].act("card", own)
    assert late["type"] == "error" and "It is not your turn" in late["message"]
    assert room.events(table) == before
    assert clients[mover].act("card", legal)["type"] == "draw"
    for client in clients:
        client.close()


def test_threat_replay_move(room: Room) -> None:
    """An old message sent again is answered, not applied. (threat model: tests/test_server_security.py)"""
    table, clients, mover = playing(room)
    legal = buttons(clients[mover].html, "card")[0]
    first = clients[mover].act("card", legal, act_id="play-1")
    after = room.events(table)
    again = clients[mover].act("card", legal, act_id="play-1")
    assert again["type"] == "draw" and room.events(table) == after
    # the same card under a new id: that card is not held any more
    replayed = clients[mover].act("card", legal, act_id="play-2")
    assert replayed["type"] == "error" and room.events(table) == after
    assert first["seq"] == len(after)
    for client in clients:
        client.close()


def test_a_card_not_held_is_refused_with_the_engines_reason(room: Room) -> None:
    table, clients, mover = playing(room)
    deal = next(e for e in room.events(table) if e["t"] == "deal")
    elsewhere = deal["cards"][(mover + 2) % 4][0]
    before = room.events(table)
    refused = clients[mover].act("card", elsewhere)
    assert refused["type"] == "error" and "is not in your hand" in refused["message"]
    nonsense = clients[mover].act("card", "ZZ")
    assert nonsense["type"] == "error" and "ZZ" in nonsense["message"]
    assert room.events(table) == before
    for client in clients:
        client.close()


def test_threat_use_signed_out_tab(room: Room) -> None:
    """Signing out in one tab closes the session's table and answers sockets in the others,
    and what is sent on them after that changes nothing. (threat model:
    tests/test_server_security.py)"""
    table, clients, mover = playing(room)
    token = clients[mover].token
    headers = {"origin": ORIGIN, "cookie": f"maca_student={token}"}
    answers = room.web.client.websocket_connect("/ws/student", headers=headers)
    answers_ws = answers.__enter__()
    try:
        answers_ws.send_text(json.dumps({"type": "ping"}))
        assert receive(answers_ws) == {"type": "pong"}
        room.web.client.cookies.clear()
        out = room.web.client.post("/api/class/signout", headers=headers)
        assert out.json() == {"signed_out": True}
        assert clients[mover].until(lambda m: m["type"] == "closed") == {"type": "closed",
                                                                          "code": 4401}
        assert receive(answers_ws) == {"type": "closed", "code": 4401}
        before = room.events(table)
        legal = buttons(clients[mover].html, "card")[0]
        clients[mover].send({"type": "act", "panel": 1, "action": "card", "value": legal,
                             "id": "after-sign-out"})
        answers_ws.send_text(json.dumps({"type": "ping"}))
        assert last_event(room, table, "away")["seat"] == mover    # its socket is gone
        assert [e["t"] for e in room.events(table)[len(before):]] == ["away"]   # no card
        with pytest.raises(WebSocketDisconnect) as again:     # the tab reconnecting
            room.client(mover)
        assert again.value.code == 4401                       # the session is gone
        others = [c for n, c in enumerate(clients) if n != mover]
        assert all(c.start()["type"] == "draw" for c in others)     # the others play on
    finally:
        answers.__exit__(None, None, None)


def test_threat_flood_table(room: Room) -> None:
    """A flood is refused and the socket closed; the table is unchanged. (threat model: tests/test_server_security.py)"""
    table, clients, mover = playing(room)
    deal = next(e for e in room.events(table) if e["t"] == "deal")
    elsewhere = deal["cards"][(mover + 1) % 4][0]
    before = room.events(table)
    flooder = clients[mover]
    for n in range(300):
        flooder.send({"type": "act", "panel": 1, "action": "card", "value": elsewhere,
                      "id": f"flood-{n}"})
    closed = flooder.until(lambda m: m["type"] == "closed", timeout=20)
    refusal = [m for m in flooder.messages if m["type"] == "error" and "id" not in m]
    assert closed["code"] == 1008 and "Too many messages" in refusal[-1]["message"]
    answered = [m for m in flooder.messages if m.get("id", "").startswith("flood-")]
    assert 0 < len(answered) < 300 and all(m["type"] == "error" for m in answered)
    # nothing of the flood in the log (the closed socket may say the seat is away)
    assert [e for e in room.events(table) if e["t"] not in ("away", "back")] == before
    # a new socket at once gets no fresh allowance: the student waits a little
    hasty = room.client(mover)
    hasty.send({"type": "start", "panel": 1, "spec": {"panel": "class_tables", "lang": "en"}})
    assert "Too many messages" in hasty.until(lambda m: m["type"] == "error")["message"]
    time.sleep(TABLE_WINDOW)
    # then comes back on a new socket, at the same seat
    back = room.client(mover)
    assert buttons(back.start()["html"], "card")
    # and may not open more than TABLE_SOCKETS of them
    more = [room.client(mover) for _ in range(TABLE_SOCKETS - 1)]
    extra = room.client(mover)
    refused = extra.until(lambda m: m["type"] in ("error", "closed"))
    assert refused["type"] == "error" and "at most 5 tabs" in refused["message"]
    for client in more + [extra]:
        client.close()
    for client in clients[:mover] + clients[mover + 1:] + [back, hasty]:
        client.close()


def test_threat_sit_anywhere(room: Room) -> None:
    """A full, a begun, a closed and another class's table are refused. (threat model: tests/test_server_security.py)"""
    table, clients = open_table(room, 4, ("level", "easy"), begin=False)
    fifth = room.client(4)
    fifth.start()
    before = room.events(table)
    full = fifth.act("sit", str(table))
    assert full["type"] == "error" and full["message"] == "The table is full: no seat is free."
    taken = fifth.act("sit", f"{table}:2")
    assert taken["type"] == "error" and "already sits" in taken["message"]
    assert room.events(table) == before
    clients[0].act("begin")
    started = fifth.act("sit", str(table))
    assert started["type"] == "error" and "has begun" in started["message"]
    room.web.as_teacher()
    ended = room.web.client.post(f"/teacher/table/{table}/end", headers={"origin": ORIGIN},
                                 data={"csrf": room.web.csrf(f"/teacher/table/{table}")},
                                 follow_redirects=False)
    assert ended.status_code == 303
    log = room.events(table)
    assert log[-1]["t"] == "end"
    closed = fifth.act("sit", str(table))
    assert closed["type"] == "error" and closed["message"] == "This table has been closed."
    nowhere = fifth.act("sit", "999999")
    assert nowhere["type"] == "error" and nowhere["message"] == "Your class has no such table."
    assert room.events(table) == log
    assert room.web.store.table_info(table_id=table).status == "ended"
    for client in clients + [fifth]:
        client.close()


def test_the_sockets_guards_say_why_in_the_students_language(room: Room) -> None:
    client = room.client(0, lang="tr")
    assert "önce paneli başlat" in client.act("card", "2C")["message"].lower()
    client.send({"type": "start", "panel": 1, "spec": {"panel": "class_tables", "lang": "tr"}})
    client.until(lambda m: m["type"] == "draw")
    client.ws.send_text("not json")
    assert client.receive()["message"].startswith("Mesaj okunamadı")
    client.send({"type": "act", "panel": 1, "action": "open", "value": ""})
    assert "kimliği" in client.receive()["message"]
    client.send({"type": "ping"})
    assert client.receive() == {"type": "pong"}
    client.ws.send_text("x" * 5000)
    assert "çok büyük" in client.receive()["message"]
    assert client.receive()["code"] == 1009
    client.close()
    with pytest.raises(WebSocketDisconnect) as stranger:
        Client(room.web, room.tokens[0], origin="http://evil.example")
    with pytest.raises(WebSocketDisconnect) as nobody:
        Client(room.web, "no-such-token-at-all-xxxxx")
    assert (stranger.value.code, nobody.value.code) == (4403, 4401)


# ---- reconnection, the teacher's pages, results and records -----------------------------------

def last_event(room: Room, table: int, kind: str, timeout: float = 10.0) -> dict[str, Any]:
    """The table's last event, once it is of ``kind``."""
    deadline = time.monotonic() + timeout
    while room.events(table)[-1]["t"] != kind:
        assert time.monotonic() < deadline, room.events(table)[-1]
        time.sleep(0.02)
    return room.events(table)[-1]


def test_a_closed_socket_is_away_and_back_on_a_new_one(room: Room) -> None:
    table, clients, mover = playing(room)
    cards = re.findall(r'data-act="card" data-value="(\w+)"', clients[1].html)
    clients[1].close()
    assert last_event(room, table, "away")["seat"] == 1
    clients[0].reach(len(room.events(table)))          # the others see the seat waiting
    again = room.client(1)
    drawn = again.start()
    assert last_event(room, table, "back")["seat"] == 1
    assert re.findall(r'data-act="card" data-value="(\w+)"', drawn["html"]) == cards
    for client in [clients[0], clients[2], clients[3], again]:
        client.close()


def test_the_teacher_watches_the_tables_live_and_ends_one(room: Room) -> None:
    table, clients, mover = playing(room)
    room.web.as_teacher()
    listed = room.web.client.get(f"/teacher/class/{room.class_id}/tables").text
    assert f'href="/teacher/table/{table}"' in listed and "Ayşe Yılmaz" in listed
    cookie = room.web.client.cookies.get("maca_teacher")
    with room.web.client.websocket_connect(f"/ws/teacher?table={table}&lang=en",
                                           headers={"origin": ORIGIN}) as watch, \
            room.web.client.websocket_connect(f"/ws/teacher?tables={room.class_id}&lang=en",
                                              headers={"origin": ORIGIN}) as tables:
        first = watch.receive_json()
        deal = next(e for e in room.events(table) if e["t"] == "deal")
        dealt = CardSet.parse(" ".join(card for hand in deal["cards"] for card in hand))
        assert cards_in_html(first["html"]) == dealt
        tables.receive_json()
        clients[mover].act("card", buttons(clients[mover].html, "card")[0])
        assert watch.receive_json()["seq"] == len(room.events(table))
        room.web.client.cookies.set("maca_teacher", cookie)
        room.web.client.post(f"/teacher/table/{table}/end", headers={"origin": ORIGIN},
                             data={"csrf": room.web.csrf(f"/teacher/table/{table}")})
        deadline = time.monotonic() + 10
        while "No table is open or being played now" not in receive(tables)["html"]:
            assert time.monotonic() < deadline
    seat = clients[2].until(lambda m: m["type"] == "draw" and "lobby" in m["html"])
    assert 'data-act="lobby"' in seat["html"]
    lobby = clients[2].act("lobby")
    assert 'data-act="open"' in lobby["html"]
    for client in clients:
        client.close()


def test_a_rated_game_goes_into_the_ranking_and_its_record_downloads(room: Room) -> None:
    table, (alone,) = open_table(room, 1, ("level", "easy"), ("mode", "rated"),
                                 ("target", "1"))
    deadline = time.monotonic() + 60
    while 'data-act="lobby"' not in alone.html:
        assert time.monotonic() < deadline
        move = bench.next_move(alone.html)
        if move is None:
            alone.receive()
        else:
            assert alone.act(move[0], move[1])["type"] == "draw"
    info = room.web.store.table_info(table_id=table)
    assert info.status == "over"
    ranking = room.web.store.ranking(class_id=room.class_id, rules="standard", level="easy")
    assert [r.student_pk for r in ranking] == [room.pks[0]] and ranking[0].games == 1
    room.web.as_student(room.tokens[0])
    record = room.web.client.get(f"/api/class/records/{table}")
    assert record.status_code == 200 and record.headers["content-type"].startswith("text/plain")
    assert "attachment" in record.headers["content-disposition"]
    from maca.game import Game
    assert Game.from_record(record.text).is_over
    room.web.as_student(room.tokens[1])
    assert room.web.client.get(f"/api/class/records/{table}").status_code == 404
    room.web.as_teacher()
    page = room.web.client.get(f"/teacher/class/{room.class_id}/ranking").text
    assert "Ayşe Yılmaz" in page
    lobby = alone.act("lobby")["html"]
    assert f"/api/class/records/{table}" in lobby
    alone.close()


def test_threat_watch_table(room: Room) -> None:
    """A student cannot watch or close a table, nor download another's game record (threat
    model: tests/test_server_security.py)."""
    table, clients, mover = playing(room)
    before = room.events(table)
    room.web.as_student(room.tokens[0])
    for socket in (f"/ws/teacher?table={table}&lang=en", f"/ws/teacher?tables={room.class_id}"):
        with pytest.raises(WebSocketDisconnect):
            with room.web.client.websocket_connect(socket, headers={"origin": ORIGIN}) as ws:
                ws.receive_json()
    for path in (f"/teacher/table/{table}", f"/teacher/class/{room.class_id}/tables"):
        answer = room.web.client.get(path, follow_redirects=False)
        assert answer.status_code == 303 and answer.headers["location"] == "/teacher/login"
    closed = room.web.client.post(f"/teacher/table/{table}/end", headers={"origin": ORIGIN},
                                  data={"csrf": "x"}, follow_redirects=False)
    assert closed.status_code in (303, 403)
    assert room.web.client.get(f"/api/class/records/{table}").status_code == 404  # not over
    room.web.as_student(room.tokens[4])                    # never sat there
    assert room.web.client.get(f"/api/class/records/{table}").status_code == 404
    assert [e for e in room.events(table) if e["t"] not in ("away", "back")] == \
        [e for e in before if e["t"] not in ("away", "back")]
    assert room.web.store.table_info(table_id=table).status == "playing"
    for client in clients:
        client.close()


def test_a_tournament_round_seats_the_students_online(room: Room) -> None:
    online = [room.client(n) for n in range(5)]
    for client in online:
        client.start()
    room.web.as_teacher()
    path = f"/teacher/class/{room.class_id}/tournaments"
    made = room.web.client.post(path, headers={"origin": ORIGIN}, data={
        "csrf": room.web.csrf(path), "name": "Bahar turnuvası", "rules": "standard",
        "target": "", "passing": "", "moon": "", "timer": "60", "level": "easy",
        "rounds": "2"}, follow_redirects=False)
    assert made.status_code == 303, made.text[:500]
    tournament = made.headers["location"]
    opened = room.web.client.post(f"{tournament}/round", headers={"origin": ORIGIN},
                                  data={"csrf": room.web.csrf(tournament)},
                                  follow_redirects=False)
    assert opened.status_code == 303
    tables = room.web.store.class_tables(class_id=room.class_id)
    assert len(tables) == 2 and all(t.status == "playing" and t.round == 1 for t in tables)
    seated = sorted(p for t in tables for p in t.seats if p is not None)
    assert seated == sorted(room.pks)
    page = room.web.client.get(tournament).text
    assert "Bahar turnuvası" in page and "1. tur" in page
    for client in online:      # each student's page shows their seat by itself
        client.until(lambda m: m["type"] == "draw" and m.get("seq"))
        client.close()


def test_sitting_elsewhere_gives_up_the_seat_and_a_round_counts_as_leaving(
        room: Room) -> None:
    first, second = room.client(0), room.client(1)
    first.start()
    second.start()
    first.act("open")
    left_behind = room.table_of(0)
    second.act("open")
    other = room.table_of(1)
    assert first.act("sit", f"{other}:2")["type"] == "draw"
    # the open table lost its only person: it is closed; the other has them in seat 2
    assert room.web.store.table_info(table_id=left_behind).status == "ended"
    assert room.web.store.table_info(table_id=other).seats[2] == room.pks[0]
    # a game going on, then a tournament's round draws its player elsewhere
    third = room.client(2)
    third.start()
    third.act("level", "easy")
    third.act("open")
    going = room.table_of(2)
    for seat in ("1", "2", "3"):
        third.act("bot", seat)
    third.act("begin")
    room.web.as_teacher()
    path = f"/teacher/class/{room.class_id}/tournaments"
    made = room.web.client.post(path, headers={"origin": ORIGIN}, data={
        "csrf": room.web.csrf(path), "name": "Kış", "rules": "standard", "target": "",
        "passing": "", "moon": "", "timer": "60", "level": "easy", "rounds": "1"},
        follow_redirects=False)
    room.web.client.post(f"{made.headers['location']}/round", headers={"origin": ORIGIN},
                         data={"csrf": room.web.csrf(made.headers["location"])})
    leave = next(e for e in room.events(going) if e["t"] == "leave")
    assert (leave["seat"], leave["why"]) == (0, "tournament")   # its own reason: the teacher started it
    assert room.web.store.table_info(table_id=going).status == "ended"   # no person left


def test_threat_dodge_loss(db_url: str, site_dir: Path,
                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A connection lost too long leaves with source 002's result, and a computer player plays
    on (threat model: tests/test_server_security.py)."""
    monkeypatch.setenv("MACA_TABLE_RECONNECT_SECONDS", "1")     # read when the app is made
    with make_web(db_url, site_dir) as web:
        web.login()
        made = web.make_class("9A", CLASS_LIST.encode())
        students = web.store.students(teacher_id=made.teacher_id, class_id=made.id)
        tokens = [web.store.join(class_code=made.code, join_code=s.join_code)[0]
                  for s in students]
        room = Room(web, made.id, made.teacher_id, tokens, [s.id for s in students], db_url, [])
        try:
            table, clients = open_table(room, 2, ("level", "easy"), ("mode", "rated"),
                                        ("passing", "off"))
            clients[1].close()
            deadline = time.monotonic() + 10
            while not any(e["t"] == "leave" for e in room.events(table)):
                assert time.monotonic() < deadline
                time.sleep(0.05)
            leave = next(e for e in room.events(table) if e["t"] == "leave")
            assert (leave["seat"], leave["why"]) == (1, "away")
            while not (ranking := web.store.ranking(class_id=made.id, rules="standard",
                                                    level="easy")):
                assert time.monotonic() < deadline      # the result follows the log's append
                time.sleep(0.05)
            assert [(r.student_pk, r.losses) for r in ranking] == [(room.pks[1], 1)]
            assert web.store.student_records(student_pk=room.pks[1]) == []    # not over yet
            plays = sum(e["t"] == "play" for e in room.events(table))
            deadline = time.monotonic() + 20      # the computer player in seat 1 plays on
            while not any(e["t"] == "play" and e["seat"] == 1 and e.get("by") == "bot"
                          for e in room.events(table)[plays:]):
                assert time.monotonic() < deadline
                move = bench.next_move(clients[0].html)
                if move is not None:
                    clients[0].act(move[0], move[1])
                else:
                    try:
                        clients[0].receive(0.5)
                    except TimeoutError:
                        pass
        finally:
            for client in room.opened:
                client.close()


def test_a_clock_woken_as_the_runtime_stops_still_stops() -> None:
    """A table's clock woken in the same moment it is cancelled (a socket closing as the
    server stops) ends, and so does what a stopped task starts on its way out."""
    import asyncio
    import random

    from maca.multiplayer import SharedTable, TableSettings
    from maca.server.live import Hub
    from maca.server.tables import Served, TableRuntime

    now = 1_000_000.0
    settings = TableSettings(level="easy", idle=120)
    shared = SharedTable(settings, clock=lambda: now, deal_rng=random.Random(1),
                         players_rng=random.Random(1))
    shared.sit(100, "Ayşe")
    while any(s.kind == "empty" for s in shared.seats):
        shared.add_bot(100)
    shared.begin(100)
    while shared.advance():
        pass
    assert shared.due() == now + 120          # the clock sleeps two minutes

    async def stop_as_woken() -> None:
        runtime = TableRuntime(None, Hub(), clock=lambda: now)
        served = Served(1, 1, settings, shared)
        runtime.tables[1] = served
        runtime.own(served)
        for _ in range(5):
            await asyncio.sleep(0)             # the clock waits for a change or its time
        late: list[str] = []

        async def on_the_way_out() -> None:
            try:
                await asyncio.sleep(3600)
            finally:
                runtime.own(served)            # e.g. a change's lease taken as it ends
                runtime.chore(asyncio.sleep(3600))
                late.append("started nothing")
        runtime.chore(on_the_way_out())
        await asyncio.sleep(0)
        served.wake.set()
        await runtime.stop()
        assert served.clock is not None and served.clock.done() and not runtime.chores
        assert late == ["started nothing"]

    asyncio.run(asyncio.wait_for(stop_as_woken(), 10))
