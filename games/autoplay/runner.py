"""Drive the robot seats of a hand: after every committed action, the robots whose turn it
is move, after the table's robots' pace (``games.services.robot_pace``: ``settings.ROBOT_DELAY`` when the
operator sets it), through ``services.submit_action``.

Modes (``settings.ROBOT_RUNNER``):
- ``thread``: one daemon thread in the process keeps a queue of due hands; it also wakes at
  every turn-clock deadline (``games.autoplay.clocks``), and when it starts it queues the
  deadlines and the robot moves already due in the database (a restart loses none, and nobody
  has to open a page first). Which hands: ``settings.ROBOT_DRIVES`` (games.services.homes):
  every hand (the embedded default), the hands this process is home to (a production web
  process: the tables whose moves it commits, woken by its own commit), or the orphans whose
  home died (the robot worker);
- ``inline``: the robots move at once, in the caller (tests, the duel harness);
- ``off``: another process drives them (``games.autoplay.worker``): each change is sent to it.

A robot move carries the ``seq`` it was chosen at, so a duplicate or late move is refused
as stale and can never be applied twice.

An away seat (its player's clock ran out three times in a row) is played like a robot seat,
by the basic robot, and logged as ``"away"``.
"""

from __future__ import annotations

import heapq
import logging
import random
import threading
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import close_old_connections
from django.db.models import QuerySet
from django.utils import timezone

from games import services
from games.autoplay import background, clocks
from games.autoplay.robots import robot_for
from games.bots import seat_view
from games.models import Hand
from games.rules import get_variant
from games.services import broadcast, homes, prepared, replay, robot_pace, turn_clocks
from games.services.robots import robot_played_seats
from tarokk_site.db_connections import tidy_connections

log = logging.getLogger(__name__)


def in_process() -> bool:
    """Whether this process drives robots (with ``off`` a worker process does)."""
    return settings.ROBOT_RUNNER in ("thread", "inline")


def start() -> None:
    """Start the robot thread now (the web process at boot, in ``thread`` mode), so that
    deadlines that passed while the site was down fire without waiting for a page view."""
    if settings.ROBOT_RUNNER == "thread":
        _thread_runner()
        # The features' jobs run where every robot or the orphans' run (games.autoplay.background):
        # once a site, not in each home web process.
        if background.runs_here():
            background.start_all()


def on_hand_changed(
    sender: object, hand_id: int, move: dict[str, Any] | None = None, **kwargs: object
) -> None:
    """``games.signals.hand_changed``: the robots of that hand may have a move to make. ``move``
    is the action just committed, if the change was one."""
    schedule(hand_id, move)


def schedule(hand_id: int, move: dict[str, Any] | None = None) -> None:
    mode = settings.ROBOT_RUNNER
    if mode == "inline":
        _drive_inline(hand_id)
    elif mode == "thread":
        seq = move.get("seq") if isinstance(move, dict) else None
        _thread_runner().add_paced(hand_id, seq if isinstance(seq, int) else None)
    else:  # another process drives the robots: wake it (games.autoplay.worker), saying the move
        broadcast.robots_wanted(hand_id, move)


def due_positions(among: QuerySet[Any] | None = None) -> dict[int, int]:
    """``{hand id: seq}`` for every unfinished hand of an open room (among the hands whose ids
    ``among`` gives, when given) where a robot (or the robot playing an away seat) is to act:
    the database's answer, so a process that has just started knows what to do without waiting
    for a page."""
    rows = robot_played_seats(among=among).values_list(
        "room__hands__id", "room__hands__seq", "room__hands__to_act", "index"
    )
    return {hand_id: seq for hand_id, seq, to_act, index in rows if index in (to_act or [])}


