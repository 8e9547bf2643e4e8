"""The lobby: tables grouped as open seats / playing / finished, a filter by game that works
without a script, private tables nowhere, finished and stale robot tables leaving the list."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils import timezone

from games import services
from games.autoplay import runner
from games.models import Hand, HandAction, Room
from games.tables import lobby
from tests.factories import UserFactory
from tests.web.helpers import client_for, open_table

pytestmark = pytest.mark.django_db

GROUP = re.compile(r'data-group="(\w+)"|data-room="(\w+)"')


def listed(html: str) -> dict[str, list[str]]:
    """{group: [room codes]} as the page lists them."""
    groups: dict[str, list[str]] = {}
    current = ""
    for group, room in GROUP.findall(html):
        if group:
            current = group
            groups[current] = []
        else:
            groups[current].append(room)
    return groups


def finish(room: Room, minutes_ago: float) -> None:
    """The room's hand finished ``minutes_ago`` and the host ended the match."""
    hand = room.current_hand()
    Hand.objects.filter(pk=hand.pk).update(finished=timezone.now() - timedelta(minutes=minutes_ago))
    Room.objects.filter(pk=room.pk).update(ended_match=hand.match_no)


@pytest.fixture
def tables():
    host = UserFactory(username="host")
    return {
        "waiting": open_table(host, robots=1, variant="czech"),
        "playing": open_table(host, robots=3, variant="hungarian"),
        "finished": open_table(host, robots=3, variant="czech"),
        "long_finished": open_table(host, robots=3, variant="czech"),
        "private": open_table(host, robots=1, variant="czech"),
        "closed": open_table(host, robots=1, variant="czech"),
    }


def test_it_groups_the_tables_and_lists_no_private_closed_or_long_finished_one(tables):
    finish(tables["finished"], minutes_ago=5)
    finish(tables["long_finished"], minutes_ago=31)  # FINISHED_TABLE_MINUTES is 30
    Room.objects.filter(pk=tables["private"].pk).update(private=True)
    Room.objects.filter(pk=tables["closed"].pk).update(closed=True)
    page = client_for(None).get("/")
    assert page.status_code == 200
    assert listed(page.content.decode()) == {
        "open": [tables["waiting"].code],
        "playing": [tables["playing"].code],
        "finished": [tables["finished"].code],
    }
    # The lobby's websocket sends the same list.
    fragment = render_to_string("games/lobby.html#rooms", lobby.lobby_tables())
    assert listed(fragment) == listed(page.content.decode())
    assert tables["private"].code not in page.content.decode() + fragment


def test_the_filter_by_game_keeps_the_grouping(tables):
    finish(tables["finished"], minutes_ago=5)
    html = client_for(None).get("/?game=czech").content.decode()
    assert listed(html) == {
        "open": [tables["closed"].code, tables["private"].code, tables["waiting"].code],
        "playing": [tables["long_finished"].code],
        "finished": [tables["finished"].code],
    }
    assert 'ws-connect="/ws/lobby/?game=czech"' in html
    assert '<option value="czech" selected>' in html
    assert listed(client_for(None).get("/?game=hungarian").content.decode()) == {
        "open": [],
        "playing": [tables["playing"].code],
        "finished": [],
    }


def test_an_unknown_game_is_refused_clearly_and_every_game_shown(tables):
    page = client_for(None).get("/?game=chess")
    html = page.content.decode()
    assert page.status_code == 400
    assert "There is no game &#x27;chess&#x27;: choose hungarian, czech, slovenian3, bridge." in html
    assert sum(len(codes) for codes in listed(html).values()) == len(tables)


@pytest.mark.django_db(transaction=True)
def test_a_table_nobody_sits_at_is_closed_once_idle_for_the_set_hours(settings):
    settings.ROBOT_TABLE_HOURS = 2
    host = UserFactory(username="host")
    stale, fresh, peopled = (open_table(host, robots=3) for _ in range(3))
    for room in (stale, fresh):
        services.leave(room, host)  # the last person leaves: the table closes...
        Room.objects.filter(pk=room.pk).update(closed=False)  # ...say it had not (a guest's seat)
        runner.schedule(room.current_hand().pk)  # the robots play the hand out alone
    assert HandAction.objects.filter(hand__room=fresh).exists()
    long_ago = timezone.now() - timedelta(hours=3)
    for room in (stale, peopled):
        Room.objects.filter(pk=room.pk).update(created=long_ago)
        Hand.objects.filter(room=room).update(created=long_ago)
        HandAction.objects.filter(hand__room=room).update(created=long_ago)
    Room.objects.filter(pk=fresh.pk).update(created=long_ago)
    Hand.objects.filter(room=fresh).update(created=long_ago)  # but a move an hour ago
    HandAction.objects.filter(hand__room=fresh).update(created=timezone.now() - timedelta(hours=1))
    cache.delete("tables:robot-sweep")
    client_for(None).get("/")
    assert {r.code: r.closed for r in Room.objects.all()} == {
        stale.code: True,
        fresh.code: False,
        peopled.code: False,
    }
    # Once a minute across processes: a second load does not sweep again.
    Room.objects.filter(pk=stale.pk).update(closed=False)
    client_for(None).get("/")
    assert not Room.objects.get(pk=stale.pk).closed
