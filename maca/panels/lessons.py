"""The lesson panels, one per lesson controller of `maca.lessons`.

Each panel draws its controller (the engine decides everything through it) and names what its
buttons do in `Panel.actions`; a value arrives as the button's ``data-value`` string and a
value the panel never offers is refused with a `SettingError`. In a notebook
`maca.widgets.PanelWidget` shows the same panels.
"""
from __future__ import annotations

from typing import Any, Callable

from .. import render
from ..cards import Card, CardSet
from ..lessons import (FollowSuitLesson, HeartsLesson, MoonLesson, Note, PassingLesson,
                       PlayLesson, ScoringLesson, TrickStepper)
from ..reasons import seat_name
from ..words import SeatWord, preset_name, say
from .base import (Panel, button, card_buttons, group, heading, note_html, notes_html,
                   parse_card, parse_choice, parse_number, row)

__all__ = ["PlayPanel", "play_lesson", "TrickPanel", "trick_lesson", "PassingPanel",
           "passing_lesson", "FollowSuitPanel", "follow_suit_lesson", "HeartsPanel",
           "hearts_lesson", "ScoringPanel", "scoring_lesson", "MoonPanel", "moon_lesson"]

Actions = dict[str, Callable[[str], object]]


def _controls(*buttons: str) -> str:
    return '<div class="maca-controls">' + "".join(buttons) + "</div>"


# -- playing a hand (and the lessons that are a hand to play) ---------------------------------
class PlayPanel(Panel):
    """Play a hand as South against computer players: click a card; a card you may not play
    says why (the engine's reason)."""

    kind = "play"
    lesson: PlayLesson

    def __init__(self, lang: str = "tr", seed: int = 1, rules: str = "standard",
                 position: str | None = None) -> None:
        options: dict[str, Any] = {"seed": seed, "rules": rules}
        if position is not None:
            options["position"] = position
        super().__init__(lang, **options)
        self.lesson = PlayLesson(seed=seed, rules=rules, position=position)

    def title(self) -> str:
        return say("lessons.panel_play")[self.lang]

    def actions(self) -> Actions:
        return {"card": lambda value: self.lesson.click(parse_card(value)),
                "go_on": lambda _: self.lesson.go_on(),
                "restart": lambda _: self.lesson.restart()}

    def _reasons(self) -> dict[Card, str]:
        """Why each card the learner holds but may not play is refused (on their turn)."""
        lesson = self.lesson
        if lesson.hand.to_move != lesson.seat:
            return {}
        held, legal = lesson.hand.cards(lesson.seat), lesson.legal()
        return {c: lesson.hand.check(c, lesson.seat).message(self.lang) for c in held - legal}

    def pictures(self) -> list[str]:
        """The trick on the table, and the scores once the hand is over."""
        lesson, lang = self.lesson, self.lang
        trick, number = lesson.shown_trick()
        parts = [render.trick_html(trick, lang=lang, size=58, number=number)]
        if lesson.hand.is_over:
            parts.append(render.hand_scores_html(lesson.hand, lang=lang))
        return parts

    def cards(self, live: bool) -> str:
        """The learner's cards, the playable ones raised (nothing once they are all played)."""
        lesson, lang = self.lesson, self.lang
        if not lesson.hand.cards(lesson.seat):
            return ""
        mine = say("your_cards_label")[lang]
        return heading(mine) + card_buttons(lesson.hand.cards(lesson.seat), lang, live,
                                            playable=lesson.legal(), reasons=self._reasons(),
                                            label=mine)

    def controls(self, live: bool) -> str:
        """The buttons under the cards."""
        return _controls(button(say("lessons.restart")[self.lang], "restart", live))

    def body(self, live: bool) -> str:
        go_on = (_controls(button(say("lessons.go_on")[self.lang], "go_on", live))
                 if self.lesson.waiting else "")       # a finished trick stays in view
        return (row(*self.pictures()) + go_on + self.cards(live) + self.controls(live)
                + note_html(self.lesson.note, self.lang))


