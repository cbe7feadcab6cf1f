"""The table controller: whole games in both modes, undo, timer, leaving, fairness, records."""
from __future__ import annotations

import random

import pytest

from maca import PRESETS, Game, Rules
from maca.bots import RuleBot, TimeoutBot
from maca.cards import Card, CardSet, card_list
from maca.errors import SettingError
from maca.observation import Observation
from maca.scoring import seat_standings
from maca.table import Table, make_rules, totals_chart_svg


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _decide(table: Table, rng: random.Random | None = None) -> None:
    """One decision of the learner, made by the rule-based player (or at random)."""
    stage = table.stage
    seen = table.hand.observe(0)
    if stage == "pass":
        for card in RuleBot().choose_pass(seen):
            assert table.toggle(card)
        assert table.confirm_pass()
    elif stage == "peskir":
        assert table.declare_peskir(False)
    elif stage == "play":
        card = rng.choice(sorted(seen.legal)) if rng else RuleBot().choose_play(seen)
        assert table.play(card), table.note
    elif stage == "moon":
        assert table.choose_moon("new")
    elif stage == "hand_over":
        assert table.next_hand()


def _play_game(table: Table, rng: random.Random | None = None, limit: int = 2000) -> None:
    for _ in range(limit):
        if table.stage in ("game_over", "left"):
            return
        _decide(table, rng)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_whole_practice_games_in_every_preset_replay_from_their_record(preset: str) -> None:
    table = Table(preset, level="medium", seed=7, target=40)
    _play_game(table)
    game = table.game
    assert table.stage == "game_over" and game.is_over
    result = table.results[-1]
    assert result.mode == "practice" and result.standing is None and not result.left
    assert result.totals == game.totals and result.winners == game.winners
    again = Game.from_record(table.record())
    assert again.totals == game.totals and len(again.hands) == len(game.hands)
    assert [h.history for h in again.hands] == [h.history for h in game.hands]
    assert [row[1] for row in table.sheet()] == game.scores
    assert "polyline" in totals_chart_svg(game.rules, [h.points() for h in game.hands], "tr")


def test_a_rated_game_counts_in_the_session_and_a_new_game_follows() -> None:
    clock = FakeClock()
    table = Table(level="easy", mode="rated", timer=30, seed=2, target=30, clock=clock)
    _play_game(table, random.Random(1))
    result = table.results[-1]
    assert result.mode == "rated"
    assert result.standing == seat_standings(table.rules, table.game.totals)[0]
    assert table.session_standing() == result.standing
    assert "Rated game" in table.note.text("en")
    table.new_game()
    assert table.games == 2 and table.stage == "pass" and len(table.results) == 1


def test_options_and_refusals() -> None:
    assert Table(level="medium", seed=1, passing=False).stage == "play"
    assert make_rules("standard", moon="choice").moon == "choice"
    with pytest.raises(SettingError, match="30 to 300"):
        Table(mode="rated", timer=10)
    with pytest.raises(SettingError, match="no clock"):
        Table(mode="practice", timer=60)
    with pytest.raises(SettingError, match="mode"):
        Table(mode="blitz")
    with pytest.raises(SettingError, match="level"):
        Table(level="expert")


def test_an_illegal_card_is_refused_with_the_engines_reason_and_nothing_changes() -> None:
    table = Table(level="medium", seed=4, passing=False)
    while True:
        legal = table.legal()
        illegal = table.hand.cards(0) - legal
        if illegal:
            break
        _decide(table)
    before = table.hand.position()
    card = min(illegal)
    assert not table.play(card)
    assert table.hand.position() == before
    assert table.note.kind == "error"
    assert table.note.text("en") == table.reasons("en")[card]
    assert table.note.text("tr") == table.reasons("tr")[card]


