"""Exercises made from a seed: random but sensible positions that exercise one rule (a theme).

Positions come from random deals played on by random players (`RandomBot`, drawing from the
generator's ``random.Random``); a theme is a test the
engine answers (for instance "some card in your hand is refused because you must follow suit").
The same ``random.Random`` state gives the same exercise.

>>> import random
>>> from maca import Rules
>>> g = generate("legal_cards", "follow_suit", Rules.preset("standard"), random.Random(1))
>>> g.question.kind, g.prompt.en
('legal_cards', 'It is your turn. Which cards may you play? Choose all of them.')
>>> g.fields == generate("legal_cards", "follow_suit", Rules.preset("standard"), random.Random(1)).fields
True
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from ..bots import DuckingBot, RandomBot, play_out, play_turn
from ..cards import QS, Card, CardSet, Suit
from ..errors import shown
from ..hand import Hand
from ..reasons import Reason, seat_name
from ..rules import Rules
from .kinds import (TRICK_GOALS, ChooseDiscard, ChooseLead, ChoosePass, GameWinner, HandScore,
                    LegalCards, MoonPossible, NoQuestionError, Outcome, PassDirection, PlayGoal,
                    Question, TrickWinner)
from ..words import Text, catalogue, say
from .text import ExerciseError

__all__ = ["THEMES", "Generated", "generate", "resolve_theme", "GenerationError"]

_DEALS = 400  # random deals tried before a theme is declared impossible under the rules


class GenerationError(ExerciseError):
    """No position for this theme was found (or the kind or theme does not fit the rules)."""


@dataclass(frozen=True)
class Generated:
    """A generated question with its exercise-file fields, prompt and hints."""

    question: Question
    fields: dict[str, Any]
    prompt: Text
    hints: tuple[Text, ...]


# -- random positions -------------------------------------------------------------------------
def _fresh_hand(rules: Rules, rng: random.Random, void: Suit | None = None) -> Hand:
    """A random deal, passed with random cards. With ``void``, seat 0 is dealt no card of that
    suit: its cards of the suit are swapped with random cards of the other seats."""
    hand = Hand.deal(rules, number=rng.randint(1, 4), dealer=rng.randrange(rules.players), rng=rng)
    if void is not None:
        dealt = [hand.cards(s) for s in range(rules.players)]
        for card in dealt[0].of_suit(void):
            seat = rng.randrange(1, rules.players)
            other = rng.choice([c for c in dealt[seat] if c.suit != void])
            dealt[0], dealt[seat] = dealt[0] - [card] | [other], dealt[seat] - [other] | [card]
        hand = Hand.from_cards(rules, dealt, number=hand.number, dealer=hand.dealer)
    if hand.phase == "pass":
        player = RandomBot(rng)
        for seat in range(rules.players):
            hand.give(seat, player.choose_pass(hand.observe(seat)))
    return hand


def _moments(rules: Rules, rng: random.Random, from_trick: int = 1,
             void: Suit | None = None) -> Iterator[Hand]:
    """Moments of random playouts from trick ``from_trick`` on (the same live hand, moved on)."""
    player = RandomBot(rng)
    for _ in range(_DEALS):
        hand = _fresh_hand(rules, rng, void)
        while not hand.is_over:
            if hand.trick_number >= from_trick:
                yield hand
            play_turn(hand, player)


def _refusals(hand: Hand) -> set[Reason]:
    """Why the engine refuses the learner's cards that it refuses."""
    return {hand.check(c).reason for c in hand.cards(0) - hand.legal_plays()}


def _later_seats(hand: Hand) -> list[int]:
    trick = hand.current_trick
    return [(trick.leader + k) % hand.players for k in range(len(trick.cards) + 1, hand.players)]


# -- texts ------------------------------------------------------------------------------------
_LEGAL_PROMPT = Text("Sıra sende. Hangi kartları oynayabilirsin? Oynayabileceğin kartların "
                     "hepsini seç.", "It is your turn. Which cards may you play? Choose all of them.")
