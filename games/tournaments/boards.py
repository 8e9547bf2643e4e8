"""One board of a tournament (a round's deal number n) as every table played it, side by side:
each table's players, contract, declarer and what each seat made, with its matchpoints and a link
to the hand's replay. Shown once every table has finished that deal (until then its cards are
still in play somewhere), to staff at any time."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import pgettext

from games.models import Hand
from games.page.labels import contract_label, reason_label
from games.rules import words
from games.tournaments import duplicate, results
from games.tournaments.models import Tournament


@dataclass(frozen=True)
class SeatLine:
    name: str | None  # None: a robot
    value: int | None  # what the seat made on the board (None: not finished there)
    points: int | None  # matchpoints
    top: int | None


@dataclass(frozen=True)
class TableLine:
    number: int
    hand: Hand | None
    contract: str
    declarer: int | None
    seats: list[SeatLine]


def board(tournament: Tournament, round_no: int, number: int, user: Any) -> dict[str, Any] | None:
    """The board's page context; None when the tournament has no such board."""
    tables = list(tournament.tables.filter(round=round_no).select_related("room").order_by("number"))
    if not tables or not 1 <= number <= len(tables[0].room.set_deals):
        return None
    found = Hand.objects.filter(room_id__in=[t.room_id for t in tables], number=number)
    hands = {h.room_id: h for h in found.select_related("room")}
    pending = sum(1 for t in tables if t.room_id not in hands or not hands[t.room_id].is_over)
    page = {"tournament": tournament, "round": round_no, "number": number, "pending": pending, "tables": []}
    if pending and not getattr(user, "is_staff", False):
        return page
    names = {pk: u.username for pk, u in results.names(tournament).items()}
    points = duplicate.matchpoints(
        s for s in results.scores(tournament, tables) if s.board == (round_no, number)
    )
    lines = []
    for t in tables:
        hand = hands.get(t.room_id)
        result = hand.result if hand is not None and hand.is_over else None
        seats = []
        for seat, entry in enumerate(t.seating):
            mp = points.get(((round_no, number), t.number, seat))
            seats.append(
                SeatLine(
                    name=names.get(entry) if entry is not None else None,
                    value=(result or {}).get("payments", [None] * len(t.seating))[seat] if result else None,
                    points=mp.points if mp is not None else None,
                    top=mp.top if mp is not None else None,
                )
            )
        lines.append(
            TableLine(
                number=t.number,
                hand=hand,
                contract=_contract(result, tournament.variant) if result else "",
                declarer=result.get("declarer") if result else None,
                seats=seats,
            )
        )
    return {**page, "tables": lines}


def _contract(result: dict[str, Any], variant_key: str) -> str:
    if result.get("thrown_in"):
        return pgettext("hand", "thrown in")
    stored = words.from_json(result.get("contract"))
    if stored:
        return contract_label(stored, variant_key)
    return reason_label(words.from_json(result.get("reason")))
