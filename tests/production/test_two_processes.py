"""One table served by two Daphne processes: two people, each on a different process, and two
robots driven by two racing workers play a whole hand; every page is pushed every move."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from games.models import Hand, HandAction
from games.rules import get_variant
from games.services import replay
from tests.production.players import LIVE_IDS, Person, pick, version_of

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_people_on_two_processes_and_robots_on_workers_play_a_hand(start_stack: Any):
    # Two workers race for every robot move: exactly one of them may win each.
    stack = start_stack(web=2, workers=2)
    alice, bob = Person(stack.url(0)).guest(), Person(stack.url(1)).guest()
    code = alice.open_table(robots=2)  # alice seat 0, robots seats 2 and 3
    sockets = {"alice": alice.socket(code), "audience": Person(stack.url(1)).socket(code)}
    bob.sit(code, 1)  # the hand is dealt
    sockets["bob"] = bob.socket(code)
    rng = random.Random(20261122)
    people = [alice, bob]
    hand_no = alice.view(code)["hand_no"]

    moves = 0
    over = False
    deadline = time.monotonic() + 45
    while not over:
        assert time.monotonic() < deadline, "the hand did not finish in time"
        acted = False
        for person in people:
            view = person.view(code)
            if view["phase"] == "over":
                over = True
                break
            if not view["legal"]:
                continue
            response = person.act(code, pick(view, rng), view["seq"])
            if response.status_code == 409:  # a robot discarded meanwhile: look again
                continue
            assert response.status_code == 200, response.text
            seq = response.json()["seq"]
            moves += 1
            acted = True
            # The move is pushed live to the other person, on the other process, and to the
            # audience, without them asking.
            for socket in sockets.values():
                socket.wait_for(version_of(hand_no, seq), timeout=5)
        if not acted:
            time.sleep(0.05)  # robots to act: the workers will move

    hand = Hand.objects.get(room__code=code)
    assert hand.is_over and moves >= 2
    final = version_of(hand_no, hand.seq)
    for socket in sockets.values():
        assert socket.wait_for(final, timeout=5).version == final
        assert all(f'id="{part}"' in socket.pushes[0].html for part in LIVE_IDS)  # the snapshot
    log = list(HandAction.objects.filter(hand=hand).order_by("seq").values_list("seq", "seat", "robot"))
    assert [seq for seq, _, _ in log] == list(range(1, hand.seq + 1))  # each move once, in order
    assert {seat for _, seat, robot in log if robot} <= {2, 3}
    assert {seat for _, seat, robot in log if not robot} <= {0, 1}
    assert any(robot for _, _, robot in log)
    # The stored result is the one a replay of the log gives.
    variant = get_variant(hand.variant)
    replay.forget_all()
    assert variant.result(replay.current(hand)).to_json() == hand.result
    for socket in sockets.values():
        socket.close()
