"""The table as a panel: a whole game against the computer, live in the book's page, and
`draw_table`, the one drawing of a table every page uses.

`draw_table` draws a `maca.table.SeatView` (what one seat may see): the book's game against
the computer (`TablePanel`, through `Table.view`), a seat at a class table and the teacher's
watch (the class server's pages) are the same code. The panel keeps the choices before the
game (`TableChoices`: level, rules, practice or rated, timer, target, passing, moon rule; the
server's lobby offers the same) and the session's record. A rated game's move timer is drawn
as a ``[data-maca-countdown]`` element: the page script ticks it every second and, at zero,
sends the ``timeout`` action; Python checks its own clock and plays for the learner. The
notebook's widget (`maca.widgets.PanelWidget`) shows the same panel and ticks the timer the
same way.

>>> panel = table_game(lang="en", seed=1, level="medium")
>>> panel.act("start")
>>> panel.table.stage
'pass'
>>> "Make it live" in panel._repr_html_()
True
"""
from __future__ import annotations

from html import escape
from urllib.parse import quote
from typing import Any, Callable, NamedTuple, Sequence

from .. import render
from ..cards import CardSet, card_list
from ..rules import PRESET_NAMES, Rules
from dataclasses import replace

from ..multiplayer import IDLE_SECONDS
from ..table import (TIMER_RANGE, WARNING_SECONDS, SeatView, Table, make_rules, person_name,
                     totals_chart_svg)
from ..words import Text, catalogue, number as _number, preset_name, say, seat_form, signed
from .base import (Panel, button, card_buttons, group, heading, note_html, notes_html,
                   parse_card, parse_choice, parse_number, row)

__all__ = ["TablePanel", "TableChoices", "table_game", "draw_table", "WORDS", "Control"]

#: The panel's own words: (Turkish, English).
WORDS: dict[str, tuple[str, str]] = {
    "panel_table": ("Bilgisayara karşı oyna", "Play against the computer"),
    "level": ("Seviye", "Level"),
    "mode": ("Oyun türü", "Game"),
    "timer": ("Hamle süresi (sn)", "Move timer (s)"),
    "target": ("Hedef", "Target"),
    "passing": ("Kart geçirme", "Passing"),
    "on": ("Açık", "On"), "off": ("Kapalı", "Off"),
    "moon_rule_old": ("eski usul", "old"), "moon_rule_new": ("yeni usul", "new"),
    "moon_rule_choice": ("kafa atan seçer", "shooter's choice"),
    "start": ("Oyuna başla", "Start the game"),
    "setup_note": ("Seçimlerini yap ve oyuna başla. Antrenman oyununda geri alma ve ipucu var, süre "
                   "yok; puanlı oyunda her hamlenin süresi var ve sonuç sıralamana işlenir.",
                   "Make your choices and start. A practice game has undo and hints and no "
                   "clock; a rated game has a move timer and its result counts in your "
                   "standings."),
    "your_cards": ("Kartların", "Your cards"),
    "pass_cards": ("Geçireceğin kartlar", "Cards to pass"),
    "undo": ("↶ Geri al", "↶ Undo"),
    "leave": ("Masadan kalk", "Leave the table"),
    "next": ("Sonraki tur ▶", "Next hand ▶"),
    "again": ("Yeni oyun", "New game"),
    "setup": ("Seçimlere dön", "Back to the choices"),
    "revealed": ("Oyuncuların kartları (dağıtıldığı gibi)", "The hands (as dealt)"),
    "hands_now": ("Oyuncuların elindeki kartlar", "The cards in each hand"),
    "session": ("Bu oturumun oyunları", "This session's games"),
    "standing": ("Puanlı sonuç toplamın: {standing}", "Your rated results add up to: {standing}"),
    "record": ("Oyun kaydı", "Game record"),
    "download": ("Kaydı indir (metin dosyası)", "Download the record (a text file)"),
    "trick": ("Masadaki el", "The trick"),
    "game_word": ("oyun", "game"),
    "idle": ("Hamle yapılmazsa kalkmış sayılma (antrenman oyunu)",
             "No move for this long counts as leaving (practice game)"),
    "idle_minutes": ("{n} dk", "{n} min"),
    # a table of several people: whom it waits for
    "wait_pass": ("Henüz kart geçirmeyenler: {seats}.", "Not yet passed their cards: {seats}."),
    "wait_peskir": ("Peşkir kararı beklenenler: {seats}.",
                    "Still to decide on peşkir: {seats}."),
    "wait_turn": ("Sıra {who}.", "{who} to play."),
    "wait_next": ("Sonraki tura hazır olmayanlar: {seats}.",
                  "Not yet ready for the next hand: {seats}."),
    "ready": ("Hazırsın; ötekiler bekleniyor.", "You are ready; waiting for the others."),
    "wait_moon": ("{who} kafa attı; eski usul mü yeni usul mü, seçmesi bekleniyor.",
                  "{who} shot the moon; waiting for the choice of old or new style."),
    "away": ("{who} bağlantısı koptu; masa onu en çok 3 dakika bekler.",
             "{who} lost the connection; the table waits up to 3 minutes."),
    "passing_now": ("kart geçirme sürüyor", "the cards are being passed"),
    "time_of": ("{who} kalan süresi: {seconds} sn", "Time left for {who}: {seconds} s"),
    "stand_in": ("bilgisayar ({name} yerine)", "computer (for {name})"),
}
catalogue("table_panel", WORDS, scoped=True)

