"""Cards and card sets: every accepted spelling of all 52 cards, names, sets, PBN, bad input."""
from __future__ import annotations

import pytest

from maca import Card, CardError, CardSet, Suit

ALL = [Card(i) for i in range(52)]
RANK_LETTERS = "23456789TJQKA"
TR_SUITS = {"C": "sinek", "D": "karo", "S": "maça", "H": "kupa"}
EN_SUITS = {"C": "clubs", "D": "diamonds", "S": "spades", "H": "hearts"}
GLYPHS = {"C": "♣", "D": "♦", "S": "♠", "H": "♥"}


def spellings(card: Card) -> list[str]:
    """Every way the brief says a card may be written, built independently of the engine."""
    letter = RANK_LETTERS[card.rank - 2]
    rank = "10" if letter == "T" else letter
    suit = "CDSH"[card.suit]
    forms = [rank + suit, rank + GLYPHS[suit], (rank + suit).lower(), letter + suit,
             letter.lower() + suit.lower(), suit + rank, GLYPHS[suit] + rank,
             f" {rank}{suit} ", card.name("tr"), card.name("en"), card.name("en").upper(),
             card.name("en").title()]
    return forms


@pytest.mark.parametrize("card", ALL, ids=str)
def test_every_spelling_of_every_card(card):
    for text in spellings(card):
        assert Card.parse(text) == card, text


@pytest.mark.parametrize("card", ALL, ids=str)
def test_str_symbol_and_names_round_trip(card):
    assert Card.parse(str(card)) is card
    assert Card.parse(card.symbol) is card
    assert Card.parse(card.name("tr")) is card
    assert Card.parse(card.name("en")) is card
    assert Card(int(card)) is card and Card.of(card.rank, card.suit) is card
    assert eval(repr(card), {"Card": Card}) is card and Card(str(card)) is card


def test_the_52_cards_are_distinct_in_every_form():
    for form in (str, lambda c: c.symbol, lambda c: c.name("tr"), lambda c: c.name("en")):
        assert len({form(c) for c in ALL}) == 52


@pytest.mark.parametrize("text, expected", [
    ("QS", "QS"), ("Q♠", "QS"), ("q♠", "QS"), ("10H", "10H"), ("TH", "10H"), ("th", "10H"),
    ("10♥", "10H"), ("2c", "2C"), ("♣2", "2C"), ("A♡", "AH"), ("K♤", "KS"), ("J♢", "JD"),
    ("maça kızı", "QS"), ("MAÇA KIZI", "QS"), ("Maça Kızı", "QS"), ("kupa ası", "AH"),
    ("KUPA ASI", "AH"), ("sinek 2'li", "2C"), ("sinek 2’li", "2C"), ("sinek 2", "2C"),
    ("sinek iki", "2C"), ("SİNEK 2'Lİ", "2C"), ("karo valesi", "JD"), ("karo vale", "JD"),
    ("karo bacak", "JD"), ("kupa papazı", "KH"), ("kupa papaz", "KH"), ("maça kız", "QS"),
    ("kupa 10'lu", "10H"), ("kupa onlu", "10H"), ("karo 3'lü", "3D"), ("maça 6'lı", "6S"),
    ("kızı maça", "QS"), ("queen of spades", "QS"), ("Ace of Hearts", "AH"),
    ("two of clubs", "2C"), ("jack of diamonds", "JD"), ("ten of hearts", "10H"),
    ("queen spades", "QS"), ("queen-of-spades", "QS"),
])
def test_named_spellings(text, expected):
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text, tr, en", [
    ("QS", "maça kızı", "queen of spades"), ("AH", "kupa ası", "ace of hearts"),
    ("2C", "sinek 2'li", "two of clubs"), ("JD", "karo valesi", "jack of diamonds"),
    ("KH", "kupa papazı", "king of hearts"), ("10D", "karo 10'lu", "ten of diamonds"),
    ("3S", "maça 3'lü", "three of spades"), ("6C", "sinek 6'lı", "six of clubs"),
    ("9H", "kupa 9'lu", "nine of hearts"), ("4D", "karo 4'lü", "four of diamonds"),
])
def test_names_in_both_languages(text, tr, en):
    card = Card.parse(text)
    assert (card.name("tr"), card.name("en")) == (tr, en)


def test_card_attributes_and_order():
    qs = Card.parse("QS")
    assert (qs.suit, qs.rank, qs.rank_label, qs.symbol, str(qs)) == \
        (Suit.SPADES, 12, "Q", "Q♠", "QS")
    assert Card.parse("10H").rank_label == "10" and Card.parse("AH").rank == 14
    assert Card.parse("2C") < Card.parse("AC") < Card.parse("2D")  # suit-major order
    assert hash(Card.parse("QS")) == hash(Card(int(qs))) and Card.parse("QS") != Card.parse("KS")
    with pytest.raises(AttributeError):
        qs.index = 3


