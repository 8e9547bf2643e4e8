"""``manage.py robots``: the robot worker of the production shape (see games/autoplay/worker.py),
which also computes the analyses of finished hands (games.analysis)."""

from __future__ import annotations

import signal
from typing import Any

from django.core.management.base import BaseCommand

from games.autoplay.worker import Worker
from tarokk_site import collector


class Command(BaseCommand):
    help = "Drive the robots and clocks of every table whose home web process died; run the background jobs."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--poll",
            type=float,
            default=0.2,
            help="seconds between sweeps if nothing can wake it (default 0.2)",
        )
        parser.add_argument(
            "--reconcile",
            type=float,
            default=None,
            help="seconds between sweeps for tables whose home died (default: a quarter of HOME_LEASE)",
        )
        parser.add_argument("--delay", type=float, default=None, help="robot delay (default ROBOT_DELAY)")

    def handle(
        self, *args: Any, poll: float, reconcile: float | None, delay: float | None, **options: Any
    ) -> None:
        stopping = False

        def stop(signum: int, frame: Any) -> None:
            nonlocal stopping
            stopping = True

        # A polite stop finishes the move in hand; a hard kill loses nothing either (the
        # transaction rolls back and the next worker finds the robot still to act).
        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        collector.tune()  # a long-running process (tarokk_site.collector)
        Worker(poll=poll, delay=delay, reconcile=reconcile).run(should_stop=lambda: stopping)
