"""One club tournament of many simulated players on this machine (issue 40): per round, the
server's CPU and wall time from the round's start (the driver seating it) to its standings.

Run from the project root:

    .venv/bin/python bench/tournament.py                        # 100 players, 3 rounds of 2 hands
    .venv/bin/python bench/tournament.py --players 98 --rounds 2 --hands 1
    .venv/bin/python bench/tournament.py --base 4ade1c7 --reps 3  # against a base, interleaved
    .venv/bin/python bench/tournament.py --postgres              # PostgreSQL instead of SQLite

A worker process (``bench/base.py``: this checkout's, or ``--base``'s code in a temporary git
worktree, the sides' order alternating run by run) opens a fresh database (SQLite in a temporary
folder; ``--postgres``: ``tarokk_bench_tournament`` on the local server, dropped and made again),
makes ``--players`` users, enters them in one Hungarian duplicate tournament (four seats a
table: 100 players, 25 tables) of ``--rounds`` rounds of ``--hands`` hands, and plays it to the
end. Robots move inline (``ROBOT_RUNNER=inline``, ``ROBOT_DELAY=0``) for any robot seats (none
when the players fill the tables). Each simulated player chooses its moves with the basic robot
from its own seat's view (``games.bots.seat_view``: ``variant.observe(state, seat)`` with the
public log a careful player remembers), from its own seeded ``random.Random``, and submits them
through ``services.submit_action`` as a person's move; the tables take turns, one move each.
When every table's hand is over the driver is advanced (``driver.advance(pk, now)``) with a
``now`` past the pause, so nothing sleeps. The tournament's seed is fixed, so two runs do the
same work (a digest of the final standings shows it).

Per round it times, in wall seconds (``time.perf_counter``) and the process's CPU seconds
(``time.process_time``), with the SQL statements counted:

- ``seating``: ``driver.seat_round`` (round 1: inside the start; later rounds: inside the
  advance that closes the round before);
- ``moves``: the players' ``submit_action`` calls (the writer, the turn clocks, the robots
  inline, the after-commit effects; no page is open, so no push is rendered: ``bench/push.py``
  measures those);
- ``driver``: the advances that deal each next hand and close the round's tables (less the
  next round's seating);
- ``standings``: ``results.standings`` once the round's tables are done;
- ``server``: the sum of the four, the round from its start to its standings.

Beside them, not the server's work: ``players`` (the simulated players reading their hand and
choosing: the bench's own cost) and one ``tick``: a driver advance while every table is in play
(what the driver's loop spends every ``TOURNAMENT_TICK`` seconds during a round, with every
player's page open: a ``Presence`` row each).

First and last the parent prints the machine and its load, and the calibration
(``bench/calibration.py``), so figures of other days can be scaled. It prints figures and
asserts nothing; it never runs as a test.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import base  # noqa: E402

SEED = "bench-tournament-20261129"
POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/tarokk_bench_tournament"
PARTS = ("seating", "moves", "driver", "standings")


# --- the worker: runs with its side's code ------------------------------------------------------


def setup(directory: str, postgres: bool) -> None:
    """Django on a fresh database, robots inline and at once, the schema migrated."""
    if postgres:
        fresh_postgres(POSTGRES_URL)
        os.environ["DATABASE_URL"] = POSTGRES_URL
    else:
        os.environ.pop("DATABASE_URL", None)
        os.environ["SQLITE_PATH"] = str(Path(directory) / "tournament.sqlite3")
    os.environ.pop("REDIS_URL", None)
    os.environ["TAROKK_ROBOT_RUNNER"] = "inline"
    os.environ["TAROKK_ROBOT_DELAY"] = "0"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokk_site.settings")
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-tournament-" + "0" * 40)
    os.environ.setdefault("DJANGO_LOG_LEVEL", "WARNING")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def fresh_postgres(url: str) -> None:
    import psycopg

    server, _, name = url.rpartition("/")
    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


class Meter:
    """Wall and CPU seconds and SQL statements, summed by part of the work."""

    def __init__(self) -> None:
        self.totals: dict[str, dict[str, float]] = {}
        self.queries = 0

    def count(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        self.queries += 1
        return execute(sql, params, many, context)

    @contextlib.contextmanager
    def part(self, name: str) -> Iterator[None]:
        wall, cpu, queries = time.perf_counter(), time.process_time(), self.queries
        try:
            yield
        finally:
            self.add(name, time.perf_counter() - wall, time.process_time() - cpu, self.queries - queries)

    def add(self, name: str, wall: float, cpu: float, queries: float) -> None:
        total = self.totals.setdefault(name, {"wall": 0.0, "cpu": 0.0, "queries": 0.0})
        total["wall"] += wall
        total["cpu"] += cpu
        total["queries"] += queries

    def take(self) -> dict[str, dict[str, float]]:
        """The sums so far, started again from nothing."""
        taken, self.totals = self.totals, {}
        return taken


def later() -> Any:
    """A driver's ``now`` past the pause after every hand finished so far."""
    from django.conf import settings
    from django.utils import timezone

    return timezone.now() + timedelta(seconds=settings.TOURNAMENT_PAUSE + 1)


