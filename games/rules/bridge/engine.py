"""The Bridge phases and action words, behind the shared gate (``games.rules.gate``).

``legal_actions`` lists cards in display order, then ``draw`` or ``stop``; the wishes in the
display order of the suits (H S D C); ``bridge`` before ``no-bridge``; ``eights:next`` before
``eights:spread``; ``jpoints:minus`` before ``jpoints:plus``.
"""

from __future__ import annotations

from ..gate import Apply, Gate, Legal
from ..words import pgettext
from . import bridge, move, outcome, turn
from .state import BridgeState, Phase, evolve


def acting(handler: Apply[BridgeState]) -> Apply[BridgeState]:
    """``handler`` for a seat that acts: what it drew before is no longer "just drawn"."""

    def apply(state: BridgeState, seat: int, action: str) -> BridgeState:
        if state.recent[seat]:
            recent = list(state.recent)
            recent[seat] = ()
            state = evolve(state, recent=tuple(recent))
        return handler(state, seat, action)

    return apply


# Phase → (the action words it accepts, legal actions, apply).
PHASES: dict[Phase, tuple[frozenset[str], Legal[BridgeState], Apply[BridgeState]]] = {
    Phase.PLAY: (frozenset({"play", "draw", "stop"}), move.legal_moves, acting(move.apply_move)),
    Phase.BRIDGE: (frozenset({"bridge", "no-bridge"}), bridge.legal_bridge, acting(bridge.apply_bridge)),
    Phase.WISH: (frozenset({"wish"}), turn.legal_wishes, acting(turn.apply_wish)),
    Phase.EIGHTS: (frozenset({"eights"}), turn.legal_eights, acting(turn.apply_eights)),
    Phase.JPOINTS: (frozenset({"jpoints"}), outcome.legal_jpoints, acting(outcome.apply_jpoints)),
}

# What a player would be trying to do with each word ("You cannot {…} now").
VERBS = {
    "play": pgettext("you cannot … now", "play a card"),
    "draw": pgettext("you cannot … now", "draw a card"),
    "stop": pgettext("you cannot … now", "end your move"),
    "bridge": pgettext("you cannot … now", "declare Bridge"),
    "no-bridge": pgettext("you cannot … now", "decline Bridge"),
    "wish": pgettext("you cannot … now", "wish a suit"),
    "eights": pgettext("you cannot … now", "choose how the 8s go"),
    "jpoints": pgettext("you cannot … now", "choose the J points"),
}
WITH_ARGUMENT = frozenset({"play", "wish", "eights", "jpoints"})


GATES = {n: Gate(seats=n, phases=PHASES, verbs=VERBS, with_argument=WITH_ARGUMENT) for n in (2, 3, 4)}


def legal_actions(state: BridgeState, seat: int) -> list[str]:
    return GATES[state.setup.players].legal_actions(state, seat)


def apply(state: BridgeState, seat: int, action: str) -> BridgeState:
    return GATES[state.setup.players].apply(state, seat, action, over=state.phase is Phase.OVER)
