"""Re-sent files, copies, edits, wrong sets and empty files in a class of 30 (issue 20, Builds
2, 4 and 5): the file with the latest answer is graded, and the summary says each thing once,
with the students' names, in the teacher's language."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from test_exercises import wrong_answer
from test_gradebook import ASSIGNMENT, BASE, COURSE, HEARTS, IDS, NAMES, PASSING, register

from maca.__main__ import main
from maca.exercises import Worksheet, load_set
from maca.exercises.gradebook import summary_lines
from maca.exercises.grading import grade_files
from maca.exercises.progress import Progress
from maca.exercises.roster import read_class
from maca.exercises.session import answers_file_name, parse_time

RESENT, RESENT_OLD, COPIER, EDITED, EMPTY, OTHER_SET, OTHER_COURSE, MISSING, WRONG, SAME = \
    IDS[20:30]


def name(sid: str) -> str:
    """The register's name of a student, with the id: as the summary names them."""
    return f"{NAMES[(IDS.index(sid) + 1) % len(NAMES)]} ({sid})"


def file_of(sid: str, copy: int = 0) -> str:
    """A student's file name; ``copy``: the browser's name for the n-th download again."""
    plain = answers_file_name(BASE.id, sid)
    return plain if not copy else plain.replace(".json", f" ({copy}).json")


def answered(sid: str, every: int = 4, right: bool = True, base=BASE,
             course: str = COURSE) -> Worksheet:
    """A student's worksheet, every ``every``-th question wrong (``right=False``: all)."""
    sheet = Worksheet.for_student(base, course, ASSIGNMENT, sid)
    for i, attempt in enumerate(sheet):
        good = right and (i + IDS.index(sid)) % every
        attempt.submit(attempt.exercise.answer() if good else wrong_answer(attempt.exercise))
    return sheet


def timeless(sheet: Worksheet) -> Progress:
    """The sheet's answers as a tool older than answer times wrote them."""
    for entry in sheet.progress.answers.values():
        entry.time = None
    return sheet.progress


def shifted(document: dict, hours: int) -> dict:
    """The document with every answer's time moved by ``hours``."""
    for item in document["answers"].values():
        when = parse_time(item["time"]).timestamp() + hours * 3600
        item["time"] = f"{__import__('datetime').datetime.utcfromtimestamp(when):%Y-%m-%dT%H:%M:%SZ}"
    return document


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("resend")
    (work / "class.csv").write_bytes(register().encode("cp1254"))
    answers = work / "answers"
    answers.mkdir()
    for sid in IDS[:20]:
        answered(sid).save(answers / file_of(sid))
    # downloaded twice: the newer file, "(1)", has the later answers, but an older file time
    first = Worksheet.for_student(BASE, COURSE, ASSIGNMENT, RESENT)
    first.current.submit(wrong_answer(first.current.exercise))
    first.save(answers / file_of(RESENT))
    later = json.loads(answered(RESENT, every=99).progress.to_json())
    (answers / file_of(RESENT, 1)).write_text(json.dumps(shifted(later, 2)), "utf-8")
    os.utime(answers / file_of(RESENT, 1), (1e9, 1e9))
    # an old tool's files, without times: the one changed last is graded
    old = timeless(answered(RESENT_OLD))
    old.save(answers / file_of(RESENT_OLD))
    timeless(answered(RESENT_OLD, every=99)).save(answers / file_of(RESENT_OLD, 1))
    os.utime(answers / file_of(RESENT_OLD), (1e9, 1e9))
    # the first student's file copied under another id, its seed put right
    copy = json.loads((answers / file_of(IDS[0])).read_text("utf-8"))
    own = Worksheet.for_student(BASE, COURSE, ASSIGNMENT, COPIER)
    copy.update(student_id=COPIER, seed=own.progress.seed)
    (answers / file_of(COPIER)).write_text(json.dumps(copy), "utf-8")
    # a hand-edited history: the last answer's time put back by a day
    edited = json.loads(answered(EDITED).progress.to_json())
    last = list(edited["answers"])[-1]
    edited["answers"][last]["time"] = "2020-01-01T00:00:00Z"
    (answers / file_of(EDITED)).write_text(json.dumps(edited), "utf-8")
    (answers / file_of(EMPTY)).write_text("", "utf-8")
    answered(OTHER_SET, base=load_set(HEARTS)).save(answers / file_of(OTHER_SET))
    answered(OTHER_COURSE, course="9B").save(answers / file_of(OTHER_COURSE))
    # every answer wrong, and a neighbour handing in the same wrong answers
    answered(WRONG, right=False).save(answers / file_of(WRONG))
    same = json.loads((answers / file_of(WRONG)).read_text("utf-8"))
    same.update(student_id=SAME, seed=Worksheet.for_student(BASE, COURSE, ASSIGNMENT, SAME).progress.seed)
    (answers / file_of(SAME)).write_text(json.dumps(same), "utf-8")
    return work


