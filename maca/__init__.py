"""maca: learn, teach and practise Maça Kızı (Hearts) with an exact rules engine.

>>> import maca
>>> hand = maca.Hand.deal(maca.Rules.preset("standard"), seed=1, number=4)
>>> hand.pass_direction, hand.phase
('none', 'play')
"""
from .cards import Card, CardSet, Suit
from .errors import (CardError, IllegalAction, IllegalActionError, MacaError, PositionError,
                     RecordError, RulesError, SettingError)
from .game import Game
from .hand import Hand
from .observation import Observation
from .reasons import Reason, Verdict
from .rules import PRESETS, Rules
from .trick import Trick

__all__ = ["Card", "CardSet", "Suit", "Rules", "PRESETS", "Hand", "Trick", "Game",
           "Observation", "Reason", "Verdict", "MacaError", "CardError", "RulesError",
           "PositionError", "RecordError", "IllegalActionError", "IllegalAction", "SettingError"]
__version__ = "0.1.0"
