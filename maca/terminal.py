"""``python -m maca play``: a whole game against three computer players in a terminal.

The same table as the book's page (`maca.table.Table`), the same messages in Turkish or
English. A card is chosen by typing ``QS``, ``Q♠``, "maça kızı" or its number in your hand;
``?`` asks for a hint and ``u`` undoes (practice), ``q`` leaves the table. With ``--timer S``
the game is rated: each decision has S seconds (30–300), with a warning in the last 10.
Ctrl+C or the end of the input leaves cleanly.

>>> from io import StringIO
>>> out = StringIO()
>>> _ = play(["--level", "easy", "--seed", "1", "--lang", "en", "--target", "10"],
...          StringIO("q\\n"), out)
>>> "You left the practice game" in out.getvalue()
True
"""
from __future__ import annotations

import argparse
import os
import select
import sys
import time
from typing import IO, Callable

from .cards import Card, CardSet, card_list
from .errors import MacaError
from .reasons import seat_name
from .words import catalogue, number, preset_name, say, signed
from .rules import PRESETS
from .table import TIMER_RANGE, Table

__all__ = ["play", "parser", "WORDS"]

#: The terminal's own sentences: (Turkish, English).
WORDS: dict[str, tuple[str, str]] = {
    "title": ("Maça Kızı — {rules}, {level} seviye, hedef {target}, {mode}",
              "maca — {rules}, {level} level, target {target}, {mode}"),
    "mode_practice": ("test oyunu (geri alma ve ipucu var, süre yok)",
                      "practice game (undo and hints, no clock)"),
    "mode_rated": ("puanlı oyun (hamle süresi {timer} sn)",
                   "rated game ({timer} s per move)"),
    "hand_head": ("— {n}. tur · {trick}. el · kart geçirme: {direction} —",
                  "— hand {n} · trick {trick} · passing: {direction} —"),
    "table": ("Masa: {cards}", "Table: {cards}"),
    "your_hand": ("Kartların:", "Your hand:"),
    "playable": ("Oynanabilir: {cards}", "Playable: {cards}"),
    "ask_pass": ("Geçireceğin {count} kartı yaz (ör. 1 2 3 ya da QS AH KH; ? ipucu, q çık) > ",
                 "Cards to pass, {count} (e.g. 1 2 3 or QS AH KH; ? hint, q leave) > "),
    "ask_pass_rated": ("Geçireceğin {count} kartı yaz (ör. 1 2 3 ya da QS AH KH; q çık) > ",
                       "Cards to pass, {count} (e.g. 1 2 3 or QS AH KH; q leave) > "),
    "ask_play": ("Oynayacağın kart (QS, Q♠, maça kızı ya da numarası; ? ipucu, u geri al, "
                 "q çık) > ",
                 "Your card (QS, Q♠, maça kızı or its number; ? hint, u undo, q leave) > "),
    "ask_play_rated": ("Oynayacağın kart (QS, Q♠, maça kızı ya da numarası; q çık) > ",
                       "Your card (QS, Q♠, maça kızı or its number; q leave) > "),
    "ask_peskir": ("Peşkir? (e: evet, h: hayır) > ", "Peşkir? (y: yes, n: no) > "),
    "ask_moon": ("e: eski usul, y: yeni usul > ", "o: old style, n: new style > "),
    "ask_next": ("Sonraki tur için Enter'a bas (q çık) > ",
                 "Enter for the next hand (q leave) > "),
    "ask_again": ("Yeni oyun ister misin? (e/h) > ", "New game? (y/n) > "),
    "hands_shown": ("Oyuncuların kartları (dağıtıldığı gibi):", "The hands (as dealt):"),
    "session": ("Oturum: {n} oyun, puanlı sonuç toplamın {standing}.",
                "Session: {n} games, your rated results add up to {standing}."),
    "session_row": ("  {number}. oyun ({mode}, {level}): {result}",
                    "  game {number} ({mode}, {level}): {result}"),
    "unknown": ("Bunu anlamadım: {text}. Bir kart yaz (QS, Q♠, maça kızı) ya da listedeki "
                "numarasını.",
                "I did not understand {text}. Type a card (QS, Q♠, queen of spades) or its "
                "number."),
    "bye": ("Görüşmek üzere!", "Goodbye!"),
    "record": ("Oyun kaydı: {path}", "Game record: {path}"),
}
catalogue("terminal", WORDS, scoped=True, one={
    "session": ("Oturum: 1 oyun, puanlı sonucun {standing}.",
                "Session: 1 game, your rated result is {standing}.")})

