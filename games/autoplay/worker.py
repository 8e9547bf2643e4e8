"""The robot worker of the production shape (``manage.py robots``): the fallback of every table's
home, and the process of the site's background jobs.

Each web process drives the robots and turn clocks of the tables it is home to (``ROBOT_DRIVES=home``,
games.services.homes): the proxy sends a table to one process, which commits its people's moves
and, woken by its own commit, its robots' moves. The worker drives the **orphans**: the hands whose
home has been silent for ``HOME_LEASE`` seconds (killed, its machine gone), or that no driving
process wrote. Every ``reconcile`` seconds (a home's beat) it looks for them (``sweep``): a robot
move there that has waited ``delay`` (or its table's pace) since a sweep first saw it is made, a
due turn clock fires, and the worker, having written the hand, is its home, so its robot thread
(``runner._ThreadRunner``, the embedded one) drives the rest, until a person's move, committed
by the web process the proxy now chooses, makes that process home again.

A web process run with ``ROBOT_RUNNER=off`` leaves every robot to the worker: it sends the hand's
id to the channel layer's ``robots`` group at each change (``runner.schedule``) and the worker
queues it; such hands name no home, so they are orphans too.

The jobs that run beside the robots once a site start here (``games.autoplay.background``): the
analysis of finished hands (games.analysis) computes in a thread of this process, finding the
analyses the web processes queued by a look at the database every ``ANALYSIS_POLL`` seconds.

A move can never be applied twice: every move goes through ``services.submit_action`` with the
``seq`` the robot chose at, and the hand's row lock and the unique ``(hand, seq)`` let exactly one
of two processes (a home and the worker, two workers, a process restarted half-way) through. A
clock move is refused unless its deadline row is still there and past, so a deadline fires once.
With the in-memory channel layer nothing can wake it from another process, so it sweeps every
``poll`` seconds.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable

from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.conf import settings
from django.db import close_old_connections

from games.autoplay import clocks, runner
from games.services import broadcast, homes, replay, robot_pace

log = logging.getLogger(__name__)


def _follow(hand_id: int, move: object) -> None:
    """Apply the move a wake-up carries to the state held for its hand (``replay.follow``)."""
    if not isinstance(move, dict):
        return
    variant, seq, seat, action = (move.get(k) for k in ("variant", "seq", "seat", "action"))
    if (
        isinstance(variant, str)
        and isinstance(seq, int)
        and isinstance(seat, int)
        and isinstance(action, str)
    ):
        replay.follow(hand_id, variant, seq, seat, action)


class Worker:
    """Drives the robots of every table from wake-ups, and sweeps the database now and then."""

    def __init__(self, poll: float = 0.2, delay: float | None = None, reconcile: float | None = None) -> None:
        self.poll = poll
        # Seconds between sweeps for orphans when woken: a home's beat, so that a table whose
        # home died waits at most the lease and a beat.
        self.reconcile = homes.beat_every() if reconcile is None else reconcile
        # Seconds every robot waits; None: each table's robots' pace (games.services.robot_pace).
        self.delay = settings.ROBOT_DELAY if delay is None else delay
        # (hand id, seq) -> when a sweep first saw a robot to act there: a position moves in a
        # sweep once it has waited ``delay``. Only a timer: losing it costs one delay, never a move.
        self._seen: dict[tuple[int, int], float] = {}

    def sweep(self) -> int:
        """One look for orphans (hands whose home has died, or that no home drives:
        ``homes.orphaned``): make every robot move there that has waited ``delay`` (or its
        table's robots' pace) since a sweep first saw it, and fire their due turn clocks. A
        move made here makes this worker the hand's home, and its robot thread drives the rest.
        Returns how many moves were made."""
        now = time.monotonic()
        orphans = homes.orphaned()
        positions = runner.due_positions(orphans)
        seen = {key: self._seen.get(key, now) for key in positions.items()}
        self._seen = seen
        moved = 0
        for (hand_id, _seq), since in sorted(seen.items(), key=lambda item: item[1]):
            if now - since < (robot_pace.delay(hand_id) if self.delay is None else self.delay):
                continue
            try:
                if runner.move_once(hand_id):
                    moved += 1
            except Exception:  # one broken hand must not stop the others
                log.exception("robot move in hand %s failed", hand_id)
        moved += clocks.fire_due(among=orphans)
        return moved

    def woken(self) -> bool:
        """Whether web processes can wake this worker (a channel layer between processes)."""
        layer = get_channel_layer()
        return layer is not None and not isinstance(layer, InMemoryChannelLayer)

    def run(self, should_stop: Callable[[], bool] = lambda: False) -> None:
        # This process drives its robots in its own thread: its own moves queue the next.
        settings.ROBOT_RUNNER = "thread"
        settings.ROBOT_DRIVES = homes.ORPHANS  # the fallback of every home (games.services.homes)
        settings.ROBOT_DELAY = self.delay
        settings.ROBOT_SWEEP = 0  # the worker's own sweep (below) is the safety net here
        every = self.reconcile if self.woken() else self.poll
        if self.woken():
            threading.Thread(target=self._listen, name="robot-wake-ups", daemon=True).start()
        runner.start()
        log.info(
            "robot worker: woken by the web processes, sweeping every %.2f s, robots wait %s",
            every,
            "each table's pace" if self.delay is None else f"{self.delay:.2f} s",
        )
        swept = time.monotonic()
        while not should_stop():
            time.sleep(min(0.2, every))
            if time.monotonic() - swept < every:
                continue
            swept = time.monotonic()
            try:
                close_old_connections()
                self.sweep()
            except Exception:  # the database restarting, say: try again at the next sweep
                log.exception("robot sweep failed")
            finally:
                close_old_connections()

    def _listen(self) -> None:
        asyncio.run(self._wake_ups())

    async def _wake_ups(self) -> None:
        """Queue every hand a web process says changed. The group membership is renewed every
        hour (the channel layer forgets it after a day)."""
        layer = get_channel_layer()
        assert layer is not None  # settings.CHANNEL_LAYERS names the default one
        while True:
            try:
                channel = await layer.new_channel()
                renew = asyncio.create_task(self._stay_in_group(layer, channel))
                try:
                    while True:
                        message = await layer.receive(channel)
                        hand_id = message.get("hand")
                        if isinstance(hand_id, int):
                            _follow(hand_id, message.get("move"))
                            runner.schedule(hand_id, message.get("move"))
                finally:
                    renew.cancel()
            except Exception:  # Redis restarting: listen again (the sweep covers the gap)
                log.exception("robot wake-ups failed; listening again")
                await asyncio.sleep(1)

    async def _stay_in_group(self, layer: object, channel: str) -> None:
        while True:
            await layer.group_add(broadcast.ROBOTS_GROUP, channel)  # type: ignore[attr-defined]
            await asyncio.sleep(3600)
