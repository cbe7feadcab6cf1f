"""Puzzles that explain: a wrong card's refutation in words (who wins which trick, why the goal
is lost), the right card's reason, the marks named; and the puzzle pages' one solved store (the
count, the first unsolved puzzle, the numbering from 1)."""
from __future__ import annotations

import json
import re

import pytest

from maca.exercises.kinds.puzzle import THEMES
from maca.panels import puzzle_series
from maca.panels.host import PageStore
from maca.panels.puzzles import SOLVED_KEY, PuzzlePanel, standing
from maca.puzzles import load_puzzles, question_of
from maca.puzzles.book import example_index, worked_example
from maca.puzzles.explain import reason, refutation, tricks_seen
from maca.words import say


def _solve(panel: PuzzlePanel) -> None:
    while panel.state == "play":
        panel.act("card", str(next(iter(panel.accepted()))))


def _wrong(panel: PuzzlePanel):
    hand = panel.question.hand
    return next(c for c in hand.legal_plays() if c not in panel.accepted())


@pytest.mark.parametrize("theme", list(THEMES))
def test_a_wrong_card_is_refuted_in_words(theme: str) -> None:
    """The note names the wrong card, who wins the tricks of the solver's line, and the goal
    lost; no longer only 'the defence's best answer showed it'."""
    for lang, won in (("tr", r"\d\. eli "), ("en", r"wins? trick \d")):
        panel = puzzle_series(lang=lang, theme=theme, start=0)
        wrong = _wrong(panel)
        panel.act("card", str(wrong))
        said = panel.note.text(lang)
        assert panel.note.kind == "error"
        assert wrong.symbol in said and re.search(won, said), said
        assert "savunmanın en iyi cevabı bunu" not in said and "shows why" not in said
        q = panel.question
        line = [(s, c) for s, c, _ in panel.walk().moves]
        assert refutation(q.hand, q.goal, q.target, line)[lang] in said


def test_the_refutation_follows_the_solvers_line() -> None:
    """The words come from the line: the trick that decides and its winner are the line's."""
    q = question_of(load_puzzles("duck_queen")[0])
    wrong, line = next(iter(q.lines().refutations.items()))
    seen, _ = tricks_seen(q.hand, line)
    lost = next(t for t in seen if t.winner == 0 and any(c.symbol == "Q♠" for c in t.scoring))
    words = refutation(q.hand, q.goal, q.target, line)
    assert words.tr.startswith(f"{wrong.symbol} ile oynarsan: ")
    assert f"{lost.number}. elde maça kızı sana düşer" in words.tr
    assert f"queen of spades falls to you in trick {lost.number}" in words.en


def test_a_wrong_card_later_in_the_line_is_numbered_from_the_puzzles_moment() -> None:
    """A puzzle of several choices: a wrong second card is refuted from its own moment, its
    tricks numbered as the played cards' list numbers them."""
    index = next(i for i, p in enumerate(load_puzzles("unblock")) if p.id == "ub-01")
    panel = puzzle_series(lang="en", theme="unblock", start=index)
    panel.act("card", str(next(iter(panel.accepted()))))
    assert panel.state == "play"
    wrong = next(c for c in panel.walk().hand.legal_plays() if c not in panel.accepted())
    panel.act("card", str(wrong))
    said = panel.note.text("en")
    numbers = [int(n) for n in re.findall(r"trick (\d+)", said)]
    assert panel.state == "failed" and numbers and min(numbers) >= 2, said


def test_the_solution_says_why_and_the_marks_are_named() -> None:
    panel = puzzle_series(lang="tr", theme="safe_exit", start=0)
    panel.act("solution")
    q = panel.question
    right = panel.walk().moves[0][1]
    assert f"Doğru kart {right.symbol}" in panel.note.text("tr")
    assert reason(q.hand, q.goal, q.target, q.lines().main)["tr"] in panel.note.text("tr")
    page = panel.body(live=True)
    assert 'maca-puzzle-legend">' in page and "✓ çözümün kartları" in page
    assert re.search(r'aria-label="çözümün kartları[^"]*" title="[^"]+">✓<', page)
    panel.act("next")
    panel.act("card", str(_wrong(panel)))
    page = panel.body(live=True)
    assert re.search(r'aria-label="savunmanın[^"]*"[^>]*>✗<', page) and "✗ savunmanın" in page


