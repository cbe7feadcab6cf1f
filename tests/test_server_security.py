"""The threat model on the teacher's page, a test per line (``test_threat_<key>``): each attack
is refused with a clear error and changes nothing; on SQLite and PostgreSQL."""
from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from conftest import PASSWORD, TEACHER, Web, make_web
from starlette.websockets import WebSocketDisconnect
from test_server_app import ORIGIN, answered, class_with_assignment

from maca.exercises.grading import grade_progress
from maca.exercises.progress import Progress
from maca.exercises.sets import find_set
from maca.server.pages import THREATS
from maca.server.security import Limits, Session, Sessions

FOREIGN = {"origin": "http://evil.example"}


def test_every_line_of_the_threat_model_has_its_test() -> None:
    """The class tables' lines are tested beside the tables' other tests."""
    import test_server_tables
    tests = set(globals()) | set(vars(test_server_tables))
    assert all(f"test_threat_{key}" in tests for key in THREATS)


def test_the_threat_model_is_on_the_teachers_page(web: Web) -> None:
    web.login()
    page = web.client.get("/teacher/security").text
    assert all(f'id="{key}"' in page for key in THREATS) and "Yapamaz" in page


def test_threat_read_plain_http(db_url: str, site_dir: Path, server: Any, tmp_path: Path) -> None:
    with make_web(db_url, site_dir, tls=True) as web:
        answer = web.login()
        assert "Secure" in answer.headers["set-cookie"]
        page = web.client.get("/teacher/")
        assert page.headers["strict-transport-security"] and "şifresiz HTTP" not in page.text
    with make_web(db_url, site_dir) as web:
        web.login()
        assert "şifresiz HTTP" in web.client.get("/teacher/").text
    if "sqlite" in db_url:      # a real HTTPS server says so at start
        cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                        "-subj", "/CN=127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                       check=True, capture_output=True)
        running = server(f"sqlite:///{tmp_path / 'tls.db'}", "--tls", str(cert), str(key))
        assert "HTTPS ile sunuluyor" in running.text() and running.url.startswith("https://")


def test_threat_see_site(web: Web) -> None:
    assert web.client.get("/").status_code == 200
    assert web.client.get("/api/class/hello").status_code == 200
    for path in ("/teacher/", "/teacher/class/1", "/teacher/class/1/cards",
                 "/teacher/assignment/1", "/teacher/assignment/1/export",
                 "/teacher/assignment/1/question/1", "/teacher/teachers", "/teacher/security"):
        answer = web.client.get(path, follow_redirects=False)
        assert answer.status_code == 303 and answer.headers["location"] == "/teacher/login", path
    assert web.client.get("/api/class/me").status_code == 401
    for socket in ("/ws/student", "/ws/teacher?assignment=1"):
        with pytest.raises(WebSocketDisconnect) as closed:
            with web.client.websocket_connect(socket, headers=ORIGIN):
                pass
        assert closed.value.code == 4401


def test_threat_guess_password(db_url: str, site_dir: Path) -> None:
    with make_web(db_url, site_dir, limits=Limits(logins_per_address=3)) as web:
        for _ in range(3):
            assert web.login(password="tahmin 1234").status_code == 401
        blocked = web.login()          # now even the right password waits
        assert blocked.status_code == 429 and "Çok fazla başarısız giriş" in blocked.text
        assert web.client.get("/teacher/", follow_redirects=False).status_code == 303
    with make_web(db_url, site_dir, limits=Limits(logins_per_address=50,
                                                  logins_per_name=3)) as web:
        for _ in range(3):
            assert web.login(password="tahmin 1234").status_code == 401
        assert web.login().status_code == 429        # the name is held for this address


def test_threat_forge_cookie(web: Web) -> None:
    web.login()
    real = web.client.cookies["maca_teacher"]
    forged = [Sessions(b"not the server's key" * 2).dump(Session.new(1, TEACHER)),
              real[:-3] + ("AAA" if not real.endswith("AAA") else "BBB"), "garbage", ""]
    for value in forged:
        web.client.cookies.clear()
        web.client.cookies.set("maca_teacher", value)
        answer = web.client.get("/teacher/", follow_redirects=False)
        assert answer.status_code == 303, value
        with pytest.raises(WebSocketDisconnect):
            with web.client.websocket_connect("/ws/teacher?assignment=1", headers=ORIGIN):
                pass


