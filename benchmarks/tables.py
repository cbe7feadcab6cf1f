"""Class tables under load: T tables of simulated players on one class server, whole games.

    python benchmarks/tables.py [--tables 10] [--people 4] [--level medium] [--target N]
                                [--db sqlite|postgresql|URL]

Starts ``python -m maca class serve`` on a free loopback port over a fresh database (a SQLite
file in a temporary folder; or a new database on the PostgreSQL server of
``$MACA_TEST_POSTGRES``, dropped afterwards), with a class of T × people students. At each
table one student opens it through the class tables socket (``WS /ws/tables``, as the page
does), the others sit down, the host puts computer players (``--level``) in the seats left
and begins; then every simulated player plays as soon as it is their turn, reading their
choices from the drawn HTML only (`next_move`: the enabled card buttons, the decision's
buttons), until the game is over (never faster than the server's flood limit allows a
student, which only a lone table's players reach). People per table: 4 by default, 1 with
more than 10 tables (computer players in most seats).

Measured: moves per second (every card played and every passing decision at every table,
people's and computer players', over the time the games took), and the time from a person's
move to every person's socket at that table showing it (the first drawing whose ``seq`` has
reached the move's). Afterwards every drawing each socket received is checked against the
table's log replayed to that drawing's ``seq``: ``leaks`` counts drawings naming a card of
another seat's hand (`maca.render.cards_in_html`), less the cards the seat passed there.

Goal (issue 19, a 2-core machine): 10 tables with p95 ≤ 100 ms; 100 tables with no error.

The last line printed is JSON: ``tables``, ``people``, ``db``, ``moves``, ``moves_per_s``,
``p50/p95/p99_update_ms``, ``server_cpu_ms_per_move`` (the server's processor time over the
games, per move: steadier than the latencies, which grow with it as the players wait in
turn), ``errors`` (refusals of a simulated player's move, sockets that
failed, games that did not finish) and ``leaks``.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import sys
import tempfile
import time
import uuid
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import websockets  # noqa: E402
from class_server import database, free_port, percentile, start_server, wait_for  # noqa: E402

from maca.cards import CardSet  # noqa: E402
from maca.render import cards_in_html  # noqa: E402
from maca.server.app import TABLE_MESSAGES, TABLE_WINDOW  # noqa: E402

BUTTON = re.compile(r"<button\b([^>]*)>")
ATTRIBUTE = re.compile(r'([\w-]+)="([^"]*)"')
#: the longest a game may take, and the longest a player may wait for a drawing (seconds)
GAME_SECONDS, STALL_SECONDS = 1800.0, 60.0


def buttons(html: str) -> list[dict[str, str]]:
    """The buttons of a drawing that do something (``data-act``), with their attributes.

    >>> buttons('<button type="button" data-act="card" data-value="QS">Q</button>')
    [{'type': 'button', 'data-act': 'card', 'data-value': 'QS'}]
    """
    found = [dict(ATTRIBUTE.findall(attrs)) for attrs in BUTTON.findall(html)]
    return [b for b in found if "data-act" in b]


def next_move(html: str) -> tuple[str, str, bool] | None:
    """What a simulated player does on this drawing of their seat: (action, value, whether it
    is a move of the game), or None when nothing is theirs to do. Passing: choose the first
    cards not chosen until the confirm button is enabled, then confirm; playing: the first
    enabled card; peşkir: no; the moon: old style; between hands: next.

    >>> next_move('<button data-act="card" data-value="2C" aria-pressed="false">'
    ...           '<button data-act="confirm_pass" data-value="" aria-disabled="true">')
    ('card', '2C', False)
    >>> next_move('<button data-act="card" data-value="2C" aria-disabled="true">'
    ...           '<button data-act="card" data-value="AH">')
    ('card', 'AH', True)
    >>> next_move('<button data-act="leave" data-value="">') is None
    True
    """
    offered = buttons(html)
    live = [b for b in offered if b.get("aria-disabled") != "true" and "disabled" not in b]
    acts = {b["data-act"]: b.get("data-value", "") for b in live if b["data-act"] != "card"}
    if "confirm_pass" in acts or any(b["data-act"] == "confirm_pass" for b in offered):
        if "confirm_pass" in acts:
            return "confirm_pass", "", True
        free = [b for b in offered if b["data-act"] == "card" and b.get("aria-pressed") == "false"]
        return ("card", free[0]["data-value"], False) if free else None
    cards = [b["data-value"] for b in live if b["data-act"] == "card"]
    if cards:
        return "card", cards[0], True
    for action, value in (("peskir", "no"), ("moon", "old"), ("next", "")):
        if action in acts:
            return action, value, True
    return None


def game_done(html: str) -> bool:
    """Whether a seat's drawing is the end of its game (the way back to the lobby)."""
    return any(b["data-act"] == "lobby" for b in buttons(html))


