"""The class server during a lesson: N students answering ``follow_suit`` at once.

    python benchmarks/class_server.py [--students 40] [--seconds 60] [--every 5]
                                      [--db sqlite|postgresql|URL]

Starts ``python -m maca class serve`` on a free loopback port over a fresh database (a SQLite
file in a temporary folder; or a new database on the PostgreSQL server of
``$MACA_TEST_POSTGRES``, dropped afterwards), with a teacher, a class of N students and a
``follow_suit`` assignment. Every student joins with their codes (``POST /api/class/join``),
opens the student socket and answers the questions of their own variant in order, one every
``--every`` seconds on average (random waits), right seven times in ten, each answer sent as
the page sends it: the whole answers file in a save message with a new id. The teacher
watches the live class page (``WS /ws/teacher``). Measured: confirmed answers per second, and
the time from an answer's send to its ``saved`` (confirm) and to the first drawing of the
teacher's page that shows it (teacher). At the end the server is killed (``kill -9``) and
every confirmed save is looked up in the database: ``lost`` counts those missing.

Goal (issue 18, on a 2-core machine): 40 students with p95 confirm ≤ 50 ms and teacher ≤ 1 s;
400 students with no error and nothing lost.

The last line printed is JSON: ``students``, ``db``, ``answers``, ``answers_per_s``,
``p50/p95/p99_confirm_ms``, ``p50/p95/p99_teacher_ms``, ``errors`` (refused saves, failed
joins or sockets, answers never confirmed or never shown to the teacher) and ``lost``.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
import websockets  # noqa: E402
from sqlalchemy import create_engine, select, text  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

from maca.exercises.session import Worksheet  # noqa: E402
from maca.exercises.sets import find_set  # noqa: E402

SET = "follow_suit"
COURSE = "9A"
ASSIGNMENT = "bench1"
PASSWORD = "bench-password-1"
#: the PostgreSQL server used with ``--db postgresql`` (a role with CREATEDB, Unix socket)
POSTGRES = os.environ.get("MACA_TEST_POSTGRES",
                          "postgresql+psycopg://maca:maca@/maca?host=/var/run/postgresql")
ROW = re.compile(r'<tr><td class="name">.*?Öğrenci (\d{4}).*?</td>(.*?)</tr>', re.S)
SCORED = re.compile(r'<td class="(?:full|miss|part)">')


@dataclass
class Student:
    """One simulated student: their codes, the answers files they will send, what happened."""

    number: int
    student_id: str
    join_code: str
    files: list[str]
    sent: dict[str, tuple[int, float]] = field(default_factory=dict)   # id → (answer, time)
    shown: int = 0            # answers the teacher's page shows so far


def percentile(values: list[float], p: float) -> float | None:
    """The ``p``-th percentile (nearest rank) of ``values``, or None for none.

    >>> percentile([5.0, 1.0, 3.0, 2.0, 4.0], 50), percentile([], 95)
    (3.0, None)
    """
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


def answers_files(student_id: str, rng: random.Random) -> list[str]:
    """The answers file after each question of the student's variant, answered in order (right
    about seven times in ten; else a card too few, another card, the other yes/no or another
    seat), as the page would write them."""
    sheet = Worksheet.for_student(find_set(SET), COURSE, ASSIGNMENT, student_id, None)
    files = []
    for attempt in sheet:
        right = attempt.exercise.answer()
        answer = right
        if rng.random() > 0.7 and isinstance(right, list):
            others = [str(c) for c in attempt.offered() if str(c) not in right]
            answer = right[:-1] if len(right) > 1 or not others else [rng.choice(others)]
        elif rng.random() > 0.7 and isinstance(right, bool):
            answer = not right
        elif rng.random() > 0.7 and attempt.form.mode == "seat":
            answer = rng.choice([s for s in attempt.offered() if s != right] or [right])
        sheet.check(attempt.exercise.id, answer)
        files.append(sheet.progress.to_json())
    return files


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def database(kind: str, folder: Path) -> tuple[str, Any]:
    """The database URL to use and how to drop it afterwards."""
    if kind == "sqlite":
        return f"sqlite:///{folder / 'class.db'}", lambda: None
    server = POSTGRES if kind == "postgresql" else kind
    name = f"maca_bench_{secrets.token_hex(4)}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))

    def drop() -> None:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
    return make_url(server).set(database=name).render_as_string(hide_password=False), drop


def set_up(url: str, students: int) -> tuple[str, int, list[tuple[str, str]]]:
    """A teacher, a class of ``students`` and the assignment: the class code, the assignment's
    id and each student's (id, join code), in class order."""
    from maca.server.store import ClassStore

    store = ClassStore(url)
    try:
        teacher = store.add_teacher(name="bench", password=PASSWORD)
        rows = "".join(f"{2026_0000 + i};Öğrenci {i:04d}\n" for i in range(students))
        info = store.create_class(teacher_id=teacher.id, course=COURSE,
                                  class_list=f"student_id;name\n{rows}".encode(),
                                  source_name="bench.csv")
        assignment = store.open_assignment(teacher_id=teacher.id, class_id=info.id, set_id=SET,
                                           name=ASSIGNMENT)
        listed = store.students(teacher_id=teacher.id, class_id=info.id)
        return info.code, assignment.id, [(s.student_id, s.join_code) for s in listed]
    finally:
        store.close()


