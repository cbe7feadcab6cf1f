"""The class server: the static site and, beside it, a class API on the school's network.

One process (``python -m maca class serve``, `cli`) runs a Starlette app (`app`) under uvicorn:
``/`` is the built site as static files; ``/api/class/*`` and ``WS /ws/student`` are the joined
student's API (a class code and a join code give a session cookie); ``/teacher/*`` are the
teacher's pages (`pages`: password, signed cookie, CSRF token on every form) and
``WS /ws/teacher`` pushes the live class page as ``draw`` messages. `security` holds the
guards (sessions, CSRF, rate limits, size limits); every read and write of data goes through
`store.ClassStore` (SQLAlchemy 2 on SQLite or PostgreSQL, Alembic migrations), which recomputes
every score with the engine. `live` fans events out to the teacher sockets, across processes
by PostgreSQL ``LISTEN/NOTIFY``. Nothing below this package imports it.
"""
