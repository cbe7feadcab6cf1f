"""The gradebook export (issue 20, item 3): a class of 30 as a Turkish school register, its
answers with a missing student, an unreadable file, a copied file and a wrong set, graded once
and written in every format; each read back with Python's csv module, as an LMS import would."""
from __future__ import annotations

import csv
import io
import json
import re
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from test_exercises import wrong_answer

from maca.__main__ import main
from maca.exercises import Worksheet, check, load_set
from maca.exercises.gradebook import FORMATS, files_report_text, gradebook_text
from maca.exercises.grading import GradeRow, grade_files
from maca.exercises.roster import ClassListError, Student, parse_class, read_class
from maca.exercises.session import answers_file_name

ROOT = Path(__file__).resolve().parent.parent
PASSING = ROOT / "exercises" / "passing.toml"
HEARTS = ROOT / "exercises" / "hearts.toml"
COURSE, ASSIGNMENT = "9A", "hafta-3"
NAMES = ["Ayşe Yılmaz", "Mehmet Ali Kaya", "Zeynep Şahin", "Çağrı Öztürk", "İlknur Güneş",
         "Emre Doğan"]
IDS = [f"2024{n:03d}" for n in range(1, 31)]
MISSING, EMPTY, COPIED, OTHER_SET = IDS[26], IDS[27], IDS[28], IDS[29]
BASE = load_set(PASSING)


def register(ids: list[str] = IDS) -> str:
    """A Turkish e-Okul style register with Moodle's and Canvas's identifiers beside."""
    lines = ["S.No;Öğrenci No;Adı Soyadı;Şube;ID number;E-posta;SIS User ID"]
    for n, sid in enumerate(ids, 1):
        mail = f"ogr{sid}@okul.k12.tr" if n % 5 else ""    # some students have no e-mail
        lines.append(f"{n};{sid};{NAMES[n % len(NAMES)]};9-A;m{sid};{mail};sis-{sid}")
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """The class list, the answers folder, the rows and the points each student should get."""
    work = tmp_path_factory.mktemp("class")
    (work / "class.csv").write_bytes(register().encode("cp1254"))
    answers = work / "answers"
    answers.mkdir()
    expected: dict[str, int] = {}
    for k, sid in enumerate(IDS[:26]):
        sheet = Worksheet.for_student(BASE, COURSE, ASSIGNMENT, sid)
        for i, attempt in enumerate(sheet):
            if (i + k) % 4 == 0:
                attempt.submit(wrong_answer(attempt.exercise))
            elif (i + k) % 4 != 1:                    # every fourth left out
                attempt.submit(attempt.exercise.answer())
        sheet.save(answers / answers_file_name(BASE.id, sid))
        expected[sid] = sum(check(a.exercise, a.entry.answer).score for a in sheet
                            if a.entry.answer is not None)
    (answers / answers_file_name(BASE.id, EMPTY)).write_text("", encoding="utf-8")
    # the first student's file copied under another id: graded on the copier's own variant
    copy = json.loads((answers / answers_file_name(BASE.id, IDS[0])).read_text("utf-8"))
    copy["student_id"] = COPIED
    (answers / answers_file_name(BASE.id, COPIED)).write_text(json.dumps(copy), "utf-8")
    own = Worksheet.for_student(BASE, COURSE, ASSIGNMENT, COPIED)
    expected[COPIED] = sum(check(own.exercises[key], entry["answer"]).score
                           for key, entry in copy["answers"].items()
                           if entry.get("answer") is not None)
    wrong = Worksheet.for_student(load_set(HEARTS), COURSE, ASSIGNMENT, OTHER_SET)
    wrong.save(answers / answers_file_name(BASE.id, OTHER_SET))   # another set's answers
    stranger = Worksheet.for_student(BASE, COURSE, ASSIGNMENT, "9999")
    stranger.save(answers / "answers-passing-9999.json")          # not in the class list
    students = read_class(work / "class.csv")
    rows = grade_files(BASE, sorted(answers.iterdir()), COURSE, ASSIGNMENT, students)
    return {"work": work, "students": students, "rows": rows, "expected": expected}


