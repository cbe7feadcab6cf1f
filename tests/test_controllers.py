"""The lessons' logic (maca.lessons): every flow, wrong clicks and their messages."""
from __future__ import annotations

import random

import pytest

from maca import Card, CardSet, Hand, Rules
from maca.bots import LowestBot, MoonDefender, SensibleBot, highest_cards
from maca.lessons import (MOON_LINE, FollowSuitLesson, HeartsLesson, MoonLesson,
                                      Note, PassingLesson, PlayLesson, ScoringLesson,
                                      TrickStepper, TEXT)
from maca.words import Text, say


# -- shared pieces ----------------------------------------------------------------------------
def test_every_sentence_has_turkish_and_english():
    for key, (tr, en) in TEXT.items():
        assert tr and en, key
        assert tr != en or tr.isupper(), key


def test_note_join_keeps_both_languages():
    joined = Note.join(Note.of(Text("bir", "one")), None, Note.of(Text("iki", "two"), "error"))
    assert joined == Note("error", Text("bir iki", "one two"))
    assert Note.join(None) is None


# -- computer players -------------------------------------------------------------------------
def _play_out(hand: Hand, bot) -> None:
    if hand.phase == "pass":
        for seat in range(hand.players):
            hand.give(seat, highest_cards(hand.observe(seat)))
    while not hand.is_over:
        seat = hand.to_move
        card = bot(hand.observe(seat))
        assert card in hand.legal_plays()
        hand.play(card)


@pytest.mark.parametrize("preset", ["standard", "turkish", "three_players", "omnibus"])
def test_bots_always_play_legal_cards(preset):
    rules = Rules.preset(preset)
    for seed in range(6):
        _play_out(Hand.deal(rules, seed=seed, number=seed + 1),
                  (SensibleBot() if seed % 2 else LowestBot()).choose_play)
        _play_out(Hand.deal(rules, seed=seed), MoonDefender(seed % rules.players).choose_play)


def test_highest_cards_uses_only_the_seats_own_cards():
    hand = Hand.deal(Rules.preset("standard"), seed=11)
    for seat in range(4):
        obs = hand.observe(seat)
        chosen = highest_cards(obs)
        assert len(chosen) == 3 and chosen <= obs.cards
        assert min(c.rank for c in chosen) >= max(c.rank for c in obs.cards - chosen)


def test_moon_defender_throws_a_heart_only_on_a_trick_the_shooter_can_lose():
    after_trick_one = ("standard hand=4 cards={south}/JT987.765..QJT9/.43.AKQJT98.765/"
                       "65432.2.76543.3 tricks=1:2C,4C,8C,AC trick=0:{lead}")
    # South led 2♦ and West has no diamond: a higher diamond is unseen, so a heart goes on.
    hand = Hand.from_position(after_trick_one.format(south="AKQ.AKQJT98..K", lead="2D"))
    assert MoonDefender(0).choose_play(hand.observe(1)) == Card.parse("7H")
    # Against anyone else, or when following suit, the defender plays its lowest card.
    assert MoonDefender(2).choose_play(hand.observe(1)) == Card.parse("5H")
    hand = Hand.from_position(after_trick_one.format(south="KQ.AKQJT98.2.K", lead="AS"))
    assert MoonDefender(0).choose_play(hand.observe(1)) == Card.parse("7S")


# -- playing a hand ---------------------------------------------------------------------------
def test_play_lesson_refuses_with_the_engines_reason_and_changes_nothing():
    lesson = PlayLesson(seed=1)
    before = lesson.hand.position()
    assert lesson.hand.to_move == 0 and lesson.hand.current_trick.cards == (Card.parse("2C"),)
    assert not lesson.click("AH")
    assert lesson.note.kind == "error"
    assert lesson.note.text("tr") == "Elinde sinek var: renge uymalısın, sinek oynamalısın."
    assert lesson.note.text("en") == "You hold a club: you must follow suit and play a club."
    assert not lesson.click("QS")
    assert lesson.note.text("tr") == "Q♠ elinde değil."
    assert lesson.note.text("en") == "Q♠ is not in your hand."
    assert lesson.hand.position() == before


