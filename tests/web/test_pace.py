"""Issue 35: the player's trick pause (kept on the account, set by a POST from the table) and the
table's robots' pace (chosen on the opening form, shown in the table's rules, waited by the
robot runner unless the operator's TAROKK_ROBOT_DELAY overrides it); the board of a push that
completes a trick carries that trick for the page to hold."""

from __future__ import annotations

import re
import time

import pytest

from accounts.models import User
from games import services
from games.autoplay import runner
from games.models import Room
from games.page.context import room_context
from games.page.partials import render_partials
from games.rules import get_variant
from games.services import replay, robot_pace
from tests.factories import UserFactory
from tests.helpers.robot_thread import installed_runner
from tests.web.helpers import client_for, open_table

pytestmark = pytest.mark.django_db


def test_the_trick_pause_is_kept_on_the_account_guests_included():
    player = UserFactory()
    assert player.trick_pause == "normal"
    client = client_for(player)
    for pause in ("quick", "long", "tap", "normal", "long"):
        assert client.post("/accounts/trick-pause", {"pause": pause}).status_code == 204
        player.refresh_from_db()
        assert player.trick_pause == pause
    guest = client_for(None)
    guest.post("/accounts/guest/")
    assert guest.post("/accounts/trick-pause", {"pause": "tap"}).status_code == 204
    assert User.objects.get(is_guest=True).trick_pause == "tap"


@pytest.mark.parametrize("bad", [{"pause": "slow"}, {"pause": ""}, {}, {"pause": "TAP"}, {"pause": "1.2"}])
def test_a_bad_trick_pause_is_refused_and_nothing_changes(bad):
    player = UserFactory()
    client = client_for(player)
    client.post("/accounts/trick-pause", {"pause": "long"})
    answer = client.post("/accounts/trick-pause", bad)
    assert answer.status_code == 400
    assert "trick pause" in answer.content.decode()
    player.refresh_from_db()
    assert player.trick_pause == "long"


def test_the_trick_pause_needs_a_signed_in_player_and_a_post():
    assert client_for(None).post("/accounts/trick-pause", {"pause": "tap"}).status_code == 403
    assert client_for(UserFactory()).get("/accounts/trick-pause").status_code == 405


def test_the_table_tools_offer_the_players_pause():
    player = UserFactory(trick_pause="long")
    room = open_table(player)
    page = client_for(player).get(f"/r/{room.code}/").content.decode()
    select = re.search(r'<select name="pause" id="trick-pause"[^>]*>.*?</select>', page, re.S).group(0)
    assert 'hx-post="/accounts/trick-pause"' in select
    assert re.findall(r'<option value="(\w+)"', select) == ["quick", "normal", "long", "tap"]
    assert re.findall(r'<option value="(\w+)" selected', select) == ["long"]


@pytest.mark.parametrize(("operator", "shown"), [(None, None), (0.0, "0"), (0.6, "600")])
def test_the_operators_trick_pause_reaches_the_page_only_when_set(settings, operator, shown):
    # TAROKK_TRICK_PAUSE overrides every viewer's pause (static/js/pace.js reads #room's
    # data-pause-ms); unset, the page keeps its viewer's choice.
    settings.TRICK_PAUSE = operator
    player = UserFactory()
    room = open_table(player)
    page = client_for(player).get(f"/r/{room.code}/").content.decode()
    found = re.search(r'<div class="room" id="room"[^>]*>', page).group(0)
    held = re.search(r'data-pause-ms="(\d+)"', found)
    assert (held and held.group(1)) == shown


def test_a_table_opens_at_the_chosen_robots_pace_brisk_by_default():
    player = UserFactory()
    client = client_for(player)
    assert 'value="brisk" selected' in client.get("/").content.decode()
    client.post("/rooms/new", {"variant": "hungarian", "robots": 3})
    client.post("/rooms/new", {"variant": "czech", "robots": 3, "robot_pace": "relaxed"})
    client.post("/rooms/new", {"variant": "slovenian3", "robots": 2, "robot_pace": "instant"})
    paces = dict(Room.objects.values_list("variant", "robot_pace"))
    assert paces == {"hungarian": "brisk", "czech": "relaxed", "slovenian3": "instant"}
    relaxed = Room.objects.get(variant="czech")
    page = client.get(f"/r/{relaxed.code}/").content.decode()
    assert re.search(r'id="robot-pace">Robots’ pace: <strong>relaxed \(a second a move\)</strong>', page)


