"""The robot worker is woken, not polling: a web process that does not drive robots
(``ROBOT_RUNNER=off``) tells the ``robots`` group of every hand it changed, and the worker
queues that hand. (tests/production runs the worker as a process of its own on Redis.)"""

from __future__ import annotations

import asyncio

import pytest
from channels.layers import get_channel_layer
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.autoplay import runner, worker
from games.models import HandAction
from games.rules import get_variant
from games.services import broadcast, replay
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_wake_up_sent_to_the_robots_group_queues_the_hand(monkeypatch):
    woken: list[int] = []
    monkeypatch.setattr(runner, "schedule", lambda hand_id, move=None: woken.append(hand_id))
    listening = asyncio.create_task(worker.Worker()._wake_ups())
    layer = get_channel_layer()
    try:
        for _ in range(100):  # until the worker has joined the group
            await layer.group_send(broadcast.ROBOTS_GROUP, {"type": "hand.changed", "hand": 41})
            await asyncio.sleep(0.01)
            if woken:
                break
        assert woken and set(woken) == {41}
        await layer.group_send(broadcast.ROBOTS_GROUP, {"type": "hand.changed", "hand": "junk"})
        await layer.group_send(broadcast.ROBOTS_GROUP, {"type": "hand.changed", "hand": 42})
        for _ in range(100):
            await asyncio.sleep(0.01)
            if 42 in woken:
                break
        assert woken[-1] == 42 and "junk" not in woken
    finally:
        listening.cancel()


def test_a_process_that_does_not_drive_robots_wakes_the_worker_at_every_change(settings, monkeypatch):
    settings.ROBOT_RUNNER = "off"
    wanted: list[int] = []
    moves_said: list[dict] = []

    def robots_wanted(hand_id: int, move: dict | None = None) -> None:
        wanted.append(hand_id)
        if move is not None:
            moves_said.append(move)

    monkeypatch.setattr(broadcast, "robots_wanted", robots_wanted)
    room = services.create_room(UserFactory(), "czech", robots=3)
    hand = room.current_hand()
    assert wanted == [hand.pk]  # the deal
    # Nobody here moves the robots: the worker does, when woken (here: this test).
    variant = get_variant("czech")
    robot_moves = 0
    while robot_moves < 5:
        if runner.move_once(hand.pk):
            robot_moves += 1
            continue
        hand.refresh_from_db()
        state = replay.current(hand)
        services.submit_action(hand.pk, 0, variant.legal_actions(state, 0)[0], hand.seq)
    moves = HandAction.objects.filter(hand=hand).count()
    assert wanted == [hand.pk] * (1 + moves)
    # Each wake-up after a move says the move, as the log has it.
    logged = hand.actions.order_by("seq").values_list("seq", "seat", "action")
    assert [(m["seq"], m["seat"], m["action"]) for m in moves_said] == list(logged)
    assert {m["variant"] for m in moves_said} == {"czech"}


@pytest.mark.parametrize("clock", [0, 60])
def test_a_pass_reads_clock_rows_only_at_a_table_with_a_clock(settings, clock):
    settings.ROBOT_RUNNER = "off"
    room = services.create_room(UserFactory(), "czech", robots=3, turn_clock=clock)
    hand = room.current_hand()
    fresh = runner._ThreadRunner(start=False)
    fresh.run_pass(hand.pk)  # learns once whether the room has a clock
    with CaptureQueriesContext(connection) as queries:
        fresh.run_pass(hand.pk)
    read = [q["sql"] for q in queries.captured_queries if "games_turnclock" in q["sql"]]
    assert bool(read) == bool(clock)
