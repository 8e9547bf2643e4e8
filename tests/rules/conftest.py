"""Helpers for the rules tests: start a Hungarian hand from a written-out deal, run actions.

Exposed as the ``table`` fixture so the test modules need no imports between each other
(whatever pytest import mode the project settles on).
"""

from __future__ import annotations

from typing import Any

import pytest

from games.rules import Deal, HandContext
from games.rules.hungarian import HUNGARIAN, HungarianState


class Table:
    variant = HUNGARIAN

    def start(
        self,
        hands: list[str],
        talon: str,
        dealer: int = 0,
        doubled: bool = False,
        **options: Any,
    ) -> HungarianState:
        """``hands``: one space-separated string of 9 cards per seat; ``talon``: 6, top first."""
        deal = Deal(hands=tuple(tuple(h.split()) for h in hands), talon=tuple(talon.split()))
        return HUNGARIAN.new_hand(deal, HandContext(dealer=dealer, options=options, doubled=doubled))

    def run(self, state: HungarianState, *steps: str) -> HungarianState:
        """Apply steps written as ``"<seat> <action>"``, e.g. ``"1 bid:three"``."""
        for step in steps:
            seat, action = step.split(" ", 1)
            state = HUNGARIAN.apply(state, int(seat), action)
        return state

    def legal(self, state: HungarianState, seat: int) -> list[str]:
        return HUNGARIAN.legal_actions(state, seat)


@pytest.fixture
def table() -> Table:
    return Table()
