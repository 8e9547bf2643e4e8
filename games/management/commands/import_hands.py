"""Read hand files (docs/hand-format.md), replaying each through the rules core; with --play,
open a table on each deal for a user, robots in the other seats."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from games import services
from games.history import again
from games.history.transfer import check_size, parse, read_document


class Command(BaseCommand):
    help = "Check hand or match files by replaying them; --play USER opens a table on each deal."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("files", nargs="+", help="hand or match files (JSON)")
        parser.add_argument("--play", metavar="USER", help="open a table on each deal, USER at seat 1")

    def handle(self, *args: Any, **options: Any) -> None:
        player = None
        if options["play"]:
            player = get_user_model().objects.filter(username=options["play"]).first()
            if player is None:
                raise CommandError(f"No user {options['play']!r}")
        failed = 0
        for name in options["files"]:
            try:
                path = Path(name)
                check_size(path.stat().st_size)  # refused unread
                hands = read_document(parse(path.read_text(encoding="utf-8")))
            except (OSError, ValueError) as exc:  # BadFile and a text that is no UTF-8 are ValueErrors
                failed += 1
                self.stderr.write(f"{name}: {exc}")
                continue
            for number, hand in enumerate(hands, 1):
                result = hand.result["payments"] if hand.result else "not finished"
                line = f"{name} hand {number}: {hand.game}, {len(hand.actions)} actions, {result}"
                if player is not None:
                    try:
                        room = again.open_table(player, hand)
                    except services.Refused as refusal:
                        raise CommandError(refusal.message) from None
                    line += f", table /r/{room.code}/"
                self.stdout.write(line)
        if failed:
            raise CommandError(f"{failed} file{'s' if failed != 1 else ''} refused")
