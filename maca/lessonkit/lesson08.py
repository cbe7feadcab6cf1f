"""Lesson 8 (the Turkish rules): its deals, moments and quick checks.

You may lead any card but 9♥ and 5♥ (a heart only if it is the ace), and at trick 2, with
no club, the queen of spades must go first:

>>> card_list(first_lead().legal_plays())
'A♠ J♠ 4♠ A♥ K♦ 8♦ 3♦ Q♣ 10♣ 6♣ 2♣'
>>> print(discard_order("en").text.splitlines()[2])
| Q♠ A♥ K♥ 9♥ 5♥ | Q♠ | When you cannot follow suit you must discard the queen of spades first. |
"""
from __future__ import annotations

import random
from functools import cache
from typing import Any

from maca import CardSet, Game, Hand, IllegalAction, Rules, Suit, render
from maca.bots import CautiousBot, play_out
from maca.lessonkit import HTML, Markdown, QuickCheck, deal_with, mover, quick_check
from maca.words import catalogue, is_you, number, say, seat_form, seat_name
from maca.cards import card_list

TURKISH = Rules.preset("turkish")

catalogue("lesson08", {
    "values head": ("| kart | ceza puanı |", "| card | penalty points |"),
    "values said": ("Bir turdaki ceza puanlarının toplamı: **{total}**. Oyun, bir oyuncunun "
                    "toplamı **{target}** puana ulaşınca biter.",
                    "The penalty points in one hand add up to **{total}**. The game ends when a "
                    "player's total reaches **{target}**."),
    "first lead": ("Açabileceğin kartlar: **{cards}**. 5♥ ile açmak istersen: *{said}*",
                   "You may lead: **{cards}**. If you try 5♥: *{said}*"),
    "other heart": (" Başka bir kupa, örneğin {card} oynamak isterse: *{said}*",
                    " If they try another heart, say {card}: *{said}*"),
    "king holder": ("Kupa papazını tutan: **{seat}**. Oynayabileceği kart: **{cards}**.{other}",
                    "{seat} holds the king of hearts and may play only **{cards}**.{other}"),
    "void head": ("| elindeki ceza kartları | atabileceğin kartlar | neden |",
                  "| your penalty cards | cards you may play | why |"),
    "any card": ("Her kart oynanabilir.", "Any card may be played."),
    "too late": ("İlk karttan sonra peşkir demek isteyen: *{said}*",
                 "Declaring after the first card: *{said}*"),
    "would you": ("Sırayla sonraki turu **sen** dağıtacaktın",
                  "In turn the next dealer would have been **you**"),
    "would seat": ("Sırayla sonraki turu **{seat}** dağıtacaktı",
                   "In turn the next dealer would have been **{seat}**"),
    "moon dealer": ("Kafa attın. {would}; seçimin **{chosen}**. {number}. tur başladı: "
                    "dağıtıcı **{dealer}**, ilk eli açacak olan **{leader}**.",
                    "You shot the moon. {would}; you chose **{chosen}**. Hand {number} has "
                    "begun: the dealer is **{dealer}**, and **{leader}** will lead the first "
                    "trick."),
    "dealer chosen": ("Sonraki dağıtıcı seçildi.", "The next dealer was chosen."),
    "no moon": ("Bu turda kafa atan yok (puanlar: {points}). Biri sonraki dağıtıcıyı seçmeye "
                "kalkarsa: *{said}*",
                "Nobody shot the moon in this hand (points: {points}). If someone tries to "
                "choose the next dealer anyway: *{said}*"),
    "void question": ("Türk kuralları, 2. el. Sinek açıldı, sende sinek yok. Hangi kartı "
                      "oynamalısın?",
                      "Turkish rules, trick 2. Clubs were led and you have none. Which card must "
                      "you play?"),
    "peskir question": ("Kuzey peşkir dedi ve turda hiç el almadı (kimse kafa atmadı). Kuzey'in "
                        "hanesine kaç puan yazılır?",
                        "North declared peşkir and won no trick (nobody shot the moon). What "
                        "does North score?"),
    "peskir held": ("Peşkir tuttu: Kuzey {points} yazar.",
                    "The peşkir held: North scores {points}."),
    "total question": ("Türk kurallarında bir turdaki ceza puanlarının toplamı kaçtır?",
                       "Under the Turkish rules, how many penalty points are there in one hand?"),
    "total": ("Maça kızı {queen}, kupa ası {ace}, kupa papazı {king}, diğer {ones} kupa birer "
              "puan: toplam {total}.",
              "Queen of spades {queen}, ace of hearts {ace}, king of hearts {king}, the other "
              "{ones} hearts one each: {total} in all."),
}, scoped=True)

