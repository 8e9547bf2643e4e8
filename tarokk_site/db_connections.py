"""The database connections of the server's long-lived threads, kept open between their tasks.

Django opens a connection per thread and, with ``CONN_MAX_AGE = 0`` (kept: under Daphne every
HTTP request runs in a thread of its own, and a connection kept there would outlive its thread
unclosed), closes it whenever ``close_old_connections`` runs: after every request, and, as
Channels' ``database_sync_to_async`` and the robot thread called it, before and after every
render of a push and every robot move. So every robot move and every push opened the SQLite
file again, set it up and read its schema afresh (a sixth of the embedded web process's CPU in
``bench/load.py``'s profile), or took a connection out of the PostgreSQL pool and put it back.

Two threads live as long as the process and do nearly all of the database work of play:
Channels' one database thread (every consumer's ``database_sync_to_async``) and the robot
thread (``games.autoplay.runner``). Here they keep their connection between tasks, and close it
only when it is unusable (an error it did not survive, the database restarted) or was left
inside a transaction, as ``close_old_connections`` would close it; the next task opens a new
one. A connection in the pool of PostgreSQL stays checked out by its thread meanwhile, one or
two per process of the pool's ``DATABASE_POOL_SIZE``.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import SyncToAsync
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.db import connections


def tidy_connections() -> None:
    """Close this thread's connections that are unusable or were left outside autocommit (as
    ``close_old_connections`` does), and keep the others open whatever their age."""
    for connection in connections.all(initialized_only=True):
        if connection.connection is None:
            continue
        connection.health_check_done = False  # type: ignore[attr-defined]  # Django 5.1+, not in the stubs
        # The attribute, not ``get_autocommit()``: that would open a connection to read it.
        if connection.autocommit != connection.settings_dict["AUTOCOMMIT"]:
            connection.close()
        elif connection.errors_occurred:
            if connection.is_usable():
                connection.errors_occurred = False
            else:
                connection.close()


class KeptConnectionSyncToAsync(SyncToAsync):
    """Channels' ``database_sync_to_async``, keeping the database thread's connection open
    between calls (tidied before and after each, as Channels' closes it)."""

    def thread_handler(self, loop: Any, *args: Any, **kwargs: Any) -> Any:
        tidy_connections()
        try:
            return super().thread_handler(loop, *args, **kwargs)
        finally:
            tidy_connections()


database_sync_to_async = KeptConnectionSyncToAsync


NO_HANDLER = "No handler for message type %s"  # untranslated: a programming error, as Channels words it


class KeptConnectionConsumer(AsyncWebsocketConsumer):
    """Channels' websocket consumer without its hop to close old connections before every
    message it handles.

    Channels' ``dispatch`` awaits ``sync_to_async(close_old_connections)`` before each handler:
    every frame from the page and every push to it went to the database thread once more, and,
    with ``CONN_MAX_AGE = 0``, closed that thread's connection, which the handler's next read
    opened again (on SQLite: the file opened and set up afresh, a twentieth of the embedded web
    process's CPU in ``bench/load.py``). The database thread's connection is tidied around
    every call by ``database_sync_to_async`` above instead."""

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(NO_HANDLER % message["type"])
        await handler(message)