def read(text: str, separator: str = ",") -> list[list[str]]:
    """A gradebook text as an LMS reads it: a BOM, then CSV."""
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:], newline=""), delimiter=separator))


def percent(points: int) -> str:
    """A percentage to one decimal, halves up (6.25 → 6.3)."""
    exact = Decimal(100 * points) / Decimal(BASE.max_score)
    return str(exact.quantize(Decimal("0.1"), ROUND_HALF_UP))


def test_the_register_headers_are_read_and_named(graded: dict) -> None:
    students = graded["students"]
    assert [s.id for s in students] == IDS              # never S.No, the row number
    assert students[0] == Student(IDS[0], NAMES[1], idnumber=f"m{IDS[0]}",
                                  email=f"ogr{IDS[0]}@okul.k12.tr", sis_user_id=f"sis-{IDS[0]}",
                                  section="9-A")
    assert students.columns.tr == ("class.csv: öğrenci numarası 'Öğrenci No' sütunundan, adlar "
                                   "'Adı Soyadı' sütunundan alındı").replace(
        "class.csv", str(graded["work"] / "class.csv"))
    assert students.carries == {"idnumber", "email", "sis_user_id", "section"}


@pytest.mark.parametrize("text", [
    "Okul No,Ad Soyad\n2024001,Ayşe Yılmaz\n",
    "NUMARA;ADI;SOYADI\n2024001;Ayşe;Yılmaz\n",      # given name and surname apart, joined
    "Sıra No\tÖĞRENCİ NUMARASI\tAdı ve Soyadı\n1\t2024001\tAyşe Yılmaz\n",
    "S.No;Numara;Ad Soyadı;E-posta\n1;2024001;Ayşe Yılmaz;a@okul.tr\n",
    "student_id,name\n2024001,Ayşe Yılmaz\n",
])
def test_common_register_headers_are_accepted(text: str) -> None:
    students = parse_class(text, "c.csv")
    assert [(s.id, s.name) for s in students] == [("2024001", "Ayşe Yılmaz")]
    assert (students.columns is None) == text.startswith("student_id,name")
    assert students.columns is None or "c.csv: student ids from the column" in students.columns.en


def test_a_register_without_an_id_column_is_refused_with_the_accepted_headers() -> None:
    with pytest.raises(ClassListError, match="student id column .*Öğrenci No.*Okul No"):
        parse_class("S.No;Adı Soyadı\n1;Ayşe\n", "c.csv")


def test_csv_one_row_per_student_in_class_order(graded: dict) -> None:
    rows, students, expected = graded["rows"], graded["students"], graded["expected"]
    table = read(gradebook_text(rows, students, BASE, COURSE, ASSIGNMENT, "csv", lang="en"))
    questions = [f"Q{n}" for n in range(1, len(BASE) + 1)]
    assert table[0] == ["Student ID", "Name", "ID number", "Email address", "SIS User ID",
                        "Section", "Course", "Assignment", "Points", "Maximum", "Percent",
                        *questions, "Unusual", "Status", "File"]
    book = [dict(zip(table[0], r)) for r in table[1:]]
    assert [r["Student ID"] for r in book] == IDS      # one row each, never a second
    assert [r["Name"] for r in book] == [s.name for s in students]
    for r in book:
        assert (r["Course"], r["Assignment"], r["Maximum"]) == (COURSE, ASSIGNMENT, "16")
        if r["Student ID"] in expected:
            points = expected[r["Student ID"]]
            assert (r["Points"], r["Percent"]) == (str(points), percent(points)), r
            assert sum(int(r[q] or 0) for q in questions) == points
            assert r["Status"].startswith("graded")
        else:
            assert r["Points"] == r["Percent"] == "" and all(r[q] == "" for q in questions)
    by_id = {r["Student ID"]: r for r in book}
    assert by_id[COPIED]["File"] == answers_file_name(BASE.id, COPIED)
    assert by_id[MISSING]["Status"] == "no answers file"
    for sid in (EMPTY, OTHER_SET):
        assert by_id[sid]["Status"] == \
            f"not graded: {answers_file_name(BASE.id, sid)} (see the files report)"
    assert "9999" not in by_id