_YES = {"e", "evet", "y", "yes"}
_NO = {"h", "hayır", "hayir", "n", "no"}
_LEAVE = {"q", "quit", "çık", "cik", "exit"}
_UNDO = {"u", "undo", "geri"}
_HINT = {"?", "hint", "ipucu"}


_num = number


class _Lines:
    """Lines of input with a time limit (select on the file descriptor) where possible."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        try:
            self.fd: int | None = stream.fileno()
        except (AttributeError, OSError, ValueError):
            self.fd = None
        self.buffer = b""

    def read(self, timeout: float | None) -> str | None:
        """The next line; None when ``timeout`` seconds pass first; EOFError at the end."""
        if self.fd is None or os.name == "nt":
            line = self.stream.readline()
            if not line:
                raise EOFError
            return line.rstrip("\r\n")
        deadline = None if timeout is None else time.monotonic() + timeout
        while b"\n" not in self.buffer:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([self.fd], [], [], wait)
            if not ready:
                return None
            chunk = os.read(self.fd, 4096)
            if not chunk:
                if self.buffer:
                    rest, self.buffer = self.buffer, b""
                    return rest.decode("utf-8", "replace")
                raise EOFError
            self.buffer += chunk
        raw, _, self.buffer = self.buffer.partition(b"\n")
        return raw.decode("utf-8", "replace").rstrip("\r")


def parser() -> argparse.ArgumentParser:
    """The options of ``python -m maca play``."""
    p = argparse.ArgumentParser(prog="python -m maca play",
                                description="Play a whole game against the computer.")
    add_arguments(p)
    return p


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Add the ``play`` options to a parser (the ``play`` command of ``python -m maca``)."""
    p.add_argument("--rules", default="standard", choices=sorted(PRESETS))
    p.add_argument("--level", default="hard", choices=["easy", "medium", "hard"])
    p.add_argument("--timer", type=int, default=None,
                   help=f"seconds per move ({TIMER_RANGE[0]}-{TIMER_RANGE[1]}): a rated game")
    p.add_argument("--lang", default="tr", choices=["tr", "en"])
    p.add_argument("--target", type=int, default=None, help="the target score (e.g. 50, 100)")
    p.add_argument("--no-pass", dest="passing", action="store_const", const=False,
                   default=None, help="no passing")
    p.add_argument("--moon", default=None, choices=["old", "new", "choice", "none"])
    p.add_argument("--seed", type=int, default=None, help="reproducible deals")
    p.add_argument("--record", default=None, help="write each game's record to this file")


