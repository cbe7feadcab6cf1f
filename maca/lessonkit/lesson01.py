"""Lesson 1 (the cards): the deck, the seats, a deal, a first trick and the dealer's turn.

>>> first_trick().winner in range(4)
True
>>> print(card_names("en").text.splitlines()[2])
| A♠ | ace of spades | maça ası |
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from maca import CardSet, Game, Hand, Rules, Suit, Trick, render
from maca.bots import CautiousBot, play_out
from maca.cards import DISPLAY_SUITS
from maca.lessonkit import HTML, Markdown, QuickCheck, finished_trick, mover, quick_check
from maca.lessons import TrickStepper
from maca.words import Seat, catalogue, is_you, say, seat_form, seat_name

RULES = Rules.preset("standard")

catalogue("lesson01", {
    "suit": ("**{symbol} {name}** — {count} kart", "**{symbol} {name}** — {count} cards"),
    "names head": ("| kısa yazım | Türkçe adı | İngilizce adı |", "| short | English | Turkish |"),
    "names order": ("tr en", "en tr"),
    "order": ("Oynama sırası, senden başlayarak: **{order}** → {first} …",
              "The order of play, starting with you: **{order}** → {first} …"),
    "deal": ("Bu dağıtımda dağıtıcı **{dealer:nom}**. İlk kart dağıtıcının solundaki oyuncuya, yani "
             "**{first}** verildi. Dağıtım bitince herkesin elinde **{sizes}** kart var. İşte "
             "masa, bütün kartlar açık:",
             "In this deal the dealer is **{dealer:nom}**. The first card went to the player on the "
             "dealer's left, **{first}**, and everyone received **{sizes}** cards. Here is the "
             "table with every card face up:"),
    "trick": ("Oynanan kartlar sırasıyla: {plays}. Açılan renk {suit}; bu rengin en büyük kartı "
              "{top}. {who}",
              "The cards in the order played: {plays}. The suit led is {suit}, and its highest "
              "card here is {top}. {who}"),
    "you won": ("Eli **sen** aldın ve ikinci eli sen açacaksın.",
                "**You** win the trick and will lead the second one."),
    "seat won": ("Eli **{seat}** aldı ve ikinci eli o açacak.",
                 "**{seat}** wins the trick and will lead the second one."),
    "dealers head": ("| tur | dağıtıcı |", "| hand | dealer |"),
    "dealer question": ("Bu turda dağıtıcı {seat}. Sonraki turu kim dağıtır?",
                        "{seat} dealt this hand. Who deals the next one?"),
    "next dealer": ("Dağıtıcılık saat yönünde bir sonraki oyuncuya geçer: {seat}.",
                    "The deal passes clockwise to the next player: {seat}."),
    "winner question": ("Bu eli kim aldı?", "Who won this trick?"),
    "winner": ("Açılan renk {suit}; bu rengin en büyük kartı {top}, onu da {who}",
               "The suit led is {suit}; its highest card here is {top}, {who}"),
    "you played": ("sen oynadın.", "played by you."),
    "seat played": ("{seat} oynadı.", "played by {seat}."),
    "three question": ("Üç kişiyle oynarken (bir kart çıkarılır) her oyuncu kaç kart alır?",
                       "With three players (one card is taken out), how many cards does each "
                       "player get?"),
    "three": ("{deck} kart üç kişiye dağıtılır: herkese {size} kart düşer.",
              "{deck} cards are dealt to three players: {size} each."),
}, you={"deal": ("dealer", "Bu dağıtımda kartları **sen** dağıttın. İlk kart senin solundaki "
                          "oyuncuya, yani **{first}** verildi. Dağıtım bitince herkesin elinde "
                          "**{sizes}** kart var. İşte masa, bütün kartlar açık:",
                          "In this deal **you** are the dealer. The first card went to the player "
                          "on your left, **{first}**, and everyone received **{sizes}** cards. "
                          "Here is the table with every card face up:")}, scoped=True)


def suits(lang: str) -> list[Any]:
    """The four suits, each with its 13 cards."""
    shown: list[Any] = []
    for suit in DISPLAY_SUITS:
        cards = CardSet(suit.mask)
        shown += [Markdown(say("lesson01.suit").say(lang, symbol=suit.symbol, name=suit.name_in(lang),
                               count=len(cards))),
                  HTML(render.hand_html(cards, size=52, lang=lang))]
    return shown


def card_names(lang: str) -> Markdown:
    """The spades with their short form and their names, the page's language first."""
    first, second = say("lesson01.names order").say(lang).split()
    rows = [say("lesson01.names head").say(lang), "|---|---|---|"]
    for card in CardSet(Suit.SPADES.mask).sorted_for_display():
        rows.append(f"| {card.symbol} | {card.name(first)} | {card.name(second)} |")
    return Markdown("\n".join(rows))


def order(lang: str) -> Markdown:
    """The order of play around the table, from you."""
    seats = " → ".join(seat_name(seat, lang) for seat in range(RULES.players))
    return Markdown(say("lesson01.order").say(lang, order=seats, first=seat_name(0, lang)))


