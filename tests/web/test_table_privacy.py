"""The host's settings (private, locked, closed audience) on the opening form and the waiting
table, the closed audience's clear page, and removing a player who never played."""

from __future__ import annotations

import pytest

from games.models import HandAction, Invitation, Room
from games.services import access
from tests.factories import StaffFactory, UserFactory
from tests.web.helpers import client_for, data_cards, open_table

pytestmark = pytest.mark.django_db

EVERYTHING = {"private": "on", "locked": "on", "closed_audience": "on"}


def privacy(room: Room) -> tuple[bool, bool, bool, str]:
    room.refresh_from_db()
    return room.private, room.locked, room.open_audience, room.invite_token


@pytest.fixture
def waiting():
    """host at seat 0, friend at seat 1, seats 2 and 3 free: ``(room, host, friend)``."""
    host, friend = UserFactory(username="host"), UserFactory(username="friend")
    room = open_table(host, robots=0)
    client_for(friend).post(f"/r/{room.code}/sit", {"seat": 1})
    return room, host, friend


def test_it_opens_a_private_locked_table_with_a_closed_audience():
    response = client_for(UserFactory(username="host")).post(
        "/rooms/new", {"variant": "czech", "robots": 3, **EVERYTHING}
    )
    assert response.status_code == 302
    assert privacy(Room.objects.get())[:3] == (True, True, False)


def test_it_refuses_a_bad_setting_on_the_opening_form_and_opens_nothing():
    response = client_for(UserFactory()).post(
        "/rooms/new", {"variant": "czech", "robots": 3, "private": "maybe"}
    )
    assert (response.status_code, response.json()["error"]) == (400, "private must be on or off, not 'maybe'")
    assert not Room.objects.exists()


def test_the_host_changes_the_settings_and_locking_invites_the_seated_friend(waiting):
    room, host, friend = waiting
    response = client_for(host).post(f"/r/{room.code}/privacy", EVERYTHING, HTTP_HX_REQUEST="true")
    assert response.status_code == 204
    assert privacy(room)[:3] == (True, True, False)
    assert list(Invitation.objects.values_list("user__username", flat=True)) == ["friend"]
    assert client_for(host).post(f"/r/{room.code}/privacy", {}).status_code == 302  # every box unticked
    assert privacy(room)[:3] == (False, False, True)


def test_only_the_host_sees_the_invitation_token(waiting):
    room, host, friend = waiting
    client_for(host).post(f"/r/{room.code}/privacy", {"locked": "on"})
    token = privacy(room)[3]
    host_page = client_for(host).get(f"/r/{room.code}/").content.decode()
    assert f'data-share-link="/join/{room.code}/?invite={token}"' in host_page
    assert 'name="locked" checked' in host_page
    for viewer in (friend, UserFactory(username="stranger"), None, StaffFactory()):
        page = client_for(viewer).get(f"/r/{room.code}/").content.decode()
        assert token not in page
        assert "data-table-privacy" not in page
        assert "A locked table: only players the host invites may sit." in page


@pytest.mark.parametrize(
    ("who", "status", "message"),
    [
        ("friend", 403, "Only the player who opened the table can change who may sit and watch"),
        ("stranger", 403, "Only the player who opened the table can change who may sit and watch"),
        ("visitor", 403, "Only the player who opened the table can change who may sit and watch"),
        ("started", 400, "The game has started: who may sit and watch can no longer be changed"),
    ],
)
def test_others_and_a_started_game_are_refused_and_nothing_changes(waiting, who, status, message):
    room, host, friend = waiting
    if who == "started":
        client_for(host).post(f"/r/{room.code}/robot", {"seat": 2, "level": "basic"})
        client_for(host).post(f"/r/{room.code}/robot", {"seat": 3, "level": "basic"})
        assert room.current_hand() is not None
    user = {"friend": friend, "stranger": UserFactory(), "visitor": None, "started": host}[who]
    before = privacy(room)
    response = client_for(user).post(f"/r/{room.code}/privacy", EVERYTHING)
    assert (response.status_code, response.json()["error"]) == (status, message)
    assert privacy(room) == before
    assert not Invitation.objects.exists()


def test_a_closed_audience_shows_strangers_a_clear_page_and_no_card():
    host = UserFactory(username="host")
    room = open_table(host, robots=3, variant="czech")
    Room.objects.filter(pk=room.pk).update(open_audience=False)
    for viewer in (UserFactory(username="stranger"), None):
        page = client_for(viewer).get(f"/r/{room.code}/")
        assert page.status_code == 403
        html = page.content.decode()
        assert access.AUDIENCE_CLOSED in html
        assert data_cards(html) == set()
        view = client_for(viewer).get(f"/r/{room.code}/view.json")
        assert (view.status_code, view.json()) == (403, {"error": access.AUDIENCE_CLOSED})
    for viewer in (host, StaffFactory()):
        assert client_for(viewer).get(f"/r/{room.code}/").status_code == 200


