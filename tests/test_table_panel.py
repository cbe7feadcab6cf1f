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
    assert panel.table.stage == "play" and "passed to West for you" in panel.table.note.text("en")


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


# -- draw_table: the one drawing, on views of a table of several people --------------------------
from html import unescape  # noqa: E402

from maca import Game, Hand, Rules  # noqa: E402
from maca.cards import CardSet  # noqa: E402
from maca.panels.table import Control, TableChoices, draw_table  # noqa: E402
from maca import render  # noqa: E402
from maca.render import cards_in_html  # noqa: E402
from maca.table import SeatView  # noqa: E402

RULES = Rules.preset("standard")
NAMES = ("Ayşe", "Ali", None, "Zeynep")


def _mid_trick(mover: str = "me") -> Hand:
    """A hand after passing, in the middle of a trick: Güney to play (``mover`` "me") or, after
    Güney's card, another seat ("other")."""
    hand = Hand.deal(RULES, seed=4)
    for seat in range(4):
        hand.give(seat, RuleBot().choose_pass(hand.observe(seat)))

    def there() -> bool:
        plays = dict(hand.current_trick.plays())
        if mover == "me":
            return hand.to_move == 0 and bool(plays)
        return 0 in plays and len(plays) < 4

    while not there():
        hand.play(RuleBot().choose_play(hand.observe(hand.to_move)))
    return hand


def _seat_view(hand: Hand, stage: str, **changes) -> SeatView:
    """Güney's view of ``hand`` (only what `Hand.observe(0)` holds), as a shared table has it."""
    seen = hand.observe(0)
    return SeatView(seat=0, players=4, rules=RULES, mode="rated", level="medium", stage=stage,
                    cards=seen.cards, trick=seen.current_trick, trick_number=len(seen.tricks) + 1,
                    names=NAMES, timer=60, **changes)


def _text(html: str) -> str:
    return unescape(html)


def test_a_seat_waiting_for_another_says_whose_turn_and_that_the_table_waits() -> None:
    hand = _mid_trick("other")
    mover = hand.to_move
    view = _seat_view(hand, "wait", to_move=mover, waiting_for=(mover,), away=(mover,))
    for lang in ("tr", "en"):
        html = draw_table(view, lang, live=True)
        # own cards shown, none playable; no decision but leaving
        assert html.count('data-act="card"') == len(hand.cards(0)) == html.count(
            'aria-disabled="true"')
        assert 'data-act="leave"' in html and 'data-act="hint"' not in html
        assert cards_in_html(html) == hand.cards(0) | CardSet(hand.current_trick.cards)
    tr, en = _text(draw_table(view, "tr", True)), _text(draw_table(view, "en", True))
    said = {1: ("Sıra Ali'de (Batı).", "Ali (West) to play."),
            2: ("Sıra Kuzey'de.", "North to play."),
            3: ("Sıra Zeynep'te (Doğu).", "Zeynep (East) to play.")}[mover]
    assert said[0] in tr and said[1] in en and tr.count("Sıra ") == 1    # said once
    assert "Ali'nin (Batı) bağlantısı koptu; masa onu en çok 3 dakika bekler." in tr
    assert "Ali (West) lost the connection; the table waits up to 3 minutes." in en
    assert "Batı · Ali" in tr and "Doğu · Zeynep" in tr and "Ayşe" not in tr   # own: "sen"
    assert "Güney (sen)" in tr


def test_a_seat_that_passed_waits_for_the_others_cards() -> None:
    hand = Hand.deal(RULES, seed=4)
    passed = RuleBot().choose_pass(hand.observe(0))
    hand.give(0, passed)
    hand.give(2, RuleBot().choose_pass(hand.observe(2)))
    view = _seat_view(hand, "passed", waiting_for=(1, 3))
    tr, en = draw_table(view, "tr", True), draw_table(view, "en", True)
    assert "Henüz kart geçirmeyenler: Ali (Batı), Zeynep (Doğu)." in _text(tr)
    assert "Not yet passed their cards: Ali (West), Zeynep (East)." in _text(en)
    # nobody is to play while the cards are passed: no frame, no "sıra" under the trick
    assert "1. el · henüz kart yok · kart geçirme sürüyor" in tr and "sıra" not in _text(tr)
    assert render._LEGAL not in tr.split("maca-cards")[0]
    assert 'data-act="confirm_pass"' not in tr and 'aria-pressed' not in tr.split("maca-cards")[1]
    assert cards_in_html(tr) == hand.cards(0) == cards_in_html(en)
    assert not cards_in_html(tr) & passed


