"""A five-player Hungarian table on the site (hungarian.md §2, option ``five_player``): five
seats, the dealer sits out each hand. Personas: the sitter (``dealer``, seat 0), the forehand
(``forehand``, seat 1, a person so that the hand waits), a watcher; three robots."""

from __future__ import annotations

import random
import re

import pytest
from channels.db import database_sync_to_async

from games import services
from games.models import Hand, Room
from games.rules import AUDIENCE, HandResult, get_variant
from games.services import replay
from tarokk_site.languages import said
from tests.factories import UserFactory
from tests.web.helpers import client_for, data_cards, hidden_from, json_strings, open_table, play_until_over
from tests.web.sockets import connect, drain

# A game played through its pages: embedded phase only (see pyproject.toml's game_pages marker).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.game_pages]


@pytest.fixture
def first_dealer(monkeypatch):
    """The first dealer of a match is drawn with ``SystemRandom().randrange`` (the deal shuffles
    with ``_randbelow``): fix it, to seat ``first_dealer.seat``."""

    class Draw:
        seat = 0

    monkeypatch.setattr(random.SystemRandom, "randrange", lambda self, n: Draw.seat)
    return Draw


@pytest.fixture
def sitting_out(first_dealer):
    """A table of five: ``dealer`` at seat 0 deals the first hand and sits out; ``forehand``
    at seat 1 is first to bid; robots at 2, 3 and 4. ``(room, dealer, forehand)``."""
    dealer, forehand = UserFactory(username="dealer"), UserFactory(username="forehand")
    room = open_table(dealer, robots=3, five_player=True)
    services.sit(room, forehand, 1)
    room.refresh_from_db()
    return room, dealer, forehand


def test_it_opens_a_table_of_five_from_the_lobby_form_and_plays_a_hand_through_with_robots(first_dealer):
    # §2: five seats; the user at seat 0 with four robots; seat 1 (a robot) deals and sits out.
    first_dealer.seat = 1
    user = UserFactory(username="player")
    client = client_for(user)
    # As the form posts it: the match length left blank (its default follows five_player).
    response = client.post(
        "/rooms/new", {"variant": "hungarian", "robots": "4", "five_player": "true", "match_hands": ""}
    )
    assert response.status_code == 302
    room = Room.objects.get()
    assert room.options["five_player"] is True and room.options["match_hands"] == 20  # §11
    assert [(s.index, s.user_id, s.robot) for s in room.seats.order_by("index")] == [
        (0, user.pk, ""),
        (1, None, "basic"),
        (2, None, "basic"),
        (3, None, "basic"),
        (4, None, "basic"),
    ]
    hand = room.current_hand()
    assert hand.context["dealer"] == 1 and len(hand.deal["hands"]) == 5 and hand.deal["hands"][1] == []
    view = play_until_over(room, user, client, pick=lambda legal: legal[-1])
    result = view["result"]
    assert len(result["payments"]) == 5 and result["payments"][1] == 0 and sum(result["payments"]) == 0
    hand.refresh_from_db()
    assert 1 not in {action.seat for action in hand.actions.all()}  # the dealer never acted
    replay.forget_all()
    assert get_variant("hungarian").result(replay.current(hand)).to_json() == hand.result
    assert said(HandResult.from_json(hand.result).view()) == result  # view.json's words, in English
    lobby = client.get("/").content.decode()
    row = re.search(rf'data-room="{room.code}">.*?</article>', lobby, re.S).group(0)
    assert row.count('class="seat-chip') == 5
    # The scoreboard: 0 for the dealer, marked as sitting out.
    page = client.get(f"/r/{room.code}/").content.decode()
    assert 'data-sat-out="1"' in page and "of 20 scored hands" in page
    # The deal passes to next(dealer) = 2 (the same dealer again after a throw-in).
    assert client.post(f"/r/{room.code}/next", {"hand_no": 1}).status_code == 200
    assert Hand.objects.get(room=room, number=2).context["dealer"] == (1 if result["thrown_in"] else 2)


