"""Lesson 9 (variants): the presets side by side, their example hands and games.

>>> [row.split(" | ")[0] for row in presets_table("en").text.splitlines()[2:4]]
['| standard', '| Omnibus']
>>> game_length(SHORT, seed=1) > 0
True
"""
from __future__ import annotations

from typing import Any

from maca import CardSet, Game, Hand, Rules, Suit, render
from maca.bots import CautiousBot, play_out
from maca.lessonkit import HTML, Markdown, QuickCheck, quick_check
from maca.scoring import hand_points, moon_shooters, penalty_points
from maca.words import catalogue, decimal, number, say, seat_name, seat_words
from maca.cards import card_list

STANDARD = Rules.preset("standard")
OMNIBUS = Rules.preset("omnibus")
THREE = Rules.preset("three_players")
PARTNERS = Rules.preset("partnership")
SHORT = STANDARD.replace(target=50)
NO_PASSING = STANDARD.replace(pass_cycle=())
PESKIR = STANDARD.replace(peskir=True)
HEARTS = CardSet(Suit.HEARTS.mask)
#: the variants of the table, each with its key in `TEXT`
VARIANTS = (("preset_standard", STANDARD), ("lesson09.omnibus", OMNIBUS),
            ("preset_three_players", THREE), ("preset_partnership", PARTNERS),
            ("lesson09.short", SHORT), ("lesson09.no passing", NO_PASSING))

catalogue("lesson09", {
    "omnibus": ("Omnibus", "Omnibus"),
    "short": ("50 puanlık", "50 points"),
    "no passing": ("geçirmesiz", "no passing"),
    "presets head": ("| tür | oyuncu | kişi başı kart | çıkarılan | geçirme döngüsü | hedef | "
                     "bonus kart |",
                     "| variant | players | cards each | removed | pass cycle | target | bonus "
                     "card |"),
    "omnibus moon": ("Güney bütün kupaları, maça kızını ve karo valesini aldı",
                     "South took every heart, the queen of spades and the jack of diamonds"),
    "omnibus jack": ("Güney bütün kupaları ve maça kızını aldı, karo valesini Batı aldı",
                     "South took every heart and the queen of spades; West took the jack of "
                     "diamonds"),
    "team caption": ("Güney bütün kupaları, Kuzey maça kızını aldı",
                     "South took every heart, North the queen of spades"),
    "team moon": ("Kafa atan takım: {team}. Puanlar: {points}.",
                  "The team that shot the moon: {team}. Points: {points}."),
    "lengths head": ("| hedef | ortalama tur sayısı | en kısa | en uzun |",
                     "| target | average number of hands | shortest | longest |"),
    "directions": ("Geçirmesiz oyunda ilk dört turun yönleri: {directions}.",
                   "Pass directions of the first four hands without passing: {directions}."),
    "omnibus question": ("Omnibus. Bir turda aldığın ceza ve bonus kartları: {cards}. Kaç puan "
                         "yazarsın?",
                         "Omnibus. The scoring cards you took in a hand: {cards}. What do you "
                         "score?"),
    "omnibus score": ("Üç kupa {hearts} puan, karo valesi {jack}: toplam {total}.",
                      "Three hearts make {hearts}, the jack of diamonds {jack}: {total} in all."),
    "removed question": ("Üç kişilik oyunda desteden hangi kart çıkarılır?",
                         "Which card is taken out of the deck for three players?"),
    "removed": ("{Card} çıkarılır; sinek 2'li destede kalır ve ilk eli o açar.",
                "The {card} is taken out; the two of clubs stays and leads the first trick."),
    "team question": ("Eşli oyun: Güney bütün kupaları, eşi Kuzey maça kızını aldı. Doğu kaç "
                      "puan yazar?",
                      "Partnerships: South took every heart, and North, South's partner, the "
                      "queen of spades. What does East score?"),
    "team shot": ("Güney ve Kuzey bütün ceza kartlarını aralarında topladı: takım kafa attı. "
                  "Güney ve Kuzey {ours}, Batı ve Doğu {theirs}'şar puan yazar.",
                  "South and North took every penalty card between them: their team shot the "
                  "moon. South and North score {ours}, West and East {theirs} each."),
    "east scores": ("Doğu {points} puan yazar.", "East scores {points}."),
}, scoped=True)
#: what each seat takes in the partnership example: South every heart, North the queen
TEAM_MOON = (HEARTS.mask, 0, CardSet.parse("QS").mask, 0)


def bots(rules: Rules) -> list[CautiousBot]:
    """A cautious computer player for each seat."""
    return [CautiousBot() for _ in range(rules.players)]


def peskir_hand(seed: int) -> Hand:
    """Hand 4 (no passing) of a standard game with peşkir allowed: North declares it."""
    hand = Hand.deal(PESKIR, seed=seed, number=4)
    hand.declare_peskir(2)
    play_out(hand, bots(PESKIR))
    return hand


def game_length(rules: Rules, seed: int) -> int:
    """How many hands a game lasts when computer players play it."""
    game = Game(rules, seed=seed)
    while True:
        play_out(game.hand, bots(rules))
        if game.is_over:
            return len(game.hands)
        game.next_hand()