#: the lesson's deal: the table drawn here, and the hand the trick-by-trick panel below steps
#: through (the page gives the panel this seed)
SEED = 5


def stepper() -> TrickStepper:
    """The trick-by-trick panel's hand: hand 4 of the lesson's deal and how it is played."""
    return TrickStepper(seed=SEED, rules=RULES)


def dealt() -> Hand:
    """Hand 4 of the lesson's deal, dealt as the trick-by-trick panel deals it."""
    return stepper().hand.copy()


def deal(lang: str) -> list[Any]:
    """The dealer, who gets the first card, and the table with every card face up."""
    hand = dealt()
    first = hand.rules.seat_towards(hand.dealer, "left")
    assert first is not None, "passing left always reaches a seat"
    sizes = sorted({len(hand.cards(seat)) for seat in range(hand.players)})
    return [Markdown(say("lesson01.deal").say(lang, dealer=Seat(hand.dealer, hand.players),
                         first=seat_form(first, lang, "dat"), sizes=", ".join(map(str, sizes)))),
            HTML(render.table_html(hand, show_legal=False, lang=lang))]


def play_tricks(hand: Hand, count: int) -> Trick:
    """Cautious players play ``hand`` until ``count`` tricks are done; the last of them."""
    bots = [CautiousBot() for _ in range(hand.players)]
    while len(hand.tricks) < count:
        seat = mover(hand)
        hand.play(bots[seat].choose_play(hand.observe(seat)), seat=seat)
    return finished_trick(hand)


def first_trick() -> Trick:
    """The first trick of the lesson's deal, played as the trick-by-trick panel plays it."""
    steps = stepper()
    hand = steps.hand.copy()
    for card in steps.script[:hand.players]:
        hand.play(card)
    return finished_trick(hand)


def trick(lang: str) -> list[Any]:
    """The first trick: the cards in order, the suit led and who wins it."""
    done = first_trick()
    top, winner = done.winning_card, done.winner
    assert top is not None and winner is not None, "a finished trick"
    plays = ", ".join(f"{seat_name(seat, lang)} {card.symbol}" for seat, card in done.plays())
    who = (say("lesson01.you won").say(lang) if is_you(winner) else
           say("lesson01.seat won").say(lang, seat=seat_form(winner, lang)))
    return [HTML(render.trick_html(done, number=1, lang=lang)),
            Markdown(say("lesson01.trick").say(lang, plays=plays,
                         suit=done.cards[0].suit.name_in(lang), top=top.symbol, who=who))]


def dealers(lang: str) -> Markdown:
    """Who deals the first four hands of a game."""
    game = Game(RULES, seed=3)
    rows = [say("lesson01.dealers head").say(lang), "|---|---|"]
    for number in range(1, 5):
        rows.append(f"| {game.hand.number} | {seat_name(game.hand.dealer, lang)} |")
        play_out(game.hand, [CautiousBot() for _ in range(RULES.players)])
        if number < 4:
            game.next_hand()
    return Markdown("\n".join(rows))


def check_dealer(lang: str) -> QuickCheck:
    """Quick check: who deals the next hand?"""
    starter = Game(RULES, seed=8, dealer=2)
    play_out(starter.hand, [CautiousBot() for _ in range(RULES.players)])
    next_dealer = starter.next_hand().dealer
    return quick_check(
        say("lesson01.dealer question").say(lang, seat=seat_name(starter.hands[0].dealer, lang)),
        [(seat_name(seat, lang), seat) for seat in range(RULES.players)],
        lambda seat: (seat == next_dealer,
                      say("lesson01.next dealer").say(lang, seat=seat_name(next_dealer, lang))),
        lang=lang)


def check_winner(lang: str) -> list[Any]:
    """Quick check: who won the third trick of a deal?"""
    quiz = Hand.deal(RULES, seed=21, number=4)
    done = play_tricks(quiz, 3)
    top, winner = done.winning_card, done.winner
    assert top is not None and winner is not None, "a finished trick"
    who = (say("lesson01.you played").say(lang) if is_you(winner) else
           say("lesson01.seat played").say(lang, seat=seat_form(winner, lang)))
    return [HTML(render.trick_html(replace(done, winner=None), number=len(quiz.tricks),
                                   lang=lang)),
            quick_check(say("lesson01.winner question").say(lang),
                        [(seat_name(seat, lang), seat) for seat in range(quiz.players)],
                        lambda seat: (seat == winner, say("lesson01.winner").say(lang, suit=done.cards[0].suit.name_in(lang),
                            top=top.symbol, who=who)), lang=lang)]


def check_three(lang: str) -> QuickCheck:
    """Quick check: how many cards each of three players gets."""
    three = Rules.preset("three_players")
    return quick_check(
        say("lesson01.three question").say(lang), [(str(n), n) for n in (13, 16, 17, 18)],
        lambda n: (n == three.hand_size, say("lesson01.three").say(lang,
                                             deck=len(CardSet(three.deck_mask)),
                                             size=three.hand_size)), lang=lang)
