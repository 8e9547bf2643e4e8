"""What every view module of ``games`` (games.views, games.tables.views, games.chat.views) does
with a request: find its room, read a posted number (through tarokk_site.inputs), answer a
refusal or a done write the way an htmx page or a script expects."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.functional import Promise
from django.utils.translation import gettext as _

from games import services
from games.models import Room
from tarokk_site import inputs
from tarokk_site.htmx import client_redirect, htmx_of

LARGEST = inputs.LARGEST


def room_or_404(code: str) -> Room:
    return get_object_or_404(Room, code=code)


def refused(request: HttpRequest, refusal: services.Refused) -> HttpResponse:
    """The refusal's message: plain text for the page's flash box, JSON for a script."""
    if htmx_of(request):
        return HttpResponse(refusal.message, status=refusal.status, content_type="text/plain; charset=utf-8")
    return JsonResponse({"error": refusal.message}, status=refusal.status)


def posted_number(
    request: HttpRequest, name: str, minimum: int | None = None, most: int | None = None
) -> int:
    """The whole number posted as ``name``; a refusal that names the field otherwise."""
    return whole_field(name, request.POST.get(name), minimum, most)


def whole_field(name: str, raw: Any, minimum: int | None = None, most: int | None = None) -> int:
    """The whole number a page sent as ``name`` (``raw``, its text or a JSON number; None: not
    sent), posted, in a query or over the room's socket, read by tarokk_site.inputs; a refusal
    (400) that names the field otherwise."""
    try:
        return inputs.whole_number(raw, name, lo=minimum, hi=most)
    except inputs.BadInput as exc:
        raise services.Illegal(exc.message) from None


def pushed() -> HttpResponse:
    """A page's write went through: its fragments come by the room's websocket, as everyone
    else's do (games.live sends each page only what changed since its last push, so a
    reply that swapped fragments in besides would leave the two out of step)."""
    return HttpResponse(status=204)


def back_to_room(request: HttpRequest, room: Room) -> HttpResponse:
    url = f"/r/{room.code}/"
    if htmx_of(request):
        return client_redirect(url)
    return redirect(url)


def room_change(
    request: HttpRequest,
    code: str,
    change: Callable[[Room], object],
    signed_out: str | Promise | None = None,
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
