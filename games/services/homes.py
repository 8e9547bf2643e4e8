"""A table's home: the process that drives its robots and turn clocks.

In production the proxy sends every request and socket of a table to one web process, so that
process commits its people's moves. It is the hand's home: each change it writes names it
(``Hand.home``), and its robot thread, woken by its own commit, makes the robots' moves from the
state it has just committed, with no hop through Redis or another process. A home says it is
alive every quarter of the lease (``beat``, a ``Home`` row). When it stops (killed, its machine
gone), its hands' homes fall silent; after ``HOME_LEASE`` seconds the robot worker, which
drives the ``orphans``, finds them (``orphaned``) and drives them, becoming their home, until a
person's move, committed by the process the proxy now chooses, makes that process home again.

Which hands a process drives is ``settings.ROBOT_DRIVES``: ``every`` (the embedded default, one
process), ``home`` (a production web process) or ``orphans`` (the robot worker). Two processes
that both try a move is never an error (``submit_action`` lets one through): only wasted work.
"""

from __future__ import annotations

import os
import secrets
import socket
import threading
import time
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone

from games.models import Hand, Home

# This process's name: its machine, its pid and a random part (a pid is used again after a restart).
NAME = f"{socket.gethostname()[:32]}:{os.getpid()}:{secrets.token_hex(4)}"
EVERY, HOME, ORPHANS = "every", "home", "orphans"


def here() -> str:
    """The home a change written by this process names: this process, if it drives robots."""
    return NAME if settings.ROBOT_RUNNER == "thread" else ""


def beat_every() -> float:
    """Seconds between a home's signs of life: four to a lease."""
    return float(settings.HOME_LEASE) / 4


def beat(now: datetime | None = None) -> None:
    """This process is alive (one row, written). Now and then the rows of processes silent for
    a day go (a hand names its home by name alone: a home without a row is silent)."""
    moment = now or timezone.now()
    if not Home.objects.filter(name=NAME).update(beat=moment):  # one statement, but at the first
        Home.objects.update_or_create(name=NAME, defaults={"beat": moment})
    _alive.clear()
    global _beats
    _beats += 1
    if _beats % FORGET_EVERY == 1:
        Home.objects.filter(beat__lt=moment - timedelta(days=1)).delete()


# Beats between two looks for the rows of long-dead homes (the first beat looks too).
FORGET_EVERY = 1000
_beats = 0


def alive(now: datetime | None = None) -> set[str]:
    """The homes that said they were alive within the lease (read at most once a second)."""
    if now is None and _alive.fresh():
        return _alive.names
    moment = now or timezone.now()
    names = set(
        Home.objects.filter(beat__gte=moment - timedelta(seconds=settings.HOME_LEASE)).values_list(
            "name", flat=True
        )
    )
    if now is None:
        _alive.keep(names)
    return names


def is_silent(home: str) -> bool:
    """Whether hands of ``home`` have nobody driving them (an empty home: none ever did)."""
    return home != NAME and home not in alive()


def orphaned(now: datetime | None = None, mine_too: bool = False) -> QuerySet[Hand, Any]:
    """The unfinished hands of open rooms whose home is silent (their ids, for a filter), and
    with ``mine_too`` those this process is home to."""
    homes = alive(now) - {NAME} if mine_too else alive(now)
    return Hand.objects.filter(finished__isnull=True, room__closed=False).exclude(home__in=homes).values("id")


def driven_here() -> QuerySet[Hand, Any] | None:
    """The hands this process's robot thread drives, as a filter of hand ids; None: every hand."""
    drives = settings.ROBOT_DRIVES
    if drives == EVERY:
        return None
    if drives == HOME:
        return Hand.objects.filter(finished__isnull=True, home=NAME).values("id")
    return orphaned(mine_too=True)


def drives(home: str) -> bool:
    """Whether this process drives a hand whose latest change names ``home``: its own, an
    orphan's, or any, by ``settings.ROBOT_DRIVES``. A hand homed in another live process is
    left to it (a wake-up queued here before that process took it over)."""
    return settings.ROBOT_DRIVES == EVERY or home == NAME or is_silent(home)


class _Alive:
    """The names of the live homes, kept a second."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.names: set[str] = set()
        self._at = float("-inf")

    def fresh(self) -> bool:
        with self._lock:
            return time.monotonic() - self._at < 1.0

    def keep(self, names: set[str]) -> None:
        with self._lock:
            self.names, self._at = names, time.monotonic()

    def clear(self) -> None:
        with self._lock:
            self._at = float("-inf")


_alive = _Alive()
