"""SIGKILL a table's home web process in the middle of a hand: the robot worker takes the table
over after the lease and its robots resume from the log; the restarted web process serves a
reconnecting page a full snapshot and is home again; the result is the one a replay of the log
gives, every move in it exactly once (games/services/homes.py)."""

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


def home_of(code: str) -> str:
    return hand_of(code).home


def test_a_killed_home_is_taken_over_by_the_worker_and_the_hand_completes_exactly_once(start_stack: Any):
    """The web process that serves a table drives its robots (it is the hand's home); killed with
    SIGKILL between a person's move and the robot's answer, its table stalls for the lease, then
    the worker takes it over and its robots play on; the restarted web process is home again from
    the person's next move, and every move of the hand is in the log exactly once."""
    stack = start_stack(web=2, workers=1, robot_delay=0.5, extra_env={"TAROKK_HOME_LEASE": "2"})
    alice = Person(stack.url(0)).guest()
    code = alice.open_table(robots=3)
    rng = random.Random(7)
    page = alice.socket(code)
    web0 = f":{stack.procs['web-0'].pid}:"

    # Into the card play, to a move of alice's that a robot answers; then web-0 dies at once.
    for _ in range(40):
        view = play_until(
            alice, code, rng, lambda v: v["phase"] == "over" or v["seq"] >= 8 and v["to_act"] == [0], 60
        )
        if view["phase"] == "over":  # thrown in during the auction: deal again
            assert alice.next_hand(code, view["hand_no"]).status_code == 200
            continue
        assert web0 in home_of(code)  # the robots' moves so far were made in web-0
        response = alice.act(code, pick(view, rng), view["seq"])
        assert response.status_code == 200, response.text
        if hand_of(code).to_act not in ([], [0]):  # a robot answers, after its pace of 0.5 s
            stack.kill("web-0")
            break
    else:
        raise AssertionError("no move of alice's was answered by a robot")
    hand_no = view["hand_no"]
    stalled = hand_of(code).seq
    assert stalled == view["seq"] + 1, "the robot answered before web-0 was killed"
    assert HandAction.objects.filter(hand=hand_of(code)).exclude(robot="").exists()
    for _ in range(50):  # alice's page loses its socket
        if page.closed:
            break
        time.sleep(0.05)
    assert page.closed
    time.sleep(1.0)
    assert hand_of(code).seq == stalled  # its home's lease has not run out: nobody drives it yet
    deadline = time.monotonic() + 20
    while hand_of(code).seq == stalled:  # the worker takes it over
        assert time.monotonic() < deadline, "the worker did not take over the table of a dead home"
        time.sleep(0.05)
    assert f":{stack.procs['worker-0'].pid}:" in home_of(code)
    taken_over = hand_of(code).seq

    stack.restart("web-0")
    # The reconnecting page first gets a whole snapshot of the table as it is now.
    at_connect = hand_of(code).seq
    again = alice.socket(code)
    first = again.wait_for(0, timeout=5)
    assert all(f'id="{part}"' in first.html for part in LIVE_IDS)
    # At least as new as the table when the socket opened (the robots may move on meanwhile).
    assert first.version >= version_of(hand_no, at_connect)
    assert again.pushes[0] is first

    final = play_until(alice, code, rng, lambda v: v["phase"] == "over", timeout=60)
    hand = hand_of(code)
    if HandAction.objects.filter(hand=hand, seat=0, seq__gt=taken_over).exists():
        assert f":{stack.procs['web-0'].pid}:" in hand.home  # home again from alice's next move
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
