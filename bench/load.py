"""Load test: N tables against the site started in one of three shapes, measuring moves and
hands per second, the server's CPU per move and per hand, and push latency.

    python bench/load.py --shape embedded --tables 50 --seconds 60
    python bench/load.py --shape prod1 --tables 200 --seconds 60     # one Daphne process
    python bench/load.py --shape prod2 --tables 200 --seconds 60     # two Daphne processes
    python bench/load.py --shape prod --web 4 --game czech --robots 3 --tables 40 --private-redis
    python bench/load.py --shape prod1 --game czech --robots 3 --tables 10 --seconds 30
    python bench/load.py --shape prod1 --game czech --robots 3 --tables 50 --seconds 20 --idle
    python bench/load.py --shape embedded --game all --robots 3 --tables 1 --seconds 20

``prod`` runs ``--web N`` Daphne processes and (with robots) ``--workers M`` robot workers (one by
default; since issue 39's homes a table's web process drives its robots, and a worker only the
tables whose home died, games/services/homes.py); ``prod1`` and
``prod2`` are ``prod`` with one and two web processes. It needs PostgreSQL and Redis (DATABASE_URL, default
postgres://postgres@127.0.0.1:5432/tarokk_bench, created when missing; REDIS_URL, default
redis://127.0.0.1:6379/0; ``--private-redis`` starts a redis-server of the run's own on a free
port instead, so that its CPU and its command counts are the bench's alone). ``--url`` plays
against a site that is already running instead.

A table has scripted seats (guests, each with its own session cookie) and, with ``--robots N``,
N robot seats (the last ones, as ``create_room`` gives them; at most all but seat 0; Bridge is
played by N + 1), moving with no delay (``TAROKK_ROBOT_DELAY=0``): in the robot thread of the web
process that serves the table (its home; before issue 39's homes, in the robot worker).
``--game`` is the variant, ``all`` each in turn. Every scripted seat listens on the room
websocket and, when a push shows it to act with choices it has not acted on, sends a random one
of the actions its page offers
(bench/player.py): over the page's websocket as the room page does (``--moves socket``, the
default) or posted to ``/r/<code>/act`` as a script does (``--moves http``; the figures of
2026-11-24 and before were taken so). One audience page per table listens too. With several
web processes, a table's pages are on one of them, as deploy/nginx.conf routes them
(``--routing table``, the default since 2026-11-25), or spread over them (``--routing spread``,
the figures before).

Figures: moves (every action of the log in the window, robots' included) and hands finished,
per second; the CPU time of every server process (web, worker, and in production shapes
PostgreSQL's backends of the bench database and its helpers, and redis-server; bench/cpu.py)
per move and per hand, by kind; "your turn again", from just before a seat sends its move to
the push that asks it to act again; and "all pages" (``--moves http`` only: it needs the
answer's move number), from the POST to every page of the table showing the move. ``--idle``
connects the pages and plays nothing: the CPU of the servers alone. ``--profile DIR`` runs each
server process under cProfile (bench/profiled.py). The first ``--warmup`` seconds are not
counted.

Counts per move in the same window (bench/counters.py), which do not depend on the machine's
load: the SQL statements every server process executed, by verb (each runs under
bench/counted.py; not with ``--profile``), PostgreSQL's transactions and rows of the bench
database (``pg_stat_database``, read a second behind: see bench/counters.py) and Redis's
commands (``INFO commandstats``). A line ``RESULT {json}`` ends each run. It asserts nothing;
it never runs as a test.
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import contextlib
import json
import os
import random
import secrets
import socket
import statistics
import string
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.counted import __file__ as COUNTED  # noqa: E402
from bench.counters import Counters  # noqa: E402
from bench.cpu import Meter, server_total  # noqa: E402
from bench.player import Figures, Seat, Table  # noqa: E402

GAMES = ("hungarian", "czech", "slovenian3", "bridge")
# Moves in a hand with random scripted choices and basic robots (measured by this bench, one
# table, 2026-11-24), for hands per second when no hand of the run finished in its window.
HAND_MOVES = {"hungarian": 42, "czech": 66, "slovenian3": 18, "bridge": 34}


# --- set-up: players, sessions and tables straight in the database ----------------------


def setup_django() -> None:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokk_site.settings")
    os.environ["TAROKK_ROBOT_RUNNER"] = "off"  # the servers' robots play, never this process's
    django.setup()
    import logging

    logging.getLogger("httpx").setLevel(logging.WARNING)  # a line per request would load this process


def table_shape(game: str, robots: int) -> tuple[dict[str, object], int, int]:
    """The options, seats and robot seats of a table of ``game`` with (up to) ``robots``
    robots: at least one scripted seat; Bridge takes one player more than its robots (2-4)."""
    from games.rules import get_variant
    from games.rules.base import resolve_options

    variant = get_variant(game)
    options: dict[str, object] = {}
    if game == "bridge" and robots:
        options["players"] = max(2, min(4, robots + 1))
    seats = variant.seat_count(resolve_options(variant.options, options))
    return options, seats, min(robots, seats - 1)


def make_tables(
    count: int,
    urls: list[str],
    game: str = "hungarian",
    robots: int = 0,
    routing: str = "table",
    robot_level: str = "basic",
) -> list[tuple[str, list[Seat]]]:
    """Guests with sessions and full tables, written by the bench process itself (through
    games.services), so that setting up does not load the server being measured. The robots
    take the last seats (as ``create_room`` gives them); the scripted guests the first.

    ``routing`` (with several web processes): ``table``, every page of a table on one process,
    the tables in turn, as deploy/nginx.conf sends them; ``spread``, a table's pages on the
    processes in turn (with one person, the audience on the other process than the seat), as a
    proxy that ignores the table would: every change then crosses to every process."""
    setup_django()
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    from accounts.guests import create_guest
    from games import services

    def session_for(user: object) -> dict[str, str]:
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)  # type: ignore[attr-defined]
        store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()  # type: ignore[attr-defined]
        store.create()
        token = "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(32))
        return {settings.SESSION_COOKIE_NAME: store.session_key, settings.CSRF_COOKIE_NAME: token}

    options, seat_count, robots = table_shape(game, robots)
    tables = []
    for t in range(count):
        users = [create_guest() for _ in range(seat_count - robots)]
        room = services.create_room(users[0], game, robots=robots, options=options, robot_level=robot_level)
        for index, user in enumerate(users[1:], start=1):
            services.sit(room, user, index)
        # The process of each page of the table (the audience's last).
        pages = [urls[(t if routing == "table" else t + page) % len(urls)] for page in range(len(users) + 1)]
        seats = [Seat(i, pages[i], session_for(u)) for i, u in enumerate(users)]
        seats.append(Seat(-1, pages[-1], {}, plays=False))
        tables.append((room.code, seats))
    from django.db import connections

    connections.close_all()
    return tables


def close_tables(codes: list[str]) -> None:
    """Close the tables of a run, so that no robot or sweep of a later run works for them."""
    from django.db import connections

    from games.models import Room

    Room.objects.filter(code__in=codes).update(closed=True)
    connections.close_all()


def log_figures(codes: list[str], since: datetime, until: datetime, game: str) -> dict[str, float]:
    """Moves (every action in the log, robots' included) and hands finished in the window."""
    from django.db import connections
    from django.db.models import Avg, Count

    from games.models import Hand, HandAction

    moves = HandAction.objects.filter(hand__room__code__in=codes, created__gte=since, created__lt=until)
    finished = Hand.objects.filter(room__code__in=codes, finished__gte=since, finished__lt=until)
    # The length of a hand: the mean of every hand these tables finished, in the window or not.
    ended = Hand.objects.filter(room__code__in=codes, finished__isnull=False)
    ended = ended.aggregate(n=Avg("seq"), count=Count("pk"))
    # Too few to say (a Hungarian hand that everybody passes ends after four moves): the nominal.
    length = ended["n"] if ended["count"] >= 3 else None
    figures = {
        "moves_per_hand_nominal": not length,
        "moves": moves.count(),
        "robot_moves": moves.exclude(robot="").count(),
        "private_moves": moves.filter(public=False).count(),
        "hands": finished.count(),
        "moves_per_hand": float(length or HAND_MOVES.get(game, 0)),
    }
    connections.close_all()
    return figures


# --- running ---------------------------------------------------------------------------


async def run(
    tables: list[tuple[str, list[Seat]]],
    seconds: float,
    warmup: float,
    seed: int,
    think: float,
    meter: Meter | None = None,
    counters: Counters | None = None,
    idle: bool = False,
    game: str = "",
    moves: str = "socket",
) -> Figures:
    """Connect every page, then (unless ``idle``) let the scripted seats play; count the
    ``seconds`` after ``warmup``."""
    from django.utils import timezone

    figures = Figures()
    stop = asyncio.Event()
    rng = random.Random(seed)
    limits = httpx.Limits(max_connections=2, max_keepalive_connections=2)
    clients: list[httpx.AsyncClient] = []
    tasks = []
    live = []
    # Every page connects (and gets its snapshot) before anyone plays, a few at a time.
    begun = time.perf_counter()
    # (Daphne drops a socket not accepted within 5 s: a connect storm would feed on its retries.)
    for code, seats in tables:
        table = Table(code, seats, figures, random.Random(rng.random()), think, moves)
        live.append(table)
        for seat in seats:
            tasks.append(asyncio.create_task(table.listen(seat, stop)))
        if len(live) % 4 == 0:
            for earlier in live[-4:]:
                for seat in earlier.seats:
                    await seat.connected.wait()
    for table in live:
        for seat in table.seats:
            await seat.connected.wait()
    print(
        f"load: {sum(len(t.seats) for t in live)} pages connected in {time.perf_counter() - begun:.1f} s"
        f" ({figures.reconnects} retries)",
        flush=True,
    )
    if not idle:
        for table in live:
            for seat in table.players:
                http = httpx.AsyncClient(
                    base_url=seat.base_url, cookies=seat.cookies, limits=limits, timeout=30
                )
                clients.append(http)
                tasks.append(asyncio.create_task(table.play(seat, http, stop)))
            tasks.append(asyncio.create_task(table.watch(stop)))
    await asyncio.sleep(warmup)
    meter = meter or Meter({})
    counters = counters or Counters()
    figures.counting = True
    started = time.perf_counter()
    since = timezone.now()
    meter.sample()
    await asyncio.to_thread(counters.open)
    before = os.times()
    ends = started + seconds
    while (left := ends - time.perf_counter()) > 0:
        await asyncio.sleep(min(0.5, left))  # new PostgreSQL backends are looked for each time
        meter.sample()
    figures.counting = False
    until = timezone.now()
    after = os.times()
    await asyncio.to_thread(counters.close)
    figures.counts = counters.deltas()
    figures.seconds = time.perf_counter() - started
    figures.cpu = meter.by_kind()
    figures.cpu["client"] = after.user + after.system - before.user - before.system
    stop.set()
    for table in live:
        for seat in table.seats:
            seat.wake.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for http in clients:
        await http.aclose()
    codes = [code for code, _ in tables]
    figures.log = await asyncio.to_thread(log_figures, codes, since, until, game)
    return figures


def percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)

    def pct(p: float) -> float:
        return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1000 if ordered else float("nan")

    return {"p50": pct(50), "p95": pct(95), "p99": pct(99), "max": pct(100), "n": len(ordered)}


