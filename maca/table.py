"""The table: a whole game against three computer players, as a plain Python controller.

Views draw it and pass it the learner's actions: the book page's panel
(`maca.panels.table`, also shown in notebooks by `maca.widgets`) and the terminal
(``python -m maca play``). Everything goes through the engine (`Game`, `Hand`): a refused
action leaves the game as it was and sets `note` to the engine's reason, in Turkish and English.

Two modes, as source 002 describes them:

- **practice** (``"practice"``, "test"): undo back to each of your decisions, hints from the
  bots' `explain`, no clock, the other hands shown after each hand; nothing is rated.
- **rated** (``"rated"``, "puanlı"): no undo, no hints; a move timer of 30–300 seconds with a
  warning in the last 10; when time runs out the engine plays for you (`maca.bots.TimeoutBot`:
  the lowest safe card, or your most dangerous cards when passing) and says so; leaving the table counts as a loss
  (−1), except for a player alone in the lead after the first hand (no result is written).

The clock is a function (``clock=``, `time.monotonic` by default), so tests drive time with
a fake one. Deals come from the system's secure randomness unless a ``seed`` is given; the
computer players get only observations.

>>> table = Table(level="medium", seed=3)
>>> table.stage, len(table.selected)
('pass', 0)
>>> [table.toggle(card) for card in table.hand.cards(0).sorted_for_display()[:3]]
[True, True, True]
>>> table.confirm_pass(), table.stage
(True, 'play')
>>> while table.stage == "play":
...     _ = table.play(table.hand.legal_plays().sorted_for_display()[0])
>>> table.stage, table.game.hand.number
('hand_over', 1)
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from html import escape
from typing import Callable, Mapping, Sequence

from .bots import RuleBot, TimeoutBot, bot as make_bot
from .bots.hard import HardBot
from .bots.simple import Bot
from .cards import Card, CardSet, card_list
from .errors import IllegalActionError, SettingError, shown
from .game import Game
from .hand import Hand
from .lessons import Note
from .observation import Observation
from .reasons import seat_name
from .words import SeatWord, Text, catalogue, number, preset_name, say, signed
from .rules import PRESETS, Rules
from .scoring import leaving_standings, seat_standings
from .trick import Trick

__all__ = ["Table", "GameResult", "SeatView", "STAGES", "advice", "MODES", "TIMER_RANGE",
           "WORDS", "make_rules", "totals_chart_svg", "say", "leaving_result", "name_case",
           "person_name"]

MODES = ("practice", "rated")
#: The move timer's range in seconds (source 002: 30–300 s for card games).
TIMER_RANGE = (30, 300)
#: The last seconds of the timer in which the table warns.
WARNING_SECONDS = 10

#: Every sentence of the table: (Turkish, English).
WORDS: dict[str, tuple[str, str]] = {
    "practice": ("Antrenman", "Practice"),
    "rated": ("Puanlı", "Rated"),
    "choose_pass": ("{seat:Dat} geçireceğin {count} kartı seç.",
                    "Choose {count} cards to pass to {seat:dat}."),
    "passed": ("{cards} kartlarını {seat:dat} geçirdin; {source:abl} {got} geldi.",
               "You passed {cards} to {seat:dat}; {got} came from {source:abl}."),
    "no_pass": ("Bu turda kart geçirme yok.", "No passing this hand."),
    "your_turn": ("Sıra sende: işaretli (oynanabilir) kartlardan birini oyna.",
                  "Your turn: play one of the marked (playable) cards."),
    "played": ("{seat}: {card}", "{seat}: {card}"),
    "trick_won": ("{n}. eli {seat:nom} aldı.", "{seat:Nom} won trick {n}."),
    "hand_over": ("{n}. tur bitti. Bu turun puanları: {scores}.",
                  "Hand {n} is over. Points this hand: {scores}."),
    "moon_shot": ("{seat:Nom} kafa attı!", "{seat:Nom} shot the moon!"),
    "moon_choose": ("Kafa attın! Eski usul mü (diğerlerine +{value}), yeni usul mü (sana "
                    "−{value})?", "You shot the moon! Old style (+{value} to the others) or new "
                    "style (−{value} to you)?"),
    "moon_old": ("Eski usul (+{value} diğerlerine)", "Old style (+{value} to the others)"),
    "moon_new": ("Yeni usul (−{value} sana)", "New style (−{value} to you)"),
    "game_over": ("Oyun bitti. Kazanan: {winners}.", "The game is over. Winner: {winners}."),
    "result": ("Sonucun: {result}.", "Your result: {result}."),
    "win": ("galibiyet (+1)", "win (+1)"),
    "draw": ("0 (ne tek başına birinci ne sonuncu)", "0 (neither alone first nor last)"),
    "loss": ("mağlubiyet (−1)", "loss (−1)"),
    "none": ("puan yazılmadı", "no result written"),
    "rated_note": ("Puanlı oyun: sonuç oturum sıralamana işlendi.",
                   "Rated game: the result goes into your session standings."),
    "practice_note": ("Antrenman oyunu: sonuç sıralamaya işlenmez.",
                      "Practice game: the result is not rated."),
    "undone": ("Geri alındı: önceki kararına döndün.",
               "Undone: you are back at your previous decision."),
    "nothing_to_undo": ("Geri alınacak bir kararın yok.", "There is no decision of yours to undo."),
    "no_undo_rated": ("Puanlı oyunda geri alma yok.", "There is no undo in a rated game."),
    "no_hint_rated": ("Puanlı oyunda ipucu yok.", "There are no hints in a rated game."),
    "hint": ("İpucu: {card}. ", "Hint: {card}. "),
    "hint_pass": ("İpucu: {cards}. ", "Hint: {cards}. "),
    "time_left": ("Kalan süre: {seconds} sn", "Time left: {seconds} s"),
    "time_warning": ("Son {seconds} saniye!", "{seconds} seconds left!"),
    "time_out_play": ("Süren doldu: senin yerine {card} oynandı (en küçük güvenli kart).",
                      "Time is up: {card} was played for you (the lowest safe card)."),
    "time_out_pass": ("Süren doldu: senin yerine en tehlikeli kartların geçirildi: {cards}.",
                      "Time is up: your most dangerous cards were passed for you: {cards}."),
    "time_out_passed": ("Süren doldu: en tehlikeli kartların ({cards}) senin yerine {seat:dat} "
                        "geçirildi; {source:abl} {got} geldi.",
                        "Time is up: your most dangerous cards ({cards}) were passed to "
                        "{seat:dat} for you; {got} came from {source:abl}."),
    "time_out_peskir": ("Süren doldu: peşkir demediğin kabul edildi.",
                        "Time is up: you did not declare peşkir."),
    "left_you": ("Masadan kalktın: {result}.", "You left the table: {result}."),
    "left_counted": ("Bu, masadan kalkmak sayılır: {result}.",
                     "You are counted as having left the table: {result}."),
    "lost_first": ("mağlup sayılırsın (−1)", "it counts as a loss (−1)"),
    "lost_later": ("tamamlanan turlarda tek başına birinci olmadığın için mağlup sayılırsın (−1)",
                   "you did not lead the completed hands alone, so it counts as a loss (−1)"),
    "leading": ("tamamlanan turlarda tek başına birinci olduğun için puan yazılmadı",
                "you led the completed hands alone, so no result is written"),
    "leave_ask": ("Emin misin? Masadan kalkarsan yerine bilgisayar oynar; {result}.",
                  "Are you sure? If you leave, a computer player takes your seat; {result}."),
    "if_lost_first": ("mağlup sayılırsın (−1)", "it counts as a loss (−1)"),
    "if_lost_later": ("tamamlanan turlarda tek başına birinci olmadığın için mağlup sayılırsın "
                      "(−1)", "you do not lead the completed hands alone, so it counts as a loss "
                      "(−1)"),
    "if_leading": ("tamamlanan turlarda tek başına birinci olduğun için puan yazılmaz",
                   "you lead the completed hands alone, so no result is written"),
    "leave_yes": ("Evet, kalk", "Yes, leave"),
    "leave_no": ("Vazgeç", "Stay"),
    "left_practice": ("Antrenman oyunundan kalktın; oyun hiçbir yere kaydedilmedi.",
                      "You left the practice game; nothing is recorded."),
    "peskir_ask": ("Peşkir demek ister misin? (Bu turda hiç el almayacağını söylersin: hiç el "
                   "almazsan {success} puan; bir el bile alırsan +{failure} puan ve aldığın "
                   "ceza puanları.)",
                   "Do you want to declare peşkir? (You say you will take no trick this hand: "
                   "{success} points if you make it; if you take even one trick, +{failure} "
                   "points plus the penalty points you take.)"),
    "peskir_yes": ("Peşkir de", "Declare peşkir"),
    "peskir_no": ("Peşkir demiyorum", "No peşkir"),
    "peskir_declared": ("Peşkir dedin: hiç el alma!", "You declared peşkir: take no trick!"),
    "peskir_other": ("{seat:Nom} peşkir dedi: bu turda hiç el almayacak.",
                     "{seat:Nom} declared peşkir: no trick this hand."),
    "not_now": ("Şu an bunu yapamazsın.", "You cannot do that now."),
    "new_game": ("Yeni oyun: {rules}, bilgisayar oyuncuları: {level}, hedef {target}.",
                 "New game: {rules}, computer players: {level}, target {target}."),
    "level_easy": ("kolay", "easy"),
    "level_medium": ("orta", "medium"),
    "level_hard": ("zor", "hard"),
    "chart_title": ("Toplam puanlar, tur tur", "Running totals, hand by hand"),
    "chart_target": ("hedef", "target"),
    # the errors of the table's settings
    "rules": ("kurallar bir kural takımının adı ({presets}) ya da bir Rules olmalı, {value} değil",
              "rules are a preset name ({presets}) or a Rules, not {value}"),
    "mode": ("mode practice ya da rated olmalı, {value} değil",
             "mode must be practice or rated, not {value}"),
    "timer": ("hamle süresi {low} ile {high} arası bir tam saniye sayısıdır, {value} değil",
              "the move timer is a whole number of seconds from {low} to {high}, not {value}"),
    "no_clock": ("antrenman oyununda saat yok: süreyi yalnızca mode='rated' ile ver",
                 "a practice game has no clock: give a timer only with mode='rated'"),
}

#: The same sentences when the seat they are about (``seat``) is the learner's own.
YOU_WORDS: dict[str, tuple[str, str]] = {
    "trick_won": ("{n}. eli sen aldın.", "You won trick {n}."),
    "moon_shot": ("Kafa attın!", "You shot the moon!"),
}
catalogue("table", WORDS, you=YOU_WORDS, scoped=True)


def _seat(seat: int, players: int) -> Callable[[str], SeatWord]:
    """A seat per language, as a `maca.words.SeatWord`: ``{seat}`` in a sentence is its label,
    ``{seat:dat}`` (Batı'ya, sana), ``{seat:abl}`` (Batı'dan, senden) … its forms."""
    return lambda lang: SeatWord(seat, lang, players)


def _rules_name(name: str) -> Callable[[str], str]:
    """A preset's name per language (the code name when it is not a preset)."""
    return lambda lang: preset_name(name, lang)


