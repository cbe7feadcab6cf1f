"""Teachers' passwords: argon2id hashes (argon2-cffi's defaults), the one place that hashes.

>>> digest = hash_password("uzun bir parola")
>>> digest.startswith("$argon2id$"), verify_password(digest, "uzun bir parola")
(True, True)
>>> verify_password(digest, "başka"), verify_password("not a hash", "x")
(False, False)
"""
from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

__all__ = ["hash_password", "verify_password", "needs_rehash", "DUMMY_HASH"]

_HASHER = PasswordHasher()


def hash_password(password: str) -> str:
    """The argon2id hash of ``password`` (with its own random salt)."""
    return _HASHER.hash(password)


def verify_password(digest: str, password: str) -> bool:
    """Whether ``password`` is the one ``digest`` was made from (never raises)."""
    try:
        return _HASHER.verify(digest, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(digest: str) -> bool:
    """Whether ``digest`` was made with weaker parameters than today's (then hash again).

    >>> needs_rehash(hash_password("x"))
    False
    """
    return _HASHER.check_needs_rehash(digest)


#: checked against when a name is unknown, so a wrong name takes as long as a wrong password
DUMMY_HASH = _HASHER.hash("maca: no such teacher")
