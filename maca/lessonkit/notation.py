"""The notation reference page: cards, card lists, rules, positions and hand records as the
engine reads and writes them.

>>> print(card_lists("en")[0].text.splitlines()[4])
| `AKQ.T98..5432` | A♠ K♠ Q♠ 10♥ 9♥ 8♥ 5♣ 4♣ 3♣ 2♣ |
>>> moment().trick_number
5
"""
from __future__ import annotations

import dataclasses
from typing import Any

from maca import Card, CardSet, Hand, MacaError, Rules, render
from maca.bots import CautiousBot, play_out
from maca.lessonkit import HTML, Markdown, find_moment, mover
from maca.notation import rules_from_text
from maca.words import catalogue, say, seat_name

RULE_EXAMPLES = ("standard", "standard;target=50", "standard;moon=new", "turkish",
                 "standard;queen_breaks_hearts=on")

catalogue("notation", {
    "card examples": ("QS|Q♠|10H|TH|2c|maça kızı|kupa ası|sinek 2'li|karo bacağı|queen of spades",
                      "QS|Q♠|10H|TH|2c|queen of spades|ace of hearts|maça kızı|sinek 2'li|karo "
                      "bacağı"),
    "list examples": ("AS KS 10H|maça kızı, kupa ası, 2C|AKQ.T98..5432",
                      "AS KS 10H|queen of spades, ace of hearts, 2C|AKQ.T98..5432"),
    "cards head": ("| yazılan | okunan kart | Türkçe adı |",
                   "| written | card read | English name |"),
    "unreadable": ("Okunamayan bir kart açık bir hatayla reddedilir (maca'nın geliştiricilere "
                   "yönelik bu iletileri İngilizcedir): *{error}*",
                   "A card that cannot be read is refused with a clear message: *{error}*"),
    "lists head": ("| yazılan | okunan kartlar |", "| written | cards read |"),
    "pbn": ("Ters yönde: {cards} kartlarının PBN yazımı {pbn}.",
            "The other way round: the PBN of {cards} is {pbn}."),
    "rules head": ("| yazılan | hedef | kafa atma usulü | maça kızı kupaları kırar |",
                   "| written | target | moon scoring | the queen breaks hearts |"),
    "read back": ("maca bu konumu geri okuyunca aynı anı kurar (aynı yazı: **{same}**); sıra "
                  "{seat} numaralı yerde, oynanabilecek kartlar: {cards}.",
                  "Reading the position back, maca rebuilds the same moment (same text: "
                  "**{same}**); seat {seat} is to play, and may play {cards}."),
    "tricks": ("`tricks=` alanındaki {count} el, hangi eli kimin aldığını söyler (alınan el "
               "sayıları: {won}); {count}. eli alan {leader}, {number}. eli açar.",
               "The {count} tricks in `tricks=` say who won what (tricks won: {won}); the winner "
               "of trick {count}, {leader}, leads trick {number}."),
    "replayed": ("Kayıt yeniden oynatıldı; puanlar aynı mı: **{same}** ({points}).",
                 "The record was replayed; same points: **{same}** ({points})."),
    "presets head": ("| kural takımı | standarttan farkları |",
                     "| rules | differs from the standard in |"),
}, scoped=True)


def code(text: str) -> str:
    """Text shown as code."""
    return "`" + text + "`"


def _yes(value: bool, lang: str) -> str:
    return say("yes" if value else "no").say(lang)


def cards(lang: str) -> list[Markdown]:
    """Cards written in several ways, what the engine reads, and a card it cannot read."""
    rows = [say("notation.cards head").say(lang), "|---|---|---|"]
    for text in say("notation.card examples").say(lang).split("|"):
        card = Card.parse(text)
        rows.append(f"| {code(text)} | {card.symbol} | {card.name(lang)} |")
    shown = [Markdown("\n".join(rows))]
    try:
        Card.parse("kupa onbir")
    except MacaError as error:
        shown.append(Markdown(say("notation.unreadable").say(lang, error=error)))
    return shown


