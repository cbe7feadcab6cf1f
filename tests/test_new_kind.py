"""A question kind is added in one place — a `Question` subclass given to `register_kind` — and
every front-end asks it: the session (with its answers file read back), the exercise panel (in the notebook's widget),
the printed sheets, the live set notebook, and the teacher's grader."""
from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any, Iterator, Mapping

import pytest

from maca import Card, CardSet
from maca.exercises import KINDS, Progress, Worksheet, find_set, register_kind
from maca.exercises.forms import CARD
from maca.exercises.grading import grade_files
from maca.exercises.kinds import Line, Question, read_card
from maca.exercises.roster import Student
from maca.exercises.sheets import write_sheets
from maca.words import Text, show
from maca.rules import Rules

ROOT = Path(__file__).resolve().parent.parent


class HigherCard(Question):
    """Which of these cards ranks higher? (A kind made up for this test.)"""

    kind = "higher_card"
    fields = ("cards",)
    required = ("cards",)
    form = CARD
    example = (Text("KH", "KH"),)

    def __init__(self, params: Mapping[str, Any], rules: Rules) -> None:
        super().__init__(params, rules)
        self.cards = CardSet.parse(params["cards"])

    def solution(self) -> Card:
        return max(self.cards, key=lambda c: c.rank)

    def read(self, answer: Any) -> Card:
        return read_card(answer)

    def to_json(self, value: Any) -> Any:
        return str(value)

    def judge(self, given: Card) -> tuple[bool, list[Text]]:
        return given == self.solution(), [Text("Büyük olan kazanır.", "The higher one wins.")]

    def situation(self) -> list[Line]:
        return [Line(Text("Kartlar", "Cards"), show(self.cards), self.cards)]

    def offered(self) -> list[Any]:
        return self.cards.sorted_for_display()


SET = '''id = "dummy"
title = { tr = "Yeni soru türü", en = "A new kind of question" }
[[exercise]]
id = "d1"
kind = "higher_card"
cards = "9S KH 4D"
prompt = { tr = "Hangisi daha büyük?", en = "Which one is higher?" }
hints = [{ tr = "Papaz dokuzdan büyüktür.", en = "A king beats a nine." }]
'''


@pytest.fixture
def dummy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The new kind registered, and a set asking it, found by name like a shipped set."""
    assert register_kind(HigherCard) is HigherCard
    folder = tmp_path / "sets"
    folder.mkdir()
    (folder / "dummy.toml").write_text(SET, encoding="utf-8")
    monkeypatch.setattr("maca.exercises.sets.SET_FOLDERS", (folder,))
    monkeypatch.chdir(tmp_path)
    yield folder / "dummy.toml"
    del KINDS["higher_card"]


def test_the_session_asks_it_and_reads_its_answers_back(dummy: Path) -> None:
    sheet = Worksheet.open("dummy")
    attempt = sheet.current
    assert [str(c) for c in attempt.offered()] == ["9S", "KH", "4D"]
    attempt.hint()
    attempt.toggle("9S")
    assert not attempt.check().passed and attempt.can_reveal()
    attempt.retry()
    attempt.toggle("KH")
    assert attempt.check().passed
    again = Worksheet.open("dummy")
    assert again.current.solved and again.current.answer() == "KH"
    assert again.current.hints == [attempt.exercise.hints[0]]
    assert again.current.picture("tr").count('role="img"') == 3      # the cards, drawn
    [row] = grade_files(find_set("dummy"), [sheet.path])
    assert row.error is None and row.score == row.max_score == 1


def test_the_widget_asks_it_by_clicks(dummy: Path) -> None:
    pytest.importorskip("anywidget")
    from maca.panels import exercise_set
    from maca.widgets import PanelWidget
    from test_notebook_host import act, cards_shown, said
    widget = PanelWidget(exercise_set("en", "dummy", folder="."))
    assert cards_shown(widget) == ["9S", "KH", "4D"]
    assert "Click a card, then press" in said(widget)
    act(widget, "card", "KH")
    act(widget, "check")
    assert "Correct!" in said(widget) and "The higher one wins." in said(widget)
    assert Progress.load(Path("answers-dummy-guest.json")).answers["d1"].answer == "KH"


def test_the_sheets_ask_it(dummy: Path, tmp_path: Path) -> None:
    [entry] = write_sheets(dummy, [Student("s1")], "C", "A", tmp_path / "html")
    page = (tmp_path / "html" / entry.file).read_text(encoding="utf-8")
    assert 'data-id="d1" placeholder="örnek: KH"' in page and "Hangisi daha büyük?" in page
    [entry] = write_sheets(dummy, [Student("s1")], "C", "A", tmp_path / "nb", "ipynb", "en")
    notebook = json.loads((tmp_path / "nb" / entry.file).read_text(encoding="utf-8"))
    code = "".join(notebook["cells"][1]["source"])
    assert "kind = \\\"higher_card\\\"" in code and "exercise_set(" in code


def test_the_live_set_notebook_opens_it(dummy: Path) -> None:
    pytest.importorskip("anywidget")
    pytest.importorskip("nbformat")
    import sys
    sys.path.insert(0, str(ROOT / "lite"))
    from live_notebooks import exercise_notebook
    from maca.widgets import PanelWidget
    from test_notebook_host import act, said
    nb = exercise_notebook(dummy, "tr")
    assert nb.cells[0].source.startswith("# Yeni soru türü")
    code = [c.source for c in nb.cells if c.cell_type == "code"
            and "live-setup" not in c.metadata.get("tags", [])]
    assert code == ["from maca import panels\n\n"
                    "panels.exercise_set('tr', 'dummy', folder='.')"]
    *setup, last = ast.parse(code[0]).body
    namespace: dict[str, Any] = {}
    exec(compile(ast.Module(setup, []), "live", "exec"), namespace)
    widget = PanelWidget(eval(compile(ast.Expression(last.value), "live", "eval"), namespace))
    act(widget, "card", "9S")
    act(widget, "check")
    assert "Henüz doğru değil." in said(widget) and "Büyük olan kazanır." in said(widget)
    assert Path("answers-dummy-guest.json").exists()
