"""The rules core: pure game rules, standard library only (no Django, no clock, no I/O).

``get_variant(key)`` finds a variant implementing ``variant.Variant``; ``VARIANTS`` lists them.
What a variant's ``observe`` returns is typed per game in ``views`` (``HungarianView``, ...).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce

from .base import (
    AUDIENCE,
    EVERYONE,
    ActionError,
    Deal,
    HandContext,
    HandResult,
    IllegalAction,
    Option,
    ScoredItem,
    State,
    Termination,
    UnknownAction,
    UnknownVariant,
)
from .bridge import BRIDGE
from .czech import CZECH
from .hungarian import HUNGARIAN
from .slovenian3 import SLOVENIAN3
from .variant import Variant
from .views import BridgeView, CzechView, HungarianView, SlovenianView, View
from .words import _

VARIANTS: dict[str, Variant] = {variant.key: variant for variant in (HUNGARIAN, CZECH, SLOVENIAN3, BRIDGE)}


def get_variant(key: str) -> Variant:
    try:
        return VARIANTS[key]
    except KeyError:
        raise UnknownVariant(_("Unknown variant {key}", key=repr(key))) from None


def replay(variant: Variant, deal: Deal, context: HandContext, actions: Iterable[tuple[int, str]]) -> State:
    """A hand rebuilt from its log: ``apply`` folded over ``(seat, action)`` from the deal.

    Stops at the first action the rules do not take by raising its ``ActionError`` (an
    ``IllegalAction`` or an ``UnknownAction``).
    """
    return reduce(
        lambda state, step: variant.apply(state, step[0], step[1]),
        actions,
        variant.new_hand(deal, context),
    )


__all__ = [  # untranslated: names
    "AUDIENCE",
    "EVERYONE",
    "VARIANTS",
    "ActionError",
    "BridgeView",  # untranslated: a name
    "CzechView",  # untranslated: a name
    "Deal",  # untranslated: a name
    "HandContext",
    "HandResult",
    "HungarianView",  # untranslated: a name
    "IllegalAction",
    "Option",  # untranslated: a name
    "ScoredItem",
    "SlovenianView",  # untranslated: a name
    "Termination",  # untranslated: a name
    "UnknownAction",
    "UnknownVariant",
    "Variant",  # untranslated: a name
    "View",  # untranslated: a name
    "get_variant",
    "replay",
]
