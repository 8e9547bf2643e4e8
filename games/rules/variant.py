"""The protocol every variant implements (``HUNGARIAN``, ``CZECH``, ``SLOVENIAN3``, ``BRIDGE``).

Apart from ``base`` because it names both the shapes of ``base`` and the match of ``match``,
which is built on ``base``: here neither needs the other.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .base import Deal, HandContext, HandResult, Option, State, View, Viewer
from .match import MatchRules
from .words import Msg


class Variant(Protocol):
    key: str
    name: Msg  # the game's name as a player reads it
    seats: tuple[int, ...]  # the seat counts the variant is played with
    options: tuple[Option, ...]

    def seat_count(self, options: Mapping[str, Any]) -> int:
        """How many seats a table with these (resolved) options has (Bridge: ``players``)."""
        ...

    def deal(self, rng: random.Random, seats: int, options: Mapping[str, Any], dealer: int = 0) -> Deal: ...

    def new_hand(self, deal: Deal, context: HandContext) -> State: ...

    def to_act(self, state: State) -> frozenset[int]: ...

    def legal_actions(self, state: State, seat: int) -> list[str]: ...

    def apply(self, state: State, seat: int, action: str) -> State: ...

    def observe(self, state: State, viewer: Viewer) -> View: ...

    def public_phase(self, state: State) -> str:
        """The phase as the audience sees it, ``observe(state, "audience")["phase"]``, without
        the rest of the view (the hand's row keeps it after every move)."""
        ...

    def is_over(self, state: State) -> bool: ...

    def is_public(self, state: State, seat: int, action: str) -> bool:
        """Whether the other players may know that ``seat`` made ``action`` in ``state`` at all.

        False for a private decline (a Czech contra or I-on-the-end offer turned down): the
        site then does not count it in the public move number either, since counting such
        moves would tell how many players were asked."""
        ...

    def result(self, state: State) -> HandResult | None: ...

    def sort_cards(self, cards: Sequence[str], options: Mapping[str, Any]) -> list[str]: ...

    def match_rules(self, options: Mapping[str, Any]) -> MatchRules: ...
