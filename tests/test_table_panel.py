"""The table's panel (book page), driven by clicks (in a notebook's widget:
`test_notebook_host`)."""
from __future__ import annotations

import pytest

from maca.bots import RuleBot
from maca.errors import SettingError
from maca.panels import open_panel
from maca.panels.host import Host
from maca.panels.table import TablePanel, table_game


def test_choices_then_a_hand_by_clicks() -> None:
    panel = table_game(lang="en", level="medium", seed=3)
    page = panel._repr_html_()
    assert 'data-maca-panel=' in page and "Start the game" in page and " disabled>" in page
    panel.act("level", "easy")
    panel.act("rules", "omnibus")
    panel.act("target", "50")
    panel.act("passing", "off")
    panel.act("moon_rule", "new")
    body = panel.body(live=True)
    assert 'data-act="level" data-value="easy" aria-pressed="true"' in body
    panel.act("start")
    table = panel.table
    assert table.rules.name == "omnibus" and table.rules.target == 50
    assert table.rules.moon == "new" and table.stage == "play" and table.level == "easy"
    shown_both = False
    while table.stage == "play":
        card = RuleBot().choose_play(table.hand.observe(0))
        body = panel.body(live=True)
        assert 'data-raised="true"' in body
        # when the computer players finished a trick and began the next, both are shown
        shown_both |= body.count('aria-label="Trick ') == 2
        panel.act("card", str(card))
    assert shown_both
    assert table.stage == "hand_over"
    body = panel.body(live=True)
    assert "Score sheet" in body and "<polyline" in body and "The hands (as dealt)" in body
    assert 'download="maca-game-1.txt"' in body and "Game record" in body
    from urllib.parse import unquote
    from maca import Game
    link = body.split('href="data:text/plain;charset=utf-8,')[1].split('"')[0]
    assert Game.from_record(unquote(link.replace("&amp;", "&"))).totals == table.game.totals
    panel.act("next")
    assert table.game.hand.number == 2


def test_passing_and_refusals_by_clicks() -> None:
    panel = table_game(lang="tr", level="medium", seed=5)
    panel.act("start")
    table = panel.table
    cards = RuleBot().choose_pass(table.hand.observe(0))
    body = panel.body(live=True)
    assert 'data-act="confirm_pass"' in body and 'aria-disabled="true"' in body
    for card in cards:
        panel.act("card", str(card))
    assert table.selected == cards
    panel.act("confirm_pass")
    assert table.stage == "play"
    held = table.hand.cards(0)
    illegal = held - table.legal()
    if illegal:
        panel.act("card", str(min(illegal)))
        assert table.note.kind == "error"
    with pytest.raises(SettingError):
        panel.act("card", "1Z")
    with pytest.raises(SettingError):
        panel.act("timer", "5")
    with pytest.raises(SettingError):
        panel.act("level", "expert")
    panel.act("hint")
    assert table.note.text("tr").startswith("İpucu")
    panel.act("leave")
    assert table.stage == "left" and "Bu oturumun oyunları" in panel.body(True)
    panel.act("setup")
    assert panel.table is None and "Oyuna başla" in panel.body(True)
    panel.act("start")
    assert panel.table.results and panel.table.results[0].left


def test_the_rated_countdown_and_its_timeout_action() -> None:
    panel = table_game(lang="en", level="medium", mode="rated", timer=30, seed=2)
    panel.act("start")
    now = [0.0]
    panel.table.clock = lambda: now[0]
    panel.table._start_turn()
    assert 'data-maca-countdown="30.00"' in panel.body(True)
    assert "Undo" not in panel.body(True) and "Hint" not in panel.body(True)
    panel.act("timeout")       # too early: Python's own clock decides
    assert panel.table.stage == "pass"
    now[0] = 31.0
    panel.act("timeout")
    assert panel.table.stage == "play" and "passed for you" in panel.table.note.text("en")


def test_the_browser_rebuilds_the_same_panel_from_its_description() -> None:
    panel = table_game(lang="tr", level="hard", seed=4)
    again = open_panel(panel.spec())
    assert isinstance(again, TablePanel) and again.spec() == panel.spec()
    host = Host()
    assert "Oyuna başla" in host.handle({"type": "start", "panel": 0,
                                         "spec": panel.spec()})["html"]
    host.handle({"type": "start", "panel": 1, "spec": {**panel.spec(), "level": "medium"}})
    html = host.handle({"type": "act", "panel": 1, "action": "start", "value": ""})["html"]
    assert 'data-act="card"' in html
