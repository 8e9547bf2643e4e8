"""A table's two chat settings (``Room.chat_on``, ``Room.audience_chat``): as a form posts them,
``chat`` (on or off) and ``audience`` (the watchers' channel open or closed), and the host
changing them on an open table (``change_chat_settings``). The table-opening form and the chat
drawer's buttons post the same names and words. The messages themselves are the chat's
(``games.chat.writes``); the room's row is written here, as every room's change is."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games.models import Room
from games.services import broadcast
from games.services.effects import seating_changed
from games.services.refusals import Forbidden

WORDS = {"yes": True, "on": True, "open": True, "no": False, "off": False, "closed": False}


def switch(data: Mapping[str, str], name: str) -> bool | None:
    """The yes/no field ``name`` (``on``/``off``, ``open``/``closed``); None when not posted;
    any other word is refused by name (ValueError)."""
    raw = data.get(name)
    if raw is None:
        return None
    value = WORDS.get(str(raw).strip().lower())
    if value is None:
        raise ValueError(
            _("%(field)s must be one of %(words)s, not %(value)r")
            % {"field": name, "words": ", ".join(WORDS), "value": raw}
        )
    return value


@dataclass(frozen=True)
class ChatSettings:
    on: bool = True
    audience_open: bool = True

    @classmethod
    def from_form(cls, data: Mapping[str, str]) -> ChatSettings:
        """The settings the opening form posted; a field left out keeps its default (the chat
        on, the watchers' channel open), as a table opened by a script gets."""
        on, audience_open = switch(data, "chat"), switch(data, "audience")
        return cls(on=on is not False, audience_open=audience_open is not False)


def change_chat_settings(
    room: Room, user: Any, on: bool | None = None, audience_open: bool | None = None
) -> Room:
    """The host turns the chat on or off, or opens or closes the audience's channel."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        if room.created_by_id is None or room.created_by_id != getattr(user, "pk", None):
            raise Forbidden(_("Only the player who opened the table can change its chat"))
        if on is not None:
            room.chat_on = on
        if audience_open is not None:
            room.audience_chat = audience_open
        room.save(update_fields=["chat_on", "audience_chat"])
        seating_changed(room.pk)  # the game's pushes read the room row too (games.tables.seating)
        room_id = room.pk
        transaction.on_commit(lambda: broadcast.chat_changed(room_id))
    return room
