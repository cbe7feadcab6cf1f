"""Questions of judgement: which three cards to pass, what to lead, what to discard.

The rule questions of `maca.exercises.kinds.plain` have one right answer the rules decide;
these ask for a good choice, and the engine measures how good.

**choose_pass** (fields ``cards``: the learner's dealt cards; ``direction``: left, right or
across; optional ``margin``). Method: the other seats' cards are dealt at random
`PASS_DEALS` times (a seeded generator: the same exercise always gets the same deals), the
other seats choose their passes as the ``medium`` computer player does (`maca.bots.RuleBot`),
and then every candidate pass of the learner is played out on *the same* deals with all four
seats following the medium player's policy (`maca.bots.policy.rule_playout`). A pass is worth
the learner's average points per hand (moon included; lower is better). The candidates are
every choice of three among the `PASS_POOL` cards the medium player finds most dangerous to
keep (`maca.bots.dangerous_cards`), and the learner's own pass, which is played out on the
same deals when it is checked. A pass is accepted when its average is at most `PASS_MARGIN`
(1.0) point per hand above the best one found; the feedback gives both figures. About one
second per exercise in CPython, computed once and cached.

**choose_lead** and **choose_discard** (fields ``position``: seat 0 leads / cannot follow
suit; ``goal``: a goal of the double-dummy solver, `maca.solver.GOALS`; ``target`` with
``stop_moon``). Every hand is face up, as in the puzzles; the accepted cards are the solver's
(`maca.solver.Solution.accepted`), the feedback plays the learner's card out against best play
(`maca.solver.Solver.line`) and, for ``fewest_points``, gives the points it leads to.

"""
from __future__ import annotations

import itertools
import random
from typing import Any, ClassVar, Mapping

from ...bots import RuleBot, dangerous_cards
from ...bots.policy import rule_playout, tables
from ...cards import Card, CardSet
from ...errors import shown
from ...hand import Hand
from ...notation import rules_to_text
from ...reasons import seat_name
from ...rules import Rules
from ...scoring import hand_points
from ...words import Text, catalogue, is_you, say, seat_form, show
from ...solver import GOALS as SOLVER_GOALS, Solution, Solver, SolverError, SolverLimitError
from ..forms import CARD, CARDS
from ..text import AnswerError, ExerciseError
from .plain import not_learners_turn
from .base import (Line, NoQuestionError, Question, cards_field, is_whole,
                   play_lines, plays_text, position_field, read_card, read_cards, rules_line)

__all__ = ["PASS_DEALS", "PASS_MARGIN", "PASS_POOL", "PassStudy", "pass_study", "ChoosePass",
           "SolvedChoice", "ChooseLead", "ChooseDiscard"]

#: Deals each pass is played out on.
PASS_DEALS = 300
#: A pass is accepted within this many points per hand of the best one found.
PASS_MARGIN = 1.0
#: The cards the candidate passes are made of (the most dangerous ones to keep).
PASS_POOL = 7
#: Nodes the solver may search for a lead or discard question (late moments need far fewer).
SOLVER_NODES = 400_000


def _number(value: float) -> Text:
    """A figure with one decimal: a comma in Turkish, a point in English."""
    text = f"{value:.1f}".replace("-", "−")
    return Text(text.replace(".", ","), text)


def _cards_text(cards: CardSet) -> str:
    return " ".join(c.symbol for c in cards.sorted_for_display())


