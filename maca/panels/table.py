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
from ..table import TIMER_RANGE, WARNING_SECONDS, SeatView, Table, make_rules, totals_chart_svg
from ..words import SeatWord, catalogue, number as _number, preset_name, say, signed
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
    "setup_note": ("Seçimlerini yap ve oyuna başla. Test oyununda geri alma ve ipucu var, süre "
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
    # a table of several people: whom it waits for
    "wait_pass": ("Kart geçirmesi beklenenler: {seats}.", "Still to pass their cards: {seats}."),
    "wait_turn": ("Sıra {seat:loc}{name}.", "Waiting for {seat:nom}{name}."),
    "wait_next": ("Sonraki tura geçmesi beklenenler: {seats}.",
                  "Still to go on to the next hand: {seats}."),
    "wait_moon": ("{seat:Nom}{name} kafa attı; eski usul mü yeni usul mü, seçmesi bekleniyor.",
                  "{seat:Nom}{name} shot the moon; waiting for the choice of old or new style."),
    "away": ("{seat:Gen}{name} bağlantısı koptu; masa onu bekliyor.",
             "The connection of {seat:nom}{name} is lost; the table waits for them."),
    "ended": ("Öğretmen masayı kapattı; oyun burada bitti.",
              "The teacher ended the table; the game stops here."),
}
catalogue("table_panel", WORDS, scoped=True)