@pytest.mark.parametrize("bad", ["slow", "0.5", "BRISK"])
def test_a_bad_robots_pace_is_refused_and_no_table_opens(bad):
    client = client_for(UserFactory())
    answer = client.post("/rooms/new", {"variant": "hungarian", "robots": 3, "robot_pace": bad})
    assert answer.status_code == 400
    assert "robots' pace" in answer.json()["error"]
    assert not Room.objects.exists()


def test_the_robots_wait_their_tables_pace_unless_the_operator_sets_a_delay(settings, monkeypatch):
    player = UserFactory()
    rooms = {
        pace: services.create_room(player, "hungarian", 3, robot_pace=pace) for pace in robot_pace.SECONDS
    }
    hands = {pace: room.current_hand().pk for pace, room in rooms.items()}
    settings.ROBOT_RUNNER = "thread"
    robots = installed_runner(monkeypatch)
    queued = robots.queued
    monkeypatch.setattr(robot_pace, "_paces", {})  # hand ids of earlier tests come again
    settings.ROBOT_DELAY = None
    for hand_id in hands.values():
        runner.schedule(hand_id)
    # Not read yet (a socket's consumer may schedule, in an event loop): queued at once, and the
    # robot thread reads the pace, then waits it (instant: the pass runs at once).
    assert queued == [(hand_id, 0.0) for hand_id in hands.values()]
    queued.clear()
    waited = [robots._waited_pace(hand_id) for hand_id in hands.values()]
    assert waited == [False, True, True]
    assert queued == [
        (hands["brisk"], pytest.approx(0.5, abs=0.1)),
        (hands["relaxed"], pytest.approx(1.0, abs=0.1)),
    ]
    # A wake-up queued before the hand's latest change (a page view's, the pass after a move of
    # the robots' that a person answered at once) waits the rest of the pace from that change.
    queued.clear()
    robots._changed[hands["brisk"]] = time.monotonic() - 0.3
    assert robots._waited_pace(hands["brisk"])
    assert queued == [(hands["brisk"], pytest.approx(0.2, abs=0.1))]
    robots._changed[hands["brisk"]] = time.monotonic() - 0.6  # the pace has passed: the pass runs
    assert not robots._waited_pace(hands["brisk"])
    assert not robots._waited_pace(hands["brisk"])  # and no change since: nothing to wait
    queued.clear()
    for hand_id in hands.values():  # known now
        runner.schedule(hand_id)
    assert queued == [(hands["instant"], 0.0), (hands["brisk"], 0.5), (hands["relaxed"], 1.0)]
    queued.clear()
    settings.ROBOT_DELAY = 0.05  # TAROKK_ROBOT_DELAY set: every table alike
    for hand_id in hands.values():
        runner.schedule(hand_id)
    assert [delay for _, delay in queued] == [0.05, 0.05, 0.05]


