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
from maca.panels import PuzzlePanel, open_panel, puzzle_series
from maca.panels.puzzles import daily_index, standing
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


def _solve(panel: PuzzlePanel) -> None:
    while panel.state == "play":
        panel.act("card", str(next(iter(panel.accepted()))))


@pytest.mark.parametrize("theme", list(THEMES))
def test_the_panel_accepts_the_answer_and_refutes_a_wrong_card(theme: str) -> None:
    panel = puzzle_series(lang="tr", theme=theme)
    start = panel.question.hand
    wrong = next(c for c in start.legal_plays() if c not in panel.accepted())
    panel.act("card", str(wrong))
    walk, attempt = panel.walk(), panel.attempt
    assert panel.state == "failed" and panel.note.kind == "error"
    assert walk.moves[0] == (0, wrong, "you") and len(walk.moves) > 1
    assert all(who == "refutation" for _, _, who in walk.moves[1:])
    assert attempt.mark == "wrong" and attempt.entry.tries == 1   # the line was one try
    assert standing(panel.worksheet)["streak"] == 0
    panel.act("card", str(next(iter(start.legal_plays() - {wrong}))))
    assert panel.note.said == say("puzzles.over") and attempt.entry.tries == 1
    panel.act("retry")
    assert panel.state == "play" and not panel.walk().moves
    assert panel.walk().hand.position() == start.position()
    _solve(panel)
    assert panel.state == "solved" and attempt.solved and attempt.entry.tries == 2
    progress = standing(panel.worksheet)
    assert progress["solved"] == 1 and progress["points"] == 0  # after a wrong try: no points
    assert panel.note.said.tr.startswith(say("puzzles.solved_again").tr + " Doğru kart ")
    page = panel.body(live=True)
    for name in ("İpucu", "Yeniden dene", "Çözümü göster", "Sonraki bulmaca", "Günün bulmacası"):
        assert f">{name}" in page
    assert " disabled>" not in page


def test_a_line_is_checked_at_every_card_and_is_one_try() -> None:
    """A puzzle of several choices: every right card but the last leaves the line open (no
    try counted, the learner's turn again); an illegal card is explained, not counted."""
    index = next(i for i, p in enumerate(load_puzzles("unblock")) if p.id == "ub-01")
    panel = puzzle_series(lang="en", theme="unblock", start=index)
    attempt = panel.attempt
    illegal = next(iter(panel.question.hand.cards(0) - panel.question.hand.legal_plays()), None)
    if illegal is not None:
        panel.act("card", str(illegal))
        assert panel.note.kind == "error" and not attempt.entry.tries
    turns = 0
    while panel.state == "play":
        panel.act("card", str(next(iter(panel.accepted()))))
        turns += 1
        if panel.state == "play":
            assert panel.note.said == say("puzzle_line.go_on") and not attempt.entry.tries
    assert turns == 3 and attempt.solved and attempt.entry.tries == 1
    assert len(attempt.entry.answer) == 3           # the answers file holds the line
    assert panel.note.text("en").startswith("Solved! You earn 3 points. The right card is the ")
    assert standing(panel.worksheet) == {"solved": 1, "streak": 1, "best": 1, "points": 3}
    # the same line, typed: right; its first card alone answers the puzzle's question too
    question = panel.question
    assert question.judge(question.read(attempt.entry.answer))[0]
    assert not question.pending(attempt.entry.answer)
    assert question.pending(attempt.entry.answer[:1]) == say("puzzle_line.go_on")


def test_hints_cost_and_the_solution_gives_nothing() -> None:
    panel = puzzle_series(lang="en", theme="safe_exit", start=1)
    panel.act("hint")
    assert panel.attempt.entry.hints == 1
    assert panel.note.text("en") == panel.attempt.exercise.hints[0]["en"]
    _solve(panel)
    progress = standing(panel.worksheet)
    assert progress["points"] == 2 and progress["streak"] == 1
    hints = panel.attempt.exercise.hints
    for shown in (hints[1], say("puzzles.no_hint")):   # solved: hints are read, not counted
        panel.act("hint")
        assert panel.note.said == shown and panel.attempt.entry.hints == 1
    panel.act("next")
    panel.act("solution")
    walk = panel.walk()
    assert panel.state == "shown" and walk.moves and walk.moves[0][2] == "solution"
    assert panel.attempt.revealed and standing(panel.worksheet)["streak"] == 0
    assert standing(panel.worksheet)["best"] == 1
    assert walk.moves[0][1] in panel.question.hand.legal_plays()
    panel.act("card", "2C")
    assert panel.state == "shown"  # over: a card does nothing but say so
    panel.act("retry")            # played again for practice: it earns nothing
    _solve(panel)
    assert panel.note.said.en.startswith(say("puzzles.solved_again").en)
    assert not panel.attempt.solved
    assert standing(panel.worksheet)["points"] == 2


def test_daily_and_descriptions() -> None:
    day = datetime.date(2026, 12, 1)
    assert daily_index(day, 10) == daily_index(day, 10)
    assert len({daily_index(day + datetime.timedelta(days=i), 150) for i in range(30)}) > 20
    panel = puzzle_series(lang="en", daily=True)
    again = open_panel(panel.spec())
    assert again.worksheet.index == panel.worksheet.index  # type: ignore[attr-defined]
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
