"""Why not at a real table (games.page.why_not): each seat's own page says why each of its cards
cannot be pressed, in the rules core's words; the audience, a stranger and staff get no reasons;
a refused card posted anyway is refused with the same words and changes nothing. A written-out
Hungarian deal (tests/deals.py), four people, no robots."""

from __future__ import annotations

import re
from html import unescape

import pytest

from games import services
from tests.deals import full_table_with_known_deal
from tests.factories import StaffFactory, UserFactory
from tests.web.helpers import client_for

pytestmark = pytest.mark.django_db(transaction=True)

REFUSED_CARD = re.compile(r'<button [^>]*data-card="([^"]+)"[^>]*aria-disabled="true" data-why="([^"]*)"')


@pytest.fixture
def table():
    users = [UserFactory(username=name) for name in ("alice", "bob", "carol", "dave")]
    hand = full_table_with_known_deal(users)
    return hand.room, hand, users


def act(hand, seat, action):
    hand.refresh_from_db()
    return services.submit_action(hand.pk, seat, action, hand.seq)


def written(hand) -> tuple:
    """What a move would change: the hand's summary and its log."""
    hand.refresh_from_db()
    return (
        hand.seq,
        hand.public_seq,
        hand.phase,
        hand.to_act,
        list(hand.actions.values_list("seq", "action")),
    )


def reasons(client, room) -> dict[str, str]:
    page = client.get(f"/r/{room.code}/").content.decode()
    return {card: unescape(why) for card, why in REFUSED_CARD.findall(page)}


def test_it_tells_each_seat_why_on_its_own_page_only(table):
    room, hand, (alice, bob, carol, dave) = table
    # Forehand (alice, seat 0) opens the auction: a card is not a bid; the others wait.
    assert reasons(client_for(alice), room) == dict.fromkeys(
        "T22 T20 T19 T16 T3 HK SJ DQ C10".split(), "You cannot play a card now"
    )
    assert reasons(client_for(bob), room) == dict.fromkeys(
        "T21 T17 T15 T9 T5 HQ SK DJ CK".split(), "It is not your turn"
    )
    for watcher in (None, UserFactory(username="stranger"), StaffFactory(username="boss")):
        page = client_for(watcher).get(f"/r/{room.code}/").content.decode()
        assert "data-why" not in page and "aria-disabled" not in page and 'id="why-' not in page


def test_it_says_which_cards_may_not_be_discarded(table):
    room, hand, (alice, bob, carol, dave) = table
    for seat, action in [(0, "bid:two"), (1, "pass"), (2, "pass"), (3, "pass")]:
        act(hand, seat, action)
    # Alice took T18 CR T2 H1 (§5.2): Skíz and the king stay, the rest may go.
    assert reasons(client_for(alice), room) == {
        "T22": "Honours (Skíz, XXI and Pagát) may not be discarded",
        "HK": "Kings may not be discarded",
    }
    # Pressing the king asks to discard it with the first legal pair (T20, T19) but its last card.
    response = client_for(alice).post(f"/r/{room.code}/act", {"action": "discard:T20,HK", "seq": 4})
    assert response.status_code == 422
    assert response.json()["error"] == "Kings may not be discarded"
    assert hand.actions.count() == 4


def test_it_refuses_a_posted_refused_card_with_the_same_words_and_changes_nothing(table):
    room, hand, (alice, bob, carol, dave) = table
    script = [(0, "bid:two"), (1, "pass"), (2, "pass"), (3, "pass")]
    script += [(0, "discard:T20,T19"), (1, "discard:T17,T15"), (2, "discard:T14"), (3, "discard:T13")]
    script += [(0, "call:T20"), (0, "pass"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "play:T22")]
    for seat, action in script:
        act(hand, seat, action)
    # Alice led the Skíz: Bob holds tarokks, so his suit cards must wait.
    shown = reasons(client_for(bob), room)
    assert shown == dict.fromkeys("HQ H1 SK DJ CK".split(), "You must follow with a tarokk")
    before = written(hand)
    response = client_for(bob).post(f"/r/{room.code}/act", {"action": "play:HQ", "seq": hand.public_seq})
    assert response.status_code == 422
    assert response.json()["error"] == shown["HQ"]
    htmx = client_for(bob).post(
        f"/r/{room.code}/act", {"action": "play:HQ", "seq": hand.public_seq}, HTTP_HX_REQUEST="true"
    )
    assert (htmx.status_code, htmx.content.decode()) == (422, "You must follow with a tarokk")
    assert written(hand) == before