class _Terminal:
    def __init__(self, table: Table, lang: str, lines: _Lines, out: IO[str],
                 record: str | None) -> None:
        self.table, self.lang, self.lines, self.out = table, lang, lines, out
        self.record = record
        self.n = table.players

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def name(self, seat: int) -> str:
        return seat_name(seat, self.lang, self.n)

    def note(self) -> None:
        table = self.table
        for event in table.events:
            self.say("  " + event.text(self.lang))
        table.events = []
        if table.note is not None:
            mark = {"error": "✗ ", "ok": "✓ "}.get(table.note.kind, "")
            self.say(mark + table.note.text(self.lang))

    def ask(self, prompt: str) -> str | None:
        """A line from the learner; in rated mode the clock runs (None: time ran out)."""
        table = self.table
        self.out.write(prompt)
        self.out.flush()
        warned = False
        while True:
            left = table.remaining()
            if left is None:
                line = self.lines.read(None)
                return line.strip() if line is not None else ""
            wait = left - 10 if left > 10 and not warned else left
            line = self.lines.read(max(wait, 0.0))
            if line is not None:
                return line.strip()
            if table.remaining() == 0:
                self.say("")
                table.tick()
                return None
            warned = True
            note = table.timer_note()
            if note is not None:
                self.say("\n⚠ " + note.text(self.lang))
                self.out.write(prompt)
                self.out.flush()

    # -- showing the table -------------------------------------------------------------------
    def numbered(self) -> list[Card]:
        return self.table.hand.cards(0).sorted_for_display()

    def show_hand(self, marks: CardSet | None = None) -> None:
        cards = self.numbered()
        self.say(say("terminal.your_hand")[self.lang])
        rows: dict[int, list[str]] = {}
        for i, card in enumerate(cards, 1):
            shown = f"{i}) {card.symbol}"
            if marks is not None and card in marks:
                shown += "*"
            rows.setdefault(int(card.suit), []).append(shown)
        for suit, items in rows.items():
            self.say("  " + "  ".join(items))

    def show_state(self) -> None:
        table, lang = self.table, self.lang
        hand = table.hand
        direction = say(f"dir_{hand.pass_direction}")[lang]
        self.say("")
        self.say(say("terminal.hand_head", n=hand.number, trick=hand.trick_number,
                    direction=direction)[lang])
        trick = hand.current_trick
        played = dict(trick.plays())
        cards = " · ".join(f"{self.name(s)} {played[s].symbol if s in played else '—'}"
                           for s in range(self.n))
        self.say(say("terminal.table", cards=cards)[lang])

    def show_sheet(self) -> None:
        table, lang = self.table, self.lang
        names = [self.name(s) for s in range(self.n)]
        width = max(len(x) for x in names) + 2
        self.say("")
        self.say(say("score_sheet")[lang])
        total = say("total")[lang]
        lead = max(3, len(total))
        self.say(" " * (lead + 3) + "".join(f"{x:>{width}}" for x in names))
        for number, points in table.sheet():
            self.say(f"  {number:>{lead}} " + "".join(f"{_num(p):>{width}}" for p in points))
        self.say(f"  {total:>{lead}} " + "".join(f"{_num(t):>{width}}"
                                                 for t in table.game.totals))
        shown = table.revealed()
        if shown is not None:
            self.say(say("terminal.hands_shown")[lang])
            for seat, cards in enumerate(shown):
                self.say(f"  {self.name(seat):14} " + card_list(cards))

    def show_session(self) -> None:
        table, lang = self.table, self.lang
        self.say(say("terminal.session", n=len(table.results),
                    standing=signed(table.session_standing()))[lang])
        for r in table.results:
            self.say(say("terminal.session_row", number=r.number, mode=say(f"table.{r.mode}")[lang],
                        level=say(f"table.level_{r.level}")[lang],
                        result=say(f"table.{r.result_key()}")[lang])[lang])

    # -- reading choices ---------------------------------------------------------------------
    def cards_from(self, text: str) -> list[Card] | None:
        """Cards typed as numbers, short forms or names (names may have two words)."""
        words = text.replace(",", " ").split()
        numbered = self.numbered()
        out: list[Card] = []
        i = 0
        while i < len(words):
            word = words[i]
            if word.isdigit() and 1 <= int(word) <= len(numbered):
                out.append(numbered[int(word) - 1])
                i += 1
                continue
            for size in (1, 2, 3):
                try:
                    out.append(Card.parse(" ".join(words[i:i + size])))
                except MacaError:
                    continue
                i += size
                break
            else:
                return None
        return out

    def turn(self) -> bool:
        """One decision (or screen) of the game; False when the learner is done."""
        table, lang = self.table, self.lang
        stage = table.stage
        if stage == "pass":
            self.show_state()
            self.show_hand()
            ask = "ask_pass" if table.mode == "practice" else "ask_pass_rated"
            answer = self.ask(say(f"terminal.{ask}", count=table.rules.pass_count)[lang])
            if answer is None:
                return True
            if self.command(answer):
                return table.stage != "left" or self.after_leaving()
            cards = self.cards_from(answer)
            if cards is None:
                self.say(say("terminal.unknown", text=repr(answer))[lang])
                return True
            table.selected = CardSet()
            if all(table.toggle(card) for card in cards) and table.confirm_pass():
                self.note()
                return True
            table.selected = CardSet()
            self.note()
            return True
        if stage == "peskir":
            self.show_hand()
            self.say(table.peskir_question().text(lang))
            answer = self.ask(say("terminal.ask_peskir")[lang])
            if answer is None:
                self.note()
                return True
            if self.command(answer):
                return table.stage != "left" or self.after_leaving()
            table.declare_peskir(answer.lower() in _YES)
            self.note()
            return True
        if stage == "play":
            self.show_state()
            legal = table.legal()
            self.show_hand(legal)
            self.say(say("terminal.playable", cards=card_list(legal))[lang])
            ask = "ask_play" if table.mode == "practice" else "ask_play_rated"
            answer = self.ask(say(f"terminal.{ask}")[lang])
            if answer is None:
                self.note()
                return True
            if self.command(answer):
                return table.stage != "left" or self.after_leaving()
            cards = self.cards_from(answer)
            if not cards or len(cards) != 1:
                self.say(say("terminal.unknown", text=repr(answer))[lang])
                return True
            table.play(cards[0])
            self.note()
            return True
        if stage == "moon":
            answer = self.ask(say("terminal.ask_moon")[lang])
            if answer is None:
                return True
            if self.command(answer):
                return table.stage != "left" or self.after_leaving()
            choice = {"e": "old", "o": "old", "eski": "old", "old": "old",
                      "y": "new", "n": "new", "yeni": "new", "new": "new"}.get(answer.lower())
            if choice is None:
                self.say(say("terminal.unknown", text=repr(answer))[lang])
                return True
            table.choose_moon(choice)
            self.note()
            return True
        if stage == "hand_over":
            self.show_sheet()
            answer = self.ask(say("terminal.ask_next")[lang])
            if answer is not None and answer.lower() in _LEAVE:
                table.leave()
                self.note()
                return self.after_leaving()
            table.next_hand()
            self.note()
            return True
        # game over (or left)
        return self.after_game()

    def command(self, answer: str) -> bool:
        """Leave, undo, hint: True if ``answer`` was one of them."""
        table = self.table
        word = answer.lower()
        if word in _LEAVE:
            table.leave()
            self.note()
            return True
        if word in _UNDO:
            table.undo()
            self.note()
            return True
        if word in _HINT:
            table.hint()
            self.note()
            return True
        return False

    def save_record(self) -> None:
        if self.record:
            with open(self.record, "a", encoding="utf-8") as f:
                f.write(self.table.record() + "\n")
            self.say(say("terminal.record", path=self.record)[self.lang])

    def after_leaving(self) -> bool:
        self.show_session()
        self.save_record()
        return self.again()

    def after_game(self) -> bool:
        self.show_sheet()
        self.show_session()
        self.save_record()
        return self.again()

    def again(self) -> bool:
        answer = self.ask(say("terminal.ask_again")[self.lang])
        if answer is not None and answer.lower() in _YES:
            self.table.new_game()
            self.note()
            return True
        return False


