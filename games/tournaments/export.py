"""A finished tournament as one file: what it was, its standings, and every table's match file
(docs/hand-format.md), so each table's hands can be replayed or played again elsewhere."""

from __future__ import annotations

from typing import Any

from games.history import transfer
from games.models import Hand
from games.tournaments import results
from games.tournaments.models import Tournament

FORMAT = "tarokk-tournament"
VERSION = 1


def tournament_document(tournament: Tournament) -> dict[str, Any]:
    tables = list(tournament.tables.select_related("room").order_by("round", "number"))
    names = {pk: user.username for pk, user in results.names(tournament).items()}
    hands = Hand.objects.filter(room_id__in=[t.room_id for t in tables]).select_related("room")
    by_room: dict[int, list[Hand]] = {}
    for hand in hands:
        by_room.setdefault(hand.room_id, []).append(hand)
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": tournament.name,
        "game": tournament.variant,
        "options": tournament.options,
        "scoring": tournament.scoring,
        "rounds": tournament.rounds,
        "hands_per_round": tournament.hands_per_round,
        "started": tournament.started.isoformat() if tournament.started else None,
        "finished": tournament.finished.isoformat() if tournament.finished else None,
        "standings": [
            {
                "rank": row.rank,
                "player": row.entry.user.username,
                "percent": row.percent,
                "total": row.total,
                "boards": row.boards,
            }
            for row in results.standings(tournament, tables)
        ],
        "tables": [
            {
                "round": t.round,
                "number": t.number,
                "seats": [names.get(e) if e is not None else None for e in t.seating],
                "match": transfer.match_document(by_room.get(t.room_id, [])),
            }
            for t in tables
        ],
    }
