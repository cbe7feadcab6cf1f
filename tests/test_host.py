"""The host protocol (maca.panels.host) as the book page's worker carries it: every message
refused with a reason and nothing changed, and what a panel keeps going to the page's storage
and back after a reload. `Page` plays the page's script (``maca-live.js``) for other tests."""
from __future__ import annotations

import json
from typing import Any

import pytest

from maca.panels import open_panel
from maca.panels.base import KINDS
from maca.panels.host import Host, PageStore, handle_json
from maca.panels.puzzles import standing

PLAY = {"panel": "play", "lang": "en", "seed": 1}


class Page:
    """A book page as its script drives the host: panels numbered in order, the browser's
    local storage as a dict (it outlives the page: give it to the next `Page` for a reload),
    the keys under a panel's ``keeps`` prefixes sent with start, a draw's store written back."""

    def __init__(self, storage: dict[str, str] | None = None) -> None:
        self.host = Host()
        self.storage = {} if storage is None else storage
        self.opened = 0

    def _answer(self, message: dict[str, Any]) -> dict[str, Any]:
        reply = json.loads(handle_json(self.host, json.dumps(message)))
        assert reply["type"] == "draw", reply
        self.storage.update(reply["store"])
        return reply

    def start(self, spec: dict[str, Any]) -> int:
        """Make the panel ``spec`` describes live; its number."""
        number, self.opened = self.opened, self.opened + 1
        prefixes = KINDS[spec["panel"]].keeps
        stored = {k: v for k, v in self.storage.items() if prefixes and k.startswith(prefixes)}
        self._answer({"type": "start", "panel": number, "spec": spec, "stored": stored})
        return number

    def act(self, number: int, action: str, value: str = "",
            fields: dict[str, str] | None = None) -> str:
        """A click; the panel's body after it."""
        return self._answer({"type": "act", "panel": number, "action": action, "value": value,
                             "fields": fields or {}})["html"]

    def draw(self, number: int) -> str:
        """The live panel's body now."""
        return self.host.panels[number].body(live=True)


def started() -> tuple[Host, str]:
    host = Host()
    reply = host.handle({"type": "start", "panel": 3, "spec": PLAY})
    assert reply["type"] == "draw" and reply["panel"] == 3 and reply["store"] == {}
    return host, reply["html"]


def test_a_panel_is_drawn_as_the_panel_draws_itself() -> None:
    host, html = started()
    panel = open_panel(PLAY)
    assert html == panel.body(live=True)
    panel.act("card", "AH")
    after = host.handle({"type": "act", "panel": 3, "action": "card", "value": "AH"})
    assert after == {"type": "draw", "panel": 3, "html": panel.body(live=True), "store": {}}


@pytest.mark.parametrize("message,why", [
    ({"type": "start", "spec": PLAY}, "names its panel by number, not None"),
    ({"type": "start", "panel": "1", "spec": PLAY}, "by number, not '1'"),
    ({"type": "start", "panel": True, "spec": PLAY}, "by number, not True"),
    ({"type": "draw", "panel": 3}, "no message type 'draw': types are start and act"),
    ({"panel": 3}, "no message type None"),
    ({"type": "start", "panel": 3, "spec": "play"}, "starts from its description, not 'play'"),
    ({"type": "start", "panel": 3, "spec": {"panel": "nothing"}}, "no panel kind 'nothing'"),
    ({"type": "start", "panel": 3, "spec": {**PLAY, "colour": "red"}},
     "a play panel cannot be built from"),
    ({"type": "start", "panel": 3, "spec": PLAY, "stored": ["a"]},
     "what the page kept is a dictionary, not ['a']"),
    # panel 9 is not open: its language is not known, and the host speaks Turkish
    ({"type": "act", "panel": 9, "action": "card", "value": "AH"}, "9 numaralı panel açık değil"),
    ({"type": "act", "panel": 3, "action": 1, "value": "AH"}, "a text action and value"),
    ({"type": "act", "panel": 3, "action": "card", "value": 1}, "a text action and value"),
    ({"type": "act", "panel": 3, "action": "card", "value": "AH", "fields": "n0=1"},
     "a dictionary of fields"),
    ({"type": "act", "panel": 3, "action": "jump", "value": ""}, "this panel has no action"),
    ({"type": "act", "panel": 3, "action": "card", "value": "1Z"}, "no card '1Z'"),
])
def test_every_refusal_says_why_and_changes_nothing(message: dict, why: str) -> None:
    host, html = started()
    reply = host.handle(message)
    assert reply["type"] == "error" and why in reply["message"], reply
    assert reply["panel"] == message.get("panel") and "html" not in reply
    assert list(host.panels) == [3] and host.panels[3].body(live=True) == html