def test_the_teacher_watches_every_hand_and_no_seat_is_sen() -> None:
    hand = _mid_trick()
    view = SeatView(seat=0, players=4, rules=RULES, mode="rated", level="medium",
                    stage="play", trick=hand.current_trick, to_move=hand.to_move,
                    revealed=tuple(hand.cards(s) for s in range(4)), names=NAMES,
                    waiting_for=(0,), can_leave=False, watching=True,
                    sheet=((1, (3, 10, 0, 13)),), totals=(3, 10, 0, 13))
    end = Control("Masayı kapat", "end")
    for lang, you in (("tr", ("(sen)", "sende", "sen ", "Sen ")), ("en", ("(you)", "you "))):
        html = draw_table(view, lang, live=True, extra_controls=[end])
        text = _text(html)
        assert not any(word in text for word in you), lang
        assert 'data-act="card"' not in html and 'data-act="leave"' not in html
        assert 'data-act="end"' in html
        assert cards_in_html(html) == CardSet(RULES.deck_mask) - CardSet(
            c for t in hand.tricks for c in t.cards)
        assert ("Güney · Ayşe" if lang == "tr" else "South · Ayşe") in text
    text = _text(draw_table(view, "tr", True))
    assert "Sıra Ayşe'de (Güney)." in text and "Oyuncuların elindeki kartlar" in text
    assert "Puan tablosu" in text


def test_names_beside_the_seats_in_the_trick_the_sheet_and_the_chart() -> None:
    view = SeatView(seat=0, players=4, rules=RULES, mode="practice", level="easy",
                    stage="hand_over", names=NAMES, waiting_for=(1, 3),
                    sheet=((1, (0, 26, 0, 0)),), totals=(0, 26, 0, 0), record="rules standard")
    html = draw_table(view, "en", live=True, record_file="maca-table-7.txt")
    text = _text(html)
    assert "<th>West · Ali</th>" in text and "<th>South (you)</th>" in text
    assert "West · Ali 26" in text                       # the chart's legend
    assert ("You are ready; waiting for the others. Not yet ready for the next hand: Ali (West), "
            "Zeynep (East).") in text
    assert 'data-act="next" data-value="" aria-disabled="true"' in html   # already pressed
    assert 'download="maca-table-7.txt"' in html
    ready = draw_table(SeatView(**{**view.__dict__, "waiting_for": (0, 1)}), "en", True)
    assert 'data-act="next" data-value="">' in ready


def test_moon_wait_and_an_ended_table() -> None:
    base = dict(seat=0, players=4, rules=Rules.preset("standard").replace(moon="choice"),
                mode="rated", level="hard", names=NAMES, sheet=((1, (0, 0, 26, 0)),),
                totals=(0, 0, 26, 0))
    moon = draw_table(SeatView(stage="moon_wait", waiting_for=(2,), **base), "tr", True)
    assert "Kuzey kafa attı; eski usul mü yeni usul mü, seçmesi bekleniyor." in _text(moon)
    assert 'data-act="moon"' not in moon and "Puan tablosu" in moon
    ended = draw_table(SeatView(stage="ended", can_leave=False, away=(1,), **base), "en", True)
    assert "connection" not in ended                 # the table's note says it was closed
    assert 'data-act=' not in ended and cards_in_html(ended) == CardSet()


def test_the_moon_choice_of_the_local_game_is_drawn_with_its_buttons() -> None:
    from maca.lessons import MOON_DEAL, MOON_LINE
    panel = table_game(lang="en", level="medium", seed=1, moon="choice", passing=False)
    panel.act("start")
    table = panel.table
    table.game = Game.from_hand(Hand.from_cards(table.rules,
                                                [CardSet.from_pbn(h) for h in MOON_DEAL],
                                                number=4))
    table._advance()
    for card in MOON_LINE.split():
        if table.stage != "play":
            break
        panel.act("card", card)
    assert table.stage == "moon"
    html = panel.body(True)
    assert html.count('data-act="moon"') == 2 and "Score sheet" in html
    assert 'data-act="card"' not in html and 'data-act="hint"' not in html
    panel.act("moon", "new")
    assert table.stage == "hand_over" and 'data-act="next"' in panel.body(True)


def test_table_choices_are_one_object_for_the_book_and_the_lobby() -> None:
    choices = TableChoices(level="easy")
    assert choices.values() == {"rules": "standard", "level": "easy", "mode": "practice",
                                "timer": None, "target": None, "passing": None, "moon": None}
    assert [label for label, _ in choices.controls("en")] == [
        "Level", "Rules", "Game", "Target", "Passing", "Moon"]
    assert choices.act("rules", "turkish") and choices.act("passing", "off")
    assert choices.act("mode", "rated") and choices.act("timer", "120")
    assert choices.act("moon_rule", "choice") and choices.act("target", "50")
    assert not choices.act("start", "") and not choices.act("card", "QS")
    before = choices.values()
    for action, value in (("level", "expert"), ("timer", "10"), ("rules", "poker"),
                          ("target", "0"), ("passing", "maybe"), ("moon_rule", "none")):
        with pytest.raises(SettingError):
            choices.act(action, value)
    assert choices.values() == before
    rules = choices.make_rules()
    assert (rules.name, rules.target, rules.pass_cycle, rules.moon) == ("turkish", 50, (),
                                                                         "choice")
    assert [label for label, _ in choices.controls("tr")][3] == "Hamle süresi (sn)"
    from maca.table import Table
    table = Table(**choices.values(), seed=1)
    assert table.rules == rules and table.timer == 120 and table.mode == "rated"


