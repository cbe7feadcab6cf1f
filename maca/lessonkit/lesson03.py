"""Lesson 3 (following suit): its moments, found in seeded deals, and its quick checks.

>>> hand = follow_moment()
>>> must_follow(hand), len(hand.legal_plays()) < len(hand.cards(0))
(True, True)
>>> off_suit_higher(off_suit_example())
True
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from maca import Card, Hand, Rules, Suit, Trick, render
from maca.bots import CautiousBot, play_out
from maca.exercises import Exercise, Text, check
from maca.exercises.kinds import build_question
from maca.lessonkit import (HTML, Markdown, find_moment, finished_trick, mover, quick_check,
                            trick_winner)
from maca.words import catalogue, is_you, say, seat_form, seat_name
from maca.cards import card_list

RULES = Rules.preset("standard")

catalogue("lesson03", {
    "follow": ("{leader} {suit} açtı. Elinde {count} {suit} var: {cards}; yalnızca bunlardan "
               "birini oynayabilirsin. Başka bir kart, örneğin {other} oynamak istersen şu "
               "cevabı alırsın: *{said}*",
               "{leader} led {suit}. You hold {count} {suit}: {cards}, and you must play one of "
               "them. If you try another card, say {other}, you are told: *{said}*"),
    "void": ("{leader} {suit} açtı ve sende hiç {suit} yok: elindeki {legal} kartın hepsini "
             "oynayabilirsin. Maça kızını atmanın tam zamanı:",
             "{leader} led {suit} and you have none. You may play any of your **{legal}** "
             "cards: your whole hand. The perfect moment to drop the queen of spades:"),
    "queen goes": ("Eli **{winner}** aldı: maça kızı ve {points} ceza puanı onun.",
                   "The queen goes to **{winner}**, who won the trick: {points} penalty points "
                   "for them."),
    "off suit": ("Açılan renk {suit}, en büyük {suit} {top}. {higher} daha büyük görünse de "
                 "başka renkten; {who}",
                 "The suit led is {suit}, and its highest card here is {top}. {higher} may look "
                 "bigger, but they are of another suit: {who}"),
    "you win": ("eli **sen** alırsın.", "**you** win the trick."),
    "seat wins": ("eli **{seat}** alır.", "**{seat}** wins the trick."),
    "wins": ("{said} Eli {seat} alır.", "{said} {seat} wins the trick."),
    "last no points": ("{said} Son oynayan sensin: {card} eli alır, ama bu elde ceza puanı yok.",
                       "{said} You play last and {card} wins the trick, but there are no penalty "
                       "points in it."),
    "last points": ("{said} Ama dikkat: son oynayan sensin ve {card} eli alır; bu elin {points} "
                    "ceza puanı sana yazılır.",
                    "{said} But look: you play last and {card} wins the trick, so its {points} "
                    "penalty points are yours."),
    "cheaper": (" {card} oynasaydın da renge uymuş olurdun, üstelik ceza puanı almazdın.",
                " {card} would follow suit too, and cost you no points."),
    "play question": ("Sıra sende. Hangi kartı oynayabilirsin? (Birini seç.)",
                      "Your turn. Which card may you play? (Pick one.)"),
    "who question": ("Bu eli kim alır?", "Who wins this trick?"),
    "winner exercise": ("Eli kim alır?", "Who wins the trick?"),
    "count question": ("{leader} {suit} açtı. Kaç farklı kart oynayabilirsin?",
                       "{leader} led {suit}. How many different cards may you play?"),
    "count": ("Sende hiç {suit} yok: elindeki {count} kartın hepsi oynanabilir.",
              "You have no {suit}: all {count} cards in your hand may be played."),
}, scoped=True)


def led_suit(hand: Hand) -> Suit:
    """The suit led to the trick in play."""
    return hand.current_trick.cards[0].suit


def must_follow(hand: Hand) -> bool:
    """Trick 2 or later, a card led, and you must follow with some of your cards."""
    legal = hand.legal_plays()
    return (hand.trick_number >= 2 and bool(hand.current_trick.cards)
            and 2 <= len(legal) <= len(hand.cards(0)) - 3)


def void_with_queen(hand: Hand) -> bool:
    """Trick 2 or later, a suit led that you have none of, and you hold the queen of spades."""
    return (hand.trick_number >= 2 and bool(hand.current_trick.cards)
            and not hand.cards(0).of_suit(led_suit(hand)) and "QS" in hand.cards(0))


def follow_moment() -> Hand:
    """The first moment at which you must follow suit."""
    return find_moment(RULES, must_follow)


def following(lang: str) -> list[Any]:
    """You must follow suit: your cards of the suit led, and the engine refusing another."""
    follow = follow_moment()
    suit, legal = led_suit(follow), follow.legal_plays()
    other = next(c for c in follow.cards(0).sorted_for_display() if c.suit != suit)
    return [HTML(render.table_html(follow, lang=lang)), Markdown(say("lesson03.follow").say(lang, leader=seat_form(follow.current_trick.leader, lang),
        suit=suit.name_in(lang), count=len(legal), cards=card_list(legal), other=other.symbol,
        said=follow.check(other).message(lang)))]


def void(lang: str) -> list[Any]:
    """You have none of the suit led: any card goes, and you drop the queen of spades."""
    hand = find_moment(RULES, void_with_queen)
    suit = led_suit(hand)
    shown: list[Any] = [HTML(render.table_html(hand, lang=lang)), Markdown(say("lesson03.void").say(lang, leader=seat_form(hand.current_trick.leader, lang),
        suit=suit.name_in(lang), legal=len(hand.legal_plays())))]
    hand.play("QS")
    play_out(hand, [CautiousBot() for _ in range(hand.players)])
    queen_trick = next(t for t in hand.tricks if Card.parse("QS") in t.cards)
    return shown + [HTML(render.trick_html(queen_trick, lang=lang)),
                    Markdown(say("lesson03.queen goes").say(lang,
                                 winner=seat_name(trick_winner(queen_trick), lang),
                                 points=RULES.value_of("QS")))]


def off_suit_higher(trick: Trick) -> bool:
    """Whether a card of another suit than the winner's is higher than the winning card."""
    top = trick.winning_card
    assert top is not None, "a trick with no card"
    return any(c.suit != top.suit and c.rank > top.rank for c in trick.cards)