def _symbols(cards: CardSet | Sequence[Card]) -> str:
    """Cards as symbols, in the order of the pictures."""
    return card_list(cards)


def make_rules(rules: Rules | str = "standard", target: int | None = None,
               passing: bool | None = None, moon: str | None = None) -> Rules:
    """A preset (or `Rules`) with the table's options: ``target`` score, ``passing`` on or
    off, the ``moon`` rule (old, new, choice, none).

    >>> r = make_rules("standard", target=50, passing=False)
    >>> r.target, r.pass_direction(1)
    (50, 'none')
    """
    if isinstance(rules, str):
        rules = Rules.preset(rules)
    if not isinstance(rules, Rules):
        raise SettingError(say("table.rules"), presets=", ".join(PRESETS), value=shown(rules))
    changes: dict[str, object] = {}
    if target is not None:
        changes["target"] = target
    if passing is False:
        changes["pass_cycle"] = ()
    elif passing is True and not rules.pass_cycle:
        changes["pass_cycle"] = Rules.preset("standard").pass_cycle if rules.players == 4 \
            else ("left", "right", "none")
    if moon is not None:
        changes["moon"] = moon
    return rules.replace(**changes) if changes else rules


@dataclass(frozen=True)
class GameResult:
    """One game of the session, as the running record shows it."""

    number: int                  # the game's number in the session
    mode: str                    # practice / rated
    level: str                   # the computer players' level
    rules: str                   # the preset's name
    hands: int                   # finished hands
    totals: tuple[int, ...]      # each seat's total over the finished hands
    winners: tuple[int, ...]     # seats that won (empty if the game was left)
    standing: int | None         # your +1 / 0 / −1 (None: not rated, or no result written)
    left: bool                   # you left the table before the end

    def result_key(self) -> str:
        """``win``, ``draw``, ``loss`` or ``none`` (the `WORDS` key of the result)."""
        return {1: "win", 0: "draw", -1: "loss"}.get(self.standing, "none") \
            if self.standing is not None else "none"