# -- choose_pass: the simulation ------------------------------------------------------------------
class PassStudy:
    """The deals a pass exercise is played on, and the passes measured so far (cached).

    >>> from maca import Rules
    >>> mine = CardSet.parse("AS KS 4S AH 10H 3H KD 9D 5D 2D QC 8C 3C")
    >>> study = PassStudy(Rules.preset("standard"), mine, "left", deals=20)
    >>> study.mean(CardSet.parse("AS KS QC")) == study.mean(CardSet.parse("QC KS AS"))
    True
    """

    def __init__(self, rules: Rules, cards: CardSet, direction: str,
                 deals: int = PASS_DEALS) -> None:
        self.rules, self.cards, self.direction = rules, cards, direction
        number = next((k for k in range(1, 13) if rules.pass_direction(k) == direction), None)
        if number is None or direction == "none":
            raise ExerciseError(say("judgement.never_pass"), value=shown(direction),
                                directions=", ".join(sorted(set(rules.pass_cycle) - {"none"})))
        self.number = number
        n, size = rules.players, rules.hand_size
        rest = sorted(CardSet(rules.deck_mask) - cards)
        rng = random.Random(f"maca choose_pass|{rules_to_text(rules)}|{cards.mask}|{direction}")
        bot = RuleBot()
        self.deals: list[Hand] = []
        for _ in range(deals):
            rng.shuffle(rest)
            hands = [cards] + [CardSet(rest[size * k:size * (k + 1)]) for k in range(n - 1)]
            hand = Hand.from_cards(rules, hands, number=number)
            for seat in range(1, n):
                hand.give(seat, bot.choose_pass(hand.observe(seat)))
            self.deals.append(hand)
        seen = Hand.from_cards(rules, [cards] + [CardSet(rest[size * k:size * (k + 1)])
                                                 for k in range(n - 1)], number=number).observe(0)
        #: the cards the candidate passes are made of
        self.pool = CardSet(dangerous_cards(seen, PASS_POOL))
        self._means: dict[int, float] = {}

    def mean(self, passed: CardSet) -> float:
        """The learner's average points per hand after passing ``passed``."""
        key = passed.mask
        if key not in self._means:
            rules, n = self.rules, self.rules.players
            t = tables(rules)
            total = 0
            for deal in self.deals:
                hand = deal.copy()
                hand.give(0, passed)
                cards = [hand.cards(s).mask for s in range(n)]
                taken, won = [0] * n, [0] * n
                rule_playout(t, cards, taken, won, False, True, hand.to_move or 0, [],
                             rules.hand_size, 0)
                total += hand_points(rules, taken, won, [False] * n)[0]
            self._means[key] = total / len(self.deals)
        return self._means[key]

    def table(self) -> list[tuple[CardSet, float]]:
        """Every candidate pass from the pool with its average, the best first."""
        count = self.rules.pass_count
        rows = [(CardSet(c), self.mean(CardSet(c)))
                for c in itertools.combinations(sorted(self.pool), count)]
        return sorted(rows, key=lambda row: (row[1], row[0].mask))


_STUDIES: dict[tuple[str, int, str, int], PassStudy] = {}


def pass_study(rules: Rules, cards: CardSet, direction: str, deals: int = PASS_DEALS) -> PassStudy:
    """The cached `PassStudy` of one exercise."""
    key = (rules_to_text(rules), cards.mask, direction, deals)
    if key not in _STUDIES:
        if len(_STUDIES) > 64:
            _STUDIES.clear()
        _STUDIES[key] = PassStudy(rules, cards, direction, deals)
    return _STUDIES[key]




