"""Issue 13, second round: what a hostile review found after the first fixes.

A file name that is not UTF-8, marks that reverse or hide text, a teacher's output that would
overwrite an input, a chart format maca cannot write, Turkish Excel's separator, and ties
between files whose names differ only in case.
"""
from __future__ import annotations

import os
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from test_teacher import ASSIGNMENT, COURSE, PASSING, grade, grades, run, save, sheet

from maca.__main__ import main
from maca.exercises.files import plain, unsafe_chars
from maca.exercises.roster import ClassListError, parse_class


def handed_in(tmp_path: Path, name: str, student: str = "s1") -> Path:
    work = sheet(student)
    work.attempts[0].submit(work.attempts[0].exercise.answer())
    return save(tmp_path / "answers", name, work.progress)


def test_a_file_name_that_is_not_utf8_is_a_row_shown_escaped(tmp_path: Path) -> None:
    handed_in(tmp_path, "answers-passing-s1.json")
    odd = os.fsdecode(b"\xff\xfe-s2.json")          # a lone surrogate in Python's str
    handed_in(tmp_path, odd, "s2")
    _, rows = grade(tmp_path)
    assert "answers-passing-s1.json" in rows
    escaped = [name for name in rows if "\\udcff" in name]
    assert escaped and rows[escaped[0]]["Student ID"] == "s2"


def test_marks_that_reverse_or_hide_text_are_refused_in_a_class_list() -> None:
    assert unsafe_chars("s\u202e1") == ["\u202e"] and unsafe_chars("Ayşe Çelik") == []
    with pytest.raises(ClassListError, match=r"line 2: .*\\u202e"):
        parse_class("student_id,name\ns1,Ay\u202eşe\n")
    assert plain("\x1b[2J") == "\\x1b[2J"


def test_a_class_list_with_mixed_separators_names_the_line() -> None:
    with pytest.raises(ClassListError, match="line 3"):
        parse_class("student_id,name\ns1,Ayşe\ns2;Ali\n")


@pytest.mark.parametrize("option", ["--out", "--chart", "--report"])
def test_an_output_over_an_input_is_refused_before_any_work(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            option: str) -> None:
    handed_in(tmp_path, "answers-passing-s1.json")
    before = PASSING.read_bytes()
    out = str(PASSING) if option == "--out" else str(tmp_path / "grades.csv")
    extra = [option, str(PASSING)] if option != "--out" else []
    assert run("grade", "--set", str(PASSING), "--answers", str(tmp_path / "answers"),
               "--out", out, *extra) == 2
    assert "same file as --set" in capsys.readouterr().err or option == "--chart"
    assert PASSING.read_bytes() == before
    assert not (tmp_path / "grades.csv").exists()


