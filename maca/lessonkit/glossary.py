"""The glossary page: every card's name and every seat's, in Turkish and English.

>>> print(cards("en").text.splitlines()[2])
| A | ace of spades / *maça ası* | ace of hearts / *kupa ası* |
  ace of diamonds / *karo ası* | ace of clubs / *sinek ası* |
>>> print(seats("tr").text.splitlines()[3])
| 1 | Batı | West |
"""
from __future__ import annotations

from maca import Card
from maca.cards import DISPLAY_SUITS
from maca.lessonkit import Markdown
from maca.words import catalogue, say, seat_name

catalogue("glossary", {
    "short": ("kısa", "short"),
    "suit head": ("{symbol} {tr}", "{symbol} English / Turkish"),
    "card": ("{tr}", "{en} / *{tr}*"),
    "seats head": ("| yer | Türkçe | İngilizce |", "| seat | English | Turkish |"),
    "seat": ("| {seat} | {tr} | {en} |", "| {seat} | {en} | {tr} |"),
}, scoped=True)


def cards(lang: str) -> Markdown:
    """Every card's name, a row for each rank and a column for each suit."""
    rows = [f"| {say('glossary.short').say(lang)} | "
            + " | ".join(say("glossary.suit head").say(lang, symbol=s.symbol, tr=s.name_in("tr"))
                         for s in DISPLAY_SUITS) + " |",
            "|---" * 5 + "|"]
    for rank in range(14, 1, -1):
        row = [Card.of(rank, suit) for suit in DISPLAY_SUITS]
        rows.append(f"| {row[0].rank_label} | "
                    + " | ".join(say("glossary.card").say(lang, en=c.name("en"), tr=c.name("tr"))
                                 for c in row) + " |")
    return Markdown("\n".join(rows))


def seats(lang: str) -> Markdown:
    """The seats' names in both languages."""
    rows = [say("glossary.seats head").say(lang), "|---|---|---|"]
    rows += [say("glossary.seat").say(lang, seat=seat, tr=seat_name(seat, "tr"), en=seat_name(seat, "en"))
             for seat in range(4)]
    return Markdown("\n".join(rows))
