"""A tournament's results as its stored hands say them: one ``duplicate.Score`` per seat of each
finished hand at its tables, and the standings scored from them (derived: never stored)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.models import Hand
from games.rules import get_variant
from games.rules.base import resolve_options
from games.tournaments import duplicate
from games.tournaments.models import Entry, Tournament, TournamentTable


def scores(tournament: Tournament, tables: list[TournamentTable] | None = None) -> list[duplicate.Score]:
    """Every seat's result on every finished hand of the tournament's tables. A seat counts
    for the entry seated there by the round, whoever played it (a robot kept it while its
    player was away); a robot's seat counts for nobody (``entrant`` None) but is compared.
    With penalty points (Bridge) a lower total is better, so the score is the points negated;
    the dealer who sits a five-player Hungarian hand out has no score on it."""
    variant = get_variant(tournament.variant)
    rules = variant.match_rules(resolve_options(variant.options, tournament.options))
    sign = -1 if rules.lowest_wins else 1
    tables = tables if tables is not None else list(tournament.tables.all())
    by_room = {t.room_id: t for t in tables}
    hands = (
        Hand.objects.filter(room_id__in=list(by_room), finished__isnull=False)
        .order_by("room_id", "number")
        .values_list("room_id", "number", "result", "context")
    )
    found = []
    for room_id, number, result, context in hands:
        table = by_room[room_id]
        payments = (result or {})["payments"]
        for seat, entrant in enumerate(table.seating):
            if rules.dealer_sits_out and seat == context["dealer"]:
                continue
            found.append(
                duplicate.Score(
                    board=(table.round, number),
                    table=table.number,
                    seat=seat,
                    entrant=entrant,
                    value=sign * payments[seat],
                )
            )
    return found


@dataclass(frozen=True)
class Row:
    """One line of the standings as the page shows it."""

    rank: int
    entry: Entry
    percent: float | None
    total: int
    boards: int


def standings(tournament: Tournament, tables: list[TournamentTable] | None = None) -> list[Row]:
    """Every entry ranked (duplicate: by matchpoint percentage; plain: by total), entries who
    have not played a board yet at the foot, sharing the last rank."""
    entries = {e.pk: e for e in tournament.entries.select_related("user")}
    scoring: duplicate.Scoring = "plain" if tournament.scoring == Tournament.PLAIN else "duplicate"
    ranked = duplicate.standings(scores(tournament, tables), scoring)
    rows = [
        Row(s.rank, entries[s.entrant], s.percent, s.total, s.boards)
        for s in ranked
        if s.entrant is not None and s.entrant in entries
    ]
    seen = {r.entry.pk for r in rows}
    last = len(rows) + 1
    rows += [Row(last, e, None, 0, 0) for pk, e in entries.items() if pk not in seen]
    return rows


def order(tournament: Tournament, tables: list[TournamentTable] | None = None) -> list[int]:
    """The entry ids in standings order (the next round's Swiss pairing reads it)."""
    return [r.entry.pk for r in standings(tournament, tables)]


def names(tournament: Tournament) -> dict[int, Any]:
    return {e.pk: e.user for e in tournament.entries.select_related("user")}
