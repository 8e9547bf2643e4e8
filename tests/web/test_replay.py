"""The replay as the table (issue 38): the felt of each step from the deal, the move list in the
table's words and the viewer's language, one step's felt alone (``?part=table``), clear refusals
of a bad step or seat, and a player's own unfinished guided hand seen from their seat only."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import pytest
from django.test import Client

from games.history.moves import move_rows
from games.models import Hand, Room
from games.rules import EVERYONE, get_variant
from games.services import replay
from tests.factories import StaffFactory, UserFactory
from tests.web.helpers import client_for, data_cards, json_strings, open_table, play_until_over

# A game played through its pages (the stack under them is proven by the other tests): the
# embedded phase only.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.game_pages]

ADVISED = re.compile(r'data-advised="([^"]+)"')
MOVE_LIST = re.compile(r'<ol class="move-list".*?</ol>', re.S)
ROW_WORDS = re.compile(r'<span class="words">([^<]*)</span>')


@pytest.fixture
def finished():
    user = UserFactory(username="anna")
    for _ in range(10):  # a hand everyone passed (thrown in) plays no card: another table
        room = open_table(user, robots=3)
        play_until_over(room, user, client_for(user))
        hand = room.current_hand()
        if hand.actions.filter(action__startswith="play:").exists():
            return hand, user
    raise AssertionError("no card was played in ten hands")


def moves_of(html: str) -> list[str]:
    found = MOVE_LIST.search(html)
    assert found, "no move list"
    return ROW_WORDS.findall(found.group(0))


def test_it_opens_at_the_deal_on_the_felt_with_the_moves_in_words(finished):
    hand, user = finished
    html = client_for(UserFactory()).get(f"/hands/{hand.pk}/").content.decode()
    assert 'data-step="0"' in html and "Step 0 / " in html
    assert 'id="seats"' in html and 'id="board"' in html  # the live table's own partials
    words = moves_of(html)
    assert len(words) == hand.seq + 1  # the deal, then a row a move
    assert words[0] == "The deal"
    assert not any(re.search(r"\b[a-z]+:[A-Za-z0-9]", w) for w in words), words  # no "play:DQ"
    assert (
        sum(w.startswith("Play ") for w in words) == hand.actions.filter(action__startswith="play:").count()
    )
    assert 'class="mark' not in html  # nothing has marked a move yet


def test_the_replayed_table_has_no_buttons_of_the_live_one(finished):
    hand, user = finished  # anna's own seat, the hand over: the live table offers her "Leave"
    for step in (0, hand.seq):
        html = client_for(user).get(f"/hands/{hand.pk}/?step={step}&part=table").content.decode()
        assert 'class="seat pos-0 me' in html or 'class="seat pos-0 to-act me' in html
        for live_only in ("hx-post", "ws-send", 'id="leave"', "data-sit", "robot-choice"):
            assert live_only not in html, (step, live_only)


def test_the_move_list_reads_in_hungarian(finished):
    hand, user = finished
    html = client_for(user).get(f"/hands/{hand.pk}/", HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    words = moves_of(html)
    plays = [w for w in words if w.startswith("Kijátszás: ")]
    assert len(plays) == hand.actions.filter(action__startswith="play:").count()
    assert not any(w.startswith("Play ") for w in words)
    assert not any(re.search(r"\b[a-z]+:[A-Za-z0-9]", w) for w in words), words


def test_a_step_shows_its_card_in_the_trick_and_the_fragment_is_the_table_alone(finished):
    hand, user = finished
    first_play = hand.actions.filter(action__startswith="play:").order_by("seq").first()
    card = first_play.action.split(":", 1)[1]
    client = client_for(user)
    fragment = client.get(f"/hands/{hand.pk}/?step={first_play.seq}&seat=all&part=table").content.decode()
    assert fragment.lstrip().startswith("{") is False and "<html" not in fragment
    assert 'id="replay-table"' in fragment and f'data-step="{first_play.seq}"' in fragment
    trick = re.search(r'<ul class="trick-cards round".*?</ul>', fragment, re.S)
    assert trick and f'data-card="{card}"' in trick.group(0)
    before = client.get(f"/hands/{hand.pk}/?step={first_play.seq - 1}&seat=all&part=table").content.decode()
    trick = re.search(r'<ul class="trick-cards round".*?</ul>', before, re.S)
    assert not trick or f'data-card="{card}"' not in trick.group(0)


@pytest.mark.parametrize(
    "query", ["?step=x", "?step=-1", "?step=1.5", "?seat=5", "?seat=0", "?seat=x", "?seat=all&step=%20"]
)
def test_a_bad_step_or_seat_is_a_404_that_shows_nothing(finished, query):
    hand, user = finished
    for part in ("", "&part=table"):
        response = client_for(user).get(f"/hands/{hand.pk}/{query}{part}")
        assert response.status_code == 404, query
        body = response.content.decode()
        assert "No such step or seat" in body or "No such" in body
        assert data_cards(body) == set() and "move-list" not in body


def test_a_step_past_the_end_shows_the_end(finished):
    hand, user = finished
    html = client_for(user).get(f"/hands/{hand.pk}/?step=9999").content.decode()
    assert f"Step {hand.seq} / {hand.seq}" in html


def guided_hand(moves: int, game: str = "hungarian", until: Any = None) -> tuple[Room, Hand, Client, object]:
    """A visitor's guided hand (Hungarian unless ``game``), the advised move made ``moves`` times
    (the scripted robots answer each), or until ``until(hand)`` holds; still running."""
    client = Client()
    response = client.post(f"/tutorial/{game}/")
    room = Room.objects.get(code=response["Location"].split("/")[2])
    for _ in range(moves):
        if until is not None and until(room.current_hand()):
            break
        page = client.get(f"/r/{room.code}/").content.decode()
        advised = ADVISED.search(page)
        assert advised, "the guide advises nothing"
        hand = room.current_hand()
        client.post(f"/r/{room.code}/act", {"action": advised.group(1), "seq": hand.public_seq})
    hand = room.current_hand()
    assert not hand.is_over and hand.seq > 0
    return room, hand, client, room.seats.get(index=0).user


def test_a_player_replays_their_own_unfinished_guided_hand_from_their_seat_only():
    room, hand, client, learner = guided_hand(2)
    variant = get_variant(hand.variant)
    for step in range(hand.seq + 1):
        html = client.get(f"/hands/{hand.pk}/?step={step}").content.decode()
        assert 'data-viewer="1"' in html
        # Every card on the page is one the rules show seat 1 at that step (observe), no other.
        allowed = json_strings(variant.observe(replay.state_at(hand, step), 0))
        seen = data_cards(html)
        assert seen <= allowed, (step, seen - allowed)
        assert set(hand.deal["hands"][0]) & seen  # their own cards
        assert 'value="all"' not in html  # no choice of every seat's cards
    for query in ("?seat=all", "?seat=2", "?seat=4", "?seat=2&part=table"):
        response = client.get(f"/hands/{hand.pk}/{query}")
        assert response.status_code == 404, query
        assert data_cards(response.content.decode()) == set(), query
    assert client.get(f"/hands/{hand.pk}.json").status_code == 404  # its file (the whole deal): not yet
    assert client_for(UserFactory()).get(f"/hands/{hand.pk}/").status_code == 404  # nobody else
    assert client_for(StaffFactory()).get(f"/hands/{hand.pk}/?seat=all").status_code == 200


def test_the_guided_table_links_its_player_to_the_replay_of_their_hand_so_far():
    room, hand, client, learner = guided_hand(1)
    page = client.get(f"/r/{room.code}/").content.decode()
    link = re.search(r'<a href="(/hands/\d+/\?step=end)" data-guide-replay>', page)
    assert link, "no link to the replay"
    html = client.get(link.group(1)).content.decode()
    # At its end: the moves seat 1 knew of (here every one of the log: they are all public).
    assert f'data-step="{hand.seq}" data-last="{hand.seq}"' in html and 'data-viewer="1"' in html


def test_another_seats_discard_is_a_count_and_a_private_move_no_row_while_the_hand_runs():
    rows = [{"index": i, "label": f"P{i + 1}", "is_me": i == 0} for i in range(4)]
    log = [
        SimpleNamespace(seq=1, seat=0, action="discard:T5,H1", robot="", public=True),
        SimpleNamespace(seq=2, seat=1, action="discard:T7,S2", robot="script", public=True),
        SimpleNamespace(seq=3, seat=2, action="pass", robot="script", public=False),
        SimpleNamespace(seq=4, seat=2, action="play:T7", robot="script", public=True),
    ]
    seen = move_rows(log, "hungarian", rows, viewer=0, over=False)
    # Numbered as the seat's steps: the private move is not even a number skipped.
    assert [r.seq for r in seen] == [1, 2, 3] and seen[2].words.startswith("Play")
    assert "Discards 2 cards" == seen[1].words and seen[1].robot
    assert "," not in seen[1].words and "VII" not in seen[1].words
    assert seen[0].words.startswith("Discard ") and seen[0].who == "You"
    assert all(r.mark is None for r in seen)
    everything = move_rows(log, "hungarian", rows, viewer=EVERYONE, over=True)
    assert [r.seq for r in everything] == [1, 2, 3, 4] and everything[1].words.startswith("Discard ")


def test_another_seats_private_move_is_no_step_of_a_running_hands_replay():
    """A seat's replay of a hand still being played counts only the moves that seat knew of: a
    private decline of another seat (a Czech contra's pass) is no step, not a number skipped, and
    each step shows what the seat saw until its next one."""

    def others_private(hand: Hand) -> bool:
        return hand.actions.filter(public=False).exclude(seat=0).exists()

    room, hand, client, learner = guided_hand(60, "czech", until=others_private)
    assert others_private(hand), "no other seat made a private move in the guided hand"
    actions = list(hand.actions.order_by("seq"))
    known = [a for a in actions if a.public or a.seat == 0]
    assert len(known) < len(actions)
    variant = get_variant(hand.variant)
    html = client.get(f"/hands/{hand.pk}/?step=end").content.decode()
    assert f'data-step="{len(known)}" data-last="{len(known)}"' in html
    assert re.findall(r'data-step="(\d+)"', html.split('id="move-list"')[1])[: len(known) + 1] == [
        str(k) for k in range(len(known) + 1)
    ]
    for step in range(len(known) + 1):
        html = client.get(f"/hands/{hand.pk}/?step={step}&part=table").content.decode()
        assert f"Step {step} / {len(known)}" in html
        at = known[step].seq - 1 if step < len(known) else hand.seq
        assert data_cards(html) <= json_strings(variant.observe(replay.state_at(hand, at), 0)), step
    # Past the seat's last step there is none: the end, not the log's length.
    html = client.get(f"/hands/{hand.pk}/?step={len(actions)}&part=table").content.decode()
    assert f"Step {len(known)} / {len(known)}" in html
