"""The kontra ladder that Hungarian (§7.3) and Slovenian (§7.3) announcements share: each level
of the chain on an item doubles it again, and the sides take turns to call it, the other side
first. A game's announce module holds one ``Ladder`` of its own words; what an item is and who
owns it stay the game's."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .base import IllegalAction, UnknownAction
from .words import Msg

DECLARER = "declarer"
OPPONENTS = "opponents"


def other(side: str) -> str:
    return OPPONENTS if side == DECLARER else DECLARER


def across(side: str, level: int) -> str:
    """The side across the chain from ``side`` at ``level``: the other side at odd levels
    (kontra, and the third), ``side`` itself at even ones. It takes an item's owner to the side
    that may call ``level`` on it, and that side back to the owner."""
    return other(side) if level % 2 else side


def refuse(refusal: Msg | None, action: str, known: frozenset[str]) -> None:
    """Raise ``refusal`` (None: the call is legal): an IllegalAction for one of the ``known``
    calls, an UnknownAction for anything else."""
    if refusal is not None:
        raise (IllegalAction if action in known else UnknownAction)(refusal)


@dataclass(frozen=True)
class Ladder:
    words: tuple[str, ...]  # the action words, level 1 first ("kontra", "rekontra", ...)
    names: tuple[Msg, ...]  # the same levels as players read them
    levels: dict[str, int] = field(init=False)  # action word → level

    def __post_init__(self) -> None:
        object.__setattr__(self, "levels", {word: n for n, word in enumerate(self.words, start=1)})

    def name(self, level: int) -> Msg | None:
        """The level's word (``rekontra`` for 2); None for an item never kontra'd."""
        return self.names[level - 1] if level else None

    def calls(self, announcements: Iterable[str], items: Iterable[str]) -> tuple[str, ...]:
        """Every call a player could make, in the order the legal list gives them: ``pass``,
        each ``announce:<key>``, then each item's chain, level by level."""
        return (
            "pass",
            *(f"announce:{key}" for key in announcements),
            *(f"{word}:{item}" for item in items for word in self.words),
        )
