"""``manage.py cardsprite``: write static/cards/sprite.svg, the card faces (games.cardfaces)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.cardfaces import SPRITE, build_sprite


class Command(BaseCommand):
    help = "Write the card sprite from games/cardfaces; with --check, only say whether it is current."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--check", action="store_true", help="fail if the file differs from the code")

    def handle(self, *args: Any, **options: Any) -> None:
        sprite = build_sprite()
        current = SPRITE.read_text(encoding="utf-8") if SPRITE.exists() else None
        if options["check"]:
            if current != sprite:
                raise CommandError(f"{SPRITE} is out of date: run manage.py cardsprite")
            self.stdout.write(f"{SPRITE} is current")
            return
        SPRITE.parent.mkdir(parents=True, exist_ok=True)
        SPRITE.write_text(sprite, encoding="utf-8")
        self.stdout.write(f"wrote {SPRITE} ({len(sprite.encode())} bytes)")
