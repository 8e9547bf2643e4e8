"""Which lines of a hand's public log are moves a person did not make: their turn clock ran
out and the basic robot moved for them (``HandAction.robot == "clock"``), or they were away
and it played their seat (``"away"``). The log partial says so ("The clock plays XXI for
Anna") instead of naming the player as if they had moved.

The rules' log knows no clock (the rules core knows no time), so the lines are matched to the
actions by replaying the hand once: the first line an automatic action adds for its own seat
is that action's line. Only timed tables can have such moves, so nothing is read elsewhere.
"""

from __future__ import annotations

from games.models import Hand
from games.rules import get_variant
from games.services.turn_clocks import AWAY_MOVE, CLOCK_MOVE
from tarokk_site.bounded import Bounded

AUTOMATIC = (CLOCK_MOVE, AWAY_MOVE)
_cache: Bounded[tuple[int, int], dict[int, str]] = Bounded(256)


def automatic_lines(hand: Hand | None, timed: bool) -> dict[int, str]:
    """``{index in the public log: "clock" or "away"}`` for ``hand`` (empty for an untimed table)."""
    if hand is None or not timed:
        return {}
    key = (hand.pk, hand.seq)
    kept = _cache.get(key)
    if kept is not None:
        return kept
    actions = list(hand.actions.order_by("seq").values_list("seat", "action", "robot"))
    marks: dict[int, str] = {}
    if any(robot in AUTOMATIC for _, _, robot in actions):
        variant = get_variant(hand.variant)
        state = variant.new_hand(hand.deal_value(), hand.context_value())
        for seat, action, robot in actions:
            before = len(state.log)
            state = variant.apply(state, seat, action)
            if robot in AUTOMATIC:
                line = next((i for i in range(before, len(state.log)) if state.log[i][0] == seat), None)
                if line is not None:
                    marks[line] = robot
    _cache.put(key, marks)
    return marks