def test_suits():
    assert [s.letter for s in Suit] == list("CDSH")
    assert [s.symbol for s in Suit] == list("♣♦♠♥")
    assert [s.name_in("tr") for s in Suit] == ["sinek", "karo", "maça", "kupa"]
    assert [s.name_in("en") for s in Suit] == ["clubs", "diamonds", "spades", "hearts"]
    assert sum(len(CardSet(s.mask)) for s in Suit) == 52
    assert all(c.suit is s for s in Suit for c in CardSet(s.mask))


@pytest.mark.parametrize("text", [
    "ZZ", "", "   ", "11H", "1H", "0S", "QX", "QSS", "Q", "S", "maça", "kupa kızı ası",
    "queen of", "maça kupa", "kızı kızı", "AH KH", "Q♠♠",
])
def test_bad_card_strings_say_what_was_wrong(text):
    with pytest.raises(CardError) as err:
        Card.parse(text)
    assert repr(text) in str(err.value)
    assert "QS" in str(err.value) and "maça kızı" in str(err.value)  # it shows what works


@pytest.mark.parametrize("bad", [12, None, 3.5, ["QS"]])
def test_card_parse_needs_text(bad):
    with pytest.raises(CardError, match="text"):
        Card.parse(bad)


@pytest.mark.parametrize("call, match", [
    (lambda: Card(52), "0..51"), (lambda: Card(-1), "0..51"), (lambda: Card(3.5), "0..51"),
    (lambda: Card("ZZ"), "'ZZ'"),
    (lambda: Card.of(1, Suit.SPADES), "2..14"), (lambda: Card.of(15, Suit.SPADES), "2..14"),
])
def test_bad_card_numbers(call, match):
    with pytest.raises(CardError, match=match):
        call()


# -- card sets --------------------------------------------------------------------------------
def test_cardset_parsing_forms_agree():
    expected = CardSet([Card.parse(c) for c in ("QS", "AH", "10D", "2C")])
    for text in ("QS AH 10D 2C", "QS, AH, 10D, 2C", "Q♠ A♥ 10♦ 2♣", "qs ah td 2c",
                 "maça kızı, kupa ası, karo 10'lu, sinek 2'li", "Q.A.T.2", "  QS   AH 10D 2C "):
        assert CardSet.parse(text) == expected, text
    assert CardSet(["QS", Card.parse("AH"), "10D", "2C"]) == expected
    assert CardSet(expected.mask) == expected and CardSet("QS AH 10D 2C") == expected
    assert CardSet.parse("") == CardSet() == CardSet.parse("-") and not CardSet()


@pytest.mark.parametrize("card", ALL, ids=str)
def test_every_card_name_reads_in_a_list_without_commas(card):
    """A Turkish name is a suit word and a rank word; between other cards, in any case, next to
    another name, it reads as one card."""
    first, last = [c for c in map(Card.parse, ("2C", "AH", "KD")) if c != card][:2]
    after = Card((card.index + 1) % 52)
    for name in (card.name("tr"), card.name("tr").upper(), card.name("en")):
        assert CardSet.parse(f"{first} {name} {last}") == CardSet([first, card, last]), name
        assert CardSet.parse(f"{name} {after.name('tr')}") == CardSet([card, after]), name


def test_a_list_of_turkish_names_reads_like_the_short_forms():
    assert CardSet.parse("maça kızı kupa ası sinek 2'li karo 10'lu") == CardSet.parse("QS AH 2C 10D")
    assert CardSet.parse("sinek 2’li, MAÇA KIZI kupa as") == CardSet.parse("2C QS AH")
    assert CardSet.parse("queen of spades ace of hearts 2C") == CardSet.parse("QS AH 2C")


@pytest.mark.parametrize("text, part", [
    ("karo kızı sinek", "'sinek'"),      # a suit word with no rank after it
    ("maça kızı kupa", "'kupa'"),
    ("maça kızz kupa ası", "'maça kızz'"),  # a suit word and what follows, read as one card
    ("kupa kızı ası", "'ası'"),          # a rank word alone
    ("QS kızı maça", "'kızı'"),          # a rank word before its suit is no card in a list
])
def test_a_card_list_names_the_part_it_cannot_read(text, part):
    with pytest.raises(CardError) as err:
        CardSet.parse(text)
    tr, en = err.value.message("tr"), err.value.message("en")
    assert part in tr and part in en and tr != en
    assert "okunamadı" in tr or "tek başına bir kart değil" in tr


@pytest.mark.parametrize("cards", [CardSet(), CardSet((1 << 52) - 1), CardSet.parse("AS KS 2C 10H"),
                                   CardSet.parse("2D"), CardSet(Suit.HEARTS.mask)])
