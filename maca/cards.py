"""Cards and sets of cards.

Inside the engine a card is an int 0..51 (suit-major: clubs, diamonds, spades, hearts; ranks
2..A) and a set of cards is an int bitmask. Outside, `Card` and `CardSet` are value objects.

>>> Card.parse("QS"), Card.parse("10♥"), Card.parse("maça kızı")
(Card('QS'), Card('10H'), Card('QS'))
>>> Card.parse("sinek 2'li").name("tr"), Card.parse("TH").name("en")
("sinek 2'li", 'ten of hearts')
>>> hand = CardSet.parse("AS KS 2C 10H")
>>> len(hand), Card.parse("KS") in hand, str(hand)
(4, True, 'AS KS 10H 2C')
"""
from __future__ import annotations

import re
import unicodedata
from enum import IntEnum
from typing import Iterable, Iterator

from .errors import CardError, shown
from .words import Text, catalogue, say

__all__ = ["Suit", "Card", "CardSet", "RANKS", "suit_mask", "SUIT_MASKS", "HEARTS_MASK",
           "SPADES_MASK", "ALL_CARDS", "QS", "AH", "KH", "QS_MASK", "AH_MASK", "KH_MASK", "card_list"]

RANKS = "23456789TJQKA"
_RANK_SHORT = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
_RANK_EN = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "jack", "queen", "king", "ace"]
# Turkish: the word used in a card's name ("maça kızı", "sinek 2'li"), with vowel harmony.
_RANK_TR = ["2'li", "3'lü", "4'lü", "5'li", "6'lı", "7'li", "8'li", "9'lu", "10'lu",
            "valesi", "kızı", "papazı", "ası"]


class Suit(IntEnum):
    """The four suits, in the engine's order."""

    CLUBS = 0
    DIAMONDS = 1
    SPADES = 2
    HEARTS = 3

    @property
    def letter(self) -> str:
        """``'C'``, ``'D'``, ``'S'`` or ``'H'``."""
        return "CDSH"[self]

    @property
    def symbol(self) -> str:
        """``'♣'``, ``'♦'``, ``'♠'`` or ``'♥'``."""
        return "♣♦♠♥"[self]

    def name_in(self, lang: str = "en") -> str:
        """The suit's name: ``Suit.SPADES.name_in("tr")`` is ``'maça'``."""
        return say(f"suit_{self.letter}")[lang]

    @property
    def mask(self) -> int:
        """The bitmask of all 13 cards of this suit."""
        return suit_mask(self)


#: Suits in the order a hand is shown: ♠ ♥ ♦ ♣ (alternating colours).
DISPLAY_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def suit_mask(suit: int) -> int:
    """Bitmask of one suit's 13 cards (``suit`` as `Suit` or int)."""
    return 0x1FFF << (13 * suit)


#: Each suit's cards as a mask, in the engine's order (clubs, diamonds, spades, hearts).
SUIT_MASKS = tuple(suit_mask(suit) for suit in Suit)
SPADES_MASK, HEARTS_MASK = SUIT_MASKS[Suit.SPADES], SUIT_MASKS[Suit.HEARTS]
#: Every card of the full deck.
ALL_CARDS = (1 << 52) - 1


_SUIT_BY_TOKEN = {
    "c": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
    "d": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "s": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES,
    "h": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
}
_SUIT_WORDS = {
    "sinek": Suit.CLUBS, "karo": Suit.DIAMONDS, "maça": Suit.SPADES, "kupa": Suit.HEARTS,
    "club": Suit.CLUBS, "clubs": Suit.CLUBS, "diamond": Suit.DIAMONDS,
    "diamonds": Suit.DIAMONDS, "spade": Suit.SPADES, "spades": Suit.SPADES,
    "heart": Suit.HEARTS, "hearts": Suit.HEARTS,
}
_TR_NUMBERS = ["iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz", "on"]
_RANK_WORDS: dict[str, int] = {}
for _i, _word in enumerate(_TR_NUMBERS):
    for _suffix in ("", "li", "lı", "lu", "lü"):
        _RANK_WORDS[_word + _suffix] = _i
for _i in range(9):
    for _suffix in ("", "li", "lı", "lu", "lü"):
        _RANK_WORDS[f"{_i + 2}{_suffix}"] = _i
for _i, _word in enumerate(_RANK_EN):
    _RANK_WORDS[_word] = _i
