from __future__ import annotations

import pytest

from games import services
from tests.factories import UserFactory
from tests.helpers.turn_clocks import BOB
from tests.web.helpers import client_for, open_table


@pytest.fixture(autouse=True)
def _robots_inline(settings) -> None:
    # Robots move at once, in the request that made them due.
    settings.ROBOT_RUNNER = "inline"
    settings.ROBOT_DELAY = 0


@pytest.fixture
def friends_table():
    """A Hungarian table of two people (``owner`` at seat 0, ``friend`` at 1) and two robots,
    the first hand dealt: ``(room, owner, friend)``."""
    owner = UserFactory(username="owner")
    friend = UserFactory(username="friend")
    room = open_table(owner, robots=2)
    client_for(friend).post(f"/r/{room.code}/sit", {"seat": 1})
    room.refresh_from_db()
    return room, owner, friend


@pytest.fixture
def clocked_table():
    """A turn clock's table (tests/helpers/turn_clocks.py): Alice and Bob with two robots at a
    table with a 60 s clock: the hand is dealt, and the robots (inline) have moved up to the
    first person's turn."""
    alice, bob = UserFactory(), UserFactory()
    room = services.create_room(alice, "hungarian", robots=2, turn_clock=60)
    services.sit(room, bob, BOB)
    return room, alice, bob
