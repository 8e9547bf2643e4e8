"""The room websocket: a snapshot on connect, a fresh render for each viewer after every
action, and never another seat's hidden card in any pushed fragment."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games import services
from tests.factories import UserFactory
from tests.web.helpers import data_cards, hidden_from, open_table
from tests.web.sockets import app, connect, drain

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def make_table():
    owner, friend = UserFactory(username="owner"), UserFactory(username="friend")
    room = open_table(owner, robots=2)
    services.sit(room, friend, 1)
    return room, owner, friend, UserFactory(username="watcher")


@database_sync_to_async
def hidden(room, seat):
    return hidden_from(room.current_hand(), seat)


@database_sync_to_async
def act_for_whoever_is_to_act(room, users):
    hand = room.current_hand()
    seat = hand.to_act[0]
    services.submit_action(hand.pk, seat, "pass", hand.seq, actor=users[seat])
    return seat


async def test_it_sends_a_snapshot_on_connect_rendered_for_the_viewer():
    room, owner, friend, watcher = await make_table()
    seat0 = await connect(f"/ws/r/{room.code}/", owner)
    snapshot = await seat0.receive_from(timeout=10)
    assert 'id="hand"' in snapshot and 'id="status"' in snapshot
    assert not data_cards(snapshot) & await hidden(room, 0)
    assert data_cards(snapshot)  # its own nine cards
    await seat0.disconnect()


async def test_every_viewer_gets_its_own_render_and_no_hidden_card_after_an_action():
    room, owner, friend, watcher = await make_table()
    viewers = {0: owner, 1: friend, None: watcher}
    sockets = {seat: await connect(f"/ws/r/{room.code}/", user) for seat, user in viewers.items()}
    for socket in sockets.values():
        await drain(socket)

    for _ in range(2):  # two human moves, each followed by robot moves
        await act_for_whoever_is_to_act(room, {0: owner, 1: friend})
        for seat, socket in sockets.items():
            pushed = await drain(socket)
            assert pushed, f"viewer {seat} got no update"
            secret = await hidden(room, seat)
            for fragment in pushed:
                assert not data_cards(fragment) & secret, f"viewer {seat} was shown a hidden card"
            if seat is None:
                assert not any("data-action" in f for f in pushed)
    for socket in sockets.values():
        await socket.disconnect()


async def test_an_unknown_room_closes_the_socket():
    communicator = WebsocketCommunicator(app, "/ws/r/nosuch/")
    connected, code = await communicator.connect()
    assert not connected or code == 4404
    await communicator.disconnect()


async def test_the_lobby_socket_pushes_the_room_list_when_a_table_opens():
    lobby = await connect("/ws/lobby/", None)
    first = await lobby.receive_from(timeout=10)
    assert 'id="rooms"' in first
    room, *_ = await make_table()
    pushed = await drain(lobby)
    assert any(room.code in fragment for fragment in pushed)
    await lobby.disconnect()
