"""The rule questions: one right answer, which the rules decide (legal cards, a card for a
goal, the trick's winner, the pass direction, a hand's score, the game's winner, whether the
moon can still be shot).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, Mapping

from ...cards import Card, CardSet
from ...errors import CardError, IllegalActionError, shown
from ...hand import Hand
from ...reasons import seat_name
from ...rules import Rules
from ...scoring import TEAMS, game_over, moon_possible, seat_standings, winners
from ...trick import Trick
from ...words import number, signed
from ..forms import CARD, CARDS, NUMBERS, SEAT, WINNERS, YES_NO
from ...words import Seat, Text, catalogue, say, show
from ..text import AnswerError, ExerciseError
from .goals import TRICK_GOALS
from .base import (Line, NoQuestionError, Outcome, Question, cards_field, is_whole,
                   play_lines, plays_text, position_field, read_card, read_cards, read_numbers,
                   read_seat, read_yes_no, require_answer, rules_line, seat_field, taken_lines)

__all__ = ["LegalCards", "PlayGoal", "TrickWinner", "PassDirection", "HandScore",
           "GameWinner", "MoonPossible", "not_learners_turn"]


class _PlayQuestion(Question):
    """A question about the learner (seat 0) choosing a card at a moment of play."""

    def __init__(self, params: Mapping[str, Any], rules: Rules) -> None:
        super().__init__(params, rules)
        self.hand = position_field(params["position"], rules)
        if self.hand.to_move != 0:
            raise not_learners_turn(self.hand)

    def read(self, answer: Any) -> Any:
        return read_cards(answer)

    def to_json(self, value: Any) -> Any:
        return [str(c) for c in value.sorted_for_display()]

    def offered(self) -> list[Any]:
        return self.hand.cards(0).sorted_for_display()


class LegalCards(_PlayQuestion):
    """Which cards may you play? The answer is the set of legal cards."""

    kind = "legal_cards"
    fields = ("position",)
    required = ("position",)
    form = CARDS
    example = (Text("QS 10H 2C", "QS 10H 2C"),)

    def solution(self) -> CardSet:
        return self.hand.legal_plays()

    def judge(self, given: CardSet) -> tuple[bool, list[Text]]:
        legal = self.solution()
        notes = [say("not_allowed", card=c, verdict=self.hand.check(c)) for c in given - legal]
        missed = legal - given
        if missed:
            notes.append(say("missed", count=len(missed)))
        return given == legal, notes

    def situation(self) -> list[Line]:
        return play_lines(self.hand)


def _completions(hand: Hand, left: int) -> Iterator[list[tuple[int, Card]]]:
    """Every way the rest of the current trick can be played (``left`` cards), as play lists."""
    if left == 0:
        yield []
        return
    seat = hand.to_move
    assert seat is not None  # the trick is not complete, so someone is to play
    mask = hand.legal_mask()
    while mask:
        low = mask & -mask
        mask ^= low
        hand.play_index(low.bit_length() - 1)
        for rest in _completions(hand, left - 1):
            yield [(seat, Card(low.bit_length() - 1))] + rest
        hand.undo()


@dataclass(frozen=True)
class _Outcome:
    """How the trick ends after a line of play."""

    line: tuple[tuple[int, Card], ...]
    winner: int
    points: int          # penalty points the learner gains in this trick
    took: CardSet        # the cards the learner takes in this trick


class PlayGoal(_PlayQuestion):
    """Which card reaches the goal? Every legal card is tried against every reply of the players
    still to play in this trick; the answer is each card that reaches the goal in all of them."""

    kind = "play_goal"
    fields = ("position", "goal", "card")
    required = ("position", "goal")
    form = CARD
    example = (Text("QS", "QS"),)

    def __init__(self, params: Mapping[str, Any], rules: Rules) -> None:
        super().__init__(params, rules)
        self.goal = params["goal"]
        if not isinstance(self.goal, str) or self.goal not in TRICK_GOALS:
            raise ExerciseError(say("plain.goal"), value=shown(self.goal), goals=", ".join(TRICK_GOALS))
        if ("card" in params) != (self.goal == "avoid_card"):
            raise ExerciseError(say("plain.avoid_card"))
        self.card: Card | None = None
        if "card" in params:
            cards = cards_field(params["card"], "card")
            if len(cards) != 1:
                raise ExerciseError(say("plain.one_card"), value=shown(params["card"]))
            self.card = next(iter(cards))
        self.outcomes = {c: self._outcomes(c) for c in self.hand.legal_plays()}
        self.reaching = CardSet([c for c, outs in self.outcomes.items()
                                 if all(map(self._meets, outs))])
        self.accepted = self._best(self.reaching)
        if not self.accepted:
            raise NoQuestionError(say("plain.no_legal_card"), goal=shown(self.goal))
        if self.accepted == self.hand.legal_plays():
            raise NoQuestionError(say("plain.every_card"), goal=shown(self.goal))

    def _outcomes(self, card: Card) -> list[_Outcome]:
        hand = self.hand.copy()
        before_points, before = hand.penalty_taken()[0], hand.taken(0)
        hand.play_index(card.index)
        out = []
        # each line is yielded with its cards played on ``hand`` (taken back afterwards)
        for line in _completions(hand, (-len(self.hand.current_trick.cards) - 1) % hand.players):
            trick = hand.last_trick
            assert trick is not None
            out.append(_Outcome(tuple(line), trick.winner or 0,
                                hand.penalty_taken()[0] - before_points, hand.taken(0) - before))
        return out

    def _meets(self, outcome: _Outcome) -> bool:
        if self.goal in ("win", "win_cheaply"):
            return outcome.winner == 0
        if self.goal in ("lose", "lose_high"):
            return outcome.winner != 0
        if self.goal == "avoid_card":
            return self.card not in outcome.took
        return outcome.points <= 0

    def _best(self, reaching: CardSet) -> CardSet:
        if not reaching or self.goal not in ("win_cheaply", "lose_high"):
            return reaching
        pick = min if self.goal == "win_cheaply" else max
        best = pick(c.rank for c in reaching)
        return CardSet([c for c in reaching if c.rank == best])

    def solution(self) -> CardSet:
        return self.accepted

    def read(self, answer: Any) -> Card:
        return read_card(answer)

    def to_json(self, value: Any) -> Any:
        return str(value) if isinstance(value, Card) else super().to_json(value)

    def model_answer(self) -> Any:
        return str(self.accepted.sorted_for_display()[0])

    def show(self, value: Any) -> Text:
        if isinstance(value, Card):
            return show(value)
        cards = [c.symbol for c in value.sorted_for_display()]
        return Text(" ya da ".join(cards), " or ".join(cards))

    def goal_text(self) -> Text:
        """The goal in words."""
        return say(f"goals.trick_{self.goal}", card=self.card.symbol if self.card else "")

    def judge(self, given: Card) -> tuple[bool, list[Text]]:
        verdict = self.hand.check(given)
        if not verdict:
            return False, [say("not_allowed", card=given, verdict=verdict)]
        if given in self.accepted:
            return True, [say("goal_ok", card=given)]
        if given in self.reaching:
            better = next(iter(self.accepted))
            why = say("goal_lower" if self.goal == "win_cheaply" else "goal_higher")
            return False, [say("goal_not_best", card=given, better=better, why=why)]
        failing = next(o for o in self.outcomes[given] if not self._meets(o))
        n = self.hand.players
        points = say("with_points", points=failing.points) if failing.points > 0 else Text("", "")
        winner = Seat(failing.winner, n)
        if not failing.line:
            return False, [say("goal_fails_now", card=given, winner=winner, points=points)]
        line = plays_text(failing.line, n)
        return False, [say("goal_fails", card=given, line=line, winner=winner, points=points)]

    def situation(self) -> list[Line]:
        return play_lines(self.hand, others=True) + [Line(say("goal"), self.goal_text())]


class TrickWinner(Question):
    """Who wins this trick? The position is played on with ``plays`` until the trick is complete."""

    kind = "trick_winner"
    fields = ("position", "plays")
    required = ("position", "plays")
    form = SEAT
    example = (Text("Batı", "West"),)

    def __init__(self, params: Mapping[str, Any], rules: Rules) -> None:
        super().__init__(params, rules)
        hand = position_field(params["position"], rules)
        plays = params["plays"]
        if not isinstance(plays, (str, list)):
            raise ExerciseError(say("plain.plays"), value=shown(plays))
        try:
            cards = [Card.parse(c) for c in
                     (plays.replace(",", " ").split() if isinstance(plays, str) else plays)]
        except CardError as exc:
            raise ExerciseError(say("within"), where="plays", exc=exc) from None
        if len(hand.current_trick.cards) + len(cards) != hand.players or hand.to_move is None:
            raise ExerciseError(say("plain.plays_count"),
                                needed=hand.players - len(hand.current_trick.cards), n=len(cards))
        for card in cards:
            try:
                hand.play(card)
            except IllegalActionError as exc:
                raise ExerciseError(say("within"), where=say("plain.cannot_play", card=card),
                                    exc=exc) from None
        trick = hand.last_trick
        assert trick is not None and trick.winner is not None
        self.trick = trick
        self.players = hand.players

    def solution(self) -> int:
        return self.trick.winner or 0

    def read(self, answer: Any) -> int:
        return read_seat(answer, self.players)

    def show(self, value: Any) -> Text:
        return show(Seat(value, self.players))

    def judge(self, given: int) -> tuple[bool, list[Text]]:
        winner = self.solution()
        plays = dict(self.trick.plays())
        top, led = plays[winner], self.trick.cards[0].suit
        if given != winner:
            card, seat = plays[given], Seat(given, self.players)
            return False, [say("off_suit" if card.suit != led else "beaten", card=card, seat=seat)]
        notes = [say("seat_wins", seat=Seat(winner, self.players), card=top)]
        off = CardSet([c for c in self.trick.cards if c.suit != led and c.rank > top.rank])
        if off:
            notes.append(say("off_suit_loses", cards=off))
        return True, notes

    def situation(self) -> list[Line]:
        unsettled = Trick(self.trick.leader, self.trick.cards, None, self.players)  # no winner shown
        return [rules_line(self.rules),
                Line(say("trick_cards"), plays_text(self.trick.plays(), self.players), unsettled)]


_DIRECTION_WORDS = {
    "left": "left", "sol": "left", "sola": "left", "soldaki": "left",
    "right": "right", "sağ": "right", "sağa": "right", "sağdaki": "right",
    "across": "across", "karşı": "across", "karşıya": "across", "karşıdaki": "across",
    "none": "none", "no pass": "none", "nobody": "none", "yok": "none", "kimse": "none",
    "hiç kimse": "none", "geçirilmez": "none", "-": "none",
}


class PassDirection(Question):
    """Where do your passed cards go (``ask = "to"``), or whose cards do you get (``"from"``)?
    The engine deals hand ``hand`` and does the passing; the answer is a seat, or None."""

    kind = "pass_direction"
    fields = ("hand", "ask", "seat")
    required = ("hand",)
    form = SEAT
    example = (Text("Doğu (ya da: kimse)", "East (or: nobody)"),)

    def __init__(self, params: Mapping[str, Any], rules: Rules) -> None:
        super().__init__(params, rules)
        number = params["hand"]
        if not is_whole(number) or number < 1:
            raise ExerciseError(say("plain.hand"), value=shown(number))
        self.number = number
        self.ask = params.get("ask", "to")
        if self.ask not in ("to", "from"):
            raise ExerciseError(say("plain.ask"), value=shown(self.ask))
        self.players = rules.players
        self.seat = seat_field(params, self.players)
        hand = Hand.deal(rules, seed=number, number=number)
        self.direction = hand.pass_direction
        self.target = (hand.pass_target(self.seat) if self.ask == "to"
                       else hand.pass_source(self.seat))

    def solution(self) -> int | None:
        return self.target

    def read(self, answer: Any) -> int | None:
        if isinstance(answer, str) and answer.strip().lower() in _DIRECTION_WORDS:
            word = _DIRECTION_WORDS[answer.strip().lower()]
            if word == "none":
                return None
            if word == "across" and self.players == 3:
                raise AnswerError(say("plain.no_across"))
            return self.rules.seat_towards(self.seat, word)
        require_answer(answer)
        return read_seat(answer, self.players)

    def to_json(self, value: Any) -> Any:
        return "none" if value is None else value

    def show(self, value: Any) -> Text:
        return Text("kimse", "nobody") if value is None else show(Seat(value, self.players))

    def offered(self) -> list[Any]:
        return [s for s in range(self.players) if s != self.seat] + ["none"]

    def judge(self, given: int | None) -> tuple[bool, list[Text]]:
        if self.target is None:
            note = say("no_pass", hand=self.number)
        elif given != self.target:
            note = say("passes_way", hand=self.number, direction=say(f"dir_{self.direction}"))
        else:
            note = say("passes_to" if self.ask == "to" else "passes_from", hand=self.number,
                       direction=say(f"dir_{self.direction}"),
                       seat=Seat(self.seat, self.players), target=Seat(self.target, self.players))
        return given == self.target, [note]

    def situation(self) -> list[Line]:
        return [rules_line(self.rules), Line(say("players"), show(self.players)),
                Line(say("hand_no"), show(self.number))]


class HandScore(Question):
    """What does each seat score for this hand? ``position`` is a finished hand, or ``taken``
    lists the cards each seat took (with ``tricks`` won and ``peskir`` declarers if they matter)."""

    kind = "hand_score"
    fields = ("position", "taken", "tricks", "peskir")
    form = NUMBERS
    example = (Text("0 26 26 26", "0 26 26 26"),)

    def __init__(self, params: Mapping[str, Any], rules: Rules) -> None:
        super().__init__(params, rules)
        if ("position" in params) == ("taken" in params):
            raise ExerciseError(say("plain.position_or_taken"))
        if "position" in params:
            if "tricks" in params or "peskir" in params:
                raise ExerciseError(say("plain.with_taken"))
            hand = position_field(params["position"], rules)
            if not hand.is_over:
                raise ExerciseError(say("plain.not_finished"))
            self.outcome = Outcome.of_hand(hand)
        else:
            taken = params["taken"]
            if not isinstance(taken, list):
                raise ExerciseError(say("plain.taken"), value=shown(taken))
            peskir = params.get("peskir", [])
            if not isinstance(peskir, list) or not all(
                    is_whole(s) and 0 <= s < rules.players for s in peskir):
                raise ExerciseError(say("plain.peskir"), last=rules.players - 1, value=shown(peskir))
            self.outcome = Outcome.of_piles(
                rules, [cards_field(t, f"taken[{i}]") for i, t in enumerate(taken)],
                params.get("tricks"), peskir)
        self.players = rules.players

    def solution(self) -> tuple[int, ...]:
        return self.outcome.points()

    def read(self, answer: Any) -> tuple[int, ...]:
        if isinstance(answer, Mapping):
            seats = {read_seat(k, self.players): v for k, v in answer.items()}
            answer = [seats.get(s) for s in range(self.players)]
            if None in answer:
                raise AnswerError(say("plain.every_score"))
        return read_numbers(answer, self.players, say("plain.points"))

    def to_json(self, value: Any) -> Any:
        return list(value)

    def show(self, value: Any) -> Text:
        return Text.join([say("seat_points", seat=Seat(s, self.players), points=number(p))
                          for s, p in enumerate(value)], ", ")

    def judge(self, given: tuple[int, ...]) -> tuple[bool, list[Text]]:
        points = self.solution()
        outcome, rules, n = self.outcome, self.rules, self.players
        right = tuple(given) == points
        notes = [say("wrong_for", seat=Seat(s, n), given=number(given[s]))
                 for s in range(n) if given[s] != points[s]]
        for seat, value in enumerate(outcome.penalty_taken()):
            cards = CardSet([c for c in outcome.taken[seat] if rules.value_of(c)])
            if cards:
                notes.append(say("card_points" if right else "point_cards", seat=Seat(seat, n),
                                 points=value, cards=cards))
        if outcome.moon_shooters:
            notes.append(say("moon_shot", seats=[Seat(s, n) for s in outcome.moon_shooters]))
        for seat in outcome.peskir:
            won = outcome.won[seat]
            change = rules.peskir_failure if won else rules.peskir_success
            key = ("peskir_lost" if won else "peskir_won") + ("" if right else "_fact")
            notes.append(say(key, seat=Seat(seat, n), tricks=won, points=signed(change)))
        return right, notes

    def situation(self) -> list[Line]:
        outcome, n = self.outcome, self.players
        lines = [rules_line(self.rules)]
        if outcome.peskir:
            lines.append(Line(say("peskir_declared"), show([Seat(s, n) for s in outcome.peskir])))
        return lines + taken_lines(outcome)


class GameWinner(Question):
    """Who wins the game, and the standings (+1 / 0 / −1 per seat), from the totals."""

    kind = "game_winner"
    fields = ("totals",)
    required = ("totals",)
    form = WINNERS
    example = (Text("Kuzey", "North"), Text("0 -1 1 0", "0 -1 1 0"))

    def __init__(self, params: Mapping[str, Any], rules: Rules) -> None:
        super().__init__(params, rules)
        totals = params["totals"]
        n = self.players = rules.players
        if (not isinstance(totals, list) or len(totals) != n
                or not all(is_whole(t) for t in totals)):
            raise ExerciseError(say("plain.totals"), n=n, value=shown(totals))
        self.totals = tuple(totals)
        if not game_over(rules, totals):
            raise NoQuestionError(say("plain.not_over"), target=rules.target)

    def solution(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return winners(self.rules, self.totals), seat_standings(self.rules, self.totals)

    def read(self, answer: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
        require_answer(answer)
        if isinstance(answer, Mapping) and set(answer) == {"winners", "standings"}:
            winners, standings = answer["winners"], answer["standings"]
        elif isinstance(answer, (list, tuple)) and len(answer) == 2:
            winners, standings = answer
        else:
            raise AnswerError(say("plain.two_things"),
                              example='{"winners": [2], "standings": [0, -1, 1, 0]}')
        if isinstance(winners, str):
            winners = winners.replace(",", " ").split() if winners.strip() else []
        if not isinstance(winners, (list, tuple)):
            winners = [winners]
        seats = tuple(sorted({read_seat(w, self.players) for w in winners}))
        values = read_numbers(standings, self.players, say("plain.standing_values"))
        if any(v not in (-1, 0, 1) for v in values):
            raise AnswerError(say("plain.standings"))
        return seats, values

    def to_json(self, value: Any) -> Any:
        return {"winners": list(value[0]), "standings": list(value[1])}

    def show(self, value: Any) -> Text:
        winners = show([Seat(s, self.players) for s in value[0]])
        values = ", ".join(signed(v) for v in value[1])
        return Text(f"kazanan: {winners.tr}; sıralama: {values}",
                    f"winners: {winners.en}; standings: {values}")

    def judge(self, given: Any) -> tuple[bool, list[Text]]:
        winners, standings = self.solution()
        n = self.players
        if given == (winners, standings):
            values = ", ".join(signed(v) for v in standings)
            return True, [say("winners_are", seats=[Seat(s, n) for s in winners]),
                          say("standings_are", values=values)]
        notes = [] if given[0] == winners else [say("winners_wrong")]
        off = [Seat(s, n) for s in range(n) if given[1][s] != standings[s]]
        if off:
            notes.append(say("standings_wrong", seats=off))
        return False, notes

    def situation(self) -> list[Line]:
        n = self.players
        totals = Text.join([Text(f"{seat_name(s, 'tr', n)} {number(t)}",
                                 f"{seat_name(s, 'en', n)} {number(t)}")
                            for s, t in enumerate(self.totals)], ", ")
        lines = [rules_line(self.rules),
                 Line(say("target"), say("target_value", target=self.rules.target)),
                 Line(say("totals"), totals)]
        if self.rules.partnership:
            lines.append(Line(say("teams"), say("teams_value")))
        return lines


class MoonPossible(Question):
    """Can ``seat`` still shoot the moon? Yes while, giving it every card nobody else has taken
    yet, the engine's scoring would count a moon for it."""

    kind = "moon_possible"
    fields = ("position", "seat")
    required = ("position",)
    form = YES_NO
    example = (Text("evet / hayır", "yes / no"),)

    def __init__(self, params: Mapping[str, Any], rules: Rules) -> None:
        super().__init__(params, rules)
        self.hand = position_field(params["position"], rules)
        if self.hand.is_over:
            raise ExerciseError(say("plain.over"))
        self.players = rules.players
        self.seat = seat_field(params, self.players)
        taken = [self.hand.taken(s).mask for s in range(self.players)]
        self.possible = moon_possible(rules, taken, self.seat)

    def solution(self) -> bool:
        return self.possible

    def read(self, answer: Any) -> bool:
        return read_yes_no(answer)

    def judge(self, given: bool) -> tuple[bool, list[Text]]:
        rules, n, seat = self.rules, self.players, Seat(self.seat, self.players)
        if rules.moon == "none":
            notes = [say("moon_off")]
        elif self.possible:
            notes = [say("moon_open", seat=seat)]
        else:
            partners = next((t for t in TEAMS if self.seat in t), ()) if rules.partnership else ()
            notes = []
            for other in range(n):
                cards = self.hand.taken(other) & CardSet(rules.moon_mask)
                if other != self.seat and other not in partners and cards:
                    notes.append(say("moon_closed", seat=seat, other=Seat(other, n), cards=cards))
                    bonus = rules.bonus_card
                    if bonus is not None and bonus in cards and rules.value_of(bonus) <= 0:
                        notes.append(say("moon_needs_bonus", card=bonus))
        return given == self.possible, notes

    def situation(self) -> list[Line]:
        return play_lines(self.hand, taken=True)

