"""The chat's doors, ``/r/<code>/chat...``: htmx POSTs that answer 204 (the room's socket
brings the chat to every page, the poster's too) or a refusal with its message, as every
move does (``games.views``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from games import services
from games.chat import writes
from games.requests import posted_number, refused, room_or_404
from games.services import chat as chat_settings
from games.tables import doors
from tarokk_site import limits
from tarokk_site.htmx import htmx_of


def _done(request: HttpRequest, **answer: object) -> HttpResponse:
    if htmx_of(request):
        return HttpResponse(status=204)
    return JsonResponse({"ok": True, **answer})


def _switch(request: HttpRequest, name: str) -> bool | None:
    try:
        return chat_settings.switch(request.POST, name)
    except ValueError as exc:
        raise services.Illegal(str(exc)) from None


@require_POST
@limits.limited("chat")
def post(request: HttpRequest, code: str) -> HttpResponse:
    room = room_or_404(code)
    try:
        message = writes.post(room, request.user, request.POST.get("text", ""))
    except services.Refused as refusal:
        return refused(request, refusal)
    return _done(request, id=message.pk, channel=message.channel)


@require_POST
@doors.only(doors.is_staff, gettext_lazy("Only staff can remove a message"))
def remove(request: HttpRequest, code: str) -> HttpResponse:
    room = room_or_404(code)
    try:
        writes.remove(room, request.user, posted_number(request, "message", minimum=1))
    except services.Refused as refusal:
        return refused(request, refusal)
    return _done(request)


@require_POST
@doors.only(doors.is_host, gettext_lazy("Only the player who opened the table can change its chat"))
def settings(request: HttpRequest, code: str) -> HttpResponse:
    room = room_or_404(code)
    try:
        on, audience_open = _switch(request, "chat"), _switch(request, "audience")
        if on is None and audience_open is None:
            raise services.Illegal(_("Say what to change: chat (on or off) or audience (open or closed)"))
        room = services.change_chat_settings(room, request.user, on=on, audience_open=audience_open)
    except services.Refused as refusal:
        return refused(request, refusal)
    return _done(request, chat=room.chat_on, audience=room.audience_chat)


@require_POST
@doors.watchers_only
def hidden(request: HttpRequest, code: str) -> HttpResponse:
    room = room_or_404(code)
    try:
        value = _switch(request, "hidden")
        if value is None:
            raise services.Illegal(_("hidden is required: yes or no"))
        writes.set_hidden(request.user, value, room)
    except services.Refused as refusal:
        return refused(request, refusal)
    return _done(request, hidden=value)
