"""My games, profiles and the replay of a hand (games/history): who may see which hand.

Personas: the owner (seat 1), the friend (seat 2, another player), a watcher (logged in, not
seated), a stranger (not logged in) and staff; a finished hand, a running hand, a private
table's and a closed audience's hands."""

from __future__ import annotations

import pytest

from games import services
from games.models import Room
from games.services.access import Privacy
from tests.factories import StaffFactory, UserFactory
from tests.web.helpers import client_for, data_cards, play_out, play_until_over

pytestmark = pytest.mark.django_db(transaction=True)

OPEN = Privacy()
PERSONAS = ("owner", "friend", "watcher", "stranger", "staff")


def two_player_table(privacy: Privacy = OPEN) -> tuple[Room, dict]:
    """A Hungarian table: owner at seat 1, friend at seat 2, two robots."""
    people = {
        "owner": UserFactory(username="owner"),
        "friend": UserFactory(username="friend"),
        "watcher": UserFactory(username="watcher"),
        "stranger": None,
        "staff": StaffFactory(username="staff"),
    }
    room = services.create_room(people["owner"], "hungarian", 2, privacy=privacy)
    services.sit(room, people["friend"], 1)
    return room, people


@pytest.fixture
def public_table():
    return two_player_table()


def status(user, url: str) -> int:
    return client_for(user).get(url).status_code


def test_it_shows_a_finished_hand_of_an_open_table_to_everyone(public_table):
    room, people = public_table
    hand = play_out(room, people["owner"], people["friend"])
    dealt = {c for cards in hand.deal["hands"] for c in cards}
    for persona in PERSONAS:
        user = people[persona]
        html = client_for(user).get(f"/hands/{hand.pk}/?step={hand.seq}").content.decode()
        assert dealt <= data_cards(html), persona  # at the end every card is public
        assert status(user, f"/hands/{hand.pk}.json") == 200, persona
        assert status(user, f"/hands/{hand.pk}/match.json") == 200, persona


def test_a_running_hand_is_replayed_by_staff_only(public_table):
    room, people = public_table
    hand = room.current_hand()
    for persona in PERSONAS:
        expected = 200 if persona == "staff" else 404
        for url in (f"/hands/{hand.pk}/", f"/hands/{hand.pk}/?step=0&seat=1", f"/hands/{hand.pk}.json"):
            assert status(people[persona], url) == expected, (persona, url)
    response = client_for(people["owner"]).post("/hands/play", {"hand": hand.pk})
    assert response.status_code == 404
    assert Room.objects.count() == 1  # nothing opened on a running hand's deal


@pytest.mark.parametrize(
    "privacy", [Privacy(private=True), Privacy(open_audience=False)], ids=["private", "closed-audience"]
)
def test_a_private_tables_hands_are_for_its_players(privacy):
    room, people = two_player_table(privacy)
    hand = play_out(room, people["owner"], people["friend"])
    for persona, expected in [
        ("owner", 200),
        ("friend", 200),
        ("watcher", 404),
        ("stranger", 404),
        ("staff", 200),
    ]:
        user = people[persona]
        assert status(user, f"/hands/{hand.pk}/") == expected, persona
        assert status(user, f"/hands/{hand.pk}.json") == expected, persona
        listed = f'data-hand="{hand.pk}"' in client_for(user).get("/profile/owner/").content.decode()
        assert listed == (expected == 200), persona


def test_it_shows_a_seat_only_its_own_cards_before_the_end(public_table):
    room, people = public_table
    hand = play_out(room, people["owner"], people["friend"])
    html = client_for(people["watcher"]).get(f"/hands/{hand.pk}/?step=0&seat=2").content.decode()
    assert data_cards(html) == set(hand.deal["hands"][1])
    assert html.count('class="open-hand') == 1  # the others' hands are not laid open
    assert 'data-viewer="2"' in html
    # A player sees it from their own seat first; anyone else every card.
    html = client_for(people["friend"]).get(f"/hands/{hand.pk}/?step=0").content.decode()
    assert 'data-viewer="2"' in html
    assert data_cards(html) == set(hand.deal["hands"][1])
    html = client_for(people["watcher"]).get(f"/hands/{hand.pk}/?step=0").content.decode()
    assert 'data-viewer="all"' in html


