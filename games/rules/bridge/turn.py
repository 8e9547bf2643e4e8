"""The end of a move and the turn passing on (bridge.md §8.4, §8.5, §8.7).

After each card (and any Bridge question) ``after_play`` decides what the mover may do next:
cover a 6 of this move lying on top, add cards of the top card's rank, or nothing, and then the
move ends by itself. ``end_move``: an empty hand ends the round (§8.7); a J of this move on top
asks for the wish (``wish:<suit>``); two or more 8s ask next or spread (``eights:next|spread``);
then the effects apply and the next player's move begins.
"""

from __future__ import annotations

from ..base import UnknownAction
from ..words import _
from . import outcome
from .effects import EIGHTS_CHOICES, NEXT, apply_effects, eights_choice_needed
from .pack import JACK, SIX, SUIT_NAMES, SUITS
from .state import BridgeState, Phase, Stage, evolve, logged, start_move


def after_play(state: BridgeState) -> BridgeState:
    move, top = state.move, state.top
    assert move is not None and top is not None
    rank = top[1:]
    if rank == SIX:
        stage = Stage.COVER
    elif any(card[1:] == rank for card in state.hands[move.seat]):
        stage = Stage.ADD
    else:
        return end_move(state)
    if state.phase is Phase.PLAY and move.stage is stage:
        return state  # ``played`` has set the stage already
    return evolve(state, phase=Phase.PLAY, move=move._replace(stage=stage))


def end_move(state: BridgeState) -> BridgeState:
    move = state.move
    assert move is not None
    if not state.hands[move.seat]:
        return outcome.went_out(state)
    if move.cards and move.cards[-1][1:] == JACK:
        return evolve(state, phase=Phase.WISH)
    return settle(state)


def settle(state: BridgeState) -> BridgeState:
    """The 8s choice if it is due, else the effects, and the next player's turn."""
    assert state.move is not None
    if eights_choice_needed(state):
        return evolve(state, phase=Phase.EIGHTS)
    state, after = apply_effects(state, closing=False)
    return start_move(state, after)


def legal_wishes(state: BridgeState, seat: int) -> list[str]:
    return [f"wish:{suit}" for suit in SUITS]


def apply_wish(state: BridgeState, seat: int, action: str) -> BridgeState:
    suit = action.partition(":")[2]
    if suit not in SUITS:
        raise UnknownAction(_("Wish a suit: H (hearts), S (spades), D (diamonds) or C (clubs)"))
    return settle(logged(state, (seat, _("wishes {suit}", suit=SUIT_NAMES[suit])), wish=suit))


def legal_eights(state: BridgeState, seat: int) -> list[str]:
    return [f"eights:{choice}" for choice in EIGHTS_CHOICES]


def apply_eights(state: BridgeState, seat: int, action: str) -> BridgeState:
    choice = action.partition(":")[2]
    if choice not in EIGHTS_CHOICES:
        raise UnknownAction(_("Choose next or spread for the 8s"))
    text = _("gives all the 8s to the next player") if choice == NEXT else _("spreads the 8s")
    state = logged(state, (seat, text), eights=choice)
    if state.winner is not None:  # the final move (§10.1)
        return outcome.close_round(state)
    return settle(state)
