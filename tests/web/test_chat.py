"""The table's chat over HTTP (issue 15, item 1): who posts to which channel, who reads what on
the page and in view.json (the audience's channel never reaches a seat during a hand), hostile
text, the rate limit, the host's settings, a user's hidden chat, staff removal and the admin.

Personas: ``owner`` (the host, seat 0) and ``friend`` (seat 1) at a Hungarian table with two
robots, its first hand being played; ``watcher`` (signed in, no seat); a stranger (signed out);
``rival``, a player at another table; ``boss``, staff."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import ChatMessage, ChatPreference, Room
from tests.factories import StaffFactory, UserFactory
from tests.web.helpers import client_for, open_table, play_until_over

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def _quick_passwords(settings: Any) -> None:
    # Every persona is a user with a password: production's slow hasher would cost seconds.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def table(friends_table):
    room, owner, friend = friends_table
    return room, owner, friend, UserFactory(username="watcher")


def say(user: Any, room: Room, text: str) -> Any:
    return client_for(user).post(f"/r/{room.code}/chat", {"text": text}, **HTMX)


def page_of(user: Any, room: Room) -> str:
    return client_for(user).get(f"/r/{room.code}/").content.decode()


def chat_of(user: Any, room: Room) -> dict[str, Any]:
    return client_for(user).get(f"/r/{room.code}/view.json").json()["chat"]


def texts(user: Any, room: Room) -> list[str]:
    return [m["text"] for m in chat_of(user, room)["messages"]]


def saved(room: Room) -> list[tuple[str, str, str]]:
    return list(room.chat_messages.order_by("id").values_list("author__username", "channel", "text"))


def assert_refused(response: Any, status: int, message: str) -> None:
    assert response.status_code == status, response.content
    assert response.content.decode() == message


# --- who posts to which channel ----------------------------------------------------------------


def test_it_posts_a_seated_players_message_to_the_players_channel(table):
    room, owner, friend, watcher = table
    response = say(friend, room, "Your lead")
    assert response.status_code == 204 and response.content == b""
    assert saved(room) == [("friend", "players", "Your lead")]


def test_it_posts_a_watchers_message_to_the_audience_channel_and_answers_json_without_htmx(table):
    room, owner, friend, watcher = table
    response = client_for(watcher).post(f"/r/{room.code}/chat", {"text": "Nice bid"})
    message = ChatMessage.objects.get()
    assert response.json() == {"ok": True, "id": message.pk, "channel": "audience"}
    assert saved(room) == [("watcher", "audience", "Nice bid")]


def test_it_refuses_a_stranger_and_saves_nothing(table):
    room, *_ = table
    assert_refused(say(None, room, "hello"), 403, "Log in or play as a guest to chat")
    assert client_for(None).post(f"/r/{room.code}/chat", {"text": "hello"}).json() == {
        "error": "Log in or play as a guest to chat"
    }
    assert saved(room) == []


def test_it_refuses_a_watcher_when_the_host_closed_the_audience_and_saves_nothing(table):
    room, owner, friend, watcher = table
    Room.objects.filter(pk=room.pk).update(open_audience=False)
    assert_refused(
        say(watcher, room, "psst"),
        403,
        "The audience of this table is closed: only its players and staff can watch it.",
    )
    assert say(friend, room, "Just us").status_code == 204
    assert saved(room) == [("friend", "players", "Just us")]


def test_it_refuses_an_unknown_table_and_a_get():
    user = UserFactory(username="someone")
    assert client_for(user).post("/r/nosuch/chat", {"text": "hi"}).status_code == 404
    room = open_table(user)
    assert client_for(user).get(f"/r/{room.code}/chat").status_code == 405
    assert saved(room) == []


# --- who reads what ------------------------------------------------------------------------------


def test_the_audience_channel_never_reaches_a_seat_during_a_hand(table):
    room, owner, friend, watcher = table
    say(owner, room, "Good luck all")
    say(watcher, room, "Seat 2 holds the skiz")
    assert room.current_hand() is not None and not room.current_hand().is_over
    for seated in (owner, friend):
        assert texts(seated, room) == ["Good luck all"]
        page = page_of(seated, room)
        assert "Good luck all" in page and "skiz" not in page
        assert "The watchers' messages show once this hand is over." in page
    for looker in (watcher, None):
        assert texts(looker, room) == ["Good luck all", "Seat 2 holds the skiz"]
        page = page_of(looker, room)
        assert "Good luck all" in page and "Seat 2 holds the skiz" in page
        assert "show once this hand is over" not in page


@pytest.mark.django_db(transaction=True)  # the robots move after each commit
def test_the_players_read_the_audience_channel_between_hands_and_not_in_the_next():
    owner = UserFactory(username="owner")
    room = open_table(owner, robots=3)
    watcher = UserFactory(username="watcher")
    say(watcher, room, "Bid two!")
    assert texts(owner, room) == []
    assert "Bid two!" not in page_of(owner, room)  # the page also sets the robots going
    view = play_until_over(room, owner, client_for(owner))
    assert texts(owner, room) == ["Bid two!"]
    assert "Bid two!" in page_of(owner, room)
    assert client_for(owner).post(f"/r/{room.code}/next", {"hand_no": view["hand_no"]}).status_code == 200
    assert texts(owner, room) == []
    assert "Bid two!" not in page_of(owner, room)


def test_the_players_read_the_audience_channel_before_the_first_deal():
    owner = UserFactory(username="owner")
    room = open_table(owner, robots=2)  # a free seat: nothing dealt
    say(UserFactory(username="watcher"), room, "Waiting for me?")
    assert room.current_hand() is None
    assert texts(owner, room) == ["Waiting for me?"]


def test_another_tables_player_reads_nothing_of_this_table(table):
    room, owner, friend, watcher = table
    rival = UserFactory(username="rival")
    other = open_table(rival)
    say(friend, room, "Only here")
    say(rival, other, "Only there")
    assert texts(rival, other) == ["Only there"]
    assert "Only here" not in page_of(rival, other)
    assert texts(friend, room) == ["Only here"]


def test_a_page_and_view_json_replay_the_last_hundred_messages(table):
    room, owner, friend, watcher = table
    ChatMessage.objects.bulk_create(
        ChatMessage(room=room, author=friend, channel="players", text=f"line {n}") for n in range(105)
    )
    shown = texts(watcher, room)
    assert len(shown) == 100 and shown[0] == "line 5" and shown[-1] == "line 104"
    page = page_of(watcher, room)
    assert "line 104" in page and "line 5<" in page and "line 4<" not in page


# --- hostile text ----------------------------------------------------------------------------------


def test_it_escapes_html_in_the_page_and_view_json_keeps_the_text(table):
    room, owner, friend, watcher = table
    hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    assert say(friend, room, hostile).status_code == 204
    page = page_of(watcher, room)
    assert "<script>alert" not in page and "<img src=x" not in page
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;" in page
    assert texts(watcher, room) == [hostile]


def test_it_refuses_ten_kilobytes_and_blank_text_and_saves_nothing(table):
    room, owner, friend, watcher = table
    assert_refused(
        say(friend, room, "x" * 10240), 400, "A message may be at most 300 characters; this one has 10240"
    )
    assert_refused(
        say(friend, room, "y" * 301), 400, "A message may be at most 300 characters; this one has 301"
    )
    assert_refused(say(friend, room, " \t\n\x00\x07 "), 400, "Write a message first")
    assert_refused(client_for(friend).post(f"/r/{room.code}/chat", {}, **HTMX), 400, "Write a message first")
    assert saved(room) == []
    assert say(friend, room, "z" * 300).status_code == 204  # the longest allowed
    assert saved(room) == [("friend", "players", "z" * 300)]


def test_it_strips_control_and_direction_characters_and_makes_one_line(table):
    room, owner, friend, watcher = table
    assert say(friend, room, "  well\x00 \x1b[31mplayed\n\n\tpartner\u202e!\x7f  ").status_code == 204
    assert saved(room) == [("friend", "players", "well [31mplayed partner!")]


def test_it_strips_every_bidi_control_the_arabic_letter_mark_too(table):
    room, owner, friend, watcher = table
    controls = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
    assert say(friend, room, "".join(f"{c}a" for c in controls)).status_code == 204
    assert saved(room) == [("friend", "players", "a" * len(controls))]


@pytest.mark.parametrize(
    "blank",
    [
        "\u200b\u200b",  # zero-width spaces
        "\u2060 \u2060",  # word joiners
        "\ufeff",  # a byte order mark
        "\u3164\u115f\u1160\uffa0",  # Hangul fillers
        "\u2800\u2800",  # braille blanks
        "\u200d\u00ad\u034f\ufe0f",  # a joiner, a soft hyphen, a grapheme joiner, a variation selector
        "\u061c\u200b",  # an Arabic letter mark and a zero-width space
    ],
)
def test_it_refuses_a_message_that_shows_nothing_and_saves_nothing(table, blank):
    room, owner, friend, watcher = table
    assert_refused(
        say(friend, room, blank), 400, "This message shows nothing: it holds only invisible characters"
    )
    assert saved(room) == []
    assert say(friend, room, f"\u200bhi{blank}").status_code == 204  # text around them is kept
    assert saved(room) == [("friend", "players", f"\u200bhi{blank}".replace("\u061c", "").strip())]


# --- the rate limit --------------------------------------------------------------------------------


def test_it_limits_messages_per_user_with_a_clear_message(table, settings):
    room, owner, friend, watcher = table
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "chat": {"user": "3/h"}}  # an hour: no window turns
    assert [say(friend, room, f"m{n}").status_code for n in range(3)] == [204] * 3
    refused = say(friend, room, "one too many")
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 3600
    assert refused.content.decode().startswith("Too many chat messages: try again in ")
    assert [t for _, _, t in saved(room)] == ["m0", "m1", "m2"]
    assert say(owner, room, "another player may").status_code == 204


# --- the host's settings -------------------------------------------------------------------------


def set_chat(user: Any, room: Room, **fields: str) -> Any:
    return client_for(user).post(f"/r/{room.code}/chat/settings", fields, **HTMX)


def test_the_host_turns_the_chat_off_and_nobody_reads_or_posts(table):
    room, owner, friend, watcher = table
    say(friend, room, "said while it was on")
    assert set_chat(owner, room, chat="off").status_code == 204
    room.refresh_from_db()
    assert (room.chat_on, room.audience_chat) == (False, True)
    for user in (owner, friend, watcher):
        assert_refused(say(user, room, "after"), 403, "The chat is off at this table")
        assert chat_of(user, room)["messages"] == []
        page = page_of(user, room)
        assert "The chat is off at this table." in page and "said while it was on" not in page
    assert "Turn the chat on" in page_of(owner, room) and "Turn the chat on" not in page_of(friend, room)
    assert set_chat(owner, room, chat="on").status_code == 204
    assert texts(watcher, room) == ["said while it was on"]


def test_the_host_closes_the_audience_channel(table):
    room, owner, friend, watcher = table
    say(watcher, room, "from the rail")
    assert set_chat(owner, room, audience="closed").status_code == 204
    room.refresh_from_db()
    assert (room.chat_on, room.audience_chat) == (True, False)
    assert_refused(say(watcher, room, "again"), 403, "The host has closed the watchers' chat")
    assert say(friend, room, "players still talk").status_code == 204
    assert texts(watcher, room) == ["players still talk"]
    page = page_of(watcher, room)
    assert "The watchers' chat is closed." in page and "from the rail" not in page
    assert 'id="chat-text"' not in page
    assert set_chat(owner, room, audience="open").status_code == 204
    assert texts(watcher, room) == ["from the rail", "players still talk"]


def test_only_the_host_changes_the_chat_settings_and_bad_values_change_nothing(table):
    room, owner, friend, watcher = table
    for user in (friend, watcher, None):
        assert_refused(
            set_chat(user, room, chat="off"), 403, "Only the player who opened the table can change its chat"
        )
    assert_refused(
        set_chat(owner, room, chat="maybe"),
        400,
        "chat must be one of yes, on, open, no, off, closed, not 'maybe'",
    )
    assert_refused(
        set_chat(owner, room), 400, "Say what to change: chat (on or off) or audience (open or closed)"
    )
    room.refresh_from_db()
    assert (room.chat_on, room.audience_chat) == (True, True)


# --- hidden per user -------------------------------------------------------------------------------


def hide(user: Any, room: Room, value: str) -> Any:
    return client_for(user).post(f"/r/{room.code}/chat/hidden", {"hidden": value}, **HTMX)


def test_a_user_hides_the_chat_at_every_table_and_shows_it_again(table):
    room, owner, friend, watcher = table
    say(owner, room, "can you read me")
    assert hide(friend, room, "yes").status_code == 204
    assert ChatPreference.objects.get(user=friend).hidden is True
    other = open_table(UserFactory(username="elsewhere"))
    say(UserFactory(username="far"), other, "far away")
    for somewhere in (room, other):
        assert chat_of(friend, somewhere)["messages"] == [] and chat_of(friend, somewhere)["hidden"] is True
        page = page_of(friend, somewhere)
        assert "You have hidden the chat, at every table." in page and "Show the chat" in page
        assert "can you read me" not in page and "far away" not in page and 'id="chat-text"' not in page
    assert texts(owner, room) == ["can you read me"]  # the others still read it
    assert hide(friend, room, "no").status_code == 204
    assert texts(friend, room) == ["can you read me"]


def test_a_stranger_cannot_hide_the_chat_and_a_bad_value_changes_nothing(table):
    room, owner, friend, watcher = table
    assert_refused(hide(None, room, "yes"), 403, "Log in or play as a guest to hide the chat")
    assert_refused(
        hide(friend, room, "perhaps"),
        400,
        "hidden must be one of yes, on, open, no, off, closed, not 'perhaps'",
    )
    assert_refused(
        client_for(friend).post(f"/r/{room.code}/chat/hidden", {}, **HTMX),
        400,
        "hidden is required: yes or no",
    )
    assert not ChatPreference.objects.exists()


# --- staff removal and the admin -------------------------------------------------------------------


def remove(user: Any, room: Room, message: Any) -> Any:
    return client_for(user).post(f"/r/{room.code}/chat/remove", {"message": message}, **HTMX)


def test_staff_remove_a_message_from_every_page_and_the_admin_keeps_it(table):
    room, owner, friend, watcher = table
    boss = StaffFactory(username="boss")
    say(friend, room, "rude words")
    say(owner, room, "kind words")
    rude = ChatMessage.objects.get(text="rude words")
    assert 'aria-label="Remove this message of friend"' in page_of(boss, room)
    assert "Remove this message" not in page_of(owner, room)
    assert remove(boss, room, rude.pk).status_code == 204
    rude.refresh_from_db()
    assert rude.removed_by == boss and rude.removed_at is not None
    for user in (owner, friend, watcher, None, boss):
        assert texts(user, room) == ["kind words"]
        assert "rude words" not in page_of(user, room)
    admin = client_for(boss).get("/admin/games/chatmessage/").content.decode()
    assert "rude words" in admin and "boss" in admin
    assert_refused(remove(boss, room, rude.pk), 400, "That message has been removed already")


def test_only_staff_remove_and_a_bad_number_changes_nothing(table):
    room, owner, friend, watcher = table
    boss = StaffFactory(username="boss")
    say(friend, room, "stays")
    message = ChatMessage.objects.get()
    for user in (owner, watcher, None):
        assert_refused(remove(user, room, message.pk), 403, "Only staff can remove a message")
    assert_refused(remove(boss, room, "12x"), 400, "message must be a whole number, not '12x'")
    assert_refused(
        remove(boss, room, message.pk + 1), 400, f"There is no message {message.pk + 1} at this table"
    )
    other = open_table(UserFactory(username="elsewhere"))
    assert_refused(remove(boss, other, message.pk), 400, f"There is no message {message.pk} at this table")
    message.refresh_from_db()
    assert message.removed_at is None and texts(owner, room) == ["stays"]


def test_the_admin_escapes_messages_and_refuses_every_change_but_removal(table):
    room, owner, friend, watcher = table
    boss = client_for(StaffFactory(username="boss"))
    say(friend, room, "<script>alert(1)</script>")
    message = ChatMessage.objects.get()
    listing = boss.get("/admin/games/chatmessage/").content.decode()
    detail = boss.get(f"/admin/games/chatmessage/{message.pk}/change/").content.decode()
    for html in (listing, detail):
        assert "<script>alert(1)" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert boss.post(f"/admin/games/chatmessage/{message.pk}/change/", {"text": "edited"}).status_code == 403
    assert boss.post(f"/admin/games/chatmessage/{message.pk}/delete/", {"post": "yes"}).status_code == 403
    assert boss.get("/admin/games/chatmessage/add/").status_code == 403
    message.refresh_from_db()
    assert message.text == "<script>alert(1)</script>" and message.removed_at is None

    done = boss.post(
        "/admin/games/chatmessage/",
        {"action": "remove_messages", "_selected_action": [message.pk]},
        follow=True,
    )
    assert "Removed 1 message." in done.content.decode()
    message.refresh_from_db()
    assert message.removed_by.username == "boss" and texts(owner, room) == []


# --- a player whose seat is kept (issue 33) --------------------------------------------------------


def test_a_player_who_left_the_hand_reads_and_writes_as_a_player_until_they_sit_back(table):
    room, owner, friend, watcher = table
    say(watcher, room, "Seat 1 holds the skiz")
    assert client_for(friend).post(f"/r/{room.code}/leave").status_code == 302
    assert room.seats.get(index=1).kept_for == friend and not room.current_hand().is_over
    for look in (texts(friend, room), [m["text"] for m in chat_of(friend, room)["messages"]]):
        assert look == []
    page = page_of(friend, room)
    assert "skiz" not in page and "The watchers' messages show once this hand is over." in page
    assert chat_of(friend, room)["writes"] == "players"
    assert say(friend, room, "Back in a minute").status_code == 204
    assert client_for(friend).post(f"/r/{room.code}/sit", {"seat": 1}).status_code == 302
    assert room.seats.get(index=1).user == friend
    assert texts(friend, room) == ["Back in a minute"]
    assert saved(room) == [
        ("watcher", "audience", "Seat 1 holds the skiz"),
        ("friend", "players", "Back in a minute"),
    ]


def test_a_player_the_host_removed_during_the_hand_does_not_read_the_watchers_until_it_ends(table):
    room, owner, friend, watcher = table
    say(watcher, room, "Seat 1 holds the skiz")
    assert client_for(owner).post(f"/r/{room.code}/remove", {"seat": 1}).status_code == 302
    assert room.seats.get(index=1).user is None and not room.current_hand().is_over
    assert texts(friend, room) == []
    assert "skiz" not in page_of(friend, room)
    assert texts(watcher, room) == ["Seat 1 holds the skiz"]  # the other watchers read on
