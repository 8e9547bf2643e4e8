"""Starting a guided hand, and what its table page adds: the guide panel."""

from __future__ import annotations

from typing import Any

from games import replay, services
from games.bots import SCRIPT_ROBOT
from games.models import Hand, Room

from . import get_script
from .guide import Panel, panel


def start(user: Any, variant_key: str) -> Room:
    """The guided hand of ``variant_key`` for ``user``: dealt again on their guided table of
    that game, else on a new one (their guided table of another game closes)."""
    script = get_script(variant_key)
    return services.open_tutorial(user, script.variant, script.context(), script.deal, SCRIPT_ROBOT)


def guide_panel(room: Room, hand: Hand | None, seat: int | None) -> Panel | None:
    """The guide panel of a guided table for the viewer in ``seat`` (None: not a guided table)."""
    if not room.tutorial or hand is None:
        return None
    log = list(hand.actions.order_by("seq").values_list("seat", "action"))
    return panel(hand.variant, replay.current(hand), log, seat)
