"""The live partials of the room page, in page order, rendered for one viewer from one
``room_context``: the room page, every push (games.live) and the POST replies use this one
function."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.models import Room
from games.page.context import RoomContext, room_context
from games.page.kept_renders import board_facts, hand_items, score_rows, seat_items, status
from games.page.live_templates import render_live_template
from games.page.table import Table

# The partials of the room page that change with the game, in page order.
# ``review``: the finished hand for everyone, shown from its end until the next deal.
# ``guide``: a guided hand's explanations (games.tutorial); empty at every other table.
LIVE_PARTIALS = (
    "status",
    "seats",
    "board",
    "hand",
    "guide",
    "controls",
    "result",
    "review",
    "scoreboard",
    "log",
)


def render_live(room: Room, user: Any, oob: bool = False, table: Table | None = None) -> str:
    """Every live partial for this viewer, concatenated (websocket push and POST replies)."""
    context = room_context(table.room if table else room, user, table)
    context["oob"] = oob
    return "".join(render_partials(context).values())


def render_partials(context: RoomContext, names: Iterable[str] = LIVE_PARTIALS) -> dict[str, str]:
    """The live partials ``names`` rendered from one ``room_context``, by name, in that order.

    They are Jinja2 templates (``templates/jinja2/live/``, tarokk_site/jinja2.py says why);
    the room page (``live`` in its context) and every push use this one function.
    """
    names = list(names)
    if "board" in names or "seats" in names:
        context = context.copy()
        if "board" in names:
            context["board_facts"] = board_facts(context)
        if "seats" in names:
            context["seat_items"] = seat_items(context)
    if "hand" in names:
        context = context.copy()
        context["hand_items"] = hand_items(context)
    if "scoreboard" in names:
        rows = score_rows(context)
        context = context.copy()
        context["score_rows"] = rows
    return {
        name: status(context) if name == "status" else render_live_template(f"{name}.html", context)
        for name in names
    }
