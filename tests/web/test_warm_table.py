"""The warm table (games/services/replay.py): each process keeps the newest state of a hand and advances
it by the missing actions; it must always agree with a cold fold of the log from the deal."""

from __future__ import annotations

import random

import pytest

from games import services
from games.autoplay import runner
from games.models import Hand, HandAction
from games.rules import get_variant
from games.rules.base import resolve_options
from games.services import replay
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = ["hungarian", "czech", "slovenian3", "bridge"]


def cold(hand: Hand):
    """The state folded from the deal over the log, nothing cached."""
    hand.refresh_from_db()
    actions = hand.actions.order_by("seq").values_list("seat", "action")
    return replay.fold(hand.variant, hand.deal_value(), hand.context_value(), actions)


def folded(hand: Hand, upto: int):
    actions = hand.actions.filter(seq__lte=upto).order_by("seq").values_list("seat", "action")
    return replay.fold(hand.variant, hand.deal_value(), hand.context_value(), actions)


def people_table(game: str):
    variant = get_variant(game)
    seats = variant.seat_count(resolve_options(variant.options, {}))
    users = [UserFactory() for _ in range(seats)]
    room = services.create_room(users[0], game, robots=0)
    for index, user in enumerate(users[1:], start=1):
        services.sit(room, user, index)
    return room, variant


@pytest.mark.parametrize("game", GAMES)
def test_the_warm_state_and_a_cold_fold_agree_after_every_move(game):
    room, variant = people_table(game)
    rng = random.Random(f"warm:{game}")
    hands = 0
    while hands < 2:
        hand = room.current_hand()
        moves = 0
        while not hand.is_over:
            truth = cold(hand)
            assert replay.current(hand) == truth, f"{game} hand {hand.number} move {hand.seq}"
            seat = rng.choice(sorted(variant.to_act(truth)))
            action = rng.choice(variant.legal_actions(truth, seat))
            if rng.random() < 0.2:
                # Another process made the last moves: this one holds an older state only.
                kept = rng.randrange(hand.seq + 1)
                replay.forget_all()
                replay.remember(hand.pk, kept, folded(hand, kept))
            services.submit_action(hand.pk, seat, action, hand.seq)
            hand.refresh_from_db()
            moves += 1
        assert replay.current(hand) == cold(hand)
        assert moves > 0
        hands += 1
        services.next_hand(room, room.seats.get(index=0).user, hand.number)


def test_a_state_held_behind_the_log_is_advanced_by_the_missing_actions_only():
    room, variant = people_table("hungarian")
    hand = room.current_hand()
    rng = random.Random(7)
    states = []
    for _ in range(6):
        state = replay.current(hand)
        states.append((hand.seq, state))
        seat = sorted(variant.to_act(state))[0]
        # Never a pass: four passes throw the hand in, and a hand over has nobody to act.
        legal = variant.legal_actions(state, seat)
        bids = [action for action in legal if action != "pass"] or legal
        services.submit_action(hand.pk, seat, rng.choice(bids), hand.seq)
        hand.refresh_from_db()
    # This process knows the hand only as it was two moves in; the log is six moves long.
    replay.forget_all()
    replay.remember(hand.pk, *states[2])
    before = dict(replay.stats)
    assert replay.current(hand) == cold(hand)
    assert replay.stats["advanced"] == before["advanced"] + 1
    assert replay.stats["folded"] == before["folded"]
    # A state newer than the log (the database restored from a backup, say) is not used.
    replay.forget_all()
    replay.remember(hand.pk, *states[5])
    HandAction.objects.filter(hand=hand, seq__gt=3).delete()
    Hand.objects.filter(pk=hand.pk).update(seq=3)
    hand.refresh_from_db()
    before = dict(replay.stats)
    assert replay.current(hand) == folded(hand, 3) == states[3][1]
    assert replay.stats["folded"] == before["folded"] + 1


def test_a_move_said_by_another_process_advances_the_held_state_without_reading():
    room, variant = people_table("slovenian3")
    hand = room.current_hand()
    state = replay.current(hand)
    seat = sorted(variant.to_act(state))[0]
    action = variant.legal_actions(state, seat)[0]
    services.submit_action(hand.pk, seat, action, hand.seq)
    hand.refresh_from_db()
    # This process held the state before the move; the message says the move.
    replay.forget_all()
    replay.remember(hand.pk, hand.seq - 1, state)
    assert not replay.follow(hand.pk, "slovenian3", hand.seq + 1, seat, action)  # not the next move
    assert replay.follow(hand.pk, "slovenian3", hand.seq, seat, action)
    before = dict(replay.stats)
    assert replay.current(hand) == cold(hand)
    assert replay.stats["hit"] == before["hit"] + 1
    # A move that does not fit the state held is ignored.
    replay.forget_all()
    replay.remember(hand.pk, hand.seq - 1, state)
    assert not replay.follow(hand.pk, "slovenian3", hand.seq, seat, "no-such-action")
    assert replay.held(hand.pk)[0] == hand.seq - 1


def test_a_robot_that_chose_from_a_stale_state_is_refused_and_chooses_again(settings):
    settings.ROBOT_RUNNER = "off"  # this test drives the robots itself
    user = UserFactory()
    room = services.create_room(user, "czech", robots=3)
    hand = room.current_hand()
    variant = get_variant("czech")
    rng = random.Random(3)
    robots = {1, 2, 3}
    # Play on until a robot has moved and another robot is to act next.
    while True:
        state = replay.current(hand)
        assert not variant.is_over(state), "no two robot moves in a row in a whole hand"
        if 0 in variant.to_act(state):
            services.submit_action(hand.pk, 0, rng.choice(variant.legal_actions(state, 0)), hand.seq)
            hand.refresh_from_db()
            continue
        assert runner.move_once(hand.pk)
        hand.refresh_from_db()
        if robots & set(variant.to_act(cold(hand))):
            break
    # This process holds the hand as it was before that robot's move, as if another process
    # had made it: the next robot chooses from it, is refused as stale, reads the log and
    # chooses again.
    seq = hand.seq
    replay.forget_all()
    replay.remember(hand.pk, seq - 1, folded(hand, seq - 1))
    assert runner.move_once(hand.pk)
    hand.refresh_from_db()
    assert hand.seq == seq + 1
    assert list(hand.actions.filter(seq__gte=seq).values_list("seq", flat=True)) == [seq, seq + 1]
    assert replay.current(hand) == cold(hand)
