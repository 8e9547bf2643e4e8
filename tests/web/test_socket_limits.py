"""The room websocket after its session ends (the issue's finding 6) and its frame limit
(finding 8): a logout closes the sockets opened in that session before another push; a
session that ended some other way is noticed at the next push; fresh snapshots asked for
too often are refused in the page's #flash instead of rendered."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.sessions.models import Session

from games import services
from games.live.consumers import SESSION_ENDED
from tests.factories import UserFactory
from tests.web.helpers import client_for, data_cards, open_table
from tests.web.sockets import app_with_sessions as app
from tests.web.sockets import closed_with, drain, open_socket

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _quick_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@database_sync_to_async
def make_table() -> tuple[Any, Any, Any]:
    owner, friend = UserFactory(), UserFactory()
    room = open_table(owner, robots=2)
    services.sit(room, friend, 1)
    return room, client_for(owner), {0: owner, 1: friend}


@database_sync_to_async
def somebody_moves(room: Any, users: dict[int, Any]) -> None:
    hand = room.current_hand()
    seat = hand.to_act[0]
    services.submit_action(hand.pk, seat, "pass", hand.seq, actor=users[seat])


async def test_a_logout_closes_the_socket_before_it_shows_the_hand_again():
    room, owner, users = await make_table()
    socket = await open_socket(room.code, owner)
    snapshot = await socket.receive_from(timeout=10)
    assert data_cards(snapshot), "the seat's own cards before the logout"

    response = await database_sync_to_async(owner.post)("/accounts/logout/")
    assert response.status_code == 302
    await somebody_moves(room, users)
    assert await closed_with(socket) == SESSION_ENDED
    assert await socket.receive_nothing(timeout=0.3)
    await socket.disconnect()


async def test_a_logout_leaves_the_sockets_of_the_users_other_sessions_open():
    room, owner, users = await make_table()
    other_device = await database_sync_to_async(client_for)(users[0])
    here, there = await open_socket(room.code, owner), await open_socket(room.code, other_device)
    await drain(here), await drain(there)
    await database_sync_to_async(owner.post)("/accounts/logout/")
    await somebody_moves(room, users)
    assert await closed_with(here) == SESSION_ENDED
    assert await drain(there), "the other device's page goes on"
    await here.disconnect(), await there.disconnect()


async def test_a_session_that_ended_elsewhere_gets_no_more_pushes(settings):
    settings.SESSION_RECHECK = 0  # check at every push
    room, owner, users = await make_table()
    socket = await open_socket(room.code, owner)
    await drain(socket)
    # The session expired, or another process deleted it: no logout signal in this process.
    await database_sync_to_async(Session.objects.all().delete)()
    await somebody_moves(room, users)
    assert await closed_with(socket) == SESSION_ENDED
    await socket.disconnect()


async def test_fresh_snapshots_asked_for_too_often_are_refused_in_the_flash(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "frame": {"user": "3/h"}}
    room, owner, users = await make_table()
    socket = await open_socket(room.code, owner)  # the connection's snapshot is the first frame
    assert data_cards(await socket.receive_from(timeout=10))
    for _ in range(2):
        await socket.send_to(text_data="resync")
        assert data_cards(await socket.receive_from(timeout=10))
    await socket.send_to(text_data="resync")
    refused = await socket.receive_from(timeout=10)
    assert refused.startswith('<div id="flash"') and 'hx-swap-oob="true"' in refused
    assert "Too many requests for a fresh view of the table: try again in" in refused
    assert not data_cards(refused)
    # Pushes of real changes are not frames the page asked for: they still come.
    await somebody_moves(room, users)
    assert await drain(socket)
    # A new socket of the same user is declined while the rate is used up.
    again = WebsocketCommunicator(app, f"/ws/r/{room.code}/", headers=socket.scope["headers"])
    connected, _ = await again.connect()
    assert not connected
    await socket.disconnect()


async def test_lobby_sockets_count_as_frames_of_their_address(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "frame": {"ip": "2/h"}}

    def lobby_socket() -> WebsocketCommunicator:
        socket = WebsocketCommunicator(app, "/ws/lobby/")
        socket.scope["client"] = ["203.0.113.7", 40000]  # as Daphne fills it in
        return socket

    opened = []
    for _ in range(2):
        lobby = lobby_socket()
        connected, _ = await lobby.connect()
        assert connected and 'id="rooms"' in await lobby.receive_from(timeout=10)
        opened.append(lobby)
    connected, _ = await lobby_socket().connect()
    assert not connected
    for lobby in opened:
        await lobby.disconnect()