def test_threat_csrf(web: Web) -> None:
    made, assignment, students = class_with_assignment(web)
    teacher = web.store.check_teacher(name=TEACHER, password=PASSWORD)
    forms = {"/teacher/classes": ({"course": "9Z"},
                                  {"class_list": ("c.csv", b"student_id\n1\n", "text/csv")}),
             "/teacher/teachers": ({"name": "Saldırgan", "password": "uzun parola 123"}, None),
             f"/teacher/class/{made.id}/assignments": ({"set": "moon", "name": "hw9", "due": "",
                                                        "hints": "counted"}, None),
             f"/teacher/assignment/{assignment}/import": (
                 {}, {"file": ("a.json", answered("9A", "hw1", "101", 2).encode(),
                               "application/json")}),
             "/teacher/logout": ({}, None),
             "/teacher/login": ({"name": TEACHER, "password": PASSWORD}, None)}
    token = web.csrf("/teacher/")
    for path, (data, files) in forms.items():
        for extra, headers in (({}, {}), ({"csrf": "wrong"}, {}),
                               ({"csrf": token}, FOREIGN)):
            answer = web.client.post(path, data={**data, **extra}, files=files, headers=headers,
                                     follow_redirects=False)
            assert answer.status_code == 403, (path, extra, headers)
            assert "başka bir" in answer.text or "süresi geçmiş" in answer.text
    assert [c.code for c in web.store.classes(teacher_id=teacher.id)] == [made.code]
    assert web.store.check_teacher(name="Saldırgan", password="uzun parola 123") is None
    assert [a.name for a in web.store.assignments(teacher_id=teacher.id, class_id=made.id)] == [
        "hw1"]
    table = web.store.class_table(teacher_id=teacher.id, assignment_id=assignment)
    assert all(r.progress is None for r in table.rows)
    assert web.client.get("/teacher/", follow_redirects=False).status_code == 200   # still in


def test_threat_other_student(web: Web) -> None:
    made, assignment, students = class_with_assignment(web)
    other_class = web.make_class("10B", b"student_id,name\n201,Deniz Ak\n")
    other = web.open_assignment(other_class.id, name="hw1")
    web.join(made.code, students[0].join_code)
    with web.client.websocket_connect("/ws/student?lang=en", headers=ORIGIN) as student:
        for target, document in ((assignment, answered("9A", "hw1", "102", 3)),   # B's file
                                 (other, answered("10B", "hw1", "201", 3))):     # other class
            student.send_json({"type": "save", "id": f"x{target}", "assignment": target,
                               "file": document})
            refused = student.receive_json()
            assert refused["type"] == "error" and refused["id"] == f"x{target}"
            assert refused["message"]
    me = web.client.get("/api/class/me").json()
    assert me["student"]["id"] == "101" and [a["id"] for a in me["assignments"]] == [assignment]
    teacher = web.store.check_teacher(name=TEACHER, password=PASSWORD)
    for assignment_id in (assignment, other):
        table = web.store.class_table(teacher_id=teacher.id, assignment_id=assignment_id)
        assert all(r.progress is None for r in table.rows)


def test_threat_guess_join_code(db_url: str, site_dir: Path) -> None:
    limits = Limits(joins_per_address=100, joins_per_class=4)
    with make_web(db_url, site_dir, limits=limits) as web:
        made, _, students = class_with_assignment(web)
        for guess in range(4):
            answer = web.join(made.code, f"WRONG{guess:03}")
            assert answer.status_code == 401 and "maca_student" not in web.client.cookies
        blocked = web.join(made.code, students[0].join_code)
        assert blocked.status_code == 429 and "Çok fazla" in blocked.json()["error"]
        assert "maca_student" not in web.client.cookies
    with make_web(db_url, site_dir, limits=Limits(joins_per_address=3)) as web:
        made, _, students = class_with_assignment(web)
        for guess in range(3):
            assert web.join(f"ZZZZZ{guess}", "WRONG123").status_code == 401
        assert web.join(made.code, students[0].join_code).status_code == 429


