"""``GET /r/<code>/view.json``: the caller's view of the table and the legal actions of their
seat, in the envelope the pages use, its messages said in the caller's language."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from games.models import Room
from games.page.context import table_view
from games.page.table import turn_deadlines, viewer_for
from games.services import matches
from tarokk_site.languages import said


def api_view(room: Room, user: Any) -> dict[str, Any]:
    """``GET /r/<code>/view.json``: the caller's view plus the envelope the pages use."""
    rows = list(room.seats.select_related("user"))
    viewer = viewer_for(room, user, rows)
    hand = room.current_hand()
    deadlines = turn_deadlines(room, hand)
    view, legal, _why, _only = table_view(hand, viewer) if hand is not None else (None, [], {}, None)
    # Clocks of a private decision show only to the deciding seat, as the public to_act does.
    shown = set(view["to_act"]) if view is not None else set()
    seats = [_seat_json(s, deadlines.get(s.index) if s.index in shown else None) for s in rows]
    if hand is None or view is None:
        return {
            "room": room.code,
            "variant": room.variant,
            "hand_no": None,
            "seq": 0,
            "phase": "waiting",
            "seat": viewer.seat,
            "to_act": [],
            "legal": [],
            "cards": [],
            "seats_info": seats,
            "result": None,
            "match": None,
            "view": None,
        }
    return said(
        {  # JSON: the rules' messages said in the viewer's language
            "room": room.code,
            "variant": room.variant,
            "hand_no": hand.number,
            "seq": hand.public_seq,  # the moves the players may know of (Hand.public_seq)
            "phase": view["phase"],
            "seat": viewer.seat,
            "to_act": view["to_act"],
            "legal": legal,
            "cards": view["hand"],
            "seats_info": seats,
            "result": view["result"],
            # The finished hand's review (games.rules.review): only once it is over, for everyone.
            **({"review": view["review"]} if view.get("review") is not None else {}),
            "match": matches.match_json(matches.shown_match(room, hand), hand.match_no),
            "view": view,
        }
    )


def _seat_json(seat: Any, deadline: datetime | None) -> dict[str, Any]:
    return {
        "index": seat.index,
        "name": seat.label,
        "robot": seat.robot or None,
        "free": seat.is_free,
        "away": seat.away,
        "deadline": deadline.isoformat() if deadline else None,
    }
