"""What a process remembers of each room its pages show, so that a move's push reads (almost)
nothing: the room row, its seats and their players' names, the newest hand row it knows of,
and the match as the scoreboard shows it.

A move's change (``broadcast.Change``) carries its hand's new ``seq``, ``public_seq``, phase
and who acts, and the room's seating version (``Room.seating``, moved on by every change of
the room's row, its seats or its players' names: ``services.seating_changed``). The hand row is
rebuilt from the change and the remembered one; the state comes from ``replay`` as ever. Any
other change (``hand`` None) reads the room again, and so does a move whose seating version is
newer than the one remembered: a process that missed a seat's change (a message lost, or its
pages opened after it) catches up at the next move, never keeps a stale seating.

Used by the room sockets (games.live), which render one at a time in channels' database
thread; its bounded maps (tarokk_site.bounded) keep it safe for any other thread all the same.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from games.autoplay.automatic import automatic_lines
from games.models import Hand, Room, Seat
from games.page.table import Table, load_table, match_of, turn_deadlines
from games.services import replay
from games.services.broadcast import Change
from tarokk_site.bounded import Bounded


@dataclass
class Seating:
    """A room as last read (``version``: its ``Room.seating`` then), and its newest hand."""

    room: Room
    seats: list[Seat]
    version: int
    hand: Hand | None
    # The scoreboard's match (load_table), by what can change it: the hand, whether it
    # is over, and whether the host ended the match.
    matches: dict[tuple[int, bool, bool], dict[str, Any] | None] = field(default_factory=dict)


_rooms: Bounded[int, Seating] = Bounded(512)
# Every page of a room in this process receives the same change: the first to render it builds
# its table, the others reuse it (a later change has a new id).
_tables: Bounded[tuple[int, str], Table] = Bounded(512)


def table_for(room_id: int | None, change: Change | None) -> Table | None:
    """The table as the pages show it after ``change`` (None: a snapshot, read afresh)."""
    if room_id is None:
        return None
    key = (room_id, change.id if change is not None else "")
    if change is not None and change.id:
        table = _tables.get(key)
        if table is not None:
            return table
    table = _after_move(room_id, change) if change is not None and change.is_move else None
    if table is None:
        table = _read(room_id)
    if table is not None and change is not None and change.id:
        _tables.put(key, table)
    return table


def forget_all() -> None:
    _rooms.clear()
    _tables.clear()


def _read(room_id: int) -> Table | None:
    """Everything read afresh, and remembered for the moves that follow."""
    room = Room.objects.filter(pk=room_id).first()
    if room is None:
        _rooms.pop(room_id)
        return None
    table = load_table(room)
    seating = Seating(room=room, seats=table.seats, version=room.seating, hand=table.hand)
    if table.hand is not None:
        seating.matches[_match_key(room, table.hand)] = table.match
    _rooms.put(room_id, seating)
    return table


def _after_move(room_id: int, change: Change) -> Table | None:
    """The table after a move, from the remembered seating and the change; None when the
    remembered seating will not do (none, older than the move's, or its hand unknown)."""
    seating = _rooms.get(room_id)
    if seating is None or seating.hand is None or (change.seating or 0) > seating.version:
        return None
    hand = _hand_after(seating, change)
    if hand is None:
        return None
    if (
        change.hand is not None
        and change.variant
        and change.seat is not None
        and change.action
        and change.seq
    ):
        # The state this process holds of the move's hand, advanced by the move the message
        # says: nothing read.
        replay.follow(change.hand, change.variant, change.seq, change.seat, change.action)
    room = seating.room
    seats = seating.seats
    if room.turn_clock:
        # A clock's move may mark its seat away (services.moves): at a timed table the seats
        # are read with every change, as the deadlines are.
        seats = list(room.seats.select_related("user"))
    key = _match_key(room, hand)
    if key not in seating.matches:
        seating.matches.clear()  # one hand's at a time: the others are never asked for again
        seating.matches[key] = match_of(room, hand)
    return Table(
        room=room,
        hand=hand,
        seats=seats,
        match=seating.matches[key],
        deadlines=turn_deadlines(room, hand),
        automatic=automatic_lines(hand, timed=bool(room.turn_clock)),
    )


def _hand_after(seating: Seating, change: Change) -> Hand | None:
    """The newest row known of the room's current hand once ``change`` is taken in (None: a
    hand this process has not read yet)."""
    known = seating.hand
    assert known is not None
    if change.hand != known.pk:
        # A message of an earlier hand arriving late shows the newest known; a later hand is read.
        return known if (change.number or 0) < known.number else None
    if (change.seq or 0) <= known.seq:
        return known  # a message overtaken by a newer one: the newer stands
    if change.over:
        hand = Hand.objects.filter(pk=known.pk).first()  # its result and the time it finished
        if hand is None:
            return None
    else:
        # A new row object for each move: tables of earlier changes still hold the old one.
        hand = copy.copy(known)
        hand.seq = change.seq or 0
        hand.public_seq = change.public_seq or 0
        hand.phase = change.phase or ""
        hand.to_act = list(change.to_act)
    hand.room = seating.room
    seating.hand = hand
    return hand


def _match_key(room: Room, hand: Hand) -> tuple[int, bool, bool]:
    return (hand.pk, hand.finished is not None, room.ended_match >= hand.match_no)
