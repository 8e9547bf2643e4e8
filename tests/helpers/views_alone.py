"""A view as the rules core builds it for one viewer alone, with nothing shared between viewers
(``alone``), and a comparison strict about what ``==`` lets pass (``strict``): for the tests that
hold ``observe``'s shared views to it (tests/rules/test_observe_shared.py, the page layer's
tests/web/test_pushes.py)."""

from __future__ import annotations

from typing import Any

from games.rules import EVERYONE
from games.rules.bridge import observe as bridge_observe
from games.rules.czech import observe as czech_observe
from games.rules.hungarian import observe as hungarian_observe
from games.rules.slovenian3 import observe as slovenian_observe
from games.rules.words import Msg


def strict(value: Any) -> Any:
    """``value`` with what ``==`` lets pass made plain: a dict's key order, a list apart from a
    tuple, a message's every field, a scalar's type."""
    if isinstance(value, dict):
        return (type(value).__name__, [(strict(k), strict(v)) for k, v in value.items()])
    if isinstance(value, list | tuple):
        return (type(value).__name__, [strict(v) for v in value])
    if isinstance(value, Msg):
        return ("Msg", value.text, value.plural, value.count, value.context, strict(value.params))
    return (type(value).__name__, value)


def alone(key: str, state: Any, viewer: Any) -> dict[str, Any]:
    """The view built for ``viewer`` alone, from nothing shared (each module's ``_view``)."""
    if key == "hungarian":
        seat = hungarian_observe.check_viewer(state, viewer)
        everything = state.phase is hungarian_observe.Phase.OVER or viewer == EVERYONE
        return dict(hungarian_observe._view(state, viewer, seat, everything))
    if key == "czech":
        seat = czech_observe.check_viewer(viewer)
        everything = state.phase is czech_observe.Phase.OVER or viewer == EVERYONE
        return dict(czech_observe._view(state, viewer, seat, everything))
    if key == "slovenian3":
        seat = slovenian_observe.check_viewer(viewer)
        everything = state.phase is slovenian_observe.Phase.OVER or viewer == EVERYONE
        return dict(slovenian_observe._view(state, viewer, seat, everything))
    seat = bridge_observe.check_viewer(viewer, state.setup.players)
    staff = viewer == EVERYONE
    everything = state.phase is bridge_observe.Phase.OVER or staff
    return dict(bridge_observe._view(state, viewer, seat, everything, staff))