def test_a_card_clicked_while_a_finished_trick_waits_goes_on_and_is_played():
    lesson = PlayLesson(seed=4)
    while not lesson.waiting:
        assert lesson.click(lesson.legal().sorted_for_display()[-1])
    tricks = len(lesson.hand.tricks)
    lesson.go_on()
    card = lesson.legal().sorted_for_display()[0]
    lesson.restart()
    while len(lesson.hand.tricks) < tricks:
        assert lesson.click(lesson.legal().sorted_for_display()[-1])
    assert lesson.waiting
    assert lesson.click(card) and card in lesson.hand.current_trick.cards + tuple(
        c for t in lesson.hand.tricks[tricks:] for c in t.cards)


def test_play_lesson_plays_a_whole_hand_and_scores_it():
    lesson = PlayLesson(seed=4)
    paused = 0
    while not lesson.hand.is_over:
        if lesson.waiting:            # a finished trick stays in view until the learner goes on
            paused += 1
            trick, number = lesson.shown_trick()
            assert len(trick.cards) == 4 and number == len(lesson.hand.tricks)
            assert trick.winner != 0 and lesson.legal() == CardSet()
            assert lesson.note.text("en").endswith("press “Continue” to go on.")
            lesson.go_on()
            assert not lesson.waiting and len(lesson.hand.current_trick.cards) < 4
        assert lesson.hand.to_move == 0
        assert lesson.legal() == lesson.hand.legal_plays()
        assert lesson.click(lesson.legal().sorted_for_display()[-1])
    assert paused > 0 and not lesson.waiting
    assert lesson.legal() == CardSet()
    points = lesson.hand.points()
    assert lesson.note.kind == "ok"
    assert lesson.note.text("en").endswith(
        f"The hand is over. Points: South (you) {points[0]}, West {points[1]}, "
        f"North {points[2]}, East {points[3]}.")
    assert f"Güney (sen) {points[0]}" in lesson.note.text("tr")
    assert not lesson.click(Card.parse("2C"))
    assert lesson.note.text("en") == "This hand is over; no more cards can be played."
    lesson.restart()
    assert len(lesson.hand.tricks) == 0 and lesson.seed == 4


def test_play_lesson_shows_the_last_trick_once_it_is_complete():
    lesson = PlayLesson(seed=1)
    lesson.click(lesson.legal().sorted_for_display()[0])
    trick, number = lesson.shown_trick()
    if lesson.hand.current_trick.cards:
        assert number == 2 and trick == lesson.hand.current_trick
    else:
        assert number == 1 and trick.winner is not None
    assert any("won trick 1" in n.text("en") for n in lesson.log)


def test_play_lesson_from_a_position_and_a_passing_hand():
    lesson = PlayLesson(position="standard hand=4 cards=AKQJT98765432.../.AKQJT98765432../"
                                 "..AKQJT98765432./...AKQJT9876543 trick=3:2C")
    assert lesson.legal() == CardSet.parse("AS KS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S")
    assert not lesson.click("QS")
    assert lesson.note.text("en").startswith("No points on the first trick")
    passing = PlayLesson(seed=2, number=1)
    assert passing.hand.phase == "play" and passing.hand.received(0)
    passing.new_deal()
    assert passing.seed == 3


# -- stepping through a hand ------------------------------------------------------------------
def test_trick_stepper_walks_forward_and_back_with_undo():
    steps = TrickStepper(seed=5)
    start = steps.hand.position()
    steps.back()
    assert steps.note.text("tr") == "Geri alınacak bir hamle yok."
    assert steps.note.text("en") == "There is nothing to undo."
    steps.forward()
    first = steps.hand.current_trick
    assert steps.note.text("en") == (f"Trick 1: {_seat_en(first.leader)} led "
                                     f"{first.cards[0].symbol}.")
    assert steps.note.text("tr").startswith("1. el: ")
    assert ("ile sen açtın" if first.leader == 0 else "ile açtı") in steps.note.text("tr")
    for _ in range(3):
        steps.forward()
    trick = steps.hand.tricks[0]
    assert "won trick 1" in steps.note.text("en") and "1. eli" in steps.note.text("tr")
    assert steps.shown_trick() == (trick, 1)
    steps.back()
    assert steps.hand.current_trick.cards == trick.cards[:3]
    steps.previous_trick()
    assert steps.hand.position() == start and steps.step == 0
    assert steps.note.text("en").startswith("Start of the hand")
    while steps.step < len(steps.script):
        steps.next_trick()
    assert steps.hand.is_over and len(steps.hand.tricks) == 13
    steps.forward()
    assert steps.note.text("tr") == "Tur bitti: gösterilecek başka kart yok."
    steps.new_deal()
    assert steps.seed == 6 and steps.step == 0


