"""The table's chat through the room websocket: who receives which message live, what a
reconnect replays, and that a move of the game sends no chat. The audience's channel never
reaches a seat's socket during a hand and does once it is over; another table's page gets
nothing; a hidden chat pushes nothing; a removal and a setting reach every page at once.

Personas as in test_chat.py: ``owner`` (the host, seat 0, three robots), ``watcher``, a
stranger (signed out), ``rival`` at another table, ``boss`` (staff)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import AnonymousUser

from games import services
from games.chat import live, writes
from games.live import consumers, push_diff
from games.models import ChatMessage
from tests.factories import StaffFactory, UserFactory
from tests.web.helpers import client_for, play_until_over
from tests.web.sockets import connect, drain

pytestmark = pytest.mark.django_db(transaction=True)

MESSAGE = re.compile(r'<span class="chat-text">([^<]*)</span>')


@pytest.fixture(autouse=True)
def _quick_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@database_sync_to_async
def make_table(robots: int = 3) -> dict[str, Any]:
    owner = UserFactory(username="owner")
    room = services.create_room(owner, "hungarian", robots)
    rival = UserFactory(username="rival")
    other = services.create_room(rival, "hungarian", 3)
    return {
        "room": room,
        "other": other,
        "owner": owner,
        "watcher": UserFactory(username="watcher"),
        "stranger": AnonymousUser(),
        "rival": rival,
        "boss": StaffFactory(username="boss"),
    }


async def sockets_for(table: dict[str, Any], *names: str) -> dict[str, Any]:
    """A page's socket for each persona, its snapshot read: ``rival``'s is at the other table."""
    opened = {}
    for name in names:
        room = table["other"] if name == "rival" else table["room"]
        opened[name] = await connect(f"/ws/r/{room.code}/", table[name])
        await drain(opened[name])
    return opened


def shown(messages: list[str]) -> list[list[str]]:
    """The message texts of each chat log pushed, in order."""
    return [MESSAGE.findall(m[m.index('id="chat-log"') :]) for m in messages if 'id="chat-log"' in m]


say = database_sync_to_async(writes.post)


async def close(sockets: dict[str, Any]) -> None:
    for socket in sockets.values():
        await socket.disconnect()


async def test_a_players_message_reaches_every_page_of_the_table_and_none_of_another():
    table = await make_table()
    sockets = await sockets_for(table, "owner", "watcher", "stranger", "boss", "rival")
    await say(table["room"], table["owner"], "Good luck <all>")
    for name in ("owner", "watcher", "stranger", "boss"):
        pushed = await drain(sockets[name])
        assert shown(pushed) == [["Good luck &lt;all&gt;"]], name
        assert "<all>" not in "".join(pushed)
        assert 'id="status"' not in "".join(pushed)  # a chat change renders no game partial
    assert await drain(sockets["rival"]) == []
    await close(sockets)


async def test_an_audience_message_reaches_no_seat_during_the_hand_and_the_players_after_it():
    table = await make_table()
    room, owner = table["room"], table["owner"]
    sockets = await sockets_for(table, "owner", "watcher", "stranger")
    await say(room, table["watcher"], "Seat 3 is void in hearts")
    assert shown(await drain(sockets["watcher"])) == [["Seat 3 is void in hearts"]]
    assert shown(await drain(sockets["stranger"])) == [["Seat 3 is void in hearts"]]
    assert await drain(sockets["owner"]) == []  # not a byte for the seat

    player = await database_sync_to_async(client_for)(owner)
    view = await database_sync_to_async(play_until_over)(room, owner, player)
    after = await drain(sockets["owner"])
    assert shown(after)[-1] == ["Seat 3 is void in hearts"]
    assert "show once this hand is over" not in after[-1]

    await database_sync_to_async(player.post)(f"/r/{room.code}/next", {"hand_no": view["hand_no"]})
    dealt = await drain(sockets["owner"])
    assert shown(dealt)[-1] == [] and "Seat 3 is void in hearts" not in "".join(dealt)
    assert "The watchers' messages show once this hand is over." in "".join(dealt)
    await close(sockets)


async def test_a_move_of_the_game_sends_no_chat():
    table = await make_table(robots=2)
    room = table["room"]
    friend = await database_sync_to_async(UserFactory)(username="friend")
    sockets = await sockets_for(table, "owner", "watcher")
    await say(room, table["owner"], "Deal us in")
    for socket in sockets.values():
        await drain(socket)
    await database_sync_to_async(services.sit)(room, friend, 1)  # the table fills: a hand is dealt
    owner_push = "".join(await drain(sockets["owner"]))
    watcher_push = "".join(await drain(sockets["watcher"]))
    assert 'id="status"' in owner_push and 'id="status"' in watcher_push
    assert 'id="chat-log"' in owner_push  # the seat's reading changed: the audience's is held back
    assert 'id="chat-log"' not in watcher_push and 'id="chat-controls"' not in watcher_push
    await close(sockets)


async def test_a_reconnect_replays_the_last_hundred_messages_a_viewer_may_read():
    table = await make_table()
    room = table["room"]

    @database_sync_to_async
    def fill() -> None:
        ChatMessage.objects.bulk_create(
            ChatMessage(room=room, author=table["owner"], channel="players", text=f"line {n}")
            for n in range(104)
        )
        ChatMessage.objects.create(
            room=room, author=table["watcher"], channel="audience", text="from the rail"
        )

    await fill()
    watcher = await connect(f"/ws/r/{room.code}/", table["watcher"])
    (snapshot,) = await drain(watcher)
    (messages,) = shown([snapshot])
    assert messages == [f"line {n}" for n in range(5, 104)] + ["from the rail"]
    seat = await connect(f"/ws/r/{room.code}/", table["owner"])
    (snapshot,) = await drain(seat)
    assert shown([snapshot]) == [[f"line {n}" for n in range(4, 104)]]
    await watcher.disconnect()
    await seat.disconnect()


async def test_a_hidden_chat_pushes_nothing_to_that_user_and_the_others_read_on():
    table = await make_table()
    room = table["room"]
    sockets = await sockets_for(table, "watcher", "owner")
    await database_sync_to_async(writes.set_hidden)(table["watcher"], True, room)
    (hidden,) = await drain(sockets["watcher"])
    assert "You have hidden the chat, at every table." in hidden and "Show the chat" in hidden
    assert await drain(sockets["owner"]) == []  # nothing changed for the others
    await say(room, table["owner"], "anyone there?")
    assert await drain(sockets["watcher"]) == []
    assert shown(await drain(sockets["owner"])) == [["anyone there?"]]
    again = await connect(f"/ws/r/{room.code}/", table["watcher"])
    assert "anyone there?" not in "".join(await drain(again))
    await again.disconnect()
    await close(sockets)


async def test_a_staff_removal_takes_the_message_off_every_page_at_once():
    table = await make_table()
    room = table["room"]
    await say(room, table["owner"], "rude words")
    await say(room, table["watcher"], "kind words")
    sockets = await sockets_for(table, "owner", "watcher", "stranger", "boss")
    rude = await database_sync_to_async(ChatMessage.objects.get)(text="rude words")
    await database_sync_to_async(writes.remove)(room, table["boss"], rude.pk)
    assert shown(await drain(sockets["owner"])) == [[]]
    for name in ("watcher", "stranger", "boss"):
        assert shown(await drain(sockets[name])) == [["kind words"]], name
    await close(sockets)


async def test_the_hosts_settings_reach_every_page_at_once():
    table = await make_table()
    room = table["room"]
    await say(room, table["watcher"], "from the rail")
    sockets = await sockets_for(table, "owner", "watcher")
    await database_sync_to_async(services.change_chat_settings)(room, table["owner"], audience_open=False)
    watcher = "".join(await drain(sockets["watcher"]))
    assert shown([watcher]) == [[]] and "The watchers' chat is closed." in watcher
    assert 'id="chat-text"' not in watcher and "The host has closed the watchers&#39; chat." in watcher
    owner = "".join(await drain(sockets["owner"]))
    assert "Open the watchers' chat" in owner and "Close the watchers' chat" not in owner
    await database_sync_to_async(services.change_chat_settings)(room, table["owner"], on=False)
    assert "The chat is off at this table." in "".join(await drain(sockets["watcher"]))
    await close(sockets)


def test_a_chat_change_loads_the_table_and_the_messages_once_for_every_page():
    owner = UserFactory(username="owner")
    room = services.create_room(owner, "hungarian", 3)
    writes.post(room, owner, "hello")
    first = live.chat_table(room.pk, "change-1")
    assert live.chat_table(room.pk, "change-1") is first
    rows = live._messages_of_change(room.pk, "change-1", ("players",))
    assert live._messages_of_change(room.pk, "change-1", ("players",)) is rows
    assert [m.text for m in rows] == ["hello"]


def test_the_page_holds_the_chat_html_a_push_sends():
    owner = UserFactory(username="owner")
    room = services.create_room(owner, "hungarian", 3)
    watcher, boss = UserFactory(username="watcher"), StaffFactory(username="boss")
    writes.post(room, owner, "<b>seat</b>")
    writes.post(room, watcher, "rail & co")
    for user in (owner, watcher, boss, AnonymousUser()):
        consumer = consumers.RoomConsumer()
        consumer.scope = {"user": user}
        consumer.room_id = room.pk
        consumer.shown = push_diff.Shown()
        snapshot = consumer._render(None, True)
        page = client_for(user if user.is_authenticated else None).get(f"/r/{room.code}/").content.decode()
        for name, html in live.page(room, room.current_hand(), user).items():
            assert html in snapshot and html in page, (user, name)


async def test_a_player_whose_seat_is_kept_is_pushed_nothing_of_the_watchers_during_the_hand():
    table = await make_table(robots=2)
    room = table["room"]
    friend = await database_sync_to_async(UserFactory)(username="friend")
    await database_sync_to_async(services.sit)(room, friend, 1)  # the table fills: a hand is dealt
    table["friend"] = friend
    sockets = await sockets_for(table, "friend", "watcher")
    await say(room, table["watcher"], "Seat 1 holds the skiz")
    assert await drain(sockets["friend"]) == []
    await drain(sockets["watcher"])

    await database_sync_to_async(services.leave)(room, friend)  # a robot keeps the seat
    left = "".join(await drain(sockets["friend"]))
    assert 'id="seat-1"' in left and "skiz" not in left  # the seat, now a robot's
    await say(room, table["watcher"], "Seat 1 can ruff")
    await say(room, friend, "Back soon")
    pushed = await drain(sockets["friend"])
    assert shown(pushed)[-1] == ["Back soon"] and "ruff" not in "".join(pushed)
    fresh = await connect(f"/ws/r/{room.code}/", friend)  # a reconnect's snapshot too
    snapshot = "".join(await drain(fresh, quiet=1))
    assert "Back soon" in snapshot and "skiz" not in snapshot and "ruff" not in snapshot

    await database_sync_to_async(services.sit)(room, friend, 1)  # back into the same hand
    back = "".join(await drain(sockets["friend"]))
    assert "skiz" not in back and "ruff" not in back
    await fresh.disconnect()
    await close(sockets)
