"""The class tables as the server draws them: the student's lobby (the class's open and
playing tables, "open a table", the class ranking, their finished games) and their seat (the
book's table drawing, `maca.panels.table.draw_table`, and the way back to the lobby).

HTML only: the runtime (`maca.server.tables`) hands in plain facts (`TableSummary` from
`SharedTable.summary`, the ranking's rows, the student's records) and sends the drawing over
the socket. Every control is a ``data-act``/``data-value`` button (`maca.panels.base.button`)
whose action is one of `LOBBY_ACTIONS` or a seat's; no card is ever in the lobby. Students
never watch a table: only the teacher does (`maca.server.pages`). Words come from the
catalogue ``rooms``; every value shown is escaped.

>>> table = TableSummary.of(3, {"status": "open", "host": 7, "hand": 0,
...     "settings": {"rules": "standard", "mode": "rated", "timer": 60},
...     "seats": [{"kind": "person", "person": 7, "name": "Ali"}, {"kind": "bot"},
...               {"kind": "empty"}, {"kind": "empty"}]})
>>> seats_text(table, "en")
'South: Ali · West: computer · North: empty · East: empty'
>>> for part in settings_text(table.settings, "tr").split(" · "): print(part)
Standart, hedef 100, kart geçirme var, kafa atma: eski usul
Puanlı, hamle süresi 60 sn
bilgisayar oyuncuları: orta
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from html import escape
from typing import Any, Mapping, Sequence

from ..multiplayer import TableSettings
from ..panels.base import button, heading
from ..panels.table import Control, TableChoices, _controls_html, draw_table
from ..table import SeatView, person_name
from ..words import Seat, Text, catalogue, preset_name, say, signed

__all__ = ["SeatSummary", "TableSummary", "LOBBY_ACTIONS", "lobby_html", "seat_html",
           "settings_text", "seats_text", "status_text", "ranking_title", "ranking_html", "local_time", "word",
           "WORDS"]

#: What the lobby's buttons do (the runtime's names, maca/server/tables.py): the table
#: choices, then opening, joining and leaving a table, the host's controls, back to the lobby.
LOBBY_ACTIONS = ("level", "rules", "mode", "timer", "target", "passing", "moon_rule", "idle",
                 "open", "sit", "stand", "bot", "unbot", "begin", "lobby")

#: A rated result's word in the table's catalogue (``table.win`` …; None: no entry).
RESULTS = {1: "win", 0: "draw", -1: "loss"}

WORDS = catalogue("rooms", {
    "tables": ("Sınıfın masaları", "Your class's tables"),
    "no_tables": ("Şu an açık masa yok: ilk masayı sen aç.",
                  "No table is open right now: open the first one."),
    "table": ("{n}. masa", "Table {n}"),
    "open": ("oyuncu bekleniyor", "waiting for players"),
    "full": ("yerler dolu: masayı açan başlatacak", "full: the player who opened it will start"),
    "playing": ("oynanıyor: {hand}. tur", "playing: hand {hand}"),
    "over": ("bitti", "finished"),
    "ended": ("kapandı", "closed"),
    "empty": ("boş", "empty"),
    "computer": ("bilgisayar", "computer"),
    "stand_in": ("bilgisayar ({name} yerine; {why})", "computer (for {name}; {why})"),
    "seat": ("{seat:name}: {who}", "{seat:name}: {who}"),
    "target": ("hedef {target}", "target {target}"),
    "passing_on": ("kart geçirme var", "passing on"),
    "moon_old": ("kafa atma: eski usul", "moon: old style"),
    "moon_new": ("kafa atma: yeni usul", "moon: new style"),
    "moon_choice": ("kafa atma: usulü kafa atan seçer", "moon: the shooter's choice"),
    "moon_none": ("kafa atma yok", "no moon shooting"),
    "timer": ("hamle süresi {seconds} sn", "move timer {seconds} s"),
    "level": ("bilgisayar oyuncuları: {level}", "computer players: {level}"),
    "idle": ("{minutes} dk hamle yapmayan kalkmış sayılır",
             "{minutes} min without a move counts as leaving"),
    "sit": ("{seat:name_dat} otur", "Take {seat:name_gen} seat"),
    "sit_reader": ("{n}. masada {seat:name_dat} otur", "Take {seat:name_gen} seat at table {n}"),
    "yours": ("Senin masan", "Your table"),
    "you": ("sen", "you"),
    "away": ("bağlantısı koptu", "connection lost"),
    "host_note": ("Masayı sen açtın: boş yerlere bilgisayar oturtabilir, yerler dolunca oyunu "
                  "başlatabilirsin.", "You opened this table: seat computer players in the "
                  "empty seats and start the game once every seat is taken."),
    "guest_note": ("Yerin hazır: masayı açan arkadaşın yerler dolunca oyunu başlatacak.",
                   "Your seat is ready: the classmate who opened the table starts the game "
                   "once every seat is taken."),
    "bot": ("{seat:name_dat} bilgisayar oturt", "Seat a computer player in {seat:name}"),
    "unbot": ("{seat:name_abl} bilgisayarı kaldır", "Remove the computer player from {seat:name}"),
    "begin": ("Oyunu başlat", "Start the game"),
    "stand": ("Yerinden kalk", "Give up your seat"),
    "open_table": ("Masa aç", "Open a table"),
    "open_note": ("Masayı açınca Güney'e sen oturursun; arkadaşların boş yerlere oturur, "
                  "kalan yerlere bilgisayar oturtabilirsin.",
                  "You take South's seat at the table you open; your classmates take the empty "
                  "seats, and you may seat computer players in the rest."),
    "open_button": ("Masayı aç", "Open the table"),
    "ranking": ("Sınıf sıralaması", "Class ranking"),
    "ranking_of": ("{rules} · bilgisayar oyuncuları: {level}",
                   "{rules} · computer players: {level}"),
    "no_ranking": ("Henüz biten puanlı oyun yok.", "No rated game has finished yet."),
    "place": ("Derece", "Place"),
    "games": ("Oyun", "Games"),
    "wins": ("Galibiyet", "Wins"),
    "draws": ("0 alan", "Zero (0)"),
    "losses": ("Mağlubiyet", "Losses"),
    "records": ("Oyunların", "Your games"),
    "no_records": ("Henüz biten bir oyunun yok.", "You have no finished game yet."),
    "download": ("Kaydı indir", "Download the record"),
    "lobby": ("Masalara dön", "Back to the tables"),
}, scoped=True)


def word(key: str, lang: str, **params: Any) -> str:
    """The text ``rooms.<key>`` in ``lang`` (not escaped).

    >>> word("table", "tr", n=4), word("playing", "en", hand=2)
    ('4. masa', 'playing: hand 2')
    """
    return say(f"rooms.{key}").say(lang, **params)


@dataclass(frozen=True)
class SeatSummary:
    """One seat as the lobby shows it: ``kind`` empty / person / bot, the person's id and name
    (a person who left keeps their id; their seat is a bot's now)."""

    kind: str
    person: int | None = None
    name: str | None = None
    away: bool = False
    left: str | None = None      # why the person left (their seat is a computer player's)


@dataclass(frozen=True)
class TableSummary:
    """A table as the lobby and the teacher's list show it, without a card: its id, status
    (open / playing / over / ended), settings, seats, host and the hand being played (0
    before the first deal)."""

    id: int
    status: str
    settings: TableSettings
    seats: tuple[SeatSummary, ...]
    host: int | None = None
    hand: int = 0

    @classmethod
    def of(cls, table_id: int, summary: Mapping[str, Any]) -> TableSummary:
        """The summary of table ``table_id`` from `SharedTable.summary`.

        >>> TableSummary.of(1, {"status": "playing", "hand": 2, "settings": {},
        ...     "seats": [{"kind": "bot"}] * 4}).seats[0]
        SeatSummary(kind='bot', person=None, name=None, away=False, left=None)
        """
        return cls(id=table_id, status=summary["status"],
                   settings=TableSettings.from_json(summary["settings"]),
                   seats=tuple(SeatSummary(s["kind"], s.get("person"), s.get("name"),
                                           bool(s.get("away")), s.get("left"))
                               for s in summary["seats"]),
                   host=summary.get("host"), hand=summary.get("hand", 0))

    def seat_of(self, person: int) -> int | None:
        """The seat ``person`` sits in, if any (a person who left sits nowhere)."""
        return next((n for n, s in enumerate(self.seats)
                     if s.kind == "person" and s.person == person), None)

    @property
    def full(self) -> bool:
        """Every seat is taken (by a person or a computer player)."""
        return all(s.kind != "empty" for s in self.seats)


# -- words about a table, shared with the teacher's pages -------------------------------------
def settings_text(settings: TableSettings, lang: str) -> str:
    """A table's settings in a line: rules and options · mode and timer · the computer
    players' level (not escaped)."""
    rules = settings.make_rules()
    game = [preset_name(settings.rules, lang, capital=True),
            word("target", lang, target=rules.target),
            word("passing_on", lang) if rules.pass_cycle else say("render.no_pass")[lang],
            word(f"moon_{rules.moon}", lang)]
    mode = [say(f"table.{settings.mode}")[lang]]
    if settings.mode == "rated" and settings.timer:
        mode.append(word("timer", lang, seconds=settings.timer))
    if settings.mode == "practice" and settings.idle:
        mode.append(word("idle", lang, minutes=round(settings.idle / 60)))
    level = word("level", lang, level=say(f"table.level_{settings.level}")[lang])
    return " · ".join((", ".join(game), ", ".join(mode), level))


def _who(seat: SeatSummary, lang: str, me: int | None) -> str:
    if seat.kind == "empty":
        return word("empty", lang)
    if seat.kind == "bot" and seat.name:          # a computer player in a leaver's seat
        return word("stand_in", lang, name=person_name(seat.name, "gen"),
                    why=say(f"multiplayer.gone_{seat.left or 'button'}")[lang])
    if seat.kind == "bot":
        return word("computer", lang)
    name = seat.name or "?"
    if me is not None and seat.person == me:
        return f'{name} ({word("you", lang)})'
    return f'{name} ({word("away", lang)})' if seat.away else name


def seats_text(table: TableSummary, lang: str, me: int | None = None) -> str:
    """Who sits where, by compass seat: a classmate's name, "computer" (for whom, when a
    classmate left) or "empty" (not escaped); ``me`` is marked "you".

    >>> seats_text(TableSummary.of(1, {"status": "playing", "settings": {}, "seats": [
    ...     {"kind": "bot", "person": 4, "name": "Çağrı", "left": "timer"}, {"kind": "bot"},
    ...     {"kind": "bot"}, {"kind": "bot"}]}), "tr").split(" · ")[0]
    "Güney: bilgisayar (Çağrı'nın yerine; süresi doldu)"
    """
    players = len(table.seats)
    return " · ".join(
        word("seat", lang, seat=Seat(n, players), who=_who(s, lang, me))
        for n, s in enumerate(table.seats))


def status_text(table: TableSummary, lang: str) -> str:
    """A table's status in words: waiting for players, playing which hand, finished, ended.

    >>> status_text(TableSummary.of(1, {"status": "playing", "hand": 3, "settings": {},
    ...     "seats": []}), "tr")
    'oynanıyor: 3. tur'
    """
    if table.status == "playing":
        return word("playing", lang, hand=table.hand)
    return word("full" if table.status == "open" and table.full else table.status, lang)


def ranking_title(rules: str, level: str, lang: str) -> str:
    """The name of a ranking: the game (a preset) and the computer players' level.

    >>> ranking_title("turkish", "hard", "tr")
    'Türk kuralları · bilgisayar oyuncuları: zor'
    """
    return word("ranking_of", lang, rules=preset_name(rules, lang, capital=True),
                level=say(f"table.level_{level}")[lang])


def ranking_html(rows: Sequence[Any], lang: str, me: int | None = None,
                 css: str = "maca-sheet") -> str:
    """A ranking (H3's ``RankRow``: student_pk, name, games, wins, draws, losses, points;
    best first) as a table: equal points share a place; ``me`` is in bold."""
    head = "".join(f"<th>{escape(say(k)[lang])}</th>" for k in
                   ("rooms.place", "render.player", "rooms.games", "rooms.wins", "rooms.draws",
                    "rooms.losses", "total"))
    body = []
    for row in rows:
        place = 1 + sum(1 for other in rows if other.points > row.points)
        name = escape(row.name or "?")
        if me is not None and row.student_pk == me:
            name = f"<strong>{name} ({escape(word('you', lang))})</strong>"
        body.append(f'<tr><td>{place}</td><td class="name">{name}</td><td>{row.games}</td>'
                    f"<td>{row.wins}</td><td>{row.draws}</td><td>{row.losses}</td>"
                    f"<td>{escape(signed(row.points))}</td></tr>")
    return (f'<table class="{css}"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>')


# -- the lobby ---------------------------------------------------------------------------------
def _table_html(table: TableSummary, lang: str, me: int, live: bool, seated: bool) -> str:
    """One table of the lobby: its name, status, settings and seats, the sit buttons (a
    student at no table, an open table's empty seats) and, at the student's own open table,
    the host's controls and the stand-up button."""
    players = len(table.seats)
    mine = table.seat_of(me) is not None
    title = word("table", lang, n=table.id)
    parts = [f'<p class="maca-note"><strong>{escape(title)}</strong> · '
             f'{escape(status_text(table, lang))}<br>'
             f'{escape(settings_text(table.settings, lang))}<br>'
             f'{escape(seats_text(table, lang, me))}</p>']
    controls: list[str] = []
    if table.status == "open" and not seated:
        for n, seat in enumerate(table.seats):
            if seat.kind == "empty":
                controls.append(button(
                    word("sit", lang, seat=Seat(n, players)), "sit", live, f"{table.id}:{n}",
                    label_for_reader=word("sit_reader", lang, n=table.id, seat=Seat(n, players))))
    if table.status == "open" and mine:
        host = table.host == me
        note = word("host_note" if host else "guest_note", lang)
        parts.append(f'<p class="maca-note">{escape(note)}</p>')
        if host:
            for n, seat in enumerate(table.seats):
                if seat.kind == "empty":
                    controls.append(button(word("bot", lang, seat=Seat(n, players)),
                                           "bot", live, str(n)))
                elif seat.kind == "bot":
                    controls.append(button(word("unbot", lang, seat=Seat(n, players)),
                                           "unbot", live, str(n)))
            empty = sum(seat.kind == "empty" for seat in table.seats)
            if empty:
                parts.append(f'<p class="maca-note">'
                             f'{escape(say("multiplayer.not_full", n=empty)[lang])}</p>')
            controls.append(button(word("begin", lang), "begin", live, blocked=bool(empty)))
        controls.append(button(word("stand", lang), "stand", live))
    if controls:
        parts.append('<div class="maca-controls">' + "".join(controls) + "</div>")
    label = escape(word("yours", lang) if mine else title)
    return f'<div class="maca-room" role="group" aria-label="{label}">{"".join(parts)}</div>'


_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def local_time(moment: datetime, lang: str = "tr") -> str:
    """A time as the teacher's computer (the server) shows it: "05.12.2026 14:00" in
    Turkish, "5 Dec 2026 14:00" in English.

    >>> here = datetime(2026, 12, 5, 14, 0).astimezone()
    >>> local_time(here), local_time(here, "en")
    ('05.12.2026 14:00', '5 Dec 2026 14:00')
    """
    local = moment.astimezone()
    return Text(local.strftime("%d.%m.%Y %H:%M"),
                f"{local.day} {_MONTHS[local.month - 1]} {local:%Y %H:%M}")[lang]


def _record_html(record: Any, lang: str) -> str:
    """One finished game of the student's (H3's ``RecordInfo``): the table, its game, mode
    and level, when it finished, their result, and the link that downloads its record."""
    settings = TableSettings.from_json(record.settings)
    facts = [word("table", lang, n=record.table_id),
             preset_name(settings.rules, lang, capital=True),
             say(f"table.{settings.mode}")[lang],
             word("level", lang, level=say(f"table.level_{settings.level}")[lang]),
             local_time(record.finished, lang)]
    if record.status == "ended":
        facts.append(word("ended", lang))
    if settings.mode == "rated":
        facts.append(say(f"table.{RESULTS.get(record.standing, 'none')}")[lang])
    return (f'<li>{escape(" · ".join(facts))} · <a href="/api/class/records/{record.table_id}" '
            f'download>{escape(word("download", lang))}</a></li>')


def lobby_html(lang: str, me: int, tables: Sequence[TableSummary], choices: TableChoices,
               rankings: Sequence[tuple[str, str, Sequence[Any]]], records: Sequence[Any],
               live: bool) -> str:
    """The lobby of student ``me``: the class's open and playing tables (their own first),
    "open a table" with the book's table choices (when they sit at no table), the class
    ranking per game and level (H3's ``rankings``), their finished games (H3's
    ``RecordInfo``s) with a download link each."""
    own = [t for t in tables if t.seat_of(me) is not None]
    others = [t for t in tables if t.seat_of(me) is None]
    seated = bool(own)
    listing = "".join(_table_html(t, lang, me, live, seated) for t in own + others)
    parts = [heading(word("tables", lang)),
             listing or f'<p class="maca-note">{escape(word("no_tables", lang))}</p>']
    if not seated:
        open_button = ("", [Control(word("open_button", lang), "open")])
        parts += [heading(word("open_table", lang)),
                  f'<p class="maca-note">{escape(word("open_note", lang))}</p>',
                  _controls_html(choices.controls(lang) + [open_button], live)]
    parts.append(heading(word("ranking", lang)))
    shown = [(rules, level, rows) for rules, level, rows in rankings if rows]
    if not shown:
        parts.append(f'<p class="maca-note">{escape(word("no_ranking", lang))}</p>')
    parts += [heading(ranking_title(rules, level, lang)) + ranking_html(rows, lang, me)
              for rules, level, rows in shown]
    parts.append(heading(word("records", lang)))
    parts.append(f'<ul>{"".join(_record_html(r, lang) for r in records)}</ul>' if records else
                 f'<p class="maca-note">{escape(word("no_records", lang))}</p>')
    return "".join(parts)


#: The stages after which a seat goes back to the lobby.
DONE = ("game_over", "left", "ended")


def seat_html(view: SeatView, lang: str, live: bool) -> str:
    """The student's seat: the book's table drawing of their `SeatView` and, once the game is
    over for them, the way back to the lobby (``lobby``)."""
    extra = (Control(word("lobby", lang), "lobby"),) if view.stage in DONE else ()
    return draw_table(view, lang, live, extra_controls=extra)
