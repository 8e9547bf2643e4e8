"""The card decisions (and every Bridge decision): the strong robot's own worlds, scored exactly.

At a tarot seat's card decision the variant's strong ``World`` is built from the seat's view
(``games.bots.search``: the unseen cards dealt consistently with everything the view shows);
the candidates are its candidates (equivalent cards merged; each merged card shares its
candidate's value), and each candidate is played out in the same worlds (paired) by the basic
robot for every seat to the end. The score differs from the robot's in one way: no tie-break
of card points, only what the hand pays (``score``).

Bridge's strong robot searches every real decision from its view (``bridge.strong.Worlds``);
its playout goes ``HORIZON`` moves on and then judges the position by the fitted ``outlook``,
the seat's lead in penalty points over the table (see docs/analysis.md for why).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.rules.base import HandResult
from games.rules.bridge import engine as bridge_engine
from games.rules.hungarian.state import RANK as HUNGARIAN_RANK
from games.rules.slovenian3.state import RANK as SLOVENIAN_RANK

from ..bridge import strong as bridge_strong
from ..czech import strong as czech_strong
from ..hungarian import strong as hungarian_strong
from ..slovenian3 import strong as slovenian_strong
from ..view import View
from .scores import score

Evaluate = Callable[[Any, str], float]  # (a world, an action) -> the seat's value in it


class HungarianWorld(hungarian_strong.World):
    target: int | None = None  # the seat scored (None: the world's own seat)

    def score(self, state: Any, seat: int) -> float:
        result: HandResult = state.result
        return score("hungarian", result, seat if self.target is None else self.target)


class CzechWorld(czech_strong.World):
    target: int | None = None  # the seat scored (None: the world's own seat)

    def score(self, state: Any, seat: int) -> float:
        result: HandResult = state.result
        return score("czech", result, seat if self.target is None else self.target)


class SlovenianWorld(slovenian_strong.World):
    target: int | None = None  # the seat scored (None: the world's own seat)

    def score(self, state: Any, seat: int) -> float:
        result: HandResult = state.result
        return score("slovenian3", result, seat if self.target is None else self.target)


WORLDS: dict[str, type[HungarianWorld] | type[CzechWorld] | type[SlovenianWorld]] = {
    "hungarian": HungarianWorld,
    "czech": CzechWorld,
    "slovenian3": SlovenianWorld,
}


def played_out(variant_key: str, state: Any, view: View, first: str, target: int) -> float:
    """The play from its first card on: ``first`` for the seat of ``view`` (to act at the start
    of the play phase), then the strong robot's playout (the basic robot's card rule for every
    seat, each from what it knows) to the end; the hand's worth to ``target``."""
    world: Any = WORLDS[variant_key](view)  # type: ignore[arg-type]
    world.target = target
    return float(world.playout(state, first[5:]))


def sharing(legal: list[str], cands: list[str], key: Callable[[str], Any]) -> dict[str, str]:
    """Each legal card's candidate: itself, or the candidate it was merged into (the one just
    before it in the order the merge walked, ``key``)."""
    shared: dict[str, str] = {}
    current: str | None = None
    for card in sorted(legal, key=key):
        if card in cands or current is None:
            current = card
        shared[card] = current
    return shared


class CardWorlds:
    """One card decision's worlds (``sample``), its candidate actions (``actions``), which
    candidate each legal action shares its value with (``shared``), and ``evaluate``."""

    def __init__(self, variant_key: str, view: View, legal: list[str]) -> None:
        cards = [a[5:] for a in legal]
        world: Any
        key: Callable[[str], Any]
        if variant_key == "hungarian":
            world = HungarianWorld(view)  # type: ignore[arg-type]
            key = HUNGARIAN_RANK.__getitem__
        elif variant_key == "czech":
            world = CzechWorld(view)  # type: ignore[arg-type]
            rank = world.rank
            key = lambda c: (c[0], rank[c])  # noqa: E731
        elif variant_key == "slovenian3":
            world = SlovenianWorld(view)  # type: ignore[arg-type]
            key = lambda c: (c[0], SLOVENIAN_RANK[c])  # noqa: E731
        else:
            raise ValueError(f"No card worlds for {variant_key!r}")  # untranslated: programmer error
        self.world = world
        cands = world.candidates(view, cards)
        self.actions = ["play:" + c for c in cands]
        self.shared = {"play:" + c: "play:" + s for c, s in sharing(cards, cands, key).items()}

    def sample(self, rng: random.Random) -> Any:
        return self.world.sample(rng)

    def evaluate(self, state: Any, action: str) -> float:
        return float(self.world.playout(state, action[5:]))


class BridgeWorlds:
    """A Bridge decision: the strong robot's worlds; every legal action is a candidate."""

    def __init__(self, view: View, legal: list[str]) -> None:
        self.worlds = bridge_strong.Worlds(view)  # type: ignore[arg-type]
        self.actions = list(legal)
        self.shared = {a: a for a in legal}

    def sample(self, rng: random.Random) -> Any:
        return self.worlds.sample(rng)

    def evaluate(self, state: Any, action: str) -> float:
        me = self.worlds.me
        after = bridge_engine.apply(state, me, action)
        return bridge_strong.playout(after, me, self.worlds.lacks, bridge_strong.HORIZON)
