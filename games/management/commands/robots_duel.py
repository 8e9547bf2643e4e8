"""``manage.py robots_duel``: two robot levels play duplicate hands on the pure rules core."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games import bots, rules
from games.bots import LEVELS
from games.bots.duel import DuelResult, RecordMismatch, run_duel
from games.rules import VARIANTS, get_variant
from games.rules.base import resolve_options


def _value(raw: str) -> Any:
    """An option's value as the room form reads it: true/false, a whole number, or the text."""
    if raw.lower() in ("true", "on", "yes"):
        return True
    if raw.lower() in ("false", "off", "no"):
        return False
    try:
        return int(raw)
    except ValueError:
        return raw


class Command(BaseCommand):
    help = (
        "Play each deal once per seating of levels A and B (four seats: A at 0 and 2, B at 1 and "
        "3, then swapped; three: each level alone in each seat; two: each level in each seat), "
        "and print each level's mean score per hand with a 95% confidence interval and its "
        "decision times."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--variant", default="hungarian", choices=sorted(VARIANTS))
        parser.add_argument("--a", default="strong", choices=sorted(LEVELS))
        parser.add_argument("--b", default="basic", choices=sorted(LEVELS))
        parser.add_argument("--hands", type=int, default=2000, help="deals, each played twice")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--workers", type=int, default=2)
        parser.add_argument(
            "--record",
            metavar="FILE",
            help="keep every deal in FILE (JSON lines) as it ends, and go on from the deals it holds: "
            "a long duel run in pieces (it refuses a record of another duel, or of other robots' code)",
        )
        parser.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="a rule option of the variant (repeatable), e.g. --option players=4",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["hands"] < 1 or options["workers"] < 1:
            raise CommandError("--hands and --workers must be at least 1")
        rule_options = {}
        for given in options["option"]:
            name, equals, value = given.partition("=")
            if not equals:
                raise CommandError(f"--option {given!r}: write NAME=VALUE")
            rule_options[name] = _value(value)
        try:
            resolve_options(get_variant(options["variant"]).options, rule_options)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        try:
            result = self._run(options, rule_options)
        except RecordMismatch as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(result.report())

    def _run(self, options: dict[str, Any], rule_options: dict[str, Any]) -> DuelResult:
        return run_duel(
            options["a"],
            options["b"],
            options["hands"],
            seed=options["seed"],
            workers=options["workers"],
            variant=options["variant"],
            options=rule_options,
            progress=lambda partial: self.stderr.write(partial.report() + "\n", ending=""),
            record=options["record"],
            robots=robots_version(options["variant"]) if options["record"] else None,
        )


# What a duel is not played by: the duel itself and the figures the pages show.
NOT_PLAYING = {"duel.py", "ladder.py"}


def robots_version(variant_key: str) -> str:
    """The code that plays a duel of ``variant_key`` as a record names it: a digest of every file
    of the robots (games/bots, but the duel, the ladder and the other games' packages) and of the
    rules core (games/rules, but the other games' packages). A record of a duel goes on only with
    the same code: a change to another game's robots or rules leaves it valid."""
    digest = hashlib.sha256()
    others = set(VARIANTS) - {variant_key}
    for package in (bots, rules):
        folder = Path(str(package.__file__)).resolve().parent
        for path in sorted(folder.rglob("*.py")):
            relative = path.relative_to(folder)
            if relative.parts[0] in others or (package is bots and relative.as_posix() in NOT_PLAYING):
                continue
            digest.update(f"{folder.name}/{relative.as_posix()}".encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]
