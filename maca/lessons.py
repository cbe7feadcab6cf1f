"""The lessons' logic, without widgets: plain Python objects that a view draws and a test drives.

Every change goes through the engine (`Hand.check`, `play`, `give`, `undo`, `maca.scoring`);
a refused action becomes a `Note` carrying the engine's own Turkish and English message.
Computer players are `maca.bots` bots (one Bot protocol): they decide from an
`Observation` (what one seat may see), never from the hand itself.

>>> lesson = PassingLesson(seed=3)
>>> lesson.toggle(lesson.hand.cards(0).sorted_for_display()[0])
>>> lesson.confirm()
False
>>> lesson.note.text("tr"), lesson.note.text("en")
('Tam 3 kart seçmelisin; 1 kart seçtin.', 'You must choose exactly 3 cards; you chose 1.')
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .bots import Bot, MoonDefender, SensibleBot, play_out
from .cards import Card, CardSet, Suit, card_list
from .errors import IllegalActionError, Refusal, SettingError
from .hand import Hand
from .trick import Trick
from .reasons import LANGS, Reason, Verdict, seat_name
from .rules import PRESETS, Rules
from .scoring import hand_points, moon_possible, moon_shooters
from .words import Seat, SeatWord, Text, catalogue, number, say, seat_words

__all__ = ["Note", "text", "PlayLesson", "TrickStepper", "PassingLesson",
           "FollowSuitLesson", "HeartsLesson", "ScoringLesson", "MoonLesson"]

# Every sentence the lessons show, in Turkish ("sen" voice) and English.
TEXT: dict[str, tuple[str, str]] = {
    "your_turn": ("Sıra sende: yukarı kalkık, mavi kenarlı kartlardan birini oyna. Başka bir "
                  "karta tıklarsan neden oynayamayacağını söylerim.",
                  "Your turn: play one of the raised cards with a blue edge. Click any other "
                  "card and I will tell you why it cannot be played."),
    "trick_won": ("{n}. eli {seat:nom} aldı ({card} ile).", "{seat:Nom} won trick {n} (with {card})."),
    "hand_over": ("Tur bitti. Puanlar: {scores}.", "The hand is over. Points: {scores}."),
    # the panels' names (for screen readers)
    "panel_play": ("Bir tur oyna", "Play a hand"),
    "panel_trick": ("Bir tur, el el", "A hand, trick by trick"),
    "panel_passing": ("Kart geçirme", "Passing cards"),
    "panel_follow": ("Renk takibi", "Following suit"),
    "panel_hearts": ("Kupaları kırmak", "Breaking hearts"),
    "panel_scoring": ("Bir turun puanı", "Scoring a hand"),
    "panel_moon": ("Kafa atmak", "Shooting the moon"),
    # a panel on a book page, before and while it comes alive
    "live_start": ("▶ Canlandır", "▶ Make it live"),
    "live_static": ("Bu bir resim: kendin denemek için önce canlandır.",
                    "This is a picture: make it live to try it yourself."),
    "live_loading": ("Canlanıyor, birkaç saniye sürer…",
                     "Coming alive, this takes a few seconds…"),
    "live_ready": ("Canlı: artık tıklayabilirsin.", "Live: you can click now."),
    "live_failed": ("Canlandırılamadı. Sayfayı yenileyip yeniden dene.",
                    "It could not come alive. Reload the page and try again."),
    "live_unkept": ("Bu tarayıcı cevaplarını saklayamıyor (depolama dolu ya da kapalı): sayfayı "
                    "kapatırsan kaybolurlar, bitirince cevap dosyanı indir.",
                    "This browser cannot keep your answers (its storage is full or turned off): "
                    "they are lost when you close the page, so download your answers file when "
                    "you are done."),
    "restart": ("Baştan başla", "Start again"),
    "new_deal": ("Yeni dağıtım", "New deal"),
    "go_on": ("Devam ▶", "Continue ▶"),
    "go_on_prompt": ("Eli inceleyebilirsin; oyunu sürdürmek için “Devam” düğmesine bas.",
                     "Look at the trick; press “Continue” to go on."),
    # trick stepper
    "forward": ("İleri ▶", "Forward ▶"),
    "back": ("◀ Geri", "◀ Back"),
    "next_trick": ("Eli bitir ▶▶", "Finish trick ▶▶"),
    "prev_trick": ("◀◀ Önceki el", "◀◀ Previous trick"),
    "step_start": ("Turun başı: ilk kartı görmek için “İleri” düğmesine bas.",
                   "Start of the hand: press Forward to see the first card."),
    "step_lead": ("{n}. el: {seat:nom} {card} ile açtı.", "Trick {n}: {seat:nom} led {card}."),
    "step_play": ("{n}. el: {seat:nom} {card} oynadı.", "Trick {n}: {seat:nom} played {card}."),
    "step_end": ("Tur bitti: gösterilecek başka kart yok.",
                 "The hand is over: there are no more cards to show."),
    # passing
    "pass_to": ("{n}. turda kartlar {direction} geçirilir: seçtiğin kartlar {target:dat} gider.",
                "In hand {n} cards go {direction}: the cards you choose go to {target:dat}."),
    "choose": ("Geçireceğin {count} kartı seç ({chosen}/{count}). Bir karta tekrar tıklarsan "
               "seçimden çıkar.",
               "Choose {count} cards to pass ({chosen}/{count}). Click a card again to take it "
               "back."),
    "passed": ("{cards} kartlarını {target:dat} geçirdin. {source:abl} gelenler: {received}.",
               "You passed {cards} to {target:dat}. From {source:abl} you received {received}."),
    "chosen_enough": ("Zaten {count} kart seçtin. Başka bir kart seçmek istersen önce "
                      "seçtiklerinden birine yeniden tıklayıp onu çıkar.",
                      "You have already chosen {count} cards. To choose another, first click "
                      "one of them again to take it back."),
    "no_pass_here": ("{n}. turda kart geçirilmez: herkes dağıtılan kartlarıyla oynar. Kart "
                     "geçirmeyi denemek için başka bir tur seç.",
                     "Hand {n} has no passing: everyone plays the cards they were dealt. Choose "
                     "another hand to try passing."),
    "bot_pass": ("Diğer oyuncular hep en yüksek {count} kartını geçirir; yalnızca kendi "
                 "kartlarını görürler.",
                 "The other players always pass their {count} highest cards; each sees only "
                 "their own cards."),
    "received": ("Gelen kartlar", "Cards received"),
    # a hand number's pass direction, on its button ("2 · sağa")
    "towards_none": ("geçirme yok", "no pass"),
    # following suit
    "follow_prompt": ("{seat:Nom} {card} ile açtı. Sıra sende: hangi kartları oynayabilirsin?",
                      "{seat:Nom} led {card}. Your turn: which cards may you play?"),
    "why": ("Neden?", "Why?"),
    "allowed": ("Oynayabileceğin kartlar", "Cards you may play"),
    "new_position": ("Yeni durum", "New position"),
    "more": ("Başka bir durum için “Yeni durum” düğmesine bas.",
             "Press “New position” for another one."),
    "kind_follow": ("Renge uyabildiğin bir durum", "You can follow suit"),
    "kind_void": ("O renk elinde yok", "You are void in the suit led"),
    "kind": ("Durum", "Position"),
    # breaking hearts
    "scenario": ("Senaryo", "Scenario"),
    "scenario_deal": ("Bir tur oyna", "Play a hand"),
    "scenario_only_hearts": ("Elinde yalnızca kupa var", "Only hearts in your hand"),
    "queen_switch": ("Maça kızı kupaları kırar", "The queen of spades breaks hearts"),
    "hearts_broken": ("Kupalar kırıldı: artık kupa açabilirsin.",
                      "Hearts are broken: you may lead a heart now."),
    "only_hearts": ("Kupalar kırılmadı ama elinde yalnızca kupa var: bu yüzden kupa "
                    "açabilirsin.",
                    "Hearts are not broken, but you hold only hearts: so you may lead one."),
    "broke": ("{n}. elde {seat:nom} {card} oynadı: kupalar kırıldı.",
              "Trick {n}: {seat:nom} played {card} and hearts are broken."),
    # scoring
    "who_took": ("Kartları kim aldı?", "Who took the cards?"),
    "score_help": ("Bir oyuncu seç, sonra onun aldığı kartlara tıkla; bir karta yeniden "
                   "tıklarsan geri alırsın. “Kalanları ver”, henüz kimseye verilmemiş bütün "
                   "kartları seçtiğin oyuncuya verir. “el aldı” düğmeleri yalnızca peşkirde "
                   "önemlidir (8. ders): ceza kartı almadan en az bir el alan oyuncuyu "
                   "işaretler.",
                   "Choose a player, then click the cards that player took; click a card "
                   "again to take it back. “Give the rest” gives every card nobody has yet to "
                   "the player you chose. The “took a trick” buttons matter only for peşkir "
                   "(lesson 8): they mark a player who won a trick without taking any penalty "
                   "card."),
    "give_all": ("Kalanları ver", "Give the rest"),
    "clear": ("Temizle", "Clear"),
    "replay": ("Bir tur oynat", "Play out a hand"),
    "taken_by": ("{seat} aldı", "taken by {seat}"),
    "took_trick": ("el aldı", "took a trick"),
    "unassigned": ("{n} ceza kartı henüz kimseye verilmedi; gerçek bir turda her kartı "
                   "biri alır.",
                   "{n} cards with points have not been given to anyone yet; in a real hand "
                   "someone takes every card."),
    "moon_scored": ("{seat} kafa attı: diğer herkes +{value} aldı.",
                    "{seat} shot the moon: everyone else gets +{value}."),
    "moon_scored_new": ("{seat} kafa attı: kendi puanından {value} düşüldü.",
                        "{seat} shot the moon: {value} comes off their own score."),
    # the learner shot the moon, alone or with a partner
    "moon_scored_you": ("Kafa attın: diğer herkes +{value} aldı.",
                        "You shot the moon: everyone else gets +{value}."),
    "moon_scored_new_you": ("Kafa attın: kendi puanından {value} düşüldü.",
                            "You shot the moon: {value} comes off your own score."),
    "moon_scored_we": ("{seat} kafa attınız: diğer herkes +{value} aldı.",
                       "{seat} shot the moon: everyone else gets +{value}."),
    "moon_scored_new_we": ("{seat} kafa attınız: kendi puanınızdan {value} düşüldü.",
                           "{seat} shot the moon: {value} comes off your own scores."),
    "replayed": ("Bilgisayar bir turu baştan sona oynadı: kartlar, oyunda kim aldıysa ona "
                 "verildi.",
                 "The computer played a whole hand: each card went to whoever took it in play."),
    # shooting the moon
    "moon_intro": ("Bütün kupaları ve maça kızını almaya çalış. Rakiplerin, senin kafa "
                   "atmaya çalıştığını görünce bir kupayı kendileri almaya ya da birbirlerine "
                   "vermeye çalışır.",
                   "Try to take every heart and the queen of spades. The others, seeing you "
                   "go for the moon, try to give a heart to someone else."),
    "moon_alive": ("Şimdiye kadar alınan bütün ceza kartları sende: kafa atmak hâlâ mümkün.",
                   "Every penalty card taken so far is yours: the moon is still possible."),
    "moon_lost": ("{seat:Nom} {cards} aldı: artık kafa atamazsın.",
                  "{seat:Nom} took {cards}: the moon is out of reach now."),
    "moon_done": ("Kafa attın! Sen 0 aldın, diğer herkes +{value}.",
                  "You shot the moon! You score 0 and everyone else +{value}."),
    "moon_missed": ("Tur bitti; bu sefer kafa atamadın.",
                    "The hand is over; no moon this time."),
    "moon_hint": ("Kupalar kırılana kadar büyük maçalarını oyna, sonra kupalarını "
                  "yukarıdan oynayıp rakiplerin kupalarını topla; el kaybettirecek tek "
                  "kartını (karo 2'li) en sona bırak.",
                  "Play your top spades until hearts are broken, then lead your hearts from the "
                  "top to draw the others' hearts; keep the one card that loses a trick (the "
                  "two of diamonds) for the very end."),
    "kind_choice": ("kind 'follow' ya da 'void' olmalı, {value} değil",
                    "kind must be 'follow' or 'void', not {value}"),
}
#: The same sentences when the seat they are about (``seat``) is the learner's own: they speak
#: to "sen" / "you". ``moon_scored*_we``: the learner and a partner shot the moon together.
YOU_TEXT: dict[str, tuple[str, str]] = {
    "taken_by": ("Sen aldın", "taken by you"),
    "trick_won": ("{n}. eli sen aldın ({card} ile).", "You won trick {n} (with {card})."),
    "step_lead": ("{n}. el: {card} ile sen açtın.", "Trick {n}: you led {card}."),
    "step_play": ("{n}. el: sen {card} oynadın.", "Trick {n}: you played {card}."),
    "broke": ("{n}. elde sen {card} oynadın: kupalar kırıldı.",
              "Trick {n}: you played {card} and hearts are broken."),
}


catalogue("lessons", TEXT, you=YOU_TEXT, scoped=True)


@dataclass(frozen=True)
class Note:
    """A message for the learner: a `Text` (``said``) and its ``kind``, ``info``, ``ok`` or
    ``error``."""

    kind: str
    said: Text

    def text(self, lang: str) -> str:
        """The message in ``"tr"`` or ``"en"``."""
        return self.said[lang]

    @classmethod
    def of(cls, said: Text, kind: str = "info") -> Note:
        """A `Text` as a note of ``kind``."""
        return cls(kind, said)

    @classmethod
    def say(cls, key: str, kind: str = "info", **fields: Callable[[str], object] | object
            ) -> Note:
        """The lessons' sentence ``key`` (``say("lessons.<key>")``) as a note; a field given as
        a function of the language is called per language (seat names, card names).

        >>> Note.say("trick_won", n=3, card="A♣", seat=Seat(0)).text("tr")
        '3. eli sen aldın (A♣ ile).'
        """
        return cls.of(say(f"lessons.{key}", **fields), kind)

    @classmethod
    def refusal(cls, verdict: Refusal) -> Note:
        """The engine's explanation of a refused action."""
        return cls("error", Text(verdict.message("tr"), verdict.message("en")))

    @classmethod
    def join(cls, *notes: Note | None) -> Note | None:
        """Several notes as one (the kind of the last); None when there is nothing to say.

        >>> Note.join(Note.of(Text("bir", "one")), None, Note.of(Text("iki", "two"), "ok"))
        Note(kind='ok', said=Text(tr='bir iki', en='one two', you=None, we=None, subject='seat', one=None))
        """
        real = [n for n in notes if n is not None]
        if not real:
            return None
        return cls(real[-1].kind, Text.join(n.said for n in real))




