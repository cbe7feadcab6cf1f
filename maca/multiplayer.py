"""A table of several people and computer players, kept as an event log replayed by the engine.

A `SharedTable` is what the class server keeps per table: people sit down (``sit``), the one
who opened the table (the host) fills empty seats with computer players (``add_bot``) and
begins; then every decision — a person's or a computer player's — is an event appended to
the log (``events``), and the table's state is the engine (`Game`, `Hand`) replaying that log.
A replay asks no computer player anything, so another process that reads the same log has the
same table: ``SharedTable(settings, table.events)``.

Every method that changes the table returns the events it appended (already in ``events``);
a refused action raises a `MacaError` (the engine's reason when a rule refuses it, in Turkish
and English) and changes nothing. `advance` lets the computer players act, one decision a
call, and runs the clocks of source 002: the rated move timer (a computer player decides for
the person, who leaves the table), a connection lost longer than `RECONNECT_SECONDS`, long
inactivity in an untimed game, and the window between hands (`HAND_WINDOW`). Every deadline
is computed from the events' times (``"at"``) and the ``clock``, so it is the same in every
process.

What a seat sees is `view`: a `maca.table.SeatView` made from that seat's `Observation` and
public facts only, in the seat's own frame (the viewer is seat 0, "sen").

>>> clock = lambda: 1000.0
>>> table = SharedTable(TableSettings(level="easy"), clock=clock)
>>> [e["t"] for e in table.sit(7, "Ayşe") + table.add_bot(7) + table.add_bot(7)]
['sit', 'bot', 'bot']
>>> _ = table.add_bot(7); [e["t"] for e in table.begin(7)]
['begin', 'deal']
>>> table.view(0).stage, len(table.view(0).cards)
('pass', 13)
>>> copy = SharedTable(table.settings, table.events, clock=clock)
>>> copy.view(0) == table.view(0)
True
"""
from __future__ import annotations

import random
import secrets
import time
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import Any, Callable, Iterable, Mapping, Sequence

from .bots import LEVELS, TimeoutBot, bot as make_bot
from .bots.simple import Bot
from .cards import Card, CardSet, card_list
from .errors import IllegalActionError, MacaError, RecordError, SettingError, shown
from .game import Game
from .hand import Hand
from .lessons import Note
from .reasons import Reason, Verdict
from .rules import PRESET_NAMES, Rules
from .scoring import leaving_standings, seat_standings
from .render import PlaceWord
from .table import (MODES, TIMER_RANGE, SeatView, advice, leaving_result, make_rules,
                    person_name)
from .trick import Trick
from .words import SeatWord, Text, catalogue, number, say, seat_form, seat_name, signed

__all__ = ["SharedTable", "TableSettings", "SeatInfo", "SeatResult", "TableActionError",
           "draw_round", "RECONNECT_SECONDS", "IDLE_SECONDS", "HAND_WINDOW", "LEAVE_REASONS",
           "ACTIONS", "EVENTS", "WORDS"]

#: A connection lost longer than this (seconds) counts as leaving (source 002: 3 minutes).
RECONNECT_SECONDS = 180
#: The default inactivity limit (seconds) on one's turn in a game without a timer (0: off).
IDLE_SECONDS = 300
#: Seconds between hands: the next hand starts when every person is ready, or after this
#: window (no timer counts it).
HAND_WINDOW = 20
#: Why a person left a table.
LEAVE_REASONS = ("button", "timer", "away", "idle", "other_game", "tournament", "ended")
#: The moves of `SharedTable.act`.
ACTIONS = ("card", "confirm_pass", "peskir", "moon", "next", "undo", "hint", "leave",
           "timeout")

#: Every kind of event of a table's log.
EVENTS = ("sit", "stand", "bot", "unbot", "begin", "deal", "pass", "peskir", "play", "moon",
          "next", "undo", "away", "back", "leave", "end")
#: The events that make the game (what an undo takes back); the others are about seats.
_GAME_EVENTS = frozenset({"deal", "pass", "peskir", "play", "moon", "next"})
#: A person's own decisions, the points an undo goes back to.
_DECISIONS = frozenset({"pass", "peskir", "play"})

