"""The class server's Starlette app: the student's API and sockets (answers, class tables), the
teacher's pages and live socket, and the built site as static files under everything else.

Every request passes the body limit first; the teacher's pages and the API get the security
headers; every store call runs in a worker thread (the store is synchronous: one short
transaction per call). Errors are answered in the reader's language: JSON ``{"error": …}`` on
the API, the page again with the message on a form, ``{"type": "error"}`` on a socket.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import mimetypes
import os
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, AsyncIterator, Callable, Coroutine, Iterator

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers, UploadFile
from starlette.requests import Request
from starlette.responses import (FileResponse, HTMLResponse, JSONResponse, RedirectResponse,
                                 Response)
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from ..exercises.session import answers_file_name
from ..serving import COMPRESSED, cache_control, gzipped
from ..exercises.sets import set_names
from ..words import Text, catalogue, say
from . import pages
from ..errors import MacaError
from ..multiplayer import TableSettings
from . import tables as class_tables
from .errors import (AnswersRefused, InputError, NotFoundError, ServerError, SignInError,
                     TableError, TakenError)
from .live import Hub, make_hub, session_mark
from .security import (ASGIApp, BodyLimit, Limits, Message, RateLimit, Receive, Scope, Send,
                       Session, Sessions, same_origin)
from .store import EXPORTS
from .tabledata import STATUSES

for _suffix, _type in {".mjs": "text/javascript", ".js": "text/javascript",
                       ".wasm": "application/wasm", ".ipynb": "application/json",
                       ".whl": "application/octet-stream",
                       ".webmanifest": "application/manifest+json"}.items():
    mimetypes.add_type(_type, _suffix)

WORDS = catalogue("server.app", {
    "too_large": ("İstek çok büyük (en çok {limit} KB): daha küçük bir dosya gönder.",
                  "The request is too large (at most {limit} KB): send a smaller file."),
    "message_too_large": ("Mesaj çok büyük (en çok {limit} KB).",
                          "The message is too large (at most {limit} KB)."),
    "bad_json": ("İstek okunamadı: bir JSON nesnesi bekleniyordu.",
                 "The request could not be read: a JSON object was expected."),
    "bad_form": ("Form okunamadı: sayfayı yenileyip yeniden gönder.",
                 "The form could not be read: reload the page and send it again."),
    "bad_field": ("“{field}” alanı eksik ya da geçersiz: {hint}.",
                  "The field “{field}” is missing or invalid: {hint}."),
    "hint_code": ("en çok 20 karakterlik bir kod", "a code of at most 20 characters"),
    "hint_text": ("en çok {n} karakterlik bir metin", "a text of at most {n} characters"),
    "hint_number": ("bir tam sayı", "a whole number"),
    "hint_time": ("YYYY-AA-GGTSS:DD biçiminde bir zaman", "a time written YYYY-MM-DDTHH:MM"),
    "hint_file": ("bir dosya seç", "choose a file"),
    "bad_message": ("Mesaj okunamadı: türü (type) save ya da ping olan bir JSON nesnesi "
                    "bekleniyordu.",
                    "The message could not be read: a JSON object whose type is save or ping "
                    "was expected."),
    "too_many_logins": ("Çok fazla başarısız giriş: birkaç dakika bekle, sonra yeniden dene.",
                        "Too many failed logins: wait a few minutes, then try again."),
    "too_many_joins": ("Çok fazla başarısız katılım denemesi: birkaç dakika bekle, kodları "
                       "kartından denetle.",
                       "Too many failed attempts to join: wait a few minutes and check the "
                       "codes on your card."),
    "wrong_login": ("Ad ya da parola yanlış.", "Wrong name or password."),
    "csrf": ("Bu form süresi geçmiş ya da başka bir sayfadan gönderilmiş: sayfayı yenileyip "
             "yeniden dene.",
             "This form has expired or was sent from another page: reload the page and try "
             "again."),
    "origin": ("Bu istek başka bir siteden geldi: geri çevrildi.",
               "This request came from another site: refused."),
    "not_joined": ("Bir sınıfa katılmadın (ya da oturumun bitti): kodlarınla yeniden katıl.",
                   "You have not joined a class (or your session ended): join again with your "
                   "codes."),
    "not_found": ("Böyle bir sayfa yok.", "No such page."),
}, scoped=True)

class SiteFiles(StaticFiles):
    """The built site: text and wasm files compressed once and kept (a class of 30 loads the
    runtime at once), the runtime's versioned files cached for a year, the rest checked again
    each time (``no-cache``: a 304 when unchanged)."""

    def file_response(self, full_path: Any, stat_result: os.stat_result, scope: Scope,
                      status_code: int = 200) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers["cache-control"] = cache_control(scope["path"])
        headers = Headers(scope=scope)
        if (not isinstance(response, FileResponse) or "range" in headers
                or Path(full_path).suffix not in COMPRESSED
                or "gzip" not in headers.get("accept-encoding", "")):
            return response
        body = gzipped(str(full_path), stat_result.st_mtime_ns)
        kept = {k: v for k, v in response.headers.items() if k not in ("content-length",
                                                                        "accept-ranges")}
        return Response(body, status_code, headers={**kept, "content-encoding": "gzip",
                                                    "vary": "Accept-Encoding"})


#: names of the cookies: the teacher's signed session, the student's session, the language
TEACHER_COOKIE, STUDENT_COOKIE, LANG_COOKIE = "maca_teacher", "maca_student", "maca_lang"
STUDENT_AGE = 30 * 24 * 3600
#: the longest message of a class table's socket (characters: an action is a few dozen)
TABLE_MESSAGE = 4096
#: a class table's socket takes at most this many messages per `TABLE_WINDOW` seconds (a
#: person makes a few a second; the benchmark's players, as fast as the server, about ten)
TABLE_MESSAGES, TABLE_WINDOW = 100, 5.0
#: the most tables sockets one student may have open at once (a tab or two per device)
TABLE_SOCKETS = 5


def word(key: str) -> Text:
    """A text of this module's catalogue."""
    return say(f"server.app.{key}")