def play_round(tournament: Any, players: dict[int, random.Random], meter: Meter) -> dict[str, int]:
    """Every table of the current round to its last deal: the players move in turn, table by
    table, one move each, until every hand is over; then the driver deals the next hands (or
    closes the tables). The round's hands and moves."""
    from games import services
    from games.bots import get_robot, seat_view
    from games.models import Hand, Seat
    from games.rules import get_variant
    from games.services import replay
    from games.tournaments import driver
    from games.tournaments.models import TournamentTable

    robot = get_robot("basic")
    variant = get_variant(tournament.variant)
    with meter.part("players"):
        tables = list(TournamentTable.objects.filter(tournament=tournament, round=tournament.round))
        people = {  # each table's people by seat (nobody leaves: every page stays open)
            table.room_id: dict(
                Seat.objects.filter(room_id=table.room_id, user__isnull=False).values_list("index", "user_id")
            )
            for table in tables
        }
    moves = hands = 0
    while True:
        with meter.part("players"):
            pending: dict[int, tuple[int, int]] = {}  # room: its hand in play and the hand's seq
            for table in tables:
                hand = Hand.objects.filter(room_id=table.room_id).order_by("-number").first()
                if hand is not None and not hand.is_over:
                    pending[table.room_id] = (hand.pk, hand.seq)
        if not pending:
            break
        hands += len(pending)
        while pending:
            for pk in list(pending):
                hand_id, seq = pending[pk]
                users = people[pk]
                with meter.part("players"):
                    held = replay.held(hand_id)
                    if held is not None and held[0] == seq:
                        state = held[1]
                    else:
                        hand = Hand.objects.get(pk=hand_id)
                        seq, state = hand.seq, replay.current(hand)
                    if variant.is_over(state):
                        del pending[pk]
                        continue
                    seat = min(variant.to_act(state))
                    if seat not in users:
                        raise RuntimeError(f"robot to act, hand {hand_id} seat {seat}")  # untranslated: bench
                    legal = variant.legal_actions(state, seat)
                    action = robot.choose(seat_view(variant, state, seat), legal, players[users[seat]])
                with meter.part("moves"):
                    done = services.submit_action(hand_id, seat, action, seq, actor=None)
                moves += 1
                after = replay.held(hand_id)
                pending[pk] = (hand_id, after[0]) if after is not None else (hand_id, done.seq)
        with meter.part("driver"):
            driver.advance(tournament.pk, later())
    return {"hands": hands, "moves": moves}


