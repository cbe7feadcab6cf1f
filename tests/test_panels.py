"""The lesson panels (maca.panels), without a browser: every kind is rebuilt from its
description, every button it draws does something, and values it never offers are refused."""
from __future__ import annotations

import json
import re
from html import escape
from typing import Callable, Union

import pytest

from maca import panels
from maca.errors import SettingError
from maca.lessons import MOON_LINE
from maca.panels import Panel, open_panel
from maca.panels.base import KINDS
from maca.panels.host import Host, PageStore

Value = Union[str, Callable[[Panel], str]]


def legal(panel: Panel) -> str:
    """A card the learner may play now."""
    return str(panel.lesson.legal().sorted_for_display()[0])  # type: ignore[attr-defined]


def refused(panel: Panel) -> str:
    """A card the learner holds but may not play now."""
    lesson = panel.lesson  # type: ignore[attr-defined]
    return str((lesson.hand.cards(lesson.seat) - lesson.legal()).sorted_for_display()[0])


def held(index: int) -> Callable[[Panel], str]:
    """The learner's ``index``-th card, in the order shown."""
    def pick(panel: Panel) -> str:
        lesson = panel.lesson  # type: ignore[attr-defined]
        return str(lesson.hand.cards(lesson.seat).sorted_for_display()[index])
    return pick


# For each kind: how a page builds it, and a learner's clicks (action, value, whether the
# panel must look different afterwards).
SCRIPTS: dict[str, tuple[Callable[[], Panel], list[tuple[str, Value, bool]]]] = {
    "play": (lambda: panels.play_lesson(lang="tr", seed=1), [
        ("card", refused, True), ("card", legal, True), ("go_on", "", False),
        ("card", legal, True), ("card", legal, True),   # West wins: the trick stays in view
        ("go_on", "", True), ("go_on", "", False), ("restart", "", True),
        ("restart", "", False)]),
    "trick": (lambda: panels.trick_lesson(lang="tr", seed=5), [
        ("back", "", True),            # nothing to undo: the engine says so
        ("forward", "", True), ("next_trick", "", True), ("forward", "", True),
        ("prev_trick", "", True), ("back", "", True), ("new_deal", "", True)]),
    "passing": (lambda: panels.passing_lesson(lang="tr", seed=14), [
        ("number", "1", False),        # the hand already shown
        ("card", held(0), True), ("card", held(0), True),   # chosen, then taken back
        ("pass", "", True),            # refused: three cards are needed
        ("number", "2", True), ("card", held(0), True), ("card", held(4), True),
        ("card", held(8), True), ("pass", "", True), ("restart", "", True),
        ("new_deal", "", True), ("number", "4", True),
        ("card", held(0), False)]),    # hand 4 has no passing, as the panel already says
    "follow_suit": (lambda: panels.follow_suit_lesson(lang="tr", seed=1), [
        ("card", refused, True), ("why", "", True), ("kind", "void", True),
        ("kind", "void", False), ("card", legal, True), ("why", "", True),
        ("new_position", "", True), ("restart", "", False), ("card", legal, True),
        ("go_on", "", False),          # the lesson ends with the trick: nothing waits
        ("restart", "", True), ("kind", "follow", True)]),
    "hearts": (lambda: panels.hearts_lesson(lang="tr"), [
        ("card", "AC", True), ("card", "3H", True), ("queen", "", True),
        ("scenario", "only_hearts", True), ("scenario", "only_hearts", False),
        ("card", legal, True), ("restart", "", True), ("queen", "", True),
        ("scenario", "deal", True)] + [("card", legal, True)] * 4 + [("go_on", "", True)]),
    "scoring": (lambda: panels.scoring_lesson(lang="tr"), [
        ("seat", "1", True), ("seat", "1", False), ("card", "QS", True), ("card", "QS", True),
        ("give_all", "", True), ("took", "2", True),
        ("took", "1", False),          # West holds cards: West has won a trick anyway
        ("peskir", "2", True),         # standard rules have no peşkir: the engine says so
        ("clear", "", True), ("replay", "", True), ("replay", "", True),
        ("preset", "turkish", True), ("peskir", "3", True), ("peskir", "3", True),
        ("preset", "three_players", True), ("seat", "2", True), ("card", "2H", True)]),
    "moon": (lambda: panels.moon_lesson(lang="tr"), [
        ("card", refused, True), ("hint", "", True), ("go_on", "", False), ("card", "AC", True),
        ("hint", "", True), ("restart", "", True)]
        + [("card", card, True) for card in MOON_LINE.split()]),
    "table": (lambda: panels.table_game(lang="tr", level="medium", seed=3), [
        ("level", "easy", True), ("level", "easy", False), ("rules", "turkish", True),
        ("mode", "rated", True), ("timer", "30", True), ("mode", "practice", True),
        ("target", "50", True), ("passing", "off", False),   # Turkish rules pass no cards
        ("moon_rule", "choice", True), ("start", "", True), ("hint", "", True),
        ("peskir", "no", True),
        ("card", lambda p: str(p.table.legal().sorted_for_display()[0]), True),  # type: ignore[attr-defined]
        ("undo", "", True), ("timeout", "", False),           # practice: no clock
        ("confirm_pass", "", True), ("moon", "old", False), ("next", "", False),  # not now
        ("leave", "", True), ("again", "", True), ("setup", "", True)]),
    "puzzles": (lambda: panels.puzzle_series(lang="tr", theme="safe_exit"), [
        ("hint", "", True),
        ("card", lambda p: str(next(c for c in p.walk().hand.legal_plays()  # type: ignore[attr-defined]
                                    if c not in p.accepted())), True),  # type: ignore[attr-defined]
        ("retry", "", True),
        ("card", lambda p: str(next(iter(p.accepted()))), True),  # type: ignore[attr-defined]
        ("daily", "", True), ("solution", "", True), ("next", "", True), ("previous", "", True)]),
    "exercise_set": (lambda: panels.exercise_set(lang="tr", name="turkish"), [
        ("go", "2", True), ("card", "QS", True), ("check", "", True), ("hint", "", True),
        ("retry", "", True), ("card", "8S", True), ("check", "", True), ("reveal", "", True),
        ("next", "", True), ("previous", "", True), ("go", "12", True),
        ("choose", "none", True), ("check", "", True), ("go", "13", True),
        ("winner", "2", True), ("standing", "0:0", True),
        ("open", "", False)]),         # already open as this learner
}

