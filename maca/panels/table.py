"""The table as a panel: a whole game against the computer, live in the book's page.

The panel draws the table controller (`maca.table.Table`); before the game it shows the
choices (level, rules, practice or rated, timer, target, passing, moon rule) and a start
button. A rated game's move timer is drawn as a ``[data-maca-countdown]`` element: the page
script ticks it every second and, at zero, sends the ``timeout`` action; Python checks its own
clock and plays for the learner. The notebook's widget (`maca.widgets.PanelWidget`) shows
the same panel and ticks the timer the same way.

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
from typing import Any, Callable, NamedTuple

from .. import render
from ..cards import CardSet, card_list
from ..reasons import seat_name
from ..words import catalogue, number as _number, preset_name, say, signed
from ..rules import PRESET_NAMES
from ..table import TIMER_RANGE, Table, make_rules, totals_chart_svg
from .base import (Panel, button, card_buttons, group, heading, note_html, notes_html,
                   parse_card, parse_choice, parse_number, row)

__all__ = ["TablePanel", "table_game", "WORDS", "Control"]

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
    "session": ("Bu oturumun oyunları", "This session's games"),
    "standing": ("Puanlı sonuç toplamın: {standing}", "Your rated results add up to: {standing}"),
    "record": ("Oyun kaydı", "Game record"),
    "download": ("Kaydı indir (metin dosyası)", "Download the record (a text file)"),
    "trick": ("Masadaki el", "The trick"),
    "game_word": ("oyun", "game"),
}
catalogue("table_panel", WORDS, scoped=True)

_TIMERS = (30, 60, 120, 300)


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
        make_rules(rules, target, passing, moon)     # refuse bad choices now
        self.choice: dict[str, Any] = {"rules": rules, "level": level, "mode": mode,
                                       "timer": timer, "target": target, "passing": passing,
                                       "moon": moon}
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
        def choose(name: str, values: tuple[str, ...]) -> Callable[[str], None]:
            def set_value(value: str) -> None:
                self.choice[name] = parse_choice(value, values, name)
            return set_value

        def timer(value: str) -> None:
            self.choice["timer"] = parse_number(value, *TIMER_RANGE,
                                                say("panel.the_move_timer"))

        def target(value: str) -> None:
            self.choice["target"] = parse_number(value, 1, 999, say("panel.the_target"))

        return {
            "level": choose("level", ("easy", "medium", "hard")),
            "rules": self._set_rules,
            "mode": choose("mode", ("practice", "rated")),
            "timer": timer,
            "target": target,
            "passing": lambda v: self.choice.update(
                passing=parse_choice(v, ("on", "off"), "passing") == "on"),
            "moon_rule": choose("moon", ("old", "new", "choice")),
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

    def _set_rules(self, value: str) -> None:
        self.choice["rules"] = parse_choice(value, PRESET_NAMES, "rules")
        self.choice["target"] = self.choice["passing"] = None   # as the preset has them

    def start(self) -> None:
        """Sit down with the chosen options."""
        c = self.choice
        rated = c["mode"] == "rated"
        self.table = Table(c["rules"], level=c["level"], mode=c["mode"],
                           timer=c["timer"] if rated else None, seed=self.seed,
                           target=c["target"], passing=c["passing"], moon=c["moon"],
                           budget=self.budget)
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
    def groups(self) -> list[tuple[str, list[Control]]]:
        """The panel's buttons, in labelled groups, as `body` draws them."""
        lang, table = self.lang, self.table
        if table is None:
            c = self.choice
            rules = make_rules(c["rules"], c["target"], c["passing"], c["moon"])
            out = [
                (say("table_panel.level")[lang], [Control(say(f"table.level_{v}")[lang], "level", v,
                                             c["level"] == v) for v in ("easy", "medium", "hard")]),
                (say("rules")[lang], [Control(preset_name(v, lang, capital=True), "rules", v,
                                             c["rules"] == v) for v in PRESET_NAMES]),
                (say("table_panel.mode")[lang], [Control(say(f"table.{v}")[lang], "mode", v, c["mode"] == v)
                                    for v in ("practice", "rated")]),
            ]
            if c["mode"] == "rated":
                out.append((say("table_panel.timer")[lang], [Control(str(v), "timer", str(v),
                                                        c["timer"] == v) for v in _TIMERS]))
            targets = sorted({50, 100, make_rules(c["rules"]).target})
            out.append((say("table_panel.target")[lang], [Control(str(v), "target", str(v),
                                                     rules.target == v) for v in targets]))
            out.append((say("table_panel.passing")[lang], [
                Control(say("table_panel.on")[lang], "passing", "on", bool(rules.pass_cycle)),
                Control(say("table_panel.off")[lang], "passing", "off", not rules.pass_cycle)]))
            out.append((say("moon")[lang], [Control(say(f"table_panel.moon_rule_{v}")[lang], "moon_rule", v,
                                                   rules.moon == v)
                                           for v in ("old", "new", "choice")]))
            out.append(("", [Control(say("table_panel.start")[lang], "start")]))
            return out
        stage = table.stage
        practice = table.mode == "practice"
        main: list[Control] = []
        if stage == "pass":
            main.append(Control(say("pass_cards")[lang], "confirm_pass",
                                blocked=len(table.selected) != table.rules.pass_count))
        elif stage == "peskir":
            main += [Control(say("table.peskir_yes")[lang], "peskir", "yes"),
                     Control(say("table.peskir_no")[lang], "peskir", "no")]
        elif stage == "moon":
            value = table.rules.moon_value
            main += [Control(say("table.moon_old", value=value)[lang], "moon", "old"),
                     Control(say("table.moon_new", value=value)[lang], "moon", "new")]
        elif stage == "hand_over":
            main.append(Control(say("table_panel.next")[lang], "next"))
        elif stage in ("game_over", "left"):
            main += [Control(say("table_panel.again")[lang], "again"), Control(say("table_panel.setup")[lang], "setup")]
        if practice and stage in ("pass", "play"):
            main.append(Control(say("hint")[lang], "hint"))
        if practice and stage not in ("left",):
            main.append(Control(say("table_panel.undo")[lang], "undo"))
        if stage not in ("game_over", "left"):
            main.append(Control(say("table_panel.leave")[lang], "leave"))
        return [("", main)]

    def hand_cards(self) -> dict[str, Any] | None:
        """The learner's cards as `card_buttons` draws them (None before the game)."""
        table = self.table
        if table is None or table.stage in ("left",):
            return None
        held = table.hand.cards(table.seat)
        if not held:
            return None
        if table.stage == "pass":
            return {"cards": held, "selected": table.selected, "toggles": True,
                    "label": say("table_panel.pass_cards")[self.lang]}
        playable = table.legal() if table.stage == "play" else CardSet()
        return {"cards": held, "playable": playable, "reasons": table.reasons(self.lang),
                "label": say("table_panel.your_cards")[self.lang]}

    def countdown(self) -> str:
        """The move timer: seconds left, drawn for the page script to tick."""
        table = self.table
        left = table.remaining() if table is not None else None
        if left is None:
            return ""
        lang = self.lang
        words = {"template": say("table.time_left", seconds="{s}")[lang],
                 "warning": say("table.time_warning", seconds="{s}")[lang]}
        shown = table.timer_note() if table is not None else None
        attrs = "".join(f' data-{k}="{escape(v)}"' for k, v in words.items())
        return (f'<p class="maca-note maca-countdown" role="timer" '
                f'data-maca-countdown="{left:.2f}"{attrs}>'
                f'{escape(shown.text(lang) if shown else "")}</p>'
                '<p class="maca-countdown-alert" role="alert" style="margin:0"></p>')

    def pictures(self) -> str:
        """Everything but the buttons: the trick, what happened, the score sheet, the chart,
        the hands after the hand (practice) and the session's record."""
        table, lang = self.table, self.lang
        if table is None:
            return notes_html([], lang) + f'<p class="maca-note">{escape(say("table_panel.setup_note")[lang])}</p>'
        n = table.players
        parts = [self.countdown()]
        stage = table.stage
        if stage not in ("left",):
            hand = table.hand
            trick, number = table.shown_trick()
            pictures = [render.trick_html(trick, lang=lang, size=58,  # type: ignore[arg-type]
                                          number=number)]
            if hand.current_trick.cards and table.tricks_done:
                # the computer players finished a trick and began the next: show both
                pictures.insert(0, render.trick_html(hand.tricks[-1], lang=lang, size=58,
                                                     number=len(hand.tricks)))
            parts.append(row(*pictures))
        if table.events:
            parts.append('<p class="maca-note">' + escape(" · ".join(
                e.text(lang) for e in table.events)) + "</p>")
        sheet = table.sheet()
        if sheet and stage in ("hand_over", "game_over", "moon", "left"):
            names = [seat_name(s, lang, n) for s in range(n)]
            head = "".join(f"<th>{escape(x)}</th>" for x in names)
            body = "".join(f"<tr><td>{number}</td>"
                           + "".join(f"<td>{_number(p)}</td>" for p in points)
                           + "</tr>" for number, points in sheet)
            total = "".join(f"<td><strong>{_number(t)}</strong></td>"
                            for t in table.game.totals)
            parts.append(heading(say("score_sheet")[lang])
                         + f'<table class="maca-sheet"><thead><tr><th>{say("hand_no")[lang]}</th>'
                         f"{head}</tr></thead><tbody>{body}<tr><td>{say('total')[lang]}</td>"
                         f"{total}</tr></tbody></table>"
                         + totals_chart_svg(table.game, lang))
        shown = table.revealed()
        if shown is not None:
            parts.append(heading(say("table_panel.revealed")[lang]) + "".join(
                f'<p class="maca-note">{escape(seat_name(s, lang, n))}: '
                f'{escape(card_list(cards))}</p>'
                for s, cards in enumerate(shown)))
        if stage in ("game_over", "left"):
            parts.append(self.session_html())
        if stage in ("hand_over", "game_over", "left"):
            parts.append(self.record_html())
        return "".join(parts)

    def record_html(self) -> str:
        """The game record (`Game.from_record` replays it): to read, copy or download."""
        table, lang = self.table, self.lang
        assert table is not None
        record = table.record()
        link = "data:text/plain;charset=utf-8," + quote(record)
        name = say("table_panel.record")[lang]
        return (f'<details class="maca-record"><summary>{escape(name)}</summary>'
                f'<p><a download="maca-game-{table.games}.txt" href="{escape(link)}">'
                f'{escape(say("table_panel.download")[lang])}</a></p>'
                f'<pre style="white-space:pre-wrap;font-size:12px">{escape(record)}</pre>'
                f"</details>")

    def session_html(self) -> str:
        """The session's games and your rated total."""
        table, lang = self.table, self.lang
        assert table is not None
        items = "".join(
            f"<li>{r.number}. {escape(say('table_panel.game_word')[lang])} — {escape(say(f'table.{r.mode}')[lang])}, "
            f"{escape(say(f'table.level_{r.level}')[lang])}, {escape(_preset(r.rules, lang))}: "
            f"{escape(say(f'table.{r.result_key()}')[lang])}</li>" for r in table.results)
        return (heading(say("table_panel.session")[lang]) + f"<ul>{items}</ul>"
                + f'<p class="maca-note">{escape(say("table_panel.standing", standing=signed(table.session_standing()))[lang])}</p>')

    def body(self, live: bool) -> str:
        lang = self.lang
        parts = [self.pictures()]
        cards = self.hand_cards()
        if cards is not None:
            parts.append(heading(cards["label"]) + card_buttons(lang=lang, live=live, **cards))
        for label, controls in self.groups():
            buttons = [button(c.label, c.act, live, c.value, c.pressed, blocked=c.blocked)
                       for c in controls]
            parts.append(group(label, *buttons) if label else
                         '<div class="maca-controls">' + "".join(buttons) + "</div>")
        note = self.table.note if self.table is not None else None
        parts.append(note_html(note, lang))
        return "".join(parts)


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
