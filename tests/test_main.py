"""`python -m maca` shows a dealt hand and a played-out first trick; `check` checks every file."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from maca.__main__ import main, show_deal
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


GOOD_SET = '''title = { tr = "Deneme", en = "Trial" }
[[exercise]]
id = "p1"
kind = "pass_direction"
hand = 3
prompt = { tr = "Kime?", en = "To whom?" }
'''
BAD_SETS = {
    "tricks.toml": GOOD_SET.replace('kind = "pass_direction"\nhand = 3',
                                    'kind = "hand_score"\ntricks = 5\ntaken = '
                                    '["QS", "", "", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"]'),
    "kind.toml": GOOD_SET.replace('"pass_direction"', "[]"),
    "deep.toml": "x = " + "[" * 2000 + "]" * 2000,
    "binary.toml": "\udcff\udcfe",
}


@pytest.mark.parametrize("lang, failed", [("en", "This set cannot be used"),
                                          ("tr", "Bu set okunamadı")])
def test_check_reports_every_bad_file_and_checks_the_rest(tmp_path: Path, lang: str, failed: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    files = []
    for name, text in [("a.toml", GOOD_SET), *BAD_SETS.items(), ("c.toml", GOOD_SET)]:
        files.append(tmp_path / name)
        files[-1].write_text(text, encoding="utf-8", errors="surrogateescape")
    assert main(["check", "--lang", lang, *map(str, files), str(tmp_path / "missing.toml")]) == 1
    out, err = capsys.readouterr()
    assert out.count("✓") == 2 and "a.toml" in out and "c.toml" in out
    assert err.count(f"✗ {failed}") == len(BAD_SETS) + 1
    authors = {"en": ["tricks.toml: exercise 'p1' ([[exercise]] #1): tricks must be 4 whole numbers",
                      "kind.toml: exercise 'p1' ([[exercise]] #1): kind [] is not known",
                      "deep.toml: values are nested too deeply to be read"],
               "tr": ["tricks.toml: 'p1' alıştırması ([[exercise]] #1): ",
                      "kind.toml: 'p1' alıştırması ([[exercise]] #1): [] diye bir soru türü yok",
                      "deep.toml: değerler okunamayacak kadar iç içe"]}
    for problem in authors[lang]:
        assert problem in err    # a set's author's errors too are in the teacher's language
    # the reading problems are said in the teacher's language only
    read = {"en": ["binary.toml: cannot read the exercise set", "missing.toml: cannot read"],
            "tr": ["binary.toml: alıştırma seti okunamıyor: UTF-8 metni değil",
                   "missing.toml: alıştırma seti okunamadı"]}
    for problem in read[lang]:
        assert problem in err
    assert ("cannot read" in err) == (lang == "en")
    assert main(["check", "--lang", lang, str(files[0])]) == 0
