"""Exercise sheets: one variant per student, as a self-contained HTML page or a notebook.

A student's variant comes from `student_seed(course, assignment, student_id)`; the teacher's
index lists every student with their seed (and the engine's answers), so any sheet can be made
again. HTML sheets draw cards with `maca.render`, and a button saves the answers as an answers
file (plain JavaScript in the page, nothing fetched). Notebooks are nbformat 4 JSON written with
the standard library; each exercise is checked with a `Worksheet`.
"""
from __future__ import annotations

import csv
import html
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from ..errors import shown
from .model import Exercise, _h, situation_html
from .progress import FORMAT, VERSION, student_seed
from .roster import Student, file_stem
from .sets import ExerciseSet, load_set
from .text import ExerciseError, Text

__all__ = ["SheetEntry", "write_sheets", "html_sheet", "notebook_sheet", "answers_file_name"]

_WORDS = {
    "course": Text("Ders", "Course"), "assignment": Text("Ödev", "Assignment"),
    "student": Text("Öğrenci", "Student"), "points": Text("puan", "points"),
    "answer": Text("Cevabın", "Your answer"), "example": Text("örnek", "example"),
    "save": Text("Cevaplarımı dosyaya kaydet", "Save my answers to a file"),
    "winners": Text("Kazanan(lar)", "Winner(s)"),
    "standings": Text("Sıralama puanları (+1/0/−1)", "Standings (+1/0/−1)"),
    "seed": Text("Varyant", "Variant"),
    "html_intro": Text(
        "Her sorunun cevabını kutusuna yaz. Bitirince düğmeye bas: cevapların bir dosyaya "
        "kaydedilir; o dosyayı öğretmenine gönder.",
        "Write each answer in its box. When you are done, press the button: your answers are "
        "saved to a file; hand that file in to your teacher."),
    "nb_intro": Text(
        "Önce aşağıdaki ilk hücreyi çalıştır. Sonra her sorunun altındaki hücrede cevabını "
        "`cevap = …` satırına yaz ve hücreyi çalıştır: motor cevabını hemen denetler. İpucu "
        "için `sheet.hint(\"…\")` yaz. Bitirince en alttaki hücreyle cevaplarını kaydet ve "
        "dosyayı öğretmenine gönder.",
        "First run the cell below. Then write your answer on the `answer = …` line of the cell "
        "under each question and run it: the engine checks it at once. For a hint write "
        "`sheet.hint(\"…\")`. When you are done, save your answers with the last cell and hand "
        "the file in to your teacher."),
    "save_md": Text("## Cevaplarını kaydet", "## Save your answers"),
}
ANSWER_EXAMPLES = {   # what an answer looks like, per kind: (text for a form, Python for a notebook)
    "legal_cards": (Text("QS 10H 2C", "QS 10H 2C"), Text('"QS 10H 2C"', '"QS 10H 2C"')),
    "play_goal": (Text("QS", "QS"), Text('"QS"', '"QS"')),
    "trick_winner": (Text("Batı", "West"), Text('"Batı"', '"West"')),
    "pass_direction": (Text("Doğu (ya da: kimse)", "East (or: nobody)"), Text('"Doğu"', '"East"')),
    "hand_score": (Text("0 26 26 26", "0 26 26 26"), Text("[0, 26, 26, 26]", "[0, 26, 26, 26]")),
    "moon_possible": (Text("evet / hayır", "yes / no"), Text('"evet"', '"yes"')),
    "game_winner": (Text("Kuzey | 0 -1 1 0", "North | 0 -1 1 0"),
                    Text('{"winners": ["Kuzey"], "standings": [0, -1, 1, 0]}',
                         '{"winners": ["North"], "standings": [0, -1, 1, 0]}')),
}


@dataclass(frozen=True)
class SheetEntry:
    """One student's sheet, as listed in the teacher's index."""

    student: Student
    seed: int
    file: str
    variant: ExerciseSet


def answers_file_name(student_id: str) -> str:
    """The name of a student's answers file.

    >>> answers_file_name("2024/007")
    'answers-2024_007.json'
    """
    return f"answers-{file_stem(student_id)}.json"