#: cards to try the moon with
STRONG = "AH KH QH JH 10H 9H AS KS AD KD QD AC KC"
#: your penalty cards at trick 2, from all of them to none (the "must play" table)
HOLDINGS = (
    "QS AH KH 9H 5H AD 7D 4D 9S 8S 3S 2S",
    "AH KH 9H 5H AD 7D 4D 10S 9S 8S 3S 2S",
    "KH 9H 5H AD 7D 4D JS 10S 9S 8S 3S 2S",
    "9H 5H AD 7D 6D 4D JS 10S 9S 8S 3S 2S",
    "AD 8D 7D 6D 5D 4D JS 10S 9S 8S 3S 2S",
)


def bots() -> list[CautiousBot]:
    """A cautious computer player for each seat."""
    return [CautiousBot() for _ in range(TURKISH.players)]


def highest(obs: Any) -> Any:
    """Going for the moon: always the highest legal card, a heart first among equals."""
    return max(obs.legal, key=lambda c: (c.rank, c.suit == Suit.HEARTS))


def moon_attempt(seed: int) -> Game:
    """A Turkish game whose first hand East dealt and you play with ``STRONG``: you lead A♥
    and go for the moon, the computer players defend."""
    hand = deal_with(TURKISH, STRONG, seed, number=1, dealer=3)
    game = Game.from_hand(hand, rng=random.Random(seed))
    table = bots()
    while not hand.is_over:
        seat = mover(hand)
        policy = highest if seat == 0 else table[seat].choose_play
        hand.play(policy(hand.observe(seat)), seat=seat)
    return game


def void_moment(mine: str, seed: int = 1) -> Hand:
    """Trick 2 of a Turkish hand, played from the deal. You dealt, so West leads trick 1: K♦,
    North 2♦, East 3♦, you 9♦; West wins it and leads 5♣, North plays 9♣, East K♣, and you —
    holding ``mine`` (12 cards, no club) — are to play."""
    dealt = [CardSet.parse(mine) | CardSet.parse("9D"), CardSet.parse("KD 5C"),
             CardSet.parse("2D 9C"), CardSet.parse("3D KC")]
    rest = [c for c in CardSet(TURKISH.deck_mask) if not any(c in cards for cards in dealt)]
    random.Random(seed).shuffle(rest)
    for seat in (1, 2, 3):
        dealt[seat] |= CardSet(rest[(seat - 1) * 11:seat * 11])
    hand = Hand.from_cards(TURKISH, dealt, number=1, dealer=0)
    for card in ("KD", "2D", "3D", "9D", "5C", "9C", "KC"):
        hand.play(card)
    return hand


def card_values(lang: str) -> list[Any]:
    """The penalty cards' values under the Turkish rules, their total and the game's target."""
    rows = [say("lesson08.values head").say(lang), "|---|---|"]
    for text in ("QS", "AH", "KH", "QH", "10H", "2H"):
        card = CardSet.parse(text).sorted_for_display()[0]
        rows.append(f"| {card.symbol} {card.name(lang)} | {TURKISH.value_of(card)} |")
    return [Markdown("\n".join(rows)),
            Markdown(say("lesson08.values said").say(lang, total=TURKISH.moon_value,
                         target=TURKISH.target))]


def first_lead() -> Hand:
    """Hand 1, East dealt: you lead the first trick holding the ace of hearts."""
    return deal_with(TURKISH, "AH 9H 5H AS JS 4S KD 8D 3D QC 10C 6C 2C", seed=3, number=1,
                     dealer=3)


def leading_hearts(lang: str) -> list[Any]:
    """The first lead: which cards you may lead, and what the engine says to 5♥."""
    first = first_lead()
    return [HTML(render.table_html(first, reveal=0, lang=lang)),
            Markdown(say("lesson08.first lead").say(lang, cards=card_list(first.legal_plays()),
                         said=first.check("5H").message(lang)))]


def king_must_follow(lang: str) -> list[Any]:
    """You lead A♥; the king of hearts' holder must play it."""
    first = first_lead()
    first.play("AH")
    holder = next(s for s in range(first.players) if "KH" in first.cards(s))
    table = bots()
    while first.to_move != holder:
        seat = mover(first)
        first.play(table[seat].choose_play(first.observe(seat)), seat=seat)
    other = next((c for c in first.cards(holder).of_suit(Suit.HEARTS) if str(c) != "KH"), None)
    said = (say("lesson08.other heart").say(lang, card=other.symbol,
                said=first.check(other).message(lang)) if other else "")
    return [HTML(render.table_html(first, lang=lang)),
            Markdown(say("lesson08.king holder").say(lang, seat=seat_name(holder, lang),
                         cards=card_list(first.legal_plays()), other=said))]


def discard_order(lang: str) -> Markdown:
    """For each holding in `HOLDINGS`: the card you must throw at trick 2, and why."""
    rows = [say("lesson08.void head").say(lang), "|---|---|---|"]
    for mine in HOLDINGS:
        moment = void_moment(mine)
        points = [c for c in moment.cards(0).sorted_for_display() if TURKISH.value_of(c)]
        legal = moment.legal_plays()
        blocked = next((c for c in moment.cards(0) if c not in legal), None)
        reason = moment.check(blocked).message(lang) if blocked else say("lesson08.any card").say(lang)
        rows.append(f"| {card_list(points) or '—'} | {card_list(legal)} | {reason} |")
    return Markdown("\n".join(rows))


