"""``python -m maca play`` driven through a pseudo-terminal: a scripted game to the end."""
from __future__ import annotations

import io
import os
import re
import select
import signal
import subprocess
import sys
import time

import pytest

from maca.table import Table
from maca.terminal import _Lines, _Terminal, play

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")


class Pty:
    """A child process on a pseudo-terminal, read until a prompt appears."""

    def __init__(self, *args: str) -> None:
        import pty
        self.master, slave = pty.openpty()
        env = dict(os.environ, PYTHONIOENCODING="utf-8", COLUMNS="100")
        self.proc = subprocess.Popen([sys.executable, "-m", "maca", *args], stdin=slave,
                                     stdout=slave, stderr=slave, env=env, close_fds=True,
                                     start_new_session=True)
        os.close(slave)
        self.text = ""
        self.pos = 0   # where the next search starts: just after the last match

    def read_until(self, *patterns: str, timeout: float = 60.0) -> str:
        """Output until one of ``patterns`` (regular expressions) appears; that pattern."""
        deadline = time.monotonic() + timeout
        while True:
            for pattern in patterns:
                found = re.search(pattern, self.text[self.pos:], re.MULTILINE)
                if found:
                    self.pos += found.end()
                    return pattern
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {patterns} in:\n{self.text[-3000:]}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"the game ended before {patterns}:\n"
                                         f"{self.text[-3000:]}")
                self.text += chunk.decode("utf-8", "replace")

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=30)
        finally:
            os.close(self.master)


PROMPTS = {"pass": r"Cards to pass.*> $", "play": r"Your card.*> $", "next": r"next hand.*> $",
           "again": r"New game\? \(y/n\) > $", "moon": r"old style, n: new style > $",
           "peskir": r"Peşkir\? \(y: yes, n: no\) > $"}


def test_a_scripted_game_to_the_end_in_a_terminal() -> None:
    term = Pty("play", "--level", "medium", "--seed", "4", "--lang", "en", "--target", "20")
    first_play, undone = True, False
    for _ in range(400):
        which = term.read_until(*PROMPTS.values())
        if which == PROMPTS["pass"]:
            term.send("1 2 3")
        elif which == PROMPTS["play"]:
            playable = re.findall(r"Playable: (.*)", term.text)[-1].split()
            if first_play:
                first_play = False
                term.send("?")              # a hint
                term.read_until(r"Hint: ")
                term.read_until(PROMPTS["play"])
                term.send(playable[0])
                term.read_until(PROMPTS["play"], PROMPTS["next"])
                term.send("u")             # undo it
                term.read_until(r"Undone")
                undone = True
                continue
            term.send(playable[0].replace("♠", "S").replace("♥", "H").replace("♦", "D")
                      .replace("♣", "C"))
        elif which == PROMPTS["next"]:
            term.send("")
        elif which in (PROMPTS["moon"], PROMPTS["peskir"]):
            term.send("n")
        else:
            break
    assert undone
    assert "The game is over" in term.text and "Score sheet" in term.text
    assert "Session: 1 game, your rated result is 0." in term.text
    term.send("n")
    term.read_until("Goodbye!")
    assert term.close() == 0


def test_ctrl_c_and_end_of_input_leave_cleanly() -> None:
    term = Pty("play", "--level", "easy", "--seed", "1", "--lang", "tr", "--timer", "60")
    term.read_until(r"Geçireceğin 3 kart.*> $")
    os.killpg(term.proc.pid, signal.SIGINT)
    term.read_until(r"mağlup sayılırsın", r"Görüşmek üzere!")
    term.read_until(r"Görüşmek üzere!")
    assert term.close() == 0
    assert "Traceback" not in term.text
    term = Pty("play", "--level", "easy", "--seed", "1", "--lang", "en")
    term.read_until(PROMPTS["pass"])
    os.write(term.master, b"\x04")   # Ctrl+D: end of input
    term.read_until("Goodbye!")
    assert term.close() == 0 and "Traceback" not in term.text


def test_turkish_card_names_and_numbers_are_understood() -> None:
    out = io.StringIO()
    code = play(["--level", "medium", "--seed", "3", "--lang", "tr", "--no-pass"],
                io.StringIO("maça kızı\nzz\n99\nq\nh\n"), out)
    text = out.getvalue()
    assert code == 0
    assert "Bunu anlamadım: 'zz'" in text and "Bunu anlamadım: '99'" in text
    assert "Oynanabilir" in text and "Görüşmek üzere!" in text


def test_the_rated_clock_runs_out_in_the_terminal() -> None:
    now = [0.0]
    table = Table(level="medium", mode="rated", timer=30, seed=2, clock=lambda: now[0])
    read, write = os.pipe()
    with os.fdopen(read, "r") as stream:
        out = io.StringIO()
        term = _Terminal(table, "en", _Lines(stream), out, None)
        now[0] = 100.0                      # the timer has run out: no wait, the engine passes
        assert term.ask("> ") is None
        assert "were passed to West for you" in table.note.text("en") and table.stage == "play"
        os.write(write, "7S\n".encode())
        now[0] = 100.0                      # a fresh turn: 30 s again
        assert term.ask("> ") == "7S"
    os.close(write)


def test_bad_options_are_refused() -> None:
    err = subprocess.run([sys.executable, "-m", "maca", "play", "--timer", "5"],
                         capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert err.returncode == 2 and "30 ile 300 arası" in err.stderr   # Turkish by default