def _mover(hand: Hand) -> int:
    """The seat to play (only asked while the hand is being played)."""
    seat = hand.to_move
    assert seat is not None, "nobody is to play now"
    return seat


def _seat(seat: int, players: int) -> Callable[[str], SeatWord]:
    return lambda lang: SeatWord(seat, lang, players)


def _symbols(cards: CardSet | list[Card]) -> str:
    """Cards as symbols, in the order of the pictures."""
    return card_list(cards)


# -- playing a hand ---------------------------------------------------------------------------
class PlayLesson:
    """A hand the learner (seat 0) plays by clicking cards, against computer players.

    A refused click leaves the hand as it was and sets `note` to the engine's reason.

    >>> lesson = PlayLesson(seed=1)      # East led 2♣; South holds clubs
    >>> lesson.click("AH")
    False
    >>> lesson.note.text("en")
    'You hold a club: you must follow suit and play a club.'
    """

    def __init__(self, seed: int = 1, rules: Rules | str = "standard", number: int = 4,
                 position: str | None = None, bot: Bot | None = None) -> None:
        """A seeded deal (``number`` 4 has no passing; in the others every seat passes as
        ``bot`` does), or a ``position`` string to start from; ``bot`` plays the other seats
        (`maca.bots.SensibleBot` unless given)."""
        self.rules = Rules.preset(rules) if isinstance(rules, str) else rules
        self.seed, self.number, self.position = seed, number, position
        self.seat = 0
        self.bot: Bot = SensibleBot() if bot is None else bot
        self.restart()

    def _deal(self) -> Hand:
        if self.position is not None:
            return Hand.from_position(self.position)
        hand = Hand.deal(self.rules, seed=self.seed, number=self.number)
        if hand.phase == "pass":
            for seat in range(hand.players):
                hand.give(seat, self.bot.choose_pass(hand.observe(seat)))
        return hand

    def restart(self) -> None:
        """Back to the start of the hand."""
        self.hand = self._deal()
        self.log: list[Note] = []
        self.recent: list[Note] = []
        self.note: Note | None = None
        self.waiting = False
        self._advance(pause=False)
        self.note = self._status()

    def new_deal(self) -> None:
        """The next seed's deal."""
        self.seed += 1
        self.position = None
        self.restart()

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.hand.players

    def legal(self) -> CardSet:
        """The cards the learner may play now (none when it is not their turn)."""
        return self.hand.legal_plays() if self.hand.to_move == self.seat else CardSet()

    def shown_trick(self) -> tuple[Trick, int]:
        """The trick to draw and its number: the current one, or the last completed one."""
        hand = self.hand
        if not hand.current_trick.cards and hand.tricks:
            return hand.tricks[-1], len(hand.tricks)
        return hand.current_trick, hand.trick_number

    def click(self, card: Card | str) -> bool:
        """The learner plays ``card``; True if the engine accepted it. A click while a finished
        trick is shown goes on first (`go_on`)."""
        card = Card.parse(card)
        if self.waiting:
            self.go_on()
        verdict = self.hand.check(card, self.seat)
        if not verdict:
            self.note = Note.refusal(verdict)
            return False
        self.recent = []
        self._play(card)
        self._advance()
        self.note = self._status()
        return True

    def _play(self, card: Card) -> None:
        """Play for the seat to move, and log what it caused."""
        hand = self.hand
        seat, number, broken = _mover(hand), hand.trick_number, hand.hearts_broken
        hand.play(card, seat)
        events = []
        if hand.hearts_broken and not broken:
            events.append(Note.say("broke", n=number, seat=_seat(seat, self.players),
                                   card=card.symbol))
        if not hand.current_trick.cards:
            last = hand.tricks[-1]
            assert last.winner is not None
            best = dict(last.plays())[last.winner]
            events.append(Note.say("trick_won", n=number, card=best.symbol,
                                   seat=_seat(last.winner, self.players)))
        self.log += events
        self.recent += events

    def go_on(self) -> None:
        """After a finished trick that stayed in view: the computer players go on."""
        if self.waiting:
            self.recent = []
            self._advance(pause=False)
            self.note = self._status()

    def _advance(self, pause: bool = True) -> None:
        """Computer players play until it is the learner's turn or the hand is over. With
        ``pause``, a trick that has just been finished stays in view (``waiting``) until
        `go_on`, rather than the next one being started over it."""
        hand = self.hand
        self.waiting = False
        while not hand.is_over and hand.to_move != self.seat:
            if pause and hand.tricks and not hand.current_trick.cards:
                self.waiting = True
                return
            self._play(self.bot.choose_play(hand.observe(_mover(hand))))

    def _status(self) -> Note | None:
        if self.waiting:
            return Note.join(*self.recent, Note.say("go_on_prompt"))
        if self.hand.is_over:
            points = self.hand.points()
            scores = lambda lang: ", ".join(  # noqa: E731
                f"{seat_name(s, lang, self.players)} {number(p)}" for s, p in enumerate(points))
            return Note.join(*self.recent, Note.say("hand_over", "ok", scores=scores))
        return Note.join(*self.recent, Note.say("your_turn"))


