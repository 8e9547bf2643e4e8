"""The partner call (hungarian.md §6): the declarer names a tarokk; its holder is the partner.

Rule 1 (a call forced by another player's invitation or yield, ``state.promise``), then 2 and 3.
"""

from __future__ import annotations

from ..base import IllegalAction
from ..words import _
from .state import HungarianState, Phase, evolve, logged

XX = "T20"


def callable_cards(state: HungarianState) -> list[str]:
    """§6 rule 1: the card another player promised in the auction. Rule 2: without the XX,
    call the XX. Rule 3: holding it, call it (and play alone) or the highest tarokk below it
    that is neither in the hand nor in the own discard."""
    assert state.declarer is not None and state.discards is not None
    if state.promise is not None:
        return [state.promise[1]]
    hand = state.hands[state.declarer]
    if XX not in hand:
        return [XX]
    own = set(hand) | set(state.discards[state.declarer] or ())
    for n in range(19, 1, -1):
        if f"T{n}" not in own:
            return [XX, f"T{n}"]
    return [XX]  # pragma: no cover - 12 cards cannot hold T2..T20


def legal_calls(state: HungarianState, seat: int) -> list[str]:
    """The callable cards in display order (the XX first)."""
    return [f"call:{card}" for card in callable_cards(state)]


def apply_call(state: HungarianState, seat: int, action: str) -> HungarianState:
    card = action[len("call:") :]
    allowed = callable_cards(state)
    if card not in allowed:
        if state.promise is not None:
            raise IllegalAction(
                _("You must call {card}: it was promised to you in the auction", card=allowed[0])
            )
        if len(allowed) == 1:
            raise IllegalAction(_("You must call {card}", card=allowed[0]))
        if len(allowed) == 2:
            raise IllegalAction(_("You must call {card} or {other}", card=allowed[0], other=allowed[1]))
        raise IllegalAction(_("You must call one of {cards}", cards=tuple(allowed)))
    # The partner holds the called card in hand; nobody does when it is the declarer's own
    # or lies in a discard, and then the declarer plays alone (§6).
    partner = next((s for s in state.setup.players if s != state.declarer and card in state.hands[s]), None)
    return evolve(
        state,
        phase=Phase.ANNOUNCE,
        to_act=frozenset({seat}),
        called_card=card,
        partner=partner,
        log=logged(state, (seat, _("calls {card}", card=card))),
    )