_BUTTON = re.compile(r"<button\b[^>]*>")


def buttons(html: str) -> list[str]:
    return _BUTTON.findall(html)


def test_every_kind_has_a_script() -> None:
    assert set(SCRIPTS) == set(KINDS)


@pytest.mark.parametrize("kind", sorted(SCRIPTS))
def test_panel_is_rebuilt_from_its_description(kind: str) -> None:
    build, _ = SCRIPTS[kind]
    panel = build()
    assert panel.kind == kind and panel.spec()["panel"] == kind
    spec = json.loads(json.dumps(panel.spec()))          # what a page carries
    again = open_panel(spec)
    assert type(again) is type(panel) and again.spec() == panel.spec()
    assert again.body(True) == panel.body(True)
    assert again.body(False) == panel.body(False)


@pytest.mark.parametrize("kind", sorted(SCRIPTS))
def test_static_body_is_inert_and_live_body_is_not(kind: str) -> None:
    build, _ = SCRIPTS[kind]
    panel = build()
    static, live = buttons(panel.body(False)), buttons(panel.body(True))
    assert static and len(static) == len(live)
    assert all(re.search(r"\sdisabled>$", b) for b in static)
    assert not any(re.search(r"\sdisabled[\s>]", b) for b in live)
    page = panel._repr_html_()
    assert f'aria-label="{escape(panel.title())}"' in page and "▶ Canlandır" in page
    assert panel.title() and panel.title() != open_panel({**panel.spec(), "lang": "en"}).title()


@pytest.mark.parametrize("kind", sorted(SCRIPTS))
def test_every_action_a_panel_offers_does_something(kind: str) -> None:
    build, script = SCRIPTS[kind]
    panel = build()
    assert {action for action, _, _ in script} == set(panel.actions())
    for step, (action, value, changes) in enumerate(script):
        before = panel.body(True)
        offered = set(re.findall(r'data-act="([^"]+)"', before))
        assert offered <= set(panel.actions()), offered - set(panel.actions())
        text = value(panel) if callable(value) else value
        panel.act(action, text)
        after = panel.body(True)
        assert (after != before) == changes, f"step {step}: {action} {text!r}"
        assert not any(re.search(r"\sdisabled[\s>]", b) for b in buttons(after))


