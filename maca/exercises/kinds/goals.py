"""The goals a card is chosen for, in words: the one home of every goal text (catalogue
``goals``).

Two sets of goals, with distinct keys:

- the goals of one trick (``play_goal``, judged by trying every reply in the trick):
  ``goals.trick_<goal>`` for each goal of `TRICK_GOALS`;
- the goals of the rest of the hand (``choose_lead``, ``choose_discard`` and ``puzzle``,
  judged by the double-dummy solver, `maca.solver.GOALS`): ``goals.<goal>`` says the aim,
  ``goals.ask_<goal>`` asks for the card that reaches it (a puzzle's question).

>>> from maca.words import say
>>> say("goals.trick_win").en, say("goals.no_points").en
('Win this trick, whatever the others play.', 'Take no more penalty points this hand, whatever the others play.')
>>> say("goals.ask_stop_moon")["tr"]
'Kafa atmayı önlemek için hangi kartı oynamalısın?'
"""
from __future__ import annotations

from ...solver import GOALS as HAND_GOALS
from ...words import Text, catalogue

__all__ = ["TRICK_GOALS", "HAND_GOALS"]

#: The goals of one trick, in words (``{card}`` names the card of ``avoid_card``).
TRICK_GOALS: dict[str, Text] = {
    "win": Text("Bu eli al: ötekiler ne oynarsa oynasın.",
                "Win this trick, whatever the others play."),
    "lose": Text("Bu eli alma: ötekiler ne oynarsa oynasın.",
                 "Do not win this trick, whatever the others play."),
    "win_cheaply": Text("Bu eli garantiyle al, ama bunu yapan en küçük kartla.",
                        "Make sure you win this trick, with the lowest card that does it."),
    "lose_high": Text("Bu eli alma, ama bunu garanti eden en büyük kartı oyna.",
                      "Do not win this trick, and play the highest card that makes sure of it."),
    "avoid_card": Text("{card} kartını alma: ötekiler ne oynarsa oynasın.",
                       "Do not take {card}, whatever the others play."),
    "no_points": Text("Bu elde ceza puanı alma: ötekiler ne oynarsa oynasın.",
                      "Take no penalty points in this trick, whatever the others play."),
}

#: The goals of the rest of the hand (the solver's): the aim, then the question.
_HAND: dict[str, tuple[Text, Text]] = {
    "no_points": (
        Text("Turun geri kalanında hiç ceza puanı alma, ötekiler ne oynarsa oynasın.",
             "Take no more penalty points this hand, whatever the others play."),
        Text("Turun geri kalanında hiç ceza puanı almamak için hangi kartı oynamalısın?",
             "Which card makes sure you take no more penalty points this hand?")),
    "avoid_queen": (
        Text("Maça kızını alma, ötekiler ne oynarsa oynasın.",
             "Do not take the queen of spades, whatever the others play."),
        Text("Maça kızını almamak için hangi kartı oynamalısın?",
             "Which card makes sure you do not take the queen of spades?")),
    "take_all": (
        Text("Kalan bütün elleri al ve kafa at.",
             "Win every trick that is left and shoot the moon."),
        Text("Kalan bütün elleri alıp kafa atmak için hangi kartı oynamalısın?",
             "Which card lets you win every trick that is left and shoot the moon?")),
    "stop_moon": (
        Text("Kimsenin kafa atmasına izin verme.", "Make sure nobody shoots the moon."),
        Text("Kafa atmayı önlemek için hangi kartı oynamalısın?",
             "Which card makes sure the moon is not shot?")),
    "fewest_points": (
        Text("Turu olabildiğince az puanla bitir; ötekiler sana en çok puanı vermeye çalışsa "
             "bile.",
             "End the hand with as few points as possible, even if the others try to give you "
             "the most."),
        Text("Rakipler sana en çok puanı vermeye çalışsa bile turu en az puanla bitirmek için "
             "hangi kartı oynamalısın?",
             "Which card ends the hand with the fewest points for you, even if the others try "
             "to give you the most?")),
}
assert tuple(_HAND) == HAND_GOALS, "every goal of the solver has its words"

catalogue("goals", {**{f"trick_{g}": t for g, t in TRICK_GOALS.items()},
                    **{g: aim for g, (aim, _) in _HAND.items()},
                    **{f"ask_{g}": ask for g, (_, ask) in _HAND.items()}}, scoped=True)