def play_lesson(lang: str = "tr", seed: int = 1, rules: str = "standard",
                position: str | None = None) -> PlayPanel:
    """Play a hand as South against computer players (a seeded deal, or a ``position``).

    >>> panel = play_lesson(lang="en", seed=1)
    >>> panel.act("card", "AH")                     # East led 2♣ and South holds clubs
    >>> panel.lesson.note.text("en")
    'You hold a club: you must follow suit and play a club.'
    >>> panel.act("card", "8C"); panel.lesson.note.text("en").split(".")[0]
    'You won trick 1 (with 8♣)'
    """
    return PlayPanel(lang, seed=seed, rules=rules, position=position)


class FollowSuitPanel(PlayPanel):
    """Following suit: answer a lead; "Why?" lists the cards by the engine's reason, and a row
    of buttons chooses a moment where you can follow or one where you are void."""

    kind = "follow_suit"
    lesson: FollowSuitLesson

    def __init__(self, lang: str = "tr", seed: int = 1, kind: str = "follow") -> None:
        Panel.__init__(self, lang, seed=seed, kind=kind)
        self.lesson = FollowSuitLesson(seed=seed, kind=kind)
        self.why = False

    def title(self) -> str:
        return say("lessons.panel_follow")[self.lang]

    def actions(self) -> Actions:
        lesson = self.lesson
        return {**super().actions(),
                "kind": lambda value: lesson.set_kind(parse_choice(value, lesson.KINDS,
                                                                   "kind")),
                "why": lambda _: setattr(self, "why", not self.why),
                "new_position": lambda _: lesson.new_deal()}

    def controls(self, live: bool) -> str:
        lang, lesson = self.lang, self.lesson
        return (_controls(button(say("lessons.restart")[lang], "restart", live),
                          button(say("lessons.why")[lang], "why", live, pressed=self.why),
                          button(say("lessons.new_position")[lang], "new_position", live))
                + group(say("lessons.kind")[lang], *(
                    button(say(f"lessons.kind_{k}")[lang], "kind", live, k, pressed=lesson.kind == k)
                    for k in lesson.KINDS)))

    def body(self, live: bool) -> str:
        explanation = self.lesson.explanation() if self.why else []
        return super().body(live) + notes_html(explanation, self.lang)


def follow_suit_lesson(lang: str = "tr", seed: int = 1, kind: str = "follow"
                       ) -> FollowSuitPanel:
    """A lead to answer; ``kind`` is ``"follow"`` (you hold the suit) or ``"void"``.

    >>> panel = follow_suit_lesson(lang="en")
    >>> panel.act("why")
    >>> "Cards you may play — " in panel.body(live=True)
    True
    """
    return FollowSuitPanel(lang, seed=seed, kind=kind)


class HeartsPanel(PlayPanel):
    """Breaking hearts: a prepared deal (or the only-hearts exception) and the switch that
    lets Q♠ break hearts too."""

    kind = "hearts"
    lesson: HeartsLesson

    def __init__(self, lang: str = "tr", scenario: str = "deal",
                 queen_breaks: bool = False) -> None:
        Panel.__init__(self, lang, scenario=scenario, queen_breaks=queen_breaks)
        self.lesson = HeartsLesson(scenario=scenario, queen_breaks=queen_breaks)

    def title(self) -> str:
        return say("lessons.panel_hearts")[self.lang]

    def actions(self) -> Actions:
        lesson = self.lesson
        return {**super().actions(),
                "scenario": lambda value: lesson.set_scenario(
                    parse_choice(value, lesson.SCENARIOS, "scenario")),
                "queen": lambda _: lesson.set_queen_breaks(not lesson.queen_breaks)}

    def controls(self, live: bool) -> str:
        lang, lesson = self.lang, self.lesson
        return (_controls(button(say("lessons.restart")[lang], "restart", live),
                          button(say("lessons.queen_switch")[lang], "queen", live,
                                 pressed=lesson.queen_breaks))
                + group(say("lessons.scenario")[lang], *(
                    button(say(f"lessons.scenario_{s}")[lang], "scenario", live, s,
                           pressed=lesson.scenario == s) for s in lesson.SCENARIOS)))


