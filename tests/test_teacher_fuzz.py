"""Issue 13: a bounded fuzz of the teacher's commands. Whatever the answers files, class lists
and exercise files hold, `check`, `sheets` and `grade` finish with a report (exit 0, 1 or 2),
never a traceback nor "a bug in maca" (exit 3); every answers file becomes a row.
"""
from __future__ import annotations

import contextlib
import csv
import io
import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from maca.__main__ import main
from maca.exercises import Worksheet, load_set

ROOT = Path(__file__).resolve().parent.parent
PASSING = ROOT / "exercises" / "passing.toml"
BASE = load_set(PASSING)
GOOD = Worksheet.for_student(BASE, "C", "A", "s1").progress.to_dict()
IDS = [e.id for e in BASE]

FEW = settings(max_examples=40, deadline=None, derandomize=True,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
ODD = "=+-@\t\r\n\"';,<>&²①٣３İıŞşÇçĞğÖöÜü\x00\ufeff/\\. "
TEXT = st.one_of(st.text(max_size=30), st.text(alphabet=ODD + "abc012", max_size=30))
SCALAR = st.one_of(st.none(), st.booleans(), st.integers(-3, 10**20), st.floats(), TEXT)
VALUE = st.recursive(SCALAR, lambda kids: st.one_of(st.lists(kids, max_size=4),
                                                     st.dictionaries(TEXT, kids, max_size=4)),
                     max_leaves=10)


def run(*args: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([*args, "--lang", "en"])
    said = out.getvalue() + err.getvalue()
    assert code in (0, 1, 2) and "a bug in maca" not in said, said
    return code, said


@st.composite
def answers_docs(draw: st.DrawFn) -> Any:
    """A valid answers document with parts changed, or anything at all."""
    doc = json.loads(json.dumps(GOOD))
    for _ in range(draw(st.integers(0, 4))):
        key = draw(st.sampled_from(["format", "version", "course", "assignment", "student_id",
                                    "set", "seed", "answers", "extra"]))
        doc[key] = draw(VALUE)
    entries = {}
    for exercise_id in draw(st.lists(st.one_of(st.sampled_from(IDS), TEXT), max_size=4)):
        entries[exercise_id] = draw(st.one_of(
            VALUE, st.fixed_dictionaries({"answer": VALUE}, optional={
                "tries": st.one_of(st.integers(-1, 5), VALUE),
                "hints": st.one_of(st.integers(-1, 99), VALUE),
                "solution_seen": st.one_of(st.booleans(), VALUE)})))
    if entries and isinstance(doc.get("answers"), dict):
        doc["answers"] = entries
    return draw(st.one_of(st.just(doc), VALUE))


@FEW
@given(docs=st.lists(answers_docs(), min_size=1, max_size=3),
       raw=st.one_of(st.none(), st.binary(max_size=60)), hints=st.sampled_from(["counted", "ignored"]))
def test_grade_takes_any_answers_files(docs: list[Any], raw: bytes | None, hints: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        answers = Path(folder) / "answers"
        answers.mkdir()
        for n, doc in enumerate(docs):
            (answers / f"{n}.json").write_text(json.dumps(doc), encoding="utf-8")
        if raw is not None:
            (answers / "raw.json").write_bytes(raw)
        out = Path(folder) / "grades.csv"
        code, _ = run("grade", "--set", str(PASSING), "--answers", str(answers),
                      "--out", str(out), "--hints", hints)
        assert code == 0
        with open(out, encoding="utf-8-sig", newline="") as handle:
            book = list(csv.reader(handle))[1:]
        with open(Path(folder) / "grades-files.csv", encoding="utf-8-sig", newline="") as handle:
            rows = list(csv.reader(handle))[1:]
        assert sorted(r[0] for r in rows) == sorted(p.name for p in answers.iterdir())
        graded = [r[1] for r in rows if r[3].startswith("ok")]   # one gradebook row each
        assert sorted(r[0] for r in book) == sorted(graded) and len(set(graded)) == len(graded)


@st.composite
def class_lists(draw: st.DrawFn) -> bytes:
    rows = draw(st.lists(st.lists(TEXT, min_size=1, max_size=3), max_size=5))
    sep = draw(st.sampled_from([",", ";", "\t"]))
    end = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    text = draw(st.sampled_from(["student_id", "student_id,name", "name;student_id", ""]))
    text += end + end.join(sep.join(row) for row in rows)
    encoding = draw(st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "cp1254"]))
    return text.encode(encoding, errors="replace")


@FEW
@given(data=st.one_of(class_lists(), st.binary(max_size=80)),
       course=st.one_of(st.just("C"), TEXT))
def test_sheets_and_grade_take_any_class_list(data: bytes, course: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "class.csv"
        path.write_bytes(data)
        (Path(folder) / "answers").mkdir()
        run("sheets", "--set", str(PASSING), "--class", str(path), "--course", course or "C",
            "--assignment", "A", "--out", str(Path(folder) / "out"))
        run("grade", "--set", str(PASSING), "--answers", str(Path(folder) / "answers"),
            "--class", str(path), "--out", str(Path(folder) / "g.csv"))


SET_TEXT = PASSING.read_text(encoding="utf-8")
LINES = SET_TEXT.splitlines()


@st.composite
def set_files(draw: st.DrawFn) -> str:
    """The passing set with lines dropped, doubled or changed, or a few random lines."""
    lines = list(LINES)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["drop", "double", "value", "count"]))
        if how == "drop":
            del lines[at]
        elif how == "double":
            lines.insert(at, lines[at])
        elif how == "value" and "=" in lines[at]:
            lines[at] = lines[at].split("=")[0] + "= " + json.dumps(draw(SCALAR))
        else:
            lines.append(f'[[generate]]\nid = "z"\nkind = "pass_direction"\n'
                         f"count = {draw(st.integers(-5, 10**9))}")
    return "\n".join(lines)


@FEW
@given(text=st.one_of(set_files(), TEXT))
def test_check_sheets_and_grade_take_any_exercise_file(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "set.toml"
        path.write_text(text, encoding="utf-8", errors="replace")
        (Path(folder) / "class.csv").write_text("student_id\ns1\n", encoding="utf-8")
        (Path(folder) / "answers").mkdir()
        (Path(folder) / "answers" / "a.json").write_text(json.dumps(GOOD), encoding="utf-8")
        run("check", str(path))
        run("sheets", "--set", str(path), "--class", str(Path(folder) / "class.csv"),
            "--course", "C", "--assignment", "A", "--out", str(Path(folder) / "out"))
        run("grade", "--set", str(path), "--answers", str(Path(folder) / "answers"),
            "--out", str(Path(folder) / "g.csv"))
