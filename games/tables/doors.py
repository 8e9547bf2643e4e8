"""The doors only some may use: the host's (seat robots, privacy, remove a player, the chat's
settings), the seated table's (free an abandoned seat, end a match) and staff's (remove a chat
message), and the chat's own (hide it) for those who may watch.

``only`` guards such a view: it finds the room and refuses anyone else (403, with the words the
service would use) before the view reads a single posted field, so that a refusal never
depends on what was posted, changes nothing and pushes nothing. The service still checks again
under the room's lock (the seats may change between the two).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from games import services
from games.models import Room, Seat
from games.requests import refused, room_or_404
from games.services import access

# Who may use a door: the room, its seats and the caller.
Knock = Callable[[Room, list[Seat], Any], bool]

NOT_SIGNED_IN_TO_HIDE = gettext_lazy("Log in or play as a guest to hide the chat")


def is_host(room: Room, seats: list[Seat], user: Any) -> bool:
    uid = access.user_id(user)
    return uid is not None and uid == room.created_by_id


def is_staff(room: Room, seats: list[Seat], user: Any) -> bool:
    return bool(access.user_id(user) is not None and user.is_staff)


def may_release(room: Room, seats: list[Seat], user: Any) -> bool:
    return services.may_release(room, seats, access.user_id(user))


def may_end_match(room: Room, seats: list[Seat], user: Any) -> bool:
    return services.may_end_match(room, seats, access.user_id(user))


View = Callable[..., HttpResponse]


def only(knock: Knock, refusal: str | Promise) -> Callable[[View], View]:
    """A view of ``/r/<code>/...`` that answers 403 ``refusal`` to anyone ``knock`` turns away."""

    def guard(view: View) -> View:
        @functools.wraps(view)
        def guarded(request: HttpRequest, code: str, *args: Any, **kwargs: Any) -> HttpResponse:
            room = room_or_404(code)
            if not knock(room, list(room.seats.all()), request.user):
                return refused(request, services.Forbidden(str(refusal)))
            return view(request, code, *args, **kwargs)

        return guarded

    return guard


def watchers_only(view: View) -> View:
    """A door for the signed in who may look at the table: a signed-out visitor is told to log
    in, anyone a closed audience keeps out is told so."""

    @functools.wraps(view)
    def guarded(request: HttpRequest, code: str, *args: Any, **kwargs: Any) -> HttpResponse:
        room = room_or_404(code)
        if access.user_id(request.user) is None:
            return refused(request, services.Forbidden(str(NOT_SIGNED_IN_TO_HIDE)))
        why_not = access.watch_refusal(room, request.user, list(room.seats.all()))
        if why_not is not None:
            return refused(request, services.Forbidden(why_not))
        return view(request, code, *args, **kwargs)

    return guarded