def start_server(url: str, port: int, folder: Path) -> subprocess.Popen[bytes]:
    site = folder / "site"
    site.mkdir()
    (site / "index.html").write_text("<!doctype html><title>maca</title>", encoding="utf-8")
    log = open(folder / "server.log", "wb")
    return subprocess.Popen(
        [sys.executable, "-m", "maca", "class", "serve", "--host", "127.0.0.1", "--port",
         str(port), "--db", url, "--site", str(site)],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONPATH": str(ROOT)})


async def wait_for(base: str, server: subprocess.Popen[bytes]) -> None:
    async with httpx.AsyncClient() as client:
        for _ in range(300):
            if server.poll() is not None:
                raise SystemExit("the class server stopped at start: see its log")
            try:
                if (await client.get(base + "api/class/hello")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.1)
    raise SystemExit("the class server did not answer within 30 s")


async def teacher_cookie(base: str) -> str:
    """The teacher logged in through the log-in form: the Cookie header of their session."""
    async with httpx.AsyncClient(base_url=base, headers={"Origin": base.rstrip("/")}) as client:
        page = (await client.get("teacher/login")).text
        csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)   # type: ignore[union-attr]
        answer = await client.post("teacher/login", data={"name": "bench", "password": PASSWORD,
                                                           "csrf": csrf})
        if answer.status_code != 303:
            raise SystemExit(f"the teacher could not log in ({answer.status_code})")
        return "; ".join(f"{k}={v}" for k, v in client.cookies.items())


class Lesson:
    """The students and the teacher on one server, and what they measured."""

    def __init__(self, base: str, class_code: str, assignment: int, students: list[Student],
                 every: float, seconds: float) -> None:
        self.base, self.class_code, self.assignment = base, class_code, assignment
        self.students = {s.number: s for s in students}
        self.every, self.seconds = every, seconds
        self.confirm: list[float] = []
        self.teacher: list[float] = []
        self.confirmed: set[str] = set()
        self.errors: list[str] = []
        self.answers = 0
        self.stop_at = 0.0

    async def join(self, student: Student, limit: asyncio.Semaphore) -> str | None:
        async with limit, httpx.AsyncClient(base_url=self.base, timeout=30,
                                            headers={"Origin": self.base.rstrip("/")}) as client:
            answer = await client.post("api/class/join", json={"class_code": self.class_code,
                                                               "join_code": student.join_code})
            token = answer.cookies.get("maca_student")
            if answer.status_code != 200 or not token:
                self.errors.append(f"join {student.student_id}: {answer.status_code}")
                return None
            return token

    async def answer(self, student: Student, token: str, begin: asyncio.Event) -> None:
        address = self.base.replace("http://", "ws://") + "ws/student?lang=en"
        try:
            async with websockets.connect(address, additional_headers={
                    "Cookie": f"maca_student={token}"}, max_size=None, open_timeout=60) as ws:
                listen = asyncio.create_task(self.replies(student, ws))
                await begin.wait()
                for number, document in enumerate(student.files):
                    await asyncio.sleep(random.expovariate(1 / self.every))
                    if time.monotonic() >= self.stop_at:
                        break
                    client_id = str(uuid.uuid4())
                    student.sent[client_id] = (number, time.monotonic())
                    self.answers += 1
                    await ws.send(json.dumps({"type": "save", "id": client_id,
                                              "assignment": self.assignment, "file": document}))
                await self.settled(lambda: all(i in self.confirmed for i in student.sent))
                listen.cancel()
        except (OSError, websockets.WebSocketException) as exc:
            self.errors.append(f"socket {student.student_id}: {exc!r}")

    async def replies(self, student: Student, ws: Any) -> None:
        async for text_ in ws:
            reply = json.loads(text_)
            if reply.get("type") == "saved":
                _, when = student.sent[reply["id"]]
                self.confirm.append(time.monotonic() - when)
                self.confirmed.add(reply["id"])
            elif reply.get("type") == "error":
                self.errors.append(f"refused {student.student_id}: {reply.get('message')}")

    async def watch(self, cookie: str, ready: asyncio.Event, done: asyncio.Event) -> None:
        address = (self.base.replace("http://", "ws://")
                   + f"ws/teacher?assignment={self.assignment}&lang=en")
        async with websockets.connect(address, additional_headers={"Cookie": cookie},
                                      max_size=None, open_timeout=60) as ws:
            ready.set()
            while not done.is_set():
                try:
                    message = await asyncio.wait_for(ws.recv(), 0.5)
                except asyncio.TimeoutError:
                    continue
                now = time.monotonic()
                html = json.loads(message).get("html", "")
                for number, cells in ROW.findall(html):
                    student = self.students.get(int(number))
                    if student is None:
                        continue
                    shown = len(SCORED.findall(cells))
                    for _, (answer, when) in student.sent.items():
                        if student.shown <= answer < shown:
                            self.teacher.append(now - when)
                    student.shown = max(student.shown, shown)

    async def settled(self, test: Any, wait: float = 20.0) -> bool:
        end = time.monotonic() + wait
        while not test() and time.monotonic() < end:
            await asyncio.sleep(0.05)
        return bool(test())

    async def run(self, cookie: str) -> None:
        limit = asyncio.Semaphore(16)
        students = list(self.students.values())
        tokens = await asyncio.gather(*(self.join(s, limit) for s in students))
        ready, done, begin = asyncio.Event(), asyncio.Event(), asyncio.Event()
        teacher = asyncio.create_task(self.watch(cookie, ready, done))
        opened = asyncio.create_task(ready.wait())
        await asyncio.wait([opened, teacher], timeout=60, return_when=asyncio.FIRST_COMPLETED)
        if not ready.is_set():
            opened.cancel()
            teacher.cancel() if not teacher.done() else teacher.result()
            raise SystemExit("the teacher's live page did not open within 60 s")
        self.stop_at = time.monotonic() + 10 ** 6
        work = [asyncio.create_task(self.answer(s, t, begin))
                for s, t in zip(students, tokens) if t is not None]
        await asyncio.sleep(1.0)          # every socket open before the clock starts
        self.stop_at = time.monotonic() + self.seconds
        begin.set()
        await asyncio.gather(*work)
        await self.settled(lambda: all(s.shown >= len(s.sent) for s in students))
        done.set()
        await teacher