@dataclass
class Player:
    """One simulated person: their socket, what they sent and what they received."""

    token: str
    table: int = 0
    seat: int = 0
    drawings: list[tuple[float, int | None, str]] = field(default_factory=list)
    moves: list[tuple[float, int]] = field(default_factory=list)    # (sent, reply's seq)
    errors: list[str] = field(default_factory=list)
    done: bool = False


class Socket:
    """A simulated page's socket: sends the host protocol's messages, keeps what comes."""

    def __init__(self, base: str, player: Player) -> None:
        self.address = base.replace("http://", "ws://") + "ws/tables?lang=en"
        self.origin = base.rstrip("/")
        self.player = player
        self.ws: Any = None
        self.latest = ""
        self.seq: int | None = None
        self.sent: deque[float] = deque()       # when the last messages went out

    async def pace(self) -> None:
        """Wait, if need be, so as to stay under the server's flood limit (a person cannot
        play 20 moves a second, a simulated one at a lone fast table can)."""
        now = time.monotonic()
        while self.sent and self.sent[0] <= now - TABLE_WINDOW:
            self.sent.popleft()
        if len(self.sent) >= TABLE_MESSAGES - 10:
            await asyncio.sleep(self.sent[0] + TABLE_WINDOW - now)

    async def open(self) -> None:
        self.ws = await websockets.connect(
            self.address, origin=self.origin, max_size=None, open_timeout=60,
            additional_headers={"Cookie": f"maca_student={self.player.token}"})
        await self.send({"type": "start", "panel": 1,
                         "spec": {"panel": "class_tables", "lang": "en"}})
        await self.reply(None)

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(time.monotonic())
        await self.ws.send(json.dumps(message))

    async def receive(self) -> dict[str, Any]:
        message = json.loads(await asyncio.wait_for(self.ws.recv(), STALL_SECONDS))
        if message.get("type") == "draw":
            self.latest, self.seq = message["html"], message.get("seq")
            self.player.drawings.append((time.monotonic(), self.seq, self.latest))
        return message

    async def reply(self, act_id: str | None) -> dict[str, Any]:
        """Messages until the answer (``act_id``'s, or the start's)."""
        while True:
            message = await self.receive()
            if message.get("id") == act_id:
                return message

    async def act(self, action: str, value: str = "") -> dict[str, Any]:
        act_id = uuid.uuid4().hex
        await self.send({"type": "act", "panel": 1, "action": action, "value": value,
                         "id": act_id})
        answer = await self.reply(act_id)
        if answer["type"] == "error":
            self.player.errors.append(f"{action} {value}: {answer['message']}")
        return answer

    async def play(self) -> None:
        """Play as soon as it is this seat's turn, until the game is over."""
        last: tuple[str, str, int | None] | None = None
        deadline = time.monotonic() + GAME_SECONDS
        while not game_done(self.latest) and time.monotonic() < deadline:
            move = next_move(self.latest)
            if move is None or (move[0], move[1], self.seq) == last:
                await self.receive()
                continue
            action, value, counted = move
            last = (action, value, self.seq)
            await self.pace()
            sent = time.monotonic()
            answer = await self.act(action, value)
            if counted and answer["type"] == "draw" and answer.get("seq") is not None:
                self.player.moves.append((sent, answer["seq"]))
        self.player.done = game_done(self.latest)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