_LEGAL_HINTS = {
    "follow_suit": Text("Yerdeki elin ilk kartına bak: o renkten kartın var mı?",
                        "Look at the first card of the trick: do you hold that suit?"),
    "discard": Text("Açılan renkten kartın yok. O zaman hangi kartları oynayabilirsin?",
                    "You hold no card of the suit led. What may you play then?"),
    "first_trick": Text("Bu turun ilk eli. İlk elde ceza puanı verilebilir mi?",
                        "This is the first trick of the hand. May points be given on it?"),
    "opening_lead": Text("Bu turun ilk elini sen açıyorsun. İlk el hangi kartla açılabilir?",
                         "You lead the first trick of the hand. Which cards may open it?"),
    "hearts_unbroken": Text("Kupalar kırıldı mı? Kırılmadıysa kupa açabilir misin?",
                            "Are hearts broken? If not, may you lead a heart?"),
    "turkish_discard": Text("Renge uyamıyorsun. Türk kurallarında önce hangi kartı atmak "
                            "zorundasın?", "You cannot follow suit. Under the Turkish rules, "
                            "which card must go first?"),
}
catalogue("hint_legal", _LEGAL_HINTS, scoped=True)


def _legal_hint(theme: str, hand: Hand) -> Text:
    """The theme's hint, said about this position (so generated exercises differ)."""
    trick = hand.current_trick.cards
    if theme == "follow_suit" and trick:
        return Text(f"Bu el {trick[0].symbol} ile açıldı: elinde bu renkten kart var mı?",
                    f"This trick was led with {trick[0].symbol}: do you hold that suit?")
    if theme == "discard" and trick:
        return Text(f"{trick[0].symbol} açıldı ve sende o renkten kart yok. O zaman hangi "
                    "kartları oynayabilirsin?", f"{trick[0].symbol} was led and you hold none "
                    "of that suit. What may you play then?")
    if theme == "hearts_unbroken":
        return Text(f"{hand.trick_number}. eli sen açıyorsun. Kupalar kırıldı mı? Kırılmadıysa "
                    "kupa açabilir misin?", f"You lead trick {hand.trick_number}. Are hearts "
                    "broken? If not, may you lead a heart?")
    return say(f"hint_legal.{theme}")


_GOAL_HINTS = {
    "win": Text("Senden sonra oynayacakların kartlarına bak: açılan renkten hangi büyük kartlar "
                "onlarda?", "Look at the cards of the players after you: which high cards of "
                "the suit led do they hold?"),
    "lose": Text("Yerdeki en büyük karttan küçük bir kart yeter mi? Senden sonrakileri de düşün.",
                 "Is a card lower than the highest one on the table enough? Think about the "
                 "players after you too."),
    "avoid_card": Text("Maça kızı yerde mi, yoksa senden sonra oynayacak birinde mi? Eli kim "
                       "alabilir?", "Is the queen of spades on the table or with a player after "
                       "you? Who can win the trick?"),
    "no_points": Text("Yerde ceza puanı var mı? Senden sonrakiler renge uyamazsa ne atabilir?",
                      "Are there points on the table? If the players after you cannot follow "
                      "suit, what can they discard?"),
}
_GOAL_HINTS["win_cheaply"] = _GOAL_HINTS["win"]
_GOAL_HINTS["lose_high"] = _GOAL_HINTS["lose"]
catalogue("hint_goal", _GOAL_HINTS, scoped=True)


def _seat_order(players: int) -> Text:
    return Text(", ".join(seat_name(s, "tr", players).split(" (")[0] for s in range(players)),
                ", ".join(seat_name(s, "en", players).split(" (")[0] for s in range(players)))


def _values_hint(rules: Rules) -> Text:
    """The card values of these rules, read from the rules."""
    special = [c for c in CardSet(rules.deck_mask)
               if rules.value_of(c) and not (c.suit == Suit.HEARTS and rules.value_of(c) == 1)]
    extra = ", ".join(f"{c.symbol}: {rules.value_of(c)}" for c in sorted(special, reverse=True))
    return Text(f"Her kupa 1 puan; ayrıca {extra}.", f"Each heart is 1 point; also {extra}.")


_MOON_HINT = Text("Kafa atmak için bütün ceza kartlarını almak gerekir. Başka biri bir tane bile "
                  "aldı mı?", "To shoot the moon you must take every penalty card. Has anyone "
                  "else taken even one?")


