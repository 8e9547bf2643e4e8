"""What a robot decides from: its seat's own view and the legal actions, nothing else.

A view is what the rules core's ``observe`` gives the seat (the public log added,
``games.bots.seat_view``), typed per game by the rules core (``games.rules.views``):
``HungarianView``, ``CzechView``, ``SlovenianView``, ``BridgeView``, and ``View``, any of them.
Each game's robots read their game's type; the levels (``games.bots``) take any game's view and
hand it to the policy of its variant.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, TypeVar

from games.rules import BridgeView, CzechView, HungarianView, SlovenianView, View

__all__ = [
    "BridgeView",
    "CzechView",
    "HungarianView",
    "Policy",  # untranslated: a name
    "SlovenianView",
    "View",  # untranslated: a name
    "present",
    "seat_of",
    "seat_view",
]

V_contra = TypeVar("V_contra", contravariant=True)  # untranslated: a type variable
T = TypeVar("T")  # untranslated: a type variable


class Policy(Protocol[V_contra]):
    """One robot's choice: one of ``legal`` (never empty), from the seat's ``view`` and ``rng``."""

    def choose(self, view: V_contra, legal: list[str], rng: random.Random) -> str: ...


def seat_of(view: View) -> int:
    """The seat whose view a robot reads: a robot always sits at one (``viewer`` is a seat)."""
    seat = view["viewer"]
    if not isinstance(seat, int):
        raise ValueError(f"A robot reads a seat's view, not {seat!r}'s")  # untranslated: programmer error
    return seat


def present(value: T | None) -> T:
    """A key of the view that the phase a robot reads it in always fills (the trick in play, the
    contract, the declarer, the talon's groups), as its type: not None."""
    if value is None:
        raise ValueError(
            "A robot read a part of the view that its phase leaves empty"  # untranslated: programmer error
        )
    return value


def seat_view(variant: Any, state: Any, seat: int) -> View:
    """What a robot at ``seat`` decides from: the seat's own view, with the public log as the
    seat saw it line by line while the hand went on. The view a page shows may replace the cards
    of earlier tricks with "plays a card" (``trick_review=last``: players may not read old tricks
    back), but every card was shown face up to every seat as it was played; a robot, which keeps
    nothing between moves, is given the memory a careful player has. Nothing hidden is added:
    the log holds public lines only."""
    view: View = variant.observe(state, seat)
    view["log"] = [{"seat": s, "text": text} for s, text in state.log]
    return view
