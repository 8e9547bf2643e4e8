"""Robots choose an action from their seat's own view and the legal actions only.

A robot never sees the full state, so it cannot cheat: ``choose(view, legal, rng)``.

Each level (``LEVELS``: ``random``, ``basic``, ``strong``) is one robot for every variant: it
takes any game's view (``games.rules.View``), reads ``view["variant"]`` and hands the decision,
and the view typed as that game's (``HungarianView``, ...), to that variant's policy, one package per
variant (``games.bots.hungarian``, ``games.bots.czech``, ``games.bots.slovenian3``,
``games.bots.bridge``), one module per level or concept inside it. A variant a level has no
policy for is a clear error (``UnknownRobotVariant``).
"""

from __future__ import annotations

import random

from . import decide
from .bridge.strong import StrongPolicy as BridgeStrong
from .czech.strong import StrongPolicy as CzechStrong
from .hungarian.strong import StrongPolicy as HungarianStrong
from .levels import BasicRobot, LevelRobot, RandomRobot, Robot, UnknownRobotVariant
from .search import TIME_BUDGET, checked_budgets
from .slovenian3.strong import StrongPolicy as SlovenianStrong
from .view import View, seat_view

__all__ = [
    "LEVELS",  # untranslated: a name
    "LIVE",  # untranslated: a name
    "BasicRobot",  # untranslated: a name
    "LevelRobot",  # untranslated: a name
    "RandomRobot",  # untranslated: a name
    "Robot",  # untranslated: a name
    "StrongRobot",  # untranslated: a name
    "UnknownRobotVariant",  # untranslated: a name
    "get_robot",  # untranslated: a name
    "seat_view",  # untranslated: a name
]


class StrongRobot(LevelRobot):
    """Determinised Monte Carlo search: over the card play (Bridge: over every real decision),
    and with ``decisions`` (the default) over every tarot decision before the card play too
    (``decide``: bids, talon, discards, calls, announcements, kontras...). ``playout_budget``
    (playouts; None: the variant's) bounds each card search, ``decision_worlds`` (worlds; None:
    ``decide.WORLDS``) each decision search; ``time_budget`` (seconds of wall time) caps every search
    (the card play's and a decision's), in live play only (``LIVE``): with
    None, the default, no clock is read and the choice is a function of the view and the rng
    alone."""

    level = "strong"

    def __init__(
        self,
        playout_budget: int | None = None,
        time_budget: float | None = None,
        decisions: bool = True,
        decision_worlds: int | None = None,
    ) -> None:
        super().__init__(
            HungarianStrong(playout_budget, time_budget),
            CzechStrong(playout_budget, time_budget),
            SlovenianStrong(playout_budget, time_budget),
            BridgeStrong(playout_budget, time_budget),
        )
        checked_budgets(decision_worlds, None)
        self.decisions = decisions
        self.decision_worlds = decide.WORLDS if decision_worlds is None else decision_worlds
        self.decision_time = time_budget  # one cap for every decision of live play

    def choose(self, view: View, legal: list[str], rng: random.Random) -> str:
        if self.decisions and decide.searched(view, legal):
            choice = decide.choose_decision(view, legal, rng, self.decision_worlds, self.decision_time)
            if choice is not None:
                return choice
        return super().choose(view, legal, rng)


# The levels as a seed fixes their play (tests, duels, the daily deal): every budget a count.
LEVELS: dict[str, Robot] = {"random": RandomRobot(), "basic": BasicRobot(), "strong": StrongRobot()}
# The levels of live play (the robot runner's tables, no fixed seed): the strong robot's search is
# also capped by wall time, so that a busy machine keeps every table's robots quick.
LIVE: dict[str, Robot] = {**LEVELS, "strong": StrongRobot(time_budget=TIME_BUDGET)}


_capped: dict[float, Robot] = {}


def get_robot(level: str, live: bool = False, think: float | None = None) -> Robot:
    """The robot of ``level``: as a seed fixes its play (no clock read), or with ``live`` the
    one of live play (its search capped by wall time as well: ``think`` seconds a decision, an
    operator's setting; None: ``TIME_BUDGET``)."""
    if live and think is not None and level == "strong":
        checked_budgets(None, think)
        if think not in _capped:
            _capped[think] = StrongRobot(time_budget=think)
        return _capped[think]
    levels = LIVE if live else LEVELS
    try:
        return levels[level]
    except KeyError:
        raise ValueError(f"Unknown robot level {level!r}") from None  # untranslated: programmer error