def set_up(url: str, students: int) -> tuple[list[str], list[int]]:
    """A teacher and a class of ``students``, each signed in: their tokens and ids."""
    from maca.server.store import ClassStore

    store = ClassStore(url)
    try:
        teacher = store.add_teacher(name="bench", password="bench-password-1")
        rows = "".join(f"{2026_0000 + i};Öğrenci {i:04d}\n" for i in range(students))
        info = store.create_class(teacher_id=teacher.id, course="9A",
                                  class_list=f"student_id;name\n{rows}".encode(),
                                  source_name="bench.csv")
        listed = store.students(teacher_id=teacher.id, class_id=info.id)
        joined = [store.join(class_code=info.code, join_code=s.join_code) for s in listed]
        return [token for token, _ in joined], [s.id for s in listed]
    finally:
        store.close()


async def seat_table(base: str, url: str, people: list[Player], ids: list[int], level: str,
                     target: int | None) -> list[Socket]:
    """One table through the sockets: its host opens it, the others sit, computer players
    fill the rest, the host begins. Returns the sockets, every seat's drawing received."""
    from maca.server.store import ClassStore

    sockets = [Socket(base, p) for p in people]
    for socket_ in sockets:
        await socket_.open()
    host = sockets[0]
    await host.act("level", level)
    if target is not None:
        await host.act("target", str(target))
    await host.act("open")
    store = ClassStore(url)
    try:
        table = store.student_tables(student_pk=ids[0])[0].id
    finally:
        store.close()
    for seat, socket_ in enumerate(sockets):
        socket_.player.table, socket_.player.seat = table, seat
        if seat:
            await socket_.act("sit", f"{table}:{seat}")
    for seat in range(len(sockets), 4):
        await host.act("bot", str(seat))
    await host.act("begin")
    for socket_ in sockets[1:]:
        while next_move(socket_.latest) is None and not game_done(socket_.latest):
            await socket_.receive()
    return sockets


def update_times(players: list[Player]) -> list[float]:
    """For each person's move: the seconds until every person's socket at the table drew a
    ``seq`` at least the move's."""
    times = []
    for mover in players:
        at_table = [p for p in players if p.table == mover.table]
        for sent, seq in mover.moves:
            reached = []
            for other in at_table:
                when = next((t for t, s, _ in other.drawings if t >= sent and s is not None
                             and s >= seq), None)
                if when is None:
                    break
                reached.append(when)
            else:
                times.append(max(reached) - sent)
    return times


def count_leaks(url: str, players: list[Player]) -> int:
    """Drawings that name a card of another seat's hand at that moment of the log (less the
    cards the seat passed there); a lobby drawing that names any card (`cards_in_html`
    leaves out the fixed words of maca's sentences, like a preset's "jack of diamonds")."""
    from maca.multiplayer import SharedTable, TableSettings
    from maca.server.store import ClassStore

    store = ClassStore(url)
    leaks = 0
    try:
        for table in sorted({p.table for p in players}):
            info = store.table_info(table_id=table)
            events = store.events(table_id=table)
            at_table = [p for p in players if p.table == table]
            shown: dict[int, list[tuple[Player, str]]] = {}
            for player in at_table:
                for _, seq, html in player.drawings:
                    if seq is None:
                        leaks += bool(cards_in_html(html))
                    else:
                        shown.setdefault(seq, []).append((player, html))
            replay = SharedTable(TableSettings.from_json(info.settings))
            for event in events:
                replay.extend([event])
                for player, html in shown.get(event["seq"], ()):
                    leaks += bool(cards_in_html(html) & hidden(replay, player.seat))
    finally:
        store.close()
    return leaks


def hidden(table: Any, seat: int) -> CardSet:
    """The cards ``seat`` may not know now: every other seat's hand, less what it passed."""
    if table.game is None:
        return CardSet()
    hand = table.game.hand
    others = CardSet()
    for other in range(hand.rules.players):
        if other != seat:
            others = others | hand.cards(other)
    return others - (hand.given(seat) or CardSet())


