"""How a round ends (bridge.md §8.7, §10.1–§10.3): the winner, the final move's effects, the
J-points choice, and the HandResult.

The round ends when a move ends with the mover's hand empty ("went out") or when a Bridge is
declared. Then, in order: the final move's §8.5 draws (option ``finish_effects_before_count``;
with two or more 8s and ``eights_rule`` ``player_choice`` the winner first picks next or
spread); the J points if the round ended on a J (``jpoints:minus|plus`` by the winner, unless
``j_points_rule`` fixes it); the count.
"""

from __future__ import annotations

from ..base import HandResult, UnknownAction
from ..words import _
from .effects import apply_effects, eights_choice_needed
from .scoring import J_CHOICES, MINUS, j_points_amount, score, trailing_jacks
from .state import BRIDGE, WENT_OUT, BridgeState, Phase, evolve, logged

RULED = {"always_minus": "minus", "always_plus": "plus"}


def went_out(state: BridgeState) -> BridgeState:
    assert state.move is not None
    seat = state.move.seat
    return close_round(logged(state, (seat, _("goes out")), winner=seat, ended_by=WENT_OUT))


def bridge_declared(state: BridgeState, seat: int) -> BridgeState:
    return close_round(logged(state, (seat, _("declares Bridge")), winner=seat, ended_by=BRIDGE))


def jacks_of(state: BridgeState) -> int:
    assert state.move is not None
    return trailing_jacks(state.move.cards)


def close_round(state: BridgeState) -> BridgeState:
    """The steps of §10 that need no decision, up to the next one that does."""
    winner = state.winner
    assert winner is not None
    if state.setup.finish_effects_before_count and not state.effects_applied:
        if eights_choice_needed(state):
            return evolve(state, phase=Phase.EIGHTS, to_act=frozenset({winner}))
        state, _after = apply_effects(state, closing=True)
        state = evolve(state, effects_applied=True)
    jacks = jacks_of(state)
    if jacks and state.jpoints is None:
        rule = state.setup.j_points_rule
        if rule == "winner_choice":
            return evolve(state, phase=Phase.JPOINTS, to_act=frozenset({winner}))
        state = _with_jpoints(state, RULED[rule], chosen=False)
    return finish(state)


def _with_jpoints(state: BridgeState, choice: str, chosen: bool) -> BridgeState:
    assert state.winner is not None
    amount = j_points_amount(jacks_of(state), state.multiplier)
    if choice == MINUS and chosen:
        text = _("chooses J points minus: −{amount} off their own score", amount=amount)
    elif choice == MINUS:
        text = _("J points minus (table rule): −{amount} off their own score", amount=amount)
    elif chosen:
        text = _("chooses J points plus: +{amount} for each other player", amount=amount)
    else:
        text = _("J points plus (table rule): +{amount} for each other player", amount=amount)
    return logged(state, (state.winner, text), jpoints=choice)


def legal_jpoints(state: BridgeState, seat: int) -> list[str]:
    return [f"jpoints:{choice}" for choice in J_CHOICES]


def apply_jpoints(state: BridgeState, seat: int, action: str) -> BridgeState:
    choice = action.partition(":")[2]
    if choice not in J_CHOICES:
        raise UnknownAction(_("Choose J points minus or plus"))
    return finish(_with_jpoints(state, choice, chosen=True))


def finish(state: BridgeState) -> BridgeState:
    winner, reason = state.winner, state.ended_by
    assert winner is not None and reason is not None
    payments, items = score(state.hands, winner, jacks_of(state), state.multiplier, state.jpoints)
    result = HandResult(
        thrown_in=False,
        payments=payments,
        contract=None,
        declarer=winner,
        declarer_side=(winner,),
        items=items,
        reason=reason,
        next_dealer=None,
    )
    return evolve(state, phase=Phase.OVER, to_act=frozenset(), result=result)
