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
from typing import Any

from .bridge.basic import BasicPolicy as BridgeBasic
from .bridge.randomly import RandomPolicy as BridgeRandom
from .bridge.strong import StrongPolicy as BridgeStrong
from .czech.basic import BasicPolicy as CzechBasic
from .czech.randomly import RandomPolicy as CzechRandom
from .czech.strong import StrongPolicy as CzechStrong
from .hungarian.basic import BasicPolicy as HungarianBasic
from .hungarian.randomly import RandomPolicy as HungarianRandom
from .hungarian.strong import StrongPolicy as HungarianStrong
from .search import TIME_BUDGET
from .slovenian3.basic import BasicPolicy as SlovenianBasic
from .slovenian3.randomly import RandomPolicy as SlovenianRandom
from .slovenian3.strong import StrongPolicy as SlovenianStrong
from .view import BridgeView, CzechView, HungarianView, Policy, SlovenianView, View

Robot = Policy[View]  # one robot, of any game: ``choose(view, legal, rng)`` (games.bots.view)


class UnknownRobotVariant(ValueError):
    """A robot was asked to play a variant its level has no policy for."""


class LevelRobot:
    """One level: dispatches each decision to the policy of the view's variant, the view typed
    as that variant's (its ``variant`` key tells the games' views apart)."""

    level = ""

    def __init__(
        self,
        hungarian: Policy[HungarianView],
        czech: Policy[CzechView],
        slovenian3: Policy[SlovenianView],
        bridge: Policy[BridgeView],
    ) -> None:
        self.hungarian, self.czech, self.slovenian3, self.bridge = hungarian, czech, slovenian3, bridge
        # Each variant's policy by its key (what a level plays: tests and the error below).
        self.policies: dict[str, object] = {
            "hungarian": hungarian,
            "czech": czech,
            "slovenian3": slovenian3,
            "bridge": bridge,
        }

    def unknown(self, variant: object) -> UnknownRobotVariant:
        known = ", ".join(sorted(self.policies))
        return UnknownRobotVariant(
            f"The {self.level} robot cannot play variant {variant!r} (it plays {known})"  # untranslated: programmer error  # noqa: E501
        )

    def choose(self, view: View, legal: list[str], rng: random.Random) -> str:
        if not legal:
            raise ValueError(
                "A robot was asked to act with no legal action"  # untranslated: internal
            )  # untranslated: programmer error
        if "variant" not in view:
            raise self.unknown(None)
        if view["variant"] == "hungarian":
            return self.hungarian.choose(view, legal, rng)
        if view["variant"] == "czech":
            return self.czech.choose(view, legal, rng)
        if view["variant"] == "slovenian3":
            return self.slovenian3.choose(view, legal, rng)
        if view["variant"] == "bridge":
            return self.bridge.choose(view, legal, rng)
        raise self.unknown(view["variant"])


class RandomRobot(LevelRobot):
    """A random legal action, tamed per variant so that games are varied and end."""

    level = "random"

    def __init__(self) -> None:
        super().__init__(HungarianRandom(), CzechRandom(), SlovenianRandom(), BridgeRandom())


class BasicRobot(LevelRobot):
    """Rules of thumb for every decision."""

    level = "basic"

    def __init__(self) -> None:
        super().__init__(HungarianBasic(), CzechBasic(), SlovenianBasic(), BridgeBasic())


class StrongRobot(LevelRobot):
    """Determinised Monte Carlo search over the card play (Bridge: over every real decision);
    ``basic`` elsewhere. ``playout_budget`` (playouts; None: the variant's) bounds each search;
    ``time_budget`` (seconds of wall time) caps it too, in live play only (``LIVE``): with None,
    the default, no clock is read and the choice is a function of the view and the rng alone."""

    level = "strong"

    def __init__(self, playout_budget: int | None = None, time_budget: float | None = None) -> None:
        super().__init__(
            HungarianStrong(playout_budget, time_budget),
            CzechStrong(playout_budget, time_budget),
            SlovenianStrong(playout_budget, time_budget),
            BridgeStrong(playout_budget, time_budget),
        )


# The levels as a seed fixes their play (tests, duels, the daily deal): every budget a count.
LEVELS: dict[str, Robot] = {"random": RandomRobot(), "basic": BasicRobot(), "strong": StrongRobot()}
# The levels of live play (the robot runner's tables, no fixed seed): the strong robot's search is
# also capped by wall time, so that a busy machine keeps every table's robots quick.
LIVE: dict[str, Robot] = {**LEVELS, "strong": StrongRobot(time_budget=TIME_BUDGET)}


def get_robot(level: str, live: bool = False) -> Robot:
    """The robot of ``level``: as a seed fixes its play (no clock read), or with ``live`` the
    one of live play (its search capped by wall time as well)."""
    levels = LIVE if live else LEVELS
    try:
        return levels[level]
    except KeyError:
        raise ValueError(f"Unknown robot level {level!r}") from None  # untranslated: programmer error


def seat_view(variant: Any, state: Any, seat: int) -> View:
    """What a robot at ``seat`` decides from: the seat's own view, with the public log as the
    seat saw it line by line while the hand went on. The view a page shows may replace the cards
    of earlier tricks with "plays a card" (``trick_review=last``: players may not read old tricks
    back), but every card was shown face up to every seat as it was played; a robot, which keeps
    nothing between moves, is given the memory a careful player has. Nothing hidden is added:
    the log holds public lines only."""
    view: View = variant.observe(state, seat)
    view["log"] = [{"seat": s, "text": text} for s, text in state.log]
    return view
