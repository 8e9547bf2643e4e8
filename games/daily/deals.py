"""The deal of a day: derived from the seed, the game and the date, then stored as it is (the
cards themselves, not only the seed: Python's shuffle may change between versions)."""

from __future__ import annotations

import hashlib
import random
from datetime import date, datetime, time, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.daily.models import DailyDeal
from games.rules import Deal, HandContext, get_variant
from games.rules.base import resolve_options
from games.rules.match import start

# The robots of the daily deal: the strongest, so that a good score means good play.
ROBOT_LEVEL = "strong"


def today() -> date:
    return timezone.localdate()


def day_ends(day: date) -> datetime:
    """When a day's deal stops counting: a hand finished later is not on its leaderboard (by
    then the deal is shown to everyone)."""
    return timezone.make_aware(datetime.combine(day + timedelta(days=1), time.min))


def seed_of(variant_key: str, day: date) -> str:
    text = f"{settings.DAILY_DEAL_SEED}:{variant_key}:{day.isoformat()}"
    return hashlib.sha256(text.encode()).hexdigest()


def daily_deal(variant_key: str, day: date) -> DailyDeal:
    """The game's deal of ``day``, made the first time anyone asks for it (unknown game: KeyError)."""
    found = DailyDeal.objects.filter(variant=variant_key, day=day).first()
    if found is not None:
        return found
    variant = get_variant(variant_key)
    seed = seed_of(variant.key, day)
    rng = random.Random(seed)
    options = resolve_options(variant.options, {})
    seats = variant.seat_count(options)
    dealer, seat = rng.randrange(seats), rng.randrange(seats)
    context = start(variant.match_rules(options), dealer).next_context(options)
    deal = variant.deal(rng, seats, options, dealer=dealer)
    try:
        with transaction.atomic():
            return DailyDeal.objects.create(
                variant=variant.key,
                day=day,
                deal=deal.to_json(),
                context=context.to_json(),
                seat=seat,
                robot_seed=seed[:32],
            )
    except IntegrityError:  # another request made it first: the same deal
        return DailyDeal.objects.get(variant=variant.key, day=day)


def deal_value(daily: DailyDeal) -> tuple[Deal, HandContext]:
    return Deal.from_json(daily.deal), HandContext.from_json(daily.context)