_RANK_WORDS.update({
    "as": 12, "ası": 12, "ace": 12, "papaz": 11, "papazı": 11, "kız": 10, "kızı": 10,
    "vale": 9, "valesi": 9, "bacak": 9, "bacağı": 9, "t": 8,
    "j": 9, "q": 10, "k": 11, "a": 12,
})
_SHORT = re.compile(r"^(10|[2-9tjqka])\s*([cdsh♣♦♠♥♧♢♤♡])$|^([cdsh♣♦♠♥♧♢♤♡])\s*(10|[2-9tjqka])$")


# What a learner reads about cards: their names, and why a card could not be read.
catalogue("cards", {
    "suit_C": ("sinek", "clubs"), "suit_D": ("karo", "diamonds"), "suit_S": ("maça", "spades"),
    "suit_H": ("kupa", "hearts"),
    "card_name": ("{suit} {rank}", "{rank} of {suit}"),
    "card_index": ("kartın sırası 0..51 arasında bir tam sayıdır, {value} değil",
                   "card index must be an int 0..51, not {value}"),
    "card_rank": ("değer 2..14 arasında bir tam sayıdır (as 14), {value} değil",
                  "rank must be a whole number 2..14 (ace is 14), not {value}"),
    "card_suit": ("renk bir Suit ya da 0..3 arasında bir sayıdır, {value} değil",
                  "suit must be a Suit or 0..3, not {value}"),
    "card_mask": ("kart maskesi aralık dışında: {value} (0 ile 2**52 - 1 arasında olmalı)",
                  "card mask out of range: {value} (use 0 to 2**52 - 1)"),
    "cards_given_as": ("kartlar “AS KS 2C” gibi bir yazıyla, bir kart listesiyle ya da bir "
                       "maskeyle verilir, {value} ile değil",
                       "cards must be text like 'AS KS 2C', a list of cards or a mask, not {value}"),
    "card_not_text": ("bir kart “QS” gibi bir yazıyla verilir, {value} ile değil",
                      "a card must be given as text like 'QS', not {value}"),
    "card_unreadable": ("{value} bir kart olarak okunamadı: önce değeri sonra rengi yaz (QS, Q♠, "
                        "10H, TH, 2C) ya da kartın adını (“maça kızı”, “queen of spades”)",
                        "cannot read {value} as a card: write rank then suit (QS, Q♠, 10H, TH, "
                        '2C) or a name ("maça kızı", "queen of spades")'),
    "card_expected": ("“QS” gibi bir kart bekleniyordu, gelen: {value}",
                      "expected a card like 'QS', got {value}"),
    "cards_not_text": ("bir kart listesi “AS KS 2C” gibi bir yazıyla verilir, {value} ile değil",
                       "a list of cards must be text like 'AS KS 2C', not {value}"),
    "card_suit_alone": ("{value} içinde {part} tek başına bir kart değil: kartı rengi ve değeriyle "
                        "yaz (“maça kızı”, “sinek 2'li”) ya da kısaca (QS, 2C)",
                        "in {value}, {part} is not a card on its own: name a card by its suit and "
                        'rank ("maça kızı", "sinek 2\'li") or write it short (QS, 2C)'),
    "card_twice": ("{card}, {value} içinde iki kez geçiyor: her kart bir kez yazılır",
                   "{card} appears twice in {value}: each card can appear once"),
    "pbn_not_text": ("bir PBN eli “AKQ.T98..5432” gibi bir yazıyla verilir, {value} ile değil",
                     "a PBN hand must be text like 'AKQ.T98..5432', not {value}"),
    "pbn_suits": ("{value} bir PBN eli olarak okunamadı: noktayla ayrılmış 4 renk gerekir, "
                  "maça.kupa.karo.sinek, “AKQ.T98..5432” gibi",
                  "cannot read {value} as a PBN hand: it needs 4 suits separated by dots, "
                  "spades.hearts.diamonds.clubs, like 'AKQ.T98..5432'"),
    "pbn_rank": ("{value} okunamadı: {rank}, {suit} grubunda bir değer değil "
                 "(AKQJT98765432 kullan)",
                 "cannot read {value}: {rank} is not a rank in the {suit} group "
                 "(use AKQJT98765432)"),
    "pbn_twice": ("{value} okunamadı: {card} iki kez geçiyor",
                  "cannot read {value}: {card} appears twice"),
})

def _turkish_lower(text: str) -> str:
    text = unicodedata.normalize("NFC", text.strip())
    return text.replace("I", "ı").replace("İ", "i").lower()


