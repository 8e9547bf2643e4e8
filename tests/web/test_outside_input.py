"""Issue 33's 500s from outside input, each a 400 in words now that every number and token is
read by tarokk_site.inputs and a hand file is read within its limits (games.history.transfer):
nothing changes on a refused input."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client

from accounts.models import User
from games import services
from games.history import transfer
from games.models import ChatMessage, Invitation, Room, Seat
from games.services.access import Privacy
from tarokk_site import inputs
from tests.factories import UserFactory
from tests.helpers.hand_files import random_hand
from tests.web.helpers import open_table

pytestmark = pytest.mark.django_db(transaction=True)

PAST_INT_LIMIT = "1" * 4301  # one digit past Python's int() limit (a ValueError)
DEEP = "[" * 50_000  # json.loads recursed into a RecursionError


def signed_in_guest() -> Client:
    client = Client()
    assert client.post("/accounts/guest/").status_code == 302
    return client


def test_a_chat_message_number_past_ints_limit_is_a_400_naming_the_field():
    room = open_table(UserFactory(), robots=3)
    # Anyone but staff is refused before the number is read (games.tables.doors) ...
    stranger = signed_in_guest()
    for raw in (PAST_INT_LIMIT, "٣", "１"):
        assert stranger.post(f"/r/{room.code}/chat/remove", {"message": raw}).status_code == 403, raw
    # ... and staff are told what is wrong with it.
    client = Client()
    client.force_login(UserFactory(is_staff=True))
    for raw in (PAST_INT_LIMIT, "٣", "１"):
        response = client.post(f"/r/{room.code}/chat/remove", {"message": raw})
        assert response.status_code == 400, raw
        assert response.json()["error"].startswith("message must be a whole number, not '"), raw
    # The refusal quotes the value cut short, not 4,301 digits back.
    assert len(response.content) < 200
    assert ChatMessage.objects.count() == 0


def test_a_hand_to_play_again_past_ints_limit_is_a_400_naming_the_field():
    client = signed_in_guest()
    for raw in (PAST_INT_LIMIT, "٣", "-1", "0"):
        response = client.post("/hands/play", {"hand": raw})
        assert response.status_code == 400, raw
        assert response.content.decode().startswith("hand must be "), raw
    assert Room.objects.count() == 0


@pytest.mark.parametrize("locked", [True, False])
@pytest.mark.parametrize("invite", ["é", "٣", "x" * 100, "a b"])
def test_an_invitation_token_that_is_no_token_is_a_400_and_seats_nobody(locked, invite):
    host = UserFactory()
    room = open_table(host, robots=2)
    services.set_privacy(room, host, Privacy(locked=locked))
    before = list(Seat.objects.values_list("pk", "user_id"))
    response = signed_in_guest().get(f"/join/{room.code}/", {"invite": invite})
    assert response.status_code == 400
    assert "invite is not a valid link: ask for a new one" in response.content.decode()
    assert list(Seat.objects.values_list("pk", "user_id")) == before
    assert Invitation.objects.exclude(user=host).count() == 0


def test_the_invitation_token_still_seats_the_invited_friend():
    host = UserFactory()
    room = open_table(host, robots=2)
    room = services.set_privacy(room, host, Privacy(locked=True))
    client = signed_in_guest()
    assert client.get(f"/join/{room.code}/", {"invite": f" {room.invite_token} "}).status_code == 302
    assert Seat.objects.filter(room=room, index=1).exclude(user=None).exists()


@pytest.mark.parametrize("how", ["pasted", "uploaded", "play"])
def test_a_deeply_nested_hand_file_is_refused_naming_the_limit(how):
    client = signed_in_guest()
    if how == "pasted":
        response = client.post("/hands/import", {"text": DEEP})
    elif how == "uploaded":
        response = client.post("/hands/import", {"file": SimpleUploadedFile("deep.json", DEEP.encode())})
    else:
        response = client.post("/hands/play", {"document": DEEP})
    assert response.status_code == 400
    assert (
        "The file is nested too deeply: at most 32 levels of lists and objects" in response.content.decode()
    )
    assert Room.objects.count() == 0


def test_the_import_command_refuses_a_deep_file_and_a_long_one_naming_the_limits(tmp_path, capsys):
    deep, long = tmp_path / "deep.json", tmp_path / "long.json"
    deep.write_text(DEEP)
    long.write_text(" " * (transfer.LONGEST_FILE + 1))
    with pytest.raises(CommandError, match="2 files refused"):
        call_command("import_hands", str(deep), str(long))
    errors = capsys.readouterr().err
    assert f"{deep}: The file is nested too deeply: at most 32 levels" in errors
    assert f"{long}: The file is too long: at most 2,000,000 bytes" in errors


def test_a_hand_file_with_more_actions_or_hands_than_the_limits_is_refused_before_replaying():
    document, _ = random_hand("hungarian", 3)
    too_many = {
        **document,
        "actions": [{"seq": 1, "seat": 0, "action": "pass"}] * (transfer.MOST_ACTIONS + 1),
    }
    with pytest.raises(transfer.BadFile, match="A hand may hold at most 2000 actions"):
        transfer.read_hand(too_many)
    match = {"format": "tarokk-match", "version": 1, "hands": [document] * (transfer.MOST_HANDS + 1)}
    with pytest.raises(transfer.BadFile, match="A match file may hold at most 500 hands"):
        transfer.read_document(match)
    # At the limits, they are read.
    assert transfer.read_document({**match, "hands": [document] * 2})


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ("", 0),
        ('"[["', 0),
        ("{}", 1),
        ('[{"a": [1, "]]]"]}]', 3),
        (r'{"a\"[": ["\\", {"b": "]]"}]}', 3),
        ("[" * 33 + "]" * 33, 33),
    ],
)
def test_the_nesting_is_counted_outside_strings(text, depth):
    assert inputs.json_depth(text) == depth


def test_a_file_at_the_nesting_limit_is_parsed_and_one_past_it_is_not():
    assert transfer.parse("[" * 32 + "]" * 32) == json.loads("[" * 32 + "]" * 32)
    with pytest.raises(transfer.BadFile, match="nested too deeply"):
        transfer.parse("[" * 33 + "]" * 33)


def test_a_tutorial_start_over_the_guests_limit_makes_no_guest_and_no_table(settings):
    """Found by the fuzz: a signed-out visitor's start made a guest, then a limit refused it
    (429) with the new account left behind and signed in. A guided table counts against no
    tables' limit (issue 35): the guest it makes is the one limited."""
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "guest": {"ip": "1/h"}}
    assert Client().post("/tutorial/hungarian/").status_code == 302
    users = User.objects.count()
    response = Client().post("/tutorial/hungarian/")
    assert response.status_code == 429
    assert User.objects.count() == users and Room.objects.count() == 1


@pytest.mark.parametrize("target", ["inf", "lobby", "/r/abc/\nSet-Cookie: x=1", "https://evil.example/"])
def test_the_language_switchs_next_that_is_no_path_of_ours_goes_home(target):
    """Found by the fuzz: a bare word was taken for a view name by redirect() (a 500); a
    newline or another site is no page of ours either."""
    response = signed_in_guest().post("/language/", {"language": "hu", "next": target})
    assert response.status_code == 302 and response["Location"] == "/"
