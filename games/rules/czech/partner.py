"""The partner call (czech.md §6): povinnost calls ``T19``, or, holding it, the highest of
``T18``..``T15`` not in hand. The holder of the called card in hand is the partner; povinnost
plays alone (secretly) when it holds the card itself or nobody does (it was discarded)."""

from __future__ import annotations

from ..base import IllegalAction
from ..words import _
from .money import start_money
from .state import SEATS, CzechState, Phase, evolve, logged

ALTERNATIVES = ("T18", "T17", "T16", "T15")


def callable_cards(hand: tuple[str, ...]) -> list[str]:
    if "T19" not in hand:
        return ["T19"]
    alternative = next((card for card in ALTERNATIVES if card not in hand), None)
    return ["T19"] if alternative is None else ["T19", alternative]


def start_call(state: CzechState) -> CzechState:
    assert state.povinnost is not None
    return evolve(state, phase=Phase.CALL, to_act=frozenset({state.povinnost}))


def legal_calls(state: CzechState, seat: int) -> list[str]:
    return ["call:" + card for card in callable_cards(state.hands[seat])]


def apply_call(state: CzechState, seat: int, action: str) -> CzechState:
    card = action.partition(":")[2]
    allowed = callable_cards(state.hands[seat])
    if card not in allowed:
        raise IllegalAction(
            _("You may call {card}", card=allowed[0])
            if len(allowed) == 1
            else _("You may call {card} or {other}", card=allowed[0], other=allowed[1])
            if len(allowed) == 2
            else _("You may call one of {cards}", cards=tuple(allowed))
        )
    partner = next((s for s in range(SEATS) if s != seat and card in state.hands[s]), None)
    state = evolve(
        state, called_card=card, partner=partner, log=logged(state, (seat, _("calls {card}", card=card)))
    )
    return start_money(state)
