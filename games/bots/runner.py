"""Drive the robot seats of a hand: after every committed action, the robots whose turn it
is move, after ``settings.ROBOT_DELAY`` seconds, through ``services.submit_action``.

Modes (``settings.ROBOT_RUNNER``):
- ``thread``: one daemon thread in the web process keeps a queue of due hands (the
  embedded default);
- ``inline``: the robots move at once, in the caller (tests, the duel harness);
- ``off``: nothing here; another process drives them.

A robot move carries the ``seq`` it was chosen at, so a duplicate or late move is refused
as stale and can never be applied twice.
"""

from __future__ import annotations

import heapq
import logging
import random
import threading
import time

from django.conf import settings
from django.db import close_old_connections

log = logging.getLogger(__name__)


def in_process() -> bool:
    """Whether this process drives robots (with ``off`` a worker process does)."""
    return settings.ROBOT_RUNNER in ("thread", "inline")


def schedule(hand_id: int) -> None:
    mode = settings.ROBOT_RUNNER
    if mode == "inline":
        _drive_inline(hand_id)
    elif mode == "thread":
        _thread_runner().add(hand_id, settings.ROBOT_DELAY)


def move_once(hand_id: int) -> bool:
    """Make one robot move in this hand if a robot is to act. True if a move was made."""
    from games import replay, services
    from games.bots import get_robot
    from games.models import Hand
    from games.rules import get_variant

    hand = Hand.objects.filter(pk=hand_id).select_related("room").first()
    if hand is None or hand.is_over or hand.room.closed:
        return False
    robots = dict(hand.room.seats.exclude(robot="").values_list("index", "robot"))
    variant = get_variant(hand.variant)
    state = replay.current(hand)
    for seat in sorted(variant.to_act(state)):
        level = robots.get(seat)
        if not level:
            continue
        legal = variant.legal_actions(state, seat)
        view = variant.observe(state, seat)
        rng = random.Random(f"{hand.pk}:{hand.seq}:{seat}")
        action = get_robot(level).choose(view, legal, rng)
        try:
            services.submit_action(hand.pk, seat, action, hand.seq, robot=level)
        except services.Stale:
            return True  # somebody else moved first; the next schedule picks it up
        return True
    return False


_inline = threading.local()


def _drive_inline(hand_id: int) -> None:
    # submit_action schedules again after each commit; the outer loop does the work.
    if getattr(_inline, "active", False):
        return
    _inline.active = True
    try:
        while move_once(hand_id):
            pass
    finally:
        _inline.active = False


class _ThreadRunner:
    def __init__(self) -> None:
        self._queue: list[tuple[float, int]] = []
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="robots", daemon=True)
        self._thread.start()

    def add(self, hand_id: int, delay: float) -> None:
        with self._cond:
            heapq.heappush(self._queue, (time.monotonic() + delay, hand_id))
            self._cond.notify()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._queue or self._queue[0][0] > time.monotonic():
                    timeout = self._queue[0][0] - time.monotonic() if self._queue else None
                    self._cond.wait(timeout)
                _, hand_id = heapq.heappop(self._queue)
                # Several wake-ups for one hand collapse into one pass.
                self._queue = [(t, h) for t, h in self._queue if h != hand_id]
                heapq.heapify(self._queue)
            try:
                close_old_connections()
                move_once(hand_id)
            except Exception:
                log.exception("robot move in hand %s failed", hand_id)
            finally:
                close_old_connections()


_runner: _ThreadRunner | None = None
_runner_lock = threading.Lock()


def _thread_runner() -> _ThreadRunner:
    global _runner
    with _runner_lock:
        if _runner is None:
            _runner = _ThreadRunner()
        return _runner
