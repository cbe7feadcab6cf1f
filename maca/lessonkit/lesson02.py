"""Lesson 2 (passing): who passes to whom, one hand's exchange step by step, and what the
engine refuses.

>>> exchange(4).pass_direction, exchange(1).pass_direction
('none', 'left')
"""
from __future__ import annotations

import random
from typing import Any

from maca import CardSet, Hand, Rules, render
from maca.exercises import Exercise, Text, check
from maca.exercises.kinds import build_question
from maca.lessonkit import HTML, Markdown, QuickCheck, quick_check
from maca.lessons import PassingLesson
from maca.words import catalogue, say, seat_name
from maca.cards import card_list

RULES = Rules.preset("standard")
#: the hand of the step-by-step exchange, and the clubs you pass in it
SEED = 14
CLUBS = "QC 9C 8C"

catalogue("lesson02", {
    "cycle head": ("| tur | yön | senin kartlarını alan | sana kart veren |",
                   "| hand | direction | your cards go to | you receive cards from |"),
    "hand": ("**{number}. tur, yön: {direction}.** Kartların (geçirmek için seçtiklerin yukarı "
             "kalkık):",
             "**Hand {number}, passing {direction}.** Your hand, with the cards you picked to "
             "pass raised:"),
    "clubs": ("Üç sineğini de seçtin ({cards}): elinde hiç sinek kalmayacak. Sinek açıldığında "
              "renge uyamayacağın için başka renkten bir kart atabileceksin (3. ders).",
              "You picked all three of your clubs ({cards}): you will have no club left. When "
              "clubs are led you cannot follow suit, so you may throw a card of another suit "
              "(lesson 3)."),
    "waiting": ("Kartlarını masaya koydun. Henüz sana kart gelmedi (gelen kart sayısı: "
                "{received}) ve oyun başlayamaz; bir kart oynamak istersen şu cevabı "
                "alırsın: *{said}*",
                "Your cards are on the table. Nothing has come to you yet (cards received: "
                "{received}) and play cannot start; if you tried to play a card you would be "
                "told: *{said}*"),
    "received": ("Herkes seçti, kartlar yerlerine gitti. Gelen kartlar **{cards}**: onları sana "
                 "veren oyuncu ({seat}) istemediği kartları seçmişti. Yeni kartların, gelen üç "
                 "kart yukarı kalkık:",
                 "Everyone has chosen and the cards have moved. You received **{cards}**: the "
                 "cards the player who passes to you ({seat}) did not want. Your new hand, with "
                 "the three cards you received raised:"),
    "pass again": ("Gelen kartları geçirmeye kalkarsan: *{said}*",
                   "If you try to pass the cards you received: *{said}*"),
    "refused head": ("| denediğin | aldığın cevap |", "| you tried | the answer |"),
    "two cards": ("iki kart: {cards}", "two cards: {cards}"),
    "foreign": ("başkasının kartıyla: {cards}", "with someone else's card: {cards}"),
    "no passing": ("4. turda üç kart", "three cards in hand 4"),
    "nobody": ("kimse", "nobody"),
    "to question": ("3. turda kartlarını hangi oyuncuya geçirirsin?",
                    "In hand 3, who gets the cards you pass?"),
    "from question": ("6. turda sana kartları hangi oyuncu verir?",
                      "In hand 6, who passes cards to you?"),
    "give question": ("2. turdasın ve kartların bunlar. Aşağıdaki seçimlerden hangisini "
                      "geçirebilirsin?",
                      "This is your hand in hand 2. Which choice can you pass?"),
    "accepted": ("Bu seçim kabul edilir.", "This choice is accepted."),
}, scoped=True)


def exchange(number: int) -> Hand:
    """Deal hand ``number`` and let every seat pass as the passing panel's other players do."""
    hand = Hand.deal(RULES, seed=number, number=number)
    if hand.phase == "pass":
        hand.give(0, PassingLesson.OTHERS.choose_pass(hand.observe(0)))
        PassingLesson.pass_others(hand)
    return hand


def cycle(lang: str) -> Markdown:
    """Hands 1 to 8: the direction, who gets your cards, who gives you theirs."""
    rows = [say("lesson02.cycle head").say(lang), "|---|---|---|---|"]
    for number in range(1, 9):
        hand = exchange(number)
        if hand.pass_direction == "none":
            rows.append(f"| {number} | {say('no_passing').say(lang)} | — | — |")
            continue
        to = next(s for s in range(hand.players) if hand.received(s) == hand.given(0))
        source = next(s for s in range(hand.players) if hand.given(s) == hand.received(0))
        rows.append(f"| {number} | {say(f'dir_{hand.pass_direction}').say(lang)} | "
                    f"{seat_name(to, lang)} | {seat_name(source, lang)} |")
    return Markdown("\n".join(rows))


