"""A written-out Hungarian deal shared by the tests of the only writer (web and production)."""

from __future__ import annotations

from typing import Any

# Dealer 3, so seat 0 is forehand. Talon top first: T18 CR T2 H1 S10 DR.
HANDS = [
    "T22 T20 T19 T16 T3 HK SJ DQ C10",
    "T21 T17 T15 T9 T5 HQ SK DJ CK",
    "T1 T14 T12 T8 T6 HR SQ DK CQ",
    "T13 T11 T10 T7 T4 HJ SR D1 CJ",
]
TALON = "T18 CR T2 H1 S10 DR"


def full_table_with_known_deal(users: list[Any]) -> Any:
    """Four people at a new table (no robots), its first hand given the deal above.

    The hand has no action yet, so replacing its deal is safe (the log is deal + actions).
    """
    from games import replay, services

    room = services.create_room(users[0], "hungarian", robots=0)
    for seat, user in enumerate(users[1:], start=1):
        services.sit(room, user, seat)
    hand = room.current_hand()
    hand.deal = {"hands": [h.split() for h in HANDS], "talon": TALON.split()}
    hand.context = {**hand.context, "dealer": 3}
    hand.save()
    replay.forget_all()  # the robot check after sitting down cached the random deal's state
    return hand
