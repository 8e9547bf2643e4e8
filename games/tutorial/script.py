"""A guided hand written down: the deal, the dealer, every move in order, and for each of the
learner's decisions the advised move and why.

Pure data and the rules core only (no Django): a script is checked by folding its moves
through ``games.rules`` (``Script.states``), the same gate a real table's log goes through.
The learner always sits in seat 0 (``LEARNER``); the other seats are the script's robots.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from games.rules import Deal, HandContext, Variant, get_variant
from games.rules import match as match_rules
from games.rules.base import resolve_options

LEARNER = 0


@dataclass(frozen=True)
class Advice:
    """One decision of the learner: what it is about, what a good player does and why."""

    about: str  # the decision as it comes: what is being decided, what the rules allow
    why: str  # why the advised move is the good one
    otherwise: str = ""  # what a different choice is told; empty: built from ``why``


@dataclass(frozen=True)
class Move:
    seat: int
    action: str
    advice: Advice | None = None  # the learner's moves only
    note: str = ""  # what the page tells the learner about a robot's move: public facts only


def robot(seat: int, action: str, note: str = "") -> Move:
    if seat == LEARNER:
        raise ValueError("Seat 0 is the learner's: write its moves with learner()")
    return Move(seat, action, note=note)


def learner(action: str, why: str = "", about: str = "", otherwise: str = "") -> Move:
    """A move of the learner: ``why`` says why it is the good one (empty for a forced move)."""
    return Move(LEARNER, action, Advice(about=about, why=why, otherwise=otherwise))


def cards(text: str) -> tuple[str, ...]:
    return tuple(text.split())


@dataclass(frozen=True)
class Script:
    variant: str
    title: str
    intro: str  # shown before the first move: what the hand will teach
    dealer: int
    deal: Deal
    moves: tuple[Move, ...]
    # The receipt explained: per line of the result (``ScoredItem.name``), what it means here.
    receipt: Mapping[str, str]
    settlement: str  # how the lines become the payments
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
                raise ValueError(f"{self.variant} move {len(states)}: seat {move.seat} is not to act")
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
                raise ValueError(f"{self.variant}: two robot moves from one position {key}")
        return moves


def position(view: Mapping[str, Any], log_lines: int) -> tuple[Any, ...]:
    """Where a seat stands in a hand, from its own view only: the seat, the phase, the cards it
    holds and how many lines the public log has (each move adds at least one)."""
    return (view["viewer"], view["phase"], tuple(view["hand"]), log_lines)
