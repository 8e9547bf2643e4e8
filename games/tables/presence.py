"""Who is online: a signed-in user counts while a page of theirs has an open websocket.

Every process serves some of the sockets, so the count lives in the database they share: one
``Presence`` row per open socket of a signed-in user. A socket writes its row when it opens,
refreshes ``seen`` every third of ``ONLINE_SECONDS`` while open, and deletes it when it closes.
A process that dies deletes nothing, but its rows are no longer refreshed: they stop counting
``ONLINE_SECONDS`` after their last refresh, and the next count deletes them.
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


def arrive(channel: str, user: Any) -> None:
    if user is not None and user.is_authenticated:
        Presence.objects.update_or_create(channel=channel, defaults={"user": user, "seen": timezone.now()})


def refresh(channel: str) -> None:
    Presence.objects.filter(channel=channel).update(seen=timezone.now())


def depart(channel: str) -> None:
    Presence.objects.filter(channel=channel).delete()


def online_count(now: datetime | None = None) -> int:
    """Distinct users with a socket seen in the last ``ONLINE_SECONDS``."""
    since = (now or timezone.now()) - timedelta(seconds=settings.ONLINE_SECONDS)
    Presence.objects.filter(seen__lt=since).delete()  # sockets of a process that died
    return Presence.objects.filter(seen__gte=since).values("user").distinct().count()


class Present:
    """Mixed into a websocket consumer: ``await self.arrive()`` once accepted, ``await
    self.depart()`` on disconnect; in between a task keeps the row fresh."""

    channel_name: str
    scope: dict[str, Any]
    _presence_task: asyncio.Task[None] | None = None

    async def arrive(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            return
        await database_sync_to_async(arrive)(self.channel_name, user)
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
                await database_sync_to_async(refresh)(self.channel_name)
            except Exception:  # the database restarting: the next beat tries again
                log.exception("presence refresh of %s failed", self.channel_name)
