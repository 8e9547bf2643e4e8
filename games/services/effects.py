"""The effects of a change, run after its commit: the pushes to the pages and the robots' cue
(``hand_changed``), from one place."""

from __future__ import annotations

from django.db import transaction

from games import broadcast
from games.models import Hand, Room
from games.signals import hand_changed


def after_commit(room: Room) -> None:
    hand = room.current_hand()
    room_id = room.pk
    transaction.on_commit(lambda: broadcast.room_changed(room_id))
    transaction.on_commit(broadcast.lobby_changed)
    if hand is not None:
        hand_id = hand.pk
        transaction.on_commit(lambda: hand_changed.send(sender=Hand, hand_id=hand_id))
