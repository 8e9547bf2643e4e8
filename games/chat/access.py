"""Who reads and who writes which channel of a table's chat.

The players write the players' channel, signed-in watchers the audience's. A player is whoever
holds a seat (away or not) or has one kept for them by a robot (they left, or were freed, and
may sit back): they read and write as a player. Everyone who may look at the table reads the
players' channel. The audience's channel is read by the watchers, and by the players only while
no hand is being played (before the first deal, between hands, after the match): watchers must
not be able to tip a player off. While a hand is being played it is sealed to everyone who sat
at the table during it: its players, and a player the host removed (``Room.removed``). The host
can close the audience's channel (nobody reads or writes it then) or turn the whole chat off.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games.models import ChatMessage, Hand, Room, Seat

PLAYERS = ChatMessage.PLAYERS
AUDIENCE = ChatMessage.AUDIENCE


@dataclass(frozen=True)
class ChatAccess:
    """What one viewer may do with a table's chat now; equal values render the same chat
    partials from the same messages (games.chat.live compares them between pushes)."""

    on: bool  # the host has not turned the chat off
    audience_open: bool  # the host has not closed the audience's channel
    seated: bool  # holds a seat, or one is kept for them
    hand_live: bool  # a hand is being played
    sat_here: bool  # seated, or removed from a seat by the host: sealed from the watchers in a hand
    user_id: int | None  # None: signed out
    staff: bool
    host: bool

    @property
    def reads(self) -> tuple[str, ...]:
        if not self.on:
            return ()
        if self.audience_open and not (self.sat_here and self.hand_live):
            return (PLAYERS, AUDIENCE)
        return (PLAYERS,)

    @property
    def writes(self) -> str | None:
        """The channel this viewer's messages go to; None: they may not post."""
        if not self.on or self.user_id is None:
            return None
        if self.seated:
            return PLAYERS
        return AUDIENCE if self.audience_open else None

    @property
    def why_not(self) -> str:
        """Why this viewer may not post (empty when they may)."""
        if not self.on:
            return _("The chat is off at this table")
        if self.user_id is None:
            return _("Log in or play as a guest to chat")
        if self.writes is None:
            return _("The host has closed the watchers' chat")
        return ""

    @property
    def audience_held_back(self) -> bool:
        """A player during a hand: the watchers' messages wait until it is over."""
        return self.on and self.audience_open and self.sat_here and self.hand_live


def access_for(room: Room, hand: Hand | None, seats: list[Seat], user: Any) -> ChatAccess:
    """``seats``: the seats of ``room`` (their holders and whom each is kept for); ``hand``: its
    current hand."""
    signed_in = bool(user is not None and user.is_authenticated)
    user_id = user.pk if signed_in else None
    seated = user_id is not None and any(user_id in (s.user_id, s.kept_for_id) for s in seats)
    return ChatAccess(
        on=room.chat_on,
        audience_open=room.audience_chat,
        seated=seated,
        hand_live=hand is not None and not hand.is_over,
        sat_here=seated or (user_id is not None and user_id in room.removed),
        user_id=user_id,
        staff=bool(signed_in and user.is_staff),
        host=user_id is not None and room.created_by_id == user_id,
    )