def hearts_lesson(lang: str = "tr", scenario: str = "deal", queen_breaks: bool = False
                  ) -> HeartsPanel:
    """Breaking hearts in a prepared deal (``scenario="only_hearts"`` for the exception).

    >>> panel = hearts_lesson(lang="en")
    >>> panel.act("card", "AC"); panel.act("card", "3H")
    >>> panel.lesson.note.text("en")
    'Hearts are not broken yet: you cannot lead a heart while you hold another suit.'
    >>> panel.act("queen"); panel.lesson.queen_breaks, len(panel.lesson.hand.cards(0))
    (True, 13)
    """
    return HeartsPanel(lang, scenario=scenario, queen_breaks=queen_breaks)


class MoonPanel(PlayPanel):
    """Shooting the moon: a prepared deal against defenders, what everybody took so far, and
    a hint."""

    kind = "moon"
    lesson: MoonLesson

    def __init__(self, lang: str = "tr") -> None:
        Panel.__init__(self, lang)
        self.lesson = MoonLesson()
        self.hint = False

    def title(self) -> str:
        return say("lessons.panel_moon")[self.lang]

    def actions(self) -> Actions:
        return {**super().actions(), "hint": lambda _: setattr(self, "hint", not self.hint)}

    def pictures(self) -> list[str]:
        """The trick, and what each player has taken (the score table at the end)."""
        parts = super().pictures()
        hand, lang = self.lesson.hand, self.lang
        if not hand.is_over:
            parts.append(_piles(hand.rules, [hand.taken(s) for s in range(hand.players)],
                                lang))
        return parts

    def controls(self, live: bool) -> str:
        lang = self.lang
        return _controls(button(say("lessons.restart")[lang], "restart", live),
                         button(say("hint")[lang], "hint", live, pressed=self.hint))

    def body(self, live: bool) -> str:
        hint = [self.lesson.hint()] if self.hint else []
        return (notes_html([Note.say("moon_intro")], self.lang) + super().body(live)
                + notes_html(hint, self.lang))


def moon_lesson(lang: str = "tr") -> MoonPanel:
    """Try to shoot the moon in a prepared deal.

    >>> from maca.lessons import MOON_LINE
    >>> panel = moon_lesson(lang="en")
    >>> for card in MOON_LINE.split():
    ...     panel.act("card", card)
    >>> panel.lesson.note.text("en").split(". ")[-1]
    'You shot the moon! You score 0 and everyone else +26.'
    """
    return MoonPanel(lang)


def _piles(rules: Any, taken: list[CardSet], lang: str) -> str:
    """What each seat has taken, side by side (wrapping on a narrow screen)."""
    return row(*(render.taken_html(cards, rules, lang=lang, size=40, seat=seat)
                 for seat, cards in enumerate(taken)))


# -- stepping through a hand ------------------------------------------------------------------
class TrickPanel(Panel):
    """A hand played out card by card on the table, forward and back (back is the engine's
    undo)."""

    kind = "trick"

    def __init__(self, lang: str = "tr", seed: int = 1, rules: str = "standard") -> None:
        super().__init__(lang, seed=seed, rules=rules)
        self.stepper = TrickStepper(seed=seed, rules=rules)

    def title(self) -> str:
        return say("lessons.panel_trick")[self.lang]

    def actions(self) -> Actions:
        stepper = self.stepper
        return {"prev_trick": lambda _: stepper.previous_trick(),
                "back": lambda _: stepper.back(), "forward": lambda _: stepper.forward(),
                "next_trick": lambda _: stepper.next_trick(),
                "new_deal": lambda _: stepper.new_deal()}

    def body(self, live: bool) -> str:
        lang = self.lang
        table = render.table_html(self.stepper.hand, lang=lang, size=58, show_legal=False)
        return (f'<div class="maca-table">{table}</div>'
                + _controls(*(button(say(f"lessons.{key}")[lang], key, live) for key in (
                    "prev_trick", "back", "forward", "next_trick", "new_deal")))
                + note_html(self.stepper.note, lang))


