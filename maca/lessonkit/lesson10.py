"""Lesson 10 (strategy): the experiments behind its charts, its moments and its quick checks.

Every figure comes from seeded deals played by `CautiousBot`, so the page shows the same
numbers each time it is built. The heavy experiments are computed once and kept.

>>> by_rank(CardSet.parse("AS 2H KD"))
[Card('2H'), Card('KD'), Card('AS')]
>>> str(pass_void(CardSet.parse("AS KS QS JS 10S 9S 8S AH KH QH 5D 4D 2C"), random.Random(0)))
'AS AH 2C'
"""
from __future__ import annotations

import random
from functools import cache
from typing import Any, Callable

from maca import Card, CardSet, Hand, Rules, Suit, render
from maca.bots import CautiousBot, RandomBot, play_out
from maca.lessonkit import (HTML, Chart, Markdown, QuickCheck, deal_with, find_moment,
                            finished_trick, mover, quick_check, trick_winner)
from maca.words import catalogue, decimal, say, seat_form
from maca.cards import card_list

RULES = Rules.preset("standard")
QUEEN = Card.parse("QS")
CAUTIOUS = CautiousBot()
#: queen, king or ace
HIGH = 12

catalogue("lesson10", {
    "void": ("bir rengi boşalt", "void a suit"),
    "highest": ("en yüksek 3 kart", "highest 3"),
    "penalty": ("önce ceza kartları", "penalty cards first"),
    "random": ("rastgele 3 kart", "random 3"),
    "lowest": ("en düşük 3 kart", "lowest 3"),
    "points per hand": ("ceza puanı / tur", "penalty points / hand"),
    "share": ("turların yüzdesi", "share of hands"),
    "percent": ("%{value}", "{value}%"),
    "passing title": ("Geçirme seçimine göre Güney'in ortalama puanı (300 tur)",
                      "South's average points by passing choice (300 hands)"),
    "passing said": ("Bir turda oyuncu başına ortalama {mean} ceza puanı düşer. En iyi seçim "
                     "**{best}** ({best_points} puan); en kötüsü **{worst}**.",
                     "A player takes {mean} penalty points per hand on average. The best choice "
                     "was **{best}** ({best_points} points); the worst, **{worst}**."),
    "random play": ("rastgele oynayan", "plays at random"),
    "ducks": ("alttan oynayan", "ducks"),
    "ducking title": ("Maça kızını tutan, kızı kendisi alıyor (%)",
                      "The queen's holder ends up taking her (%)"),
    "counting head": ("| renk | sende | dışarıda (görmediklerin) | güvenli çıkış |",
                      "| suit | yours | still out (unseen) | safe exit |"),
    "counted": ("Oynanan kart sayısı: {played}; görmediğin kart sayısı: {unseen}.",
                "Cards played: {played}; cards you have not seen: {unseen}."),
    "high lead": ("Şimdi {trick}. eli sen açıyorsun. Elindeki {suit} kartları: {yours}. Bu "
                  "renkten {played} kart oynandı; {still} Yani {lead} ile açarsan eli "
                  "alamazsın. (Dışarıda {penalties} ceza "
                  "kartı var{queen}; eli kim alırsa onlar onun derdi.)",
                  "You are to lead trick {trick}. Your {suit}: {yours}. Played so far in this "
                  "suit: {played}; {still} So if you lead "
                  "{lead}, you cannot win the trick. ({penalties} penalty cards are still "
                  "out{queen}; they are the problem of whoever wins the trick.)"),
    "the only one": ("dışarıda kalan tek {suit} **{out}**; o da {lead} kartından büyük.",
                     "the only one of the {suit} still out is **{out}**, and it is higher "
                     "than {lead}."),
    "the others": ("dışarıda kalan {suit} kartları **{out}**; hepsi {lead} kartından büyük.",
                   "the {suit} still out: **{out}**, all higher than {lead}."),
    "queen among": (", maça kızı da aralarında", ", the queen of spades among them"),
    "you led": ("{lead} ile açtın; eli {winner} aldı{points}.",
                "You led {lead}; {winner} won the trick{points}."),
    "with points": (", içindeki {points} ceza puanıyla birlikte",
                    ", and the {points} penalty points in it"),
    "top cards": ("Ama şimdi dışarıda hiç {suit} kalmadı: elinde kalan {kept} bu rengin en "
                  "büyükleri. Onlardan biriyle açarsan eli kesinlikle sen alırsın ve herkes o "
                  "ele kupa da maça kızı da atabilir. Onları renge uyamadığın bir ele at ya da "
                  "dışarıda ceza kartı kalmayınca oyna.",
                  "But now no {suit} are out at all: your {kept} are the top cards of the suit. "
                  "Lead one of them and you are sure to win the trick, and everyone may throw "
                  "hearts and the queen of spades on it. Throw them on a trick whose suit you "
                  "cannot follow, or play them once no penalty card is out."),
    "keep counting": ("Elinde kalan {suit} kartları: {kept}; dışarıda kalanlar: {out}. Saymaya "
                      "devam et.",
                      "Your {suit} left: {kept}; still out: {out}. Keep counting."),
    "spades held": ("{group} maça\n({hands} tur)", "{group} spades\n({hands} hands)"),
    "spades title": ("Maça sayısına göre kızın sahibinde kalma oranı (%)",
                     "How often the queen stays with her holder, by spades held (%)"),
    "spade": ("az maçayla tehlikeli büyük maça", "a high spade, dangerous with few spades"),
    "heart": ("yüksek kupa", "a high heart"),
    "voids": ("kısa yan rengi boşaltır", "voids a short side suit"),
    "high": ("büyük yan kart", "a high side card"),
    "advice head": ("| geçir | neden |", "| pass | why |"),
    "advice": ("öneri", "advice"),
    "keep queen": ("kızı tut", "keep the queen"),
    "same title": ("Aynı elle, geçirilen kartlara göre Güney'in ortalama puanı (200 tur)",
                   "The same cards: South's average points by the cards passed (200 hands)"),
    "same said": ("Öteki oyuncuların kartları 200 kez yeniden dağıtıldı, oyunu hep temkinli "
                  "oyuncular oynadı. Önerinin ortalaması {ours} puan; {verdict}",
                  "The other players' cards were dealt anew 200 times, and cautious players "
                  "played every hand. The advice averaged {ours} points; {verdict}"),
    "advice best": ("dört seçimin en azı bu.", "the fewest of the four choices."),
    "advice beaten": ("en azı **{best}** ({points} puan).",
                      "the fewest came from **{best}** ({points} points)."),
    "passing question": ("“Bir rengi boşaltmak” bölümündeki deneyde, kart geçirirken hangi seçim "
                         "Güney'e en az puan getirdi?",
                         "In the experiment under “Voiding a suit”, which passing choice gave "
                         "South the fewest points?"),
    "passing right": ("{best}: tur başına {points} puan, en azı bu.",
                      "{best}: {points} points per hand, the fewest."),
    "passing wrong": ("{name}: tur başına {points} puan; en az puanı getiren {best} "
                      "({best_points}).",
                      "{name}: {points} points per hand; the fewest was {best}, {best_points}."),
    "exit question": ("Kart sayma tablosundaki anda, hangi kartla açarsan eli kesinlikle "
                      "almazsın?",
                      "At the moment in the card-counting table, which card can you lead without "
                      "any risk of winning the trick?"),
    "exit right": ("{card}, dışarıdaki bütün {suit} kartlarından küçük: güvenli.",
                   "{card} is lower than every {suit} still out: safe."),
    "exit wrong": ("Dışarıda {card} kartından küçük bir {suit} var ya da hiç {suit} kalmadı: eli "
                   "alabilirsin.",
                   "A {suit} lower than {card} is still out, or none is left at all: you could "
                   "win the trick."),
    "one clubs": ("sinek", "club"),
    "one diamonds": ("karo", "diamond"),
    "one spades": ("maça", "spade"),
    "one hearts": ("kupa", "heart"),
}, scoped=True)

