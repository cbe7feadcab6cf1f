"""Why a card is a sensible choice, in Turkish and English: the hints of the table.

The reasons are the rule-based player's (`maca.bots.policy`); the ``hard`` player adds what
its simulations found.

>>> from maca import Rules, Hand
>>> hand = Hand.deal(Rules.preset("standard"), seed=1, number=4)
>>> seen = hand.observe(hand.to_move)
>>> explain(seen, min(seen.legal)).text("en")
'2♣ is the only card you may play.'
>>> explain(seen, min(seen.legal)).text("tr")
'Oynayabileceğin tek kart 2♣.'
"""
from __future__ import annotations

from dataclasses import dataclass

from ..cards import QS as _QS, Card, CardSet, Suit
from ..errors import SettingError, shown
from ..observation import Observation
from ..words import Text, catalogue, say

__all__ = ["Explanation", "explain", "pass_reason", "WORDS"]

#: Every sentence of the bots' hints: (Turkish, English).
WORDS: dict[str, tuple[str, str]] = {
    "only": ("Oynayabileceğin tek kart {card}.", "{card} is the only card you may play."),
    "lead_smoke": ("Q♠ hâlâ dışarıda ve sende K♠ ya da A♠ yok: küçük maça ({card}) açarak kızı "
                   "zorlarsın.",
                   "Q♠ is still out and you hold neither K♠ nor A♠: leading a low spade "
                   "({card}) smokes out the queen."),
    "lead_low": ("{card} açmak güvenli: küçük ve puansız bir kart, eli büyük ihtimalle başkası "
                 "alır.",
                 "Leading {card} is safe: it is low and worth no points, so someone else will "
                 "most likely win the trick."),
    "lead_high": ("{card} puansız bir kart, ama yüksek: eli sen alabilirsin.",
                  "{card} is worth no points, but it is high: you may win the trick."),
    "lead_forced": ("Elinde güvenli bir açış kalmadı: {card} en az riskli olanı.",
                    "You have no safe lead left: {card} is the least risky."),
    "duck": ("{card}, masadaki en büyük karttan ({best}) küçük: eli almazsın.",
             "{card} is below the winning card ({best}): you will not take the trick."),
    "last_high": ("Son sen oynuyorsun ve {best} kartının altına inemiyorsun: eli zaten "
                  "alacaksın, yüksek bir karttan ({card}) kurtul.",
                  "You play last and cannot go under {best}: you take the trick anyway, so get "
                  "rid of a high card ({card})."),
    "last_low": ("Son sen oynuyorsun ve {best} kartının altına inemiyorsun: eli zaten "
                 "alacaksın; {card} ile alıp büyük kartlarını sonraya saklıyorsun.",
                 "You play last and cannot go under {best}: you take the trick anyway; taking "
                 "it with {card} keeps your high cards for later."),
    "low_over": ("{best} kartının altına inemiyorsun; en küçük kartını ({card}) oynarsan "
                 "senden sonra oynayanlar daha büyük bir kart oynayıp eli alabilir.",
                 "You cannot go under {best}; with your lowest card ({card}) the players after "
                 "you may still play higher."),
    "over": ("{card} ile eli büyük ihtimalle sen alırsın.",
             "With {card} you will most likely win the trick."),
    "dump_points": ("Açılan renkten kartın yok: {points} puanlık {card} kartını atıp "
                    "başkasına verebilirsin.",
                    "You are void in this suit: you can give away {card}, worth {points} "
                    "points."),
    "dump_spade": ("Açılan renkten kartın yok ve Q♠ hâlâ dışarıda: tehlikeli yüksek maçandan "
                   "({card}) kurtul.",
                   "You are void in this suit and Q♠ is still out: get rid of your dangerous "
                   "high spade ({card})."),
    "dump_high": ("Açılan renkten kartın yok: yüksek bir karttan ({card}) kurtulmak için iyi "
                  "bir an.",
                  "You are void in this suit: a good moment to get rid of a high card "
                  "({card})."),
    "dump_low": ("Açılan renkten kartın yok: {card} atarsan eli alamazsın.",
                 "You are void in this suit: discarding {card} cannot win you the trick."),
    # a pass: one part per reason the policy passes a card for (`pass_reason`)
    "pass": ("Geçir: {parts}.", "Pass {parts}."),
    "pass_queen": ("{cards}, çünkü yanında az maça varken kız korunamaz ve {points} ceza "
                   "puanı getirir",
                   "{cards}, as with few spades beside it the queen cannot be protected and it "
                   "is worth {points} points"),
    "pass_points": ("{cards}, çünkü ceza puanı getirir", "{cards}, as it is worth penalty points"),
    "pass_guard": ("{cards}, çünkü Q♠ sende değil ve maçan az: kız bunların altına düşebilir",
                   "{cards}, as you do not hold Q♠ and your spades are short: the queen may "
                   "fall under them"),
    "pass_heart": ("{cards}, çünkü yüksek kupalar kupa açıldığında eli alır ve kupaları "
                   "sana toplar",
                   "{cards}, as high hearts win the trick when hearts are led and bring you "
                   "the hearts"),
    "pass_void": ("{cards}, çünkü {suit} rengini boşaltırsın: o renk açıldığında istediğin "
                  "kartı atarsın",
                  "{cards}, as you void {suit_en}: when it is led you can discard what you like"),
    "pass_short": ("{cards}, çünkü kısa bir renkte yüksek kart eli alabilir",
                   "{cards}, as high cards of a short suit may win tricks"),
    "pass_high": ("{cards}, çünkü yüksek kartlar eli alabilir",
                  "{cards}, as high cards may win tricks"),
    "pass_rest": ("{cards}, çünkü elinde bundan tehlikelisi kalmadı",
                  "{cards}, as nothing more dangerous is left in your hand"),
    "pass_keep": (" Küçük kartlarını ({cards}) tut: onlarla alttan oynar, eli almazsın.",
                  " Keep your low cards ({cards}): with them you play under and do not take "
                  "the trick."),
    "simulated": (" {worlds} olası dağılımda denedim: {card} ortalama {mean} ceza puanı "
                  "getiriyor; ikinci en iyi seçenek {other} ise {other_mean} puan.",
                  " I tried {worlds} possible deals: {card} costs {mean} points on average; "
                  "the next best, {other}, {other_mean}."),
    "simulated_alone": (" {worlds} olası dağılımda denedim: {card} ortalama {mean} ceza "
                        "puanı getiriyor.",
                        " I tried {worlds} possible deals: {card} costs {mean} points on "
                        "average."),
    "what": ("explain bir kart ya da geçirilecek kartlar ister, {value} değil",
             "explain needs a card or the cards of a pass, not {value}"),
}
catalogue("explain", WORDS, scoped=True)