def test_threat_claim_score(web: Web) -> None:
    made, assignment, students = class_with_assignment(web)
    web.join(made.code, students[0].join_code)
    document = answered("9A", "hw1", "101", 1)
    with web.client.websocket_connect("/ws/student", headers=ORIGIN) as student:
        student.send_json({"type": "save", "id": "c1", "assignment": assignment,
                           "file": document, "score": 999, "scores": {"x": 999}})
        saved = student.receive_json()
    engine = grade_progress(find_set("follow_suit"), Progress.from_json(document))
    assert (saved["score"], saved["scores"]) == (engine.score, engine.scores)
    assert saved["score"] < saved["max_score"]


def test_threat_flood(web: Web) -> None:
    made, assignment, students = class_with_assignment(web)
    web.client.cookies.clear()
    huge = web.client.post("/api/class/join", content=b"{" + b" " * 100_000 + b"}",
                           headers={"content-type": "application/json"})
    assert huge.status_code == 413 and "çok büyük" in huge.json()["error"]
    for body in (b"{not json", b"[1, 2]", b'"text"', '{"class_code": 5}'.encode()):
        bad = web.client.post("/api/class/join", content=body,
                              headers={"content-type": "application/json"})
        assert bad.status_code == 400 and bad.json()["error"], body
    web.login()
    broken = web.client.post("/teacher/classes", content=b"--x\r\nnot a form",
                             headers={"content-type": "multipart/form-data; boundary=x"})
    assert broken.status_code == 400 and "Form okunamadı" in broken.text
    upload = web.client.post("/teacher/classes", data={"csrf": web.csrf("/teacher/"),
                                                       "course": "9Z"},
                             files={"class_list": ("c.csv", b"x" * 3_000_000, "text/csv")})
    assert upload.status_code == 413
    teacher = web.store.check_teacher(name=TEACHER, password=PASSWORD)
    assert len(web.store.classes(teacher_id=teacher.id)) == 1
    web.join(made.code, students[0].join_code)
    with web.client.websocket_connect("/ws/student?lang=en", headers=ORIGIN) as student:
        for message in ("not json", "[]", '{"type": "shout"}', '{"type": "save"}',
                        '{"type": "save", "id": "a", "assignment": "one", "file": ""}',
                        '{"type": "save", "id": "a", "assignment": 1, "file": 7}',
                        '{"type": "save", "id": "a", "assignment": %d, "file": "{}"}'
                        % assignment):
            student.send_text(message)
            refused = student.receive_json()
            assert refused["type"] == "error" and refused["message"], message
        student.send_bytes(b"\x00\x01")
        assert student.receive_json()["type"] == "error"
        student.send_text('{"type": "save", "file": "' + "x" * 1_100_000 + '"}')
        assert "too large" in student.receive_json()["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            student.receive_json()
        assert closed.value.code == 1009
    table = web.store.class_table(teacher_id=teacher.id, assignment_id=assignment)
    assert all(r.progress is None for r in table.rows)


def test_threat_teacher_socket(web: Web) -> None:
    made, assignment, students = class_with_assignment(web)
    for headers, code in ((FOREIGN, 4403), ({}, None)):
        if code is None:
            web.join(made.code, students[0].join_code)       # a student's cookie only
            code = 4401
        with pytest.raises(WebSocketDisconnect) as closed:
            with web.client.websocket_connect(f"/ws/teacher?assignment={assignment}",
                                              headers=headers):
                pass
        assert closed.value.code == code
    web.as_teacher()
    with pytest.raises(WebSocketDisconnect) as closed:
        with web.client.websocket_connect("/ws/student", headers=FOREIGN):
            pass
    assert closed.value.code == 4403


def test_threat_other_teacher(web: Web) -> None:
    made, assignment, students = class_with_assignment(web)
    web.store.add_teacher(name="Mert", password="başka bir parola")
    web.login("Mert", "başka bir parola")
    for path in (f"/teacher/class/{made.id}", f"/teacher/class/{made.id}/cards",
                 f"/teacher/assignment/{assignment}", f"/teacher/assignment/{assignment}/export",
                 f"/teacher/assignment/{assignment}/question/1"):
        answer = web.client.get(path)
        assert answer.status_code == 404, path
        assert made.code not in answer.text and students[0].join_code not in answer.text
    opened = web.client.post(f"/teacher/class/{made.id}/assignments", data={
        "csrf": web.csrf("/teacher/"), "set": "moon", "name": "hw2", "due": "",
        "hints": "counted"})
    assert opened.status_code == 404
    with pytest.raises(WebSocketDisconnect) as closed:
        with web.client.websocket_connect(f"/ws/teacher?assignment={assignment}",
                                          headers=ORIGIN):
            pass
    assert closed.value.code == 4404
    assert [a.name for a in web.store.assignments(teacher_id=made.teacher_id,
                                                  class_id=made.id)] == ["hw1"]


def test_threat_shared_code(web: Web) -> None:
    made, assignment, students = class_with_assignment(web)
    first = web.join(made.code, students[0].join_code)
    token = web.client.cookies["maca_student"]
    second = web.join(made.code, students[0].join_code)
    assert first.json()["student"] == second.json()["student"]
    assert web.client.cookies["maca_student"] != token        # two sessions, one student
    assert web.store.student_by_token(token=token) is not None


def test_threat_jam_network(web: Web) -> None:
    """What the server does about a network that comes and goes: a save sent again after the
    connection dropped is confirmed the same and counted once."""
    made, assignment, students = class_with_assignment(web)
    web.join(made.code, students[0].join_code)
    document = answered("9A", "hw1", "101", 2)
    replies = []
    for _ in range(2):                       # the page's outbox resends on reconnect
        with web.client.websocket_connect("/ws/student", headers=ORIGIN) as student:
            student.send_json({"type": "save", "id": "j1", "assignment": assignment,
                               "file": document})
            replies.append(student.receive_json())
    assert replies[0] == replies[1] and replies[0]["type"] == "saved"


def test_behind_a_tls_proxy_the_cookies_are_secure(server: Any, tmp_path: Path) -> None:
    """A TLS proxy on this computer (trusted by default) says the request came over HTTPS:
    the cookies then travel over HTTPS only, and the plain-HTTP warning goes."""
    import httpx

    running = server(f"sqlite:///{tmp_path / 'proxied.db'}")
    with httpx.Client(base_url=running.url, headers={"x-forwarded-proto": "https"}) as client:
        page = client.get("/teacher/login")
        assert "Secure" in page.headers["set-cookie"] and "şifresiz HTTP" not in page.text
    with httpx.Client(base_url=running.url) as client:
        page = client.get("/teacher/login")
        assert "Secure" not in page.headers["set-cookie"] and "şifresiz HTTP" in page.text


def test_threat_block_joins(server: Any, tmp_path: Path) -> None:
    """A flood of wrong codes from several addresses (through the trusted proxy on this
    computer) blocks those addresses; a student who never failed still joins the class."""
    import httpx

    from maca.server.store import ClassStore

    running = server(f"sqlite:///{tmp_path / 'flood.db'}")
    with ClassStore(f"sqlite:///{tmp_path / 'flood.db'}") as store:
        teacher = store.check_teacher(name=TEACHER, password=PASSWORD)
        made = store.create_class(teacher_id=teacher.id, course="9A",
                                  class_list=b"student_id\n1\n2\n", source_name="c.csv")
        first, second = store.students(teacher_id=teacher.id, class_id=made.id)
    with httpx.Client(base_url=running.url) as client:
        def join(address: str, code: str) -> httpx.Response:
            client.cookies.clear()
            return client.post("/api/class/join", json={"class_code": made.code,
                                                        "join_code": code},
                               headers={"x-forwarded-for": address})
        for n in range(60):                     # Limits(): 20 per address, 60 per class
            assert join(f"10.0.0.{n % 4}", f"WRONG{n:03}").status_code in (401, 429)
        assert join("10.0.0.1", first.join_code).status_code == 429
        assert join("10.0.0.9", second.join_code).status_code == 200


def test_a_flood_of_wrong_passwords_does_not_lock_the_teacher_out(server: Any,
                                                                  tmp_path: Path) -> None:
    import re

    import httpx

    running = server(f"sqlite:///{tmp_path / 'logins.db'}")

    def login(address: str, password: str) -> httpx.Response:
        with httpx.Client(base_url=running.url, headers={"x-forwarded-for": address}) as client:
            csrf = re.search(r'name="csrf" value="([^"]+)"', client.get("/teacher/login").text)
            assert csrf
            return client.post("/teacher/login", data={"csrf": csrf.group(1), "name": TEACHER,
                                                       "password": password})
    for n in range(10):                         # Limits(): 10 per name, 10 per address
        assert login(f"10.0.1.{n % 5}", "tahmin 1234").status_code == 401
    assert login("10.0.1.1", PASSWORD).status_code == 429
    assert login("10.0.1.200", PASSWORD).status_code == 303
