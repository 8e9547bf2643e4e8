"""A move in one statement (issue 39, item 1): on PostgreSQL, where the process holds the hand's
state at the move's position and the room is plain (no turn clock, not guided), the conditional
update of the hand and the log's insert are one ``WITH`` statement, with no read or lock first;
it writes what the long way writes, and anything else (a stale position, a refused move, the
hand's last move, SQLite) goes the long way. The production run of this suite runs it on
PostgreSQL; the embedded one checks that SQLite keeps the long way."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import Hand, HandAction
from games.rules import get_variant
from games.services import homes, replay
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

ONE = connection.vendor == "postgresql"


def plain_table(settings, variant: str = "czech") -> Hand:
    settings.ROBOT_RUNNER = "off"  # the robots' seats are moved here, by the test
    room = services.create_room(UserFactory(), variant, robots=3)
    return room.current_hand()


def move(hand: Hand, rng: random.Random) -> tuple[int, str, int]:
    """A legal move of the first seat to act, from the log (not the process's memory)."""
    hand.refresh_from_db()
    variant = get_variant(hand.variant)
    state = replay.state_at(hand, hand.seq)
    seat = min(variant.to_act(state))
    return seat, rng.choice(variant.legal_actions(state, seat)), hand.seq


def test_a_warm_move_at_a_plain_table_is_one_statement_and_writes_what_the_long_way_writes(settings):
    hand = plain_table(settings)
    variant = get_variant("czech")
    rng = random.Random(3)
    services.submit_action(hand.pk, *move(hand, rng))  # the long way: this process learns the hand
    made = 0
    for _ in range(12):
        seat, action, seq = move(hand, rng)
        state = replay.state_at(hand, seq)
        after = variant.apply(state, seat, action)
        if variant.is_over(after):
            break
        with CaptureQueriesContext(connection) as queries:
            done = services.submit_action(hand.pk, seat, action, seq, robot="basic" if seat else "")
        if ONE:
            assert len(queries) == 1 and queries[0]["sql"].lstrip().startswith("WITH moved AS"), queries
        else:
            assert len(queries) > 1  # SQLite: the long way
        row = Hand.objects.get(pk=hand.pk)
        line = HandAction.objects.get(hand=hand, seq=seq + 1)
        assert (row.seq, row.to_act, row.phase, row.home, row.finished) == (
            seq + 1,
            sorted(variant.to_act(after)),
            variant.public_phase(after),
            homes.here(),
            None,
        )
        assert (line.seat, line.action, line.robot, line.public) == (
            seat,
            action,
            "basic" if seat else "",
            variant.is_public(state, seat, action),
        )
        public = HandAction.objects.filter(hand=hand, public=True).count()
        assert row.public_seq == public == done.public_seq and done.seq == seq + 1
        made += 1
    assert made >= 6  # a Czech hand is longer than that
    # The row as a fold of its log from nothing says it.
    replay.forget_all()
    fresh = Hand.objects.get(pk=hand.pk)
    state = replay.current(fresh)
    assert len(state.log) > 0 and fresh.seq == HandAction.objects.filter(hand=hand).count()
    assert (fresh.to_act, fresh.phase) == (sorted(variant.to_act(state)), variant.public_phase(state))


def test_a_stale_or_refused_move_writes_nothing_and_says_why(settings):
    hand = plain_table(settings)
    rng = random.Random(5)
    services.submit_action(hand.pk, *move(hand, rng))
    seat, action, seq = move(hand, rng)
    services.submit_action(hand.pk, seat, action, seq)
    before = HandAction.objects.filter(hand=hand).count()
    with pytest.raises(services.Stale):  # the same move again, at the position it was made at
        services.submit_action(hand.pk, seat, action, seq)
    seat, action, seq = move(hand, rng)
    with pytest.raises(services.Forbidden):  # not this seat's turn
        services.submit_action(hand.pk, (seat + 1) % 4, action, seq)
    with pytest.raises(services.Malformed):  # no such action
        services.submit_action(hand.pk, seat, "no such thing", seq)
    assert HandAction.objects.filter(hand=hand).count() == before
    assert Hand.objects.get(pk=hand.pk).seq == seq


def test_the_moves_of_a_whole_hand_end_it_with_its_result_the_long_way(settings):
    hand = plain_table(settings, "hungarian")
    rng = random.Random(11)
    for _ in range(400):
        hand.refresh_from_db()
        if hand.finished is not None:
            break
        services.submit_action(hand.pk, *move(hand, rng))
    hand.refresh_from_db()
    assert hand.finished is not None and hand.result is not None
    seqs = list(HandAction.objects.filter(hand=hand).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, hand.seq + 1))
    replay.forget_all()
    variant = get_variant("hungarian")
    assert variant.result(replay.current(hand)).to_json() == hand.result