def lost_saves(url: str, confirmed: set[str]) -> int:
    """The confirmed saves that the database does not hold."""
    from maca.server.models import AnswerEvent

    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            held = set(connection.scalars(select(AnswerEvent.client_id)))
    finally:
        engine.dispose()
    return len(confirmed - held)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=60.0, help="answering time")
    parser.add_argument("--every", type=float, default=5.0,
                        help="mean seconds between a student's answers")
    parser.add_argument("--db", default="sqlite", help="sqlite, postgresql or a database URL")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))    # the server is stopped too
    random.seed(args.seed)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="maca-bench-") as name:
        folder = Path(name)
        url, drop = database(args.db, folder)
        try:
            started = time.monotonic()
            class_code, assignment, codes = set_up(url, args.students)
            students = [Student(i, sid, code, answers_files(sid, rng))
                        for i, (sid, code) in enumerate(codes)]
            print(f"{args.students} students on {args.db}: set up in "
                  f"{time.monotonic() - started:.1f} s", flush=True)
            port = free_port()
            server = start_server(url, port, folder)
            base = f"http://127.0.0.1:{port}/"
            try:
                asyncio.run(wait_for(base, server))
                cookie = asyncio.run(teacher_cookie(base))
                lesson = Lesson(base, class_code, assignment, students, args.every, args.seconds)
                asyncio.run(lesson.run(cookie))
            finally:
                server.send_signal(signal.SIGKILL)     # confirmed answers must outlive this
                server.wait()
            lost = lost_saves(url, lesson.confirmed)
        finally:
            drop()
    unconfirmed = lesson.answers - len(lesson.confirmed)
    unshown = lesson.answers - len(lesson.teacher)
    errors = len(lesson.errors) + unconfirmed + unshown
    ms = {f"p{p}_{what}_ms": None if (v := percentile(values, p)) is None else round(v * 1000, 1)
          for what, values in (("confirm", lesson.confirm), ("teacher", lesson.teacher))
          for p in (50, 95, 99)}
    result = {"students": args.students, "db": args.db.split("://")[0], "answers": lesson.answers,
              "answers_per_s": round(len(lesson.confirmed) / args.seconds, 1), **ms,
              "errors": errors, "lost": lost}
    for problem in lesson.errors[:10]:
        print("error:", problem)
    if unconfirmed or unshown:
        print(f"error: {unconfirmed} answers never confirmed, {unshown} never on the teacher's "
              "page")
    print(f"{lesson.answers} answers in {args.seconds:.0f} s ({result['answers_per_s']}/s); "
          f"confirm p50/p95/p99 {ms['p50_confirm_ms']}/{ms['p95_confirm_ms']}/"
          f"{ms['p99_confirm_ms']} ms; teacher p50/p95/p99 {ms['p50_teacher_ms']}/"
          f"{ms['p95_teacher_ms']}/{ms['p99_teacher_ms']} ms; errors {errors}, lost {lost}")
    print(json.dumps(result), flush=True)
    return result


if __name__ == "__main__":
    main()