def _name_word(word: str) -> str:
    """A word of a card's name, lowered the Turkish way ("KIZI", "SİNEK") or, when that is no
    word of a name, the plain way ("KING", "SINEK" typed without the dotted capital).

    >>> _name_word("KIZI"), _name_word("SINEK"), _name_word("KING")
    ('kızı', 'sinek', 'king')
    """
    turkish = _turkish_lower(word)
    return turkish if turkish in _SUIT_WORDS or turkish in _RANK_WORDS else word.lower()


class Card:
    """One playing card: an immutable value object over the engine's int 0..51.

    >>> c = Card.parse("Q♠")
    >>> c.suit, c.rank, int(c), str(c), c.symbol
    (<Suit.SPADES: 2>, 12, 36, 'QS', 'Q♠')
    """

    __slots__ = ("index",)
    _all: list[Card] = []
    index: int

    def __new__(cls, index: int | str) -> Card:
        if type(index) is int and 0 <= index < 52 and cls._all:
            return cls._all[index]
        if isinstance(index, str) and cls._all:
            return cls.parse(index)  # so that repr() evaluates: Card('QS')
        if type(index) is not int or not 0 <= index < 52:
            raise CardError(say("card_index"), value=shown(index))
        card = object.__new__(cls)
        object.__setattr__(card, "index", index)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type, tuple[int]]:
        return (Card, (self.index,))

    @classmethod
    def of(cls, rank: int, suit: Suit | int) -> Card:
        """The card of ``rank`` (2..14, ace high) and ``suit``."""
        if type(rank) is not int or not 2 <= rank <= 14:
            raise CardError(say("card_rank"), value=shown(rank))
        if not isinstance(suit, int) or isinstance(suit, bool) or not 0 <= suit < 4:
            raise CardError(say("card_suit"), value=shown(suit))
        return cls(13 * int(suit) + rank - 2)

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read a card: ``QS``, ``Q♠``, ``10H``, ``TH``, ``2C``, "maça kızı", "queen of spades".

        >>> Card.parse("kupa ası"), Card.parse("karo valesi"), Card.parse("sinek 2")
        (Card('AH'), Card('JD'), Card('2C'))
        >>> Card.parse("ZZ")
        Traceback (most recent call last):
        ...
        maca.errors.CardError: cannot read 'ZZ' as a card: write rank then suit (QS, Q♠, 10H, TH, 2C) or a name ("maça kızı", "queen of spades")
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardError(say("card_not_text"), value=shown(text))
        raw = _turkish_lower(text)
        match = _SHORT.match(raw)
        if match:
            rank_tok = match.group(1) or match.group(4)
            suit_tok = match.group(2) or match.group(3)
            rank = 8 if rank_tok == "10" else RANKS.index(rank_tok.upper())
            return cls(13 * _SUIT_BY_TOKEN[suit_tok] + rank)
        written = unicodedata.normalize("NFC", text.strip())
        words = [_name_word(w) for w in
                 written.replace("’", "'").replace("'", "").replace("-", " ").split()]
        words = [w for w in words if w != "of"]
        if len(words) == 2:
            for suit_word, rank_word in (words, words[::-1]):
                if suit_word in _SUIT_WORDS and rank_word in _RANK_WORDS:
                    return cls(13 * _SUIT_WORDS[suit_word] + _RANK_WORDS[rank_word])
        raise CardError(say("card_unreadable"), value=shown(text))

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return Suit(self.index // 13)

    @property
    def rank(self) -> int:
        """2..14 (jack 11, queen 12, king 13, ace 14)."""
        return self.index % 13 + 2

    @property
    def mask(self) -> int:
        """The one-bit mask of this card."""
        return 1 << self.index

    @property
    def symbol(self) -> str:
        """Short form with the suit glyph, like ``'Q♠'``."""
        return _RANK_SHORT[self.index % 13] + self.suit.symbol

    @property
    def rank_label(self) -> str:
        """``'2'`` … ``'10'``, ``'J'``, ``'Q'``, ``'K'``, ``'A'``."""
        return _RANK_SHORT[self.index % 13]

    def name(self, lang: str = "en") -> str:
        """Full name: ``'maça kızı'`` or ``'queen of spades'``."""
        rank = self.index % 13
        return say("card_name", suit=say(f"suit_{self.suit.letter}"),
                   rank=Text(_RANK_TR[rank], _RANK_EN[rank]))[lang]

    def __index__(self) -> int:
        return self.index

    def __int__(self) -> int:
        return self.index

    def __str__(self) -> str:
        return _RANK_SHORT[self.index % 13] + self.suit.letter

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index == other.index
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index < other.index
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("Card", self.index))

    def _repr_html_(self) -> str:
        from .render import card_html
        return card_html(self)


Card._all = [Card(i) for i in range(52)]

