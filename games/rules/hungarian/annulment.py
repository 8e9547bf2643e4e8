"""Annulment (hungarian.md §5.3, option ``annulment``): throwing the hand in before discarding.

Action: ``annul``. It belongs to the discard step (§5.3 "each player's discard step offers
annul"), so only a seat that received talon cards and has not yet discarded may annul; the
solo declarer, who receives none and has no discard step, may not. The hand it judges is the
seat's hand with the talon cards just received. When several conditions hold (four kings and
no tarokk), the first in §5.3's order is named. A failed trial bid ends the hand before the
discard step (§4.6), so no annulment is offered then.
"""

from __future__ import annotations

from ..base import IllegalAction
from ..cards import KINGS, TRUMP
from ..words import Msg, _
from .outcome import end_hand, thrown_in_result
from .state import HungarianState, Phase

ANNUL = "annul"

# §5.3, in its order: (condition, the exact set of tarokks it needs, or None for four kings).
CONDITIONS: tuple[tuple[Msg, frozenset[str] | None], ...] = (
    (_("four kings"), None),
    (_("T21 the only tarokk"), frozenset({"T21"})),
    (_("T1 the only tarokk"), frozenset({"T1"})),
    (_("T21 and T1 the only tarokks"), frozenset({"T21", "T1"})),
    (_("no tarokk"), frozenset()),
)
NOT_ALLOWED = _(
    "You may annul only with four kings, with no tarokk, or with T21 and/or T1 as your only tarokks"
)


def annulment_condition(hand: tuple[str, ...]) -> Msg | None:
    """The first §5.3 condition ``hand`` meets, or None."""
    tarokks = frozenset(card for card in hand if card[0] == TRUMP)
    for name, needed in CONDITIONS:
        if (KINGS <= set(hand)) if needed is None else (tarokks == needed):
            return name
    return None


def can_annul(state: HungarianState, seat: int) -> bool:
    return (
        bool(state.setup.option("annulment"))
        and state.phase is Phase.DISCARD
        and seat in state.to_act
        and annulment_condition(state.hands[seat]) is not None
    )


def apply_annul(state: HungarianState, seat: int) -> HungarianState:
    """§5.3: thrown in exactly as an all-pass (§4.5). The log names who and why; the view
    shows the annuller's hand (§13)."""
    if not state.setup.option("annulment"):
        raise IllegalAction(_("Annulment is not played in this room"))
    condition = annulment_condition(state.hands[seat])
    if condition is None:
        raise IllegalAction(NOT_ALLOWED)
    return end_hand(
        state,
        thrown_in_result(
            _("annulled by seat {number}: {condition}", number=seat, condition=condition), state.setup.seats
        ),
        (seat, _("annuls the hand: {condition}", condition=condition)),
        annulled=(seat, condition),
    )
