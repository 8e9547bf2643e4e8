"""The random level for Bridge: a random legal action, tamed so that a table of random robots
plays varied rounds that end (bridge.md §8).

Cards are uniform among the legal ones. Where adding a card or stopping are both allowed, it
adds three times in four (so runs, several 8s and Bridges come up); after an optional draw
(``must_play_drawn_card`` off) it plays a playable drawn card three times in four. It declares
a Bridge half the time; wishes, the 8s choice and the J points are uniform. Drawing is never a
choice (the rules allow it only when nothing can be played), so a round of random robots ends
as surely as any other.
"""

from __future__ import annotations

import random

from ..view import BridgeView

ADD_CHANCE = 0.75
BRIDGE_CHANCE = 0.5


class RandomPolicy:
    def choose(self, view: BridgeView, legal: list[str], rng: random.Random) -> str:
        if len(legal) == 1:
            return legal[0]
        if "stop" in legal:
            plays = [a for a in legal if a != "stop"]
            return rng.choice(plays) if rng.random() < ADD_CHANCE else "stop"
        if "bridge" in legal:
            return "bridge" if rng.random() < BRIDGE_CHANCE else "no-bridge"
        return rng.choice(legal)
