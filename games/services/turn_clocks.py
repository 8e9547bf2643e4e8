"""The live hand's lock and the ``TurnClock`` rows written under it (games.clocks fires them)."""

from __future__ import annotations

from datetime import datetime, timedelta

from games.models import Hand, Room, Seat, TurnClock


def lock_live_hand(room: Room) -> Hand | None:
    """Lock the room's unfinished hand, if any: clock rows change only under this lock.

    Taken after the room's lock and before any seat's, the order ``submit_action`` (hand,
    then seat) also follows, so two writers never wait for each other in a circle.
    """
    return (
        Hand.objects.select_for_update().filter(room=room, finished__isnull=True).order_by("-number").first()
    )


def sync_clocks(hand: Hand, now: datetime, restart: frozenset[int] | set[int] = frozenset()) -> None:
    """Make the hand's clock rows match its human seats to act (call under the hand's lock).

    A seat that stays to act keeps its deadline (the other discards do not give it more
    time) unless it is in ``restart`` (it has just moved, or just come back): a new
    decision, a new deadline from ``now``. Robot and away seats have no clock.
    """
    limit = hand.room.turn_clock
    if not limit:
        return  # the room was opened without a clock, and that never changes
    timed: set[int] = set()
    if not hand.is_over:
        timed = set(
            Seat.objects.filter(room_id=hand.room_id, index__in=hand.to_act, robot="", away=False)
            .exclude(user=None)
            .values_list("index", flat=True)
        )
    hand.clocks.exclude(seat__in=timed - set(restart)).delete()
    running = set(hand.clocks.values_list("seat", flat=True))
    deadline = now + timedelta(seconds=limit)
    TurnClock.objects.bulk_create(
        [TurnClock(hand=hand, seat=s, seq=hand.seq, deadline=deadline) for s in sorted(timed - running)]
    )