def peskir_hand(seed: int) -> Hand:
    """A Turkish hand in which North declares peşkir, played out by cautious players."""
    hand = Hand.deal(TURKISH, seed=seed, dealer=0)
    hand.declare_peskir(2)
    play_out(hand, bots())
    return hand


@cache
def peskir_hands() -> tuple[Hand, Hand]:
    """Two peşkir hands without a moon: one North won no trick in, one North won the fewest
    tricks in (at least one)."""
    hands = [peskir_hand(seed) for seed in range(40)]
    kept = next(h for h in hands if h.tricks_won(2) == 0 and not h.moon_shooters)
    broke = min((h for h in hands if h.tricks_won(2) > 0 and not h.moon_shooters),
                key=lambda h: h.tricks_won(2))
    return kept, broke


def peskir(lang: str) -> list[Any]:
    """The two peşkir hands' scores, and the engine refusing a peşkir after the first card."""
    shown: list[Any] = []
    for hand in peskir_hands():
        shown += [Markdown(say("lessonkit.north won").say(lang, tricks=hand.tricks_won(2),
                               points=hand.penalty_taken()[2])),
                  HTML(render.hand_scores_html(hand, lang=lang))]
    late = Hand.deal(TURKISH, seed=1, dealer=0)
    late.play(late.legal_plays().sorted_for_display()[0])
    return shown + [Markdown(say("lesson08.too late").say(lang, said=late.check_peskir(2).message(lang)))]


def moon_chooses_dealer(lang: str) -> list[Any]:
    """You shoot the moon and choose North as the next dealer."""
    game = next(g for g in map(moon_attempt, range(50)) if g.hand.moon_shooters == (0,))
    shot = game.hand
    rotation = (shot.dealer + 1) % shot.players
    shown: list[Any] = [HTML(render.taken_html(shot.taken(0), TURKISH, seat=0, size=40, lang=lang)),
             HTML(render.hand_scores_html(shot, lang=lang))]
    game.next_hand(dealer=2)
    would = (say("lesson08.would you").say(lang) if is_you(rotation) else
             say("lesson08.would seat").say(lang, seat=seat_form(rotation, lang)))
    return shown + [Markdown(say("lesson08.moon dealer").say(lang, would=would,
                                 chosen=seat_form(2, lang), number=game.hand.number,
                                 dealer=seat_form(game.hand.dealer, lang),
                                 leader=seat_form(mover(game.hand), lang)))]


def no_moon_no_choice(lang: str) -> Markdown:
    """Without a moon, choosing the next dealer is refused."""
    game = Game(TURKISH, seed=5)
    play_out(game.hand, bots())
    try:
        game.next_hand(dealer=2)
        said = say("lesson08.dealer chosen").say(lang)
    except IllegalAction as refusal:
        said = refusal.message(lang)
    return Markdown(say("lesson08.no moon").say(lang, points=", ".join(map(number, game.hand.points())),
                        said=said))


def check_discard(lang: str) -> list[Any]:
    """Quick check: trick 2, clubs led and you have none: which card must you play?"""
    quiz = void_moment("AH KH 9H 5H AD 7D 4D 10S 9S 8S 3S 2S", seed=7)
    return [HTML(render.table_html(quiz, show_legal=False, lang=lang)), quick_check(
        say("lesson08.void question").say(lang),
        [(c.symbol, c) for c in quiz.cards(0).sorted_for_display()],
        lambda card: (quiz.check(card).legal, quiz.check(card).message(lang)), lang=lang)]


def check_peskir(lang: str) -> QuickCheck:
    """Quick check: what North scores for a peşkir that held."""
    kept_points = peskir_hands()[0].points()[2]
    return quick_check(
        say("lesson08.peskir question").say(lang), [(number(n), n) for n in (35, 0, -35, -26)],
        lambda n: (n == kept_points, say("lesson08.peskir held").say(lang, points=number(kept_points))),
        lang=lang)


def check_total(lang: str) -> QuickCheck:
    """Quick check: how many penalty points one Turkish hand holds."""
    ones = sum(1 for c in CardSet(Suit.HEARTS.mask) if TURKISH.value_of(c) == 1)
    return quick_check(
        say("lesson08.total question").say(lang), [(str(n), n) for n in (26, 30, 35, 40)],
        lambda n: (n == TURKISH.moon_value,
                   say("lesson08.total").say(lang, queen=TURKISH.value_of("QS"),
                       ace=TURKISH.value_of("AH"), king=TURKISH.value_of("KH"), ones=ones,
                       total=TURKISH.moon_value)), lang=lang)
