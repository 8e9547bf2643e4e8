"""The turn clock's rules and its running clocks, as read from the database.

The seconds a room may choose per decision, when a seat counts as away, which robot moves for
a timed-out or away seat and what the log calls those moves; and the deadlines that run.
``games.services`` writes the ``TurnClock`` rows; ``games.clocks`` fires the due ones.
"""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext as _

from games.models import Hand, TurnClock

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


def pending() -> list[tuple[int, datetime]]:
    """``(hand id, deadline)`` of every running clock of an unfinished hand of an open room."""
    return list(
        TurnClock.objects.filter(hand__finished__isnull=True, hand__room__closed=False)
        .order_by("deadline")
        .values_list("hand_id", "deadline")
    )
