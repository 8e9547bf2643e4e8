"""The effects of a change, run after its commit: the pushes to the pages and the robots' cue
(``hand_changed``), from one place."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F

from games.models import Hand, Room
from games.services import broadcast
from games.signals import hand_changed


def seating_changed(*room_ids: int) -> None:
    """The rows of these rooms, their seats or their players' names changed (in the caller's
    transaction): the pages' remembered seating of them is out of date in every process."""
    Room.objects.filter(pk__in=room_ids).update(seating=F("seating") + 1)


def after_commit(room: Room) -> None:
    """The room or its seats changed: the seating version moves on, and after commit the pages
    (which read it all again), the lobby and the robots are told."""
    seating_changed(room.pk)
    hand = room.current_hand()
    room_id = room.pk
    transaction.on_commit(lambda: broadcast.room_changed(room_id))
    transaction.on_commit(broadcast.lobby_changed)
    if hand is not None:
        hand_id = hand.pk
        transaction.on_commit(lambda: hand_changed.send(sender=Hand, hand_id=hand_id))