def N(sid: str) -> str:
    """`name` as a regular expression."""
    return re.escape(name(sid))


def F(sid: str, copy: int = 0) -> str:
    """`file_of` as a regular expression."""
    return re.escape(file_of(sid, copy))


TIME = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC"


def summary(folder: Path, lang: str) -> list[str]:
    students = read_class(folder / "class.csv")
    rows = grade_files(BASE, sorted((folder / "answers").iterdir()), COURSE, ASSIGNMENT,
                       students, lang=lang)
    return summary_lines(rows, students, BASE, lang=lang)


EXPECTED = {
    "en": [
        rf"✗ {N(EMPTY)}: no file graded: {F(EMPTY)}: the file is empty \(0 bytes\): "
        "the student may have uploaded it before the download finished; ask for it again",
        rf"✗ {N(OTHER_SET)}: no file graded: {F(OTHER_SET)}: the answers are for set "
        "'hearts', not 'passing'",
        rf"✗ {N(OTHER_COURSE)}: no file graded: {F(OTHER_COURSE)}: the file is for "
        "course '9B', not '9A': check --course or the file",
        rf"✗ {N(MISSING)}: no answers file",
        rf"↻ {N(RESENT)}: of 2 files, {F(RESENT, 1)}, with the latest answer "
        rf"\({TIME}\), was graded; not graded: {F(RESENT)} \({TIME}\)",
        rf"↻ {N(RESENT_OLD)}: of 2 files, {F(RESENT_OLD, 1)}, changed last \({TIME}\), "
        rf"was graded \(the files carry no answer times\); not graded: {F(RESENT_OLD)} "
        r"\(2001-09-09 01:46:40 UTC\)",
        rf"⚠ Possibly copied: the answers in {N(COPIER)}'s file \({F(COPIER)}\) fit "
        rf"{N(IDS[0])}'s questions, not their own: \d+ of its wrong answers are "
        rf"{N(IDS[0])}'s right answers \(Q\d+(, Q\d+)+\)",
        rf"⚠ The same wrong answers: {N(WRONG)} and {N(SAME)} gave the same wrong answer "
        r"to questions that differ between them \d+ times \(Q\d+(, Q\d+)+\)",
        r"⚠ 1 file claims unusual histories \(hints, tries, solutions or times the tools never "
        r"record: possibly edited by hand\); hints: counted:",
        rf"  {N(EDITED)}, {F(EDITED)}: '[\w-]+': unusual: the answer's time goes "
        rf"backwards \(2020-01-01 00:00:00 UTC, the answer before it {TIME}; the tools write "
        r"answers in the order given\)",
    ],
    "tr": [
        rf"✗ {N(EMPTY)}: notlandırılan dosyası yok: {F(EMPTY)}: dosya boş \(0 bayt\): "
        "öğrenci dosya inmeden yüklemiş olabilir; dosyayı yeniden isteyin",
        rf"✗ {N(OTHER_SET)}: notlandırılan dosyası yok: {F(OTHER_SET)}: cevaplar "
        "'hearts' seti için, 'passing' için değil",
        rf"✗ {N(OTHER_COURSE)}: notlandırılan dosyası yok: {F(OTHER_COURSE)}: dosya "
        "'9B' dersi için, '9A' için değil: --course değerini ya da dosyayı denetleyin",
        rf"✗ {N(MISSING)}: cevap dosyası yok",
        rf"↻ {N(RESENT)}: 2 dosyadan en son cevabı \({TIME}\) taşıyan {F(RESENT, 1)} "
        rf"notlandırıldı; notlandırılmayan: {F(RESENT)} \({TIME}\)",
        rf"↻ {N(RESENT_OLD)}: 2 dosyadan en son değiştirilen {F(RESENT_OLD, 1)} "
        rf"\({TIME}\) notlandırıldı \(dosyalarda cevap zamanı yok\); notlandırılmayan: "
        rf"{F(RESENT_OLD)} \(2001-09-09 01:46:40 UTC\)",
        rf"⚠ Kopya olabilir: {N(COPIER)} öğrencisinin dosyasındaki \({F(COPIER)}\) "
        rf"cevaplar kendi sorularına değil, {N(IDS[0])} öğrencisinin sorularına uyuyor: \d+ "
        rf"yanlış cevabı {N(IDS[0])} öğrencisinin doğru cevabıyla aynı \(S\d+(, S\d+)+\)",
        rf"⚠ Aynı yanlışlar: {N(WRONG)} ile {N(SAME)}, birbirinden farklı sorularda \d+ "
        r"kez aynı yanlış cevabı vermiş \(S\d+(, S\d+)+\)",
        r"⚠ 1 dosya olağan dışı bir geçmiş bildiriyor \(araçların hiç yazmadığı ipucu, deneme, "
        r"çözüm ya da zaman kayıtları: elle değiştirilmiş olabilir\); ipuçları: counted:",
        rf"  {N(EDITED)}, {F(EDITED)}: '[\w-]+': olağan dışı: cevap zamanı geriye "
        rf"gidiyor \(2020-01-01 00:00:00 UTC, bir önceki cevap {TIME}; araçlar cevapları "
        r"verildikleri sırayla yazar\)",
    ],
}


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_every_line_of_the_summary(folder: Path, lang: str) -> None:
    lines = summary(folder, lang)
    assert len(lines) == len(EXPECTED[lang]), "\n".join(lines)
    for line, pattern in zip(lines, EXPECTED[lang]):
        assert re.fullmatch(pattern, line), (line, pattern)
    assert not any("Expecting value" in line or "JSON" in line for line in lines)


