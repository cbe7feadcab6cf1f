"""Why the engine allows or refuses something: reason codes with Turkish and English messages.

One catalogue serves every refusal, so lessons, exercises and bots explain rules the same way.

>>> v = Verdict(Reason.MUST_FOLLOW_SUIT, {"suit": 0})
>>> v.legal, v.message("tr"), v.message("en")
(False, 'Elinde sinek var: renge uymalısın, sinek oynamalısın.', 'You hold a club: you must follow suit and play a club.')
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .cards import Card, Suit, card_list
from .errors import shown
from .words import LANGS, SeatWord, catalogue, say, seat_name

__all__ = ["Reason", "Verdict", "seat_name", "LANGS"]




class Reason(Enum):
    """Every reason the engine gives; the value is a stable code used in files and tests."""

    LEGAL = "legal"
    # whose turn, what phase
    NOT_YOUR_TURN = "not_your_turn"
    PASSING_NOT_DONE = "passing_not_done"
    HAND_OVER = "hand_over"
    HAND_NOT_OVER = "hand_not_over"
    BAD_SEAT = "bad_seat"
    NOTHING_TO_UNDO = "nothing_to_undo"
    # playing a card (the legal-play cascade, in order)
    NOT_IN_HAND = "not_in_hand"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    MUST_LEAD_LOWEST_CLUB = "must_lead_lowest_club"
    NO_HEART_LEAD_FIRST_TRICK = "no_heart_lead_first_trick"
    MUST_PLAY_KING_ON_ACE = "must_play_king_on_ace"
    NO_POINTS_FIRST_TRICK = "no_points_first_trick"
    NO_HEARTS_FIRST_TRICK = "no_hearts_first_trick"
    HEARTS_NOT_BROKEN = "hearts_not_broken"
    MUST_DISCARD_QUEEN = "must_discard_queen"
    MUST_DISCARD_ACE_OF_HEARTS = "must_discard_ace_of_hearts"
    MUST_DISCARD_KING_OF_HEARTS = "must_discard_king_of_hearts"
    MUST_DISCARD_HEART = "must_discard_heart"
    # passing
    NO_PASSING = "no_passing"
    ALREADY_PASSED = "already_passed"
    PASS_WRONG_COUNT = "pass_wrong_count"
    PASS_REPEATED_CARD = "pass_repeated_card"
    PASS_NOT_IN_HAND = "pass_not_in_hand"
    # peşkir
    PESKIR_NOT_ALLOWED = "peskir_not_allowed"
    PESKIR_TOO_LATE = "peskir_too_late"
    PESKIR_ALREADY = "peskir_already"
    # between hands
    DEALER_CHOICE_NOT_ALLOWED = "dealer_choice_not_allowed"
    MOON_CHOICE_NOT_ALLOWED = "moon_choice_not_allowed"
    MOON_CHOICE_UNKNOWN = "moon_choice_unknown"
    GAME_OVER = "game_over"
    GAME_NOT_OVER = "game_not_over"


_MESSAGES: dict[Reason, tuple[str, str]] = {
    Reason.LEGAL: ("{card} oynanabilir.", "{card} may be played."),
    Reason.NOT_YOUR_TURN: ("Sıra sende değil: şimdi {to_move:nom} oynayacak.",
                           "It is not your turn: {to_move:nom} plays now."),
    Reason.PASSING_NOT_DONE: ("Önce kart geçirme bitmeli: {waiting:nom} henüz geçireceği kartları "
                              "seçmedi.",
                              "Passing comes first: {waiting:nom} has not chosen cards yet."),
    Reason.HAND_OVER: ("Bu tur bitti; artık kart oynanamaz.",
                       "This hand is over; no more cards can be played."),
    Reason.HAND_NOT_OVER: ("Tur henüz bitmedi: puanlar son elden sonra belli olur.",
                           "The hand is not over yet: it is scored after the last trick."),
    Reason.BAD_SEAT: ("{seat} diye bir oyuncu yok: oyuncular 0'dan {last_tr} kadar numaralı.",
                      "There is no seat {seat}: seats are numbered 0 to {last}."),
    Reason.NOTHING_TO_UNDO: ("Geri alınacak bir hamle yok.", "There is nothing to undo."),
    Reason.NOT_IN_HAND: ("{card} elinde değil.", "{card} is not in your hand."),
    Reason.MUST_FOLLOW_SUIT: ("Elinde {suit_tr} var: renge uymalısın, {suit_tr} oynamalısın.",
                              "You hold a {suit_en1}: you must follow suit and play a {suit_en1}."),
    Reason.MUST_LEAD_LOWEST_CLUB: ("İlk el {card_tr} ile açılır: onu oynamalısın.",
                                   "The first trick is opened with the {card_en}: you must lead it."),
    Reason.NO_HEART_LEAD_FIRST_TRICK: (
        "İlk elde kupa açılamaz; yalnızca kupa ası ile (kafa atma girişimi) açılabilir.",
        "You cannot lead a heart to the first trick, except the ace of hearts "
        "(announcing a moon attempt)."),
    Reason.MUST_PLAY_KING_ON_ACE: ("İlk elde kupa ası açıldı: kupa papazını oynamak zorundasın.",
                                   "The ace of hearts was led to the first trick: you must play "
                                   "the king of hearts."),
    Reason.NO_POINTS_FIRST_TRICK: (
        "İlk elde ceza puanı verilmez: elinde başka kart varken kupa ya da maça kızı atamazsın.",
        "No points on the first trick: you cannot play a heart or the queen of spades while "
        "you hold another card."),
    Reason.NO_HEARTS_FIRST_TRICK: (
        "İlk elde kupa atılamaz: elinde başka kart varken kupa oynayamazsın.",
        "No hearts on the first trick: you cannot discard a heart while you hold another card."),
    Reason.HEARTS_NOT_BROKEN: (
        "Kupalar henüz kırılmadı: elinde başka renk varken kupa açamazsın.",
        "Hearts are not broken yet: you cannot lead a heart while you hold another suit."),
    Reason.MUST_DISCARD_QUEEN: ("Renge uyamadığında önce maça kızını atmak zorundasın.",
                                "When you cannot follow suit you must discard the queen of "
                                "spades first."),
    Reason.MUST_DISCARD_ACE_OF_HEARTS: ("Renge uyamadığında, maça kızı yoksa kupa asını atmak "
                                        "zorundasın.",
                                        "When you cannot follow suit and have no queen of spades, "
                                        "you must discard the ace of hearts."),
    Reason.MUST_DISCARD_KING_OF_HEARTS: ("Renge uyamadığında, maça kızı ve kupa ası yoksa kupa "
                                         "papazını atmak zorundasın.",
                                         "When you cannot follow suit and have neither the queen "
                                         "of spades nor the ace of hearts, you must discard the "
                                         "king of hearts."),
    Reason.MUST_DISCARD_HEART: ("Renge uyamadığında elindeki bir kupayı atmak zorundasın.",
                                "When you cannot follow suit you must discard a heart."),
    Reason.NO_PASSING: ("Bu turda kart geçirilmiyor.", "There is no passing in this hand."),
    Reason.ALREADY_PASSED: ("{seat:nom} kartlarını zaten geçirdi.", "{seat:nom} has already passed."),
    Reason.PASS_REPEATED_CARD: ("Aynı kartı iki kez seçtin: her kartı bir kez seç.",
                                "You chose the same card twice: choose each card once."),
    Reason.MOON_CHOICE_UNKNOWN: (
        "Kafa atan oyuncu “old” (ötekiler puan alır) ya da “new” (kendi puanından düşer) seçer.",
        "The shooter chooses “old” (the others score) or “new” (the shooter's own score goes "
        "down)."),
    Reason.PASS_WRONG_COUNT: ("Tam {count} kart seçmelisin; {given} kart seçtin.",
                              "You must choose exactly {count} cards; you chose {given}."),
    Reason.PASS_NOT_IN_HAND: ("Geçirmek istediğin {cards} elinde değil.",
                              "You cannot pass {cards}: not in your hand."),
    Reason.PESKIR_NOT_ALLOWED: ("Bu kurallarda peşkir yok.",
                                "These rules have no peşkir declarations."),
    Reason.PESKIR_TOO_LATE: ("Peşkir yalnızca ilk kart oynanmadan önce söylenebilir.",
                             "Peşkir can only be declared before the first card is played."),
    Reason.PESKIR_ALREADY: ("{seat:nom} zaten peşkir dedi.", "{seat:nom} has already declared peşkir."),
    Reason.DEALER_CHOICE_NOT_ALLOWED: (
        "Sonraki dağıtıcıyı yalnızca kafa atan oyuncu seçebilir (Türk kuralları).",
        "Only a player who shot the moon may choose the next dealer (Turkish rules)."),
    Reason.MOON_CHOICE_NOT_ALLOWED: (
        "Burada seçim yok: kafa atan oyuncu puanın nasıl yazılacağını yalnızca kurallar bu "
        "seçimi tanıyorsa ve kafa atıldıktan sonra seçer.",
        "There is no choice to make: the shooter chooses how a moon is scored only when the "
        "rules allow that choice, and only after a moon."),
    Reason.GAME_OVER: ("Oyun bitti; yeni tur dağıtılamaz.",
                       "The game is over; no new hand can be dealt."),
    Reason.GAME_NOT_OVER: ("Oyun henüz bitmedi: sıralama, bir toplam hedefe ulaşınca belli olur.",
                           "The game is not over yet: the standings are known once a total "
                           "reaches the target."),
}

#: The same messages when the seat they are about (the field named first) is the learner's own:
#: the sentence speaks to "sen" / "you", with the verb in the second person.
_YOU_MESSAGES: dict[Reason, tuple[str, str, str]] = {
    Reason.NOT_YOUR_TURN: ("to_move", "Sıra o oyuncuda değil: şimdi sıra sende.",
                           "It is not that player's turn: it is yours."),
    Reason.PASSING_NOT_DONE: ("waiting", "Önce kart geçirme bitmeli: geçireceğin kartları henüz "
                                         "seçmedin.",
                              "Passing comes first: you have not chosen your cards yet."),
    Reason.ALREADY_PASSED: ("seat", "Kartlarını zaten geçirdin.", "You have already passed."),
    Reason.PESKIR_ALREADY: ("seat", "Zaten peşkir dedin.", "You have already declared peşkir."),
}

catalogue("reason", {r.value: text for r, text in _MESSAGES.items()},
          you={r.value: text for r, text in _YOU_MESSAGES.items()}, scoped=True)

_SUIT_EN1 = ("club", "diamond", "spade", "heart")
#: The Turkish dative ending after a number, by its last digit: 2'ye, 3'e, 6'ya.
_DATIVE = ("a", "e", "ye", "e", "e", "e", "ya", "ye", "e", "a")


class _Shown(str):
    """A value that is not a seat, shown as it is whatever form the sentence asks for."""

    def __format__(self, spec: str) -> str:
        return str(self)


@dataclass(frozen=True)
class Verdict:
    """The answer to "may I?": a `Reason` (``LEGAL`` when allowed) and its details."""

    reason: Reason
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def legal(self) -> bool:
        """True when the action is allowed."""
        return self.reason is Reason.LEGAL

    def __bool__(self) -> bool:
        return self.legal

    def message(self, lang: str = "en") -> str:
        """The explanation in ``"tr"`` or ``"en"`` (the text layer's ``reason.<reason>``)."""
        return say(f"reason.{self.reason.value}").say(lang, **self._fields(lang))

    def _fields(self, lang: str) -> dict[str, Any]:
        p = dict(self.params)
        players = p.get("players", 4)
        out: dict[str, Any] = {}
        if "card" in p:
            card = Card.parse(p["card"])
            out.update(card=card.symbol, card_tr=card.name("tr"), card_en=card.name("en"))
        if "suit" in p:
            suit = Suit(p["suit"])
            out.update(suit_tr=suit.name_in("tr"), suit_en1=_SUIT_EN1[suit])
        for key in ("seat", "to_move", "waiting"):
            if key in p:
                seat = p[key]
                valid = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players
                out[key] = SeatWord(seat, lang, players) if valid else _Shown(shown(seat))
        if "cards" in p:
            out["cards"] = card_list(p["cards"])
        for key in ("count", "given", "last"):
            if key in p:
                out[key] = p[key]
        if "last" in p:
            out["last_tr"] = f"{p['last']}'{_DATIVE[p['last'] % 10]}"
        return out

    def __str__(self) -> str:
        return self.message("en")

    def __repr__(self) -> str:
        return f"Verdict({self.reason.name}, {self.params!r})"

    def _repr_html_(self) -> str:
        colour = "#1b7a3a" if self.legal else "#b3261e"
        return (f'<div style="color:{colour}"><b>{self.message("tr")}</b><br>'
                f'<i>{self.message("en")}</i></div>')
