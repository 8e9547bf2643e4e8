"""The rules core: pure game rules, standard library only (no Django, no clock, no I/O).

``get_variant(key)`` finds a variant implementing ``base.Variant``; ``VARIANTS`` lists them.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce

from .base import (
    AUDIENCE,
    EVERYONE,
    Deal,
    HandContext,
    HandResult,
    IllegalAction,
    Option,
    ScoredItem,
    State,
    UnknownVariant,
    Variant,
)
from .bridge import BRIDGE
from .czech import CZECH
from .hungarian import HUNGARIAN
from .slovenian3 import SLOVENIAN3

VARIANTS: dict[str, Variant] = {variant.key: variant for variant in (HUNGARIAN, CZECH, SLOVENIAN3, BRIDGE)}


def get_variant(key: str) -> Variant:
    try:
        return VARIANTS[key]
    except KeyError:
        raise UnknownVariant(f"Unknown variant {key!r}") from None


def replay(variant: Variant, deal: Deal, context: HandContext, actions: Iterable[tuple[int, str]]) -> State:
    """A hand rebuilt from its log: ``apply`` folded over ``(seat, action)`` from the deal.

    Stops at the first illegal action by raising its ``IllegalAction``.
    """
    return reduce(
        lambda state, step: variant.apply(state, step[0], step[1]),
        actions,
        variant.new_hand(deal, context),
    )


__all__ = [
    "AUDIENCE",
    "EVERYONE",
    "VARIANTS",
    "Deal",
    "HandContext",
    "HandResult",
    "IllegalAction",
    "Option",
    "ScoredItem",
    "UnknownVariant",
    "Variant",
    "get_variant",
    "replay",
]
