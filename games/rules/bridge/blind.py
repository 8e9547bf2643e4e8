"""Drawing from the blind, and reshuffling the stack into it (bridge.md §5).

A draw takes the top card of the blind. When a card must be drawn and the blind is empty, the
stack's cards except the top card become the new blind, in the order
``cards.permutation(len, salt, n)`` gives them for the round's ``n``-th reshuffle (``salt`` is
the deal's hidden per-round secret; an empty salt still shuffles deterministically). So a
round replays exactly from its deal and actions, and the log never carries the new order.
When the blind is empty and the stack holds only its top card, the draw is skipped.
"""

from __future__ import annotations

from ..cards import permutation
from ..words import _
from .state import BridgeState, evolve, logged, replace_hand


def reshuffled(state: BridgeState, seat: int) -> BridgeState:
    """The stack minus its top card, shuffled into a new blind; ``seat`` needs the card."""
    rest = state.stack[:-1]
    n = state.reshuffles + 1
    order = permutation(len(rest), state.setup.deal.salt, n)
    if state.setup.reshuffle_multiplier:
        text = _(
            "shuffles the stack into a new blind (reshuffle {number}, points count ×{factor})",
            number=n,
            factor=1 + n,
        )
    else:
        text = _("shuffles the stack into a new blind (reshuffle {number})", number=n)
    return logged(
        state,
        (seat, text),
        blind=tuple(rest[j] for j in order),
        stack=state.stack[-1:],
        reshuffles=n,
    )


def draw_one(state: BridgeState, seat: int) -> tuple[BridgeState, str | None]:
    """``seat`` draws the blind's top card, reshuffling first if needed; None: skipped (§5)."""
    if not state.blind:
        if len(state.stack) <= 1:
            return state, None
        state = reshuffled(state, seat)
    card = state.blind[0]
    recent = list(state.recent)
    recent[seat] = recent[seat] + (card,)
    return (
        evolve(
            state,
            blind=state.blind[1:],
            hands=replace_hand(state.hands, seat, state.hands[seat] + (card,)),
            recent=tuple(recent),
        ),
        card,
    )


def draw_cards(state: BridgeState, seat: int, count: int) -> tuple[BridgeState, int]:
    """``seat`` draws up to ``count`` cards, one at a time; how many it got."""
    got = 0
    for _draw in range(count):
        state, card = draw_one(state, seat)
        if card is None:
            break
        got += 1
    return state, got


def can_draw(state: BridgeState) -> bool:
    return bool(state.blind) or len(state.stack) > 1