def card_lists(lang: str) -> list[Markdown]:
    """Lists of cards as the engine reads them, and a list written back in PBN."""
    rows = [say("notation.lists head").say(lang), "|---|---|"]
    for text in say("notation.list examples").say(lang).split("|"):
        read = " ".join(c.symbol for c in CardSet.parse(text).sorted_for_display())
        rows.append(f"| {code(text)} | {read} |")
    return [Markdown("\n".join(rows)),
            Markdown(say("notation.pbn").say(lang, cards=code("AS QS 10H 2C"),
                         pbn=code(CardSet.parse("AS QS 10H 2C").to_pbn())))]


def rules(lang: str) -> Markdown:
    """Rules written as text, and some of the options they set."""
    rows = [say("notation.rules head").say(lang), "|---|---|---|---|"]
    for text in RULE_EXAMPLES:
        read = rules_from_text(text)
        rows.append(f"| {code(text)} | {read.target} | {read.moon} | "
                    f"{_yes(read.queen_breaks_hearts, lang)} |")
    return Markdown("\n".join(rows))


def moment() -> Hand:
    """A moment of a hand: trick 5, two cards played."""
    return find_moment(Rules.preset("standard"),
                       lambda h: h.trick_number == 5 and len(h.current_trick.cards) == 2)


def position(lang: str) -> list[Any]:
    """A moment's position, its table, and the same moment read back from the text."""
    written = moment().position()
    again = Hand.from_position(written)
    won = ", ".join(f"{seat_name(s, lang)} {again.tricks_won(s)}" for s in range(again.players))
    return [Markdown(f"```text\n{written}\n```"), HTML(render.table_html(moment(), lang=lang)),
            Markdown(say("notation.read back").say(lang, same=_yes(again.position() == written, lang),
                         seat=again.to_move,
                         cards=" ".join(c.symbol for c in again.legal_plays()))),
            Markdown(say("notation.tricks").say(lang, count=len(again.tricks), won=won,
                         leader=seat_name(again.current_trick.leader, lang),
                         number=again.trick_number))]


def bad_positions() -> list[Markdown]:
    """Two positions the engine refuses, each with its message: a deal that is not one, and
    the wrong seat to lead."""
    broken = ("standard cards=AKQJT98765432.../AKQJT98765432.../..AKQJT98765432./"
              "...AKQJT98765432")
    start = moment()
    for _ in range(len(start.current_trick.cards)):
        start.undo()  # back to the start of this trick
    leader = mover(start)
    wrong = start.position().replace(f"trick={leader}:",
                                     f"trick={(leader + 1) % start.players}:")
    shown = []
    for text in (broken, wrong):
        try:
            Hand.from_position(text)
        except MacaError as error:
            shown.append(Markdown(f"{code(text)}\n\n*{error}*"))
    return shown


def record(lang: str) -> list[Markdown]:
    """A whole hand's record, and the hand replayed from it."""
    played = Hand.deal(Rules.preset("standard"), seed=3)
    play_out(played, [CautiousBot() for _ in range(4)])
    written = played.record()
    replayed = Hand.from_record(written)
    return [Markdown(f"```text\n{written}```"),
            Markdown(say("notation.replayed").say(lang,
                         same=_yes(replayed.points() == played.points(), lang),
                         points=", ".join(map(str, replayed.points()))))]


def presets(lang: str) -> Markdown:
    """The presets, each with the options in which it differs from the standard rules."""
    standard = Rules.preset("standard")
    rows = [say("notation.presets head").say(lang), "|---|---|"]
    for name in ("omnibus", "turkish", "three_players", "partnership"):
        preset = Rules.preset(name)
        changed = [f.name for f in dataclasses.fields(preset)
                   if f.name != "name" and getattr(preset, f.name) != getattr(standard, f.name)]
        rows.append(f"| {name} | {', '.join(f'`{key}`' for key in changed)} |")
    return Markdown("\n".join(rows))