#: Every sentence of the shared table: (Turkish, English).
WORDS: dict[str, tuple[str, str]] = {
    # refusals
    "not_seated": ("Bu masada oturmuyorsun.", "You are not seated at this table."),
    "already_seated": ("Bu masada zaten oturuyorsun.", "You already have a seat at this table."),
    "full": ("Masa dolu: boş yer kalmadı.", "The table is full: no seat is free."),
    "seat_taken": ("{seat:name_loc} oturan var; boş bir yer seç.",
                   "Someone already sits at {seat:name}; choose a free seat."),
    "not_open": ("Bu masada oyun başladı: yerler artık değişmez.",
                 "The game at this table has begun: the seats no longer change."),
    "finished": ("Bu masadaki oyun bitti.", "The game at this table is over."),
    "ended": ("Bu masa kapandı.", "This table has been closed."),
    "not_begun": ("Oyun henüz başlamadı: yerlerin dolmasını bekle.",
                  "The game has not begun yet: wait for the seats to fill."),
    "not_host": ("Bunu yalnızca masayı açan oyuncu yapabilir.",
                 "Only the player who opened the table can do that."),
    "not_full": ("Oyun bütün yerler dolunca başlar: {n} yer boş.",
                 "The game begins when every seat is taken: {n} seats are empty."),
    "no_bot": ("{seat:name_loc} bilgisayar oyuncusu yok.",
               "There is no computer player at {seat:name}."),
    "no_undo_people": ("Masada başka oyuncular varken geri alma yok: yalnızca öbür bütün "
                       "yerlerde bilgisayar oynarken geri alabilirsin.",
                       "There is no undo while other people sit at the table: you can undo "
                       "only when every other seat is a computer player."),
    "answer_peskir": ("Önce peşkir sorusunu yanıtla.", "Answer the peşkir question first."),
    "peskir_pending": ("Önce herkes peşkir deyip demeyeceğini söylemeli.",
                       "Everyone must first say whether they declare peşkir."),
    "unknown_action": ("Masada böyle bir hamle yok: {value}.",
                       "There is no such move at the table: {value}."),
    "bad_person": ("bir oyuncu numarası ve adıyla oturur; {value} olmaz",
                   "a player sits with a number and a name, not {value}"),
    "bad_event": ("masanın kaydındaki {seq}. olay yeniden oynanamadı: {exc}",
                  "event {seq} of the table's log cannot be replayed: {exc}"),
    "unknown_event": ("bilinmeyen olay türü {value}", "unknown kind of event {value}"),
    "bad_seq": ("masanın kaydında {seq}. olay beklenirdi, {value} geldi",
                "the table's log expected event {seq}, not {value}"),
    # the settings
    "settings": ("masa ayarları bir sözlük olmalı, {value} değil",
                 "the table's settings must be a mapping, not {value}"),
    "setting_name": ("bilinmeyen masa ayarı {value}; ayarlar: {names}",
                     "unknown table setting {value}; the settings are {names}"),
    "target": ("hedef 1 ile 999 arası bir tam sayıdır, {value} değil",
               "the target is a whole number from 1 to 999, not {value}"),
    "passing": ("kart geçirme açık (true), kapalı (false) ya da kural takımının (null) olmalı, "
                "{value} değil",
                "passing is on (true), off (false) or the preset's (null), not {value}"),
    "idle": ("hareketsizlik sınırı 0 (kapalı) ile 3600 arası bir tam saniye sayısıdır, "
             "{value} değil",
             "the idle limit is a whole number of seconds from 0 (off) to 3600, not {value}"),
    "seats": ("bir masada 3 ya da 4 yer olur, {value} değil",
              "a table has 3 or 4 seats, not {value}"),
    "people": ("kurada her öğrenci numarasıyla bir kez yer alır; {value} olmaz",
               "the draw takes each student once, by number, not {value}"),
    # what the table says
    "pass_waiting": ("{cards} kartlarını {seat:dat} geçirdin.", "You passed {cards} to {seat:dat}."),
    "passed_other": ("{seat:Nom} geçireceği kartları seçti.",
                     "{seat:Nom} has chosen the cards to pass."),
    "moon_chosen": ("{seat:Nom} {choice} seçti.", "{seat:Nom} chose {choice}."),
    "moon_style_old": ("eski usulü", "the old style"),
    "moon_style_new": ("yeni usulü", "the new style"),
    "moon_by_old": ("eski usulle", "the old way"),
    "moon_by_new": ("yeni usulle", "the new way"),
    "time_out_moon": ("Süren doldu: kafa atışın senin yerine {choice} yazıldı.",
                      "Time is up: your moon was scored {choice} for you."),
    "next_wait": ("Sonraki tur herkes hazır olunca ya da en geç {seconds} saniye sonra başlar.",
                  "The next hand begins when everyone is ready, or {seconds} seconds at most."),
    "rated_note": ("Puanlı oyun: sonuç sınıfın sıralamasına işlenir.",
                   "Rated game: the result goes into the class ranking."),
    "left_button": ("{name} masadan kalktı; yerine bilgisayar oynuyor.",
                    "{name} left the table; a computer player takes the seat."),
    "left_timer": ("Hamle süresi dolduğu için {name} masadan kalkmış sayıldı; yerine bilgisayar "
                   "oynuyor.",
                   "{name}'s move timer ran out: it counts as leaving the table, and a computer "
                   "player takes the seat."),
    "left_away": ("Bağlantısı 3 dakikadan uzun kesildiği için {name} masadan kalkmış sayıldı; "
                  "yerine bilgisayar oynuyor.",
                  "{name} was disconnected for more than 3 minutes: it counts as leaving the "
                  "table, and a computer player takes the seat."),
    "left_idle": ("Uzun süre hamle yapmadığı için {name} masadan kalkmış sayıldı; yerine "
                  "bilgisayar oynuyor.",
                  "{name} made no move for a long time: it counts as leaving the table, and a "
                  "computer player takes the seat."),
    "left_other_game": ("Başka bir masaya oturduğu için {name} bu masadan kalkmış sayıldı; "
                        "yerine bilgisayar oynuyor.",
                        "{name} sat down at another table: it counts as leaving this one, and "
                        "a computer player takes the seat."),
    "left_tournament": ("Turnuvanın yeni bölümü başladığı için {name} bu masadan kalkmış "
                        "sayıldı; yerine bilgisayar oynuyor.",
                        "The tournament's next part began: {name} is counted as having left "
                        "this table, and a computer player takes the seat."),
    "back": ("{name} masaya döndü.", "{name} is back at the table."),
    "why_away": ("Bağlantın 3 dakikadan uzun kesildi.",
                 "Your connection was lost for more than 3 minutes."),
    "why_idle": ("Uzun süre hamle yapmadın.", "You made no move for a long time."),
    "why_other_game": ("Başka bir masaya oturdun.", "You sat down at another table."),
    "why_tournament": ("Öğretmenin turnuvanın yeni bölümünü başlattı ve seni yeni bir masaya "
                       "oturttu.", "Your teacher began the tournament's next part and seated "
                       "you at a new table."),
    "counted_practice": ("Bu, masadan kalkmak sayılır; antrenman oyunu hiçbir yere kaydedilmedi.",
                         "You are counted as having left; nothing of the practice game is "
                         "recorded."),
    "stand_in": ("Yerine bilgisayar oynuyor.", "A computer player plays in your place."),
    "team_ahead": ("takımın önde olduğu için sana puan yazılmadı, eşin +1 aldı",
                   "your team was ahead, so no result is written for you and your partner "
                   "gets +1"),
    "team_level": ("takımlar eşit olduğu için sen −1, eşin 0 aldı",
                   "the teams were level: you get −1, your partner 0"),
    "team_behind": ("takımın geride olduğu için ikiniz de −1 aldınız",
                    "your team was behind: you and your partner both get −1"),
    "if_team_ahead": ("takımın önde olduğu için sana puan yazılmaz, eşin +1 alır",
                      "your team is ahead, so no result is written for you and your partner "
                      "gets +1"),
    "if_team_level": ("takımlar eşit olduğu için sen −1, eşin 0 alır",
                      "the teams are level: you get −1, your partner 0"),
    "if_team_behind": ("takımın geride olduğu için ikiniz de −1 alırsınız",
                       "your team is behind: you and your partner both get −1"),
    "partner_left": ("Eşin masadan kalktı; senin sonucun şimdiden yazıldı: {result}. Oyunun "
                     "geri kalanı bunu değiştirmez.",
                     "Your partner left the table; your result is written now: {result}. The "
                     "rest of the game does not change it."),
    "closed": ("Öğretmen masayı kapattı; bu oyun için puan yazılmadı.",
               "The teacher closed the table; no result is written for this game."),
    "closed_game": ("Öğretmen masayı kapattı; oyun burada bitti.",
                    "The teacher closed the table; the game ends here."),
    "closed_watch": ("Masa kapandı; oturanlara puan yazılmadı.",
                     "The table is closed; no result is written for those seated."),
    "closed_empty": ("Masada kimse kalmadı; masa kapandı.",
                     "Nobody is left at the table; it is closed."),
    "results": ("Yazılan sonuçlar: {results}.", "Results written: {results}."),
    "no_result": ("{name}: puan yazılmadı", "{name}: no result"),
    # who plays in a seat, when a sentence names it
    "named": ("{seat} ({name})", "{seat} ({name})"),
    "computer": ("{seat} (bilgisayar)", "{seat} (computer)"),
    "computer_for": ("{seat} (bilgisayar, {name} yerine)", "{seat} (computer, for {name})"),
    # why a person's seat is a computer player's now (a few words)
    "gone_button": ("kalktı", "left"),
    "gone_timer": ("süresi doldu", "timer ran out"),
    "gone_away": ("bağlantısı 3 dakikadan uzun koptu", "connection lost too long"),
    "gone_idle": ("hamle yapmadı", "made no move"),
    "gone_other_game": ("başka masaya oturdu", "sat at another table"),
    "gone_tournament": ("turnuvanın yeni bölümü", "the tournament's next part"),
    "gone_ended": ("masa kapandı", "table closed"),
}
#: The same sentences when the seat they are about (``seat``) is the viewer's own.
YOU_WORDS: dict[str, tuple[str, str]] = {
    "moon_chosen": ("Sen {choice} seçtin.", "You chose {choice}."),
}
catalogue("multiplayer", WORDS, you=YOU_WORDS, one={
    "not_full": ("Oyun bütün yerler dolunca başlar: 1 yer boş.",
                 "The game begins when every seat is taken: 1 seat is empty.")}, scoped=True)


class TableActionError(MacaError):
    """A shared table refused an action that no rule of the game decides: not seated, the
    table full, closed or not begun, not the host, an unknown move. Nothing changes."""


# -- the settings -------------------------------------------------------------------------------
@dataclass(frozen=True)
class TableSettings:
    """A table's choices, checked when made (`from_json` reads a client's, refusing anything
    else with a `SettingError` in both languages).

    >>> TableSettings(mode="rated").timer, TableSettings(rules="three_players").players
    (60, 3)
    >>> TableSettings.from_json({"mode": "practice", "timer": 30})
    Traceback (most recent call last):
    ...
    maca.errors.SettingError: a practice game has no clock: give a timer only with mode='rated'
    """

    rules: str = "standard"          # a preset name (maca.rules.PRESET_NAMES)
    target: int | None = None        # None: the preset's
    passing: bool | None = None      # None: the preset's
    moon: str | None = None          # old / new / choice (None: the preset's)
    mode: str = "practice"           # practice / rated
    timer: int | None = None         # rated: 30..300 seconds a decision (default 60)
    level: str = "medium"            # the computer players: easy / medium / hard
    idle: int = IDLE_SECONDS         # untimed games: seconds of inactivity that count as
                                     # leaving (0: off)

    def __post_init__(self) -> None:
        def one_of(name: str, value: object, choices: Sequence[object]) -> None:
            if not isinstance(value, str) or value not in choices:
                raise SettingError(say("one_of"), name=name, value=shown(value),
                                   choices=", ".join(map(str, choices)))

        one_of("rules", self.rules, PRESET_NAMES)
        one_of("mode", self.mode, MODES)
        one_of("level", self.level, LEVELS)
        if self.moon is not None:
            one_of("moon", self.moon, ("old", "new", "choice"))
        if self.target is not None and not _whole(self.target, 1, 999):
            raise SettingError(say("multiplayer.target"), value=shown(self.target))
        if self.passing is not None and not isinstance(self.passing, bool):
            raise SettingError(say("multiplayer.passing"), value=shown(self.passing))
        if not _whole(self.idle, 0, 3600):
            raise SettingError(say("multiplayer.idle"), value=shown(self.idle))
        if self.mode == "rated":
            if self.timer is None:
                object.__setattr__(self, "timer", 60)
            low, high = TIMER_RANGE
            if not _whole(self.timer, low, high):
                raise SettingError(say("table.timer"), low=low, high=high,
                                   value=shown(self.timer))
        elif self.timer is not None:
            raise SettingError(say("table.no_clock"))

    def make_rules(self) -> Rules:
        """The rules of this table (the preset with its target, passing and moon options).

        >>> TableSettings(target=50, passing=False).make_rules().target
        50
        """
        return make_rules(self.rules, self.target, self.passing, self.moon)

    @property
    def players(self) -> int:
        """Seats at the table (3 or 4)."""
        return self.make_rules().players

    def to_json(self) -> dict[str, Any]:
        """The settings as a JSON-able dict (`from_json` reads it back).

        >>> TableSettings.from_json(TableSettings(mode="rated").to_json()).timer
        60
        """
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: object) -> TableSettings:
        """Settings from a JSON object, every value checked."""
        if not isinstance(data, Mapping):
            raise SettingError(say("multiplayer.settings"), value=shown(data))
        names = [f.name for f in fields(cls)]
        for key in data:
            if key not in names:
                raise SettingError(say("multiplayer.setting_name"), value=shown(key),
                                   names=", ".join(names))
        return cls(**dict(data))


