"""A match at one table: dealer rotation, doubled hands, scoreboard, final standing, new match."""

from __future__ import annotations

import pytest

from games.models import Hand, Room
from games.rules import get_variant
from games.services import matches
from tests.factories import UserFactory
from tests.web.helpers import client_for, play_until_over

pytestmark = pytest.mark.django_db(transaction=True)


def _room(user, **options) -> Room:
    response = client_for(user).post("/rooms/new", {"variant": "hungarian", "robots": 3, **options})
    assert response.status_code == 302, response.content
    return Room.objects.get(code=response["Location"].strip("/").split("/")[-1])


def _play_hands(room: Room, user, count: int) -> None:
    client = client_for(user)
    for _ in range(count):
        view = play_until_over(room, user, client, pick=lambda legal: "pass" if "pass" in legal else legal[0])
        response = client.post(f"/r/{room.code}/next", {"hand_no": view["hand_no"]})
        assert response.status_code == 200, response.content


def test_every_hand_is_dealt_as_the_match_says():
    """Whatever the robots bid, each hand's dealer and doubling follow the fold of the results
    before it, and the totals are the sums of the payments."""
    user = UserFactory()
    room = _room(user, match_hands=40)
    _play_hands(room, user, 12)
    hands = list(Hand.objects.filter(room=room).order_by("number"))
    assert len(hands) == 13 and {h.match_no for h in hands} == {1}
    dealer, doubled_left, totals = hands[0].context["dealer"], 0, [0, 0, 0, 0]
    for hand in hands[:-1]:
        assert hand.context["dealer"] == dealer and hand.context["doubled"] == (doubled_left > 0)
        result = hand.result
        totals = [t + p for t, p in zip(totals, result["payments"], strict=True)]
        if result["thrown_in"]:
            doubled_left = 4
        else:
            dealer, doubled_left = (dealer + 1) % 4, max(0, doubled_left - 1)
    last = hands[-1]
    assert last.context["dealer"] == dealer and last.context["doubled"] == (doubled_left > 0)
    match = matches.current_match(room)
    assert list(match.totals) == totals and sum(match.totals) == 0
    view = client_for(user).get(f"/r/{room.code}/view.json").json()
    assert view["match"]["totals"] == totals and len(view["match"]["rows"]) == 12
    assert view["match"]["scored"] == sum(1 for h in hands[:-1] if not h.result["thrown_in"])


def test_a_thrown_in_hand_is_redealt_by_the_same_dealer_and_doubles_the_next():
    user = UserFactory()
    room = _room(user)
    client = client_for(user)
    for _ in range(60):  # robots bid now and then; find an all-pass hand
        view = play_until_over(room, user, client, pick=lambda legal: "pass" if "pass" in legal else legal[0])
        hand = room.current_hand()
        client.post(f"/r/{room.code}/next", {"hand_no": view["hand_no"]})
        if view["result"]["thrown_in"]:
            following = room.current_hand()
            assert following.context["dealer"] == hand.context["dealer"]
            assert following.context["doubled"] is True
            assert following.match_no == hand.match_no
            page = client.get(f"/r/{room.code}/").content.decode()
            assert "doubled hand" in page and 'class="thrown-in"' in page
            return
    pytest.fail("no hand was thrown in within 60 hands")


def test_the_match_ends_with_a_final_standing_and_a_new_match_starts():
    user = UserFactory()
    room = _room(user, match_hands=2)
    client = client_for(user)
    for _ in range(40):
        view = play_until_over(room, user, client, pick=lambda legal: "pass" if "pass" in legal else legal[0])
        if view["match"]["over"]:
            break
        assert client.post(f"/r/{room.code}/next", {"hand_no": view["hand_no"]}).status_code == 200
    else:
        pytest.fail("the match did not end")
    assert view["match"]["scored"] == 2 and len(view["match"]["standings"]) == 4
    page = client.get(f"/r/{room.code}/").content.decode()
    assert "Final standing" in page and "Start a new match" in page
    finished = room.current_hand()
    response = client.post(f"/r/{room.code}/next", {"hand_no": finished.number})
    assert response.status_code == 200
    fresh = room.current_hand()
    assert fresh.number == finished.number + 1 and fresh.match_no == finished.match_no + 1
    assert fresh.context["doubled"] is False
    view = client.get(f"/r/{room.code}/view.json").json()
    assert view["match"]["match_no"] == 2 and view["match"]["totals"] == [0, 0, 0, 0]


