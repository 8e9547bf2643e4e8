"""A move sent over the socket (htmx's ``ws-send`` of a move control), made as ``POST
/r/<code>/act`` makes a posted one: the same rate, checks and refusals, through the one door for
moves (games.tables.moves_in); and the #flash fragment a refusal is shown in."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext as _

from games import services
from games.live.socket_limits import door_limited
from games.tables import moves_in


def move(
    scope: dict[str, Any],
    room_id: int | None,
    text: str | None,
    language: str,
    session_holds_user: Callable[[], bool],
) -> Answer | None:
    """Make the move ``text`` holds for the socket's player (``scope``) at the table ``room_id``,
    in ``language``; None if ``text`` is no move. The user is the socket's, and only while its
    session still holds them (``session_holds_user``, asked now: a move is a write)."""
    with translation.override(language):
        unreadable = None
        try:
            sent = moves_in.read_socket_message(text)
        except services.Refused as refusal:
            sent, unreadable = None, refusal
        if sent is None and unreadable is None:
            return None  # a resync: a frame, not a move
        limited = door_limited(scope, "act")  # as the view's, before anything is read
        if limited is not None:
            return Answer(limited.text)
        if unreadable is not None:
            return Answer(unreadable.message)
        signed_in = session_holds_user()
        user = scope.get("user") if signed_in else None
        assert sent is not None  # neither a resync nor unreadable
        try:
            moves_in.make_move(room_id, user, sent)
        except services.Refused as refusal:
            stale = isinstance(refusal, services.Stale)
            return Answer(refusal.message, stale=stale, signed_out=not signed_in)
        return Answer("")


@dataclass(frozen=True)
class Answer:
    """What a move sent over the socket gets: the refusal's words for #flash ("" if it was
    made), and whether the page then needs a fresh snapshot or its session has ended."""

    refusal: str
    stale: bool = False
    signed_out: bool = False


def flash_fragment(text: str, language: str | None = None) -> str:
    """The page's #flash with ``text`` (an out-of-band swap, as every pushed fragment), keeping
    what base.html gives it: the words of its reload button (site.js), in ``language``."""
    with translation.override(language or settings.LANGUAGE_CODE):
        reload = _("Reload the page")
    return (
        f'<div id="flash" role="alert" aria-live="assertive" data-reload="{escape(reload)}"'
        f' hx-swap-oob="true">{escape(text)}</div>'
    )