#: The cards the rules name: Q♠ (13 points; it may break hearts), and A♥ and K♥ (the Turkish
#: opening lead and discard order). As `Card`s, and as the engine's one-bit masks.
QS, AH, KH = Card.parse("QS"), Card.parse("AH"), Card.parse("KH")
QS_MASK, AH_MASK, KH_MASK = QS.mask, AH.mask, KH.mask


def _card_index(item: object) -> int:
    if isinstance(item, Card):
        return item.index
    if isinstance(item, str):
        return Card.parse(item).index
    raise CardError(say("card_expected"), value=shown(item))


def _read_words(part: str, text: str) -> list[tuple[str, Card]]:
    """The cards of one comma-free part of a card list, each with the words that name it: a
    suit word takes the word after it ("maça kızı"), "of" joins an English name ("queen of
    spades"), any other word is a card on its own ("QS")."""
    whole = part.strip()
    if not whole:
        return []
    try:
        return [(whole, Card.parse(whole))]
    except CardError:
        words = whole.split()
        if len(words) == 1:
            raise
    found: list[tuple[str, Card]] = []
    i = 0
    while i < len(words):
        if _name_word(words[i]) in _SUIT_WORDS:
            size = 2
            if i + 1 == len(words):
                raise CardError(say("card_suit_alone"), part=shown(words[i]), value=shown(text))
        else:
            size = 3 if i + 2 < len(words) and words[i + 1].lower() == "of" else 1
        name = " ".join(words[i:i + size])
        found.append((name, Card.parse(name)))
        i += size
    return found


