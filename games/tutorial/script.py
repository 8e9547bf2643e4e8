"""A guided hand written down: the deal, the dealer, every move in order, and for each of the
learner's decisions the advised move and why.

Data and the rules core: a script is checked by folding its moves through ``games.rules``
(``Script.states``), the same gate a real table's log goes through. The learner always sits in
seat 0 (``LEARNER``); the other seats are the script's robots.

Every text of a script (``Text``) is a lazy translation (``gettext_lazy``, or ``format_lazy``
for one with card codes or numbers as ``{name}`` placeholders): a script is written once, at
import, and each viewer reads it in their own language. Django is used for that only; the
texts become words when a page is rendered (or ``str()`` is called).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.utils.functional import Promise

from games.rules import Deal, HandContext, Variant, get_variant
from games.rules import match as match_rules
from games.rules.base import resolve_options

LEARNER = 0

# A text the page shows: a lazy translation (or "", nothing to say).
Text = str | Promise


@dataclass(frozen=True)
class Advice:
    """One decision of the learner: what it is about, what a good player does and why."""

    about: Text  # the decision as it comes: what is being decided, what the rules allow
    why: Text  # why the advised move is the good one
    otherwise: Text = ""  # what a different choice is told; empty: built from ``why``


@dataclass(frozen=True)
class Move:
    seat: int
    action: str
    advice: Advice | None = None  # the learner's moves only
    note: Text = ""  # what the page tells the learner about a robot's move: public facts only


def robot(seat: int, action: str, note: Text = "") -> Move:
    if seat == LEARNER:
        raise ValueError(
            "Seat 0 is the learner's: write its moves with learner()"  # untranslated: for programmers
        )
    return Move(seat, action, note=note)


def learner(action: str, why: Text = "", about: Text = "", otherwise: Text = "") -> Move:
    """A move of the learner: ``why`` says why it is the good one (empty for a forced move)."""
    return Move(LEARNER, action, Advice(about=about, why=why, otherwise=otherwise))


def cards(text: str) -> tuple[str, ...]:
    return tuple(text.split())


@dataclass(frozen=True)
class Script:
    variant: str
    title: Text
    intro: Text  # shown before the first move: what the hand will teach
    dealer: int
    deal: Deal
    moves: tuple[Move, ...]
    # The receipt explained: per line of the result (``ScoredItem.name``), what it means here.
    receipt: Mapping[str, Text]
    settlement: Text  # how the lines become the payments
    options: Mapping[str, Any] = field(default_factory=dict)

    @cached_property
    def rules(self) -> Variant:
        return get_variant(self.variant)

    def resolved_options(self) -> dict[str, Any]:
        return resolve_options(self.rules.options, self.options)

    def context(self) -> HandContext:
        """The first hand of a match dealt by ``dealer``, as a real table's first hand is."""
        options = self.resolved_options()
        return match_rules.start(self.rules.match_rules(options), self.dealer).next_context(options)

    def states(self) -> list[Any]:
        """The state before each move and the final one (``len(moves) + 1`` states), every move
        validated by the rules core: an illegal script raises its ``IllegalAction``."""
        state = self.rules.new_hand(self.deal, self.context())
        states = [state]
        for move in self.moves:
            if move.seat not in self.rules.to_act(state):
                raise ValueError(
                    f"{self.variant} move {len(states)}: "  # untranslated: for programmers
                    f"seat {move.seat} is not to act"
                )
            state = self.rules.apply(state, move.seat, move.action)
            states.append(state)
        return states

    @cached_property
    def robot_moves(self) -> dict[tuple[Any, ...], str]:
        """The robots' moves by what the robot sees when it is asked (``position``)."""
        moves: dict[tuple[Any, ...], str] = {}
        for move, state in zip(self.moves, self.states(), strict=False):
            if move.seat == LEARNER:
                continue
            key = position(self.rules.observe(state, move.seat), len(state.log))
            if moves.setdefault(key, move.action) != move.action:
                raise ValueError(
                    f"{self.variant}: two robot moves "  # untranslated: for programmers
                    f"from one position {key}"
                )
        return moves


def position(view: Mapping[str, Any], log_lines: int) -> tuple[Any, ...]:
    """Where a seat stands in a hand, from its own view only: the seat, the phase, the cards it
    holds and how many lines the public log has (each move adds at least one)."""
    return (view["viewer"], view["phase"], tuple(view["hand"]), log_lines)
