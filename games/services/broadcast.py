"""Tell open pages that something changed. Messages carry no cards: each consumer renders
its own viewer (ARCHITECTURE.md, "Each seat sees only its own").

Called only from ``games.services`` (and ``games.chat.writes``) after commit.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import threading
import uuid
from dataclasses import dataclass
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

log = logging.getLogger(__name__)

LOBBY_GROUP = "lobby"
# The robot workers (games.autoplay.worker): told of every hand a web process changed.
ROBOTS_GROUP = "robots"

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
    """The sockets of a session its player carries on under a new key (games.live.session_moves)
    follow it. The new key goes in the message, the one thing a socket needs to check the new
    session; it passes through the channel layer and is never kept there."""
    _send(session_group(old_key), {"type": "session.moved", "key": new_key})


@dataclass(frozen=True)
class Change:
    """A change of a room as its pages receive it (``room.changed``).

    ``id`` names this one change, so that the pages of a process that receive it share what
    they load for it (games.tables.seating). A move says what its writer already knows of the
    hand it changed: its id and number, ``seq``, ``public_seq``, ``phase``, who acts (the
    rules' ``to_act``, a private decider included: the message never leaves the server's
    processes) and whether it is ``over``; the move itself (``variant``, ``seat``, ``action``:
    an action of a private decision too, for the same reason); and ``seating``, the room's
    seating version as the move read it (``Room.seating``). A change without them (``hand``
    None) may have changed anything: the pages read the room afresh.
    """

    id: str
    seating: int | None = None
    hand: int | None = None
    number: int | None = None
    seq: int | None = None
    public_seq: int | None = None
    phase: str | None = None
    to_act: tuple[int, ...] = ()
    over: bool = False
    variant: str | None = None
    seat: int | None = None
    action: str | None = None

    @classmethod
    def of(cls, message: dict[str, Any] | str | None) -> Change:
        """The change a ``room.changed`` message (or a bare change id) says."""
        if message is None or isinstance(message, str):
            return cls(id=message or "")
        facts = {f: message[f] for f in _FACTS if message.get(f) is not None}
        return cls(id=str(message.get("id") or ""), **{**facts, "to_act": tuple(message.get("to_act") or ())})

    @property
    def is_move(self) -> bool:
        return self.hand is not None and self.seq is not None


_FACTS = ("seating", "hand", "number", "seq", "public_seq", "phase", "over", "variant", "seat", "action")


def room_changed(room_id: int, **facts: Any) -> None:
    """Something changed at ``room_id``; ``facts`` (a move's, ``Change``'s fields) say what, and
    a change without them means "read everything again"."""
    message = {"type": "room.changed", "id": uuid.uuid4().hex}
    message.update((name, value) for name, value in facts.items() if value is not None)
    _send(room_group(room_id), message)


def move_facts(
    *,
    variant: str,
    hand: int,
    number: int,
    seq: int,
    public_seq: int,
    phase: str,
    to_act: list[int],
    over: bool,
    seating: int,
    seat: int | None = None,
    action: str | None = None,
) -> dict[str, Any]:
    """What a move's ``room.changed`` says of its hand, as the move wrote its row (with
    ``Room.seating`` as the move found it), and the move itself (``seat``, ``action``): a process
    holding the state before it applies it instead of reading the log (``replay.follow``)."""
    return {
        "variant": variant,
        "seat": seat,
        "action": action,
        "seating": seating,
        "hand": hand,
        "number": number,
        "seq": seq,
        "public_seq": public_seq,
        "phase": phase,
        "to_act": list(to_act),
        "over": over,
    }


def chat_changed(room_id: int) -> None:
    """The table's chat changed (a message, a removal, a setting): each page renders its own
    viewer's chat (games.chat.live); the game's partials are not rendered for it."""
    _send(room_group(room_id), {"type": "chat.changed", "id": uuid.uuid4().hex})


def robots_wanted(hand_id: int, move: dict[str, Any] | None = None) -> None:
    """A hand changed in a process that does not drive robots: the robot worker may have a move
    or a turn clock to see to there. ``move`` (variant, seq, seat, action) is the action just
    committed, which the worker applies to the state it holds instead of reading the log."""
    _send(ROBOTS_GROUP, {"type": "hand.changed", "hand": hand_id, "move": move})


def lobby_changed() -> None:
    _send(LOBBY_GROUP, {"type": "lobby.changed"})


def tournament_group(tournament_id: int) -> str:
    """The group of a tournament's open pages (games/tournaments)."""
    return f"tournament-{tournament_id}"


def tournament_changed(tournament_id: int) -> None:
    """Something on a tournament's page changed: who entered, a round, a table, the standings."""
    _send(tournament_group(tournament_id), {"type": "tournament.changed"})


def _send(group: str, message: dict[str, Any]) -> None:
    """Hand the message to the server's event loop without waiting for it to go out.

    In a web process the loop is the one the consumers run on (noted when the first page
    connected): the request that made the change does not wait for the channel layer (with
    Redis that wait was 40 % of an idle server's reply to a move), and the in-memory layer's
    queues, which belong to that loop, are only touched from it. Elsewhere (the robot worker,
    tests without a page) the send goes through this process's own sending loop (or, for the
    in-memory layer, is made and waited for here).
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
        if isinstance(layer, InMemoryChannelLayer):
            # Its queues belong to the loop of the consumers that read them: none in this
            # process is listening, or a test reads them from its own loop.
            async_to_sync(layer.group_send)(group, message)
            return
        # A process without pages (the robot worker): one loop of its own sends every message,
        # on the channel layer's connections, instead of a new loop (and connection) a send.
        future = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), _own_loop())
        future.add_done_callback(lambda done: _log_failure(group, done))
    except Exception:  # a page that misses a push resynchronises on reconnect; the move stands
        log.exception("broadcast to %s failed", group)


_loop: asyncio.AbstractEventLoop | None = None
_loop_lock = threading.Lock()


def _own_loop() -> asyncio.AbstractEventLoop:
    """This process's sending loop, on a daemon thread started at the first send."""
    global _loop
    with _loop_lock:
        if _loop is None:
            _loop = asyncio.new_event_loop()
            threading.Thread(target=_loop.run_forever, name="broadcast", daemon=True).start()
        return _loop


def _log_failure(group: str, done: Any) -> None:
    if not done.cancelled() and done.exception() is not None:
        log.error("broadcast to %s failed", group, exc_info=done.exception())
