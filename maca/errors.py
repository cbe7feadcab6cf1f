"""The errors maca raises: one class per way the input can be wrong."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .reasons import Verdict


class MacaError(ValueError):
    """Base class of every error maca raises on bad input."""


class CardError(MacaError):
    """A card or card list could not be read."""


class RulesError(MacaError):
    """A rules option has an impossible value."""


class PositionError(MacaError):
    """A position string (or the cards given to build a hand) is malformed or inconsistent."""


class RecordError(MacaError):
    """A game record could not be replayed."""


class IllegalAction(MacaError):
    """The engine refused an action; `verdict` says why, in Turkish and English.

    Nothing changes when this is raised.
    """

    def __init__(self, verdict: Verdict) -> None:
        self.verdict = verdict
        self.reason = verdict.reason
        super().__init__(verdict.message("en"))

    def message(self, lang: str = "en") -> str:
        """The refusal in ``"tr"`` or ``"en"``."""
        return self.verdict.message(lang)
