"""The shared table: seats, whole games of people and computer players as an event log, views
that show each seat only what it may know, source 002's clocks and leaving results, refusals
that change nothing, and replays (another process, the game record) that are exact."""
from __future__ import annotations

import copy
import json
import random
import re
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from maca import Game
from maca.bots import TimeoutBot
from maca.cards import Card, CardSet, card_list
from maca.errors import CardError, IllegalActionError, MacaError, RecordError, SettingError
from maca.multiplayer import (HAND_WINDOW, RECONNECT_SECONDS, SeatInfo, SeatResult,
                              SharedTable, TableActionError, TableSettings, draw_round)
from maca.reasons import Reason
from maca.rules import Rules
from maca.scoring import leaving_standings, seat_standings
from maca.table import SeatView
from maca.words import say

PERSON = 100


class Clock:
    """Wall time that a test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def make_table(people: int = 1, clock: Clock | None = None, seed: int = 1,
               budget: float | None = -1.0, **options: Any) -> SharedTable:
    """A begun table: ``people`` persons (ids 100, 101, …) in the first seats, computer
    players in the others, seeded deals and bots."""
    table_settings = TableSettings(**{"level": "medium", **options})
    table = SharedTable(table_settings, clock=clock or Clock(), deal_rng=random.Random(seed),
                        players_rng=random.Random(seed), budget=budget)
    for p in range(people):
        table.sit(PERSON + p, f"Kişi {p}")
    while any(s.kind == "empty" for s in table.seats):
        table.add_bot(PERSON)
    table.begin(PERSON)
    return table


def settle(table: SharedTable) -> list[dict[str, Any]]:
    """Let the computer players (and expired clocks) act until the table waits for people."""
    out = []
    for _ in range(2000):
        events = table.advance()
        if not events:
            return out
        out += events
    raise AssertionError("the table never stopped")


def decide(table: SharedTable, person: int, rng: random.Random) -> list[dict[str, Any]]:
    """One decision of ``person`` at random among the legal ones ([] if none is asked)."""
    seat = table.seat_of(person)
    if seat is None or table.status != "playing":
        return []
    view = table.view(seat)
    if view.stage == "pass":
        cards = rng.sample(sorted(view.cards), table.rules.pass_count)
        return table.act(person, "confirm_pass", " ".join(map(str, cards)))
    if view.stage == "play":
        return table.act(person, "card", str(rng.choice(sorted(view.playable))))
    if view.stage == "peskir":
        return table.act(person, "peskir", rng.choice(["yes", "no"]))
    if view.stage == "moon":
        return table.act(person, "moon", rng.choice(["old", "new"]))
    if view.stage == "hand_over" and 0 not in view.waiting_for:
        return []
    if view.stage == "hand_over":
        return table.act(person, "next")
    return []


def play_on(table: SharedTable, people: int, rng: random.Random, until: Any = None,
            limit: int = 5000) -> None:
    """Play until the game is over (or ``until(table)`` holds): bots and clocks, then people."""
    clock = table.clock
    for _ in range(limit):
        if table.status != "playing" or (until is not None and until(table)):
            return
        if table.advance():
            continue
        moved = [decide(table, PERSON + p, rng) for p in range(people)]
        if not any(moved):
            clock.now += 5   # type: ignore[attr-defined]
    raise AssertionError("the game did not end")


def state(table: SharedTable) -> Any:
    """Everything a refusal must leave as it was."""
    views = [table.view(s) for s in range(table.players)] if table.game is not None else []
    return (copy.deepcopy(table.events), table.seats, table.status, table.host, views,
            table.record() if table.game is not None else None, table.results())


def person_seat(table: SharedTable, person: int = PERSON) -> int:
    seat = table.seat_of(person)
    assert seat is not None
    return seat


# -- settings -------------------------------------------------------------------------------
def test_settings_have_the_contracts_defaults_and_make_the_rules() -> None:
    plain = TableSettings()
    assert (plain.rules, plain.mode, plain.level, plain.timer, plain.idle) == \
        ("standard", "practice", "medium", None, 300)
    assert TableSettings(mode="rated").timer == 60
    rules = TableSettings(rules="standard", target=50, passing=False, moon="choice").make_rules()
    assert (rules.target, rules.pass_cycle, rules.moon) == (50, (), "choice")
    assert TableSettings(rules="three_players").players == 3
    rated = TableSettings(rules="turkish", mode="rated", timer=30, level="hard", idle=0)
    assert TableSettings.from_json(json.loads(json.dumps(rated.to_json()))) == rated


@pytest.mark.parametrize("data", [
    [], "standard", {"rules": "poker"}, {"mode": "blitz"}, {"level": "expert"},
    {"moon": "none"}, {"moon": 3}, {"target": 0}, {"target": 1000}, {"target": True},
    {"target": "50"}, {"passing": "yes"}, {"idle": -1}, {"idle": 1.5},
    {"mode": "rated", "timer": 29}, {"mode": "rated", "timer": 301},
    {"mode": "rated", "timer": True}, {"mode": "practice", "timer": 60}, {"colour": "red"},
])
def test_settings_from_a_client_are_checked(data: object) -> None:
    with pytest.raises(SettingError) as caught:
        TableSettings.from_json(data)
    assert caught.value.message("tr") != caught.value.message("en")


def test_a_table_needs_table_settings() -> None:
    with pytest.raises(SettingError):
        SharedTable({"rules": "standard"})  # type: ignore[arg-type]


# -- tournament rounds ----------------------------------------------------------------------
def test_a_round_draws_every_person_once_into_tables_as_even_as_they_go() -> None:
    people = list(range(1, 10))
    tables = draw_round(people, random.Random(4))
    assert [len(t) for t in tables] == [4, 4, 4]
    assert sorted(p for t in tables for p in t if p is not None) == people
    assert sorted(sum(p is None for p in t) for t in tables) == [1, 1, 1]
    assert draw_round(people, random.Random(4)) == tables
    assert draw_round(people, random.Random(5)) != tables
    three = draw_round([1, 2, 3, 4, 5], random.Random(1), seats=3)
    assert [len(t) for t in three] == [3, 3] and sum(p is None for t in three for p in t) == 1
    assert draw_round([]) == []
    assert sorted(p for t in draw_round(people) for p in t if p is not None) == people


@pytest.mark.parametrize("people, seats", [([1, 1, 2], 4), ([1, "x"], 4), ([1, 2], 5)])
def test_a_round_refuses_repeated_people_and_other_table_sizes(people: list, seats: int) -> None:
    with pytest.raises(SettingError):
        draw_round(people, seats=seats)


# -- seats ----------------------------------------------------------------------------------
def test_people_sit_the_host_fills_the_seats_and_begins() -> None:
    table = SharedTable(TableSettings(), clock=Clock(), deal_rng=random.Random(1))
    assert table.status == "open" and table.host is None
    assert [e["t"] for e in table.sit(7, " Ayşe ")] == ["sit"]
    table.sit(8, "Berk", seat=2)
    assert table.host == 7 and table.seat_of(8) == 2
    assert table.seats[0] == SeatInfo("person", 7, "Ayşe")
    table.add_bot(7)
    assert table.seats[1].kind == "bot"
    with pytest.raises(TableActionError):
        table.add_bot(8)                     # only the host
    table.remove_bot(7, 1)
    table.add_bot(7, 3)
    with pytest.raises(TableActionError) as caught:
        table.begin(7)
    assert "1" in caught.value.message("tr") and "1 seat" in caught.value.message("en")
    table.stand(7)
    assert table.host == 8                   # the host passes on
    table.sit(7, "Ayşe")
    assert table.seat_of(7) == 0 and table.host == 8
    table.add_bot(8)
    events = table.begin(8)
    assert [e["t"] for e in events] == ["begin", "deal"] and table.status == "playing"
    dealt = [CardSet(cards) for cards in events[1]["cards"]]
    assert [len(c) for c in dealt] == [13] * 4
    assert CardSet(sum(c.mask for c in dealt)) == CardSet(Rules.preset("standard").deck_mask)
    assert json.loads(json.dumps(table.events)) == table.events


def test_seating_refusals_change_nothing() -> None:
    table = SharedTable(TableSettings(), clock=Clock(), deal_rng=random.Random(1))
    table.sit(7, "Ayşe")
    table.sit(8, "Berk")
    table.add_bot(7)
    before = state(table)
    refusals = [
        (lambda: table.sit(7, "Ayşe"), TableActionError),             # already seated
        (lambda: table.sit(9, "Can", seat=1), TableActionError),       # seat taken
        (lambda: table.sit(9, "Can", seat=4), IllegalActionError),     # no seat 4
        (lambda: table.sit(9, "", seat=3), TableActionError),          # no name
        (lambda: table.sit(True, "Can"), TableActionError),            # not a person's id
        (lambda: table.stand(9), TableActionError),                    # not seated
        (lambda: table.add_bot(9), TableActionError),                  # not seated
        (lambda: table.add_bot(8), TableActionError),                  # not the host
        (lambda: table.remove_bot(8, 2), TableActionError),            # not the host
        (lambda: table.remove_bot(7, 0), TableActionError),            # not a bot
        (lambda: table.begin(8), TableActionError),                    # not the host
        (lambda: table.begin(7), TableActionError),                    # a seat is empty
        (lambda: table.act(7, "card", "2C"), TableActionError),        # not begun
        (lambda: table.view(0), TableActionError),                     # not begun
        (lambda: table.record(), TableActionError),
    ]
    for refuse, error in refusals:
        with pytest.raises(error) as caught:
            refuse()
        assert caught.value.message("tr") and caught.value.message("en")
        assert state(table) == before
    table.sit(9, "Can")
    with pytest.raises(TableActionError) as full:
        table.sit(10, "Deniz")
    assert full.value.message("tr") == "Masa dolu: boş yer kalmadı."
    table.begin(7)
    with pytest.raises(TableActionError) as playing:
        table.sit(10, "Deniz")
    assert "başladı" in playing.value.message("tr")
    for refuse in (lambda: table.stand(7), lambda: table.add_bot(7), lambda: table.begin(7)):
        with pytest.raises(TableActionError):
            refuse()


def test_the_seat_named_in_a_refusal_is_the_tables_own() -> None:
    table = SharedTable(TableSettings(), clock=Clock())
    table.sit(7, "Ayşe")
    with pytest.raises(TableActionError) as caught:
        table.sit(8, "Berk", seat=0)
    assert caught.value.message("tr") == "Güney'de oturan var; boş bir yer seç."
    assert caught.value.message("en") == "Someone already sits at South; choose a free seat."


def test_the_lobby_summary_names_seats_and_no_card() -> None:
    table = make_table(people=2)
    summary = table.summary()
    assert summary["status"] == "playing" and summary["hand"] == 1 and summary["host"] == PERSON
    assert [s["kind"] for s in summary["seats"]] == ["person", "person", "bot", "bot"]
    assert summary["seats"][1]["name"] == "Kişi 1"
    assert TableSettings.from_json(summary["settings"]) == table.settings
    text = json.dumps(summary)
    assert not any(re.search(rf'"{c}"', text) for c in map(str, CardSet(
        Rules.preset("standard").deck_mask)))


# -- the game -------------------------------------------------------------------------------
def test_computer_players_act_one_decision_a_call_and_every_decision_is_an_event() -> None:
    table = make_table(people=1, idle=0)
    assert table.view(0).stage == "pass" and table.due() is not None
    steps = [table.advance() for _ in range(4)]
    assert [[e["t"] for e in s] for s in steps] == [["pass"], ["pass"], ["pass"], []]
    assert all(s[0]["by"] == "bot" for s in steps[:3])
    assert table.due() is None        # waiting for the person, and no clock runs
    assert table.view(0).waiting_for == (0,)


def test_idle_is_a_clock_only_in_untimed_games() -> None:
    clock = Clock()
    table = make_table(people=1, clock=clock, idle=120)
    settle(table)
    assert table.due() == pytest.approx(clock.now + 120)
    clock.now += 119
    assert table.advance() == []
    clock.now += 1
    events = table.advance()
    assert [(e["t"], e.get("why")) for e in events] == [("leave", "idle"), ("end", "empty")]
    assert table.status == "ended" and table.results() == ()        # practice: no results
    assert table.seats[0] == SeatInfo("bot", PERSON, "Kişi 0", None, "idle")
    assert table.watch().note.text("tr") == "Masada kimse kalmadı; masa kapandı."
    left = table.view(0)
    assert left.stage == "left" and not left.cards and left.trick is None
    assert left.note.text("tr") == ("Uzun süre hamle yapmadın. Bu, masadan kalkmak sayılır; "
                                    "antrenman oyunu hiçbir yere kaydedilmedi.")
    assert "Uzun süre hamle yapmadın" in left.note.text("tr")


def test_a_whole_rated_game_writes_seat_standings_and_replays_exactly() -> None:
    table = make_table(people=2, mode="rated", level="easy", seed=3)
    play_on(table, 2, random.Random(3))
    assert table.status == "over"
    game = Game.from_record(table.record())
    assert game.is_over and game.record() == table.record()
    final = seat_standings(table.rules, game.totals)
    assert table.results() == (SeatResult(0, PERSON, final[0], None),
                               SeatResult(1, PERSON + 1, final[1], None))
    view = table.view(0)
    assert view.stage == "game_over" and view.record == table.record()
    assert "Oyun bitti" in view.note.text("tr") and "sıralamasına" in view.note.text("tr")
    for refuse in (lambda: table.act(PERSON, "card", "2C"), lambda: table.act(PERSON, "next"),
                   lambda: table.act(PERSON, "leave"), lambda: table.end(),
                   lambda: table.sit(200, "Ece")):
        before = state(table)
        with pytest.raises(TableActionError) as caught:
            refuse()
        assert state(table) == before
        assert caught.value.message("en").startswith("The game at this table is over")
    assert table.advance() == [] and table.due() is None


def test_partners_score_alike_at_the_end_of_a_rated_partnership_game() -> None:
    table = make_table(people=4, rules="partnership", mode="rated", level="easy", seed=5,
                       target=30)
    play_on(table, 4, random.Random(5))
    standings = {r.seat: r.standing for r in table.results()}
    assert standings[0] == standings[2] and standings[1] == standings[3]
    assert sorted(standings.values()) in ([-1, -1, 1, 1], [0, 0, 0, 0], [-1, -1, -1, -1])


def test_a_practice_game_has_no_results() -> None:
    table = make_table(people=1, level="easy", target=20)
    play_on(table, 1, random.Random(2))
    assert table.status == "over" and table.results() == ()
    assert "sıralamaya işlenmez" in table.view(0).note.text("tr")


def test_the_next_hand_waits_for_everyone_or_the_window() -> None:
    clock = Clock()
    table = make_table(people=2, clock=clock, mode="rated", level="easy")
    play_on(table, 2, random.Random(1), until=lambda t: t.view(0).stage == "hand_over")
    assert table.view(1).stage == "hand_over"
    assert table.view(0).waiting_for == (0, 1) and table.view(1).waiting_for == (0, 3)
    assert [e["t"] for e in table.act(PERSON, "next")] == ["next"]
    assert table.act(PERSON, "next") == []            # already ready
    assert [e["t"] for e in table.act(PERSON + 1, "next")] == ["next", "deal"]
    assert table.view(0).stage == "pass" and table.summary()["hand"] == 2
    # the second hand: nobody presses "next", the window deals
    play_on(table, 2, random.Random(2), until=lambda t: t.view(0).stage == "hand_over")
    window = table.due()
    assert window is not None
    clock.now = window - 0.5
    assert table.advance() == []
    clock.now = window
    assert [e["t"] for e in table.advance()] == ["deal"]
    # the window is not counted by the move timer: the new hand's clock starts at the deal
    deal_at = table.events[-1]["at"]
    assert table.view(0).seconds_left == pytest.approx(60.0)
    assert table.due() == pytest.approx(deal_at)      # the computer players pass at once


def test_the_rated_timer_warns_then_a_computer_decides_and_the_person_leaves() -> None:
    clock = Clock()
    table = make_table(people=2, clock=clock, mode="rated", timer=30)
    settle(table)
    assert table.view(0).seconds_left == pytest.approx(30)
    table.act(PERSON, "confirm_pass", " ".join(map(str, sorted(table.view(0).cards)[:3])))
    clock.now += 25
    assert table.view(1).seconds_left == pytest.approx(5)
    assert table.act(PERSON + 1, "timeout") == []     # early: the table's clock decides
    assert table.advance() == []
    assert table.due() == pytest.approx(clock.now + 5)
    clock.now += 5
    events = table.act(PERSON + 1, "timeout")
    assert [(e["t"], e.get("by"), e.get("why")) for e in events] == \
        [("pass", "timeout", None), ("leave", None, "timer")]
    assert table.seats[1] == SeatInfo("bot", PERSON + 1, "Kişi 1", None, "timer")
    assert table.results() == (SeatResult(1, PERSON + 1, -1, "timer"),)  # first hand: −1
    left = table.view(1)
    assert left.stage == "left" and not left.cards and not left.events and left.record is None
    text = left.note.text("tr")
    assert text == ("Süren doldu: senin yerine en tehlikeli kartların geçirildi: "
                    f"{card_list(table.game.hand.given(1))}. Bu, masadan kalkmak sayılır: "
                    "mağlup sayılırsın (−1). Yerine bilgisayar oynuyor.")
    assert "You are counted as having left the table" in left.note.text("en")
    others = " ".join(e.text("tr") for e in table.view(0).events)
    assert "Hamle süresi dolduğu için Kişi 1 masadan kalkmış sayıldı" in others
    # a computer player took the seat: the game goes on without waiting for it
    settle(table)
    assert table.view(0).stage in ("play", "wait") and table.status == "playing"


def test_the_rated_timer_plays_the_lowest_safe_card() -> None:
    clock = Clock()
    table = make_table(people=1, clock=clock, mode="rated", timer=45, passing=False)
    settle(table)
    assert table.view(0).stage == "play"
    card = TimeoutBot().choose_play(table._hand.observe(0))
    clock.now += 45
    played, left, end = table.advance()
    assert (played["t"], played["by"], played["card"]) == ("play", "timeout", str(card))
    assert (left["why"], end["t"], end["why"]) == ("timer", "end", "empty")
    assert f"senin yerine {card.symbol} oynandı" in table.view(0).note.text("tr")


def test_a_move_after_the_rated_timer_ran_out_is_too_late() -> None:
    clock = Clock()
    table = make_table(people=2, clock=clock, mode="rated", timer=30, passing=False)
    settle(table)
    mover = table._hand.to_move
    safe = TimeoutBot().choose_play(table._hand.observe(mover))
    mine = next(c for c in sorted(table.view(mover).playable) if c != safe) \
        if len(table.view(mover).playable) > 1 else safe
    clock.now += 30
    events = table.act(PERSON + mover, "card", str(mine))
    assert [(e["t"], e.get("by"), e.get("why")) for e in events] == \
        [("play", "timeout", None), ("leave", None, "timer")]
    assert events[0]["card"] == str(safe)
    assert table.view(mover).stage == "left"


def test_a_connection_lost_longer_than_the_limit_counts_as_leaving() -> None:
    clock = Clock()
    table = make_table(people=2, clock=clock, mode="rated", timer=300)
    settle(table)
    assert [e["t"] for e in table.connected(PERSON + 1, False)] == ["away"]
    assert table.connected(PERSON + 1, False) == []
    assert table.view(0).away == (1,) and table.view(1).away == (0,)
    # said once, by draw_table from ``away`` (not also among the events)
    assert "bağlantı" not in " ".join(e.text("tr") for e in table.view(0).events)
    clock.now += 100
    assert [e["t"] for e in table.connected(PERSON + 1, True)] == ["back"]
    assert table.view(0).away == ()
    table.connected(PERSON + 1, False)          # away again: the limit counts from now
    again = SharedTable(table.settings, table.events, clock=clock)
    assert again.due() == table.due() == pytest.approx(clock.now + RECONNECT_SECONDS)
    clock.now += RECONNECT_SECONDS
    assert [(e["t"], e.get("why")) for e in table.advance()] == [("leave", "away")]
    assert table.results() == (SeatResult(1, PERSON + 1, -1, "away"),)
    assert table.connected(PERSON + 1, True) == []      # gone: nothing to mark


def test_away_in_an_open_table_gives_up_the_seat() -> None:
    clock = Clock()
    table = SharedTable(TableSettings(), clock=clock, reconnect=10)
    table.sit(7, "Ayşe")
    table.sit(8, "Berk")
    table.connected(7, False)
    clock.now += 10
    assert [e["t"] for e in table.advance()] == ["stand"]
    assert table.host == 8 and table.seats[0].kind == "empty"
    table.connected(8, False)
    clock.now += 10
    assert [e["t"] for e in table.advance()] == ["stand", "end"]
    assert table.status == "ended"


@pytest.mark.parametrize("why", ["button", "other_game"])
def test_leaving_in_the_first_hand_is_a_loss_and_a_computer_takes_the_seat(why: str) -> None:
    table = make_table(people=2, mode="rated")
    events = table.act(PERSON, "leave", "yes" if why == "button" else why)
    assert [(e["t"], e["why"]) for e in events] == [("leave", why)]
    assert table.results() == (SeatResult(0, PERSON, -1, why),)
    assert table.seat_of(PERSON) is None
    with pytest.raises(TableActionError):
        table.act(PERSON, "card", "2C")                  # no longer their seat
    settle(table)
    assert table.seats[0].kind == "bot" and table.view(1).names == ("Kişi 1", None, None, None)


def test_the_leave_button_asks_first_in_a_rated_game_and_nothing_happens_until_yes() -> None:
    table = make_table(people=2, mode="rated")
    events = copy.deepcopy(table.events)
    assert table.act(PERSON, "leave") == [] and table.events == events
    question = table.view(0).leave_question
    assert question is not None and table.view(1).leave_question is None
    assert question.text("tr") == ("Emin misin? Masadan kalkarsan yerine bilgisayar oynar; "
                                   "mağlup sayılırsın (−1).")
    asked = state(table)
    with pytest.raises(TableActionError):
        table.act(PERSON, "leave", "maybe")              # refused: the question stays
    assert state(table) == asked
    assert table.act(PERSON, "leave", "no") == [] and table.view(0).leave_question is None
    assert table.seat_of(PERSON) == 0 and table.events == events
    table.act(PERSON, "leave")
    assert [(e["t"], e["why"]) for e in table.act(PERSON, "leave", "yes")] == [("leave",
                                                                               "button")]
    assert table.view(0).note.text("tr").startswith("Masadan kalktın: mağlup sayılırsın (−1).")


def test_a_practice_game_is_left_at_once_and_a_tournament_part_counts_as_leaving() -> None:
    practice = make_table(people=2)
    assert [e["why"] for e in practice.act(PERSON, "leave")] == ["button"]
    table = make_table(people=2, mode="rated")
    assert [e["why"] for e in table.act(PERSON, "leave", "tournament")] == ["tournament"]
    assert table.results() == (SeatResult(0, PERSON, -1, "tournament"),)
    assert table.view(0).note.text("tr") == (
        "Öğretmenin turnuvanın yeni bölümünü başlattı ve seni yeni bir masaya oturttu. Bu, "
        "masadan kalkmak sayılır: mağlup sayılırsın (−1). Yerine bilgisayar oynuyor.")
    others = " ".join(e.text("tr") for e in table.view(1).events)
    assert "Turnuvanın yeni bölümü başladığı için Kişi 0 bu masadan kalkmış sayıldı" in others


def test_leaving_later_is_scored_on_the_completed_hands() -> None:
    for seed in range(6):
        table = make_table(people=2, mode="rated", level="easy", seed=seed)
        play_on(table, 2, random.Random(seed),
                until=lambda t: t.summary()["hand"] == 3 and t.view(0).stage == "pass")
        game = Game.from_record(table.record())
        expected = leaving_standings(table.rules, game.totals, 2, 1)[1]
        table.act(PERSON + 1, "leave", "yes")
        assert table.results() == (SeatResult(1, PERSON + 1, expected, "button"),)
        note = table.view(1).note.text("tr")
        assert note.startswith("Masadan kalktın: tamamlanan turlarda tek başına birinci ")
        assert ("puan yazılmadı" in note) == (expected is None)
        assert ("olmadığın için mağlup sayılırsın (−1)" in note) == (expected == -1)


def test_a_partner_gets_the_teams_result_at_once_and_keeps_it() -> None:
    outcomes = set()
    for seed in range(8):
        table = make_table(people=4, rules="partnership", mode="rated", level="easy",
                           seed=seed, target=60)
        play_on(table, 4, random.Random(seed),
                until=lambda t: t.summary()["hand"] == 2 and t.view(0).stage == "pass")
        if table.status != "playing":
            continue
        game = Game.from_record(table.record())
        expected = leaving_standings(table.rules, game.totals, 1, 1)
        table.act(PERSON + 1, "leave", "yes")
        assert table.results() == (SeatResult(1, PERSON + 1, expected[1], "button"),
                                   SeatResult(3, PERSON + 3, expected[3], None))
        outcomes.add((expected[1], expected[3]))
        partner = " ".join(e.text("en") for e in table.view(3).events)
        assert "Your partner left the table; your result is written now" in partner
        play_on(table, 4, random.Random(seed))
        results = {r.person: r for r in table.results()}
        assert results[PERSON + 3] == SeatResult(3, PERSON + 3, expected[3], None)
        final = seat_standings(table.rules, Game.from_record(table.record()).totals)
        assert results[PERSON].standing == final[0] and results[PERSON + 2].standing == final[2]
    assert len(outcomes) >= 2


def test_the_teacher_ends_a_table() -> None:
    table = make_table(people=2, mode="rated")
    assert [(e["t"], e["why"]) for e in table.end()] == [("end", "teacher")]
    assert table.status == "ended"
    assert table.results() == (SeatResult(0, PERSON, None, "ended"),
                               SeatResult(1, PERSON + 1, None, "ended"))
    view = table.view(0)
    assert view.stage == "ended" and view.record == table.record() and not view.cards
    assert view.note.text("tr") == "Öğretmen masayı kapattı; bu oyun için puan yazılmadı."
    assert table.watch().note.text("tr").startswith("Masa kapandı; oturanlara puan yazılmadı.")
    before = state(table)
    for refuse in (table.end, lambda: table.act(PERSON, "next"), lambda: table.sit(9, "Can"),
                   lambda: table.act(PERSON, "leave")):
        with pytest.raises(TableActionError) as caught:
            refuse()
        assert caught.value.message("tr") == "Bu masa kapandı."
        assert state(table) == before
    assert table.advance() == [] and table.due() is None and table.connected(PERSON, False) == []


def test_a_card_more_than_the_pass_is_refused_and_the_choice_kept() -> None:
    table = make_table(people=2, mode="rated")
    settle(table)
    mine = sorted(table.view(0).cards)
    for card in mine[:3]:
        assert table.act(PERSON, "card", str(card)) == []
    before = state(table)
    with pytest.raises(TableActionError) as caught:
        table.act(PERSON, "card", str(mine[3]))
    assert caught.value.message("tr").startswith("Zaten 3 kart seçtin.")
    assert state(table) == before and table.view(0).selected == CardSet(mine[:3])
    table.act(PERSON, "card", str(mine[0]))               # taken back: now another may come
    table.act(PERSON, "card", str(mine[3]))
    assert table.view(0).selected == CardSet(mine[1:4])


def test_game_refusals_raise_the_engines_reason_and_change_nothing() -> None:
    table = make_table(people=2, mode="rated")
    settle(table)
    mine = sorted(table.view(0).cards)
    theirs = sorted(table.view(1).cards)
    before = state(table)
    cases = [
        (lambda: table.act(999, "card", str(mine[0])), TableActionError, None),
        (lambda: table.act(PERSON, "card", str(theirs[0])), IllegalActionError,
         Reason.NOT_IN_HAND),
        (lambda: table.act(PERSON, "confirm_pass", " ".join(map(str, mine[:2]))),
         IllegalActionError, Reason.PASS_WRONG_COUNT),
        (lambda: table.act(PERSON, "confirm_pass", " ".join(map(str, theirs[:3]))),
         IllegalActionError, Reason.PASS_NOT_IN_HAND),
        (lambda: table.act(PERSON, "confirm_pass"), IllegalActionError, Reason.PASS_WRONG_COUNT),
        (lambda: table.act(PERSON, "card", "ZZ"), CardError, None),
        (lambda: table.act(PERSON, "peskir", "yes"), IllegalActionError,
         Reason.PESKIR_NOT_ALLOWED),
        (lambda: table.act(PERSON, "moon", "old"), IllegalActionError,
         Reason.MOON_CHOICE_NOT_ALLOWED),
        (lambda: table.act(PERSON, "next"), TableActionError, None),
        (lambda: table.act(PERSON, "undo"), TableActionError, None),
        (lambda: table.act(PERSON, "hint"), TableActionError, None),
        (lambda: table.act(PERSON, "fold"), TableActionError, None),
        (lambda: table.act(PERSON, "leave", "timer"), TableActionError, None),
        (lambda: table.act(PERSON, "card", 3), TableActionError, None),  # type: ignore[arg-type]
    ]
    for refuse, error, reason in cases:
        with pytest.raises(error) as caught:
            refuse()
        assert isinstance(caught.value, MacaError)
        assert caught.value.message("tr") != caught.value.message("en")
        if reason is not None:
            assert caught.value.reason is reason       # type: ignore[attr-defined]
        assert state(table) == before, refuse
    # passed: the seat waits for the others, and playing now is refused with the reason
    table.act(PERSON, "confirm_pass", " ".join(map(str, mine[:3])))
    with pytest.raises(IllegalActionError) as caught:
        table.act(PERSON, "card", str(mine[5]))
    assert caught.value.reason is Reason.PASSING_NOT_DONE
    assert caught.value.message("en") == \
        "Passing comes first: West has not chosen cards yet."   # seat 1, seen from seat 0
    with pytest.raises(IllegalActionError) as again:
        table.act(PERSON, "confirm_pass", " ".join(map(str, mine[3:6])))
    assert again.value.message("en") == "You have already passed."


def test_out_of_turn_and_illegal_cards_name_seats_in_the_players_frame() -> None:
    table = make_table(people=4, mode="rated")
    rng = random.Random(1)
    for p in range(4):
        decide(table, PERSON + p, rng)
    mover = table._hand.to_move
    assert mover is not None
    other = (mover + 1) % 4
    before = state(table)
    card = sorted(table.view(other).cards)[0]
    with pytest.raises(IllegalActionError) as caught:
        table.act(PERSON + other, "card", str(card))
    assert caught.value.reason is Reason.NOT_YOUR_TURN
    assert caught.value.message("en") == "It is not your turn: East plays now."
    view = table.view(mover)
    refused = sorted(view.cards - view.playable)
    if refused:
        with pytest.raises(IllegalActionError) as illegal:
            table.act(PERSON + mover, "card", str(refused[0]))
        assert illegal.value.message("tr") == view.reasons[refused[0]]["tr"]
    assert state(table) == before


def test_a_card_another_seat_holds_is_not_in_your_hand() -> None:
    table = make_table(people=2, mode="rated", passing=False)
    settle(table)
    mover = table._hand.to_move
    assert table.seats[mover].kind == "person"
    foreign = sorted(table._hand.cards((mover + 1) % 4))[0]
    before = state(table)
    with pytest.raises(IllegalActionError) as caught:
        table.act(PERSON + mover, "card", str(foreign))
    assert caught.value.reason is Reason.NOT_IN_HAND
    assert caught.value.message("tr") == f"{foreign.symbol} elinde değil."
    assert state(table) == before


def test_peskir_is_asked_of_every_person_before_the_first_card() -> None:
    table = make_table(people=2, rules="turkish", mode="rated")
    settle(table)
    assert table.view(0).stage == table.view(1).stage == "peskir"
    assert "Peşkir demek ister misin" in table.view(0).note.text("tr")
    assert table.view(2).stage == "wait"          # the computer players answered at once
    assert [(e["seat"], e["by"]) for e in table.events if e["t"] == "peskir"] == [
        (2, "bot"), (3, "bot")]
    assert table.advance() == []                  # nobody plays before the answers
    table.act(PERSON, "peskir", "yes")
    assert table.view(0).stage == "wait"
    with pytest.raises(IllegalActionError) as caught:
        table.act(PERSON, "peskir", "yes")
    assert caught.value.message("en") == "You have already declared peşkir."
    assert "East declared peşkir" in " ".join(e.text("en") for e in table.view(1).events)
    table.act(PERSON + 1, "peskir", "no")
    with pytest.raises(TableActionError):
        table.act(PERSON + 1, "peskir", "yes")   # answered
    assert table._hand.peskir == (0,)
    settle(table)
    mover = table._hand.to_move
    assert table._hand.current_trick.cards or table.seats[mover].kind == "person"


def test_computer_players_declare_peskir_on_a_safe_hand_and_play_to_take_no_trick() -> None:
    for seed in range(1, 80):
        table = make_table(people=1, rules="turkish", seed=seed)
        settle(table)
        if table._hand.peskir:
            break
    else:
        raise AssertionError("no computer player declared peşkir in 80 deals")
    declarer = table._hand.peskir[0]
    answers = [e for e in table.events if e["t"] in ("peskir", "play")]
    assert [(e["t"], e["by"]) for e in answers] == [("peskir", "bot")] * 3   # before any card
    heard = " ".join(e.text("en") for e in table.view(0).events)
    assert "declared peşkir: no trick this hand" in heard
    table.act(PERSON, "peskir", "no")
    play_on(table, 1, random.Random(seed), until=lambda t: t._hand.is_over)
    points = table._hand.points()[declarer]
    assert points == table.rules.peskir_success or points >= table.rules.peskir_failure


def test_no_card_is_played_before_the_computer_players_answered_peskir() -> None:
    """The old-log allowance (a first card counts as the computers' "no") is never a way round
    their answers: a person's card waits for them."""
    table = make_table(people=1, rules="turkish", seed=1)     # the clock has not run yet
    table.act(PERSON, "peskir", "no")
    card = sorted(table._hand.legal_plays())[0] if table._hand.to_move == 0 else \
        sorted(table._hand.cards(0))[0]
    before = state(table)
    with pytest.raises(TableActionError) as caught:
        table.act(PERSON, "card", str(card))
    assert caught.value.message("en") == say("multiplayer.peskir_pending")["en"]
    assert state(table) == before
    settle(table)
    assert {e["seat"] for e in table.events if e["t"] == "peskir" and e.get("by") == "bot"} == {1, 2, 3}


def test_a_log_from_before_the_computer_players_answered_peskir_still_replays() -> None:
    """Tables begun before computer players were asked: their logs have no answer of theirs,
    and the first card counts as their "no"."""
    table = make_table(people=1, rules="turkish", seed=1)
    settle(table)
    table.act(PERSON, "peskir", "no")
    play_on(table, 1, random.Random(1), until=lambda t: len(t._hand.tricks) == 3)
    assert not table._hand.peskir
    kept = [e for e in table.events if not (e["t"] == "peskir" and e.get("by") == "bot")]
    older = [{**e, "seq": n} for n, e in enumerate(kept, start=1)]
    replayed = SharedTable(table.settings, older, clock=table.clock)
    assert replayed.view(0) == table.view(0) and replayed.record() == table.record()


def _moon_events(shooter: int) -> list[dict[str, Any]]:
    """A table whose first hand gives ``shooter`` 12 clubs (not the 2) and A♥: it wins every
    trick and shoots the moon whatever the others play; another seat holds 2♣."""
    rules = Rules.preset("standard")
    deck = [Card(i) for i in range(52)]
    strong = [c for c in deck if c.suit.name == "CLUBS" and c.rank != 2] + [Card.parse("AH")]
    rest = [c for c in deck if c not in strong]
    hands: list[list[str]] = []
    for seat in range(4):
        if seat == shooter:
            hands.append([str(c) for c in strong])
        else:
            hands.append([str(c) for c in rest[:13]])
            rest = rest[13:]
    assert CardSet(sum(CardSet(h).mask for h in hands)) == CardSet(rules.deck_mask)
    at = 1_000_000.0
    events: list[dict[str, Any]] = [{"seq": 1, "at": at, "t": "sit", "seat": 0,
                                     "person": PERSON, "name": "Kişi 0"}]
    events += [{"seq": 1 + s, "at": at, "t": "bot", "seat": s} for s in (1, 2, 3)]
    events += [{"seq": 5, "at": at, "t": "begin"},
               {"seq": 6, "at": at, "t": "deal", "hand": 1, "dealer": 0, "cards": hands}]
    return events


@pytest.mark.parametrize("shooter", [0, 2])
def test_a_moon_under_the_choice_rule_is_chosen_by_its_shooter(shooter: int) -> None:
    clock = Clock()
    table = SharedTable(TableSettings(passing=False, moon="choice"), _moon_events(shooter),
                        clock=clock, players_rng=random.Random(1))
    rng = random.Random(1)
    play_on(table, 1, rng, until=lambda t: t._hand.is_over)
    view = table.view(0)
    if shooter == 0:
        assert view.stage == "moon" and view.waiting_for == (0,)
        assert table.advance() == []
        table.act(PERSON, "moon", "new")
        assert table._hand.points() == (-26, 0, 0, 0)
    else:
        assert view.stage == "moon_wait"
        assert view.note is None and view.waiting_on == "moon"      # draw_table says it
        (chosen,) = table.advance()
        assert (chosen["t"], chosen["seat"], chosen["by"]) == ("moon", 2, "bot")
        assert "Kuzey" in " ".join(e.text("tr") for e in table.view(0).events)
    assert table.view(0).stage == "hand_over"
    assert Game.from_record(table.record()).hand.moon_choice == table._hand.moon_choice


# -- undo and hints -------------------------------------------------------------------------
def test_undo_in_practice_goes_back_to_the_persons_last_decision() -> None:
    table = make_table(people=1, level="medium", seed=4)
    settle(table)
    with pytest.raises(TableActionError) as nothing:
        table.act(PERSON, "undo")
    assert "Geri alınacak bir kararın yok" in nothing.value.message("tr")
    rng = random.Random(4)
    views = []
    for _ in range(30):                       # decisions across the end of the first hand
        settle(table)
        if table.view(0).stage in ("pass", "play"):
            views.append((table.view(0), table.record()))
        if not decide(table, PERSON, rng):
            table.clock.now += HAND_WINDOW     # type: ignore[attr-defined]
    assert table.summary()["hand"] >= 2
    for view, record in reversed(views[-16:]):
        assert table.view(0).can_undo
        table.act(PERSON, "undo")
        assert table.view(0) == view and table.record() == record
    replayed = SharedTable(table.settings, table.events, clock=table.clock)
    assert replayed.view(0) == table.view(0) and replayed.record() == table.record()


def test_undo_needs_practice_and_no_other_person() -> None:
    two = make_table(people=2)
    decide(two, PERSON, random.Random(1))
    assert not two.view(0).can_undo
    before = state(two)
    with pytest.raises(TableActionError) as caught:
        two.act(PERSON, "undo")
    assert "başka oyuncular varken" in caught.value.message("tr")
    assert state(two) == before
    rated = make_table(people=1, mode="rated")
    decide(rated, PERSON, random.Random(1))
    with pytest.raises(TableActionError):
        rated.act(PERSON, "undo")


def test_a_hint_in_practice_is_a_note_and_no_event() -> None:
    table = make_table(people=1)
    settle(table)
    count = len(table.events)
    assert table.view(0).can_hint
    assert table.act(PERSON, "hint") == [] and len(table.events) == count
    assert table.view(0).note.text("en").startswith("Hint: ")
    decide(table, PERSON, random.Random(1))
    assert not table.view(0).note or not table.view(0).note.text("en").startswith("Hint")


def test_choosing_cards_to_pass_is_no_event() -> None:
    table = make_table(people=1)
    cards = sorted(table.view(0).cards)
    count = len(table.events)
    for card in cards[:3]:
        assert table.act(PERSON, "card", str(card)) == []
    table.act(PERSON, "card", str(cards[0]))
    table.act(PERSON, "card", str(cards[3]))
    assert table.view(0).selected == CardSet(cards[1:4]) and len(table.events) == count
    (passed,) = table.act(PERSON, "confirm_pass")
    assert CardSet(passed["cards"]) == CardSet(cards[1:4])
    assert table.view(0).stage == "passed" and table.view(0).selected == CardSet()


# -- views ----------------------------------------------------------------------------------
def test_views_are_in_the_viewers_frame_and_the_teacher_watches_the_tables() -> None:
    table = make_table(people=4, mode="rated", level="easy", seed=2)
    rng = random.Random(2)
    play_on(table, 4, rng, until=lambda t: t.summary()["hand"] == 2 and t._hand.phase == "play"
            and t._hand.trick_number > 1 and len(t._hand.current_trick.cards) == 2)
    hand = table._hand
    for seat in range(4):
        view = table.view(seat)
        assert view.seat == 0 and not view.watching and view.revealed is None
        assert view.trick.leader == (hand.current_trick.leader - seat) % 4
        assert view.to_move == (hand.to_move - seat) % 4
        assert view.names[0] == f"Kişi {seat}" and view.names[1] == f"Kişi {(seat + 1) % 4}"
        assert view.totals == tuple(table.game.totals[(i + seat) % 4] for i in range(4))
        assert view.sheet[0][1] == tuple(table.game.hands[0].points()[(i + seat) % 4]
                                         for i in range(4))
        assert view.cards == hand.cards(seat)
    mover = hand.to_move
    assert table.view(mover).stage == "play"
    assert "Sıra sende" in table.view(mover).note.text("tr")
    waiting = table.view((mover + 1) % 4)      # draw_table says whose turn it is, once
    assert waiting.note is None and waiting.waiting_on == "play" and waiting.to_move == 3
    watched = table.watch()
    assert watched.watching and watched.names == tuple(f"Kişi {s}" for s in range(4))
    assert watched.revealed == tuple(hand.cards(s) for s in range(4))
    assert watched.to_move == mover and watched.trick.leader == hand.current_trick.leader
    texts = " ".join(e.text("tr") for e in watched.events) + (watched.note.text("tr")
                                                              if watched.note else "")
    assert "sen" not in texts.split() and "(sen)" not in texts


def test_the_teacher_watches_a_seat_whose_person_left_and_is_never_sen() -> None:
    table = make_table(people=2, mode="rated", passing=False)
    settle(table)
    table.act(PERSON, "leave", "yes")
    settle(table)
    watched = table.watch(0)
    assert watched.stage in ("play", "wait") and watched.cards == table._hand.cards(0)
    assert not (watched.can_leave or watched.can_undo or watched.can_hint)
    assert watched.names == (None, "Kişi 1", None, None)
    texts = [e.text(lang) for e in watched.events for lang in ("tr", "en")]
    texts += [watched.note.text("tr"), watched.note.text("en")]
    assert "Kişi 0 masadan kalktı; yerine bilgisayar oynuyor." in texts
    for text in texts:
        assert "(sen)" not in text and "(you)" not in text
        assert not re.search(r"\b(sen|sende|you|your|Sıra sende)\b", text, re.I), text
    assert watched.stand_ins == ("Kişi 0", None, None, None)
    assert "Kişi 0 (Güney) −1 (kalktı)" in watched.note.text("tr")     # the result written
    assert watched.seconds_left == table.view(1).seconds_left == pytest.approx(60)


def test_a_view_says_what_happened_since_the_seats_last_decision() -> None:
    table = make_table(people=1, level="medium", seed=6, passing=False)
    settle(table)
    view = table.view(0)
    plays = [e for e in table.events if e["t"] == "play"]
    assert [e.text("en") for e in view.events][:len(plays)] == [
        f"{['South (you)', 'West', 'North', 'East'][e['seat']]}: {Card.parse(e['card']).symbol}"
        for e in plays]
    decide(table, PERSON, random.Random(1))
    mine = table.view(0).events
    assert mine and mine[0].text("en").startswith("South (you): ")


def _symbols(text: str) -> set[Card]:
    return {Card.parse(rank + suit) for rank, suit in
            re.findall(r"(10|[2-9JQKA])([♠♥♦♣])", text)}


def named_cards(view: SeatView) -> set[Card]:
    """Every card a view names: its card sets, its tricks, the texts of its notes."""
    named = set(view.cards) | set(view.selected) | set(view.playable) | set(view.reasons)
    for trick in (view.trick, view.previous):
        if trick is not None:
            named |= set(trick.cards)
    texts = [e.text(lang) for e in view.events for lang in ("tr", "en")]
    texts += [t[lang] for t in view.reasons.values() for lang in ("tr", "en")]
    if view.note is not None:
        texts += [view.note.text("tr"), view.note.text("en")]
    for text in texts:
        named |= _symbols(text)
    if view.revealed is not None:
        for cards in view.revealed:
            named |= set(cards)
    return named


def known_to(table: SharedTable, seat: int) -> set[Card]:
    """What ``seat`` may know of this hand: its own cards (dealt, passed, received) and
    every card played."""
    hand = table._hand
    known = set(hand.dealt(seat) or CardSet()) | set(hand.received(seat))
    known |= set(hand.current_trick.cards)
    for s in range(table.players):
        known |= set(hand.taken(s))
    return known


@pytest.mark.parametrize("preset", ["standard", "turkish", "three_players", "partnership",
                                    "omnibus"])
def test_no_view_names_a_card_its_seat_may_not_know(preset: str) -> None:
    """Whole games of people and computer players, some people leaving (the button, the
    timer, a lost connection): at every step every seat's view names only cards that seat
    knows, and a seat whose person left names nothing it did not know when they left."""
    leaves = set()
    for seed in range(3):
        clock = Clock()
        people = 2 + seed % 2
        table = make_table(people=people, clock=clock, rules=preset, level="easy",
                           mode="rated" if seed % 2 else "practice", seed=seed,
                           moon="choice", target=40)
        rng = random.Random(seed)
        gone: dict[int, set[Card]] = {}
        for _ in range(3000):
            if table.status != "playing":
                break
            before = {s: known_to(table, s) for s in range(table.players)}
            for seat in range(table.players):
                view = table.view(seat)
                if view.stage == "left":
                    assert not view.cards and view.trick is None and not view.events
                    assert named_cards(view) <= gone[seat]
                else:
                    assert named_cards(view) <= before[seat], (seed, seat, view.stage)
            count = len(table.events)
            if not table.advance():
                luck = rng.random()
                if luck < 0.01:
                    table.act(PERSON + 1, "leave", "yes") if table.seat_of(PERSON + 1) is not None \
                        else None
                elif luck < 0.02:
                    table.connected(PERSON, False)
                    clock.now += RECONNECT_SECONDS
                elif luck < 0.03 and table.settings.mode == "rated":
                    clock.now += 60
                elif not any([decide(table, PERSON + p, rng) for p in range(people)]):
                    clock.now += 5
            for event in table.events[count:]:
                if event["t"] == "leave":
                    gone[event["seat"]] = before[event["seat"]]
                    leaves.add(event["why"])
        assert table.status in ("over", "ended")
    assert leaves                   # the games above had someone leave


# -- replays --------------------------------------------------------------------------------
def test_a_replay_asks_no_computer_player(monkeypatch: pytest.MonkeyPatch) -> None:
    table = make_table(people=1, level="hard", budget=0.01)
    play_on(table, 1, random.Random(1), until=lambda t: t.summary()["hand"] == 2)
    import maca.multiplayer as multiplayer

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a replay asked a computer player")

    monkeypatch.setattr(multiplayer, "make_bot", refuse)
    monkeypatch.setattr(multiplayer, "TimeoutBot", refuse)
    copy_ = SharedTable(table.settings, table.events, clock=table.clock)
    assert copy_.view(0) == table.view(0)


def test_extend_applies_events_appended_elsewhere_and_refuses_a_broken_log() -> None:
    table = make_table(people=2, mode="rated", level="easy")
    other = SharedTable(table.settings, table.events, clock=table.clock)
    decide(table, PERSON, random.Random(1))
    settle(table)
    other.extend(table.events[len(other.events):])
    assert [other.view(s) for s in range(4)] == [table.view(s) for s in range(4)]
    with pytest.raises(RecordError):
        other.extend([dict(table.events[-1])])                   # seq already taken
    broken = copy.deepcopy(table.events)
    play = next(e for e in broken if e["t"] == "pass")
    play["cards"] = ["2C", "2C", "3C"]
    with pytest.raises(RecordError) as caught:
        SharedTable(table.settings, broken)
    assert f"event {play['seq']}" in caught.value.message("en")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["standard", "turkish", "three_players", "partnership"]),
       mode=st.sampled_from(["practice", "rated"]), people=st.integers(1, 4),
       seed=st.integers(0, 2**32 - 1), count=st.integers(1, 500))
