"""The room page as a card table: every viewer sees the seats round the felt in playing order
from their own place (``data-pos`` 0 is the bottom of the screen, 1 the next seat to play),
the audience from seat 0's; the log, score and rules sit in panels that slide in."""

from __future__ import annotations

import re

import pytest

from tests.factories import UserFactory
from tests.web.helpers import client_for, open_table

pytestmark = pytest.mark.django_db(transaction=True)

SEAT = re.compile(r'<li class="seat[^"]*" data-seat="(\d)" data-pos="(\d)"')


def positions(html: str) -> dict[int, int]:
    """{seat: place round the felt} as the seats partial lays them out."""
    return {int(seat): int(pos) for seat, pos in SEAT.findall(html)}


def test_it_puts_each_player_at_the_bottom_and_the_next_seat_after(friends_table):
    room, owner, friend = friends_table
    # 4 seats: the viewer at 0 (bottom), the next to play at 1, across at 2, the last at 3.
    assert positions(client_for(owner).get(f"/r/{room.code}/").content.decode()) == {0: 0, 1: 1, 2: 2, 3: 3}
    assert positions(client_for(friend).get(f"/r/{room.code}/").content.decode()) == {1: 0, 2: 1, 3: 2, 0: 3}


def test_it_shows_the_audience_the_table_from_seat_0(friends_table):
    room, _owner, _friend = friends_table
    html = client_for(UserFactory(username="watcher")).get(f"/r/{room.code}/").content.decode()
    assert positions(html) == {0: 0, 1: 1, 2: 2, 3: 3}
    assert 'data-seat-count="4"' in html


def test_it_lays_three_seats_round_a_slovenian_felt():
    owner = UserFactory(username="owner")
    room = open_table(owner, robots=2, variant="slovenian3")
    html = client_for(owner).get(f"/r/{room.code}/").content.decode()
    assert positions(html) == {0: 0, 1: 1, 2: 2}
    assert '<ol id="seats" class="seats" data-seat-count="3"' in html


def test_it_puts_the_log_score_and_rules_in_panels_and_leave_in_the_tools_during_a_hand(friends_table):
    room, owner, _friend = friends_table
    html = client_for(owner).get(f"/r/{room.code}/").content.decode()
    panels = {"drawer-log": 'id="log"', "drawer-score": 'id="scoreboard"', "drawer-rules": "rules-list"}
    for panel, partial in panels.items():
        start = html.index(f'id="{panel}"')
        assert html.index(partial, start) < html.index("</details>", start), panel
    # A hand runs: Leave is in the rules panel's tools, behind its confirmation (issue 35).
    rules = html.index('id="drawer-rules"')
    assert rules < html.index('id="leave-confirm"') < html.index('id="seats"')
    assert 'id="leave"' not in html
