"""Lesson 6 (scoring): a hand's points, a whole game, the standings.

>>> sum(scored_hand().points())
26
>>> [signed(v) for v in standings(SHARED)]
['0', '0', '0', '−1']
"""
from __future__ import annotations

from typing import Any

from maca import Game, Hand, Rules, render
from maca.bots import CautiousBot, play_out
from maca.lessonkit import HTML, Markdown, QuickCheck, quick_check
from maca.scoring import standings
from maca.words import catalogue, say, seat_name, signed

RULES = Rules.preset("standard")
#: the totals of the standings table
EXAMPLES = ((40, 75, 90, 104), (55, 55, 80, 101), (35, 60, 100, 100), (50, 50, 100, 100))
#: the totals of the standings quick check: two players share the lowest
SHARED = (55, 55, 80, 101)

catalogue("lesson06", {
    "hand total": ("Puanların toplamı: **{total}**; maça kızı {queen}, her kupa {heart} puan.",
                   "The points add up to **{total}**: the queen of spades is worth {queen}, each "
                   "heart {heart}."),
    "game over": ("Oyun {hands}. turun sonunda bitti: {reached} hedefe ({target}) ulaştı. "
                  "Kazanan: **{winners}**.",
                  "The game ended after hand {hands}: {reached} reached the target ({target}). "
                  "Winner: **{winners}**."),
    "standings head": ("| toplamlar (Güney, Batı, Kuzey, Doğu) | sıralama puanları |",
                       "| totals (South, West, North, East) | standings |"),
    "points question": ("Bu turda {seat} kaç ceza puanı aldı?",
                        "How many penalty points did {seat} take in this hand?"),
    "points": ("{seat} bu turda {points} puan aldı.", "{seat} took {points} points in this hand."),
    "winner question": ("Bir oyun bitti. Toplamlar: {totals}. Kim kazandı?",
                        "A game is over. The totals: {totals}. Who won?"),
    "winner": ("En az puan {lowest}: kazanan {winners}.",
               "The lowest total is {lowest}: the winner is {winners}."),
    "standing question": ("Toplamlar: Güney {south}, Batı {west}, Kuzey {north}, Doğu {east}. "
                          "Güney'in sıralama puanı kaç?",
                          "The totals are South {south}, West {west}, North {north}, East "
                          "{east}. What is South's standing?"),
    "standing": ("Güney'in sıralama puanı {value}.", "South's standing is {value}."),
    "shared": (" En düşük toplam birden fazla oyuncuda: birinciliği paylaşıyorlar.",
               " Several players share the lowest total, so they share first place."),
}, scoped=True)


def bots() -> list[CautiousBot]:
    """A cautious computer player for each seat."""
    return [CautiousBot() for _ in range(RULES.players)]


def played_game(seed: int, rules: Rules = RULES) -> Game:
    """A whole game played by computer players, to its end."""
    game = Game(rules, seed=seed)
    while True:
        play_out(game.hand, bots())
        if game.is_over:
            return game
        game.next_hand()


def played_hand(seed: int) -> Hand:
    """Hand 4 (no passing) of deal ``seed``, played to the end by computer players."""
    hand = Hand.deal(RULES, seed=seed, number=4)
    play_out(hand, bots())
    return hand


def scored_hand() -> Hand:
    """The first played hand (from seed 40) without a moon."""
    return next(h for h in map(played_hand, range(40, 200)) if not h.moon_shooters)


def hand_points(lang: str) -> list[Any]:
    """The cards each seat took in a hand, the hand's scores and their total."""
    hand = scored_hand()
    return ([HTML(render.taken_html(hand.taken(seat), RULES, seat=seat, size=44, lang=lang))
             for seat in range(hand.players)]
            + [HTML(render.hand_scores_html(hand, lang=lang)),
               Markdown(say("lesson06.hand total").say(lang, total=sum(hand.points()),
                            queen=RULES.value_of("QS"), heart=RULES.value_of("2H")))])


def _names(seats: Any, lang: str) -> str:
    return ", ".join(seat_name(s, lang) for s in seats)


def whole_game(lang: str) -> list[Any]:
    """A whole game's scores, who reached the target and who won."""
    game = played_game(seed=4)
    reached = [s for s, t in enumerate(game.totals) if t >= RULES.target]
    return [HTML(render.game_scores_html(game, lang=lang)),
            Markdown(say("lesson06.game over").say(lang, hands=len(game.hands),
                         reached=_names(reached, lang), target=RULES.target,
                         winners=_names(game.winners, lang)))]


def standings_table(lang: str) -> Markdown:
    """The standings of `EXAMPLES`."""
    rows = [say("lesson06.standings head").say(lang), "|---|---|"]
    for totals in EXAMPLES:
        rows.append(f"| {', '.join(map(str, totals))} | "
                    f"{', '.join(signed(v) for v in standings(totals))} |")
    return Markdown("\n".join(rows))


def check_points(lang: str) -> list[Any]:
    """Quick check: how many penalty points West took in a hand."""
    quiz = next(h for h in map(played_hand, range(300, 500))
                if not h.moon_shooters and h.points()[1] > 0)
    points = quiz.points()[1]
    west = seat_name(1, lang)
    return [HTML(render.taken_html(quiz.taken(1), RULES, seat=1, size=44, lang=lang)),
            quick_check(say("lesson06.points question").say(lang, seat=west),
                        [(str(n), n) for n in sorted({points, points + 1, max(0, points - 1),
                                                      points + RULES.value_of("QS")})],
                        lambda n: (n == points, say("lesson06.points").say(lang, seat=west,
                                                    points=points)), lang=lang)]


def check_winner(lang: str) -> QuickCheck:
    """Quick check: who won a whole game?"""
    final = played_game(seed=7)
    totals = ", ".join(f"{seat_name(s, lang)} {t}" for s, t in enumerate(final.totals))
    return quick_check(
        say("lesson06.winner question").say(lang, totals=totals),
        [(seat_name(s, lang), s) for s in range(RULES.players)],
        lambda seat: (seat in final.winners,
                      say("lesson06.winner").say(lang, lowest=min(final.totals),
                          winners=_names(final.winners, lang))), lang=lang)


def check_standing(lang: str) -> QuickCheck:
    """Quick check: South's standing when two players share the lowest total."""
    result = standings(SHARED)[0]
    return quick_check(
        say("lesson06.standing question").say(lang, **dict(zip(("south", "west", "north", "east"),
                                                         SHARED))),
        [("+1", 1), ("0", 0), ("−1", -1)],
        lambda value: (value == result, say("lesson06.standing").say(lang, value=signed(result))
                       + (say("lesson06.shared").say(lang) if SHARED.count(min(SHARED)) > 1 else "")),
        lang=lang)
