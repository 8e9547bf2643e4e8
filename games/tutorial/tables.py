"""Starting a guided hand, and what its table page adds: the guide panel."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from games import services
from games.models import Hand, Room
from games.page.action_labels import action_label
from games.services import replay
from games.tutorial.robot import SCRIPT_ROBOT

from . import get_script
from .guide import Decision, Panel, panel


def start(user: Any, variant_key: str) -> Room:
    """The guided hand of ``variant_key`` for ``user``: dealt again on their guided table of
    that game, else on a new one (their guided table of another game closes)."""
    script = get_script(variant_key)
    return services.open_tutorial(user, script.variant, script.context(), script.deal, SCRIPT_ROBOT)


def guide_panel(
    room: Room, hand: Hand | None, seat: int | None, buttons: Sequence[Mapping[str, str]] = ()
) -> Panel | None:
    """The guide panel of a guided table for the viewer in ``seat`` (None: not a guided table),
    its choices named as the table's ``buttons`` (``{"action", "label"}``) name them."""
    if not room.tutorial or hand is None:
        return None
    log = list(hand.actions.order_by("seq").values_list("seat", "action"))
    shown = panel(hand.variant, replay.current(hand), log, seat)
    if shown is None or shown.decision is None:
        return shown
    return replace(shown, decision=worded(shown.decision, buttons, hand.variant))


def worded(decision: Decision, buttons: Sequence[Mapping[str, str]], variant_key: str) -> Decision:
    """``decision`` with its choices and advised move in words: a button's own words (Bridge's
    "Spread: Robot 2 draws 2, Robot 3 draws 2"), else the move's name in the game's words."""
    labels = {button["action"]: str(button["label"]) for button in buttons}

    def words(action: str) -> str:
        return labels.get(action) or action_label(action, variant_key)

    return replace(
        decision,
        choice_words=tuple(words(a) for a in decision.choices),
        advised_words=words(decision.advised),
    )
