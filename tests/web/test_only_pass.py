"""Where the auction leaves a bidder nothing but "Pass", the controls say why, in the rules'
own words (issue 35, item 6; hungarian.md §4.2: no honour, no bid)."""

from __future__ import annotations

import pytest

from games.page import why_not
from games.page.controls import controls_for
from games.rules.hungarian import HUNGARIAN
from tests.helpers.hungarian import AUCTION_HANDS as HANDS
from tests.helpers.hungarian import AUCTION_TALON as TALON
from tests.rules.conftest import Table

NO_HONOUR = "You may only pass. You need an honour (Skíz, XXI or Pagát) to bid."


def test_it_says_why_a_bidder_without_an_honour_may_only_pass():
    table = Table()
    state = table.run(table.start(HANDS, TALON), "1 bid:three")  # seat 2 holds no honour
    legal = HUNGARIAN.legal_actions(state, 2)
    assert legal == ["pass"]
    why = why_not.only_pass(HUNGARIAN, state, 2, legal, "auction")
    view = HUNGARIAN.observe(state, 2)
    assert controls_for(view, legal, 2, why)["note"] == NO_HONOUR


def test_it_says_nothing_when_there_are_bids_to_make():
    table = Table()
    state = table.start(HANDS, TALON, dealer=0)  # forehand, seat 1, holds the XXI
    legal = HUNGARIAN.legal_actions(state, 1)
    assert why_not.only_pass(HUNGARIAN, state, 1, legal, "auction") is None
    assert controls_for(HUNGARIAN.observe(state, 1), legal, 1)["note"] == ""


@pytest.mark.django_db
def test_the_seat_without_an_honour_reads_why_on_its_table_page_and_only_there():
    from games import services
    from tests.deals import give_deal
    from tests.factories import UserFactory
    from tests.web.helpers import client_for

    people = [UserFactory(username=name) for name in ("anna", "bela", "cili", "dora")]
    room = services.create_room(people[0], "hungarian", robots=0)
    for seat, user in enumerate(people[1:], start=1):
        services.sit(room, user, seat)
    hand = give_deal(room.current_hand(), HANDS, TALON, dealer=0)
    services.submit_action(hand.pk, 1, "bid:three", hand.seq, actor=people[1])
    pages = {
        seat: client_for(user).get(f"/r/{room.code}/").content.decode() for seat, user in enumerate(people)
    }
    assert NO_HONOUR in pages[2]  # cili holds no honour: her hand says so, nobody else's page
    assert not any(NO_HONOUR in page for seat, page in pages.items() if seat != 2)