@dataclass(frozen=True)
class SeatView:
    """What one seat's panel draws, made from that seat's `Observation` and public facts only.

    A view is in the viewer's frame: the viewer is seat 0 (Güney, "sen", at the bottom) and
    every other seat is named by where it sits from them; the teacher's view
    (``watching=True``) is the table's own frame, no seat is "sen" and ``revealed`` holds every
    seat's cards. ``stage`` is one of `STAGES`.

    >>> view = Table(level="easy", seed=3).view()
    >>> view.stage, len(view.cards), view.can_hint, view.waiting_for
    ('pass', 13, True, (0,))
    """

    seat: int
    players: int
    rules: Rules
    mode: str
    level: str
    stage: str
    cards: CardSet = CardSet()                  # this seat's cards now
    selected: CardSet = CardSet()               # chosen to pass
    playable: CardSet = CardSet()
    reasons: Mapping[Card, Text] = field(default_factory=dict)   # why each held card is refused
    trick: Trick | None = None                  # the trick to draw (in progress or just taken)
    trick_number: int = 1
    previous: Trick | None = None               # the trick completed since the seat's last
    previous_number: int = 0                    # decision, when a new one has begun
    events: tuple[Note, ...] = ()               # what happened since this seat's last decision
    sheet: tuple[tuple[int, tuple[int, ...]], ...] = ()   # finished hands: number, points
    totals: tuple[int, ...] = ()
    note: Note | None = None
    seconds_left: float | None = None           # on this seat's move timer
    timer: int | None = None
    revealed: tuple[CardSet, ...] | None = None   # practice hands as dealt; the teacher: now
    names: tuple[str | None, ...] = ()          # people's names per seat (None: none)
    to_move: int | None = None
    can_undo: bool = False
    can_hint: bool = False
    can_leave: bool = True
    waiting_for: tuple[int, ...] = ()           # seats whose decision the table waits for
    away: tuple[int, ...] = ()                  # seats whose connection is lost
    record: str | None = None                   # the game record, when it may be shown
    watching: bool = False                      # the teacher's view: every hand, no "sen"
    waiting_on: str = ""                        # what the table waits for: pass, peskir,
                                                # play, moon, next ("": the stage says it)
    stand_ins: tuple[str | None, ...] = ()      # per seat: the person a computer player
                                                # took the seat from (None: none)
    leave_question: Note | None = None          # "are you sure?" before leaving (asked)


#: The stages of a `SeatView`: what the seat's panel waits for.
STAGES = ("pass", "passed", "peskir", "play", "wait", "moon", "moon_wait", "hand_over",
          "game_over", "left", "ended")


def advice(seen: Observation, stage: str, level: str, budget: float | None = -1.0) -> Note:
    """The practice hint: what the computer would do in this seat (``stage`` ``pass`` or
    ``play``) and why; the hard adviser (``level`` hard) thinks ``budget`` seconds. Any
    other stage: the "not now" note.

    >>> from maca import Hand
    >>> seen = Hand.deal(Rules.preset("standard"), seed=1).observe(0)
    >>> advice(seen, "pass", "medium").text("en").startswith("Hint: ")
    True
    >>> advice(seen, "hand_over", "medium").kind
    'error'
    """
    if stage == "pass":
        adviser = RuleBot()
        cards = adviser.choose_pass(seen)
        note = Note.of(say("table.hint_pass", cards=_symbols(cards)))
        why = adviser.explain(seen, cards)
    elif stage == "play":
        adviser_play: Bot = HardBot(budget=budget) if level == "hard" else RuleBot()
        card = adviser_play.choose_play(seen)
        note = Note.of(say("table.hint", card=card.symbol))
        why = adviser_play.explain(seen, card)
    else:
        return Note.of(say("table.not_now"), "error")
    return Note.of(Text.join([note.said, why], ""))


