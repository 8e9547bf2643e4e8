"""The chat as one viewer sees it: its two partials (``templates/jinja2/live/chat_log.html``,
the messages; ``chat_controls.html``, what the viewer may do), for the room page, for every
push, and the same messages for view.json.

A page's socket keeps a ``ChatShown``: a chat change renders the chat again (the game's
partials are not rendered for it); a change of the game renders it only when what the viewer
may read or do changed (a hand began or ended, a seat changed hands), so a move costs the chat
no query at all.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.utils.translation import gettext as _

from games.chat.access import ChatAccess, access_for
from games.chat.text import QUICK_PHRASES
from games.models import ChatMessage, ChatPreference, Hand, Room
from games.page.live_templates import render_live_template
from games.page.table import Table
from tarokk_site.bounded import Bounded

# The messages a page shows and view.json gives: the last ones of the channels it reads.
HISTORY = 100
PARTIALS = ("chat_log", "chat_controls")


def is_hidden(user: Any) -> bool:
    """Whether ``user`` has hidden the chat (a preference of theirs, at every table)."""
    if user is None or not user.is_authenticated:
        return False
    return ChatPreference.objects.filter(user_id=user.pk, hidden=True).exists()


def messages(room_id: int, reads: tuple[str, ...]) -> list[ChatMessage]:
    """The last ``HISTORY`` messages of ``room_id`` in the channels ``reads``, oldest first;
    removed ones never."""
    if not reads:
        return []
    rows = (
        ChatMessage.objects.filter(room_id=room_id, channel__in=reads, removed_at=None)
        .select_related("author")
        .order_by("-id")[:HISTORY]
    )
    return list(reversed(rows))


def _author(message: ChatMessage) -> str:
    return message.author.username if message.author is not None else _("a former player")


def message_json(message: ChatMessage) -> dict[str, Any]:
    return {
        "id": message.pk,
        "author": _author(message),
        "channel": message.channel,
        "text": message.text,
        "created": message.created.isoformat(),
    }


def render(room: Room, access: ChatAccess, hidden: bool, rows: list[ChatMessage]) -> dict[str, str]:
    """The chat partials for a viewer with ``access``, by name."""
    context = {
        "code": room.code,
        "access": access,
        "hidden": hidden,
        "phrases": [str(phrase) for phrase in QUICK_PHRASES],  # in the viewer's language
        "longest": ChatMessage.LONGEST,
        "messages": [
            {
                **message_json(m),
                "mine": access.user_id is not None and m.author_id == access.user_id,
                "clock": m.created.strftime("%H:%M"),
            }
            for m in rows
        ],
    }
    return {name: render_live_template(f"{name}.html", context) for name in PARTIALS}


def page(room: Room, hand: Hand | None, user: Any) -> dict[str, str]:
    """The chat partials of a room page as it loads, by name."""
    access = access_for(room, hand, list(room.seats.all()), user)
    hidden = is_hidden(user)
    return render(room, access, hidden, [] if hidden else messages(room.pk, access.reads))


def api(room: Room, user: Any) -> dict[str, Any]:
    """view.json's ``chat``: the messages the caller reads, where they post, and the settings."""
    access = access_for(room, room.current_hand(), list(room.seats.all()), user)
    hidden = is_hidden(user)
    rows = [] if hidden else messages(room.pk, access.reads)
    return {
        "on": access.on,
        "audience_open": access.audience_open,
        "hidden": hidden,
        "writes": access.writes,
        "messages": [message_json(m) for m in rows],
    }


# The rows a chat change loads, shared by the pages of a room in this process (read after the
# change committed; a later change has a new id): the room, its current hand and its seats
# (not the match, which the chat does not read), and the messages by the channels read.
_shared_tables: Bounded[tuple[int, str], Table | None] = Bounded(256)
_shared_messages: Bounded[tuple[int, str, tuple[str, ...]], list[ChatMessage]] = Bounded(256)


def chat_table(room_id: int | None, change: str | None) -> Table | None:
    """What the chat reads of a table after a chat change (None: the room is gone)."""
    key = (room_id or 0, change or "")

    def read() -> Table | None:
        room = Room.objects.filter(pk=room_id).first()  # type: ignore[misc]  # None: no room
        if room is None:
            return None
        return Table(room=room, hand=room.current_hand(), seats=list(room.seats.all()), match=None)

    return _shared_tables.get_or_make(key, read) if change else read()


def _messages_of_change(room_id: int, change: str | None, reads: tuple[str, ...]) -> list[ChatMessage]:
    if change is None:
        return messages(room_id, reads)
    return _shared_messages.get_or_make((room_id, change, reads), lambda: messages(room_id, reads))


class ChatShown:
    """What one page shows of the chat: the viewer's access at its last chat render, and by
    partial the digest of the HTML it was sent."""

    def __init__(self) -> None:
        self.access: ChatAccess | None = None
        self.html: dict[str, bytes] = {}

    def news(
        self, table: Table, user: Any, change: str | None = None, full: bool = False, chat: bool = False
    ) -> str:
        """The chat partials this page does not show yet after ``change`` (of the chat when
        ``chat``, else of the game), remembered as shown; all of them if ``full``."""
        access = access_for(table.room, table.hand, table.seats, user)
        if not (full or chat) and access == self.access:
            return ""
        self.access = access
        if full:
            self.html = {}
        hidden = is_hidden(user)
        rows = [] if hidden else _messages_of_change(table.room.pk, change, access.reads)
        sent = []
        for name, html in render(table.room, access, hidden, rows).items():
            digest = hashlib.blake2b(html.encode(), digest_size=16).digest()
            if self.html.get(name) != digest:
                self.html[name] = digest
                sent.append(html)
        return "".join(sent)