def test_the_scoreboard_shows_one_row_per_hand_to_everyone():
    user = UserFactory()
    room = _room(user, match_hands=5)
    _play_hands(room, user, 2)
    for client in (client_for(user), client_for(UserFactory()), client_for(None)):
        page = client.get(f"/r/{room.code}/").content.decode()
        assert 'id="scoreboard"' in page
        assert page.count("data-row=") == 2
    assert get_variant("hungarian").match_rules(room.options).length == 5


def test_the_pages_match_is_read_once_per_hand_state_and_never_ahead_of_the_hand():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    user = UserFactory()
    room = _room(user)
    client = client_for(user)
    for _ in range(3):
        hand = room.current_hand()
        assert matches.shown_match(room, hand) == matches.current_match(room, hand)
        with CaptureQueriesContext(connection) as queries:
            again = matches.shown_match(room, room.current_hand())
        assert again == matches.current_match(room) and len(queries) == 1  # the hand, no match

        view = play_until_over(room, user, client, pick=lambda legal: "pass" if "pass" in legal else legal[0])
        # A page that read the hand before it finished shows the match without it ...
        before = matches.shown_match(room, hand)
        assert before is not None and len(before.rows) == hand.number - 1
        # ... and one that reads it now, with it.
        finished = room.current_hand()
        assert matches.shown_match(room, finished) == matches.current_match(room)
        assert len(matches.shown_match(room, finished).rows) == finished.number
        assert client.post(f"/r/{room.code}/next", {"hand_no": view["hand_no"]}).status_code == 200


def test_the_pages_match_carries_its_fold_on_and_agrees_with_a_fold_from_the_start(monkeypatch):
    """A hand beginning or finishing folds only the results after those already folded for the
    pages; a page of an earlier hand, behind that fold, still gets its own match; and every
    answer is the fold from the match's first hand."""
    from games.rules import HandResult

    user = UserFactory()
    room = _room(user, match_hands=20)
    hands_seen = []
    for _ in range(4):
        hands_seen.append(room.current_hand())
        assert matches.shown_match(room, hands_seen[-1]) == matches.match_of(room, 1, last=hands_seen[-1])
        _play_hands(room, user, 1)
        finished = Hand.objects.get(pk=hands_seen[-1].pk)
        assert matches.shown_match(room, finished) == matches.current_match(room, finished)
    decoded = []
    real = HandResult.from_json
    monkeypatch.setattr(HandResult, "from_json", staticmethod(lambda data: decoded.append(1) or real(data)))
    current = room.current_hand()
    shown = matches.shown_match(room, current)
    assert decoded == []  # the four finished hands were folded already
    assert shown == matches.current_match(room, current) and len(shown.rows) == 4
    matches._shown.clear()  # the answers kept, not the fold: as in a process that kept only that
    for earlier in hands_seen:  # pages that read their hand before it finished
        room.refresh_from_db()
        assert matches.shown_match(room, earlier) == matches.match_of(room, 1, last=earlier)
        assert len(matches.shown_match(room, earlier).rows) == earlier.number - 1
    room.ended_match = 1  # the host ends the match: the fold kept, closed
    assert matches.shown_match(room, current) == matches.current_match(room, current)
    assert matches.shown_match(room, current).over


def test_the_next_hand_is_dealt_from_the_fold_carried_on_as_a_fold_from_the_start_says(monkeypatch):
    """Dealing the next hand decodes only the result of the hand just finished (the earlier ones
    were folded already in this process), and deals as the match folded from its first hand
    says; in a process that kept nothing, it folds from the start."""
    from games.rules import HandResult

    user = UserFactory()
    room = _room(user, match_hands=20)
    _play_hands(room, user, 3)
    client = client_for(user)
    decoded = []
    real = HandResult.from_json
    monkeypatch.setattr(HandResult, "from_json", staticmethod(lambda data: decoded.append(1) or real(data)))
    for kept in (True, False):
        view = play_until_over(room, user, client, pick=lambda legal: "pass" if "pass" in legal else legal[0])
        finished = room.current_hand()
        expected = matches.match_of(room, finished.match_no)  # from the start, apart from the fold
        expected_context = expected.next_context(room.options)
        decoded.clear()
        if not kept:
            matches.forget_all()
        assert client.post(f"/r/{room.code}/next", {"hand_no": view["hand_no"]}).status_code == 200
        dealt = room.current_hand()
        assert dealt.number == finished.number + 1
        assert dealt.context_value().dealer == expected_context.dealer
        assert dealt.context_value().doubled == expected_context.doubled
        # Kept: at most the finished hand's result (the pages may have folded it); else all.
        assert len(decoded) <= 1 if kept else len(decoded) == finished.number, decoded