def leaving_result(standing: int | None, finished: int, asking: bool = False) -> Text:
    """What leaving means for a lone player's result, as a clause (source 002): −1 in the
    first hand, −1 later unless they lead the completed hands alone (then no result);
    ``asking``: said before they leave ("… sayılırsın", "yazılmaz").

    >>> leaving_result(-1, 2).say("tr")
    'tamamlanan turlarda tek başına birinci olmadığın için mağlup sayılırsın (−1)'
    >>> leaving_result(None, 2, asking=True).say("en")
    'you lead the completed hands alone, so no result is written'
    """
    key = "leading" if standing != -1 else "lost_first" if finished == 0 else "lost_later"
    return say(f"table.{'if_' if asking else ''}{key}")


_VOWELS = "aıoueiöü"
_HARD = "fstkçşhp"


def name_case(name: str, case: str) -> str:
    """A person's name with a Turkish case ending after an apostrophe (``gen``: Ayşe'nin,
    ``loc``: Mehmet'te), by vowel harmony; any other text of a name as it is.

    >>> name_case("Ayşe", "gen"), name_case("Mehmet", "loc"), name_case("Çağrı", "gen")
    ("Ayşe'nin", "Mehmet'te", "Çağrı'nın")
    >>> name_case("Umut", "gen"), name_case("Gül", "loc"), name_case("Oğuz", "loc")
    ("Umut'un", "Gül'de", "Oğuz'da")
    """
    low = name.replace("I", "ı").replace("İ", "i").lower()
    vowel = next((c for c in reversed(low) if c in _VOWELS), "e")
    ends_vowel = bool(low) and low[-1] in _VOWELS
    if case == "gen":
        ending = {"a": "ın", "ı": "ın", "e": "in", "i": "in", "o": "un", "u": "un",
                  "ö": "ün", "ü": "ün"}[vowel]
        return f"{name}'{'n' if ends_vowel else ''}{ending}"
    if case == "loc":
        back = vowel in "aıou"
        hard = bool(low) and low[-1] in _HARD
        return f"{name}'{'t' if hard else 'd'}{'a' if back else 'e'}"
    return name


def person_name(name: str, case: str) -> Text:
    """A person's name for a sentence in both languages: Turkish in ``case`` (`name_case`),
    English as it is.

    >>> person_name("Mehmet", "gen")["tr"], person_name("Mehmet", "gen")["en"]
    ("Mehmet'in", 'Mehmet')
    """
    return Text(name_case(name, case), name)


@dataclass
class _Snapshot:
    """The table just before one of the learner's decisions (what undo goes back to)."""

    hands: int
    hand: Hand
    asked_peskir: int
    bots_asked: int
    recorded: bool