def summary(label: str, tables: int, figures: Figures, idle: bool) -> dict[str, object]:
    """The figures of a run as one record (printed as a JSON line, for tables of results)."""
    seconds = figures.seconds
    server = server_total(figures.cpu)
    moves = figures.log.get("moves", 0)
    hands = figures.log.get("hands", 0)
    per_move = server * 1000 / moves if moves else float("nan")
    per_hand = figures.log.get("moves_per_hand", 0)
    return {
        "label": label,
        "tables": tables,
        "idle": idle,
        "seconds": round(seconds, 1),
        "moves": moves,
        "moves_per_s": round(moves / seconds, 2),
        "hands": hands,
        "hands_per_s": round(hands / seconds, 3),
        # Throughput in hands even when few end in the window: moves/s over moves per hand.
        "hand_equivalents_per_s": round(moves / seconds / per_hand, 3) if per_hand else 0.0,
        "moves_per_hand_nominal": bool(figures.log.get("moves_per_hand_nominal")),
        "moves_per_hand": round(per_hand, 1),
        "cpu_ms_per_move": round(per_move, 2),
        "cpu_ms_per_hand": round(per_move * per_hand, 1),
        "server_cores": round(server / seconds, 4),
        "cpu_cores": {kind: round(t / seconds, 4) for kind, t in sorted(figures.cpu.items())},
        "again_ms": {k: round(v, 1) for k, v in percentiles(figures.again).items()},
        "all_pages_ms": {k: round(v, 1) for k, v in percentiles(figures.latencies).items()},
        "scripted_moves": figures.actions,
        "stalls": figures.stalls,
        "same_version_moves": figures.same_version,
        "conflicts": figures.conflicts,
        "refusals": figures.refusals,
        "reconnects": figures.reconnects,
        "errors": len(figures.errors),
        "load": [round(x, 2) for x in os.getloadavg()],
        # Counts per move (bench/counters.py): "pg" pg_stat_database's, "redis" commands,
        # "sql" statements by verb (also "sql web", "sql worker", "sql web-0" ...).
        "per_move": per_move_counts(figures.counts, moves),
        "counts": figures.counts,
    }


