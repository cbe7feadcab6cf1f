"""The sources page: the rules the sources describe, as the engine's presets hold them.

>>> print(turkish_peskir("en").text.split(";")[0])
Turkish rules: a successful peşkir −35, a failed one +35 plus penalty points.
Example: East shot the moon, North declared peşkir and won no trick
"""
from __future__ import annotations

from maca import CardSet, Rules, Suit
from maca.lessonkit import Markdown
from maca.scoring import hand_points
from maca.words import catalogue, number, say
from maca.cards import card_list

STANDARD, TURKISH = Rules.preset("standard"), Rules.preset("turkish")
OMNIBUS, THREE = Rules.preset("omnibus"), Rules.preset("three_players")

catalogue("sources", {
    "hearts": ("- maça kızı kupaları kırar: standartta **{queen}**\n- kupalar kırılmadan kupa "
               "açılamaz: **{must}**\n- yalnızca kupa ve maça kızı varken kupa açılabilir: "
               "**{instead}**",
               "- the queen breaks hearts (standard): **{queen}**\n- hearts may not be led "
               "before they are broken: **{must}**\n- with only hearts and the queen, a heart "
               "may be led: **{instead}**"),
    "omnibus": ("Omnibus: bonus kart **{card}** ({value} puan); kafa atmak için gereken kartlar: "
                "{moon}.",
                "Omnibus: bonus card **{card}** ({value} points); the cards needed for the moon: "
                "{moon}."),
    "peskir": ("Türk kuralları: başarılı peşkir {success}, başarısız peşkir +{failure} + ceza "
               "puanları. Örnek: Doğu kafa attı, Kuzey peşkir dedi ve hiç el almadı; puanlar "
               "(Güney, Batı, Kuzey, Doğu): **{points}**. Kuzey'e önce kafa atmadan {moon}, "
               "sonra peşkirden {success} yazıldı.",
               "Turkish rules: a successful peşkir {success}, a failed one +{failure} plus "
               "penalty points. Example: East shot the moon, North declared peşkir and won no "
               "trick; the points (South, West, North, East): **{points}**. North got {moon} for "
               "the moon first, then {success} for the peşkir."),
    "three": ("Üç kişide çıkarılan kart: **{removed}**; kişi başı {size} kart; ilk eli "
              "**{lowest}** açar.",
              "Three players: the card removed is **{removed}**; {size} cards each; **{lowest}** "
              "leads."),
}, scoped=True)


def _yes(value: bool, lang: str) -> str:
    return say("yes" if value else "no").say(lang)


def hearts(lang: str) -> Markdown:
    """The standard rules' options about leading and breaking hearts."""
    return Markdown(say("sources.hearts").say(lang, queen=_yes(STANDARD.queen_breaks_hearts, lang),
                        must=_yes(STANDARD.must_break_hearts, lang),
                        instead=_yes(STANDARD.lead_hearts_instead_of_queen, lang)))


def omnibus(lang: str) -> Markdown:
    """Omnibus: the bonus card and the cards of the moon."""
    bonus = OMNIBUS.bonus_card
    assert bonus is not None, "Omnibus has a bonus card"
    return Markdown(say("sources.omnibus").say(lang, card=bonus.symbol,
                        value=number(OMNIBUS.value_of(bonus)),
                        moon=card_list(CardSet(OMNIBUS.moon_mask))))


def turkish_peskir(lang: str) -> Markdown:
    """The Turkish peşkir's scores, and a hand with a moon and a peşkir."""
    moon_and_peskir = [0, 0, 0, (CardSet(Suit.HEARTS.mask) | CardSet.parse("QS")).mask]
    points = hand_points(TURKISH, moon_and_peskir, [0, 4, 0, 9], [False, False, True, False])
    return Markdown(say("sources.peskir").say(lang, success=number(TURKISH.peskir_success),
                        failure=TURKISH.peskir_failure, points=", ".join(map(number, points)),
                        moon=TURKISH.moon_value))


def three_players(lang: str) -> Markdown:
    """Three players: the card removed, the cards each, the opening card."""
    return Markdown(say("sources.three").say(lang, removed=" ".join(c.symbol for c in THREE.removed),
                        size=THREE.hand_size, lowest=THREE.lowest_club.symbol))
