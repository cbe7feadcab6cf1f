"""Lesson 5 (breaking hearts): moments before and after hearts are broken, and house rules.

>>> before_broken().hearts_broken, after_broken().hearts_broken
(False, True)
>>> card_list(Hand.from_position(ONLY_HEARTS).legal_plays())
'A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥'
"""
from __future__ import annotations

from functools import cache
from typing import Any, Callable

from maca import Card, Hand, Rules, Suit, render
from maca.bots import CautiousBot, play_out
from maca.lessonkit import HTML, Markdown, QuickCheck, find_moment, quick_check
from maca.words import catalogue, say, seat_form, seat_name
from maca.cards import card_list

RULES = Rules.preset("standard")
#: you lead holding hearts only (hearts are broken)
ONLY_HEARTS = ("standard hand=4 dealer=0 cards=.AKQJT98765../KQ9.43.KT94.J/863..872.T874/"
               "JT7.2.65.KQ53 passed=none tricks=2:2C,9C,AC,6C/0:AD,JD,3D,QD/0:AS,2S,4S,5S "
               "trick=0:")
#: you lead holding the queen of spades and hearts only, hearts not broken
QUEEN_AND_HEARTS = ("standard hand=4 dealer=0 cards=Q.AKQJT9876../K9.543.KT94.J/863..872.T874/"
                    "JT7.2.65.KQ53 passed=none tricks=2:2C,9C,AC,6C/0:AD,JD,3D,QD/0:AS,2S,4S,5S "
                    "trick=0:")
#: the queen of spades has been played, no heart yet
QUEEN_PLAYED = ("standard hand=4 dealer=0 cards=8753.QT8.8.K3/J.A532.T4.976/A2.64.QJ62.AJ/"
                "96.KJ97.A7.Q8 passed=none tricks=1:2C,5C,4C,10C/0:10S,KS,4S,QS/1:3D,5D,9D,KD "
                "trick=0:")

catalogue("lesson05", {
    "not broken": ("Açabileceğin kartlar: **{cards}**. Aralarında hiç kupa yok. {heart} açmak "
                   "istersen şu cevabı alırsın: *{said}*",
                   "Cards you may lead: **{cards}** — not a heart among them. If you try to lead "
                   "{heart}, you are told: *{said}*"),
    "breaking": ("Turun {number}. elinde {suit} açıldı ve kupa oynandı ({hearts}). Bu elden sonra "
                 "kupalar kırıktır.",
                 "Trick {number} was led with {suit}, and a heart was played ({hearts}). From "
                 "then on, hearts are broken."),
    "broken": ("Kupalar kırıldı: elindeki her kart açılabilir. Açabileceğin kartlar: **{cards}**.",
               "Hearts are broken, so any card in your hand may be led: **{cards}**."),
    "only hearts": ("Kupalar kırıldı mı? **{broken}.** Ama kupadan başka kartın yok. "
                    "Açabileceğin kartlar: **{cards}**.",
                    "Are hearts broken? **{broken}.** But you hold nothing else. Cards you may "
                    "lead: **{cards}**."),
    "queen and hearts": ("- Standart kurallarla açabileceğin kart: **{strict}**.\n- Kupa açmaya "
                         "izin veren masalarda: **{loose}**.",
                         "- Standard rules: you may lead **{strict}**.\n- At tables that allow a "
                         "heart lead: **{loose}**."),
    "queen taken": ("Maça kızını {seat} aldı; alınan kartlarda hiç kupa yok.",
                    "{seat} took the queen; no heart is among the cards taken."),
    "rules head": ("| kural | kupalar kırıldı mı? | açabileceğin kartlar |",
                   "| rule | hearts broken? | cards you may lead |"),
    "queen breaks": ("maça kızı kupaları kırar", "the queen breaks hearts"),
    "lead question": ("Eli sen açıyorsun. Hangi kartla açabilirsin? (Birini seç.)",
                      "You are on lead. Which card may you lead? (Pick one.)"),
    "queen situation": ("Maça kızı {number}. elde oynandı, henüz hiç kupa oynanmadı. Eli sen "
                        "açıyorsun; kartların: {cards}.",
                        "The queen of spades was played in trick {number} and no heart has "
                        "been played yet. You are on lead, holding {cards}."),
    "standard question": ("{situation} Standart kurallarla {card} açabilir misin?",
                          "{situation} Under the standard rules, may you lead {card}?"),
    "house question": ("{situation} Bu masada maça kızı kupaları kırıyor. {card} açabilir "
                       "misin?",
                       "{situation} At this table the queen of spades breaks hearts. May you "
                       "lead {card}?"),
    "queen broke": (" Maça kızı oynandığı için kupalar kırıldı.",
                    " The queen has been played, so hearts are broken."),
}, scoped=True)


def leading_with_hearts(broken: bool) -> Callable[[Hand], bool]:
    """A test for find_moment: you lead, holding hearts and other suits."""
    def test(hand: Hand) -> bool:
        held = hand.cards(0)
        return (not hand.current_trick.cards and hand.trick_number >= 2
                and hand.hearts_broken == broken and bool(held.of_suit(Suit.HEARTS))
                and len(held.of_suit(Suit.HEARTS)) < len(held))
    return test


def before_broken() -> Hand:
    """The first moment you lead holding hearts before they are broken."""
    return find_moment(RULES, leading_with_hearts(broken=False))


def after_broken() -> Hand:
    """The first moment you lead holding hearts after they are broken."""
    return find_moment(RULES, leading_with_hearts(broken=True))


def not_broken(lang: str) -> list[Any]:
    """Hearts not broken: the cards you may lead, and the engine refusing a heart."""
    before = before_broken()
    heart = before.cards(0).of_suit(Suit.HEARTS).sorted_for_display()[-1]
    return [HTML(render.table_html(before, lang=lang)),
            Markdown(say("lesson05.not broken").say(lang, cards=card_list(before.legal_plays()),
                         heart=heart.symbol, said=before.check(heart).message(lang)))]


