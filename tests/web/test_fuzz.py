"""A seeded, bounded fuzz of every door: malformed values posted to every endpoint of a table of
each game, to /rooms/new, view.json, the guest door and sign-up, and garbage frames sent to the
room's websocket. Each answer is below 500; a refusal is a 4xx in words (JSON ``error``, or plain
text for htmx); and a refused request changes nothing: the hand's moves, rooms, seats and users
are as before. Change the seed (FUZZ_SEED) to explore; the run stays a few seconds.

Then every URL pattern of the URLconf, found by walking it (a new door is included without
being listed), with every field its view reads and values from outside (issue 33): 4,301
digits, 100 KB, non-ASCII, Arabic digits, negative, zero, words, 50,000 '[' for JSON; and a
socket move with a bad ``seq``."""

from __future__ import annotations

import inspect
import itertools
import json
import os
import random
import re
import string
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.urls import Resolver404, URLResolver, get_resolver, resolve

from accounts.models import User
from games.live.socket_moves import flash_fragment
from games.models import HandAction, Room, Seat
from games.rules import VARIANTS as VARIANTS_BY_KEY
from games.services import access
from tests.factories import StaffFactory, UserFactory
from tests.web.helpers import client_for, open_table, play_until_over
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
        assert 'id="seats"' in await communicator.receive_from(timeout=10)
        await communicator.disconnect()


@pytest.mark.parametrize("target", ["inf", "lobby", "games:lobby", "r/abc/"])
def test_a_guest_next_that_is_no_path_goes_home_instead_of_failing(target):
    """Found by the fuzz: redirect() took a bare word for a view name and failed (500)."""
    response = Client().post("/accounts/guest/", {"next": target})
    assert response.status_code == 302 and response["Location"] == "/"


# -- every door of the URLconf ----------------------------------------------------------------
#
# Each URL pattern is found by walking the URLconf (a new door is fuzzed without being listed
# here), its arguments filled in with a real table, hand and player, and knocked on with every
# field its view reads (found in the view's source, plus the fields of the forms it reads
# through, EXTRA_FIELDS), each with each of OUTSIDE values, as a signed-in guest seated at a
# table and as a visitor signed out. Every answer is below 500, and a refusal (4xx) changes
# nothing in the database.

OUTSIDE = [
    "1" * 4301,  # past Python's int() limit
    "x" * 100_000,
    "é",
    "٣",  # an Arabic digit: "٣".isdigit() is True
    "-1",
    "0",
    "abc",
    "[" * 50_000,  # deeply nested: sent to the fields that hold JSON (JSON_FIELDS) only
]
JSON_FIELDS = {"document", "text", "file"}
# Fields a view reads through a form or a helper rather than by name in its own source.
EXTRA_FIELDS = {
    "new-room": sorted(
        {o.name for v in VARIANTS_BY_KEY.values() for o in v.options}
        | set(access.FIELDS)
        | {"chat", "audience"}
    ),
    "table-privacy": sorted(access.FIELDS),
    "account_signup": ["username", "email", "password1", "password2"],
    "account_login": ["login", "password"],
    "account_reset_password": ["email"],
}
# The field names a view's source reads: request.POST.get("x"), request.GET["x"],
# posted_number(request, "x"), _switch(request, "x"), request.FILES.get("x").
READS = re.compile(
    r'\b(?P<where>POST|GET|FILES)(?:\.get\(|\[)\s*"(?P<a>[^"]+)"'
    r'|\b(?:posted_number|_switch)\(\s*request,\s*"(?P<b>[^"]+)"'
)
# Doors whose normal answer writes whatever is sent (a refusal from them still changes nothing):
# a guest made, a sign-up, the daily deal's or the tutorial's table, a seat given up or taken
# back, a chat message said or hidden, a logout (it frees the guest's seats), the day's deals.
WRITE_ANYWAY = {
    "guest",
    "account_signup",
    "daily-play",
    "tutorial",
    "leave",
    "back",
    "chat",
    "chat-hidden",
    "account_logout",
    "daily",  # the day's deals, made when first shown
    "daily-game",
    "hand-analysis",  # asking for a hand's analysis needs no value: it queues one
}
# Tables of rows a refused request may write by design: sessions (a login), django-axes' failed
# logins (counted on purpose).
NOT_COMPARED = {"django_session", "axes_accessattempt", "axes_accesslog", "axes_accessfailurelog"}


def every_door() -> list[tuple[str, str | None, Any]]:
    """(route, name, callback) of every URL pattern, in the URLconf's order."""

    def walk(patterns: list, prefix: str) -> Any:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern))
            else:
                yield prefix + str(pattern.pattern), pattern.name, pattern.callback

    return list(walk(get_resolver().url_patterns, ""))


ARGUMENT = re.compile(r"<(?:\w+:)?(?P<route>\w+)>|\(\?P<(?P<regex>\w+)>(?:[^()]|\([^()]*\))*\)")


def door_paths(route: str, callback: Any, known: dict[str, list[str]]) -> list[str]:
    """The paths that reach the door ``route``: its arguments filled in with ``known`` values
    (and, where its converter takes them, values from outside), each checked to resolve to the
    door's own view; [] when none does."""
    names = [m["route"] or m["regex"] for m in ARGUMENT.finditer(route)]
    choices = [known.get(name, []) + known["*"] for name in names]
    paths = []
    for values in itertools.islice(itertools.product(*choices), 200):
        it = iter(values)
        path = "/" + ARGUMENT.sub(lambda _m, it=it: next(it), route).replace("^", "").replace("$", "")
        try:
            match = resolve(path)
        except Resolver404:
            continue
        if match.func is callback:
            paths.append(path)
    return paths


