"""The announcement phase (hungarian.md §7.1).

For now every turn is a plain ``pass``. The structure is the full one: a list of turns,
each ``(seat, calls made in it)``, starting with the declarer and going round in playing
order until every player has had a turn and the last three turns were passes. A later
issue adds the calls of §7.2 (tarokk counts, bonuses, the kontra chain) inside a turn.
"""

from __future__ import annotations

from ..base import IllegalAction
from .state import SEATS, HungarianState, Phase, Trick, evolve, logged, next_seat


def announcements_finished(turns: tuple[tuple[int, tuple[str, ...]], ...]) -> bool:
    """§7.1: every player has had a turn and the last three turns were passes."""
    return len(turns) >= SEATS and not any(calls for _, calls in turns[-(SEATS - 1) :])


def legal_announcements(state: HungarianState, seat: int) -> list[str]:
    return ["pass"]


def apply_announcement(state: HungarianState, seat: int, action: str) -> HungarianState:
    if action != "pass":
        raise IllegalAction(f"Unknown action {action!r}")
    turns = state.announce_turns + ((seat, ()),)
    state = evolve(state, announce_turns=turns, log=logged(state, (seat, "passes")))
    if not announcements_finished(turns):
        return evolve(state, to_act=frozenset({next_seat(seat)}))
    forehand = state.setup.forehand
    return evolve(
        state,
        phase=Phase.PLAY,
        to_act=frozenset({forehand}),
        trick=Trick(leader=forehand),
    )
