"""``manage.py robots_duel``: two robot levels play duplicate hands on the pure rules core."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.bots import LEVELS
from games.bots.duel import run_duel
from games.rules import VARIANTS


class Command(BaseCommand):
    help = (
        "Seat robot level A at seats 0 and 2 and level B at 1 and 3, replay each deal with the "
        "seats swapped, and print each level's mean score per hand with a 95% confidence "
        "interval and its decision times."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--variant", default="hungarian", choices=sorted(VARIANTS))
        parser.add_argument("--a", default="strong", choices=sorted(LEVELS))
        parser.add_argument("--b", default="basic", choices=sorted(LEVELS))
        parser.add_argument("--hands", type=int, default=2000, help="deals, each played twice")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--workers", type=int, default=2)

    def handle(self, *args: Any, **options: Any) -> None:
        if options["hands"] < 1 or options["workers"] < 1:
            raise CommandError("--hands and --workers must be at least 1")
        result = run_duel(
            options["a"],
            options["b"],
            options["hands"],
            seed=options["seed"],
            workers=options["workers"],
            variant=options["variant"],
            progress=lambda partial: self.stderr.write(partial.report() + "\n", ending=""),
        )
        self.stdout.write(result.report())