def _seat_en(seat: int) -> str:
    """A seat as a sentence names it: the learner's own seat is "you"."""
    return ("you", "West", "North", "East")[seat]


# -- passing ----------------------------------------------------------------------------------
@pytest.mark.parametrize("number, direction, target, dative", [
    (1, "left", 1, "Batı'ya"), (2, "right", 3, "Doğu'ya"), (3, "across", 2, "Kuzey'e")])
def test_passing_says_where_the_cards_go(number, direction, target, dative):
    lesson = PassingLesson(seed=3, number=number)
    assert lesson.direction == direction and lesson.target == target
    assert dative in lesson.note.text("tr")
    assert f"go to {_seat_en(target)}" in lesson.note.text("en")


def test_passing_has_no_pass_in_hand_four():
    lesson = PassingLesson(seed=3, number=4)
    assert lesson.target is None
    # shown before anything is tried: a word on the hand, not a refusal
    assert lesson.note.kind == "info"
    assert lesson.note.text("tr").startswith("4. turda kart geçirilmez:")
    lesson.toggle(lesson.hand.cards(0).sorted_for_display()[0])
    assert lesson.selected == [] and lesson.note.kind == "info"
    assert lesson.note.text("en").startswith("Hand 4 has no passing:")


def test_passing_enforces_three_cards_through_the_engine():
    lesson = PassingLesson(seed=3)
    cards = lesson.hand.cards(0).sorted_for_display()
    for card in cards[:4]:
        lesson.toggle(card)
    # a fourth card is refused: the three chosen stay chosen
    assert lesson.selected == cards[:3] and lesson.note.kind == "error"
    assert lesson.note.text("tr").startswith("Zaten 3 kart seçtin.")
    assert lesson.note.text("en").startswith("You have already chosen 3 cards.")
    lesson.toggle(cards[2])
    assert "(2/3)" in lesson.note.text("tr") and "(2/3)" in lesson.note.text("en")
    assert not lesson.confirm()
    assert lesson.note.text("tr") == "Tam 3 kart seçmelisin; 2 kart seçtin."
    assert lesson.note.text("en") == "You must choose exactly 3 cards; you chose 2."
    assert lesson.hand.given(0) is None and len(lesson.hand.cards(0)) == 13
    lesson.toggle(cards[2])
    assert lesson.selected == cards[:3]
    source_gives = highest_cards(lesson.hand.observe(3))
    assert lesson.confirm()
    assert lesson.done and lesson.hand.received(0) == source_gives
    assert lesson.hand.cards(0) == (CardSet(cards) - CardSet(cards[:3])) | source_gives
    assert "Batı'ya geçirdin" in lesson.note.text("tr")
    assert "Doğu'dan gelenler" in lesson.note.text("tr")
    assert "to West. From East you received" in lesson.note.text("en")
    lesson.toggle(cards[5])
    assert lesson.note.text("tr") == "Kartlarını zaten geçirdin."
    assert lesson.note.text("en") == "You have already passed."
    lesson.restart()
    assert not lesson.done and lesson.selected == []


def test_passing_three_players():
    lesson = PassingLesson(seed=1, number=2, rules="three_players")
    assert lesson.direction == "right" and lesson.target == 2
    assert "Doğu'ya" in lesson.note.text("tr")


# -- following suit ---------------------------------------------------------------------------
def test_follow_suit_explains_every_card_by_reason():
    lesson = FollowSuitLesson(seed=1)
    hand = lesson.hand
    led = hand.current_trick.cards[0]
    assert hand.to_move == 0 and hand.cards(0).of_suit(led.suit)
    groups = lesson.explain()
    assert groups[0][0].legal and groups[0][1] == hand.legal_plays()
    assert [v.reason.name for v, _ in groups[1:]] == ["MUST_FOLLOW_SUIT"]
    assert groups[0][1] | groups[1][1] == hand.cards(0)
    notes = lesson.explanation()
    assert notes[0].text("tr").startswith("Oynayabileceğin kartlar — ")
    assert notes[1].text("en").startswith("You hold a spade: you must follow suit")
    assert lesson.note.text("en") == f"East led {led.symbol}. Your turn: which cards may you play?"
    wrong = groups[1][1].sorted_for_display()[0]
    assert not lesson.click(wrong)
    assert lesson.note.text("tr") == "Elinde maça var: renge uymalısın, maça oynamalısın."
    assert lesson.click(groups[0][1].sorted_for_display()[0])
    assert len(lesson.hand.tricks) == 3  # the trick was completed, then the lesson stops
    assert lesson.note.text("en").endswith("won trick 3 (with 6♠). Press “New position” for "
                                           "another one.")
    assert lesson.note.text("tr").endswith("“Yeni durum” düğmesine bas.")


