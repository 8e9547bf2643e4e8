"""A seeded, bounded fuzz of every door: malformed values posted to every endpoint of a table of
each game, to /rooms/new, view.json, the guest door and sign-up, and garbage frames sent to the
room's websocket. Each answer is below 500; a refusal is a 4xx in words (JSON ``error``, or plain
text for htmx); and a refused request changes nothing: the hand's moves, rooms, seats and users
are as before. Change the seed (FUZZ_SEED) to explore; the run stays a few seconds."""

from __future__ import annotations

import json
import os
import random
import string

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from accounts.models import User
from games.consumers import flash_fragment
from games.models import HandAction, Room, Seat
from tests.factories import StaffFactory, UserFactory
from tests.web.helpers import client_for, open_table
from tests.web.sockets import connect, drain

pytestmark = pytest.mark.django_db(transaction=True)

SEED = int(os.environ.get("FUZZ_SEED", "20261124"))
ROUNDS = 8  # per endpoint and game: ~180 requests in all
VARIANTS = {"hungarian": 3, "czech": 3, "slovenian3": 2, "bridge": 2}

NASTY = [
    "",
    " ",
    "-1",
    "-0",
    "0",
    "1",
    "2",
    "99999999999999999999",
    "1e9",
    "1.5",
    "0x10",
    "１",
    "true",
    "True",
    "false",
    "null",
    "None",
    "NaN",
    "inf",
    "[]",
    "{}",
    '{"a": 1}',
    "\x00",
    "\n",
    "\r\nX-Header: 1",
    "%00",
    "<script>alert(1)</script>",
    "' or 1=1 --",
    "../../etc/passwd",
    "ɡuest-57bf7a",
    "You",
    "a" * 5000,
    "play:",
    "play:T99",
    "play:T1,T1",
    "bid:",
    "bid:solo:solo",
    ":",
    ":::",
    "discard:" + "," * 60,
    "discard:T22,T22,T22",
    "call:",
    "announce:",
    "kontra:",
    "pass ",
    " pass",
    "PASS",
    "draw",
    "wish:X",
    "take:99",
    "cut:1000",
    "pile:-1",
    "knock:",
    "eights:",
    "jpoints:",
    "\u202eplay:T1",
]

# Values of a socket move that no page sends (htmx sends text, hx-vals a whole number).
ODD_VALUES = [[], {}, True, False, 1.5, ["pass"], {"action": "pass"}, [0]]
UNREADABLE = flash_fragment("The table could not read what this page sent; reload the page.")


def noise(rng: random.Random) -> str:
    if rng.random() < 0.7:
        return rng.choice(NASTY)
    alphabet = string.printable + "ÁéŐűЖж½\u0301\u200b🂡"
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 40)))


def fields(rng: random.Random, names: list[str]) -> dict[str, str]:
    """Some of ``names``, each with a malformed value, and now and then a stray field."""
    data = {name: noise(rng) for name in names if rng.random() < 0.8}
    if rng.random() < 0.2:
        data[noise(rng)[:20] or "x"] = noise(rng)
    return data


def snapshot() -> tuple:
    return (
        HandAction.objects.count(),
        tuple(Room.objects.order_by("pk").values_list("pk", "closed", "options", "ended_match")),
        tuple(Seat.objects.order_by("pk").values_list("pk", "user_id", "robot", "kept_for_id", "away")),
        User.objects.count(),
    )


def readable(response) -> str:
    """The refusal's words: JSON ``{"error": ...}``, plain text, or Django's short error page."""
    body = response.content.decode()
    if response["Content-Type"].startswith("application/json"):
        message = json.loads(body)["error"]
    else:
        message = body
    assert message.strip() and "Traceback" not in message, body[:300]
    return message


def knock(client: Client, rng: random.Random, method: str, url: str, data: dict[str, str]) -> None:
    """One request: below 500; a refusal in words and no change at all."""
    before = snapshot()
    headers = {"HX-Request": "true"} if rng.random() < 0.3 else {}
    if method == "GET":
        response = client.get(url, data)
    elif rng.random() < 0.15:  # a body that is no form at all
        kind = rng.choice(
            ["application/json", "text/plain", "multipart/form-data", "application/x-www-form-urlencoded"]
        )
        response = client.post(url, noise(rng).encode(), content_type=kind, headers=headers)
    else:
        response = client.post(url, data, headers=headers)
    assert response.status_code < 500, (url, data, response.status_code)
    if response.status_code >= 400:
        readable(response)
        assert snapshot() == before, (url, data, response.status_code)