def test_it_steps_with_links_that_keep_the_seat(public_table):
    room, people = public_table
    hand = play_out(room, people["owner"], people["friend"])
    html = client_for(people["owner"]).get(f"/hands/{hand.pk}/?step=2&seat=1").content.decode()
    assert 'id="step-next" href="?step=3&amp;seat=1"' in html
    assert 'id="step-prev" href="?step=1&amp;seat=1"' in html
    assert f'max="{hand.seq}" value="2"' in html  # the slider
    for query in ("?seat=5", "?seat=0", "?seat=x", "?step=x"):
        assert status(people["owner"], f"/hands/{hand.pk}/{query}") == 404, query


def test_my_games_lists_every_hand_and_links_a_running_one_to_its_table(public_table):
    room, people = public_table
    first = play_out(room, people["owner"], people["friend"])
    client = client_for(people["owner"])
    client.post(f"/r/{room.code}/next", {"hand_no": first.number})
    running = room.current_hand()
    assert running.number == 2
    html = client.get("/history/").content.decode()
    assert f'<a href="/hands/{first.pk}/">hand 1</a>' in html
    assert f'<a href="/r/{room.code}/">hand 2</a> <small>(playing)</small>' in html
    assert f"/hands/{running.pk}/" not in html
    assert data_cards(html) == set()  # a list shows no card
    # The public profile lists the finished hand only.
    profile = client_for(people["watcher"]).get("/profile/owner/").content.decode()
    assert f'data-hand="{first.pk}"' in profile and f'data-hand="{running.pk}"' not in profile


def test_my_games_shows_the_role_and_result_from_the_players_seat(public_table):
    room, people = public_table
    hand = play_out(room, people["owner"], people["friend"])
    result = hand.result
    row = client_for(people["friend"]).get("/history/").content.decode().split(f'data-hand="{hand.pk}"')[1]
    row = row.split("</tr>")[0]
    payment = result["payments"][1]
    assert f"<strong>{payment:+d}</strong>" in row or (payment == 0 and "<strong>0</strong>" in row)
    role = (
        "declarer" if result["declarer"] == 1 else "partner" if 1 in result["declarer_side"] else "opponent"
    )
    if result["thrown_in"] or result["declarer"] is None:
        role = "—"
    assert f"<td>{role}</td>" in row


def test_my_games_is_for_people_who_log_in():
    response = client_for(None).get("/history/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_it_filters_by_game_and_refuses_an_unknown_one(public_table):
    room, people = public_table
    hand = play_out(room, people["owner"], people["friend"])
    client = client_for(people["owner"])
    assert f'data-hand="{hand.pk}"' in client.get("/history/?game=hungarian").content.decode()
    assert f'data-hand="{hand.pk}"' not in client.get("/history/?game=bridge").content.decode()
    assert client.get("/history/?game=skat").status_code == 404
    assert status(None, "/profile/nobody-here/") == 404


def test_the_header_the_result_panel_and_the_scoreboard_link_to_the_replay(public_table):
    room, people = public_table
    hand = play_out(room, people["owner"], people["friend"])
    html = client_for(people["owner"]).get(f"/r/{room.code}/").content.decode()
    assert 'id="my-games" href="/history/"' in html
    assert f'id="replay-hand" href="/hands/{hand.pk}/"' in html
    assert f'<a href="/r/{room.code}/hands/1/" aria-label="Replay hand 1">1</a>' in html
    response = client_for(people["watcher"]).get(f"/r/{room.code}/hands/1/")
    assert (response.status_code, response["Location"]) == (302, f"/hands/{hand.pk}/")
    assert status(people["watcher"], f"/r/{room.code}/hands/2/") == 404


def test_the_staff_inspector_still_steps_through_a_running_hand(public_table):
    room, people = public_table
    hand = room.current_hand()
    html = client_for(people["staff"]).get(f"/staff/hands/{hand.pk}/?step=0").content.decode()
    dealt = {c for cards in hand.deal["hands"] for c in cards} | set(hand.deal["talon"])
    assert dealt <= data_cards(html)
    assert status(people["owner"], f"/staff/hands/{hand.pk}/") == 302


def test_a_solo_table_played_through_http_is_listed(client=None):
    owner = UserFactory(username="solo")
    room = services.create_room(owner, "hungarian", 3)
    play_until_over(room, owner, client_for(owner))
    hand = room.current_hand()
    assert f'data-hand="{hand.pk}"' in client_for(owner).get("/history/").content.decode()


def test_a_profile_shows_the_players_statistics_and_ratings_sections():
    UserFactory(username="anna")
    page = client_for(None).get("/profile/anna/").content.decode()
    assert 'id="ratings-title"' in page and "No rated match finished yet." in page
    assert 'id="stats-title"' in page and "No finished hand yet." in page