class FollowSuitLesson(PlayLesson):
    """A moment where the learner must answer a lead: follow suit, or (``kind="void"``) discard.

    `explain` walks `Hand.check` over the cards held and groups them by the engine's reason.

    >>> lesson = FollowSuitLesson(seed=1)
    >>> [verdict.reason.name for verdict, cards in lesson.explain()]
    ['LEGAL', 'MUST_FOLLOW_SUIT']
    """

    KINDS = ("follow", "void")

    def __init__(self, seed: int = 1, kind: str = "follow",
                 rules: Rules | str = "standard") -> None:
        if kind not in self.KINDS:
            raise SettingError(say("lessons.kind_choice"), value=repr(kind))
        self.kind = kind
        super().__init__(seed=seed, rules=rules, number=4)

    def _deal(self) -> Hand:
        """The first deal from ``seed`` on where sensible play reaches the wanted moment."""
        while True:
            hand = Hand.deal(self.rules, seed=self.seed, number=self.number)
            while not hand.is_over:
                trick = hand.current_trick
                if hand.to_move == self.seat and trick.cards and hand.trick_number > 1:
                    holds = bool(hand.cards(self.seat).of_suit(trick.cards[0].suit))
                    if holds == (self.kind == "follow"):
                        return hand
                hand.play(self.bot.choose_play(hand.observe(_mover(hand))))
            self.seed += 1

    def set_kind(self, kind: str) -> None:
        """Switch between following (``"follow"``) and discarding (``"void"``) positions."""
        if kind not in self.KINDS:
            raise SettingError(say("lessons.kind_choice"), value=repr(kind))
        self.kind = kind
        self.restart()

    def _advance(self, pause: bool = True) -> None:
        """Only the rest of the trick is played: the lesson stops after it."""
        hand = self.hand
        while hand.current_trick.cards and hand.to_move != self.seat:
            self._play(self.bot.choose_play(hand.observe(_mover(hand))))

    def _status(self) -> Note | None:
        trick = self.hand.current_trick
        if trick.cards and self.hand.to_move == self.seat:
            lead = trick.cards[0]
            return Note.say("follow_prompt", seat=_seat(trick.leader, self.players),
                            card=lead.symbol)
        return Note.join(*self.recent, Note.say("more", "ok"))

    def explain(self) -> list[tuple[Verdict, CardSet]]:
        """The cards held, grouped by the engine's verdict: the legal ones first."""
        if self.hand.to_move != self.seat:
            return []
        groups: dict[Reason, tuple[Verdict, list[Card]]] = {}
        for card in self.hand.cards(self.seat).sorted_for_display():
            verdict = self.hand.check(card, self.seat)
            groups.setdefault(verdict.reason, (verdict, []))[1].append(card)
        order = sorted(groups.values(), key=lambda g: not g[0].legal)
        return [(verdict, CardSet(cards)) for verdict, cards in order]

    def explanation(self) -> list[Note]:
        """`explain` as notes: "Cards you may play: …", then each reason with its cards."""
        notes = []
        for verdict, cards in self.explain():
            if verdict.legal:
                head = Note.say("allowed", "ok")
            else:
                head = Note.refusal(verdict)
            listed = _symbols(cards)
            notes.append(Note(head.kind, Text.join([head.said, Text(listed, listed)], " — ")))
        return notes


