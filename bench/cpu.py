"""CPU time of the server's processes over a window, by kind: the web processes, the robot
worker, PostgreSQL and Redis, read from Linux's /proc (user + system time).

PostgreSQL runs one process per connection and opens new ones as clients connect, so its
processes are looked for again at every ``sample()``: a process first seen after the window
opened counts from zero, and one that exits between two samples loses only what it used since
the last one (the pools of the web processes and the worker keep their connections, so that is
rare). The server is shared with whatever else uses it on this machine (other test runs): a
backend counts as ours only if its process title names our database; the postmaster and its
helpers (checkpointer, writers, launchers) count as ``postgres-shared``, and the backends of
other databases are reported apart (``postgres-other``) and left out of the totals. Redis has
one process and cannot be split: ``redis`` is all of it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")
# Kinds that are not the server's own work and stay out of the totals.
NOT_SERVER = {"client", "postgres-other"}


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process so far (None once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None
    # utime and stime are fields 14 and 15 of stat(5); the split starts at field 3.
    return (int(fields[11]) + int(fields[12])) / TICK


def _comm(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def _title(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").split()
    except OSError:
        return []


def postgres_kind(title: list[str], database: str) -> str:
    """``postgres`` (a backend of ``database``), ``postgres-other`` (a backend of another
    database) or ``postgres-shared`` (the postmaster and its helpers), from a process title
    such as ``postgres: 15/main: postgres tarokk_bench 127.0.0.1(40312) idle``."""
    if database and database in title[1:]:
        return "postgres"
    text = " ".join(title)
    # A client backend's title ends with its client's address and what it is doing.
    if "(" in text and ")" in text or "[local]" in text:
        return "postgres-other"
    return "postgres-shared"


@dataclass
class Meter:
    """``named``: pid -> kind of the processes the bench started (``web-0``, ``worker-0``);
    ``database``: count PostgreSQL's processes (None: not in this shape); ``redis``: count
    redis-server's."""

    named: dict[int, str]
    database: str | None = None
    redis: bool = False
    first: dict[int, float] = field(default_factory=dict)
    last: dict[int, float] = field(default_factory=dict)
    kinds: dict[int, str] = field(default_factory=dict)
    started: bool = False

    def _found(self) -> dict[int, str]:
        found = dict(self.named)
        if self.database is None and not self.redis:
            return found
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            pid = int(entry.name)
            if pid in found or pid in self.kinds:
                continue
            comm = _comm(pid)
            if comm == "postgres" and self.database is not None:
                found[pid] = postgres_kind(_title(pid), self.database)
            elif comm == "redis-server" and self.redis:
                found[pid] = "redis"
        return found

    def sample(self) -> None:
        """Read every process's CPU time now; the first call opens the window."""
        for pid, kind in self._found().items():
            seconds = cpu_seconds(pid)
            if seconds is None:
                continue
            if pid not in self.kinds:
                self.kinds[pid] = kind
                # A process born inside the window used all its time inside it.
                self.first[pid] = seconds if not self.started else 0.0
            self.last[pid] = seconds
        for pid in list(self.kinds):
            if pid not in self.named and pid in self.last:
                seconds = cpu_seconds(pid)
                if seconds is not None:
                    self.last[pid] = seconds
        self.started = True

    def by_kind(self) -> dict[str, float]:
        """Seconds of CPU per kind between the first and the last sample."""
        totals: dict[str, float] = {}
        for pid, kind in self.kinds.items():
            totals[kind] = totals.get(kind, 0.0) + self.last.get(pid, 0.0) - self.first.get(pid, 0.0)
        return totals


def server_total(by_kind: dict[str, float]) -> float:
    return sum(t for kind, t in by_kind.items() if kind not in NOT_SERVER)
