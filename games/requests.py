"""What every view module of ``games`` (games.views, games.tables.views, games.chat.views) does
with a request: find its room, read a posted number, answer a refusal or a done write the way
an htmx page or a script expects."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _

from games import services
from games.models import Room
from games.rules.base import whole_number
from tarokk_site.htmx import client_redirect

# No number a form posts comes near this; past it a database column would overflow (a 500).
LARGEST = 2**31 - 1


def room_or_404(code: str) -> Room:
    return get_object_or_404(Room, code=code)


def refused(request: HttpRequest, refusal: services.Refused) -> HttpResponse:
    """The refusal's message: plain text for the page's flash box, JSON for a script."""
    if request.htmx:
        return HttpResponse(refusal.message, status=refusal.status, content_type="text/plain; charset=utf-8")
    return JsonResponse({"error": refusal.message}, status=refusal.status)


def posted_number(request: HttpRequest, name: str, minimum: int | None = None) -> int:
    """The whole number posted as ``name``; a refusal that names the field otherwise."""
    return whole_field(name, request.POST.get(name), minimum)


def whole_field(name: str, raw: str | None, minimum: int | None = None) -> int:
    """The whole number a page sent as ``name`` (``raw``, its text; None: not sent), posted or
    over the room's socket; a refusal that names the field otherwise."""
    if raw is None or raw == "":
        raise services.Illegal(_("%(field)s is required") % {"field": name})
    number = whole_number(raw.strip())
    if number is None:
        raise services.Illegal(
            _("%(field)s must be a whole number, not %(value)r") % {"field": name, "value": raw}
        )
    if minimum is not None and number < minimum:
        raise services.Illegal(
            _("%(field)s must be at least %(least)s, not %(value)s")
            % {"field": name, "least": minimum, "value": number}
        )
    if abs(number) > LARGEST:
        raise services.Illegal(_("%(field)s is too large: %(value)s") % {"field": name, "value": number})
    return number


def pushed() -> HttpResponse:
    """A page's write went through: its fragments come by the room's websocket, as everyone
    else's do (games.consumers sends each page only what changed since its last push, so a
    reply that swapped fragments in besides would leave the two out of step)."""
    return HttpResponse(status=204)


def back_to_room(request: HttpRequest, room: Room) -> HttpResponse:
    url = f"/r/{room.code}/"
    if request.htmx:
        return client_redirect(url)
    return redirect(url)


def room_change(
    request: HttpRequest,
    code: str,
    change: Callable[[Room], object],
    signed_out: str | None = None,
) -> HttpResponse:
    """Run ``change(room)`` for a signed-in user (``signed_out``: the refusal of anyone else);
    refusals answer as usual, success goes back to the room."""
    room = room_or_404(code)
    try:
        if not request.user.is_authenticated:
            raise services.Forbidden(signed_out or _("You have no seat at this table"))
        change(room)
    except services.Refused as refusal:
        return refused(request, refusal)
    return back_to_room(request, room)