def symbols(cards: CardSet) -> str:
    """Cards as the pictures show them, or a dash for none.

    >>> symbols(CardSet.parse("2C QS")), symbols(CardSet())
    ('Q♠ 2♣', '—')
    """
    return card_list(cards) or "—"


def by_rank(cards: CardSet) -> list[Card]:
    """Cards from low to high (ties by suit)."""
    return sorted(cards, key=lambda c: (c.rank, int(c.suit)))


def pass_void(cards: CardSet, rng: random.Random) -> CardSet:
    """The shortest side suit (clubs or diamonds), highest first, topped up with high cards."""
    short = min((Suit.CLUBS, Suit.DIAMONDS), key=lambda s: (len(cards.of_suit(s)), s))
    chosen = by_rank(cards.of_suit(short))[::-1][:3]
    rest = [c for c in by_rank(cards)[::-1] if c not in chosen]
    return CardSet(chosen + rest[:3 - len(chosen)])


def pass_penalty(cards: CardSet, rng: random.Random) -> CardSet:
    """The penalty cards first: Q♠, then the highest hearts, topped up with high cards."""
    queen = [c for c in cards if c == Card.parse("QS")]
    hearts = by_rank(cards.of_suit(Suit.HEARTS))[::-1]
    chosen = (queen + hearts)[:3]
    rest = [c for c in by_rank(cards)[::-1] if c not in chosen]
    return CardSet(chosen + rest[:3 - len(chosen)])