def presets_table(lang: str) -> Markdown:
    """The variants side by side: players, cards, removed cards, passing, target, bonus."""
    rows = [say("lesson09.presets head").say(lang), "|---|---|---|---|---|---|---|"]
    for key, rules in VARIANTS:
        cycle = (", ".join(say(f"cycle_{d}").say(lang) for d in rules.pass_cycle)
                 or say("no_passing").say(lang))
        bonus = (f"{rules.bonus_card.symbol} ({number(rules.value_of(rules.bonus_card))})"
                 if rules.bonus_card else "—")
        removed = card_list(rules.removed) or "—"
        rows.append(f"| {say(key).say(lang)} | {rules.players} | {rules.hand_size} | "
                    f"{removed} | {cycle} | {rules.target} | {bonus} |")
    return Markdown("\n".join(rows))


def omnibus_scores(lang: str) -> list[HTML]:
    """Two Omnibus hands' scores: a moon with the jack of diamonds, and one without it."""
    moon = (HEARTS | CardSet.parse("QS JD")).mask
    examples = [("omnibus moon", [moon, 0, 0, 0]),
                ("omnibus jack", [(HEARTS | CardSet.parse("QS")).mask,
                                  CardSet.parse("JD").mask, 0, 0])]
    return [HTML(render.score_table_html(OMNIBUS, taken, caption=say(f"lesson09.{title}").say(lang),
                                         lang=lang))
            for title, taken in examples]


def three_players(lang: str) -> HTML:
    """A three-player deal."""
    return HTML(render.table_html(Hand.deal(THREE, seed=2, number=3), show_legal=False,
                                  size=52, lang=lang))


def team_points() -> tuple[int, ...]:
    """The partnership example's points (South every heart, North the queen).

    >>> team_points()
    (0, 26, 0, 26)
    """
    return hand_points(PARTNERS, list(TEAM_MOON), [7, 0, 6, 0], [False] * 4)


def partnership(lang: str) -> list[Any]:
    """A team's moon, its points, and a whole partnership game."""
    shooters = moon_shooters(PARTNERS, list(TEAM_MOON))
    points = ", ".join(f"{seat_name(s, lang)} **{number(p)}**"
                       for s, p in enumerate(team_points()))
    game = Game(PARTNERS, seed=3)
    while True:
        play_out(game.hand, bots(PARTNERS))
        if game.is_over:
            break
        game.next_hand()
    return [HTML(render.score_table_html(PARTNERS, list(TEAM_MOON),
                                         caption=say("lesson09.team caption").say(lang), lang=lang)),
            Markdown(say("lesson09.team moon").say(lang, team=seat_words(shooters, lang),
                         points=points)),
            HTML(render.game_scores_html(game, lang=lang))]


def game_lengths(lang: str) -> Markdown:
    """How many hands 20 games last to 50 and to 100 points."""
    rows = [say("lesson09.lengths head").say(lang), "|---|---|---|---|"]
    for target in (50, 100):
        counts = [game_length(STANDARD.replace(target=target), seed) for seed in range(20)]
        rows.append(f"| {target} | {decimal(sum(counts) / len(counts), lang)} | {min(counts)} "
                    f"| {max(counts)} |")
    return Markdown("\n".join(rows))


def no_passing(lang: str) -> Markdown:
    """The pass directions of the first four hands when nobody passes."""
    directions = [NO_PASSING.pass_direction(n) for n in range(1, 5)]
    return Markdown(say("lesson09.directions").say(lang,
                        directions=", ".join(say(f"cycle_{d}").say(lang) for d in directions)))


def peskir(lang: str) -> list[Any]:
    """Two hands with North's peşkir: one kept (no trick), one broken (fewest tricks)."""
    hands = [peskir_hand(seed) for seed in range(40)]
    kept = next(h for h in hands if h.tricks_won(2) == 0 and not h.moon_shooters)
    broke = min((h for h in hands if h.tricks_won(2) > 0 and not h.moon_shooters),
                key=lambda h: h.tricks_won(2))
    shown: list[Any] = []
    for hand in (kept, broke):
        shown += [Markdown(say("lessonkit.north won").say(lang, tricks=hand.tricks_won(2),
                               points=hand.penalty_taken()[2])),
                  HTML(render.hand_scores_html(hand, lang=lang))]
    return shown


def check_omnibus(lang: str) -> QuickCheck:
    """Quick check: an Omnibus hand's score with three hearts and the jack of diamonds."""
    took = CardSet.parse("JD 9H 6H 2H")
    value = penalty_points(OMNIBUS, [took.mask])[0]
    return quick_check(
        say("lesson09.omnibus question").say(lang, cards=card_list(took)),
        [(number(n), n) for n in sorted({value, value + 10, -value, 3})],
        lambda n: (n == value, say("lesson09.omnibus score").say(lang, hearts=len(took) - 1,
                                   jack=number(OMNIBUS.value_of("JD")), total=number(value))),
        lang=lang)


def check_removed(lang: str) -> QuickCheck:
    """Quick check: which card three players take out of the deck."""
    removed = THREE.removed.sorted_for_display()[0]
    name = removed.name(lang)
    return quick_check(
        say("lesson09.removed question").say(lang), [(text, text) for text in ("2♣", "2♦", "2♠", "2♥")],
        lambda text: (text == removed.symbol,
                      say("lesson09.removed").say(lang, card=name, Card=name.capitalize())),
        lang=lang)


def check_team(lang: str) -> QuickCheck:
    """Quick check: what East scores when South and North share every penalty card."""
    points = team_points()
    return quick_check(
        say("lesson09.team question").say(lang), [(str(n), n) for n in (0, 13, 26, 52)],
        lambda n: (n == points[3],
                   say("lesson09.team shot").say(lang, ours=points[0], theirs=points[3]) if points[3]
                   else say("lesson09.east scores").say(lang, points=points[3])), lang=lang)
