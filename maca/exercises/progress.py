"""Answers files: what a learner did on an exercise set, as the grader reads it.

An answers file is a small JSON document: course, assignment, student id, set, and per exercise
the answer given, the tries and the hints used — never a score (the grader recomputes
everything). The learner's side (checking, saving, restoring) is `maca.exercises.session`.

>>> p = Progress("C", "A1", "s1", "passing")
>>> p.record("p1", "left"); p.record("p1", 1)
>>> Progress.from_json(p.to_json()).answers["p1"]
Entry(answer=1, tries=2, hints=0, solution_seen=False, time=None)
>>> student_seed("C", "A1", "s1") == student_seed("C", "A1", "s1") != student_seed("C", "A1", "s2")
True
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import shown
from ..words import Text, catalogue, say
from .files import plain, read_capped, unsafe_chars
from .text import AnswersFileError

__all__ = ["FORMAT", "VERSION", "Entry", "Progress", "student_seed", "id_problem"]

FORMAT = "maca-answers"
VERSION = 1
MAX_BYTES = 1_000_000   # an answers file is small; anything bigger is refused, read no further


def student_seed(course: str, assignment: str, student_id: str) -> int:
    """The seed of a student's variant: sha256 of (course, assignment, student id), 48 bits.

    >>> student_seed("MAT101", "hafta-3", "2024001")
    150165837464931
    """
    text = "\x1f".join((course, assignment, student_id))
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:12], 16)


def id_problem(value: Any) -> Text | None:
    r"""What keeps ``value`` from being a course, assignment, student or set id, or None: the
    one rule for the page that opens a worksheet and the grader that reads its file.

    >>> id_problem("9A"), print(id_problem(" ").en)
    it must be a non-empty text of at most 200 characters, not ' '
    (None, None)
    >>> "görünmez" in id_problem("s1\u200b").tr
    True
    """
    if not isinstance(value, str) or not value.strip() or len(value) > 200:
        return say("answers_file.id_empty", value=shown(value))
    odd = unsafe_chars(value)
    if odd:   # a control character, a bidi mark, bytes that were not text
        return say("answers_file.id_marks", value=shown(value),
                   signs=", ".join(dict.fromkeys(plain(c) for c in odd)))
    return None


@dataclass
class Entry:
    """What a student did on one exercise."""

    answer: Any = None     # the last answer given, in JSON form (None: not answered)
    tries: int = 0
    hints: int = 0
    solution_seen: bool = False  # after this, no answer is taken: the last one stands
    #: when it was last answered or its solution seen: UTC, ISO 8601 (as read: a file's may be
    #: anything, which grading reports); None in files written before answers had times
    time: Any = None


@dataclass
class Progress:
    """One student's answers for one assignment (the contents of an answers file)."""

    course: str
    assignment: str
    student_id: str
    set_id: str
    seed: int | None = None
    answers: dict[str, Entry] = field(default_factory=dict)
    ignored: list[str] = field(default_factory=list, compare=False)  # unknown fields, when read

    def entry(self, exercise_id: str) -> Entry:
        """The entry of one exercise (created empty if needed)."""
        return self.answers.setdefault(exercise_id, Entry())

    def latest(self, exercise_id: str) -> Entry:
        """The entry of one exercise, moved last: the entries are kept in the order the
        learner last answered them (or saw their solution), as a puzzle series' streak
        reads them.

        >>> p = Progress("C", "A1", "s1", "passing")
        >>> p.record("a", 1); p.record("b", 2); p.record("a", 3); list(p.answers)
        ['b', 'a']
        """
        entry = self.answers.pop(exercise_id, None) or Entry()
        self.answers[exercise_id] = entry
        return entry

    def record(self, exercise_id: str, answer: Any) -> None:
        """Store an answer (JSON form) as one more try."""
        entry = self.latest(exercise_id)
        entry.answer = answer
        entry.tries += 1

    def to_dict(self) -> dict[str, Any]:
        """The JSON document of the answers file."""
        return {"format": FORMAT, "version": VERSION, "course": self.course,
                "assignment": self.assignment, "student_id": self.student_id, "set": self.set_id,
                "seed": self.seed,
                "answers": {k: {"answer": e.answer, "tries": e.tries, "hints": e.hints,
                                "solution_seen": e.solution_seen,
                                **({} if e.time is None else {"time": e.time})}
                            for k, e in self.answers.items()}}

    def to_json(self) -> str:
        """The answers file's text."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    def save(self, path: str | Path) -> None:
        """Write the answers file."""
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Progress:
        """Read and schema-check an answers file; `AnswersFileError` names the file. Only a
        regular file is read (never a symbolic link, a device or a pipe), at most `MAX_BYTES`."""
        if not isinstance(path, (str, os.PathLike)):
            raise AnswersFileError(say("answers_file.path"), value=shown(path))
        data = read_capped(path, MAX_BYTES, AnswersFileError, say("answers_file.what"))
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise AnswersFileError(say("answers_file.not_utf8"), path=str(path), reason=exc.reason,
                                   byte=str(exc.start)) from None
        return cls.from_json(text, str(path))

    @classmethod
    def from_json(cls, text: str, source: str = "<answers>") -> Progress:
        """Parse answers-file text (JSON only: nothing in it is ever executed)."""
        if not isinstance(text, str):
            raise AnswersFileError(say("within"), where=source,
                                   exc=say("answers_file.text", value=shown(text)))
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise AnswersFileError(say("within"), where=source,
                                   exc=say("answers_file.json", problem=str(exc))) from None
        return cls.from_dict(data, source)

    @classmethod
    def from_dict(cls, data: Any, source: str = "<answers>") -> Progress:
        """Check the schema of an answers document and read it."""
        def bad(key: str, **params: Any) -> AnswersFileError:
            return AnswersFileError(say("within"), where=source,
                                    exc=say(f"answers_file.{key}", **params))

        if not isinstance(data, dict):
            raise bad("object")
        if data.get("format") != FORMAT:
            raise bad("format", format=repr(FORMAT))
        if data.get("version") != VERSION:
            raise bad("version", value=shown(data.get("version")), version=str(VERSION))
        for key in ("course", "assignment", "student_id", "set"):
            problem = id_problem(data.get(key))
            if problem is not None:
                raise AnswersFileError(say("answers_file.bad_id", source=source, field=key,
                                           problem=problem))
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise bad("seed")
        answers = data.get("answers")
        if not isinstance(answers, dict):
            raise bad("answers")
        known = {"format", "version", "course", "assignment", "student_id", "set", "seed", "answers"}
        ignored = [f"field {shown(k)}" for k in sorted(set(data) - known, key=str)]
        entries = {}
        for exercise_id, item in answers.items():
            where = f"answers[{shown(exercise_id)}]"
            if not isinstance(exercise_id, str):
                raise bad("exercise_id", where=where)
            if not isinstance(item, dict):
                raise bad("entry", where=where)
            for count in ("tries", "hints"):
                value = item.get(count, 0)
                if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 10**6:
                    raise bad("count", where=where, count=count, value=shown(value))
            seen = item.get("solution_seen", False)
            if not isinstance(seen, bool):
                raise bad("seen", where=where, value=shown(seen))
            fields = {"answer", "tries", "hints", "solution_seen", "time"}
            ignored += [f"{where}.{k}" for k in sorted(set(item) - fields, key=str)]
            entries[exercise_id] = Entry(item.get("answer"), item.get("tries", 0),
                                         item.get("hints", 0), seen, item.get("time"))
        return cls(data["course"], data["assignment"], data["student_id"], data["set"], seed,
                   entries, ignored)



catalogue("answers_file", {
    "id_empty": ("boş olmayan ve en çok 200 karakterlik bir yazı olmalı, {value} değil",
                 "it must be a non-empty text of at most 200 characters, not {value}"),
    "id_marks": ("{value} hiçbir kimlikte olmayan karakterler içeriyor ({signs}: denetim, yön ya "
                 "da görünmez işaretler ya da metin olmayan baytlar)",
                 "{value} holds characters no id has ({signs}: control, direction or invisible "
                 "marks, or bytes that are not text)"),
    "bad_id": ("{source}: {field}: {problem}: notlandırılmadı; öğrenciden araçların kaydettiği "
               "dosyayı isteyin",
               "{source}: {field}: {problem}: not graded; ask the student for the file the tools "
               "saved"),
    "bad_who": ("{field}: {problem}", "{field}: {problem}"),
    # a file that is not an answers file, for the teacher who grades it (and the learner who
    # opens it again)
    "what": ("cevap dosyası", "answers file"),
    "path": ("cevap dosyası bir dosya yolundan okunur, {value} değil",
             "an answers file is read from a file path, not {value}"),
    "not_utf8": ("{path}: UTF-8 metni değil ({reason}, bayt {byte}): bir cevap dosyası değil",
                 "{path}: not UTF-8 text ({reason} at byte {byte}): not an answers file"),
    "text": ("cevap dosyası bir JSON metni olmalı, {value} değil",
             "an answers file is JSON text, not {value}"),
    "json": ("geçerli bir JSON değil: {problem}", "not valid JSON: {problem}"),
    "object": ("bir cevap dosyası bir JSON nesnesidir", "an answers file is a JSON object"),
    "format": ("format {format} olmalı: bu bir maca cevap dosyası değil",
               "format must be {format}: this is not a maca answers file"),
    "version": ("{value} sürümü desteklenmiyor (bu maca {version} sürümünü okur)",
                "version {value} is not supported (this maca reads {version})"),
    "seed": ("seed bir tam sayı ya da null olmalı", "seed must be a whole number or null"),
    "answers": ("answers bir nesne olmalı: alıştırma kimliği → {{answer, tries, hints}}",
                "answers must be an object: exercise id → {{answer, tries, hints}}"),
    "exercise_id": ("{where}: alıştırma kimliği bir metin olmalı",
                    "{where}: an exercise id is text"),
    "entry": ("{where} answer, tries, hints alanları olan bir nesne olmalı",
              "{where} must be an object with answer, tries, hints"),
    "count": ("{where}.{count} 0 ya da daha büyük bir tam sayı olmalı, {value} değil",
              "{where}.{count} must be a whole number ≥ 0, not {value}"),
    "seen": ("{where}.solution_seen true ya da false olmalı, {value} değil",
             "{where}.solution_seen must be true or false, not {value}"),
}, scoped=True)