#: The engine's refusals a legal-cards theme must show (the rule it exercises).
THEME_REASONS: dict[str, set[Reason]] = {
    "follow_suit": {Reason.MUST_FOLLOW_SUIT},
    "first_trick": {Reason.NO_POINTS_FIRST_TRICK, Reason.NO_HEARTS_FIRST_TRICK},
    "opening_lead": {Reason.MUST_LEAD_LOWEST_CLUB, Reason.NO_HEART_LEAD_FIRST_TRICK},
    "hearts_unbroken": {Reason.HEARTS_NOT_BROKEN},
    "turkish_discard": {Reason.MUST_DISCARD_QUEEN, Reason.MUST_DISCARD_ACE_OF_HEARTS,
                        Reason.MUST_DISCARD_KING_OF_HEARTS, Reason.MUST_DISCARD_HEART},
}


# -- the kinds --------------------------------------------------------------------------------
def _legal_cards(theme: str, rules: Rules, rng: random.Random) -> Generated:
    wanted = THEME_REASONS.get(theme, set())
    first = {"follow_suit": rng.randint(2, 9), "discard": rng.randint(3, 10),
             "hearts_unbroken": rng.randint(2, 5), "turkish_discard": rng.randint(1, 8)}.get(theme, 1)
    void = rules.lowest_club.suit if theme == "first_trick" else None
    for hand in _moments(rules, rng, first, void):
        if hand.to_move != 0:
            continue
        refused = _refusals(hand)
        if theme == "discard":
            fits = (bool(hand.current_trick.cards) and not refused and hand.trick_number > 1
                    and len({c.suit for c in hand.cards(0)}) >= 2)
        else:
            fits = bool(refused & wanted)
        if fits:
            fields = {"position": hand.position()}
            return Generated(LegalCards(fields, rules), fields, _LEGAL_PROMPT,
                             (_legal_hint(theme, hand),))
    raise GenerationError(say("generators.no_position"), kind="legal_cards", theme=shown(theme))


def _trick_winner(theme: str, rules: Rules, rng: random.Random) -> Generated:
    for hand in _moments(rules, rng, rng.randint(1, 8)):
        if hand.current_trick.cards:
            continue
        position, trial, player = hand.position(), hand.copy(), RandomBot(rng)
        for _ in range(rules.players):
            play_turn(trial, player)
        trick = trial.last_trick
        assert trick is not None and trick.winner is not None
        top, led = dict(trick.plays())[trick.winner], trick.cards[0].suit
        if theme == "discard":
            fits = any(c.suit != led and c.rank > top.rank for c in trick.cards)
        else:
            fits = all(c.suit == led for c in trick.cards) and trick.winner != trick.leader
        if fits:
            fields = {"position": position, "plays": " ".join(str(c) for c in trick.cards)}
            return Generated(TrickWinner(fields, rules), fields,
                             Text("Bu eli kim alır?", "Who wins this trick?"),
                             (Text("Hangi renk açıldı? Eli yalnızca o renkten bir kart alabilir.",
                                   "Which suit was led? Only a card of that suit can win."),))
    raise GenerationError(say("generators.no_position"), kind="trick_winner", theme=shown(theme))


def _pass_direction(theme: str, rules: Rules, rng: random.Random) -> Generated:
    number = rng.randint(1, 12)
    fields: dict[str, Any] = {"hand": number, "ask": theme}
    count = rules.pass_count
    nobody = Text("(Kart geçirilmiyorsa cevabın “kimse”.)", "(If there is no passing, the answer is “nobody”.)")
    if theme == "to":
        prompt = Text(f"Oyunun {number}. turundasın. Geçirdiğin {count} kart kime gider? {nobody.tr}",
                      f"This is hand {number} of the game. Who gets the {count} cards you pass? "
                      f"{nobody.en}")
    else:
        prompt = Text(f"Oyunun {number}. turundasın. Kimin geçirdiği kartlar sana gelir? {nobody.tr}",
                      f"This is hand {number} of the game. Whose passed cards do you receive? "
                      f"{nobody.en}")
    cycle = len(rules.pass_cycle)
    if not cycle or not count:
        hint = Text("Bu kurallarda kart geçirilir mi?", "Do these rules have passing at all?")
    else:
        hint = Text(f"Geçirme yönü her turda değişir ve {cycle} turda bir başa döner: "
                    f"{number}. tur bu sırada hangi adıma denk gelir?",
                    f"The passing direction changes every hand and starts again every {cycle} "
                    f"hands: which step of the cycle is hand {number}?")
    return Generated(PassDirection(fields, rules), fields, prompt, (hint,))


