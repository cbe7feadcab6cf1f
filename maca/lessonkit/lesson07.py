"""Lesson 7 (shooting the moon): a strong hand going for the moon against two defences.

>>> hand = play_moon(0, CAUTIOUS.choose_play)
>>> hand.is_over, sum(hand.penalty_taken())
(True, 26)
"""
from __future__ import annotations

from functools import cache
from typing import Any, Callable

from maca import Card, CardSet, Hand, Rules, render
from maca.bots import CautiousBot
from maca.lessonkit import HTML, Markdown, QuickCheck, deal_with, mover, quick_check
from maca.scoring import hand_points
from maca.words import catalogue, decimal, number, say, seat_name

RULES = Rules.preset("standard")
#: the would-be shooter's hand
STRONG = "AS 8S AH KH QH JH 10H 7H AD KD QD AC 5C"
CAUTIOUS = CautiousBot()
#: what each seat takes when West stops the moon with a single heart
BLOCKED = (RULES.moon_mask & ~CardSet.parse("2H").mask, CardSet.parse("2H").mask, 0, 0)
MOON = (RULES.moon_mask, 0, 0, 0)

catalogue("lesson07", {
    "shot": ("Ceza puanlarının hepsi ({taken}) sende; ama hanene **{mine}** yazılıyor, diğer üç "
             "oyuncunun her birine **{others}**.",
             "All the penalty points ({taken}) are yours, yet you score **{mine}**, and each of "
             "the other three players scores **{others}**."),
    "scoring": ("usul", "scoring"),
    "old": ("eski (kaynaklar)", "old (the sources)"),
    "new": ("yeni", "new"),
    "tries": ("100 dağıtımın **{made}** tanesinde kafa attın. Başaramadığın {failed} turda "
              "ortalama **{mean}** puan yazdın (en kötüsü {worst}): işte şişmek.",
              "You shot the moon in **{made}** of the 100 deals. In the {failed} hands where you "
              "failed you scored **{mean}** points on average (at worst {worst}): that is "
              "*şişmek*."),
    "ordinary": ("sıradan savunma", "ordinary defence"),
    "starve": ("kupa vermeyen savunma", "no hearts to the shooter"),
    "defended": ("Sıradan savunmaya karşı {ordinary} kez, kupa vermeyen savunmaya karşı yalnızca "
                 "{starved} kez kafa attın. Savunan oyuncuların ortalama puanı da {before} "
                 "yerine {after} oldu.",
                 "You shot the moon {ordinary} times against the ordinary defence and only "
                 "{starved} times against the defence that feeds you no hearts. The defenders' "
                 "average score went from {before} down to {after}."),
    "moons title": ("100 turda kafa atma sayısı", "moons in 100 hands"),
    "defenders title": ("savunanların ortalama puanı", "defenders' average points"),
    "moon question": ("Güney bütün kupaları ve maça kızını aldı. Batı'nın hanesine kaç puan "
                      "yazılır?",
                      "South took every heart and the queen of spades. What does West score?"),
    "moon": ("Güney kafa attı: Güney {south}, diğer herkes {others} puan yazar.",
             "South shot the moon: South scores {south}, everyone else {others}."),
    "near question": ("Güney 12 kupayı ve maça kızını aldı, Batı tek bir kupa aldı. Güney kaç "
                      "puan yazar?",
                      "South took 12 hearts and the queen of spades; West took a single heart. "
                      "What does South score?"),
    "near": ("Güney kafa atamadı: Güney {south}, Batı {west} puan yazar.",
             "No moon: South scores {south}, West {west}."),
    "new question": ("Yeni usulde (kafa atana eksi puan) Güney kafa attı. Güney kaç puan yazar?",
                     "Under the new way (minus points for the shooter), South shoots the moon. "
                     "What does South score?"),
    "new way": ("Yeni usulde kafa atan {south}, diğerleri {others} puan yazar.",
                "Under the new way the shooter scores {south}, the others {others}."),
}, scoped=True)


def shooter(obs: Any) -> Card:
    """You, going for the moon: always the highest legal card."""
    return max(obs.legal, key=lambda c: (c.rank, int(c.suit)))


def starve(obs: Any) -> Card:
    """A defender: when void, throw a card without points (never feed the shooter)."""
    trick = obs.current_trick
    if trick.cards and not obs.legal.of_suit(trick.cards[0].suit):
        plain = [c for c in obs.legal if obs.rules.value_of(c) == 0]
        if plain:
            return max(plain, key=lambda c: c.rank)
    return CAUTIOUS.choose_play(obs)


def play_moon(seed: int, defence: Callable[[Any], Card]) -> Hand:
    """Deal ``STRONG`` to you, the rest with ``seed``; you go for the moon, the others defend."""
    hand = deal_with(RULES, STRONG, seed)
    while not hand.is_over:
        seat = mover(hand)
        policy = shooter if seat == 0 else defence
        hand.play(policy(hand.observe(seat)), seat=seat)
    return hand


@cache
def tries() -> tuple[Hand, ...]:
    """100 deals of `STRONG` against the ordinary (cautious) defence."""
    return tuple(play_moon(seed, CAUTIOUS.choose_play) for seed in range(100))