def test_follow_suit_void_positions_allow_a_discard():
    lesson = FollowSuitLesson(seed=1, kind="void")
    led = lesson.hand.current_trick.cards[0]
    assert not lesson.hand.cards(0).of_suit(led.suit)
    assert [v.reason.name for v, _ in lesson.explain()] == ["LEGAL"]
    lesson.set_kind("follow")
    assert lesson.hand.cards(0).of_suit(lesson.hand.current_trick.cards[0].suit)
    seed = lesson.seed
    lesson.new_deal()
    assert lesson.seed > seed
    with pytest.raises(ValueError, match="kind must be"):
        lesson.set_kind("trump")


# -- breaking hearts --------------------------------------------------------------------------
def test_hearts_cannot_be_led_until_broken():
    lesson = HeartsLesson()
    assert lesson.click("AC")
    assert not lesson.click("3H")
    assert lesson.note.text("tr") == ("Kupalar henüz kırılmadı: elinde başka renk varken kupa "
                                      "açamazsın.")
    assert lesson.lead_status().kind == "error"
    assert lesson.click("AS")  # West's singleton Q♠ falls: not a breaker in standard rules
    assert not lesson.hand.hearts_broken
    assert CardSet.parse("QS") <= lesson.hand.taken(0)
    assert lesson.click("AD")  # East has no diamond and throws the A♥
    assert lesson.hand.hearts_broken
    assert "3. elde Doğu A♥ oynadı: kupalar kırıldı." in lesson.note.text("tr")
    assert "Trick 3: East played A♥ and hearts are broken." in lesson.note.text("en")
    assert lesson.note.text("en").endswith("Hearts are broken: you may lead a heart now.")
    assert lesson.click("3H")


def test_queen_breaks_hearts_switch():
    lesson = HeartsLesson()
    lesson.click("AC")
    lesson.set_queen_breaks(True)
    assert lesson.queen_breaks and lesson.rules.queen_breaks_hearts
    assert len(lesson.hand.tricks) == 0  # the deal starts again under the new rule
    lesson.click("AC")
    lesson.click("AS")
    assert lesson.hand.hearts_broken
    assert "2. elde Batı Q♠ oynadı: kupalar kırıldı." in lesson.note.text("tr")
    assert lesson.click("3H")
    lesson.set_queen_breaks(False)
    assert not lesson.rules.queen_breaks_hearts


def test_only_hearts_exception():
    lesson = HeartsLesson(scenario="only_hearts")
    assert lesson.click("AC")
    assert not lesson.hand.hearts_broken
    assert lesson.legal() == lesson.hand.cards(0) == lesson.hand.cards(0).of_suit(3)
    assert lesson.note.text("en").endswith(
        "Hearts are not broken, but you hold only hearts: so you may lead one.")
    assert "yalnızca kupa var" in lesson.note.text("tr")
    assert lesson.click("2H") and lesson.hand.hearts_broken
    lesson.set_scenario("deal")
    assert lesson.scenario == "deal" and not lesson.hand.tricks
    with pytest.raises(ValueError, match="scenario must be one of deal, only_hearts"):
        lesson.set_scenario("spades")


# -- scoring ----------------------------------------------------------------------------------
def test_scoring_standard_moon_and_a_stopped_moon():
    lesson = ScoringLesson()
    assert len(lesson.cards) == 14
    assert lesson.summary().text("en").startswith("14 cards with points have not been given")
    lesson.give_all()
    assert lesson.points() == (0, 26, 26, 26)
    assert lesson.summary().text("tr") == "Kafa attın: diğer herkes +26 aldı."
    assert lesson.summary().text("en") == "You shot the moon: everyone else gets +26."
    lesson.active = 2
    lesson.click("2H")
    assert lesson.points() == (25, 0, 1, 0) and lesson.summary() is None
    lesson.click("2H")  # a second click takes it back
    assert "2H" not in [str(c) for c in lesson.owner]
    lesson.click("JD")
    assert lesson.note.text("en") == "J♦ is not in your hand."


