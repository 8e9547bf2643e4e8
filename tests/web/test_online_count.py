"""The lobby's count of players online is right while people play (issue 35): a player at a robot
table whose page is open counts, through every late beat of its socket, and the person looking
at the lobby counts themself."""

from __future__ import annotations

import asyncio

import pytest
from channels.db import database_sync_to_async

from games.models import Presence
from tests.factories import UserFactory
from tests.web.helpers import client_for, open_table
from tests.web.sockets import connect, drain

pytestmark = pytest.mark.django_db(transaction=True)


def online_seen_by(user) -> str:
    return client_for(user).get("/lobby/online").content.decode()


async def test_an_open_table_socket_counts_again_after_a_count_cleared_its_row(settings):
    # A beat every second. A beat that came late (the database restarting, the server's machine
    # asleep) let a count delete the row of a socket still open: the next beat writes it again.
    settings.ONLINE_SECONDS = 3
    anna = await database_sync_to_async(UserFactory)(username="anna")
    room = await database_sync_to_async(open_table)(anna, 3)  # three robots, the hand dealt
    table = await connect(f"/ws/r/{room.code}/", anna)
    await drain(table)  # the snapshot rendered
    await database_sync_to_async(lambda: Presence.objects.all().delete())()
    await asyncio.sleep(1.5)
    assert ">1 player online<" in await database_sync_to_async(online_seen_by)(None)
    await table.disconnect()
    assert ">0 players online<" in await database_sync_to_async(online_seen_by)(None)


async def test_the_lobby_counts_the_players_at_robot_tables_and_the_person_looking():
    anna, bela = await database_sync_to_async(
        lambda: (UserFactory(username="anna"), UserFactory(username="bela"))
    )()
    room = await database_sync_to_async(open_table)(anna, 3)
    table = await connect(f"/ws/r/{room.code}/", anna)
    assert ">1 player online<" in await database_sync_to_async(online_seen_by)(None)
    # Bela's own lobby socket opens only once the page is rendered: he is online all the same.
    assert ">2 players online<" in await database_sync_to_async(online_seen_by)(bela)
    page = await database_sync_to_async(lambda: client_for(bela).get("/").content.decode())()
    assert ">2 players online<" in page
    assert ">1 player online<" in await database_sync_to_async(online_seen_by)(anna)  # not twice
    await table.disconnect()
    assert ">1 player online<" in await database_sync_to_async(online_seen_by)(bela)
