"""The contract choice (czech.md §4): ``prever`` or ``pass``, from povinnost in playing order.

The first prever wins and nobody else is asked; four passes make a partner game.
"""

from __future__ import annotations

from ..words import _
from .state import PARTNER_GAME, PREVER, SEATS, CzechState, evolve, logged, next_seat
from .talon import start_partner_talon, start_prever_talon


def legal_choices(state: CzechState, seat: int) -> list[str]:
    return ["pass", "prever"]


def apply_choice(state: CzechState, seat: int, action: str) -> CzechState:
    auction = state.auction + ((seat, action),)
    if action == "prever":
        state = evolve(
            state,
            auction=auction,
            prever=seat,
            contract=PREVER,
            log=logged(state, (seat, _("goes prever: plays alone against the other three"))),
        )
        return start_prever_talon(state)
    text = _("passes: povinnost goes with a partner") if seat == state.povinnost else _("passes")
    state = evolve(state, auction=auction, log=logged(state, (seat, text)))
    if len(auction) == SEATS:
        state = evolve(
            state,
            contract=PARTNER_GAME,
            log=logged(state, (None, _("Nobody went prever: a partner game"))),
        )
        return start_partner_talon(state)
    return evolve(state, to_act=frozenset({next_seat(seat)}))