class ChoosePass(Question):
    """Which three cards do you pass? Judged by simulation against the medium computer player
    (see the module's docstring): every pass within ``margin`` points per hand of the best."""

    kind = "choose_pass"
    fields = ("cards", "direction", "margin")
    required = ("cards", "direction")
    form = CARDS
    example = (Text("QS AH KD", "QS AH KD"),)

    def __init__(self, params: Mapping[str, Any], rules: Rules) -> None:
        super().__init__(params, rules)
        if rules.pass_count == 0 or not rules.pass_cycle:
            raise ExerciseError(say("judgement.no_passing"))
        self.cards = cards_field(params["cards"], "cards")
        if len(self.cards) != rules.hand_size or self.cards.mask & ~rules.deck_mask:
            raise ExerciseError(say("judgement.pass_hand"), size=rules.hand_size,
                                n=len(self.cards), cards=str(self.cards))
        self.direction = params["direction"]
        if self.direction not in ("left", "right", "across") or \
                self.direction not in rules.pass_cycle:
            raise ExerciseError(say("judgement.direction"), value=shown(self.direction),
                                directions=", ".join(d for d in rules.pass_cycle if d != "none"))
        margin = params.get("margin", PASS_MARGIN)
        if not isinstance(margin, (int, float)) or isinstance(margin, bool) or not 0 <= margin <= 5:
            raise ExerciseError(say("judgement.margin"), value=shown(margin))
        self.margin = float(margin)
        self.count = rules.pass_count

    @property
    def study(self) -> PassStudy:
        """The simulated deals (computed on first use, then cached)."""
        return pass_study(self.rules, self.cards, self.direction)

    def accepted(self) -> list[tuple[CardSet, float]]:
        """The candidate passes within the margin of the best, with their averages."""
        table = self.study.table()
        best = table[0][1]
        return [row for row in table if row[1] <= best + self.margin + 1e-9]

    def solution(self) -> tuple[CardSet, ...]:
        return tuple(cards for cards, _ in self.accepted())

    def read(self, answer: Any) -> CardSet:
        cards = read_cards(answer)
        if len(cards) != self.count:
            raise AnswerError(say("judgement.pass_count"), count=self.count, n=len(cards))
        foreign = cards - self.cards
        if foreign:
            raise AnswerError(say("judgement.not_yours"), cards=_cards_text(foreign))
        return cards

    def to_json(self, value: Any) -> Any:
        if isinstance(value, tuple):
            value = value[0]
        return [str(c) for c in value.sorted_for_display()]

    def show(self, value: Any) -> Text:
        if isinstance(value, CardSet):
            return show(value)
        study = self.study
        parts = [(_cards_text(cards), _number(study.mean(cards))) for cards in value]
        return Text(" ya da ".join(f"{c} (tur başına {m.tr} puan)" for c, m in parts),
                    " or ".join(f"{c} ({m.en} points per hand)" for c, m in parts))

    def offered(self) -> list[Any]:
        return self.cards.sorted_for_display()

    def judge(self, given: CardSet) -> tuple[bool, list[Text]]:
        study = self.study
        mine = study.mean(given)
        best_cards, best = study.table()[0]
        if mine < best:
            best_cards, best = given, mine
        right = mine <= best + self.margin + 1e-9
        deals, margin = len(study.deals), _number(self.margin)
        m, b = _number(mine), _number(best)
        notes = [Text(f"Senin geçirmenle ({_cards_text(given)}) tur başına ortalama {m.tr} ceza "
                      f"puanı alıyorsun ({deals} dağıtımda).",
                      f"With your pass ({_cards_text(given)}) you take {m.en} points per hand "
                      f"on average (over {deals} deals).")]
        if given == best_cards:
            notes.append(Text("Bulunan en iyi geçirme bu.", "That is the best pass found."))
        elif right:
            notes.append(Text(f"En iyi geçirme ({_cards_text(best_cards)}) tur başına {b.tr} "
                              f"puan getiriyor; seninki ondan en çok {margin.tr} puan kötü, bu "
                              "yüzden doğru sayılır.",
                              f"The best pass ({_cards_text(best_cards)}) gives {b.en} points "
                              f"per hand: yours is within {margin.en} point of it, so it counts "
                              "as right."))
        else:
            notes.append(Text(f"En iyi geçirmeyle tur başına {b.tr} puan alınıyor. En iyisinden en çok "
                              f"{margin.tr} puan kötü olan geçirmeler doğru sayılır.",
                              f"The best pass gives {b.en}. Passes at most {margin.en} point "
                              "worse than the best are accepted."))
        return right, notes

    def situation(self) -> list[Line]:
        direction = say(f"to_{self.direction}")
        target = self.rules.seat_towards(0, self.direction)
        n = self.rules.players
        to = (Text(f" ({seat_name(target, 'tr', n)})", f" ({seat_name(target, 'en', n)})")
              if target is not None else Text("", ""))
        method = Text("Elindeki kartlar aynı kalır, ötekilerin kartları "
                      f"{PASS_DEALS} kez rastgele dağıtılır; her geçirme bu dağıtımlarda oynanır "
                      "ve dört oyuncuyu da orta seviye bilgisayar oynar. En iyisinden en çok "
                      f"{_number(self.margin).tr} puan kötü olan her geçirme doğrudur.",
                      f"Each pass is played on {PASS_DEALS} random deals with these cards, all "
                      "four seats played by the medium computer player. Every pass at most "
                      f"{_number(self.margin).en} point worse than the best is right.")
        return [rules_line(self.rules),
                Line(Text("Geçirme yönü", "Passing"),
                     Text(direction.tr + to.tr, direction.en + to.en)),
                Line(say("your_cards"), show(self.cards), self.cards),
                Line(Text("Nasıl değerlendirilir", "How it is judged"), method)]


