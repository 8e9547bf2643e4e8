"""The robot worker of the production shape: one process (``manage.py robots``) that drives
every robot seat, while the web processes run with ``ROBOT_RUNNER=off``.

It keeps no queue of its own that a crash could lose: every sweep asks the database which
unfinished hands have a robot among the seats to act (``Hand.to_act`` and ``Seat.robot``
are the truth), waits ``ROBOT_DELAY`` from the moment it first saw that position, and moves
through ``runner.move_once``, i.e. ``services.submit_action`` with the ``seq`` the robot
chose at. A move can therefore never be applied twice: two workers, or a worker restarted
half-way, that choose for the same position submit the same expected ``seq``; the hand's
row lock and the unique ``(hand, seq)`` let exactly one through and refuse the other as
stale. A killed worker loses at most the delay it was waiting out.

Each sweep also fires the turn clocks whose deadline has passed (``clocks.fire_due``): the
deadlines are rows in the database, and a clock move is refused unless its deadline is still
there and past, so a deadline fires once whichever worker, or restarted worker, sees it.
Away seats are driven like robot seats.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from django.conf import settings
from django.db import close_old_connections

from games import clocks
from games.bots import runner

log = logging.getLogger(__name__)


class Worker:
    """Sweeps the database every ``poll`` seconds and makes the robot moves that are due."""

    def __init__(self, poll: float = 0.2, delay: float | None = None) -> None:
        self.poll = poll
        self.delay = settings.ROBOT_DELAY if delay is None else delay
        # (hand id, seq) -> when this worker first saw a robot to act there. Only a timer:
        # losing it in a restart costs one delay, never a move.
        self._seen: dict[tuple[int, int], float] = {}

    def sweep(self) -> int:
        """One pass: make every due robot move and fire every due turn clock. Returns how many
        moves were made."""
        now = time.monotonic()
        positions = runner.due_positions()
        seen = {key: self._seen.get(key, now) for key in positions.items()}
        self._seen = seen
        moved = 0
        for (hand_id, _seq), since in sorted(seen.items(), key=lambda item: item[1]):
            if now - since < self.delay:
                continue
            try:
                if runner.move_once(hand_id):
                    moved += 1
            except Exception:  # one broken hand must not stop the others
                log.exception("robot move in hand %s failed", hand_id)
        moved += clocks.fire_due()
        return moved

    def run(self, should_stop: Callable[[], bool] = lambda: False) -> None:
        log.info("robot worker: sweeping every %.2f s, robots wait %.2f s", self.poll, self.delay)
        while not should_stop():
            try:
                close_old_connections()
                moved = self.sweep()
            except Exception:  # the database restarting, say: try again on the next sweep
                log.exception("robot sweep failed")
                moved = 0
            finally:
                close_old_connections()
            if not moved:
                time.sleep(self.poll)
