"""The seats as the room page shows them (``seat_rows``): who sits where, whose turn it is, the
dealer and the declarer, each seat's cards, tricks, payment and radelci, and a running clock."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django.utils import timezone


def seat_rows_of(
    seats: list[Any],
    view: Mapping[str, Any] | None,
    me: int | None,
    deadlines: dict[int, datetime] | None = None,
) -> list[dict[str, Any]]:
    now = timezone.now()
    rows = []
    for seat in seats:
        i = seat.index
        # A private decision (a Czech contra offer) names nobody: its clock is shown to the
        # deciding seat only, as the public ``to_act`` is.
        deadline = (deadlines or {}).get(i) if view and i in view["to_act"] else None
        sitting_out = bool(view and view.get("sitter") == i)  # Hungarian at five: the dealer
        row = {
            "index": i,
            "number": i + 1,
            "label": seat.label,
            "robot": seat.robot,
            "free": seat.is_free,
            "is_me": i == me,
            "to_act": bool(view and i in view["to_act"]),
            "dealer": bool(view and view["dealer"] == i),
            "sitting_out": sitting_out,
            "povinnost": bool(view and view.get("povinnost") == i),
            "declarer": bool(view and view.get("declarer") == i),
            "partner": bool(view and view.get("partner") == i),
            "cards": view["hand_counts"][i] if view and not sitting_out else None,
            "tricks": view["tricks_won"][i] if view and view.get("tricks_won") else 0,
            "payment": view["result"]["payments"][i] if view and view.get("result") else None,
            "radelci": _radelci(view, i),
            "away": seat.away,
            # The page counts down from the epoch milliseconds; the text is right at render time.
            "deadline_ms": int(deadline.timestamp() * 1000) if deadline else None,
            "time_left": _clock_text(deadline - now) if deadline else "",
        }
        rows.append(row)
    return rows


def _radelci(view: Mapping[str, Any] | None, seat: int) -> int | None:
    """The radelci ``seat`` holds now (slovenian3.md §10.6): those held before this hand, and
    once it is over the change it made; None where the table plays without them."""
    held = (view or {}).get("radelci")
    if held is None:
        return None
    change = ((view or {}).get("result") or {}).get("radelci") or [0] * len(held)
    return held[seat] + change[seat]


def _clock_text(left: Any) -> str:
    seconds = max(0, int(left.total_seconds() + 0.999))
    return f"{seconds // 60}:{seconds % 60:02d}"
