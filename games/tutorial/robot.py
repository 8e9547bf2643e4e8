"""The robots of a guided hand (games.tutorial): each plays the move its script has for the
position it sees. Like every robot it decides from its own seat's view and the legal actions.
Seated by ``games.tutorial.tables`` under the name ``SCRIPT_ROBOT``, and registered for it with
the robot runner (``games.autoplay.robots``) in ``GamesConfig.ready``.

The position is found from the view alone (``games.tutorial.script.position``): its seat, the
phase, the cards it holds and the length of the public log. A guided hand keeps to its script
(the learner's other moves are refused), so every position the robot meets is in it; one that
is not (the learner left the table and a robot plays their seat) is played by the basic robot,
so the hand still ends.
"""

from __future__ import annotations

import random

from games.bots import Robot
from games.bots.view import View
from games.models import GUIDED_ROBOT
from games.tutorial import SCRIPTS
from games.tutorial.script import position

# The guided hands' robots' name at their seats (``Seat.robot``).
SCRIPT_ROBOT = GUIDED_ROBOT


class ScriptRobot:
    level = "script"

    def __init__(self, fallback: Robot) -> None:
        self.fallback = fallback

    def choose(self, view: View, legal: list[str], rng: random.Random) -> str:
        if not legal:
            raise ValueError(
                "A robot was asked to act with no legal action"  # untranslated: internal
            )  # untranslated: programmer error
        script = SCRIPTS.get(view.get("variant", ""))
        move = None if script is None else script.robot_moves.get(position(view, len(view["log"])))
        if move is None or move not in legal:
            return self.fallback.choose(view, legal, rng)
        return move
