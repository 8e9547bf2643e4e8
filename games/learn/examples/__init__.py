"""The worked examples of the rules pages: one per contract, each scored by the rules core.

An example is a scenario written out as the rules core's own outcome summary (the facts of a
played hand: card points, tricks, who won which bonus, the kontras) and scored by the game's
pure scoring function, so every figure on the page is the core's. ``examples_for(game)`` gives a
game's list in contract order.
"""

from __future__ import annotations

from . import bridge, czech, hungarian, slovenian3
from .worked import WorkedExample

BUILDERS = {
    "hungarian": hungarian.examples,
    "czech": czech.examples,
    "slovenian3": slovenian3.examples,
    "bridge": bridge.examples,
}


def examples_for(game: str) -> tuple[WorkedExample, ...]:
    """The worked examples of ``game``; KeyError for a game with none."""
    return BUILDERS[game]()


__all__ = ["WorkedExample", "examples_for"]
