"""The class server's web layer (maca.server.app) on SQLite and PostgreSQL: the teacher's
pages from log in to export, a student's join, saves over the socket and the live page they
fill in, and the ``class`` command."""
from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from conftest import CLASS_CSV, PASSWORD, TEACHER, Web

from maca.__main__ import main
from maca.exercises.grading import grade_progress
from maca.exercises.progress import Progress
from maca.exercises.session import Worksheet, answers_file_name
from maca.exercises.sets import find_set

ORIGIN = {"origin": "http://testserver"}


def answered(course: str, assignment: str, student_id: str, right: int,
             set_id: str = "follow_suit") -> str:
    """An answers file of a student's own variant with its first ``right`` exercises answered
    correctly."""
    sheet = Worksheet.for_student(find_set(set_id), course, assignment, student_id)
    for exercise in list(sheet.exercises)[:right]:
        sheet.check(exercise.id, exercise.answer())
    return sheet.progress.to_json()


def class_with_assignment(web: Web) -> tuple[Any, int, list[Any]]:
    web.login()
    made = web.make_class()
    assignment = web.open_assignment(made.id)
    students = web.store.students(teacher_id=made.teacher_id, class_id=made.id)
    return made, assignment, students


def test_hello_answers_and_the_site_is_served(web: Web) -> None:
    assert web.client.get("/api/class/hello").json() == {"class_server": True, "version": 1}
    page = web.client.get("/")
    assert page.status_code == 200 and "maca site" in page.text
    assert "content-security-policy" not in page.headers     # the site is the site's business
    nothing = web.client.get("/api/class/nothing")
    assert nothing.status_code == 404 and nothing.json() == {"error": "Böyle bir sayfa yok."}


def test_the_site_is_sent_compressed_and_its_runtime_cached(web: Web, site_dir: Path) -> None:
    import gzip

    runtime = site_dir / "runtime" / "pyodide-1.0"
    runtime.mkdir(parents=True)
    (runtime / "pyodide.asm.wasm").write_bytes(b"\0asm" + bytes(range(256)) * 400)
    wasm = web.client.get("/runtime/pyodide-1.0/pyodide.asm.wasm",
                          headers={"accept-encoding": "gzip"})
    assert wasm.headers["content-encoding"] == "gzip"
    assert wasm.headers["content-type"] == "application/wasm"
    assert "immutable" in wasm.headers["cache-control"]
    assert wasm.content == (runtime / "pyodide.asm.wasm").read_bytes()     # httpx unzipped it
    script = web.client.get("/_static/maca-class.js", headers={"accept-encoding": "identity"})
    assert "content-encoding" not in script.headers and script.headers["cache-control"] == (
        "no-cache")
    again = web.client.get("/_static/maca-class.js",
                           headers={"if-none-match": script.headers["etag"]})
    assert again.status_code == 304
    raw = web.client.stream("GET", "/index.html", headers={"accept-encoding": "gzip"})
    with raw as answer:
        assert answer.headers["content-encoding"] == "gzip"
        assert gzip.decompress(b"".join(answer.iter_raw())).startswith(b"<!doctype html>")


def test_log_in_in_turkish_first_and_english_on_request(web: Web) -> None:
    page = web.client.get("/teacher/login")
    assert '<html lang="tr">' in page.text and "Giriş yap" in page.text
    english = web.client.get("/teacher/login?lang=en")
    assert "Log in" in english.text and web.client.cookies.get("maca_lang") == "en"
    assert "Log in" in web.client.get("/teacher/login").text     # the cookie remembers
    wrong = web.login(password="yanlış parola")
    assert wrong.status_code == 401 and "Ad ya da parola yanlış" in wrong.text
    right = web.login()
    assert right.status_code == 303 and right.headers["location"] == "/teacher/"
    cookie = right.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Secure" not in cookie
    headers = web.client.get("/teacher/").headers
    assert "default-src 'self'" in headers["content-security-policy"]
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert (headers["x-frame-options"], headers["x-content-type-options"],
            headers["cache-control"]) == ("DENY", "nosniff", "no-store")


