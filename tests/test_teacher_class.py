"""Issue 13, end to end: a class of 30 with good, partial, hostile and broken answers files.

Every student of the class list gets a row, the grades are the engine's, and nothing outside
the teacher's folders is read or written (every file opened is watched with an audit hook).
"""
from __future__ import annotations

import csv
import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

import maca
from maca.__main__ import main
from maca.exercises import Worksheet, check, load_set, student_seed
from maca.exercises.session import answers_file_name
from test_exercises import wrong_answer

ROOT = Path(__file__).resolve().parent.parent
COURSE, ASSIGNMENT = "9-A", "ödev-1"
NAMES = ["Ayşe Yılmaz", "Çağrı Öz", "Gülşen İnce", "Ömer Şahin", "Ümit Ağaoğlu", "Efe Kaya"]

_watching: list[tuple[str, str, Any]] | None = None


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if _watching is not None and event in ("open", "os.mkdir", "os.remove", "os.rename",
                                           "os.symlink", "os.listdir", "os.scandir",
                                           "shutil.rmtree", "os.truncate") \
            and args and not isinstance(args[0], int):   # an int: a descriptor opened before
        _watching.append((event, str(args[0]) if args else "", args[1:] if len(args) > 1 else ()))


sys.addaudithook(_audit)


def _writes(event: str, rest: tuple[Any, ...]) -> bool:
    if event != "open":
        return event not in ("os.listdir", "os.scandir")
    mode, flags = (rest + (None, None))[:2]
    if isinstance(mode, str):
        return any(c in mode for c in "wax+")
    return isinstance(flags, int) and bool(flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT))


def watched(*args: str) -> tuple[int, list[tuple[str, str, Any]]]:
    """Run ``python -m maca`` in this process, recording every file it touches."""
    global _watching
    _watching = []
    try:
        code = main(list(args))
    finally:
        seen, _watching = _watching, None
    return code, seen


def inside(path: str, *folders: Path) -> bool:
    real = os.path.realpath(path)
    return any(real == str(f) or real.startswith(str(f) + os.sep) for f in folders)


