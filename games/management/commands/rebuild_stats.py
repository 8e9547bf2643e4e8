"""``manage.py rebuild_stats``: every statistics row and rating again from the log."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from games.standings.events import rebuild


class Command(BaseCommand):
    help = "Rebuild the statistics of every finished hand and the ratings of every rated match from the log."

    def handle(self, *args: Any, **options: Any) -> None:
        hands, rated = rebuild()
        self.stdout.write(f"{hands} hands recorded, {rated} rated matches counted")