def work(players_n: int, rounds: int, hands_n: int) -> dict[str, Any]:
    """The worker's whole job: the tournament made, entered and played; figures per round."""
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.utils import timezone

    from games.models import Presence, Seat
    from games.tournaments import driver, entries, results
    from games.tournaments.models import Tournament

    user_model = get_user_model()
    host = user_model.objects.create_user("bench-host", password=None)
    people = [
        user_model.objects.create_user(f"bench-player-{n:03d}", password=None) for n in range(players_n)
    ]
    tournament = entries.create(
        host,
        entries.Plan(
            name="Bench night",
            variant="hungarian",
            rounds=rounds,
            hands_per_round=hands_n,
            starts_at=timezone.now(),
            turn_clock=60,
            robot_level="basic",
        ),
    )
    Tournament.objects.filter(pk=tournament.pk).update(seed=hashlib.sha256(SEED.encode()).hexdigest()[:32])
    for person in people:
        entries.join(tournament, person)
    # Every player's page is open (the driver hands nobody's seat to a robot).
    seen = timezone.now() + timedelta(days=1)
    Presence.objects.bulk_create(Presence(channel=f"bench.{u.pk}", user=u, seen=seen) for u in people)
    rngs = {u.pk: random.Random(f"{SEED}:player:{n}") for n, u in enumerate(people)}

    meter = Meter()
    seat_round = driver.seat_round

    def timed_seating(*args: Any, **kwargs: Any) -> Any:
        with meter.part("seating"):
            return seat_round(*args, **kwargs)

    driver.seat_round = timed_seating  # the seating apart from the rest of its advance
    out: list[dict[str, Any]] = []
    with connection.execute_wrapper(meter.count):
        with meter.part("start"):
            driver.advance(tournament.pk, timezone.now() + timedelta(seconds=1))
        carried = meter.take()
        carried.pop("start")
        for number in range(1, rounds + 1):
            tournament.refresh_from_db()
            assert tournament.round == number, (tournament.round, number)
            # Every player has their table's page open: the rows follow them to this round's table
            # (outside the figures: a page does this as it opens).
            for user_id, room_id in (
                Seat.objects.filter(
                    room__tournament_table__tournament=tournament, room__tournament_table__round=number
                )
                .exclude(user=None)
                .values_list("user_id", "room_id")
            ):
                Presence.objects.filter(user_id=user_id).update(room_id=room_id)
            with meter.part("tick"):
                driver.advance(tournament.pk, timezone.now())  # nothing due: a look while play goes on
            counts = play_round(tournament, rngs, meter)
            with meter.part("standings"):
                rows = results.standings(tournament)
            figures = meter.take()
            # The next round's seating happened inside this round's last advance.
            following = figures.pop("seating", None)
            if following is not None:
                driver_part = figures["driver"]
                for key in driver_part:
                    driver_part[key] -= following[key]
            figures["seating"] = carried.get("seating", {"wall": 0.0, "cpu": 0.0, "queries": 0.0})
            carried = {"seating": following} if following is not None else {}
            out.append(
                {
                    "round": number,
                    "tables": tournament.tables.filter(round=number).count(),
                    **counts,
                    "figures": figures,
                }
            )
    driver.seat_round = seat_round
    tournament.refresh_from_db()
    digest = hashlib.sha256(
        json.dumps([(r.rank, r.entry.user.username, r.percent, r.total, r.boards) for r in rows]).encode()
    ).hexdigest()[:12]
    return {"state": tournament.state, "rounds": out, "standings": digest, "players": players_n}


# --- the parent -----------------------------------------------------------------------------------


def value(round_: dict[str, Any], part: str, key: str) -> float:
    """One round's ``key`` (wall, cpu, queries) of a part; ``server``: the four parts of the
    server's work summed; ``round``: those and the players', the round as the bench lived it."""
    figures = round_["figures"]
    if part == "server":
        return sum(figures[p][key] for p in PARTS)
    if part == "round":
        return sum(figures[p][key] for p in (*PARTS, "players"))
    return float(figures[part][key])


