"""What every viewer's render of a room shares, loaded once (``Table``: the room, its current
hand, its seats, the match so far, the turn clocks, the robots' lines for people), and who is
looking (``Viewer``: a seat, or the audience)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from games.autoplay.automatic import automatic_lines
from games.models import Hand, Room, Seat
from games.rules import AUDIENCE
from games.rules.match import RADELCI
from games.services import matches
from games.services import turn_clocks as turn_clock


@dataclass
class Viewer:
    seat: int | None  # None: audience (or staff, who watch as audience at a live table)
    is_staff: bool = False

    @property
    def rules_viewer(self) -> int | str:
        return AUDIENCE if self.seat is None else self.seat


@dataclass
class Table:
    """What every viewer's render of a room shares, loaded once: the room, its current hand
    and its seats. Only viewer-independent rows: the cards a viewer sees still come from
    ``observe()`` for that viewer alone."""

    room: Room
    hand: Hand | None
    seats: list[Seat]
    match: dict[str, Any] | None  # the match so far (public: totals and rows), as match_json
    deadlines: dict[int, datetime] = field(default_factory=dict)  # turn clocks running: {seat: deadline}
    # The log lines a robot made for a person (their clock ran out, or they are away): {index: why}.
    automatic: dict[int, str] = field(default_factory=dict)


def load_table(room: Room) -> Table:
    hand = room.current_hand()
    return Table(
        room=room,
        hand=hand,
        seats=list(room.seats.select_related("user")),
        match=None if hand is None else match_of(room, hand),
        deadlines=turn_deadlines(room, hand),
        automatic=automatic_lines(hand, timed=bool(room.turn_clock)),
    )


def match_of(room: Room, hand: Hand) -> dict[str, Any] | None:
    """The match ``hand`` belongs to as the scoreboard shows it (``Table.match``)."""
    match = matches.match_json(matches.shown_match(room, hand), hand.match_no)
    if match is not None:
        # The scoreboard's rows link to their hands' replays (games.history): a match's hands
        # are numbered in a row and each finished one is a row, so row k is hand first + k - 1.
        scored = sum(1 for row in match["rows"] if row["kind"] != RADELCI)
        match["first_hand"] = hand.number - scored + (1 if hand.is_over else 0)
        match["table"] = room.code
    return match


def turn_deadlines(room: Room, hand: Hand | None) -> dict[int, datetime]:
    if not room.turn_clock or hand is None or hand.is_over:
        return {}
    return turn_clock.deadlines(hand.pk)


def viewer_for(room: Room, user: Any, seats: list[Seat] | None = None) -> Viewer:
    seat = None
    if user is not None and user.is_authenticated:
        if seats is not None:
            seat = next((s.index for s in seats if s.user_id == user.pk), None)
        else:
            seat = room.seats.filter(user=user).values_list("index", flat=True).first()
    return Viewer(seat=seat, is_staff=bool(user is not None and getattr(user, "is_staff", False)))
