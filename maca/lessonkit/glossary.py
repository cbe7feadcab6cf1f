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
from maca.lessonkit import Markdown, say
from maca.words import seat_name

TEXT = {
    "tr": {
        "short": "kısa", "suit head": "{symbol} {tr}", "card": "{tr}",
        "seats head": "| yer | Türkçe | İngilizce |", "seat": "| {seat} | {tr} | {en} |",
    },
    "en": {
        "short": "short", "suit head": "{symbol} English / Turkish", "card": "{en} / *{tr}*",
        "seats head": "| seat | English | Turkish |", "seat": "| {seat} | {en} | {tr} |",
    },
}


def cards(lang: str) -> Markdown:
    """Every card's name, a row for each rank and a column for each suit."""
    rows = [f"| {say(TEXT, 'short', lang)} | "
            + " | ".join(say(TEXT, "suit head", lang, symbol=s.symbol, tr=s.name_in("tr"))
                         for s in DISPLAY_SUITS) + " |",
            "|---" * 5 + "|"]
    for rank in range(14, 1, -1):
        row = [Card.of(rank, suit) for suit in DISPLAY_SUITS]
        rows.append(f"| {row[0].rank_label} | "
                    + " | ".join(say(TEXT, "card", lang, en=c.name("en"), tr=c.name("tr"))
                                 for c in row) + " |")
    return Markdown("\n".join(rows))


def seats(lang: str) -> Markdown:
    """The seats' names in both languages."""
    rows = [say(TEXT, "seats head", lang), "|---|---|---|"]
    rows += [say(TEXT, "seat", lang, seat=seat, tr=seat_name(seat, "tr"), en=seat_name(seat, "en"))
             for seat in range(4)]
    return Markdown("\n".join(rows))
