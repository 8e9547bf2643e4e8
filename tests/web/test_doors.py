"""The doors only the host, the seated table or staff may use (issue 33, finding 2): anyone else
is refused (403, the service's words) before a posted field is read, whatever was posted, and
the refusal changes no row and queues no push to the table's pages.

Personas at ``friends_table``: ``owner`` (the host, seat 0) and ``friend`` (seat 1), a hand
being played; ``stranger``, signed in, no seat."""

from __future__ import annotations

from typing import Any

import pytest
from django.forms.models import model_to_dict

from games.models import ChatMessage, ChatPreference, Room
from tests.factories import UserFactory
from tests.web.helpers import client_for

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
HOST_ROBOTS = "Only the player who opened the table can seat robots"
HOST_PRIVACY = "Only the player who opened the table can change who may sit and watch"
HOST_REMOVE = "Only the player who opened the table can remove a player"
HOST_CHAT = "Only the player who opened the table can change its chat"
HOST_FREE = "Only the player who opened the table can free a seat"
HOST_END = "Only the player who opened the table can end the match"
STAFF_REMOVE = "Only staff can remove a message"
AUDIENCE_CLOSED = "The audience of this table is closed: only its players and staff can watch it."


@pytest.fixture(autouse=True)
def _quick_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def table_rows(room: Room) -> Any:
    """Everything a door could change at ``room``: the room row, its seats, its chat."""
    room.refresh_from_db()
    seats = [model_to_dict(s) for s in room.seats.order_by("index")]
    chat = list(ChatMessage.objects.filter(room=room).values())
    return model_to_dict(room), seats, chat, list(ChatPreference.objects.values()), room.hands.count()


def knock(capture: Any, room: Room, user: Any, door: str, data: dict[str, str]) -> Any:
    """``user`` posts ``data`` to ``door`` of ``room``; asserts that nothing changed and no push
    was queued, and returns the answer."""
    before = table_rows(room)
    with capture(execute=False) as pushes:
        response = client_for(user).post(f"/r/{room.code}/{door}", data, **HTMX)
    assert pushes == [], (door, data)
    assert table_rows(room) == before, (door, data)
    return response


def assert_refused(response: Any, message: str) -> None:
    assert (response.status_code, response.content.decode()) == (403, message)


# A door, what it posts (well formed, then nonsense), and who it refuses with which words.
DOORS = [
    ("robot", {"seat": "2", "level": "basic"}, {"seat": "two"}, HOST_ROBOTS),
    ("privacy", {"private": "on"}, {"private": "maybe"}, HOST_PRIVACY),
    ("remove", {"seat": "1"}, {"seat": "one"}, HOST_REMOVE),
    ("chat/settings", {"chat": "off"}, {"chat": "maybe"}, HOST_CHAT),
    ("chat/remove", {"message": "1"}, {"message": "first"}, STAFF_REMOVE),
    ("release", {"seat": "1"}, {"seat": "one"}, HOST_FREE),
    ("end-match", {"hand_no": "1"}, {"hand_no": "first"}, HOST_END),
]


@pytest.mark.parametrize(("door", "good", "bad", "message"), DOORS, ids=[d[0] for d in DOORS])
def test_a_stranger_is_refused_before_anything_posted_is_read(
    friends_table, django_capture_on_commit_callbacks, door, good, bad, message
):
    room, owner, friend = friends_table
    ChatMessage.objects.create(room=room, author=friend, channel="players", text="hello")
    stranger = UserFactory(username="stranger")
    for data in (good, bad, {}):
        assert_refused(knock(django_capture_on_commit_callbacks, room, stranger, door, data), message)
    assert client_for(stranger).post(f"/r/nosuch/{door}", good).status_code == 404


@pytest.mark.parametrize(
    ("door", "data", "message"),
    [
        ("robot", {"seat": "two"}, HOST_ROBOTS),
        ("privacy", {"private": "maybe"}, HOST_PRIVACY),
        ("remove", {"seat": "one"}, HOST_REMOVE),
        ("chat/settings", {"chat": "maybe"}, HOST_CHAT),
        ("chat/remove", {"message": "first"}, STAFF_REMOVE),
    ],
)
def test_a_seated_player_who_is_not_the_host_is_refused_as_well(
    friends_table, django_capture_on_commit_callbacks, door, data, message
):
    room, owner, friend = friends_table
    assert_refused(knock(django_capture_on_commit_callbacks, room, friend, door, data), message)
    if door != "chat/remove":  # the host still hears what is wrong with what they posted
        response = knock(django_capture_on_commit_callbacks, room, owner, door, data)
        assert response.status_code == 400 and response.content.decode().startswith(next(iter(data)))


def test_a_stranger_cannot_hide_the_chat_of_a_table_whose_audience_is_closed(
    friends_table, django_capture_on_commit_callbacks
):
    room, owner, friend = friends_table
    Room.objects.filter(pk=room.pk).update(open_audience=False)
    stranger = UserFactory(username="stranger")
    for data in ({"hidden": "yes"}, {"hidden": "maybe"}, {}):
        response = knock(django_capture_on_commit_callbacks, room, stranger, "chat/hidden", data)
        assert_refused(response, AUDIENCE_CLOSED)
    response = knock(django_capture_on_commit_callbacks, room, None, "chat/hidden", {"hidden": "maybe"})
    assert_refused(response, "Log in or play as a guest to hide the chat")
    # A player of the table still may, and the table's pages are told.
    with django_capture_on_commit_callbacks(execute=False) as pushes:
        response = client_for(friend).post(f"/r/{room.code}/chat/hidden", {"hidden": "yes"}, **HTMX)
    assert response.status_code == 204 and len(pushes) == 1
    assert ChatPreference.objects.get().user == friend