def trick_lesson(lang: str = "tr", seed: int = 1, rules: str = "standard") -> TrickPanel:
    """A hand played out card by card, with forward and back.

    >>> panel = trick_lesson(lang="en", seed=2)
    >>> panel.act("forward"); panel.stepper.note.text("en")
    'Trick 1: you led 2♣.'
    >>> panel.act("back"); panel.stepper.note.text("en")
    'Start of the hand: press Forward to see the first card.'
    """
    return TrickPanel(lang, seed=seed, rules=rules)


# -- passing ----------------------------------------------------------------------------------
class PassingPanel(Panel):
    """Passing: choose cards by clicking them, see where they go in this hand number, pass them
    and see what comes back."""

    kind = "passing"

    def __init__(self, lang: str = "tr", seed: int = 3, number: int = 1,
                 rules: str = "standard") -> None:
        super().__init__(lang, seed=seed, number=number, rules=rules)
        self.lesson = PassingLesson(seed=seed, number=number, rules=rules)

    @property
    def cycle(self) -> int:
        """How many hand numbers the choice offers (the rules' pass cycle)."""
        return len(self.lesson.rules.pass_cycle) or 1

    def title(self) -> str:
        return say("lessons.panel_passing")[self.lang]

    def actions(self) -> Actions:
        lesson = self.lesson
        return {"card": lambda value: lesson.toggle(parse_card(value)),
                "number": lambda value: lesson.set_number(
                    parse_number(value, 1, self.cycle, say("panel.a_hand_number"))),
                "pass": lambda _: lesson.confirm(), "restart": lambda _: lesson.restart(),
                "new_deal": lambda _: lesson.new_deal()}

    def body(self, live: bool) -> str:
        lesson, lang = self.lesson, self.lang
        held = lesson.hand.cards(lesson.seat)
        received = lesson.hand.received(lesson.seat)
        shown = (lesson.number - 1) % self.cycle + 1
        def towards(n: int) -> str:
            way = lesson.rules.pass_direction(n)
            return say("lessons.towards_none" if way == "none" else f"dir_{way}")[lang]
        numbers = [button(f"{n} · {towards(n)}",
                          "number", live, str(n), pressed=n == shown)
                   for n in range(1, self.cycle + 1)]
        mine = say("your_cards_label")[lang]
        if lesson.done:
            cards = card_buttons(held, lang, live, selected=received, label=mine)
        else:
            cards = card_buttons(held, lang, live, selected=CardSet(lesson.selected),
                                 toggles=True, label=mine)
        parts = [group(say("hand_no")[lang], *numbers), heading(mine), cards]
        if received:
            parts += [heading(say("lessons.received")[lang]),
                      render.hand_html(received, lang=lang, size=52,
                                       label=say("lessons.received")[lang])]
        parts += [_controls(button(say("pass_cards")[lang], "pass", live),
                            button(say("lessons.restart")[lang], "restart", live),
                            button(say("lessons.new_deal")[lang], "new_deal", live)),
                  note_html(lesson.note, lang),
                  notes_html([Note.say("bot_pass", count=lesson.rules.pass_count)], lang)]
        return "".join(parts)


def passing_lesson(lang: str = "tr", seed: int = 3, number: int = 1, rules: str = "standard"
                   ) -> PassingPanel:
    """Choose three cards to pass in hand ``number``.

    >>> panel = passing_lesson(lang="en", seed=3)
    >>> panel.act("pass"); panel.lesson.note.text("en")
    'You must choose exactly 3 cards; you chose 0.'
    >>> for card in ("AC", "KH", "QD"):
    ...     panel.act("card", card)
    >>> panel.act("pass"); panel.lesson.note.text("en")
    'You passed K♥ Q♦ A♣ to West. From East you received A♠ K♠ A♥.'
    >>> panel.act("number", "4"); panel.lesson.direction
    'none'
    """
    return PassingPanel(lang, seed=seed, number=number, rules=rules)


