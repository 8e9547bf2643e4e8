"""Load test: N tables of four scripted players plus one audience page each, against the site
started in one of three shapes, measuring actions per second and push latency.

    python bench/load.py --shape embedded --tables 50 --seconds 60
    python bench/load.py --shape prod1 --tables 200 --seconds 60     # one Daphne process
    python bench/load.py --shape prod2 --tables 200 --seconds 60     # two Daphne processes

``prod1``/``prod2`` need PostgreSQL and Redis (DATABASE_URL, default
postgres://postgres@127.0.0.1:5432/tarokk_bench, created when missing; REDIS_URL, default
redis://127.0.0.1:6379/0). ``--url`` plays against a site that is already running instead.

Every seat is a guest with its own session cookie: it listens on the room websocket, and when
a push says it is its turn it posts a random one of the actions its page offers (the buttons,
playable cards, cut positions and discards of the hand and controls partials pushed to it, as
a browser has them) and notes the time. The latency of an action is from just before its POST
to the moment all five pages of the table (four seats and the audience) have received a push
showing it. Seat 0 deals the next hand when one ends. The first ``--warmup`` seconds are not
counted. It prints its figures and asserts nothing; it never runs as a test.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import os
import random
import re
import secrets
import statistics
import string
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

STATUS = re.compile(
    r'<div id="status" class="status( my-turn)?"[^>]*data-seq="(\d+)"[^>]*data-phase="([^"]*)"[^>]*'
    r'data-version="(\d+)"'
)
# The seat's own choices, as a browser has them: the pushed hand and controls partials.
PANEL = re.compile(r'<section id="(hand|controls)"[^>]*>.*?</section>', re.S)
ACTION = re.compile(r'data-action="([^"]+)"')
CUT = re.compile(r'<option value="(cut:\d+)"')
DISCARDS = re.compile(r"data-legal='([^']*)'")


def legal_actions(panels: dict[str, str]) -> list[str]:
    """The actions a page offers its seat: buttons and playable cards (``data-action``), the
    cut positions, and every legal discard (the discard form's ``data-legal``)."""
    text = panels.get("hand", "") + panels.get("controls", "")
    found = ACTION.findall(text) + CUT.findall(text)
    for listed in DISCARDS.findall(text):
        found += json.loads(html.unescape(listed))
    return found


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    conflicts: int = 0  # 409: a simultaneous discard overtaken; the seat looks again
    reconnects: int = 0  # a page whose socket failed or dropped connects again, as htmx's ws does
    errors: list[str] = field(default_factory=list)
    counting: bool = False
    cpu: dict[str, float] = field(default_factory=dict)  # seconds of CPU over the measured window


@dataclass
class Seat:
    index: int  # 0..3, or 4 for the audience
    base_url: str
    cookies: dict[str, str]
    version: int = -1
    my_turn: bool = False
    phase: str = ""
    seq: int = 0  # the move number the page shows (what its forms post)
    panels: dict[str, str] = field(default_factory=dict)  # its latest hand and controls HTML
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    connected: asyncio.Event = field(default_factory=asyncio.Event)


class Table:
    def __init__(
        self, code: str, seats: list[Seat], figures: Figures, rng: random.Random, think: float = 0
    ) -> None:
        self.code = code
        self.think = think  # mean seconds a player thinks before moving (0: as fast as allowed)
        self.seats = seats  # four players and the audience
        self.figures = figures
        self.rng = rng
        # version -> (submitted at, pages that have not shown it yet)
        self.pending: dict[int, tuple[float, set[int]]] = {}

    def seen(self, seat: Seat, version: int) -> None:
        now = time.perf_counter()
        for wanted in [v for v in self.pending if v <= version]:
            started, waiting = self.pending[wanted]
            waiting.discard(seat.index)
            if not waiting:
                del self.pending[wanted]
                if self.figures.counting:
                    self.figures.latencies.append(now - started)

    async def listen(self, seat: Seat, stop: asyncio.Event) -> None:
        url = seat.base_url.replace("http://", "ws://") + f"/ws/r/{self.code}/"
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in seat.cookies.items())} if seat.cookies else {}
        while not stop.is_set():
            try:
                async with websockets.connect(
                    url,
                    origin=seat.base_url,
                    additional_headers=headers,
                    max_size=2**22,
                    ping_interval=None,
                    open_timeout=60,
                ) as ws:
                    async for message in ws:
                        text = message if isinstance(message, str) else message.decode()
                        for panel in PANEL.finditer(text):
                            seat.panels[panel.group(1)] = panel.group(0)
                        found = STATUS.search(text)
                        if not found:
                            continue
                        seat.connected.set()
                        version = int(found.group(4))
                        if version < seat.version:
                            continue
                        seat.version, seat.my_turn = version, bool(found.group(1))
                        seat.seq, seat.phase = int(found.group(2)), found.group(3)
                        self.seen(seat, version)
                        seat.wake.set()
                        if stop.is_set():
                            return
            except Exception as exc:  # noqa: BLE001 - a failed or dropped page connects again
                if stop.is_set():
                    return
                self.figures.reconnects += 1
                if self.figures.counting:
                    self.figures.errors.append(f"socket {self.code}/{seat.index}: {exc!r}")
                await asyncio.sleep(1 + self.rng.random())

    async def play(self, seat: Seat, http: httpx.AsyncClient, stop: asyncio.Event) -> None:
        headers = {"X-CSRFToken": seat.cookies["csrftoken"]}
        acted_at = -1
        while not stop.is_set():
            await seat.wake.wait()
            seat.wake.clear()
            if stop.is_set():
                return
            try:
                if seat.phase == "over" and seat.index == 0 and seat.version > acted_at:
                    acted_at = seat.version
                    await http.post(
                        f"/r/{self.code}/next", data={"hand_no": seat.version // 1_000_000}, headers=headers
                    )
                    continue
                if not seat.my_turn or seat.version <= acted_at:
                    continue
                acted_at = seat.version
                if self.think:
                    await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.think)
                legal = legal_actions(seat.panels)
                if not legal:
                    continue
                action = self.rng.choice(legal)
                hand_base = seat.version // 1_000_000 * 1_000_000  # version = hand number, move
                started = time.perf_counter()
                response = await http.post(
                    f"/r/{self.code}/act", data={"action": action, "seq": seat.seq}, headers=headers
                )
                if response.status_code == 200:
                    version = hand_base + response.json()["seq"]
                    waiting = {s.index for s in self.seats if s.version < version}
                    if waiting:
                        self.pending[version] = (started, waiting)
                    elif self.figures.counting:
                        self.figures.latencies.append(time.perf_counter() - started)
                    if self.figures.counting:
                        self.figures.actions += 1
                elif response.status_code == 409:
                    # The table moved on (another seat's discard came first): the push that
                    # says so wakes this seat again, as it refreshes a browser's page.
                    self.figures.conflicts += 1
                else:
                    self.figures.errors.append(f"act {self.code}/{seat.index}: {response.status_code}")
            except Exception as exc:  # noqa: BLE001
                if not stop.is_set():
                    self.figures.errors.append(f"http {self.code}/{seat.index}: {exc!r}")
                    acted_at = -1
                    await asyncio.sleep(0.5)
                    seat.wake.set()


