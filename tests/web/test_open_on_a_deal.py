"""The one way to open a table on a given deal (games/services/rooms.py ``_open_table``): "play
this deal again", a guided hand and the daily deal all have the rules core check the deal, refuse
one it cannot play with its reason, and then open nothing.

Personas: ``owner`` (opens the tables)."""

from __future__ import annotations

import dataclasses

import pytest

from games import services
from games.models import Hand, Room, Seat
from games.tutorial import SCRIPTS
from games.tutorial.robot import SCRIPT_ROBOT
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

HUNGARIAN = SCRIPTS["hungarian"]
SHORT = "This deal cannot be played: A Hungarian deal has 9 cards per seat and 6 in the talon"


def short_deal():
    """The guided Hungarian deal with seat 1's first card missing: not a whole pack."""
    hands = (HUNGARIAN.deal.hands[0][1:], *HUNGARIAN.deal.hands[1:])
    return dataclasses.replace(HUNGARIAN.deal, hands=hands)


def tables() -> tuple[int, int, int]:
    return Room.objects.count(), Seat.objects.count(), Hand.objects.count()


def test_it_plays_a_deal_again_dealt_by_its_dealer_as_the_first_hand_of_a_match():
    owner = UserFactory(username="owner")
    room = services.create_room(owner, "hungarian", 3, first_deal=(HUNGARIAN.deal, 2))
    hand = room.hands.get()
    assert hand.deal == HUNGARIAN.deal.to_json()
    assert (hand.number, hand.match_no, hand.context["dealer"]) == (1, 1, 2)
    assert list(room.seats.order_by("index").values_list("user", "robot")) == [
        (owner.pk, ""),
        (None, "basic"),
        (None, "basic"),
        (None, "basic"),
    ]


def test_it_refuses_a_deal_again_dealt_by_no_seat_and_opens_nothing():
    owner = UserFactory(username="owner")
    with pytest.raises(services.Illegal) as refused:
        services.create_room(owner, "hungarian", 3, first_deal=(HUNGARIAN.deal, 4))
    assert refused.value.message == "The dealer must be a seat from 1 to 4, not 5"
    assert tables() == (0, 0, 0)


def test_it_refuses_a_deal_again_that_is_not_a_whole_pack_and_opens_nothing():
    owner = UserFactory(username="owner")
    with pytest.raises(services.Illegal) as refused:
        services.create_room(owner, "hungarian", 3, first_deal=(short_deal(), 0))
    assert refused.value.message == SHORT
    assert tables() == (0, 0, 0)


def test_it_refuses_a_daily_deal_the_rules_cannot_play_and_opens_nothing():
    owner = UserFactory(username="owner")
    with pytest.raises(services.Illegal) as refused:
        services.open_fixed_deal_table(
            owner, "hungarian", short_deal(), HUNGARIAN.context(), 1, "basic", "seed"
        )
    assert refused.value.message == SHORT
    assert tables() == (0, 0, 0)


def test_it_refuses_a_guided_deal_the_rules_cannot_play_and_keeps_the_earlier_guided_table_open():
    owner = UserFactory(username="owner")
    earlier = services.open_tutorial(owner, "hungarian", HUNGARIAN.context(), HUNGARIAN.deal, SCRIPT_ROBOT)
    before = tables()
    with pytest.raises(services.Illegal) as refused:
        services.open_tutorial(owner, "hungarian", HUNGARIAN.context(), short_deal(), SCRIPT_ROBOT)
    assert refused.value.message == SHORT
    assert tables() == before == (1, 4, 1)
    earlier.refresh_from_db()
    assert earlier.closed is False
