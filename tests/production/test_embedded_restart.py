"""The embedded default (one Daphne process, SQLite, robots and clocks in a thread) killed with
SIGKILL mid-hand and started again (the issue's finding 9): without anybody opening the page,
the robots move again and a turn clock that ran out while the site was down fires, so a
client that uses only view.json and act, as the README invites, plays the hand to its end.

It needs no PostgreSQL or Redis, but it starts a real server: it runs with the production
tests (``-m production``), which are the suite's real-process tests."""

from __future__ import annotations

import os
import random
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tarokk_site.stack import Stack
from tests.production.conftest import free_port_base
from tests.production.players import Person, pick

# The newest hand's actions (a thrown-in deal is followed by another).
THIS_HAND = "hand_id = (SELECT max(id) FROM games_hand)"
ROBOT_DELAY = 1.5  # until the first kill: long enough to kill the process while a robot waits


@pytest.fixture(autouse=True)
def _needs_postgres_and_redis() -> None:
    """The embedded default needs neither (overrides the folder's skip)."""


@pytest.fixture
def embedded(tmp_path: Path) -> Iterator[tuple[Stack, Path]]:
    db = tmp_path / "embedded.sqlite3"
    env = {
        "SQLITE_PATH": str(db),
        "TAROKK_ROBOT_DELAY": str(ROBOT_DELAY),
        "DJANGO_LOG_LEVEL": "WARNING",
        "DJANGO_SECURE_COOKIES": "false",  # plain HTTP, as bin/serve
    }
    stack = Stack(web=1, embedded=True, port=free_port_base(1), env={**os.environ, **env}, log_dir=tmp_path)
    stack._manage("migrate", "--noinput")
    with stack:
        stack.start(prepare=False)
        yield stack, db


def query(db: Path, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute(sql, args).fetchall()


def wait_until(check: Callable[[], Any], what: str, timeout: float = 15) -> Any:
    deadline = time.monotonic() + timeout
    while not (found := check()):
        assert time.monotonic() < deadline, what
        time.sleep(0.05)
    return found


def test_a_killed_embedded_server_resumes_robots_and_clocks_from_the_database(embedded: Any):
    stack, db = embedded
    alice = Person(stack.url()).guest()
    response = alice._post("/rooms/new", {"variant": "hungarian", "robots": "3", "turn_clock": "20"})
    assert response.status_code == 302, response.text
    code = response.headers["location"].strip("/").split("/")[-1]
    rng = random.Random(11)

    # Alice moves until a robot is to act, then the process dies while the robot waits.
    for _ in range(200):
        view = alice.view(code)
        if view["phase"] == "over":  # the random deal was thrown in (nobody bid): deal the next
            assert alice.next_hand(code, view["hand_no"]).status_code == 200
            continue
        if view["legal"]:
            assert alice.act(code, pick(view, rng), view["seq"]).status_code == 200
            after = alice.view(code)
            if after["to_act"] and 0 not in after["to_act"]:
                break
        else:
            time.sleep(0.05)
    else:
        raise AssertionError("no move of alice's was answered by a robot")
    stack.kill("web-0")
    (stalled,) = query(db, "SELECT seq FROM games_hand ORDER BY id DESC LIMIT 1")[0]
    assert 0 not in after["to_act"] and stalled == after["seq"]

    # Started again, nobody opens the page: the robots move on their own (quickly from now on).
    stack.env["TAROKK_ROBOT_DELAY"] = "0.1"
    stack.restart("web-0")
    wait_until(lambda: alice.view(code)["seq"] > stalled, "the robots did not move after the restart")

    # When alice alone is to act, the process dies again and her clock runs out while it is down.
    last: dict[str, Any] = {}

    def alone() -> Any:
        last.update(v := alice.view(code))
        if v["phase"] == "over":  # the random deal was thrown in (nobody bid): deal the next
            assert alice.next_hand(code, v["hand_no"]).status_code == 200
            return False
        return v["to_act"] == [0] and v

    try:
        view = wait_until(alone, "alice is never asked alone")
    except AssertionError as failed:
        seen = {k: last.get(k) for k in ("seq", "phase", "to_act")}
        raise AssertionError(f"{failed}; last seen {seen}; the server said:{stack._tail('web-0')}") from None
    stack.kill("web-0")
    query(db, "UPDATE games_turnclock SET deadline = '2000-01-01 00:00:00' WHERE seat = 0")
    stack.restart("web-0")
    wait_until(lambda: alice.view(code)["seq"] > view["seq"], "the clock did not fire after the restart")
    moved = query(
        db, f"SELECT seat, robot FROM games_handaction WHERE {THIS_HAND} AND seq = ?", view["seq"] + 1
    )
    assert moved == [(0, "clock")]

    # The rest of the hand, through view.json and act alone.
    deadline = time.monotonic() + 60
    while (view := alice.view(code))["phase"] != "over":
        assert time.monotonic() < deadline, f"stuck at seq {view['seq']} ({view['phase']})"
        if view["legal"]:
            assert alice.act(code, pick(view, rng), view["seq"]).status_code in (200, 409)
        else:
            time.sleep(0.05)
    seqs = [row[0] for row in query(db, f"SELECT seq FROM games_handaction WHERE {THIS_HAND} ORDER BY seq")]
    assert seqs == list(range(1, view["seq"] + 1)) and view["result"]
    alice.close()