# -- scoring ----------------------------------------------------------------------------------
class ScoringPanel(Panel):
    """Scoring a hand: choose a player, give them the cards they took (or play a hand out), and
    read the score the engine gives, under the rules chosen."""

    kind = "scoring"

    def __init__(self, lang: str = "tr", preset: str = "standard") -> None:
        super().__init__(lang, preset=preset)
        self.lesson = ScoringLesson(preset=preset)
        self.seed = 1  # the next hand "Play out a hand" plays

    def title(self) -> str:
        return say("lessons.panel_scoring")[self.lang]

    def _seat(self, value: str) -> int:
        return parse_number(value, 0, self.lesson.players - 1, say("panel.a_seat"))

    def actions(self) -> Actions:
        lesson = self.lesson

        def active(value: str) -> None:
            lesson.active = self._seat(value)

        def took(value: str) -> None:
            seat = self._seat(value)
            if not lesson.taken()[seat]:   # a seat holding cards has won a trick anyway
                lesson.set_took_trick(seat, not lesson.took_trick[seat])

        def peskir(value: str) -> None:
            seat = self._seat(value)
            lesson.set_peskir(seat, not lesson.peskir[seat])

        def replay(_: str) -> None:
            lesson.replay(self.seed)
            self.seed += 1

        return {"preset": lambda value: lesson.set_preset(
                    parse_choice(value, lesson.PRESETS, "preset")),
                "seat": active, "card": lambda value: lesson.click(parse_card(value)),
                "give_all": lambda _: lesson.give_all(), "clear": lambda _: lesson.clear(),
                "replay": replay, "took": took, "peskir": peskir}

    def body(self, live: bool) -> str:
        lesson, lang = self.lesson, self.lang
        n = lesson.players
        taken = lesson.taken()
        mine = CardSet([c for c, s in lesson.owner.items() if s == lesson.active])
        others = CardSet([c for c, s in lesson.owner.items() if s != lesson.active])
        tips = {c: say("lessons.taken_by", seat=SeatWord(s, lang, n))[lang]
                for c, s in lesson.owner.items()}
        flags = [button(f"{seat_name(s, lang, n)}: {say('lessons.took_trick')[lang]}", "took", live,
                        str(s), pressed=lesson.took_trick[s] or bool(taken[s]),
                        blocked=bool(taken[s])) for s in range(n)]
        if lesson.rules.peskir:
            flags += [button(f"{seat_name(s, lang, n)}: {say('declared_peskir')[lang]}",
                             "peskir", live, str(s), pressed=lesson.peskir[s])
                      for s in range(n)]
        table = render.score_table_html(lesson.rules, taken, tricks_won=lesson.tricks_won(),
                                        peskir=lesson.peskir, lang=lang)
        return "".join([
            notes_html([Note.say("score_help")], lang),
            group(say("rules")[lang], *(
                button(preset_name(p, lang, capital=True), "preset", live, p,
                       pressed=p == lesson.preset) for p in lesson.PRESETS)),
            _controls(button(say("lessons.give_all")[lang], "give_all", live),
                      button(say("lessons.clear")[lang], "clear", live),
                      button(say("lessons.replay")[lang], "replay", live)),
            group(say("lessons.who_took")[lang], *(
                button(seat_name(s, lang, n), "seat", live, str(s), pressed=s == lesson.active)
                for s in range(n))),
            card_buttons(lesson.cards, lang, live, selected=mine, dimmed=others, reasons=tips,
                         toggles=True, label=say("lessons.who_took")[lang]),
            _controls(*flags),
            _piles(lesson.rules, taken, lang),
            f'<div class="maca-scores">{table}</div>',
            note_html(Note.join(lesson.note, lesson.summary()), lang)])


def scoring_lesson(lang: str = "tr", preset: str = "standard") -> ScoringPanel:
    """Score a hand: who took which cards, under the rules of ``preset``.

    >>> panel = scoring_lesson(lang="en")
    >>> panel.act("give_all"); panel.lesson.points()
    (0, 26, 26, 26)
    >>> panel.act("seat", "1"); panel.act("card", "QS"); panel.lesson.points()
    (13, 13, 0, 0)
    """
    return ScoringPanel(lang, preset=preset)