# -- choose_lead, choose_discard: the solver -------------------------------------------------------
class SolvedChoice(Question):
    """One card of seat 0 at a moment of play, judged by the double-dummy solver (searching at
    most `nodes` positions); a subclass checks its moment in `check_moment`."""

    fields: ClassVar[tuple[str, ...]] = ("position", "goal", "target")
    required: ClassVar[tuple[str, ...]] = ("position", "goal")
    form = CARD
    example = (Text("QS", "QS"),)
    moment: str = ""
    nodes: int = SOLVER_NODES

    def __init__(self, params: Mapping[str, Any], rules: Rules) -> None:
        super().__init__(params, rules)
        self.hand = position_field(params["position"], rules)
        if self.hand.to_move != 0:
            raise not_learners_turn(self.hand)
        self.check_moment()
        self.goal = params["goal"]
        if not isinstance(self.goal, str) or self.goal not in SOLVER_GOALS:
            raise ExerciseError(say("plain.goal"), value=shown(self.goal), goals=", ".join(SOLVER_GOALS))
        target = params.get("target")
        if target is not None and (self.goal != "stop_moon" or not is_whole(target)
                                   or not 0 < target < rules.players):
            raise ExerciseError(say("judgement.target"), last=rules.players - 1, value=shown(target))
        self.target: int | None = target
        try:
            self.solver = Solver(self.hand, self.goal, self.target, node_cap=self.nodes)
            self.proof: Solution = self.solver.solve()
        except SolverLimitError:
            raise ExerciseError(say("judgement.too_long")) from None
        except SolverError as exc:
            raise ExerciseError(say("judgement.solver_failed"), exc=exc) from None
        self.accepted = self.proof.accepted
        legal = self.hand.legal_plays()
        if not self.accepted:
            raise NoQuestionError(say("judgement.no_card"), goal=shown(self.goal))
        if self.accepted == legal:
            raise NoQuestionError(say("plain.every_card"), goal=shown(self.goal))

    def check_moment(self) -> None:
        """Refuse (`ExerciseError`) a position that is not this kind's moment."""
        raise NotImplementedError

    def solution(self) -> CardSet:
        return self.accepted

    def read(self, answer: Any) -> Card:
        return read_card(answer)

    def to_json(self, value: Any) -> Any:
        return str(value) if isinstance(value, Card) else [str(c) for c in value]

    def model_answer(self) -> Any:
        return str(self.accepted.sorted_for_display()[0])

    def show(self, value: Any) -> Text:
        if isinstance(value, Card):
            return show(value)
        cards = [c.symbol for c in value.sorted_for_display()]
        return Text(" ya da ".join(cards), " or ".join(cards))

    def offered(self) -> list[Any]:
        return self.hand.cards(0).sorted_for_display()

    def value_of(self, card: Card) -> int:
        """The solver's value of ``card``'s choice (points for fewest_points, else 1/0)."""
        return next(v for c, v in zip(self.proof.choices, self.proof.values) if card in c)

    def line_text(self, card: Card) -> Text:
        """``card`` played out against best play, trick by trick, with who wins each."""
        n = self.hand.players
        hand = self.hand.copy()
        current = list(hand.current_trick.plays())
        parts: list[Text] = []
        for seat, played in self.solver.line(card):
            hand.play(played)
            current.append((seat, played))
            if not hand.current_trick.cards:
                last = hand.last_trick
                winner = last.winner if last is not None and last.winner is not None else 0
                plays = plays_text(current, n)
                parts.append(Text(f"{plays.tr} → sen alırsın", f"{plays.en} → you win")
                             if is_you(winner) else
                             Text(f"{plays.tr} → {seat_form(winner, 'tr', 'nom', n)} alır",
                                  f"{plays.en} → {seat_form(winner, 'en', 'nom', n)} wins"))
                current = []
        if current:
            parts.append(plays_text(current, n))
        return Text.join(parts, "; ")

    def judge(self, given: Card) -> tuple[bool, list[Text]]:
        verdict = self.hand.check(given)
        if not verdict:
            return False, [say("not_allowed", card=given, verdict=verdict)]
        right = given in self.accepted
        line = self.line_text(given)
        card = given.symbol
        notes: list[Text] = []
        if self.goal == "fewest_points":
            mine, best = self.value_of(given), self.proof.best
            notes.append(Text(f"{card} ile, ötekiler sana en çok puanı vermeye çalışınca turu "
                              f"{mine} puanla bitirirsin; en iyi kartla {best} puan.",
                              f"With {card}, against the others giving you the most, you end "
                              f"the hand with {mine} points; with the best card, {best}."))
        elif right:
            notes.append(Text(f"{card} ile, ötekiler ne oynarsa oynasın hedefe ulaşırsın.",
                              f"{card} reaches the goal whatever the others play."))
        else:
            notes.append(Text(f"{card} ile hedefe ulaşmak garanti değil: ötekiler şöyle "
                              "oynarsa ulaşamazsın.", f"{card} does not make sure of the goal: "
                              "if the others play like this, you miss it."))
        notes.append(Text(f"Oynanış: {line.tr}.", f"Play: {line.en}."))
        return right, notes

    def situation(self) -> list[Line]:
        goal = say(f"goals.{self.goal}")
        if self.target is not None:
            n = self.hand.players
            goal = (Text(f"{goal.tr} (Bütün ceza kartlarını sen topluyorsun.)",
                         f"{goal.en} (You are collecting every penalty card.)")
                    if is_you(self.target) else
                    Text(f"{goal.tr} ({seat_form(self.target, 'tr', 'nom', n)} bütün ceza "
                         "kartlarını topluyor.)",
                         f"{goal.en} ({seat_form(self.target, 'en', 'nom', n)} is collecting "
                         "every penalty card.)"))
        return play_lines(self.hand, others=True) + [Line(say("goal"), goal)]


