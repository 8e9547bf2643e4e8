"""Tell open pages that something changed. Messages carry no cards: each consumer renders
its own viewer (DESIGN.md, "hidden cards go through one door").

Called only from ``games.services`` (and ``games.chat.writes``) after commit.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import uuid
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)

LOBBY_GROUP = "lobby"

# The event loop of the server process, noted by the first consumer that connects.
_server_loop: asyncio.AbstractEventLoop | None = None


def note_server_loop() -> None:
    global _server_loop
    _server_loop = asyncio.get_running_loop()


def room_group(room_id: int) -> str:
    return f"room-{room_id}"


def session_group(session_key: str) -> str:
    """The sockets opened in one login session (a digest: no session key in Redis's keys)."""
    return "session-" + hashlib.blake2b(session_key.encode(), digest_size=16).hexdigest()


def session_ended(session_key: str) -> None:
    """Close the sockets of a session that ended (a logout): they showed its user's cards."""
    _send(session_group(session_key), {"type": "session.ended"})


def session_moved(old_key: str, new_key: str) -> None:
    """The sockets of a session its player carries on under a new key (games.session_moves)
    follow it. The new key goes in the message, the one thing a socket needs to check the new
    session; it passes through the channel layer and is never kept there."""
    _send(session_group(old_key), {"type": "session.moved", "key": new_key})


def room_changed(room_id: int) -> None:
    # The id names this one change, so the pages of a process that receive it can share
    # the rows they load for it (games.consumers).
    _send(room_group(room_id), {"type": "room.changed", "id": uuid.uuid4().hex})


def chat_changed(room_id: int) -> None:
    """The table's chat changed (a message, a removal, a setting): each page renders its own
    viewer's chat (games.chat.live); the game's partials are not rendered for it."""
    _send(room_group(room_id), {"type": "chat.changed", "id": uuid.uuid4().hex})


def lobby_changed() -> None:
    _send(LOBBY_GROUP, {"type": "lobby.changed"})


def _send(group: str, message: dict[str, Any]) -> None:
    """Hand the message to the server's event loop without waiting for it to go out.

    In a web process the loop is the one the consumers run on (noted when the first page
    connected): the request that made the change does not wait for the channel layer (with
    Redis that wait was 40 % of an idle server's reply to a move), and the in-memory layer's
    queues, which belong to that loop, are only touched from it. Elsewhere (the robot worker,
    tests without a page) the send is made and waited for here.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        loop = _server_loop
        if loop is not None and not loop.is_closed():
            try:
                running = asyncio.get_running_loop()
            except RuntimeError:
                running = None
            if running is loop:
                task = loop.create_task(layer.group_send(group, message))
                task.add_done_callback(lambda done: _log_failure(group, done))
            else:
                future = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
                future.add_done_callback(lambda done: _log_failure(group, done))
            return
        async_to_sync(layer.group_send)(group, message)
    except Exception:  # a page that misses a push resynchronises on reconnect; the move stands
        log.exception("broadcast to %s failed", group)


def _log_failure(group: str, done: Any) -> None:
    if not done.cancelled() and done.exception() is not None:
        log.error("broadcast to %s failed", group, exc_info=done.exception())