class Table:
    """A whole game against three computer players (module text for the modes and timer).

    ``rules``: a preset name or `Rules` (``target``, ``passing``, ``moon`` change it);
    ``level``: easy / medium / hard; ``mode``: practice / rated; ``timer``: seconds per move
    in rated mode (30–300, default 60); ``seed``: reproducible deals and bots; ``clock``: the
    time source; ``budget``: the hard players' seconds per move (default: the machine's).
    """

    def __init__(self, rules: Rules | str = "standard", level: str = "hard",
                 mode: str = "practice", timer: int | None = None, seed: int | None = None,
                 target: int | None = None, passing: bool | None = None,
                 moon: str | None = None, clock: Callable[[], float] = time.monotonic,
                 budget: float | None = -1.0) -> None:
        self.rules = make_rules(rules, target, passing, moon)
        if level not in ("easy", "medium", "hard"):
            raise SettingError(say("bots.level"), value=shown(level))
        if mode not in MODES:
            raise SettingError(say("table.mode"), value=shown(mode))
        if mode == "rated":
            timer = 60 if timer is None else timer
            low, high = TIMER_RANGE
            if isinstance(timer, bool) or not isinstance(timer, int) or not low <= timer <= high:
                raise SettingError(say("table.timer"), low=low, high=high, value=shown(timer))
        elif timer is not None:
            raise SettingError(say("table.no_clock"))
        self.level, self.mode, self.timer = level, mode, timer
        self.seed, self.clock, self.budget = seed, clock, budget
        self.seat = 0
        self.results: list[GameResult] = []
        self.games = 0
        self.new_game()

    # -- the game -------------------------------------------------------------------------
    def new_game(self) -> None:
        """Sit down to a new game (the session's record keeps the earlier ones)."""
        self.games += 1
        seed = None if self.seed is None else f"{self.seed}-{self.games}"
        self.game = Game(self.rules, seed=seed)
        n = self.rules.players
        self.bots: list[Bot | None] = [None] + [
            make_bot(self.level, seed=None if self.seed is None else hash((self.seed, self.games,
                                                                          s)) & 0xFFFF,
                     budget=self.budget) for s in range(1, n)]
        self.selected = CardSet()
        self.left = False
        self._asked_peskir = 0          # the hand number whose peşkir question was answered
        self._bots_asked = 0            # … and the computer players'
        self._recorded = False
        self._snapshots: list[_Snapshot] = []
        self._turn_started: float | None = None
        self.events: list[Note] = []    # what happened since your last decision
        self.tricks_done = 0            # tricks completed since your last decision
        self.note: Note | None = Note.of(say(
            "table.new_game", rules=_rules_name(self.rules.name),
            level=say(f"table.level_{self.level}"), target=self.rules.target))
        self._advance()

    @property
    def hand(self) -> Hand:
        """The hand being played."""
        return self.game.hand

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.rules.players

    @property
    def stage(self) -> str:
        """What the table waits for: ``pass`` (choose cards to pass), ``peskir`` (declare or
        not), ``play`` (your card), ``moon`` (you shot the moon: old or new style),
        ``hand_over`` (the score sheet; next hand), ``game_over`` or ``left``."""
        if self.left:
            return "left"
        hand = self.hand
        if hand.is_over:
            if self._moon_pending():
                return "moon"
            return "game_over" if self.game.is_over else "hand_over"
        if hand.phase == "pass":
            return "pass"
        if self._peskir_pending():
            return "peskir"
        return "play"

    def _moon_pending(self) -> bool:
        """You (or your team) shot the moon under the shooter's-choice rule and must choose."""
        hand = self.hand
        return (self.rules.moon == "choice" and self.seat in hand.moon_shooters
                and hand.moon_choice is None)

    def _peskir_pending(self) -> bool:
        hand = self.hand
        return (self.rules.peskir and self._asked_peskir != hand.number
                and not any(hand.tricks) and not hand.current_trick.cards
                and bool(hand.check_peskir(self.seat)))

    # -- what the learner sees --------------------------------------------------------------
    def legal(self) -> CardSet:
        """The cards you may play now (empty when it is not your turn)."""
        return self.hand.legal_plays() if self.stage == "play" else CardSet()

    def reasons(self, lang: str) -> dict[Card, str]:
        """Why each card you hold but may not play is refused (on your turn)."""
        if self.stage != "play":
            return {}
        held = self.hand.cards(self.seat)
        return {c: self.hand.check(c, self.seat).message(lang) for c in held - self.legal()}

    def pass_target(self) -> int | None:
        """The seat your cards go to this hand (None: no passing)."""
        return self.hand.pass_target(self.seat)

    def shown_trick(self) -> tuple[object, int]:
        """The trick to draw and its number: the one in progress, or (between tricks) the
        one just completed."""
        hand = self.hand
        if not hand.current_trick.cards and hand.tricks:
            return hand.tricks[-1], len(hand.tricks)
        return hand.current_trick, hand.trick_number

    def revealed(self) -> list[CardSet] | None:
        """In practice mode, once a hand is over: every seat's cards as dealt (after passing
        they are shown as received); None otherwise."""
        hand = self.hand
        if self.mode != "practice" or not hand.is_over:
            return None
        out = []
        for seat in range(self.players):
            dealt = hand.dealt(seat)
            out.append(dealt if dealt is not None else hand.taken(seat))
        return out

    def sheet(self) -> list[tuple[int, tuple[int, ...]]]:
        """The score sheet: each finished hand's number and points per seat."""
        return [(h.number, h.points()) for h in self.game.hands if h.is_over]

    def remaining(self) -> float | None:
        """Seconds left on your move timer (rated mode, on your decision); None otherwise."""
        if self.mode != "rated" or self._turn_started is None or self.timer is None:
            return None
        return max(0.0, self.timer - (self.clock() - self._turn_started))

    @property
    def warning(self) -> bool:
        """True in the last 10 seconds of your move timer."""
        left = self.remaining()
        return left is not None and left <= WARNING_SECONDS

    def timer_note(self) -> Note | None:
        """The countdown as words (a warning in the last 10 seconds)."""
        left = self.remaining()
        if left is None:
            return None
        seconds = int(left + 0.999)
        key = "time_warning" if self.warning else "time_left"
        return Note.of(say(f"table.{key}", seconds=seconds), "error" if self.warning else "info")

    def peskir_question(self) -> Note:
        """The peşkir question, with what success and failure are worth under these rules."""
        return Note.of(say("table.peskir_ask", success=signed(self.rules.peskir_success),
                   failure=self.rules.peskir_failure))

    def view(self) -> SeatView:
        """What your panel draws now, as a `SeatView` (you are seat 0)."""
        stage, hand = self.stage, self.hand
        trick, number = self.shown_trick()
        previous = hand.tricks[-1] if hand.current_trick.cards and self.tricks_done else None
        revealed = self.revealed()
        held, legal = hand.cards(self.seat), self.legal()
        reasons = {c: Note.refusal(hand.check(c, self.seat)).said for c in held - legal} \
            if stage == "play" else {}
        waiting = stage in ("pass", "peskir", "play", "moon", "hand_over")
        return SeatView(
            seat=self.seat, players=self.players, rules=self.rules, mode=self.mode,
            level=self.level, stage=stage, cards=held, selected=self.selected, playable=legal,
            reasons=reasons,
            trick=trick, trick_number=number,  # type: ignore[arg-type]
            previous=previous, previous_number=len(hand.tricks) if previous else 0,
            events=tuple(self.events), sheet=tuple(self.sheet()), totals=self.game.totals,
            note=self.note, seconds_left=self.remaining(), timer=self.timer,
            revealed=None if revealed is None else tuple(revealed),
            to_move=hand.to_move, can_undo=self.mode == "practice" and stage != "left",
            can_hint=self.mode == "practice" and stage in ("pass", "play"),
            can_leave=stage not in ("game_over", "left"),
            waiting_for=(self.seat,) if waiting else (),
            record=self.record() if stage in ("hand_over", "game_over", "left") else None)

    def session_standing(self) -> int:
        """The sum of your rated results in this session."""
        return sum(r.standing or 0 for r in self.results if r.mode == "rated")

    def record(self) -> str:
        """The game so far as a game record (`Game.from_record` replays it exactly)."""
        return self.game.record()

    # -- the learner's decisions ----------------------------------------------------------
    def toggle(self, card: Card | str) -> bool:
        """Choose (or unchoose) a card to pass."""
        if self.tick():
            return False
        if self.stage != "pass":
            return self._refuse()
        card = Card.parse(card)
        if card not in self.hand.cards(self.seat):
            self.note = Note.refusal(self.hand.check_give(self.seat, [card]))
            return False
        if card not in self.selected and len(self.selected) >= self.rules.pass_count:
            self.note = Note.say("chosen_enough", "error", count=self.rules.pass_count)
            return False
        self.selected = self.selected ^ CardSet([card])
        return True

    def confirm_pass(self) -> bool:
        """Pass the chosen cards (exactly the rules' number)."""
        if self.tick():
            return False
        if self.stage != "pass":
            return self._refuse()
        verdict = self.hand.check_give(self.seat, self.selected)
        if not verdict:
            self.note = Note.refusal(verdict)
            return False
        self._save()
        self._give(self.selected)
        return True

    def declare_peskir(self, declare: bool = True) -> bool:
        """Answer the peşkir question of this hand (Turkish rules)."""
        if self.tick():
            return False
        if self.stage != "peskir":
            return self._refuse()
        self._save()
        self._answer_peskir(declare)
        return True

    def play(self, card: Card | str) -> bool:
        """Play ``card``; a refused card says why and changes nothing."""
        if self.tick():
            return False
        if self.stage != "play":
            return self._refuse()
        card = Card.parse(card)
        verdict = self.hand.check(card, self.seat)
        if not verdict:
            self.note = Note.refusal(verdict)
            return False
        self._save()
        self._play(card)
        return True

    def choose_moon(self, choice: str) -> bool:
        """You shot the moon under the ``choice`` rule: ``"old"`` or ``"new"`` scoring."""
        if self.stage != "moon":
            return self._refuse()
        try:
            self.hand.choose_moon(choice)
        except IllegalActionError as exc:
            self.note = Note.refusal(exc.verdict)
            return False
        self._after_hand()
        return True

    def next_hand(self) -> bool:
        """Deal the next hand (after the score sheet)."""
        if self.stage != "hand_over":
            return self._refuse()
        self.game.next_hand()
        self.selected = CardSet()
        self._clear_events()
        self.note = None
        self._advance()
        return True

    def undo(self) -> bool:
        """Practice mode: back to your previous decision (the bots' cards after it go too)."""
        if self.mode != "practice":
            self.note = Note.of(say("table.no_undo_rated"), "error")
            return False
        if not self._snapshots:
            self.note = Note.of(say("table.nothing_to_undo"), "error")
            return False
        snap = self._snapshots.pop()
        self.game.hands[snap.hands - 1:] = [snap.hand.copy()]
        self.selected = CardSet()
        self._asked_peskir, self._bots_asked = snap.asked_peskir, snap.bots_asked
        if self._recorded and not snap.recorded:
            self.results.pop()
        self._recorded = snap.recorded
        self.left = False
        self._clear_events()
        self.note = Note.of(say("table.undone"), "ok")
        return True

    def hint(self) -> Note:
        """Practice mode: what the computer would do in your place, and why."""
        if self.mode != "practice":
            self.note = Note.of(say("table.no_hint_rated"), "error")
            return self.note
        self.note = advice(self.hand.observe(self.seat), self.stage, self.level, self.budget)
        return self.note

    def leave(self) -> Note:
        """Leave the table. Rated: a loss (−1), unless after the first hand you lead the
        completed hands alone (then no result is written); practice: nothing is recorded."""
        if self.stage in ("game_over", "left"):
            return self._refuse_note()
        game = self.game
        finished = [h for h in game.hands if h.is_over]
        if self.mode == "practice":
            standing = None
            said = say("table.left_practice")
        else:
            standing = leaving_standings(self.rules, game.totals, len(finished),
                                         self.seat)[self.seat]
            said = say("table.left_you", result=leaving_result(standing, len(finished)))
        self.left = True
        self._turn_started = None
        self.results.append(GameResult(self.games, self.mode, self.level, self.rules.name,
                                       len(finished), game.totals, (), standing, True))
        self._recorded = True
        self.note = Note.of(said, "error" if standing == -1 else "info")
        return self.note

    def leave_question(self) -> Note | None:
        """What leaving would cost now, asked before a rated game is left (None: a practice
        game, or nothing to leave)."""
        if self.mode != "rated" or self.stage in ("game_over", "left"):
            return None
        finished = sum(1 for h in self.game.hands if h.is_over)
        standing = leaving_standings(self.rules, self.game.totals, finished,
                                     self.seat)[self.seat]
        return Note.of(say("table.leave_ask",
                           result=leaving_result(standing, finished, asking=True)), "error")

    def tick(self) -> bool:
        """Check the move timer: when it has run out, the engine decides for you (and says
        so). True if it did."""
        left = self.remaining()
        if left is None or left > 0:
            return False
        stage = self.stage
        hand = self.hand
        if stage == "pass":
            cards = TimeoutBot().choose_pass(hand.observe(self.seat))
            self._give(cards, timed_out=True)
        elif stage == "peskir":
            self._answer_peskir(False)
            self.note = Note.join(Note.of(say("table.time_out_peskir"), "error"), self.note)
        elif stage == "play":
            card = TimeoutBot().choose_play(hand.observe(self.seat))
            self._play(card)
            self.note = Note.join(Note.of(say("table.time_out_play", card=card.symbol), "error"),
                                  self.note)
        else:
            return False
        return True

    # -- inside -------------------------------------------------------------------------------
    def _refuse(self) -> bool:
        self._refuse_note()
        return False

    def _refuse_note(self) -> Note:
        self.note = Note.of(say("table.not_now"), "error")
        return self.note

    def _save(self) -> None:
        self._snapshots.append(_Snapshot(len(self.game.hands), self.hand.copy(),
                                         self._asked_peskir, self._bots_asked, self._recorded))

    def _give(self, cards: CardSet, timed_out: bool = False) -> None:
        """Pass ``cards`` (chosen by the timer when ``timed_out``: the note says so, naming the
        cards once)."""
        hand = self.hand
        hand.give(self.seat, cards)
        self.selected = CardSet()
        self._clear_events()
        self._turn_started = None
        n = self.players
        target, source = hand.pass_target(self.seat), hand.pass_source(self.seat)
        assert target is not None and source is not None
        said = say("table.time_out_passed" if timed_out else "table.passed",
                   cards=_symbols(cards), seat=_seat(target, n), source=_seat(source, n),
                   got=_symbols(hand.received(self.seat)))
        self.note = Note.of(said, "error" if timed_out else "info")
        self._advance(keep_note=True)

    def _answer_peskir(self, declare: bool) -> None:
        self._asked_peskir = self.hand.number
        self._clear_events()
        self._turn_started = None
        if declare:
            self.hand.declare_peskir(self.seat)
            self.note = Note.of(say("table.peskir_declared"), "ok")
        else:
            self.note = None
        self._advance(keep_note=declare)

    def _bots_answer_peskir(self) -> None:
        """Before a hand's first card, under peşkir, the computer players say whether they
        declare it (once a hand, before you are asked)."""
        hand = self.hand
        if not self.rules.peskir or self._bots_asked == hand.number or hand.phase != "play":
            return
        self._bots_asked = hand.number
        for seat, player in enumerate(self.bots):        # the engine says when it is too late
            if player is not None and hand.check_peskir(seat) \
                    and player.choose_peskir(hand.observe(seat)):
                hand.declare_peskir(seat)
                self.events.append(Note.of(say("table.peskir_other",
                                               seat=_seat(seat, self.players))))

    def _play(self, card: Card) -> None:
        self._clear_events()
        self._turn_started = None
        self._record_play(self.seat, card)
        self.note = None
        self._advance()

    def _clear_events(self) -> None:
        self.events = []
        self.tricks_done = 0

    def _record_play(self, seat: int, card: Card) -> None:
        hand = self.hand
        before = len(hand.tricks)
        hand.play(card, seat=seat)
        n = self.players
        self.events.append(Note.of(say("table.played", seat=_seat(seat, n), card=card.symbol)))
        if len(hand.tricks) > before:
            last = hand.tricks[-1]
            assert last.winner is not None
            self.events.append(Note.of(say("table.trick_won", n=len(hand.tricks),
                                           seat=_seat(last.winner, n))))
            self.tricks_done += 1

    def _advance(self, keep_note: bool = False) -> None:
        """Let the computer players act until you have to decide or the hand is over."""
        hand = self.hand
        if hand.phase == "pass":
            for seat, player in enumerate(self.bots):
                if player is not None and hand.given(seat) is None:
                    hand.give(seat, player.choose_pass(hand.observe(seat)))
            if hand.phase == "pass":
                self._start_turn()
                if not keep_note:
                    target = hand.pass_target(self.seat)
                    assert target is not None
                    choose = say("table.choose_pass", seat=_seat(target, self.players),
                                 count=self.rules.pass_count)
                    self.note = Note.join(self.note, Note.of(choose))
                return
        self._bots_answer_peskir()
        if self._peskir_pending():
            self._start_turn()
            return
        while not hand.is_over and hand.to_move != self.seat:
            mover = hand.to_move
            assert mover is not None
            player = self.bots[mover]
            assert player is not None
            self._record_play(mover, player.choose_play(hand.observe(mover)))
        if hand.is_over:
            self._turn_started = None
            self._after_hand()
            return
        self._start_turn()
        if not keep_note and self.note is None:
            self.note = Note.of(say("table.your_turn"))

    def _start_turn(self) -> None:
        self._turn_started = self.clock() if self.mode == "rated" else None

    def _after_hand(self) -> None:
        hand, n = self.hand, self.players
        notes: list[Note | None] = [self.note] if self.note and self.note.kind == "error" else []
        shooters = hand.moon_shooters
        if shooters and self.rules.moon == "choice" and hand.moon_choice is None:
            if self.seat in shooters:
                self.note = Note.of(say("table.moon_choose", value=self.rules.moon_value))
                return
            chooser = self.bots[shooters[0]]
            assert chooser is not None
            hand.choose_moon(chooser.choose_moon(hand.observe(shooters[0]),
                                                 _totals_before(self.game)))
        for shooter in shooters[:1]:
            notes.append(Note.of(say("table.moon_shot", seat=_seat(shooter, n))))
        scores = hand.points()
        notes.append(Note.of(say("table.hand_over", n=hand.number, scores=lambda lang: ", ".join(
            f"{seat_name(s, lang, n)} {number(p)}" for s, p in enumerate(scores)))))
        if self.game.is_over and not self._recorded:
            notes += self._finish()
        self.note = Note.join(*notes)

    def _finish(self) -> list[Note | None]:
        game = self.game
        n = self.players
        standing = seat_standings(self.rules, game.totals)[self.seat]
        winners = game.winners
        self.results.append(GameResult(
            self.games, self.mode, self.level, self.rules.name, len(game.hands), game.totals,
            winners, standing if self.mode == "rated" else None, False))
        self._recorded = True
        key = {1: "win", 0: "draw", -1: "loss"}[standing]
        return [Note.of(say("table.game_over", winners=lambda lang: ", ".join(
                    seat_name(s, lang, n) for s in winners)), "ok"),
                Note.of(say("table.result",
                    result=say(f"table.{key}")), "ok" if standing >= 0 else "error"),
                Note.of(say("table.rated_note" if self.mode == "rated" else "table.practice_note"))]


