"""A person's one play of a day's deal, at a table of their own (``services`` opens it)."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction

from games import services
from games.daily.deals import ROBOT_LEVEL, daily_deal, deal_value, today
from games.daily.models import DailyEntry
from games.models import Room


def play_today(user: Any, variant_key: str) -> Room:
    """The table where ``user`` plays today's deal of the game: opened at the first request,
    the same table at every later one (one play per person and day: no restart)."""
    daily = daily_deal(variant_key, today())
    entry = DailyEntry.objects.filter(daily=daily, user=user).select_related("room").first()
    if entry is not None:
        return entry.room
    deal, context = deal_value(daily)
    try:
        with transaction.atomic():
            room = services.open_fixed_deal_table(
                user, daily.variant, deal, context, daily.seat, ROBOT_LEVEL, daily.robot_seed
            )
            DailyEntry.objects.create(daily=daily, user=user, room=room)
    except IntegrityError:  # a second click at the same moment: its table was rolled back
        return DailyEntry.objects.get(daily=daily, user=user).room
    return room