# The breaking-hearts deals (South is seat 0; 2♣ is elsewhere, South wins trick 1 with A♣).
HEARTS_DEALS = {
    # West's Q♠ falls under South's A♠ on trick 2; East has no diamonds and throws hearts.
    "deal": ["AK3.6543.A54.A98", "Q.72.KQJT9.KQJT7", "JT98.98.87632.65", "76542.AKQJT..432"],
    # South holds nothing but hearts after trick 1: the only-hearts exception.
    "only_hearts": [".KQJT98765432..A", "AKQJT987...KQJT2", "65432.A..9876543",
                    "..AKQJT98765432."],
}


class HeartsLesson(PlayLesson):
    """Breaking hearts: the learner plays South in a prepared deal and sees when a heart may be
    led; ``queen_breaks`` switches the rule that Q♠ breaks hearts too.

    >>> lesson = HeartsLesson()
    >>> lesson.click("AC"), lesson.click("3H")
    (True, False)
    >>> lesson.note.text("en")
    'Hearts are not broken yet: you cannot lead a heart while you hold another suit.'
    """

    SCENARIOS = tuple(HEARTS_DEALS)

    def __init__(self, scenario: str = "deal", queen_breaks: bool = False) -> None:
        if scenario not in HEARTS_DEALS:
            raise SettingError(say("one_of"), name="scenario", choices=", ".join(HEARTS_DEALS),
                               value=repr(scenario))
        self.scenario = scenario
        rules = Rules.preset("standard").replace(queen_breaks_hearts=queen_breaks)
        super().__init__(rules=rules)

    @property
    def queen_breaks(self) -> bool:
        """Whether Q♠ breaks hearts in these rules."""
        return self.rules.queen_breaks_hearts

    def _deal(self) -> Hand:
        hands = [CardSet.from_pbn(h) for h in HEARTS_DEALS[self.scenario]]
        return Hand.from_cards(self.rules, hands, number=4)

    def set_scenario(self, scenario: str) -> None:
        """Change the prepared deal and start it again."""
        if scenario not in HEARTS_DEALS:
            raise SettingError(say("one_of"), name="scenario", choices=", ".join(HEARTS_DEALS),
                               value=repr(scenario))
        self.scenario = scenario
        self.restart()

    def set_queen_breaks(self, on: bool) -> None:
        """Switch the Q♠-breaks-hearts rule (``rules.replace``) and start the deal again."""
        self.rules = self.rules.replace(queen_breaks_hearts=bool(on))
        self.restart()

    def lead_status(self) -> Note | None:
        """When the learner is to lead: may a heart be led now, and why."""
        hand = self.hand
        if hand.to_move != self.seat or hand.current_trick.cards or not hand.tricks:
            return None
        held = hand.cards(self.seat)
        hearts = held.of_suit(Suit.HEARTS)
        if not hearts:
            return None
        verdict = hand.check(hearts.sorted_for_display()[0], self.seat)
        if not verdict:
            return Note.refusal(verdict)
        if hand.hearts_broken:
            return Note.say("hearts_broken", "ok")
        return Note.say("only_hearts", "ok")

    def _status(self) -> Note | None:
        lead = self.lead_status()
        return Note.join(*self.recent, lead) if lead else PlayLesson._status(self)