def test_a_class_from_a_cp1254_class_list_with_its_codes_and_cards(web: Web) -> None:
    web.login()
    made = web.make_class("9B", "student_id;name\n7;Çağrı Işık\n8;Gül Şen\n".encode("cp1254"))
    students = web.store.students(teacher_id=made.teacher_id, class_id=made.id)
    assert [s.name for s in students] == ["Çağrı Işık", "Gül Şen"]
    page = web.client.get(f"/teacher/class/{made.id}").text
    assert made.code in page and "<svg" in page and "Çağrı Işık" in page
    assert all(s.join_code in page for s in students)
    cards = web.client.get(f"/teacher/class/{made.id}/cards").text
    assert cards.count('class="card"') == 2 and cards.count("<svg") == 2
    assert all(s.join_code in cards for s in students) and cards.count(made.code) == 2
    css = web.client.get("/teacher/static/teacher.css").text
    assert "@page{size:A4" in css
    listed = web.client.get("/teacher/").text
    assert "9B" in listed and made.code in listed


def test_a_bad_class_list_is_refused_with_the_stores_message(web: Web) -> None:
    web.login()
    answer = web.client.post("/teacher/classes", data={"csrf": web.csrf("/teacher/"),
                                                       "course": "9A"},
                             files={"class_list": ("c.csv", b"name\nAli\n", "text/csv")})
    assert answer.status_code == 400 and "student_id" in answer.text
    teacher = web.store.check_teacher(name=TEACHER, password=PASSWORD)
    assert web.store.classes(teacher_id=teacher.id) == []


def test_opening_an_assignment_offers_every_set_and_refuses_a_wrong_one(web: Web) -> None:
    web.login()
    made = web.make_class()
    page = web.client.get(f"/teacher/class/{made.id}").text
    assert all(f'<option value="{name}">' in page for name in
               ("follow_suit", "hearts", "strategy"))
    bad = web.client.post(f"/teacher/class/{made.id}/assignments", data={
        "csrf": web.csrf(f"/teacher/class/{made.id}"), "set": "nope", "name": "hw1",
        "due": "", "hints": "counted"})
    assert bad.status_code == 400 and "nope" in bad.text
    late = web.client.post(f"/teacher/class/{made.id}/assignments", data={
        "csrf": web.csrf(f"/teacher/class/{made.id}"), "set": "moon", "name": "hw2",
        "due": "2026-12-24T17:00", "hints": "ignored"})
    assert late.status_code == 200
    opened = web.store.assignments(teacher_id=made.teacher_id, class_id=made.id)
    local = datetime(2026, 12, 24, 17, 0).astimezone(timezone.utc)    # the server's clock
    assert [(a.name, a.hints, a.due) for a in opened] == [("hw2", "ignored", local)]


