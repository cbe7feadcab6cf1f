"""The legal-play cascade: the rule layers that narrow what a player may play, as data.

Each layer (follow suit → opening lead → king on ace → first trick → leading hearts → the
Turkish discard order) compiles, at each moment of a hand, to filters "if you hold a card of
``guard``, keep only the cards of ``keep``". `compiled` does it once per `Rules`; `allowed`
walks a moment's filters (the one walk: `Hand`, the solver, the simulations and the bots all
call it) and `refusal` finds the layer that rules a card out, to explain it.

>>> from maca.cards import CardSet
>>> table = compiled(Rules.preset("standard"))
>>> lead = moment_cascade(table, first=False, broken=False)
>>> [layer.name for _, _, layer in lead]
['leading_hearts']
>>> held = CardSet.parse("AH 2H 3C").mask
>>> str(CardSet(allowed(lead, held)))
'3C'
>>> layer, left = refusal(lead, held, CardSet.parse("AH").mask)
>>> layer.explain(table.rules, -1, left).reason
<Reason.HEARTS_NOT_BROKEN: 'hearts_not_broken'>
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from .cards import AH, AH_MASK, ALL_CARDS, HEARTS_MASK, KH_MASK, QS_MASK, SUIT_MASKS, Suit
from .reasons import Reason, Verdict
from .rules import Rules

__all__ = ["Moment", "Layer", "LAYERS", "Cascade", "Compiled", "compiled", "moment_cascade",
           "allowed", "refusal"]


class Moment(NamedTuple):
    """Where in the hand a card is chosen: what the rule layers depend on."""

    leading: bool   # the card opens a trick
    first: bool     # trick 1
    broken: bool    # hearts are broken (only leads look at it)
    led: int        # the suit led (-1 for a lead)
    ace_led: bool   # A♥ opened trick 1


#: A compiled rule: "if you hold a card of ``guard``, keep only the cards of ``keep``".
Filter = tuple[int, int]


class Layer(NamedTuple):
    """One rule of the cascade: its filters at each moment, and its explanation (from the
    rules, the suit led or -1, and the cards the layer leaves)."""

    name: str
    filters: Callable[[Rules, Moment], tuple[Filter, ...]]
    explain: Callable[[Rules, int, int], Verdict]


def _follow_suit(rules: Rules, at: Moment) -> tuple[Filter, ...]:
    """Rule 5: follow the suit led if you can."""
    return () if at.leading else ((SUIT_MASKS[at.led], SUIT_MASKS[at.led]),)


def _opening_lead(rules: Rules, at: Moment) -> tuple[Filter, ...]:
    """Rule 4: 2♣ opens trick 1; Turkish 4.5: no heart opens it except A♥."""
    if not (at.leading and at.first):
        return ()
    if rules.first_lead == "two_of_clubs":
        lowest = rules.lowest_club.mask
        return ((lowest, lowest),)
    if rules.ace_of_hearts_lead:
        return ((ALL_CARDS & ~HEARTS_MASK, ALL_CARDS & ~HEARTS_MASK | AH_MASK),)
    return ()


def _explain_opening(rules: Rules, led: int, allowed: int) -> Verdict:
    if rules.first_lead == "two_of_clubs":
        return Verdict(Reason.MUST_LEAD_LOWEST_CLUB, {"card": rules.lowest_club})
    return Verdict(Reason.NO_HEART_LEAD_FIRST_TRICK)


def _king_on_ace(rules: Rules, at: Moment) -> tuple[Filter, ...]:
    """Turkish 4.5: when A♥ opens trick 1, the K♥ holder must play it."""
    return ((KH_MASK, KH_MASK),) if rules.ace_of_hearts_lead and at.ace_led else ()


def _first_trick(rules: Rules, at: Moment) -> tuple[Filter, ...]:
    """Rule 6: a void player may not give points on trick 1 unless nothing else is held."""
    if at.leading or not at.first or not rules.no_points_first_trick:
        return ()
    allowed = ALL_CARDS & ~(HEARTS_MASK if rules.queen_on_first_trick else HEARTS_MASK | QS_MASK)
    allowed |= SUIT_MASKS[at.led]  # following suit is never a gift
    return ((allowed, allowed),)


def _explain_first_trick(rules: Rules, led: int, allowed: int) -> Verdict:
    if rules.queen_on_first_trick:
        return Verdict(Reason.NO_HEARTS_FIRST_TRICK)
    return Verdict(Reason.NO_POINTS_FIRST_TRICK)


def _leading_hearts(rules: Rules, at: Moment) -> tuple[Filter, ...]:
    """Rule 7: no heart lead before hearts are broken, unless the leader holds only hearts."""
    if not at.leading or at.broken:
        return ()
    if (not rules.must_break_hearts) if not at.first else rules.ace_of_hearts_lead:
        return ()  # hearts may be led from trick 2 / the Turkish opening lead has its own rule
    others = ALL_CARDS & ~HEARTS_MASK
    guard = others & ~QS_MASK if rules.lead_hearts_instead_of_queen else others
    return ((guard, others),)


def _discard_order(rules: Rules, at: Moment) -> tuple[Filter, ...]:
    """Turkish 4.8: a void player discards Q♠, else A♥, else K♥, else a heart, else anything."""
    if at.leading or rules.discard_order != "turkish":
        return ()
    led = SUIT_MASKS[at.led]
    return tuple((card & ~led, card) for card in (QS_MASK, AH_MASK, KH_MASK, HEARTS_MASK)
                 if card & ~led)


_DISCARD_REASONS = {QS_MASK: Reason.MUST_DISCARD_QUEEN, AH_MASK: Reason.MUST_DISCARD_ACE_OF_HEARTS,
                    KH_MASK: Reason.MUST_DISCARD_KING_OF_HEARTS}


def _explain_discard(rules: Rules, led: int, allowed: int) -> Verdict:
    return Verdict(_DISCARD_REASONS.get(allowed, Reason.MUST_DISCARD_HEART))


#: The cascade, in the order its reasons are given.
LAYERS = (
    Layer("follow_suit", _follow_suit,
          lambda rules, led, allowed: Verdict(Reason.MUST_FOLLOW_SUIT, {"suit": led})),
    Layer("opening_lead", _opening_lead, _explain_opening),
    Layer("king_on_ace", _king_on_ace,
          lambda rules, led, allowed: Verdict(Reason.MUST_PLAY_KING_ON_ACE)),
    Layer("first_trick", _first_trick, _explain_first_trick),
    Layer("leading_hearts", _leading_hearts,
          lambda rules, led, allowed: Verdict(Reason.HEARTS_NOT_BROKEN)),
    Layer("discard_order", _discard_order, _explain_discard),
)

#: A moment's compiled cascade: (guard, keep, layer) in the cascade's order.
Cascade = tuple[tuple[int, int, Layer], ...]


class Compiled(NamedTuple):
    """The cascade of one `Rules` at every moment, compiled once, and its deck."""

    leads: tuple[Cascade, ...]    # index: 2 * first trick + hearts broken
    follows: tuple[Cascade, ...]  # index: 52 * first trick + the card led
    deck: tuple[int, ...]         # the cards in play, each as its one-bit mask
    rules: Rules


def _cascade(rules: Rules, at: Moment) -> Cascade:
    return tuple((guard, keep, layer) for layer in LAYERS
                 for guard, keep in layer.filters(rules, at))


_COMPILED: dict[int, Compiled] = {}
_AH_INDEX = AH.index


def compiled(rules: Rules) -> Compiled:
    """The compiled cascade of ``rules`` (cached by identity: `Rules` are immutable)."""
    entry = _COMPILED.get(id(rules))
    if entry is not None and entry.rules is rules:
        return entry
    leads = tuple(_cascade(rules, Moment(True, first, broken, -1, False))
                  for first in (False, True) for broken in (False, True))
    suits = [[_cascade(rules, Moment(False, first, False, suit, False)) for suit in range(4)]
             for first in (False, True)]
    ace_led = _cascade(rules, Moment(False, True, False, Suit.HEARTS, True))
    follows = tuple(ace_led if first and led == _AH_INDEX else suits[first][led // 13]
                    for first in (False, True) for led in range(52))
    deck = tuple(1 << i for i in range(52) if rules.deck_mask >> i & 1)
    if len(_COMPILED) > 256:
        _COMPILED.clear()
    _COMPILED[id(rules)] = table = Compiled(leads, follows, deck, rules)
    return table


def moment_cascade(table: Compiled, first: bool, broken: bool, lead: int = -1) -> Cascade:
    """The compiled cascade where a card is chosen: a lead (``lead`` -1) or a card following
    the card index ``lead``, on trick 1 (``first``) or later, hearts ``broken`` or not: an
    index into ``table.leads`` or ``table.follows`` (the playouts index them without the call).

    A following cascade starts with "follow suit"; when that is all it holds (one filter),
    `allowed` leaves ``held & led or held`` (``led``: the suit's mask), which is how the
    playouts take such a moment without a call.

    >>> table = compiled(Rules.preset("standard"))
    >>> [len(moment_cascade(table, first, False, 0)) for first in (False, True)]
    [1, 2]
    """
    if lead < 0:
        return table.leads[first * 2 + broken]
    return table.follows[first * 52 + lead]


def allowed(cascade: Cascade, held: int) -> int:
    """The cards of ``held`` (a mask) its player may play at the moment of ``cascade``: each
    filter in turn keeps its ``keep`` cards when some ``guard`` card is held.

    >>> follow_clubs = moment_cascade(compiled(Rules.preset("standard")), False, False, 0)
    >>> allowed(follow_clubs, 0b101), allowed(follow_clubs, 1 << 13)
    (5, 8192)
    """
    for guard, keep, _layer in cascade:
        if held & guard:
            held &= keep
    return held


def refusal(cascade: Cascade, held: int, card: int) -> tuple[Layer, int] | None:
    """The first layer of ``cascade`` that rules out ``card`` (a one-bit mask of ``held``, the
    cards of its player), and the cards it leaves; None when the card is allowed. The
    cascade is walked (`allowed`) whole, then one filter shorter at a time while the card
    stays ruled out, so a learner hears of one rule only: the first that refuses it."""
    left = allowed(cascade, held)
    if left & card or not cascade:
        return None
    end = len(cascade)
    while end > 1:
        shorter = allowed(cascade[:end - 1], held)
        if shorter & card:
            break
        end, left = end - 1, shorter
    return cascade[end - 1][2], left