# The moon deal: South can take everything by drawing the hearts first and keeping 2♦ for last.
MOON_DEAL = ["AKQ.AKQJT98.2.AK", "JT987.765..QJT98", ".43.AKQJT98.7654", "65432.2.76543.32"]
#: A line of play that shoots the moon against `maca.bots.MoonDefender` (South's cards, in
#: order).
MOON_LINE = "AC AS KS QS AH KH QH JH 10H 9H 8H KC 2D"


class MoonLesson(PlayLesson):
    """Shooting the moon: a prepared deal where South can take all 26 points; the others defend
    with `maca.bots.MoonDefender`.

    >>> lesson = MoonLesson()
    >>> all(lesson.click(card) for card in MOON_LINE.split())
    True
    >>> lesson.hand.points()
    (0, 26, 26, 26)
    """

    def __init__(self) -> None:
        super().__init__(rules="standard", bot=MoonDefender(0))

    def _deal(self) -> Hand:
        return Hand.from_cards(self.rules, [CardSet.from_pbn(h) for h in MOON_DEAL], number=4)

    def moon_alive(self) -> bool:
        """True while the learner can still shoot the moon (the engine decides)."""
        return moon_possible(self.rules, [self.hand.taken(s).mask for s in range(self.players)],
                             self.seat)

    def hint(self) -> Note:
        """How the moon can be shot here."""
        return Note.say("moon_hint")

    def _status(self) -> Note | None:
        hand = self.hand
        if hand.is_over:
            if hand.moon_shooters == (self.seat,):
                return Note.join(*self.recent, Note.say("moon_done", "ok",
                                                        value=self.rules.moon_value))
            return Note.join(*self.recent, self._thief(), Note.say("moon_missed", "error"))
        then = Note.say("go_on_prompt") if self.waiting else None
        if not self.moon_alive():
            return Note.join(*self.recent, then, self._thief())   # the loss is what matters
        return Note.join(*self.recent, Note.say("moon_alive"), then)

    def _thief(self) -> Note | None:
        penalty = self.rules.penalty_mask
        for seat in range(1, self.players):
            cards = self.hand.taken(seat).mask & penalty
            if cards:
                return Note.say("moon_lost", "error", seat=_seat(seat, self.players),
                                cards=_symbols(CardSet(cards)))
        return None