def move_once(hand_id: int, ready: Callable[[int, int, str], bool] | None = None) -> bool:
    """Make one robot move in this hand if a robot is to act. True if a move was made.

    The robot chooses from the state this process holds for the hand (``replay.held``) when it
    is the state the log is at (in the process that committed the last move, that move's
    state): then nothing is read but the seats. Otherwise the hand is read and its missing
    actions applied. Should the log move on meanwhile, ``submit_action`` refuses the move as
    stale, and the robot chooses again from the log.

    ``ready(hand_id, seq, home)``, if given, is asked first, with the hand's position in its log
    and its home: no move when it says no (the robot thread's, ``_ThreadRunner._ready``).
    """
    # The robot (and away) seats of an open room, with what a choice needs of the room and
    # the hand's position in its log: one query.
    rows = _ROBOT_SEATS.rows(hand_id)
    if not rows or (ready is not None and not ready(hand_id, rows[0][4], rows[0][5])):
        return False
    variant = get_variant(rows[0][2])
    fixed_seed = rows[0][3]  # a table of one fixed deal seeds its robots alike (games/daily)
    robots = {index: robot or turn_clocks.AWAY_MOVE for index, robot, *_ in rows}
    held = replay.held(hand_id)
    if held is not None and held[0] == rows[0][4]:
        made = _choose_and_submit(hand_id, variant, robots, fixed_seed, *held)
        if made is not None:
            return made
    hand = Hand.objects.filter(pk=hand_id).first()
    if hand is None:
        return False
    return bool(_choose_and_submit(hand_id, variant, robots, fixed_seed, hand.seq, replay.current(hand)))


# The robot (and away) seats of a hand, compiled once (games.services.prepared).
_ROBOT_SEATS = prepared.robot_seats()


def robot_action(
    hand_id: int, variant: Any, level: str, fixed_seed: str | None, seq: int, state: Any, seat: int
) -> str:
    """What the robot of ``level`` at ``seat`` plays at ``state`` (``seq`` actions into hand
    ``hand_id``). Its rng is seeded by the hand, the position and the seat; a table of one fixed
    deal (the daily deal) seeds it by ``fixed_seed`` instead, and its robots read no clock, so
    that their play is a function of that seed alone, the same for everyone however busy the
    machine. Any other table's strong robots are also capped by wall time (``bots.LIVE``)."""
    legal = variant.legal_actions(state, seat)
    view = seat_view(variant, state, seat)
    rng = random.Random(f"{fixed_seed or hand_id}:{seq}:{seat}")
    robot = robot_for(turn_clocks.ROBOT if level == turn_clocks.AWAY_MOVE else level, live=not fixed_seed)
    return robot.choose(view, legal, rng)