@cache
def defended() -> tuple[Hand, ...]:
    """The same 100 deals against the defence that feeds the shooter no hearts."""
    return tuple(play_moon(seed, starve) for seed in range(100))


def shot() -> Hand:
    """The first of the deals in which you shoot the moon."""
    return next(h for h in tries() if h.moon_shooters)


def moon_shot(lang: str) -> list[Any]:
    """The cards you took shooting the moon, the hand's scores, and what they mean."""
    hand = shot()
    return [HTML(render.taken_html(hand.taken(0), RULES, seat=0, size=40, lang=lang)),
            HTML(render.hand_scores_html(hand, lang=lang)),
            Markdown(say("lesson07.shot").say(lang, taken=hand.penalty_taken()[0],
                         mine=hand.points()[0], others=hand.points()[1]))]


def old_and_new(lang: str) -> Markdown:
    """The moon hand scored the old way (the sources) and the new way."""
    hand = shot()
    rows = [f"| {say('lesson07.scoring').say(lang)} | "
            + " | ".join(seat_name(s, lang) for s in range(RULES.players)) + " |",
            "|---" * (RULES.players + 1) + "|"]
    for key, rules in (("old", RULES), ("new", RULES.replace(moon="new"))):
        points = hand_points(rules, [hand.taken(s).mask for s in range(hand.players)],
                             [hand.tricks_won(s) for s in range(4)], [False] * 4)
        rows.append(f"| {say(f'lesson07.{key}').say(lang)} | " + " | ".join(map(number, points)) + " |")
    return Markdown("\n".join(rows))


def strong_hand(lang: str) -> list[Any]:
    """The strong hand, and how often it shoots the moon in 100 deals."""
    made = [h for h in tries() if h.moon_shooters]
    failed = [h.points()[0] for h in tries() if not h.moon_shooters]
    return [HTML(render.hand_html(CardSet.parse(STRONG), lang=lang)),
            Markdown(say("lesson07.tries").say(lang, made=len(made), failed=len(failed),
                         mean=decimal(sum(failed) / len(failed), lang), worst=max(failed)))]


def summary(hands: tuple[Hand, ...]) -> tuple[int, float]:
    """How many of ``hands`` were moons, and the other players' average points."""
    moons = sum(bool(h.moon_shooters) for h in hands)
    others = sum(sum(h.points()[1:]) / (h.players - 1) for h in hands) / len(hands)
    return moons, others


def defence(lang: str) -> Markdown:
    """The ordinary defence against the one that feeds the shooter no hearts."""
    (ordinary, before), (starved, after) = summary(tries()), summary(defended())
    return Markdown(say("lesson07.defended").say(lang, ordinary=ordinary, starved=starved,
                        before=decimal(before, lang), after=decimal(after, lang)))


def plot_defence(lang: str) -> None:
    """The two defences as two bar charts (needs matplotlib: for the built book only)."""
    import matplotlib.pyplot as plt
    labels = [say("lesson07.ordinary").say(lang), say("lesson07.starve").say(lang)]
    stats = [summary(tries()), summary(defended())]
    fig, axes = plt.subplots(1, 2, figsize=(8, 3))
    axes[0].bar(labels, [m for m, _ in stats], color=["#c8102e", "#1459b8"])
    axes[0].set_title(say("lesson07.moons title").say(lang))
    axes[1].bar(labels, [o for _, o in stats], color=["#c8102e", "#1459b8"])
    axes[1].set_title(say("lesson07.defenders title").say(lang))
    for ax in axes:
        ax.tick_params(axis="x", labelsize=8)
    fig.tight_layout()
    plt.show()


def blocked(lang: str) -> HTML:
    """The scores when West takes a single heart and stops the moon."""
    return HTML(render.score_table_html(RULES, list(BLOCKED), lang=lang))


def check_moon(lang: str) -> QuickCheck:
    """Quick check: what West scores when South shoots the moon."""
    points = hand_points(RULES, list(MOON), [13, 0, 0, 0], [False] * 4)
    return quick_check(
        say("lesson07.moon question").say(lang), [(number(n), n) for n in (0, 13, 26, -26)],
        lambda n: (n == points[1], say("lesson07.moon").say(lang, south=number(points[0]),
                                       others=number(points[1]))), lang=lang)


def check_near(lang: str) -> QuickCheck:
    """Quick check: what South scores when West took a single heart."""
    near = hand_points(RULES, list(BLOCKED), [12, 1, 0, 0], [False] * 4)
    return quick_check(
        say("lesson07.near question").say(lang),
        [(number(n), n) for n in sorted({0, near[0], 26, near[0] + 1})],
        lambda n: (n == near[0], say("lesson07.near").say(lang, south=near[0], west=near[1])),
        lang=lang)


def check_new(lang: str) -> QuickCheck:
    """Quick check: the shooter's score under the new way."""
    new = hand_points(RULES.replace(moon="new"), list(MOON), [13, 0, 0, 0], [False] * 4)
    return quick_check(
        say("lesson07.new question").say(lang), [(number(n), n) for n in (0, 26, -26, -13)],
        lambda n: (n == new[0], say("lesson07.new way").say(lang, south=number(new[0]),
                                    others=number(new[1]))), lang=lang)