def _totals_before(game: Game) -> list[int]:
    """Each seat's total over the finished hands before the last one."""
    done = [h.points() for h in game.hands[:-1] if h.is_over]
    return [sum(col) for col in zip(*done)] if done else [0] * game.rules.players


# -- the chart of the totals --------------------------------------------------------------
_LINE_COLOURS = ("#2563eb", "#c8102e", "#1e7b34", "#d97706")
_DASHES = ("", "6 3", "2 3", "8 3 2 3")


def totals_chart_svg(rules: Rules, rows: Sequence[Sequence[int]], lang: str = "tr",
                     width: int = 360, height: int = 200,
                     labels: Sequence[str] | None = None) -> str:
    """The running totals after each hand (``rows``: each finished hand's points per seat)
    as a line chart (inline SVG, no matplotlib), with the target as a dashed line and a text
    alternative; ``labels`` name the seats (default: their places, seat 0 "sen").

    >>> svg = totals_chart_svg(Rules.preset("standard"), [(13, 5, 8, 0)], "en")
    >>> svg.startswith("<svg") and 'role="img"' in svg, "South (you) 13" in svg
    (True, True)
    >>> long = ["Kuzey · Zeynep (bilgisayar, Çağrı'nın yerine)"] * 4
    >>> 'width="360"' in svg, 'width="360"' in totals_chart_svg(Rules.preset("standard"),
    ...                                                         [(13, 5, 8, 0)], labels=long)
    (True, False)
    """
    n = rules.players
    running = [[0] * n]
    for row in rows:
        running.append([a + b for a, b in zip(running[-1], row)])
    top = max([rules.target] + [v for r in running for v in r])
    low = min([0] + [v for r in running for v in r])
    names = list(labels) if labels is not None else [seat_name(s, lang, n) for s in range(n)]
    legend = max(len(f"{names[s]} {number(running[-1][s])}") for s in range(n))
    left, right, up, down = 34, max(96, round(legend * 6.2) - 4), 12, 26
    width += right - 96                          # a long legend widens the chart, not the plot
    plot_w, plot_h = width - left - right, height - up - down
    steps = max(len(running) - 1, 1)

    def x(i: int) -> float:
        return left + plot_w * i / steps

    def y(v: float) -> float:
        return up + plot_h * (1 - (v - low) / ((top - low) or 1))

    title = say("table.chart_title")[lang]
    desc = "; ".join(f"{names[s]}: {number(running[-1][s])}" for s in range(n))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" '
             f'height="{height}" viewBox="0 0 {width} {height}" '
             f'aria-label="{escape(title)}. {escape(desc)}" '
             f'style="max-width:100%;height:auto;font-family:system-ui,sans-serif">'
             f"<title>{escape(title)}. {escape(desc)}</title>",
             f'<rect x="{left}" y="{up}" width="{plot_w}" height="{plot_h}" fill="#f8fafc" '
             f'stroke="#cbd5e1"/>']
    ty = y(rules.target)
    target_word = say("table.chart_target")[lang]
    parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{ty:.1f}" y2="{ty:.1f}" '
                 f'stroke="#64748b" stroke-dasharray="4 3"/>'
                 f'<text x="{left - 4}" y="{ty + 4:.1f}" font-size="10" text-anchor="end" '
                 f'fill="#475569">{rules.target}</text>'
                 f'<text x="{left + 4}" y="{ty - 3:.1f}" font-size="10" fill="#475569">'
                 f'{target_word}</text>')
    parts.append(f'<text x="{left - 4}" y="{y(low) + 4:.1f}" font-size="10" text-anchor="end" '
                 f'fill="#475569">{number(low)}</text>')
    for i in range(len(running)):
        parts.append(f'<text x="{x(i):.1f}" y="{height - 8}" font-size="10" text-anchor="middle" '
                     f'fill="#475569">{i}</text>')
    for s in range(n):
        points = " ".join(f"{x(i):.1f},{y(r[s]):.1f}" for i, r in enumerate(running))
        dash = f' stroke-dasharray="{_DASHES[s]}"' if _DASHES[s] else ""
        parts.append(f'<polyline points="{points}" fill="none" stroke="{_LINE_COLOURS[s]}" '
                     f'stroke-width="2"{dash}/>')
        last = running[-1][s]
        parts.append(f'<text x="{left + plot_w + 6}" y="{up + 12 + 15 * s}" font-size="11" '
                     f'fill="{_LINE_COLOURS[s]}">{escape(names[s])} {number(last)}</text>')
    parts.append("</svg>")
    return "".join(parts)
