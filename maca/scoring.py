"""Scoring as pure functions: a hand's points (moon, bonus card, peşkir, teams) and standings.

>>> from maca.rules import Rules
>>> from maca.cards import CardSet
>>> r = Rules.preset("standard")
>>> taken = [CardSet.parse("QS 2H").mask, CardSet.parse("3H").mask, 0, 0]
>>> penalty_points(r, taken)
(14, 1, 0, 0)
>>> standings([50, 70, 70, 101])
(1, 0, 0, -1)
"""
from __future__ import annotations

from typing import Sequence

from .rules import Rules

__all__ = ["penalty_points", "moon_shooters", "hand_points", "standings", "TEAMS",
           "unit_totals", "game_over", "winners", "seat_standings", "moon_possible",
           "leaving_standings"]

#: Partnership teams: seats 0+2 against 1+3.
TEAMS = ((0, 2), (1, 3))


def _mask_value(rules: Rules, mask: int) -> int:
    tables = rules.suit_value_tables
    return (tables[0][mask & 0x1FFF] + tables[1][mask >> 13 & 0x1FFF]
            + tables[2][mask >> 26 & 0x1FFF] + tables[3][mask >> 39])


def penalty_points(rules: Rules, taken: Sequence[int]) -> tuple[int, ...]:
    """Points of the cards each seat took (bonus card included), before moon and peşkir."""
    return tuple(_mask_value(rules, mask) for mask in taken)


def moon_shooters(rules: Rules, taken: Sequence[int]) -> tuple[int, ...]:
    """Seats that shot the moon: one player, or both partners of a team; ``()`` if none.

    >>> from maca.rules import Rules
    >>> r = Rules.preset("partnership")
    >>> hearts_and_queen = r.moon_mask
    >>> moon_shooters(r, [hearts_and_queen & 0xFFFFFFFFFF, 0, hearts_and_queen >> 40 << 40, 0])
    (0, 2)
    """
    if rules.moon == "none":
        return ()
    need = rules.moon_mask
    if rules.partnership:
        for team in TEAMS:
            if need & ~(taken[team[0]] | taken[team[1]]) == 0:
                return team
        return ()
    for seat, mask in enumerate(taken):
        if need & ~mask == 0:
            return (seat,)
    return ()


def moon_possible(rules: Rules, taken: Sequence[int], seat: int) -> bool:
    """Can ``seat`` (with its partner, in a partnership) still shoot the moon, given the cards
    taken so far? Yes while giving it every card nobody else has taken would make a moon.

    >>> from maca.rules import Rules
    >>> r = Rules.preset("standard")
    >>> moon_possible(r, [0, 0, 0, 0], 0), moon_possible(r, [0, 1 << 40, 0, 0], 0)
    (True, False)
    """
    others = 0
    for other, mask in enumerate(taken):
        others |= 0 if other == seat else mask
    best = list(taken)
    best[seat] = rules.deck_mask & ~others
    return seat in moon_shooters(rules, best)


def hand_points(rules: Rules, taken: Sequence[int], tricks_won: Sequence[int],
                peskir: Sequence[bool], moon_choice: str | None = None) -> tuple[int, ...]:
    """A finished hand's score per seat: card points, then the moon, then peşkir.

    ``moon_choice`` ("old" or "new") is the shooter's pick when the rules say ``choice``.

    >>> from maca.rules import Rules
    >>> r = Rules.preset("standard")
    >>> hand_points(r, [r.moon_mask, 0, 0, 0], [13, 0, 0, 0], [False] * 4)
    (0, 26, 26, 26)
    >>> choice = r.replace(moon="choice")
    >>> hand_points(choice, [r.moon_mask, 0, 0, 0], [13, 0, 0, 0], [False] * 4, "new")
    (-26, 0, 0, 0)
    """
    points = list(penalty_points(rules, taken))
    shooters = moon_shooters(rules, taken)
    if shooters:
        style = rules.moon if rules.moon != "choice" else (moon_choice or "old")
        penalty = rules.penalty_mask
        for seat in range(rules.players):
            if seat in shooters:
                # the shooter keeps only what the bonus card is worth
                points[seat] -= _mask_value(rules, taken[seat] & penalty)
                if style == "new":
                    points[seat] -= rules.moon_value
            elif style == "old":
                points[seat] += rules.moon_value
    for seat, declared in enumerate(peskir):
        if declared:
            points[seat] += rules.peskir_failure if tricks_won[seat] else rules.peskir_success
    return tuple(points)


