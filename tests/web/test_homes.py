"""A table's home (issue 39, item 1; games/services/homes.py): the process that commits a hand's
change is its home and drives its robots and clocks; a home says it is alive; a hand whose home
has been silent for the lease is an orphan, which the robot worker drives; no process drives a
hand homed in another live one. (tests/production kills a real home and watches the takeover.)"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import OperationalError
from django.utils import timezone

from games import services
from games.autoplay import background, runner
from games.autoplay.worker import Worker
from games.models import Hand, HandAction, Home
from games.rules import get_variant
from games.services import homes, replay
from tests.factories import UserFactory
from tests.helpers.robot_thread import QueuedRunner

pytestmark = pytest.mark.django_db

OTHER = "elsewhere:4242:cafe"


def robot_to_act(settings) -> Hand:
    """A hand of three robots and a person where a robot is to act (the person moves until then)."""
    settings.ROBOT_RUNNER = "off"  # nobody moves the robots by himself here
    room = services.create_room(UserFactory(), "czech", robots=3)
    hand = room.current_hand()
    variant = get_variant("czech")
    for _ in range(30):
        hand.refresh_from_db()
        if hand.pk in runner.due_positions():
            return hand
        state = replay.current(hand)
        services.submit_action(hand.pk, 0, variant.legal_actions(state, 0)[0], hand.seq)
    raise AssertionError("no robot was ever to act")


def alive_now(name: str, seconds_ago: float = 0) -> None:
    Home.objects.update_or_create(
        name=name, defaults={"beat": timezone.now() - timedelta(seconds=seconds_ago)}
    )
    homes._alive.clear()


@pytest.mark.parametrize(("mode", "named"), [("thread", True), ("inline", False), ("off", False)])
def test_each_change_names_the_process_that_drives_what_follows(settings, monkeypatch, mode, named):
    settings.ROBOT_RUNNER = mode
    home = homes.NAME if named else ""
    monkeypatch.setattr(runner, "schedule", lambda *args, **kwargs: None)  # no robot moves here
    room = services.create_room(UserFactory(), "hungarian", robots=3)
    hand = room.current_hand()
    assert hand.home == home  # the deal
    Hand.objects.filter(pk=hand.pk).update(home="somebody else")
    state = replay.current(hand)
    seat = min(get_variant("hungarian").to_act(state))
    services.submit_action(hand.pk, seat, get_variant("hungarian").legal_actions(state, seat)[0], hand.seq)
    assert Hand.objects.get(pk=hand.pk).home == home  # every move, in the same UPDATE


def test_a_home_is_alive_for_the_lease_after_its_beat_and_its_hands_are_orphans_after(settings):
    settings.HOME_LEASE = 10
    hand = robot_to_act(settings)
    Hand.objects.filter(pk=hand.pk).update(home=OTHER)
    alive_now(OTHER, seconds_ago=9)
    assert OTHER in homes.alive() and not homes.is_silent(OTHER)
    assert hand.pk not in {row["id"] for row in homes.orphaned()}
    alive_now(OTHER, seconds_ago=11)
    assert OTHER not in homes.alive() and homes.is_silent(OTHER)
    assert hand.pk in {row["id"] for row in homes.orphaned()}
    # A hand no driving process wrote (empty home) is an orphan too; a finished one never.
    Hand.objects.filter(pk=hand.pk).update(home="")
    assert hand.pk in {row["id"] for row in homes.orphaned()}
    Hand.objects.filter(pk=hand.pk).update(finished=timezone.now())
    assert hand.pk not in {row["id"] for row in homes.orphaned()}


def test_beat_writes_this_process_alive_and_now_and_then_forgets_the_long_dead(settings, monkeypatch):
    settings.HOME_LEASE = 10
    alive_now("a day ago:1:aa", seconds_ago=86_500)
    alive_now("an hour ago:2:bb", seconds_ago=3_600)
    assert homes.NAME not in homes.alive()
    monkeypatch.setattr(homes, "_beats", 0)  # the first beat looks for the long dead
    homes.beat()
    assert homes.NAME in homes.alive()
    assert set(Home.objects.values_list("name", flat=True)) == {homes.NAME, "an hour ago:2:bb"}
    alive_now("a day ago:1:aa", seconds_ago=86_500)
    homes.beat()  # the next beats do not look
    assert Home.objects.filter(name="a day ago:1:aa").exists()
    assert homes.beat_every() == 2.5


DEAD = "dead:1:beef"


MINE = "this process"  # stands for homes.NAME, which differs in every process (test ids may not)


@pytest.mark.parametrize(
    ("drives", "swept", "passed"),
    [
        ("every", {MINE, DEAD, OTHER}, {MINE, DEAD, OTHER}),
        ("home", {MINE}, {MINE, DEAD}),
        ("orphans", {MINE, DEAD}, {MINE, DEAD}),
    ],
    ids=["every", "home", "orphans"],
)
def test_which_hands_a_process_drives(settings, drives, swept, passed):
    """``every`` (embedded), ``home`` (a production web process), ``orphans`` (the worker): the
    hands it loads at start and sweeps (``driven_here``), and those a pass woken in it moves
    (``drives``: a wake-up here for a hand of a dead home is a person here, so it is taken)."""
    hand = robot_to_act(settings)
    settings.ROBOT_DRIVES = drives
    alive_now(OTHER)
    for case in (MINE, DEAD, OTHER):
        home = homes.NAME if case == MINE else case
        Hand.objects.filter(pk=hand.pk).update(home=home)
        among = homes.driven_here()
        assert (among is None or hand.pk in {row["id"] for row in among}) == (case in swept), case
        assert homes.drives(home) == (case in passed), case


def test_a_pass_leaves_a_hand_that_another_live_process_is_home_to(settings):
    hand = robot_to_act(settings)
    settings.ROBOT_DRIVES = "home"
    robots = runner._ThreadRunner(start=False)
    alive_now(OTHER)
    moves = HandAction.objects.filter(hand=hand).count()
    Hand.objects.filter(pk=hand.pk).update(home=OTHER)
    robots.run_pass(hand.pk)
    assert HandAction.objects.filter(hand=hand).count() == moves  # left to its home
    alive_now(OTHER, seconds_ago=60)  # its home died: the pass takes it
    robots.run_pass(hand.pk)
    assert HandAction.objects.filter(hand=hand).count() == moves + 1


def test_the_worker_sweep_takes_only_orphans(settings):
    hand = robot_to_act(settings)
    alive_now(OTHER)
    Hand.objects.filter(pk=hand.pk).update(home=OTHER)
    moves = HandAction.objects.filter(hand=hand).count()
    worker = Worker(poll=0, delay=0)
    assert worker.sweep() == 0 and worker.sweep() == 0  # its home lives
    assert HandAction.objects.filter(hand=hand).count() == moves
    alive_now(OTHER, seconds_ago=60)
    assert worker.sweep() >= 1  # taken over (no delay: at once)
    assert HandAction.objects.filter(hand=hand).count() > moves


@pytest.mark.parametrize(
    ("runner_mode", "drives", "runs"),
    [
        ("thread", "every", True),
        ("thread", "orphans", True),
        ("thread", "home", False),
        ("off", "every", False),
    ],
)
def test_the_background_jobs_run_once_a_site_not_in_each_home(settings, runner_mode, drives, runs):
    settings.ROBOT_RUNNER, settings.ROBOT_DRIVES = runner_mode, drives
    assert background.runs_here() is runs


def test_the_robot_thread_beats_every_quarter_lease_even_after_a_failed_beat(settings, monkeypatch):
    settings.ROBOT_DRIVES, settings.HOME_LEASE = "home", 10
    robots = QueuedRunner()
    queued = robots.queued
    monkeypatch.setattr(runner, "tidy_connections", lambda: None)  # the test's own connection stays
    robots.wake(robots.BEAT)
    assert Home.objects.filter(name=homes.NAME).exists()
    assert queued == [(robots.BEAT, 2.5)]

    def database_away(now=None):
        raise OperationalError("the database is restarting")

    monkeypatch.setattr(homes, "beat", database_away)
    robots.wake(robots.BEAT)  # logged; the next beat is queued all the same
    assert queued == [(robots.BEAT, 2.5), (robots.BEAT, 2.5)]