_TIMERS = (30, 60, 120, 300)
_LEVELS = ("easy", "medium", "hard")
_MODES = ("practice", "rated")
_MOONS = ("old", "new", "choice")


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
    The book's setup screen and the class server's "open a table" form both offer them.

    >>> choices = TableChoices(level="medium")
    >>> choices.act("mode", "rated"), choices.act("timer", "30"), choices.act("start", "")
    (True, True, False)
    >>> choices.values()["timer"], choices.values()["mode"], choices.make_rules().target
    (30, 'rated', 100)
    """

    #: The actions that change a choice (the buttons of `controls`).
    ACTIONS = ("level", "rules", "mode", "timer", "target", "passing", "moon_rule")

    def __init__(self, rules: str = "standard", level: str = "hard", mode: str = "practice",
                 timer: int = 60, target: int | None = None, passing: bool | None = None,
                 moon: str | None = None) -> None:
        make_rules(rules, target, passing, moon)     # refuse bad choices now
        self.rules, self.level, self.mode, self.timer = rules, level, mode, timer
        self.target, self.passing, self.moon = target, passing, moon

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
        else:
            return False
        return True

    def make_rules(self) -> Rules:
        """The rules these choices make."""
        return make_rules(self.rules, self.target, self.passing, self.moon)

    def values(self) -> dict[str, Any]:
        """The choices as keyword arguments of `maca.table.Table` (and of the class server's
        table settings): rules, level, mode, timer (None in practice), target, passing, moon."""
        return {"rules": self.rules, "level": self.level, "mode": self.mode,
                "timer": self.timer if self.mode == "rated" else None, "target": self.target,
                "passing": self.passing, "moon": self.moon}

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
            "leave": lambda _: self._table().leave(),
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
        return draw_table(table.view(), lang, live, again,
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
    if view.can_leave:
        main.append(Control(say("table_panel.leave")[lang], "leave"))
    return [("", main)] if main else []


def _label(view: SeatView, seat: int, lang: str) -> str:
    """A seat's label in the view: "Batı · Ali"; the viewer's own is "Güney (sen)"."""
    name = view.names[seat] if seat < len(view.names) else None
    if seat == view.seat and not view.watching:
        name = None
    return render.seat_label(seat, lang, view.players, name, you=not view.watching)


def _who(view: SeatView, seat: int, lang: str) -> dict[str, Any]:
    """A seat for a sentence: ``seat`` (its forms: "Batı'da", "sende") and ``name`` (" (Ali)"
    after it, or nothing)."""
    name = view.names[seat] if seat < len(view.names) else None
    word = render.PlaceWord if view.watching else SeatWord
    return {"seat": word(seat, lang, view.players),
            "name": f" ({name})" if name and (view.watching or seat != view.seat) else ""}


def _seats(view: SeatView, seats: Sequence[int], lang: str) -> str:
    """Seats as a list: "Batı (Ali), Kuzey"."""
    return ", ".join("{seat:name}{name}".format(**_who(view, s, lang)) for s in seats)


def _countdown(view: SeatView, lang: str) -> str:
    """The move timer: seconds left, drawn for the page script to tick."""
    left = view.seconds_left
    if left is None:
        return ""
    words = {"template": say("table.time_left", seconds="{s}")[lang],
             "warning": say("table.time_warning", seconds="{s}")[lang]}
    key = "time_warning" if left <= WARNING_SECONDS else "time_left"
    shown = say(f"table.{key}", seconds=int(left + 0.999))[lang]
    attrs = "".join(f' data-{k}="{escape(v)}"' for k, v in words.items())
    return (f'<p class="maca-note maca-countdown" role="timer" '
            f'data-maca-countdown="{left:.2f}"{attrs}>{escape(shown)}</p>'
            '<p class="maca-countdown-alert" role="alert" style="margin:0"></p>')


def _waiting(view: SeatView, lang: str) -> list[str]:
    """Whom the table waits for (a table of several people), whose connection is lost, and
    that the teacher ended the table."""
    stage, others = view.stage, [s for s in view.waiting_for if view.watching or s != view.seat]
    lines = []
    if stage == "ended":
        lines.append(say("table_panel.ended")[lang])
    elif others and stage in ("pass", "passed"):
        lines.append(say("table_panel.wait_pass", seats=_seats(view, others, lang))[lang])
    elif others and stage == "hand_over":
        lines.append(say("table_panel.wait_next", seats=_seats(view, others, lang))[lang])
    elif others and stage in ("moon", "moon_wait"):
        lines.append(say("table_panel.wait_moon", **_who(view, others[0], lang))[lang])
    elif stage in ("wait", "peskir", "play") and (view.watching or stage == "wait"):
        mover = view.to_move if view.to_move is not None else next(iter(others), None)
        if mover is not None:
            lines.append(say("table_panel.wait_turn", **_who(view, mover, lang))[lang])
    if stage not in ("game_over", "left", "ended"):
        lines += [say("table_panel.away", **_who(view, s, lang))[lang] for s in view.away
                  if view.watching or s != view.seat]
    return [f'<p class="maca-note">{escape(line)}</p>' for line in lines]


def _pictures(view: SeatView, lang: str) -> str:
    """Everything but the buttons and the record: the trick, what happened, whom the table
    waits for, the score sheet and chart, the hands shown."""
    n, stage = view.players, view.stage
    labels = [_label(view, s, lang) for s in range(n)]
    people = [name if view.watching or s != view.seat else None
              for s, name in enumerate(view.names)]
    parts = []
    if stage != "left" and view.trick is not None:
        tricks = [(view.trick, view.trick_number)]
        if view.previous is not None:
            # the others finished a trick and began the next: show both
            tricks.insert(0, (view.previous, view.previous_number))
        parts.append(row(*(render.trick_html(trick, lang=lang, size=58, number=number,
                                             names=people, you=not view.watching)
                           for trick, number in tricks)))
    if view.events:
        parts.append('<p class="maca-note">' + escape(" · ".join(
            e.text(lang) for e in view.events)) + "</p>")
    parts += _waiting(view, lang)
    if view.watching and view.revealed is not None:
        parts.append(heading(say("table_panel.hands_now")[lang]) + row(*(
            render.hand_html(cards, lang=lang, size=40, label=labels[s])
            + f'<p class="maca-note">{escape(labels[s])}</p>'
            for s, cards in enumerate(view.revealed))))
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