def test_the_sitter_is_told_and_sees_what_the_audience_sees(sitting_out):
    room, dealer, forehand = sitting_out
    hand = room.current_hand()
    assert (hand.context["dealer"], hand.to_act) == (0, [1])
    html = client_for(dealer).get(f"/r/{room.code}/").content.decode()
    assert "You dealt: you sit out this hand" in html and "Waiting for forehand" in html
    assert 'data-seat-count="5"' in html and "data-sitting-out title=" in html
    assert data_cards(html) == set() and 'data-action="' not in html
    view = client_for(dealer).get(f"/r/{room.code}/view.json").json()
    assert (view["seat"], view["legal"], view["cards"]) == (0, [], [])
    audience = get_variant("hungarian").observe(replay.current(hand), AUDIENCE)
    assert view["view"] == {**audience, "viewer": 0}
    assert not json_strings(view) & hidden_from(hand, None)
    watcher = client_for(UserFactory(username="watcher")).get(f"/r/{room.code}/").content.decode()
    assert not data_cards(watcher) & hidden_from(hand, None) and "You dealt" not in watcher


def test_the_lobby_form_seats_five_and_plays_20_hands_with_five_players():
    html = client_for(UserFactory()).get("/").content.decode()
    assert '<option value="false" data-seats="4" selected>no</option>' in html
    assert '<option value="true" data-seats="5">yes</option>' in html
    # The match length follows the choice (static/js/site.js) unless the player typed one.
    assert 'value="" placeholder="16" min="1" max="100" data-default="16"' in html
    assert 'data-default-if="[[&quot;five_player&quot;, &quot;true&quot;, 20]]"' in html


def test_the_sitter_may_not_act_and_nothing_changes(sitting_out):
    room, dealer, forehand = sitting_out
    hand = room.current_hand()
    response = client_for(dealer).post(f"/r/{room.code}/act", {"action": "pass", "seq": hand.seq})
    assert response.status_code == 403 and response.json() == {"error": "You dealt: you sit out this hand"}
    hand.refresh_from_db()
    assert hand.seq == 0 and not hand.actions.exists()


def test_the_others_see_the_sitter_out_and_five_seats_in_playing_order(sitting_out):
    room, dealer, forehand = sitting_out
    html = client_for(forehand).get(f"/r/{room.code}/").content.decode()
    positions = dict(re.findall(r'data-seat="(\d)" data-pos="(\d)"', html))
    assert positions == {"1": "0", "2": "1", "3": "2", "4": "3", "0": "4"}
    assert "Your turn" in html and "You dealt" not in html
    assert not data_cards(html) & hidden_from(room.current_hand(), 1)


def test_a_turn_clock_runs_for_the_seat_to_act_never_for_the_sitter(first_dealer):
    dealer, forehand = UserFactory(username="dealer"), UserFactory(username="forehand")
    room = services.create_room(dealer, "hungarian", 3, {"five_player": True}, turn_clock=30)
    services.sit(room, forehand, 1)
    hand = room.current_hand()
    assert hand.context["dealer"] == 0
    assert list(hand.clocks.values_list("seat", flat=True)) == [1]
    html = client_for(dealer).get(f"/r/{room.code}/").content.decode()
    assert html.count("data-deadline=") == 1


@database_sync_to_async
def _hidden(room, seat):
    return hidden_from(room.current_hand(), seat)


@database_sync_to_async
def _forehand_bids(room, forehand):
    hand = room.current_hand()
    action = next(a for a in ("bid:three", "pass") if a in services_legal(hand, 1))
    services.submit_action(hand.pk, 1, action, hand.seq, actor=forehand)


def services_legal(hand, seat):
    return get_variant("hungarian").legal_actions(replay.current(hand), seat)


async def test_the_sitter_gets_no_hidden_card_in_any_push(sitting_out):
    room, dealer, forehand = sitting_out
    socket = await connect(f"/ws/r/{room.code}/", dealer)
    snapshot = await drain(socket)
    assert snapshot and "You dealt: you sit out this hand" in "".join(snapshot)
    secret = await _hidden(room, None)
    assert len(secret) == 42  # nobody has played: every card is hidden from the sitter
    assert not any(data_cards(fragment) & secret for fragment in snapshot)
    await _forehand_bids(room, forehand)  # then the robots move until the forehand is asked again
    pushed = await drain(socket)
    assert pushed
    secret = await _hidden(room, None)  # none once the hand is over (all passed): then all is shown
    for fragment in pushed:
        assert not data_cards(fragment) & secret
        assert "data-action" not in fragment
    await socket.disconnect()