def not_learners_turn(hand: Hand) -> ExerciseError:
    """The error of a question whose position is not the learner's turn (seat 0 must play).

    >>> not_learners_turn(Hand.from_position("standard hand=4 cards=...AKQJT9876543/"
    ...     ".AKQJT98765432../..AKQJT98765432./AKQJT98765432... trick=0:2C")).message("tr")
    "bu pozisyonda sıra Batı'da (1); sıranın öğrencide (0 numaralı oyuncu) olması gerekir"
    """
    if hand.to_move is None:
        return ExerciseError(say("plain.nobody_to_play"))
    return ExerciseError(say("plain.to_play"), seat=Seat(hand.to_move, hand.players))


# The learner's unreadable answers, then the errors of an exercise file's fields, for the
# teacher who writes the set.
catalogue("plain", {
    "no_across": ("Üç kişide karşıya geçirme yoktur: sol, sağ ya da yok yaz.",
                  "Three players have no across: write left, right or none."),
    "every_score": ("Her oyuncunun puanını yaz.", "Write every player's score."),
    "points": ("puanlar", "points"),
    "two_things": ("İki şey yaz: kazananlar ve sıralama puanları, örneğin {example}.",
                   "Give two things: the winners and the standings, for example {example}."),
    "standing_values": ("+1, 0 ya da -1", "+1, 0 or -1"),
    "standings": ("Sıralama puanları yalnızca +1, 0 ya da -1 olabilir.",
                  "Standings are only +1, 0 or -1."),
    "to_play": ("bu pozisyonda sıra {seat:name_loc} ({seat:no}); sıranın öğrencide "
                "(0 numaralı oyuncu) olması gerekir",
                "in this position seat {seat:no} is to play; the learner (seat 0) must be"),
    "nobody_to_play": ("bu pozisyonda sıra kimsede değil; sıranın öğrencide (0 numaralı oyuncu) "
                       "olması gerekir",
                       "in this position nobody is to play; the learner (seat 0) must be"),
    "goal": ("{value} diye bir hedef yok: şunlardan birini kullanın: {goals}",
             "goal {value} is not known: use {goals}"),
    "avoid_card": ("card alanı yalnızca avoid_card hedefiyle verilir ve orada gereklidir",
                   "card is needed with goal avoid_card, and only there"),
    "one_card": ('card tek bir kart olmalı, örneğin "QS"; {value} değil',
                 'card must be one card, like "QS", not {value}'),
    "no_legal_card": ("bu pozisyonda hiçbir geçerli kart {goal} hedefine ulaşmıyor",
                      "no legal card reaches the goal {goal} in this position"),
    "every_card": ("her geçerli kart {goal} hedefine ulaşıyor: soru hiçbir şeyi sınamıyor; "
                   "pozisyonu ya da hedefi değiştirin",
                   "every legal card reaches the goal {goal}: the question tests nothing; "
                   "change the position or the goal"),
    "plays": ('plays oynanış sırasıyla kartlar olmalı, örneğin "JC QC" ya da ["JC", "QC"]; '
              '{value} değil',
              'plays must be cards in the order played, like "JC QC" or ["JC", "QC"], not {value}'),
    "plays_count": ("plays oynanan eli tamamlamalı: {needed} kart gerekiyor, plays'te {n} kart var",
                    "plays must complete the trick in play: it needs {needed} card(s), "
                    "plays has {n}"),
    "cannot_play": ("plays: {card} oynanamaz", "plays: {card} cannot be played"),
    "hand": ("hand bir tur numarası olmalı (1, 2, …), {value} değil",
             "hand must be a hand number (1, 2, …), not {value}"),
    "ask": ('ask "to" ya da "from" olmalı, {value} değil', 'ask must be "to" or "from", not {value}'),
    "position_or_taken": ("ya position (bitmiş bir tur) ya da taken (oyuncu başına kartlar) verin",
                          "give either position (a finished hand) or taken (cards per seat)"),
    "with_taken": ("tricks ve peskir, taken ile birlikte verilir; bir pozisyon bunları zaten içerir",
                   "tricks and peskir go with taken; a position holds them itself"),
    "not_finished": ("pozisyon bitmiş bir tur olmalı (bütün eller oynanmış)",
                     "the position must be a finished hand (every trick played)"),
    "taken": ("taken her oyuncunun aldığı kartların listesi olmalı, {value} değil",
              "taken must be a list with the cards each seat took, not {value}"),
    "peskir": ("peskir 0 ile {last} arası oyuncu numaralarının listesi olmalı, {value} değil",
               "peskir must be a list of seat numbers 0 to {last}, not {value}"),
    "totals": ("totals her oyuncu için bir tane olmak üzere {n} tam sayı olmalı, {value} değil",
               "totals must be {n} whole numbers, one per seat, not {value}"),
    "not_over": ("bu toplamlarda oyun bitmemiş: kimse {target} hedefine ulaşmıyor",
                 "the game is not over at these totals: nothing reaches the target {target}"),
    "over": ("pozisyon hâlâ oynanan bir tur olmalı", "the position must be a hand still being played"),
}, scoped=True)