class CardSet:
    """An immutable set of cards over a 52-bit mask, with the usual set operations.

    >>> a = CardSet.parse("AS KS QS")
    >>> b = CardSet.parse("QS, 2C")
    >>> str(a | b), str(a & b), str(a - b), len(a ^ b)
    ('AS KS QS 2C', 'QS', 'AS KS', 3)
    >>> CardSet.parse("QS") <= a, CardSet.parse("AS QS").to_pbn()
    (True, 'AQ...')
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: Iterable[Card | str] | str | int = ()) -> None:
        """From text (see `parse`), an iterable of cards (`Card` or text), or a 52-bit mask."""
        if isinstance(cards, int) and not isinstance(cards, bool):
            mask = cards
            if not 0 <= mask < 1 << 52:
                raise CardError(say("card_mask"), value=shown(mask))
        elif isinstance(cards, str):
            mask = CardSet.parse(cards).mask
        elif isinstance(cards, (bytes, bytearray, bool)) or not hasattr(cards, "__iter__"):
            raise CardError(say("cards_given_as"), value=shown(cards))
        else:
            mask = 0
            for item in cards:
                mask |= 1 << _card_index(item)
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[type, tuple[int]]:
        return (CardSet, (self.mask,))

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Read cards separated by spaces or commas (``"AS KS, 10H"``), or PBN (``"AK.T..2"``).

        A card's name is a suit word and a rank word ("maça kızı", "sinek 2'li") or, in
        English, rank "of" suit; names and short forms mix, with or without commas:

        >>> CardSet.parse("maça kızı kupa ası 2C"), CardSet.parse("queen of spades, 2C")
        (CardSet('QS AH 2C'), CardSet('QS 2C'))
        >>> CardSet.parse("karo kızı sinek")
        Traceback (most recent call last):
        ...
        maca.errors.CardError: in 'karo kızı sinek', 'sinek' is not a card on its own: name a card by its suit and rank ("maça kızı", "sinek 2'li") or write it short (QS, 2C)
        """
        if not isinstance(text, str):
            raise CardError(say("cards_not_text"), value=shown(text))
        stripped = text.strip()
        if stripped.count(".") == 3 and " " not in stripped and "," not in stripped:
            return cls.from_pbn(stripped)
        if stripped in ("", "-"):
            return cls()
        mask = 0
        for part in stripped.split(","):
            for word, card in _read_words(part, text):
                if mask & card.mask:
                    raise CardError(say("card_twice"), card=shown(word), value=shown(text))
                mask |= card.mask
        return cls(mask)

    @classmethod
    def from_pbn(cls, text: str) -> CardSet:
        """Read one hand in PBN order ``spades.hearts.diamonds.clubs``, ranks ``AKQJT98765432``.

        >>> CardSet.from_pbn("AKQ.T98..5432")
        CardSet('AS KS QS 10H 9H 8H 5C 4C 3C 2C')
        """
        if not isinstance(text, str):
            raise CardError(say("pbn_not_text"), value=shown(text))
        groups = text.strip().split(".")
        if len(groups) != 4:
            raise CardError(say("pbn_suits"), value=shown(text))
        mask = 0
        for suit, group in zip(DISPLAY_SUITS, groups):
            ranks = group.upper().replace("10", "T")
            for ch in ranks:
                if ch not in RANKS:
                    raise CardError(say("pbn_rank"), value=shown(text), rank=repr(ch),
                                    suit=say(f"suit_{suit.letter}"))
                bit = 1 << (13 * suit + RANKS.index(ch))
                if mask & bit:
                    raise CardError(say("pbn_twice"), value=shown(text), card=f"{ch}{suit.letter}")
                mask |= bit
        return cls(mask)

    def to_pbn(self) -> str:
        """This set in PBN order ``spades.hearts.diamonds.clubs``, high to low."""
        groups = []
        for suit in DISPLAY_SUITS:
            bits = (self.mask >> (13 * suit)) & 0x1FFF
            groups.append("".join(RANKS[r] for r in range(12, -1, -1) if bits >> r & 1))
        return ".".join(groups)

    def __iter__(self) -> Iterator[Card]:
        mask = self.mask
        while mask:
            low = mask & -mask
            yield Card._all[low.bit_length() - 1]
            mask ^= low

    def sorted_for_display(self) -> list[Card]:
        """Cards grouped ♠ ♥ ♦ ♣, high to low in each suit, as a hand is held."""
        return [Card._all[13 * s + r] for s in DISPLAY_SUITS for r in range(12, -1, -1)
                if self.mask >> (13 * s + r) & 1]

    def of_suit(self, suit: Suit | int) -> CardSet:
        """The cards of one suit."""
        return CardSet(self.mask & suit_mask(suit))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __contains__(self, item: object) -> bool:
        if isinstance(item, (Card, str)):
            return bool(self.mask >> _card_index(item) & 1)
        return False

    def _other(self, other: object) -> int | None:
        if isinstance(other, CardSet):
            return other.mask
        if isinstance(other, (set, frozenset, list, tuple)):
            return CardSet(other).mask
        return None

    def __or__(self, other: object) -> CardSet:
        m = self._other(other)
        return NotImplemented if m is None else CardSet(self.mask | m)

    def __and__(self, other: object) -> CardSet:
        m = self._other(other)
        return NotImplemented if m is None else CardSet(self.mask & m)

    def __sub__(self, other: object) -> CardSet:
        m = self._other(other)
        return NotImplemented if m is None else CardSet(self.mask & ~m)

    def __xor__(self, other: object) -> CardSet:
        m = self._other(other)
        return NotImplemented if m is None else CardSet(self.mask ^ m)

    __ror__, __rand__, __rxor__ = __or__, __and__, __xor__

    # Comparisons take what the set operations take; anything else is NotImplemented, so
    # Python raises TypeError for ``CardSet() <= 5`` as it does for ``set() <= 5``.
    def __le__(self, other: object) -> bool:
        m = self._other(other)
        return NotImplemented if m is None else self.mask & ~m == 0

    def __lt__(self, other: object) -> bool:
        m = self._other(other)
        return NotImplemented if m is None else self.mask & ~m == 0 and self.mask != m

    def __ge__(self, other: object) -> bool:
        m = self._other(other)
        return NotImplemented if m is None else m & ~self.mask == 0

    def __gt__(self, other: object) -> bool:
        m = self._other(other)
        return NotImplemented if m is None else m & ~self.mask == 0 and self.mask != m

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        if isinstance(other, (set, frozenset)):
            try:
                return self.mask == CardSet(other).mask
            except CardError:
                return False  # a set holding something else than cards
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.sorted_for_display())

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})"

    def names(self, lang: str = "en") -> str:
        """The cards' full names joined with commas."""
        return ", ".join(c.name(lang) for c in self.sorted_for_display())

    def _repr_html_(self) -> str:
        from .render import hand_html
        return hand_html(self)


def card_list(cards: object, sep: str = " ") -> str:
    """Cards as symbols in the order of the pictures: ♠ ♥ ♦ ♣, high to low in each suit.
    Takes a `CardSet`, any iterable of cards (or card strings), or a string of cards.

    >>> card_list(["3C", "AC", "KS"], ", "), card_list("2C 5H QS AH")
    ('K♠, A♣, 3♣', 'Q♠ A♥ 5♥ 2♣')
    """
    chosen = cards if isinstance(cards, CardSet) else CardSet(cards)  # type: ignore[arg-type]
    return sep.join(c.symbol for c in chosen.sorted_for_display())