def test_undo_goes_back_to_every_decision_even_across_hands() -> None:
    table = Table(level="medium", seed=5, target=30)
    seen: list[tuple[str, int, str, str]] = []
    decisions = 0
    while table.stage != "game_over" and decisions < 60:
        if table.stage != "hand_over":
            seen.append((table.stage, table.game.hand.number, table.hand.position(),
                         str(table.selected)))
            decisions += 1
        _decide(table)
    assert table.game.hand.number >= 2  # the decisions span more than one hand
    while seen:
        assert table.undo()
        stage, number, position, selected = seen.pop()
        assert (table.stage, table.game.hand.number, table.hand.position()) == (
            stage, number, position)
    assert not table.undo() and "no decision" in table.note.text("en")
    # and the game goes on from the start as if new
    _play_game(table)
    assert table.stage == "game_over"


def test_rated_games_have_no_undo_and_no_hints() -> None:
    table = Table(level="medium", mode="rated", timer=60, seed=3, clock=FakeClock())
    _decide(table)
    assert not table.undo() and "no undo" in table.note.text("en")
    assert "no hints" in table.hint().text("en")


def test_hints_in_practice_name_a_card_and_say_why() -> None:
    table = Table(level="medium", seed=3)
    hint = table.hint()   # passing
    assert hint.text("en").startswith("Hint: ") and "dangerous" in hint.text("en")
    _decide(table)
    hint = table.hint()
    assert hint.text("tr").startswith("İpucu: ") and len(hint.text("en")) > 20
    hard = Table(level="hard", seed=3, budget=0.02, passing=False)
    assert hard.hint().text("en").startswith("Hint: ")


def test_the_move_timer_warns_and_plays_the_lowest_safe_card_on_time_out() -> None:
    clock = FakeClock()
    table = Table(level="medium", mode="rated", timer=30, seed=8, clock=clock)
    assert table.stage == "pass" and table.remaining() == 30
    clock.now += 25
    assert table.warning and "5 seconds left" in table.timer_note().text("en")
    clock.now += 5
    assert table.tick()   # the engine passes for the learner
    assert table.stage == "play" and "were passed to West for you" in table.note.text("en")
    position = None
    while table.stage == "play":
        assert table.remaining() == 30 and not table.warning
        expected = TimeoutBot().choose_play(table.hand.observe(0))
        position = table.hand.position()
        clock.now += 31
        assert not table.play(max(table.legal()))   # too late: the engine has played
        assert f"Time is up: {expected.symbol} was played for you" in table.note.text("en")
        assert "Süren doldu" in table.note.text("tr")
        assert table.hand.position() != position
    assert table.stage == "hand_over" and table.remaining() is None


def test_the_time_out_pass_names_the_cards_once() -> None:
    clock = FakeClock()
    table = Table(level="medium", mode="rated", timer=30, seed=8, clock=clock)
    clock.now += 30
    assert table.tick()
    given, got = table.hand.given(0), table.hand.received(0)
    assert given is not None and got is not None
    cards, came = card_list(given), card_list(got)
    assert table.note.kind == "error"
    assert table.note.text("tr") == (f"Süren doldu: en tehlikeli kartların ({cards}) senin "
                                     f"yerine Batı'ya geçirildi; Doğu'dan {came} geldi.")
    assert table.note.text("en") == (f"Time is up: your most dangerous cards ({cards}) were "
                                     f"passed to West for you; {came} came from East.")
    for lang in ("tr", "en"):
        assert table.note.text(lang).count(cards) == 1


def test_leaving_a_rated_game() -> None:
    clock = FakeClock()
    first = Table(level="medium", mode="rated", timer=60, seed=1, clock=clock)
    first.leave()
    assert first.stage == "left" and first.results[-1].standing == -1
    assert "loss (−1)" in first.note.text("en")
    assert first.session_standing() == -1
    # after a hand: alone in the lead -> no result; otherwise a loss
    outcomes = set()
    for seed in range(2, 12):
        table = Table(level="easy", mode="rated", timer=60, seed=seed, clock=clock)
        while table.stage != "hand_over":
            _decide(table)
        totals = table.game.totals
        table.leave()
        alone = totals[0] == min(totals) and totals.count(min(totals)) == 1
        assert table.results[-1].standing == (None if alone else -1)
        outcomes.add(alone)
        assert not table.play("2C") and table.stage == "left"
    assert outcomes == {True, False}
    practice = Table(level="medium", seed=1)
    practice.leave()
    assert practice.results[-1].standing is None and "nothing is recorded" in \
        practice.note.text("en")


