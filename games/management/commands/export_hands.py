"""Write hands out as hand files (docs/hand-format.md): by id, by table, or every finished hand."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.history.transfer import hand_document, match_document
from games.models import Hand


class Command(BaseCommand):
    help = "Export hands as JSON hand files, one per hand (or one match file per match with --matches)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("ids", nargs="*", type=int, help="hand ids (default: every finished hand)")
        parser.add_argument("--table", help="only the hands of this table (its code)")
        parser.add_argument("--game", help="only the hands of this game (a variant key)")
        parser.add_argument("--matches", action="store_true", help="one match file per match")
        parser.add_argument("--out", default=".", help="the folder the files go to (default: here)")

    def handle(self, *args: Any, **options: Any) -> None:
        query = Hand.objects.select_related("room").order_by("room_id", "number")
        if options["ids"]:
            query = query.filter(pk__in=options["ids"])
        else:
            query = query.filter(finished__isnull=False)
        if options["table"]:
            query = query.filter(room__code=options["table"])
        if options["game"]:
            query = query.filter(variant=options["game"])
        hands = list(query)
        if not hands:
            raise CommandError("No hands to export")
        out = Path(options["out"])
        out.mkdir(parents=True, exist_ok=True)
        written = 0
        if options["matches"]:
            groups: dict[tuple[str, int], list[Hand]] = {}
            for hand in hands:
                groups.setdefault((hand.room.code, hand.match_no), []).append(hand)
            for (code, match_no), members in groups.items():
                _write(out / f"match-{code}-{match_no}.json", match_document(members))
                written += 1
        else:
            for hand in hands:
                _write(out / f"hand-{hand.room.code}-{hand.number}.json", hand_document(hand))
                written += 1
        self.stdout.write(f"Wrote {written} file{'s' if written != 1 else ''} to {out}")


def _write(path: Path, document: dict[str, Any]) -> None:
    path.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
