"""services.submit_action: the only writer. A written-out deal, four people, no robots."""

from __future__ import annotations

import pytest

from games import services
from games.models import HandAction
from tests.deals import full_table_with_known_deal
from tests.factories import UserFactory
from tests.web.helpers import client_for

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table():
    users = [UserFactory() for _ in range(4)]
    hand = full_table_with_known_deal(users)
    return hand.room, hand, users


def act(hand, seat, action, seq=None):
    hand.refresh_from_db()
    return services.submit_action(hand.pk, seat, action, hand.seq if seq is None else seq)


def test_it_appends_each_action_once_with_consecutive_seqs(table):
    room, hand, users = table
    for seat, action in [(0, "bid:two"), (1, "pass"), (2, "pass"), (3, "pass")]:
        act(hand, seat, action)
    assert list(HandAction.objects.filter(hand=hand).values_list("seq", "seat", "action")) == [
        (1, 0, "bid:two"),
        (2, 1, "pass"),
        (3, 2, "pass"),
        (4, 3, "pass"),
    ]
    hand.refresh_from_db()
    assert (hand.seq, hand.phase, hand.to_act) == (4, "discard", [0, 1, 2, 3])


def test_a_discard_chosen_before_another_seat_discarded_still_stands(table):
    # Discards are simultaneous (§5.2): seat 1's discard does not change seat 2's choices,
    # so seat 2's move made from the older view is accepted.
    room, hand, users = table
    for seat, action in [(0, "bid:two"), (1, "pass"), (2, "pass"), (3, "pass")]:
        act(hand, seat, action)
    seen = 4
    act(hand, 1, "discard:T2,H1", seq=seen)
    done = act(hand, 2, "discard:S10", seq=seen)
    assert done.seq == 6
    assert HandAction.objects.get(hand=hand, seq=6).action == "discard:S10"


def test_the_same_move_sent_twice_is_applied_once(table):
    room, hand, users = table
    act(hand, 0, "bid:two", seq=0)
    with pytest.raises(services.Stale):
        act(hand, 0, "bid:two", seq=0)
    assert HandAction.objects.filter(hand=hand).count() == 1


def test_an_old_view_is_stale_once_the_seats_choices_changed(table):
    # Seat 1 saw the table before seat 0 bid; its choices changed (it must now beat two).
    room, hand, users = table
    act(hand, 0, "bid:two", seq=0)
    with pytest.raises(services.Stale, match="The table has moved on"):
        act(hand, 1, "bid:three", seq=0)
    assert HandAction.objects.filter(hand=hand).count() == 1


def test_a_seq_from_the_future_is_stale(table):
    room, hand, users = table
    with pytest.raises(services.Stale):
        act(hand, 0, "bid:two", seq=3)
    assert not HandAction.objects.exists()


def test_the_endpoint_sorts_a_discard_into_display_order(table):
    room, hand, users = table
    for seat, action in [(0, "bid:two"), (1, "pass"), (2, "pass"), (3, "pass")]:
        act(hand, seat, action)
    response = client_for(users[0]).post(f"/r/{room.code}/act", {"action": "discard:C10,CR", "seq": 4})
    assert response.status_code == 200, response.content
    assert HandAction.objects.get(hand=hand, seq=5).action == "discard:CR,C10"


def test_the_endpoint_names_the_rule_that_refuses_a_discard(table):
    room, hand, users = table
    for seat, action in [(0, "bid:two"), (1, "pass"), (2, "pass"), (3, "pass")]:
        act(hand, seat, action)
    response = client_for(users[0]).post(f"/r/{room.code}/act", {"action": "discard:HK,C10", "seq": 4})
    assert response.status_code == 422
    assert response.json()["error"] == "Kings may not be discarded"
    assert HandAction.objects.filter(hand=hand).count() == 4


def test_it_refuses_a_malformed_action_as_malformed_and_writes_nothing(table):
    # The rules' UnknownAction (no action in any position) is a Malformed refusal, not Illegal.
    room, hand, users = table
    with pytest.raises(services.Malformed, match="^Unknown action 'frobnicate'$"):
        act(hand, 0, "frobnicate")
    with pytest.raises(services.RuleRefused, match="^There is no bid to hold$") as refused:
        act(hand, 0, "hold")  # a real action, which the rules refuse here
    assert not isinstance(refused.value, services.Malformed)
    assert not HandAction.objects.exists()


@pytest.mark.parametrize(
    "action, status, error",
    [
        ("frobnicate", 400, "Unknown action 'frobnicate'"),  # malformed: no such action
        ("bid:four", 400, "Unknown action 'bid:four'"),  # malformed: no such contract
        ("hold", 422, "There is no bid to hold"),  # a real action the rules refuse
    ],
)
def test_the_endpoint_refuses_malformed_moves_with_400_and_illegal_ones_with_422(
    table, action, status, error
):
    room, hand, users = table
    response = client_for(users[0]).post(f"/r/{room.code}/act", {"action": action, "seq": 0})
    assert response.status_code == status
    assert response.json()["error"] == error
    assert not HandAction.objects.exists()
