"""The analyses' background work (games/analysis/jobs.py): the thread of the process that runs
the robots computes a requested analysis while the page polls; one worker at a time holds an
analysis; a worker that dies (kill -9, a restart) leaves a row that the next one picks up after
its lease, and goes on from the decisions saved; the rows are those of an uninterrupted run."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from games.analysis import jobs
from games.analysis.models import AnalysedDecision, HandAnalysis
from games.bots import appraisal as engine
from tests.helpers.analysis import finished_hand
from tests.web.helpers import client_for

pytestmark = pytest.mark.django_db(transaction=True)

HTMX = {"HTTP_HX_REQUEST": "true"}


def rows(hand) -> list[tuple]:
    return list(
        AnalysedDecision.objects.filter(analysis__hand=hand)
        .order_by("seq")
        .values_list("seq", "seat", "actor", "made", "best", "values", "loss", "mark", "worlds")
    )


def uninterrupted(hand, user) -> list[tuple]:
    """The rows of a fresh analysis of ``hand``, computed at once; the analysis is deleted after."""
    HandAnalysis.objects.filter(hand=hand).delete()
    jobs.request(hand, user)
    jobs.run_all()
    fresh = rows(hand)
    HandAnalysis.objects.filter(hand=hand).delete()
    return fresh


class Killed(BaseException):
    """A worker dying in the middle (nothing of it runs on: no except clause catches this)."""


def test_the_robots_thread_computes_a_request_while_the_page_polls(settings):
    hand, owner, _ = finished_hand(variant="czech")
    settings.ROBOT_RUNNER = "thread"  # as the embedded web process runs (games.autoplay.runner)
    client = client_for(owner)
    response = client.post(f"/hands/{hand.pk}/analysis", {"step": 0}, **HTMX)
    assert response.status_code == 200
    deadline = time.monotonic() + 60
    while HandAnalysis.objects.get(hand=hand).state != "done":
        assert time.monotonic() < deadline, "the analysis thread did not finish"
        time.sleep(0.1)
    # While it ran the panel polled; now the poll asks for the whole page (its move list's marks).
    polled = client.get(f"/hands/{hand.pk}/analysis?step=0&poll=1", **HTMX)
    assert polled.status_code == 200 and polled["HX-Refresh"] == "true"
    page = client.get(f"/hands/{hand.pk}/").content.decode()
    assert "data-analysis-seat" in page
    settings.ROBOT_RUNNER = "inline"
    assert rows(hand) == uninterrupted(hand, owner)


def test_a_queued_or_running_analysis_shows_its_progress_and_polls(settings):
    hand, owner, _ = finished_hand()
    settings.ROBOT_RUNNER = "off"  # another process computes: the request only queues
    client = client_for(owner)
    client.post(f"/hands/{hand.pk}/analysis", {"step": 3}, **HTMX)
    page = client.get(f"/hands/{hand.pk}/?step=3").content.decode()
    panel = page[page.index('id="analysis"') - 200 :]
    assert "The analysis is queued" in panel and 'hx-trigger="every 2s"' in panel
    assert f"/hands/{hand.pk}/analysis?step=3&amp;poll=1" in panel
    analysis = jobs.claim("worker-a")
    HandAnalysis.objects.filter(pk=analysis.pk).update(done=2, total=9)
    fragment = client.get(f"/hands/{hand.pk}/analysis?step=3&poll=1").content.decode()
    assert "Analysing: 2 of 9 decisions" in fragment and 'hx-trigger="every 2s"' in fragment


def test_one_worker_at_a_time_holds_an_analysis(settings):
    hand, owner, _ = finished_hand()
    settings.ROBOT_RUNNER = "off"
    jobs.request(hand, owner)
    assert jobs.claim("worker-a") is not None
    assert jobs.claim("worker-b") is None  # held, its lease running: nobody else takes it
    analysis = HandAnalysis.objects.get(hand=hand)
    assert (analysis.state, analysis.worker, analysis.attempts) == ("running", "worker-a", 1)


def test_a_dead_workers_analysis_is_picked_up_again_and_goes_on_from_its_progress(settings, monkeypatch):
    hand, owner, _ = finished_hand(variant="czech")
    expected = uninterrupted(hand, owner)
    settings.ROBOT_RUNNER = "off"
    jobs.request(hand, owner)
    calls = {"n": 0}
    appraise = engine.appraise

    def dies_after_five(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] > 5:
            raise Killed
        return appraise(*args, **kwargs)

    monkeypatch.setattr(engine, "appraise", dies_after_five)
    analysis = jobs.claim("worker-a")
    with pytest.raises(Killed):
        jobs.compute(analysis, "worker-a")
    monkeypatch.setattr(engine, "appraise", appraise)
    left = HandAnalysis.objects.get(hand=hand)
    assert (left.state, left.done, left.worker) == ("running", 5, "worker-a")
    assert jobs.claim("worker-b") is None  # not before its lease runs out
    HandAnalysis.objects.filter(pk=left.pk).update(lease=timezone.now() - timedelta(seconds=1))

    assert jobs.run_next("worker-b")
    done = HandAnalysis.objects.get(hand=hand)
    assert (done.state, done.done, done.worker, done.attempts) == ("done", done.total, "worker-b", 2)
    assert rows(hand) == expected


def test_a_worker_that_lost_its_analysis_stops_and_writes_nothing(settings):
    hand, owner, _ = finished_hand()
    settings.ROBOT_RUNNER = "off"
    jobs.request(hand, owner)
    slow = jobs.claim("worker-a")
    HandAnalysis.objects.filter(pk=slow.pk).update(lease=timezone.now() - timedelta(seconds=1))
    assert jobs.run_next("worker-b")
    finished = rows(hand)
    with pytest.raises(jobs.LostClaim):
        jobs.compute(slow, "worker-a")
    assert rows(hand) == finished and HandAnalysis.objects.get(hand=hand).worker == "worker-b"


def test_an_engine_error_fails_the_analysis_and_a_new_request_queues_it_again(settings, monkeypatch):
    hand, owner, _ = finished_hand()

    def broken(*args, **kwargs):
        raise ValueError("the engine broke")

    monkeypatch.setattr(engine, "appraise", broken)
    client = client_for(owner)
    client.post(f"/hands/{hand.pk}/analysis", {"step": 0}, **HTMX)
    failed = HandAnalysis.objects.get(hand=hand)
    assert failed.state == "failed" and "the engine broke" in failed.error
    page = client.get(f"/hands/{hand.pk}/").content.decode()
    assert "The analysis of this hand failed" in page and "Try the analysis again" in page

    monkeypatch.undo()
    client.post(f"/hands/{hand.pk}/analysis", {"step": 0}, **HTMX)
    again = HandAnalysis.objects.get(hand=hand)
    assert again.pk == failed.pk and again.state == "done" and again.error == ""


def test_an_analysis_that_kills_its_worker_every_time_is_given_up(settings):
    hand, owner, _ = finished_hand()
    settings.ROBOT_RUNNER = "off"
    settings.ANALYSIS_ATTEMPTS = 2
    jobs.request(hand, owner)
    for worker in ("a", "b"):
        assert jobs.claim(worker) is not None
        HandAnalysis.objects.filter(hand=hand).update(lease=timezone.now() - timedelta(seconds=1))
    assert jobs.run_next("c")
    gave_up = HandAnalysis.objects.get(hand=hand)
    assert gave_up.state == "failed" and "gave up after 2 attempts" in gave_up.error


def test_the_worlds_are_the_settings_count_or_the_engines_default_for_the_game(settings):
    hand, owner, _ = finished_hand()
    settings.ROBOT_RUNNER = "off"
    settings.ANALYSIS_WORLDS = 0
    analysis, queued = jobs.request(hand, owner)
    assert queued and analysis.worlds == engine.DEFAULT_WORLDS["hungarian"]
    settings.ANALYSIS_WORLDS = 5
    again, queued = jobs.request(hand, owner)
    assert not queued and again.pk == analysis.pk and again.worlds == engine.DEFAULT_WORLDS["hungarian"]
