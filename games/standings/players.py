"""Who held each seat of a hand, read from its log: the person who made the seat's own moves.

A seat without a move of its own (a robot's, or one the turn clock played throughout) is the
person the room's seat row names (its player, or the player a robot keeps it for) when that
person was dealt in; otherwise a robot held it.
"""

from __future__ import annotations

from games.models import Hand, Seat


def seat_holders(hand: Hand) -> dict[int, int | None]:
    """Seat index -> user id, or None for a robot."""
    holders: dict[int, int | None] = {}
    for seat, actor in (
        hand.actions.filter(robot="").exclude(actor=None).order_by("seq").values_list("seat", "actor")
    ):
        holders.setdefault(seat, actor)
    dealt_in = set(hand.players.values_list("pk", flat=True))
    for row in Seat.objects.filter(room_id=hand.room_id).order_by("index"):
        if row.index in holders:
            continue
        person = row.user_id or row.kept_for_id
        holders[row.index] = person if person in dealt_in else None
    return holders


def robot_levels(room_id: int) -> dict[int, str]:
    """Seat index -> the level of the robot on it now ("" for a person's seat)."""
    return dict(Seat.objects.filter(room_id=room_id).values_list("index", "robot"))
