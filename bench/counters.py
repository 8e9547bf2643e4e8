"""Counts of the server's work over a window, for per-move figures that do not depend on the
machine's load: PostgreSQL's transactions and rows (``pg_stat_database`` of the bench database),
Redis's commands (``INFO commandstats``) and the SQL statements the server processes executed
(bench/counted.py).

``pg_stat_database`` is not live: PostgreSQL 15 backends add their counts to the shared
statistics at most once a second while busy, and within a second of going idle; and a session
reading them keeps a snapshot for its transaction (``stats_fetch_consistency = cache``). So the
reader connects to the ``postgres`` database (its own reads are not counted in the bench's),
reads in autocommit after ``pg_stat_clear_snapshot()``, and the window it sees is the bench's
shifted by up to a second at each end: under a steady load the two shifts cancel out, and what
is left is at most a second's work over the window (3 % of a 30 s window). Redis's
``pg_stat_wal`` (the log's records, bytes and flushes, reported as ``cluster_wal_*``) is the
whole server's, so the bench's own only while no other database on it is written to. Redis's
``commandstats`` are live but count the whole server: exact for a Redis of the bench's own
(``bench/load.py --private-redis``), an upper bound on a shared one; the reader's own INFO calls
are left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from bench import counted

PG_FIELDS = (
    "xact_commit",
    "xact_rollback",
    "tup_inserted",
    "tup_updated",
    "tup_deleted",
    "tup_returned",
    "tup_fetched",
    "blks_read",
    "blks_hit",
)

# The write-ahead log of the whole server (pg_stat_wal has no per-database rows): the bench's
# own only while nothing else writes on that server. wal_sync: the flushes to disk that commits
# waited for (one flush can carry several transactions' commits).
WAL_FIELDS = ("wal_records", "wal_fpi", "wal_bytes", "wal_write", "wal_sync")


def pg_counts(url: str) -> dict[str, int]:
    """``pg_stat_database``'s counters of the database of ``url``, read from the ``postgres``
    database."""
    import psycopg

    base, _, name = url.rpartition("/")
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute("SELECT pg_stat_clear_snapshot()")
        row = conn.execute(
            f"SELECT {', '.join(PG_FIELDS)} FROM pg_stat_database WHERE datname = %s", (name,)
        ).fetchone()
        wal = conn.execute(f"SELECT {', '.join(WAL_FIELDS)} FROM pg_stat_wal").fetchone()
    found = dict(zip(PG_FIELDS, (int(v) for v in row), strict=True)) if row else {}
    if wal:
        found.update({f"cluster_{k}": int(v) for k, v in zip(WAL_FIELDS, wal, strict=True)})
    return found


def redis_counts(url: str) -> dict[str, int]:
    """Calls of every command Redis has run since it started (``INFO commandstats``)."""
    import redis

    client = redis.Redis.from_url(url)
    try:
        stats = client.info("commandstats")
    finally:
        client.close()
    return {name.removeprefix("cmdstat_"): int(v["calls"]) for name, v in stats.items()}


def _delta(after: dict[str, int], before: dict[str, int]) -> dict[str, int]:
    return {k: v - before.get(k, 0) for k, v in after.items() if v - before.get(k, 0)}


@dataclass
class Counters:
    """``database_url``: read PostgreSQL's counters (None: not in this shape); ``redis_url``:
    Redis's; ``statements``: kind -> the file bench/counted.py writes for a server process."""

    database_url: str | None = None
    redis_url: str | None = None
    statements: dict[str, Path] = field(default_factory=dict)
    first: dict[str, dict[str, int]] = field(default_factory=dict)
    last: dict[str, dict[str, int]] = field(default_factory=dict)

    def _read(self) -> dict[str, dict[str, int]]:
        read: dict[str, dict[str, int]] = {}
        if self.database_url:
            read["pg"] = pg_counts(self.database_url)
        if self.redis_url:
            read["redis"] = redis_counts(self.redis_url)
        for name, path in self.statements.items():
            read[f"sql {name}"] = counted.read(str(path))
        return read

    def open(self) -> None:
        self.first = self._read()

    def close(self) -> None:
        self.last = self._read()

    def deltas(self) -> dict[str, dict[str, int]]:
        """What each counter gained in the window; the statements also summed by kind of
        process (``sql web``: every web process) and over all (``sql``)."""
        found = {k: _delta(self.last.get(k, {}), v) for k, v in self.first.items()}
        if "redis" in found:
            found["redis"].pop("info", None)  # this reader's own
        sums: dict[str, dict[str, int]] = {}
        for key in [k for k in found if k.startswith("sql ")]:
            kind = key.removeprefix("sql ").split("-")[0]
            for total in (f"sql {kind}", "sql"):
                into = sums.setdefault(total, {})
                for verb, n in found[key].items():
                    into[verb] = into.get(verb, 0) + n
        for into in sums.values():
            into["all"] = sum(n for verb, n in into.items() if verb != "executemany")
        found.update(sums)
        return found
