"""The legal-play cascade, rule by rule (RULES.md sections 1, 2, 4, 5 and 6), for every preset.

Each test builds the exact situation it checks with an explicit deal (`deal`) or a position
(`position`). Seats: 0 South (you), 1 West, 2 North, 3 East; play goes 0 → 1 → 2 → 3.
"""
from __future__ import annotations

import pytest

from maca import Card, CardSet, Hand, Reason, Rules, Suit

FOUR_PLAYERS = ["standard", "omnibus", "partnership"]  # same play rules, different scoring
TWO_OF_CLUBS = FOUR_PLAYERS + ["three_players"]
ALL_PRESETS = TWO_OF_CLUBS + ["turkish"]

CLUBS = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"
HEARTS = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
DIAMONDS = "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"
SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"

#: Everyone but South is void in clubs on trick 1: West holds only Q♠ and hearts, North one
#: heart and twelve diamonds, East A♦ and the other twelve spades.
VOID_IN_CLUBS = (CLUBS, "QS AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
                 "2H KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "*")
#: One suit each.
ONE_SUIT_EACH = (CLUBS, HEARTS, DIAMONDS, SPADES)


def cards(text: str) -> CardSet:
    return CardSet.parse(text)


def refusal(hand: Hand, card: str, seat: int | None = None) -> Reason:
    """The reason ``card`` is refused (asserting that it is)."""
    verdict = hand.check(card, seat)
    assert not verdict.legal, f"{card} should be refused"
    return verdict.reason


def refusal_of_give(hand: Hand, seat: int = 0, cards: str | list | None = None) -> Reason:
    """The reason passing ``cards`` (default: the first ones held) is refused."""
    chosen = cards if cards is not None else list(hand.cards(seat))[:hand.rules.pass_count]
    verdict = hand.check_give(seat, chosen)
    assert not verdict.legal
    return verdict.reason


# -- rule 1 and 5.1: the deal ---------------------------------------------------------------
@pytest.mark.parametrize("name", ALL_PRESETS)
def test_rule_1_every_card_dealt_once(name):
    rules = Rules.preset(name)
    for dealer in range(rules.players):
        hand = Hand.deal(rules, seed=dealer, dealer=dealer)
        held = [hand.cards(s) for s in range(rules.players)]
        assert all(len(h) == rules.hand_size for h in held)
        union = CardSet()
        for h in held:
            assert not union & h
            union |= h
        assert union.mask == rules.deck_mask


def test_three_players_deal_17_cards_without_the_two_of_diamonds():
    hand = Hand.deal(Rules.preset("three_players"), seed=5)
    assert [len(hand.cards(s)) for s in range(3)] == [17, 17, 17]
    assert all("2D" not in hand.cards(s) for s in range(3))


def test_deals_are_reproducible_from_a_seed_and_secure_without_one():
    rules = Rules.preset("standard")
    same = [Hand.deal(rules, seed=42).position() for _ in range(2)]
    assert same[0] == same[1] != Hand.deal(rules, seed=43).position()
    assert Hand.deal(rules).position() != Hand.deal(rules).position()


# -- rule 3: passing ------------------------------------------------------------------------
@pytest.mark.parametrize("name, number, offset", [
    ("standard", 1, 1), ("standard", 2, -1), ("standard", 3, 2), ("standard", 5, 1),
    ("omnibus", 2, -1), ("partnership", 3, 2), ("three_players", 1, 1), ("three_players", 2, -1),
])
def test_rule_3_cards_go_in_the_hand_number_direction(name, number, offset):
    rules = Rules.preset(name)
    hand = Hand.deal(rules, seed=number, number=number)
    n = rules.players
    before = [hand.cards(s) for s in range(n)]
    chosen = [CardSet(list(before[s])[:3]) for s in range(n)]
    for seat in range(n):
        hand.give(seat, chosen[seat])
    for seat in range(n):
        source = (seat - offset) % n
        assert hand.received(seat) == chosen[source]
        assert hand.cards(seat) == before[seat] - chosen[seat] | chosen[source]
        assert hand.given(seat) == chosen[seat]
    assert hand.phase == "play"


@pytest.mark.parametrize("name, number", [("standard", 4), ("standard", 8),
                                          ("three_players", 3), ("turkish", 1)])
def test_rule_3_no_pass_hands_start_with_play(name, number):
    hand = Hand.deal(Rules.preset(name), seed=1, number=number)
    assert hand.phase == "play" and hand.pass_direction == "none"
    assert refusal_of_give(hand) is Reason.NO_PASSING


def test_passing_switched_off_and_other_pass_counts():
    off = Hand.deal(Rules.preset("standard").replace(pass_cycle=()), seed=1)
    assert off.phase == "play" and refusal_of_give(off) is Reason.NO_PASSING
    one = Hand.deal(Rules.preset("standard").replace(pass_count=1), seed=1)
    assert refusal_of_give(one, 0, list(one.cards(0))[:3]) is Reason.PASS_WRONG_COUNT
    one.give(0, list(one.cards(0))[0])
    assert len(one.cards(0)) == 12


def test_rule_3_passing_is_simultaneous(deal):
    hand = deal("standard", *ONE_SUIT_EACH, number=1)  # pass left
    hand.give(0, "2C 3C 4C")
    # West has not received anything yet, so it cannot pass South's clubs on.
    assert hand.cards(1) == cards(HEARTS) and hand.received(1) == CardSet()
    verdict = hand.check_give(1, "2C 3C 4C")
    assert verdict.reason is Reason.PASS_NOT_IN_HAND
    assert verdict.message("en") == "You cannot pass 4♣ 3♣ 2♣: not in your hand."
    assert verdict.message("tr") == "Geçirmek istediğin 4♣ 3♣ 2♣ elinde değil."
    assert refusal_of_give(hand, 0, "5C 6C 7C") is Reason.ALREADY_PASSED
    hand.give(1, "AH KH QH")
    hand.give(2, "AD KD QD")
    assert hand.phase == "pass" and hand.to_move is None
    assert hand.check("2C").reason is Reason.PASSING_NOT_DONE
    assert hand.check("2C").message("en") == "Passing comes first: East has not chosen cards yet."
    assert hand.check("2C").message("tr") == \
        "Önce kart geçirme bitmeli: Doğu henüz geçireceği kartları seçmedi."
    hand.give(3, "AS KS QS")
    assert hand.cards(1) == cards("JH TH 9H 8H 7H 6H 5H 4H 3H 2H 2C 3C 4C")
    assert hand.cards(0) == cards("AC KC QC JC TC 9C 8C 7C 6C 5C AS KS QS")
    # the 2♣ went left with the pass: its new holder opens trick 1
    assert hand.to_move == 1 and hand.legal_plays() == cards("2C")
    assert refusal_of_give(hand, 1, "2C 3C 4C") is Reason.ALREADY_PASSED


# -- rule 4: the opening lead ---------------------------------------------------------------
@pytest.mark.parametrize("name", TWO_OF_CLUBS)
def test_rule_4_two_of_clubs_opens(name):
    rules = Rules.preset(name)
    for seed in range(4):
        hand = Hand.deal(rules, seed=seed, number=rules.pass_cycle.index("none") + 1,
                         dealer=seed % rules.players)
        holder = next(s for s in range(rules.players) if "2C" in hand.cards(s))
        assert hand.to_move == holder and hand.legal_plays() == cards("2C")
        other = next(c for c in hand.cards(holder) if str(c) != "2C")
        verdict = hand.check(other)
        assert verdict.reason is Reason.MUST_LEAD_LOWEST_CLUB
        assert verdict.message("tr") == "İlk el sinek 2'li ile açılır: onu oynamalısın."
        assert verdict.message("en") == \
            "The first trick is opened with the two of clubs: you must lead it."


def test_three_players_without_the_two_of_clubs_the_lowest_club_opens(deal):
    rules = Rules.preset("three_players").replace(removed="2C")
    hand = deal(rules, "*", "*", "*", number=3)
    assert hand.to_move == 0 and hand.legal_plays() == cards("3C")
    assert hand.check("4C").message("en") == \
        "The first trick is opened with the three of clubs: you must lead it."
    assert hand.check("4C").message("tr") == "İlk el sinek 3'lü ile açılır: onu oynamalısın."


@pytest.mark.parametrize("dealer", range(4))
def test_first_lead_left_of_dealer_option(deal, dealer):
    hand = deal("standard", *ONE_SUIT_EACH, dealer=dealer, first_lead="left_of_dealer")
    leader = (dealer + 1) % 4
    assert hand.to_move == leader
    held = hand.cards(leader)
    # any card opens, except that hearts are not broken (all hearts: any heart)
    assert hand.legal_plays() == held


def test_first_lead_left_of_dealer_keeps_hearts_unbroken_on_trick_1(deal):
    hand = deal("standard", "*", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2S", "*", "*",
                first_lead="left_of_dealer", must_break_hearts=False)
    assert hand.to_move == 1 and hand.legal_plays() == cards("2S")
    assert refusal(hand, "AH") is Reason.HEARTS_NOT_BROKEN


# -- rule 5: follow suit --------------------------------------------------------------------
#: Trick 10, South won every trick; West holds one card of each suit. North and East hold no
#: heart, so they may have thrown clubs and diamonds when void (the Turkish discard order makes
#: a seat that holds a heart throw a heart).
FOLLOWING = ["KC KD KS", "AS AH AD AC", "QC QD JC JD", "TC TD 9C 9D"]


@pytest.mark.parametrize("name", FOUR_PLAYERS + ["turkish"])
@pytest.mark.parametrize("suit", list(Suit))
def test_rule_5_follow_suit(position, name, suit):
    lead = Card.of(3, suit)  # 2♣ can only open trick 1
    hand = position(name, FOLLOWING, taken=["*", "", "", ""], trick=f"0:{lead}")
    assert hand.to_move == 1 and hand.legal_plays() == CardSet([Card.of(14, suit)])
    for other in Suit:
        if other is not suit:
            verdict = hand.check(Card.of(14, other))
            assert verdict.reason is Reason.MUST_FOLLOW_SUIT
            assert suit.name_in("tr") in verdict.message("tr")
            assert ("club", "diamond", "spade", "heart")[suit] in verdict.message("en")


def test_rule_5_follow_suit_messages(position):
    hand = position("standard", FOLLOWING, taken=["*", "", "", ""], trick="0:2D")
    verdict = hand.check("AS")
    assert verdict.message("tr") == "Elinde karo var: renge uymalısın, karo oynamalısın."
    assert verdict.message("en") == "You hold a diamond: you must follow suit and play a diamond."


@pytest.mark.parametrize("name", FOUR_PLAYERS)
def test_rule_5_void_player_may_discard_anything_after_trick_1(position, name):
    # (West holds 3♣, not 2♣: 2♣ opened trick 1)
    hand = position(name, ["JD QD KD", "QS AH KH 3C", "3D 4D 5D 6D", "7D 8D 9D TD"],
                    taken=["*", "", "", ""], trick="0:2D")
    assert hand.legal_plays() == cards("QS AH KH 3C")


# -- rule 6: no points on the first trick ---------------------------------------------------
@pytest.mark.parametrize("name", FOUR_PLAYERS)
def test_rule_6_no_points_on_trick_1(deal, play, name):
    hand = deal(name, *VOID_IN_CLUBS)
    play(hand, "2C")
    # West holds only Q♠ and hearts: any card of the hand may be played
    assert hand.legal_plays() == hand.cards(1) and len(hand.cards(1)) == 13
    play(hand, "AH")
    # North holds another suit: no heart (and no Q♠) on trick 1
    assert hand.legal_plays() == cards("KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D")
    verdict = hand.check("2H")
    assert verdict.reason is Reason.NO_POINTS_FIRST_TRICK
    assert verdict.message("en") == ("No points on the first trick: you cannot play a heart or "
                                     "the queen of spades while you hold another card.")
    assert verdict.message("tr") == ("İlk elde ceza puanı verilmez: elinde başka kart varken "
                                     "kupa ya da maça kızı atamazsın.")
    play(hand, "JD")
    # East holds no point card: anything
    assert hand.legal_plays() == hand.cards(3)


def test_rule_6_queen_refused_on_trick_1(deal, play):
    hand = play(deal("standard", *ONE_SUIT_EACH), "2C")
    assert hand.legal_plays() == cards(HEARTS)  # only hearts: any heart
    play(hand, "2H 2D")
    assert hand.legal_plays() == cards(SPADES) - cards("QS")
    assert refusal(hand, "QS") is Reason.NO_POINTS_FIRST_TRICK


def test_rule_6_option_off_allows_points_on_trick_1(deal, play):
    hand = play(deal("standard", *VOID_IN_CLUBS, no_points_first_trick=False), "2C AH")
    assert hand.legal_plays() == hand.cards(2)
    play(hand, "2H")
    assert hand.hearts_broken


def test_rule_6_three_players(deal, play):
    hand = deal("three_players", CLUBS + " AS KS QS JS", "*", HEARTS + " 2S 3S 4S 5S")
    assert hand.to_move == 0
    play(hand, "2C")
    assert hand.legal_plays() == hand.cards(1)  # West holds no points
    play(hand, "3D")
    assert hand.legal_plays() == cards("2S 3S 4S 5S")
    assert refusal(hand, "AH") is Reason.NO_POINTS_FIRST_TRICK


# -- rule 7: leading hearts -----------------------------------------------------------------
# With every heart still held at trick 10, nobody has discarded a heart: in the Turkish game,
# where a void seat holding a heart must discard one, every trick so far was followed by all,
# so 12 cards of each other suit are out (three tricks each) and one of each is still held.
#: Trick 10, every heart still in a hand (Q♠ already taken); South leads.
UNBROKEN = ["AH KH QH 2S", "JH TH 9H 3C", "8H 7H 6H 2D", "5H 4H 3H 2H"]
#: South holds only Q♠ and hearts, hearts unbroken.
QUEEN_AND_HEARTS = ["QS AH KH QH", "JH TH 9H 8H", "7H 6H 5H 3C", "4H 3H 2H 2D"]
#: South holds only hearts, hearts unbroken; West can win and lead next.
ONLY_HEARTS = ["5H 4H 3H 2H", "AH KH QH 2S", "JH TH 9H 3C", "8H 7H 6H 2D"]


@pytest.mark.parametrize("name", FOUR_PLAYERS + ["turkish"])
def test_rule_7_no_heart_lead_before_hearts_are_broken(position, name):
    hand = position(name, UNBROKEN, taken=["*", "", "", ""], trick="0:")
    assert not hand.hearts_broken and hand.to_move == 0
    assert hand.legal_plays() == cards("2S")
    verdict = hand.check("AH")
    assert verdict.reason is Reason.HEARTS_NOT_BROKEN
    assert verdict.message("en") == ("Hearts are not broken yet: you cannot lead a heart while "
                                     "you hold another suit.")
    assert verdict.message("tr") == ("Kupalar henüz kırılmadı: elinde başka renk varken kupa "
                                     "açamazsın.")


def test_rule_7_three_players(position):
    hand = position("three_players", ["AH KH QH 2H 2S", "JH TH 9H 8H 3S", "7H 6H 5H 4H 3H"],
                    taken=["*", "", ""], trick="0:")
    assert hand.legal_plays() == cards("2S")


@pytest.mark.parametrize("name", FOUR_PLAYERS + ["turkish"])
def test_rule_7_leading_with_only_hearts_breaks_them(position, play, name):
    hand = position(name, ONLY_HEARTS, taken=["*", "", "", ""], trick="0:")
    assert hand.legal_plays() == hand.cards(0)
    play(hand, "2H")
    assert hand.hearts_broken
    play(hand, "AH 9H 6H")
    assert hand.to_move == 1 and hand.legal_plays() == cards("KH QH 2S")


@pytest.mark.parametrize("name", FOUR_PLAYERS + ["turkish"])
def test_rule_7_queen_and_hearts_leader_must_lead_the_queen(position, name):
    hand = position(name, QUEEN_AND_HEARTS, taken=["*", "", "", ""], trick="0:")
    assert hand.legal_plays() == cards("QS")
    assert refusal(hand, "AH") is Reason.HEARTS_NOT_BROKEN


def test_lead_hearts_instead_of_queen_option(position):
    rules = Rules.preset("standard").replace(lead_hearts_instead_of_queen=True)
    hand = position(rules, QUEEN_AND_HEARTS, taken=["*", "", "", ""], trick="0:")
    assert hand.legal_plays() == hand.cards(0)
    # it changes nothing for a leader with another suit
    assert position(rules, UNBROKEN, taken=["*", "", "", ""], trick="0:").legal_plays() == \
        cards("2S")


def test_queen_does_not_break_hearts_in_standard(position, play):
    seats = ["2S 2D AH KH QH", "QS 3D JH TH 9H", "3S 4D 8H 7H 6H", "4S 5H 4H 3H 2H"]
    hand = play(position("standard", seats, taken=["*", "", "", ""], trick="0:"),
                "2S QS 3S 4S")
    assert hand.to_move == 1 and not hand.hearts_broken
    assert hand.legal_plays() == cards("3D")
    rules = Rules.preset("standard").replace(queen_breaks_hearts=True)
    hand = play(position(rules, seats, taken=["*", "", "", ""], trick="0:"), "2S QS 3S 4S")
    assert hand.hearts_broken and hand.legal_plays() == cards("3D JH TH 9H")


def test_queen_breaks_hearts_option_counts_a_queen_already_taken(position):
    rules = Rules.preset("standard").replace(queen_breaks_hearts=True)
    hand = position(rules, UNBROKEN, taken=["*", "", "", ""], trick="0:")
    assert hand.hearts_broken and hand.legal_plays() == hand.cards(0)


def test_must_break_hearts_off_allows_heart_leads_from_trick_2(position):
    rules = Rules.preset("standard").replace(must_break_hearts=False)
    hand = position(rules, UNBROKEN, taken=["*", "", "", ""], trick="0:")
    assert not hand.hearts_broken and hand.legal_plays() == hand.cards(0)


def test_rule_7_discarding_a_heart_breaks_hearts(deal, play):
    hand = play(deal("standard", *ONE_SUIT_EACH), "2C 2H 2D 2S")
    assert hand.hearts_broken and hand.to_move == 0
    hand = play(deal("standard", *ONE_SUIT_EACH), "2C 2H")
    assert hand.hearts_broken


# -- rule 8: the highest card of the suit led wins, no trumps ------------------------------
@pytest.mark.parametrize("name", FOUR_PLAYERS + ["turkish"])
def test_rule_8_highest_card_of_the_suit_led_wins(position, play, name):
    # (with clubs in every hand, only two clubs out would leave trick 1 without its clubs)
    hand = position(name, ["2D 3C 4C 5C", "AH KH 6C 7C", "3D 8C 9C TC", "AS 4S 5S 6S"],
                    taken=["*", "", "", ""], trick="0:")
    before = hand.tricks_won(2)
    play(hand, "2D AH 3D AS")
    trick = hand.last_trick
    assert trick.winner == 2 and hand.to_move == 2 and hand.tricks_won(2) == before + 1
    assert [(s, str(c)) for s, c in trick.plays()] == [(0, "2D"), (1, "AH"), (2, "3D"), (3, "AS")]
    assert cards("2D AH 3D AS") <= hand.taken(2)
    assert hand.current_trick.cards == () and hand.current_trick.leader == 2


def test_rule_8_three_players(position, play):
    hand = position("three_players", ["3D 3C 4C", "AH 6C 7C", "4D 8C 9C"],
                    taken=["*", "", ""], trick="0:")
    play(hand, "3D AH 4D")
    assert hand.last_trick.winner == 2 and hand.to_move == 2


# -- Turkish house rules (section 4) --------------------------------------------------------
#: West leads trick 1 (dealer South); West holds A♥ and low hearts, North K♥, East more hearts,
#: South none (but Q♠).
TURKISH_OPENING = ("AS KS QS JS TS AC KC QC TD JD QD KD AD",
                   "AH 5H 4H 3H 2H 2S 3S 4S 5S 6S 7S 8S 9S",
                   "KH QH JH 2C 3C 4C 5C 6C 7C 8C 9C TC JC",
                   "TH 9H 8H 7H 6H 2D 3D 4D 5D 6D 7D 8D 9D")


@pytest.mark.parametrize("dealer", range(4))
def test_turkish_left_of_dealer_leads_trick_1(deal, dealer):
    hand = deal("turkish", *ONE_SUIT_EACH, dealer=dealer)
    assert hand.to_move == (dealer + 1) % 4
    assert hand.legal_plays() == hand.cards((dealer + 1) % 4)  # one suit: any card


def test_turkish_no_heart_lead_to_trick_1_except_the_ace(deal):
    hand = deal("turkish", *TURKISH_OPENING)
    assert hand.to_move == 1
    assert hand.legal_plays() == cards("AH 2S 3S 4S 5S 6S 7S 8S 9S")
    verdict = hand.check("5H")
    assert verdict.reason is Reason.NO_HEART_LEAD_FIRST_TRICK
    assert "kupa ası" in verdict.message("tr") and "ace of hearts" in verdict.message("en")


def test_turkish_ace_of_hearts_lead_forces_the_king(deal, play):
    hand = play(deal("turkish", *TURKISH_OPENING), "AH")
    assert hand.legal_plays() == cards("KH")
    verdict = hand.check("QH")
    assert verdict.reason is Reason.MUST_PLAY_KING_ON_ACE
    assert verdict.message("tr") == "İlk elde kupa ası açıldı: kupa papazını oynamak zorundasın."
    assert verdict.message("en") == ("The ace of hearts was led to the first trick: you must "
                                     "play the king of hearts.")
    assert refusal(hand, "2C") is Reason.MUST_FOLLOW_SUIT  # following suit comes first
    play(hand, "KH")
    assert hand.legal_plays() == cards("TH 9H 8H 7H 6H")  # East follows with any heart
    play(hand, "6H")
    assert hand.legal_plays() == cards("QS")  # South is void: Q♠ first
    assert refusal(hand, "AS") is Reason.MUST_DISCARD_QUEEN
    play(hand, "QS")
    assert hand.last_trick.winner == 1 and hand.hearts_broken
    assert hand.penalty_taken() == (0, 5 + 4 + 1 + 15, 0, 0)


def test_turkish_only_hearts_leader_may_lead_any_heart_to_trick_1(deal):
    hand = deal("turkish", *ONE_SUIT_EACH, dealer=0)
    assert hand.to_move == 1 and hand.legal_plays() == cards(HEARTS)


def test_turkish_trick_1_void_player_must_discard_the_queen(deal, play):
    hand = play(deal("turkish", *VOID_IN_CLUBS, dealer=3), "5C")
    assert hand.legal_plays() == cards("QS")  # hearts are refused first, then Q♠ is forced
    verdict = hand.check("AH")
    assert verdict.reason is Reason.NO_HEARTS_FIRST_TRICK
    assert verdict.message("en") == ("No hearts on the first trick: you cannot discard a heart "
                                     "while you hold another card.")
    assert verdict.message("tr") == ("İlk elde kupa atılamaz: elinde başka kart varken kupa "
                                     "oynayamazsın.")
    play(hand, "QS")
    assert hand.legal_plays() == cards("KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D")
    assert refusal(hand, "2H") is Reason.NO_HEARTS_FIRST_TRICK
    play(hand, "2D")
    assert hand.legal_plays() == hand.cards(3)


def test_turkish_trick_1_void_player_with_only_hearts_discards_the_ace_first(deal, play):
    hand = play(deal("turkish", *ONE_SUIT_EACH, dealer=3), "5C")
    assert hand.legal_plays() == cards("AH")
    assert refusal(hand, "KH") is Reason.MUST_DISCARD_ACE_OF_HEARTS
    play(hand, "AH 2D")
    assert hand.legal_plays() == cards("QS")


@pytest.mark.parametrize("held, forced, refused, reason", [  # (no 2♣: standard opens with it)
    ("QS AH KH 3C", "QS", "AH", Reason.MUST_DISCARD_QUEEN),
    ("AH KH 5H 3C", "AH", "KH", Reason.MUST_DISCARD_ACE_OF_HEARTS),
    ("KH 5H 3C 4C", "KH", "5H", Reason.MUST_DISCARD_KING_OF_HEARTS),
    ("5H 4H 3C 4C", "5H 4H", "3C", Reason.MUST_DISCARD_HEART),
    ("3C 4C 5C 2S", "3C 4C 5C 2S", None, None),
])
def test_turkish_discard_order_after_trick_1(position, held, forced, refused, reason):
    hand = position("turkish", ["JD QD KD", held, "3D 4D 5D 6D", "7D 8D 9D TD"],
                    taken=["*", "", "", ""], trick="0:2D")
    assert hand.legal_plays() == cards(forced)
    if refused:
        assert refusal(hand, refused) is reason
        assert hand.check(refused).message("tr").startswith("Renge uyamadığında")
        assert hand.check(refused).message("en").startswith("When you cannot follow suit")
    # without the Turkish order, a void player discards what it likes
    standard = position("standard", ["JD QD KD", held, "3D 4D 5D 6D", "7D 8D 9D TD"],
                        taken=["*", "", "", ""], trick="0:2D")
    assert standard.legal_plays() == cards(held)


def test_turkish_discard_order_as_an_option_of_standard(position):
    rules = Rules.preset("standard").replace(discard_order="turkish")
    hand = position(rules, ["JD QD KD", "AH KH 5H 3C", "3D 4D 5D 6D", "7D 8D 9D TD"],
                    taken=["*", "", "", ""], trick="0:2D")
    assert hand.legal_plays() == cards("AH")


# -- section 6: the first refusing rule is the reason given ----------------------------------
def test_follow_suit_is_reported_before_the_first_trick_rule(deal, play):
    hand = play(deal("standard", "2C AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D",
                     "3C QS AH KH QH JH TH 9H 8H 7H 6H 5H 4H", "*", "*"), "2C")
    assert hand.legal_plays() == cards("3C")
    assert refusal(hand, "QS") is Reason.MUST_FOLLOW_SUIT
    assert refusal(hand, "AH") is Reason.MUST_FOLLOW_SUIT
    hand = play(deal("standard", CLUBS, "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S AH", "*", "*"),
                "2C")
    assert hand.legal_plays() == cards("AS KS JS TS 9S 8S 7S 6S 5S 4S 3S")
    assert refusal(hand, "QS") is Reason.NO_POINTS_FIRST_TRICK


def test_lowest_club_is_reported_before_hearts_not_broken(deal):
    hand = deal("standard", "2C " + HEARTS[:-3], "*", "*", "*")
    assert refusal(hand, "AH") is Reason.MUST_LEAD_LOWEST_CLUB


def test_not_in_hand_and_not_your_turn_come_first(deal, play):
    hand = play(deal("standard", *ONE_SUIT_EACH), "2C")
    verdict = hand.check("AS")
    assert verdict.reason is Reason.NOT_IN_HAND
    assert (verdict.message("tr"), verdict.message("en")) == \
        ("A♠ elinde değil.", "A♠ is not in your hand.")
    verdict = hand.check("AS", seat=3)
    assert verdict.reason is Reason.NOT_YOUR_TURN
    assert verdict.message("tr") == "Sıra sende değil: şimdi Batı oynayacak."
    assert verdict.message("en") == "It is not your turn: West plays now."
    assert hand.check("AH", seat=1).legal


def test_hand_over_comes_first(finished):
    hand = finished("standard", {}, rest=0)
    verdict = hand.check("AS", seat=3)
    assert verdict.reason is Reason.HAND_OVER
    assert verdict.message("en") == "This hand is over; no more cards can be played."
    assert verdict.message("tr") == "Bu tur bitti; artık kart oynanamaz."


def test_legal_verdict(deal):
    verdict = deal("standard", *ONE_SUIT_EACH).check("2C")
    assert verdict.legal and bool(verdict) and verdict.reason is Reason.LEGAL
    assert (verdict.message("tr"), verdict.message("en")) == \
        ("2♣ oynanabilir.", "2♣ may be played.")


@pytest.mark.parametrize("reason", [r for r in Reason if r is not Reason.LEGAL])
def test_every_reason_has_a_turkish_and_an_english_message(reason):
    from maca import Verdict
    params = {"card": "QS", "suit": 3, "seat": 1, "to_move": 2, "waiting": 3, "cards": ["QS"],
              "count": 3, "given": 2, "last": 3}
    verdict = Verdict(reason, params)
    tr, en = verdict.message("tr"), verdict.message("en")
    assert tr and en and tr != en and not verdict.legal
    assert "{" not in tr + en


# -- undo and what each seat sees ----------------------------------------------------------
def test_undo_takes_back_passes_and_peskir(deal):
    hand = deal("standard", *ONE_SUIT_EACH, number=1, peskir=True)
    start = hand.position()
    hand.declare_peskir(2)
    for seat, chosen in enumerate(("2C 3C 4C", "2H 3H 4H", "2D 3D 4D", "2S 3S 4S")):
        before_last = hand.position()
        hand.give(seat, chosen)
    assert hand.phase == "play" and hand.to_move == 1
    hand.undo()  # the last pass: the exchange is taken back too
    assert hand.position() == before_last  # South, holding 2♣ again, is the leader-to-be
    assert hand.phase == "pass" and hand.received(1) == CardSet() and hand.given(3) is None
    assert hand.cards(0) == cards(CLUBS) - cards("2C 3C 4C") and hand.to_move is None
    for _ in range(3):
        hand.undo()
    assert hand.peskir == (2,)
    hand.undo()
    assert hand.peskir == () and hand.position() == start and hand.history == []


def test_undo_takes_back_plays_and_tricks(deal, play):
    hand = play(deal("standard", *ONE_SUIT_EACH), "2C 5H")
    assert hand.hearts_broken
    hand.undo()
    assert not hand.hearts_broken and hand.to_move == 1 and "5H" in hand.cards(1)
    play(hand, "5H 5D 5S")
    assert hand.tricks_won(0) == 1 and hand.to_move == 0 and hand.taken(0) == cards("2C 5H 5D 5S")
    assert [t.winner for t in hand.tricks] == [0]
    trial = hand.copy()
    trial.undo()
    assert trial.tricks == [] and len(hand.tricks) == 1  # a copy takes back on its own
    hand.undo()
    assert hand.tricks_won(0) == 0 and hand.taken(0) == CardSet() and hand.to_move == 3
    assert hand.tricks == [] and hand.last_trick is None
    assert [str(c) for c in hand.current_trick.cards] == ["2C", "5H", "5D"]


def test_observation_shows_own_cards_and_public_play_only(deal, play):
    hand = deal("standard", *ONE_SUIT_EACH, number=1)
    hand.give(0, "2C 3C 4C")
    west = hand.observe(1)
    assert west.cards == cards(HEARTS) and west.passed is None and west.received == CardSet()
    assert west.unseen == CardSet((1 << 52) - 1) - cards(HEARTS)
    south = hand.observe(0)
    assert south.passed == cards("2C 3C 4C") and "2C" not in south.unseen
    for seat, chosen in ((1, "2H 3H 4H"), (2, "2D 3D 4D"), (3, "2S 3S 4S")):
        hand.give(seat, chosen)
    west = hand.observe(1)
    assert west.received == cards("2C 3C 4C") and west.legal == cards("2C") and west.to_move == 1
    play(hand, "2C")
    north = hand.observe(2)
    assert north.legal == cards("AD KD QD JD TD 9D 8D 7D 6D 5D")  # no 2H from West's pass
    assert north.current_trick.cards == (Card.parse("2C"),)
    assert north.unseen == CardSet((1 << 52) - 1) - hand.cards(2) - cards("2C 2D 3D 4D")
    assert hand.observe(0).legal == CardSet()  # not South's turn
