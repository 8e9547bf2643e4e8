"""Finished hands for the analysis's tests (tests/analysis/): two people and robots at a table,
played through the HTTP interface to the end, so that the log names who made each decision."""

from __future__ import annotations

from typing import Any

from games import services
from games.models import Hand, Room
from games.services.access import Privacy
from tests.factories import UserFactory
from tests.web.helpers import client_for


def play_out(room: Room, *users: Any, pick=lambda legal: legal[0]) -> Hand:
    """Each user's seat plays ``pick`` of its legal actions until the hand is over."""
    clients = [client_for(u) for u in users]
    for _ in range(400):
        hand = room.current_hand()
        if hand.is_over:
            return hand
        for client in clients:
            view = client.get(f"/r/{room.code}/view.json").json()
            if view["legal"]:
                response = client.post(
                    f"/r/{room.code}/act", {"action": pick(view["legal"]), "seq": view["seq"]}
                )
                assert response.status_code == 200, response.content
    raise AssertionError("the hand did not end")


def finished_hand(privacy: Privacy | None = None, variant: str = "hungarian") -> tuple[Hand, Any, Any]:
    """A finished hand of ``owner`` (seat 1) and ``friend`` (seat 2) with robots in the other
    seats: ``(hand, owner, friend)``."""
    owner, friend = UserFactory(), UserFactory()
    seats = {"hungarian": 4, "czech": 4, "slovenian3": 3, "bridge": 4}[variant]
    room = services.create_room(owner, variant, seats - 2, privacy=privacy or Privacy())
    services.sit(room, friend, 1)
    return play_out(room, owner, friend), owner, friend
