"""A class table survives its server: real ``python -m maca class serve`` processes, students on
websockets, ``kill -9`` in the middle of a hand. Started again on the same database, the table
is where it was (the same seq, every seat the same cards) and the game goes on; on PostgreSQL,
with two processes, the other one takes the killed owner's lease and the computer players play
on, and a move made on one process reaches the sockets of the other."""
from __future__ import annotations

import importlib.util
import json
import re
import signal
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from conftest import PASSWORD, TEACHER
from websockets.sync.client import connect

from maca.server.store import ClassStore

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("bench_tables", ROOT / "benchmarks" / "tables.py")
assert _spec and _spec.loader
bench = sys.modules.setdefault("bench_tables", importlib.util.module_from_spec(_spec))
if not hasattr(bench, "next_move"):
    _spec.loader.exec_module(bench)   # the simulated page's player, shared with the benchmark

CLASS_LIST = "student_id,name\n401,Ayşe Yılmaz\n402,Mehmet Öz\n403,Zeynep Kaya\n404,Can Demir\n"
CARD = re.compile(r'data-act="card" data-value="(\w+)"')


class Seat:
    """A student's page on a server process's ``WS /ws/tables``."""

    def __init__(self, url: str, token: str) -> None:
        self.ws = connect(url.replace("http", "ws", 1) + "/ws/tables?lang=en", origin=url,
                          additional_headers={"Cookie": f"maca_student={token}"},
                          open_timeout=10).__enter__()
        self.html, self.seq = "", None
        self.ws.send(json.dumps({"type": "start", "panel": 1,
                                 "spec": {"panel": "class_tables", "lang": "en"}}))
        self.until(lambda m: m["type"] == "draw")

    def receive(self, timeout: float = 10.0) -> dict[str, Any]:
        message = json.loads(self.ws.recv(timeout=timeout))
        if message["type"] == "draw":
            self.html, self.seq = message["html"], message.get("seq")
        return dict(message)

    def until(self, test: Any, timeout: float = 10.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(max(0.01, deadline - time.monotonic()))
            if test(message):
                return message

    def act(self, action: str, value: str = "") -> dict[str, Any]:
        act_id = uuid.uuid4().hex
        self.ws.send(json.dumps({"type": "act", "panel": 1, "action": action, "value": value,
                                 "id": act_id}))
        answer = self.until(lambda m: m.get("id") == act_id)
        assert answer["type"] == "draw", answer
        return answer

    def reach(self, seq: int, timeout: float = 10.0) -> None:
        if self.seq is None or self.seq < seq:
            self.until(lambda m: m["type"] == "draw" and (m.get("seq") or 0) >= seq, timeout)

    def cards(self) -> list[str]:
        return CARD.findall(self.html)

    def close(self) -> None:
        self.ws.close()


def class_of_four(db_url: str) -> tuple[list[str], list[int]]:
    """A class of four signed-in students (the server made the first teacher)."""
    store = ClassStore(db_url)
    try:
        teacher = store.check_teacher(name=TEACHER, password=PASSWORD)
        made = store.create_class(teacher_id=teacher.id, course="9A", source_name="9a.csv",
                                  class_list=CLASS_LIST.encode())
        students = store.students(teacher_id=teacher.id, class_id=made.id)
        return ([store.join(class_code=made.code, join_code=s.join_code)[0] for s in students],
                [s.id for s in students])
    finally:
        store.close()


def log_of(db_url: str, table: int) -> list[dict[str, Any]]:
    store = ClassStore(db_url)
    try:
        return store.events(table_id=table)
    finally:
        store.close()


def seat_table(urls: list[str], tokens: list[str], people: int) -> tuple[list[Seat], int, str]:
    """Student 0 opens a practice table on ``urls[0]``; students 1.. sit (each on the next
    url in turn); computer players fill the rest; the game begins. Returns the seats, the
    table and the first url."""
    seats = [Seat(urls[n % len(urls)], tokens[n]) for n in range(people)]
    host = seats[0]
    host.act("level", "easy")
    host.act("open")
    table = int(re.findall(r"Table (\d+)", host.html)[0])
    for n, seat in enumerate(seats[1:], start=1):
        seat.act("sit", f"{table}:{n}")
    for n in range(people, 4):
        host.act("bot", str(n))
    host.act("begin")
    return seats, table, urls[0]


def play(seats: list[Seat], db_url: str, table: int, plays: int, timeout: float = 60.0) -> None:
    """Every seat plays as soon as it is its turn until the log holds ``plays`` plays."""
    deadline = time.monotonic() + timeout
    while sum(e["t"] == "play" for e in log_of(db_url, table)) < plays:
        assert time.monotonic() < deadline, "the game did not go on"
        last = len(log_of(db_url, table))
        moved = False
        for seat in seats:
            try:
                seat.reach(last, timeout=0.5)
            except TimeoutError:
                pass
            move = bench.next_move(seat.html)
            if move is not None and move[0] != "next":
                seat.act(move[0], move[1])
                moved = True
                break
        if not moved:
            time.sleep(0.1)


def test_a_table_killed_mid_hand_resumes_at_the_same_move(db_url: str, server: Any) -> None:
    first = server(db_url)
    tokens, _ = class_of_four(db_url)
    seats, table, _ = seat_table([first.url], tokens, 4)
    play(seats, db_url, table, 10)
    before = log_of(db_url, table)
    for seat in seats:
        seat.reach(len(before))
    held = [sorted(seat.cards()) for seat in seats]
    first.process.send_signal(signal.SIGKILL)
    first.process.wait()
    again = server(db_url)
    back = [Seat(again.url, token) for token in tokens]
    assert [seat.seq for seat in back] == [len(before)] * 4
    assert [sorted(seat.cards()) for seat in back] == held
    assert log_of(db_url, table) == before
    play(back, db_url, table, 14)            # the game goes on from there
    assert log_of(db_url, table)[:len(before)] == before
    for seat in back:
        seat.close()


def test_the_other_process_takes_a_killed_owners_table(db_url: str, server: Any) -> None:
    if not db_url.startswith("postgresql"):
        pytest.skip("several processes share a table through PostgreSQL")
    owner, other = server(db_url), server(db_url)
    tokens, _ = class_of_four(db_url)
    seats, table, _ = seat_table([owner.url, other.url], tokens, 2)
    # a move on one process reaches the socket on the other
    play(seats, db_url, table, 6)
    last = len(log_of(db_url, table))
    for seat in seats:
        seat.reach(last)
    owner.process.send_signal(signal.SIGKILL)
    owner.process.wait()
    moved_on = log_of(db_url, table)
    seats[0] = Seat(other.url, tokens[0])     # the page reconnects (to the process left)
    seats[1].reach(len(moved_on))
    # the computer players play on: the other process took the lease (≤ 10 s + 3 s)
    play(seats, db_url, table, 16, timeout=90)
    after = log_of(db_url, table)[len(moved_on):]
    assert any(e["t"] == "play" and e.get("by") == "bot" for e in after)
    for seat in seats:
        seat.close()