# -- stepping through a hand ------------------------------------------------------------------
class TrickStepper:
    """A hand played card by card, forward and back (back uses the engine's `undo`).

    The cards come from a script: the same deal played out by `maca.bots.SensibleBot` for every
    seat.

    >>> steps = TrickStepper(seed=2)
    >>> steps.back(); steps.note.text("en")
    'There is nothing to undo.'
    >>> steps.forward(); steps.note.text("en")
    'Trick 1: you led 2♣.'
    """

    def __init__(self, seed: int = 1, rules: Rules | str = "standard", number: int = 4) -> None:
        self.rules = Rules.preset(rules) if isinstance(rules, str) else rules
        self.seed, self.number = seed, number
        self.restart()

    def restart(self) -> None:
        """A fresh hand at its first card."""
        hand = Hand.deal(self.rules, seed=self.seed, number=self.number)
        bot = SensibleBot()
        if hand.phase == "pass":
            for seat in range(hand.players):
                hand.give(seat, bot.choose_pass(hand.observe(seat)))
        script = hand.copy()
        self.script: list[Card] = []
        while not script.is_over:
            card = bot.choose_play(script.observe(_mover(script)))
            script.play(card)
            self.script.append(card)
        self.hand = hand
        self.step = 0
        self.note: Note | None = Note.say("step_start")

    def new_deal(self) -> None:
        """The next seed's deal."""
        self.seed += 1
        self.restart()

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.hand.players

    def shown_trick(self) -> tuple[Trick, int]:
        """The trick to draw and its number: the current one, or the one just completed."""
        hand = self.hand
        if not hand.current_trick.cards and hand.tricks:
            return hand.tricks[-1], len(hand.tricks)
        return hand.current_trick, hand.trick_number

    def forward(self) -> None:
        """Play the next card of the script."""
        if self.step == len(self.script):
            self.note = Note.say("step_end")
            return
        hand = self.hand
        seat, number = _mover(hand), hand.trick_number
        leading = not hand.current_trick.cards
        card = self.script[self.step]
        hand.play(card)
        self.step += 1
        self.note = Note.say("step_lead" if leading else "step_play", n=number,
                             seat=_seat(seat, self.players), card=card.symbol)
        if not hand.current_trick.cards:
            last = hand.tricks[-1]
            assert last.winner is not None
            best = dict(last.plays())[last.winner]
            self.note = Note.join(self.note, Note.say(
                "trick_won", "ok", n=number, seat=_seat(last.winner, self.players),
                card=best.symbol))

    def back(self) -> None:
        """Take back the last card with the engine's undo."""
        if self.step == 0:
            self.note = Note.refusal(Verdict(Reason.NOTHING_TO_UNDO))
            return
        try:
            self.hand.undo()
        except IllegalActionError as exc:
            self.note = Note.refusal(exc.verdict)
            return
        self.step -= 1
        trick, number = self.shown_trick()
        self.note = (Note.say("step_start") if self.step == 0 else
                     Note.say("step_play", n=number, seat=_seat(trick.plays()[-1][0], self.players),
                              card=trick.cards[-1].symbol))

    def next_trick(self) -> None:
        """Play on to the end of the current trick (or the whole next trick)."""
        self.forward()
        while self.hand.current_trick.cards and self.step < len(self.script):
            self.forward()

    def previous_trick(self) -> None:
        """Go back to the start of the current trick (or of the previous one)."""
        self.back()
        while self.hand.current_trick.cards and self.step > 0:
            self.back()


