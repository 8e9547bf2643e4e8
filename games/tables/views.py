"""The views of table life: joining by link, the host's privacy settings and removals, and the
lobby's online count. Every write goes through games.services."""

from __future__ import annotations

from typing import cast
from urllib.parse import quote

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from games import services
from games.models import Room
from games.requests import posted_number, pushed, refused, room_change, room_or_404
from games.services import access
from games.tables import doors, joining, presence
from tarokk_site import inputs
from tarokk_site.htmx import htmx_of

# The longest invitation token a link may carry: the column's (games.models.new_invite_token).
INVITE_TOKEN_LENGTH = cast(int, Room._meta.get_field("invite_token").max_length)


def _page(request: HttpRequest, room: Room, message: str, status: int = 200, **more: object) -> HttpResponse:
    """The join page: what became of the visit, and the ways on (sit, watch, the lobby)."""
    seats = list(room.seats.all())
    context = {
        "room": room,
        "message": message,
        "free": sum(1 for s in seats if s.is_free),
        "may_watch": access.may_watch(room, request.user, seats),
        **more,
    }
    return render(request, "games/join.html", context, status=status)


@require_GET
def join(request: HttpRequest, code: str) -> HttpResponse:
    room = room_or_404(code)
    if room.closed:
        return _page(
            request,
            room,
            _("This table is closed: its players have left. Open a new one from the lobby."),
            410,
        )
    if not request.user.is_authenticated:
        # Through the guest button or the login, and back here to be seated.
        here = request.get_full_path()
        message = _("Play as a guest or log in to take a seat at this table.")
        return _page(request, room, message, next=here, login=f"/accounts/login/?next={quote(here)}")
    try:
        try:
            token = inputs.token(request.GET.get("invite"), "invite", INVITE_TOKEN_LENGTH)
        except inputs.BadInput as exc:
            raise services.Illegal(exc.message) from None
        outcome = joining.join(room, request.user, token)
    except services.Refused as refusal:
        return _page(request, room, refusal.message, refusal.status)
    if outcome == joining.FULL:
        if not access.may_watch(room, request.user, list(room.seats.all())):
            return _page(
                request, room, _("The table is full, and its audience is closed: only its players can watch.")
            )
        messages.info(
            request, _("The table is full: you are watching. A seat may free up before the game starts.")
        )
    return redirect(f"/r/{room.code}/")


@require_POST
@doors.only(
    doors.is_host, gettext_lazy("Only the player who opened the table can change who may sit and watch")
)
def privacy(request: HttpRequest, code: str) -> HttpResponse:
    room = room_or_404(code)
    try:
        if not request.user.is_authenticated:
            raise services.Forbidden(
                _("Only the player who opened the table can change who may sit and watch")
            )
        try:
            settings = access.Privacy.from_form(request.POST)
        except ValueError as exc:
            raise services.Illegal(str(exc)) from None
        services.set_privacy(room, request.user, settings)
    except services.Refused as refusal:
        return refused(request, refusal)
    return pushed() if htmx_of(request) else redirect(f"/r/{room.code}/")


@require_POST
@doors.only(doors.is_host, gettext_lazy("Only the player who opened the table can remove a player"))
def remove(request: HttpRequest, code: str) -> HttpResponse:
    return room_change(
        request,
        code,
        lambda room: services.remove_player(room, request.user, posted_number(request, "seat", minimum=0)),
        _("Only the player who opened the table can remove a player"),
    )


@require_GET
def online(request: HttpRequest) -> HttpResponse:
    """The lobby's count of players online (polled by the page)."""
    return render(request, "games/lobby.html#online", {"online": presence.online_count(viewer=request.user)})
