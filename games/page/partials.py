"""The live partials of the room page, in page order, rendered for one viewer from one
``room_context``: the room page, every push (games.live) and the POST replies use this one
function."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.safestring import mark_safe

from games.models import Room
from games.page.context import RoomContext, room_context
from games.page.kept_renders import board_facts, hand_items, score_rows, seat_items, status, trick_facts
from games.page.live_templates import render_live_template
from games.page.log_lines import log_lines
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


# The partials whose parts a push may send alone, while the rest of the partial (its shell) is as
# the page shows it (games.live.push_diff, games.live.render_digests): the board's centre (the
# trick, Bridge's stack: it changes at every card, the board's facts a few times a hand) and its
# facts of the tricks (at every trick won), each seat (one or two change at a move), and the
# log's lines (new ones put at the top of its list, changed ones replaced).
PIECES = ("board", "seats")
LOG_LINES = "log-lines"  # the id of the log's list, where new lines go


def has_centre(context: Mapping[str, Any]) -> bool:
    """Whether the board holds a centre (live/centre.html): Bridge's stack, or a tarot hand's
    middle once there is a contract."""
    view = context.get("view")
    if not view:
        return False
    return "stack" in view or view.get("phase") in ("play", "over") or bool(view.get("contract"))


def pieces(context: Mapping[str, Any], name: str) -> list[tuple[str, str]]:
    """The parts of partial ``name`` (one of PIECES) that a push may send alone, by the id of
    each: the board's centre, if it has one, and its facts of the tricks; each seat.
    ``context`` holds them rendered (games.live.push_diff)."""
    if name == "board":
        found = [("centre", context["centre"])] if context.get("centre") else []
        return found + list(context.get("trick_facts") or [])
    rows = context.get("seat_rows") or []
    return [(f"seat-{row['index']}", item) for row, item in zip(rows, context["seat_items"], strict=True)]


def made_of(context: Mapping[str, Any], name: str) -> dict[str, Any]:
    """What partial ``name`` is built from that a push may also send alone, rendered: the
    board's centre and its facts of the tricks, the seats, the log's lines (games.live.push_diff
    makes them once for a push; the partials are built from them)."""
    if name == "board":
        if not has_centre(context):
            return {"centre": "", "trick_facts": []}
        return {"centre": render_live_template("centre.html", context), "trick_facts": trick_facts(context)}
    if name == "seats":
        return {"seat_items": seat_items(context)}
    if name == "log":
        view, rows, variant = context.get("view"), context.get("seat_rows") or [], context.get("variant_key")
        lines = log_lines(view.get("log"), rows, context.get("automatic_lines"), variant) if view else []
        return {"log_lines": lines}
    return {}


# What made_of gives each partial, by the first of its keys.
_MADE = {"board": "centre", "seats": "seat_items", "log": "log_lines"}


def with_pieces(context: RoomContext, names: Iterable[str]) -> RoomContext:
    """``context`` with what partials ``names`` are built from, rendered where it lacks them:
    what ``made_of`` gives, the board's facts, the hand's cards, the scoreboard's rows (each kept
    by games.page.kept_renders where it can be)."""
    names = set(names)
    context = context.copy()
    for name in names & _MADE.keys():
        if _MADE[name] not in context:
            context.update(made_of(context, name))  # type: ignore[typeddict-item]
    if "board" in names and "board_facts" not in context:
        context["board_facts"] = board_facts(context)
    if "hand" in names and "hand_items" not in context:
        context["hand_items"] = hand_items(context)
    if "scoreboard" in names and "score_rows" not in context:
        context["score_rows"] = score_rows(context)
    return context


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
    context = with_pieces(context, names)
    if "log" in names:
        context["log_items"] = mark_safe("".join(reversed(context["log_lines"])))  # escaped line by line
    return {
        name: status(context) if name == "status" else render_live_template(f"{name}.html", context)
        for name in names
    }
