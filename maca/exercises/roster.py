"""Class lists (CSV): one student a row, with a ``student_id`` column and an optional ``name``.

Commas or semicolons (as spreadsheets write them in Turkish locales) both work.

>>> import io
>>> [s.id for s in parse_class("student_id;name\\n2024001;Ayşe Yılmaz\\n2024002;Can Öz\\n", "c.csv")]
['2024001', '2024002']
>>> file_stem("ayşe.yılmaz@okul.edu.tr")
'ay_e.y_lmaz_okul.edu.tr'
"""
from __future__ import annotations

import csv
import io
import os
import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import MacaError, shown

__all__ = ["Student", "ClassListError", "read_class", "parse_class", "file_stem"]


class ClassListError(MacaError):
    """A class list is malformed: the message names the file, the line and the problem."""


@dataclass(frozen=True)
class Student:
    """One student of a class list."""

    id: str
    name: str = ""


def file_stem(student_id: str) -> str:
    """A file-name-safe form of a student id (letters, digits, ``. _ -``)."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", student_id).strip(".") or "_"


def read_class(path: str | Path) -> list[Student]:
    """Read a class list file."""
    if not isinstance(path, (str, os.PathLike)):
        raise ClassListError(f"a class list is read from a file path, not {shown(path)}")
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError, ValueError) as exc:  # ValueError: a NUL in the path
        raise ClassListError(f"{path}: cannot read the class list: {exc}") from None
    return parse_class(text, str(path))


def parse_class(text: str, source: str = "<class list>") -> list[Student]:
    """Students from class-list text; ids must be unique and give distinct file names."""
    if not isinstance(text, str):
        raise ClassListError(f"{source}: a class list is CSV text, not {shown(text)}")
    header = text.lstrip("\ufeff").partition("\n")[0]
    delimiter = ";" if header.count(";") > header.count(",") else ","
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")), delimiter=delimiter)
    try:
        return _students(reader, header, source)
    except csv.Error as exc:  # a field beyond the csv module's size limit, in the next line
        raise ClassListError(f"{source}: line {reader.line_num + 1}: not readable as CSV: "
                             f"{exc}") from None


def _students(reader: csv.DictReader[str], header: str, source: str) -> list[Student]:
    columns = {(c or "").strip().lower(): c for c in reader.fieldnames or []}
    if "student_id" not in columns:
        raise ClassListError(f"{source}: line 1 must be a header with a student_id column "
                             f"(and optionally name); found {shown(header.strip())}")
    students: list[Student] = []
    stems: dict[str, str] = {}
    for row in reader:
        line = reader.line_num
        sid = (row.get(columns["student_id"]) or "").strip()
        name = (row.get(columns["name"]) or "").strip() if "name" in columns else ""
        if not sid:
            if not any((v or "").strip() for v in row.values() if isinstance(v, str)):
                continue  # a blank line
            raise ClassListError(f"{source}: line {line}: student_id is empty")
        if len(sid) > 200:
            raise ClassListError(f"{source}: line {line}: student_id is longer than 200 characters")
        stem = file_stem(sid)
        if stem in stems:
            problem = ("appears twice" if stems[stem] == sid
                       else f"gives the same file name as {shown(stems[stem])}")
            raise ClassListError(f"{source}: line {line}: student_id {shown(sid)} {problem}")
        stems[stem] = sid
        students.append(Student(sid, name))
    if not students:
        raise ClassListError(f"{source}: the class list has no students")
    return students
