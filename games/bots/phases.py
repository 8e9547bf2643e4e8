"""A rule of thumb per phase: the basic robots of the tarot games (Hungarian, Czech, Slovenian).

Each game's basic robot is a table (``PhaseRules``): the phase of the view → the rule that
answers it, ``rule(view, legal, hand, rng)``. The one mechanism around the table is here: a
lone legal action is taken without a rule, a phase without one is a clear error.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Generic, TypeVar

from .view import View

V = TypeVar("V", bound=View)  # untranslated: a type variable: a game's view (games.rules.views)
K = TypeVar("K")  # untranslated: a type variable: what a game's robot knows in the play

# One phase's rule: the action, from the view, the legal actions (more than one), the seat's
# hand and the rng.
Rule = Callable[[V, list[str], list[str], random.Random], str]


class PhaseRules(Generic[V]):
    """A robot that answers each phase of its game by that phase's rule."""

    def __init__(self, game: str, rules: Mapping[str, Rule[V]]) -> None:
        self.game = game  # the game's name, for the error of a phase without a rule
        self.rules = rules

    def choose(self, view: V, legal: list[str], rng: random.Random) -> str:
        if not legal:
            raise ValueError(
                "A robot was asked to act with no legal action"  # untranslated: internal
            )  # untranslated: programmer error
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        rule = self.rules.get(phase)
        if rule is None:
            raise ValueError(
                f"The basic robot has no rule for the {self.game} phase {phase!r}"  # untranslated: internal
            )  # untranslated: programmer error
        return rule(view, legal, list(view["hand"]), rng)


def card_play(knowledge: Callable[[V], K], choose_card: Callable[[K, list[str]], str]) -> Rule[V]:
    """The rule of the play phase: the card ``choose_card`` picks among the legal ones (without
    their ``play:``), from what the seat knows (``knowledge`` of the view)."""

    def rule(view: V, legal: list[str], hand: list[str], rng: random.Random) -> str:
        return "play:" + choose_card(knowledge(view), [a[5:] for a in legal])

    return rule
