"""A turn clock that runs out while its table's home web process is down (killed with SIGKILL)
fires when the robot worker takes the table over, with no page open: the deadline is a row, not
a timer of the dead process (games/services/homes.py)."""

from __future__ import annotations

import datetime
import time
from typing import Any

import pytest

from games.models import Hand, HandAction, TurnClock
from tests.production.players import Person

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_clock_that_ran_out_while_its_home_was_down_fires_when_the_worker_takes_over(start_stack: Any):
    stack = start_stack(web=1, workers=1, robot_delay=0.1, extra_env={"TAROKK_HOME_LEASE": "2"})
    alice = Person(stack.url(0)).guest()
    response = alice._post("/rooms/new", {"variant": "hungarian", "robots": "3", "turn_clock": "20"})
    assert response.status_code == 302, response.text
    code = response.headers["location"].strip("/").split("/")[-1]
    deadline = time.monotonic() + 20
    while (view := alice.view(code))["to_act"] != [0]:
        assert time.monotonic() < deadline and view["phase"] != "over", view["phase"]
        time.sleep(0.05)
    hand = Hand.objects.get(room__code=code)
    assert f":{stack.procs['web-0'].pid}:" in hand.home  # the web process drove the robots
    stack.kill("worker-0")  # and so the worker is not needed while the home lives
    stack.kill("web-0")
    seq = hand.seq
    long_ago = datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC)
    assert TurnClock.objects.filter(hand=hand, seat=0).update(deadline=long_ago) == 1
    time.sleep(0.5)
    assert Hand.objects.get(pk=hand.pk).seq == seq  # nobody fires it while nobody runs

    stack.restart("worker-0")
    deadline = time.monotonic() + 20
    while not HandAction.objects.filter(hand=hand, seq=seq + 1).exists():
        assert time.monotonic() < deadline, "the clock did not fire after its home died"
        time.sleep(0.05)
    move = HandAction.objects.get(hand=hand, seq=seq + 1)
    assert (move.seat, move.robot) == (0, "clock")
    assert f":{stack.procs['worker-0'].pid}:" in Hand.objects.get(pk=hand.pk).home  # taken over
    alice.close()