def cpu_seconds(pid: int) -> float | None:
    """The processor time process ``pid`` has used so far (Linux's /proc; else None)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run(base: str, url: str, tokens: list[str], ids: list[int], tables: int,
              people: int, level: str, target: int | None,
              server: int) -> tuple[list[Player], float, float | None, list[str]]:
    """Seat every table, then play every game at once; the players, the games' time and the
    server's processor time over it (pid ``server``)."""
    players = [Player(t) for t in tokens]
    problems: list[str] = []
    groups = [(players[i * people:(i + 1) * people], ids[i * people:(i + 1) * people])
              for i in range(tables)]
    seated = await asyncio.gather(*(seat_table(base, url, group, group_ids, level, target)
                                    for group, group_ids in groups), return_exceptions=True)
    sockets: list[Socket] = []
    for outcome in seated:
        if isinstance(outcome, BaseException):
            problems.append(f"a table was not seated: {outcome!r}")
        else:
            sockets += outcome
    started, cpu_before = time.monotonic(), cpu_seconds(server)
    played = await asyncio.gather(*(s.play() for s in sockets), return_exceptions=True)
    seconds, cpu_after = time.monotonic() - started, cpu_seconds(server)
    cpu = None if cpu_before is None or cpu_after is None else cpu_after - cpu_before
    problems += [f"a player failed: {p!r}" for p in played if isinstance(p, BaseException)]
    for socket_ in sockets:
        await socket_.close()
    return players, seconds, cpu, problems


def moves_made(url: str, tables: set[int]) -> int:
    """Cards played and passing decisions in the tables' logs."""
    from maca.server.store import ClassStore

    store = ClassStore(url)
    try:
        return sum(1 for t in tables for e in store.events(table_id=t)
                   if e["t"] in ("play", "pass"))
    finally:
        store.close()


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--people", type=int, default=None,
                        help="people per table (default 4; 1 with more than 10 tables)")
    parser.add_argument("--level", default="medium", help="the computer players' level")
    parser.add_argument("--target", type=int, default=None, help="the game's target score")
    parser.add_argument("--db", default="sqlite", help="sqlite, postgresql or a database URL")
    args = parser.parse_args(argv)
    people = args.people or (4 if args.tables <= 10 else 1)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))    # the server is stopped too
    with tempfile.TemporaryDirectory(prefix="maca-bench-") as name:
        folder = Path(name)
        url, drop = database(args.db, folder)
        try:
            port = free_port()
            tokens, ids = set_up(url, args.tables * people)
            server = start_server(url, port, folder)
            base = f"http://127.0.0.1:{port}/"
            try:
                asyncio.run(wait_for(base, server))
                players, seconds, cpu, problems = asyncio.run(
                    run(base, url, tokens, ids, args.tables, people, args.level,
                        args.target, server.pid))
            finally:
                server.send_signal(signal.SIGTERM)
                server.wait()
            moves = moves_made(url, {p.table for p in players if p.table})
            leaks = count_leaks(url, players)
        finally:
            drop()
    times = update_times(players)
    unfinished = sum(not p.done for p in players)
    refused = [e for p in players for e in p.errors]
    errors = len(problems) + len(refused) + unfinished
    ms = {f"p{p}_update_ms": None if (v := percentile(times, p)) is None else round(v * 1000, 1)
          for p in (50, 95, 99)}
    result = {"tables": args.tables, "people": people, "db": args.db.split("://")[0],
              "level": args.level, "moves": moves,
              "moves_per_s": round(moves / seconds, 1) if seconds else None,
              "people_moves": len(times), **ms, "seconds": round(seconds, 1),
              "server_cpu_ms_per_move": round(1000 * cpu / moves, 2) if cpu and moves else None,
              "errors": errors, "leaks": leaks}
    for problem in (problems + refused)[:10]:
        print("error:", problem)
    if unfinished:
        print(f"error: {unfinished} players did not finish their game")
    print(f"{args.tables} tables × {people} people ({args.level} computer players) on "
          f"{result['db']}: {moves} moves in {seconds:.1f} s ({result['moves_per_s']}/s); "
          f"update p50/p95/p99 {ms['p50_update_ms']}/{ms['p95_update_ms']}/"
          f"{ms['p99_update_ms']} ms; server {result['server_cpu_ms_per_move']} ms of processor a "
          f"move; errors {errors}, leaks {leaks}")
    print(json.dumps(result), flush=True)
    return result


if __name__ == "__main__":
    main()
