"""The context of the profile's two sections (templates/games/_stats.html, _ratings.html)."""

from __future__ import annotations

from typing import Any

from games.rules import VARIANTS
from games.standings.models import Rating
from games.standings.stats import user_stats


def profile_sections(user: Any) -> dict[str, Any]:
    ratings = {r.variant: r for r in Rating.objects.filter(user=user)}
    return {
        "game_stats": user_stats(user),
        "ratings": [
            {"variant": key, "name": variant.name, "rating": ratings[key], "place": rank_of(ratings[key])}
            for key, variant in VARIANTS.items()
            if key in ratings
        ],
    }


def rank_of(rating: Rating) -> int:
    """The rating's place on its game's leaderboard (1: the best)."""
    return Rating.objects.filter(variant=rating.variant, ordinal__gt=rating.ordinal).count() + 1
