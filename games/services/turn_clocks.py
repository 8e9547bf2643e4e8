"""The turn clock: its rules, the ``TurnClock`` rows the writer keeps under the live hand's lock,
and the deadlines that run, as read from the database.

The seconds a room may choose per decision, when a seat counts as away, which robot moves for
a timed-out or away seat and what the log calls those moves. ``games.services`` writes the
rows (``sync_clocks``, under ``lock_live_hand``) after every action and when a hand is dealt;
``games.autoplay.clocks`` fires the due ones.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from games.models import Hand, Room, Seat, TurnClock

# The choices a room may be opened with, in seconds per decision (0: no clock).
MIN_SECONDS = 20
MAX_SECONDS = 600
# Automatic moves in a row after which a seat is away and the robot plays it without a clock.
AWAY_AFTER = 3
# The robot that moves for a timed-out or away seat, and what the log calls those moves.
ROBOT = "basic"
CLOCK_MOVE = "clock"
AWAY_MOVE = "away"


def check_seconds(seconds: int) -> int:
    """The room option's value, or ``ValueError`` with the message a player reads."""
    if seconds != 0 and not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise ValueError(
            _("The turn clock must be 0 (off) or between %(low)s and %(high)s seconds, not %(seconds)s")
            % {"low": MIN_SECONDS, "high": MAX_SECONDS, "seconds": seconds}
        )
    return seconds


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


_timed: dict[int, bool] = {}


def timed(hand_id: int) -> bool:
    """Whether the hand's room runs a turn clock: read once a process, since a room's clock
    never changes (robot passes at tables without one do no clock work)."""
    known = _timed.get(hand_id)
    if known is None:
        known = bool(Hand.objects.filter(pk=hand_id).values_list("room__turn_clock", flat=True).first())
        if len(_timed) > 10_000:
            _timed.clear()
        _timed[hand_id] = known
    return known


def deadlines(hand_id: int) -> dict[int, datetime]:
    """``{seat: deadline}`` of the seats whose clock runs in this hand."""
    return dict(TurnClock.objects.filter(hand_id=hand_id).values_list("seat", "deadline"))


def pending(among: QuerySet[Any] | None = None) -> list[tuple[int, datetime]]:
    """``(hand id, deadline)`` of every running clock of an unfinished hand of an open room (of
    the hands whose ids ``among`` gives, when given)."""
    clocks = TurnClock.objects.filter(hand__finished__isnull=True, hand__room__closed=False)
    if among is not None:
        clocks = clocks.filter(hand_id__in=among)
    return list(clocks.order_by("deadline").values_list("hand_id", "deadline"))
