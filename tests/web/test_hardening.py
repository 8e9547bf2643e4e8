"""Doors a careless or hostile client knocks on (issue 18's findings 2, 3, 4 and 9): each
answers with a readable refusal and changes nothing, and robots resume after a restart."""

from __future__ import annotations

import pytest
from channels.testing import WebsocketCommunicator
from django.db import OperationalError

from games.autoplay import runner
from games.models import HandAction, Room
from games.services import replay
from tests.factories import UserFactory
from tests.web.helpers import client_for, open_table
from tests.web.sockets import app

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_negative_seq_is_refused_and_no_move_is_made():
    user = UserFactory()
    room = open_table(user, robots=3)
    hand = room.current_hand()
    client = client_for(user)
    view = client.get(f"/r/{room.code}/view.json").json()
    assert view["legal"], view["phase"]  # the host's seat is to act first or soon after robots
    before = hand.actions.count()
    for seq in ("-1", "-7"):
        response = client.post(f"/r/{room.code}/act", {"action": view["legal"][0], "seq": seq})
        assert response.status_code == 400
        assert response.json()["error"] == f"seq must be at least 0, not {seq}"
    assert HandAction.objects.filter(hand=hand).count() == before


@pytest.mark.parametrize("htmx", [False, True])
def test_a_guest_next_with_a_newline_goes_home_instead_of_failing(htmx):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = client_for(None).post("/accounts/guest/", {"next": "/r/abc/\nSet-Cookie: x=1"}, **headers)
    if htmx:
        assert response.status_code == 204 and response["HX-Redirect"] == "/"
    else:
        assert response.status_code == 302 and response["Location"] == "/"


async def test_a_websocket_to_a_path_the_site_does_not_serve_is_declined():
    communicator = WebsocketCommunicator(app, "/ws/nope/")
    connected, code = await communicator.connect()
    assert not connected and code == 4404
    await communicator.disconnect()


def test_after_a_restart_the_robot_thread_finds_the_robot_moves_due_in_the_database(settings):
    """A process that starts with nothing in memory queues the hands where a robot is to act,
    so robots move again without anybody opening the page (the first hand of a robot-only
    table stands still while ``ROBOT_RUNNER`` is off, as after a kill)."""
    settings.ROBOT_RUNNER = "off"
    user = UserFactory()
    room = open_table(user, robots=3)
    hand = room.current_hand()
    # The host leaves at once: a robot keeps the seat, so only robots are to act.
    client_for(user).post(f"/r/{room.code}/leave")
    room = Room.objects.get(pk=room.pk)
    room.closed = False
    room.save(update_fields=["closed"])
    assert hand.actions.count() == 0
    replay.forget_all()
    fresh = runner._ThreadRunner(start=False)
    fresh.load_robot_moves()
    assert fresh.due() == [hand.pk]
    fresh.run_pass(hand.pk)
    assert hand.actions.count() == 1 and hand.actions.get().robot


@pytest.mark.parametrize("action", ["discard:XX,YY", "bid:a,b", "discard:T1,ZZ", "play:Q9,T1"])
def test_a_list_of_unknown_cards_is_refused_in_words_whether_or_not_it_is_your_turn(action):
    owner, friend = UserFactory(), UserFactory()
    room = open_table(owner, robots=2)
    from games import services

    services.sit(room, friend, 1)
    hand = room.current_hand()
    before = hand.actions.count()
    for user in (owner, friend):
        response = client_for(user).post(f"/r/{room.code}/act", {"action": action, "seq": hand.public_seq})
        # 400: no such cards; 403: not this seat's turn; 422: the rules say not now.
        assert response.status_code in (400, 403, 422), response.content
        assert response.json()["error"]
    assert HandAction.objects.filter(hand=hand).count() == before


def _robots_only_table(settings):
    settings.ROBOT_RUNNER = "off"  # the test's runner drives the robots
    user = UserFactory()
    room = open_table(user, robots=3)
    client_for(user).post(f"/r/{room.code}/leave")  # a robot keeps the seat: only robots act
    Room.objects.filter(pk=room.pk).update(closed=False)
    replay.forget_all()
    return room.current_hand()


def test_a_robot_pass_that_fails_is_tried_again_not_dropped(settings, monkeypatch):
    hand = _robots_only_table(settings)
    fresh = runner._ThreadRunner(start=False)
    monkeypatch.setattr(fresh, "RETRY", 0.0)
    real = runner.move_once

    def busy(hand_id):
        raise OperationalError("database is locked")

    monkeypatch.setattr(runner, "move_once", busy)
    fresh.wake(hand.pk)  # fails: logged, and the hand queued again
    assert hand.actions.count() == 0 and fresh.due() == [hand.pk]
    monkeypatch.setattr(runner, "move_once", real)
    fresh.wake(hand.pk)
    assert hand.actions.count() == 1 and hand.actions.get().robot


def test_the_safety_sweep_queues_a_robot_move_that_waited_a_whole_sweep(settings):
    hand = _robots_only_table(settings)
    fresh = runner._ThreadRunner(start=False)
    assert fresh.sweep() == []  # first seen: its wake-up may still come
    assert fresh.due() == []
    assert fresh.sweep() == [hand.pk]  # the same position a sweep later: stranded
    assert fresh.due() == [hand.pk]
    fresh.wake(hand.pk)
    assert hand.actions.count() == 1
    assert fresh.sweep() == []  # it moved on: a new position, first seen
