"""What a robot decides from: its seat's own view and the legal actions, nothing else.

``View`` is a seat's view as the rules core's ``observe`` gives it (the public log added,
``games.bots.seat_view``), read by key. It is a mapping of string keys today; when the rules
core types its views per game, this alias is the one place to point at those types.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol

View = Mapping[str, Any]


class Policy(Protocol):
    """One robot's choice: one of ``legal`` (never empty), from the seat's ``view`` and ``rng``."""

    def choose(self, view: View, legal: list[str], rng: random.Random) -> str: ...
