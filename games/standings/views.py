"""``/leaderboard/``: the games; ``/leaderboard/<game>/``: the people's ratings in one game."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from games.rules import VARIANTS
from games.standings.links import profile_link
from games.standings.models import Rating

SHOWN = 100  # places on a leaderboard page


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "standings/index.html", {"variants": list(VARIANTS.values())})


def leaderboard(request: HttpRequest, game: str) -> HttpResponse:
    variant = VARIANTS.get(game)
    if variant is None:
        raise Http404(_("There is no game called “%(game)s”.") % {"game": game})
    ratings = (
        Rating.objects.filter(variant=variant.key).select_related("user").order_by("-ordinal", "user_id")
    )
    rows = [
        {"place": place, "rating": r, "name": r.user.username, "profile": profile_link(r.user.username)}
        for place, r in enumerate(ratings[:SHOWN], start=1)
    ]
    return render(request, "standings/leaderboard.html", {"variant": variant, "rows": rows})
