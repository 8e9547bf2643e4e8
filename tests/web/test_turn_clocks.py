"""Turn clocks: a room option; a human seat whose deadline passes is moved once by the basic
robot; three such moves in a row make the seat away until the player says "I'm back".

No test sleeps: deadlines are fired with ``clocks.fire_due(now)`` at a chosen time (the
deadline itself, so the clocks started by that move, a little later, are not yet due)."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import close_old_connections, connection
from django.utils import timezone

from games import services
from games.autoplay import clocks, runner
from games.autoplay.worker import Worker
from games.models import HandAction, Room, Seat, TurnClock
from games.page.partials import render_live
from games.services import replay
from tests.factories import UserFactory
from tests.helpers.turn_clocks import ALICE, BOB, alice_to_act, clock_of, drive, live_hand
from tests.web.helpers import client_for

pytestmark = pytest.mark.django_db(transaction=True)


def clock_moves(seat: int = ALICE) -> int:
    return HandAction.objects.filter(seat=seat, robot="clock").count()


# --- the option ------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["19", "601", "-5", "1"])
def test_it_refuses_a_clock_out_of_range_and_creates_nothing(value):
    response = client_for(UserFactory()).post(
        "/rooms/new", {"variant": "hungarian", "robots": 3, "turn_clock": value}
    )
    assert response.status_code == 400
    assert response.json()["error"] == (
        f"The turn clock must be 0 (off) or between 20 and 600 seconds, not {value}"
    )
    assert not Room.objects.exists()


def test_it_refuses_a_clock_that_is_not_a_number():
    response = client_for(UserFactory()).post(
        "/rooms/new", {"variant": "hungarian", "robots": 3, "turn_clock": "soon"}
    )
    assert response.status_code == 400
    assert response.json()["error"] == "turn_clock must be a whole number, not 'soon'"
    assert not Room.objects.exists()


@pytest.mark.parametrize(("value", "stored"), [(None, 0), ("0", 0), ("20", 20), ("600", 600)])
def test_it_stores_the_clock_on_the_room(value, stored):
    data = {"variant": "hungarian", "robots": 3}
    if value is not None:
        data["turn_clock"] = value
    assert client_for(UserFactory()).post("/rooms/new", data).status_code == 302
    room = Room.objects.get()
    assert room.turn_clock == stored
    assert "turn_clock" not in room.options  # a table setting, not a rule


def test_a_room_without_a_clock_never_moves_by_itself():
    alice, bob = UserFactory(), UserFactory()
    room = services.create_room(alice, "hungarian", robots=2)
    services.sit(room, bob, BOB)
    hand = live_hand(room)
    assert not TurnClock.objects.exists()
    assert clocks.fire_due(now=timezone.now() + timedelta(days=1)) == 0
    hand.refresh_from_db()
    assert not HandAction.objects.filter(robot="clock").exists()
    assert set(hand.to_act) & {ALICE, BOB}  # still waiting for a person


# --- firing once -----------------------------------------------------------------------


def test_a_seat_whose_deadline_passes_is_moved_once_by_the_clock(clocked_table):
    room, alice, bob = clocked_table
    hand = drive(room, bob, alice_to_act)
    clock = clock_of(hand, ALICE)
    assert clock.seq == hand.seq
    # 60 s from when her turn came (give or take the test's own speed).
    assert timedelta(seconds=59) < clock.deadline - timezone.now() <= timedelta(seconds=60)

    assert clocks.fire_due(now=clock.deadline - timedelta(milliseconds=1)) == 0
    assert clocks.fire_due(now=clock.deadline) == 1
    assert clocks.fire_due(now=clock.deadline) == 0  # fired: the clock of that decision is gone

    move = HandAction.objects.get(hand=hand, seq=clock.seq + 1)
    assert (move.seat, move.robot, move.actor) == (ALICE, "clock", None)
    assert clock_moves() == 1
    assert Seat.objects.get(room=room, index=ALICE).timeouts == 1


def test_two_firings_of_one_deadline_that_read_it_together_make_one_move(clocked_table):
    room, alice, bob = clocked_table
    hand = drive(room, bob, alice_to_act)
    clock = clock_of(hand, ALICE)
    # Both firings read the due clock before either writes (two processes, say).
    first, second = list(TurnClock.objects.filter(seat=ALICE)), list(TurnClock.objects.filter(seat=ALICE))
    assert clocks.fire(first[0], clock.deadline) is True
    assert clocks.fire(second[0], clock.deadline) is False
    assert clock_moves() == 1
    assert HandAction.objects.filter(hand=hand, seq__gt=clock.seq, seat=ALICE).count() == 1


@pytest.mark.skipif(connection.vendor == "sqlite", reason="concurrent writers need PostgreSQL")
def test_two_concurrent_firings_make_one_move(clocked_table):
    room, alice, bob = clocked_table
    hand = drive(room, bob, alice_to_act)
    deadline = clock_of(hand, ALICE).deadline
    start = threading.Barrier(2)
    made: list[int] = []

    def fire() -> None:
        try:
            start.wait()
            made.append(clocks.fire_due(now=deadline))
        finally:
            close_old_connections()

    threads = [threading.Thread(target=fire) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(made) == [0, 1]
    assert clock_moves() == 1


def test_a_deadline_that_passed_while_the_site_was_down_fires_once_after_a_restart(clocked_table):
    room, alice, bob = clocked_table
    hand = drive(room, bob, alice_to_act)
    clock = clock_of(hand, ALICE)
    # The process stops; a minute passes; a new one starts with nothing in memory.
    TurnClock.objects.filter(pk=clock.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    replay.forget_all()

    # The embedded robot thread queues the deadlines in the database as it starts ...
    fresh = runner._ThreadRunner(start=False)
    fresh.load_deadlines()
    assert fresh.due() == [hand.pk]
    fresh.run_pass(hand.pk)
    assert clock_moves() == 1
    # ... and the production worker's sweep (a fresh one, too) finds nothing left to fire.
    replay.forget_all()
    assert Worker(poll=0, delay=0).sweep() == 0
    assert clock_moves() == 1
    assert HandAction.objects.get(hand=hand, seq=clock.seq + 1).robot == "clock"


def test_the_worker_sweep_fires_a_past_deadline_once(clocked_table):
    room, alice, bob = clocked_table
    hand = drive(room, bob, alice_to_act)
    TurnClock.objects.filter(hand=hand, seat=ALICE).update(deadline=timezone.now() - timedelta(seconds=1))
    replay.forget_all()
    assert Worker(poll=0, delay=0).sweep() >= 1
    assert Worker(poll=0, delay=0).sweep() == 0
    assert clock_moves() == 1


# --- away and back ---------------------------------------------------------------------


def test_three_clock_moves_in_a_row_make_the_seat_away_until_the_player_is_back(clocked_table):
    room, alice, bob = clocked_table
    drive(room, bob, lambda hand: clock_moves() == 2)
    assert Seat.objects.get(room=room, index=ALICE).away is False
    drive(room, bob, lambda hand: clock_moves() == 3)
    seat = Seat.objects.get(room=room, index=ALICE)
    assert (seat.away, seat.timeouts) == (True, 3)

    # Away: the robot plays her seat at once, without a clock (Alice's clock never fires here).
    hand = drive(room, bob, lambda hand: HandAction.objects.filter(seat=ALICE, robot="away").exists(), False)
    assert not TurnClock.objects.filter(seat=ALICE).exists()
    assert clock_moves() == 3

    response = client_for(alice).post(f"/r/{room.code}/back")
    assert response.status_code == 302
    seat.refresh_from_db()
    assert (seat.away, seat.timeouts) == (False, 0)

    # She is asked again, with a fresh clock, and nothing moves for her until it runs out.
    hand = drive(room, bob, alice_to_act, alice_clock=False)
    started = timezone.now()
    clock = clock_of(hand, ALICE)
    assert clock.deadline > started + timedelta(seconds=59)
    assert client_for(alice).get(f"/r/{room.code}/view.json").json()["legal"]
    away_moves = HandAction.objects.filter(seat=ALICE, robot="away").count()
    assert clocks.fire_due(now=clock.deadline - timedelta(seconds=1)) == 0
    assert HandAction.objects.filter(seat=ALICE, robot="away").count() == away_moves
    assert clocks.fire_due(now=clock.deadline) == 1
    assert Seat.objects.get(room=room, index=ALICE).timeouts == 1


def test_a_move_of_the_players_own_starts_the_count_again(clocked_table):
    room, alice, bob = clocked_table
    drive(room, bob, lambda hand: clock_moves() == 2)
    hand = drive(room, bob, alice_to_act, alice_clock=False)
    view = client_for(alice).get(f"/r/{room.code}/view.json").json()
    response = client_for(alice).post(f"/r/{room.code}/act", {"action": view["legal"][0], "seq": view["seq"]})
    assert response.status_code == 200
    assert Seat.objects.get(room=room, index=ALICE).timeouts == 0
    assert HandAction.objects.get(hand=hand, seq=view["seq"] + 1).robot == ""

    drive(room, bob, lambda hand: clock_moves() == 4)  # two more timeouts: still not three in a row
    seat = Seat.objects.get(room=room, index=ALICE)
    assert (seat.away, seat.timeouts) == (False, 2)


@pytest.mark.parametrize(
    ("who", "status", "message"),
    [
        ("alice", 400, "You are not away: your seat is already yours to play"),
        ("stranger", 403, "You have no seat at this table"),
        ("guest", 403, "You have no seat at this table"),
    ],
)
def test_back_is_refused_when_not_away_or_not_seated_and_changes_nothing(clocked_table, who, status, message):
    room, alice, bob = clocked_table
    user = {"alice": alice, "stranger": UserFactory(), "guest": None}[who]
    before = list(Seat.objects.order_by("index").values_list("away", "timeouts"))
    clocks_before = list(TurnClock.objects.values_list("seat", "deadline"))
    response = client_for(user).post(f"/r/{room.code}/back")
    assert response.status_code == status
    assert response.json()["error"] == message
    assert list(Seat.objects.order_by("index").values_list("away", "timeouts")) == before
    assert list(TurnClock.objects.values_list("seat", "deadline")) == clocks_before


# --- the page --------------------------------------------------------------------------


def test_every_viewer_sees_the_countdown_of_the_seat_to_act(clocked_table):
    room, alice, bob = clocked_table
    hand = drive(room, bob, alice_to_act)
    deadline_ms = int(clock_of(hand, ALICE).deadline.timestamp() * 1000)
    mark = f'data-deadline="{deadline_ms}"'
    for user in (alice, bob, UserFactory(), None):  # the seat holder, another seat, the audience
        page = client_for(user).get(f"/r/{room.code}/").content.decode()
        assert page.count("data-deadline=") == 1
        seat_row = page.split(f'data-seat="{ALICE}"', 1)[1].split("</li>", 1)[0]
        assert mark in seat_row
        # The pushed fragments carry it too.
        assert mark in render_live(room, user, oob=True)
    info = client_for(bob).get(f"/r/{room.code}/view.json").json()["seats_info"]
    assert info[ALICE]["deadline"] == clock_of(hand, ALICE).deadline.isoformat()
    assert info[BOB]["deadline"] is None


def test_there_is_no_countdown_without_a_clock():
    alice, bob = UserFactory(), UserFactory()
    room = services.create_room(alice, "hungarian", robots=2)
    services.sit(room, bob, BOB)
    for user in (alice, bob, UserFactory(), None):
        page = client_for(user).get(f"/r/{room.code}/").content.decode()
        assert "data-deadline" not in page
        assert "data-deadline" not in render_live(room, user, oob=True)


def test_the_away_badge_is_public_and_the_back_button_only_the_away_players(clocked_table):
    room, alice, bob = clocked_table
    drive(room, bob, lambda hand: clock_moves() == 3)
    for user, sees_button in ((alice, True), (bob, False), (UserFactory(), False), (None, False)):
        page = client_for(user).get(f"/r/{room.code}/").content.decode()
        seat_row = page.split(f'data-seat="{ALICE}"', 1)[1].split("</li>", 1)[0]
        assert 'class="badge away"' in seat_row
        assert ("data-back" in page) is sees_button
        assert (f'hx-post="/r/{room.code}/back"' in page) is sees_button
    assert client_for(bob).get(f"/r/{room.code}/view.json").json()["seats_info"][ALICE]["away"] is True


# --- Czech Taroky ----------------------------------------------------------------------


def test_a_czech_hand_runs_on_the_clock_from_the_shuffle_to_the_last_trick():
    """Alice (the host, so the first dealer) never moves: her clock makes the dealer's
    decision, and every later one until she is away; then the basic robot plays her seat at
    once, private contra offers included, and the hand is played out."""
    alice = UserFactory()
    room = services.create_room(alice, "czech", robots=3, turn_clock=60)
    hand = live_hand(room)
    assert hand.phase == "shuffle" and hand.to_act == [ALICE]
    assert clock_of(hand, ALICE).deadline > timezone.now()
    for _ in range(100):
        hand = live_hand(room)
        if hand.is_over or ALICE not in hand.to_act:
            break
        assert clocks.fire_due(now=clock_of(hand, ALICE).deadline) == 1
    hand = live_hand(room)
    assert hand.is_over, (hand.phase, hand.to_act)
    moves = list(HandAction.objects.filter(hand=hand, seat=ALICE).values_list("robot", "action"))
    assert moves[0][0] == "clock"  # the shuffle decision came from the clock
    assert [robot for robot, _ in moves[:3]] == ["clock"] * 3
    assert all(robot == "away" for robot, _ in moves[3:])
    assert Seat.objects.get(room=room, index=ALICE).away
    assert sum(hand.result["payments"]) == 0 and not TurnClock.objects.filter(hand=hand).exists()
