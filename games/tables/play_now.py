"""Play now, the lobby's one tap: a table of one game with robots in every other seat and the
opening form's defaults (the game's default rules, the basic robot, no turn clock, rated, open
to everyone), its first hand dealt at once.

A visitor who is not signed in is made a guest first (the guest door's limit applies); then the
table door's limit and the open-tables quota apply, as to "Open a table" (``games.views.new_room``).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.views import sign_in_guest
from games import services
from games.requests import back_to_room, refused
from games.rules import VARIANTS
from games.rules.base import resolve_options
from games.tables.quota import open_tables_full
from tarokk_site import limits


def robots_for(variant_key: str) -> int:
    """Every seat but the player's at the game's table with its default rules."""
    variant = VARIANTS[variant_key]
    return variant.seat_count(resolve_options(variant.options, {})) - 1


@require_POST
def play_now(request: HttpRequest) -> HttpResponse:
    variant_key = request.POST.get("variant", "").strip()
    if variant_key not in VARIANTS:  # before a guest is made: nothing is created
        return refused(
            request,
            services.Illegal(
                _("There is no game %(game)r: choose %(games)s.")
                % {"game": variant_key, "games": ", ".join(VARIANTS)}
            ),
        )
    limited = sign_in_guest(request)
    if limited is None:
        limited = open_tables_full(request.user) or limits.hit_request(request, "room")
    if limited is not None:
        return limits.too_many(request, limited)
    try:
        room = services.create_room(request.user, variant_key, robots_for(variant_key), rated=True)
    except services.Refused as refusal:
        return refused(request, refusal)
    return back_to_room(request, room)
