"""CPU of the pushes: what the room sockets of one process spend rendering after each move.

Run from the project root: ``python bench/push.py [--hands 3] [--variant czech]
[--viewers seat,seat,watcher,anon] [--elsewhere] [--profile]``. It opens a fresh SQLite database in
a temporary directory, opens one table of one person (seat 0) and robots, and plays whole
hands through ``services.submit_action``. After each committed change it hands the change's
message (as ``games.services.broadcast`` sends it) to one page per ``--viewers`` entry (``seat``: the
person's page; twice: two tabs of theirs; ``watcher``: a logged-in watcher; ``anon``: an
anonymous one), as the channel layer would, times their renders on the CPU
(``time.process_time``) and counts their SQL statements. ``--elsewhere``: each move is
committed as by another process (the robot worker, or the web process that served the person's
move): the writer's state is not kept here, so the pages find the hand one move behind.

It prints figures and asserts nothing; it never runs as a test.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def setup(directory: str) -> None:
    os.environ["SQLITE_PATH"] = str(Path(directory) / "push.sqlite3")
    os.environ.pop("DATABASE_URL", None)
    os.environ.pop("REDIS_URL", None)
    os.environ["TAROKK_ROBOT_RUNNER"] = "off"  # the robots' moves are made here, one by one
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokk_site.settings")
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-push-" + "0" * 40)  # 32 characters at least
    os.environ.setdefault("DJANGO_LOG_LEVEL", "WARNING")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)  # the pages' hashed static names


class Pages:
    """The room sockets of one process, as the channel layer drives them."""

    def __init__(self, room: Any, viewers: list[Any]) -> None:
        from games.live import consumers, push_diff

        self.consumers = []
        for user in viewers:
            consumer = consumers.RoomConsumer()
            consumer.scope = {"user": user}
            consumer.room_id = room.pk
            consumer.shown = push_diff.Shown()
            self.consumers.append(consumer)
        for consumer in self.consumers:
            consumer._render(None, True)  # the snapshot on connecting

    def changed(self, message: dict[str, Any]) -> int:
        """Every page renders ``message``; the bytes sent."""
        from games.services import broadcast

        # Before the changes carried their facts (broadcast.Change) a page took the change's id.
        change = broadcast.Change.of(message) if hasattr(broadcast, "Change") else message["id"]
        return sum(len(consumer._render(change, False)) for consumer in self.consumers)


def play(args: argparse.Namespace, profiler: Any = None) -> None:
    from django.contrib.auth.models import AnonymousUser
    from django.db import connection

    from games import services
    from games.bots import get_robot, seat_view
    from games.live import consumers
    from games.rules import get_variant
    from games.services import broadcast, replay
    from tests.factories import UserFactory

    person = UserFactory(username="person")
    variant = get_variant(args.variant)
    seats = variant.seat_count({})
    room = services.create_room(person, args.variant, robots=seats - 1)
    kinds = args.viewers.split(",")
    people = {"seat": person, "anon": AnonymousUser()}
    viewers = [people.get(kind) or UserFactory(username=f"watcher{i}") for i, kind in enumerate(kinds)]

    messages: list[dict[str, Any]] = []
    sent = broadcast._send

    def capture(group: str, message: dict[str, Any]) -> None:
        if group == broadcast.room_group(room.pk) and message["type"] == "room.changed":
            messages.append(message)

    broadcast._send = capture
    pages = Pages(room, viewers)
    queries = [0]

    def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        queries[0] += 1
        return execute(sql, params, many, context)

    robot = get_robot("basic")
    rng = random.Random(20)
    cpu: list[float] = []
    counted: list[int] = []
    moves = hands = 0
    try:
        for number in range(args.hands):
            hand = room.current_hand()
            while not hand.is_over:
                state = replay.current(hand)
                seat = min(variant.to_act(state))
                legal = variant.legal_actions(state, seat)
                action = robot.choose(seat_view(variant, state, seat), legal, rng)
                if args.elsewhere:
                    # The writer is another process: what it remembers stays there.
                    remember, replay.remember = replay.remember, lambda *_: None
                try:
                    services.submit_action(
                        hand.pk, seat, action, hand.seq, actor=person if seat == 0 else None
                    )
                finally:
                    if args.elsewhere:
                        replay.remember = remember
                moves += 1
                hand = room.current_hand()
                for message in messages:
                    queries[0] = 0
                    with connection.execute_wrapper(count):
                        if profiler is not None:
                            profiler.enable()
                        start = time.process_time()
                        pages.changed(message)
                        cpu.append(time.process_time() - start)
                        if profiler is not None:
                            profiler.disable()
                    counted.append(queries[0])
                messages.clear()
            hands += 1
            if number + 1 < args.hands:
                services.next_hand(room, person, hand.number)
                for message in messages:
                    pages.changed(message)
                messages.clear()
    finally:
        broadcast._send = sent
    per_push = statistics.mean(cpu) * 1e3
    viewers_n = len(pages.consumers)
    print(
        f"{args.variant}, {hands} hands, {moves} moves, {len(cpu)} pushes to {viewers_n} pages "
        f"({args.viewers}){', each move made elsewhere' if args.elsewhere else ''}:"
    )
    print(
        f"  CPU per push: mean {per_push:.3f} ms, median {statistics.median(cpu) * 1e3:.3f} ms "
        f"(per page {per_push / viewers_n:.3f} ms); per hand {sum(cpu) / hands * 1e3:.1f} ms"
    )
    print(f"  SQL statements per push: mean {statistics.mean(counted):.2f}, max {max(counted)}")
    del consumers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--variant", default="czech")
    parser.add_argument("--viewers", default="seat")
    parser.add_argument("--elsewhere", action="store_true")
    parser.add_argument("--profile", action="store_true", help="cProfile the pushes (not the moves)")
    parser.add_argument("--sort", default="tottime", help="the profile's order (pstats: tottime, cumulative)")
    parser.add_argument("--top", type=int, default=25, help="the profile's lines")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        setup(directory)
        if args.profile:
            import cProfile
            import pstats

            profiler = cProfile.Profile()
            play(args, profiler)
            pstats.Stats(profiler).sort_stats(args.sort).print_stats(args.top)
        else:
            play(args)


if __name__ == "__main__":
    main()