# -- passing ----------------------------------------------------------------------------------
class PassingLesson:
    """Choosing three cards to pass: where they go in this hand, what comes back.

    The three-card rule is the engine's: `confirm` shows `Hand.give`'s refusal.
    """

    def __init__(self, seed: int = 1, number: int = 1, rules: Rules | str = "standard") -> None:
        self.rules = Rules.preset(rules) if isinstance(rules, str) else rules
        self.seed = seed
        self.seat = 0
        self.set_number(number)

    def set_number(self, number: int) -> None:
        """Deal hand ``number`` (the pass direction follows the rules' cycle)."""
        self.number = number
        self.restart()

    def restart(self) -> None:
        """The same deal, nothing chosen yet."""
        self.hand = Hand.deal(self.rules, seed=self.seed, number=self.number)
        self.selected: list[Card] = []
        self.note: Note | None = self._status()

    def new_deal(self) -> None:
        """The next seed's deal."""
        self.seed += 1
        self.restart()

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.hand.players

    @property
    def direction(self) -> str:
        """left, right, across or none."""
        return self.hand.pass_direction

    @property
    def target(self) -> int | None:
        """The seat the learner's cards go to (None when there is no passing)."""
        return self.hand.pass_target(self.seat)

    @property
    def source(self) -> int | None:
        """The seat whose cards the learner receives."""
        return self.hand.pass_source(self.seat)

    @property
    def done(self) -> bool:
        """True once the exchange has happened."""
        return self.hand.given(self.seat) is not None

    def toggle(self, card: Card | str) -> None:
        """Choose a card to pass, or take it back."""
        card = Card.parse(card)
        closed = self._closed()
        if closed is not None:   # no passing in this hand (said as it is shown), or done
            self.note = (self._status() if closed.reason is Reason.NO_PASSING
                         else Note.refusal(closed))
            return
        if card not in self.hand.cards(self.seat):
            self.note = Note.refusal(Verdict(Reason.PASS_NOT_IN_HAND, {"cards": [str(card)]}))
            return
        if card in self.selected:
            self.selected.remove(card)
        elif len(self.selected) >= self.rules.pass_count:
            # a fourth card is refused (not swapped for an earlier one): the learner decides
            # which card to take back
            self.note = Note.say("chosen_enough", "error", count=self.rules.pass_count)
            return
        else:
            self.selected.append(card)
        self.note = self._status()

    #: how the other seats choose their cards (their highest: the panel's note says so); the
    #: lesson's text passes with it too (`pass_others`), so the page and the panel agree
    OTHERS: Bot = SensibleBot()

    @classmethod
    def pass_others(cls, hand: Hand, seat: int = 0) -> None:
        """Every seat but ``seat`` passes as `OTHERS` chooses, from what it sees."""
        for other in range(hand.players):
            if other != seat:
                hand.give(other, cls.OTHERS.choose_pass(hand.observe(other)))

    def confirm(self) -> bool:
        """Pass the chosen cards; the others pass as `maca.bots.SensibleBot` does (their
        highest cards). True if it happened."""
        try:
            self.hand.give(self.seat, self.selected)
        except IllegalActionError as exc:
            self.note = Note.refusal(exc.verdict)
            return False
        self.pass_others(self.hand, self.seat)
        given = CardSet(self.selected)
        self.selected = []
        received = self.hand.received(self.seat)
        target, source = self.target, self.source
        assert target is not None and source is not None
        self.note = Note.say("passed", "ok", cards=_symbols(given),
                             target=_seat(target, self.players),
                             source=_seat(source, self.players), received=_symbols(received))
        return True

    def _closed(self) -> Verdict | None:
        """The engine's refusal when this seat cannot pass at all (no passing, or done)."""
        verdict = self.hand.check_give(self.seat, [])
        return verdict if verdict.reason in (Reason.NO_PASSING, Reason.ALREADY_PASSED) else None

    def _status(self) -> Note | None:
        target = self.target
        closed = self._closed()
        if closed is not None and closed.reason is Reason.NO_PASSING:
            # nothing has been tried yet: a word on this hand, not a refusal
            return Note.say("no_pass_here", n=self.number)
        if closed is not None or target is None:
            return Note.refusal(closed) if closed is not None else None
        count = self.rules.pass_count
        where = Note.say("pass_to", n=self.number, direction=say(f"to_{self.direction}"),
                         target=Seat(target, self.players))
        return Note.join(where, Note.say("choose", count=count, chosen=len(self.selected)))