def test_the_files_report_is_separate_and_holds_every_file(graded: dict) -> None:
    rows, students = graded["rows"], graded["students"]
    table = read(files_report_text(rows, students, lang="en"))
    assert table[0] == ["File", "Student ID", "Name", "Status", "Points", "Unusual"]
    report = {r[0]: dict(zip(table[0], r)) for r in table[1:]}
    assert sorted(report) == sorted(p.name for p in (graded["work"] / "answers").iterdir())
    refused = {name for name, r in report.items() if r["Status"].startswith("error: ")}
    assert refused == {answers_file_name(BASE.id, EMPTY), answers_file_name(BASE.id, OTHER_SET),
                       "answers-passing-9999.json"}
    assert report[answers_file_name(BASE.id, EMPTY)]["Status"] == (
        "error: the file is empty (0 bytes): the student may have uploaded it before the "
        "download finished; ask for it again")       # never the JSON reader's "Expecting value"
    assert "for set 'hearts', not 'passing'" in \
        report[answers_file_name(BASE.id, OTHER_SET)]["Status"]
    assert "not in the class list" in report["answers-passing-9999.json"]["Status"]
    assert all(report[n]["Points"] == "" for n in refused)
    assert report[answers_file_name(BASE.id, IDS[1])]["Name"] == NAMES[2]


def test_moodle_maps_on_id_number_or_email(graded: dict) -> None:
    rows, students, expected = graded["rows"], graded["students"], graded["expected"]
    table = read(gradebook_text(rows, students, BASE, COURSE, ASSIGNMENT, "moodle"))
    assert table[0] == ["ID number", "Email address", "First name", "Last name", ASSIGNMENT]
    assert [r[0] for r in table[1:]] == [f"m{sid}" for sid in IDS]
    assert [r[1] for r in table[1:]] == [s.email for s in students]
    assert table[2][2:4] == ["Zeynep", "Şahin"] and table[1][2:4] == ["Mehmet Ali", "Kaya"]
    points = {f"m{sid}": p for sid, p in expected.items()}
    assert all(r[4] == str(points.get(r[0], "")) for r in table[1:])
    # a list without Moodle's ids: the student id is the ID number, no e-mail column
    plain = [Student(s.id, s.name) for s in students]
    table = read(gradebook_text(rows, plain, BASE, COURSE, ASSIGNMENT, "moodle"))
    assert table[0] == ["ID number", "First name", "Last name", ASSIGNMENT]
    assert [r[0] for r in table[1:]] == IDS