def test_cards_in_html_finds_every_card_a_drawn_panel_shows_and_nothing_else() -> None:
    """What the leak tests rely on: over a whole hand of the book's panel, the cards found in
    the HTML are the seat's own, the tricks drawn, the passed ones named; after the hand, with
    the record and the hands shown, all of them."""
    for lang in ("tr", "en"):
        panel = table_game(lang=lang, level="medium", seed=9)
        # the choices: "Omnibus (karo valesi −10)" is a rule's name, not a card of a hand
        assert cards_in_html(panel.body(True)) == CardSet()
        panel.act("start")
        table = panel.table
        assert cards_in_html(panel.body(True)) == table.hand.cards(0)
        for card in RuleBot().choose_pass(table.hand.observe(0)):
            panel.act("card", str(card))
        panel.act("confirm_pass")
        passed = table.hand.given(0)
        first = True
        while table.stage == "play":
            view = table.view()
            shown = view.cards | CardSet(view.trick.cards) | (
                CardSet(view.previous.cards) if view.previous else CardSet())
            if first:
                shown |= passed        # the note names the cards passed and received
            assert cards_in_html(panel.body(True)) == shown, lang
            panel.act("card", str(RuleBot().choose_play(table.hand.observe(0))))
            first = False
        assert table.stage == "hand_over"
        assert cards_in_html(panel.body(True)) == CardSet(table.rules.deck_mask)


def test_leaving_a_rated_game_asks_first_and_a_practice_game_does_not() -> None:
    panel = table_game(lang="tr", level="easy", seed=2)
    panel.act("mode", "rated")
    panel.act("start")
    table = panel.table
    panel.act("leave")
    html = panel.body(True)
    assert table.stage == "pass" and not table.results            # nothing happened yet
    assert ("Emin misin? Masadan kalkarsan yerine bilgisayar oynar; mağlup sayılırsın (−1)."
            in _text(html))
    assert 'data-act="leave" data-value="yes"' in html and 'data-value="no"' in html
    panel.act("leave", "no")
    assert "Emin misin" not in panel.body(True) and table.stage == "pass"
    with pytest.raises(SettingError):
        panel.act("leave", "maybe")                                 # refused: unchanged
    assert table.stage == "pass" and not panel.asking
    panel.act("leave")
    panel.act("leave", "yes")
    assert table.stage == "left" and table.results[-1].standing == -1
    assert "Masadan kalktın: mağlup sayılırsın (−1)." in _text(panel.body(True))
    practice = table_game(lang="tr", level="easy", seed=2)
    practice.act("start")
    practice.act("leave")
    assert practice.table.stage == "left"


def test_a_shared_table_offers_the_idle_limit_in_a_test_game_only() -> None:
    choices = TableChoices(shared=True)
    groups = dict(choices.controls("tr"))
    assert [c.label for c in groups["Hamle yapılmazsa kalkmış sayılma (antrenman oyunu)"]] == [
        "5 dk", "10 dk", "Kapalı"]
    assert choices.act("idle", "600") and choices.values()["idle"] == 600
    with pytest.raises(SettingError):
        choices.act("idle", "5")
    choices.act("mode", "rated")
    assert choices.values()["idle"] == 300 and "Hamle yapılmazsa" not in str(
        choices.controls("tr"))
    assert "Hamle yapılmazsa" not in str(TableChoices().controls("tr"))


def test_a_computer_player_in_a_leavers_seat_is_named_as_such() -> None:
    hand = _mid_trick()
    view = SeatView(seat=0, players=4, rules=RULES, mode="rated", level="medium",
                    stage="wait", trick=hand.current_trick, to_move=hand.to_move,
                    names=("Ayşe", None, None, "Zeynep"), stand_ins=(None, None, None, None),
                    waiting_for=(hand.to_move,), waiting_on="play")
    gone = SeatView(**{**view.__dict__, "names": ("Ayşe", None, None, None),
                       "stand_ins": (None, None, None, "Çağrı")})
    tr, en = _text(draw_table(gone, "tr", True)), _text(draw_table(gone, "en", True))
    assert "Doğu · bilgisayar (Çağrı'nın yerine)" in tr and "East · computer (for Çağrı)" in en


def test_peskir_says_only_whom_it_waits_for_and_the_teacher_reads_whose_time_it_is() -> None:
    hand = Hand.deal(Rules.preset("turkish"), seed=3)
    view = SeatView(seat=0, players=4, rules=hand.rules, mode="rated", level="medium",
                    stage="wait", trick=hand.current_trick, to_move=hand.to_move,
                    names=NAMES, waiting_for=(1, 3), waiting_on="peskir", cards=hand.cards(0))
    tr = _text(draw_table(view, "tr", True))
    assert "Peşkir kararı beklenenler: Ali (Batı), Zeynep (Doğu)." in tr and "Sıra" not in tr
    watched = SeatView(**{**view.__dict__, "watching": True, "waiting_for": (3,),
                          "waiting_on": "play", "seconds_left": 42.0, "can_leave": False})
    assert "Zeynep'in (Doğu) kalan süresi: 42 sn" in _text(draw_table(watched, "tr", True))