def per_move_counts(counts: dict[str, dict[str, int]], moves: int) -> dict[str, dict[str, float]]:
    """The window's counts over its moves; PostgreSQL's with the rows written summed."""
    if not moves:
        return {}
    found = {group: {k: round(v / moves, 3) for k, v in sorted(c.items())} for group, c in counts.items()}
    pg = counts.get("pg")
    if pg:
        written = pg.get("tup_inserted", 0) + pg.get("tup_updated", 0) + pg.get("tup_deleted", 0)
        found["pg"]["rows_written"] = round(written / moves, 3)
    redis = counts.get("redis")
    if redis:
        found["redis"]["all"] = round(sum(redis.values()) / moves, 3)
    return found


def report(record: dict[str, object], figures: Figures) -> None:
    r = record
    seconds = figures.seconds
    print(f"\n{r['label']}: {r['tables']} tables, {seconds:.0f} s measured{' (idle)' if r['idle'] else ''}")
    if not r["idle"]:
        log = figures.log
        print(
            f"  moves (log)    {r['moves']} ({r['moves_per_s']} moves/s; robots {log.get('robot_moves', 0)},"
            f" private {log.get('private_moves', 0)}; scripted seats {r['scripted_moves']})"
        )
        print(
            f"  hands          {r['hands']} finished ({r['hands_per_s']} hands/s);"
            f" {r['moves_per_hand']} moves a hand{' (nominal)' if r['moves_per_hand_nominal'] else ''},"
            f" so {r['hand_equivalents_per_s']} hands/s of moves"
        )
        print(f"  server CPU     {r['cpu_ms_per_move']} ms per move, {r['cpu_ms_per_hand']} ms per hand")
    print(f"  server cores   {r['server_cores']:.3f} of a core in all")
    moves = figures.log.get("moves", 0)
    for kind, t in sorted(figures.cpu.items()):
        note = " (not counted: not the server)" if kind in ("client", "postgres-other") else ""
        per = f"{t * 1000 / moves:6.2f} ms/move  " if moves and not r["idle"] else ""
        print(f"    {kind:16} {per}{t / seconds:.3f} core{note}")
    if not r["idle"]:
        for name, values in (("your turn again", figures.again), ("all pages", figures.latencies)):
            p = percentiles(values)
            print(
                f"  {name:15} ms p50 {p['p50']:.1f}  p95 {p['p95']:.1f}  p99 {p['p99']:.1f}"
                f"  max {p['max']:.1f}  (n {p['n']})"
            )
        if figures.latencies:
            print(f"  all pages mean {statistics.fmean(figures.latencies) * 1000:.1f} ms")
        per = r["per_move"]
        assert isinstance(per, dict)
        for group in ("sql", "sql web", "sql worker", "pg", "redis"):
            if per.get(group):
                text = ", ".join(f"{k} {v:g}" for k, v in per[group].items())
                print(f"  per move {group:10} {text}")
    print(f"  load average   {' '.join(f'{x:.2f}' for x in os.getloadavg())} (at the end)")
    print(f"  stalls         {figures.stalls} (moves asked at an unchanged version: {figures.same_version})")
    print(f"  conflicts 409  {figures.conflicts}; refused 403 {figures.refusals}")
    print(f"  reconnects     {figures.reconnects} (all runs, set-up included)")
    print(f"  errors         {len(figures.errors)}")
    for error in figures.errors[:5]:
        print(f"    {error}")
    print("RESULT " + json.dumps(record), flush=True)


