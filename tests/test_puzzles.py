"""The puzzle collection: every shipped puzzle is proved again by the solver (a valid position,
exactly one accepted choice up to equivalent cards, its themes in the proof lines), the
collection is spread over themes, stars and presets, and the export and the panel work."""
from __future__ import annotations

import datetime
import io
import json
from collections import Counter
from contextlib import redirect_stdout

import pytest

from maca import Hand
from maca.__main__ import main
from maca.exercises import ExerciseError, load_set
from maca.exercises.kinds.puzzle import THEMES
from maca.notation import rules_to_text
from maca.puzzles import load_puzzles, puzzle_files, puzzle_sets, rate, themes_of
from maca.puzzles.trainer import PuzzleTrainer, daily_index
from maca.panels import open_panel, puzzle_series
from maca.words import say

PUZZLES = load_puzzles()
SET_OF = {p.id: s.topic for s in puzzle_sets() for p in s}


def test_the_collection_is_spread() -> None:
    assert len(PUZZLES) >= 150
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    presets = Counter(rules_to_text(p.question.rules) for p in PUZZLES)
    assert presets["turkish"] >= 20 and len(presets) == 5, presets
    themes = Counter(t for p in PUZZLES for t in p.question.themes)
    assert all(themes[t] >= 10 for t in THEMES), themes
    stars = Counter(p.question.difficulty for p in PUZZLES)
    assert all(stars[s] >= 15 for s in (1, 2, 3)), stars


@pytest.mark.parametrize("index", range(0, len(PUZZLES), 1))
def test_every_puzzle_is_proved(index: int) -> None:
    p = PUZZLES[index]
    q = p.question
    hand = Hand.from_position(q.params["position"])
    assert p.kind == "puzzle" and hand.to_move == 0 and hand.rules.name == q.rules.name
    assert Hand.from_position(hand.position()).position() == hand.position()
    proof = q.lines()
    assert proof.solution.unique, (p.id, proof.solution)
    assert proof.solution.accepted == q.solution()
    found = themes_of(hand, q.goal, q.target, proof)
    assert set(q.themes) <= found, (p.id, q.themes, found)
    assert q.themes[0] == SET_OF[p.id]
    assert 1 <= q.difficulty <= 3 and rate(hand, q.goal, proof) in (1, 2, 3)
    assert p.prompt.tr and p.prompt.en and len(p.hints) >= 1
    assert (p.points, p.hint_cost) == (3, 1)
    # the answer never appears in the file's words (a hint may state a rule that names
    # a card, like the Turkish discard order, but never the card to play)
    for answer in proof.solution.accepted:
        for lang in ("tr", "en"):
            text = p.prompt[lang].replace(say(f"goals.ask_{q.goal}")[lang], "")  # the goal
            for rule in ("(karo valesi −10)", "(the jack of diamonds counts −10)"):  # may name
                text = text.replace(rule, "")  # the queen, and Omnibus's rule its bonus card
            assert answer.name("tr") not in text and answer.name("en") not in text
        for text in [h[lang] for h in p.hints for lang in ("tr", "en")]:
            assert str(answer) not in text and answer.symbol not in text


def test_files_never_hold_the_answer(tmp_path) -> None:
    text = puzzle_files()[0].read_text(encoding="utf-8")
    assert "accepted =" not in text and "answer =" not in text
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('goal = "', 'accepted = ["2C"]\ngoal = "', 1), encoding="utf-8")
    with pytest.raises(ExerciseError, match="unknown field.*accepted"):
        load_set(bad)
    bad.write_text(text.replace('goal = "', 'answer = "2C"\ngoal = "', 1), encoding="utf-8")
    with pytest.raises(ExerciseError, match="never hold the answer"):
        load_set(bad)


def test_a_bad_puzzle_is_refused_with_its_file_and_id(tmp_path) -> None:
    text = puzzle_files()[0].read_text(encoding="utf-8")
    first = PUZZLES[0]
    for old, new, problem in (("difficulty = ", "difficulty = 4 #", "difficulty is 1, 2 or 3"),
                              ("themes = [", 'themes = ["nope", ', "themes must be a list"),
                              ('goal = "', 'goal = "x', "goal 'x.* is not known")):
        bad = tmp_path / "bad.toml"
        bad.write_text(text.replace(old, new, 1), encoding="utf-8")
        with pytest.raises(ExerciseError, match=f"bad.toml: exercise '{first.id}'.*{problem}"):
            load_set(bad)


