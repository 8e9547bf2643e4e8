"""Seats: the robot level chosen at the table's opening, the host's robot swaps before the
first hand, and a leaver's seat kept by a robot until the player comes back."""

from __future__ import annotations

import pytest

from games.models import Room
from tests.factories import UserFactory
from tests.web.helpers import client_for, data_cards, hidden_from, open_table

pytestmark = pytest.mark.django_db(transaction=True)


def test_robots_of_the_chosen_level_take_the_last_seats():
    user = UserFactory()
    response = client_for(user).post(
        "/rooms/new", {"variant": "hungarian", "robots": 2, "robot_level": "strong"}
    )
    assert response.status_code == 302
    room = Room.objects.get()
    assert [s.robot for s in room.seats.order_by("index")] == ["", "", "strong", "strong"]


def test_an_unknown_robot_level_is_refused_and_nothing_is_created():
    response = client_for(UserFactory()).post(
        "/rooms/new", {"variant": "hungarian", "robots": 3, "robot_level": "genius"}
    )
    assert response.status_code == 400
    assert response.json()["error"] == "Unknown robot level 'genius': choose random, basic, strong"
    assert not Room.objects.exists()


def test_the_host_seats_a_robot_and_the_full_table_is_dealt():
    host = UserFactory()
    room = open_table(host, robots=1)
    client = client_for(host)
    page = client.get(f"/r/{room.code}/").content.decode()
    assert 'data-robot-seat="1"' in page and 'data-robot-seat="3"' in page
    assert client.post(f"/r/{room.code}/robot", {"seat": 1, "level": "strong"}).status_code == 302
    assert client.post(f"/r/{room.code}/robot", {"seat": 3, "level": "random"}).status_code == 302
    assert room.current_hand() is None
    assert client.post(f"/r/{room.code}/robot", {"seat": 2, "level": ""}).status_code == 302
    assert room.seats.get(index=2).is_free
    assert client.post(f"/r/{room.code}/robot", {"seat": 2, "level": "basic"}).status_code == 302
    assert [s.robot for s in room.seats.order_by("index")] == ["", "strong", "basic", "random"]
    assert room.current_hand() is not None
    # Once the game has started, robots stay as they are.
    response = client.post(f"/r/{room.code}/robot", {"seat": 1, "level": "random"})
    assert response.status_code == 400
    assert response.json()["error"] == "The game has started: robots can no longer be changed"
    assert room.seats.get(index=1).robot == "strong"


@pytest.mark.parametrize(
    ("who", "data", "status", "message"),
    [
        ("guest", {"seat": 1, "level": "basic"}, 403, "Only the player who opened the table can seat robots"),
        (
            "stranger",
            {"seat": 1, "level": "basic"},
            403,
            "Only the player who opened the table can seat robots",
        ),
        ("host", {"seat": 0, "level": "basic"}, 409, "Seat 1 is taken by a player"),
        ("host", {"seat": 7, "level": "basic"}, 400, "There is no seat 8 at this table"),
        (
            "host",
            {"seat": 1, "level": "genius"},
            400,
            "Unknown robot level 'genius': choose random, basic, strong",
        ),
        ("host", {"level": "basic"}, 400, "seat is required"),
    ],
)
def test_robot_swaps_refuse_bad_requests_and_change_nothing(who, data, status, message):
    host = UserFactory()
    room = open_table(host, robots=0)
    user = {"host": host, "stranger": UserFactory(), "guest": None}[who]
    response = client_for(user).post(f"/r/{room.code}/robot", data)
    assert response.status_code == status
    assert response.json()["error"] == message
    assert [s.robot for s in room.seats.order_by("index")] == ["", "", "", ""]


def test_a_player_who_leaves_a_running_table_comes_back_to_the_same_seat():
    owner, friend = UserFactory(), UserFactory()
    room = open_table(owner, robots=2)
    client_for(friend).post(f"/r/{room.code}/sit", {"seat": 1})
    assert room.current_hand() is not None
    assert client_for(friend).post(f"/r/{room.code}/leave").status_code == 302
    seat = room.seats.get(index=1)
    assert seat.robot == "basic" and seat.user is None and seat.kept_for == friend
    # The robot plays the seat meanwhile; nobody else may take it.
    response = client_for(UserFactory()).post(f"/r/{room.code}/sit", {"seat": 1})
    assert response.status_code == 409
    assert response.json()["error"] == "Seat 2 is kept for the player who left it"
    # The leaver sees a way back, watches as audience until then (no hand of anyone).
    page = client_for(friend).get(f"/r/{room.code}/").content.decode()
    assert "Back to my seat" in page
    assert not data_cards(page) & hidden_from(room.current_hand(), None)
    assert client_for(friend).post(f"/r/{room.code}/sit", {"seat": 1}).status_code == 302
    seat.refresh_from_db()
    assert seat.user == friend and seat.robot == "" and seat.kept_for is None
    view = client_for(friend).get(f"/r/{room.code}/view.json").json()
    assert view["seat"] == 1 and len(view["cards"]) > 0
