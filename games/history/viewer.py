"""The step-through viewer of one hand, shared by the staff inspector and the players' replay.

A step is a ``seq`` of the log: step 0 is the deal, step n the state after n actions, built by
the replay fold and shown only through ``observe()`` for the chosen viewer: a seat (what that
player saw at that moment) or everyone (every card: staff at any time, anyone once the hand is
over, as the rules say every hand is shown at its end).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.models import Hand
from games.page import bridge_page
from games.page.context import RESULT_CODES, trick_total_of
from games.page.controls import controls_for
from games.page.live_templates import render_live_template
from games.page.seat_rows import seat_rows_of
from games.page.table_rules import table_rules
from games.rules import EVERYONE, get_variant
from games.rules.base import Viewer
from games.services import replay
from tarokk_site import inputs


def parse_step(raw: str | None) -> int | None:
    """The ``step`` query parameter: None for the end; ValueError (``inputs.BadInput``) for
    anything not a whole number (tarokk_site.inputs). Past either end it shows that end."""
    return None if raw in (None, "") else inputs.whole_number(raw, "step")


def parse_seat(raw: str | None, seats: int) -> Viewer:
    """The ``seat`` query parameter (1-based, as people count seats): a seat index, or
    everyone when it is missing or ``all``; ValueError for any other value."""
    if raw in (None, "", "all"):
        return EVERYONE
    number = inputs.whole_number(raw, "seat")
    if not 1 <= number <= seats:
        raise ValueError(_("No seat %(seat)s") % {"seat": number})
    return number - 1


def viewer_context(hand: Hand, step: int | None, viewer: Viewer = EVERYONE) -> dict[str, Any]:
    """Everything the viewer template needs to show ``hand`` after ``step`` actions to ``viewer``."""
    variant = get_variant(hand.variant)
    last = hand.seq
    step = last if step is None else max(0, min(step, last))
    state = replay.state_at(hand, step)
    view = variant.observe(state, viewer)
    actions = list(hand.actions.order_by("seq").select_related("actor"))
    options = hand.context_value().options
    me = viewer if isinstance(viewer, int) else None
    context: dict[str, Any] = {
        "hand": hand,
        "room": hand.room,
        "variant_key": hand.variant,
        "zero_sum": variant.match_rules(options).zero_sum,
        "view": view,
        "viewer": viewer,
        "step": step,
        "last": last,
        "actions": actions,
        "current_action": actions[step - 1] if step > 0 else None,
        "seat_rows": seat_rows_of(list(hand.room.seats.select_related("user")), view, me),
        # The options stored with the hand, not the room's: a replay uses the rules it was played under.
        "rules": table_rules(variant, options),
        "hand_cards": [],
        "controls": controls_for(None, [], None),
        "trick_total": trick_total_of(view),
        "result_codes": RESULT_CODES,
    }
    if bridge_page.shows(view):
        context.update(bridge_page.context(view, [], me, context["seat_rows"], context["controls"]))
        context["bridge_panel"] = render_live_template("_bridge_inspect.html", context)
    # The table's panels of public facts, as the room page shows them.
    context["announcements"] = render_live_template("_announcements.html", context)
    context["facts"] = render_live_template("_table_facts.html", context) + render_live_template(
        "_talon.html", context
    )
    result = view.get("result")
    if result and not result.get("thrown_in"):
        receipt = "_bridge_result.html" if bridge_page.shows(view) else "_receipt.html"
        context["receipt"] = render_live_template(receipt, {**context, "r": result})
    return context