def test_export_for_checking() -> None:
    out = io.StringIO()
    some = PUZZLES[:3]
    from maca import puzzles
    original = puzzles.load_puzzles
    puzzles.load_puzzles = lambda theme=None: some  # type: ignore[assignment]
    try:
        with redirect_stdout(out):
            assert main(["puzzles", "--json"]) == 0
    finally:
        puzzles.load_puzzles = original  # type: ignore[assignment]
    rows = json.loads(out.getvalue())
    assert [r["id"] for r in rows] == [p.id for p in some]
    for row, p in zip(rows, some):
        assert set(row) == {"id", "rules", "position", "goal", "target", "accepted", "themes",
                            "difficulty"}
        assert Hand.from_position(row["position"]).to_move == 0
        assert row["accepted"] == [str(c) for c in p.question.solution()]


def _solve(trainer: PuzzleTrainer) -> None:
    while trainer.state == "play":
        trainer.play(next(iter(trainer.accepted())))


@pytest.mark.parametrize("theme", list(THEMES))
def test_the_panel_accepts_the_answer_and_refutes_a_wrong_card(theme: str) -> None:
    panel = puzzle_series(lang="tr", theme=theme)
    t = panel.trainer
    wrong = next(c for c in t.hand.legal_plays() if c not in t.accepted())
    panel.act("card", str(wrong))
    assert t.state == "failed" and t.note.kind == "error"
    assert t.moves[0] == (0, wrong, "you") and len(t.moves) > 1
    assert all(who == "refutation" for _, _, who in t.moves[1:])
    assert t.progress["streak"] == 0
    panel.act("retry")
    assert t.state == "play" and not t.moves and t.hand.position() == t.start.position()
    while t.state == "play":
        panel.act("card", str(next(iter(t.accepted()))))
    assert t.state == "solved" and t.puzzle.id in t.progress["solved"]
    assert t.progress["points"] == 0  # solved after a wrong try: no points
    page = panel.body(live=True)
    for name in ("İpucu", "Yeniden dene", "Çözümü göster", "Sonraki bulmaca", "Günün bulmacası"):
        assert f">{name}" in page
    assert " disabled>" not in page


def test_hints_cost_and_the_solution_gives_nothing() -> None:
    panel = puzzle_series(lang="en", theme="safe_exit", start=1)
    t = panel.trainer
    panel.act("hint")
    assert t.hints == 1 and t.note.text("en") == t.puzzle.hints[0]["en"]
    _solve(t)
    assert t.progress["points"] == 2 and t.progress["streak"] == 1
    panel.act("next")
    panel.act("solution")
    assert t.state == "shown" and t.moves and t.moves[0][2] == "solution"
    assert t.progress["streak"] == 0
    assert t.moves[0][1] in t.question.hand.legal_plays()
    panel.act("card", "2C")
    assert t.state == "shown"  # over: a card does nothing but say so


def test_daily_and_descriptions() -> None:
    day = datetime.date(2026, 12, 1)
    assert daily_index(day, 10) == daily_index(day, 10)
    assert len({daily_index(day + datetime.timedelta(days=i), 150) for i in range(30)}) > 20
    panel = puzzle_series(lang="en", daily=True)
    again = open_panel(panel.spec())
    assert again.trainer.index == panel.trainer.index
    assert "Puzzle" in panel._repr_html_()


def test_a_puzzle_set_is_a_worksheet_like_the_others(tmp_path) -> None:
    from maca.exercises import Worksheet
    sheet = Worksheet.open(puzzle_files()[0], student="s1", folder=tmp_path)
    first, second = sheet.current, sheet[PUZZLES[1].id]
    first.toggle(first.exercise.answer())  # a card is answered by clicking it
    result = first.check()
    assert result is not None and result.passed and result.score == 3
    assert "Oynanış" in result.message("tr") and "Play:" in result.message("en")
    wrong = next(c for c in second.exercise.question.hand.legal_plays()
                 if c not in second.exercise.question.solution())
    assert not sheet.check(second.exercise.id, str(wrong)).passed
    assert sheet.path.name == f"answers-{puzzle_files()[0].stem}-s1.json" and sheet.path.exists()