def test_the_worked_example_says_why_in_words() -> None:
    example = worked_example("dump_queen", "en")
    assert "Why does it work? " in example.text
    assert re.search(r"Why not the \*\*.+\*\*\? If you play the .+: ", example.text)


def test_a_series_is_numbered_from_one_and_opens_at_the_first_unsolved() -> None:
    # the page's panel is described without a start: live, it opens at the first unsolved
    assert puzzle_series("tr", theme="safe_exit").spec()["start"] is None
    store = PageStore()
    panel = PuzzlePanel("tr", theme="safe_exit", store=store)
    assert panel.worksheet.index == 0
    assert panel._heading().startswith("Bulmaca 1/24")
    assert example_index("safe_exit") > 0     # the page's example is not the series' first
    _solve(panel)
    panel.act("next")
    _solve(panel)
    # reopened (the page's storage kept): at the first puzzle not solved, not a solved one
    again = PuzzlePanel("tr", theme="safe_exit", store=PageStore(store.items))
    assert again.worksheet.index == 2 and not again.attempt.solved
    assert again._heading().startswith("Bulmaca 3/24")


def test_the_index_counts_what_the_theme_pages_solved() -> None:
    """Ten puzzles solved on theme pages: the collection's panel (the index page's) says 10,
    and the kept list holds them; a theme page counts what the index's panel solved too."""
    store = PageStore()
    for theme in ("safe_exit", "duck_queen"):
        panel = PuzzlePanel("tr", theme=theme, store=store)
        for _ in range(5):
            _solve(panel)
            panel.act("next")
    kept = json.loads(store.getItem(SOLVED_KEY))
    assert len(kept) == 10
    index = PuzzlePanel("tr", daily=True, store=PageStore(store.items))
    assert index._status().startswith("10/192 çözüldü")
    assert standing(index.worksheet, index.solved)["solved"] == 10
    # the index's panel solves one of peskir's: the peskir page counts it and opens after it
    index.go(next(i for i, a in enumerate(index.worksheet) if a.exercise.id.startswith("pk-")))
    _solve(index)
    peskir = PuzzlePanel("tr", theme="peskir", store=PageStore(index.store.items))
    assert peskir._status().startswith("1/24 çözüldü") and peskir.worksheet.index == 1


def test_answers_kept_before_the_solved_list_are_counted() -> None:
    """A browser with theme answers files but no solved list yet: the index reads them."""
    store = PageStore()
    panel = PuzzlePanel("en", theme="stop_moon", store=store)
    for _ in range(3):
        _solve(panel)
        panel.act("next")
    old = {k: v for k, v in store.items.items() if k != SOLVED_KEY}
    index = PuzzlePanel("en", store=PageStore(old))
    assert index._status().startswith("3/192 solved")


def test_the_static_picture_counts_from_the_solved_store() -> None:
    """Before the panel is live the page fills the count from the kept list (the puzzles'
    ids are on the picture); the picture never claims a count of its own."""
    panel = puzzle_series(lang="tr", theme="safe_exit")
    html = panel._repr_html_()
    assert SOLVED_KEY in html       # the panel keeps (and is sent) the solved list
    found = re.search(r'data-maca-solved="([^"]+)"', html)
    assert found and set(found.group(1).split()) == {p.id for p in load_puzzles("safe_exit")}
    assert 'data-maca-template="{solved}/24 çözüldü"' in html
    assert "0/24 çözüldü · seri" not in html
    assert say("puzzles.count", solved="…", total=24).tr in html
