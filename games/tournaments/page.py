"""What one viewer's tournament page shows (the page and every push of its board alike): the
tournament, who entered, each round's tables and how far they are, the standings, and what the
viewer may do (enter, withdraw, start, cancel, go to their table)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from games.models import Hand, Seat
from games.rules import VARIANTS
from games.tournaments import results
from games.tournaments.models import Entry, Tournament, TournamentTable


@dataclass(frozen=True)
class TableLine:
    """One table of a round as the page lists it."""

    table: TournamentTable
    code: str
    seats: list[str | None]  # each seat's player's name; None: a robot
    kept: frozenset[int]  # the seats a robot plays for their player, who left the table
    hand: int  # the hand it plays (or played last); 0 before the first
    hand_over: bool
    hands: int
    mine: bool

    @property
    def comparison(self) -> bool:
        """A table of robots alone, beside a round of one table, for the duplicate comparison."""
        return all(name is None for name in self.seats)


def context(tournament: Tournament, user: Any) -> dict[str, Any]:
    entries = list(tournament.entries.select_related("user"))
    names = {e.pk: e.user.username for e in entries}
    mine: Entry | None = next((e for e in entries if user.is_authenticated and e.user_id == user.pk), None)
    tables = list(tournament.tables.select_related("room").order_by("round", "number"))
    last: dict[int, tuple[int, bool]] = {}
    for room_id, number, finished in Hand.objects.filter(room_id__in=[t.room_id for t in tables]).values_list(
        "room_id", "number", "finished"
    ):
        if number >= last.get(room_id, (0, False))[0]:
            last[room_id] = (number, finished is not None)
    kept = set(
        Seat.objects.filter(
            room_id__in=[t.room_id for t in tables if not t.done], kept_for__isnull=False
        ).values_list("room_id", "index")
    )
    rounds: dict[int, list[TableLine]] = {}
    for t in tables:
        hand, over = last.get(t.room_id, (0, False))
        rounds.setdefault(t.round, []).append(
            TableLine(
                table=t,
                code=t.room.code,
                seats=[names.get(e) if e is not None else None for e in t.seating],
                kept=frozenset(i for room_id, i in kept if room_id == t.room_id),
                hand=hand,
                hand_over=over,
                hands=len(t.room.set_deals),
                mine=mine is not None and mine.pk in t.seating,
            )
        )
    my_table = next(
        (line for line in rounds.get(tournament.round, []) if line.mine and not line.table.done), None
    )
    rows = results.standings(tournament, tables)
    host = user.is_authenticated and (user.pk == tournament.created_by_id or user.is_staff)
    registering = tournament.state == Tournament.REGISTERING
    variant = VARIANTS.get(tournament.variant)
    return {
        "tournament": tournament,
        "game": str(variant.name) if variant is not None else tournament.variant,
        "entries": entries,
        "mine": mine,
        "my_table": my_table,
        "rounds": sorted(rounds.items(), reverse=True),
        "rows": rows,
        # The first three places, and whoever shares the third (ranks 1, 2, 2, 2: four winners).
        "winners": [r for r in rows if r.rank <= 3] if tournament.state == Tournament.FINISHED else [],
        "may_join": registering and mine is None,
        "may_leave": registering and mine is not None,
        "may_start": registering and host,
        "may_cancel": registering and host,
        "invited": sorted(u.username for u in tournament.invited.all()) if host and registering else [],
        "deal_numbers": range(1, tournament.hands_per_round + 1),
        "starts_in": max(0, int((tournament.starts_at - timezone.now()).total_seconds())),
        "error": "",
    }


@dataclass(frozen=True)
class TableNote:
    """What a tournament table's page says of its tournament: which one, the round, and, once
    a later round has seated the viewer elsewhere, the way to their new table."""

    tournament: Tournament
    table: TournamentTable
    next_table: TournamentTable | None


def table_note(room_id: int, user: Any) -> TableNote | None:
    """The note for a table's page; None for a table of no tournament."""
    table = TournamentTable.objects.filter(room_id=room_id).select_related("tournament").first()
    if table is None:
        return None
    tournament = table.tournament
    following = None
    if user.is_authenticated and tournament.round > table.round:
        entry = tournament.entries.filter(user=user).values_list("pk", flat=True).first()
        if entry is not None:
            running = tournament.tables.filter(round=tournament.round, done=False).select_related("room")
            following = next((t for t in running if entry in t.seating), None)
    return TableNote(tournament, table, following)