class Refused(Exception):
    """A request refused before reaching the store: its HTTP status and the reason."""

    def __init__(self, status: int, text: Text) -> None:
        super().__init__(text.en)
        self.status, self.text = status, text


def status_of(error: ServerError) -> int:
    """The HTTP status of a store error.

    >>> status_of(NotFoundError("x")), status_of(TakenError("x")), status_of(InputError("x"))
    (404, 409, 400)
    """
    for kind, status in ((NotFoundError, 404), (SignInError, 401), (TakenError, 409),
                         (InputError, 400), (AnswersRefused, 422), (TableError, 409)):
        if isinstance(error, kind):
            return status
    return 400


def lang_of(request: Request | WebSocket) -> str:
    """The reader's language: ``?lang=`` first, then the cookie, else Turkish."""
    asked = request.query_params.get("lang") or request.cookies.get(LANG_COOKIE)
    return asked if asked in ("tr", "en") else "tr"


def bad_field(name: str, hint: Text) -> Refused:
    """A 400 naming the field and what it should hold."""
    return Refused(400, word("bad_field").fill(field=name, hint=hint))


def text_field(values: Any, name: str, limit: int, required: bool = True) -> str:
    """A text field of a form or JSON object, stripped and at most ``limit`` characters.

    >>> text_field({"course": " 9A "}, "course", 40)
    '9A'
    >>> text_field({"course": 9}, "course", 40)
    Traceback (most recent call last):
    maca.server.app.Refused: The field “course” is missing or invalid: a text of at most 40 characters.
    """
    value = values.get(name)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or len(value) > limit or (required and not value.strip()):
        raise bad_field(name, word("hint_text").fill(n=limit))
    return value.strip()


def due_time(value: str) -> datetime | None:
    """A due time from the form (``datetime-local``: the time on the teacher's computer, which
    runs the server), in UTC; None when left empty.

    >>> due_time("2026-12-05T17:00") == datetime(2026, 12, 5, 17, 0).astimezone(timezone.utc)
    True
    >>> due_time("2026-12-05T17:00+03:00").hour, due_time("")
    (14, None)
    """
    if not value:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise bad_field("due", word("hint_time")) from None
    return moment.astimezone(timezone.utc)


@dataclass
class Guards:
    """The rate limits of failed logins and joins, by address and by name or class code."""

    limits: Limits
    login_address: RateLimit = field(init=False)
    login_name: RateLimit = field(init=False)
    join_address: RateLimit = field(init=False)
    join_class: RateLimit = field(init=False)

    def __post_init__(self) -> None:
        window = self.limits.window
        self.login_address = RateLimit(self.limits.logins_per_address, window)
        self.login_name = RateLimit(self.limits.logins_per_name, window)
        self.join_address = RateLimit(self.limits.joins_per_address, window)
        self.join_class = RateLimit(self.limits.joins_per_class, window)


def address_of(request: Request | WebSocket) -> str:
    """The client's address (as the connection shows it)."""
    return request.client.host if request.client else "?"


class SecurityHeaders:
    """ASGI middleware: the security headers on every answer but the static site's, and
    ``Strict-Transport-Security`` under TLS. The referrer policy is ``same-origin``: with
    ``no-referrer`` Chromium sends ``Origin: null`` on a form's post, which `same_origin`
    refuses. Scripts come from the server only; style attributes are allowed, since the
    engine's pictures (`situation_html`, the cards' SVG) carry their styles inline."""

    HEADERS = [(b"content-security-policy",
                b"default-src 'self'; img-src 'self' data:; style-src 'self'; "
                b"style-src-attr 'unsafe-inline'; "
                b"script-src 'self'; connect-src 'self'; frame-ancestors 'none'; "
                b"form-action 'self'; base-uri 'none'"),
               (b"x-frame-options", b"DENY"), (b"x-content-type-options", b"nosniff"),
               (b"referrer-policy", b"same-origin"), (b"cache-control", b"no-store")]

    def __init__(self, app: ASGIApp, tls: bool) -> None:
        self.app = app
        self.headers = self.HEADERS + ([(b"strict-transport-security", b"max-age=31536000")]
                                       if tls else [])

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(("/teacher", "/api/")):
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self.headers]
            await send(message)

        await self.app(scope, receive, with_headers)


#: how a socket is closed when its session signs out
Closer = Callable[[], Coroutine[Any, Any, None]]


