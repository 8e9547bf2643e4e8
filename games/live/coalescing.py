"""One render at a time per page, and only of the newest change: the pushes of a socket whose
renders may fall behind the changes (robots without a delay move faster than a page renders; a
tournament's entries or a round's seating come in bursts). A change that arrives while the page
is being rendered waits; when the render is done, only the newest waiting change is rendered,
so a page catches up in one render and is never left behind a queue of renders of tables or
boards already gone."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

log = logging.getLogger(__name__)


class Coalescing:
    """Mixed into a consumer: ``changed(value)`` on each change; ``deliver(value)`` renders and
    sends one (the consumer's own); ``stop_delivering()`` on disconnect."""

    _waiting = False  # a change not rendered yet
    _newest: Any = None  # that change's value
    _delivering: asyncio.Task[None] | None = None  # rendering and sending the changes

    def changed(self, value: Any = None) -> None:
        self._newest, self._waiting = value, True
        if self._delivering is None or self._delivering.done():
            self._delivering = asyncio.get_running_loop().create_task(self._deliver_newest())

    async def deliver(self, value: Any) -> None:
        raise NotImplementedError  # untranslated: programmer error

    def stop_delivering(self) -> None:
        if self._delivering is not None:
            self._delivering.cancel()

    async def _deliver_newest(self) -> None:
        while self._waiting:
            value, self._newest, self._waiting = self._newest, None, False
            try:
                await self.deliver(value)
            except Exception:  # the next change (or the page's resync) renders it again
                log.exception("push to a page (%s) failed", type(self).__name__)