def test_a_class_of_thirty(tmp_path: Path) -> None:
    work = (tmp_path / "teacher").resolve()
    work.mkdir()
    outside = (tmp_path / "elsewhere").resolve()
    outside.mkdir()
    set_path = work / "hearts.toml"
    shutil.copy(ROOT / "exercises" / "hearts.toml", set_path)
    ids = [f"2024{n:03d}" for n in range(1, 31)]
    (work / "class.csv").write_bytes(("student_id;name\r\n" + "".join(
        f"{sid};{NAMES[n % len(NAMES)]}\r\n" for n, sid in enumerate(ids))).encode("cp1254"))

    # the sheets
    code, seen = watched("sheets", "--set", str(set_path), "--class", str(work / "class.csv"),
                         "--course", COURSE, "--assignment", ASSIGNMENT, "--out",
                         str(work / "sheets"), "--lang", "en")
    assert code == 0
    assert sorted(p.name for p in (work / "sheets" / "students").iterdir()) == \
        sorted(f"{sid}.html" for sid in ids)
    sheets_seen = seen

    # the answers
    base = load_set(set_path)
    answers = work / "answers"
    answers.mkdir()
    expected: dict[str, int] = {}

    def worksheet(sid: str) -> Worksheet:
        return Worksheet.for_student(base, COURSE, ASSIGNMENT, sid)

    def hand_in(sheet: Worksheet, name: str | None = None, doc: dict[str, Any] | None = None
                ) -> None:
        name = name or answers_file_name(base.id, sheet.progress.student_id)
        text = json.dumps(doc) if doc is not None else sheet.progress.to_json()
        (answers / name).write_text(text, encoding="utf-8")

    for sid in ids[:10]:                      # good
        sheet = worksheet(sid)
        for attempt in sheet:
            attempt.submit(attempt.exercise.answer())
        hand_in(sheet)
        expected[sid] = base.max_score
    for k, sid in enumerate(ids[10:18]):      # partial: right, wrong, or left out
        sheet = worksheet(sid)
        for i, attempt in enumerate(sheet):
            if (i + k) % 3 == 0:
                attempt.submit(attempt.exercise.answer())
            elif (i + k) % 3 == 1:
                attempt.submit(wrong_answer(attempt.exercise))
        hand_in(sheet, f"{sid}.json" if k % 2 else None)
        expected[sid] = sum(check(a.exercise, a.entry.answer).score for a in sheet
                            if a.entry.answer is not None)
    # hostile
    s19 = worksheet(ids[18])
    for attempt in s19:
        attempt.submit(attempt.exercise.answer())
    doc = s19.progress.to_dict()
    doc.update(score=999, seed=1, grade="=HYPERLINK(\"http://x\",\"click\")")
    doc["answers"]["@evil"] = {"answer": "=1+1", "tries": 1}
    hand_in(s19, doc=doc)
    expected[ids[18]] = base.max_score                 # graded on the own variant, scores ignored
    evil = worksheet(ids[20])                          # student 20 claims student 21's id
    for attempt in evil:
        attempt.submit(wrong_answer(attempt.exercise))
    hand_in(evil, "0000-evil.json")
    s21 = worksheet(ids[20])
    for attempt in s21:
        attempt.submit(attempt.exercise.answer())
    hand_in(s21)
    expected[ids[20]] = base.max_score
    s22 = worksheet(ids[21])                           # pasted solutions after seeing them
    doc = s22.progress.to_dict()
    doc["answers"] = {e.id: {"answer": e.answer(), "tries": 1, "solution_seen": True}
                      for e in s22.exercises}
    hand_in(s22, doc=doc)
    expected[ids[21]] = 0
    s23 = worksheet(ids[22])                           # impossible hint counts
    doc = s23.progress.to_dict()
    doc["answers"] = {e.id: {"answer": e.answer(), "tries": 1, "hints": 999}
                      for e in s23.exercises}
    hand_in(s23, doc=doc)
    expected[ids[22]] = base.max_score                 # hints cost nothing in this set
    stranger = Worksheet.for_student(base, COURSE, ASSIGNMENT, "=1+1")
    hand_in(stranger, "=1+1.json")                     # not in the class list
    # broken
    (answers / f"answers-hearts-{ids[24]}.json").write_text("{\"format\": ", encoding="utf-8")
    (answers / f"answers-hearts-{ids[25]}.json").symlink_to("/etc/passwd")
    secret = outside / "secret.json"
    secret.write_text(worksheet(ids[26]).progress.to_json(), encoding="utf-8")
    (answers / f"answers-hearts-{ids[26]}.json").symlink_to(secret)
    if hasattr(os, "mkfifo"):
        os.mkfifo(answers / f"answers-hearts-{ids[27]}.json")
    (answers / f"answers-hearts-{ids[28]}.json").write_bytes(
        worksheet(ids[28]).progress.to_json().encode("utf-16"))
    (answers / f"answers-hearts-{ids[29]}.json").write_bytes(b"[" * 1_500_000)
    (answers / "notes.txt").write_text("not an answers file")

    grades = work / "grades.csv"
    code, seen = watched("grade", "--set", str(set_path), "--answers", str(answers),
                         "--class", str(work / "class.csv"), "--course", COURSE,
                         "--assignment", ASSIGNMENT, "--out", str(grades), "--lang", "en")
    assert code == 0
    with open(grades, encoding="utf-8-sig", newline="") as handle:
        book = list(csv.DictReader(handle))
    with open(work / "grades-files.csv", encoding="utf-8-sig", newline="") as handle:
        table = list(csv.DictReader(handle))

    # one row per student, in the class list's order; grades are the engine's
    assert [r["Student ID"] for r in book] == ids
    by_id = {r["Student ID"]: r for r in book}
    for sid, score in expected.items():
        assert by_id[sid]["Points"] == str(score), sid
        assert by_id[sid]["Percent"] == f"{100 * score / base.max_score:.1f}", sid
    assert "other files also claim student" in by_id[ids[20]]["Status"]
    assert "unusual" in by_id[ids[21]]["Status"] and by_id[ids[21]]["Unusual"] != "0"
    assert "unusual: 999 hints used" in by_id[ids[22]]["Status"]
    assert by_id[ids[19]]["Status"] == "no answers file"
    for sid in ids[23:]:                       # no usable file: an empty cell, and why
        assert by_id[sid]["Points"] == "", sid
    assert by_id[ids[23]]["Status"] == "no answers file"
    for sid in [sid for sid in ids[24:] if sid != ids[27] or hasattr(os, "mkfifo")]:
        assert by_id[sid]["Status"] == \
            f"not graded: answers-hearts-{sid}.json (see the files report)", sid

    # the files report: every file read, once
    by_file = {r["File"]: r for r in table}
    assert len(by_file) == len(table)
    for name in (f"answers-hearts-{ids[20]}.json", "0000-evil.json"):
        assert "other files also claim student" in by_file[name]["Status"], name
    assert by_file["0000-evil.json"]["Status"].startswith("error: ")
    assert by_file["'=1+1.json"]["Status"] == "error: student '=1+1' is not in the class list"
    broken = {r["File"]: r["Status"] for r in table if r["File"].startswith("answers-hearts-")
              and r["Status"].startswith("error")}
    assert len(broken) == (6 if hasattr(os, "mkfifo") else 5)
    assert "symbolic link" in broken[f"answers-hearts-{ids[25]}.json"]
    assert "symbolic link" in broken[f"answers-hearts-{ids[26]}.json"]
    assert "larger than 1,000,000 bytes" in broken[f"answers-hearts-{ids[29]}.json"]

    # nothing outside the folders (and the watch did see the files)
    assert any(p.endswith("class.csv") for _, p, _ in seen)
    # grades.csv is written whole to a temporary file beside it, then renamed over it
    assert any(e == "os.rename" and str(r[0]) == str(grades) for e, p, r in seen)
    assert any(p.endswith("index.html") and _writes(e, r) for e, p, r in sheets_seen)
    allowed_reads = [work, Path(sys.prefix).resolve(), Path(sys.base_prefix).resolve(),
                     (ROOT / "maca").resolve(), Path(maca.__file__).resolve().parent]
    for event, path, rest in sheets_seen + seen:
        if _writes(event, rest):
            assert inside(path, work), (event, path)
            if event == "os.rename":
                assert inside(str(rest[0]), work), (event, rest)
        else:
            assert inside(path, *allowed_reads) or path.startswith("/dev/urandom"), (event, path)
        assert "passwd" not in path and not inside(path, outside), (event, path)
