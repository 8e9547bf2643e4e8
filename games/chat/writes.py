"""The only writer of chat messages and chat preferences (the room's chat settings are written by
``games.services.chat``, as every change of a room is).

As ``games.services`` does for the game: each change runs in one transaction, refuses with a
``services.Refused`` (nothing written) and tells the table's pages after commit
(``broadcast.chat_changed``); each page's socket then renders the chat for its own viewer.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.chat import text as chat_text
from games.chat.access import access_for
from games.models import ChatMessage, ChatPreference, Room
from games.services import Forbidden, Illegal, broadcast
from games.services import access as table_access


def _changed(room_id: int) -> None:
    transaction.on_commit(lambda: broadcast.chat_changed(room_id))


def post(room: Room, user: Any, raw: str) -> ChatMessage:
    """``user`` says ``raw`` at ``room``: to the players' channel from a seat, else to the
    audience's."""
    with transaction.atomic():
        # The room's lock orders a message after a change of its settings, never beside it.
        room = Room.objects.select_for_update().get(pk=room.pk)
        # Who may not look at the table (a closed audience) may not talk at it either.
        seats = list(room.seats.all())
        why_not = table_access.watch_refusal(room, user, seats)
        if why_not is not None:
            raise Forbidden(why_not)
        access = access_for(room, room.current_hand(), seats, user)
        if access.writes is None:
            raise Forbidden(access.why_not)
        try:
            text = chat_text.clean(raw)
        except chat_text.BadText as exc:
            raise Illegal(str(exc)) from None
        message = ChatMessage.objects.create(room=room, author=user, channel=access.writes, text=text)
        _changed(room.pk)
    return message


def remove(room: Room, user: Any, message_id: int) -> ChatMessage:
    """Staff take a message of ``room`` off every page; the admin keeps it, with who did it."""
    if not getattr(user, "is_staff", False):
        raise Forbidden(_("Only staff can remove a message"))
    with transaction.atomic():
        message = ChatMessage.objects.select_for_update().filter(room=room, pk=message_id).first()
        if message is None:
            raise Illegal(_("There is no message %(number)s at this table") % {"number": message_id})
        if message.removed_at is not None:
            raise Illegal(_("That message has been removed already"))
        message.removed_at = timezone.now()
        message.removed_by = user
        message.save(update_fields=["removed_at", "removed_by"])
        _changed(room.pk)
    return message


def set_hidden(user: Any, hidden: bool, room: Room) -> ChatPreference:
    """``user`` hides (or shows again) the chat at every table; the pages of ``room``, where
    they asked, are told at once (another table's page learns it at its next chat change)."""
    if not getattr(user, "is_authenticated", False):
        raise Forbidden(_("Log in or play as a guest to hide the chat"))
    # Who may not look at the table learns nothing of it, nor sets its pages going.
    why_not = table_access.watch_refusal(room, user, list(room.seats.all()))
    if why_not is not None:
        raise Forbidden(why_not)
    with transaction.atomic():
        preference, _created = ChatPreference.objects.update_or_create(user=user, defaults={"hidden": hidden})
        _changed(room.pk)
    return preference