def test_malformed_values_at_every_door_are_refused_in_words_and_change_nothing():
    rng = random.Random(SEED)
    host, other = UserFactory(), UserFactory()
    rooms = [open_table(host, robots=robots, variant=variant) for variant, robots in VARIANTS.items()]
    clients = [client_for(host), client_for(other), Client()]  # the seat holder, a stranger, anonymous
    for room in rooms:
        base = f"/r/{room.code}"
        for _ in range(ROUNDS):
            client = rng.choice(clients)
            knock(client, rng, "POST", f"{base}/act", fields(rng, ["action", "seq"]))
            knock(client, rng, "GET", f"{base}/view.json", fields(rng, ["seq", "seat", "format"]))
            door = rng.choice(["sit", "next", "end-match", "back", "robot", "release"])
            knock(client, rng, "POST", f"{base}/{door}", fields(rng, ["seat", "hand_no", "level"]))
        # The real move with a malformed seq, and a malformed move with the real seq.
        view = clients[0].get(f"{base}/view.json").json()
        for action, seq in (
            (view["legal"][0] if view["legal"] else "pass", noise(rng)),
            (noise(rng), view["seq"]),
        ):
            knock(clients[0], rng, "POST", f"{base}/act", {"action": action, "seq": str(seq)})
    knock(clients[0], rng, "POST", "/r/no-such-room/act", {"action": "pass", "seq": "0"})
    staff = client_for(StaffFactory())
    for room in rooms:  # the inspector's one parameter
        hand_id = room.current_hand().pk
        for _ in range(ROUNDS // 2):
            knock(staff, rng, "GET", f"/staff/hands/{hand_id}/", {"step": noise(rng)})
    for _ in range(ROUNDS * 2):
        data = fields(rng, ["variant", "robots", "robot_level", "turn_clock", "match_hands", "players"])
        if rng.random() < 0.5:
            data["variant"] = rng.choice(list(VARIANTS))
        knock(rng.choice(clients), rng, "POST", "/rooms/new", data)
    for _ in range(ROUNDS):
        response = Client().post("/accounts/guest/", {"next": noise(rng)})
        assert response.status_code == 302 and response["Location"].startswith("/"), response["Location"]
        before = User.objects.count()
        name, password = noise(rng), noise(rng)
        response = Client().post(
            "/accounts/signup/", {"username": name, "password1": password, "password2": password + "x"}
        )
        # The form again with its reasons, or a rate limit (allauth's own: 20 sign-ups a minute).
        assert response.status_code in (200, 429) and User.objects.count() == before
        if response.status_code == 429:
            readable(response)


async def test_garbage_frames_on_the_websocket_change_nothing_and_keep_it_open():
    rng = random.Random(SEED)
    host = await sync_to_async(UserFactory)()
    rooms = [
        await sync_to_async(open_table)(host, robots=robots, variant=variant)
        for variant, robots in VARIANTS.items()
    ]
    for room in rooms:
        communicator = await connect(f"/ws/r/{room.code}/", host)
        await drain(communicator, quiet=0.2)
        before = await sync_to_async(snapshot)()
        for _ in range(ROUNDS):
            # Raw frames: send_to() would refuse an empty one, which a client may still send.
            roll = rng.random()
            if roll < 0.4:
                frame = {"type": "websocket.receive", "text": rng.choice([noise(rng), ""])}
            elif roll < 0.7:
                frame = {"type": "websocket.receive", "bytes": rng.randbytes(rng.randint(0, 64))}
            else:  # a move whose values no page sends
                move = {"action": rng.choice(ODD_VALUES), "seq": rng.choice(ODD_VALUES)}
                frame = {"type": "websocket.receive", "text": json.dumps(move)}
            await communicator.send_input(frame)
        answers = await drain(communicator, quiet=0.3)
        # Snapshots of the table (a message that is no move asks for one) or the flash that says
        # the message could not be read; nothing else.
        assert answers and all('id="seats"' in a or a == UNREADABLE for a in answers)
        assert await sync_to_async(snapshot)() == before
        await communicator.send_to(text_data="resync")  # still open
        assert 'id="seats"' in await communicator.receive_from(timeout=2)
        await communicator.disconnect()


@pytest.mark.parametrize("target", ["inf", "lobby", "games:lobby", "r/abc/"])
def test_a_guest_next_that_is_no_path_goes_home_instead_of_failing(target):
    """Found by the fuzz: redirect() took a bare word for a view name and failed (500)."""
    response = Client().post("/accounts/guest/", {"next": target})
    assert response.status_code == 302 and response["Location"] == "/"