def standings(totals: Sequence[int]) -> tuple[int, ...]:
    """Source 002's +1/0/−1 for final totals (lowest wins), one entry per player or team.

    A sole winner +1, a sole or shared last place −1, everyone else 0; if all are equal, 0.

    >>> standings([40, 40, 90, 120]), standings([40, 60, 120, 120]), standings([70, 70])
    ((0, 0, 0, -1), (1, 0, -1, -1), (0, 0))
    """
    best, worst = min(totals), max(totals)
    if best == worst:
        return tuple(0 for _ in totals)
    sole_best = list(totals).count(best) == 1
    return tuple(-1 if t == worst else (1 if t == best and sole_best else 0) for t in totals)


def unit_totals(rules: Rules, totals: Sequence[int]) -> tuple[int, ...]:
    """The totals that compete: per seat, or per team (seats 0+2, 1+3) in a partnership."""
    if rules.partnership:
        return tuple(totals[a] + totals[b] for a, b in TEAMS)
    return tuple(totals)


def game_over(rules: Rules, totals: Sequence[int]) -> bool:
    """Rule 11: the game ends once a total (a team's, in partnership) reaches the target."""
    return max(unit_totals(rules, totals)) >= rules.target


def winners(rules: Rules, totals: Sequence[int]) -> tuple[int, ...]:
    """Seats with the lowest total (both partners of the best team); ties share the win.

    >>> from maca.rules import Rules
    >>> winners(Rules.preset("standard"), [40, 40, 90, 101])
    (0, 1)
    >>> winners(Rules.preset("partnership"), [10, 50, 20, 60])
    (0, 2)
    """
    units = unit_totals(rules, totals)
    best = min(units)
    if rules.partnership:
        return tuple(sorted(s for team, t in zip(TEAMS, units) if t == best for s in team))
    return tuple(s for s, t in enumerate(units) if t == best)


def seat_standings(rules: Rules, totals: Sequence[int]) -> tuple[int, ...]:
    """+1 / 0 / −1 per seat from final totals; partners share their team's result.

    >>> from maca.rules import Rules
    >>> seat_standings(Rules.preset("partnership"), [10, 50, 20, 60])
    (1, -1, 1, -1)
    """
    result = standings(unit_totals(rules, totals))
    if not rules.partnership:
        return result
    per_seat = [0] * rules.players
    for team, value in zip(TEAMS, result):
        for seat in team:
            per_seat[seat] = value
    return tuple(per_seat)


def leaving_standings(rules: Rules, totals: Sequence[int], finished_hands: int, seat: int,
                      one_hand_game: bool = False) -> dict[int, int | None]:
    """Source 002's result for ``seat`` leaving a rated game, from the ``totals`` of the
    ``finished_hands``: ``{seat: standing}``, and ``{partner: standing}`` too in a partnership;
    ``None`` means no result is written.

    In the first hand (no hand finished) or a one-hand game the leaver loses (−1). Later, a
    leaver alone in the lead gets no result, any other leaver −1. In a partnership the team
    decides: ahead, the leaver gets no result and the partner +1; level, the leaver −1 and the
    partner 0; behind, both −1.

    >>> from maca.rules import Rules
    >>> standard, teams = Rules.preset("standard"), Rules.preset("partnership")
    >>> leaving_standings(standard, [0, 0, 0, 0], 0, 2), leaving_standings(standard, [3, 9, 14, 0], 1, 0)
    ({2: -1}, {0: -1})
    >>> leaving_standings(standard, [3, 9, 14, 20], 2, 0)
    {0: None}
    >>> leaving_standings(teams, [3, 9, 14, 20], 2, 2), leaving_standings(teams, [3, 9, 26, 30], 2, 1)
    ({2: None, 0: 1}, {1: -1, 3: -1})
    """
    first = finished_hands == 0 or one_hand_game
    if rules.partnership:
        partner = (seat + 2) % rules.players
        if first:
            return {seat: -1, partner: 0}
        ours, theirs = totals[seat] + totals[partner], sum(totals) - totals[seat] - totals[partner]
        if ours < theirs:
            return {seat: None, partner: 1}
        if ours == theirs:
            return {seat: -1, partner: 0}
        return {seat: -1, partner: -1}
    if first:
        return {seat: -1}
    best = min(totals)
    alone = totals[seat] == best and list(totals).count(best) == 1
    return {seat: None if alone else -1}