def test_the_file_with_the_latest_answer_is_graded(folder: Path) -> None:
    students = read_class(folder / "class.csv")
    rows = grade_files(BASE, sorted((folder / "answers").iterdir()), COURSE, ASSIGNMENT, students)
    graded = {r.student_id: r for r in rows if r.error is None}
    assert graded[RESENT].file == file_of(RESENT, 1)        # its answers are later, not its date
    assert graded[RESENT].score == BASE.max_score
    assert graded[RESENT_OLD].file == file_of(RESENT_OLD, 1)
    refused = {r.file: r for r in rows if r.error}
    assert refused[file_of(RESENT)].superseded and not refused[file_of(EMPTY)].superseded
    # a refused file never counts as graded under an odd name
    assert not any(r.odd_name for r in rows)
    assert sum(1 for r in rows if r.error is None) == 26


def test_the_command_prints_the_summary_once(folder: Path, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "--set", str(PASSING), "--answers", str(folder / "answers"),
                 "--class", str(folder / "class.csv"), "--course", COURSE, "--assignment",
                 ASSIGNMENT, "--out", str(tmp_path / "g.csv"), "--lang", "en"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert "graded 26/31 files" in out and "; 4 students with no file graded" in out
    lines = out.splitlines()
    assert lines[-len(EXPECTED["en"]):] == summary(folder, "en")
    for sid in (EMPTY, OTHER_SET, OTHER_COURSE, MISSING):     # each said once
        assert sum(sid in line for line in lines) == 1, sid
    assert "graded under a name" not in out and "for another course" not in out


def test_an_old_file_without_times_is_graded_as_before(folder: Path) -> None:
    students = read_class(folder / "class.csv")
    path = folder / "answers" / file_of(RESENT_OLD, 1)
    assert "time" not in path.read_text("utf-8")
    row, = grade_files(BASE, [path], COURSE, ASSIGNMENT, students[:0] or None)
    assert row.error is None and row.chosen_by == "mtime" and not row.unusual
    assert not any("ignored" in note for note in row.notes)


def test_the_session_writes_a_time_with_every_answer_and_keeps_it(tmp_path: Path) -> None:
    sheet = answered(IDS[0])
    sheet.save(tmp_path / "a.json")
    written = json.loads((tmp_path / "a.json").read_text("utf-8"))["answers"]
    assert all("time" in item for item in written.values())
    again = Worksheet.for_student(BASE, COURSE, ASSIGNMENT, IDS[0], tmp_path)
    assert again.progress.answers == {}    # its own file is answers-…json, not a.json
    sheet.save(again.path)
    again = Worksheet.for_student(BASE, COURSE, ASSIGNMENT, IDS[0], tmp_path)
    assert {k: e.time for k, e in again.progress.answers.items()} == {
        k: v["time"] for k, v in written.items()}
    row, = grade_files(BASE, [again.path], COURSE, ASSIGNMENT)
    assert row.error is None and row.chosen_by == "time" and not row.notes


@pytest.mark.parametrize("argv, environ, words", [
    (["grade", "-h"], {"LANG": "tr_TR.UTF-8"}, ("kullanım:", "seçenekler:", "--csv-separator AYIRICI",
                                                "cevap dosyalarının klasörü")),
    (["grade", "--lang", "tr", "-h"], {"LANG": "C"}, ("kullanım:", "bu yardımı göster")),
    (["grade", "-h"], {"LC_ALL": "en_US.UTF-8", "LANG": "tr_TR.UTF-8"},
     ("usage:", "options:", "--csv-separator SEPARATOR", "folder of answers files")),
    (["-h"], {"LANG": "tr_TR.UTF-8"}, ("komutlar", "Komut olmadan bir tur dağıtır")),
])
def test_help_speaks_the_teachers_language(argv: list[str], environ: dict[str, str],
                                           words: tuple[str, ...], monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(key, raising=False)
    for key, value in environ.items():
        monkeypatch.setenv(key, value)
    with pytest.raises(SystemExit):
        main(argv)
    said = capsys.readouterr().out
    assert all(word in said for word in words), said
    assert "{,,;,tab}" not in said and "``" not in said
