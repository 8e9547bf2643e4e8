"""Moves over the room's websocket (htmx's ``ws-send``, games.live.consumers.RoomConsumer.receive)
and moves posted to ``/r/<code>/act`` are one door (games.tables.moves_in): each case is tried
both ways on its own table of the same written-out deal, and both answers must agree, in
outcome, in the words of the refusal and in what was written (one action, or nothing)."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.sessions.models import Session

from games import services
from games.live.consumers import SESSION_ENDED
from games.models import HandAction
from tests.deals import full_table_with_known_deal
from tests.factories import UserFactory
from tests.web.helpers import client_for, data_cards
from tests.web.sockets import open_socket

pytestmark = pytest.mark.django_db(transaction=True)

# What htmx's ws extension adds to every message it sends (api.getHeaders).
HEADERS = {"HX-Request": "true", "HX-Trigger": None, "HX-Trigger-Name": None, "HX-Target": "controls"}
STALE = "The table has moved on since you looked; your view has been refreshed"
NO_SEAT = "You have no seat at this table"
UNREADABLE = "The table could not read what this page sent; reload the page."
FLASH = re.compile(r'<div id="flash"[^>]*>(.*?)</div>', re.S)


@pytest.fixture(autouse=True)
def _quick_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@dataclass(frozen=True)
class Outcome:
    made: bool
    text: str  # the refusal as the page shows it ("" when the move was made)
    written: int  # actions added to the log


@dataclass(frozen=True)
class Case:
    """``mover`` (a seat, or "watcher": a signed-in player without one) sends ``action`` and
    ``seq`` (None: left out) once ``before`` has been done to the table."""

    name: str
    mover: int | str
    action: str | None
    seq: int | str | None
    expected: Outcome
    before: Callable[[Any, dict[Any, Any]], None] | None = None


def made() -> Outcome:
    return Outcome(True, "", 1)


def refused(text: str) -> Outcome:
    return Outcome(False, text, 0)


def seat_0_passes(hand: Any, users: dict[Any, Any]) -> None:
    services.submit_action(hand.pk, 0, "pass", 0, actor=users[0])


# The deal of tests/deals.py: seat 0 (forehand) opens the auction with pass, bid:three,
# bid:two or bid:solo; nobody else may act yet.
CASES = [
    Case("a legal move", 0, "pass", 0, made()),
    Case("a legal move, its cards in any order", 0, "bid:three", "0", made()),
    Case("not your turn", 1, "pass", 0, refused("It is not your turn")),
    Case("a card in the auction", 0, "play:T22", 0, refused("You cannot play a card now")),
    Case("a discard of unknown cards", 0, "discard:XX,YY", 0, refused("You cannot discard now")),
    Case("a move number from the future", 0, "pass", 3, refused(STALE)),
    Case("a move number left behind", 1, "pass", 0, refused(STALE), before=seat_0_passes),
    Case("an empty action", 0, "", 0, refused("action is required")),
    Case("an action of spaces", 0, "   ", 0, refused("action is required")),
    Case("no action at all", 0, None, 0, refused("action is required")),
    Case("no move number", 0, "pass", None, refused("seq is required")),
    Case("a move number in words", 0, "pass", "two", refused("seq must be a whole number, not 'two'")),
    Case("a negative move number", 0, "pass", -1, refused("seq must be at least 0, not -1")),
    Case("a move number too large", 0, "pass", 2**40, refused(f"seq is too large: {2**40}")),
    Case("a player without a seat", "watcher", "pass", 0, refused(NO_SEAT)),
    # Malformed: no action in any position (the rules' UnknownAction, services.Malformed).
    Case("an unknown action", 0, "frobnicate", 0, refused("Unknown action 'frobnicate'")),
]


@database_sync_to_async
def table(case: Case, language: str = "") -> tuple[Any, dict[Any, Any]]:
    users: dict[Any, Any] = {seat: UserFactory(language=language) for seat in range(4)}
    users["watcher"] = UserFactory(language=language)
    hand = full_table_with_known_deal([users[seat] for seat in range(4)])
    if case.before is not None:
        case.before(hand, users)
    return hand, users


def written_since(hand: Any, before: int) -> int:
    return HandAction.objects.filter(hand_id=hand.pk).count() - before


def log_length(hand: Any) -> int:
    return HandAction.objects.filter(hand_id=hand.pk).count()


def fields(case: Case) -> dict[str, Any]:
    return {name: value for name, value in (("action", case.action), ("seq", case.seq)) if value is not None}


@database_sync_to_async
def posted(case: Case, hand: Any, client: Any, signed_out: bool = False) -> Outcome:
    """The case posted by htmx (its answer: 204, or the refusal as plain text for #flash)."""
    before = log_length(hand)
    if signed_out:
        Session.objects.all().delete()
    data = {name: str(value) for name, value in fields(case).items()}
    response = client.post(f"/r/{hand.room.code}/act", data, HTTP_HX_REQUEST="true")
    text = "" if response.status_code == 204 else response.content.decode()
    return Outcome(response.status_code == 204, text, written_since(hand, before))


async def sent(
    case: Case, hand: Any, socket: WebsocketCommunicator, signed_out: bool = False, message: str | None = None
) -> tuple[Outcome, list[dict[str, Any]]]:
    """The case sent over the page's socket as htmx's ws-send sends it (the answer: a refused
    move's #flash, or only the pushes of the move made); with what arrived, in order."""
    before = await database_sync_to_async(log_length)(hand)
    if signed_out:
        await database_sync_to_async(Session.objects.all().delete)()
    await socket.send_to(text_data=message or json.dumps({**fields(case), "HEADERS": HEADERS}))
    arrived = await everything_until_quiet(socket)
    flashes = [m for f in arrived if f["type"] == "websocket.send" for m in FLASH.findall(f["text"])]
    assert len(flashes) <= 1, flashes
    text = html.unescape(flashes[0]) if flashes else ""
    written = await database_sync_to_async(written_since)(hand, before)
    return Outcome(not flashes, text, written), arrived


async def everything_until_quiet(socket: WebsocketCommunicator, quiet: float = 0.3) -> list[dict[str, Any]]:
    arrived: list[dict[str, Any]] = []
    while not await socket.receive_nothing(timeout=quiet):
        output = await socket.receive_output(timeout=1)
        arrived.append(output)
        if output["type"] == "websocket.close":
            break
    return arrived


async def both_ways(
    case: Case, language: str = "", signed_out: bool = False
) -> tuple[Outcome, Outcome, list[dict[str, Any]]]:
    """The case posted at one table, then sent over the socket at another of the same deal."""
    browser = database_sync_to_async(client_for)
    hand, users = await table(case, language)
    over_http = await posted(case, hand, await browser(users[case.mover]), signed_out)
    hand, users = await table(case, language)
    socket = await open_socket(hand.room.code, await browser(users[case.mover]))
    await everything_until_quiet(socket)  # the snapshot of connecting
    over_socket, arrived = await sent(case, hand, socket, signed_out)
    await socket.disconnect()
    return over_http, over_socket, arrived


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
async def test_a_move_sent_over_the_socket_is_answered_as_the_same_move_posted(case):
    over_http, over_socket, arrived = await both_ways(case)
    assert over_http == case.expected
    assert over_socket == case.expected
    if case.expected.made:  # the push of the move made: the page's log shows it
        assert any("log-lines" in f.get("text", "") for f in arrived)
    if case.expected.text == STALE:  # and a fresh snapshot, as the page asks for after a 409
        assert any(data_cards(f.get("text", "")) for f in arrived[1:])


@pytest.mark.parametrize("case", [CASES[0], CASES[2], CASES[3], CASES[5], CASES[11]], ids=lambda c: c.name)
async def test_a_refusal_is_worded_alike_in_the_players_language(case):
    over_http, over_socket, _arrived = await both_ways(case, language="cs")
    assert over_socket == over_http
    assert over_http.text != case.expected.text or case.expected.made  # in Czech, not English


async def test_a_socket_whose_session_ended_may_not_move_and_is_closed():
    case = CASES[0]
    over_http, over_socket, arrived = await both_ways(case, signed_out=True)
    assert over_http == over_socket == refused(NO_SEAT)
    assert arrived[-1] == {"type": "websocket.close", "code": SESSION_ENDED}


async def test_too_many_moves_are_refused_alike(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "act": {"user": "0/h"}}
    over_http, over_socket, _arrived = await both_ways(CASES[0])
    # The wait in the words: in minutes, or in seconds when the door opens within the minute.
    assert re.fullmatch(r"Too many moves: try again in \d+ (minutes?|seconds?)\.", over_http.text)
    waits = re.compile(r"\d+ (minutes?|seconds?)")
    assert (over_socket.made, waits.sub("N", over_socket.text), over_socket.written) == (
        False,
        waits.sub("N", over_http.text),
        0,
    )


UNREADABLE_MESSAGES = [
    "{not json",
    json.dumps(["pass", 0]),
    json.dumps({"action": ["pass", "pass"], "seq": 0}),
    json.dumps({"action": "pass", "seq": True}),
    json.dumps({"action": "pass", "seq": 0.0}),
    json.dumps({"action": {"kind": "pass"}, "seq": 0}),
    json.dumps({"action": "pass", "seq": 0, "HEADERS": HEADERS, "padding": "x" * 5000}),
]


@pytest.mark.parametrize("message", UNREADABLE_MESSAGES, ids=lambda m: m[:30])
async def test_a_message_the_table_cannot_read_is_refused_and_changes_nothing(message):
    hand, users = await table(CASES[0])
    socket = await open_socket(hand.room.code, await database_sync_to_async(client_for)(users[0]))
    await everything_until_quiet(socket)
    outcome, arrived = await sent(CASES[0], hand, socket, message=message)
    assert outcome == refused(UNREADABLE)
    assert len(arrived) == 1  # the flash alone
    # The socket goes on: the same move, well formed, is made.
    outcome, _arrived = await sent(CASES[0], hand, socket)
    assert outcome == made()
    await socket.disconnect()


async def test_a_binary_frame_is_refused_as_unreadable():
    hand, users = await table(CASES[0])
    socket = await open_socket(hand.room.code, await database_sync_to_async(client_for)(users[0]))
    await everything_until_quiet(socket)
    await socket.send_to(bytes_data=b'{"action": "pass", "seq": 0}')
    arrived = await everything_until_quiet(socket)
    assert [html.unescape(m) for f in arrived for m in FLASH.findall(f["text"])] == [UNREADABLE]
    assert await database_sync_to_async(log_length)(hand) == 0
    await socket.disconnect()


@pytest.mark.parametrize("message", ["resync", json.dumps({"HEADERS": HEADERS})])
async def test_a_message_without_a_move_asks_for_a_fresh_snapshot(message):
    hand, users = await table(CASES[0])
    socket = await open_socket(hand.room.code, await database_sync_to_async(client_for)(users[0]))
    await everything_until_quiet(socket)
    await socket.send_to(text_data=message)
    arrived = await everything_until_quiet(socket)
    assert len(arrived) == 1 and data_cards(arrived[0]["text"]) and 'id="controls"' in arrived[0]["text"]
    assert await database_sync_to_async(log_length)(hand) == 0
    await socket.disconnect()


async def test_no_message_of_the_page_closes_the_database_threads_connection(monkeypatch):
    """Channels' consumers hop to the database thread to close old connections before every
    message they handle (with ``CONN_MAX_AGE = 0``: the thread's connection, opened again by the
    next read). Ours keep it (tarokk_site.db_connections): connecting, a move sent and the push
    it sets off, and a resync reach no such hop."""
    import channels.consumer

    hops = []

    async def counted() -> None:
        hops.append(1)

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", counted)
    case = CASES[0]
    hand, users = await table(case)
    socket = await open_socket(hand.room.code, await database_sync_to_async(client_for)(users[0]))
    await everything_until_quiet(socket)
    outcome, arrived = await sent(case, hand, socket)
    assert outcome == made() and any("log-lines" in f.get("text", "") for f in arrived)
    await socket.send_to(text_data="resync")
    assert await everything_until_quiet(socket)
    assert hops == []
    await socket.disconnect()


async def test_a_refusal_over_the_socket_keeps_the_flash_reload_words_in_the_viewers_language():
    """The #flash a refusal replaces keeps what base.html gives it: the words of its reload
    button (site.js), in the page's language, as the page loaded them."""
    hand, users = await table(CASES[0])

    def speaks_hungarian():
        users[0].language = "hu"
        users[0].save(update_fields=["language"])
        client = client_for(users[0])
        page = client.get(f"/r/{hand.room.code}/").content.decode()
        return client, re.search(r'<div id="flash"[^>]*data-reload="([^"]*)"', page).group(1)

    client, loaded = await database_sync_to_async(speaks_hungarian)()
    assert loaded == "Az oldal újratöltése"
    socket = await open_socket(hand.room.code, client)
    await everything_until_quiet(socket)
    await socket.send_to(text_data="{not json")
    pushed = (await socket.receive_output(timeout=2))["text"]
    assert re.search(r'<div id="flash"[^>]*data-reload="([^"]*)"', pushed).group(1) == loaded
    await socket.disconnect()
