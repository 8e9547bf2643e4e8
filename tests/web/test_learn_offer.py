"""The lobby's first-visit path (games.learn.first_visit): "Learn <game>" beside "Open a table" for
each game the visitor has never finished a hand of; every game for a visitor not signed in."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from games.models import Hand
from tests.factories import RoomFactory, UserFactory
from tests.web.helpers import client_for

pytestmark = pytest.mark.django_db

EVERY_GAME = [
    ("hungarian", "Hungarian Tarokk"),
    ("czech", "Czech Taroky"),
    ("slovenian3", "Slovenian Tarok"),
    ("bridge", "Bridge"),
]
OFFER = re.compile(r'<a href="(/learn/[a-z0-9]+/)" data-learn="([a-z0-9]+)">Learn ([^<]+)</a>')


def offers(user) -> list[tuple[str, str, str]]:
    page = client_for(user).get("/").content.decode()
    return OFFER.findall(page)


def expected(games) -> list[tuple[str, str, str]]:
    return [(f"/learn/{key}/", key, name) for key, name in games]


def a_hand(user, variant: str, finished: bool) -> Hand:
    room = RoomFactory(variant=variant)
    hand = Hand.objects.create(
        room=room,
        number=1,
        variant=variant,
        deal={"hands": [], "talon": []},
        context={"dealer": 0, "options": {}},
        finished=timezone.now() if finished else None,
    )
    hand.players.add(user)
    return hand


def test_it_offers_every_game_to_a_visitor_not_signed_in():
    assert offers(None) == expected(EVERY_GAME)


def test_it_offers_every_game_beside_open_a_table_to_a_new_player():
    newcomer = UserFactory(username="newcomer")
    page = client_for(newcomer).get("/").content.decode()
    form = page.index('class="new-room"')
    assert form < page.index('id="new-room"') < page.index('id="learn-offer"') < page.index("</form>", form)
    assert offers(newcomer) == expected(EVERY_GAME)


def test_it_stops_offering_a_game_once_the_player_finished_a_hand_of_it():
    player = UserFactory(username="player")
    other = UserFactory(username="other")
    a_hand(player, "czech", finished=False)  # still running: not finished yet
    a_hand(other, "bridge", finished=True)  # someone else's
    assert offers(player) == expected(EVERY_GAME)
    a_hand(player, "hungarian", finished=True)
    assert offers(player) == expected([g for g in EVERY_GAME if g[0] != "hungarian"])
    assert offers(other) == expected([g for g in EVERY_GAME if g[0] != "bridge"])


def test_it_offers_nothing_once_every_game_was_played_to_the_end():
    veteran = UserFactory(username="veteran")
    for key, _name in EVERY_GAME:
        a_hand(veteran, key, finished=True)
    page = client_for(veteran).get("/").content.decode()
    assert offers(veteran) == [] and "learn-offer" not in page