def fields_read(name: str | None, callback: Any) -> dict[str, str]:
    """The fields ``callback`` reads, each with where it reads it (GET, POST or FILES)."""
    try:
        source = inspect.getsource(inspect.unwrap(callback))
    except (OSError, TypeError):  # a class-based view of a library: its forms are EXTRA_FIELDS
        source = ""
    read = {m["a"] or m["b"]: m["where"] or "POST" for m in READS.finditer(source)}
    for field in EXTRA_FIELDS.get(name or "", []):
        read.setdefault(field, "POST")
    return read


def database() -> dict[str, Any]:
    """Every table's rows (the models'), but those a refused request may write by design."""
    rows = {}
    with connection.cursor() as cursor:
        for model in apps.get_models():
            table = model._meta.db_table
            if table not in NOT_COMPARED:
                cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)} ORDER BY 1")  # noqa: S608
                rows[table] = cursor.fetchall()
    return rows


def test_every_door_of_the_urlconf_refuses_outside_values_below_500_and_changes_nothing(settings):
    # No rate limit: each value reaches the code that reads it (the limits have their own tests).
    settings.RATE_LIMITS = {}
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # many sign-ups
    host = UserFactory()
    guest = Client()
    assert guest.post("/accounts/guest/").status_code == 302
    guest_user = User.objects.get(pk=guest.session["_auth_user_id"])
    room = open_table(guest_user, robots=3)  # the guest's own table: seated, host, to act
    finished = open_table(host, robots=3)
    play_until_over(finished, host, client_for(host))
    hand = finished.current_hand()
    known = {
        "code": [room.code],
        "hand_id": [str(hand.pk)],
        "object_id": [str(hand.pk)],
        "number": ["1"],
        "name": [guest_user.username],
        "game": ["hungarian"],
        "variant_key": ["hungarian"],
        "app_label": ["games", "accounts"],
        "*": ["1", "hungarian", "abc", "1" * 4301, "é"],
    }
    doors = every_door()
    # The doors whose normal answer writes go last, so that the guest is seated for the others.
    # Logging out (which frees the guest's seats) is the very last.
    doors.sort(key=lambda door: (door[1] in WRITE_ANYWAY, door[1] == "account_logout"))
    unreached, knocked = [], 0
    rows = database()

    def knock_once(client: Client, method: str, path: str, name: str | None, data: Any, **extra: Any) -> None:
        nonlocal knocked, rows
        response = getattr(client, method)(path, data, **extra)
        knocked += 1
        assert response.status_code < 500, (method, path, str(data)[:80], response.status_code)
        before, rows = rows, database()
        if response.status_code >= 400 or name not in WRITE_ANYWAY:
            changed = [table for table in before if before[table] != rows[table]]
            assert not changed, (method, path, str(data)[:80], response.status_code, changed)

    routes = [route for route, _name, _callback in doors]
    for route, name, callback in doors:
        paths = door_paths(route, callback, known)
        if not paths:
            if routes.count(route) == 1:  # else a door of the same route before it takes its paths
                unreached.append(route)
            continue
        if route.startswith("admin/"):  # staff only: a guest is sent to the login, nothing read
            knock_once(guest, "get", paths[0], name, {})
            continue
        for client in (guest, Client()):
            knock_once(client, "get", paths[0], name, {})
            knock_once(client, "post", paths[0], name, {})
        for path in paths[1:3]:  # its arguments from outside, where its converters take them
            knock_once(guest, "get", path, name, {})
        for field, where in fields_read(name, callback).items():
            values = OUTSIDE if field in JSON_FIELDS else OUTSIDE[:-1]
            for value in values:
                if where == "GET":
                    knock_once(guest, "get", paths[0], name, {field: value})
                elif where == "FILES":
                    upload = SimpleUploadedFile("hand.json", value.encode())
                    knock_once(guest, "post", paths[0], name, {field: upload})
                else:
                    knock_once(guest, "post", paths[0], name, {field: value})
            if where == "POST":  # as the page's htmx posts it, and signed out
                knock_once(guest, "post", paths[0], name, {field: values[0]}, HTTP_HX_REQUEST="true")
                knock_once(Client(), "post", paths[0], name, {field: values[0]})
    assert not unreached, f"doors the fuzz cannot fill in (add a value to known): {unreached}"
    assert knocked > 500


@pytest.mark.parametrize(
    "seq",
    [
        "1" * 4000,  # a JSON number under json's own 4,300-digit limit, past any move number
        '"' + "1" * 4000 + '"',
        '"٣"',
        '"é"',
        "-1",
        '"-1"',
        '"1e9"',
        "1.5",
        "true",
        "[" * 2000 + "]" * 2000,  # under the frame's length, deep enough for a RecursionError
    ],
)
async def test_a_socket_move_with_a_bad_seq_is_refused_in_words_and_changes_nothing(seq):
    host = await sync_to_async(UserFactory)()
    room = await sync_to_async(open_table)(host, robots=3)
    communicator = await connect(f"/ws/r/{room.code}/", host)
    await drain(communicator, quiet=0.2)
    before = await sync_to_async(database)()
    await communicator.send_to(text_data='{"action": "pass", "seq": ' + seq + "}")
    answers = await drain(communicator, quiet=0.3)
    refusal = [a for a in answers if 'id="flash"' in a]
    assert refusal and ("seq " in refusal[0] or refusal[0] == UNREADABLE), answers
    assert await sync_to_async(database)() == before
    await communicator.send_to(text_data="resync")  # still open
    assert 'id="seats"' in await communicator.receive_from(timeout=10)
    await communicator.disconnect()
