"""The server's guards: signed teacher sessions with their CSRF token, rate limits on failed
logins and joins, and the size limit on every request body.

A teacher's session is a signed cookie (itsdangerous, the server's secret): the teacher's id, or
none before logging in, and a random CSRF token every form carries back:

>>> cookies = Sessions(b"k" * 32)
>>> value = cookies.dump(Session(teacher_id=3, csrf="abc", name="Ayşe"))
>>> cookies.load(value)
Session(teacher_id=3, csrf='abc', name='Ayşe')
>>> cookies.load(value[:-2] + "xx") is None, Sessions(b"other" * 8).load(value) is None
(True, True)
"""
from __future__ import annotations

import hmac
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, MutableMapping
from urllib.parse import urlsplit

from itsdangerous import BadSignature, URLSafeTimedSerializer

from ..exercises.progress import MAX_BYTES

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: how long a teacher's session lasts (seconds): a school day
SESSION_AGE = 12 * 3600


@dataclass(frozen=True)
class Session:
    """A teacher's session: ``teacher_id`` (and ``name``) None before logging in; ``csrf``
    the forms' token."""

    teacher_id: int | None
    csrf: str
    name: str = ""

    @classmethod
    def new(cls, teacher_id: int | None = None, name: str = "") -> Session:
        """A session with a fresh CSRF token (a new one at each log in and log out)."""
        return cls(teacher_id, secrets.token_urlsafe(24), name)

    def csrf_ok(self, token: object) -> bool:
        """Whether a form's token is this session's (compared in constant time).

        >>> s = Session(1, "t0k"); s.csrf_ok("t0k"), s.csrf_ok("t0"), s.csrf_ok(None)
        (True, False, False)
        """
        return isinstance(token, str) and hmac.compare_digest(token.encode(), self.csrf.encode())


class Sessions:
    """Signs and reads the teacher's session cookie with the server's secret."""

    def __init__(self, secret: bytes, max_age: int = SESSION_AGE) -> None:
        self.serializer = URLSafeTimedSerializer(secret, salt="maca-teacher")
        self.max_age = max_age

    def dump(self, session: Session) -> str:
        """The cookie's value."""
        return str(self.serializer.dumps([session.teacher_id, session.csrf, session.name]))

    def load(self, value: str | None) -> Session | None:
        """The session in a cookie, or None when it is missing, forged, malformed or too old."""
        if not value:
            return None
        try:
            teacher_id, csrf, name = self.serializer.loads(value, max_age=self.max_age)
        except (BadSignature, ValueError, TypeError):
            return None
        if (not (teacher_id is None or type(teacher_id) is int) or not isinstance(csrf, str)
                or not isinstance(name, str)):
            return None
        return Session(teacher_id, csrf, name)


@dataclass
class RateLimit:
    """At most ``limit`` failures per ``window`` seconds for one key (an address, a class code,
    a teacher's name); only failures count, so a whole class joining at once is never held up.

    >>> limit = RateLimit(2, 60.0)
    >>> limit.fail("10.0.0.9", now=0); limit.fail("10.0.0.9", now=1)
    >>> limit.blocked("10.0.0.9", now=2), limit.blocked("10.0.0.8", now=2)
    (True, False)
    >>> limit.blocked("10.0.0.9", now=61)
    False
    """

    limit: int
    window: float
    failures: dict[str, deque[float]] = field(default_factory=dict)

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self.failures.get(key)
        if times is None:
            if len(self.failures) > 100_000:      # a flood of keys: forget the oldest
                self.failures.pop(next(iter(self.failures)))
            times = self.failures[key] = deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        return times

    def blocked(self, key: str, now: float | None = None) -> bool:
        """Whether ``key`` has failed too often lately."""
        return self.failed(key, now) >= self.limit

    def failed(self, key: str, now: float | None = None) -> int:
        """How often ``key`` has failed lately."""
        now = time.monotonic() if now is None else now
        return len(self._recent(key, now))

    def fail(self, key: str, now: float | None = None) -> None:
        """Count one failure for ``key``."""
        now = time.monotonic() if now is None else now
        self._recent(key, now).append(now)


@dataclass(frozen=True)
class Limits:
    """The server's limits: bytes of a request body (``upload`` for the class list and answers
    files the teacher sends), characters of a socket message (an answers file of at most
    `MAX_BYTES` and its envelope), and failures allowed per ``window`` seconds."""

    body: int = 64 * 1024
    upload: int = 2 * 1024 * 1024
    message: int = MAX_BYTES + 64 * 1024
    logins_per_address: int = 10
    logins_per_name: int = 10
    joins_per_address: int = 20
    joins_per_class: int = 60
    window: float = 600.0


def same_origin(origin: str | None, host: str | None) -> bool:
    """Whether a request's ``Origin`` header names this server (its ``Host``); a request
    without one (not sent by a browser's page) passes: browsers always send it.

    >>> same_origin("http://10.0.0.5:8000", "10.0.0.5:8000"), same_origin(None, "a:1")
    (True, True)
    >>> same_origin("http://evil.example", "10.0.0.5:8000"), same_origin("null", "a:1")
    (False, False)
    """
    if origin is None:
        return True
    return bool(host) and urlsplit(origin).netloc.lower() == (host or "").lower()


class BodyLimit:
    """ASGI middleware: a request body longer than its limit is refused (``refusal``, a 413)
    before any route sees it: ``Content-Length`` is checked first and the bytes are counted as
    they arrive (the body is small, so it is read whole and handed on). Paths for which
    ``uploads`` is true take the larger ``upload`` limit."""

    def __init__(self, app: ASGIApp, limits: Limits,
                 uploads: Callable[[str], bool], refusal: Callable[[Scope], ASGIApp]) -> None:
        self.app, self.limits, self.uploads, self.refusal = app, limits, uploads, refusal

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limits.upload if self.uploads(scope["path"]) else self.limits.body
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            await self.refusal(scope)(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await self.refusal(scope)(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        whole: list[Message] = [{"type": "http.request", "body": b"".join(chunks),
                                 "more_body": False}]

        async def replay() -> Message:
            return whole.pop() if whole else await receive()

        await self.app(scope, replay, send)
