"""The leaderboard of a day's deal: the scores of the hands finished on that day."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from games.daily.deals import day_ends
from games.daily.models import DailyDeal, DailyEntry
from games.models import Hand
from games.rules import HandResult, get_variant
from games.rules.base import resolve_options


@dataclass(frozen=True)
class BoardRow:
    place: int
    name: str
    user_id: int
    score: int
    contract: str  # "" for a hand without one
    hand_id: int
    finished: datetime | None  # set: only finished hands are on the board


def lowest_wins(daily: DailyDeal) -> bool:
    """Bridge scores penalty points: the lowest score is the best."""
    variant = get_variant(daily.variant)
    return variant.match_rules(resolve_options(variant.options, {})).lowest_wins


def board(daily: DailyDeal) -> list[BoardRow]:
    """Best first; equal scores share a place, the earlier finish listed first."""
    entries = DailyEntry.objects.filter(daily=daily).select_related("user")
    hands = {
        h.room_id: h
        for h in Hand.objects.filter(
            room__daily_entry__daily=daily, number=1, finished__lt=day_ends(daily.day)
        ).only("room", "result", "finished")
    }
    scored: list[tuple[int, Any, Hand, HandResult]] = []
    for entry in entries:
        hand = hands.get(entry.room_id)
        if hand is None or hand.result is None:
            continue
        result = HandResult.from_json(hand.result)
        scored.append((result.payments[daily.seat], entry.user, hand, result))
    sign = 1 if lowest_wins(daily) else -1
    scored.sort(key=lambda s: (sign * s[0], s[2].finished, s[1].pk))
    rows: list[BoardRow] = []
    for position, (score, user, hand, result) in enumerate(scored):
        place = rows[-1].place if rows and rows[-1].score == score else position + 1
        rows.append(
            BoardRow(place, user.username, user.pk, score, result.contract or "", hand.pk, hand.finished)
        )
    return rows
