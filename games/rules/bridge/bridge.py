"""The run and the Bridge (bridge.md §8.6).

The run is the consecutive cards of one rank at the top of the stack, counted across moves of
different players and across a reshuffle (so after a reshuffle the same card may count twice,
as in the squawk7x engine's "bridge monitor"). A card that makes the run exactly 4 lets its
player declare Bridge (``bridge``), which ends the round at once (a run of four 6s ends with
the 6 uncovered), or play on (``no-bridge``). A player whose fourth card empties their hand
goes out anyway, so the question is asked then only for four 6s (declining means drawing to
cover the 6).
"""

from __future__ import annotations

from ..words import _
from .outcome import bridge_declared
from .pack import SIX
from .state import BridgeState, logged
from .turn import after_play

BRIDGE_RUN = 4


def extend_run(run: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The run once ``card`` is played: one longer if it has the same rank, else just ``card``."""
    if run and run[-1][1:] == card[1:]:
        return run + (card,)
    return (card,)


def offers_bridge(state: BridgeState, seat: int) -> bool:
    top = state.top
    assert top is not None
    return len(state.run) == BRIDGE_RUN and (bool(state.hands[seat]) or top[1:] == SIX)


def legal_bridge(state: BridgeState, seat: int) -> list[str]:
    return ["bridge", "no-bridge"]


def apply_bridge(state: BridgeState, seat: int, action: str) -> BridgeState:
    if action == "bridge":
        return bridge_declared(state, seat)
    return after_play(logged(state, (seat, _("plays on without declaring Bridge"))))