def off_suit_example() -> Trick:
    """The first trick, in seeded deals played by cautious players, won by a lower card than
    one of another suit."""
    for seed in range(1, 200):
        played = Hand.deal(RULES, seed=seed, number=4)
        play_out(played, [CautiousBot() for _ in range(played.players)])
        example = next((t for t in played.tricks if off_suit_higher(t)), None)
        if example:
            return example
    raise LookupError("no such trick in the seeds")


def highest_of_suit_led(lang: str) -> list[Any]:
    """A trick won by the highest card of the suit led, though a higher card of another suit
    was played."""
    example = off_suit_example()
    top = example.winning_card
    assert top is not None and example.winner is not None, "a finished trick"
    higher = card_list(c for c in example.cards if c.suit != top.suit and c.rank > top.rank)
    who = (say("lesson03.you win").say(lang) if is_you(example.winner) else
           say("lesson03.seat wins").say(lang, seat=seat_form(example.winner, lang)))
    return [HTML(render.trick_html(example, lang=lang)),
            Markdown(say("lesson03.off suit").say(lang, suit=example.cards[0].suit.name_in(lang),
                         top=top.symbol, higher=higher, who=who))]


def check_play(lang: str) -> list[Any]:
    """Quick check: which card may you play? Each legal card also says who wins the trick."""
    quiz = find_moment(RULES, must_follow, seeds=range(100, 1000))

    def outcome(card: Card) -> tuple[int, int] | None:
        """Who wins the trick if you play ``card``, and its penalty points; None if it goes
        on."""
        after = quiz.copy()
        after.play(card)
        if len(after.tricks) == len(quiz.tricks):
            return None
        trick = finished_trick(after)
        return trick_winner(trick), sum(RULES.value_of(c) for c in trick.cards)

    def taken(card: Card) -> int:
        """The penalty points you take by playing ``card``."""
        result = outcome(card)
        return result[1] if result and result[0] == 0 else 0

    def verdict(card: Card) -> tuple[bool, str]:
        said = quiz.check(card)
        result = outcome(card) if said.legal else None
        if result is None:
            return said.legal, said.message(lang)
        winner, points = result
        cheapest = min(quiz.legal_plays(), key=lambda c: (taken(c), c.rank))
        if winner != 0:
            return True, say("lesson03.wins").say(lang, said=said.message(lang),
                             seat=seat_form(winner, lang))
        if not points:
            return True, say("lesson03.last no points").say(lang, said=said.message(lang),
                             card=card.symbol)
        text = say("lesson03.last points").say(lang, said=said.message(lang), card=card.symbol,
                   points=points)
        if taken(cheapest) == 0:
            text += say("lesson03.cheaper").say(lang, card=cheapest.symbol)
        return True, text

    return [HTML(render.table_html(quiz, show_legal=False, lang=lang)),
            quick_check(say("lesson03.play question").say(lang),
                        [(c.symbol, c) for c in quiz.cards(0).sorted_for_display()], verdict,
                        lang=lang)]


def check_winner(lang: str) -> list[Any]:
    """Quick check: who wins this trick? (graded as a trick-winner exercise)"""
    start = find_moment(RULES, lambda h: h.trick_number >= 3 and not h.current_trick.cards,
                        seeds=range(200, 1000))
    position = start.position()
    plays: list[Card] = []
    bots = [CautiousBot() for _ in range(start.players)]
    while len(plays) < start.players:
        seat = mover(start)
        card = bots[seat].choose_play(start.observe(seat))
        start.play(card, seat=seat)
        plays.append(card)
    exercise = Exercise("winner", build_question(
        "trick_winner", {"position": position, "plays": " ".join(map(str, plays))}, "standard"),
        say("lesson03.winner exercise"))
    return [HTML(render.trick_html(replace(finished_trick(start), winner=None), lang=lang)),
            quick_check(say("lesson03.who question").say(lang),
                        [(seat_name(seat, lang), seat) for seat in range(RULES.players)],
                        lambda seat: check(exercise, seat), lang=lang)]


def check_count(lang: str) -> list[Any]:
    """Quick check: with none of the suit led, how many different cards may you play?"""
    empty = find_moment(RULES, lambda h: bool(h.current_trick.cards) and h.trick_number >= 2
                        and not h.cards(0).of_suit(led_suit(h)), seeds=range(300, 1000))
    count = len(empty.legal_plays())
    suit = led_suit(empty).name_in(lang)
    return [HTML(render.table_html(empty, show_legal=False, lang=lang)), quick_check(
        say("lesson03.count question").say(lang, leader=seat_form(empty.current_trick.leader, lang),
            suit=suit),
        [(str(n), n) for n in sorted({1, count // 2, count})],
        lambda n: (n == count, say("lesson03.count").say(lang, suit=suit, count=count)), lang=lang)]
