"""The sockets of table life: who is online (up on connect, down on disconnect, stale rows of a
dead process not counted), a closed audience refused and shut out, the lobby's pushes."""

from __future__ import annotations

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from games import services
from games.models import Presence, Room
from games.services.access import Privacy
from games.tables import presence
from tests.factories import UserFactory
from tests.web.helpers import client_for, data_cards, open_table
from tests.web.sockets import app, connect, drain

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def online() -> str:
    return client_for(None).get("/lobby/online").content.decode()


async def test_it_counts_a_user_online_while_a_page_of_theirs_is_open():
    anna, bela = await database_sync_to_async(
        lambda: (UserFactory(username="anna"), UserFactory(username="bela"))
    )()
    room = await database_sync_to_async(open_table)(anna, 3)
    assert ">0 players online<" in await online()
    lobby = await connect("/ws/lobby/", anna)
    table = await connect(f"/ws/r/{room.code}/", anna)  # two pages, one person
    assert ">1 player online<" in await online()
    watcher = await connect(f"/ws/r/{room.code}/", bela)
    visitor = await connect("/ws/lobby/", None)  # not signed in: no player
    assert ">2 players online<" in await online()
    await lobby.disconnect()
    assert ">2 players online<" in await online()
    await table.disconnect()
    assert ">1 player online<" in await online()
    await watcher.disconnect()
    await visitor.disconnect()
    assert ">0 players online<" in await online()
    assert await database_sync_to_async(Presence.objects.count)() == 0


def test_rows_a_dead_process_left_stop_counting_after_the_set_seconds(settings):
    settings.ONLINE_SECONDS = 90
    anna = UserFactory(username="anna")
    presence.arrive("gone-process!abc", anna)
    now = timezone.now()
    assert presence.online_count(now + timedelta(seconds=89)) == 1
    assert presence.online_count(now + timedelta(seconds=91)) == 0
    assert not Presence.objects.exists()  # and the count cleared them away


async def test_a_closed_audience_refuses_a_strangers_socket_and_shuts_out_a_watcher():
    host, stranger = await database_sync_to_async(lambda: (UserFactory(username="host"), UserFactory()))()
    room = await database_sync_to_async(open_table)(host, 1)
    watcher = await connect(f"/ws/r/{room.code}/", stranger)
    await drain(watcher)
    host_page = await connect(f"/ws/r/{room.code}/", host)
    await drain(host_page)
    await database_sync_to_async(services.set_privacy)(room, host, Privacy(open_audience=False))
    assert await watcher.receive_output() == {"type": "websocket.close", "code": 4403}
    assert data_cards("".join(await drain(host_page))) == set()  # the host's page goes on
    refused = WebsocketCommunicator(app, f"/ws/r/{room.code}/")
    refused.scope["user"] = stranger
    assert await refused.connect() == (False, 4403)
    await host_page.disconnect()


async def test_the_lobby_socket_keeps_the_filter_and_never_sends_a_private_table():
    host = await database_sync_to_async(UserFactory)(username="host")
    czech = await database_sync_to_async(open_table)(host, 1, "czech")
    hungarian = await database_sync_to_async(open_table)(host, 1)
    lobby = await connect("/ws/lobby/?game=czech", None)
    first = "".join(await drain(lobby))
    assert f'data-room="{czech.code}"' in first and hungarian.code not in first
    await database_sync_to_async(services.set_privacy)(czech, host, Privacy(private=True))
    pushed = "".join(await drain(lobby))
    assert 'id="rooms"' in pushed and czech.code not in pushed
    assert await database_sync_to_async(lambda: Room.objects.get(pk=czech.pk).private)()
    await lobby.disconnect()
