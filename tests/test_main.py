"""`python -m maca` shows a dealt hand and a played-out first trick."""
from __future__ import annotations

import subprocess
import sys

from maca.__main__ import show_deal
from maca.reasons import seat_name


def test_show_deal_lists_every_seat_and_one_trick() -> None:
    text = show_deal("standard", 5, "tr")
    for seat in range(4):
        assert seat_name(seat, "tr") in text
    assert text.count("→") == 4
    assert "♣" in text.split("→")[1]  # the first trick opens with a club (2♣)


def test_three_players_and_english() -> None:
    text = show_deal("three_players", 2, "en")
    assert text.count("→") == 3 and "wins the trick" in text


def test_module_runs() -> None:
    out = subprocess.run([sys.executable, "-m", "maca", "--seed", "1", "--lang", "en"],
                         capture_output=True, text=True, check=True).stdout
    assert "maca — standard" in out