def _whole(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


# -- the seats ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat: ``kind`` empty, person or bot (a computer player); a person who
    left keeps ``person`` and ``name`` with ``kind`` bot and ``left`` saying why."""

    kind: str                        # "empty" | "person" | "bot"
    person: int | None = None        # the person's id (kept after they left)
    name: str | None = None          # the person's name as the class list has it
    away_since: float | None = None  # the connection dropped at this moment (None: here)
    left: str | None = None          # why they left (LEAVE_REASONS)


@dataclass(frozen=True)
class SeatResult:
    """A rated result: ``standing`` +1 / 0 / −1 (None: no result written), ``left`` why the
    person left (None: they played to the end)."""

    seat: int
    person: int
    standing: int | None
    left: str | None


_EMPTY = SeatInfo("empty")


def draw_round(people: Sequence[int], rng: random.Random | None = None,
               seats: int = 4) -> list[list[int | None]]:
    """A tournament round: the people shuffled (secure randomness unless ``rng`` is given)
    into as few tables of ``seats`` as hold them, as evenly as they go; a short table's other
    seats are None (computer players), and the seats at a table are drawn too.

    >>> tables = draw_round([1, 2, 3, 4, 5, 6], random.Random(1))
    >>> [len(t) for t in tables], sorted(p for t in tables for p in t if p is not None)
    ([4, 4], [1, 2, 3, 4, 5, 6])
    >>> [sum(p is None for p in t) for t in tables]
    [1, 1]
    """
    if seats not in (3, 4) or isinstance(seats, bool):
        raise SettingError(say("multiplayer.seats"), value=shown(seats))
    chosen = list(people)
    if (any(isinstance(p, bool) or not isinstance(p, int) for p in chosen)
            or len(set(chosen)) != len(chosen)):
        raise SettingError(say("multiplayer.people"), value=shown(people))
    rng = rng or secrets.SystemRandom()
    rng.shuffle(chosen)
    count = -(-len(chosen) // seats)
    tables: list[list[int | None]] = []
    for i in range(count):
        group: list[int | None] = list(chosen[i::count])
        group += [None] * (seats - len(group))
        rng.shuffle(group)
        tables.append(group)
    return tables


# -- seats named in a view's frame --------------------------------------------------------------
@dataclass(frozen=True)
class _Frame:
    """How a view names seats: turned by ``shift`` (the viewer becomes seat 0), or the table's
    own frame for the teacher (``watching``: no seat is "sen")."""

    shift: int
    players: int
    watching: bool

    def turn(self, seat: int) -> int:
        return (seat - self.shift) % self.players

    def turned(self, values: Sequence[Any]) -> tuple[Any, ...]:
        return tuple(values[(i + self.shift) % self.players] for i in range(self.players))

    def word(self, seat: int) -> Callable[[str], SeatWord]:
        turned, n = self.turn(seat), self.players
        kind = PlaceWord if self.watching else SeatWord
        return lambda lang: kind(turned, lang, n)

    def label(self, seat: int, lang: str) -> str:
        turned = self.turn(seat)
        return seat_form(turned, lang, "nom", self.players, you=False) if self.watching \
            else seat_name(turned, lang, self.players)

    def trick(self, trick: Trick) -> Trick:
        winner = None if trick.winner is None else self.turn(trick.winner)
        return Trick(self.turn(trick.leader), trick.cards, winner, self.players)


def _refusals(hand: Hand, seat: int, cards: CardSet) -> dict[Card, Text]:
    """Why ``seat`` may not play each of ``cards`` now, in the engine's words (a reason that
    holds for several cards, as following suit does, written once)."""
    written: list[tuple[Verdict, Text]] = []
    out: dict[Card, Text] = {}
    for card in cards:
        verdict = hand.check(card, seat)
        said = next((text for known, text in written if known == verdict), None)
        if said is None:
            said = Note.refusal(verdict).said
            written.append((verdict, said))
        out[card] = said
    return out


@lru_cache(maxsize=2048)
def _fact_note(fact: tuple[Any, ...], seat: int, frame: _Frame) -> Note | None:
    """One fact of the table's log as ``seat`` is told it in ``frame`` (None: not told); the
    same fact is told every seat at every move until it decides, so it is written once."""
    what, about = fact[0], fact[1]
    if what == "played":
        return Note.of(say("table.played", seat=frame.word(about), card=fact[2].symbol))
    if what == "trick_won":
        return Note.of(say("table.trick_won", n=about, seat=frame.word(fact[2])))
    if what == "moon":
        return Note.of(say("multiplayer.moon_chosen", seat=frame.word(about),
                           choice=say(f"multiplayer.moon_style_{fact[2]}")))
    if what == "partner":
        if about == seat and not frame.watching:
            return Note.of(say("multiplayer.partner_left", result=_result_word(fact[2])))
        return None
    if about == seat and not frame.watching:
        return None
    if what == "passed":
        return Note.of(say("multiplayer.passed_other", seat=frame.word(about)))
    if what == "peskir":
        return Note.of(say("table.peskir_other", seat=frame.word(about)))
    if what == "left":
        return Note.of(say(f"multiplayer.left_{fact[3]}", name=fact[2]))
    return Note.of(say(f"multiplayer.{what}", name=fact[2]))


def _turned_verdict(verdict: Verdict, seat: int, players: int) -> Verdict:
    """The engine's verdict with the seats it names in the frame of ``seat``."""
    params = dict(verdict.params)
    for key in ("seat", "to_move", "waiting"):
        value = params.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players:
            params[key] = (value - seat) % players
    return Verdict(verdict.reason, params)


def _codes(cards: CardSet) -> list[str]:
    return [str(c) for c in cards]