def _score_piles(rules: Rules, rng: random.Random, near: bool) -> dict[str, Any]:
    """The ``taken`` and ``tricks`` fields of a hand where one seat took every card the moon
    needs, or all but one (given to a seat that stops the moon: in partnerships, not the
    partner)."""
    n = rules.players
    shooter = rng.randrange(n)
    moon = list(CardSet(rules.moon_mask))
    lost = moon.pop(rng.randrange(len(moon))) if near else None
    others = [s for s in range(n) if s != shooter]
    rng.shuffle(others)
    for other in others:
        piles = [CardSet() for _ in range(n)]
        piles[shooter] = CardSet(moon)
        if lost is not None:
            piles[other] = CardSet([lost])
        counts = [-(-len(p) // n) for p in piles]
        for _ in range(rules.hand_size - sum(counts)):
            counts[rng.randrange(n)] += 1
        if bool(Outcome.of_piles(rules, piles, counts).moon_shooters) != near:
            return {"taken": [str(p) for p in piles], "tricks": counts}
    raise GenerationError(say("generators.no_stopper"))


def _hand_score(theme: str, rules: Rules, rng: random.Random) -> Generated:
    if theme in ("moon", "near_moon"):
        fields = _score_piles(rules, rng, theme == "near_moon")
    else:
        hand = _fresh_hand(rules, rng)
        declarer = rng.randrange(rules.players) if theme == "peskir" else None
        if declarer is not None:
            hand.declare_peskir(declarer)
        players = [DuckingBot(rng, often=0.8) if seat == declarer else RandomBot(rng)
                   for seat in range(rules.players)]
        play_out(hand, players)
        fields = {"position": hand.position()}
    order = _seat_order(rules.players)
    prompt = Text(f"Tur bitti. Her oyuncu bu turdan kaç puan alır? Puanları {order.tr} "
                  "sırasıyla yaz.", "The hand is over. What does each player score for it? "
                  f"Write the scores in the order {order.en}.")
    hints = (_values_hint(rules),
             Text("Biri bütün ceza kartlarını aldı mı? Aldıysa kafa atmıştır.",
                  "Did one player take every penalty card? Then that player shot the moon."))
    return Generated(HandScore(fields, rules), fields, prompt, hints)


def _game_winner(theme: str, rules: Rules, rng: random.Random) -> Generated:
    n, target = rules.players, rules.target
    while True:
        totals = [rng.randrange(0, target) for _ in range(n)]
        for seat in rng.sample(range(n), rng.choice((1, 1, 2))):
            totals[seat] = rng.randint(target, target + 25)
        if rng.random() < 0.3:      # a shared first place
            low = totals.index(min(totals))
            totals[(low + rng.randrange(1, n)) % n] = totals[low]
        elif rng.random() < 0.3:    # a shared last place
            high = totals.index(max(totals))
            totals[(high + rng.randrange(1, n)) % n] = totals[high]
        fields = {"totals": totals}
        try:
            question = GameWinner(fields, rules)
        except NoQuestionError:     # not over (a partnership's team total is short): again
            continue
        prompt = Text("Oyun bitti. Kim kazandı ve her oyuncunun sıralama puanı (+1, 0, −1) ne?",
                      "The game is over. Who won, and what is each player's standing "
                      "(+1, 0, −1)?")
        hints = (Text("En düşük toplam kazanır.", "The lowest total wins."),
                 Text("Tek başına birinci olan +1, sonuncu(lar) −1, öteki herkes 0 alır.",
                      "A sole winner gets +1, the last place(s) −1, everyone else 0."))
        return Generated(question, fields, prompt, hints)


def _moon_possible(theme: str, rules: Rules, rng: random.Random) -> Generated:
    want = rng.random() < 0.5
    penalty, bonus = CardSet(rules.penalty_mask), rules.bonus_card
    for hand in _moments(rules, rng, rng.randint(3, 10)):
        if hand.current_trick.cards:
            continue
        taken = [hand.taken(s) for s in range(rules.players)]
        for seat in rng.sample(range(rules.players), rules.players):
            if not taken[seat] & penalty:
                continue
            others = CardSet([c for s, t in enumerate(taken) if s != seat for c in t])
            if theme == "bonus" and not (bonus and any(bonus in t for t in taken)
                                         and not others & penalty):
                continue
            fields = {"position": hand.position(), "seat": seat}
            question = MoonPossible(fields, rules)
            if question.solution() != want and theme != "bonus":
                continue
            who = seat_name(seat, "tr", rules.players)
            prompt = (Text("Sen hâlâ kafa atabilir misin? Evet ya da hayır.",
                           "Can you still shoot the moon? Yes or no.") if seat == 0 else
                      Text(f"{who} hâlâ kafa atabilir mi? Evet ya da hayır.",
                           f"Can {seat_name(seat, 'en', rules.players)} still shoot the moon? "
                           "Yes or no."))
            hints = [_MOON_HINT]
            if rules.moon_needs_bonus and bonus is not None:
                hints.append(Text(f"Bu kurallarda kafa atmak için {bonus.symbol} de gerekir.",
                                  f"Under these rules the moon needs {bonus.symbol} too."))
            return Generated(question, fields, prompt, tuple(hints))
    raise GenerationError(say("generators.no_position"), kind="moon_possible", theme=shown(theme))


def _play_goal(theme: str, rules: Rules, rng: random.Random) -> Generated:
    goal = "avoid_card" if theme == "avoid_queen" else theme
    queen = QS
    for hand in _moments(rules, rng, rng.randint(2, 10)):
        trick = hand.current_trick
        if hand.to_move != 0 or not trick.cards:
            continue
        led = hand.cards(0).of_suit(trick.cards[0].suit)
        if theme == "avoid_queen" and not (queen in trick.cards or any(
                queen in hand.cards(s) for s in _later_seats(hand)) or queen in hand.cards(0)):
            continue
        if theme in ("win_cheaply", "lose_high") and len(led) < 2:
            continue
        fields: dict[str, Any] = {"position": hand.position(), "goal": goal}
        if goal == "avoid_card":
            fields["card"] = "QS"
        try:
            question = PlayGoal(fields, rules)
        except NoQuestionError:     # no card reaches the goal, or every card does
            continue
        text = question.goal_text()
        prompt = Text(f"Sıra sende. Hedefin: {text.tr} Hangi kartı oynarsın?",
                      f"Your turn. Your goal: {text.en} Which card do you play?")
        return Generated(question, fields, prompt, (say(f"hint_goal.{goal}"),))
    raise GenerationError(say("generators.no_position"), kind="play_goal", theme=shown(theme))


_PASS_HINTS = {
    "left": Text("Sola geçirdiğin kartlar Batı'ya gider; Batı senden sonra oynar. Hangi kartın "
                 "elinde kalması seni en çok korkutur?",
                 "Cards you pass left go to West, who plays after you. Which card would you "
                 "least like to keep?"),
    "right": Text("Sağa geçirince kartların Doğu'ya gider, sana da Batı'dan kart gelir. Maça "
                  "kızı sende ya da maça papazı, ası korumasızsa ne yaparsın?",
                  "Passing right, your cards go to East and West's come to you. What do you do "
                  "with the queen of spades, or an unguarded king or ace of spades?"),
    "across": Text("Karşıya geçirirken kısa bir rengi bitirmek işine yarar mı? Bir renkte hiç "
                   "kartın kalmazsa o renk açılınca ceza kartlarını atabilirsin.",
                   "Passing across: would emptying a short suit help? With no card of a suit "
                   "left, you can throw penalty cards when it is led."),
}
catalogue("hint_pass", _PASS_HINTS, scoped=True)


def _choose_pass(theme: str, rules: Rules, rng: random.Random) -> Generated:
    hand = Hand.deal(rules, number=1, rng=rng)
    fields: dict[str, Any] = {"cards": str(hand.cards(0)), "direction": theme}
    question = ChoosePass(fields, rules)
    way = say(f"dir_{theme}")
    count = rules.pass_count
    prompt = Text(f"Bu turda kartlar {way.tr} geçiriliyor. Hangi {count} kartı geçirirsin?",
                  f"This hand passes {way.en}. Which {count} cards do you pass?")
    return Generated(question, fields, prompt, (say(f"hint_pass.{theme}"),))


_SOLVED_HINTS = {
    "avoid_queen": Text("Maça kızı kimde, o oyuncunun hangi renkte kartı kalmadı? Onun kızı "
                        "atabileceği bir eli sen alma.",
                        "Who holds the queen of spades, and which suit is that player out of? "
                        "Do not win a trick where the queen can be thrown on you."),
    "no_points": Text("Bütün kartlar açık: her rengi say. Hangi renkte senden büyük kart "
                      "oynamak zorunda kalan biri var?",
                      "Every hand is face up: count each suit. In which suit must someone "
                      "play a card above yours?"),
    "fewest_points": Text("Kalan ellerin hepsini düşün: şimdi bir eli almak, sonra daha pahalı "
                          "bir eli almaktan iyi olabilir.",
                          "Think of all the tricks left: taking one now may be better than a "
                          "dearer one later."),
}
catalogue("hint_solved", _SOLVED_HINTS, scoped=True)


def _solved(kind: str, theme: str, rules: Rules, rng: random.Random) -> Generated:
    maker = ChooseLead if kind == "choose_lead" else ChooseDiscard
    if kind == "choose_discard" and theme == "avoid_queen" and rules.discard_order == "turkish":
        raise GenerationError(say("generators.avoid_queen"))
    for hand in _moments(rules, rng, rules.hand_size - rng.randint(3, 5)):
        trick = hand.current_trick.cards
        if hand.to_move != 0 or len(hand.legal_plays()) < 2:
            continue
        if (kind == "choose_lead") == bool(trick):
            continue
        if trick and hand.cards(0).of_suit(trick[0].suit):
            continue
        fields: dict[str, Any] = {"position": hand.position(), "goal": theme}
        try:
            question = maker(fields, rules)
        except (NoQuestionError, ExerciseError):
            continue
        goal = say(f"goals.{theme}")
        if kind == "choose_lead":
            prompt = Text(f"Eli sen açıyorsun ve bütün kartlar açık. Hedefin: {goal.tr} Hangi "
                          "kartla açarsın?", f"You lead, every hand face up. Your goal: {goal.en} "
                          "Which card do you lead?")
        else:
            prompt = Text(f"Açılan renkten kartın yok ve bütün kartlar açık. Hedefin: {goal.tr} "
                          "Hangi kartı atarsın?", "You cannot follow suit, every hand face up. "
                          f"Your goal: {goal.en} Which card do you discard?")
        return Generated(question, fields, prompt, (say(f"hint_solved.{theme}"),))
    raise GenerationError(say("generators.no_position"), kind=kind, theme=shown(theme))


def _choose_lead(theme: str, rules: Rules, rng: random.Random) -> Generated:
    return _solved("choose_lead", theme, rules, rng)


def _choose_discard(theme: str, rules: Rules, rng: random.Random) -> Generated:
    return _solved("choose_discard", theme, rules, rng)


_Maker = Callable[[str, Rules, random.Random], Generated]
#: theme -> what its rules must allow (the text "generators.needs_<theme>" says it)
_NEEDS: dict[str, Callable[[Rules], bool]] = {
    "first_trick": lambda r: r.no_points_first_trick,
    "hearts_unbroken": lambda r: r.must_break_hearts,
    "turkish_discard": lambda r: r.discard_order == "turkish",
    "peskir": lambda r: r.peskir,
    "bonus": lambda r: r.moon_needs_bonus,
    "from": lambda r: bool(r.pass_cycle),
    "left": lambda r: "left" in r.pass_cycle and r.pass_count > 0,
    "right": lambda r: "right" in r.pass_cycle and r.pass_count > 0,
    "across": lambda r: "across" in r.pass_cycle and r.pass_count > 0,
}

#: kind -> (its themes, the first being the default; the function that makes one).
THEMES: dict[str, tuple[tuple[str, ...], _Maker]] = {
    "legal_cards": (("follow_suit", "discard", "first_trick", "opening_lead", "hearts_unbroken",
                     "turkish_discard"), _legal_cards),
    "trick_winner": (("discard", "follow"), _trick_winner),
    "pass_direction": (("to", "from"), _pass_direction),
    "hand_score": (("play", "moon", "near_moon", "peskir"), _hand_score),
    "game_winner": (("totals",), _game_winner),
    "moon_possible": (("any", "bonus"), _moon_possible),
    "play_goal": (tuple(g if g != "avoid_card" else "avoid_queen" for g in TRICK_GOALS), _play_goal),
    "choose_pass": (("left", "right", "across"), _choose_pass),
    "choose_lead": (("avoid_queen", "no_points", "fewest_points"), _choose_lead),
    "choose_discard": (("avoid_queen", "no_points", "fewest_points"), _choose_discard),
}


def resolve_theme(kind: Any, theme: Any, rules: Rules) -> str:
    """The theme to generate (``None``: the kind's first); `GenerationError` if it cannot be.

    >>> resolve_theme("hand_score", None, Rules.preset("standard"))
    'play'
    >>> resolve_theme("hand_score", "peskir", Rules.preset("standard"))
    Traceback (most recent call last):
    ...
    maca.exercises.generators.GenerationError: theme 'peskir' needs rules with peşkir
    """
    if not isinstance(kind, str) or kind not in THEMES:
        raise GenerationError(say("generators.kind"), value=shown(kind), kinds=", ".join(THEMES))
    themes = THEMES[kind][0]
    if theme is None:
        return themes[0]
    if not isinstance(theme, str) or theme not in themes:
        raise GenerationError(say("generators.theme"), value=shown(theme), kind=kind,
                              themes=", ".join(themes))
    if theme in _NEEDS and not _NEEDS[theme](rules):
        raise GenerationError(say(f"generators.needs_{theme}"), theme=shown(theme))
    return theme


def generate(kind: str, theme: str | None, rules: Rules, rng: random.Random) -> Generated:
    """One exercise of ``kind`` and ``theme`` (default: the kind's first theme)."""
    theme = resolve_theme(kind, theme, rules)
    return THEMES[kind][1](theme, rules, rng)


# Why an exercise cannot be generated, for the teacher who writes the set.
catalogue("generators", {
    "no_position": ("{theme} temalı bir {kind} pozisyonu bulunamadı",
                    "no {kind} position with theme {theme} was found"),
    "no_stopper": ("bu kafa atmayı durdurabilecek bir oyuncu yok", "no seat can stop this moon"),
    "avoid_queen": ("choose_discard sorusunun 'avoid_queen' teması Türk atma sırası olmayan "
                    "kurallar ister (orada rengi olmayan oyuncu önce Q♠ atmak zorundadır)",
                    "theme 'avoid_queen' of choose_discard needs rules without the Turkish "
                    "discard order (there a void player must throw Q♠ first)"),
    "kind": ("{value} türü üretilemez: şunlardan birini kullanın: {kinds}",
             "kind {value} cannot be generated: use {kinds}"),
    "theme": ("{value} bir {kind} teması değil: şunlardan birini kullanın: {themes}",
              "theme {value} is not a {kind} theme: use {themes}"),
    "needs_first_trick": ("{theme} teması ilk elde puan olmayan kurallar ister",
                          "theme {theme} needs rules with no points on the first trick"),
    "needs_hearts_unbroken": ("{theme} teması kupaların kırılması gereken kurallar ister",
                              "theme {theme} needs rules where hearts must be broken"),
    "needs_turkish_discard": ("{theme} teması Türk atma sırasını ister",
                              "theme {theme} needs the Turkish discard order"),
    "needs_peskir": ("{theme} teması peşkirli kurallar ister", "theme {theme} needs rules with peşkir"),
    "needs_bonus": ("{theme} teması kafa atmak için bir bonus kart gereken kurallar ister (omnibus)",
                    "theme {theme} needs rules whose moon needs a bonus card (omnibus)"),
    "needs_from": ("{theme} teması kart geçirilen kurallar ister",
                   "theme {theme} needs rules with passing"),
    "needs_left": ("{theme} teması sola kart geçirilen kurallar ister",
                   "theme {theme} needs rules that pass left"),
    "needs_right": ("{theme} teması sağa kart geçirilen kurallar ister",
                    "theme {theme} needs rules that pass right"),
    "needs_across": ("{theme} teması karşıya kart geçirilen kurallar ister",
                     "theme {theme} needs rules that pass across"),
}, scoped=True)
