"""A room's match, rebuilt by folding its hands' stored results (``games.rules.match``).

Read-only: ``games.services`` decides from it who deals next and whether the hand is doubled;
the pages read the scoreboard and the standing from it.
"""

from __future__ import annotations

from typing import Any

from games.models import Hand, Room
from games.rules import HandResult, get_variant
from games.rules.match import Match, record, start


def match_of(room: Room, match_no: int) -> Match | None:
    """The match ``match_no`` of ``room`` as far as its hands are finished; None before its first hand."""
    # "room" too: the related manager sets each hand's room from its room_id, which would
    # otherwise be one more query per hand.
    hands = list(
        room.hands.filter(match_no=match_no).order_by("number").only("room", "result", "context", "finished")
    )
    if not hands:
        return None
    variant = get_variant(room.variant)
    match = start(variant.match_rules(room.options), hands[0].context_value().dealer)
    for hand in hands:
        if hand.result is None or hand.finished is None:
            break
        match = record(match, HandResult.from_json(hand.result), hand.context_value().doubled)
    return match


def current_match(room: Room, hand: Hand | None = None) -> Match | None:
    hand = hand if hand is not None else room.current_hand()
    return None if hand is None else match_of(room, hand.match_no)


def match_json(match: Match | None, match_no: int | None) -> dict[str, Any] | None:
    """The match as data for ``view.json`` and the scoreboard partial."""
    if match is None:
        return None
    return {
        "match_no": match_no,
        "length": match.rules.length,
        "scored": match.scored,
        "hands_left": match.hands_left,
        "over": match.over,
        "totals": list(match.totals),
        "next_dealer": match.dealer,
        "next_doubled": match.next_doubled,
        "doubled_left": match.doubled_left,
        "rows": [
            {
                "number": row.number,
                "dealer": row.dealer,
                "doubled": row.doubled,
                "thrown_in": row.thrown_in,
                "reason": row.reason,
                "contract": row.contract,
                "declarer": row.declarer,
                "payments": list(row.payments),
                "totals": list(row.totals),
            }
            for row in match.rows
        ],
        "standings": [{"place": p, "seat": s, "total": t} for p, s, t in match.standings()],
    }