def html_sheet(variant: ExerciseSet, course: str, assignment: str, student: Student,
               lang: str = "tr") -> str:
    """A student's sheet as one self-contained HTML page (cards drawn inline, no network)."""
    w = {k: v[lang] for k, v in _WORDS.items()}
    who = f"{student.name} ({student.id})" if student.name else student.id
    parts = [f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
             f"<title>{_h(variant.title[lang])} — {html.escape(student.id)}</title>"
             "<style>body{font-family:system-ui,sans-serif;max-width:60em;margin:2em auto;"
             "padding:0 1em}section{border-top:1px solid #ccc;padding:.6em 0}"
             "input{font-size:1em;width:22em;padding:.2em}button{font-size:1em;padding:.4em 1em}"
             "label{display:block;margin:.4em 0}</style></head><body>",
             f"<h1>{_h(variant.title[lang])}</h1>",
             f"<p><i>{_h(variant.description[lang])}</i></p>" if variant.description else "",
             f"<p>{w['course']}: {html.escape(course)} · {w['assignment']}: "
             f"{html.escape(assignment)} · {w['student']}: {html.escape(who)}</p>",
             f"<p>{w['html_intro']}</p>"]
    for number, exercise in enumerate(variant, 1):
        form, _ = ANSWER_EXAMPLES[exercise.kind]
        key = html.escape(exercise.id)
        if exercise.kind == "game_winner":
            winners, standings = form[lang].split(" | ")
            inputs = "".join(f"<label>{w[part]}: <input data-id=\"{key}\" data-part=\"{part}\" "
                             f"placeholder=\"{w['example']}: {html.escape(example)}\"></label>"
                             for part, example in (("winners", winners), ("standings", standings)))
        else:
            inputs = (f"<label>{w['answer']}: <input data-id=\"{key}\" "
                      f"placeholder=\"{w['example']}: {html.escape(form[lang])}\"></label>")
        parts.append(f"<section><h2>{number}. ({exercise.points} {w['points']})</h2>"
                     f"<p>{_h(exercise.prompt[lang])}</p>{situation_html(exercise, lang)}{inputs}"
                     "</section>")
    meta = {"format": FORMAT, "version": VERSION, "course": course, "assignment": assignment,
            "student_id": student.id, "set": variant.id, "seed": variant.seed,
            "file": answers_file_name(student.id)}
    data = json.dumps(meta, ensure_ascii=False).replace("</", "<\\/")
    parts.append(f'<p><button type="button" id="save">{w["save"]}</button></p>'
                 f'<script type="application/json" id="meta">{data}</script>'
                 f"<script>{_SAVE_SCRIPT}</script></body></html>")
    return "".join(parts)


