"""CPU of the pushes: what the room sockets of one process spend rendering after each move.

Run from the project root: ``python bench/push.py [--hands 3] [--variant czech] [--parts]
[--viewers seat,seat,watcher,anon] [--elsewhere] [--profile]``. It opens a fresh SQLite database in
a temporary directory, opens one table of one person (seat 0) and robots, and plays whole
hands through ``services.submit_action``. After each committed change it hands the change's
message (as ``games.services.broadcast`` sends it) to one page per ``--viewers`` entry (``seat``: the
person's page; twice: two tabs of theirs; ``watcher``: a logged-in watcher; ``anon``: an
anonymous one), as the channel layer would, times their renders on the CPU
(``time.process_time``) and counts their SQL statements. ``--elsewhere``: each move is
committed as by another process (the robot worker, or the web process that served the person's
move): the writer's state is not kept here, so the pages find the hand one move behind.

The deals are seeded (``--seed``: every shuffle of the run draws from one seeded generator) and
the robots choose from a seeded generator, so two runs play the same hands. ``--base <commit>``
(repeatable) runs the same job on that commit's code and on this checkout's, back to back,
interleaved over ``--rounds`` fresh processes each (bench/base.py), and prints each side's
median and the ratio here/base; each side also prints a digest of every fragment its pages were
sent (the table's code, drawn at random, left out), so equal digests show that the change sent
the same bytes.

It prints figures and asserts nothing; it never runs as a test.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":  # a worker of ``--base`` imports the base tree's games (bench/base.py)
    sys.path.insert(0, str(ROOT))
    from bench import base

    if "--worker" in sys.argv:
        base.use_code_root()


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
    try:  # the collector set as in a server process (tarokk_site/asgi.py), where the commit has it
        from tarokk_site import collector
    except ImportError:
        return
    collector.tune()


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

    def changed(self, message: dict[str, Any]) -> list[str]:
        """Every page renders ``message``; what each was sent."""
        from games.services import broadcast

        # Before the changes carried their facts (broadcast.Change) a page took the change's id.
        change = broadcast.Change.of(message) if hasattr(broadcast, "Change") else message["id"]
        return [consumer._render(change, False) for consumer in self.consumers]


class Parts:
    """``--parts``: the CPU of each step of a page's render after a change (``_render``: the
    table after the change, the viewer's context, each partial rendered, each template, the
    chat, the digests), per page render, timed by wrapping this checkout's functions in place.
    Nested: a partial's time includes its templates'. Not with ``--base`` (another commit's
    functions may have other names)."""

    def __init__(self) -> None:
        from games.live import consumers, push_diff
        from games.page import kept_renders, partials

        self.cpu: dict[str, float] = {}
        self.calls: dict[str, int] = {}
        self.wrap(consumers.RoomConsumer, "_render", "a page's render, in all")
        self.wrap(consumers.seating, "table_for", "  the table after the change (seating.table_for)")
        self.wrap(consumers, "live_for", "  the viewer's partials' inputs (push_diff.live_for)")
        self.wrap(push_diff, "room_context", "    the viewer's context (room_context)")
        self.wrap(push_diff, "stable_inputs", "    the stable partials' digests")
        self.wrap(push_diff, "moving_inputs", "    the moving partials' digests")
        self.wrap(push_diff.Shown, "news", "  the partials that changed (Shown.news)")
        self.wrap(push_diff, "digest", "    the digests of the HTML")
        self.wrap(consumers.ChatShown, "news", "  the chat (ChatShown.news)")
        render = push_diff.render_partials

        def by_partial(context: Any, names: list[str]) -> Any:
            with self.timed(f"    partial {names[0]}"):
                return render(context, names)

        push_diff.render_partials = by_partial
        template = kept_renders.render_live_template

        def by_template(name: str, context: Any) -> Any:
            with self.timed(f"      template {name}"):
                return template(name, context)

        kept_renders.render_live_template = partials.render_live_template = by_template
        for name in ("board_facts", "seat_items", "hand_items", "status", "score_rows"):
            if hasattr(partials, name):
                self.wrap(partials, name, f"      kept_renders.{name}")

    @contextlib.contextmanager
    def timed(self, label: str) -> Any:
        start = time.process_time()
        try:
            yield
        finally:
            self.cpu[label] = self.cpu.get(label, 0.0) + time.process_time() - start
            self.calls[label] = self.calls.get(label, 0) + 1

    def wrap(self, owner: Any, name: str, label: str) -> None:
        function = getattr(owner, name)

        def timed(*args: Any, **kwargs: Any) -> Any:
            with self.timed(label):
                return function(*args, **kwargs)

        setattr(owner, name, timed)

    def report(self) -> None:
        renders = self.calls.get("a page's render, in all", 0) or 1
        print("  per page render (nested; the wrapping adds a little to each):")
        for label in sorted(self.cpu, key=lambda k: -self.cpu[k]):
            each = self.cpu[label] / renders * 1e6
            print(f"    {each:7.1f} µs  {label.strip():<55} {self.calls[label] / renders:5.2f} a render")


def seed_deals(seed: int) -> None:
    """Every shuffle of the run (``games.services.hands`` deals from ``random.SystemRandom()``)
    drawn from one generator seeded by ``seed``: two runs deal the same hands."""
    from games.services import hands

    master = random.Random(seed)

    class Seeded:
        def SystemRandom(self) -> random.Random:  # noqa: N802 - the name it stands in for
            return random.Random(master.getrandbits(64))

        def __getattr__(self, name: str) -> Any:
            return getattr(random, name)

    hands.random = Seeded()  # type: ignore[assignment]


def play(args: argparse.Namespace, profiler: Any = None) -> dict[str, Any]:
    from django.contrib.auth.models import AnonymousUser
    from django.db import connection

    from games import services
    from games.bots import get_robot, seat_view
    from games.live import consumers
    from games.rules import get_variant
    from games.services import broadcast, replay
    from tests.factories import UserFactory

    seed_deals(args.seed)
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
    rng = random.Random(args.seed)
    sent_digest = hashlib.blake2b(digest_size=16)
    cpu: list[float] = []
    counted: list[int] = []
    moves = hands = sent_bytes = 0
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
                        fragments = pages.changed(message)
                        cpu.append(time.process_time() - start)
                        for fragment in fragments:
                            sent_digest.update(fragment.replace(room.code, "CODE").encode())
                            sent_bytes += len(fragment.encode())
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
    del consumers
    return {
        "hands": hands,
        "moves": moves,
        "pushes": len(cpu),
        "pages": len(pages.consumers),
        "push_ms": statistics.mean(cpu) * 1e3,
        "push_median_ms": statistics.median(cpu) * 1e3,
        "push_p90_ms": statistics.quantiles(cpu, n=10)[-1] * 1e3,
        "push_max_ms": max(cpu) * 1e3,
        "push_max_at": cpu.index(max(cpu)),
        "hand_ms": sum(cpu) / hands * 1e3,
        "statements": statistics.mean(counted),
        "statements_max": max(counted),
        "sent": sent_digest.hexdigest(),
        "push_bytes": sent_bytes / max(1, len(cpu) * len(pages.consumers)),
    }


def report(args: argparse.Namespace, job: dict[str, Any]) -> None:
    per_push, pages = job["push_ms"], job["pages"]
    played = f"{job['hands']} hands, {job['moves']} moves, {job['pushes']} pushes to {pages} pages"
    elsewhere = ", each move made elsewhere" if args.elsewhere else ""
    print(f"{args.variant}, {played} ({args.viewers}){elsewhere}:")
    print(
        f"  CPU per push: mean {per_push:.3f} ms, median {job['push_median_ms']:.3f} ms "
        f"(per page {per_push / pages:.3f} ms); per hand {job['hand_ms']:.1f} ms"
    )
    print(f"  SQL statements per push: mean {job['statements']:.2f}, max {job['statements_max']}")
    print(f"  fragments sent: digest {job['sent']}, {job['push_bytes']:.0f} bytes a push to a page")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--variant", default="czech")
    parser.add_argument("--viewers", default="seat")
    parser.add_argument("--elsewhere", action="store_true")
    parser.add_argument("--profile", action="store_true", help="cProfile the pushes (not the moves)")
    parser.add_argument("--sort", default="tottime", help="the profile's order (pstats: tottime, cumulative)")
    parser.add_argument("--top", type=int, default=25, help="the profile's lines")
    parser.add_argument("--seed", type=int, default=20, help="the deals' and the robots' seed")
    parser.add_argument(
        "--parts", action="store_true", help="CPU of each step and partial of a page's render"
    )
    parser.add_argument("--base", action="append", default=[], help="a commit to compare against")
    parser.add_argument("--rounds", type=int, default=5, help="with --base: interleaved rounds")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        with tempfile.TemporaryDirectory() as directory:
            setup(directory)
            print(json.dumps(play(args)))
        return
    if args.base:
        return compare(args)
    with tempfile.TemporaryDirectory() as directory:
        setup(directory)
        if args.parts:
            parts = Parts()
            report(args, play(args))
            parts.report()
        elif args.profile:
            import cProfile
            import pstats

            profiler = cProfile.Profile()
            report(args, play(args, profiler))
            pstats.Stats(profiler).sort_stats(args.sort).print_stats(args.top)
        else:
            report(args, play(args))


def compare(args: argparse.Namespace) -> None:
    """The job on each ``--base`` commit's code and on this checkout's, interleaved."""
    from bench.calibration import calibration, machine

    print(f"bench/push.py: {args.variant}, {args.hands} hands, pages {args.viewers}, {args.rounds} rounds")
    print(f"machine: {machine()}")
    print(f"calibration (before): {calibration():.3f} s CPU to fold 300 Czech hands (this checkout's code)")
    argv = [
        str(Path(__file__).resolve()),
        "--worker",
        *("--hands", str(args.hands), "--variant", args.variant, "--viewers", args.viewers),
        *("--seed", str(args.seed)),
        *(["--elsewhere"] if args.elsewhere else []),
    ]
    results = base.against_bases(args.base, argv, args.rounds)
    here = results["here"]
    report(args, here[0])
    for name, runs in results.items():
        if name == "here":
            continue
        same = "the same fragments" if runs[0]["sent"] == here[0]["sent"] else "OTHER fragments"
        print(f"{name}: {same}; {runs[0]['pushes']} pushes (here {here[0]['pushes']})")
        figures = (
            ("push_ms", "ms a push"),
            ("push_median_ms", "ms a push (median)"),
            ("push_p90_ms", "ms a push (p90)"),
            ("push_max_ms", "ms a push (the dearest)"),
            ("push_bytes", "bytes a push to a page"),
        )
        for figure, unit in figures:
            if any(figure not in run for run in runs):
                continue  # (a base older than the figure)
            line = base.ratio_line([run[figure] for run in runs], [run[figure] for run in here], unit, 3)
            print(f"  {figure:<15} {line}")
    print(f"machine: {machine()}")
    print(f"calibration (after): {calibration():.3f} s CPU to fold 300 Czech hands (this checkout's code)")


if __name__ == "__main__":
    main()