@example(preset="standard", mode="rated", people=2, seed=1508331, count=8)   # asked to confirm
def test_random_play_replays_to_the_same_table_and_record(preset: str, mode: str, people: int,
                                                          seed: int, count: int) -> None:
    """``count`` random steps (the seed drives the deals, the bots and the steps, so shrinking
    stays cheap): people's legal decisions, computer players, time passing, connections
    dropping and coming back, leaving, undo, next, the page's timeout."""
    clock = Clock()
    table = make_table(people=min(people, Rules.preset(preset).players), clock=clock,
                       rules=preset, mode=mode, level="easy", seed=seed, moon="choice",
                       target=30)
    people = sum(s.kind == "person" for s in table.seats)
    script = random.Random(seed)
    for _ in range(count):
        if table.status != "playing":
            break
        kind, value = script.randrange(10), script.randrange(2**16)
        rng = random.Random(value)
        person = PERSON + value % people
        try:
            if kind <= 4:
                for p in range(people):
                    decide(table, PERSON + p, rng)
            elif kind <= 6:
                settle(table)
            elif kind == 7:
                clock.now += rng.choice([1, 10, 40, 40, 200])
            elif kind == 8:
                table.connected(person, rng.random() < 0.5)
            elif rng.random() < 0.1:
                table.act(person, "leave", rng.choice(["", "yes", "no"]))
            else:
                table.act(person, rng.choice(["undo", "next", "timeout"]))
        except MacaError:
            pass
    again = SharedTable(table.settings, json.loads(json.dumps(table.events)), clock=clock)
    for seat in range(table.players):       # "are you sure?" is asked on a screen, not logged
        assert again.view(seat) == replace(table.view(seat), leave_question=None)
    assert again.seats == table.seats and again.results() == table.results()
    assert again.status == table.status and again.due() == table.due()
    assert Game.from_record(table.record()).record() == table.record()



def test_while_cards_are_passed_no_view_tells_who_holds_the_two_of_clubs() -> None:
    for seed in range(8):
        table = make_table(people=4, seed=seed)
        views = [table.view(s) for s in range(4)]
        assert all(v.stage == "pass" and v.to_move is None for v in views)
        # each seat's trick to come is led by the viewer (seat 0 in its frame): no 2♣ holder
        assert {v.trick.leader for v in views if v.trick is not None} <= {0}
        assert {table.game.hand.observe(s).current_trick.leader for s in range(4)} == {0, 1, 2, 3}