# Collects the inputs into an answers file (the format of maca.exercises.progress) and saves it.
_SAVE_SCRIPT = """
document.getElementById("save").addEventListener("click", function () {
  var meta = JSON.parse(document.getElementById("meta").textContent);
  var answers = {};
  document.querySelectorAll("input[data-id]").forEach(function (input) {
    var id = input.dataset.id, value = input.value.trim();
    if (!value) return;
    var entry = answers[id] || (answers[id] = {answer: null, tries: 1, hints: 0});
    if (input.dataset.part) {
      entry.answer = entry.answer || {winners: "", standings: ""};
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


def _markdown_situation(exercise: Exercise, lang: str) -> str:
    rows = [f"| {line.label[lang]} | {line.value[lang].replace('|', '/')} |"
            for line in exercise.situation()]
    return "| | |\n|---|---|\n" + "\n".join(rows)


def _cell(kind: str, source: str, number: int) -> dict[str, Any]:
    cell: dict[str, Any] = {"cell_type": kind, "id": f"cell-{number}", "metadata": {},
                            "source": source.splitlines(keepends=True)}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


def notebook_sheet(variant: ExerciseSet, set_text: str, course: str, assignment: str,
                   student: Student, lang: str = "tr") -> dict[str, Any]:
    """A student's sheet as a notebook (nbformat 4): the set's text is embedded and the
    student's variant rebuilt from it, so the engine checks every answer in the notebook."""
    w = {k: v[lang] for k, v in _WORDS.items()}
    var = "cevap" if lang == "tr" else "answer"
    who = f"{student.name} ({student.id})" if student.name else student.id
    about = f"*{variant.description[lang]}*\n\n" if variant.description else ""
    cells = [("markdown", f"# {variant.title[lang]}\n\n{about}**{w['course']}:** {course} · "
                          f"**{w['assignment']}:** {assignment} · **{w['student']}:** {who}\n\n"
                          f"{w['nb_intro']}"),
             ("code", "from maca.exercises import Worksheet, parse_set\n\n"
                      f"SET = {json.dumps(set_text, ensure_ascii=False)}\n"
                      f"sheet = Worksheet.for_student(parse_set(SET, default_id={variant.id!r}), "
                      f"{course!r}, {assignment!r}, {student.id!r})")]
    for number, exercise in enumerate(variant, 1):
        _, example = ANSWER_EXAMPLES[exercise.kind]
        cells.append(("markdown", f"## {number}. ({exercise.points} {w['points']})\n\n"
                                  f"{exercise.prompt[lang]}\n\n{_markdown_situation(exercise, lang)}"))
        cells.append(("code", f"{var} = None  # {w['example']}: {var} = {example[lang]}\n"
                              f"sheet.check({exercise.id!r}, {var})"))
    cells.append(("markdown", w["save_md"]))
    cells.append(("code", f"sheet.save({answers_file_name(student.id)!r})"))
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
        key = "".join(f"<li>{html.escape(e.id)}: {_h(e.solution().tr)} / <i>{_h(e.solution().en)}</i></li>"
                      for e in entry.variant)
        rows.append(f"<tr><td>{html.escape(entry.student.id)}</td>"
                    f"<td>{html.escape(entry.student.name)}</td><td>{entry.seed}</td>"
                    f'<td><a href="{html.escape(entry.file)}">{html.escape(entry.file)}</a></td>'
                    f"<td><details><summary>cevaplar / answers</summary><ul>{key}</ul></details>"
                    "</td></tr>")
    return ('<!doctype html><html lang="tr"><head><meta charset="utf-8">'
            f"<title>{_h(base.title.tr)} — {html.escape(assignment)}</title>"
            "<style>body{font-family:system-ui,sans-serif;margin:2em}td,th{padding:.2em .8em;"
            "text-align:left;vertical-align:top;border-bottom:1px solid #ddd}</style></head><body>"
            f"<h1>{_h(base.title.tr)} / {_h(base.title.en)}</h1>"
            f"<p>Ders / course: {html.escape(course)} · Ödev / assignment: "
            f"{html.escape(assignment)} · set: {html.escape(base.id)}</p>"
            "<p>Her öğrencinin varyantı (ders, ödev, öğrenci) üçlüsünün sha256 özetinden gelen "
            "tohumla (seed) yeniden üretilebilir. / Each student's variant is made again from "
            "the seed, the sha256 of (course, assignment, student).</p>"
            "<table><tr><th>student_id</th><th>name</th><th>seed</th><th>file</th><th></th></tr>"
            f"{''.join(rows)}</table></body></html>")


def write_sheets(set_path: str | Path, students: Sequence[Student], course: str,
                 assignment: str, out_dir: str | Path, fmt: str = "html",
                 lang: str = "tr") -> list[SheetEntry]:
    """Write every student's sheet, plus ``index.html`` and ``index.csv`` for the teacher."""
    if fmt not in ("html", "ipynb"):
        raise ExerciseError(f"format {shown(fmt)}: use html or ipynb")
    base = load_set(set_path)
    set_text = Path(set_path).read_text(encoding="utf-8")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
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
        (out / name).write_text(text, encoding="utf-8")
        entries.append(SheetEntry(student, seed, name, variant))
    (out / "index.html").write_text(_index_html(base, entries, course, assignment), encoding="utf-8")
    with open(out / "index.csv", "w", newline="", encoding="utf-8") as index:
        writer = csv.writer(index)
        writer.writerow(["student_id", "name", "seed", "file"])
        for entry in entries:
            writer.writerow([entry.student.id, entry.student.name, entry.seed, entry.file])
    return entries
