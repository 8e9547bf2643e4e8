"""Which robots may take a seat: the levels (games.bots) and the variants each level plays."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.bots import LEVELS
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