def test_the_report_and_the_gradebook_cannot_be_one_file(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    handed_in(tmp_path, "answers-passing-s1.json")
    out = str(tmp_path / "grades.csv")
    assert run("grade", "--set", str(PASSING), "--answers", str(tmp_path / "answers"),
               "--out", out, "--report", out) == 2
    assert "--out and --report cannot be the same file" in capsys.readouterr().err


def test_an_output_inside_the_answers_folder_is_refused(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    handed_in(tmp_path, "answers-passing-s1.json")
    assert run("grade", "--set", str(PASSING), "--answers", str(tmp_path / "answers"),
               "--out", str(tmp_path / "answers" / "grades.csv")) == 2
    assert "inside the answers folder" in capsys.readouterr().err
    assert sorted(p.name for p in (tmp_path / "answers").iterdir()) == ["answers-passing-s1.json"]


def test_a_chart_format_maca_cannot_write_is_explained(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    handed_in(tmp_path, "answers-passing-s1.json")
    assert main(["grade", "--set", str(PASSING), "--answers", str(tmp_path / "answers"),
                 "--out", str(tmp_path / "g.csv"), "--chart", str(tmp_path / "c.xyz"),
                 "--lang", "tr"]) == 2
    err = capsys.readouterr().err
    assert "--chart" in err and "grafik.png" in err and "Traceback" not in err
    assert not (tmp_path / "g.csv").exists()


def test_a_chart_that_cannot_be_written_leaves_every_output_as_it_was(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    handed_in(tmp_path, "answers-passing-s1.json")
    (tmp_path / "grades.csv").write_text("last week's grades\n", encoding="utf-8")
    (tmp_path / "blocked").write_text("a file, not a folder", encoding="utf-8")
    assert run("grade", "--set", str(PASSING), "--answers", str(tmp_path / "answers"),
               "--out", str(tmp_path / "grades.csv"),
               "--chart", str(tmp_path / "blocked" / "chart.png")) == 2
    assert "Traceback" not in capsys.readouterr().err
    assert (tmp_path / "grades.csv").read_text(encoding="utf-8") == "last week's grades\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["answers", "blocked", "grades.csv"]


def test_a_folder_as_out_is_explained(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    handed_in(tmp_path, "answers-passing-s1.json")
    assert run("grade", "--set", str(PASSING), "--answers", str(tmp_path / "answers"),
               "--out", str(tmp_path)) == 2
    assert "is a folder: give a file name" in capsys.readouterr().err


def test_turkish_excel_gets_semicolons(tmp_path: Path) -> None:
    handed_in(tmp_path, "answers-passing-s1.json")
    out = tmp_path / "grades.csv"
    assert run("grade", "--set", str(PASSING), "--answers", str(tmp_path / "answers"),
               "--out", str(out), "--csv-separator", ";") == 0
    book = out.read_text(encoding="utf-8-sig").splitlines()
    assert book[0].startswith("Student ID;Name;Course;") and "," not in book[0]
    points, maximum, percent = book[1].split(";")[4:7]   # a decimal comma beside semicolons
    exact = (Decimal(100 * int(points)) / int(maximum)).quantize(Decimal("0.1"), ROUND_HALF_UP)
    assert percent == str(exact).replace(".", ",") and "," in percent
    report = (tmp_path / "grades-files.csv").read_text(encoding="utf-8-sig").splitlines()
    assert report[0] == "File;Student ID;Name;Status;Points;Unusual"


def test_files_not_ending_in_json_are_listed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    handed_in(tmp_path, "answers-passing-s1.json")
    handed_in(tmp_path, "answers-passing-s2.JSON.txt", "s2")
    grade(tmp_path)
    assert "not read, as the name does not end in .json: answers-passing-s2.JSON.txt" in \
        capsys.readouterr().out


def test_a_case_variant_name_does_not_win_a_tie(tmp_path: Path) -> None:
    handed_in(tmp_path, "Answers-Passing-S1.json")
    handed_in(tmp_path, "s1-copy.json")
    _, rows = grade(tmp_path)
    for name in ("Answers-Passing-S1.json", "s1-copy.json"):
        assert rows[name]["Status"].startswith("error: ") and "none was graded" in \
            rows[name]["Status"]


def test_a_lone_file_under_another_name_is_graded_with_a_note(tmp_path: Path) -> None:
    handed_in(tmp_path, "homework.json")
    _, rows = grade(tmp_path)
    assert rows["homework.json"]["Status"].startswith("ok") and \
        "does not name the student" in rows["homework.json"]["Status"]


def test_the_sheets_index_follows_the_separator(tmp_path: Path) -> None:
    classes = tmp_path / "class.csv"
    classes.write_text("student_id,name\ns1,Ayşe\ns2,Ali\n", encoding="utf-8")
    assert run("sheets", "--set", str(PASSING), "--class", str(classes), "--course", COURSE,
               "--assignment", ASSIGNMENT, "--out", str(tmp_path / "out"),
               "--csv-separator", ";") == 0
    text = (tmp_path / "out" / "teacher" / "index.csv").read_text(encoding="utf-8-sig")
    assert text.splitlines()[0] == "student_id;name;seed;file"