def test_the_host_removes_a_friend_who_never_played_and_the_old_link_no_longer_seats_them(waiting):
    room, host, friend = waiting
    client_for(host).post(f"/r/{room.code}/privacy", {"locked": "on"})
    old_token = privacy(room)[3]
    assert 'data-remove="1"' in client_for(host).get(f"/r/{room.code}/").content.decode()
    response = client_for(host).post(f"/r/{room.code}/remove", {"seat": 1})
    assert response.status_code == 302
    room.refresh_from_db()
    assert room.seats.get(index=1).is_free
    assert room.removed == [friend.pk]
    assert room.invite_token != old_token
    friend_client = client_for(friend)
    page = friend_client.get(f"/r/{room.code}/").content.decode()
    assert "The host removed you from this table: you are watching." in page
    again = friend_client.get(f"/join/{room.code}/?invite={old_token}")
    assert again.status_code == 403
    assert "This invitation link is not valid (any more)" in again.content.decode()
    sit = friend_client.post(f"/r/{room.code}/sit", {"seat": 1})
    assert (sit.status_code, sit.json()["error"]) == (403, access.REMOVED)
    assert room.seats.get(index=1).is_free
    # A new invitation from the host seats them again.
    assert friend_client.get(f"/join/{room.code}/?invite={room.invite_token}").status_code == 302
    room.refresh_from_db()
    assert room.seats.get(index=1).user == friend and room.removed == []


@pytest.mark.parametrize(
    ("who", "seat", "status", "message"),
    [
        ("friend", 0, 403, "Only the player who opened the table can remove a player"),
        ("visitor", 1, 403, "Only the player who opened the table can remove a player"),
        ("host", 0, 400, "That is your own seat: leave the table instead"),
        ("host", 2, 400, "Seat 3 has no player to remove"),
        ("host", 9, 400, "There is no seat 10 at this table"),
    ],
)
def test_bad_removals_are_refused_and_nothing_changes(waiting, who, seat, status, message):
    room, host, friend = waiting
    user = {"host": host, "friend": friend, "visitor": None}[who]
    response = client_for(user).post(f"/r/{room.code}/remove", {"seat": seat})
    assert (response.status_code, response.json()["error"]) == (status, message)
    room.refresh_from_db()
    assert [s.user_id for s in room.seats.order_by("index")] == [host.pk, friend.pk, None, None]
    assert room.removed == []


@pytest.mark.django_db(transaction=True)
def test_a_player_who_made_a_move_cannot_be_removed_and_one_who_did_not_is_played_by_a_robot(friends_table):
    room, owner, friend = friends_table
    friend_client, owner_client = client_for(friend), client_for(owner)
    # Nobody has moved yet: the host may remove the friend (the page offers it).
    assert 'data-remove="1"' in owner_client.get(f"/r/{room.code}/").content.decode()
    for _ in range(40):  # the friend makes one move of their own
        if HandAction.objects.filter(actor=friend).exists():
            break
        for client in (friend_client, owner_client):
            view = client.get(f"/r/{room.code}/view.json").json()
            if view["legal"]:
                client.post(f"/r/{room.code}/act", {"action": view["legal"][0], "seq": view["seq"]})
                break
    assert HandAction.objects.filter(actor=friend).exists()
    assert 'data-remove="1"' not in owner_client.get(f"/r/{room.code}/").content.decode()
    response = owner_client.post(f"/r/{room.code}/remove", {"seat": 1})
    assert (response.status_code, response.json()["error"]) == (
        400,
        "friend has played at this table: only a player who never played can be removed",
    )
    assert room.seats.get(index=1).user == friend


@pytest.mark.django_db(transaction=True)
def test_a_player_removed_during_the_first_hand_before_moving_is_replaced_by_a_robot(friends_table):
    room, owner, friend = friends_table
    hand = room.current_hand()
    assert not HandAction.objects.filter(actor=friend).exists()
    assert client_for(owner).post(f"/r/{room.code}/remove", {"seat": 1}).status_code == 302
    seat = room.seats.get(index=1)
    assert (seat.user, seat.robot, seat.kept_for) == (None, "basic", None)
    assert list(hand.players.values_list("username", flat=True)) == ["owner"]
