"""Faults a beginner met in the live lessons (issue 21): each one, checked against the engine
and the pages that show it."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from maca import Card, CardSet, Suit, panels
from maca.cards import card_list
from maca.lessonkit import lesson01, lesson02, lesson05
from maca.lessons import PassingLesson, ScoringLesson, TrickStepper
from maca.words import Seat, say

ROOT = Path(__file__).resolve().parents[1]


def _page_seed(page: str, call: str) -> int:
    """The seed the book page ``page`` (Turkish and English alike) gives the panel ``call``."""
    seeds = {int(m) for lang in ("tr", "en")
             for m in re.findall(rf"{call}\(lang=LANG, seed=(\d+)\)",
                                 (ROOT / "book" / lang / page).read_text(encoding="utf-8"))}
    assert len(seeds) == 1, seeds
    return seeds.pop()


# -- lesson 5: the quick checks name the position they ask about ------------------------------
@pytest.mark.parametrize("lang", ["tr", "en"])
@pytest.mark.parametrize("house", [False, True])
def test_lesson5_checks_stand_on_their_own_and_the_engine_answers(lang: str, house: bool) -> None:
    box = (lesson05.check_house if house else lesson05.check_standard)(lang)
    table = lesson05.queen_tables()[1 if house else 0]
    lead = lesson05._lowest_heart()
    prompt = box.prompt
    assert "Yukarıdaki" not in prompt and "above" not in prompt
    # the position in words: the cards held, the trick the queen fell in, the card asked about
    assert card_list(table.cards(0).sorted_for_display()) in prompt
    queen = next(i for i, t in enumerate(table.tricks, 1) if Card.parse("QS") in t.cards)
    assert (f"{queen}. elde" if lang == "tr" else f"trick {queen}") in prompt
    assert lead.symbol in prompt and lead in table.cards(0)
    # the right answer is the engine's verdict on that very position
    right = [label for label, (_, ok) in zip(box.labels, box.verdicts) if ok]
    assert right == [say("answer_yes" if table.check(lead).legal else "answer_no")[lang]]


# -- lesson 2: the passing panel ---------------------------------------------------------------
def test_a_fourth_card_to_pass_is_refused_and_the_three_stay() -> None:
    lesson = PassingLesson(seed=14)
    held = lesson.hand.cards(0).sorted_for_display()
    for card in held[:4]:
        lesson.toggle(card)
    assert lesson.selected == held[:3]
    assert lesson.note.kind == "error"
    assert "(4/3)" not in lesson.note.text("tr") and "(4/3)" not in lesson.note.text("en")
    assert "3 kart seçtin" in lesson.note.text("tr")
    assert "chosen 3 cards" in lesson.note.text("en")
    panel = panels.passing_lesson(lang="tr", seed=14)
    for card in held[:4]:
        panel.act("card", str(card))
    assert panel.body(True).count('aria-pressed="true"') == 3 + 1   # three cards, hand 1


def test_the_hand_without_passing_is_told_not_refused() -> None:
    panel = panels.passing_lesson(lang="tr", seed=14)
    panel.act("number", "4")
    note = panel.lesson.note
    assert note.kind == "info"
    assert note.text("tr").startswith("4. turda kart geçirilmez")
    assert note.text("en").startswith("Hand 4 has no passing")
    assert "maca-note-error" not in panel.body(True)


def test_the_passing_text_and_panel_get_the_same_cards_back() -> None:
    seed = _page_seed("02-passing.md", "passing_lesson")
    assert seed == lesson02.SEED
    lesson = PassingLesson(seed=seed)
    for card in CardSet.parse(lesson02.CLUBS):
        lesson.toggle(card)
    assert lesson.confirm()
    received = card_list(lesson.hand.received(0))
    for lang in ("tr", "en"):
        told = [part.text for part in lesson02.step_by_step(lang) if hasattr(part, "text")]
        assert any(f"**{received}**" in text for text in told), (received, told)


# -- lessons 3-5: what the text says about unplayable cards is what is drawn ------------------
def test_the_play_panels_do_not_call_normal_cards_faded() -> None:
    panel = panels.play_lesson(lang="tr", seed=1)
    body = panel.body(True)
    blocked = re.findall(r'<button[^>]*aria-disabled="true"[^>]*>.*?</button>', body, re.S)
    assert blocked, "South holds unplayable cards on trick 1"
    faded = any('fill-opacity="0.62"' in b for b in blocked)
    for lang in ("tr", "en"):
        said = panel.lesson.note.text(lang).lower()
        assert faded or not {"soluk", "faded", "grey"} & set(re.findall(r"\w+", said)), said
    for number in ("03", "04", "05"):
        for lang in ("tr", "en"):
            page = next((ROOT / "book" / lang).glob(f"{number}-*.md")).read_text("utf-8")
            assert not re.search(r"soluk|faded|greyed", page, re.I), (lang, number)


# -- lesson 6: "give the rest" and the took-a-trick buttons ------------------------------------
def test_give_the_rest_leaves_cards_already_given_where_they_are() -> None:
    lesson = ScoringLesson()
    lesson.click("QS")          # South took the queen
    lesson.active = 1
    lesson.give_all()           # West takes every other card
    assert lesson.owner[Card.parse("QS")] == 0
    assert all(lesson.owner[c] == 1 for c in lesson.cards if c.suit is Suit.HEARTS)
    assert lesson.points() == (13, 13, 0, 0)
    fresh = ScoringLesson()
    fresh.active = 1
    fresh.give_all()            # nothing given yet: all to West, a moon
    assert fresh.points() == (26, 0, 26, 26)


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_the_scoring_panel_explains_its_buttons(lang: str) -> None:
    body = panels.scoring_lesson(lang=lang).body(True)
    help_text = say("lessons.score_help")[lang]
    assert f"“{say('lessons.took_trick')[lang]}”" in help_text
    assert f"“{say('lessons.give_all')[lang]}”" in help_text
    assert "peşkir" in help_text and html.escape(help_text) in body


# -- lesson 1: the picture's deal is the panel's deal -----------------------------------------
def test_lesson1_text_and_trick_panel_show_the_same_deal() -> None:
    seed = _page_seed("01-cards.md", "trick_lesson")
    panel = panels.trick_lesson(lang="tr", seed=seed)
    live = panel.stepper.hand
    shown = lesson01.dealt()
    assert shown.dealer == live.dealer
    assert [shown.cards(s) for s in range(4)] == [live.cards(s) for s in range(4)]
    steps = TrickStepper(seed=seed)
    assert list(lesson01.first_trick().cards) == steps.script[:4]


# -- the exercises' words --------------------------------------------------------------------
def test_a_bonus_card_is_not_called_penalty_points() -> None:
    minus = say("card_points", seat=Seat(1), points=-10, cards="J♦")
    assert minus["tr"] == "Batı'nın aldığı kartlar (J♦) puanından 10 düşürdü."
    assert minus["en"] == "West took J♦: 10 points come off their score."
    mine = say("card_points", seat=Seat(0), points=-10, cards="J♦")
    assert "−10" not in mine["tr"] and "Aldığın kartlar (J♦) puanından 10" in mine["tr"]
    plus = say("card_points", seat=Seat(2), points=3, cards="A♥ K♥ Q♥")
    assert plus["tr"] == "Kuzey aldığı kartlardan 3 ceza puanı topladı (A♥ K♥ Q♥)."
    zero = say("card_points", seat=Seat(3), points=0, cards="J♦ …")
    assert "0 puan" in zero["tr"] and "0 points" in zero["en"]


def test_a_card_that_reaches_the_goal_is_said_naturally() -> None:
    ok = say("goal_ok", card=Card.parse("9H"))
    assert ok["tr"] == "9♥ ile hedefe ulaşırsın." and ok["en"] == "With 9♥ you reach the goal."