def _choose_and_submit(
    hand_id: int, variant: Any, robots: dict[int, str], fixed_seed: str | None, seq: int, state: Any
) -> bool | None:
    """The move of the first robot to act at ``state`` (``seq`` actions into the hand),
    submitted. True if made, False if no robot is to act, None if the state was behind."""
    if variant.is_over(state):
        return False
    for seat in sorted(variant.to_act(state)):
        level = robots.get(seat)
        if not level:
            continue
        action = robot_action(hand_id, variant, level, fixed_seed, seq, state, seat)
        try:
            services.submit_action(hand_id, seat, action, seq, robot=level)
        except services.Stale:
            return None  # the state was behind the log, or somebody else moved first
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
    # A clock fires a little after its deadline, so that it has surely passed.
    CLOCK_MARGIN = 0.05
    # A pass that failed is tried again this much later.
    RETRY = 1.0
    # The safety net (no hand has this id): every so often, the robot moves waiting in the
    # database are queued again, as at the start; a move whose wake-up was lost waits at most
    # this long.
    # (``settings.ROBOT_SWEEP`` seconds; 0: none).
    SWEEP = -1
    # A home's sign of life (games.services.homes), every quarter of the lease.
    BEAT = -2

    def __init__(self, start: bool = True) -> None:
        self._queue: list[tuple[float, int]] = []
        # (hand id, deadline) already queued, so that each pass does not queue it again.
        self._deadlines: set[tuple[int, datetime]] = set()
        # (hand id, seq) where a robot was due at the previous sweep
        self._due_before: set[tuple[int, int]] = set()
        # When each hand last changed (add_paced, monotonic): its robot moves its table's pace
        # after that, whatever wake-up comes first (one queued before the change, a page view's).
        self._changed: dict[int, float] = {}
        # The latest position in its log each hand's changes said it reached (add_paced): a pass
        # that finds the hand further on has come before that change's wake-up (_heard_of).
        self._heard: dict[int, int] = {}
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="robots", daemon=True)
        if start:  # tests drive a runner's steps themselves
            self._thread.start()

    def add(self, hand_id: int, delay: float) -> None:
        with self._cond:
            heapq.heappush(self._queue, (time.monotonic() + delay, hand_id))
            self._cond.notify()

    def add_paced(self, hand_id: int, seq: int | None = None) -> None:
        """Queue the hand after its table's robots' pace (games.services.robot_pace), counted from now,
        its latest change (a move, if ``seq`` says where it took the log). Called in an event
        loop too (a socket's consumer): a pace not yet read is read by the robot thread, which
        then waits the rest of it before the move."""
        delay = robot_pace.known(hand_id)
        with self._cond:
            if len(self._changed) > 10_000:
                self._changed.clear()
                self._heard.clear()
            self._changed[hand_id] = time.monotonic()
            if seq is not None and seq > self._heard.get(hand_id, -1):
                self._heard[hand_id] = seq
        self.add(hand_id, 0.0 if delay is None else delay)

    def _ready(self, hand_id: int, seq: int, home: str) -> bool:
        """Whether this pass moves the hand: one this process drives (``homes.drives``: a hand
        that another live process has become home to is left to it), whose latest move this
        runner has heard of (``_heard_of``)."""
        return homes.drives(home) and self._heard_of(hand_id, seq)

    def _heard_of(self, hand_id: int, seq: int) -> bool:
        """Whether this runner has heard of the move that took the hand to ``seq`` (the log's
        position, read by the pass). A pass woken for an earlier change can read a move whose
        own wake-up is still on its way (a person who answered a robot within its pace: the
        commit is visible before its callbacks have run, or before the worker hears of it):
        that move counts as made now, and the hand waits the pace from it (False). A hand none
        of whose moves this runner heard of (after a start, or only dealt) moves at once."""
        with self._cond:
            heard = self._heard.get(hand_id)
        if heard is None or seq <= heard:
            return True
        self.add_paced(hand_id, seq)
        return False

    def add_deadline(self, hand_id: int, deadline: datetime) -> None:
        with self._cond:
            if (hand_id, deadline) in self._deadlines:
                return
            self._deadlines.add((hand_id, deadline))
        delay = (deadline - timezone.now()).total_seconds() + self.CLOCK_MARGIN
        self.add(hand_id, max(0.0, delay))

    def load_deadlines(self) -> None:
        """Queue every running clock in the database of the hands this process drives
        (``homes.driven_here``): those that ran out while the process was down fire at once."""
        for hand_id, deadline in turn_clocks.pending(homes.driven_here()):
            self.add_deadline(hand_id, deadline)

    def load_robot_moves(self) -> None:
        """Queue every hand this process drives where a robot is to act: after a restart the
        robots move again without waiting for somebody to open the page."""
        for hand_id in due_positions(homes.driven_here()):
            self.add(hand_id, 0.0)

    def sweep(self) -> list[int]:
        """The safety net: queue every hand whose robot has been due at the same position
        since the previous sweep (its wake-up was lost: a pass that kept failing, say)."""
        positions = set(due_positions(homes.driven_here()).items())
        stranded = sorted(hand_id for hand_id, _ in positions & self._due_before)
        self._due_before = positions
        for hand_id in stranded:
            log.warning("robot move in hand %s waited a whole sweep; moving it now", hand_id)
            self.add(hand_id, 0.0)
        return stranded

    def due(self) -> list[int]:
        """The hands whose wake-up time has come (for tests; the thread pops them itself)."""
        with self._cond:
            now = time.monotonic()
            return sorted({h for t, h in self._queue if t <= now})

    def _run(self) -> None:
        if settings.ROBOT_DRIVES != homes.EVERY:
            self.add(self.BEAT, 0.0)  # this home's first sign of life at once, then every beat
        try:
            close_old_connections()
            self.load_deadlines()
            self.load_robot_moves()
        except Exception:
            log.exception("loading the turn clocks and robot moves failed")
        if settings.ROBOT_SWEEP:
            self.add(self.SWEEP, settings.ROBOT_SWEEP)
        while True:
            with self._cond:
                while not self._queue or self._queue[0][0] > time.monotonic():
                    timeout = self._queue[0][0] - time.monotonic() if self._queue else None
                    self._cond.wait(timeout)
                _, hand_id = heapq.heappop(self._queue)
                # Several wake-ups for one hand collapse into one pass; later ones (a clock's
                # deadline) stay queued.
                now = time.monotonic()
                self._queue = [(t, h) for t, h in self._queue if h != hand_id or t > now]
                heapq.heapify(self._queue)
            self.wake(hand_id)

    def wake(self, hand_id: int) -> None:
        """One wake-up: the hand's pass (or the safety sweep)."""
        try:
            tidy_connections()
            if hand_id == self.BEAT:
                self.add(self.BEAT, homes.beat_every())
                homes.beat()
            elif hand_id == self.SWEEP:
                if settings.ROBOT_SWEEP:
                    self.sweep()
                    self.add(self.SWEEP, settings.ROBOT_SWEEP)
            elif not self._waited_pace(hand_id):
                self.run_pass(hand_id)
        except Exception:
            # A passing failure (the database busy or away) must not strand the hand: it is
            # woken again a little later.
            again = settings.ROBOT_SWEEP if hand_id == self.SWEEP else self.RETRY
            if hand_id == self.BEAT:  # queued again before it was tried
                log.exception("this home's sign of life failed; trying again at the next beat")
                return
            log.exception("robot move in hand %s failed; trying again in %.0f s", hand_id, again)
            self.add(hand_id, again)
        finally:
            try:
                tidy_connections()
            except Exception:  # the thread goes on whatever befell its connection
                log.exception("tidying the robot thread's database connection failed")

    def _waited_pace(self, hand_id: int) -> bool:
        """A wake-up before the hand's pace has passed since its latest change (the pace not
        read yet, or a wake-up queued before that change): queue the hand again for the rest of
        it. True if it was queued again (its pass comes then)."""
        with self._cond:
            changed = self._changed.get(hand_id)
        if changed is None:
            return False
        rest = changed + robot_pace.delay(hand_id) - time.monotonic()
        if rest <= 0.001:
            with self._cond:
                if self._changed.get(hand_id) == changed:
                    del self._changed[hand_id]
            return False
        self.add(hand_id, rest)
        return True

    def run_pass(self, hand_id: int) -> None:
        """One wake-up of a hand: its robot move, its due clocks, then queue its deadlines."""
        move_once(hand_id, self._ready)
        if not turn_clocks.timed(hand_id):
            return  # a room without a clock has no deadline to fire or queue
        clocks.fire_due(hand_id=hand_id)
        # Any move since (this pass's or a player's) scheduled the hand again; queue the
        # deadlines that are running now.
        present = turn_clocks.deadlines(hand_id)
        with self._cond:
            self._deadlines = {(h, d) for h, d in self._deadlines if h != hand_id or d in present.values()}
        for deadline in present.values():
            self.add_deadline(hand_id, deadline)


_runner: _ThreadRunner | None = None
_runner_lock = threading.Lock()


def _thread_runner() -> _ThreadRunner:
    global _runner
    with _runner_lock:
        if _runner is None:
            _runner = _ThreadRunner()
        return _runner
