"""The class server's errors: one branch of maca's tree, each with its message in Turkish and
English (``error.message(lang)``), so the web layer shows it in the reader's language.

::

    MacaError
    └── ServerError           the class server refused a request (nothing was changed)
        ├── NotFoundError     no such class, assignment or student — also when it is another
        │                     teacher's: a teacher cannot tell the two apart (HTTP 404)
        ├── SignInError       a wrong name or password, a wrong class or join code, a session
        │                     that has ended (HTTP 401)
        ├── InputError        what a teacher typed or uploaded cannot be used (HTTP 400)
        │   └── TakenError    a name already in use (a teacher, an assignment) (HTTP 409)
        ├── AnswersRefused    an answers file or a save that cannot count for this student and
        │                     assignment: nothing of it was kept (HTTP 422)
        ├── TableError        a table refused an action: full or finished, not the sender's
        │                     seat, a flood of messages (the table is unchanged) (HTTP 409)
        └── StaleLog          another writer appended to a table's event log first: the
                              caller reads the log again and retries (nothing was written)

>>> e = NotFoundError(Text("{what} bulunamadı", "{what} not found"), what="x")
>>> isinstance(e, MacaError), e.message("tr")
(True, 'x bulunamadı')
"""
from __future__ import annotations

from ..errors import MacaError
from ..words import Text

__all__ = ["ServerError", "NotFoundError", "SignInError", "InputError", "TakenError",
           "AnswersRefused", "TableError", "StaleLog"]


class ServerError(MacaError):
    """The class server refused a request; nothing was changed."""


class NotFoundError(ServerError):
    """No such class, assignment or student for this teacher (another teacher's is "none")."""


class SignInError(ServerError):
    """A wrong name or password, a wrong class or join code, or a session that has ended."""


class InputError(ServerError):
    """Something a teacher typed or uploaded cannot be used (the message says how to fix it)."""


class TakenError(InputError):
    """A name is already in use (a teacher's name, an assignment's name in its class)."""


class AnswersRefused(ServerError):
    """An answers file or a save cannot count for this student and assignment."""


class TableError(ServerError):
    """A class table refused an action (full, finished, another's seat, too many messages)."""


class StaleLog(ServerError):
    """A table's event log moved on since it was read: read it again and retry."""