def play(argv: list[str] | None = None, stdin: IO[str] | None = None,
         stdout: IO[str] | None = None, clock: Callable[[], float] = time.monotonic) -> int:
    """Run ``python -m maca play`` with ``argv``; 0 when the learner is done, 2 on bad
    options."""
    args = parser().parse_args(argv)
    return run(args, stdin, stdout, clock)


def run(args: argparse.Namespace, stdin: IO[str] | None = None,
        stdout: IO[str] | None = None, clock: Callable[[], float] = time.monotonic) -> int:
    """Play with parsed options (the ``play`` command of ``python -m maca``)."""
    out = stdout or sys.stdout
    lang = args.lang
    try:
        table = Table(args.rules, level=args.level,
                      mode="rated" if args.timer is not None else "practice", timer=args.timer,
                      seed=args.seed, target=args.target, passing=args.passing, moon=args.moon,
                      clock=clock)
    except MacaError as exc:
        print(f"maca play: {exc.message(lang)}", file=sys.stderr)
        return 2
    term = _Terminal(table, lang, _Lines(stdin or sys.stdin), out, args.record)
    mode = (say("terminal.mode_practice")[lang] if table.mode == "practice"
            else say("terminal.mode_rated", timer=table.timer)[lang])
    name = table.rules.name
    rules = preset_name(name, lang)
    term.say(say("terminal.title", rules=rules, level=say(f"table.level_{table.level}")[lang],
                target=table.rules.target, mode=mode)[lang])
    term.note()
    try:
        while term.turn():
            pass
    except (KeyboardInterrupt, EOFError):
        term.say("")
        if table.stage not in ("game_over", "left"):
            table.leave()
            term.note()
            term.show_session()
    term.say(say("terminal.bye")[lang])
    return 0
