"""One worked example of a rules page: a scenario and the rules core's result for it."""

from __future__ import annotations

from dataclasses import dataclass

from games.rules.base import HandResult


@dataclass(frozen=True)
class WorkedExample:
    contract: str  # the anchor: "two", "prever", "solo-without", ...
    title: str
    story: str  # the scenario in words, its numbers filled in from the scenario itself
    seats: tuple[str, ...]  # who is who in the story, by seat
    result: HandResult
    zero_sum: bool = True  # whether the table settles between the players (the receipt's wording)

    @property
    def anchor(self) -> str:
        return f"example-{self.contract}"
