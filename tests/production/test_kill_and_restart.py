"""SIGKILL a web process and the robot worker in the middle of a hand, start them again: the
hand goes on from the log, robots resume, a reconnecting page gets a full snapshot, and the
result is the one a replay of the log gives."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from games.models import Hand, HandAction
from games.rules import HandResult, get_variant
from games.services import replay
from tarokk_site.languages import said
from tests.production.players import LIVE_IDS, Person, pick, version_of

pytestmark = pytest.mark.django_db(transaction=True)


def hand_of(code: str) -> Hand:
    return Hand.objects.filter(room__code=code).order_by("-number").first()


def play_until(person: Person, code: str, rng: random.Random, done: Any, timeout: float = 20) -> dict:
    """Make this person's moves (robots move on their own) until ``done(view)``."""
    deadline = time.monotonic() + timeout
    while True:
        view = person.view(code)
        if done(view):
            return view
        assert view["phase"] != "over", "the hand ended before the test could interrupt it"
        assert time.monotonic() < deadline, f"stuck at seq {view['seq']} ({view['phase']})"
        if view["legal"]:
            response = person.act(code, pick(view, rng), view["seq"])
            assert response.status_code in (200, 409), response.text
        else:
            time.sleep(0.05)


def test_a_killed_web_process_and_worker_restart_and_the_hand_completes(start_stack: Any):
    stack = start_stack(web=2, workers=1, robot_delay=0.2)
    alice = Person(stack.url(0)).guest()
    code = alice.open_table(robots=3)
    rng = random.Random(7)
    page = alice.socket(code)

    # Into the card play, then stop the worker while a robot is next to move.
    for _ in range(3):  # a hand thrown in during the auction never reaches the play: deal again
        view = play_until(
            alice, code, rng, lambda v: v["phase"] == "over" or v["seq"] >= 8 and v["to_act"] not in ([], [0])
        )
        if view["phase"] != "over":
            break
        assert alice.next_hand(code, view["hand_no"]).status_code == 200
    hand_no = view["hand_no"]
    stack.kill("worker-0")
    view = play_until(alice, code, rng, lambda v: v["to_act"] != [0])  # in case it had moved meanwhile
    stalled = view["seq"]
    time.sleep(0.6)
    assert hand_of(code).seq == stalled  # nobody else drives the robots

    stack.kill("web-0")  # alice's page loses its socket
    for _ in range(50):
        if page.closed:
            break
        time.sleep(0.05)
    assert page.closed

    stack.restart("worker-0")
    stack.restart("web-0")
    deadline = time.monotonic() + 10
    while hand_of(code).seq == stalled:  # the robots resume from the log
        assert time.monotonic() < deadline, "robots did not resume after the restart"
        time.sleep(0.05)

    # The reconnecting page first gets a whole snapshot of the table as it is now.
    at_connect = hand_of(code).seq
    again = alice.socket(code)
    first = again.wait_for(0, timeout=5)
    assert all(f'id="{part}"' in first.html for part in LIVE_IDS)
    # At least as new as the table when the socket opened (the robots may move on meanwhile).
    assert first.version >= version_of(hand_no, at_connect)
    assert again.pushes[0] is first

    final = play_until(alice, code, rng, lambda v: v["phase"] == "over", timeout=30)
    hand = hand_of(code)
    again.wait_for(version_of(hand_no, hand.seq), timeout=5)
    seqs = list(HandAction.objects.filter(hand=hand).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, hand.seq + 1))
    # The result of the interrupted hand is the one an uninterrupted replay of its log gives.
    replay.forget_all()
    assert get_variant(hand.variant).result(replay.current(hand)).to_json() == hand.result
    # view.json says the stored result's messages in the caller's language (English here).
    assert said(HandResult.from_json(hand.result).view()) == final["result"]
    again.close()
    page.close()
