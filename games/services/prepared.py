"""The reads of a move, each compiled by the ORM once per database (``tarokk_site.prepared``).

A robot move reads its seats, locks and reads the hand with its room; a player's move first
reads the mover's seat and the room's current hand. Through the ORM each of those statements is
built and compiled afresh every time: in ``bench/load.py``'s profile the compiling was five
sixths of their cost and a quarter of the embedded web process's CPU. Each read here is built
once, at import, and compiled at its first use.
"""

from __future__ import annotations

from games.models import Hand, Seat
from games.services.robots import robot_played_seats
from tarokk_site.prepared import Read


def robot_seats() -> Read:
    """The robot (and away) seats of an open room's unfinished hand: index, robot level, the
    room's variant and fixed seed, the hand's ``seq`` and home (games.services.homes)."""
    return Read(
        lambda hand_id: robot_played_seats(hand_id).values_list(
            "index", "robot", "room__variant", "room__fixed_seed", "room__hands__seq", "room__hands__home"
        )
    )


def hand_for_update() -> Read:
    """The hand, locked for the move (on PostgreSQL its row alone: ``FOR UPDATE OF``; SQLite's
    ``IMMEDIATE`` transaction has locked the database), with its room; its deal and context are
    read only if used (a state the process does not hold)."""
    return Read(
        lambda hand_id: (
            Hand.objects.select_for_update(of=("self",))
            .select_related("room")
            .defer("deal", "context")
            .filter(pk=hand_id)
        )
    )


def seat_of_user() -> Read:
    """The seat a user holds at a room (its index; the lowest, as ``viewer_for`` reads it)."""
    return Read(
        lambda room_id, user_id: (
            Seat.objects.filter(room_id=room_id, user_id=user_id).order_by("index").values_list("index")[:1]
        ),
        arity=2,
    )


def current_hand() -> Read:
    """A room's current hand (``Room.current_hand``), without its deal: what a move needs to know
    before it is written (the game, its options, the move numbers)."""
    return Read(lambda room_id: Hand.objects.filter(room_id=room_id).order_by("-number").defer("deal")[:1])
