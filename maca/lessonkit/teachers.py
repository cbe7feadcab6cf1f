"""The teachers' page: the exercise sets, then one class's round trip with the command line
(sheets out, answers in, grades and a chart out), run in a temporary folder.

>>> print(shown(["grade", "--set", "/x/passing.toml"], "graded"))
```text
python -m maca grade \\
    --set exercises/passing.toml
<BLANKLINE>
graded
```
"""
from __future__ import annotations

import csv
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from maca.exercises import Worksheet, load_set
from maca.exercises.gradebook import FORMATS
from maca.words import catalogue, say
from maca.lessonkit import Markdown

#: the class of the round trip, as a school register writes it
CLASS = "Öğrenci No;Adı Soyadı\n2024001;Ayşe Yılmaz\n2024002;Mehmet Kaya\n2024003;Zeynep Demir\n"
STUDENTS = ("2024001", "2024002", "2024003")

catalogue("teachers", {
    "sets head": ("| dosya | başlık | alıştırma | puan |", "| file | title | exercises | points |"),
    "course": ("9-A", "MAT101"),
    "assignment": ("hafta-2", "week-2"),
    "files": ("Oluşan dosyalar: {files}", "Files written: {files}"),
    "answers": ("Cevap dosyaları: {files}", "Answers files: {files}"),
    "grades": ("`grades.csv`: sınıf listesinin sırasıyla her öğrenciye bir satır ({columns} "
               "sütun; her sorunun puanı kendi sütununda). Özet sütunlar:\n\n{table}",
               "`grades.csv`: one row per student, in the class list's order ({columns} "
               "columns; each question's points have their own column). The summary "
               "columns:\n\n{table}"),
}, scoped=True)


def shown(args: list[str], output: str) -> str:
    """The command as a teacher types it (sets under exercises/), then what it printed."""
    words = [f"exercises/{Path(a).name}" if a.endswith(".toml") else a for a in args]
    pairs = [" ".join(words[i:i + 2]) for i in range(1, len(words), 2)]
    command = " \\\n    ".join([f"python -m maca {words[0]}"] + pairs)
    return f"```text\n{command}\n\n{output}\n```"


def run(*args: str, cwd: Path) -> str:
    """Run ``python -m maca`` with ``args`` and return what it printed."""
    done = subprocess.run([sys.executable, "-m", "maca", *args], cwd=cwd, check=True,
                          capture_output=True, text=True)
    return done.stdout.strip()


def _names(paths: Any, base: Path) -> str:
    return ", ".join(f"`{p.relative_to(base)}`" for p in paths)


class RoundTrip:
    """One class's round trip in a new temporary folder, with the sets in ``sets``."""

    def __init__(self, sets: Path, lang: str) -> None:
        self.sets, self.lang, self.work = sets, lang, Path(tempfile.mkdtemp())
        self.course = say("teachers.course").say(lang)
        self.assignment = say("teachers.assignment").say(lang)
        (self.work / "class.csv").write_text(CLASS, encoding="utf-8")

    def set_table(self) -> Markdown:
        """Every exercise set: its file, title, number of exercises and points."""
        rows = [say("teachers.sets head").say(self.lang), "|---|---|---|---|"]
        for path in sorted(self.sets.glob("*.toml")):
            exercise_set = load_set(path)
            rows.append(f"| `{path.name}` | {exercise_set.title[self.lang]} | "
                        f"{len(list(exercise_set))} | {exercise_set.max_score} |")
        return Markdown("\n".join(rows))

    def sheets(self) -> list[Markdown]:
        """``python -m maca sheets`` for the class, and the files it wrote."""
        command = ["sheets", "--set", str(self.sets / "passing.toml"), "--class", "class.csv",
                   "--course", self.course, "--assignment", self.assignment, "--out", "sheets",
                   "--lang", self.lang]
        said = run(*command, cwd=self.work)
        out = self.work / "sheets"
        return [Markdown(shown(command, said)),
                Markdown(say("teachers.files").say(self.lang,
                             files=_names(sorted(out.rglob("*.*")), out)))]

    def answers(self) -> Markdown:
        """Three students answer: all right, every other one right, all with one wrong
        answer."""
        base = load_set(self.sets / "passing.toml")
        folder = self.work / "answers"
        folder.mkdir()
        for number, student in enumerate(STUDENTS):
            sheet = Worksheet.for_student(base, self.course, self.assignment, student)
            for index, exercise_id in enumerate([exercise.id for exercise in sheet.exercises]):
                exercise = sheet.exercises[exercise_id]
                if number == 0 or (number == 1 and index % 2 == 0):
                    sheet.check(exercise_id, exercise.answer())
                elif number == 2:
                    sheet.check(exercise_id, say("cycle_left").say(self.lang))
            sheet.save(folder / f"{student}.json")
        return Markdown(say("teachers.answers").say(self.lang,
                            files=_names(sorted(folder.iterdir()), folder)))

    def grades(self) -> list[Any]:
        """``python -m maca grade``, the summary columns of ``grades.csv`` and the chart."""
        from IPython.display import Image
        command = ["grade", "--set", str(self.sets / "passing.toml"), "--answers", "answers",
                   "--out", "grades.csv", "--chart", "chart.png", "--class", "class.csv",
                   "--lang", self.lang]
        said = run(*command, cwd=self.work)
        with open(self.work / "grades.csv", encoding="utf-8-sig") as handle:
            table = list(csv.reader(handle))
        summary = {say(f"gb_{key}")[self.lang] for key in ("student_id", "name", "points",
                                                            "maximum", "percent", "status")}
        keep = [i for i, name in enumerate(table[0]) if name in summary]
        rows = ["| " + " | ".join(table[0][i] for i in keep) + " |", "|---" * len(keep) + "|"]
        rows += ["| " + " | ".join(row[i] for i in keep) + " |" for row in table[1:]]
        return [Markdown(shown(command, said)),
                Markdown(say("teachers.grades").say(self.lang, columns=len(table[0]),
                             table="\n".join(rows))),
                Image(filename=str(self.work / "chart.png"), width=600)]

    def lms(self) -> list[Markdown]:
        """``grade --format moodle`` and ``canvas``, each with the file it wrote."""
        shown_files = []
        for fmt in FORMATS[1:]:
            command = ["grade", "--set", str(self.sets / "passing.toml"), "--answers",
                       "answers", "--out", f"{fmt}.csv", "--class", "class.csv", "--format",
                       fmt, "--lang", self.lang]
            run(*command, cwd=self.work)
            text = (self.work / f"{fmt}.csv").read_text(encoding="utf-8-sig")
            shown_files.append(Markdown(shown(command, text.strip())))
        return shown_files
