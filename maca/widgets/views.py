"""The lessons' widgets: ipywidgets composition over the controllers, nothing else.

Pictures are `maca.render` HTML in ``HTML`` widgets; a card is clicked through a ``Button``
(its description the card's symbol, its tooltip the card's name). No custom JavaScript, so the
widgets work in Jupyter, Voilà and JupyterLite. A callback's unexpected error is shown in the
lesson's ``Output`` instead of disappearing.
"""
from __future__ import annotations

import functools
from html import escape
from typing import Any, Callable

import ipywidgets as W

from .. import render
from ..cards import Card, CardSet
from ..reasons import seat_name
from ..rules import Rules
from ..words import SeatWord, preset_name
from ..render import message_html
from ..lessons import (SETTINGS, FollowSuitLesson, HeartsLesson, MoonLesson, Note,
                          PassingLesson, PlayLesson, ScoringLesson, Settings, TrickStepper,
                          text)

__all__ = ["SettingsBar", "CardButtons", "PlayView", "TrickView", "PassingView",
           "FollowSuitView", "HeartsView", "ScoringView", "MoonView"]

_LEGAL_BORDER, _SELECTED_COLOUR = "2px solid #2563eb", "#fde68a"
_AUTO = {"button_width": "auto"}


class SettingsBar(W.HBox):
    """TR/EN and four-colour toggles bound to a `Settings` (all widgets of the page follow)."""

    def __init__(self, settings: Settings = SETTINGS) -> None:
        self.settings = settings
        self.lang = W.ToggleButtons(options=[("TR", "tr"), ("EN", "en")], value=settings.lang,
                                    style={"button_width": "44px"})
        self.four = W.ToggleButton(value=settings.four_colour, layout={"width": "auto"})
        self.lang.observe(lambda change: settings.update(lang=change["new"]), "value")
        self.four.observe(lambda change: settings.update(four_colour=change["new"]), "value")
        super().__init__([self.lang, self.four], layout={"margin": "0 0 6px 0"})
        settings.subscribe(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Follow the settings (another bar may have changed them)."""
        lang = self.settings.lang
        self.lang.value = lang
        self.four.value = self.settings.four_colour
        self.four.description = text("four_colour", lang)
        self.four.tooltip = text("four_colour_tip", lang)
        self.lang.tooltips = [text("lang", lang)] * 2


class CardButtons(W.HBox):
    """One button per card, grouped by suit; ``states`` marks each card legal, illegal,
    selected or plain."""

    def __init__(self, on_card: Callable[[Card], None]) -> None:
        self._on_card = on_card
        self._cards: list[Card] = []
        self.buttons: list[W.Button] = []
        super().__init__([], layout={"flex_flow": "row wrap", "margin": "4px 0"})

    def show(self, cards: list[Card], states: dict[Card, str], lang: str, four: bool,
             tips: dict[Card, str] | None = None) -> None:
        """Show ``cards`` in order; ``states`` maps a card to legal/illegal/selected/other."""
        while len(self.buttons) < len(cards):
            button = W.Button(layout={"width": "52px", "height": "34px", "padding": "0"})
            button.on_click(self._clicked)
            self.buttons.append(button)
        self._cards = list(cards)
        previous = None
        for button, card in zip(self.buttons, cards):
            state = states.get(card, "normal")
            button.description = card.symbol
            button.tooltip = card.name(lang) + (f" — {tips[card]}" if tips and card in tips
                                                else "")
            button.style.text_color = render.suit_colour(card.suit, four)
            button.style.font_weight = "700" if state in ("legal", "selected") else "400"
            button.style.button_color = {"selected": _SELECTED_COLOUR, "illegal": "#eceff1",
                                         "other": "#eceff1"}.get(state, "#ffffff")
            if state in ("illegal", "other"):
                button.style.text_color = "#9aa0a6"
            button.layout.border = _LEGAL_BORDER if state == "legal" else "1px solid #c9ced6"
            button.layout.margin = "2px 2px 2px 10px" if previous not in (None, card.suit) \
                else "2px"
            previous = card.suit
        self.children = tuple(self.buttons[:len(cards)])

    def button_for(self, card: Card | str) -> W.Button:
        """The button showing ``card`` (for tests and lesson pages)."""
        return self.buttons[self._cards.index(Card.parse(card))]

    def _clicked(self, button: W.Button) -> None:
        self._on_card(self._cards[self.buttons.index(button)])


class _Lesson(W.VBox):
    """A lesson: settings bar, picture, card buttons, controls, message, error output.

    Subclasses create their own widgets before calling this constructor and draw themselves in
    `_draw`; while drawing, widget events are ignored (relabelling is not a user action).
    """

    def __init__(self, settings: Settings, bar: bool, controls: list[W.Widget]) -> None:
        self.settings = settings
        self._drawing = False
        self.picture = W.HTML()
        self.cards = CardButtons(self._guard(self._card))
        self.message = W.HTML()
        self.errors = W.Output()
        self.controls = W.HBox(controls, layout={"flex_flow": "row wrap", "margin": "4px 0"})
        super().__init__(([SettingsBar(settings)] if bar else []) + self._parts())
        settings.subscribe(self.refresh)
        self.refresh()

    def _parts(self) -> list[W.Widget]:
        return [self.picture, self.cards, self.controls, self.message, self.errors]

    @property
    def lang(self) -> str:
        """The page's language now."""
        return self.settings.lang

    @property
    def four(self) -> bool:
        """Four-colour suits?"""
        return self.settings.four_colour

    def _guard(self, action: Callable[..., object]) -> Callable[..., None]:
        """Run ``action`` then redraw; an unexpected error lands in the lesson's Output."""
        def run(*args: object) -> None:
            if self._drawing:
                return
            with self.errors:
                action(*args)
                self.refresh()
        return run

    def _button(self, key: str, action: Callable[[], object]) -> W.Button:
        button = W.Button(layout={"width": "auto"})  # labelled by refresh()
        button.on_click(self._guard(lambda _: action()))
        self._labels = getattr(self, "_labels", []) + [(button, key)]
        return button

    def _on(self, widget: W.Widget, action: Callable[[Any], object]) -> None:
        """Call ``action(new value)`` when the user changes ``widget``."""
        widget.observe(lambda change: self._guard(action)(change["new"]), "value")

    def _card(self, card: Card) -> None:
        """What a click on a card does (lessons without card buttons never get one)."""

    def _note(self, note: Note | None, extra: str = "") -> None:
        self.message.value = (message_html(note.text(self.lang), note.kind) if note else "") + extra

    def refresh(self) -> None:
        """Redraw everything from the controller and the settings."""
        self._drawing = True
        try:
            for button, key in getattr(self, "_labels", []):
                button.description = button.tooltip = text(key, self.lang)
            self._draw()
        finally:
            self._drawing = False

    def _draw(self) -> None:
        raise NotImplementedError


def _options(widget: W.ToggleButtons | W.Dropdown, options: list[tuple[str, object]]) -> None:
    """Relabel a choice widget, keeping its value."""
    if list(widget.options) != options:
        value = widget.value
        widget.options = options
        widget.value = value


def _row(*parts: str, align: str = "flex-end") -> str:
    return (f'<div style="display:flex;flex-wrap:wrap;gap:14px;align-items:{align}">'
            + "".join(f"<div>{p}</div>" for p in parts) + "</div>")


def _piles(rules: Rules, taken: list[CardSet], lang: str, four: bool) -> str:
    """What each seat has taken, side by side."""
    return _row(*(render.taken_html(cards, rules, lang=lang, four_colour=four, size=40,
                                    seat=seat) for seat, cards in enumerate(taken)),
                align="flex-start")


def _label(label: str) -> str:
    """A control's caption, in the pictures' font."""
    return (f'<span style="font-family:{render.FONT};font-size:13px;font-weight:600;'
            f'color:#2b2f36;margin:0 6px 0 4px">{label}</span>')


def _heading(label: str) -> str:
    return (f'<div style="font-family:{render.FONT};font-size:13px;font-weight:600;'
            f'color:#2b2f36;margin:6px 0 2px">{label}</div>')


class PlayView(_Lesson):
    """Play a hand: click a card; illegal ones say why."""

    def __init__(self, lesson: PlayLesson, settings: Settings = SETTINGS, bar: bool = True,
                 controls: list[W.Widget] | None = None) -> None:
        self.lesson = lesson
        self.go_on = self._button("go_on", lesson.go_on)  # shown while a finished trick waits
        super().__init__(settings, bar, [self.go_on, self._button("restart", lesson.restart)]
                         + (controls or []))

    def _card(self, card: Card) -> None:
        self.lesson.click(card)

    def _pictures(self) -> list[str]:
        lesson, lang, four = self.lesson, self.lang, self.four
        trick, number = lesson.shown_trick()
        hand = lesson.hand
        parts = [render.trick_html(trick, lang=lang, four_colour=four, size=58, number=number)]
        if hand.is_over:
            parts.append(render.hand_scores_html(hand, lang=lang, four_colour=four))
        return parts

    def _draw(self) -> None:
        lesson, lang = self.lesson, self.lang
        held = lesson.hand.cards(lesson.seat)
        legal = lesson.legal()
        mine = render.hand_html(held, lang=lang, four_colour=self.four, size=64,
                                legal=legal if lesson.hand.to_move == lesson.seat else None,
                                label=text("your_cards", lang))
        self.picture.value = _row(*self._pictures()) + _heading(text("your_cards", lang)) + mine
        states = {c: "legal" if c in legal else "illegal" for c in held}
        self.cards.show(held.sorted_for_display(), states, lang, self.four)
        self.go_on.layout.display = "" if lesson.waiting else "none"
        self._note(lesson.note)


class FollowSuitView(PlayView):
    """Following suit: answer a lead; "Why?" lists the cards by the engine's reason."""

    def __init__(self, lesson: FollowSuitLesson, settings: Settings = SETTINGS,
                 bar: bool = True) -> None:
        self.follow = lesson
        self.kind = W.ToggleButtons(options=[("follow", "follow"), ("void", "void")],
                                    value=lesson.kind, style=_AUTO)
        self.why = W.ToggleButton(value=False, layout={"width": "auto"})
        self.kind_label = W.HTML()
        self._on(self.kind, lesson.set_kind)
        self._on(self.why, lambda on: None)
        super().__init__(lesson, settings, bar, [
            self.kind_label, self.kind, self.why, self._button("new_position", lesson.new_deal)])

    def _draw(self) -> None:
        super()._draw()
        lang = self.lang
        _options(self.kind, [(text("kind_follow", lang), "follow"),
                             (text("kind_void", lang), "void")])
        self.kind_label.value = _label(text("kind", lang))
        self.why.description = self.why.tooltip = text("why", lang)
        if self.why.value:
            self.message.value += "".join(message_html(n.text(lang), n.kind)
                                          for n in self.follow.explanation())


class HeartsView(PlayView):
    """Breaking hearts: a prepared deal, the scenario choice and the Q♠ switch."""

    def __init__(self, lesson: HeartsLesson, settings: Settings = SETTINGS,
                 bar: bool = True) -> None:
        self.scenario = W.ToggleButtons(options=[(s, s) for s in lesson.SCENARIOS],
                                        value=lesson.scenario, style=_AUTO)
        self.queen = W.Checkbox(value=lesson.queen_breaks, indent=False,
                                layout={"width": "auto"})
        self.scenario_label = W.HTML()
        self._on(self.scenario, lesson.set_scenario)
        self._on(self.queen, lesson.set_queen_breaks)
        super().__init__(lesson, settings, bar, [self.scenario_label, self.scenario, self.queen])

    def _draw(self) -> None:
        super()._draw()
        lang = self.lang
        _options(self.scenario, [(text(f"scenario_{s}", lang), s)
                                 for s in HeartsLesson.SCENARIOS])
        self.scenario_label.value = _label(text("scenario", lang))
        self.queen.description = text("queen_switch", lang)


class MoonView(PlayView):
    """Shooting the moon: the prepared deal, what everybody took, the score at the end."""

    def __init__(self, lesson: MoonLesson, settings: Settings = SETTINGS,
                 bar: bool = True) -> None:
        self.moon = lesson
        self.hint = W.ToggleButton(value=False, layout={"width": "auto"})
        self._on(self.hint, lambda on: None)
        super().__init__(lesson, settings, bar, [self.hint])

    def _pictures(self) -> list[str]:
        parts = super()._pictures()
        hand, lang, four = self.lesson.hand, self.lang, self.four
        if not hand.is_over:
            parts.append(_piles(hand.rules, [hand.taken(s) for s in range(hand.players)],
                                lang, four))
        return parts

    def _draw(self) -> None:
        super()._draw()
        lang = self.lang
        self.hint.description = self.hint.tooltip = text("hint", lang)
        self.message.value = message_html(text("moon_intro", lang)) + self.message.value
        if self.hint.value:
            self.message.value += message_html(self.moon.hint().text(lang))


class TrickView(_Lesson):
    """A hand played card by card on the table, forward and back."""

    def __init__(self, stepper: TrickStepper, settings: Settings = SETTINGS,
                 bar: bool = True) -> None:
        self.stepper = stepper
        super().__init__(settings, bar, [
            self._button("prev_trick", stepper.previous_trick),
            self._button("back", stepper.back), self._button("forward", stepper.forward),
            self._button("next_trick", stepper.next_trick),
            self._button("new_deal", stepper.new_deal)])

    def _parts(self) -> list[W.Widget]:
        return [self.picture, self.controls, self.message, self.errors]

    def _draw(self) -> None:
        self.picture.value = render.table_html(self.stepper.hand, lang=self.lang,
                                               four_colour=self.four, size=58,
                                               show_legal=False)
        self._note(self.stepper.note)


class PassingView(_Lesson):
    """Passing: choose three cards, see where they go, pass them and see what comes back."""

    def __init__(self, lesson: PassingLesson, settings: Settings = SETTINGS,
                 bar: bool = True) -> None:
        self.lesson = lesson
        cycle = len(lesson.rules.pass_cycle) or 1
        self.number = W.ToggleButtons(options=[(str(n), n) for n in range(1, cycle + 1)],
                                      value=(lesson.number - 1) % cycle + 1, style=_AUTO)
        self._on(self.number, lesson.set_number)
        self.number_label = W.HTML()
        super().__init__(settings, bar, [
            self.number_label, self.number, self._button("pass_button", lesson.confirm),
            self._button("restart", lesson.restart), self._button("new_deal", lesson.new_deal)])

    def _card(self, card: Card) -> None:
        self.lesson.toggle(card)

    def _draw(self) -> None:
        lesson, lang, four = self.lesson, self.lang, self.four
        held = lesson.hand.cards(lesson.seat)
        chosen = CardSet(lesson.selected)
        received = lesson.hand.received(lesson.seat)
        picture = [_heading(text("your_cards", lang)),
                   render.hand_html(held, lang=lang, four_colour=four, size=64,
                                    selected=chosen | received)]
        if received:
            picture += [_heading(text("received", lang)),
                        render.hand_html(received, lang=lang, four_colour=four, size=64)]
        self.picture.value = "".join(picture)
        self.cards.show(held.sorted_for_display(), {c: "selected" for c in chosen}, lang, four)
        self.number_label.value = _label(text("hand_number", lang))
        words = {n: text("towards_" + lesson.rules.pass_direction(n), lang)
                 for _, n in self.number.options}
        _options(self.number, [(f"{n} · {words[n]}", n) for n in words])
        self._note(lesson.note, message_html(text("bot_pass", lang,
                                                  count=lesson.rules.pass_count)))


class ScoringView(_Lesson):
    """Scoring: give the scoring cards to players and read the hand's score."""

    def __init__(self, lesson: ScoringLesson, settings: Settings = SETTINGS,
                 bar: bool = True, seed: int = 1) -> None:
        self.lesson = lesson
        self.seed = seed
        self.preset = W.Dropdown(options=[(p, p) for p in lesson.PRESETS], value=lesson.preset,
                                 layout={"width": "auto"})
        self.seat = W.ToggleButtons(options=[("0", 0)], value=0, style=_AUTO)
        self.flags = W.HBox(layout={"flex_flow": "row wrap"})
        self.preset_label, self.seat_label = W.HTML(), W.HTML()
        self.help = W.HTML()
        self._on(self.preset, self._set_preset)
        self._on(self.seat, self._set_active)
        self.trick_boxes: list[W.Checkbox] = []
        self.peskir_boxes: list[W.Checkbox] = []
        super().__init__(settings, bar, [
            self.preset_label, self.preset, self._button("give_all", lesson.give_all),
            self._button("clear", lesson.clear), self._button("replay", self._replay)])

    def _parts(self) -> list[W.Widget]:
        return [self.help, self.controls, W.HBox([self.seat_label, self.seat]), self.cards,
                self.flags, self.picture, self.message, self.errors]

    def _set_preset(self, name: str) -> None:
        self.lesson.set_preset(name)

    def _set_active(self, seat: int) -> None:
        self.lesson.active = seat

    def _replay(self) -> None:
        self.lesson.replay(self.seed)
        self.seed += 1

    def _flags(self) -> None:
        """Per-seat switches, rebuilt when the number of seats or peşkir changes."""
        lesson = self.lesson
        peskir = lesson.rules.peskir
        if len(self.trick_boxes) == lesson.players and bool(self.peskir_boxes) == peskir:
            return
        self.trick_boxes, self.peskir_boxes, groups = [], [], []
        for seat in range(lesson.players):
            took = W.Checkbox(indent=False, layout={"width": "auto"})
            self._on(took, functools.partial(lesson.set_took_trick, seat))
            self.trick_boxes.append(took)
            group = [took]
            if peskir:
                declared = W.Checkbox(indent=False, layout={"width": "auto"})
                self._on(declared, functools.partial(lesson.set_peskir, seat))
                self.peskir_boxes.append(declared)
                group.append(declared)
            groups.append(W.VBox(group, layout={"margin": "0 12px 0 0"}))
        self.flags.children = tuple(groups)

    def _card(self, card: Card) -> None:
        self.lesson.click(card)

    def _draw(self) -> None:
        lesson, lang, four = self.lesson, self.lang, self.four
        n = lesson.players
        self._flags()
        self.help.value = message_html(text("score_help", lang))
        _options(self.preset, [(preset_name(p, lang, capital=True), p) for p in lesson.PRESETS])
        self.preset.value = lesson.preset
        self.preset_label.value = _label(text("preset", lang))
        _options(self.seat, [(seat_name(s, lang, n), s) for s in range(n)])
        self.seat.value = lesson.active
        self.seat_label.value = _label(text("who_took", lang))
        states, tips = {}, {}
        for card, owner in lesson.owner.items():
            states[card] = "selected" if owner == lesson.active else "other"
            tips[card] = text("taken_by", lang, seat=SeatWord(owner, lang, n))
        self.cards.show(lesson.cards.sorted_for_display(), states, lang, four, tips)
        taken = lesson.taken()
        for seat, box in enumerate(self.trick_boxes):
            box.description = f"{seat_name(seat, lang, n)}: {text('took_trick', lang)}"
            box.value = lesson.took_trick[seat] or bool(taken[seat])
            box.disabled = bool(taken[seat])
        for seat, box in enumerate(self.peskir_boxes):
            box.description = f"{seat_name(seat, lang, n)}: {text('peskir_label', lang)}"
            box.value = lesson.peskir[seat]
        table = render.score_table_html(lesson.rules, taken, tricks_won=lesson.tricks_won(),
                                        peskir=lesson.peskir, lang=lang, four_colour=four)
        self.picture.value = _piles(lesson.rules, taken, lang, four) + table
        self._note(Note.join(lesson.note, lesson.summary()))


class QuickCheckView(W.VBox):
    """A lesson's quick check in a notebook: a button per choice; a click presses it (and no
    other) and shows its verdict, worked out by the engine when the check was made."""

    def __init__(self, question: str, labels: list[str],
                 verdicts: list[tuple[str, bool]]) -> None:
        self.verdict = W.HTML()
        self.choices = [W.ToggleButton(description=label, tooltip=label, value=False,
                                       layout={"width": "auto"}) for label in labels]
        for button, (feedback, ok) in zip(self.choices, verdicts):
            button.observe(functools.partial(self._chosen, button, feedback, ok), "value")
        super().__init__([W.HTML(f"<b>{escape(question)}</b>"), W.HBox(self.choices),
                          self.verdict])

    def _chosen(self, button: W.ToggleButton, feedback: str, ok: bool, change: dict) -> None:
        if not change["new"]:
            return
        for other in self.choices:
            if other is not button:
                other.value = False
        colour, background = ("#166534", "#f0fdf4") if ok else ("#991b1b", "#fef2f2")
        self.verdict.value = (f'<div role="status" style="font-size:14px;color:{colour};'
                              f'background:{background};border-left:4px solid {colour};'
                              f'padding:6px 10px;margin:4px 0">{feedback}</div>')