# -- scoring ----------------------------------------------------------------------------------
class ScoringLesson:
    """Who took which scoring cards, and the hand's score by `maca.scoring.hand_points`.

    >>> lesson = ScoringLesson()
    >>> lesson.give_all(); lesson.points()
    (0, 26, 26, 26)
    >>> lesson.active = 1; lesson.click("5H"); lesson.points()
    (25, 1, 0, 0)
    """

    PRESETS = tuple(PRESETS)

    def __init__(self, preset: str = "standard") -> None:
        self.set_preset(preset)

    def set_preset(self, preset: str) -> None:
        """Start again with the rules of ``preset``."""
        self.preset = preset
        self.rules = Rules.preset(preset)
        self.active = 0
        self.clear()

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.rules.players

    @property
    def cards(self) -> CardSet:
        """The cards that score under these rules (penalty cards and a bonus card)."""
        return CardSet([c for c in CardSet(self.rules.deck_mask) if self.rules.value_of(c)])

    def clear(self) -> None:
        """Nobody has taken anything."""
        self.owner: dict[Card, int] = {}
        self.peskir = [False] * self.players
        self.took_trick = [False] * self.players
        self.note: Note | None = None

    def click(self, card: Card | str) -> None:
        """Give ``card`` to the active seat, or take it back if that seat has it."""
        card = Card.parse(card)
        if card not in self.cards:
            self.note = Note.refusal(Verdict(Reason.NOT_IN_HAND, {"card": card}))
            return
        if self.owner.get(card) == self.active:
            del self.owner[card]
        else:
            self.owner[card] = self.active
        self.note = None

    def give_all(self) -> None:
        """Every scoring card nobody has yet to the active seat (all of them, a moon if the
        rules allow one, when nothing has been given); cards already given stay where they
        are.

        >>> lesson = ScoringLesson(); lesson.click("QS"); lesson.active = 1; lesson.give_all()
        >>> lesson.points()
        (13, 13, 0, 0)
        """
        for card in self.cards:
            self.owner.setdefault(card, self.active)
        self.note = None

    def set_peskir(self, seat: int, declared: bool) -> None:
        """Mark ``seat`` as having declared peşkir (only where the rules have it)."""
        if declared and not self.rules.peskir:
            self.note = Note.refusal(Verdict(Reason.PESKIR_NOT_ALLOWED))
            return
        self.peskir[seat] = bool(declared)
        self.note = None

    def set_took_trick(self, seat: int, took: bool) -> None:
        """Mark that ``seat`` won a trick even without taking scoring cards (for peşkir)."""
        self.took_trick[seat] = bool(took)

    def replay(self, seed: int) -> None:
        """Fill the piles from a hand really played out by `maca.bots.SensibleBot` players."""
        hand = Hand.deal(self.rules, seed=seed, number=1)
        play_out(hand, [SensibleBot()] * hand.players)
        self.clear()
        for seat in range(self.players):
            for card in hand.taken(seat) & self.cards:
                self.owner[card] = seat
            self.took_trick[seat] = hand.tricks_won(seat) > 0
        self.note = Note.say("replayed")

    def taken(self) -> list[CardSet]:
        """The scoring cards each seat took."""
        return [CardSet([c for c, s in self.owner.items() if s == seat])
                for seat in range(self.players)]

    def tricks_won(self) -> list[int]:
        """1 for a seat that took a card or is marked as having won a trick, else 0."""
        return [int(bool(t) or took) for t, took in zip(self.taken(), self.took_trick)]

    def points(self) -> tuple[int, ...]:
        """The hand's score per seat, by the engine's scoring."""
        return hand_points(self.rules, [t.mask for t in self.taken()], self.tricks_won(),
                           self.peskir)

    def summary(self) -> Note | None:
        """What is special about this score: cards nobody has yet, or a moon."""
        missing = len(self.cards) - len(self.owner)
        if missing:
            return Note.say("unassigned", n=missing)
        shooters = moon_shooters(self.rules, [t.mask for t in self.taken()])
        if shooters:
            names = lambda lang: _capital(seat_words(shooters, lang, self.players))  # noqa: E731
            key = "moon_scored_new" if self.rules.moon == "new" else "moon_scored"
            if 0 in shooters:
                key += "_we" if len(shooters) > 1 else "_you"
            return Note.say(key, "ok", seat=names, value=self.rules.moon_value)
        return None


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]