def test_a_student_joins_saves_and_the_live_page_fills_in(web: Web) -> None:
    made, assignment, students = class_with_assignment(web)
    first = students[0]
    with web.client.websocket_connect(f"/ws/teacher?assignment={assignment}",
                                      headers=ORIGIN) as teacher:
        drawn = teacher.receive_json()
        assert drawn["type"] == "draw" and drawn["panel"] == 0
        assert "Ayşe Yılmaz" in drawn["html"] and "0 öğrenci çevrimiçi" in drawn["html"]
        joined = web.join(made.code.lower(), first.join_code)
        assert joined.status_code == 200
        body = joined.json()
        assert body["student"] == {"id": "101", "name": "Ayşe Yılmaz", "course": "9A"}
        assert [(a["id"], a["set"], a["name"], a["hints"], a["file"], a["file_name"])
                for a in body["assignments"]] == [(assignment, "follow_suit", "hw1", "counted",
                                                   None, answers_file_name("follow_suit", "101"))]
        assert "HttpOnly" in joined.headers["set-cookie"]
        token = web.client.cookies["maca_student"]
        document = answered("9A", "hw1", "101", right=2)
        with web.client.websocket_connect("/ws/student?lang=en", headers=ORIGIN) as student:
            assert "1 öğrenci çevrimiçi" in teacher.receive_json()["html"]
            student.send_json({"type": "save", "id": "u-1", "assignment": assignment,
                               "file": document})
            saved = student.receive_json()
            expected = grade_progress(find_set("follow_suit"), Progress.from_json(document))
            assert saved == {"type": "saved", "id": "u-1", "score": expected.score,
                             "max_score": expected.max_score, "scores": expected.scores}
            pushed = teacher.receive_json()
            assert f"{expected.score}/{expected.max_score}" in pushed["html"]
            student.send_json({"type": "save", "id": "u-1", "assignment": assignment,
                               "file": document})
            assert student.receive_json() == saved          # a resend: the same, nothing new
            student.send_json({"type": "ping"})
            assert student.receive_json() == {"type": "pong"}
        assert "0 öğrenci çevrimiçi" in teacher.receive_json()["html"]
    web.as_student(token)
    me = web.client.get("/api/class/me").json()
    assert me["assignments"][0]["file"] == document
    assert me["assignments"][0]["score"] == expected.score


def test_the_question_page_shows_every_students_own_version(web: Web) -> None:
    made, assignment, students = class_with_assignment(web)
    page = web.client.get(f"/teacher/assignment/{assignment}").text
    assert 'data-assignment' in page and "/teacher/static/live.js" in page
    numbers = re.findall(rf'/teacher/assignment/{assignment}/question/(\d+)', page)
    assert numbers and numbers[0] == "1"
    versions = web.client.get(f"/teacher/assignment/{assignment}/question/1").text
    assert all(s.name in versions for s in students)
    assert web.client.get(f"/teacher/assignment/{assignment}/question/999").status_code == 404


def test_the_export_is_what_grade_writes_from_the_same_answers(web: Web, tmp_path: Path) -> None:
    made, assignment, students = class_with_assignment(web)
    document = answered("9A", "hw1", "102", right=1)
    web.join(made.code, students[1].join_code)
    with web.client.websocket_connect("/ws/student", headers=ORIGIN) as student:
        student.send_json({"type": "save", "id": "a", "assignment": assignment,
                           "file": document})
        assert student.receive_json()["type"] == "saved"
    web.as_teacher()
    exported = web.client.get(f"/teacher/assignment/{assignment}/export?format=csv"
                              "&separator=%3B")
    assert exported.status_code == 200
    assert "attachment" in exported.headers["content-disposition"]
    folder = tmp_path / "answers"
    folder.mkdir()
    (folder / answers_file_name("follow_suit", "102")).write_text(document, encoding="utf-8")
    (tmp_path / "class.csv").write_text(CLASS_CSV, encoding="utf-8")
    assert main(["grade", "--set", str(Path(__file__).parent.parent / "exercises" / "follow_suit.toml"), "--answers", str(folder), "--out",
                 str(tmp_path / "grades.csv"), "--course", "9A", "--assignment", "hw1",
                 "--class", str(tmp_path / "class.csv"), "--csv-separator", ";"]) in (0, 1)
    assert exported.content == (tmp_path / "grades.csv").read_bytes()


