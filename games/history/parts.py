"""Parts of the replay page that a feature above the history adds (the analysis of a hand,
``games.analysis``, installed in ``GamesConfig.ready``): the history knows no such feature, so
the features that read the history's access rules import it, never the other way round."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.models import Hand

# A part: (hand, viewer, step shown) -> what it adds to the replay's template context.
Part = Callable[[Hand, Any, int], dict[str, Any]]
# The key under which a part gives the move list's marks: {seq: mark} (games.history.moves.marked).
MOVE_MARKS = "move_marks"  # untranslated: a context key

_parts: dict[str, Part] = {}


def install(name: str, part: Part) -> None:
    _parts[name] = part


def context_of(hand: Hand, user: Any, step: int) -> dict[str, Any]:
    """What every installed part adds for ``user`` at ``step`` of ``hand``; the marks of the
    move list (``MOVE_MARKS``) of all of them together."""
    added: dict[str, Any] = {}
    marks: dict[int, str] = {}
    for part in _parts.values():
        given = dict(part(hand, user, step))
        marks.update(given.pop(MOVE_MARKS, {}))
        added.update(given)
    added[MOVE_MARKS] = marks
    return added
