"""The chat settings on the table-opening form (``/rooms/new``): the chat on or off and the
watchers' channel open or closed, from the first moment of the table, validated like the
privacy fields beside them.

Personas: ``host``, who opens the table (three robots: its first hand is dealt at once);
``watcher``, signed in, no seat."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.models import ChatMessage, Room
from tests.factories import UserFactory
from tests.web.helpers import client_for

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def open_with(host: Any, **fields: str) -> Any:
    return client_for(host).post("/rooms/new", {"variant": "hungarian", "robots": 3, **fields})


def chat_settings(room: Room) -> tuple[bool, bool]:
    room.refresh_from_db()
    return room.chat_on, room.audience_chat


def say(user: Any, room: Room, text: str) -> Any:
    return client_for(user).post(f"/r/{room.code}/chat", {"text": text}, **HTMX)


def test_the_lobby_form_offers_both_settings_on_and_open_by_default():
    page = client_for(UserFactory()).get("/").content.decode()
    form = page[page.index('class="new-room"') : page.index("</form>", page.index('class="new-room"'))]
    selected = dict(re.findall(r'<select name="(\w+)"[^>]*>.*?<option value="(\w+)" selected>', form))
    assert (selected["chat"], selected["audience"]) == ("on", "open")
    assert '<option value="off">off: no chat at this table</option>' in form
    assert '<option value="closed">closed: watchers only read the players</option>' in form


def test_it_opens_a_table_with_the_chat_off_and_nobody_posts():
    host, watcher = UserFactory(username="host"), UserFactory(username="watcher")
    assert open_with(host, chat="off", audience="open").status_code == 302
    room = Room.objects.get()
    assert chat_settings(room) == (False, True)
    for user in (host, watcher):
        response = say(user, room, "hello")
        assert (response.status_code, response.content.decode()) == (403, "The chat is off at this table")
    assert not ChatMessage.objects.exists()
    assert "The chat is off at this table." in client_for(host).get(f"/r/{room.code}/").content.decode()


def test_it_opens_a_table_with_the_watchers_chat_closed_and_the_players_still_talk():
    host, watcher = UserFactory(username="host"), UserFactory(username="watcher")
    assert open_with(host, chat="on", audience="closed").status_code == 302
    room = Room.objects.get()
    assert chat_settings(room) == (True, False)
    refused = say(watcher, room, "from the rail")
    assert (refused.status_code, refused.content.decode()) == (403, "The host has closed the watchers' chat")
    assert say(host, room, "good luck").status_code == 204
    assert list(ChatMessage.objects.values_list("channel", "text")) == [("players", "good luck")]


def test_a_form_without_the_settings_opens_the_chat_on_and_the_watchers_chat_open():
    assert open_with(UserFactory()).status_code == 302
    assert chat_settings(Room.objects.get()) == (True, True)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"chat": "maybe"}, "chat must be one of yes, on, open, no, off, closed, not 'maybe'"),
        ({"audience": "ajar"}, "audience must be one of yes, on, open, no, off, closed, not 'ajar'"),
        ({"chat": ""}, "chat must be one of yes, on, open, no, off, closed, not ''"),
    ],
)
def test_it_refuses_a_bad_chat_setting_and_opens_nothing(fields, message):
    host = UserFactory()
    response = open_with(host, **fields)
    assert (response.status_code, response.json()["error"]) == (400, message)
    htmx = client_for(host).post("/rooms/new", {"variant": "hungarian", "robots": 3, **fields}, **HTMX)
    assert (htmx.status_code, htmx.content.decode()) == (400, message)
    assert not Room.objects.exists()