class Server:
    """The routes' handlers around one store, one hub and the server's settings."""

    def __init__(self, store: Any, site: Path, tls: bool, addresses: list[str],
                 limits: Limits, secret: bytes, hub: Hub,
                 runtime: class_tables.TableRuntime) -> None:
        self.store, self.site, self.tls, self.addresses = store, site, tls, addresses
        self.limits, self.hub, self.runtime = limits, hub, runtime
        self.sessions = Sessions(secret)
        self.guards = Guards(limits)
        #: per student: messages on every tables socket together (a reconnect gets no fresh
        #: allowance) and the tables sockets open now
        self.table_rate = RateLimit(TABLE_MESSAGES, TABLE_WINDOW)
        self.table_sockets: dict[int, int] = {}
        #: a session's mark (`session_mark`) -> how to close each of its sockets here
        self.session_sockets: dict[str, set[Closer]] = {}
        hub.session_listeners.add(self.session_ended)

    # -- helpers ---------------------------------------------------------------------------

    @contextlib.contextmanager
    def kept(self, token: str, close: Closer) -> Iterator[None]:
        """While in it, a socket of the session of ``token``: ``close`` ends it when the
        session signs out, in whichever process (`Hub.sign_out`)."""
        closers = self.session_sockets.setdefault(session_mark(token), set())
        closers.add(close)
        try:
            yield
        finally:
            closers.discard(close)
            if not closers:
                self.session_sockets.pop(session_mark(token), None)

    async def still_signed_in(self, ws: WebSocket, token: str) -> bool:
        """Whether the session of a socket just `kept` is still there (a sign-out between
        its first check and now is heard no more): else it is closed with 4401."""
        if await self.call("student_by_token", token=token) is not None:
            return True
        await close_once(ws, 4401)
        return False

    def session_ended(self, mark: str) -> None:
        """A session signed out (heard by the hub): close its sockets here with 4401."""
        for close in list(self.session_sockets.get(mark, ())):
            self.runtime.chore(close())

    def secure(self, request: Request) -> bool:
        """Whether the request came over HTTPS: served with ``--tls``, or through a TLS proxy
        that says so (``X-Forwarded-Proto``, trusted from the proxies ``--proxy`` names)."""
        return self.tls or request.url.scheme == "https"

    async def call(self, method: str, **kwargs: Any) -> Any:
        """A store operation, in a worker thread."""
        return await run_in_threadpool(getattr(self.store, method), **kwargs)

    def session(self, request: Request | WebSocket) -> Session | None:
        """The teacher's session in the request's cookie, if it is valid."""
        return self.sessions.load(request.cookies.get(TEACHER_COOKIE))

    def finish(self, request: Request, response: Response, session: Session | None = None) -> Response:
        """Set the cookies an answer carries: the teacher's session, the language asked for."""
        if session is not None:
            response.set_cookie(TEACHER_COOKIE, self.sessions.dump(session),
                                max_age=self.sessions.max_age, path="/", httponly=True,
                                samesite="strict", secure=self.secure(request))
        if request.query_params.get("lang") in ("tr", "en"):
            response.set_cookie(LANG_COOKIE, request.query_params["lang"], max_age=STUDENT_AGE,
                                samesite="lax", secure=self.secure(request))
        return response

    def html(self, request: Request, text: str, status: int = 200,
             session: Session | None = None) -> Response:
        """A page, with the cookies it sets."""
        return self.finish(request, HTMLResponse(text, status), session)

    def refused(self, request: Request, refusal: Refused) -> Response:
        """A refusal: JSON on the API, a short page elsewhere."""
        lang = lang_of(request)
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": refusal.text[lang]}, refusal.status)
        page = pages.layout(say("server.pages.title")[lang], pages.field_error(refusal.text, lang),
                            lang, tls=self.secure(request))
        return self.html(request, page, refusal.status)

    def teacher(self, request: Request) -> Session:
        """The logged-in teacher's session, or a redirect to the log-in page."""
        session = self.session(request)
        if session is None or session.teacher_id is None:
            raise LoginNeeded
        return session

    async def form(self, request: Request) -> tuple[Session, Any]:
        """A teacher's form, after its origin and its CSRF token are checked."""
        session = self.session(request)
        if not same_origin(request.headers.get("origin"), request.headers.get("host")):
            raise Refused(403, word("origin"))
        try:
            form = await request.form(max_files=1, max_fields=20)
        except Exception:       # python-multipart's and Starlette's refusals of a broken form
            raise Refused(400, word("bad_form")) from None
        if session is None or not session.csrf_ok(form.get("csrf")):
            raise Refused(403, word("csrf"))
        return session, form

    async def json_body(self, request: Request) -> dict[str, Any]:
        """A JSON object sent by the page (same origin, ``application/json``)."""
        if not same_origin(request.headers.get("origin"), request.headers.get("host")):
            raise Refused(403, word("origin"))
        if not request.headers.get("content-type", "").startswith("application/json"):
            raise Refused(415, word("bad_json"))
        try:
            body = json.loads(await request.body())
        except (ValueError, UnicodeDecodeError):
            raise Refused(400, word("bad_json")) from None
        if not isinstance(body, dict):
            raise Refused(400, word("bad_json"))
        return body

    def address(self, request: Request) -> str:
        """The address the students type or scan: the first network address the server
        printed, else the one this page was opened at."""
        return self.addresses[0] if self.addresses else str(request.base_url)

    # -- the student's API -----------------------------------------------------------------

    async def no_api(self, request: Request) -> Response:
        raise Refused(404, word("not_found"))

    async def hello(self, request: Request) -> Response:
        return JSONResponse({"class_server": True, "version": 1})

    async def student_payload(self, token: str) -> dict[str, Any] | None:
        """What join and me answer: the student, their assignments with their own scores and
        latest answers file."""
        student = await self.call("student_by_token", token=token)
        if student is None:
            return None
        mine = await self.call("my_progress", token=token)
        return {"student": {"id": student.student_id, "name": student.name,
                            "course": student.course},
                "assignments": [assignment_payload(a, p, student.student_id) for a, p in mine]}

    async def join(self, request: Request) -> Response:
        body = await self.json_body(request)
        class_code = body.get("class_code")
        join_code = body.get("join_code")
        for name, value in (("class_code", class_code), ("join_code", join_code)):
            if not isinstance(value, str) or not 0 < len(value.strip()) <= 20:
                raise bad_field(name, word("hint_code"))
        address, code = address_of(request), str(class_code).strip().upper()
        guards = self.guards
        # a class flooded with wrong codes still lets in every address that has not failed
        if guards.join_address.blocked(address) or (guards.join_class.blocked(code)
                                                    and guards.join_address.failed(address)):
            raise Refused(429, word("too_many_joins"))
        try:
            token, _ = await self.call("join", class_code=str(class_code).strip(),
                                       join_code=str(join_code).strip())
        except SignInError:
            guards.join_address.fail(address)
            guards.join_class.fail(code)
            raise
        payload = await self.student_payload(token)
        response = JSONResponse(payload)
        response.set_cookie(STUDENT_COOKIE, token, max_age=STUDENT_AGE, path="/", httponly=True,
                            samesite="strict", secure=self.secure(request))
        return response

    async def me(self, request: Request) -> Response:
        token = request.cookies.get(STUDENT_COOKIE)
        payload = await self.student_payload(token) if token else None
        if payload is None:
            raise Refused(401, word("not_joined"))
        return JSONResponse(payload)

    async def signout(self, request: Request) -> Response:
        if not same_origin(request.headers.get("origin"), request.headers.get("host")):
            raise Refused(403, word("origin"))
        token = request.cookies.get(STUDENT_COOKIE)
        if token:
            if await self.call("sign_out", token=token):
                self.session_ended(session_mark(token))     # here even if the hub is away
                await self.hub.sign_out(session_mark(token))
        response = JSONResponse({"signed_out": True})
        response.delete_cookie(STUDENT_COOKIE, path="/", httponly=True, samesite="strict",
                               secure=self.secure(request))
        return response

    async def socket_student(self, ws: WebSocket, token: str) -> Any:
        """The student a socket's cookie names, the socket accepted; None: closed (4403 from
        another site's page, 4401 for no student)."""
        if not same_origin(ws.headers.get("origin"), ws.headers.get("host")):
            await ws.close(4403)
            return None
        student = await self.call("student_by_token", token=token) if token else None
        if student is None:
            await ws.close(4401)
            return None
        await ws.accept()
        return student

    async def student_socket(self, ws: WebSocket) -> None:
        """``WS /ws/student``: saves answered one after the other, in the order they came."""
        lang = lang_of(ws)
        token = ws.cookies.get(STUDENT_COOKIE, "")
        student = await self.socket_student(ws, token)
        if student is None:
            return
        await self.hub.presence(student.class_id, student.id, +1)
        ready = asyncio.get_running_loop().create_task(self.call("prepare", token=token))
        ready.add_done_callback(lambda task: task.cancelled() or task.exception())
        try:
            with self.kept(token, lambda: close_once(ws, 4401)):
                if await self.still_signed_in(ws, token):
                    await self.student_messages(ws, token, student, lang)
        except WebSocketDisconnect:
            pass
        finally:
            await self.hub.presence(student.class_id, student.id, -1)

    async def student_messages(self, ws: WebSocket, token: str, student: Any,
                               lang: str) -> None:
        """Answer the answers socket's messages until it closes (or the session ends)."""
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect" or not is_open(ws):
                return
            text = message.get("text")
            if text is not None and len(text) > self.limits.message:
                await ws.send_json({"type": "error", "id": None, "message":
                                    word("message_too_large").say(
                                        lang, limit=self.limits.message // 1024)})
                await close_once(ws, 1009)
                return
            reply = await self.student_message(token, student, text, lang)
            if not is_open(ws):
                return                     # signed out meanwhile: nothing more is said
            if reply is None:              # the store is away: the page reconnects, resends
                await close_once(ws, 1011)
                return
            await ws.send_json(reply)

    async def student_message(self, token: str, student: Any, text: str | None,
                              lang: str) -> dict[str, Any] | None:
        """The answer to one message of a student's socket (None: the store failed)."""
        try:
            message = json.loads(text) if text is not None else None
        except (ValueError, RecursionError):
            message = None
        if not isinstance(message, dict) or message.get("type") not in ("save", "ping"):
            return {"type": "error", "id": None, "message": word("bad_message")[lang]}
        if message["type"] == "ping":
            return {"type": "pong"}
        client_id, assignment, document = (message.get("id"), message.get("assignment"),
                                           message.get("file"))
        if not isinstance(client_id, str) or not 0 < len(client_id) <= 100:
            return {"type": "error", "id": None,
                    "message": bad_field("id", word("hint_code")).text[lang]}
        reply_id = client_id
        if type(assignment) is not int:
            return {"type": "error", "id": reply_id,
                    "message": bad_field("assignment", word("hint_number")).text[lang]}
        if not isinstance(document, str):
            return {"type": "error", "id": reply_id,
                    "message": bad_field("file", word("hint_text").fill(
                        n=self.limits.message)).text[lang]}
        try:
            saved = await self.call("save_answers", token=token, assignment_id=assignment,
                                    client_id=client_id, document=document)
        except ServerError as error:
            return {"type": "error", "id": reply_id, "message": error.message(lang)}
        except Exception:
            return None
        if not saved.duplicate:
            await self.hub.answer(saved.class_id, saved.student_pk)
        return {"type": "saved", "id": reply_id, "score": saved.score,
                "max_score": saved.max_score, "scores": saved.scores}

    async def tables_socket(self, ws: WebSocket) -> None:
        """``WS /ws/tables``: the class tables panel (`maca.server.tables.Player`) over the
        host protocol — each ``start`` / ``act`` answered by a ``draw`` or an ``error``, and
        a ``draw`` pushed whenever the lobby or the student's table changes. A message longer
        than `TABLE_MESSAGE` or more than `TABLE_MESSAGES` in `TABLE_WINDOW` seconds is
        refused and the socket closed (nothing of it applied)."""
        lang = lang_of(ws)
        token = ws.cookies.get(STUDENT_COOKIE, "")
        student = await self.socket_student(ws, token)
        if student is None:
            return
        player = class_tables.Player(self.runtime, student, lang)
        if self.table_sockets.get(student.id, 0) >= TABLE_SOCKETS:
            await ws.send_json(player.error(class_tables.word("too_many_sockets").fill(
                n=TABLE_SOCKETS)))
            await ws.close(1008)
            return
        self.table_sockets[student.id] = self.table_sockets.get(student.id, 0) + 1
        player.outbox.put(class_tables.faces_message())
        sender = asyncio.get_running_loop().create_task(player.outbox.run(ws.send_json))

        async def signed_out() -> None:
            sender.cancel()
            await close_once(ws, 4401)
        await self.hub.presence(student.class_id, student.id, +1)
        try:
            with self.kept(token, signed_out):
                if await self.still_signed_in(ws, token):
                    await self.table_messages(ws, player, sender, student.id)
        except WebSocketDisconnect:
            pass
        finally:
            sender.cancel()
            self.table_sockets[student.id] -= 1
            if not self.table_sockets[student.id]:
                del self.table_sockets[student.id]
            self.runtime.hide(player)
            await self.hub.presence(student.class_id, student.id, -1)

    async def table_messages(self, ws: WebSocket, player: class_tables.Player,
                             sender: asyncio.Task[None], student: int) -> None:
        """Answer the tables socket's messages until it closes (or the session ends)."""
        rate, key = self.table_rate, f"student:{student}"
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect" or not is_open(ws):
                return
            text = message.get("text")
            refusal, code = None, 1000
            if text is not None and len(text) > TABLE_MESSAGE:
                refusal, code = class_tables.word("too_large").fill(limit=TABLE_MESSAGE), 1009
            elif rate.blocked(key):
                refusal, code = class_tables.word("flood"), 1008
            if refusal is not None:
                sender.cancel()
                await ws.send_json(player.error(refusal))
                await close_once(ws, code)
                return
            rate.fail(key)               # counts every message, not only failures
            try:
                decoded = json.loads(text or "")
            except (ValueError, RecursionError):
                decoded = None
            try:
                answer = await player.handle(decoded)
            except Exception as exc:     # the store is away: the page reconnects, resends
                class_tables.log.warning("maca: a table message failed (%s)", exc)
                sender.cancel()
                await close_once(ws, 1011)
                return
            if not is_open(ws):
                return                   # signed out while it was handled: no answer
            player.outbox.put(answer)

    async def record(self, request: Request) -> Response:
        """``GET /api/class/records/{table_id}``: the student's game record of a finished
        table, as a text file."""
        token = request.cookies.get(STUDENT_COOKIE)
        student = await self.call("student_by_token", token=token) if token else None
        if student is None:
            raise Refused(401, word("not_joined"))
        table_id = request.path_params["table_id"]
        text = await self.call("game_record", student_pk=student.id, table_id=table_id)
        return Response(text, media_type="text/plain; charset=utf-8", headers={
            "content-disposition": f'attachment; filename="maca-table-{table_id}.txt"'})

    # -- the teacher's pages ---------------------------------------------------------------

    async def login_form(self, request: Request) -> Response:
        session = self.session(request) or Session.new()
        return self.html(request, pages.login_page(lang_of(request), session.csrf, self.secure(request)),
                         session=session)

    async def login(self, request: Request) -> Response:
        lang = lang_of(request)
        try:
            session, form = await self.form(request)
            name = text_field(form, "name", 60)
            password = text_field(form, "password", 200)
        except Refused as refusal:
            fresh = self.session(request) or Session.new()
            return self.html(request, pages.login_page(lang, fresh.csrf, self.secure(request), refusal.text),
                             refusal.status, session=fresh)
        address, key = address_of(request), name.casefold()
        guards = self.guards
        # a name under attack still opens from an address that has not failed (the teacher's)
        if guards.login_address.blocked(address) or (guards.login_name.blocked(key)
                                                     and guards.login_address.failed(address)):
            return self.html(request, pages.login_page(lang, session.csrf, self.secure(request),
                                                       word("too_many_logins")), 429)
        teacher = await self.call("check_teacher", name=name, password=password)
        if teacher is None:
            guards.login_address.fail(address)
            guards.login_name.fail(key)
            return self.html(request, pages.login_page(lang, session.csrf, self.secure(request),
                                                       word("wrong_login")), 401)
        return self.finish(request, RedirectResponse("/teacher/", 303),
                           Session.new(teacher.id, teacher.name))

    async def logout(self, request: Request) -> Response:
        await self.form(request)
        return self.finish(request, RedirectResponse("/teacher/login", 303), Session.new())

    async def classes(self, request: Request, error: Text | None = None,
                      status: int = 200) -> Response:
        session = self.teacher(request)
        listed = await self.call("classes", teacher_id=session.teacher_id)
        return self.html(request, pages.classes_page(lang_of(request), session.csrf,
                                                     session.name, listed, self.secure(request), error),
                         status)

    async def create_class(self, request: Request) -> Response:
        self.teacher(request)
        session, form = await self.form(request)
        try:
            course = text_field(form, "course", 40)
            upload = form.get("class_list")
            if not isinstance(upload, UploadFile) or not upload.filename:
                raise bad_field("class_list", word("hint_file"))
            data = await upload.read()
            made = await self.call("create_class", teacher_id=session.teacher_id, course=course,
                                   class_list=data, source_name=upload.filename)
        except Refused as refusal:
            return await self.classes(request, refusal.text, refusal.status)
        except ServerError as error:
            return await self.classes(request, error.text, status_of(error))
        return RedirectResponse(f"/teacher/class/{made.id}", 303)

    async def teachers(self, request: Request, error: Text | None = None, added: str | None = None,
                       status: int = 200) -> Response:
        session = self.teacher(request)
        return self.html(request, pages.teachers_page(lang_of(request), session.csrf,
                                                      session.name, self.secure(request), error, added),
                         status)

    async def add_teacher(self, request: Request) -> Response:
        self.teacher(request)
        _, form = await self.form(request)
        try:
            name = text_field(form, "name", 60)
            password = text_field(form, "password", 200)
            made = await self.call("add_teacher", name=name, password=password)
        except Refused as refusal:
            return await self.teachers(request, refusal.text, status=refusal.status)
        except ServerError as error:
            return await self.teachers(request, error.text, status=status_of(error))
        return await self.teachers(request, added=made.name)

    async def class_view(self, request: Request, error: Text | None = None,
                         status: int = 200) -> Response:
        session = self.teacher(request)
        class_id = request.path_params["class_id"]
        info = await self.call("class_info", teacher_id=session.teacher_id, class_id=class_id)
        students = await self.call("students", teacher_id=session.teacher_id, class_id=class_id)
        opened = await self.call("assignments", teacher_id=session.teacher_id,
                                 class_id=class_id)
        return self.html(request, pages.class_page(
            lang_of(request), session.csrf, session.name, info, students, opened, set_names(),
            self.address(request), self.secure(request), error), status)

    async def cards(self, request: Request) -> Response:
        session = self.teacher(request)
        class_id = request.path_params["class_id"]
        info = await self.call("class_info", teacher_id=session.teacher_id, class_id=class_id)
        students = await self.call("students", teacher_id=session.teacher_id, class_id=class_id)
        return self.html(request, pages.cards_page(lang_of(request), info, students,
                                                   self.address(request), self.secure(request)))

    async def open_assignment(self, request: Request) -> Response:
        self.teacher(request)
        session, form = await self.form(request)
        class_id = request.path_params["class_id"]
        try:
            opened = await self.call(
                "open_assignment", teacher_id=session.teacher_id, class_id=class_id,
                set_id=text_field(form, "set", 60), name=text_field(form, "name", 200),
                due=due_time(text_field(form, "due", 40, required=False)),
                hints=text_field(form, "hints", 10))
        except Refused as refusal:
            return await self.class_view(request, refusal.text, refusal.status)
        except InputError as error:
            return await self.class_view(request, error.text, status_of(error))
        return RedirectResponse(f"/teacher/assignment/{opened.id}", 303)

    async def live_html(self, teacher_id: int | None, assignment_id: int,
                        lang: str) -> tuple[Any, str]:
        """The class table of an assignment and the live part of its page."""
        table = await self.call("class_table", teacher_id=teacher_id, assignment_id=assignment_id)
        return table, pages.live_body(table, self.hub.online(table.assignment.class_id), lang)

    async def live(self, request: Request, message: str | None = None,
                   error: Text | None = None, status: int = 200) -> Response:
        session = self.teacher(request)
        lang = lang_of(request)
        table, body = await self.live_html(session.teacher_id, request.path_params["assignment_id"],
                                           lang)
        return self.html(request, pages.live_page(lang, session.csrf, session.name, table, body,
                                                  EXPORTS, self.secure(request), message, error),
                         status)

    async def question(self, request: Request) -> Response:
        session = self.teacher(request)
        number = request.path_params["number"]
        assignment_id = request.path_params["assignment_id"]
        table = await self.call("class_table", teacher_id=session.teacher_id,
                                assignment_id=assignment_id)
        column = next((c for c in table.columns if c.number == number), None)
        if column is None:
            raise Refused(404, word("not_found"))
        versions = await self.call("versions", teacher_id=session.teacher_id,
                                   assignment_id=assignment_id, exercise_id=column.id)
        return self.html(request, pages.question_page(lang_of(request), session.csrf,
                                                      session.name, table, column, versions,
                                                      self.secure(request)))

    async def export(self, request: Request) -> Response:
        session = self.teacher(request)
        made = await self.call("export", teacher_id=session.teacher_id,
                               assignment_id=request.path_params["assignment_id"],
                               fmt=request.query_params.get("format", "csv"),
                               separator=request.query_params.get("separator", ","),
                               lang=lang_of(request))
        return Response(made.data, media_type=made.media_type, headers={
            "content-disposition": f'attachment; filename="{made.name}"'})

    async def import_file(self, request: Request) -> Response:
        self.teacher(request)
        session, form = await self.form(request)
        lang = lang_of(request)
        try:
            upload = form.get("file")
            if not isinstance(upload, UploadFile) or not upload.filename:
                raise bad_field("file", word("hint_file"))
            saved = await self.call("import_file", teacher_id=session.teacher_id,
                                    assignment_id=request.path_params["assignment_id"],
                                    data=await upload.read(), name=upload.filename)
        except Refused as refusal:
            return await self.live(request, error=refusal.text, status=refusal.status)
        except (InputError, AnswersRefused) as error:
            return await self.live(request, error=error.text, status=status_of(error))
        await self.hub.answer(saved.class_id, saved.student_pk)
        return await self.live(request, message=say("server.pages.imported").say(
            lang, score=saved.score, max_score=saved.max_score))

    # -- the teacher's tables ---------------------------------------------------------------

    async def tables_page(self, request: Request) -> Response:
        session = self.teacher(request)
        lang = lang_of(request)
        info = await self.call("class_info", teacher_id=session.teacher_id,
                               class_id=request.path_params["class_id"])
        body = pages.tables_body(lang, session.csrf, await self.runtime.summaries(info.id))
        return self.html(request, pages.tables_page(lang, session.csrf, session.name, info,
                                                    body, self.secure(request)))

    async def watch_page(self, request: Request) -> Response:
        session = self.teacher(request)
        lang = lang_of(request)
        table = await self.call("teacher_owns_table", teacher_id=session.teacher_id,
                                table_id=request.path_params["table_id"])
        info = await self.call("class_info", teacher_id=session.teacher_id,
                               class_id=table.class_id)
        served = await self.runtime.load(table.id)
        async with served.lock:
            body = class_tables.watch_html(served, lang)
        return self.html(request, pages.watch_page(lang, session.csrf, session.name,
                                                   served.table_summary(), info, body,
                                                   self.secure(request)))

    async def end_table(self, request: Request) -> Response:
        self.teacher(request)
        session, _ = await self.form(request)
        table = await self.call("teacher_owns_table", teacher_id=session.teacher_id,
                                table_id=request.path_params["table_id"])
        try:
            await self.runtime.end(table.id)
        except MacaError as refusal:
            raise Refused(409, refusal.text) from None
        return RedirectResponse(f"/teacher/table/{table.id}", 303)

    async def ranking(self, request: Request) -> Response:
        session = self.teacher(request)
        info = await self.call("class_info", teacher_id=session.teacher_id,
                               class_id=request.path_params["class_id"])
        rankings = await self.call("rankings", class_id=info.id)
        return self.html(request, pages.ranking_page(lang_of(request), session.csrf,
                                                     session.name, info, rankings,
                                                     self.secure(request)))

    async def tournaments(self, request: Request, error: Text | None = None,
                          status: int = 200) -> Response:
        session = self.teacher(request)
        info = await self.call("class_info", teacher_id=session.teacher_id,
                               class_id=request.path_params["class_id"])
        listed = await self.call("tournaments", teacher_id=session.teacher_id, class_id=info.id)
        return self.html(request, pages.tournaments_page(lang_of(request), session.csrf,
                                                         session.name, info, listed,
                                                         self.secure(request), error), status)

    async def create_tournament(self, request: Request) -> Response:
        self.teacher(request)
        session, form = await self.form(request)
        try:
            settings = tournament_settings(form)
            rounds = number_field(form, "rounds")
            made = await self.call("create_tournament", teacher_id=session.teacher_id,
                                   class_id=request.path_params["class_id"],
                                   name=text_field(form, "name", 60),
                                   settings=settings.to_json(), rounds=rounds)
        except Refused as refusal:
            return await self.tournaments(request, refusal.text, refusal.status)
        except InputError as error:
            return await self.tournaments(request, error.text, status_of(error))
        except MacaError as error:
            return await self.tournaments(request, error.text, 400)
        return RedirectResponse(f"/teacher/tournament/{made.id}", 303)

    async def tournament(self, request: Request, error: Text | None = None,
                         status: int = 200) -> Response:
        session = self.teacher(request)
        tournament = await self.call("tournament", teacher_id=session.teacher_id,
                                     tournament_id=request.path_params["tournament_id"])
        info = await self.call("class_info", teacher_id=session.teacher_id,
                               class_id=tournament.class_id)
        standings = await self.call("tournament_standings", teacher_id=session.teacher_id,
                                    tournament_id=tournament.id)
        rounds: dict[int, list[Any]] = {}
        for table in await self.call("class_tables", class_id=info.id, statuses=STATUSES):
            if table.tournament_id == tournament.id and table.round is not None:
                served = await self.runtime.load(table.id)
                rounds.setdefault(table.round, []).append(served.table_summary())
        return self.html(request, pages.tournament_page(
            lang_of(request), session.csrf, session.name, tournament, info,
            sorted(rounds.items()), standings, self.secure(request), error), status)

    async def tournament_round(self, request: Request) -> Response:
        self.teacher(request)
        session, _ = await self.form(request)
        tournament_id = request.path_params["tournament_id"]
        assert session.teacher_id is not None          # self.teacher said so
        try:
            await self.runtime.open_round(session.teacher_id, tournament_id)
        except (InputError, TableError) as error:
            return await self.tournament(request, error.text, status_of(error))
        except MacaError as error:
            return await self.tournament(request, error.text, 409)
        return RedirectResponse(f"/teacher/tournament/{tournament_id}", 303)

    async def security(self, request: Request) -> Response:
        session = self.teacher(request)
        return self.html(request, pages.threat_page(lang_of(request), self.secure(request), session.csrf,
                                                    session.name))

    async def teacher_socket(self, ws: WebSocket) -> None:
        """``WS /ws/teacher?assignment=<id>``: the live class page, drawn again whenever an
        answer lands or a student's socket opens or closes (50 ms after the first event of a
        burst, at most about four times a second); ``?tables=<class id>``: the class's
        tables, live; ``?table=<id>``: watching one table, every hand shown."""
        session = self.session(ws)
        if not same_origin(ws.headers.get("origin"), ws.headers.get("host")):
            await ws.close(4403)
            return
        if session is None or session.teacher_id is None:
            await ws.close(4401)
            return
        if "assignment" not in ws.query_params:
            await self.teacher_tables_socket(ws, session)
            return
        lang = lang_of(ws)
        try:
            assignment_id = int(ws.query_params.get("assignment", ""))
            table, body = await self.live_html(session.teacher_id, assignment_id, lang)
        except (ValueError, NotFoundError):
            await ws.close(4404)
            return
        class_id = table.assignment.class_id
        queue = self.hub.subscribe(class_id)
        await ws.accept()

        async def pump() -> None:
            while True:
                await queue.get()
                await asyncio.sleep(0.05)           # let a burst of events come in
                while not queue.empty():
                    queue.get_nowait()
                _, html = await self.live_html(session.teacher_id, assignment_id, lang)
                await ws.send_json({"type": "draw", "panel": 0, "html": html})
                await asyncio.sleep(0.2)            # a busy class: at most ~4 draws a second

        task = asyncio.get_running_loop().create_task(pump())
        try:
            await ws.send_json({"type": "draw", "panel": 0, "html": body})
            await until_closed(ws)
        finally:
            task.cancel()
            self.hub.unsubscribe(class_id, queue)

    async def teacher_tables_socket(self, ws: WebSocket, session: Session) -> None:
        """The teacher's socket of a class's tables (`TablesList`) or of one table watched
        (`Watcher`), drawn again by the runtime whenever they change."""
        lang = lang_of(ws)
        screen: class_tables.Screen
        try:
            if "table" in ws.query_params:
                table = await self.call("teacher_owns_table", teacher_id=session.teacher_id,
                                        table_id=int(ws.query_params["table"]))
                screen = class_tables.Watcher(lang, table.id)
                served = await self.runtime.load(table.id)
                async with served.lock:
                    screen.push(screen.table_html(served), served.seq)
            else:
                info = await self.call("class_info", teacher_id=session.teacher_id,
                                       class_id=int(ws.query_params.get("tables", "")))
                screen = class_tables.TablesList(lang, info.id, session.csrf)
                screen.push(screen.class_html(await self.runtime.summaries(info.id)))
        except (ValueError, NotFoundError):
            await ws.close(4404)
            return
        await ws.accept()
        self.runtime.show(screen)
        sender = asyncio.get_running_loop().create_task(screen.outbox.run(ws.send_json))
        try:
            await until_closed(ws)
        finally:
            sender.cancel()
            self.runtime.hide(screen)

    async def css(self, request: Request) -> Response:
        return Response(pages.CSS, media_type="text/css")

    async def script(self, request: Request) -> Response:
        return Response(pages.LIVE_JS, media_type="text/javascript")


class LoginNeeded(Exception):
    """A teacher's page asked for without a session."""


def is_open(ws: WebSocket) -> bool:
    """Whether the server has not closed ``ws`` (it may still hear what the page sent)."""
    return ws.application_state == WebSocketState.CONNECTED


async def close_once(ws: WebSocket, code: int) -> None:
    """Close ``ws`` with ``code`` unless it is closed already."""
    if is_open(ws):
        await ws.close(code)


async def until_closed(ws: WebSocket) -> None:
    """Read (and drop) what a watching socket sends until it closes."""
    try:
        while (await ws.receive())["type"] != "websocket.disconnect":
            pass
    except WebSocketDisconnect:
        pass


def number_field(values: Any, name: str, required: bool = True) -> int | None:
    """A whole number of a form (None when left empty and not ``required``).

    >>> number_field({"rounds": "3"}, "rounds"), number_field({"target": ""}, "target", False)
    (3, None)
    """
    value = values.get(name)
    if not required and value in (None, ""):
        return None
    if not isinstance(value, str) or not value.strip().isdigit() or len(value) > 6:
        raise bad_field(name, word("hint_number"))
    return int(value)


def tournament_settings(form: Any) -> TableSettings:
    """A tournament's game from the teacher's form: always rated (`TableSettings.from_json`
    checks every choice).

    >>> tournament_settings({"rules": "standard", "timer": "30", "level": "easy",
    ...                      "passing": "off", "moon": "", "target": ""}).to_json()["timer"]
    30
    """
    passing = {"on": True, "off": False}.get(str(form.get("passing") or ""))
    return TableSettings.from_json({
        "rules": text_field(form, "rules", 40), "mode": "rated",
        "timer": number_field(form, "timer"), "level": text_field(form, "level", 20),
        "target": number_field(form, "target", required=False), "passing": passing,
        "moon": text_field(form, "moon", 20, required=False) or None})


def assignment_payload(assignment: Any, progress: Any, student_id: str) -> dict[str, Any]:
    """One assignment as the student's page reads it: with the name of the student's answers
    file (the page's storage key) and their own latest file and score."""
    return {"id": assignment.id, "set": assignment.set_id, "name": assignment.name,
            "due": assignment.due.isoformat() if assignment.due else None,
            "hints": assignment.hints,
            "file_name": answers_file_name(assignment.set_id, student_id),
            "file": progress.document if progress else None,
            "score": progress.score if progress else None,
            "max_score": progress.max_score if progress else None}


def create_app(store: Any, site: Path, *, tls: bool = False, addresses: list[str] | None = None,
               limits: Limits | None = None, secret: bytes | None = None,
               hub: Hub | None = None) -> ASGIApp:
    """The class server's ASGI app around ``store`` (a `ClassStore`), serving ``site``."""
    limits = limits or Limits()
    hub = hub or make_hub(store.url)
    reconnect, hand_window = class_tables.waits_from(os.environ)
    runtime = class_tables.TableRuntime(store, hub, reconnect=reconnect, hand_window=hand_window)
    server = Server(store, site, tls, addresses or [], limits,
                    secret if secret is not None else store.secret(), hub, runtime)

    async def server_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, ServerError)
        refusal = Refused(status_of(error), error.text)
        return server.refused(request, refusal)

    async def refused(request: Request, error: Exception) -> Response:
        assert isinstance(error, Refused)
        return server.refused(request, error)

    async def login_needed(request: Request, error: Exception) -> Response:
        return RedirectResponse("/teacher/login", 303)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        await runtime.start()
        try:
            yield
        finally:
            await runtime.stop()
            await hub.stop()

    routes = [
        Route("/api/class/hello", server.hello),
        Route("/api/class/join", server.join, methods=["POST"]),
        Route("/api/class/me", server.me),
        Route("/api/class/signout", server.signout, methods=["POST"]),
        Route("/api/class/records/{table_id:int}", server.record),
        WebSocketRoute("/ws/student", server.student_socket),
        WebSocketRoute("/ws/tables", server.tables_socket),
        WebSocketRoute("/ws/teacher", server.teacher_socket),
        Route("/teacher", lambda request: RedirectResponse("/teacher/", 307)),
        Route("/teacher/", server.classes),
        Route("/teacher/login", server.login_form),
        Route("/teacher/login", server.login, methods=["POST"]),
        Route("/teacher/logout", server.logout, methods=["POST"]),
        Route("/teacher/teachers", server.teachers),
        Route("/teacher/teachers", server.add_teacher, methods=["POST"]),
        Route("/teacher/classes", server.create_class, methods=["POST"]),
        Route("/teacher/class/{class_id:int}", server.class_view),
        Route("/teacher/class/{class_id:int}/cards", server.cards),
        Route("/teacher/class/{class_id:int}/assignments", server.open_assignment,
              methods=["POST"]),
        Route("/teacher/assignment/{assignment_id:int}", server.live),
        Route("/teacher/assignment/{assignment_id:int}/question/{number:int}", server.question),
        Route("/teacher/assignment/{assignment_id:int}/export", server.export),
        Route("/teacher/assignment/{assignment_id:int}/import", server.import_file,
              methods=["POST"]),
        Route("/teacher/class/{class_id:int}/tables", server.tables_page),
        Route("/teacher/class/{class_id:int}/ranking", server.ranking),
        Route("/teacher/class/{class_id:int}/tournaments", server.tournaments),
        Route("/teacher/class/{class_id:int}/tournaments", server.create_tournament,
              methods=["POST"]),
        Route("/teacher/table/{table_id:int}", server.watch_page),
        Route("/teacher/table/{table_id:int}/end", server.end_table, methods=["POST"]),
        Route("/teacher/tournament/{tournament_id:int}", server.tournament),
        Route("/teacher/tournament/{tournament_id:int}/round", server.tournament_round,
              methods=["POST"]),
        Route("/teacher/security", server.security),
        Route("/teacher/static/teacher.css", server.css),
        Route("/teacher/static/live.js", server.script),
        Route("/api/{rest:path}", server.no_api, methods=["GET", "POST"]),
        Mount("/", app=SiteFiles(directory=site, html=True)),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={
        ServerError: server_error, Refused: refused, LoginNeeded: login_needed})

    def uploads(path: str) -> bool:
        return path == "/teacher/classes" or path.endswith("/import")

    def too_large(scope: Scope) -> ASGIApp:
        lang = lang_of(Request(scope))
        text = word("too_large").say(lang, limit=(limits.upload if uploads(scope["path"])
                                                  else limits.body) // 1024)
        return JSONResponse({"error": text}, 413)

    return BodyLimit(SecurityHeaders(app, tls), limits, uploads, too_large)