class ChooseLead(SolvedChoice):
    """Which card do you lead? Seat 0 leads; the solver's accepted cards reach the goal."""

    kind = "choose_lead"
    moment = "lead"

    def check_moment(self) -> None:
        if self.hand.current_trick.cards:
            raise ExerciseError(say("judgement.lead"))


class ChooseDiscard(SolvedChoice):
    """Which card do you discard? Seat 0 cannot follow the suit led; the solver judges."""

    kind = "choose_discard"
    moment = "discard"

    def check_moment(self) -> None:
        trick = self.hand.current_trick.cards
        if not trick or self.hand.cards(0).of_suit(trick[0].suit):
            raise ExerciseError(say("judgement.discard"))


# The learner's unreadable passes, then the errors of a judged question's fields, for the
# teacher who writes the set.
catalogue("judgement", {
    "pass_count": ("Tam {count} kart seç; {n} kart verdin.",
                   "Choose exactly {count} cards; you gave {n}."),
    "not_yours": ("{cards} senin kartların arasında yok: yalnızca elindeki kartları "
                  "geçirebilirsin.", "{cards} is not among your cards: you can only pass cards "
                  "you hold."),
    "never_pass": ("bu kurallarda {value} yönüne kart geçirilmez: şunlardan birini kullanın: "
                   "{directions}", "these rules never pass {value}: use {directions}"),
    "no_passing": ("bu kurallarda kart geçirme yok: choose_pass'in soracağı bir şey yok",
                   "these rules have no passing: choose_pass asks nothing"),
    "pass_hand": ("cards bu kurallarda bir oyuncunun {size} kartı olmalı; {n} kart verilmiş: "
                  "{cards}", "cards must be the {size} cards of one hand of these rules, "
                  "not {n} card(s) {cards}"),
    "direction": ("direction bu kuralların geçirme yönlerinden biri olmalı ({directions}), "
                  "{value} değil", "direction must be one of these rules' pass directions "
                  "({directions}), not {value}"),
    "margin": ("margin tur başına 0 ile 5 arası bir puan olmalı, {value} değil",
               "margin must be a number of points per hand from 0 to 5, not {value}"),
    "target": ("target yalnızca stop_moon hedefiyle verilir ve başka bir oyuncudur (1 ile "
               "{last} arası), {value} değil", "target goes with goal stop_moon and is another "
               "seat (1 to {last}), not {value}"),
    "too_long": ("çözücü bu pozisyon için çok uzun sürüyor: turun daha ileri bir anını alın "
                 "(daha az kart kalmış olsun)", "the solver needs too long for this position: "
                 "take a later moment of the hand (fewer cards left)"),
    "solver_failed": ("çözücü bu pozisyonu değerlendiremiyor: {exc}",
                      "the solver cannot judge this position: {exc}"),
    "no_card": ("bu pozisyonda hiçbir kart {goal} hedefine ulaşmıyor",
                "no card reaches the goal {goal} in this position"),
    "lead": ("choose_lead, eli 0 numaralı oyuncunun açtığı bir pozisyon ister (elde henüz kart "
             "oynanmamış olmalı)", "choose_lead needs a position where seat 0 leads the trick "
             "(no card of it played yet)"),
    "discard": ("choose_discard, 0 numaralı oyuncunun açılan rengi takip edemediği bir pozisyon "
                "ister", "choose_discard needs a position where seat 0 cannot follow the suit led"),
}, scoped=True)
