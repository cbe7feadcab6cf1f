"""Teacher tools end to end: per-student sheets (HTML and notebooks), answers files, grading."""
from __future__ import annotations

import ast
import csv
import html
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from test_exercises import wrong_answer

from maca.__main__ import main
from maca.exercises.session import answers_file_name
from maca.exercises import Exercise, Progress, Worksheet, check, load_set, student_seed
from maca.exercises.grading import grade_progress
from maca.exercises.roster import Student, read_class
from maca.exercises.sheets import write_sheets
from maca.reasons import seat_name

ROOT = Path(__file__).resolve().parent.parent
SET = ROOT / "exercises" / "hearts.toml"
COURSE, ASSIGNMENT = "MAT101", "hafta-3"
CLASS = ("student_id;name\n2024001;Ayşe Yılmaz\n2024002;Can Öz\n2024003;Deniz Ak\n"
         "2024004;Ece Su\n2024005;Efe Kaya\n2024006;Gül Tan\n")


@pytest.fixture
def class_csv(tmp_path: Path) -> Path:
    path = tmp_path / "class.csv"
    path.write_text(CLASS, encoding="utf-8")
    return path


def form_answer(exercise: Exercise) -> Any:
    """The answer as a student types it into an HTML sheet (text in Turkish)."""
    right = exercise.answer()
    players = exercise.question.rules.players
    if exercise.kind == "legal_cards":
        return " ".join(right)
    if exercise.kind in ("trick_winner", "pass_direction"):
        return "kimse" if right == "none" else seat_name(right, "tr", players).split(" (")[0]
    if exercise.kind == "hand_score":
        return " ".join(map(str, right))
    if exercise.kind == "game_winner":
        return {"winners": " ".join(map(str, right["winners"])),
                "standings": " ".join(map(str, right["standings"]))}
    if exercise.kind == "moon_possible":
        return "evet" if right else "hayır"
    return right


def test_sheets_give_each_student_a_variant_shown_with_its_seed(tmp_path: Path,
                                                                class_csv: Path) -> None:
    out = tmp_path / "sheets"
    assert main(["sheets", "--set", str(SET), "--class", str(class_csv), "--course", COURSE,
                 "--assignment", ASSIGNMENT, "--out", str(out)]) == 0
    with open(out / "teacher" / "index.csv", encoding="utf-8-sig") as f:
        index = list(csv.DictReader(f))
    assert [row["student_id"] for row in index] == [s.id for s in read_class(class_csv)]
    for row in index:
        assert int(row["seed"]) == student_seed(COURSE, ASSIGNMENT, row["student_id"])
        page = (out / row["file"]).read_text(encoding="utf-8")
        assert row["name"] in page and "<svg" in page and "Kupaları kırmak" in page
        assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
        assert "<link" not in page and "<script src" not in page
        meta = json.loads(html.unescape(re.search(r'data-meta="([^"]*)"', page).group(1)))
        assert meta["seed"] == int(row["seed"]) and meta["set"] == "hearts"
        assert meta["file"] == f"answers-hearts-{row['student_id']}.json"
    assert "2024001" in (out / "teacher" / "index.html").read_text(encoding="utf-8")
    assert sorted(p.name for p in out.iterdir()) == ["students", "teacher"]


def test_variants_reproduce_from_the_seeds_and_differ_between_students(tmp_path: Path) -> None:
    students = [Student("a1"), Student("a2"), Student("a3")]
    entries = write_sheets(SET, students, COURSE, ASSIGNMENT, tmp_path)
    answers = []
    for entry in entries:
        again = load_set(SET, seed=entry.seed)
        assert [e.to_dict() for e in again] == [e.to_dict() for e in entry.variant]
        answers.append([e.to_dict() for e in entry.variant])
    assert answers[0] != answers[1] != answers[2]


