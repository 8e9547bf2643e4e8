"""The room page, view.json and the act endpoint, per persona: the seat holder, another
seat, the audience (logged in, no seat), a stranger (not logged in) and staff."""

from __future__ import annotations

import pytest

from games.models import HandAction
from tests.factories import StaffFactory, UserFactory
from tests.web.helpers import client_for, data_cards, hidden_from, json_strings

pytestmark = pytest.mark.django_db(transaction=True)


def test_it_shows_the_seat_holder_their_own_cards_only(friends_table):
    room, owner, friend = friends_table
    hand = room.current_hand()
    html = client_for(owner).get(f"/r/{room.code}/").content.decode()
    own = set(hand.deal["hands"][0])
    shown = data_cards(html)
    assert own <= shown
    assert not shown & hidden_from(hand, 0)


def test_it_shows_another_seat_its_own_cards_only(friends_table):
    room, owner, friend = friends_table
    hand = room.current_hand()
    html = client_for(friend).get(f"/r/{room.code}/").content.decode()
    assert set(hand.deal["hands"][1]) <= data_cards(html)
    assert not data_cards(html) & hidden_from(hand, 1)
    assert not data_cards(html) & set(hand.deal["hands"][0])


@pytest.mark.parametrize("persona", ["audience", "stranger", "staff"])
def test_it_shows_watchers_no_hidden_card(friends_table, persona):
    room, owner, friend = friends_table
    user = {"audience": UserFactory(username="watcher"), "stranger": None, "staff": StaffFactory()}[persona]
    response = client_for(user).get(f"/r/{room.code}/")
    assert response.status_code == 200
    html = response.content.decode()
    hand = room.current_hand()
    assert not data_cards(html) & hidden_from(hand, None)
    assert 'data-action="' not in html


def test_view_json_gives_the_seat_its_cards_and_legal_actions(friends_table):
    room, owner, friend = friends_table
    view = client_for(owner).get(f"/r/{room.code}/view.json").json()
    hand = room.current_hand()
    assert view["seat"] == 0
    assert view["hand_no"] == 1
    assert view["seq"] == hand.seq
    assert sorted(view["cards"]) == sorted(hand.deal["hands"][0])
    if 0 in view["to_act"]:
        assert "pass" in view["legal"]
    else:
        assert view["legal"] == []
    assert not json_strings(view) & hidden_from(hand, 0)


@pytest.mark.parametrize("persona", ["audience", "stranger", "staff"])
def test_view_json_gives_watchers_the_public_view(friends_table, persona):
    room, owner, friend = friends_table
    user = {"audience": UserFactory(username="watcher"), "stranger": None, "staff": StaffFactory()}[persona]
    view = client_for(user).get(f"/r/{room.code}/view.json").json()
    assert view["seat"] is None
    assert view["legal"] == []
    assert view["cards"] == []
    assert view["view"]["hands"] == [None, None, None, None]


def _turn(room):
    """The client and seat of the human whose turn it is (robots have moved already)."""
    hand = room.current_hand()
    return hand, hand.to_act[0]


def test_act_applies_a_legal_action(friends_table):
    room, owner, friend = friends_table
    hand, seat = _turn(room)
    user = owner if seat == 0 else friend
    before = HandAction.objects.filter(hand=hand).count()
    response = client_for(user).post(f"/r/{room.code}/act", {"action": "pass", "seq": hand.seq})
    assert response.status_code == 200
    assert response.json()["ok"] is True
    hand.refresh_from_db()
    assert HandAction.objects.filter(hand=hand).count() > before
    assert HandAction.objects.get(hand=hand, seq=before + 1).action == "pass"


def test_act_refuses_an_illegal_action_and_changes_nothing(friends_table):
    room, owner, friend = friends_table
    hand, seat = _turn(room)
    user = owner if seat == 0 else friend
    response = client_for(user).post(f"/r/{room.code}/act", {"action": "play:T22", "seq": hand.seq})
    assert response.status_code == 422
    assert response.json()["error"]
    assert HandAction.objects.filter(hand=hand).count() == hand.seq
    hand.refresh_from_db()
    assert hand.seq == HandAction.objects.filter(hand=hand).count()


def test_act_refuses_an_unknown_action_with_a_message(friends_table):
    room, owner, friend = friends_table
    hand, seat = _turn(room)
    user = owner if seat == 0 else friend
    response = client_for(user).post(f"/r/{room.code}/act", {"action": "dance", "seq": hand.seq})
    assert response.status_code == 400
    assert "dance" in response.json()["error"]


def test_act_refuses_a_stale_seq(friends_table):
    room, owner, friend = friends_table
    hand, seat = _turn(room)
    user = owner if seat == 0 else friend
    response = client_for(user).post(f"/r/{room.code}/act", {"action": "pass", "seq": hand.seq + 5})
    assert response.status_code == 409
    hand.refresh_from_db()
    assert HandAction.objects.filter(hand=hand).count() == hand.seq


def test_act_refuses_a_seat_whose_turn_it_is_not(friends_table):
    room, owner, friend = friends_table
    hand, seat = _turn(room)
    other = friend if seat == 0 else owner
    response = client_for(other).post(f"/r/{room.code}/act", {"action": "pass", "seq": hand.seq})
    assert response.status_code == 403
    assert response.json()["error"] == "It is not your turn"


@pytest.mark.parametrize("persona", ["audience", "stranger", "staff"])
def test_act_refuses_anyone_without_a_seat(friends_table, persona):
    room, owner, friend = friends_table
    user = {"audience": UserFactory(username="watcher"), "stranger": None, "staff": StaffFactory()}[persona]
    hand = room.current_hand()
    client = client_for(user)
    response = client.post(f"/r/{room.code}/act", {"action": "pass", "seq": hand.seq})
    assert response.status_code == 403
    assert HandAction.objects.filter(hand=hand).count() == hand.seq


def test_act_requires_seq(friends_table):
    room, owner, friend = friends_table
    hand, seat = _turn(room)
    user = owner if seat == 0 else friend
    response = client_for(user).post(f"/r/{room.code}/act", {"action": "pass"})
    assert response.status_code == 400
    assert response.json()["error"] == "seq is required"


def test_act_answers_htmx_with_no_content_the_push_brings_the_fragments(friends_table):
    # The page's fragments come by its websocket only (tests/web/test_pushes.py), so that
    # the socket knows what the page shows.
    room, owner, friend = friends_table
    hand, seat = _turn(room)
    user = owner if seat == 0 else friend
    response = client_for(user).post(
        f"/r/{room.code}/act", {"action": "pass", "seq": hand.seq}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 204
    assert response.content == b""
    before = hand.seq
    hand.refresh_from_db()
    assert hand.seq > before


def test_act_answers_htmx_errors_in_plain_text(friends_table):
    room, owner, friend = friends_table
    hand, seat = _turn(room)
    user = owner if seat == 0 else friend
    response = client_for(user).post(
        f"/r/{room.code}/act", {"action": "hold", "seq": hand.seq}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 422
    assert response["Content-Type"].startswith("text/plain")
    assert response.content.decode()


def test_unknown_room_is_404():
    assert client_for(None).get("/r/nosuch/").status_code == 404
    assert client_for(None).get("/r/nosuch/view.json").status_code == 404
