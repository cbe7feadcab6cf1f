"""Fair computer players: each decides from an `Observation` only (its own cards and what was
played in public), so it cannot cheat.

``bot(level, seed=None)`` makes one of the three levels of the table:

=========  ==================================================================================
``easy``   random legal cards (`RandomBot`)
``medium`` rules of thumb: duck, lead low, smoke out Q♠, dump points when void (`RuleBot`)
``hard``   determinized sampling with rule-based playouts, a time budget per move (`HardBot`)
=========  ==================================================================================

Every bot follows one protocol (`Bot`): ``choose_pass``, ``choose_play``, ``choose_moon``
(the scoring of its moon under the ``choice`` rule), ``choose_peskir`` (declare peşkir before
the first card? the medium and hard players play the hand out over sampled deals, both ways;
the simple players never do) and ``explain`` (a short reason in Turkish and English, the hint
at the table). The player put in for a learner
whose rated timer ran out (`TimeoutBot`) and the lessons' scripted players (`SensibleBot`,
`LowestBot`, `MoonDefender`) are bots like the others; every pass made on danger reads it
from `dangerous_cards`.

>>> from maca import Rules, Hand
>>> hand = Hand.deal(Rules.preset("standard"), seed=2, number=4)
>>> play_out(hand, [bot("easy", seed=1), bot("medium"), bot("medium"), bot("medium")])
>>> hand.is_over
True
"""
from __future__ import annotations

from ..errors import SettingError, shown
from ..words import catalogue, say
from .explain import Explanation, explain
from .hard import BROWSER_BUDGET, BUDGET, HardBot
from .policy import RuleBot
from .simple import (Bot, CautiousBot, DuckingBot, LowestBot, MoonDefender, RandomBot,
                     SensibleBot, TimeoutBot, best_moon_choice, dangerous_cards, highest_cards,
                     play_out, play_turn)

__all__ = ["Bot", "bot", "LEVELS", "RandomBot", "DuckingBot", "CautiousBot", "RuleBot",
           "HardBot", "TimeoutBot", "SensibleBot", "LowestBot", "MoonDefender", "highest_cards",
           "dangerous_cards", "best_moon_choice", "play_out", "play_turn",
           "Explanation", "explain", "BUDGET", "BROWSER_BUDGET"]

#: The levels of `bot`, easiest first.
LEVELS = ("easy", "medium", "hard")


def bot(level: str, seed: int | None = None, budget: float | None = -1.0) -> Bot:
    """A computer player of ``level`` (``easy``, ``medium`` or ``hard``); ``seed`` makes its
    choices reproducible, ``budget`` bounds the hard player's thought per move (seconds; the
    default suits the machine it runs on).

    >>> type(bot("hard")).__name__
    'HardBot'
    >>> bot("expert")
    Traceback (most recent call last):
    ...
    maca.errors.SettingError: unknown level 'expert': use easy, medium or hard
    """
    if level == "easy":
        return RandomBot(seed)
    if level == "medium":
        return RuleBot()
    if level == "hard":
        return HardBot(seed=seed, budget=budget)
    raise SettingError(say("bots.level"), value=shown(level))


catalogue("bots", {
    "level": ("bilinmeyen seviye {value}: easy, medium ya da hard kullan",
              "unknown level {value}: use easy, medium or hard"),
}, scoped=True)