_TIMERS = (30, 60, 120, 300)
_LEVELS = ("easy", "medium", "hard")
_MODES = ("practice", "rated")
_MOONS = ("old", "new", "choice")
_IDLES = (300, 600, 0)          # a shared practice game's idle limit: 5 min, 10 min, off


def _preset(name: str, lang: str) -> str:
    """A preset's name in ``lang`` (the code name when it is not a preset)."""
    return preset_name(name, lang)


class Control(NamedTuple):
    """One button of the panel: its label, action, value, and state."""

    label: str
    act: str
    value: str = ""
    pressed: bool | None = None
    blocked: bool = False


class TableChoices:
    """The choices of a table before its game: the computer players' level, the rules (a
    preset), practice or rated, the rated move timer, the target, passing and the moon rule.
    The book's setup screen and the class server's "open a table" form both offer them; a
    table of several people (``shared``) also has the practice game's idle limit (5 or 10
    minutes without a move on one's turn count as leaving, or off).

    >>> choices = TableChoices(level="medium")
    >>> choices.act("mode", "rated"), choices.act("timer", "30"), choices.act("start", "")
    (True, True, False)
    >>> choices.values()["timer"], choices.values()["mode"], choices.make_rules().target
    (30, 'rated', 100)
    >>> shared = TableChoices(shared=True)
    >>> shared.values()["idle"], shared.act("idle", "0"), shared.values()["idle"]
    (300, True, 0)
    >>> choices.act("idle", "0"), "idle" in choices.values()
    (False, False)
    """

    #: The actions that change a choice (the buttons of `controls`).
    ACTIONS = ("level", "rules", "mode", "timer", "target", "passing", "moon_rule")
    #: A shared table's: the same and the idle limit.
    SHARED_ACTIONS = ACTIONS + ("idle",)

    def __init__(self, rules: str = "standard", level: str = "hard", mode: str = "practice",
                 timer: int = 60, target: int | None = None, passing: bool | None = None,
                 moon: str | None = None, *, shared: bool = False,
                 idle: int = IDLE_SECONDS) -> None:
        make_rules(rules, target, passing, moon)     # refuse bad choices now
        self.rules, self.level, self.mode, self.timer = rules, level, mode, timer
        self.target, self.passing, self.moon = target, passing, moon
        self.shared, self.idle = shared, idle

    def act(self, action: str, value: str) -> bool:
        """Change the choice ``action`` names to ``value`` (`SettingError` for a value no
        button offers, nothing changed); False when ``action`` is not a choice."""
        if action == "level":
            self.level = parse_choice(value, _LEVELS, "level")
        elif action == "rules":
            self.rules = parse_choice(value, PRESET_NAMES, "rules")
            self.target = self.passing = None        # as the preset has them
        elif action == "mode":
            self.mode = parse_choice(value, _MODES, "mode")
        elif action == "timer":
            self.timer = parse_number(value, *TIMER_RANGE, say("panel.the_move_timer"))
        elif action == "target":
            self.target = parse_number(value, 1, 999, say("panel.the_target"))
        elif action == "passing":
            self.passing = parse_choice(value, ("on", "off"), "passing") == "on"
        elif action == "moon_rule":
            self.moon = parse_choice(value, _MOONS, "moon")
        elif action == "idle" and self.shared:
            self.idle = int(parse_choice(value, tuple(map(str, _IDLES)), "idle"))
        else:
            return False
        return True

    def make_rules(self) -> Rules:
        """The rules these choices make."""
        return make_rules(self.rules, self.target, self.passing, self.moon)

    def values(self) -> dict[str, Any]:
        """The choices as keyword arguments of `maca.table.Table` (and of the class server's
        table settings): rules, level, mode, timer (None in practice), target, passing, moon;
        a shared table's also idle (a rated game's timer counts instead: the default)."""
        values: dict[str, Any] = {
            "rules": self.rules, "level": self.level, "mode": self.mode,
            "timer": self.timer if self.mode == "rated" else None, "target": self.target,
            "passing": self.passing, "moon": self.moon}
        if self.shared:
            values["idle"] = self.idle if self.mode == "practice" else IDLE_SECONDS
        return values

    def controls(self, lang: str) -> list[tuple[str, list[Control]]]:
        """The choices' buttons, in labelled groups (the timer's only for a rated game)."""
        rules = self.make_rules()
        out = [
            (say("table_panel.level")[lang], [Control(say(f"table.level_{v}")[lang], "level", v,
                                                      self.level == v) for v in _LEVELS]),
            (say("rules")[lang], [Control(preset_name(v, lang, capital=True), "rules", v,
                                          self.rules == v) for v in PRESET_NAMES]),
            (say("table_panel.mode")[lang], [Control(say(f"table.{v}")[lang], "mode", v,
                                                     self.mode == v) for v in _MODES]),
        ]
        if self.mode == "rated":
            out.append((say("table_panel.timer")[lang], [
                Control(str(v), "timer", str(v), self.timer == v) for v in _TIMERS]))
        elif self.shared:
            out.append((say("table_panel.idle")[lang], [
                Control(say("table_panel.idle_minutes", n=v // 60)[lang] if v
                        else say("table_panel.off")[lang], "idle", str(v), self.idle == v)
                for v in _IDLES]))
        targets = sorted({50, 100, make_rules(self.rules).target})
        out.append((say("table_panel.target")[lang], [
            Control(str(v), "target", str(v), rules.target == v) for v in targets]))
        out.append((say("table_panel.passing")[lang], [
            Control(say("table_panel.on")[lang], "passing", "on", bool(rules.pass_cycle)),
            Control(say("table_panel.off")[lang], "passing", "off", not rules.pass_cycle)]))
        out.append((say("moon")[lang], [
            Control(say(f"table_panel.moon_rule_{v}")[lang], "moon_rule", v, rules.moon == v)
            for v in _MOONS]))
        return out


class TablePanel(Panel):
    """A whole game against three computer players (module text)."""

    kind = "table"

    def __init__(self, lang: str = "tr", rules: str = "standard", level: str = "hard",
                 mode: str = "practice", timer: int = 60, target: int | None = None,
                 passing: bool | None = None, moon: str | None = None,
                 seed: int | None = None, budget: float | None = -1.0) -> None:
        options: dict[str, Any] = {"rules": rules, "level": level, "mode": mode,
                                   "timer": timer}
        for name, value in (("target", target), ("passing", passing), ("moon", moon),
                            ("seed", seed)):
            if value is not None:
                options[name] = value
        if budget != -1.0:
            options["budget"] = budget
        super().__init__(lang, **options)
        self.choices = TableChoices(rules, level, mode, timer, target, passing, moon)
        self.seed, self.budget = seed, budget
        self.table: Table | None = None
        self.results: list[Any] = []
        self.asking = False         # "are you sure?" asked before leaving a rated game

    def title(self) -> str:
        return say("table_panel.panel_table")[self.lang]

    @property
    def lesson(self) -> Table | None:
        """The panel's controller: the table (None before the game starts)."""
        return self.table

    # -- actions ----------------------------------------------------------------------------
    def actions(self) -> dict[str, Callable[[str], object]]:
        def choose(action: str) -> Callable[[str], object]:
            return lambda value: self.choices.act(action, value)

        return {
            **{action: choose(action) for action in TableChoices.ACTIONS},
            "start": lambda _: self.start(),
            "card": self._card,
            "confirm_pass": lambda _: self._table().confirm_pass(),
            "peskir": lambda v: self._table().declare_peskir(
                parse_choice(v, ("yes", "no"), "peşkir") == "yes"),
            "moon": lambda v: self._table().choose_moon(parse_choice(v, ("old", "new"), "moon")),
            "next": lambda _: self._table().next_hand(),
            "undo": lambda _: self._table().undo(),
            "hint": lambda _: self._table().hint(),
            "leave": self._leave,
            "again": lambda _: self._table().new_game(),
            "setup": lambda _: self._to_setup(),
            "timeout": lambda _: self._table().tick(),
        }

    def start(self) -> None:
        """Sit down with the chosen options."""
        self.table = Table(**self.choices.values(), seed=self.seed, budget=self.budget)
        if self.results:   # the session goes on across games
            self.table.results[:0] = self.results

    def _to_setup(self) -> None:
        if self.table is not None:
            self.results = list(self.table.results)
        self.table = None

    def _table(self) -> Table:
        if self.table is None:
            self.start()
        assert self.table is not None
        return self.table

    def _leave(self, value: str) -> None:
        """The leave button: a rated game asks first ("" the question, ``yes`` leaves, ``no``
        stays); a practice game is left at once."""
        table = self._table()
        if value:
            value = parse_choice(value, ("yes", "no"), "leave")
        if value == "no":
            self.asking = False
        elif value == "" and table.leave_question() is not None:
            self.asking = True
        else:
            self.asking = False
            table.leave()

    def _card(self, value: str) -> None:
        table = self._table()
        card = parse_card(value)
        if table.stage == "pass":
            table.toggle(card)
        else:
            table.play(card)

    # -- what is drawn ------------------------------------------------------------------------
    def session_html(self) -> str:
        """The session's games and your rated total."""
        table, lang = self.table, self.lang
        assert table is not None
        items = "".join(
            f"<li>{r.number}. {escape(say('table_panel.game_word')[lang])} — "
            f"{escape(say(f'table.{r.mode}')[lang])}, "
            f"{escape(say(f'table.level_{r.level}')[lang])}, {escape(_preset(r.rules, lang))}: "
            f"{escape(say(f'table.{r.result_key()}')[lang])}</li>" for r in table.results)
        standing = say("table_panel.standing", standing=signed(table.session_standing()))
        return (heading(say("table_panel.session")[lang]) + f"<ul>{items}</ul>"
                + f'<p class="maca-note">{escape(standing[lang])}</p>')

    def body(self, live: bool) -> str:
        lang, table = self.lang, self.table
        if table is None:
            start = ("", [Control(say("table_panel.start")[lang], "start")])
            return (notes_html([], lang) + f'<p class="maca-note">'
                    f'{escape(say("table_panel.setup_note")[lang])}</p>'
                    + _controls_html(self.choices.controls(lang) + [start], live)
                    + note_html(None, lang))
        over = table.stage in ("game_over", "left")
        again = [Control(say("table_panel.again")[lang], "again"),
                 Control(say("table_panel.setup")[lang], "setup")] if over else []
        view = table.view()
        if self.asking and not over:
            view = replace(view, leave_question=table.leave_question())
        return draw_table(view, lang, live, again,
                          aside=self.session_html() if over else "",
                          record_file=f"maca-game-{table.games}.txt")


# -- the one drawing of a table ---------------------------------------------------------------
def draw_table(view: SeatView, lang: str, live: bool, extra_controls: Sequence[Control] = (),
               *, aside: str = "", record_file: str = "maca-game.txt") -> str:
    """A table as one seat sees it (or the teacher, ``view.watching``): the move timer, the
    trick (and the one just completed), what happened, whom the table waits for, the score
    sheet and chart, the hands shown, the game record, the seat's cards as buttons, the
    buttons of its decision and its message. ``extra_controls`` join the buttons (the book's
    "new game"; the server's own); ``aside`` is drawn before the record (the book's session
    list); ``record_file`` names the record's download.

    >>> view = Table(level="easy", seed=3).view()
    >>> html = draw_table(view, "en", live=True)
    >>> html.count('data-act="card"'), 'data-act="confirm_pass"' in html, "Hint" in html
    (13, True, True)
    """
    parts = [_countdown(view, lang), _pictures(view, lang), aside, _record(view, lang,
                                                                           record_file)]
    if not view.watching and view.stage not in ("left", "ended") and view.cards:
        if view.stage == "pass":
            label = say("table_panel.pass_cards")[lang]
            buttons = card_buttons(view.cards, lang, live, selected=view.selected, toggles=True,
                                   label=label)
        else:
            label = say("table_panel.your_cards")[lang]
            buttons = card_buttons(view.cards, lang, live, playable=view.playable,
                                   reasons={c: t[lang] for c, t in view.reasons.items()},
                                   label=label)
        parts.append(heading(label) + buttons)
    if view.leave_question is not None:
        parts.append(note_html(view.leave_question, lang))
    parts.append(_controls_html(_groups(view, lang, extra_controls), live))
    parts.append(note_html(view.note, lang))
    return "".join(parts)


def _controls_html(groups: list[tuple[str, list[Control]]], live: bool) -> str:
    """Labelled groups of buttons (an unlabelled one as a plain row)."""
    parts = []
    for label, controls in groups:
        buttons = [button(c.label, c.act, live, c.value, c.pressed, blocked=c.blocked)
                   for c in controls]
        parts.append(group(label, *buttons) if label else
                     '<div class="maca-controls">' + "".join(buttons) + "</div>")
    return "".join(parts)


def _groups(view: SeatView, lang: str, extra: Sequence[Control]) -> list[tuple[str, list[Control]]]:
    """The buttons of the seat's decision, the extra ones, then hint, undo and leave."""
    if view.watching:
        return [("", list(extra))] if extra else []
    stage, rules = view.stage, view.rules
    main: list[Control] = []
    if stage == "pass":
        main.append(Control(say("pass_cards")[lang], "confirm_pass",
                            blocked=len(view.selected) != rules.pass_count))
    elif stage == "peskir":
        main += [Control(say("table.peskir_yes")[lang], "peskir", "yes"),
                 Control(say("table.peskir_no")[lang], "peskir", "no")]
    elif stage == "moon":
        value = rules.moon_value
        main += [Control(say("table.moon_old", value=value)[lang], "moon", "old"),
                 Control(say("table.moon_new", value=value)[lang], "moon", "new")]
    elif stage == "hand_over":
        main.append(Control(say("table_panel.next")[lang], "next",
                            blocked=view.seat not in view.waiting_for))
    main += extra
    if view.can_hint:
        main.append(Control(say("hint")[lang], "hint"))
    if view.can_undo:
        main.append(Control(say("table_panel.undo")[lang], "undo"))
    if view.can_leave and view.leave_question is not None:
        main += [Control(say("table.leave_yes")[lang], "leave", "yes"),
                 Control(say("table.leave_no")[lang], "leave", "no")]
    elif view.can_leave:
        main.append(Control(say("table_panel.leave")[lang], "leave"))
    return [("", main)] if main else []


def _occupant(view: SeatView, seat: int, lang: str) -> str | None:
    """Who plays in a seat, beside its place: a person's name, "bilgisayar (Çağrı'nın
    yerine)" for a computer player that took a person's seat, else None (the viewer's own
    seat too)."""
    if seat == view.seat and not view.watching:
        return None
    name = view.names[seat] if seat < len(view.names) else None
    if name:
        return name
    gone = view.stand_ins[seat] if seat < len(view.stand_ins) else None
    if gone:
        return say("table_panel.stand_in", name=person_name(gone, "gen"))[lang]
    return None


def _label(view: SeatView, seat: int, lang: str) -> str:
    """A seat's label in the view: "Batı · Ali", "Doğu · bilgisayar (Çağrı'nın yerine)"; the
    viewer's own is "Güney (sen)"."""
    return render.seat_label(seat, lang, view.players, _occupant(view, seat, lang),
                             you=not view.watching)


def _who(view: SeatView, seat: int, lang: str, case: str = "nom") -> str:
    """A seat for a sentence, the person first: "Ayşe'de (Doğu)", "Mehmet'in (Batı)",
    "Doğu'da" (no person there); English "Ayşe (East)"."""
    name = view.names[seat] if seat < len(view.names) else None
    n = view.players
    if name and (view.watching or seat != view.seat):
        return f"{person_name(name, case)[lang]} ({seat_form(seat, lang, 'nom', n, you=False)})"
    return Text(seat_form(seat, "tr", case, n, you=False),
                seat_form(seat, "en", "nom", n, you=False))[lang]


def _seats(view: SeatView, seats: Sequence[int], lang: str) -> str:
    """Seats as a list: "Ali (Batı), Kuzey"."""
    return ", ".join(_who(view, s, lang) for s in seats)


def _countdown(view: SeatView, lang: str) -> str:
    """The move timer: seconds left, drawn for the page script to tick."""
    left = view.seconds_left
    if left is None:
        return ""
    deciding = [s for s in view.waiting_for if s not in view.away]
    if view.watching and len(deciding) == 1:        # the teacher: whose time it is
        who = _who(view, deciding[0], lang, "gen")
        left_key, left_words = "table_panel.time_of", {"who": who}
    else:
        left_key, left_words = "table.time_left", {}
    words = {"template": say(left_key, seconds="{s}", **left_words)[lang],
             "warning": say("table.time_warning", seconds="{s}")[lang]}
    shown = (say("table.time_warning", seconds=int(left + 0.999)) if left <= WARNING_SECONDS
             else say(left_key, seconds=int(left + 0.999), **left_words))[lang]
    attrs = "".join(f' data-{k}="{escape(v)}"' for k, v in words.items())
    return (f'<p class="maca-note maca-countdown" role="timer" '
            f'data-maca-countdown="{left:.2f}"{attrs}>{escape(shown)}</p>'
            '<p class="maca-countdown-alert" role="alert" style="margin:0"></p>')


def _waiting(view: SeatView, lang: str) -> list[str]:
    """Whom the table waits for (a table of several people), and for what, in one line;
    whose connection is lost."""
    stage, others = view.stage, [s for s in view.waiting_for if view.watching or s != view.seat]
    on = view.waiting_on
    lines = []
    if stage in ("left", "ended", "game_over"):
        return []
    if others and (on == "pass" or stage in ("pass", "passed")):
        lines.append(say("table_panel.wait_pass", seats=_seats(view, others, lang))[lang])
    elif others and (on == "next" or stage == "hand_over"):
        line = say("table_panel.wait_next", seats=_seats(view, others, lang))[lang]
        if not view.watching and view.seat not in view.waiting_for:   # they pressed "next"
            line = f'{say("table_panel.ready")[lang]} {line}'
        lines.append(line)
    elif others and (on == "moon" or stage in ("moon", "moon_wait")):
        lines.append(say("table_panel.wait_moon", who=_who(view, others[0], lang))[lang])
    elif others and on == "peskir":
        lines.append(say("table_panel.wait_peskir", seats=_seats(view, others, lang))[lang])
    elif stage in ("wait", "play") and (view.watching or stage == "wait"):
        mover = view.to_move if view.to_move is not None else next(iter(others), None)
        if mover is not None:
            lines.append(say("table_panel.wait_turn", who=_who(view, mover, lang, "loc"))[lang])
    lines += [say("table_panel.away", who=_who(view, s, lang, "gen"))[lang] for s in view.away
              if view.watching or s != view.seat]
    return [f'<p class="maca-note">{escape(line)}</p>' for line in lines]


def _pictures(view: SeatView, lang: str) -> str:
    """Everything but the buttons and the record: the trick, what happened, whom the table
    waits for, the score sheet and chart, the hands shown."""
    n, stage = view.players, view.stage
    labels = [_label(view, s, lang) for s in range(n)]
    people = [_occupant(view, s, lang) for s in range(n)]
    passing = stage in ("pass", "passed") or view.waiting_on == "pass"
    turn = "none" if passing or stage == "peskir" or view.waiting_on == "peskir" else "frame"
    state = say("table_panel.passing_now")[lang] if passing else None
    parts = []
    if stage != "left" and view.trick is not None:
        tricks = [(view.trick, view.trick_number)]
        if view.previous is not None:
            # the others finished a trick and began the next: show both
            tricks.insert(0, (view.previous, view.previous_number))
        parts.append(row(*(render.trick_html(trick, lang=lang, size=58, number=number,
                                             names=people, you=not view.watching, turn=turn,
                                             state=state if trick is view.trick else None)
                           for trick, number in tricks)))
    if view.events:
        parts.append('<p class="maca-note">' + escape(" · ".join(
            e.text(lang) for e in view.events)) + "</p>")
    parts += _waiting(view, lang)
    if view.watching and view.revealed is not None and any(view.revealed):
        # one hand a line (four side by side overlap on a narrow screen), the seat above it
        parts.append(heading(say("table_panel.hands_now")[lang]) + "".join(
            f'<div style="margin:.25rem 0"><div style="font-weight:600">{escape(labels[s])}'
            f'</div>{render.hand_html(cards, lang=lang, size=40, label=labels[s])}</div>'
            for s, cards in enumerate(view.revealed)))
    if view.sheet and (view.watching or stage in ("hand_over", "game_over", "moon", "moon_wait",
                                                  "left", "ended")):
        head = "".join(f"<th>{escape(x)}</th>" for x in labels)
        body = "".join(f"<tr><td>{number}</td>"
                       + "".join(f"<td>{_number(p)}</td>" for p in points)
                       + "</tr>" for number, points in view.sheet)
        total = "".join(f"<td><strong>{_number(t)}</strong></td>" for t in view.totals)
        parts.append(heading(say("score_sheet")[lang])
                     + f'<table class="maca-sheet"><thead><tr><th>{say("hand_no")[lang]}</th>'
                     f"{head}</tr></thead><tbody>{body}<tr><td>{say('total')[lang]}</td>"
                     f"{total}</tr></tbody></table>"
                     + totals_chart_svg(view.rules, [points for _, points in view.sheet], lang,
                                        labels=labels))
    if not view.watching and view.revealed is not None:
        parts.append(heading(say("table_panel.revealed")[lang]) + "".join(
            f'<p class="maca-note">{escape(labels[s])}: {escape(card_list(cards))}</p>'
            for s, cards in enumerate(view.revealed)))
    return "".join(parts)


def _record(view: SeatView, lang: str, file: str) -> str:
    """The game record (`Game.from_record` replays it): to read, copy or download."""
    if view.record is None:
        return ""
    link = "data:text/plain;charset=utf-8," + quote(view.record)
    name = say("table_panel.record")[lang]
    return (f'<details class="maca-record"><summary>{escape(name)}</summary>'
            f'<p><a download="{escape(file)}" href="{escape(link)}">'
            f'{escape(say("table_panel.download")[lang])}</a></p>'
            f'<pre style="white-space:pre-wrap;font-size:12px">{escape(view.record)}</pre>'
            f"</details>")


def table_game(lang: str = "tr", rules: str = "standard", level: str = "hard",
               mode: str = "practice", timer: int = 60, target: int | None = None,
               passing: bool | None = None, moon: str | None = None,
               seed: int | None = None) -> TablePanel:
    """A whole game against the computer, live in the page (choices first, then the game).

    >>> panel = table_game(lang="tr", level="medium", seed=2)
    >>> panel.act("mode", "rated"); panel.act("timer", "30"); panel.act("start")
    >>> panel.table.mode, panel.table.timer, 'data-maca-countdown="30.00"' in panel.body(True)
    ('rated', 30, True)
    """
    return TablePanel(lang, rules=rules, level=level, mode=mode, timer=timer, target=target,
                      passing=passing, moon=moon, seed=seed)
