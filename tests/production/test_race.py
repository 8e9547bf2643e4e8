"""Many simultaneous submissions for one turn on PostgreSQL: exactly one is applied, every
other gets a clear refusal, and nothing else changes."""

from __future__ import annotations

import threading
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from django.db import connection

from games import services
from games.models import Hand, HandAction
from games.rules import get_variant
from games.services import replay
from tests.deals import full_table_with_known_deal
from tests.factories import UserFactory
from tests.production.players import Person

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def hand() -> Hand:
    return full_table_with_known_deal(
        [UserFactory(username=f"race-{uuid.uuid4().hex[:10]}") for _ in range(4)]
    )


def submit_all_at_once(hand_id: int, attempts: list[tuple[int, str, int]]) -> list[int]:
    """Submit every ``(seat, action, seq)`` from its own thread, released together; the HTTP
    status each would get (200, or the refusal's)."""
    barrier = threading.Barrier(len(attempts))

    def one(attempt: tuple[int, str, int]) -> int:
        seat, action, seq = attempt
        try:
            barrier.wait()
            services.submit_action(hand_id, seat, action, seq)
            return 200
        except services.Refused as refusal:
            return refusal.status
        finally:
            connection.close()  # each thread has its own connection to the test database

    with ThreadPoolExecutor(len(attempts)) as pool:
        return list(pool.map(one, attempts))


def log_of(hand: Hand) -> list[tuple[int, int, str]]:
    return list(HandAction.objects.filter(hand=hand).order_by("seq").values_list("seq", "seat", "action"))


def test_it_applies_one_of_many_simultaneous_moves_for_one_turn(hand):
    variant = get_variant("hungarian")
    legal = variant.legal_actions(replay.current(hand), 0)
    same = [(0, "pass", 0)] * 8  # one move sent eight times
    different = [(0, action, 0) for action in legal] * 2  # every choice, twice
    not_theirs = [(seat, "pass", 0) for seat in (1, 2, 3)] * 2  # seats whose turn it is not
    statuses = submit_all_at_once(hand.pk, same + different + not_theirs)

    mine = Counter(statuses[: len(same) + len(different)])
    assert mine[200] == 1
    assert mine[409] == len(same) + len(different) - 1  # stale: the table moved on
    # Not their turn (403), or stale if the move was in before they were looked at (409).
    assert set(statuses[len(same) + len(different) :]) <= {403, 409}
    hand.refresh_from_db()
    assert hand.seq == 1
    [(seq, seat, action)] = log_of(hand)
    assert (seq, seat) == (1, 0) and action in legal
    assert hand.to_act == [1]


def test_it_applies_each_seats_discard_once_when_all_discard_together(hand):
    # Discards are simultaneous: the four seats may act in any order, each exactly once.
    for seat, action in [(0, "bid:two"), (1, "pass"), (2, "pass"), (3, "pass")]:
        services.submit_action(hand.pk, seat, action, seat)
    hand.refresh_from_db()
    state = replay.current(hand)
    variant = get_variant("hungarian")
    assert hand.to_act == [0, 1, 2, 3]
    attempts = []
    for seat in range(4):
        choices = variant.legal_actions(state, seat)
        attempts += [(seat, choices[0], 4)] * 3 + [(seat, c, 4) for c in choices[1:4]]
    statuses = submit_all_at_once(hand.pk, attempts)

    assert statuses.count(200) == 4
    assert set(statuses) == {200, 409}
    hand.refresh_from_db()
    discards = log_of(hand)[4:]
    assert sorted(seat for _, seat, _ in discards) == [0, 1, 2, 3]
    assert [seq for seq, _, _ in discards] == [5, 6, 7, 8]
    applied = {seat: action for _, seat, action in discards}
    winners = [a for a, s in zip(attempts, statuses, strict=True) if s == 200]
    assert {seat: action for seat, action, _ in winners} == applied
    assert hand.seq == 8 and hand.phase != "discard"


def test_two_processes_apply_one_of_the_same_move_posted_to_both(start_stack: Any):
    stack = start_stack(web=2, workers=0)
    people = [Person(stack.url(i % 2)).guest() for i in range(4)]
    code = people[0].open_table(robots=0)
    for seat, person in enumerate(people[1:], start=1):
        person.sit(code, seat)
    seat = people[0].view(code)["to_act"][0]
    mover = people[seat]
    view = mover.view(code)
    # The same session posts its move to both processes at once, with other choices mixed in.
    posts = [(i % 2, view["legal"][i % len(view["legal"])] if i % 3 else "pass") for i in range(12)]
    other_person = {i: Person(stack.url(i)) for i in range(2)}
    for p in other_person.values():
        p.http.cookies = mover.http.cookies
    barrier = threading.Barrier(len(posts))

    def post(item: tuple[int, str]) -> int:
        process, action = item
        barrier.wait()
        return other_person[process].act(code, action, view["seq"]).status_code

    with ThreadPoolExecutor(len(posts)) as pool:
        statuses = list(pool.map(post, posts))
    assert statuses.count(200) == 1, statuses
    assert Counter(statuses)[409] == len(posts) - 1, statuses
    hand = Hand.objects.get(room__code=code)
    assert hand.seq == 1 and HandAction.objects.filter(hand=hand).count() == 1
    for p in [*people, *other_person.values()]:
        p.close()
