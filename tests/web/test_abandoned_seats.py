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
from tests.helpers.czech_web import drive_to_phase
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


def test_freeing_a_seat_does_not_tell_who_is_deciding_a_private_czech_contra_offer():
    """A contra offer is private: only the seat asked knows it is to act. Freeing that seat is
    refused as freeing any seat that is not to act would be, and no button shows it."""
    users = [UserFactory() for _ in range(4)]
    room = services.create_room(users[0], "czech", 0, None)  # no clock
    for index, user in enumerate(users[1:], start=1):
        services.sit(room, user, index)
    hand = drive_to_phase(
        room,
        "contra",
        lambda phase, legal: "cut:32" if phase == "cut" else "pass" if "pass" in legal else legal[0],
    )
    assert hand.phase == "contra"
    (decider,) = hand.to_act
    host = users[(decider + 1) % 4]  # the host is someone not asked
    room.created_by = host
    room.save(update_fields=["created_by"])
    idle = next(i for i in range(4) if i not in (decider, users.index(host)))
    later = timezone.now() + services.RELEASE_AFTER + timedelta(seconds=1)
    refusals = []
    for seat in (decider, idle):
        with pytest.raises(services.Illegal) as refused:
            services.release(room, host, seat, now=later)
        refusals.append(str(refused.value).replace(str(seat + 1), "N"))
    assert refusals[0] == refusals[1] == "Seat N is not keeping the table waiting"
    assert "data-release" not in client_for(host).get(f"/r/{room.code}/").content.decode()