#: South's five ways of passing in the first experiment (the others pass as the cautious bot)
PASSES: dict[str, Callable[[CardSet, random.Random], CardSet]] = {
    "void": pass_void,
    "highest": lambda cards, rng: CardSet(by_rank(cards)[-3:]),
    "penalty": pass_penalty,
    "random": lambda cards, rng: CardSet(rng.sample(sorted(cards), 3)),
    "lowest": lambda cards, rng: CardSet(by_rank(cards)[:3]),
}


def points_after_passing(choose: Callable[[CardSet, random.Random], CardSet],
                         deals: int = 300) -> float:
    """South's average points over hand 1 of deals 0..deals-1, passing with ``choose``.

    >>> points_after_passing(PASSES["penalty"], deals=2)
    6.0
    """
    total = 0
    for seed in range(deals):
        hand = Hand.deal(RULES, seed=seed, number=1)
        mine = choose(hand.cards(0), random.Random(seed))
        for seat in range(hand.players):
            hand.give(seat, mine if seat == 0 else CAUTIOUS.choose_pass(hand.observe(seat)))
        play_out(hand, [CAUTIOUS] * hand.players)
        total += hand.points()[0]
    return total / deals


@cache
def passing_averages() -> dict[str, float]:
    """South's average points for each way of passing (`PASSES`), over 300 deals."""
    return {name: points_after_passing(choose) for name, choose in PASSES.items()}


def _percent(values: list[float], lang: str) -> list[str]:
    return [say("lesson10.percent").say(lang, value=round(value)) for value in values]


def voiding(lang: str) -> list[Any]:
    """The chart of the passing experiment and what it shows."""
    averages = passing_averages()
    names = [say(f"lesson10.{name}").say(lang) for name in averages]
    best = min(averages, key=lambda name: averages[name])
    worst = max(averages, key=lambda name: averages[name])
    values = list(averages.values())
    return [Chart(names, [decimal(v, lang) for v in values], values,
                  say("lesson10.passing title").say(lang), say("lesson10.points per hand").say(lang)),
            Markdown(say("lesson10.passing said").say(lang,
                         mean=decimal(RULES.moon_value / RULES.players, lang),
                         best=say(f"lesson10.{best}").say(lang), best_points=decimal(averages[best], lang),
                         worst=say(f"lesson10.{worst}").say(lang)))]


def queen_holder(hand: Hand) -> int:
    """The seat dealt the queen of spades."""
    return next(s for s in range(hand.players) if QUEEN in hand.cards(s))


