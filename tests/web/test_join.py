"""``/join/<code>``: the table's link leads straight to a free seat; a visitor signs in first
and comes back; a full table seats nobody and shows the table; a closed one says so; a locked
one seats only the host's invited friends (games/tables/joining.py)."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from accounts.models import User
from games.models import Invitation, Room
from games.services import access
from tests.factories import UserFactory
from tests.web.helpers import client_for, data_cards, open_table

pytestmark = pytest.mark.django_db


def seated(room: Room) -> list[str]:
    return [s.user.username if s.user else s.robot or "free" for s in room.seats.order_by("index")]


@pytest.fixture
def host():
    return UserFactory(username="host")


@pytest.fixture
def friend():
    return UserFactory(username="friend")


def test_it_seats_a_signed_in_friend_at_the_first_free_seat(host, friend):
    room = open_table(host, robots=1)
    response = client_for(friend).get(f"/join/{room.code}/")
    assert response.status_code == 302
    assert response["Location"] == f"/r/{room.code}/"
    assert seated(room) == ["host", "friend", "free", "basic"]


def test_it_lands_a_seated_player_on_the_table_without_moving_them(host):
    room = open_table(host, robots=1)
    response = client_for(host).get(f"/join/{room.code}/")
    assert response.status_code == 302
    assert seated(room) == ["host", "free", "free", "basic"]


def test_it_sends_a_signed_out_visitor_through_the_guest_button_and_back_to_the_seat(host):
    room = open_table(host, robots=2)
    visitor = client_for(None)
    path = f"/join/{room.code}/?invite={room.invite_token}"
    page = visitor.get(path)
    assert page.status_code == 200
    html = page.content.decode()
    assert f'<input type="hidden" name="next" value="/join/{room.code}/?invite={room.invite_token}">' in html
    assert f'href="/accounts/login/?next={quote(path)}"' in html
    assert seated(room) == ["host", "free", "basic", "basic"]  # nothing until they sign in
    back = visitor.post("/accounts/guest/", {"next": path})
    assert back.status_code == 302 and back["Location"] == path
    assert visitor.get(path)["Location"] == f"/r/{room.code}/"
    guest = User.objects.get(is_guest=True)
    assert seated(room) == ["host", guest.username, "basic", "basic"]


def test_it_lands_a_stranger_on_a_full_table_as_audience_with_a_message(host, friend):
    room = open_table(host, robots=3)
    stranger = client_for(UserFactory(username="stranger"))
    response = stranger.get(f"/join/{room.code}/", follow=True)
    assert response.redirect_chain == [(f"/r/{room.code}/", 302)]
    assert "The table is full: you are watching." in response.content.decode()
    assert seated(room) == ["host", "basic", "basic", "basic"]


def test_it_says_a_closed_table_is_closed_and_seats_nobody(host, friend):
    room = open_table(host, robots=1)
    Room.objects.filter(pk=room.pk).update(closed=True)
    response = client_for(friend).get(f"/join/{room.code}/")
    assert response.status_code == 410
    assert "This table is closed: its players have left." in response.content.decode()
    assert seated(room) == ["host", "free", "free", "basic"]


def test_it_answers_404_for_a_table_that_does_not_exist(friend):
    assert client_for(friend).get("/join/nosuch/").status_code == 404


def test_it_refuses_a_locked_table_without_the_invitation_and_changes_nothing(host, friend):
    room = open_table(host, robots=1)
    Room.objects.filter(pk=room.pk).update(locked=True)
    stranger = client_for(UserFactory(username="stranger"))
    for path in (f"/join/{room.code}/", f"/join/{room.code}/?invite=guessed"):
        response = stranger.get(path)
        assert response.status_code == 403
    assert access.LOCKED in stranger.get(f"/join/{room.code}/").content.decode()
    assert "This invitation link is not valid (any more)" in stranger.get(path).content.decode()
    # The room page's Sit button is refused the same way.
    sit = stranger.post(f"/r/{room.code}/sit", {"seat": 1})
    assert (sit.status_code, sit.json()["error"]) == (403, access.LOCKED)
    assert seated(room) == ["host", "free", "free", "basic"]
    assert not Invitation.objects.exists()


def test_it_seats_the_invited_friend_at_a_locked_table(host, friend):
    room = open_table(host, robots=1)
    Room.objects.filter(pk=room.pk).update(locked=True)
    response = client_for(friend).get(f"/join/{room.code}/?invite={room.invite_token}")
    assert response.status_code == 302
    assert seated(room) == ["host", "friend", "free", "basic"]
    assert list(Invitation.objects.values_list("user__username", flat=True)) == ["friend"]


def test_it_seats_by_link_at_a_private_table(host, friend):
    room = open_table(host, robots=2)
    Room.objects.filter(pk=room.pk).update(private=True)
    assert client_for(friend).get(f"/join/{room.code}/").status_code == 302
    assert seated(room)[1] == "friend"


def test_it_shows_no_card_of_a_full_table_whose_audience_is_closed(host):
    room = open_table(host, robots=3)
    Room.objects.filter(pk=room.pk).update(open_audience=False)
    response = client_for(UserFactory(username="stranger")).get(f"/join/{room.code}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "The table is full, and its audience is closed: only its players can watch." in html
    assert data_cards(html) == set()
