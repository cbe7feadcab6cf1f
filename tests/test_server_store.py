"""The class server's store on a real database (SQLite and PostgreSQL, never a mock): the
engine grades every save, a save is idempotent and durable, and every refusal changes nothing."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, Iterator

import pytest
from sqlalchemy import func, select

from maca.__main__ import main as maca_main
from maca.exercises.grading import grade_progress
from maca.exercises.progress import Entry, Progress, student_seed
from maca.exercises.sets import find_set
from maca.server import models as m
from maca.server.errors import (AnswersRefused, InputError, NotFoundError, ServerError,
                                SignInError, TakenError)
from maca.server.store import CODE_ALPHABET, EXPORTS, MAX_SESSIONS, ClassStore, SaveResult

ROOT = Path(__file__).resolve().parents[1]
CLASS_LIST = "student_id;name\n2024001;Ayşe Yılmaz\n2024002;Çağrı Öz\n2024003;Şule İnce\n"
PASSWORD = "tebeşir ve kara tahta"


def answers(student_id: str, count: int, *, course: str = "9A", assignment: str = "hw1",
            set_id: str = "follow_suit", right: bool = True, **extra: Any) -> str:
    """An answers file of ``student_id`` with the first ``count`` exercises of their own
    variant answered (rightly, with the engine's answer, or wrongly with another card)."""
    variant = find_set(set_id).variant(student_seed(course, assignment, student_id))
    entries = {}
    for exercise in list(variant)[:count]:
        answer = exercise.answer() if right else wrong_answer(exercise)
        entries[exercise.id] = Entry(answer, 1)
    document = Progress(course, assignment, student_id, set_id, None, entries).to_dict()
    document.update(extra)
    return json.dumps(document, ensure_ascii=False)


def wrong_answer(exercise: Any) -> Any:
    from maca.exercises.model import check
    for candidate in ("2C", ["2C"], ["AH"], 0, 1, 2, 3, "QS", ["QS"]):
        try:
            if not check(exercise, candidate).passed:
                return candidate
        except Exception:       # an answer of another form: try the next one
            continue
    raise AssertionError(f"no wrong answer found for {exercise}")


@pytest.fixture
def store(db_url: str) -> Iterator[ClassStore]:
    opened = ClassStore(db_url)
    yield opened
    opened.close()


class Class:
    """A teacher with a class of three and one assignment of follow_suit."""

    def __init__(self, store: ClassStore, name: str = "Ayşe Hoca", course: str = "9A") -> None:
        self.store = store
        self.teacher = store.add_teacher(name=name, password=PASSWORD)
        self.info = store.create_class(teacher_id=self.teacher.id, course=course,
                                       class_list=CLASS_LIST.encode("cp1254"),
                                       source_name="9a.csv")
        self.students = store.students(teacher_id=self.teacher.id, class_id=self.info.id)
        self.assignment = store.open_assignment(teacher_id=self.teacher.id,
                                                class_id=self.info.id, set_id="follow_suit",
                                                name="hw1")

    def join(self, index: int) -> str:
        token, student = self.store.join(class_code=self.info.code,
                                         join_code=self.students[index].join_code)
        assert student == self.students[index]
        return token

    def save(self, token: str, document: str, client_id: str = "c-1") -> SaveResult:
        return self.store.save_answers(token=token, assignment_id=self.assignment.id,
                                       client_id=client_id, document=document)


@pytest.fixture
def school(store: ClassStore) -> Class:
    return Class(store)


def counts(store: ClassStore) -> dict[str, int]:
    """How many rows each table holds."""
    with store.engine.connect() as connection:
        return {table.__tablename__: connection.scalar(select(func.count()).select_from(table))
                for table in (m.Teacher, m.SchoolClass, m.Student, m.Assignment, m.AnswerEvent,
                              m.Progress, m.StudentSession)}


# ---- teachers ----------------------------------------------------------------------------

def test_teachers_log_in_with_their_password_only(store: ClassStore) -> None:
    assert store.teacher_count() == 0
    made = store.add_teacher(name=" Ayşe Hoca ", password=PASSWORD)
    assert made.name == "Ayşe Hoca" and store.teacher_count() == 1
    assert store.check_teacher(name="Ayşe Hoca", password=PASSWORD) == made
    assert store.check_teacher(name="Ayşe Hoca", password=PASSWORD + "!") is None
    assert store.check_teacher(name="Nobody", password=PASSWORD) is None
    assert store.teacher(teacher_id=made.id) == made and store.teacher(teacher_id=99) is None
    with store.engine.connect() as connection:
        digest = connection.scalar(select(m.Teacher.password_hash))
    assert digest.startswith("$argon2id$") and PASSWORD not in digest


def test_a_teachers_name_is_taken_once_and_a_short_password_refused(store: ClassStore) -> None:
    store.add_teacher(name="Ayşe Hoca", password=PASSWORD)
    with pytest.raises(TakenError) as caught:
        store.add_teacher(name="Ayşe Hoca", password="başka bir parola")
    assert "zaten var" in caught.value.message("tr")
    with pytest.raises(InputError, match="at least 8"):
        store.add_teacher(name="Can Hoca", password="kısa")
    with pytest.raises(InputError, match="cannot be empty"):
        store.add_teacher(name="  ", password=PASSWORD)
    assert store.teacher_count() == 1


def test_one_name_added_twice_at_once_makes_one_teacher(store: ClassStore) -> None:
    outcomes: list[str] = []

    def add() -> None:
        try:
            store.add_teacher(name="Ayşe Hoca", password=PASSWORD)
            outcomes.append("made")
        except TakenError:
            outcomes.append("taken")

    threads = [threading.Thread(target=add) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["made", "taken", "taken", "taken"]
    assert store.teacher_count() == 1


def test_the_secret_is_made_once_for_every_process(db_url: str) -> None:
    first, second = ClassStore(db_url), ClassStore(db_url)
    try:
        key = first.secret()
        assert len(key) == 32 and second.secret() == key == first.secret()
    finally:
        first.close()
        second.close()


# ---- classes -----------------------------------------------------------------------------

def test_a_class_from_a_windows_turkish_list(school: Class) -> None:
    info = school.info
    assert info.course == "9A" and info.students == 3 and info.source_name == "9a.csv"
    assert info.note is not None and "cp1254" in info.note.en
    assert len(info.code) == 6 and set(info.code) <= set(CODE_ALPHABET)
    assert [(s.student_id, s.name, s.position) for s in school.students] == [
        ("2024001", "Ayşe Yılmaz", 0), ("2024002", "Çağrı Öz", 1), ("2024003", "Şule İnce", 2)]
    codes = [s.join_code for s in school.students]
    assert len(set(codes)) == 3 and all(len(c) == 8 and set(c) <= set(CODE_ALPHABET)
                                        for c in codes)
    assert school.store.classes(teacher_id=school.teacher.id) == [
        school.store.class_info(teacher_id=school.teacher.id, class_id=info.id)]


def test_the_course_system_ids_of_a_class_list_are_kept(store: ClassStore) -> None:
    """Whatever ids for Moodle or Canvas the class list reader gives a student are kept, and
    the export's class list is the same students again."""
    from dataclasses import fields

    from maca.exercises.roster import Student as RosterStudent, decode_class
    from maca.server.store import _roster_student
    carried = [f.name for f in fields(RosterStudent) if f.name in m.LMS_FIELDS]
    header = ";".join(["student_id", "name", *carried])
    listing = f"{header}\n1;Gül Ak{';g1@okul.edu.tr' * len(carried)}\n2;Can Öz\n".encode()
    expected = list(decode_class(listing, "c.csv"))
    teacher = store.add_teacher(name="Ayşe Hoca", password=PASSWORD)
    store.create_class(teacher_id=teacher.id, course="9A", class_list=listing,
                       source_name="c.csv")
    with store.engine.connect() as connection:
        from sqlalchemy.orm import Session
        rows = Session(connection).scalars(select(m.Student).order_by(m.Student.position)).all()
        assert [_roster_student(row) for row in rows] == expected
        for row, student in zip(rows, expected):
            assert {f: getattr(row, f) for f in m.LMS_FIELDS} == {
                f: getattr(student, f, "") or None for f in m.LMS_FIELDS}


@pytest.mark.parametrize("listing, problem", [
    ("student_id;name\n1;Gül\n2;Can\n1;Ece\n", "appears twice"),
    ("name\nGül\n", "a student id column"),
    ("student_id\n", "no students"),
])
def test_a_bad_class_list_creates_nothing(store: ClassStore, listing: str, problem: str) -> None:
    teacher = store.add_teacher(name="Ayşe Hoca", password=PASSWORD)
    before = counts(store)
    with pytest.raises(InputError, match=problem) as caught:
        store.create_class(teacher_id=teacher.id, course="9A", class_list=listing.encode(),
                           source_name="liste.csv")
    assert "liste.csv" in caught.value.message("tr")
    assert counts(store) == before and store.classes(teacher_id=teacher.id) == []


def test_a_class_list_must_be_bytes_and_the_course_a_name(store: ClassStore) -> None:
    teacher = store.add_teacher(name="Ayşe Hoca", password=PASSWORD)
    with pytest.raises(InputError, match="bytes"):
        store.create_class(teacher_id=teacher.id, course="9A", class_list=CLASS_LIST,
                           source_name="x.csv")
    with pytest.raises(InputError, match="invisible"):
        store.create_class(teacher_id=teacher.id, course="9A\u202e", class_list=b"student_id\n1\n",
                           source_name="x.csv")
    assert store.classes(teacher_id=teacher.id) == []


def test_a_teacher_never_reaches_another_teachers_class(school: Class) -> None:
    store = school.store
    other = store.add_teacher(name="Can Hoca", password=PASSWORD)
    own = store.create_class(teacher_id=other.id, course="9B", class_list=b"student_id\n7\n",
                             source_name="9b.csv")
    assert store.classes(teacher_id=other.id) == [
        store.class_info(teacher_id=other.id, class_id=own.id)]
    theirs, missing = school.info.id, 10_000
    assignment = school.assignment.id
    calls = [
        lambda c: store.class_info(teacher_id=other.id, class_id=c),
        lambda c: store.students(teacher_id=other.id, class_id=c),
        lambda c: store.assignments(teacher_id=other.id, class_id=c),
        lambda c: store.open_assignment(teacher_id=other.id, class_id=c, set_id="hearts",
                                        name="hw2"),
    ]
    by_assignment = [
        lambda a: store.assignment(teacher_id=other.id, assignment_id=a),
        lambda a: store.class_table(teacher_id=other.id, assignment_id=a),
        lambda a: store.versions(teacher_id=other.id, assignment_id=a, exercise_id="fs-1"),
        lambda a: store.export(teacher_id=other.id, assignment_id=a),
        lambda a: store.import_file(teacher_id=other.id, assignment_id=a,
                                    data=answers("2024001", 2).encode(), name="a.json"),
    ]
    before = counts(store)
    for call, (target, absent) in [(c, (theirs, missing)) for c in calls] + [
            (c, (assignment, missing)) for c in by_assignment]:
        with pytest.raises(NotFoundError) as seen:
            call(target)
        with pytest.raises(NotFoundError) as none:
            call(absent)
        assert seen.value.message("tr") == none.value.message("tr")     # cannot tell them apart
        assert seen.value.message("en") == none.value.message("en")
    assert counts(store) == before
    assert store.assignments(teacher_id=school.teacher.id, class_id=theirs) == [school.assignment]


# ---- assignments -------------------------------------------------------------------------

def test_opening_assignments(school: Class) -> None:
    store, teacher, class_id = school.store, school.teacher.id, school.info.id
    a = school.assignment
    assert (a.set_id, a.name, a.hints, a.due) == ("follow_suit", "hw1", "counted", None)
    assert a.max_score == find_set("follow_suit").max_score and a.title.tr
    import datetime as dt
    due = dt.datetime(2026, 12, 3, 9, 0, tzinfo=dt.timezone(dt.timedelta(hours=3)))
    second = store.open_assignment(teacher_id=teacher, class_id=class_id, set_id="hearts",
                                   name="hw2", due=due, hints="ignored")
    assert second.due == due and second.due.tzinfo == dt.timezone.utc
    assert store.assignments(teacher_id=teacher, class_id=class_id) == [a, second]
    for kwargs, error in [({"name": "hw1"}, TakenError), ({"set_id": "../../etc/passwd"}, InputError),
                          ({"set_id": "hearts.toml"}, InputError), ({"hints": "sometimes"}, InputError),
                          ({"due": dt.datetime(2026, 12, 3)}, InputError), ({"name": ""}, InputError)]:
        with pytest.raises(error):
            store.open_assignment(teacher_id=teacher, class_id=class_id,
                                  **{"set_id": "hearts", "name": "hw3", **kwargs})
    assert len(store.assignments(teacher_id=teacher, class_id=class_id)) == 2


def test_a_folder_named_like_a_set_where_the_server_runs_changes_nothing(
        school: Class, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from maca.server import store as module
    (tmp_path / "hearts").mkdir()
    (tmp_path / "hearts.toml").write_text("not a set", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    module._base.cache_clear()
    opened = school.store.open_assignment(teacher_id=school.teacher.id, class_id=school.info.id,
                                          set_id="hearts", name="hw2")
    assert opened.max_score == find_set(ROOT / "exercises" / "hearts.toml").max_score


# ---- students ----------------------------------------------------------------------------

def test_joining_by_codes_and_signing_out(school: Class) -> None:
    store, student = school.store, school.students[1]
    code = student.join_code
    token, joined = store.join(class_code=f" {school.info.code.lower()} ",
                               join_code=f"{code[:4].lower()}-{code[4:]}")
    assert joined == student and joined.course == "9A"
    assert store.student_by_token(token=token) == student
    other_token = school.join(1)           # a second browser: a second session
    assert store.sign_out(token=token)
    assert store.student_by_token(token=token) is None
    assert store.student_by_token(token=other_token) == student
    with pytest.raises(SignInError, match="session has ended"):
        school.save(token, answers(student.student_id, 1))
    with pytest.raises(SignInError):
        store.my_progress(token=token)
    assert not store.sign_out(token=token)     # twice: nothing happens
    with store.engine.connect() as connection:
        kept = connection.scalars(select(m.StudentSession.token_hash)).all()
    assert other_token not in kept and len(kept) == 1     # only a hash is stored


@pytest.mark.parametrize("class_code, join_code", [
    ("right", "AAAAAAAA"), ("ZZZZZZ", "right"), ("", ""), (None, 5), ("right", "changed")])
def test_a_wrong_code_opens_nothing(school: Class, class_code: Any, join_code: Any) -> None:
    own = school.students[0].join_code
    changed = own[:-1] + ("2" if own[-1] != "2" else "3")        # one letter off
    class_code = school.info.code if class_code == "right" else class_code
    join_code = {"right": own, "changed": changed}.get(join_code, join_code)
    if join_code in {s.join_code for s in school.students[1:]}:
        pytest.skip("the code made up is another student's own")
    before = counts(school.store)
    with pytest.raises(SignInError) as caught:
        school.store.join(class_code=class_code, join_code=join_code)
    assert caught.value.message("tr") == ("sınıf kodu ya da katılma kodu yanlış: kartındaki "
                                          "kodları denetle")
    assert counts(school.store) == before


def test_a_join_code_opens_its_class_only(store: ClassStore) -> None:
    first, second = Class(store), Class(store, "Can Hoca", "9B")
    with pytest.raises(SignInError):
        store.join(class_code=second.info.code, join_code=first.students[0].join_code)
    assert store.student_by_token(token="x" * 43) is None
    assert store.student_by_token(token=None) is None  # type: ignore[arg-type]


def test_a_student_is_signed_in_on_a_few_browsers_at_most(school: Class) -> None:
    import datetime as dt
    tokens = [school.join(0) for _ in range(MAX_SESSIONS + 2)]
    alive = [school.store.student_by_token(token=t) is not None for t in tokens]
    assert alive == [False, False] + [True] * MAX_SESSIONS      # the oldest two signed out
    with school.store.engine.begin() as connection:             # a browser seen an hour ago
        connection.execute(m.StudentSession.__table__.update().values(
            last_seen=m.now() - dt.timedelta(hours=1)))
    assert school.store.student_by_token(token=tokens[-1]) == school.students[0]
    with school.store.engine.connect() as connection:
        seen = connection.execute(select(m.StudentSession.last_seen)
                                  .order_by(m.StudentSession.last_seen)).scalars().all()
    assert m.now() - seen[-1] < dt.timedelta(minutes=1) < m.now() - seen[0]


@pytest.mark.parametrize("odd", ["1", 1.0, None, True, -1, 2**70])
def test_ids_of_the_wrong_kind_are_not_found(school: Class, odd: Any) -> None:
    store, teacher = school.store, school.teacher.id
    assert store.classes(teacher_id=odd) == [] and store.teacher(teacher_id=odd) is None
    for call in (lambda: store.class_info(teacher_id=teacher, class_id=odd),
                 lambda: store.class_info(teacher_id=odd, class_id=school.info.id),
                 lambda: store.assignment(teacher_id=odd, assignment_id=school.assignment.id),
                 lambda: store.assignment(teacher_id=teacher, assignment_id=odd),
                 lambda: store.create_class(teacher_id=odd, course="9C",
                                            class_list=b"student_id\n1\n", source_name="c.csv"),
                 lambda: school.store.save_answers(token=school.join(0), assignment_id=odd,
                                                   client_id="x", document=answers("2024001", 1))):
        with pytest.raises(NotFoundError):
            call()


def test_text_no_database_keeps_is_refused_not_an_error(school: Class) -> None:
    """NUL and lone surrogates (a JSON "\\ud800" escape makes one) never reach the database."""
    store = school.store
    for odd in ("Ayşe\x00", "Ayşe\ud800"):
        with pytest.raises(InputError):
            store.add_teacher(name=odd, password=PASSWORD)
        with pytest.raises(InputError):
            store.add_teacher(name="Can Hoca", password=PASSWORD + odd)
        assert store.check_teacher(name=odd, password=PASSWORD) is None
        assert store.check_teacher(name="Ayşe Hoca", password=odd) is None
        with pytest.raises(SignInError):
            store.join(class_code=school.info.code + odd, join_code=school.students[0].join_code)
        document = json.loads(answers("2024001", 1))
        document["answers"]["fs-1"]["answer"] = ["ODD"]
        raw = json.dumps(document, ensure_ascii=False).replace("ODD", odd)    # not escaped
        before = counts(store)
        with pytest.raises(AnswersRefused, match="not text"):
            school.save(school.join(0), raw)
        assert counts(store)["answer_event"] == before["answer_event"] == 0
    escaped = json.loads(answers("2024001", 1))
    escaped["answers"]["fs-1"]["answer"] = ["\x00\ud800"]
    result = school.save(school.join(0), json.dumps(escaped))       # as escapes: plain text
    assert result.scores["fs-1"] == 0


# ---- saves: the engine decides -----------------------------------------------------------

def test_a_save_is_graded_by_the_engine_not_the_client(school: Class) -> None:
    student = school.students[0]
    token = school.join(0)
    document = answers(student.student_id, 6, score=999, scores={"fs-1": 50})
    result = school.save(token, document)
    row = grade_progress(find_set("follow_suit"), Progress.from_json(document), hints="counted")
    assert (result.score, result.max_score, result.scores) == (row.score, row.max_score, row.scores)
    assert result.score == 6 and not result.duplicate and result.kept
    assert result.class_id == school.info.id and result.student_pk == student.id
    (assignment, progress), = school.store.my_progress(token=token)
    assert assignment == school.assignment and progress is not None
    assert progress.score == 6 and progress.document == document
    assert any("score" in note.en for note in progress.notes)      # the claim is noted, ignored
    wrong = school.save(token, answers(student.student_id, 6, right=False), "c-2")
    assert wrong.score == 0 and set(wrong.scores.values()) - {None} == {0}


def test_the_assignments_hints_policy_decides(school: Class) -> None:
    """A right answer after the solution was seen: 0 points when hints count (and flagged),
    the point when they are ignored, as ``grade --hints`` grades it."""
    store = school.store
    ignored = store.open_assignment(teacher_id=school.teacher.id, class_id=school.info.id,
                                    set_id="follow_suit", name="hw2", hints="ignored")
    token = school.join(0)
    results = {}
    for assignment in (school.assignment, ignored):
        document = json.loads(answers("2024001", 1, assignment=assignment.name))
        first = next(iter(document["answers"]))
        document["answers"][first]["solution_seen"] = True
        results[assignment.hints] = store.save_answers(
            token=token, assignment_id=assignment.id, client_id=f"h-{assignment.id}",
            document=json.dumps(document)).scores[first]
    assert results == {"counted": 0, "ignored": 1}
    rows = {a.hints: store.class_table(teacher_id=school.teacher.id,
                                       assignment_id=a.id).rows[0]
            for a in (school.assignment, ignored)}
    assert all(len(row.unusual) == 1 for row in rows.values())


def test_a_save_sent_again_counts_once(school: Class) -> None:
    token = school.join(0)
    document = answers(school.students[0].student_id, 3)
    first = school.save(token, document, "5f1c-uuid")
    before = counts(school.store)
    again = school.save(token, document, "5f1c-uuid")
    assert again.duplicate and not first.duplicate
    assert (again.scores, again.score, again.max_score) == (first.scores, first.score,
                                                            first.max_score)
    assert counts(school.store) == before and before["answer_event"] == 1
    with pytest.raises(AnswersRefused, match="used for other answers"):
        school.save(token, answers(school.students[0].student_id, 5), "5f1c-uuid")
    assert counts(school.store) == before
    assert school.store.my_progress(token=token)[0][1].score == 3


def test_saves_of_one_id_at_once_insert_one_event(school: Class) -> None:
    token = school.join(0)
    document = answers(school.students[0].student_id, 4)
    results: list[SaveResult] = []
    threads = [threading.Thread(target=lambda: results.append(school.save(token, document, "same")))
               for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 4 and sum(not r.duplicate for r in results) == 1
    assert counts(school.store)["answer_event"] == 1


def test_many_students_saving_together(school: Class) -> None:
    tokens = [school.join(i) for i in range(3)]
    failures: list[BaseException] = []

    def work(i: int) -> None:
        try:
            for n in range(1, 6):
                school.save(tokens[i], answers(school.students[i].student_id, n), f"s{i}-{n}")
        except BaseException as exc:    # collected, the test says which
            failures.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    table = school.store.class_table(teacher_id=school.teacher.id,
                                     assignment_id=school.assignment.id)
    assert [r.progress.score for r in table.rows if r.progress] == [5, 5, 5]
    assert counts(school.store)["answer_event"] == 15


def test_an_earlier_snapshot_arriving_late_keeps_the_newer_answers(school: Class) -> None:
    token = school.join(0)
    sid = school.students[0].student_id
    newer = school.save(token, answers(sid, 5), "n-2")
    late = school.save(token, answers(sid, 2), "n-1")      # the outbox's older message
    assert not late.kept and late.score == newer.score == 5
    assert school.store.my_progress(token=token)[0][1].score == 5
    assert counts(school.store)["answer_event"] == 2            # logged all the same
    fresh = Progress.from_json(answers(sid, 1))                 # a new try on exercise 1
    fresh.answers[next(iter(fresh.answers))].tries = 2
    assert school.save(token, fresh.to_json(), "n-3").kept


@pytest.mark.parametrize("change, problem", [
    ({"student_id": "2024002"}, "for student '2024002', not '2024001'"),
    ({"course": "9B"}, "for course '9B', not '9A'"),
    ({"assignment": "hw0"}, "for assignment 'hw0', not 'hw1'"),
    ({"set": "hearts"}, "for set 'hearts', not 'follow_suit'"),
])
def test_answers_for_other_work_are_refused(school: Class, change: dict[str, str],
                                            problem: str) -> None:
    token = school.join(0)
    document = json.loads(answers("2024001", 3))
    document.update(change)
    before = counts(school.store)
    with pytest.raises(AnswersRefused, match=problem) as caught:
        school.save(token, json.dumps(document))
    assert "kaydedilmedi" in caught.value.message("tr")
    assert counts(school.store) == before


def test_a_students_token_never_reaches_another_class(store: ClassStore) -> None:
    first, second = Class(store), Class(store, "Can Hoca", "9B")
    token = first.join(0)
    before = counts(store)
    with pytest.raises(NotFoundError):
        store.save_answers(token=token, assignment_id=second.assignment.id, client_id="x",
                           document=answers("2024001", 2, course="9B"))
    with pytest.raises(NotFoundError):
        store.save_answers(token=token, assignment_id=True, client_id="x",  # type: ignore
                           document=answers("2024001", 2))
    assert counts(store) == before
    assert [a for a, _ in store.my_progress(token=token)] == [first.assignment]


@pytest.mark.parametrize("document, problem", [
    ("{", "not valid JSON"),
    ("", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    (json.dumps({"format": "other"}), "not a maca answers file"),
    ("[" * 100_000 + "]" * 100_000, "not valid JSON"),
    ('{"a": "' + "x" * 1_000_001 + '"}', "larger than"),
    (b"{}", "text (JSON)"),
])
def test_malformed_and_oversized_saves_are_refused(school: Class, document: Any,
                                                   problem: str) -> None:
    token = school.join(0)
    before = counts(school.store)
    with pytest.raises(AnswersRefused, match=re.escape(problem)) as caught:
        school.save(token, document)
    assert caught.value.message("tr") != caught.value.message("en")
    assert counts(school.store) == before


@pytest.mark.parametrize("client_id", ["", "x" * 81, "a b", "ç", None, 7])
def test_a_save_needs_a_plain_id(school: Class, client_id: Any) -> None:
    token = school.join(0)
    with pytest.raises(AnswersRefused, match="save's id"):
        school.save(token, answers("2024001", 1), client_id)
    assert counts(school.store)["answer_event"] == 0


def test_a_confirmed_save_survives_the_process_dying(db_url: str, tmp_path: Path) -> None:
    """A process saves, is told it is saved, and dies at once (no close, no shutdown)."""
    setup = ClassStore(db_url)
    school = Class(setup)
    token = school.join(2)
    setup.close()
    script = f"""
import os, sys
sys.path.insert(0, {str(ROOT)!r}); sys.path.insert(0, {str(ROOT / 'tests')!r})
from maca.server.store import ClassStore
from test_server_store import answers
store = ClassStore({db_url!r})
result = store.save_answers(token={token!r}, assignment_id={school.assignment.id},
                            client_id="last-words", document=answers("2024003", 4))
print(result.score, flush=True)
os._exit(9)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert (done.returncode, done.stdout.strip()) == (9, "4"), done.stderr
    reopened = ClassStore(db_url)
    try:
        table = reopened.class_table(teacher_id=school.teacher.id,
                                     assignment_id=school.assignment.id)
        assert [r.progress.score if r.progress else None for r in table.rows] == [None, None, 4]
    finally:
        reopened.close()


# ---- the teacher's view ------------------------------------------------------------------

def test_the_class_table(school: Class) -> None:
    store = school.store
    base = find_set("follow_suit")
    first, third = school.join(0), school.join(2)
    school.save(first, answers("2024001", 4))
    wrong = json.loads(answers("2024003", 4, right=False))
    one = next(iter(wrong["answers"]))
    wrong["answers"][one]["hints"] = 50          # more hints than the exercise has: unusual
    school.save(third, json.dumps(wrong))
    table = store.class_table(teacher_id=school.teacher.id, assignment_id=school.assignment.id)
    assert table.assignment == school.assignment and table.course == "9A"
    assert [c.id for c in table.columns] == [e.id for e in base]
    assert [c.number for c in table.columns] == list(range(1, len(base) + 1))
    assert [r.student.name for r in table.rows] == ["Ayşe Yılmaz", "Çağrı Öz", "Şule İnce"]
    assert [r.answered for r in table.rows] == [True, False, True]
    assert table.rows[0].progress.score == 4 and table.rows[2].progress.score == 0
    assert table.rows[0].unusual == () and len(table.rows[2].unusual) == 1
    flag = table.rows[2].unusual[0]
    assert "50 hints" in flag.en and "50 ipucu" in flag.tr
    top = table.stats[:4]
    assert [s.missed for s in top] == [1, 1, 1, 1] and [s.right for s in top] == [1, 1, 1, 1]
    assert [s.column.number for s in top] == [1, 2, 3, 4]
    assert all(s.answered == 0 for s in table.stats[4:])
    missed = [s.missed for s in table.stats]
    assert missed == sorted(missed, reverse=True)


def test_each_students_own_version_of_a_question(school: Class) -> None:
    store = school.store
    school.save(school.join(1), answers("2024002", 2))
    generated = next(e.id for e in find_set("follow_suit") if e.id not in
                     {x.id for x in find_set("follow_suit")._written})
    versions = store.versions(teacher_id=school.teacher.id, assignment_id=school.assignment.id,
                              exercise_id=generated)
    assert [v.student.student_id for v in versions] == ["2024001", "2024002", "2024003"]
    for version in versions:
        own = find_set("follow_suit").variant(
            student_seed("9A", "hw1", version.student.student_id))[generated]
        assert version.exercise.describe("tr") == own.describe("tr")
    assert len({v.exercise.describe("en") for v in versions}) > 1       # they differ
    first = store.versions(teacher_id=school.teacher.id, assignment_id=school.assignment.id,
                           exercise_id="fs-1")
    assert [(v.answer is not None, v.score) for v in first] == [(False, None), (True, 1),
                                                                 (False, None)]
    with pytest.raises(NotFoundError):
        store.versions(teacher_id=school.teacher.id, assignment_id=school.assignment.id,
                       exercise_id="nope")


# ---- files: importing and exporting ------------------------------------------------------

def test_an_imported_file_counts_once_and_for_its_student_only(school: Class) -> None:
    store, teacher, assignment = school.store, school.teacher.id, school.assignment.id
    data = answers("2024002", 3).encode("utf-8-sig")
    result = store.import_file(teacher_id=teacher, assignment_id=assignment, data=data,
                               name="answers-follow_suit-2024002.json")
    assert result.score == 3 and result.student_pk == school.students[1].id
    assert store.import_file(teacher_id=teacher, assignment_id=assignment, data=data,
                             name="copy.json").duplicate
    before = counts(store)
    refused = [
        (answers("9999", 3).encode(), "not in this class's list"),
        (answers("2024002", 3, assignment="hw2").encode(), "for assignment 'hw2'"),
        (answers("2024002", 3, course="9B").encode(), "for course '9B'"),
        (answers("2024002", 3, set_id="hearts").encode(), "for set 'hearts'"),
        (b"\xff\xfe{", "not UTF-8"),
        (b"{" * 10, "not valid JSON"),
        (b" " * 1_000_001, "at most 1,000,000 bytes"),
    ]
    for data, problem in refused:
        with pytest.raises(AnswersRefused, match=problem):
            store.import_file(teacher_id=teacher, assignment_id=assignment, data=data,
                              name="x.json")
    assert counts(store) == before


def test_the_export_is_what_grade_writes(school: Class, tmp_path: Path) -> None:
    """The same answers, graded by ``python -m maca grade`` from files, give the same file, in
    every format the store exports."""
    store = school.store
    documents = {"2024001": answers("2024001", 7), "2024003": answers("2024003", 5, right=False)}
    for index, sid in ((0, "2024001"), (2, "2024003")):
        school.save(school.join(index), documents[sid])
    folder = tmp_path / "answers"
    folder.mkdir()
    for sid, text in documents.items():
        (folder / f"answers-follow_suit-{sid}.json").write_text(text, encoding="utf-8")
    (tmp_path / "9a.csv").write_bytes(CLASS_LIST.encode("cp1254"))
    for fmt in EXPORTS:
        for separator, lang in ((",", "tr"), (";", "en")):
            out = tmp_path / f"{fmt}-{lang}.csv"
            chosen = ["--format", fmt]
            assert maca_main(["grade", "--set", str(ROOT / "exercises" / "follow_suit.toml"),
                              "--answers", str(folder), "--out", str(out), "--course", "9A",
                              "--assignment", "hw1", "--class", str(tmp_path / "9a.csv"),
                              "--csv-separator", separator, "--lang", lang, *chosen]) == 0
            exported = store.export(teacher_id=school.teacher.id,
                                    assignment_id=school.assignment.id, fmt=fmt,
                                    separator=separator, lang=lang)
            assert exported.data == out.read_bytes()
            assert exported.name == f"grades-{fmt}-9A-hw1.csv"
            assert exported.media_type.startswith("text/csv")
            text = exported.data.decode("utf-8-sig")
            assert all(sid in text for sid in ("2024001", "2024002", "2024003"))
    with pytest.raises(InputError, match="choose " + ", ".join(EXPORTS)) as caught:
        store.export(teacher_id=school.teacher.id, assignment_id=school.assignment.id,
                     fmt="xlsx")
    assert "biçiminde" in caught.value.message("tr")
    with pytest.raises(InputError, match="separator"):
        store.export(teacher_id=school.teacher.id, assignment_id=school.assignment.id,
                     separator="|")


def test_every_refusal_is_a_server_error_in_both_languages() -> None:
    for error in (AnswersRefused, InputError, NotFoundError, SignInError, TakenError):
        assert issubclass(error, ServerError)


def test_a_joined_students_variants_are_made_before_the_first_answer(school: Class) -> None:
    from maca.server import store as module

    token = school.join(0)
    module._variant.cache_clear()
    assert school.store.prepare(token=token) == 1        # the one assignment
    made = module._variant.cache_info()
    assert made.currsize == 1
    school.save(token, answers(school.students[0].student_id, 1))
    assert module._variant.cache_info().hits > made.hits      # the save found it made
    with pytest.raises(SignInError):
        school.store.prepare(token="not-a-token")