ROWS = (*PARTS, "server", "players", "round", "tick")


def report_round(number: int, runs: list[dict[str, Any]]) -> None:
    """One round's figures: the median over the runs of each part."""
    rounds = [run["rounds"][number] for run in runs]
    first = rounds[0]
    print(
        f"\nround {first['round']}: {first['tables']} tables, {first['hands']} hands, {first['moves']} moves"
    )
    print(f"  {'part':<10} {'wall s':>8} {'CPU s':>8} {'queries':>8}")
    for part in ROWS:
        wall, cpu, queries = (
            base.median([value(r, part, key) for r in rounds]) for key in ("wall", "cpu", "queries")
        )
        print(f"  {part:<10} {wall:8.3f} {cpu:8.3f} {queries:8.0f}")
    moves = base.median([r["figures"]["moves"]["cpu"] / r["moves"] * 1e3 for r in rounds])
    queries = base.median([r["figures"]["moves"]["queries"] / r["moves"] for r in rounds])
    print(f"  a move: {moves:.2f} ms CPU, {queries:.1f} queries")


def total(run: dict[str, Any], part: str, key: str) -> float:
    """A run's ``key`` of a part summed over its rounds."""
    return sum(value(r, part, key) for r in run["rounds"])


def report(runs: list[dict[str, Any]]) -> None:
    for number in range(len(runs[0]["rounds"])):
        report_round(number, runs)
    print("\nall rounds (medians over the runs):")
    for part in ROWS:
        wall, cpu = (base.median([total(run, part, key) for run in runs]) for key in ("wall", "cpu"))
        print(f"  {part:<10} {wall:8.3f} s wall {cpu:8.3f} s CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--hands", type=int, default=2, help="hands per round")
    parser.add_argument("--reps", type=int, default=1, help="runs per side (medians)")
    parser.add_argument("--base", action="append", default=[], help="a commit to compare against")
    parser.add_argument("--postgres", action="store_true", help=f"on {POSTGRES_URL}, not SQLite")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.worker:
        base.use_code_root()
        with tempfile.TemporaryDirectory(prefix="bench-tournament-") as directory:
            setup(directory, args.postgres)
            job = work(args.players, args.rounds, args.hands)
        print(json.dumps(job))
        return

    from bench.calibration import calibration, machine

    started = time.perf_counter()
    database = "PostgreSQL" if args.postgres else "SQLite"
    print(
        f"bench/tournament.py: {args.players} players, Hungarian duplicate, {args.rounds} rounds of "
        f"{args.hands} hands, {database}, {args.reps} run(s) per side"
    )
    print(f"machine: {machine()}")
    print(f"calibration (before): {calibration():.3f} s CPU to fold 300 Czech hands (this checkout's code)")
    argv = [
        str(Path(__file__).resolve()),
        "--worker",
        "--players",
        str(args.players),
        "--rounds",
        str(args.rounds),
        "--hands",
        str(args.hands),
        *(["--postgres"] if args.postgres else []),
    ]
    results = base.against_bases(args.base, argv, args.reps)

    here = results["here"]
    print(f"\nhere: the tournament {here[0]['state']}, standings {here[0]['standings']}")
    report(here)
    for name, runs in results.items():
        if name == "here":
            continue
        same = "the same standings" if runs[0]["standings"] == here[0]["standings"] else "OTHER standings"
        print(f"\n{name}: {same} ({runs[0]['standings']})")
        for part in (*PARTS, "server", "tick"):
            line = base.ratio_line(
                [total(run, part, "cpu") for run in runs],
                [total(run, part, "cpu") for run in here],
                "s CPU",
                3,
            )
            print(f"  {part:<10} {line}")
    print(f"\nmachine: {machine()}")
    print(f"calibration (after): {calibration():.3f} s CPU to fold 300 Czech hands (this checkout's code)")
    print(f"took {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