def step_by_step(lang: str) -> list[Any]:
    """One hand's exchange: you pick your clubs, wait, receive three cards, and may not pass
    them on."""
    hand = Hand.deal(RULES, seed=SEED, number=1)
    mine = CardSet.parse(CLUBS)
    shown: list[Any] = [
        Markdown(say("lesson02.hand").say(lang, number=hand.number,
                     direction=say(f"dir_{hand.pass_direction}").say(lang))),
        HTML(render.hand_html(hand.cards(0), selected=mine, lang=lang)),
        Markdown(say("lesson02.clubs").say(lang, cards=card_list(mine)))]
    hand.give(0, mine)
    shown.append(Markdown(say("lesson02.waiting").say(lang, received=len(hand.received(0)),
                              said=hand.check("2C").message(lang))))
    PassingLesson.pass_others(hand)  # as the panel below passes for them
    source = next(s for s in range(hand.players) if hand.given(s) == hand.received(0))
    again = list(hand.received(0))
    return shown + [
        Markdown(say("lesson02.received").say(lang, cards=card_list(hand.received(0)),
                     seat=seat_name(source, lang))),
        HTML(render.hand_html(hand.cards(0), selected=hand.received(0), lang=lang)),
        Markdown(say("lesson02.pass again").say(lang, said=hand.check_give(0, again).message(lang)))]


def refusals(lang: str) -> Markdown:
    """What the engine says to two cards, to someone else's card, and to passing in hand 4."""
    fresh = Hand.deal(RULES, seed=SEED, number=1)
    own = fresh.cards(0).sorted_for_display()
    foreign = fresh.cards(1).sorted_for_display()[:1] + own[:2]
    no_pass = Hand.deal(RULES, seed=SEED, number=4)
    rows = [say("lesson02.refused head").say(lang), "|---|---|"]
    for label, verdict in [
        (say("lesson02.two cards").say(lang, cards=card_list(own[:2])), fresh.check_give(0, own[:2])),
        (say("lesson02.foreign").say(lang, cards=card_list(foreign)), fresh.check_give(0, foreign)),
        (say("lesson02.no passing").say(lang),
         no_pass.check_give(0, no_pass.cards(0).sorted_for_display()[:3])),
    ]:
        rows.append(f"| {label} | {verdict.message(lang)} |")
    return Markdown("\n".join(rows))


def _direction_check(number: int, ask: str, key: str, lang: str) -> QuickCheck:
    """A pass-direction exercise (``ask``: "to" or "from") on hand ``number``, as a quick
    check."""
    exercise = Exercise(f"pass-{number}", build_question(
        "pass_direction", {"hand": number, "ask": ask}, "standard"),
        say(f"lesson02.{key}"))
    choices = [(seat_name(seat, lang), seat) for seat in range(1, RULES.players)]
    nobody = say("lesson02.nobody").say(lang)
    return quick_check(say(f"lesson02.{key}").say(lang), choices + [(nobody, nobody)],
                       lambda answer: check(exercise, answer), lang=lang)


def check_to(lang: str) -> QuickCheck:
    """Quick check: in hand 3, who gets the cards you pass?"""
    return _direction_check(3, "to", "to question", lang)


def check_from(lang: str) -> QuickCheck:
    """Quick check: in hand 6, who passes cards to you?"""
    return _direction_check(6, "from", "from question", lang)


def check_give(lang: str) -> list[Any]:
    """Quick check: which of four choices may you pass in hand 2?"""
    quiz = Hand.deal(RULES, seed=52, number=2)
    held = quiz.cards(0).sorted_for_display()
    stranger = quiz.cards(2).sorted_for_display()[0]
    options = [held[:2], held[:3], [stranger] + held[1:3], held[:4]]
    random.Random(52).shuffle(options)
    return [HTML(render.hand_html(quiz.cards(0), lang=lang)), quick_check(
        say("lesson02.give question").say(lang), [(card_list(option), option) for option in options],
        lambda option: (quiz.check_give(0, option).legal,
                        say("lesson02.accepted").say(lang) if quiz.check_give(0, option).legal
                        else quiz.check_give(0, option).message(lang)), lang=lang)]