def queen_kept(holder_policy: Callable[[Any, RandomBot], Card], deals: int = 400) -> float:
    """How often (%) the queen's holder ends up taking her (hand 4: no passing), playing with
    ``holder_policy(observation, random_bot)`` against cautious players.

    >>> queen_kept(lambda seen, rng: CAUTIOUS.choose_play(seen), deals=4)
    50.0
    """
    kept = 0
    for seed in range(deals):
        hand = Hand.deal(RULES, seed=seed, number=4)
        holder, rng = queen_holder(hand), RandomBot(seed)
        while not hand.is_over:
            seat = mover(hand)
            seen = hand.observe(seat)
            card = holder_policy(seen, rng) if seat == holder else CAUTIOUS.choose_play(seen)
            hand.play(card, seat=seat)
        kept += QUEEN in hand.taken(holder)
    return 100 * kept / deals


def ducking(lang: str) -> Chart:
    """The queen's holder playing at random, then ducking: how often she stays with them."""
    rates = [queen_kept(lambda seen, rng: rng.choose_play(seen)),
             queen_kept(lambda seen, rng: CAUTIOUS.choose_play(seen))]
    return Chart([say("lesson10.random play").say(lang), say("lesson10.ducks").say(lang)],
                 _percent(rates, lang), rates, say("lesson10.ducking title").say(lang),
                 say("lesson10.share").say(lang))


def safe_exits(seen: Any) -> list[Suit]:
    """Suits whose lowest card you hold is below every card of that suit you have not seen."""
    return [suit for suit in Suit if seen.cards.of_suit(suit) and seen.unseen.of_suit(suit)
            and min(c.rank for c in seen.cards.of_suit(suit))
            < min(c.rank for c in seen.unseen.of_suit(suit))]


def _exit_question(hand: Hand) -> bool:
    """You lead at trick 6 or later, with at least one safe and one unsafe suit."""
    if hand.trick_number < 6 or hand.current_trick.cards:
        return False
    seen = hand.observe(0)
    held = [suit for suit in Suit if seen.cards.of_suit(suit)]
    return 0 < len(safe_exits(seen)) < len(held)


@cache
def counting_moment() -> Hand:
    """The moment of the card-counting table: you lead with safe and unsafe suits.

    >>> counting_moment().trick_number >= 6
    True
    """
    return find_moment(RULES, _exit_question, seeds=range(40, 400))


def counting(lang: str) -> list[Any]:
    """The counting moment's table, and each suit: yours, still out, a safe exit or not."""
    moment = counting_moment()
    seen = moment.observe(0)
    safe = safe_exits(seen)
    rows = [say("lesson10.counting head").say(lang), "|---|---|---|---|"]
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        rows.append(f"| {suit.symbol} | {symbols(seen.cards.of_suit(suit))} "
                    f"| {symbols(seen.unseen.of_suit(suit))} "
                    f"| {say('yes').say(lang) if suit in safe else '—'} |")
    return [HTML(render.table_html(moment, reveal=0, lang=lang)), Markdown("\n".join(rows)),
            Markdown(say("lesson10.counted").say(lang, played=len(seen.played),
                         unseen=len(seen.unseen)))]


def still_out(seen: Any) -> CardSet:
    """Cards not played yet and not in your hand: the other players hold them."""
    return CardSet(RULES.deck_mask) - seen.played - seen.cards


def high_exits(seen: Any) -> list[Card]:
    """High cards you may lead that cannot win: every card of their suit still out is
    higher (and at least one is out)."""
    out = still_out(seen)
    return [card for card in seen.legal if card.rank >= HIGH and out.of_suit(card.suit)
            and all(other.rank > card.rank for other in out.of_suit(card.suit))]


@cache
def high_moment() -> Hand:
    """A moment at which you lead (trick 5 or later) holding a high card that cannot win.

    >>> bool(high_exits(high_moment().observe(0)))
    True
    """
    return find_moment(RULES, lambda hand: hand.trick_number >= 5
                       and not hand.current_trick.cards and bool(high_exits(hand.observe(0))),
                       seeds=range(1, 400))