def test_the_computer_players_receive_only_observations() -> None:
    seen_types: set[type] = set()

    class Spy:
        def __init__(self, inner):
            self.inner = inner

        def choose_pass(self, seen):
            seen_types.add(type(seen))
            return self.inner.choose_pass(seen)

        def choose_play(self, seen):
            seen_types.add(type(seen))
            return self.inner.choose_play(seen)

        def choose_moon(self, seen, totals):
            seen_types.add(type(seen))
            return self.inner.choose_moon(seen, totals)

    table = Table(level="medium", seed=9, target=30)
    table.bots = [None] + [Spy(b) for b in table.bots[1:]]
    while table.stage != "hand_over":
        _decide(table)
    assert seen_types == {Observation}
    # no seed: the deal comes from the system's secure randomness
    assert type(Table(level="medium").game._rng).__name__ == "SystemRandom"


def test_a_computer_shooter_picks_its_moon_scoring_from_what_it_sees() -> None:
    """Under the choice rule a computer shooter's bot decides (`Bot.choose_moon`), from its
    `Observation` and the totals before the hand."""
    from maca import Hand
    from maca.bots import LowestBot
    picks = []

    class Shooter(LowestBot):
        def choose_moon(self, seen, totals):
            picks.append((type(seen), seen.seat, list(totals)))
            return "new"

    table = Table(level="medium", seed=1, moon="choice", passing=False)
    piles = ("AKQJT98765432...", "...AKQJT98765432", ".AKQJT98765432..", "..AKQJT98765432.")
    hand = Hand.from_cards(table.rules, [CardSet.from_pbn(p) for p in piles], number=4)
    table.game = Game.from_hand(hand)
    table.bots = [None, Shooter(), LowestBot(), LowestBot()]
    table._advance()
    while table.stage == "play":   # West leads clubs and takes every trick
        table.play(str(min(table.hand.legal_plays())))
    assert picks == [(Observation, 1, [0, 0, 0, 0])]
    assert table.hand.moon_choice == "new" and table.hand.points()[1] < 0


def test_practice_shows_every_hand_after_the_hand_and_rated_does_not() -> None:
    table = Table(level="medium", seed=6)
    assert table.revealed() is None
    while table.stage != "hand_over":
        _decide(table)
    shown = table.revealed()
    assert shown is not None and len(shown) == 4
    assert CardSet(sum(s.mask for s in shown)).mask == table.rules.deck_mask
    rated = Table(level="medium", mode="rated", timer=60, seed=6, clock=FakeClock())
    while rated.stage != "hand_over":
        _decide(rated)
    assert rated.revealed() is None


def test_peskir_is_asked_under_turkish_rules() -> None:
    table = Table("turkish", level="medium", seed=2)
    assert table.stage == "peskir"
    assert table.declare_peskir(True)
    assert 0 in table.hand.peskir and table.stage in ("play", "hand_over")
    assert table.undo() and table.stage == "peskir"


def test_the_computer_players_declare_peskir_before_you_are_asked() -> None:
    table = Table("turkish", level="medium", seed=2)
    assert table.stage == "peskir" and table.hand.peskir == (2,)
    assert [e.text("tr") for e in table.events] == [
        "Kuzey peşkir dedi: bu turda hiç el almayacak."]
    assert table.declare_peskir(False)
    assert table.undo() and table.stage == "peskir" and table.hand.peskir == (2,)
    assert table.declare_peskir(False) and table.hand.peskir == (2,)    # asked once a hand
    while table.stage not in ("hand_over", "game_over"):
        _decide(table)
    points = table.hand.points()[2]
    assert points == table.rules.peskir_success or points >= table.rules.peskir_failure