# --- set-up: players, sessions and tables straight in the database ----------------------


def make_tables(count: int, urls: list[str]) -> list[tuple[str, list[Seat]]]:
    """Guests with sessions and full tables, written by the bench process itself (through
    games.services), so that setting up does not load the server being measured."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokk_site.settings")
    os.environ["TAROKK_ROBOT_RUNNER"] = "off"
    django.setup()
    import logging

    logging.getLogger("httpx").setLevel(logging.WARNING)  # a line per request would load this process
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

    tables = []
    for t in range(count):
        users = [create_guest() for _ in range(4)]
        room = services.create_room(users[0], "hungarian", robots=0)
        for index, user in enumerate(users[1:], start=1):
            services.sit(room, user, index)
        seats = [Seat(i, urls[(t + i) % len(urls)], session_for(u)) for i, u in enumerate(users)]
        seats.append(Seat(4, urls[t % len(urls)], {}))
        tables.append((room.code, seats))
    from django.db import connections

    connections.close_all()
    return tables


# --- running ---------------------------------------------------------------------------


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc; 0 where there is none)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    # utime and stime are fields 14 and 15 of stat(5); the split starts at field 3.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_now(pids: dict[str, int]) -> dict[str, float]:
    times = {name: cpu_seconds(pid) for name, pid in pids.items()}
    own = os.times()
    times["client"] = own.user + own.system
    return times


async def run(
    tables: list[tuple[str, list[Seat]]],
    seconds: float,
    warmup: float,
    seed: int,
    think: float,
    pids: dict[str, int] | None = None,
) -> Figures:
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
        table = Table(code, seats, figures, random.Random(rng.random()), think)
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
    for table in live:
        for seat in table.seats[:4]:
            http = httpx.AsyncClient(base_url=seat.base_url, cookies=seat.cookies, limits=limits, timeout=30)
            clients.append(http)
            tasks.append(asyncio.create_task(table.play(seat, http, stop)))
    await asyncio.sleep(warmup)
    figures.counting = True
    started = time.perf_counter()
    cpu_before = cpu_now(pids or {})
    await asyncio.sleep(seconds)
    figures.counting = False
    cpu_after = cpu_now(pids or {})
    elapsed = time.perf_counter() - started
    figures.cpu = {name: cpu_after[name] - cpu_before[name] for name in cpu_after}
    stop.set()
    for table in live:
        for seat in table.seats:
            seat.wake.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for http in clients:
        await http.aclose()
    figures.seconds = elapsed  # type: ignore[attr-defined]
    return figures


def report(label: str, tables: int, figures: Figures) -> None:
    lat = sorted(figures.latencies)
    seconds = figures.seconds  # type: ignore[attr-defined]

    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(p / 100 * len(lat)))] * 1000 if lat else float("nan")

    print(f"\n{label}: {tables} tables, {seconds:.0f} s measured")
    print(f"  actions        {figures.actions} ({figures.actions / seconds:.1f} actions/s)")
    print(f"  latency ms     p50 {pct(50):.1f}  p95 {pct(95):.1f}  p99 {pct(99):.1f}  max {pct(100):.1f}")
    if lat:
        mean = statistics.fmean(lat) * 1000
        print(f"  mean ms        {mean:.1f}  over {len(lat)} actions seen by all 5 pages")
    web = {name: t for name, t in figures.cpu.items() if name.startswith("web-")}
    if web and figures.actions:
        per_action = sum(web.values()) * 1000 / figures.actions
        shares = "  ".join(f"{name} {t / seconds:.0%}" for name, t in sorted(web.items()))
        print(f"  web CPU        {per_action:.1f} ms per action  ({shares} of a core)")
    if "client" in figures.cpu:
        print(f"  client CPU     {figures.cpu['client'] / seconds:.0%} of a core")
    print(f"  load average   {' '.join(f'{x:.2f}' for x in os.getloadavg())} (at the end)")
    print(f"  conflicts 409  {figures.conflicts}")
    print(f"  reconnects     {figures.reconnects} (all runs, set-up included)")
    print(f"  errors         {len(figures.errors)}")
    for error in figures.errors[:5]:
        print(f"    {error}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shape", choices=["embedded", "prod1", "prod2"], default="embedded")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--warmup", type=float, default=5)
    parser.add_argument("--port", type=int, default=8301)
    parser.add_argument("--seed", type=int, default=20261122)
    parser.add_argument("--think", type=float, default=0, help="mean think time per move, seconds")
    parser.add_argument("--url", action="append", help="play against running web processes instead")
    parser.add_argument("--keep-logs", type=Path, default=None, help="write the servers' output there")
    args = parser.parse_args()

    from tarokk_site.stack import Stack

    stack = None
    web_pids: dict[str, int] = {}  # the web processes whose CPU time is counted (not with --url)
    if args.url:
        urls = args.url
    else:
        env = dict(os.environ)
        env.update(DJANGO_DEBUG="false", DJANGO_SECRET_KEY=secrets.token_urlsafe(32))
        env.update(DJANGO_SECURE_COOKIES="false", DJANGO_LOG_LEVEL="WARNING")
        # Every simulated player comes from this one address: count them per user only.
        env.setdefault("TAROKK_RATE_LIMITS", "act.ip=0,frame.ip=0,room.ip=0,guest.ip=0")
        if args.shape == "embedded":
            env["SQLITE_PATH"] = str(Path(tempfile.mkdtemp()) / "bench.sqlite3")
            env.pop("DATABASE_URL", None)
            env.pop("REDIS_URL", None)
        else:
            env.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tarokk_bench")
            env.setdefault("REDIS_URL", "redis://127.0.0.1:6379/0")
            env["REDIS_PREFIX"] = f"bench-{secrets.token_hex(3)}"
            ensure_database(env["DATABASE_URL"])
        stack = Stack(
            web=2 if args.shape == "prod2" else 1,
            workers=0,
            port=args.port,
            env=env,
            embedded=args.shape == "embedded",
            log_dir=args.keep_logs or Path(tempfile.mkdtemp()),
            access_log=False,
        )
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
        web_pids = {name: pid for name, pid in pids.items() if name.startswith("web-")}
    try:
        begun = time.perf_counter()
        tables = make_tables(args.tables, urls)
        print(f"load: {args.tables} tables set up in {time.perf_counter() - begun:.1f} s", flush=True)
        figures = asyncio.run(run(tables, args.seconds, args.warmup, args.seed, args.think, web_pids))
        label = args.shape if not args.url else ",".join(urls)
        report(f"{label}{f', think {args.think:g} s' if args.think else ''}", args.tables, figures)
    finally:
        if stack is not None:
            stack.stop()
    return 0


def ensure_database(url: str) -> None:
    import psycopg

    base, _, name = url.rpartition("/")
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


if __name__ == "__main__":
    sys.exit(main())