def high_card(lang: str) -> list[Any]:
    """The high-card moment, why the lead cannot win, the trick played, and what is left."""
    moment = high_moment()
    seen = moment.observe(0)
    lead = max(high_exits(seen), key=lambda card: card.rank)
    suit = lead.suit
    out_before = still_out(seen)
    out_suit = out_before.of_suit(suit)
    penalties = CardSet([card for card in out_before if RULES.value_of(card) > 0])
    shown: list[Any] = [HTML(render.table_html(moment, reveal=0, lang=lang)), Markdown(say("lesson10.high lead").say(lang, trick=moment.trick_number, suit=suit.name_in(lang),
        yours=symbols(seen.cards.of_suit(suit)), played=len(seen.played.of_suit(suit)),
        still=say(f"lesson10.{'the only one' if len(out_suit) == 1 else 'the others'}").say(
            lang, suit=suit.name_in(lang), out=symbols(out_suit), lead=lead.symbol),
        lead=lead.symbol, penalties=len(penalties),
        queen=say("lesson10.queen among").say(lang) if QUEEN in penalties else ""))]
    after = moment.copy()
    after.play(lead, seat=0)
    for _ in range(after.players - 1):
        seat = mover(after)
        after.play(CAUTIOUS.choose_play(after.observe(seat)), seat=seat)
    trick = finished_trick(after)
    shown.append(HTML(render.trick_html(trick, number=moment.trick_number, lang=lang)))
    kept, out_after = after.cards(0).of_suit(suit), still_out(after.observe(0)).of_suit(suit)
    points = sum(RULES.value_of(card) for card in trick.cards)
    lines = [say("lesson10.you led").say(lang, lead=lead.symbol,
                 winner=seat_form(trick_winner(trick), lang),
                 points=say("lesson10.with points").say(lang, points=points) if points else "")]
    if kept and not out_after:
        lines.append(say("lesson10.top cards").say(lang, suit=suit.name_in(lang), kept=symbols(kept)))
    elif kept:
        lines.append(say("lesson10.keep counting").say(lang, suit=suit.name_in(lang),
                         kept=symbols(kept), out=symbols(out_after)))
    shown.append(Markdown(" ".join(lines)))
    return shown


def queen_by_spades(lang: str, deals: int = 1000) -> Chart:
    """How often the queen's holder takes her, by the number of spades they were dealt."""
    groups: dict[str, list[int]] = {"1-2": [], "3-4": [], "5-6": [], "7+": []}
    for seed in range(deals):
        hand = Hand.deal(RULES, seed=seed, number=4)
        holder = queen_holder(hand)
        spades = len(hand.cards(holder).of_suit(Suit.SPADES))
        play_out(hand, [CAUTIOUS] * hand.players)
        key = "1-2" if spades <= 2 else "3-4" if spades <= 4 else "5-6" if spades <= 6 else "7+"
        groups[key].append(QUEEN in hand.taken(holder))
    labels = [say("lesson10.spades held").say(lang, group=k, hands=len(v))
              for k, v in groups.items() if v]
    rates = [100 * sum(v) / len(v) for v in groups.values() if v]
    return Chart(labels, _percent(rates, lang), rates, say("lesson10.spades title").say(lang),
                 say("lesson10.share").say(lang))


def advised_pass(cards: CardSet) -> list[tuple[Card, str]]:
    """The lesson's advice, in order, each card with why: big spades when short in spades
    ("spade"), high hearts ("heart"), then the shortest side suit if it fits ("voids"), else
    the highest side cards ("high").

    >>> advised_pass(CardSet.parse("QS 3S AH 9H 4H 2H KD 9D 8D 7D 5C 4C 3C"))
    [(Card('QS'), 'spade'), (Card('AH'), 'heart'), (Card('KD'), 'high')]
    """
    picks = []
    spades = cards.of_suit(Suit.SPADES)
    if len(spades) <= 2:
        picks += [(card, "spade") for card in by_rank(spades)[::-1] if card.rank >= HIGH]
    picks += [(card, "heart") for card in by_rank(cards.of_suit(Suit.HEARTS))[::-1]
              if card.rank >= HIGH]
    short = min((Suit.CLUBS, Suit.DIAMONDS), key=lambda s: (len(cards.of_suit(s)), s))
    if len(cards.of_suit(short)) <= 3 - len(picks):
        picks += [(card, "voids") for card in by_rank(cards.of_suit(short))[::-1]]
    side = by_rank(cards.of_suit(Suit.CLUBS) | cards.of_suit(Suit.DIAMONDS))[::-1]
    chosen = [card for card, _ in picks]
    picks += [(card, "high") for card in side if card not in chosen]
    return picks[:3]