def test_a_moon_shot_under_the_choice_rule_is_decided() -> None:
    """Computer shooters choose by themselves; a learner who shoots is asked."""
    from maca import Hand
    from maca.lessons import MOON_DEAL, MOON_LINE
    table = Table(level="medium", seed=1, moon="choice", passing=False)
    hand = Hand.from_cards(table.rules, [CardSet.from_pbn(h) for h in MOON_DEAL], number=4)
    table.game = Game.from_hand(hand)
    table.bots = [None, *table.bots[1:]]
    table._advance()
    for card in MOON_LINE.split():
        if table.stage != "play":
            break
        table.play(card)
    if table.hand.moon_shooters == (0,):
        assert table.stage == "moon"
        assert table.choose_moon("new")
        assert table.hand.points()[0] < 0 and table.stage == "hand_over"


def test_the_view_is_what_the_table_shows_at_every_decision() -> None:
    """`Table.view` (what `draw_table` draws) holds the table's own answers, in both modes."""
    from dataclasses import FrozenInstanceError
    for table in (Table(level="medium", seed=8),
                  Table(level="medium", mode="rated", timer=30, seed=8, clock=FakeClock())):
        practice = table.mode == "practice"
        for _ in range(200):
            view, stage = table.view(), table.stage
            assert (view.seat, view.players, view.rules, view.stage) == (0, 4, table.rules, stage)
            assert view.cards == table.hand.cards(0) and view.playable == table.legal()
            assert {c: t["tr"] for c, t in view.reasons.items()} == table.reasons("tr")
            assert (view.trick, view.trick_number) == table.shown_trick()
            assert list(view.sheet) == table.sheet() and view.totals == table.game.totals
            assert view.revealed == (None if table.revealed() is None
                                     else tuple(table.revealed()))
            assert view.seconds_left == table.remaining() and view.timer == table.timer
            assert view.can_hint == (practice and stage in ("pass", "play"))
            assert view.can_undo == practice and view.can_leave and view.note is table.note
            assert view.waiting_for == (0,) and not view.watching and view.names == ()
            assert (view.record is not None) == (stage == "hand_over")
            if view.previous is not None:
                assert view.previous == table.hand.tricks[-1] and view.trick.cards
                assert view.previous_number == len(table.hand.tricks)
            if table.game.hand.number == 2:
                break
            _decide(table)
        with pytest.raises(FrozenInstanceError):
            view.stage = "play"   # type: ignore[misc]
        table.leave()
        view = table.view()
        assert view.stage == "left" and not view.can_leave and view.record == table.record()


def test_a_card_more_than_the_pass_is_refused_and_the_choice_kept() -> None:
    table = Table(level="medium", seed=5)
    cards = table.hand.cards(0).sorted_for_display()
    assert all(table.toggle(card) for card in cards[:3])
    assert not table.toggle(cards[3])
    assert table.selected == CardSet(cards[:3]) and table.note.kind == "error"
    assert table.note.text("en").startswith("You have already chosen 3 cards.")
    assert table.toggle(cards[0]) and table.toggle(cards[3])
    assert table.selected == CardSet(cards[1:4])


def test_advice_is_the_practice_hint_and_a_function_of_what_the_seat_sees() -> None:
    from maca.table import advice
    table = Table(level="medium", seed=5)
    seen = table.hand.observe(0)
    assert advice(seen, "pass", "medium") == table.hint()
    for card in RuleBot().choose_pass(seen):
        table.toggle(card)
    table.confirm_pass()
    assert table.stage == "play"
    note = advice(table.hand.observe(0), "play", "medium")
    assert note == table.hint() and note.text("en").startswith("Hint: ")
    assert advice(table.hand.observe(0), "wait", "medium").kind == "error"
