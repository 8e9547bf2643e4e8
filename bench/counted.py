"""Run a server process counting the SQL statements its Django connections execute, by verb:
``python bench/counted.py OUT.json -m daphne ...`` or ``python bench/counted.py OUT.json
manage.py robots ...``.

PostgreSQL's own counters (``pg_stat_database``) count transactions and rows, not statements,
and ``pg_stat_statements`` is not loaded on the bench's server; so every Django connection the
process opens gets an execute wrapper (``connection.execute_wrappers``, appended once per
connection object: with the pool, ``connection_created`` is sent at every check-out) that
counts the statement by its first word (select, insert, update, delete, other). The counts are
written to OUT.json every 0.2 s by a daemon thread, so a reader is at most 0.2 s behind.
Transactions' BEGIN and COMMIT are psycopg's, not Django statements, and are not counted here
(``pg_stat_database.xact_commit`` has them). The wrapper costs a Python call per statement
(about a microsecond): nothing next to a move's milliseconds. Used by ``bench/load.py``.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.main_of import run_as_main  # noqa: E402

counts: Counter[str] = Counter()
lock = threading.Lock()
VERBS = ("select", "insert", "update", "delete")


def _count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
    word = sql.lstrip().split(None, 1)[0].lower() if sql else ""
    with lock:
        counts[word if word in VERBS else "other"] += 1
        if many:
            counts["executemany"] += 1
    return execute(sql, params, many, context)


def _on_connection(sender: object, connection: Any, **kwargs: object) -> None:
    if _count not in connection.execute_wrappers:
        connection.execute_wrappers.append(_count)


def _writer(path: str) -> None:
    partial = f"{path}.{os.getpid()}.tmp"
    while True:
        with lock:
            text = json.dumps(dict(counts))
        with open(partial, "w") as out:
            out.write(text)
        os.replace(partial, path)  # a reader never sees half a file
        time.sleep(0.2)


def main() -> None:
    path, *command = sys.argv[1:]
    from django.db.backends.signals import connection_created

    connection_created.connect(_on_connection, weak=False)
    threading.Thread(target=_writer, args=(path,), daemon=True).start()
    run_as_main(command)


def read(path: str) -> dict[str, int]:
    """The counts a process last wrote (empty before its first write)."""
    try:
        with open(path) as source:
            return json.load(source)
    except (OSError, ValueError):
        return {}


if __name__ == "__main__":
    main()