def test_a_pass_that_reads_a_move_it_has_not_heard_of_waits_the_pace_from_then(settings, monkeypatch):
    """A person who answers a robot within the robots' pace: the pass woken for the robot's own
    move can read the person's move from the database before that move's wake-up has reached the
    robot thread (its commit's callbacks still running, or the worker not told yet). The robot
    then waits the pace from that moment instead of answering at once (CI once saw a robot
    answer a person in a fraction of the brisk pace)."""
    settings.ROBOT_RUNNER = "thread"
    settings.ROBOT_DELAY = None
    robots = installed_runner(monkeypatch)
    queued = robots.queued
    monkeypatch.setattr(robot_pace, "_paces", {})
    player = UserFactory()
    variant = get_variant("hungarian")
    hand = None
    for _ in range(200):  # play on until a robot is to answer the person's move
        if hand is None or hand.is_over:  # a deal everybody passed: another table
            hand = services.create_room(player, "hungarian", 3, robot_pace="brisk").current_hand()
            assert robot_pace.delay(hand.pk) == 0.5  # read by this process now
        hand.refresh_from_db()
        if hand.is_over:
            continue
        due = hand.pk in runner.due_positions()
        latest = hand.actions.order_by("-seq").first()
        if due and latest is not None and not latest.robot:
            break
        if due:
            runner.move_once(hand.pk)
        else:
            state = replay.current(hand)
            services.submit_action(hand.pk, 0, variant.legal_actions(state, 0)[0], hand.seq)
    assert hand is not None and hand.pk in runner.due_positions()
    moves = hand.actions.count()
    # The runner heard of the moves up to the one before the person's latest.
    robots._heard[hand.pk] = hand.seq - 1
    robots._changed.pop(hand.pk, None)
    queued.clear()
    assert not robots._waited_pace(hand.pk)
    robots.run_pass(hand.pk)
    assert hand.actions.count() == moves  # no move yet
    assert queued == [(hand.pk, pytest.approx(0.5, abs=0.1))]  # the pace, counted from the pass
    assert robots._heard[hand.pk] == hand.seq
    assert robots._waited_pace(hand.pk)  # a wake-up before the pace has passed waits the rest
    robots._changed[hand.pk] = time.monotonic() - 0.6
    assert not robots._waited_pace(hand.pk)
    robots.run_pass(hand.pk)
    assert hand.actions.count() == moves + 1  # heard of, and the pace passed: the robot moves
    # A hand none of whose moves this runner heard of (after a start) moves at once.
    hand.refresh_from_db()
    if hand.pk in runner.due_positions():
        robots._heard.pop(hand.pk)
        robots.run_pass(hand.pk)
        assert hand.actions.count() == moves + 2


def board_of(room: Room, user) -> str:
    return render_partials(room_context(room, user), ["board"])["board"]


@pytest.mark.parametrize(
    ("variant", "robots", "seats"), [("hungarian", 3, 4), ("czech", 3, 4), ("slovenian3", 2, 3)]
)
def test_the_board_carries_each_trick_just_completed_named_by_hand_and_number(variant, robots, seats):
    player = UserFactory()
    room = services.create_room(player, variant, robots)
    client = client_for(player)
    done_seen: list[str] = []
    for _ in range(600):
        view = client.get(f"/r/{room.code}/view.json").json()
        hand_no = view["hand_no"]
        tricks = view["view"].get("tricks_won")
        if view["phase"] == "over":
            if sum(tricks or []) and done_seen:
                break
            # Thrown in before any trick (everybody passed), or a hand in which the player never
            # led after a trick (they won none, as a random deal may give): the next hand.
            client.post(f"/r/{room.code}/next", {"hand_no": hand_no})
            continue
        trick = view["view"].get("trick") or {}
        board = board_of(room, player)
        done = re.search(r'id="trick-done" data-trick-done="([^"]+)" data-won-by="(\d+)"', board)
        if view["phase"] == "play" and tricks and sum(tricks) and not trick.get("cards"):
            last = view["view"]["last_trick"]
            assert done and done.group(1) == f"{hand_no}:{sum(tricks)}"
            assert int(done.group(2)) == last["winner"]
            held = board[done.start() : board.index("</div>", done.start())]
            assert held.count("data-card=") == seats == len(last["cards"])
            winner = f'class="pos-\\d winner" data-pos="\\d" data-played-by="{last["winner"]}"'
            assert len(re.findall(winner, held)) == 1
            done_seen.append(done.group(1))
        else:
            assert done is None, board  # a trick under way, or none played yet: none held
        if not view["legal"]:  # the robots' turn (the test's transaction runs no commit hooks)
            runner.schedule(room.current_hand().pk)
            continue
        bids = [a for a in view["legal"] if a.startswith("bid:")]
        client.post(f"/r/{room.code}/act", {"action": (bids or view["legal"])[0], "seq": view["seq"]})
    # The last trick of the hand too, once it is over.
    assert view["phase"] == "over"
    assert f'data-trick-done="{hand_no}:{sum(tricks)}"' in board_of(room, player)
    assert done_seen  # the player led after some of the tricks