def same_hand_points(mine: CardSet, passed: CardSet, deals: int = 200) -> float:
    """South's average points holding ``mine`` and passing ``passed`` in hand 1, the other
    hands dealt anew ``deals`` times."""
    total = 0
    for seed in range(deals):
        hand = deal_with(RULES, mine, seed, number=1)
        for seat in range(hand.players):
            hand.give(seat, passed if seat == 0 else CAUTIOUS.choose_pass(hand.observe(seat)))
        play_out(hand, [CAUTIOUS] * hand.players)
        total += hand.points()[0]
    return total / deals


#: the example hand of "Which cards to pass?": hand 1 of this deal, passing left
EXAMPLE_SEED = 372


def pass_advice(lang: str) -> list[Any]:
    """The example hand, the advice on it, and the advice tried against three other passes."""
    mine = Hand.deal(RULES, seed=EXAMPLE_SEED, number=1).cards(0)
    advice = advised_pass(mine)
    advised = CardSet([card for card, _ in advice])
    table = "\n".join([say("lesson10.advice head").say(lang), "|---|---|"]
                      + [f"| {card.symbol} | {say(f'lesson10.{why}').say(lang)} |" for card, why in advice])
    keep_queen = CardSet([card for card in by_rank(mine)[::-1] if card != QUEEN][:3])
    highest, lowest = CardSet(by_rank(mine)[-3:]), CardSet(by_rank(mine)[:3])
    candidates = {"advice": advised, "highest": highest, "keep queen": keep_queen,
                  "lowest": lowest}
    names = {key: f"{say(f'lesson10.{key}').say(lang)}\n{symbols(cards)}" for key, cards in candidates.items()}
    same = {key: same_hand_points(mine, cards) for key, cards in candidates.items()}
    best = min(same, key=lambda key: same[key])
    verdict = (say("lesson10.advice best").say(lang) if best == "advice" else
               say("lesson10.advice beaten").say(lang, best=names[best].replace("\n", " "),
                   points=decimal(same[best], lang)))
    values = list(same.values())
    return [HTML(render.hand_html(mine, lang=lang)), Markdown(table),
            Chart(list(names.values()), [decimal(v, lang) for v in values], values,
                  say("lesson10.same title").say(lang), say("lesson10.points per hand").say(lang)),
            Markdown(say("lesson10.same said").say(lang, ours=decimal(same["advice"], lang),
                         verdict=verdict))]


def check_passing(lang: str) -> QuickCheck:
    """Quick check: which way of passing gave South the fewest points?"""
    averages = passing_averages()
    best = min(averages, key=lambda name: averages[name])

    def grade(name: str) -> tuple[bool, str]:
        if name == best:
            return True, say("lesson10.passing right").say(lang, best=say(f"lesson10.{best}").say(lang),
                             points=decimal(averages[best], lang))
        return False, say("lesson10.passing wrong").say(lang, name=say(f"lesson10.{name}").say(lang),
                          points=decimal(averages[name], lang), best=say(f"lesson10.{best}").say(lang),
                          best_points=decimal(averages[best], lang))
    return quick_check(say("lesson10.passing question").say(lang),
                       [(say(f"lesson10.{name}").say(lang), name) for name in PASSES], grade, lang=lang)


def check_exit(lang: str) -> QuickCheck:
    """Quick check: at the counting moment, which lowest card is a safe exit?"""
    seen = counting_moment().observe(0)
    safe = safe_exits(seen)
    lowest = {suit: min(seen.cards.of_suit(suit), key=lambda c: c.rank)
              for suit in Suit if seen.cards.of_suit(suit)}

    def grade(suit: Suit) -> tuple[bool, str]:
        one = say(f"lesson10.one {suit.name_in('en')}").say(lang)  # one card of the suit: "a club"
        return suit in safe, say(f"lesson10.{'exit right' if suit in safe else 'exit wrong'}").say(lang,
                                 card=lowest[suit].symbol, suit=one)
    return quick_check(say("lesson10.exit question").say(lang),
                       [(card.symbol, suit) for suit, card in lowest.items()], grade, lang=lang)
