"""Server CPU per move through each door of the embedded site: ``POST /r/<code>/act`` (an htmx
request through every middleware) against the room's websocket (htmx's ``ws-send``, what the
pages use), with every seat's page open in both cases (its socket renders and receives each push).

Four people at a Hungarian table, no robots, on a fresh SQLite database in a temporary folder;
each move is the seat's first legal action (a bid of three where it may: hands are played out),
and is done once every page has its push.
The CPU is this process's (all its threads) around each move, so it holds the door, the write and
the four pushes; the HTTP figure is Django's test client, which skips Daphne's HTTP parsing and
the ASGI handler, so it is if anything too low. The doors take turns by hand.

Run from the project root: ``python bench/move_door.py [hands]`` (default 4). It prints figures
and asserts nothing; it never runs as a test.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
FOLDER = tempfile.mkdtemp(prefix="move-door-")
os.environ.update(
    DJANGO_SETTINGS_MODULE="tarokk_site.settings",
    SQLITE_PATH=str(Path(FOLDER) / "bench.sqlite3"),
    TAROKK_ROBOT_RUNNER="inline",
    TAROKK_RATE_LIMITS="act.user=0,act.ip=0,frame.user=0,frame.ip=0",
)
os.environ.pop("DATABASE_URL", None)
os.environ.pop("REDIS_URL", None)

import django  # noqa: E402

django.setup()

from asgiref.sync import sync_to_async  # noqa: E402
from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import URLRouter  # noqa: E402
from channels.testing import WebsocketCommunicator  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from accounts.models import User  # noqa: E402
from games import services  # noqa: E402
from games.live.routing import websocket_urlpatterns  # noqa: E402
from games.models import Room  # noqa: E402
from games.rules import get_variant  # noqa: E402
from games.services import replay  # noqa: E402

APP = AuthMiddlewareStack(URLRouter(websocket_urlpatterns))


def table() -> tuple[Room, list[Client]]:
    users = [User.objects.create_user(f"bench{n}-{time.monotonic_ns()}", password="x") for n in range(4)]
    room = services.create_room(users[0], "hungarian", robots=0)
    for seat, user in enumerate(users[1:], start=1):
        services.sit(room, user, seat)
    browsers = []
    for user in users:
        browser = Client()
        browser.force_login(user)
        browsers.append(browser)
    return room, browsers


def next_move(room: Room) -> tuple[int, str, int] | None:
    """The seat to act, its move and the move number its page shows; None at the end."""
    room.refresh_from_db()
    hand = room.current_hand()
    if hand.is_over:
        return None
    variant = get_variant(hand.variant)
    state = replay.current(hand)
    seat = min(variant.to_act(state))
    legal = variant.legal_actions(state, seat)
    # Bid when it can, so that hands are played out rather than thrown in.
    action = next((a for a in ("bid:three", "hold", "keep") if a in legal), legal[0])
    return seat, action, hand.public_seq


def post(browser: Client, code: str, action: str, seq: int) -> None:
    answer = browser.post(f"/r/{code}/act", {"action": action, "seq": seq}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 204, answer.content


async def play_hand(door: str) -> list[float]:
    room, browsers = await sync_to_async(table)()
    pages = []
    for browser in browsers:
        cookie = f"{settings.SESSION_COOKIE_NAME}={browser.cookies[settings.SESSION_COOKIE_NAME].value}"
        page = WebsocketCommunicator(APP, f"/ws/r/{room.code}/", headers=[(b"cookie", cookie.encode())])
        assert (await page.connect())[0]
        await page.receive_from(timeout=5)  # the snapshot
        pages.append(page)
    cpu = []
    while (move := await sync_to_async(next_move)(room)) is not None:
        seat, action, seq = move
        start = time.process_time()
        if door == "socket":
            await pages[seat].send_to(text_data=json.dumps({"action": action, "seq": seq, "HEADERS": {}}))
        else:
            await sync_to_async(post)(browsers[seat], room.code, action, seq)
        for page in pages:  # every page gets the push of the move (Hungarian has no private move)
            await page.receive_from(timeout=5)
        cpu.append(time.process_time() - start)
    for page in pages:
        await page.disconnect()
    return cpu


async def main(hands: int) -> None:
    await sync_to_async(call_command)("migrate", verbosity=0)
    # The pages' hashed static names (staticfiles/, as bin/serve collects them).
    await sync_to_async(call_command)("collectstatic", interactive=False, verbosity=0)
    figures: dict[str, list[float]] = {"http": [], "socket": []}
    await play_hand("socket")  # warm up: imports, templates, caches
    for _ in range(hands):
        for door in figures:
            figures[door] += await play_hand(door)
    print(f"CPU per move, Hungarian, four pages open, {hands} hands per door:")
    for door, cpu in figures.items():
        ms = sorted(c * 1000 for c in cpu)
        print(
            f"  {door:>6}: {len(ms)} moves, median {statistics.median(ms):.2f} ms, "
            f"mean {statistics.fmean(ms):.2f} ms, p90 {ms[int(len(ms) * 0.9)]:.2f} ms"
        )


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 4))
