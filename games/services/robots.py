"""Which robots may take a seat: the levels (games.bots) and the variants each level plays; and
the seats robots play now."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from games.bots import LEVELS
from games.models import Seat
from games.services.refusals import Illegal

# The robot that takes a seat when nobody says otherwise, and the one that keeps a leaver's seat.
DEFAULT_ROBOT = "basic"


def check_robot_level(level: str, variant: Any = None) -> str:
    if level not in LEVELS:
        raise Illegal(
            _("Unknown robot level %(level)r: choose %(levels)s")
            % {"level": level, "levels": ", ".join(LEVELS)}
        )
    if variant is not None and not robot_plays(level, variant.key):
        playing = ", ".join(name for name in LEVELS if robot_plays(name, variant.key))
        raise Illegal(
            _("The %(level)s robot does not play %(game)s yet: choose %(levels)s")
            % {"level": level, "game": variant.name, "levels": playing}
        )
    return level


def robot_plays(level: str, variant_key: str) -> bool:
    """Whether the robot ``level`` has a policy for the variant (a level gains variants one
    at a time, e.g. Bridge's ``strong`` after its ``random`` and ``basic``)."""
    policies = getattr(LEVELS.get(level), "policies", None)
    return policies is None or variant_key in policies


def robot_played_seats(hand_id: int | None = None, among: QuerySet[Any] | None = None) -> QuerySet[Seat]:
    """The seats a robot plays in the unfinished hands of open rooms (of hand ``hand_id`` only,
    when given; of the hands whose ids ``among`` gives, when given): a robot's seat, or an away
    player's, which the clock's robot plays. The one query of who the robots are, for the robot
    runner's move and its search of moves due."""
    hands: dict[str, Any] = {"room__hands__id": hand_id} if hand_id is not None else {}
    if among is not None:
        hands["room__hands__id__in"] = among
    # One filter(): the hand's conditions apply to one and the same hand of the room.
    return Seat.objects.filter(**hands, room__closed=False, room__hands__finished__isnull=True).filter(
        ~Q(robot="") | Q(away=True)
    )
