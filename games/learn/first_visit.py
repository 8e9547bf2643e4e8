"""The lobby's first-visit path (issue 21, item 4): "Learn <game>" is offered for each game the
visitor has never finished a hand of; a visitor who is not signed in is offered every game."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.models import Hand


def games_to_learn(user: Any, variants: Iterable[Any]) -> list[Any]:
    """The ``variants`` (in their order) of which ``user`` has played no hand to its end."""
    variants = list(variants)
    if user is None or not user.is_authenticated:
        return variants
    finished = set(
        Hand.objects.filter(players=user, finished__isnull=False).values_list("variant", flat=True).distinct()
    )
    return [v for v in variants if v.key not in finished]
