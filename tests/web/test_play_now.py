"""Play in one tap (issue 35): the lobby's "Play now" opens a table of the game with robots in
every other seat and the defaults, dealt at once, for a member, a guest or a visitor (made a
guest first); a bad game, the table door's rate and the open-tables quota refuse it with nothing
created. The header reaches Learn, the daily deal and the ratings on every page, and leaving a
running hand takes a second, deliberate step."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from accounts.models import User
from games.models import Hand, Room
from tests.factories import UserFactory
from tests.web.helpers import client_for, open_table

pytestmark = pytest.mark.django_db

SEATS = {"hungarian": 4, "czech": 4, "slovenian3": 3, "bridge": 3}


def play_now(client: Client, variant: str, **headers: str) -> Any:
    return client.post("/rooms/play-now", {"variant": variant}, **headers)


@pytest.mark.parametrize("variant", sorted(SEATS))
def test_play_now_opens_a_table_with_robots_and_the_defaults_and_deals(variant):
    user = UserFactory()
    response = play_now(client_for(user), variant)
    room = Room.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/r/{room.code}/"
    seats = list(room.seats.order_by("index"))
    assert len(seats) == SEATS[variant]
    assert seats[0].user == user and all(s.user is None and s.robot == "basic" for s in seats[1:])
    assert room.variant == variant and room.rated and room.turn_clock == 0
    assert not room.private and not room.locked and room.open_audience and room.chat_on
    assert Hand.objects.filter(room=room, number=1).exists()  # dealt at once


def test_a_visitor_is_made_a_guest_and_seated_in_one_tap():
    client = Client()
    lobby = client.get("/").content.decode()
    assert 'action="/rooms/play-now"' in lobby and 'data-play-now="czech"' in lobby
    response = play_now(client, "czech")
    guest = User.objects.get()
    assert guest.is_guest
    room = Room.objects.get()
    assert response["Location"] == f"/r/{room.code}/"
    assert room.seats.get(index=0).user == guest
    page = client.get(response["Location"]).content.decode()
    assert f'data-user="{guest.username}"' in page  # the same browser is the guest now


def test_play_now_needs_csrf():
    client = Client(enforce_csrf_checks=True)
    assert play_now(client, "hungarian").status_code == 403
    assert not Room.objects.exists() and not User.objects.exists()


@pytest.mark.parametrize("variant", ["", "chess", "HUNGARIAN", "hungarian'"])
def test_a_bad_game_is_refused_and_nothing_is_created(variant):
    visitor = play_now(Client(), variant)
    assert visitor.status_code == 400
    assert "There is no game" in visitor.json()["error"]
    member = play_now(client_for(UserFactory()), variant, HTTP_HX_REQUEST="true")
    assert member.status_code == 400 and "There is no game" in member.content.decode()
    assert not Room.objects.exists() and User.objects.count() == 1  # no guest made either


def test_play_now_only_posts():
    assert client_for(UserFactory()).get("/rooms/play-now?variant=hungarian").status_code == 405
    assert not Room.objects.exists()


def test_play_now_keeps_the_open_tables_quota(settings):
    settings.OPEN_TABLES_PER_USER = 2
    user = UserFactory()
    client = client_for(user)
    open_table(user, 3)
    assert play_now(client, "bridge").status_code == 302
    refused = play_now(client, "bridge")
    assert refused.status_code == 429
    assert "leave one before opening another" in refused.json()["error"]
    assert Room.objects.count() == 2


def test_play_now_counts_at_the_table_door(settings):
    settings.OPEN_TABLES_PER_USER = 0
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "room": {"user": "2/h", "ip": "100/h"}}
    client = client_for(UserFactory())
    assert client.post("/rooms/new", {"variant": "hungarian", "robots": "3"}).status_code == 302
    assert play_now(client, "slovenian3").status_code == 302
    refused = play_now(client, "slovenian3", HTTP_HX_REQUEST="true")  # the same door as "Open a table"
    assert refused.status_code == 429 and "Too many new tables" in refused.content.decode()
    assert int(refused["Retry-After"]) > 0
    assert Room.objects.count() == 2


def test_a_visitor_refused_at_the_guest_door_gets_no_guest_and_no_table(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "guest": {"ip": "1/h"}}
    assert play_now(Client(), "hungarian").status_code == 302
    refused = play_now(Client(), "hungarian", HTTP_ACCEPT="text/html")
    assert refused.status_code == 429
    assert User.objects.count() == 1 and Room.objects.count() == 1


def test_the_opening_form_is_folded_under_more_options_with_its_checkboxes_beside_their_words():
    html = client_for(UserFactory()).get("/").content.decode()
    folded = html[html.index('<details class="more-options"') :]
    assert folded.index('class="new-room"') < folded.index('id="new-room"')
    assert re.search(r'<button type="submit" id="new-room" class="big">', html)
    for name in ("rated", "private", "locked", "closed_audience"):
        assert re.search(rf'<label class="check"><input type="checkbox" name="{name}"', html), name
    assert html.index('class="play-now"') < html.index('class="more-options"')  # Play now first


SITE_LINKS = {"learn": "/learn/", "daily": "/daily/", "ratings": "/leaderboard/"}


@pytest.mark.parametrize("user", [None, "member"])
def test_the_header_reaches_learn_daily_and_ratings_on_every_page(user):
    someone = UserFactory() if user else None
    room = open_table(UserFactory(), 3)
    pages = [
        "/",
        "/learn/",
        "/learn/czech/",
        "/daily/",
        "/leaderboard/",
        "/leaderboard/bridge/",
        f"/r/{room.code}/",
        "/cards/",
        "/tutorial/hungarian/",
    ]
    pages += ["/history/", "/accounts/password/change/"] if someone else ["/accounts/login/"]
    client = client_for(someone)
    for path in pages:
        response = client.get(path)
        assert response.status_code == 200, path
        html = response.content.decode()
        header = html[html.index('<header class="topbar">') : html.index("</header>")]
        for key, href in SITE_LINKS.items():
            # Once in the wide screen's line and once in the phone's menu.
            assert header.count(f'<a href="{href}" data-site-link="{key}">') == 2, (path, key)
        assert '<details class="site-menu" id="site-menu">' in header, path
    for href in SITE_LINKS.values():
        assert client.get(href).status_code == 200


def test_leave_is_on_your_seat_only_while_no_hand_runs_and_in_the_tools_behind_a_second_step():
    owner = UserFactory()
    waiting = open_table(owner, 2)  # a free seat: no hand yet
    html = client_for(owner).get(f"/r/{waiting.code}/").content.decode()
    mine = html[html.index('data-seat="0" data-pos="0"') :]
    assert mine.index('id="leave"') < mine.index("</li>")  # simple before the first hand
    assert "hx-confirm" not in mine[: mine.index("</li>")]
    playing = open_table(owner, 3)  # dealt at once
    html = client_for(owner).get(f"/r/{playing.code}/").content.decode()
    assert 'id="leave"' not in html  # not one slip away on the seat
    tools = html[html.index('id="table-tools"') :]
    tools = tools[: tools.index('id="leave-confirm"') + 200]
    assert '<details class="leave-menu" id="leave-menu">' in tools
    assert f'hx-post="/r/{playing.code}/leave">Yes, leave the table</button>' in tools
    assert "confirm(" not in html and "hx-confirm" not in tools