@dataclass(frozen=True)
class Explanation(Text):
    """A short reason in both languages (a `maca.words.Text`); ``text(lang)`` picks one.

    >>> Explanation.of(say("explain.only", card="2♣")).tr
    'Oynayabileceğin tek kart 2♣.'
    """

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang`` (``"tr"`` or ``"en"``)."""
        return self[lang]

    @classmethod
    def of(cls, said: Text) -> Explanation:
        """A text (one of the catalogue's ``explain.…`` sentences, filled in) as a reason."""
        return cls(said.tr, said.en)

    def __add__(self, other: Explanation) -> Explanation:
        return Explanation(self.tr + other.tr, self.en + other.en)

    def __str__(self) -> str:
        return self.en


def explain(seen: Observation, card: Card | CardSet) -> Explanation:
    """Why ``card`` is a sensible play here (or, given a `CardSet`, why passing those cards
    is), in the rule-based player's words.

    >>> from maca import Rules, Hand
    >>> hand = Hand.from_position("standard hand=4 cards=AKQJT98765432.../.AKQJT98765432../"
    ...     "..AKQJT98765432./...AKQJT9876543 trick=3:2C")
    >>> print(explain(hand.observe(0), Card.parse("AS")))
    You are void in this suit: a good moment to get rid of a high card (A♠).
    """
    if isinstance(card, CardSet):
        return _explain_pass(seen, card)
    if not isinstance(card, Card):
        raise SettingError(say("explain.what"), value=shown(card))
    legal = seen.legal
    symbol = card.symbol
    if len(legal) == 1 and card in legal:
        return Explanation.of(say("explain.only", card=symbol))
    rules, trick = seen.rules, seen.current_trick
    held = seen.cards
    qs_out = _QS not in seen.played and _QS not in held
    value = rules.value_of(card)
    if not trick.cards:
        if qs_out and card.suit is Suit.SPADES and card.rank < 12 and value <= 0 and not any(
                c.suit is Suit.SPADES and c.rank > 12 for c in held):
            return Explanation.of(say("explain.lead_smoke", card=symbol))
        if value > 0:
            return Explanation.of(say("explain.lead_forced", card=symbol))
        if card.rank <= 9:
            return Explanation.of(say("explain.lead_low", card=symbol))
        return Explanation.of(say("explain.lead_high", card=symbol))
    best = trick.winning_card
    assert best is not None
    if card.suit is best.suit:
        if card.rank < best.rank:
            return Explanation.of(say("explain.duck", card=symbol, best=best.symbol))
        if len(trick.cards) == rules.players - 1:
            highest = max((c for c in legal if c.suit is best.suit), key=lambda c: c.rank)
            key = "last_high" if card == highest else "last_low"
            return Explanation.of(say(f"explain.{key}", card=symbol, best=best.symbol))
        if card == min((c for c in legal if c.suit is best.suit), key=lambda c: c.rank):
            return Explanation.of(say("explain.low_over", card=symbol, best=best.symbol))
        return Explanation.of(say("explain.over", card=symbol))
    if value > 0:
        return Explanation.of(say("explain.dump_points", card=symbol, points=value))
    if qs_out and card.suit is Suit.SPADES and card.rank > 12:
        return Explanation.of(say("explain.dump_spade", card=symbol))
    if card.rank >= 10:
        return Explanation.of(say("explain.dump_high", card=symbol))
    return Explanation.of(say("explain.dump_low", card=symbol))



#: the order of a pass's reasons in its hint (the policy's order of danger)
_PASS_ORDER = ("queen", "guard", "heart", "points", "void", "short", "high", "rest")
#: a card this low or lower is an exit card: the hint says to keep the ones not passed
_LOW = 7


#: a heart this high or higher wins tricks when hearts are led: passed; lower ones are kept
HIGH_HEART = 11


def pass_reason(seen: Observation, card: Card) -> str:
    """Why `dangerous_cards` passes ``card``: ``queen`` (Q♠ with few spades beside it),
    ``points`` (a card worth points: Q♠ among long spades, another penalty card),
    ``guard`` (A♠ or K♠, Q♠ not held and spades short), ``heart`` (a high heart), ``void``
    (a short side suit's high card), ``high`` (a high card) or ``rest`` (nothing more
    dangerous is held)."""
    rules, cards = seen.rules, seen.cards
    spades = len(cards.of_suit(Suit.SPADES))
    value = rules.value_of(card)
    if card == _QS and value > 0:
        return "queen" if spades < 5 else "points"
    if card.suit is Suit.SPADES and card.rank > 12 and _QS not in cards and spades < 5:
        return "guard"
    if card.suit is Suit.HEARTS and value > 0 and card.rank >= HIGH_HEART:
        return "heart"
    if value > 1:
        return "points"
    if (card.suit not in (Suit.SPADES, Suit.HEARTS)
            and len(cards.of_suit(card.suit)) <= rules.pass_count and card.rank >= 10):
        return "void"
    if card.rank >= 10:
        return "high"
    return "rest"


def _explain_pass(seen: Observation, cards: CardSet) -> Explanation:
    """Why passing ``cards`` is sensible, card by card as the policy reads them
    (`pass_reason`), and the low cards it keeps (lesson 10's advice).

    >>> from maca import Rules, Hand
    >>> hand = Hand.from_cards(Rules.preset("standard"), [
    ...     "AH 7H 6H 2H 9S 5S 4S 3S KC QD 8D 4D 3D", "AS KS 4H 5H QH JH 10H 9H 2C 3C 4C 5C 6C",
    ...     "6S 7S 8S 10S JS QS 8H 3H 10D 9D 7D 6D 5D", "JD 2D KD AD 7C 8C 9C 10C JC QC AC KH 2S"])
    >>> why = explain(hand.observe(0), CardSet.parse("AH KC QD"))
    >>> print(why.text("tr"))  # doctest: +NORMALIZE_WHITESPACE
    Geçir: A♥, çünkü yüksek kupalar kupa açıldığında eli alır ve kupaları sana toplar; K♣,
    çünkü sinek rengini boşaltırsın: o renk açıldığında istediğin kartı atarsın; Q♦, çünkü
    yüksek kartlar eli alabilir. Küçük kartlarını (5♠ 4♠ 3♠ 7♥ 6♥ 2♥ 4♦ 3♦) tut: onlarla alttan oynar, eli
    almazsın.
    """
    rules, held = seen.rules, seen.cards
    groups: dict[str, list[Card]] = {}
    for c in cards.sorted_for_display():
        reason = pass_reason(seen, c)
        if reason == "void" and not held.of_suit(c.suit) <= cards:
            reason = "short"          # the suit is not emptied by this pass: not a void
        groups.setdefault(reason, []).append(c)
    parts = []
    for reason in _PASS_ORDER:
        chosen = groups.get(reason)
        if chosen:
            parts.append(say(f"explain.pass_{reason}", cards=" ".join(c.symbol for c in chosen),
                             points=rules.value_of(_QS), suit=chosen[0].suit.name_in("tr"),
                             suit_en=chosen[0].suit.name_in("en")))
    said = Explanation("; ".join(p.tr for p in parts), "; ".join(p.en for p in parts))
    said = Explanation.of(say("explain.pass", parts=said))
    kept = [c for c in (held - cards).sorted_for_display()
            if c.rank <= _LOW and rules.value_of(c) >= 0 and c != _QS]
    if kept:
        said = said + Explanation.of(say("explain.pass_keep",
                                         cards=" ".join(c.symbol for c in kept)))
    return said