def test_canvas_has_its_columns_and_the_points_possible_row(graded: dict) -> None:
    rows, students, expected = graded["rows"], graded["students"], graded["expected"]
    table = read(gradebook_text(rows, students, BASE, COURSE, ASSIGNMENT, "canvas", ";"), ";")
    assert table[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", ASSIGNMENT]
    assert table[1] == ["Points Possible", "", "", "", "", "16"]
    body = table[2:]
    assert [r[2] for r in body] == [f"sis-{sid}" for sid in IDS]
    assert body[0][0] == "Kaya, Mehmet Ali" and {r[4] for r in body} == {"9-A"}
    assert [r[5] for r in body] == [str(expected.get(sid, "")) for sid in IDS]
    plain = [Student(s.id, s.name) for s in students]
    table = read(gradebook_text(rows, plain, BASE, COURSE, ASSIGNMENT, "canvas"))
    assert [r[2] for r in table[2:]] == IDS and {r[4] for r in table[2:]} == {""}


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_command_line_writes_the_same_text(graded: dict, tmp_path: Path, fmt: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    work = graded["work"]
    out = tmp_path / f"{fmt}.csv"
    assert main(["grade", "--set", str(PASSING), "--answers", str(work / "answers"),
                 "--class", str(work / "class.csv"), "--course", COURSE, "--assignment",
                 ASSIGNMENT, "--out", str(out), "--format", fmt, "--lang", "tr"]) == 0
    said, errors = capsys.readouterr()
    assert "öğrenci numarası 'Öğrenci No' sütunundan" in said
    assert "27/30 dosya notlandı" in said and "; 3 öğrencinin notlandırılan dosyası yok" in said
    assert errors == ""
    assert [line for line in said.splitlines() if "cevap dosyası yok" in line] == \
        [f"✗ {NAMES[27 % 6]} ({MISSING}): cevap dosyası yok"]
    rows, students = graded["rows"], graded["students"]
    again = grade_files(BASE, sorted((work / "answers").iterdir()), COURSE, ASSIGNMENT,
                        students, lang="tr")
    assert out.read_bytes().decode("utf-8") == gradebook_text(again, students, BASE, COURSE,
                                                             ASSIGNMENT, fmt, lang="tr")
    report = (tmp_path / f"{fmt}-files.csv").read_bytes().decode("utf-8")
    assert report == files_report_text(again, students, lang="tr")
    assert read(report)[0] == ["Dosya", "Öğrenci No", "Adı Soyadı", "Durum", "Puan",
                               "Olağan dışı"]
    assert len(rows) == len(again)


def test_turkish_headers_and_a_decimal_comma(graded: dict) -> None:
    rows, students = graded["rows"], graded["students"]
    table = read(gradebook_text(rows, students, BASE, COURSE, ASSIGNMENT, "csv", ";"), ";")
    assert table[0][:2] == ["Öğrenci No", "Adı Soyadı"]
    assert table[0][6:11] == ["Ders", "Ödev", "Puan", "En yüksek puan", "Yüzde"]
    assert table[0][11] == "S1" and table[0][-3:] == ["Olağan dışı", "Durum", "Dosya"]
    points = graded["expected"][IDS[0]]
    assert table[1][10] == percent(points).replace(".", ",")
    # the Turkish gradebook is itself a class list the tools read back
    again = parse_class(gradebook_text(rows, students, BASE, COURSE, ASSIGNMENT, "csv", ";"))
    assert [(s.id, s.name, s.idnumber) for s in again] == \
        [(s.id, s.name, s.idnumber) for s in students]


def test_without_a_class_list_the_graded_students_in_file_order() -> None:
    rows = [GradeRow("b.json", "s2", ASSIGNMENT, COURSE, {"pass-1": 1}, 16),
            GradeRow("a.json", "s1", ASSIGNMENT, COURSE, error="not valid JSON"),
            GradeRow("c.json", "s2", ASSIGNMENT, COURSE, {"pass-1": 0}, 16)]
    table = read(gradebook_text(rows, None, BASE, None, None, "csv", lang="en"))
    assert [r[:7] for r in table[1:]] == [["s2", "", COURSE, ASSIGNMENT, "1", "16", "6.3"]]
    report = read(files_report_text(rows, None, lang="en"))
    assert [r[0] for r in report[1:]] == ["b.json", "a.json", "c.json"]
    assert report[3][3] == "error: another file of student 's2' (b.json) was graded, not this one"


def test_a_format_or_separator_maca_does_not_write_is_refused(graded: dict) -> None:
    with pytest.raises(Exception, match="use csv, moodle, canvas"):
        gradebook_text([], [], BASE, COURSE, ASSIGNMENT, "xlsx")
    with pytest.raises(Exception, match=re.escape("separator '|'")):
        gradebook_text([], [], BASE, COURSE, ASSIGNMENT, "csv", "|")
