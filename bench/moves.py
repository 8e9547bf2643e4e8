"""CPU of the path of one move, in one process and without the network: a table of one human
and robots, the human posting through Django's test client to ``/r/<code>/act`` (every
middleware, the view, ``services.submit_action``) and the robots answering in the same process
(``ROBOT_RUNNER=inline``, no delay), on a fresh SQLite database or the PostgreSQL of
``DATABASE_URL``. No page is open, so nothing is rendered: ``bench/load.py`` measures the whole
site with its pages.

    python bench/moves.py [--game czech] [--hands 30] [--profile out.prof]

It prints CPU per move and per hand and asserts nothing; it never runs as a test.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="czech")
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--seed", type=int, default=20261124)
    parser.add_argument("--profile", type=Path, default=None, help="write cProfile stats there")
    args = parser.parse_args()

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokk_site.settings")
    os.environ["TAROKK_ROBOT_RUNNER"] = "inline"
    os.environ["TAROKK_ROBOT_DELAY"] = "0"
    os.environ.setdefault("TAROKK_RATE_LIMITS", "act.user=0,act.ip=0")
    os.environ.setdefault("DJANGO_LOG_LEVEL", "WARNING")
    if not os.environ.get("DATABASE_URL"):
        os.environ["SQLITE_PATH"] = str(Path(tempfile.mkdtemp()) / "moves.sqlite3")
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    call_command("migrate", verbosity=0)
    from accounts.guests import create_guest
    from games import services
    from games.models import HandAction
    from games.rules import get_variant
    from games.rules.base import resolve_options
    from games.services import replay

    variant = get_variant(args.game)
    rng = random.Random(args.seed)
    human = create_guest()
    seats = variant.seat_count(resolve_options(variant.options, {}))
    room = services.create_room(human, args.game, robots=seats - 1)
    client = Client()
    client.force_login(human)
    seat = 0

    def play_hand() -> None:
        while True:
            room.refresh_from_db()
            hand = room.current_hand()
            if hand.is_over:
                return
            state = replay.current(hand)
            if seat not in variant.to_act(state):
                raise SystemExit(f"stalled: seat {seat} is not to act in hand {hand.pk} at {hand.seq}")
            action = rng.choice(variant.legal_actions(state, seat))
            response = client.post(f"/r/{room.code}/act", {"action": action, "seq": hand.public_seq})
            if response.status_code != 200:
                raise SystemExit(f"refused: {response.status_code} {response.content[:200]!r}")

    def next_hand() -> None:
        hand = room.current_hand()
        response = client.post(f"/r/{room.code}/next", {"hand_no": hand.number})
        if response.status_code != 200:
            raise SystemExit(f"next refused: {response.status_code} {response.content[:200]!r}")

    play_hand()  # warm the process: imports, templates, the first queries
    profiler = cProfile.Profile() if args.profile else None
    moves_before = HandAction.objects.count()
    cpu, wall = time.process_time(), time.perf_counter()
    if profiler:
        profiler.enable()
    for _ in range(args.hands):
        next_hand()
        play_hand()
    if profiler:
        profiler.disable()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    moves = HandAction.objects.count() - moves_before
    print(f"{args.game}: {args.hands} hands, {moves} moves ({moves / args.hands:.1f} a hand)")
    print(f"  CPU per move  {cpu / moves * 1000:.2f} ms   per hand {cpu / args.hands * 1000:.0f} ms")
    print(f"  wall per hand {wall / args.hands * 1000:.0f} ms")
    if profiler:
        profiler.dump_stats(args.profile)
        pstats.Stats(str(args.profile)).sort_stats("tottime").print_stats(25)
    return 0


if __name__ == "__main__":
    sys.exit(main())