def test_pbn_round_trip(cards):
    assert CardSet.from_pbn(cards.to_pbn()) == cards
    assert CardSet.parse(cards.to_pbn()) == cards
    assert CardSet.parse(str(cards)) == cards
    assert eval(repr(cards), {"CardSet": CardSet}) == cards


def test_pbn_layout():
    assert CardSet.parse("AS QS 10H 9H 5C 2C").to_pbn() == "AQ.T9..52"
    assert CardSet.from_pbn("AK.10..") == CardSet.parse("AS KS 10H")
    assert CardSet().to_pbn() == "..."


def test_cardset_operations():
    a, b = CardSet.parse("AS KS QS"), CardSet.parse("QS 2C")
    assert (a | b, a & b, a - b, a ^ b) == (CardSet.parse("AS KS QS 2C"), CardSet.parse("QS"),
                                            CardSet.parse("AS KS"), CardSet.parse("AS KS 2C"))
    assert a | ["2C"] == CardSet.parse("AS KS QS 2C") and {"QS"} | a == a
    assert CardSet.parse("QS") <= a < a | b and a | b > a >= a and not b <= a
    assert len(a) == 3 and "QS" in a and Card.parse("KS") in a and "2C" not in a and 5 not in a
    assert list(CardSet.parse("2C AS 2D")) == [Card.parse(c) for c in ("2C", "2D", "AS")]
    assert [str(c) for c in CardSet.parse("2C AH 3S 5D QS").sorted_for_display()] == \
        ["QS", "3S", "AH", "5D", "2C"]
    assert a.of_suit(Suit.SPADES) == a and not a.of_suit(Suit.HEARTS)
    assert CardSet.parse("QS AH").names("tr") == "maça kızı, kupa ası"
    assert CardSet.parse("QS AH").names("en") == "queen of spades, ace of hearts"
    assert a == {Card.parse("AS"), Card.parse("KS"), Card.parse("QS")}
    assert hash(a) == hash(CardSet.parse("QS KS AS"))
    with pytest.raises(AttributeError):
        a.mask = 0


@pytest.mark.parametrize("text, match", [
    ("QS QS", "appears twice"), ("QS, Q♠", "appears twice"), ("QS ZZ", "'ZZ'"),
    ("AKQ.T98..5432X", "'X' is not a rank in the clubs group"), ("AA...", "AS appears twice"),
])
def test_bad_card_lists(text, match):
    with pytest.raises(CardError, match=match):
        CardSet.parse(text)


@pytest.mark.parametrize("call, match", [
    (lambda: CardSet.from_pbn("AK.QJ"), "4 suits"), (lambda: CardSet(1 << 52), "out of range"),
    (lambda: CardSet(-1), "out of range"), (lambda: CardSet([3.5]), "3.5"),
    (lambda: CardSet.parse(7), "text"),
])
def test_bad_card_sets(call, match):
    with pytest.raises(CardError, match=match):
        call()


@pytest.mark.parametrize("value", [None, 5, 2.0, True, b"QS", ["QS"], "①S", "²H", "٣C", "Q" * 10_000])
def test_card_parse_refuses_anything_but_card_text(value):
    with pytest.raises(CardError):
        Card.parse(value)


@pytest.mark.parametrize("call, match", [
    (lambda: Card(True), "int 0..51, not True"), (lambda: Card(52), "not 52"),
    (lambda: Card(None), "not None"), (lambda: Card.of(12.0, Suit.SPADES), "2..14"),
    (lambda: Card.of(12, 4), "suit must be a Suit or 0..3, not 4"),
    (lambda: CardSet(None), "not None"), (lambda: CardSet(2.0), "not 2.0"),
    (lambda: CardSet(True), "not True"), (lambda: CardSet(b"QS"), "not b'QS'"),
    (lambda: CardSet([None]), "got None"), (lambda: CardSet.from_pbn(None), "PBN hand must be text"),
    (lambda: CardSet.from_pbn("AK.Q①.."), "'①' is not a rank"),
])
def test_card_constructors_raise_card_errors(call, match):
    with pytest.raises(CardError, match=match):
        call()


def test_comparing_card_sets_with_other_types_follows_python():
    cards = CardSet.parse("QS KS")
    for op in ("__le__", "__lt__", "__ge__", "__gt__"):
        assert getattr(cards, op)(5) is NotImplemented
    with pytest.raises(TypeError):
        assert cards <= 5
    with pytest.raises(TypeError):
        assert Card.parse("QS") < 5
    assert CardSet.parse("QS") <= ["QS", "KS"] and cards >= {"QS"} and not cards < {"QS"}
    assert cards != {5, 6} and cards != {"ZZ"} and cards != 5
    with pytest.raises(CardError):
        assert cards <= [5]
