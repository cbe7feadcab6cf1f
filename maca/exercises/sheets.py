"""Exercise sheets: one variant per student, as a self-contained HTML page or a notebook.

A student's variant comes from `student_seed(course, assignment, student_id)`; the teacher's
index lists every student with their seed (and the engine's answers), so any sheet can be made
again. HTML sheets draw each situation as every front-end does (`situation_html`), ask for each
answer in the typed parts of its kind's form, and a button saves the answers file (plain
JavaScript in the page, nothing fetched). A notebook sheet opens the exercise panel on the
student's variant (in the notebook's widget, `maca.widgets`): the learner answers by clicking,
as in the live sets.
"""
from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from ..errors import shown
from ..words import Text, catalogue, say
from .model import coloured, situation_html
from .progress import FORMAT, VERSION, student_seed
from .files import check_work, plain, read_capped, unsafe_chars, write_csv, write_new
from .roster import MAX_ID, MAX_STUDENTS, Student, clash_message, file_stem, name_clashes
from .session import answers_file_name
from .sets import MAX_BYTES as SET_BYTES
from .sets import ExerciseSet, load_set, parse_set
from .text import ExerciseError

__all__ = ["SheetEntry", "write_sheets", "html_sheet", "notebook_sheet", "markdown_text",
           "STUDENTS", "TEACHER"]


@dataclass(frozen=True)
class SheetEntry:
    """One student's sheet, as listed in the teacher's index."""

    student: Student
    seed: int
    file: str
    variant: ExerciseSet


def _who(course: str, assignment: str, student: Student, lang: str) -> list[tuple[str, str]]:
    """The sheet's course, assignment and student, as (label, value) pairs."""
    who = f"{student.name} ({student.id})" if student.name else student.id
    return [(say("course")[lang], course), (say("assignment")[lang], assignment),
            (say("sheet_student")[lang], who)]


def html_sheet(variant: ExerciseSet, course: str, assignment: str, student: Student,
               lang: str = "tr") -> str:
    """A student's sheet as one self-contained HTML page (cards drawn inline, no network)."""
    def w(key: str, **values: Any) -> str:
        return html.escape(say(key, **values)[lang])

    who = " · ".join(f"{label}: {html.escape(value)}"
                     for label, value in _who(course, assignment, student, lang))
    parts = [f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
             f"<title>{html.escape(variant.title[lang])} — {html.escape(student.id)}</title>"
             "<style>body{font-family:system-ui,sans-serif;max-width:60em;margin:2em auto;"
             "padding:0 1em}section{border-top:1px solid #ccc;padding:.6em 0}"
             "input{font-size:1em;width:22em;padding:.2em}button{font-size:1em;padding:.4em 1em}"
             "label{display:block;margin:.4em 0}</style></head><body>",
             f"<h1>{coloured(variant.title[lang])}</h1>",
             f"<p><i>{coloured(variant.description[lang])}</i></p>" if variant.description else "",
             f"<p>{who}</p><p>{w('html_intro')}</p>"]
    for number, exercise in enumerate(variant, 1):
        question, key = exercise.question, html.escape(exercise.id)
        several = len(question.form.parts) > 1
        inputs = "".join(
            f'<label>{w(part)}: <input data-id="{key}"'
            + (f' data-part="{part}"' if several else "")
            + f' placeholder="{w("example")}: {html.escape(example[lang])}"></label>'
            for part, example in zip(question.form.parts, question.example))
        parts.append(f"<section><h2>{number}. ({w('points', points=exercise.points)})</h2>"
                     f"<p>{coloured(exercise.prompt[lang])}</p>"
                     f"{situation_html(exercise, lang)}{inputs}</section>")
    meta = {"format": FORMAT, "version": VERSION, "course": course, "assignment": assignment,
            "student_id": student.id, "set": variant.id, "seed": variant.seed,
            "file": answers_file_name(variant.id, student.id)}
    # the data rides in an attribute, escaped like any text: a script element holds nothing
    # but the fixed script below, whatever the course or the names contain
    data = html.escape(json.dumps(meta, ensure_ascii=False), quote=True)
    parts.append(f'<p><button type="button" id="save" data-meta="{data}">{w("save_answers")}'
                 f"</button></p><script>{_SAVE_SCRIPT}</script></body></html>")
    return "".join(parts)


