"""Live updates through real server processes: a student answering on one uvicorn process and
the teacher watching on another, both on one PostgreSQL (``LISTEN/NOTIFY``), see each other
within a second; on SQLite, one process does both."""
from __future__ import annotations

import asyncio
import json
import re
import time
from typing import Any

import httpx
import pytest
from conftest import PASSWORD, TEACHER
from test_server_app import answered
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from maca.server.live import Event, make_hub


def teacher_client(url: str) -> httpx.Client:
    """An HTTP client logged in as the first teacher on the server at ``url``."""
    client = httpx.Client(base_url=url, timeout=30, follow_redirects=True)
    page = client.get("/teacher/login").text
    csrf = re.search(r'name="csrf" value="([^"]+)"', page)
    assert csrf
    answer = client.post("/teacher/login", data={"csrf": csrf.group(1), "name": TEACHER,
                                                 "password": PASSWORD})
    assert answer.status_code == 200 and "Sınıflar" in answer.text
    return client


def csrf_of(client: httpx.Client, path: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', client.get(path).text)
    assert found
    return found.group(1)


def socket(url: str, path: str, cookie: str) -> Any:
    """A websocket to the server at ``url`` with one cookie, from the server's own origin."""
    return connect(url.replace("http", "ws", 1) + path, origin=url,
                   additional_headers={"Cookie": cookie}, open_timeout=10)


def next_draw_with(teacher: Any, text: str, deadline: float) -> str:
    """The first ``draw`` the teacher's socket gets that shows ``text``, before ``deadline``."""
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"no draw showing {text!r} in time"
        message = json.loads(teacher.recv(timeout=left))
        if message["type"] == "draw" and text in message["html"]:
            return str(message["html"])


def joined_student(teacher: httpx.Client, url: str) -> tuple[httpx.Client, int]:
    """A class of one student (Ayşe) with an assignment, made by ``teacher``; the student
    joined on the server at ``url``: (her client, the assignment)."""
    made = teacher.post("/teacher/classes", data={"csrf": csrf_of(teacher, "/teacher/"),
                                                  "course": "9A"},
                        files={"class_list": ("c.csv", "student_id,name\n101,Ayşe Yılmaz\n"
                                              .encode(), "text/csv")}, follow_redirects=False)
    class_path = made.headers["location"]
    opened = teacher.post(f"{class_path}/assignments", data={
        "csrf": csrf_of(teacher, class_path), "set": "follow_suit", "name": "hw1", "due": "",
        "hints": "counted"}, follow_redirects=False)
    assignment = int(opened.headers["location"].rsplit("/", 1)[1])
    page = teacher.get(class_path).text
    class_code = re.search(r'<code class="code">([A-Z0-9]+)</code>', page)
    join_code = re.search(r"<td><code>([A-Z0-9]+)</code></td>", page)
    assert class_code and join_code
    student = httpx.Client(base_url=url, timeout=30)
    joined = student.post("/api/class/join", json={"class_code": class_code.group(1),
                                                    "join_code": join_code.group(1)})
    assert joined.status_code == 200
    return student, assignment


def test_a_teacher_on_one_process_sees_a_student_on_another(db_url: str, server: Any) -> None:
    student_side = server(db_url)
    teacher_side = server(db_url) if db_url.startswith("postgresql") else student_side
    teacher = teacher_client(teacher_side.url)
    student, assignment = joined_student(teacher, student_side.url)
    with socket(teacher_side.url, f"/ws/teacher?assignment={assignment}",
                f"maca_teacher={teacher.cookies['maca_teacher']}") as watching:
        next_draw_with(watching, "0 öğrenci çevrimiçi", time.monotonic() + 5)
        with socket(student_side.url, "/ws/student",
                    f"maca_student={student.cookies['maca_student']}") as answering:
            next_draw_with(watching, "1 öğrenci çevrimiçi", time.monotonic() + 1)
            sent = time.monotonic()
            answering.send(json.dumps({
                "type": "save", "id": "live-1", "assignment": assignment,
                "file": answered("9A", "hw1", "101", 2)}))
            saved = json.loads(answering.recv(timeout=10))
            landed = time.monotonic()
            assert saved["type"] == "saved"
            next_draw_with(watching, f"{saved['score']}/{saved['max_score']}", landed + 1.0)
            print(f"confirmed {1000 * (landed - sent):.0f} ms after sending, on the teacher's "
                  f"page {1000 * (time.monotonic() - landed):.0f} ms after that")
        next_draw_with(watching, "0 öğrenci çevrimiçi", time.monotonic() + 1)
    teacher.close()
    student.close()


def test_a_sign_out_on_one_process_closes_the_students_sockets_on_another(
        db_url: str, server: Any) -> None:
    """A tab left open on a shared computer: the student signs out through one process, and
    her table and answers sockets on another close with 4401 ("join again")."""
    signing_out = server(db_url)
    other_tab = server(db_url) if db_url.startswith("postgresql") else signing_out
    teacher = teacher_client(signing_out.url)
    student, _ = joined_student(teacher, signing_out.url)
    cookie = f"maca_student={student.cookies['maca_student']}"
    with socket(other_tab.url, "/ws/tables?lang=tr", cookie) as tables, \
            socket(other_tab.url, "/ws/student", cookie) as answers:
        answers.send(json.dumps({"type": "ping"}))
        assert json.loads(answers.recv(timeout=10)) == {"type": "pong"}
        assert json.loads(tables.recv(timeout=10))["type"] == "faces"
        out = student.post("/api/class/signout", headers={"origin": signing_out.url})
        assert out.json() == {"signed_out": True}
        for closed in (tables, answers):
            with pytest.raises(ConnectionClosed):
                while True:
                    closed.recv(timeout=5)
            assert closed.close_code == 4401
    teacher.close()
    student.close()


def test_a_process_started_later_hears_who_is_online(db_url: str) -> None:
    """The hubs' own protocol on PostgreSQL: a process that starts asks the others who is
    online; a process that stops says goodbye and its students go offline elsewhere."""
    if not db_url.startswith("postgresql"):
        pytest.skip("SQLite runs one process: its one hub is tested with the app")

    async def run() -> None:
        first = make_hub(db_url)
        await first.start()
        await first.presence(1, student=5, delta=+1)
        later = make_hub(db_url)
        await later.start()
        heard = later.subscribe(1)
        await until(lambda: later.online(1) == {5})
        await first.answer(1, student=5)
        await until(lambda: any(e.kind == "answer" for e in drained(heard)))
        await first.stop()
        await until(lambda: later.online(1) == set())
        await until(lambda: Event("presence", 1, 5) in drained(heard))
        await later.stop()

    asyncio.run(run())


def test_a_send_whose_caller_is_cancelled_still_goes_out_on_the_same_connection(
        db_url: str) -> None:
    """Redraws the runtime stops mid-``NOTIFY``: each event still reaches the listeners and
    the sending connection stays open (psycopg closes one cancelled mid-query, and the
    reconnects cancelled mid-handshake left half-open sessions that held a ``DROP DATABASE``
    for a minute)."""
    if not db_url.startswith("postgresql"):
        pytest.skip("SQLite runs one process: its hub sends nothing over a connection")

    async def run() -> None:
        hub = make_hub(db_url)
        await hub.start()
        heard, got = hub.subscribe(2), []
        sender = getattr(hub, "sender")
        for student in range(20):
            sending = asyncio.ensure_future(hub.answer(2, student=student))
            await asyncio.sleep(0)                  # under way, then its caller is stopped
            sending.cancel()
        await until(lambda: len(got.__iadd__(drained(heard))) == 20)
        assert sorted(e.student for e in got) == list(range(20))
        assert getattr(hub, "sender") is sender and not sender.closed
        await hub.stop()

    asyncio.run(run())


async def until(check: Any) -> None:
    """Wait until ``check()`` holds, at most a second."""
    deadline = time.monotonic() + 1.0
    while not check():
        assert time.monotonic() < deadline, "not heard within a second"
        await asyncio.sleep(0.01)


def drained(queue: asyncio.Queue[Event]) -> list[Event]:
    """What a hub's queue holds now."""
    out = []
    while not queue.empty():
        out.append(queue.get_nowait())
    return out


def test_a_process_killed_without_goodbye_is_forgotten_after_three_heartbeats() -> None:
    """kill -9 of one process: its last presence stays until three heartbeats pass without a
    word from it, then its students go offline on the other processes' teacher pages."""
    from maca.server.live import HEARTBEAT, Hub

    hub = Hub()
    heard = hub.subscribe(3)
    hub.receive({"kind": "presence", "class": 3, "student": 8, "count": 1, "process": "killed"})
    hub.receive({"kind": "presence", "class": 3, "student": 9, "count": 1, "process": "alive"})
    assert heard.get_nowait() == Event("presence", 3, 8) and hub.online(3) == {8, 9}
    heard.get_nowait()
    later = time.monotonic() + 3 * HEARTBEAT + 1
    hub.heard["alive"] = later                  # this one kept saying it is alive
    hub.expire(later)
    assert hub.online(3) == {9}
    assert heard.get_nowait() == Event("presence", 3, 8) and heard.empty()
    hub.expire(later)                           # once only
    assert heard.empty()
