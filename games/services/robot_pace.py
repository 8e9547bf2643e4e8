"""The robots' pace: how long a table's robots wait before each move, so that the people at
the table can follow them (a room setting chosen on the opening form, ``Room.robot_pace``).

The operator's ``TAROKK_ROBOT_DELAY`` (``settings.ROBOT_DELAY``), when set, overrides every
table's pace: the benchmarks and the tests set it to 0.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.models import Hand

INSTANT = "instant"
BRISK = "brisk"
RELAXED = "relaxed"
DEFAULT = BRISK
# Seconds a robot waits before a move, by pace.
SECONDS = {INSTANT: 0.0, BRISK: 0.5, RELAXED: 1.0}
# The opening form's choices, in the words a player reads.
CHOICES = (
    (INSTANT, pgettext_lazy("robots' pace", "instant")),
    (BRISK, gettext_lazy("brisk (half a second a move)")),
    (RELAXED, gettext_lazy("relaxed (a second a move)")),
)


def check_pace(pace: str) -> str:
    """The room setting's value, or ``ValueError`` with the message a player reads."""
    if pace not in SECONDS:
        raise ValueError(
            _("The robots' pace must be one of %(paces)s, not %(pace)r")
            % {"paces": ", ".join(SECONDS), "pace": pace}
        )
    return pace


def label(pace: str) -> str:
    """The pace in the words the opening form uses."""
    return str(dict(CHOICES).get(pace, pace))


_paces: dict[int, str] = {}


def known(hand_id: int) -> float | None:
    """``delay(hand_id)`` when it needs no database read (the operator's delay, or a pace this
    process has read), else None: safe in an event loop (a socket's consumer)."""
    if settings.ROBOT_DELAY is not None:
        return settings.ROBOT_DELAY
    pace = _paces.get(hand_id)
    return None if pace is None else SECONDS.get(pace, SECONDS[DEFAULT])


def delay(hand_id: int) -> float:
    """Seconds the robots of this hand wait before each move: the operator's
    ``ROBOT_DELAY`` when set, else the pace of the hand's room (read once a process: a room's
    pace never changes)."""
    if settings.ROBOT_DELAY is not None:
        return settings.ROBOT_DELAY
    pace = _paces.get(hand_id)
    if pace is None:
        pace = Hand.objects.filter(pk=hand_id).values_list("room__robot_pace", flat=True).first() or DEFAULT
        if len(_paces) > 10_000:
            _paces.clear()
        _paces[hand_id] = pace
    return SECONDS.get(pace, SECONDS[DEFAULT])
