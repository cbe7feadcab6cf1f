"""Exercise sets in the live notebooks: the engine checks each answer, the answers file is kept
next to the notebook (in JupyterLite: the browser's storage) and downloaded for the teacher.

The live site ships this module in the ``maca-live`` wheel (see ``build_lite.py``); it is glue
between a notebook and `maca.exercises.Worksheet`, which does all the checking.

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> text = 'title = {tr = "D", en = "T"}\\n[[generate]]\\nid = "g"\\nkind = "pass_direction"\\n'
>>> sheet = LiveSheet(text, "trial", "C", "A1", "s1", lang="en", folder=folder)
>>> sheet.check("g-1", sheet.worksheet.exercises["g-1"].answer()).passed
True
>>> again = LiveSheet(text, "trial", "C", "A1", "s1", lang="en", folder=folder)
>>> again.worksheet.progress.answers["g-1"].tries        # progress survives a new session
1
>>> 'download="answers-s1.json"' in again.download().data
True
"""
from __future__ import annotations

import base64
import html
from pathlib import Path
from typing import Any

from IPython.display import HTML

from maca.exercises import AnswersFileError, Progress, Result, Worksheet, parse_set
from maca.exercises.model import situation_html
from maca.exercises.sheets import answers_file_name

__all__ = ["LiveSheet"]

_WORDS = {
    "tr": {"points": "puan", "saved": "Cevapların kaydedildi: {file} ({done}/{total} soru).",
           "download": "⬇ {file} dosyasını indir", "hand_in": "Bu dosyayı öğretmenine gönder.",
           "restored": "Önceki cevapların yüklendi ({done}/{total} soru).",
           "ready": "{total} soru. Her denemede cevapların {file} dosyasına kaydedilir."},
    "en": {"points": "points",
           "saved": "Your answers are saved: {file} ({done}/{total} questions).",
           "download": "⬇ Download {file}", "hand_in": "Hand this file in to your teacher.",
           "restored": "Your earlier answers are loaded ({done}/{total} questions).",
           "ready": "{total} questions. Every try saves your answers to {file}."},
}


class LiveSheet:
    """One learner working through an exercise set in a live notebook."""

    def __init__(self, set_text: str, set_id: str, course: str, assignment: str,
                 student_id: str, lang: str = "tr", folder: str | Path = ".") -> None:
        base = parse_set(set_text, f"{set_id}.toml", default_id=set_id)
        self.worksheet = Worksheet.for_student(base, course, assignment, student_id)
        self.lang = "tr" if lang == "tr" else "en"
        self.path = Path(folder) / answers_file_name(student_id)
        self.restored = self._restore()

    def _restore(self) -> bool:
        """Continue from the answers file of an earlier session, if it is this learner's."""
        mine = self.worksheet.progress
        try:
            saved = Progress.load(self.path)
        except AnswersFileError:
            return False
        same = (saved.course, saved.assignment, saved.student_id, saved.set_id) == \
            (mine.course, mine.assignment, mine.student_id, mine.set_id)
        if same:
            mine.answers.update(saved.answers)
        return same

    def _say(self, key: str, **values: Any) -> str:
        return _WORDS[self.lang][key].format(**values)

    def _counts(self) -> dict[str, int]:
        answers = self.worksheet.progress.answers
        return {"done": sum(1 for e in answers.values() if e.tries),
                "total": len(self.worksheet.exercises)}

    def question(self, exercise_id: str) -> HTML:
        """The question of this learner's variant, with its cards drawn."""
        exercise = self.worksheet.exercises[exercise_id]
        return HTML(f"<p><b>{html.escape(exercise.prompt[self.lang])}</b> "
                    f"<small>({exercise.points} {self._say('points')})</small></p>"
                    + situation_html(exercise, self.lang))

    def check(self, exercise_id: str, answer: Any) -> Result:
        """The engine's verdict on an answer; the answers file is saved after every try."""
        result = self.worksheet.check(exercise_id, answer)
        self.worksheet.save(self.path)
        return result

    def hint(self, exercise_id: str) -> HTML:
        """The next hint of a question (counted in the answers file)."""
        text = self.worksheet.hint(exercise_id)[self.lang]
        self.worksheet.save(self.path)
        return HTML(f"<p>💡 {html.escape(text)}</p>")

    def download(self) -> HTML:
        """A link that downloads the answers file (a data: URL: nothing leaves the browser)."""
        self.worksheet.save(self.path)
        data = base64.b64encode(self.worksheet.progress.to_json().encode("utf-8")).decode()
        name = html.escape(self.path.name)
        return HTML(f"<p>{html.escape(self._say('saved', file=self.path.name, **self._counts()))}"
                    f"</p><p><a class=\"maca-answers-download\" download=\"{name}\" "
                    f"href=\"data:application/json;base64,{data}\">"
                    f"{html.escape(self._say('download', file=self.path.name))}</a> "
                    f"{html.escape(self._say('hand_in'))}</p>")

    def _repr_html_(self) -> str:
        key = "restored" if self.restored else "ready"
        return f"<p>{html.escape(self._say(key, file=self.path.name, **self._counts()))}</p>"
