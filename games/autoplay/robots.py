"""Which robot plays a seat: a level of ``games.bots`` (the host's choice), or a robot a feature
seats at its own tables and registers here (the guided hands' script robot, ``games.tutorial``,
registered in ``GamesConfig.ready``): the robots stay a pure layer that knows no feature."""

from __future__ import annotations

from django.conf import settings

from games.bots import LEVELS, Robot, get_robot

_registered: dict[str, Robot] = {}


def register(name: str, robot: Robot) -> None:
    """Seats whose robot is ``name`` are played by ``robot`` (a name no level has)."""
    if name in LEVELS:
        wrong = "is a robot level, not a feature's robot"  # untranslated: programmer error
        raise ValueError(f"{name!r} {wrong}")
    _registered[name] = robot


def robot_for(name: str, live: bool = False) -> Robot:
    """The robot a seat's ``robot`` names: a level (``games.bots.get_robot``, ``live`` as there,
    its think time in live play the operator's ``TAROKK_ROBOT_THINK`` when set), else a
    registered robot."""
    registered = _registered.get(name)
    return registered if registered is not None else get_robot(name, live, settings.ROBOT_THINK)
