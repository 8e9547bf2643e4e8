"""Issue finding 10 (seats): a guest who logs out can never come back, and at a table without a
clock their seat would hold the table for ever. Their seats are freed at logout; the host may
free the seat of any player who keeps the table waiting (``services.RELEASE_AFTER``)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games import services
from games.models import Seat
from tests.factories import UserFactory
from tests.web.helpers import client_for, open_table

pytestmark = pytest.mark.django_db(transaction=True)


def guest_client() -> tuple[Client, object]:
    from accounts.models import User

    client = Client()
    client.post("/accounts/guest/")
    return client, User.objects.get(pk=client.session["_auth_user_id"])


def waiting_on(room, seat: int) -> None:
    """Make the live hand wait for ``seat``: robots and the host move until it is that seat's turn."""
    host_client = client_for(room.created_by)
    for _ in range(60):
        hand = room.current_hand()
        if seat in hand.to_act:
            return
        view = host_client.get(f"/r/{room.code}/view.json").json()
        assert view["legal"], view
        host_client.post(f"/r/{room.code}/act", {"action": view["legal"][0], "seq": view["seq"]})
    raise AssertionError("the guest's seat never came to act")


def test_a_guest_who_logs_out_hands_the_seat_to_a_robot_and_play_goes_on():
    host = UserFactory()
    room = open_table(host, robots=2)  # Hungarian: the host, a free seat, two robots
    client, guest = guest_client()
    assert client.post(f"/r/{room.code}/sit", {"seat": 1}).status_code == 302
    waiting_on(room, 1)
    hand = room.current_hand()
    before = hand.actions.count()
    client.post("/accounts/logout/")
    seat = Seat.objects.get(room=room, index=1)
    assert seat.user is None and seat.robot == services.DEFAULT_ROBOT and seat.kept_for == guest
    assert hand.actions.count() > before  # the robot moved for the seat at once (inline runner)


def test_a_guest_who_logs_out_before_the_first_hand_leaves_the_seat_free():
    host = UserFactory()
    room = open_table(host, robots=1)
    client, _guest = guest_client()
    client.post(f"/r/{room.code}/sit", {"seat": 1})
    client.post("/accounts/logout/")
    assert Seat.objects.get(room=room, index=1).is_free


def test_a_player_who_logs_out_keeps_the_seat_they_can_come_back_to():
    host, player = UserFactory(), UserFactory()
    room = open_table(host, robots=2)
    services.sit(room, player, 1)
    client_for(player).post("/accounts/logout/")
    assert Seat.objects.get(room=room, index=1).user == player


def test_the_host_frees_a_seat_that_has_kept_the_table_waiting():
    host, player, stranger = UserFactory(), UserFactory(), UserFactory()
    room = open_table(host, robots=2)
    services.sit(room, player, 1)
    waiting_on(room, 1)
    hand = room.current_hand()
    url = f"/r/{room.code}/release"
    # Not yet: the seat has had less than RELEASE_AFTER.
    response = client_for(host).post(url, {"seat": 1})
    assert response.status_code == 400 and "wait" in response.json()["error"]
    # Only the host (seated): the player, a stranger cannot.
    for other in (stranger,):
        assert client_for(other).post(url, {"seat": 1}).status_code == 403
    assert client_for(player).post(url, {"seat": 0}).status_code == 403
    assert Seat.objects.get(room=room, index=1).user == player
    later = timezone.now() + services.RELEASE_AFTER + timedelta(seconds=1)
    before = hand.actions.count()
    services.release(room, host, 1, now=later)
    seat = Seat.objects.get(room=room, index=1)
    assert seat.user is None and seat.robot == services.DEFAULT_ROBOT and seat.kept_for == player
    assert hand.actions.count() > before
    # The player may come back to it, as after leaving.
    services.sit(room, player, 1)
    assert Seat.objects.get(room=room, index=1).user == player


def test_the_host_sees_a_free_seat_button_only_for_a_player_keeping_the_table_waiting():
    host, player = UserFactory(), UserFactory()
    room = open_table(host, robots=2)
    services.sit(room, player, 1)
    waiting_on(room, 1)
    page = client_for(host).get(f"/r/{room.code}/").content.decode()
    assert 'data-release="1"' in page and 'data-release="0"' not in page
    assert "data-release" not in client_for(player).get(f"/r/{room.code}/").content.decode()
