"""``/daily/``: today's deal of every game; ``/daily/<game>/``: one game's deal of the day, its
leaderboard, and yesterday's deal with its results; ``POST /daily/<game>/play``: your table."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.daily.board import board
from games.daily.deals import daily_deal, deal_value, today
from games.daily.models import DailyDeal, DailyEntry
from games.daily.play import play_today
from games.page.cards import card_label
from games.rules import VARIANTS, get_variant
from games.standings.links import replay_link


def _game(game: str) -> Any:
    variant = VARIANTS.get(game)
    if variant is None:
        raise Http404(_("There is no game called “%(game)s”.") % {"game": game})
    return variant


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "daily/index.html", {"variants": list(VARIANTS.values()), "day": today()})


def game_page(request: HttpRequest, game: str) -> HttpResponse:
    variant = _game(game)
    day = today()
    daily = daily_deal(variant.key, day)
    entry = None
    if request.user.is_authenticated:
        entry = DailyEntry.objects.filter(daily=daily, user=request.user).select_related("room").first()
    rows = board(daily)
    context = {
        "variant": variant,
        "day": day,
        "daily": daily,
        "entry": entry,
        "mine": next((r for r in rows if entry is not None and r.user_id == entry.user_id), None),
        "rows": rows,
        "today_rows": [{"row": r, "replay": None} for r in rows],  # today's hands are not replayed
        "yesterday": _past(variant, daily_deal(variant.key, day - timedelta(days=1))),
    }
    return render(request, "daily/game.html", context)


def _past(variant: Any, daily: DailyDeal) -> dict[str, Any]:
    """A past day's deal, every card of it (its day is over: it is no secret any more), and
    its results, each linked to the hand's replay where the site has one."""
    deal, context = deal_value(daily)
    options = context.options

    def named(cards: Any) -> str:  # the game's names for its cards, never their ids
        return " ".join(card_label(card, variant.key) for card in cards)

    hands = []
    for i, cards in enumerate(deal.hands):
        ordered = variant.sort_cards(cards, options)
        hands.append(
            {"seat": i + 1, "yours": i == daily.seat, "cards": named(ordered), "ids": " ".join(ordered)}
        )
    rows = [{"row": r, "replay": replay_link(r.hand_id)} for r in board(daily)]
    # A game whose dealer shuffles and cuts at the table (Czech) stores the pack, top card first.
    return {
        "daily": daily,
        "hands": hands,
        "talon": named(deal.talon),
        "talon_ids": " ".join(deal.talon),
        "pack": named(deal.deck),
        "pack_ids": " ".join(deal.deck),
        "seat": daily.seat + 1,
        "dealer": context.dealer + 1,
        "rows": rows,
    }


@require_POST
def play(request: HttpRequest, game: str) -> HttpResponse:
    variant = _game(game)
    if not request.user.is_authenticated:
        context = {"message": _("Log in or play as a guest to play the daily deal."), "variant": variant}
        return render(request, "daily/refused.html", context, status=403)
    room = play_today(request.user, get_variant(variant.key).key)
    return redirect(f"/r/{room.code}/")