def breaking(lang: str) -> list[Any]:
    """The same hand played on: the trick in which a heart is first played."""
    rest = before_broken()
    play_out(rest, [CautiousBot() for _ in range(rest.players)])
    first = next(i for i, t in enumerate(rest.tricks)
                 if any(c.suit == Suit.HEARTS for c in t.cards))
    trick = rest.tricks[first]
    hearts = [f"{seat_name(seat, lang)} {card.symbol}" for seat, card in trick.plays()
              if card.suit == Suit.HEARTS]
    return [HTML(render.trick_html(trick, number=first + 1, lang=lang)),
            Markdown(say("lesson05.breaking").say(lang, number=first + 1,
                         suit=trick.cards[0].suit.name_in(lang), hearts=", ".join(hearts)))]


def broken(lang: str) -> list[Any]:
    """Hearts broken: every card may be led."""
    after = after_broken()
    return [HTML(render.table_html(after, lang=lang)),
            Markdown(say("lesson05.broken").say(lang, cards=card_list(after.legal_plays())))]


def only_hearts(lang: str) -> list[Any]:
    """Holding nothing but hearts, you lead one even before they are broken."""
    only = Hand.from_position(ONLY_HEARTS)
    return [HTML(render.table_html(only, lang=lang)),
            Markdown(say("lesson05.only hearts").say(lang,
                         broken=say('answer_yes' if only.hearts_broken else 'answer_no').say(lang),
                         cards=card_list(only.legal_plays())))]


def queen_and_hearts(lang: str) -> list[Any]:
    """Holding the queen of spades and hearts: what you may lead, with and without the house
    rule that allows a heart lead instead of the queen."""
    strict = Hand.from_position(QUEEN_AND_HEARTS)
    loose = Hand.from_position(QUEEN_AND_HEARTS.replace(
        "standard ", "standard;lead_hearts_instead_of_queen=on ", 1))
    return [HTML(render.hand_html(strict.cards(0), lang=lang)),
            Markdown(say("lesson05.queen and hearts").say(lang, strict=card_list(strict.legal_plays()),
                         loose=card_list(loose.legal_plays())))]


@cache
def queen_tables() -> tuple[Hand, Hand]:
    """The queen-played position under the standard rules and with the queen breaking
    hearts."""
    return (Hand.from_position(QUEEN_PLAYED),
            Hand.from_position(QUEEN_PLAYED.replace("standard ",
                                                    "standard;queen_breaks_hearts=on ", 1)))


def queen_breaks(lang: str) -> list[Any]:
    """The queen played and no heart: broken or not, under the two rules."""
    standard, house = queen_tables()
    queen_taker = next(s for s in range(standard.players) if "QS" in standard.taken(s))
    rows = [say("lesson05.rules head").say(lang), "|---|---|---|"]
    for key, hand in (("preset_standard", standard), ("lesson05.queen breaks", house)):
        rows.append(f"| {say(key).say(lang)} | "
                    f"{say('yes' if hand.hearts_broken else 'no').say(lang)} | "
                    f"{card_list(hand.legal_plays())} |")
    return [HTML(render.table_html(standard, lang=lang)),
            Markdown(say("lesson05.queen taken").say(lang, seat=seat_form(queen_taker, lang))),
            Markdown("\n".join(rows))]


def check_lead(lang: str) -> list[Any]:
    """Quick check: which card may you lead, hearts not broken?"""
    quiz = find_moment(RULES, leading_with_hearts(broken=False), seeds=range(200, 1000))
    return [HTML(render.table_html(quiz, show_legal=False, lang=lang)), quick_check(
        say("lesson05.lead question").say(lang),
        [(c.symbol, c) for c in quiz.cards(0).sorted_for_display()],
        lambda card: (quiz.check(card).legal, quiz.check(card).message(lang)), lang=lang)]


def _lowest_heart() -> Card:
    return queen_tables()[0].cards(0).of_suit(Suit.HEARTS).sorted_for_display()[-1]


def _queen_situation(lang: str) -> str:
    """The queen-played position in words, so that a question about it stands on its own
    (the table it is drawn on is far above the questions)."""
    standard = queen_tables()[0]
    number = next(i for i, t in enumerate(standard.tricks, 1) if Card.parse("QS") in t.cards)
    assert not standard.hearts_broken, "the words say no heart has been played"
    return say("lesson05.queen situation").say(
        lang, number=number, cards=card_list(standard.cards(0).sorted_for_display()))


def check_standard(lang: str) -> QuickCheck:
    """Quick check: may you lead your lowest heart under the standard rules?"""
    lead = _lowest_heart()
    verdict = queen_tables()[0].check(lead)
    return quick_check(
        say("lesson05.standard question").say(lang, situation=_queen_situation(lang),
                                              card=lead.symbol),
        [(say("answer_yes").say(lang), True), (say("answer_no").say(lang), False)],
        lambda yes: (yes == verdict.legal, verdict.message(lang)), lang=lang)


def check_house(lang: str) -> QuickCheck:
    """Quick check: may you lead it when the queen breaks hearts?"""
    lead = _lowest_heart()
    house = queen_tables()[1]
    verdict = house.check(lead)
    return quick_check(
        say("lesson05.house question").say(lang, situation=_queen_situation(lang),
                                           card=lead.symbol),
        [(say("answer_yes").say(lang), True), (say("answer_no").say(lang), False)],
        lambda yes: (yes == verdict.legal, verdict.message(lang)
                     + (say("lesson05.queen broke").say(lang) if house.hearts_broken else "")),
        lang=lang)