@pytest.mark.parametrize("kind", sorted(SCRIPTS))
def test_the_page_script_side_drives_the_same_panel(kind: str) -> None:
    build, script = SCRIPTS[kind]
    built = build()   # a panel that keeps things keeps them in the page's storage there
    panel = open_panel(built.spec(), store=PageStore()) if built.keeps else built
    host = Host()
    assert host.handle({"type": "start", "panel": 0, "spec": panel.spec()})["html"] \
        == panel.body(True)
    action, value, _ = script[0]
    text = value(panel) if callable(value) else value
    panel.act(action, text)
    reply = host.handle({"type": "act", "panel": 0, "action": action, "value": text})
    assert reply["html"] == panel.body(True)


def test_panels_show_their_lesson_in_english() -> None:
    assert "Forward ▶" in panels.trick_lesson(lang="en").body(True)
    assert "Pass the cards" in panels.passing_lesson(lang="en").body(True)
    assert "You are void in the suit led" in panels.follow_suit_lesson(lang="en").body(True)
    assert "The queen of spades breaks hearts" in panels.hearts_lesson(lang="en").body(True)
    assert "Who took the cards?" in panels.scoring_lesson(lang="en").body(True)
    assert "Try to take every heart" in panels.moon_lesson(lang="en").body(True)


def test_choices_are_rows_of_pressed_buttons() -> None:
    panel = panels.scoring_lesson(lang="en", preset="omnibus")
    body = panel.body(True)
    assert 'role="group" aria-label="Rules"' in body and "<select" not in body
    pressed = re.findall(r'data-act="preset" data-value="(\w+)" aria-pressed="true"', body)
    assert pressed == ["omnibus"]
    panel.act("preset", "turkish")
    assert "peşkir" in panel.body(True) and 'data-act="peskir"' in panel.body(True)
    follow = panels.follow_suit_lesson(lang="en", kind="void")
    assert re.findall(r'data-act="kind" data-value="(\w+)" aria-pressed="true"',
                      follow.body(True)) == ["void"]


def test_passing_cards_are_toggles() -> None:
    panel = panels.passing_lesson(lang="en", seed=3)
    panel.act("card", "AC")
    body = panel.body(True)
    assert re.search(r'data-value="AC"[^>]*aria-pressed="true"', body)
    assert len(re.findall(r'aria-pressed="false"', body)) >= 12


BAD = [
    ("play", "card", "1Z"), ("play", "card", ""), ("play", "fly", ""),
    ("trick", "card", "AS"),
    ("passing", "number", "9"), ("passing", "number", "0"), ("passing", "number", "two"),
    ("passing", "number", "1.5"), ("passing", "number", "²"), ("passing", "card", "ZZ"),
    ("follow_suit", "kind", "all"), ("follow_suit", "kind", ""),
    ("hearts", "scenario", "moon"), ("hearts", "card", "QX"),
    ("scoring", "preset", "poker"), ("scoring", "seat", "4"), ("scoring", "seat", "-1"),
    ("scoring", "took", "x"), ("scoring", "peskir", "7"), ("scoring", "card", "11H"),
    ("moon", "card", "queen"),
    ("table", "level", "expert"), ("table", "timer", "10"), ("table", "rules", "poker"),
]


@pytest.mark.parametrize("kind, action, value", BAD)
def test_a_value_no_button_offers_is_refused_and_changes_nothing(kind: str, action: str,
                                                                 value: str) -> None:
    panel = SCRIPTS[kind][0]()
    before = panel.body(True)
    with pytest.raises(SettingError):
        panel.act(action, value)
    assert panel.body(True) == before


@pytest.mark.parametrize("spec", [
    {"panel": "passing", "lang": "tr", "colour": "red"},
    {"panel": "moon", "lang": "fr"},
    {"lang": "tr"},
    {"panel": "follow_suit", "kind": "sideways"},
])
def test_a_bad_description_is_refused(spec: dict) -> None:
    with pytest.raises(SettingError):
        open_panel(spec)


@pytest.mark.parametrize("kind", sorted(SCRIPTS))
def test_every_kind_opens_in_the_notebooks_widget(kind: str) -> None:
    """The one notebook host shows the same panel, and a click answered there is the
    panel's own act."""
    pytest.importorskip("anywidget")
    from maca.widgets import PanelWidget

    build, script = SCRIPTS[kind]
    panel, twin = build(), build()
    widget = PanelWidget(panel)
    assert widget.panel is panel and widget.html == twin.body(True)
    assert (widget.lang, widget.label) == (panel.lang, panel.title())
    action, value, _ = script[0]
    text = value(twin) if callable(value) else value
    twin.act(action, text)
    assert widget.receive({"type": "act", "action": action, "value": text})["type"] == "draw"
    assert widget.html == twin.body(True) == panel.body(True)