# -- the table ----------------------------------------------------------------------------------
class SharedTable:
    """A table of several people and computer players (module text).

    ``events``: the log to replay (the server's copy); ``clock``: the wall time (events'
    ``"at"``); ``budget``: the hard computer players' seconds per move; ``players_rng`` seeds
    the computer players, ``deal_rng`` the shuffles (secure randomness by default: tests give
    seeded ones); ``reconnect`` and ``hand_window`` the two waits (a test setting).
    """

    def __init__(self, settings: TableSettings, events: Iterable[Mapping[str, Any]] = (), *,
                 clock: Callable[[], float] = time.time, budget: float | None = -1.0,
                 players_rng: random.Random | None = None,
                 deal_rng: random.Random | None = None,
                 reconnect: float = RECONNECT_SECONDS, hand_window: float = HAND_WINDOW) -> None:
        if not isinstance(settings, TableSettings):
            raise SettingError(say("multiplayer.settings"), value=shown(settings))
        self.settings = settings
        self.rules = settings.make_rules()
        self.players = self.rules.players
        self.clock, self.budget = clock, budget
        self.reconnect, self.hand_window = reconnect, hand_window
        self._players_rng = players_rng
        self._deal_rng = deal_rng or secrets.SystemRandom()
        self._bots: dict[int, Bot] = {}
        self._selected: dict[int, CardSet] = {}
        self._hints: dict[int, Note] = {}
        self._asking: set[int] = set()          # seats asked "are you sure?" about leaving
        self.events: list[dict[str, Any]] = []
        #: the score sheet and totals as of a log's last event (`_sheet`)
        self._sheet_of: tuple[dict[str, Any] | None, int, Any] = (None, -1, None)
        self._reset()
        self.extend(events)

    # -- the log --------------------------------------------------------------------------------
    def extend(self, events: Iterable[Mapping[str, Any]]) -> None:
        """Replay events appended elsewhere (the next ``seq`` first); a bad event raises
        `RecordError` naming it, and the events before it stay applied."""
        for given in events:
            event = dict(given)
            seq = len(self.events) + 1
            if event.get("seq") != seq:
                raise RecordError(say("multiplayer.bad_seq"), seq=seq,
                                  value=shown(event.get("seq")))
            try:
                self._take(event)
            except (MacaError, KeyError, TypeError, ValueError, IndexError) as exc:
                raise RecordError(say("multiplayer.bad_event"), seq=seq,
                                  exc=exc if isinstance(exc, MacaError) else shown(exc)) from None
            self.events.append(event)

    def _append(self, kind: str, **data: Any) -> dict[str, Any]:
        event = {"seq": len(self.events) + 1, "at": self.clock(), "t": kind, **data}
        self._take(event)
        self.events.append(event)
        return event

    def _reset(self) -> None:
        n = self.players
        self._seats: list[SeatInfo] = [_EMPTY] * n
        self.status = "open"
        self._order: list[int] = []          # people in the order they sat down
        self.game: Game | None = None
        self._effective: list[dict[str, Any]] = []
        self._results: dict[int, SeatResult] = {}
        self._left: dict[int, tuple[str, dict[int, int | None], int]] = {}
        self._timed_out: dict[int, Note] = {}
        self._answered: set[int] = set()
        self._ready: set[int] = set()
        self._facts: list[tuple[Any, ...]] = []
        self._decided: dict[int, int] = {}
        self._phase_at = 0.0
        self._phase_key: tuple[Any, ...] = ()

    def _take(self, event: dict[str, Any]) -> None:
        """Apply one event (an undo replays what it keeps from the start)."""
        if event["t"] == "undo":
            if self.status != "playing":
                raise IllegalActionError(Verdict(Reason.NOTHING_TO_UNDO))
            to = event["to"]
            kept = [e for e in self._effective if e["seq"] < to or e["t"] not in _GAME_EVENTS]
            self._reset()
            for kept_event in kept:
                self._apply(kept_event)
                self._effective.append(kept_event)
            self._phase_at = event["at"]
            self._selected.clear()
            self._hints.clear()
            return
        self._apply(event)
        self._effective.append(event)

    def _apply(self, event: dict[str, Any]) -> None:
        kind, at = event["t"], float(event["at"])
        if kind not in EVENTS:
            raise RecordError(say("multiplayer.unknown_event"), value=shown(kind))
        getattr(self, f"_on_{kind}")(event, at)
        if self.game is not None and self.status == "playing":
            key = self._moment()
            if key != self._phase_key:
                self._phase_key, self._phase_at = key, at
            if self._over():
                self._finish()

    def _moment(self) -> tuple[Any, ...]:
        """What a decision's clock starts from: a new hand, the passing done, a card played,
        the peşkir answers all in, the hand over, the moon chosen."""
        hand = self._hand
        return (hand.number, hand.phase, len(hand.history) if hand.phase != "pass" else 0,
                bool(self._peskir_waiting()), self._moon_pending())

    # -- applying events ------------------------------------------------------------------------
    def _on_sit(self, event: dict[str, Any], at: float) -> None:
        seat = event["seat"]
        self._seats[seat] = SeatInfo("person", event["person"], event["name"])
        self._order.append(event["person"])

    def _on_stand(self, event: dict[str, Any], at: float) -> None:
        seat = event["seat"]
        self._order.remove(self._seats[seat].person)
        self._seats[seat] = _EMPTY

    def _on_bot(self, event: dict[str, Any], at: float) -> None:
        self._seats[event["seat"]] = SeatInfo("bot")

    def _on_unbot(self, event: dict[str, Any], at: float) -> None:
        self._seats[event["seat"]] = _EMPTY

    def _on_begin(self, event: dict[str, Any], at: float) -> None:
        self.status = "playing"

    def _on_deal(self, event: dict[str, Any], at: float) -> None:
        masks = [CardSet(cards).mask for cards in event["cards"]]
        number, dealer = event["hand"], event["dealer"]
        if self.game is None:
            if number != 1:
                raise IllegalActionError(Verdict(Reason.HAND_NOT_OVER))
            self.game = Game.from_hand(Hand(self.rules, masks, number=1, dealer=dealer))
        else:
            if number != self._hand.number + 1:
                raise IllegalActionError(Verdict(Reason.HAND_NOT_OVER))
            self.game.next_hand(dealer, dealt=masks)
        self._answered, self._ready = set(), set()
        self._facts, self._decided = [], {}
        self._selected.clear()
        self._hints.clear()

    def _decide(self, seat: int) -> None:
        """``seat`` made a decision: what its view tells starts again here."""
        self._decided[seat] = len(self._facts)
        self._asking.discard(seat)
        self._selected.pop(seat, None)
        self._hints.pop(seat, None)

    def _timed(self, event: dict[str, Any], note: Note) -> None:
        if event.get("by") == "timeout":
            self._timed_out[event["seat"]] = note

    def _on_pass(self, event: dict[str, Any], at: float) -> None:
        seat, cards = event["seat"], CardSet(event["cards"])
        self._hand.give(seat, cards)
        self._decide(seat)
        self._facts.append(("passed", seat))
        self._timed(event, Note.of(say("table.time_out_pass", cards=card_list(cards)), "error"))

    def _on_peskir(self, event: dict[str, Any], at: float) -> None:
        seat = event["seat"]
        if not self.rules.peskir or seat in self._answered:
            raise IllegalActionError(self._hand.check_peskir(seat) if self.rules.peskir
                                     else Verdict(Reason.PESKIR_NOT_ALLOWED))
        if event["declare"]:
            self._hand.declare_peskir(seat)
            self._facts.append(("peskir", seat))
        self._answered.add(seat)
        self._decide(seat)
        self._timed(event, Note.of(say("table.time_out_peskir"), "error"))

    def _on_play(self, event: dict[str, Any], at: float) -> None:
        seat, card = event["seat"], Card.parse(event["card"])
        hand = self._hand
        if self._peskir_waiting():
            raise IllegalActionError(Verdict(Reason.PESKIR_TOO_LATE))
        # a log written before computer players answered: the first card is their "no" (a
        # card played now waits for every answer, `_act_card`)
        self._answered.update(self._peskir_unanswered())
        before = len(hand.tricks)
        hand.play(card, seat=seat)
        self._decide(seat)
        self._facts.append(("played", seat, card))
        if len(hand.tricks) > before:
            winner = hand.tricks[-1].winner
            self._facts.append(("trick_won", len(hand.tricks), winner))
        self._timed(event, Note.of(say("table.time_out_play", card=card.symbol), "error"))

    def _on_moon(self, event: dict[str, Any], at: float) -> None:
        seat, choice = event["seat"], event["choice"]
        hand = self._hand
        if not self._moon_pending() or seat not in hand.moon_shooters:
            raise IllegalActionError(Verdict(Reason.MOON_CHOICE_NOT_ALLOWED))
        hand.choose_moon(choice)
        self._decide(seat)
        self._facts.append(("moon", seat, choice))
        self._timed(event, Note.of(say("multiplayer.time_out_moon",
                                       choice=say(f"multiplayer.moon_by_{choice}")), "error"))

    def _on_next(self, event: dict[str, Any], at: float) -> None:
        if self._stage_of(event["seat"]) != "hand_over":
            raise IllegalActionError(Verdict(Reason.HAND_NOT_OVER))
        self._ready.add(event["seat"])
        self._decide(event["seat"])

    def _on_away(self, event: dict[str, Any], at: float) -> None:
        seat = event["seat"]
        self._seats[seat] = replace(self._seats[seat], away_since=at)

    def _on_back(self, event: dict[str, Any], at: float) -> None:
        seat = event["seat"]
        self._seats[seat] = replace(self._seats[seat], away_since=None)
        self._facts.append(("back", seat, self._seats[seat].name))

    def _on_leave(self, event: dict[str, Any], at: float) -> None:
        seat, why = event["seat"], event["why"]
        info = self._seats[seat]
        if info.kind != "person" or why not in LEAVE_REASONS:
            raise IllegalActionError(Verdict(Reason.BAD_SEAT, {"seat": seat,
                                                               "last": self.players - 1}))
        game = self.game
        assert game is not None and info.person is not None
        finished = sum(1 for h in game.hands if h.is_over)
        standings = leaving_standings(self.rules, game.totals, finished, seat)
        if self.settings.mode == "rated":
            self._results.setdefault(info.person,
                                     SeatResult(seat, info.person, standings[seat], why))
            for other, standing in standings.items():
                partner = self._seats[other]
                if (other != seat and partner.kind == "person" and partner.person is not None
                        and partner.person not in self._results):
                    self._results[partner.person] = SeatResult(other, partner.person, standing,
                                                               None)
                    self._facts.append(("partner", other, standing))
        self._left[seat] = (why, standings, finished)
        self._seats[seat] = SeatInfo("bot", info.person, info.name, None, why)
        self._ready.discard(seat)
        self._asking.discard(seat)
        self._facts.append(("left", seat, info.name, why))

    def _on_end(self, event: dict[str, Any], at: float) -> None:
        for seat, info in enumerate(self._seats):
            if info.kind == "person":
                if (self.settings.mode == "rated" and self.game is not None
                        and info.person is not None and info.person not in self._results):
                    self._results[info.person] = SeatResult(seat, info.person, None, "ended")
                self._seats[seat] = replace(info, away_since=None, left="ended")
        self.status = "ended"

    def _finish(self) -> None:
        """The game is over: the results of the people still seated (source 002)."""
        game = self.game
        assert game is not None
        self.status = "over"
        if self.settings.mode != "rated":
            return
        final = seat_standings(self.rules, game.totals)
        for seat, info in enumerate(self._seats):
            if info.kind == "person" and info.person is not None \
                    and info.person not in self._results:
                self._results[info.person] = SeatResult(seat, info.person, final[seat], None)

    # -- what the table waits for ---------------------------------------------------------------
    @property
    def _hand(self) -> Hand:
        assert self.game is not None
        return self.game.hand

    def _peskir_unanswered(self) -> tuple[int, ...]:
        """The seats, people's and computer players', still to answer the peşkir question
        (before the first card)."""
        hand = self._hand
        if (not self.rules.peskir or hand.phase != "play" or hand.trick_number != 1
                or hand.current_trick.cards):
            return ()
        return tuple(s for s in range(self.players) if s not in self._answered)

    def _peskir_waiting(self) -> tuple[int, ...]:
        """The people still to answer the peşkir question."""
        return tuple(s for s in self._peskir_unanswered() if self._seats[s].kind == "person")

    def _moon_pending(self) -> bool:
        hand = self._hand
        return (self.rules.moon == "choice" and hand.is_over and bool(hand.moon_shooters)
                and hand.moon_choice is None)

    def _over(self) -> bool:
        assert self.game is not None
        return self._hand.is_over and not self._moon_pending() and self.game.is_over

    def _waiting(self) -> tuple[int, ...]:
        """The seats whose decision the table waits for (the table's frame)."""
        if self.status != "playing":
            return ()
        hand = self._hand
        if hand.is_over:
            if self._moon_pending():
                shooters = hand.moon_shooters
                people = tuple(s for s in shooters if self._seats[s].kind == "person")
                return people or shooters[:1]
            return tuple(s for s, info in enumerate(self._seats)
                         if info.kind == "person" and s not in self._ready)
        if hand.phase == "pass":
            return tuple(s for s in range(self.players) if hand.given(s) is None)
        waiting = self._peskir_unanswered()
        if waiting:
            return waiting
        assert hand.to_move is not None
        return (hand.to_move,)

    def _people_deciding(self) -> tuple[int, ...]:
        """The seats of people whose decision (not "next") the table waits for."""
        if self.status != "playing" or (self._hand.is_over and not self._moon_pending()):
            return ()
        return tuple(s for s in self._waiting() if self._seats[s].kind == "person")

    def _stage_of(self, seat: int, occupant: bool = False) -> str:
        """What ``seat`` is asked for now (`maca.table.STAGES`); ``occupant``: whoever plays
        there now (the teacher's view), never "left"."""
        if self._seats[seat].kind == "bot" and self._seats[seat].left is not None \
                and not occupant:
            return "left"
        if self.status == "ended":
            return "ended"
        if self.game is None:
            raise TableActionError(say("multiplayer.not_begun"))
        hand = self._hand
        if hand.is_over:
            if self._moon_pending():
                return "moon" if seat in hand.moon_shooters else "moon_wait"
            return "game_over" if self.status == "over" else "hand_over"
        if hand.phase == "pass":
            return "pass" if hand.given(seat) is None else "passed"
        waiting = self._peskir_unanswered()
        if seat in waiting:
            return "peskir"
        return "play" if not waiting and hand.to_move == seat else "wait"

    # -- public facts ---------------------------------------------------------------------------
    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        """Who sits where (the table's frame)."""
        return tuple(self._seats)

    @property
    def host(self) -> int | None:
        """The person who opened the table (the first still seated, once they stand up)."""
        return self._order[0] if self._order else None

    def seat_of(self, person: int) -> int | None:
        """The seat ``person`` plays at now (None: not seated, or left)."""
        return next((s for s, info in enumerate(self._seats)
                     if info.kind == "person" and info.person == person
                     and info.left is None), None)

    def results(self) -> tuple[SeatResult, ...]:
        """The rated results known so far: a leaver's (and partner's) at once, everyone
        else's at the game's end; a practice game has none."""
        return tuple(self._results.values())

    def record(self) -> str:
        """The game as a record (`Game.from_record` replays it exactly)."""
        if self.game is None:
            raise TableActionError(say("multiplayer.not_begun"))
        return self.game.record()

    def summary(self) -> dict[str, Any]:
        """What the lobby shows: status, host, seats, hand number, settings — no card."""
        return {"status": self.status, "host": self.host, "players": self.players,
                "hand": self._hand.number if self.game is not None else 0,
                "settings": self.settings.to_json(),
                "seats": [{"kind": i.kind, "person": i.person, "name": i.name,
                           "away": i.away_since is not None, "left": i.left}
                          for i in self._seats]}

    # -- seats ----------------------------------------------------------------------------------
    def _check_open(self) -> None:
        if self.status == "playing":
            raise TableActionError(say("multiplayer.not_open"))
        if self.status == "over":
            raise TableActionError(say("multiplayer.finished"))
        if self.status == "ended":
            raise TableActionError(say("multiplayer.ended"))

    def _check_seat(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalActionError(Verdict(Reason.BAD_SEAT, {"seat": seat,
                                                               "last": self.players - 1}))
        return seat

    def _free_seat(self, seat: int | None) -> int:
        if seat is None:
            free = [s for s, info in enumerate(self._seats) if info.kind == "empty"]
            if not free:
                raise TableActionError(say("multiplayer.full"))
            return free[0]
        seat = self._check_seat(seat)
        if self._seats[seat].kind != "empty":
            raise TableActionError(say("multiplayer.seat_taken",
                                       seat=_table_seat(seat, self.players)))
        return seat

    def _check_host(self, by: int) -> None:
        self._check_open()
        if self.seat_of(by) is None:
            raise TableActionError(say("multiplayer.not_seated"))
        if by != self.host:
            raise TableActionError(say("multiplayer.not_host"))

    def sit(self, person: int, name: str, seat: int | None = None) -> list[dict[str, Any]]:
        """``person`` sits down (in ``seat``, or the first free one) while the table is open."""
        if (isinstance(person, bool) or not isinstance(person, int) or not isinstance(name, str)
                or not name.strip()):
            raise TableActionError(say("multiplayer.bad_person"), value=shown((person, name)))
        self._check_open()
        if self.seat_of(person) is not None:
            raise TableActionError(say("multiplayer.already_seated"))
        chosen = self._free_seat(seat)
        return [self._append("sit", seat=chosen, person=person, name=name.strip())]

    def stand(self, person: int) -> list[dict[str, Any]]:
        """``person`` gives up their seat before the game begins (the host passes on)."""
        seat = self.seat_of(person)
        if seat is None:
            raise TableActionError(say("multiplayer.not_seated"))
        self._check_open()
        return self._emptied([self._append("stand", seat=seat)])

    def add_bot(self, by: int, seat: int | None = None) -> list[dict[str, Any]]:
        """The host puts a computer player in ``seat`` (or the first free one)."""
        self._check_host(by)
        return [self._append("bot", seat=self._free_seat(seat))]

    def remove_bot(self, by: int, seat: int) -> list[dict[str, Any]]:
        """The host takes the computer player out of ``seat``."""
        self._check_host(by)
        seat = self._check_seat(seat)
        if self._seats[seat].kind != "bot":
            raise TableActionError(say("multiplayer.no_bot", seat=_table_seat(seat,
                                                                               self.players)))
        return [self._append("unbot", seat=seat)]

    def begin(self, by: int) -> list[dict[str, Any]]:
        """The host begins the game once every seat is taken: the first hand is dealt."""
        self._check_host(by)
        empty = sum(info.kind == "empty" for info in self._seats)
        if empty:
            raise TableActionError(say("multiplayer.not_full"), n=empty)
        return [self._append("begin"), self._deal()]

    def _deal(self) -> dict[str, Any]:
        number, dealer = (1, 0) if self.game is None else \
            (self._hand.number + 1, (self._hand.dealer + 1) % self.players)
        hand = Hand.deal(self.rules, number=number, dealer=dealer, rng=self._deal_rng)
        cards = [_codes(hand.dealt(s) or CardSet()) for s in range(self.players)]
        return self._append("deal", hand=number, dealer=dealer, cards=cards)

    def _emptied(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Close the table once no person is left at it."""
        if self.status in ("open", "playing") and not any(
                info.kind == "person" and info.left is None for info in self._seats):
            events.append(self._append("end", why="empty"))
        return events

    def connected(self, person: int, here: bool) -> list[dict[str, Any]]:
        """A seated person's connection opened (``here``) or dropped: the table marks the
        seat waiting, and `advance` counts a drop longer than ``reconnect`` as leaving."""
        seat = self.seat_of(person)
        if seat is None or self.status not in ("open", "playing"):
            return []
        away = self._seats[seat].away_since is not None
        if here and away:
            return [self._append("back", seat=seat)]
        if not here and not away:
            return [self._append("away", seat=seat)]
        return []

    def end(self) -> list[dict[str, Any]]:
        """The teacher ends the table (no result is written for the people still seated)."""
        if self.status == "over":
            raise TableActionError(say("multiplayer.finished"))
        if self.status == "ended":
            raise TableActionError(say("multiplayer.ended"))
        return [self._append("end", why="teacher")]

    # -- the game -------------------------------------------------------------------------------
    def act(self, person: int, action: str, value: str = "") -> list[dict[str, Any]]:
        """``person`` acts at their own seat (`ACTIONS`): ``card`` (passing: choose or unchoose
        it, no event; playing: play it), ``confirm_pass`` (the chosen cards, or the cards in
        ``value``), ``peskir`` yes/no, ``moon`` old/new, ``next``, ``undo``, ``hint`` (no
        event), ``leave`` (a rated game asks first: ``yes`` leaves, ``no`` stays; ``value``
        ``other_game`` or ``tournament``: the server seated them elsewhere), ``timeout``
        (the page's countdown hit zero: the table's own clock decides). Once the rated timer
        has run out, any action gets the timer's events instead: the person has left."""
        if self.status == "open":
            raise TableActionError(say("multiplayer.not_begun"))
        if self.status == "over":
            raise TableActionError(say("multiplayer.finished"))
        if self.status == "ended":
            raise TableActionError(say("multiplayer.ended"))
        seat = self.seat_of(person)
        if seat is None:
            raise TableActionError(say("multiplayer.not_seated"))
        if not isinstance(action, str) or action not in ACTIONS:
            raise TableActionError(say("multiplayer.unknown_action"), value=shown(action))
        if not isinstance(value, str):
            raise TableActionError(say("multiplayer.unknown_action"), value=shown(value))
        due = self._deadline(seat)
        if due is not None and due[1] == "timer" and due[0] <= self.clock():
            return self._expire("timer", seat)      # too late: the timer decided and left
        handler: Callable[[int, str], list[dict[str, Any]]] = getattr(self, f"_act_{action}")
        return handler(seat, value)

    def _refused(self, verdict: Verdict, seat: int) -> IllegalActionError:
        return IllegalActionError(_turned_verdict(verdict, seat, self.players))

    def _act_card(self, seat: int, value: str) -> list[dict[str, Any]]:
        card = Card.parse(value)
        hand, stage = self._hand, self._stage_of(seat)
        if stage == "pass":
            if card not in hand.cards(seat):
                raise self._refused(Verdict(Reason.NOT_IN_HAND, {"card": card}), seat)
            chosen = self._selected.get(seat, CardSet())
            if card not in chosen and len(chosen) >= self.rules.pass_count:
                raise TableActionError(say("lessons.chosen_enough", count=self.rules.pass_count))
            self._selected[seat] = chosen ^ CardSet([card])
            return []
        if stage == "peskir":
            raise TableActionError(say("multiplayer.answer_peskir"))
        if self._peskir_unanswered():       # computer players' answers too
            raise TableActionError(say("multiplayer.peskir_pending"))
        verdict = hand.check(card, seat)
        if not verdict:
            raise self._refused(verdict, seat)
        return [self._append("play", seat=seat, card=str(card))]

    def _act_confirm_pass(self, seat: int, value: str) -> list[dict[str, Any]]:
        typed = value.strip()
        chosen = CardSet.parse(typed) if typed else self._selected.get(seat, CardSet())
        verdict = self._hand.check_give(seat, typed or chosen)
        if not verdict:
            raise self._refused(verdict, seat)
        return [self._append("pass", seat=seat, cards=_codes(chosen))]

    def _act_peskir(self, seat: int, value: str) -> list[dict[str, Any]]:
        if self._stage_of(seat) != "peskir":
            verdict = self._hand.check_peskir(seat)
            if not verdict:
                raise self._refused(verdict, seat)
            raise TableActionError(say("table.not_now"))
        if value not in ("yes", "no"):
            raise TableActionError(say("one_of"), name="peşkir", choices="yes, no",
                                   value=shown(value))
        return [self._append("peskir", seat=seat, declare=value == "yes")]

    def _act_moon(self, seat: int, value: str) -> list[dict[str, Any]]:
        stage = self._stage_of(seat)
        if stage == "moon_wait":
            raise TableActionError(say("table.not_now"))
        if stage != "moon":
            raise self._refused(Verdict(Reason.MOON_CHOICE_NOT_ALLOWED), seat)
        if value not in ("old", "new"):
            raise self._refused(Verdict(Reason.MOON_CHOICE_UNKNOWN), seat)
        return [self._append("moon", seat=seat, choice=value)]

    def _act_next(self, seat: int, value: str) -> list[dict[str, Any]]:
        if self._stage_of(seat) != "hand_over":
            raise TableActionError(say("table.not_now"))
        if seat in self._ready:
            return []
        events = [self._append("next", seat=seat)]
        if not self._waiting():
            events.append(self._deal())
        return events

    def _act_undo(self, seat: int, value: str) -> list[dict[str, Any]]:
        if self.settings.mode != "practice":
            raise TableActionError(say("table.no_undo_rated"))
        if any(info.kind == "person" for s, info in enumerate(self._seats) if s != seat):
            raise TableActionError(say("multiplayer.no_undo_people"))
        last = self._last_decision(seat)
        if last is None:
            raise TableActionError(say("table.nothing_to_undo"))
        return [self._append("undo", seat=seat, to=last)]

    def _last_decision(self, seat: int) -> int | None:
        """The seq of ``seat``'s last decision still in force (what undo goes back before)."""
        return next((e["seq"] for e in reversed(self._effective)
                     if e["t"] in _DECISIONS and e["seat"] == seat and "by" not in e), None)

    def _act_hint(self, seat: int, value: str) -> list[dict[str, Any]]:
        if self.settings.mode != "practice":
            raise TableActionError(say("table.no_hint_rated"))
        stage = self._stage_of(seat)
        if stage not in ("pass", "play"):
            raise TableActionError(say("table.not_now"))
        self._hints[seat] = advice(self._hand.observe(seat), stage, self.settings.level,
                                   self.budget)
        return []

    def _act_leave(self, seat: int, value: str) -> list[dict[str, Any]]:
        """The leave button asks first in a rated game (``""``: the question, no event;
        ``yes`` leaves, ``no`` stays); ``other_game`` and ``tournament`` leave at once (the
        server seated the person elsewhere)."""
        choices = ("", "yes", "no", "other_game", "tournament")
        if value not in choices:
            raise TableActionError(say("one_of"), name="leave", choices=", ".join(choices[1:]),
                                   value=shown(value))
        if value == "no":
            self._asking.discard(seat)
            return []
        if value == "" and self.settings.mode == "rated":
            self._asking.add(seat)
            return []
        return self._leave(seat, value if value in ("other_game", "tournament") else "button")

    def _leave(self, seat: int, why: str) -> list[dict[str, Any]]:
        events = self._emptied([self._append("leave", seat=seat, why=why)])
        if (self.status == "playing" and self._hand.is_over and not self._moon_pending()
                and not self._waiting()):
            events.append(self._deal())          # everyone left at the table is ready
        return events

    def _act_timeout(self, seat: int, value: str) -> list[dict[str, Any]]:
        due = self._deadline(seat)
        if due is None or due[0] > self.clock():
            return []
        return self._expire(due[1], seat)

    # -- time -----------------------------------------------------------------------------------
    def _deadline(self, seat: int) -> tuple[float, str] | None:
        """When ``seat``'s person runs out of time on their decision, and which clock."""
        if seat not in self._people_deciding():
            return None
        if self.settings.mode == "rated":
            assert self.settings.timer is not None
            return self._phase_at + self.settings.timer, "timer"
        if self.settings.idle:
            return self._phase_at + self.settings.idle, "idle"
        return None

    def _deadlines(self) -> list[tuple[float, str, int]]:
        """Every clock running now: (when, what, seat; -1 for the table)."""
        out: list[tuple[float, str, int]] = []
        if self.status not in ("open", "playing"):
            return out
        for seat, info in enumerate(self._seats):
            if info.kind == "person" and info.away_since is not None:
                out.append((info.away_since + self.reconnect, "away", seat))
            if self.status == "playing":
                due = self._deadline(seat)
                if due is not None:
                    out.append((due[0], due[1], seat))
        if (self.status == "playing" and self._hand.is_over and not self._moon_pending()):
            out.append((self._phase_at + self.hand_window, "window", -1))
        return sorted(out)

    def _bot_turn(self) -> tuple[str, int] | None:
        """The computer player's decision the table waits for, if any: (event kind, seat)."""
        if self.status != "playing":
            return None
        hand = self._hand
        if hand.is_over:
            shooters = hand.moon_shooters
            if self._moon_pending() and all(self._seats[s].kind == "bot" for s in shooters):
                return "moon", shooters[0]
            return None
        if hand.phase == "pass":
            return next((("pass", s) for s in range(self.players)
                         if hand.given(s) is None and self._seats[s].kind == "bot"), None)
        waiting = self._peskir_unanswered()
        if waiting:
            return next((("peskir", s) for s in waiting if self._seats[s].kind == "bot"), None)
        mover = hand.to_move
        assert mover is not None
        return ("play", mover) if self._seats[mover].kind == "bot" else None

    def due(self) -> float | None:
        """When `advance` next has something to do (a time of ``clock``; None: it waits for
        people and no clock runs)."""
        times = [when for when, _what, _seat in self._deadlines()]
        if self._bot_turn() is not None:
            times.append(self._phase_at)
        return min(times) if times else None

    def advance(self) -> list[dict[str, Any]]:
        """One step of the table on its own: the earliest clock that ran out (the rated timer:
        a computer player decides for the person, who leaves; a connection lost too long; long
        inactivity; the window between hands), else one computer player's decision. Call it
        until it returns ``[]``."""
        now = self.clock()
        expired = [d for d in self._deadlines() if d[0] <= now]
        if expired:
            _when, what, seat = expired[0]
            return self._expire(what, seat)
        turn = self._bot_turn()
        if turn is None:
            return []
        kind, seat = turn
        player = self._bots.get(seat)
        if player is None:
            seed = self._players_rng.randrange(1 << 30) if self._players_rng else None
            player = self._bots[seat] = make_bot(self.settings.level, seed=seed,
                                                 budget=self.budget)
        return [self._append(kind, seat=seat, by="bot", **self._choice(kind, seat, player))]

    def _choice(self, kind: str, seat: int, player: Bot) -> dict[str, Any]:
        """A computer player's decision as an event's fields (it sees only its seat)."""
        seen = self._hand.observe(seat)
        if kind == "pass":
            return {"cards": _codes(player.choose_pass(seen))}
        if kind == "play":
            return {"card": str(player.choose_play(seen))}
        if kind == "moon":
            assert self.game is not None
            done = [h.points() for h in self.game.hands[:-1]]
            before = [sum(col) for col in zip(*done)] if done else [0] * self.players
            return {"choice": player.choose_moon(seen, before)}
        return {"declare": player.choose_peskir(seen)}

    def _expire(self, what: str, seat: int) -> list[dict[str, Any]]:
        if what == "window":
            return [self._deal()]
        if what == "away" and self.status == "open":
            return self._emptied([self._append("stand", seat=seat)])
        if what == "timer":
            kind = self._stage_of(seat)          # pass, peskir, play or moon: the seat decides
            decided = self._append(kind, seat=seat, by="timeout",
                                   **self._choice(kind, seat, TimeoutBot()))
            return [decided] + self._leave(seat, "timer")
        return self._leave(seat, what)

    # -- views ----------------------------------------------------------------------------------
    def view(self, seat: int) -> SeatView:
        """What ``seat`` sees, in its own frame (it is seat 0, "sen"), made from its
        `Observation` and public facts only."""
        seat = self._check_seat(seat)
        return self._view(seat, _Frame(seat, self.players, False))

    def watch(self, seat: int = 0) -> SeatView:
        """The teacher's view from ``seat``: the table's own frame, every seat's cards now in
        ``revealed``, no seat is "sen"."""
        seat = self._check_seat(seat)
        view = self._view(seat, _Frame(0, self.players, True))
        return replace(view, revealed=tuple(self._hand.cards(s) for s in range(self.players)))

    def _view(self, seat: int, frame: _Frame) -> SeatView:
        stage = self._stage_of(seat, occupant=frame.watching)
        game = self.game
        assert game is not None
        settings, n = self.settings, self.players
        over = self.status in ("over", "ended")
        sheet, totals = self._sheet()
        common: dict[str, Any] = dict(
            seat=frame.turn(seat), players=n, rules=self.rules, mode=settings.mode,
            level=settings.level, stage=stage, watching=frame.watching, timer=settings.timer,
            sheet=tuple((number, frame.turned(points)) for number, points in sheet),
            totals=frame.turned(totals),
            names=frame.turned([i.name if i.kind == "person" else None for i in self._seats]),
            stand_ins=frame.turned([i.name if i.kind == "bot" else None for i in self._seats]),
            away=tuple(sorted(frame.turn(s) for s, i in enumerate(self._seats)
                              if i.kind == "person" and i.away_since is not None)),
            record=game.record() if over else None)
        if stage in ("left", "ended"):
            note = self._watch_note(frame) if frame.watching \
                else self._closing_note(seat, stage)
            return SeatView(note=note, can_leave=False, **common)
        hand = self._hand
        seen = hand.observe(seat)
        playable = seen.legal if stage == "play" else CardSet()
        reasons = _refusals(hand, seat, seen.cards - playable) if stage == "play" else {}
        current, done = seen.current_trick, seen.tricks
        if current.cards or not done:
            trick, trick_number = current, min(len(done) + 1, self.rules.hand_size)
        else:
            trick, trick_number = done[-1], len(done)
        previous = done[-1] if current.cards and done and seat not in (
            s for s, _card in current.plays()) else None
        person = self._seats[seat].kind == "person" and not frame.watching
        practice = settings.mode == "practice"
        timed = self._people_deciding() if frame.watching else (seat,)
        deadlines = [d for d in map(self._deadline, timed) if d is not None]
        deadline = min(deadlines) if settings.mode == "rated" and deadlines else None
        return SeatView(
            cards=seen.cards, selected=self._selected.get(seat, CardSet()) if stage == "pass"
            else CardSet(), playable=playable, reasons=reasons, trick=frame.trick(trick),
            trick_number=trick_number,
            previous=frame.trick(previous) if previous else None,
            previous_number=len(done) if previous else 0,
            events=self._events_for(seat, frame),
            note=self._watch_note(frame) if frame.watching else self._note(seat, stage, frame),
            seconds_left=None if deadline is None else max(0.0, deadline[0] - self.clock()),
            to_move=None if seen.to_move is None else frame.turn(seen.to_move),
            can_undo=(practice and person and self.status == "playing"
                      and not any(i.kind == "person" for s, i in enumerate(self._seats)
                                  if s != seat)
                      and self._last_decision(seat) is not None),
            can_hint=practice and person and stage in ("pass", "play"),
            can_leave=person and stage != "game_over",
            waiting_for=tuple(sorted(frame.turn(s) for s in self._waiting())),
            waiting_on=self._waiting_on(),
            leave_question=self._leave_question(seat) if person else None, **common)

    def _sheet(self) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], tuple[int, ...]]:
        """Each finished hand's number and points, and the totals (the table's frame): the
        game's, worked out once for every seat's view of the same log."""
        last = self.events[-1] if self.events else None
        if self._sheet_of[0] is not last or self._sheet_of[1] != len(self.events):
            game = self.game
            assert game is not None
            scores = tuple((h.number, h.points()) for h in game.hands if h.is_over)
            self._sheet_of = (last, len(self.events), (scores, game.totals))
        return self._sheet_of[2]

    def _waiting_on(self) -> str:
        """What the table waits for: pass, peskir, play, moon, next ("": nothing)."""
        if self.status != "playing":
            return ""
        hand = self._hand
        if hand.is_over:
            return "moon" if self._moon_pending() else "next"
        if hand.phase == "pass":
            return "pass"
        return "peskir" if self._peskir_unanswered() else "play"

    def _leave_question(self, seat: int) -> Note | None:
        """"Are you sure?" with what leaving would write, once the seat pressed "leave"."""
        if seat not in self._asking:
            return None
        game = self.game
        assert game is not None
        finished = sum(1 for h in game.hands if h.is_over)
        standings = leaving_standings(self.rules, game.totals, finished, seat)
        return Note.of(say("table.leave_ask", result=self._leaving_words(
            seat, standings, finished, asking=True)), "error")

    def _leaving_words(self, seat: int, standings: Mapping[int, int | None], finished: int,
                       asking: bool = False) -> Text:
        """What leaving writes for ``seat`` (and its partner), as a clause."""
        if len(standings) > 1:
            partner = next(v for s, v in standings.items() if s != seat)
            key = "ahead" if partner == 1 else "level" if partner == 0 else "behind"
            return say(f"multiplayer.{'if_' if asking else ''}team_{key}")
        return leaving_result(standings[seat], finished, asking)

    def _events_for(self, seat: int, frame: _Frame) -> tuple[Note, ...]:
        """What happened since ``seat``'s last decision, in the view's frame."""
        start = self._decided.get(seat, 0)
        if frame.watching:          # the teacher: the trick in play and the one before it
            won = [i for i, fact in enumerate(self._facts) if fact[0] == "trick_won"]
            start = won[-2] + 1 if len(won) > 1 else 0
        notes = (_fact_note(fact, seat, frame) for fact in self._facts[start:])
        return tuple(note for note in notes if note is not None)

    def _note(self, seat: int, stage: str, frame: _Frame) -> Note | None:
        """The seat's message: what it is asked, or what the table waits for."""
        hint = self._hints.get(seat)
        if hint is not None:
            return hint
        hand, rules = self._hand, self.rules
        notes: list[Note | None] = []
        given = hand.given(seat)
        target, source = hand.pass_target(seat), hand.pass_source(seat)
        if stage == "pass" and target is not None:
            notes.append(Note.of(say("table.choose_pass", seat=frame.word(target),
                                     count=rules.pass_count)))
        elif stage == "passed" and given is not None and target is not None:
            notes.append(Note.of(say("multiplayer.pass_waiting", cards=card_list(given),
                                     seat=frame.word(target))))
        elif (given is not None and target is not None and source is not None
              and not hand.is_over and hand.trick_number == 1
              and seat not in (s for s, _c in hand.current_trick.plays())):
            notes.append(Note.of(say("table.passed", cards=card_list(given),
                                     seat=frame.word(target), source=frame.word(source),
                                     got=card_list(hand.received(seat)))))
        if stage == "peskir":
            notes.append(Note.of(say("table.peskir_ask", success=signed(rules.peskir_success),
                                     failure=rules.peskir_failure)))
        elif seat in hand.peskir and not hand.is_over and hand.trick_number == 1:
            notes.append(Note.of(say("table.peskir_declared"), "ok"))
        if stage == "play":            # whom the table waits for otherwise: draw_table says
            notes.append(Note.of(say("table.your_turn")))
        elif stage == "moon":
            notes.append(Note.of(say("table.moon_choose", value=rules.moon_value)))
        elif stage in ("hand_over", "game_over"):
            notes += self._hand_over_notes(seat, stage, frame)
        return Note.join(*notes)

    def _watch_note(self, frame: _Frame) -> Note | None:
        """What the teacher reads (whom the table waits for, draw_table says): the hand's and
        the game's scores, the table closed, the results written so far."""
        hand = self._hand
        notes: list[Note | None] = []
        if self.status == "ended":
            emptied = next(e for e in reversed(self.events) if e["t"] == "end").get("why") \
                == "empty"
            notes.append(Note.of(say("multiplayer.closed_empty" if emptied
                                     else "multiplayer.closed_watch")))
        elif hand.is_over and not self._moon_pending():
            notes += self._hand_over_notes(
                None, "game_over" if self.status == "over" else "hand_over", frame)
        return Note.join(*notes, self._results_note(frame))

    def _results_note(self, frame: _Frame) -> Note | None:
        """The rated results written so far, each with its person (the teacher's view)."""
        if not self._results:
            return None

        def item(result: SeatResult, lang: str) -> str:
            info = self._seats[result.seat]
            name = f"{info.name or '?'} ({frame.label(result.seat, lang)})"
            said = say("multiplayer.no_result", name=name)[lang] if result.standing is None \
                else f"{name} {signed(result.standing)}"
            why = info.left if result.left is None else result.left
            return f"{said} ({say(f'multiplayer.gone_{why}')[lang]})" if why else said

        results = sorted(self._results.values(), key=lambda r: r.seat)
        return Note.of(say("multiplayer.results", results=lambda lang: ", ".join(
            item(r, lang) for r in results)))

    def _named(self, seat: int, frame: _Frame) -> Callable[[str], str]:
        """A seat with who plays there: "Doğu (Ayşe)", "Doğu (bilgisayar, Çağrı'nın
        yerine)", "Doğu (bilgisayar)"; the viewer's own seat is just "Güney (sen)"."""
        info = self._seats[seat]

        def named(lang: str) -> str:
            label = frame.label(seat, lang)
            if not frame.watching and frame.turn(seat) == 0:
                return label
            if info.kind == "person" and info.name:
                return say("multiplayer.named", seat=label, name=info.name)[lang]
            if info.name:
                return say("multiplayer.computer_for", seat=label,
                           name=person_name(info.name, "gen"))[lang]
            return say("multiplayer.computer", seat=label)[lang]
        return named

    def _hand_over_notes(self, seat: int | None, stage: str,
                         frame: _Frame) -> list[Note | None]:
        hand, game, n = self._hand, self.game, self.players
        assert game is not None
        notes: list[Note | None] = [Note.of(say("table.moon_shot", seat=frame.word(s)))
                                    for s in hand.moon_shooters[:1]]
        scores = hand.points()
        notes.append(Note.of(say("table.hand_over", n=hand.number, scores=lambda lang: ", ".join(
            f"{frame.label(s, lang)} {number(scores[s])}"
            for s in frame.turned(range(n))))))
        if stage == "hand_over":
            notes.append(Note.of(say("multiplayer.next_wait", seconds=round(self.hand_window))))
            return notes
        winners = game.winners
        notes.append(Note.of(say("table.game_over", winners=lambda lang: ", ".join(
            self._named(s, frame)(lang) for s in winners)), "ok"))
        if self.settings.mode != "rated":
            notes.append(Note.of(say("table.practice_note")))
            return notes
        if seat is None:
            return notes
        person = self._seats[seat].person
        result = self._results.get(person) if person is not None else None
        if result is not None:
            notes.append(Note.of(say("table.result", result=_result_word(result.standing)),
                                 "error" if result.standing == -1 else "ok"))
            notes.append(Note.of(say("multiplayer.rated_note")))
        return notes

    def _closing_note(self, seat: int, stage: str) -> Note | None:
        """Why the seat's game is over before its end, said once: what made them leave, what
        it writes, who plays on; or the teacher closed the table."""
        person = self._seats[seat].person
        written = self._results.get(person) if person is not None else None
        if stage == "ended":
            if self.settings.mode != "rated":
                return Note.of(say("multiplayer.closed_game"))
            if written is not None and written.standing is not None:
                return Note.join(Note.of(say("multiplayer.closed_game")), Note.of(
                    say("table.result", result=_result_word(written.standing))))
            return Note.of(say("multiplayer.closed"))
        why, standings, finished = self._left[seat]
        notes: list[Note | None] = [self._timed_out.get(seat)]
        if why not in ("button", "timer"):
            notes.append(Note.of(say(f"multiplayer.why_{why}"), "error"))
        counted = "table.left_you" if why == "button" else "table.left_counted"
        if self.settings.mode != "rated":
            notes.append(Note.of(say("table.left_practice" if why == "button"
                                     else "multiplayer.counted_practice")))
        elif written is not None and written.left is None:    # written when the partner left
            notes.append(Note.of(say("table.result", result=_result_word(written.standing))))
        else:
            lost = standings[seat] == -1
            notes.append(Note.of(say(counted, result=self._leaving_words(seat, standings,
                                                                         finished)),
                                 "error" if lost else "info"))
        if self.status == "playing":
            notes.append(Note.of(say("multiplayer.stand_in")))
        return Note.join(*notes)


def _result_word(standing: int | None) -> Text:
    """+1 / 0 / −1 / none as the table's words say a result."""
    key = {1: "win", 0: "draw", -1: "loss"}.get(standing, "none") if standing is not None \
        else "none"
    return say(f"table.{key}")


def _table_seat(seat: int, players: int) -> Callable[[str], SeatWord]:
    """A seat named in the table's own frame (the lobby's words: never "sen")."""
    return lambda lang: PlaceWord(seat, lang, players)