# Collects the inputs into an answers file (the format of maca.exercises.progress) and saves it;
# an answer in several parts (data-part) is a table {part: text}.
_SAVE_SCRIPT = """
document.getElementById("save").addEventListener("click", function () {
  var meta = JSON.parse(document.getElementById("save").dataset.meta);
  var answers = {};
  document.querySelectorAll("input[data-id]").forEach(function (input) {
    var id = input.dataset.id, value = input.value.trim();
    if (!value) return;
    var entry = answers[id] || (answers[id] = {answer: null, tries: 1, hints: 0});
    if (input.dataset.part) {
      entry.answer = entry.answer || {};
      entry.answer[input.dataset.part] = value;
    } else {
      entry.answer = value;
    }
  });
  var doc = {format: meta.format, version: meta.version, course: meta.course,
             assignment: meta.assignment, student_id: meta.student_id, set: meta.set,
             seed: meta.seed, answers: answers};
  var link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([JSON.stringify(doc, null, 1)],
                                           {type: "application/json"}));
  link.download = meta.file;
  document.body.appendChild(link);
  link.click();
  link.remove();
});
"""


def _cell(kind: str, source: str, number: int) -> dict[str, Any]:
    cell: dict[str, Any] = {"cell_type": kind, "id": f"cell-{number}", "metadata": {},
                            "source": source.splitlines(keepends=True)}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


def markdown_text(text: str) -> str:
    r"""Text shown as itself in Markdown: HTML and Markdown's signs escaped, on one line.

    >>> print(markdown_text("<img src=x> *Ayşe* [x](y) #1"))
    &lt;img src\=x&gt; \*Ayşe\* \[x\]\(y\) \#1
    """
    text = " ".join(str(text).split())
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return re.sub(r"([\\`*_{}\[\]()#+\-.!|~$\"':=])", r"\\\1", text)


def notebook_sheet(variant: ExerciseSet, set_text: str, course: str, assignment: str,
                   student: Student, lang: str = "tr") -> dict[str, Any]:
    """A student's sheet as a notebook (nbformat 4): one cell opens the exercise panel on the
    student's variant, rebuilt from the set's text embedded in it; the panel checks every
    answer and keeps the answers file next to the notebook."""
    who = " · ".join(f"**{label}:** {markdown_text(value)}"
                     for label, value in _who(course, assignment, student, lang))
    about = f"*{markdown_text(variant.description[lang])}*\n\n" if variant.description else ""
    intro = say("nb_intro", file=answers_file_name(variant.id, student.id))[lang]
    code = ("from maca.panels import exercise_set\n\n"
            f"SET = {json.dumps(set_text, ensure_ascii=False)}\n"
            f"exercise_set({lang!r}, {variant.id!r}, text=SET, folder='.',\n"
            f"             student={student.id!r}, course={course!r}, assignment={assignment!r})")
    cells = [("markdown", f"# {markdown_text(variant.title[lang])}\n\n{about}{who}\n\n"
                          f"{markdown_text(intro)}"),
             ("code", code)]
    return {"nbformat": 4, "nbformat_minor": 5,
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                        "language": "python"},
                         "language_info": {"name": "python"},
                         "maca": {"course": course, "assignment": assignment,
                                  "student_id": student.id, "seed": variant.seed}},
            "cells": [_cell(kind, source, i) for i, (kind, source) in enumerate(cells)]}


def _index_html(base: ExerciseSet, entries: Sequence[SheetEntry], course: str,
                assignment: str) -> str:
    rows = []
    for entry in entries:
        key = "".join(f"<li>{html.escape(e.id)}: {coloured(e.solution().tr)} / "
                      f"<i>{coloured(e.solution().en)}</i></li>" for e in entry.variant)
        rows.append(f"<tr><td>{html.escape(entry.student.id)}</td>"
                    f"<td>{html.escape(entry.student.name)}</td><td>{entry.seed}</td>"
                    f'<td><a href="../{html.escape(entry.file)}">{html.escape(entry.file)}</a></td>'
                    f"<td><details><summary>cevaplar / answers</summary><ul>{key}</ul></details>"
                    "</td></tr>")
    return ('<!doctype html><html lang="tr"><head><meta charset="utf-8">'
            f"<title>{coloured(base.title.tr)} — {html.escape(assignment)}</title>"
            "<style>body{font-family:system-ui,sans-serif;margin:2em}td,th{padding:.2em .8em;"
            "text-align:left;vertical-align:top;border-bottom:1px solid #ddd}</style></head><body>"
            f"<h1>{coloured(base.title.tr)} / {coloured(base.title.en)}</h1>"
            f"<p>Ders / course: {html.escape(course)} · Ödev / assignment: "
            f"{html.escape(assignment)} · set: {html.escape(base.id)}</p>"
            "<p>Her öğrencinin varyantı (ders, ödev, öğrenci) üçlüsünün sha256 özetinden gelen "
            "tohumla (seed) yeniden üretilebilir. / Each student's variant is made again from "
            "the seed, the sha256 of (course, assignment, student).</p>"
            "<table><tr><th>student_id</th><th>name</th><th>seed</th><th>file</th><th></th></tr>"
            f"{''.join(rows)}</table></body></html>")


