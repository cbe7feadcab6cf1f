"""Source 002's leaving rows, one test each (`maca.scoring.leaving_standings`).

"İlk elde ya da tek elli oyunda kalkan mağlup sayılır (−1). Sonraki ellerde, tamamlanan ellerin
toplamında tek başına birinciyseniz puan yazılmaz; değilseniz mağlup sayılırsınız. Eşli oyunda
takımınız öndeyse size puan yazılmaz, eşiniz +1 alır; eşitseniz siz −1, eşiniz 0 alır;
gerideyseniz ikiniz de −1 alırsınız."
"""
from __future__ import annotations

import pytest

from maca.rules import Rules
from maca.scoring import leaving_standings

STANDARD = Rules.preset("standard")
THREE = Rules.preset("three_players")
TEAMS = Rules.preset("partnership")


@pytest.mark.parametrize("seat", range(4))
def test_leaving_in_the_first_hand_is_a_loss(seat: int) -> None:
    assert leaving_standings(STANDARD, [0, 0, 0, 0], 0, seat) == {seat: -1}


def test_leaving_a_one_hand_game_is_a_loss_even_in_the_lead() -> None:
    assert leaving_standings(STANDARD, [0, 0, 0, 0], 0, 1, one_hand_game=True) == {1: -1}
    # the lead would otherwise write no result: a one-hand game is a loss all the same
    assert leaving_standings(STANDARD, [2, 10, 7, 7], 1, 0, one_hand_game=True) == {0: -1}


def test_leaving_later_alone_in_the_lead_writes_no_result() -> None:
    assert leaving_standings(STANDARD, [30, 12, 40, 44], 3, 1) == {1: None}
    assert leaving_standings(THREE, [10, 26, 16], 2, 0) == {0: None}


def test_leaving_later_in_a_shared_lead_is_a_loss() -> None:
    assert leaving_standings(STANDARD, [12, 12, 40, 62], 3, 0) == {0: -1}
    assert leaving_standings(STANDARD, [12, 12, 40, 62], 3, 1) == {1: -1}


@pytest.mark.parametrize("seat", [1, 2, 3])
def test_leaving_later_behind_the_leader_is_a_loss(seat: int) -> None:
    assert leaving_standings(STANDARD, [5, 20, 26, 50], 2, seat) == {seat: -1}


def test_partnership_first_hand_leaver_loses_and_partner_draws() -> None:
    # no hand finished: the teams are level, so the partner gets 0
    assert leaving_standings(TEAMS, [0, 0, 0, 0], 0, 3) == {3: -1, 1: 0}
    assert leaving_standings(TEAMS, [0, 0, 0, 0], 0, 0, one_hand_game=True) == {0: -1, 2: 0}


def test_partnership_team_ahead_leaver_no_result_partner_wins() -> None:
    # seats 0+2 have 10, seats 1+3 have 40: the team of 0 and 2 is ahead
    assert leaving_standings(TEAMS, [4, 20, 6, 20], 2, 0) == {0: None, 2: 1}
    assert leaving_standings(TEAMS, [4, 20, 6, 20], 2, 2) == {2: None, 0: 1}


def test_partnership_teams_level_leaver_loses_partner_draws() -> None:
    assert leaving_standings(TEAMS, [10, 20, 20, 10], 2, 1) == {1: -1, 3: 0}


def test_partnership_team_behind_both_lose() -> None:
    assert leaving_standings(TEAMS, [4, 20, 6, 20], 2, 3) == {3: -1, 1: -1}
    assert leaving_standings(TEAMS, [4, 20, 6, 20], 2, 1) == {1: -1, 3: -1}


def test_the_partner_is_named_only_in_a_partnership() -> None:
    assert set(leaving_standings(STANDARD, [4, 20, 6, 20], 2, 0)) == {0}
    assert set(leaving_standings(TEAMS, [4, 20, 6, 20], 2, 0)) == {0, 2}
