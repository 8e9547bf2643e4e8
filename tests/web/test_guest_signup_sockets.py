"""The sockets of a guest who signs up: Django's login gives the session a new key once the
password is set, and the pages open in the old session follow it (games.live.session_moves) rather
than take the old key's end for a logout."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.contrib.sessions.models import Session
from django.test import Client

from accounts.models import User
from games import services
from games.live import session_moves
from games.live.consumers import SESSION_ENDED
from games.rules import get_variant
from games.services import broadcast, replay
from tests.factories import UserFactory
from tests.web.helpers import client_for, data_cards, open_table
from tests.web.sockets import closed_with, drain, open_socket

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "pagat ultimo 21"


@pytest.fixture(autouse=True)
def _checks_at_every_push(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.SESSION_RECHECK = 0  # every push checks that the socket's session holds its player


@database_sync_to_async
def guest_at_a_table() -> tuple[Client, User, Any]:
    """A guest alone with three robots; the robots have moved, so the guest is to act."""
    client = Client()
    client.post("/accounts/guest/")
    guest = User.objects.get(pk=client.session["_auth_user_id"])
    room = open_table(guest, robots=3)
    assert room.current_hand().to_act == [0]
    return client, guest, room


@database_sync_to_async
def guest_moves(client: Client, room: Any) -> None:
    view = client.get(f"/r/{room.code}/view.json").json()
    assert (
        client.post(f"/r/{room.code}/act", {"action": view["legal"][0], "seq": view["seq"]}).status_code
        == 200
    )


@database_sync_to_async
def seat_moves(room: Any, user: User) -> None:
    """The seat's first legal move, made in the database (whatever its page's session)."""
    hand = room.current_hand()
    legal = get_variant(hand.variant).legal_actions(replay.current(hand), 0)
    services.submit_action(hand.pk, 0, str(legal[0]), hand.seq, actor=user)


def sign_up(client: Client) -> Any:
    form = {"username": "anna", "password1": PASSWORD, "password2": PASSWORD, "next": "/"}
    return client.post("/accounts/signup/", form)


async def test_the_socket_of_a_guest_who_signs_up_plays_on_and_closes_at_the_members_logout():
    client, guest, room = await guest_at_a_table()
    socket = await open_socket(room.code, client)
    old_key = client.session.session_key
    snapshot = "".join(await drain(socket))
    assert data_cards(snapshot) and 'data-seat="0"' in snapshot

    assert (await database_sync_to_async(sign_up)(client)).status_code == 302
    assert client.session.session_key != old_key  # Django's login gave the session a new key
    assert not await database_sync_to_async(Session.objects.filter(session_key=old_key).exists)()
    await drain(socket)  # the tables are told the new name

    # The same socket shows the seat's moves to the member: checked against the new session.
    hand_before = await database_sync_to_async(lambda: room.current_hand().seq)()
    await guest_moves(client, room)
    pushed = "".join(await drain(socket))
    assert pushed and data_cards(pushed), "the seat's hand after the member's move"
    assert await database_sync_to_async(lambda: room.current_hand().seq)() > hand_before

    # The socket belongs to the member's session now: its logout closes it at once.
    await database_sync_to_async(client.post)("/accounts/logout/")
    await database_sync_to_async(broadcast.room_changed)(room.pk)
    assert await closed_with(socket) == SESSION_ENDED
    await socket.disconnect()


async def test_a_socket_that_checks_its_session_while_it_is_renewed_stays_open():
    client, guest, room = await guest_at_a_table()
    socket = await open_socket(room.code, client)
    await drain(socket)
    # Between Django dropping the old session and the socket hearing of the new one.
    await database_sync_to_async(session_moves.session_renewing)(
        User, user=guest, session_key=client.session.session_key
    )
    await database_sync_to_async(Session.objects.all().delete)()
    await database_sync_to_async(broadcast.room_changed)(room.pk)
    assert await socket.receive_nothing(timeout=0.3)  # nothing changed for the seat, and not closed
    await seat_moves(room, guest)
    assert data_cards("".join(await drain(socket)))
    await socket.disconnect()


async def test_a_socket_told_to_follow_a_session_of_someone_else_closes():
    client, guest, room = await guest_at_a_table()
    socket = await open_socket(room.code, client)
    await drain(socket)
    other = await database_sync_to_async(lambda: client_for(UserFactory(username="bela")))()
    await get_channel_layer().group_send(
        broadcast.session_group(client.session.session_key),
        {"type": "session.moved", "key": other.session.session_key},
    )
    assert await closed_with(socket) == SESSION_ENDED
    await socket.disconnect()