def test_notebook_sheets_open_the_widget_on_the_students_variant(
        tmp_path: Path, class_csv: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "nb"
    assert main(["sheets", "--set", str(SET), "--class", str(class_csv), "--course", COURSE,
                 "--assignment", ASSIGNMENT, "--out", str(out), "--format", "ipynb",
                 "--lang", "en"]) == 0
    notebook = json.loads((out / "students" / "2024002.ipynb").read_text(encoding="utf-8"))
    nbformat = pytest.importorskip("nbformat")
    nbformat.validate(nbformat.from_dict(notebook))
    intro, code = ("".join(c["source"]) for c in notebook["cells"])
    intro = re.sub(r"\\(.)", r"\1", intro)     # Markdown's escapes, as the notebook shows it
    assert "Can Öz (2024002)" in intro and "answers-hearts-2024002.json" in intro
    assert "answer =" not in code and "exercise_set(" in code       # nothing typed: clicks
    pytest.importorskip("anywidget")
    from maca.widgets import PanelWidget
    from test_notebook_host import act, answer
    monkeypatch.chdir(tmp_path)
    *setup, last = ast.parse(code).body
    namespace: dict[str, Any] = {}
    exec(compile(ast.Module(setup, []), "sheet", "exec"), namespace)
    panel = eval(compile(ast.Expression(last.value), "sheet", "eval"), namespace)
    widget = PanelWidget(panel)                  # what the notebook shows it in
    sheet = panel.worksheet
    assert sheet.exercises.seed == student_seed(COURSE, ASSIGNMENT, "2024002")
    assert panel.lang == "en"
    for attempt in sheet:
        answer(widget, attempt.exercise.answer())
        assert attempt.solved, attempt.exercise.id
        if sheet.index < len(sheet) - 1:
            act(widget, "next")
    saved = Progress.load(tmp_path / "answers-hearts-2024002.json")
    assert (saved.student_id, saved.set_id, saved.course, saved.assignment) == \
        ("2024002", "hearts", COURSE, ASSIGNMENT)
    assert all(saved.answers[a.exercise.id].tries == 1 for a in sheet)


def _write(directory: Path, name: str, progress: Progress | dict[str, Any] | str) -> None:
    if isinstance(progress, Progress):
        progress = progress.to_json()
    elif isinstance(progress, dict):
        progress = json.dumps(progress)
    (directory / name).write_text(progress, encoding="utf-8")


def test_grading_end_to_end(tmp_path: Path, class_csv: Path,
                            capsys: pytest.CaptureFixture[str]) -> None:
    base = load_set(SET)
    answers = tmp_path / "answers"
    answers.mkdir()
    good = Worksheet.for_student(base, COURSE, ASSIGNMENT, "2024001")
    for exercise in good.exercises:
        assert good.check(exercise.id, exercise.answer()).passed
    own = answers_file_name(base.id, "2024001")
    _write(answers, own, good.progress)

    partly = Worksheet.for_student(base, COURSE, ASSIGNMENT, "2024002")
    for i, exercise in enumerate(partly.exercises.exercises[:-1]):
        partly.check(exercise.id, exercise.answer() if i % 2 else wrong_answer(exercise))
    _write(answers, "partly.json", partly.progress)

    _write(answers, "broken.json", "{this is not json")
    tampered = good.progress.to_dict()
    tampered.update(student_id="2024004", score=999)
    tampered["answers"]["bogus"] = {"answer": "__import__('os').system('true')", "tries": 1}
    _write(answers, "tampered.json", tampered)
    unreadable = Worksheet.for_student(base, COURSE, ASSIGNMENT, "2024005")
    unreadable.progress.record("hb-1", "ZZ")
    _write(answers, "unreadable.json", unreadable.progress)
    shutil.copy2(answers / own, answers / "zz-again.json")   # the same time: the own name wins
    other = Worksheet.for_student(base, COURSE, "hafta-4", "2024003")
    _write(answers, "other.json", other.progress)
    (answers / "notes.txt").write_text("not an answers file")

    grades, chart = tmp_path / "grades.csv", tmp_path / "chart.png"
    assert main(["grade", "--set", str(SET), "--answers", str(answers), "--out", str(grades),
                 "--class", str(class_csv), "--assignment", ASSIGNMENT, "--chart", str(chart),
                 "--lang", "en"]) == 0
    with open(grades, encoding="utf-8-sig") as f:
        reader = csv.reader(f)
        header = next(reader)
        book = [dict(zip(header, r)) for r in reader]
    with open(tmp_path / "grades-files.csv", encoding="utf-8-sig") as f:
        rows = {r["File"]: r for r in csv.DictReader(f)}
    ids = [e.id for e in base]
    assert header == ["Student ID", "Name", "Course", "Assignment", "Points", "Maximum",
                      "Percent", *(f"Q{n}" for n in range(1, len(ids) + 1)), "Unusual",
                      "Status", "File"]
    # one row per student of the class list, in its order, each with its name
    assert [(r["Student ID"], r["Name"]) for r in book] == [
        tuple(line.split(";")) for line in CLASS.splitlines()[1:]]
    by_id = {r["Student ID"]: r for r in book}
    full = str(base.max_score)
    assert by_id["2024001"]["Points"] == full and by_id["2024001"]["Percent"] == "100.0"
    assert by_id["2024001"]["File"] == own and by_id["2024001"]["Status"].startswith("graded")
    assert {r["Course"] for r in book} == {COURSE} and {r["Assignment"] for r in book} == {ASSIGNMENT}
    partial = by_id["2024002"]
    assert 0 < int(partial["Points"]) < base.max_score and partial[f"Q{len(ids)}"] == ""
    assert partial["Q1"] == "0" and partial["Q2"] == "1"
    assert partial["Percent"] == f"{100 * int(partial['Points']) / base.max_score:.1f}"
    assert by_id["2024005"]["Q1"] == "0"   # hb-1, unreadable
    # not graded: an empty cell, never a second row; the files report says why
    assert by_id["2024003"]["Points"] == by_id["2024006"]["Points"] == ""
    assert by_id["2024003"]["Status"] == "not graded: other.json (see the files report)"
    assert by_id["2024006"]["Status"] == "no answers file"
    assert set(rows) == {own, "zz-again.json", "broken.json", "other.json", "partly.json",
                         "tampered.json", "unreadable.json"}
    assert rows[own]["Status"].startswith("ok") and rows[own]["Points"] == full
    assert rows[own]["Name"] == "Ayşe Yılmaz"
    assert rows["broken.json"]["Status"] == ("error: the file is not an answers file: its text "
                                             "is cut short or was edited by hand; ask the "
                                             "student for the file the tools downloaded")
    assert rows["broken.json"]["Points"] == ""
    status = rows["tampered.json"]["Status"]
    assert "ignored (maca does not know it): field 'score'" in status and "ignored answers['bogus']" in status
    assert f"seed {good.exercises.seed} in the file is not this student's" in status
    assert int(rows["tampered.json"]["Points"]) < base.max_score  # another variant's answers
    assert "hb-1: unreadable answer: A card could not be read" in rows["unreadable.json"]["Status"]
    assert ("other files also claim student '2024001' (zz-again.json (" in rows[own]["Status"]
            and "this one was, as it has the name the tools give" in rows[own]["Status"])
    assert f"{own}, the name the tools give the student's file, was graded, not this one" in \
        rows["zz-again.json"]["Status"]
    assert "for assignment 'hafta-4', not 'hafta-3'" in rows["other.json"]["Status"]
    assert chart.read_bytes().startswith(b"\x89PNG")
    out, err = capsys.readouterr()
    assert err == ""
    assert "✗ broken.json: not graded: the file is not an answers file" in out
    assert "✗ Gül Tan (2024006): no answers file" in out
    assert ("✗ Deniz Ak (2024003): no file graded: other.json: the file is for assignment "
            "'hafta-4', not 'hafta-3'") in out        # said once, as not graded, never missing
    assert "1 file not read, as the name does not end in .json: notes.txt" in out
    assert "graded 4/7 files" in out and "; 2 students with no file graded" in out
    assert ("↻ Ayşe Yılmaz (2024001): 2 files equally recent (" in out
            and "answers-hearts-2024001.json, with the name the tools give, was graded" in out)
    # the file of Ece Su (2024004) was made on Ayşe's questions: a copy, said once
    assert [line for line in out.splitlines() if "Possibly copied" in line] == [
        "⚠ Possibly copied: the answers in Ece Su (2024004)'s file (tampered.json) fit Ayşe "
        "Yılmaz (2024001)'s questions, not their own: the file was made on the questions "
        "built for Ayşe Yılmaz (2024001); 8 of its wrong answers are Ayşe Yılmaz "
        "(2024001)'s right answers (Q11, Q12, Q13, Q14, Q15, Q16, Q17, Q18)"]


def test_answers_typed_into_an_html_sheet_are_graded() -> None:
    variant = load_set(SET).variant(student_seed(COURSE, ASSIGNMENT, "2024003"))
    for exercise in [*variant, *load_set(ROOT / "exercises" / "scoring.toml"),
                     *load_set(ROOT / "exercises" / "passing.toml")]:
        assert check(exercise, form_answer(exercise)).passed, exercise.id


def test_an_html_sheet_saves_answers_in_a_browser(tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path("/usr/bin/chromium").exists():
        pytest.skip("chromium is not installed")
    entry = write_sheets(SET, [Student("2024001", "Ayşe")], COURSE, ASSIGNMENT, tmp_path)[0]
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        page = browser.new_page(accept_downloads=True)
        page.goto((tmp_path / entry.file).as_uri())
        for exercise in entry.variant:
            answer = form_answer(exercise)
            if isinstance(answer, dict):
                for part, text in answer.items():
                    page.fill(f'input[data-id="{exercise.id}"][data-part="{part}"]', text)
            else:
                page.fill(f'input[data-id="{exercise.id}"]', str(answer))
        with page.expect_download() as info:
            page.click("#save")
        info.value.save_as(tmp_path / "answers.json")
        browser.close()
    progress = Progress.load(tmp_path / "answers.json")
    row = grade_progress(load_set(SET), progress)
    assert row.error is None and row.score == row.max_score and not row.notes


@pytest.mark.parametrize("text, problem", [
    ("id,name\n1,A\n", "class.csv: line 1 must be a header with a student id column "
                       "(student_id, Öğrenci No"),
    ("S.No;Adı Soyadı\n1;A\n", "class.csv: line 1 must be a header with a student id column"),
    ("student_id,name\n1,A\n1,B\n", "class.csv: line 3: student_id '1' appears twice"),
    ("student_id,name\n1,A\n,B\n", "class.csv: line 3: student_id is empty"),
    ("student_id\n", "class.csv: the class list has no students"),
    ("student_id\n" + "7" * 200_000 + "\n", "class.csv: line 2: a value is too long"),
])
def test_bad_class_lists_are_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      text: str, problem: str) -> None:
    (tmp_path / "class.csv").write_text(text, encoding="utf-8")
    command = ["sheets", "--set", str(SET), "--class", str(tmp_path / "class.csv"),
               "--course", COURSE, "--assignment", ASSIGNMENT, "--out", str(tmp_path / "o")]
    assert main([*command, "--lang", "en"]) == 2 and problem in capsys.readouterr().err
    # a Turkish teacher reads it in Turkish only
    assert main(command) == 2
    said = capsys.readouterr().err
    assert "class.csv: " in said and problem not in said and "işlem yapılamadı" in said


def test_a_missing_answers_folder_is_reported(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "--set", str(SET), "--answers", str(tmp_path / "none"),
                 "--out", str(tmp_path / "g.csv")]) == 2
    assert "böyle bir klasör yok" in capsys.readouterr().err


def test_check_validates_set_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('title = {tr = "D", en = "T"}\n[[exercise]]\nid = "x"\nkind = "nope"\n')
    assert main(["check", str(SET), str(bad), "--lang", "en"]) == 1
    out, err = capsys.readouterr()
    assert "hearts.toml: 18 exercises" in out and "bad.toml: exercise 'x'" in err