def test_an_answers_file_is_imported_into_the_class(web: Web) -> None:
    made, assignment, students = class_with_assignment(web)
    document = answered("9A", "hw1", "103", right=3)
    answer = web.client.post(f"/teacher/assignment/{assignment}/import", data={
        "csrf": web.csrf(f"/teacher/assignment/{assignment}")},
        files={"file": (answers_file_name("follow_suit", "103"), document.encode(),
                        "application/json")})
    assert answer.status_code == 200 and "İçe aktarıldı" in answer.text
    table = web.store.class_table(teacher_id=made.teacher_id, assignment_id=assignment)
    assert [r.progress is not None for r in table.rows] == [False, False, True]
    other = web.client.post(f"/teacher/assignment/{assignment}/import", data={
        "csrf": web.csrf(f"/teacher/assignment/{assignment}")},
        files={"file": ("x.json", answered("9A", "hw1", "999", 1).encode(), "application/json")})
    assert other.status_code == 422 and "999" in other.text


def test_a_teacher_adds_a_teacher_who_logs_in_to_their_own_classes(web: Web) -> None:
    web.login()
    made = web.make_class()
    added = web.client.post("/teacher/teachers", data={
        "csrf": web.csrf("/teacher/teachers"), "name": "Mert", "password": "başka bir parola"})
    assert added.status_code == 200 and "Mert" in added.text
    taken = web.client.post("/teacher/teachers", data={
        "csrf": web.csrf("/teacher/teachers"), "name": "Mert", "password": "üçüncü parola"})
    assert taken.status_code == 409
    assert web.login("Mert", "başka bir parola").status_code == 303
    assert made.code not in web.client.get("/teacher/").text


def test_sign_out_ends_the_students_session(web: Web) -> None:
    made, assignment, students = class_with_assignment(web)
    web.join(made.code, students[0].join_code)
    token = web.client.cookies["maca_student"]
    assert web.client.get("/api/class/me").status_code == 200
    out = web.client.post("/api/class/signout", headers=ORIGIN)
    assert out.json() == {"signed_out": True} and "maca_student" not in web.client.cookies
    web.as_student(token)
    gone = web.client.get("/api/class/me?lang=en")
    assert gone.status_code == 401 and "join again" in gone.json()["error"]
    assert web.store.student_by_token(token=token) is None


def test_class_teacher_add_takes_the_password_from_the_environment(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from maca.server.store import ClassStore

    db = tmp_path / "class.db"
    monkeypatch.setenv("MACA_TEACHER_PASSWORD", "gizli parola 9")
    assert main(["class", "teacher", "add", "Deniz", "--db", str(db), "--lang", "en"]) == 0
    assert "Deniz added" in capsys.readouterr().out
    with ClassStore(f"sqlite:///{db}") as store:
        assert store.check_teacher(name="Deniz", password="gizli parola 9") is not None
    monkeypatch.setenv("MACA_TEACHER_PASSWORD", "kısa")
    assert main(["class", "teacher", "add", "Can", "--db", str(db)]) == 2
    assert "8" in capsys.readouterr().err


def test_class_serve_says_where_and_how_it_serves(server: Any, tmp_path: Path) -> None:
    import urllib.request

    running = server(f"sqlite:///{tmp_path / 'served.db'}")
    with urllib.request.urlopen(running.url + "/api/class/hello") as answer:
        assert json.loads(answer.read()) == {"class_server": True, "version": 1}
    text = running.text()
    assert "served.db" in text and "şifresiz HTTP" in text
    assert f"{running.url}/" in text and "█" in text           # the address and its QR code
    assert f"{running.url}/teacher/" in text


def test_class_serve_without_a_password_for_the_first_teacher_says_how_to_give_one(
        tmp_path: Path, site_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MACA_TEACHER_PASSWORD", raising=False)
    with pytest.raises(SystemExit) as stopped:         # pytest's stdin is no terminal
        main(["class", "serve", "--db", str(tmp_path / "c.db"), "--site", str(site_dir),
              "--lang", "en"])
    assert "--teacher-password-file" in str(stopped.value)
    with pytest.raises(SystemExit) as missing:
        main(["class", "serve", "--db", str(tmp_path / "c.db"), "--site", str(tmp_path)])
    assert "index.html" in str(missing.value)
