"""The guided hands over HTTP (issue 21, item 2): a visitor starts one as a guest, follows the
advice the page shows to the end and reads the receipt explained; a wrong choice is refused with
the script's reason and changes nothing; starting again deals again on the same table (one
table however often), and guided tables count against no limit;
the guided table is not in the lobby; its advice shows to the learner only.

Personas: a visitor (signed out, becomes a guest), ``watcher`` (signed in, no seat), a stranger
(signed out, watching)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client
from markupsafe import escape

from games.models import HandAction, Room
from games.standings.hands import record_hand
from games.standings.models import PlayerHand
from games.tutorial import SCRIPTS
from tests.factories import UserFactory
from tests.web.helpers import client_for

pytestmark = pytest.mark.django_db

ADVISED = re.compile(r'data-advised="([^"]+)"')
TAG = re.compile(r"<[^>]*>")
CODE = re.compile(r"\b[a-z-]+:[A-Za-z0-9]")  # an action code: "eights:spread", "wish:H", "play:SA"


def start(client: Client, key: str = "hungarian") -> Room:
    response = client.post(f"/tutorial/{key}/")
    assert response.status_code == 302, response.content
    room = Room.objects.get(code=response["Location"].split("/")[2])
    assert response["Location"] == f"/r/{room.code}/"
    return room


def act(client: Client, room: Room, action: str) -> Any:
    hand = room.current_hand()
    return client.post(f"/r/{room.code}/act", {"action": action, "seq": hand.public_seq})


def test_it_shows_the_door_of_each_guided_hand():
    for key in SCRIPTS:
        page = Client().get(f"/tutorial/{key}/").content.decode()
        assert "Start the guided hand as a guest" in page
        assert SCRIPTS[key].intro.split(".")[0] in page
    assert Client().get("/tutorial/chess/").status_code == 404


def test_it_starts_a_guided_hand_for_a_visitor_as_a_guest():
    visitor = Client()
    room = start(visitor)
    learner = room.seats.get(index=0).user
    assert learner.is_guest and room.created_by == learner
    assert room.tutorial and not room.closed
    assert list(room.seats.order_by("index").values_list("robot", flat=True)) == [
        "",
        "script",
        "script",
        "script",
    ]
    hand = room.current_hand()
    assert hand.deal == SCRIPTS["hungarian"].deal.to_json()
    assert hand.context_value().dealer == 3
    # The learner is forehand and speaks first: the page explains the auction and its advice.
    page = visitor.get(f"/r/{room.code}/").content.decode()
    assert 'id="guide"' in page and "Your decision 1" in page
    assert ADVISED.search(page).group(1) == "bid:three"
    assert "What would a good player do?" in page


@pytest.mark.parametrize("key", sorted(SCRIPTS))
def test_it_follows_the_advice_to_the_end_and_explains_the_receipt(key):
    visitor = Client()
    room = start(visitor, key)
    script = SCRIPTS[key]
    for _ in range(len(script.moves)):
        page = visitor.get(f"/r/{room.code}/").content.decode()
        # Every choice and every robot reads in words: no action code, no robot's key.
        words = TAG.sub(" ", page[page.index('id="guide"') :])
        assert CODE.search(words) is None and "(script)" not in TAG.sub(" ", page)
        advised = ADVISED.search(page)
        if advised is None:
            break
        response = act(visitor, room, advised.group(1))
        assert response.status_code == 200, response.content
    hand = room.current_hand()
    assert hand.is_over
    # Each seat made its script's moves in order (a simultaneous phase may interleave the seats).
    for seat in range(room.seats.count()):
        made = list(hand.actions.filter(seat=seat).order_by("seq").values_list("action", flat=True))
        assert made == [m.action for m in script.moves if m.seat == seat]
    page = visitor.get(f"/r/{room.code}/").content.decode()
    assert "The result, line by line" in page
    for line in hand.result["items"]:
        assert f'data-receipt-line="{line["name"]}"' in page
    assert str(escape(script.settlement)) in page
    # Each line's explanation is said once, and cards are named in words, never by their ids.
    guide = html.unescape(
        TAG.sub(" ", page[page.index('id="guide"') : page.index("</section>", page.index('id="guide"'))])
    )
    for explanation in script.receipt.values():
        assert guide.count(str(explanation)) == 1
    if key == "bridge":
        assert "J♥ 8♦ 7♣" in guide and re.search(r"\b[HDSC](?:[6-9]|10|[JQKA])\b", guide) is None
    assert 'id="next-hand"' not in page  # a guided hand is one hand long
    assert 'id="guide-restart"' in page
    # The script's advice is not the player's game: no statistics from it.
    assert record_hand(hand) == [] and not PlayerHand.objects.exists()


@pytest.mark.parametrize("language", ["en", "hu", "cs", "sl"])
def test_bridges_guided_hand_names_its_choices_and_robots_as_the_table_does(language):
    visitor = Client()
    room = start(visitor, "bridge")
    visitor.post("/language/", {"language": language, "next": "/"})
    while (advised := ADVISED.search(page := visitor.get(f"/r/{room.code}/").content.decode())) is not None:
        if advised.group(1) == "eights:spread":  # the learner's two eights: next, or spread
            break
        assert act(visitor, room, advised.group(1)).status_code == 200
    guide = TAG.sub("", page[page.index('id="guide"') : page.index("</section>", page.index('id="guide"'))])
    # In every language: no action code in the guide, no robot's key on the page.
    assert CODE.search(guide) is None and "script" not in TAG.sub(" ", page)
    if language == "en":
        assert (
            "Your choices: Next player (Robot 2) draws 4, misses a turn; "
            "Spread: Robot 2 draws 2, Robot 3 draws 2; each misses a turn." in guide
        )
        advice = "Spread: Robot 2 draws 2, Robot 3 draws 2; each misses a turn: Spreading hits both robots"
        assert advice in guide
        assert [seat.label for seat in room.seats.order_by("index")][1:] == ["Robot 2", "Robot 3"]
    if language == "hu":
        assert "2. robot" in guide and "3. robot" in guide


def test_it_refuses_a_wrong_choice_with_the_explanation_and_changes_nothing():
    visitor = Client()
    room = start(visitor)
    hand = room.current_hand()
    response = act(visitor, room, "pass")
    assert response.status_code == 422  # well formed, but not this hand's move
    assert response.json() == {
        "error": "Bid three here: your six tarokks and the XXI are enough for it, not for more."
    }
    hand.refresh_from_db()
    assert hand.seq == 0 and not HandAction.objects.filter(hand=hand).exists()
    # A move the rules refuse keeps the rules' own message.
    response = act(visitor, room, "play:T21")
    assert response.status_code == 422
    assert "advised" not in response.json()["error"]
    hand.refresh_from_db()
    assert hand.seq == 0


def test_starting_again_five_times_deals_again_on_the_one_table():
    visitor = Client()
    room = start(visitor)
    assert act(visitor, room, "bid:three").status_code == 200
    for _ in range(4):
        assert start(visitor) == room
    # The table's own button asks by htmx and is sent back to the same table.
    response = visitor.post("/tutorial/hungarian/", HTTP_HX_REQUEST="true")
    assert response.status_code == 204 and response["HX-Redirect"] == f"/r/{room.code}/"
    learner = room.seats.get(index=0).user
    assert list(Room.objects.filter(created_by=learner).values_list("code", "closed")) == [(room.code, False)]
    # Each start a new hand of the script's deal, its own match; the log keeps the first one's bid.
    hands = list(room.hands.order_by("number").values_list("number", "match_no", "seq", "finished"))
    assert hands == [(1, 1, 1, None)] + [(n, n, 0, None) for n in range(2, 7)]
    assert room.current_hand().deal == SCRIPTS["hungarian"].deal.to_json()
    page = visitor.get(f"/r/{room.code}/").content.decode()
    assert ADVISED.search(page).group(1) == "bid:three"
    # My games lists no guided hand until one is finished: none of the six piles up as playing.
    history = visitor.get("/history/").content.decode()
    assert room.code not in history


def test_my_games_lists_a_finished_guided_hand():
    visitor = Client()
    room = start(visitor, "bridge")
    while (advised := ADVISED.search(visitor.get(f"/r/{room.code}/").content.decode())) is not None:
        assert act(visitor, room, advised.group(1)).status_code == 200
    start(visitor, "bridge")  # dealt again: the finished hand stays listed, the new one is not
    history = visitor.get("/history/").content.decode()
    finished = room.hands.get(number=1)
    assert history.count(f"/r/{room.code}/") == 0 and history.count(f"/hands/{finished.pk}/") == 1


def test_another_games_guided_hand_closes_the_first_table():
    visitor = Client()
    first = start(visitor, "hungarian")
    second = start(visitor, "bridge")
    first.refresh_from_db()
    assert first.closed and not second.closed and second.pk != first.pk
    assert second.seats.get(index=0).user == first.seats.get(index=0).user


def test_guided_tables_count_against_no_limit_on_tables(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "room": {"user": "1/h", "ip": "1/h"}}
    visitor = Client()
    rooms = {start(visitor, key) for key in ("hungarian", "hungarian", "czech", "bridge", "bridge")}
    assert len(rooms) == 3
    # The learner's one table an hour is still theirs to open.
    opened = visitor.post("/rooms/new", {"variant": "hungarian", "robots": "3"})
    assert opened.status_code == 302, opened.content
    assert visitor.post("/rooms/new", {"variant": "hungarian", "robots": "3"}).status_code == 429


def test_it_keeps_guided_tables_out_of_the_lobby():
    room = start(Client())
    lobby = Client().get("/").content.decode()
    assert room.code not in lobby
    for key in SCRIPTS:
        assert f'href="/tutorial/{key}/"' in lobby


def test_it_refuses_a_next_hand_at_a_guided_table():
    visitor = Client()
    room = start(visitor)
    response = visitor.post(f"/r/{room.code}/next", {"hand_no": 1})
    assert response.status_code == 400
    assert room.hands.count() == 1


def test_it_shows_the_advice_to_the_learner_only():
    room = start(Client())
    learner_cards = set(SCRIPTS["hungarian"].deal.hands[0])
    for watcher in (client_for(UserFactory(username="watcher")), Client()):
        page = watcher.get(f"/r/{room.code}/").content.decode()
        guide = page[page.index('id="guide"') : page.index("</section>", page.index('id="guide"'))]
        assert "explanations show to the learner only" in guide
        assert "data-advised" not in guide and "Your decision" not in guide
        assert not {c for c in learner_cards if f'"{c}"' in guide}
        assert 'id="guide-restart"' not in guide
