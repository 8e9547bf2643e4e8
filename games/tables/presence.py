"""Who is online: a signed-in user counts while a page of theirs has an open websocket (and
where: a table's page names its room, so a tournament knows who sits at their table's page).

Every process serves some of the sockets, so the count lives in the database they share: one
``Presence`` row per open socket of a signed-in user. A socket writes its row when it opens,
writes it again every third of ``ONLINE_SECONDS`` while open, and deletes it when it closes.
A process that dies deletes nothing, but its rows are no longer refreshed: they stop counting
``ONLINE_SECONDS`` after their last refresh, and the next count deletes them. A socket that is
still open puts its row back at its next beat, should a count have deleted it meanwhile (a beat
late or failed: the database restarting, the server's machine asleep); a beat that only updated
the row lost such a socket for good, and the lobby said "0 players online" while people played.

The lobby's count includes the person looking at it: their own page's socket opens only once the
page has been rendered.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from games.models import Presence
from tarokk_site.db_connections import database_sync_to_async

log = logging.getLogger(__name__)


def arrive(channel: str, user: Any, room_id: int | None = None) -> None:
    """``user``'s socket ``channel`` opened (or is still open): on a table's page (``room_id``),
    or elsewhere (None)."""
    if user is not None and user.is_authenticated:
        Presence.objects.update_or_create(
            channel=channel, defaults={"user": user, "seen": timezone.now(), "room_id": room_id}
        )


def refresh(channel: str, user: Any, room_id: int | None = None) -> None:
    """The socket ``channel`` of ``user`` is still open: its row, written again if a count
    deleted it as stale meanwhile."""
    arrive(channel, user, room_id)


def depart(channel: str) -> None:
    Presence.objects.filter(channel=channel).delete()


def online_count(now: datetime | None = None, viewer: Any = None) -> int:
    """Distinct users with a socket seen in the last ``ONLINE_SECONDS``, and ``viewer`` (the
    signed-in person the count is shown to) whether or not a socket of theirs is open yet."""
    since = (now or timezone.now()) - timedelta(seconds=settings.ONLINE_SECONDS)
    Presence.objects.filter(seen__lt=since).delete()  # sockets of a process that died
    online = Presence.objects.filter(seen__gte=since)
    if viewer is None or not viewer.is_authenticated:
        return online.values("user").distinct().count()
    return online.exclude(user=viewer.pk).values("user").distinct().count() + 1


class Present:
    """Mixed into a websocket consumer: ``await self.arrive()`` once accepted, ``await
    self.depart()`` on disconnect; in between a task keeps the row fresh."""

    channel_name: str
    scope: Any  # the consumer's (channels' typed scope, with this site's own keys)
    _presence_task: asyncio.Task[None] | None = None
    _present_user: Any = None  # the user the row is written for (the socket's at its opening)
    present_at: int | None = None  # the table whose page this is (a room's id), None elsewhere

    async def arrive(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            return
        self._present_user = user
        await database_sync_to_async(arrive)(self.channel_name, user, self.present_at)
        self._presence_task = asyncio.get_running_loop().create_task(self._keep_fresh())

    async def depart(self) -> None:
        task, self._presence_task = self._presence_task, None
        if task is None:
            return
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await database_sync_to_async(depart)(self.channel_name)

    async def _keep_fresh(self) -> None:
        while True:
            await asyncio.sleep(settings.ONLINE_SECONDS / 3)
            try:
                await database_sync_to_async(refresh)(self.channel_name, self._present_user, self.present_at)
            except Exception:  # the database restarting: the next beat tries again
                log.exception("presence refresh of %s failed", self.channel_name)
