"""The levels' robots (``games.bots``): each level one robot for every variant, dispatching each
decision to the policy of the view's variant."""

from __future__ import annotations

import random

from .bridge.basic import BasicPolicy as BridgeBasic
from .bridge.randomly import RandomPolicy as BridgeRandom
from .czech.basic import BasicPolicy as CzechBasic
from .czech.randomly import RandomPolicy as CzechRandom
from .hungarian.basic import BasicPolicy as HungarianBasic
from .hungarian.randomly import RandomPolicy as HungarianRandom
from .slovenian3.basic import BasicPolicy as SlovenianBasic
from .slovenian3.randomly import RandomPolicy as SlovenianRandom
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