#: the folder of the students' sheets, and of the teacher's files, inside ``--out``
STUDENTS, TEACHER = "students", "teacher"


def write_sheets(set_path: str | Path, students: Sequence[Student], course: str,
                 assignment: str, out_dir: str | Path, fmt: str = "html",
                 lang: str = "tr", separator: str = ",") -> list[SheetEntry]:
    """Write every student's sheet into ``out_dir/students/`` (to hand out), and the teacher's
    ``index.html`` and ``index.csv`` (with the engine's answers) into ``out_dir/teacher/``: no
    student id can name a file over the teacher's. ``separator``: the CSV's (``;`` for a
    Turkish Excel)."""
    if fmt not in ("html", "ipynb"):
        raise ExerciseError(say("sheets.format"), value=shown(fmt))
    for key, value in (("course", course), ("assignment", assignment)):
        if not isinstance(value, str) or not value.strip() or len(value) > MAX_ID or \
                unsafe_chars(value):
            raise ExerciseError(say("sheets.name"), key=key, most=MAX_ID, value=shown(value))
    students = list(students)
    if len(students) > MAX_STUDENTS:
        raise ExerciseError(say("sheets.students"), most=MAX_STUDENTS, n=len(students))
    for one, other in name_clashes(s.id for s in students)[:1]:
        raise ExerciseError(clash_message(one, other))
    path = Path(set_path)
    data = read_capped(path, SET_BYTES, ExerciseError, Text("alıştırma seti", "exercise set"),
                       links=True)
    try:
        set_text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        set_text = ""
    base = parse_set(set_text, str(path), default_id=path.stem) if set_text else load_set(path)
    check_work(len(students), len(base), ExerciseError, Text("öğrenci", "students"))
    out = Path(out_dir)
    sheets, teacher = out / STUDENTS, out / TEACHER
    for folder in (out, sheets, teacher):
        if folder.exists() and not folder.is_dir():
            raise ExerciseError(say("sheets.not_folder"), folder=plain(folder))
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ExerciseError(say("sheets.no_folder"), folder=plain(folder),
                                why=str(exc.strerror)) from None
    entries = []
    for student in students:
        seed = student_seed(course, assignment, student.id)
        variant = base.variant(seed)
        name = f"{file_stem(student.id)}.{fmt}"
        if fmt == "html":
            text = html_sheet(variant, course, assignment, student, lang)
        else:
            notebook = notebook_sheet(variant, set_text, course, assignment, student, lang)
            text = json.dumps(notebook, ensure_ascii=False, indent=1) + "\n"
        write_new(sheets / name, text)
        entries.append(SheetEntry(student, seed, f"{STUDENTS}/{name}", variant))
    write_new(teacher / "index.html", _index_html(base, entries, course, assignment))
    write_csv(teacher / "index.csv", ["student_id", "name", "seed", "file"],
              ([e.student.id, e.student.name, e.seed, e.file] for e in entries), fresh=True,
              separator=separator)
    return entries


# The errors of the sheets' options, for the teacher who makes them.
catalogue("sheets", {
    "format": ("biçim {value}: html ya da ipynb kullanın", "format {value}: use html or ipynb"),
    "name": ("{key} boş olmayan, en çok {most} karakterlik, denetim, yön ya da görünmez işaret "
             "içermeyen bir yazı olmalı, {value} değil",
             "{key} must be a non-empty text of at most {most} characters, with no control, "
             "direction or invisible mark, not {value}"),
    "students": ("en çok {most} öğrenci olabilir, {n} değil: listeyi bölün",
                 "at most {most} students, not {n}: split the list"),
    "not_folder": ("{folder} bir dosya, klasör değil: --out için yeni bir klasör adı verin",
                   "{folder} is a file, not a folder: give --out a new folder's name"),
    "no_folder": ("{folder} klasörü yapılamadı ({why}): --out için yazabildiğiniz bir yer seçin",
                  "cannot make the folder {folder} ({why}): choose a place you can write to "
                  "for --out"),
}, scoped=True)
