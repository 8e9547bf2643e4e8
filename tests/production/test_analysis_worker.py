"""The analysis of a finished hand on the production shape (PostgreSQL, Redis, a web process
that leaves robots and analyses to the worker, ``manage.py robots``): asked for over HTTP,
computed by the worker, not by the web process; the worker killed (SIGKILL) in the middle and
started again picks the analysis up after its lease and finishes it, with the rows an
uninterrupted run writes."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from games.analysis import jobs
from games.analysis.models import AnalysedDecision, HandAnalysis
from games.models import Hand, HandAction
from tests.production.players import Person, pick

pytestmark = pytest.mark.django_db(transaction=True)

WORLDS = 80  # a hand of the test takes the worker seconds: time to see it half-way and kill it
MOVES = 6  # alice's decisions at least in the analysed hand, so that the worker has one left to lose


def rows(hand: Hand) -> list[tuple]:
    return list(
        AnalysedDecision.objects.filter(analysis__hand=hand)
        .order_by("seq")
        .values_list("seq", "seat", "actor", "made", "best", "values", "loss", "mark", "worlds")
    )


def wait_for(what: Any, timeout: float, message: Any) -> Any:
    """``what()`` once it is true; else, after ``timeout`` seconds, fail saying ``message()``.
    It looks often: a worker may go through a hand's decisions in a few tenths of a second."""
    deadline = time.monotonic() + timeout
    while True:
        found = what()
        if found:
            return found
        assert time.monotonic() < deadline, message()
        time.sleep(0.01)


def state_of(hand: Hand, logs: Path) -> str:
    """What a failure says: the analysis's row and the end of every process's log."""
    row = HandAnalysis.objects.filter(hand=hand).values("state", "done", "total", "attempts", "error").first()
    tails = {log.name: log.read_text(errors="replace")[-1500:] for log in sorted(logs.glob("*"))}
    return f"analysis {row}; logs {tails}"


def test_the_worker_computes_an_analysis_and_a_killed_worker_loses_nothing(
    start_stack: Any, settings: Any, tmp_path: Path
):
    env = {"TAROKK_ANALYSIS_WORLDS": str(WORLDS), "TAROKK_ANALYSIS_LEASE": "3", "TAROKK_ANALYSIS_POLL": "0.2"}
    stack = start_stack(web=1, workers=1, extra_env=env)
    alice = Person(stack.url(0)).guest()
    code = alice.open_table(robots=3)
    rng = random.Random(3)
    hand = None
    for _ in range(2000):
        view = alice.view(code)
        if view["phase"] == "over":
            hand = Hand.objects.get(room__code=code, number=view["hand_no"])
            if HandAction.objects.filter(hand=hand, seat=0, robot="").count() >= MOVES:
                break
            # Thrown in early (the deal is random): too few decisions to see it half-way.
            assert alice.next_hand(code, view["hand_no"]).status_code == 200
            hand = None
        elif view["legal"]:
            alice.act(code, pick(view, rng), view["seq"])
        else:
            time.sleep(0.05)
    assert hand is not None and hand.is_over, "no hand of alice's with enough decisions was played out"

    response = alice._post(f"/hands/{hand.pk}/analysis", {"step": 0})
    assert response.status_code == 302, response.text
    running = wait_for(
        lambda: HandAnalysis.objects.filter(hand=hand, state="running", done__gte=1).first(),
        60,
        lambda: "the worker did not start the analysis: " + state_of(hand, tmp_path / "logs"),
    )
    assert running.worlds == WORLDS and running.total > running.done
    stack.kill("worker-0")
    left = HandAnalysis.objects.get(hand=hand)
    assert left.state == "running" and left.worker == running.worker
    time.sleep(1.0)
    assert HandAnalysis.objects.get(hand=hand).done == left.done  # the web process computes nothing

    stack.restart("worker-0")
    done = wait_for(
        lambda: HandAnalysis.objects.filter(hand=hand, state="done").first(),
        120,
        lambda: "the analysis was not taken up again: " + state_of(hand, tmp_path / "logs"),
    )
    assert done.attempts == 2 and done.worker != running.worker and done.done == done.total
    page = alice.http.get(f"/hands/{hand.pk}/").text
    assert 'data-analysis-seat="0"' in page

    # The rows of an uninterrupted run, computed here.
    computed = rows(hand)
    HandAnalysis.objects.filter(hand=hand).delete()
    settings.ANALYSIS_WORLDS = WORLDS
    settings.ROBOT_RUNNER = "off"
    jobs.request(hand, None)
    assert jobs.run_all("test-process") == 1
    assert rows(hand) == computed