def test_a_message_that_is_not_an_object_is_refused() -> None:
    host = Host()
    for message in ([1, 2], "start", None):
        reply = host.handle(message)  # type: ignore[arg-type]
        assert reply["type"] == "error" and "panelini numarasıyla anar" in reply["message"]
    assert host.panels == {}


@pytest.mark.parametrize("text,why", [("not json", "mesaj bir JSON metni olmalı, 'not json' değil"),
                                       ('{"type": "start"', "mesaj bir JSON metni olmalı"),
                                       ("[]", "panelini numarasıyla anar")])
def test_text_that_is_not_a_message_is_refused(text: str, why: str) -> None:
    reply = json.loads(handle_json(Host(), text))
    assert reply["type"] == "error" and why in reply["message"]


def test_a_panel_started_again_under_its_number_starts_afresh() -> None:
    host, html = started()
    host.handle({"type": "act", "panel": 3, "action": "card", "value": "AH"})
    assert host.handle({"type": "start", "panel": 3, "spec": PLAY})["html"] == html


def test_the_page_store_keeps_only_text_and_gives_each_write_once() -> None:
    store = PageStore({"a": "1", "b": 2, 3: "c"})  # type: ignore[dict-item]
    assert store.items == {"a": "1"}
    store.setItem("a", "2")
    assert store.getItem("a") == "2" and store.take_writes() == {"a": "2"}
    assert store.take_writes() == {}


def test_what_a_panel_keeps_survives_a_reload() -> None:
    """An exercise set's answers go to the page's storage with the draw after the click, and
    come back with the next start: the same answer and verdict after the page is opened again."""
    spec = {"panel": "exercise_set", "lang": "en", "name": "passing"}
    page = Page()
    number = page.start(spec)
    attempt = page.host.panels[number].attempt
    page.act(number, "choose", str(attempt.exercise.answer()))
    page.act(number, "check")
    assert set(page.storage) == {"maca-answers/answers-passing-guest.json",
                                 "maca-exercises-who/passing", "maca-exercises-who"}
    saved = json.loads(page.storage["maca-answers/answers-passing-guest.json"])
    assert list(saved["answers"]) == [attempt.exercise.id]
    page.storage["someone-else"] = "not the panel's"
    again = Page(page.storage)
    number = again.start(spec)
    assert "someone-else" not in again.host.stores[number].items
    restored = again.host.panels[number].worksheet
    assert restored.marks()[0] == "right" and "loaded from answers-passing-guest.json" in \
        again.draw(number)


def test_a_panel_that_keeps_nothing_gets_no_store() -> None:
    host = Host()
    host.handle({"type": "start", "panel": 0, "spec": PLAY, "stored": {"maca-answers/x": "{}"}})
    assert not KINDS["play"].keeps and not hasattr(host.panels[0], "store")


def test_a_puzzle_series_progress_survives_a_reload() -> None:
    """The series is a worksheet: its answers file goes to the page's storage as every set's,
    one file per series; a damaged file is left behind and the series starts afresh."""
    spec = {"panel": "puzzles", "lang": "en", "theme": "safe_exit"}
    page = Page()
    number = page.start(spec)
    panel = page.host.panels[number]
    while panel.state == "play":
        page.act(number, "card", str(next(iter(panel.accepted()))))
    kept = json.loads(page.storage["maca-answers/answers-safe_exit-guest.json"])
    assert kept["answers"]["se-01"]["tries"] == 1
    page.storage["maca-answers/answers-puzzles-guest.json"] = "{damaged"
    again = Page(page.storage)
    restored = again.host.panels[again.start(spec)]
    assert standing(restored.worksheet)["streak"] == 1 and restored.state == "play"
    fresh = again.host.panels[again.start({**spec, "theme": None})]
    assert standing(fresh.worksheet)["streak"] == 0                 # a damaged file: afresh
    again.act(1, "hint")
    assert json.loads(again.storage["maca-answers/answers-puzzles-guest.json"])["answers"]


def test_a_panel_that_keeps_things_tells_the_page_under_which_keys() -> None:
    """The page sends with start only what it keeps under the panel's prefixes, which the
    static panel names (``data-maca-keeps``); a panel that keeps nothing names none."""
    from maca.panels import exercise_set, puzzle_series
    assert 'data-maca-keeps="maca-answers/ maca-exercises-who"' in \
        exercise_set("tr", "passing")._repr_html_()
    assert 'data-maca-keeps="maca-answers/ maca-puzzles/solved"' in \
        puzzle_series("tr")._repr_html_()
    assert "data-maca-keeps" not in open_panel(PLAY)._repr_html_()
