"""The step-through viewer of one hand, shared by the staff inspector and the players' replay.

A step is a ``seq`` of the log: step 0 is the deal, step n the state after n actions (in a
seat's view of a hand still being played, after the n-th move that seat knew of), built by
the replay fold and shown only through ``observe()`` for the chosen viewer: a seat (what that
player saw at that moment) or everyone (every card: staff at any time, anyone once the hand is
over, as the rules say every hand is shown at its end).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from django.utils import translation
from django.utils.translation import gettext as _

from games.history.moves import move_rows
from games.models import Hand
from games.page import bridge_page
from games.page.context import RESULT_CODES, RoomContext, trick_total_of
from games.page.controls import controls_for
from games.page.live_templates import render_live_template
from games.page.partials import render_partials
from games.page.seat_rows import seat_rows_of
from games.page.table_rules import table_rules
from games.page.vocabulary import phase_label
from games.rules import EVERYONE, get_variant
from games.rules.base import Viewer
from games.services import replay
from tarokk_site import inputs


def parse_step(raw: str | None) -> int | None:
    """The ``step`` query parameter: None for the end; ValueError (``inputs.BadInput``) for
    anything not a whole number, or under 0 (tarokk_site.inputs). Past the end it shows the end."""
    return None if raw in (None, "") else inputs.whole_number(raw, "step", lo=0)


def parse_seat(raw: str | None, seats: int) -> Viewer:
    """The ``seat`` query parameter (1-based, as people count seats): a seat index, or
    everyone when it is missing or ``all``; ValueError for any other value."""
    if raw in (None, "", "all"):
        return EVERYONE
    number = inputs.whole_number(raw, "seat")
    if not 1 <= number <= seats:
        raise ValueError(_("No seat %(seat)s") % {"seat": number})
    return number - 1


def viewer_context(
    hand: Hand,
    step: int | None,
    viewer: Viewer = EVERYONE,
    own_seat: int | None = None,
    last: int | None = None,
    inspector: bool = False,
) -> dict[str, Any]:
    """Everything the viewer templates need to show ``hand`` after ``step`` actions to ``viewer``:
    the table as the live room draws it (``felt``: its status line, seats and board, from
    templates/jinja2/live/), the hands that viewer sees, the move list and the public facts.

    ``own_seat``: the caller's seat in this hand (the table says "You" for it only); ``last``:
    the last step they may see (default: the whole log); ``inspector``: the staff inspector's
    facts of the step too (Bridge: the blind in its order)."""
    variant = get_variant(hand.variant)
    last = hand.seq if last is None else min(last, hand.seq)
    actions = list(hand.actions.filter(seq__lte=last).order_by("seq").select_related("actor"))
    # A seat's view of a hand still being played: no more than that seat knew (games.history.moves).
    secret = not hand.is_over and viewer != EVERYONE
    # The steps: one per move of the log; in a secret view one per move the seat knew of (its
    # own and the public ones), as the live page counts its moves: another seat's private move
    # (a declined contra) is no step, not even a number skipped. A step shows the table as the
    # seat saw it until its next step (the private moves in between change nothing it sees).
    steps = [a for a in actions if a.public or a.seat == viewer] if secret else actions
    count = len(steps)
    step = count if step is None else max(0, min(step, count))
    state = replay.state_at(hand, steps[step].seq - 1 if step < count else last)
    view = variant.observe(state, viewer)
    options = hand.context_value().options
    seats = list(hand.room.seats.select_related("user"))
    # The seat drawn at the bottom of the felt: the one whose view this is (everyone's: seat 1).
    bottom = viewer if isinstance(viewer, int) else 0
    me = own_seat if own_seat is not None and own_seat == viewer else None
    rows = seat_rows_of(seats, view, me)
    context: dict[str, Any] = {
        "hand": hand,
        "room": hand.room,
        "variant_key": hand.variant,
        "variant": variant,
        "language": translation.get_language(),
        "zero_sum": variant.match_rules(options).zero_sum,
        "view": view,
        "viewer": viewer,
        "me": me,
        "bottom": bottom,
        "step": step,
        "last": count,
        "seq": step,
        "version": hand.number * 1_000_000 + step,
        "actions": actions,
        "current_action": steps[step - 1] if step > 0 else None,
        "seat_rows": rows,
        # The options stored with the hand, not the room's: a replay uses the rules it was played under.
        "rules": table_rules(variant, options),
        "hand_cards": [],
        "legal": [],
        "legal_set": set(),
        "controls": controls_for(None, [], None),
        "trick_total": trick_total_of(view),
        "trick_no": sum(view.get("tricks_won") or []) + 1,
        "phase_label": phase_label(view["phase"], view.get("variant")),
        "result_codes": RESULT_CODES,
        "match": None,
        "automatic_lines": {},
        "replay": True,  # the live templates draw the table without its buttons
    }
    context["secret"] = secret
    context["move_rows"] = move_rows(actions, hand.variant, rows, viewer, over=hand.is_over)
    context["step_row"] = context["move_rows"][step - 1] if step > 0 else None
    context["open_hands"] = open_hands(view, rows, bottom)
    if bridge_page.shows(view):
        context.update(bridge_page.context(view, [], me, rows, context["controls"]))
        if inspector:  # staff see the blind in its order (live/_bridge_inspect.html)
            context["bridge_panel"] = render_live_template("_bridge_inspect.html", context)
    # The live room's own partials, as a push renders them for this viewer (games.page.partials):
    # the table, then at the end the result and the review of the whole hand.
    parts = ("status", "seats", "board", "result", "review")
    context["felt"] = render_partials(cast(RoomContext, context), parts)
    return context


def open_hands(view: Mapping[str, Any], rows: list[dict[str, Any]], bottom: int) -> list[dict[str, Any]]:
    """The hands this viewer sees, laid open under the felt, the bottom seat's first (a seat's
    view: its own; everyone's: all of them; an empty hand, as at the end, is left out)."""
    hands = view.get("hands") or []
    order = [(bottom + k) % len(rows) for k in range(len(rows))]
    return [
        {"seat": i, "label": rows[i]["label"], "is_me": rows[i]["is_me"], "cards": hands[i]}
        for i in order
        if i < len(hands) and hands[i] and not rows[i]["sitting_out"]
    ]