def test_scoring_omnibus_turkish_and_peskir():
    lesson = ScoringLesson("omnibus")
    lesson.give_all()
    assert Card.parse("JD") in lesson.cards and lesson.points() == (-10, 26, 26, 26)
    lesson.active = 1
    lesson.click("JD")
    assert lesson.points() == (26, -10, 0, 0)
    turkish = ScoringLesson("turkish")
    turkish.give_all()
    assert turkish.points() == (0, 35, 35, 35)
    turkish.clear()
    turkish.active = 3
    for card in ("QS", "AH", "KH"):
        turkish.click(card)
    turkish.set_peskir(1, True)
    turkish.set_peskir(2, True)
    turkish.set_took_trick(2, True)
    assert turkish.tricks_won() == [0, 0, 1, 1]
    assert turkish.points() == (0, -35, 35, 24)
    standard = ScoringLesson()
    standard.set_peskir(1, True)
    assert standard.peskir == [False] * 4
    assert standard.note.text("tr") == "Bu kurallarda peşkir yok."
    assert standard.note.text("en") == "These rules have no peşkir declarations."


def test_scoring_partnership_three_players_and_replay():
    team = ScoringLesson("partnership")
    team.give_all()
    team.active = 2
    team.click("QS")
    assert team.points() == (0, 26, 0, 26)
    assert team.summary().text("tr") == "Sen ve Kuzey kafa attınız: diğer herkes +26 aldı."
    assert team.summary().text("en") == "You and North shot the moon: everyone else gets +26."
    three = ScoringLesson("three_players")
    assert three.players == 3
    three.replay(seed=4)
    taken = three.taken()
    assert sum(len(t) for t in taken) == 14 and three.note.text("en").startswith("The computer")
    hand = Hand.deal(three.rules, seed=4)
    _play_out(hand, SensibleBot().choose_play)
    assert three.points() == hand.points()
    three.set_preset("standard")
    assert three.players == 4 and three.owner == {}


# -- shooting the moon ------------------------------------------------------------------------
def test_the_moon_line_shoots_the_moon():
    lesson = MoonLesson()
    for card in MOON_LINE.split():
        assert lesson.moon_alive()
        assert lesson.click(card), lesson.note.text("en")
    assert lesson.hand.points() == (0, 26, 26, 26)
    assert lesson.note.text("tr").endswith("Kafa attın! Sen 0 aldın, diğer herkes +26.")
    assert lesson.note.text("en").endswith("everyone else +26.")


def test_one_heart_to_someone_else_stops_the_moon():
    lesson = MoonLesson()
    lesson.click("AC")
    assert lesson.note.text("en").endswith("the moon is still possible.")
    lesson.click("2D")  # West has no diamond and throws a heart; North wins with 8♦
    assert not lesson.moon_alive()
    assert lesson.note.kind == "error"
    assert lesson.note.text("tr").endswith("Kuzey 7♥ aldı: artık kafa atamazsın.")
    assert lesson.note.text("en").endswith("North took 7♥: the moon is out of reach now.")
    while not lesson.hand.is_over:
        lesson.go_on()                    # after a trick that another player won
        lesson.click(lesson.legal().sorted_for_display()[0])
    assert lesson.hand.moon_shooters == ()
    assert lesson.note.text("en").endswith("The hand is over; no moon this time.")
    assert lesson.hint().text("en").startswith("Play your top spades")
    lesson.restart()
    assert lesson.moon_alive() and not lesson.hand.tricks


def test_the_moon_deal_can_be_lost_in_many_ways():
    """Random legal play by the learner rarely shoots: the lesson has something to teach."""
    rng = random.Random(0)
    moons = 0
    for _ in range(20):
        lesson = MoonLesson()
        while not lesson.hand.is_over:
            lesson.go_on()
            lesson.click(rng.choice(list(lesson.legal())))
        moons += lesson.hand.moon_shooters == (0,)
    assert moons < 20


def test_text_is_formatted_per_language():
    assert say("lessons.choose", count=3, chosen=1)["tr"].startswith("Geçireceğin 3 kartı seç (1/3)")
    assert say("lessons.choose", count=3, chosen=1)["en"].startswith("Choose 3 cards to pass (1/3)")
