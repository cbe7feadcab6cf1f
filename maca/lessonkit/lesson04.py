"""Lesson 4 (the first trick): the opening lead, no penalty card on the first trick, and its
exceptions.

>>> card_list(opening().legal_plays())
'2♣'
>>> card_list(void_moment().legal_plays())
'A♠ 7♠ 4♠ A♦ K♦ 9♦ 6♦ 3♦'
"""
from __future__ import annotations

from typing import Any

from maca import Hand, Rules, render
from maca.bots import CautiousBot, play_out
from maca.lessonkit import (HTML, Markdown, QuickCheck, deal_with, find_moment, mover,
                            quick_check)
from maca.words import catalogue, say, seat_form, seat_name
from maca.cards import card_list

RULES = Rules.preset("standard")

catalogue("lesson04", {
    "opening": ("Oynayabileceğin tek kart: **{cards}**. {other} ile açmak istersen şu cevabı "
                "alırsın: *{said}*",
                "The only card you may play: **{cards}**. If you try to lead {other}, you are "
                "told: *{said}*"),
    "void": ("{leader} sinek 2'li ile açtı; sende sinek yok. Oynayabileceğin kartlar: "
             "**{cards}**. Maça kızını atmak istersen: *{queen}* Kupa ası için de aynı cevap: "
             "*{ace}*",
             "{leader} led the two of clubs, and you have no clubs. You may play: **{cards}**. "
             "Try the queen of spades: *{queen}* The ace of hearts gets the same answer: *{ace}*"),
    "only": ("Oynayabileceğin kart sayısı: **{legal}** ({held} kartın hepsi). Maça kızını "
             "oynamak istersen: *{said}*",
             "Cards you may play: **{legal}** (all {held} of them). If you try the "
             "queen of spades: *{said}*"),
    "leader question": ("Bu turda kart geçirilmiyor. İlk eli kim açar?",
                        "There is no passing in this hand. Who leads the first trick?"),
    "leader": ("İlk eli sinek 2'liyi tutan oyuncu açar: {seat}.",
               "{seat} holds the two of clubs and leads."),
    "play question": ("İlk el, sıra sende. Hangi kartı oynayabilirsin? (Birini seç.)",
                      "The first trick, and it is your turn. Which card may you play? (Pick one.)"),
    "hearts question": ("Elinde 13 kupa var, ilk el sinekle açıldı. Kupa ası oynayabilir misin?",
                        "You hold all 13 hearts and the first trick was led with a club. May you "
                        "play the ace of hearts?"),
    "hearts": ("{said} Elinde kupadan başka kart yok; bu yüzden ilk elde de kupa oynayabilirsin.",
               "{said} You hold nothing but hearts, so you may play a heart on the first trick "
               "too."),
}, scoped=True)


def your_turn(mine: str, seed: int) -> Hand:
    """Hand 4 in which you hold ``mine``, the others playing (cautiously) up to your turn."""
    hand = deal_with(RULES, mine, seed=seed)
    play_out(hand, [None] + [CautiousBot() for _ in range(RULES.players - 1)])
    return hand


def opening() -> Hand:
    """The first moment you open the first trick (hand 1)."""
    return find_moment(RULES, lambda h: h.trick_number == 1 and not h.current_trick.cards,
                       number=1)


def opening_lead(lang: str) -> list[Any]:
    """You open: only 2♣, and the engine refusing another card."""
    hand = opening()
    other = hand.cards(0).sorted_for_display()[0]
    return [HTML(render.table_html(hand, reveal=0, lang=lang)),
            Markdown(say("lesson04.opening").say(lang, cards=card_list(hand.legal_plays()),
                         other=other.symbol, said=hand.check(other).message(lang)))]


def void_moment() -> Hand:
    """The first trick, you have no club, and you hold the queen of spades and hearts."""
    return your_turn("AS QS 7S 4S AH KH 9H 5H AD KD 9D 6D 3D", seed=4)


def void(lang: str) -> list[Any]:
    """No club on the first trick: any card but a penalty card."""
    hand = void_moment()
    return [HTML(render.table_html(hand, reveal=0, lang=lang)),
            Markdown(say("lesson04.void").say(lang, leader=seat_form(hand.current_trick.leader, lang),
                         cards=card_list(hand.legal_plays()),
                         queen=hand.check("QS").message(lang),
                         ace=hand.check("AH").message(lang)))]


def only_penalty_cards(lang: str) -> list[Any]:
    """Holding nothing but penalty cards, you may play any of them on the first trick."""
    hand = your_turn("QS AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H", seed=4)
    return [HTML(render.table_html(hand, reveal=0, lang=lang)),
            Markdown(say("lesson04.only").say(lang, legal=len(hand.legal_plays()),
                         held=len(hand.cards(0)), said=hand.check("QS").message(lang)))]


def check_leader(lang: str) -> list[Any]:
    """Quick check: the four hands of a deal, and who leads the first trick."""
    deal = Hand.deal(RULES, seed=9, number=4)
    leader = mover(deal)
    shown: list[Any] = []
    for seat in range(deal.players):
        shown += [Markdown(f"**{seat_name(seat, lang)}**"),
                  HTML(render.hand_html(deal.cards(seat), size=44, label=seat_name(seat, lang),
                                        lang=lang))]
    return shown + [quick_check(
        say("lesson04.leader question").say(lang),
        [(seat_name(seat, lang), seat) for seat in range(deal.players)],
        lambda seat: (seat == leader, say("lesson04.leader").say(lang, seat=seat_name(leader, lang))),
        lang=lang)]


def check_play(lang: str) -> list[Any]:
    """Quick check: which card may you play on the first trick?"""
    quiz = your_turn("KS QS 10S 3S JH 8H 4H AD JD 8D 7D 5D 2D", seed=11)
    return [HTML(render.table_html(quiz, reveal=0, show_legal=False, lang=lang)), quick_check(
        say("lesson04.play question").say(lang),
        [(c.symbol, c) for c in quiz.cards(0).sorted_for_display()],
        lambda card: (quiz.check(card).legal, quiz.check(card).message(lang)), lang=lang)]


def check_hearts(lang: str) -> QuickCheck:
    """Quick check: holding only hearts, may you play one on the first trick?"""
    verdict = your_turn("AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H", seed=12).check("AH")
    return quick_check(
        say("lesson04.hearts question").say(lang),
        [(say("answer_yes").say(lang), True), (say("answer_no").say(lang), False)],
        lambda yes: (yes == verdict.legal,
                     say("lesson04.hearts").say(lang, said=verdict.message(lang))), lang=lang)