class CountedStack:
    """Wraps ``Stack.command`` so that every server process runs under bench/counted.py,
    writing its statement counts to DIR/<name>.json."""

    def __init__(self, stack: object, directory: Path) -> None:
        self.directory = directory
        self.original = stack.command  # type: ignore[attr-defined]
        stack.command = self.command  # type: ignore[attr-defined]
        self.files = {name: directory / f"{name}.json" for name in stack.names}  # type: ignore[attr-defined]

    def command(self, name: str) -> tuple[list[str], dict[str, str]]:
        cmd, env = self.original(name)
        return [cmd[0], COUNTED, str(self.directory / f"{name}.json"), *cmd[1:]], env


def private_redis(port: int) -> subprocess.Popen[bytes]:
    """A redis-server of the run's own (no persistence), on ``port``, ready."""
    proc = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    atexit.register(proc.kill)  # never left behind, even when the stack fails to start
    for _ in range(100):
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
            return proc
        time.sleep(0.05)
    proc.kill()
    raise RuntimeError(f"redis-server did not listen on {port}")


class ProfiledStack:
    """Wraps ``Stack.command`` so that every server process runs under bench/profiled.py."""

    def __init__(self, stack: object, directory: Path) -> None:
        self.stack = stack
        self.directory = directory
        self.original = stack.command  # type: ignore[attr-defined]
        stack.command = self.command  # type: ignore[attr-defined]
        stack.stop = self.stop  # type: ignore[attr-defined]

    def stop(self) -> None:
        # Writing a profile takes a while (one profiler per thread, merged): more than the
        # 5 s Stack.stop waits before it kills.
        for proc in self.stack.procs.values():  # type: ignore[attr-defined]
            if proc.poll() is None:
                proc.terminate()
        for proc in self.stack.procs.values():  # type: ignore[attr-defined]
            try:
                proc.wait(120)
            except Exception:  # noqa: BLE001 - still not done: the generic stop kills it
                pass
        type(self.stack).stop(self.stack)

    def command(self, name: str) -> tuple[list[str], dict[str, str]]:
        cmd, env = self.original(name)
        wrapper = [str(ROOT / "bench" / "profiled.py"), str(self.directory / f"{name}.prof")]
        if cmd[1:3] == ["-m", "daphne"]:
            return [cmd[0], *wrapper, "-m", *cmd[2:]], env
        return [cmd[0], *wrapper, *cmd[1:]], env


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--shape",
        choices=["embedded", "prod", "prod1", "prod2"],
        default="embedded",
        help="prod: --web Daphne processes and a robot worker; prod1, prod2: prod with --web 1, 2",
    )
    parser.add_argument("--web", type=int, default=1, help="Daphne processes of --shape prod")
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="robot workers of --shape prod (with --robots; they drive only tables whose home died)",
    )
    parser.add_argument(
        "--private-redis",
        action="store_true",
        help="run a redis-server of the bench's own (its CPU and commands are then the site's alone)",
    )
    parser.add_argument("--game", choices=[*GAMES, "all"], default="hungarian")
    parser.add_argument("--robots", type=int, default=0, help="robot seats per table (3: the real shape)")
    parser.add_argument(
        "--robot-level", default="basic", help="the robots' level (basic; strong thinks up to 1 s a decision)"
    )
    parser.add_argument("--idle", action="store_true", help="connect the pages, play nothing, measure CPU")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--warmup", type=float, default=5)
    parser.add_argument("--port", type=int, default=8301)
    parser.add_argument("--seed", type=int, default=20261122)
    parser.add_argument("--think", type=float, default=0, help="mean think time per move, seconds")
    parser.add_argument(
        "--moves",
        choices=["socket", "http"],
        default="socket",
        help="the scripted seats' moves: over the page's websocket (as the room page sends them; "
        "then no move is counted in 'all pages', which needs the move's answer) or posted to /act",
    )
    parser.add_argument(
        "--routing",
        choices=["table", "spread"],
        default="table",
        help="with several web processes: a table's pages on one (as deploy/nginx.conf routes them) "
        "or spread over them (make_tables)",
    )
    parser.add_argument("--url", action="append", help="play against running web processes instead")
    parser.add_argument("--keep-logs", type=Path, default=None, help="write the servers' output there")
    parser.add_argument("--profile", type=Path, default=None, help="cProfile every server process into DIR")
    args = parser.parse_args()
    if args.shape in ("prod1", "prod2"):
        args.shape, args.web = "prod", int(args.shape[-1])
    if args.shape == "embedded":
        args.web = 1

    from tarokk_site.stack import Stack

    stack = None
    named: dict[int, str] = {}  # the processes whose CPU time is counted (not with --url)
    database = None
    redis_proc = None
    counters = Counters()
    if args.url:
        urls = args.url
    else:
        env = dict(os.environ)
        env.update(DJANGO_DEBUG="false", DJANGO_SECRET_KEY=secrets.token_urlsafe(32))
        env.update(DJANGO_SECURE_COOKIES="false", DJANGO_LOG_LEVEL="WARNING")
        # Every simulated player comes from this one address: count them per user only; and a
        # scripted person with robots at delay 0 moves faster than any person (a fast machine
        # passed the 300 moves a minute of ``act.user``), so their moves are not counted either.
        env.setdefault("TAROKK_RATE_LIMITS", "act.ip=0,act.user=0,frame.ip=0,room.ip=0,guest.ip=0")
        if args.robots:
            env["TAROKK_ROBOT_DELAY"] = "0"
        if args.shape == "embedded":
            env["SQLITE_PATH"] = str(Path(tempfile.mkdtemp()) / "bench.sqlite3")
            env.pop("DATABASE_URL", None)
            env.pop("REDIS_URL", None)
        else:
            env.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tarokk_bench")
            env.setdefault("REDIS_URL", "redis://127.0.0.1:6379/0")
            if args.private_redis:
                redis_port = args.port + 90
                redis_proc = private_redis(redis_port)
                env["REDIS_URL"] = f"redis://127.0.0.1:{redis_port}/0"
                print(f"load: a redis-server of its own on port {redis_port}", flush=True)
            env["REDIS_PREFIX"] = f"bench-{secrets.token_hex(3)}"
            ensure_database(env["DATABASE_URL"])
            database = env["DATABASE_URL"].rpartition("/")[2]
            counters.database_url = env["DATABASE_URL"]
            counters.redis_url = env["REDIS_URL"]
        stack = Stack(
            web=args.web,
            workers=args.workers if args.robots else 0,  # the embedded shape runs its robots in a thread
            port=args.port,
            env=env,
            embedded=args.shape == "embedded",
            log_dir=args.keep_logs or Path(tempfile.mkdtemp()),
            access_log=False,
        )
        if args.profile:
            args.profile.mkdir(parents=True, exist_ok=True)
            ProfiledStack(stack, args.profile.resolve())
        else:
            counters.statements = CountedStack(stack, Path(tempfile.mkdtemp())).files
        # The same secret: the session auth hashes written here must match the servers'.
        shared = (
            "DATABASE_URL",
            "REDIS_URL",
            "REDIS_PREFIX",
            "SQLITE_PATH",
            "DJANGO_SECRET_KEY",
            "DJANGO_DEBUG",
        )
        os.environ.update({k: v for k, v in env.items() if k in shared})
        if args.shape == "embedded":
            os.environ.pop("DATABASE_URL", None)
            os.environ.pop("REDIS_URL", None)
        print(f"load: starting {args.shape} on port {args.port}", flush=True)
        stack.start()
        urls = stack.urls
        pids = {name: proc.pid for name, proc in stack.procs.items()}
        print(f"load: processes {pids}", flush=True)
        named = {pid: name for name, pid in pids.items()}
        if redis_proc is not None:
            named[redis_proc.pid] = "redis"
    games = GAMES if args.game == "all" else (args.game,)
    try:
        for game in games:
            begun = time.perf_counter()
            tables = make_tables(args.tables, urls, game, args.robots, args.routing, args.robot_level)
            took = time.perf_counter() - begun
            print(f"load: {args.tables} {game} tables set up in {took:.1f} s", flush=True)
            meter = Meter(named, database=database, redis=database is not None and redis_proc is None)
            try:
                figures = asyncio.run(
                    run(
                        tables,
                        args.seconds,
                        args.warmup,
                        args.seed,
                        args.think,
                        meter,
                        counters,
                        args.idle,
                        game,
                        args.moves,
                    )
                )
            finally:
                close_tables([code for code, _ in tables])
            robots = table_shape(game, args.robots)[2]
            label = (
                (f"prod{args.web}" if args.shape == "prod" else args.shape)
                if not args.url
                else ",".join(urls)
            )
            if redis_proc is not None:
                label += " (own Redis)"
            label += f", {game}, {robots} robots" + (f", think {args.think:g} s" if args.think else "")
            if robots and args.robot_level != "basic":
                label += f" ({args.robot_level})"
            label += f", moves over {'the socket' if args.moves == 'socket' else 'HTTP'}"
            if args.workers != 1 and args.robots and args.shape == "prod":
                label += f", {args.workers} robot workers"
            if len(urls) > 1:
                label += f", {'a table on one process' if args.routing == 'table' else 'tables spread'}"
            report(summary(label, args.tables, figures, args.idle), figures)
    finally:
        if stack is not None:
            stack.stop()
        if redis_proc is not None:
            redis_proc.terminate()
            redis_proc.wait(10)
    return 0


def ensure_database(url: str) -> None:
    import psycopg

    base, _, name = url.rpartition("/")
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


if __name__ == "__main__":
    sys.exit(main())
