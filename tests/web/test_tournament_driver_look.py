"""The tournament driver's look at a round in play (every ``TOURNAMENT_TICK`` seconds): the
tables' hands and who has gone are read for all the round's tables at once, and only those who
have gone are handed to robots, each at their own table (bench/tournament.py measured 4 reads a
table before: 103 a look at 25 tables)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Presence, Seat
from games.tournaments import driver, entries
from games.tournaments.models import Tournament
from tests.factories import UserFactory
from tests.helpers import tournaments as helper

pytestmark = pytest.mark.django_db(transaction=True)


def _running(people: int, online: int, club: str = "nezo") -> Tournament:
    """A tournament of ``people`` started, the first ``online`` of them with their table's page open."""
    host = UserFactory(username=f"{club}host")
    tournament = helper.make(host, rounds=1)
    users = [UserFactory(username=f"{club}{i}") for i in range(people)]
    for user in users:
        entries.join(tournament, user)
    entries.start_now(tournament, host)
    seen = timezone.now() + timedelta(hours=1)
    rooms = dict(
        Seat.objects.filter(room__tournament_table__tournament=tournament).values_list("user_id", "room_id")
    )
    Presence.objects.bulk_create(
        Presence(channel=f"t.{u.pk}", user=u, seen=seen, room_id=rooms[u.pk]) for u in users[:online]
    )
    return tournament


def _look(tournament: Tournament, now) -> int:
    """The queries of a look with nothing due (after a first one: the process's caches warm)."""
    driver.advance(tournament.pk, now)
    with CaptureQueriesContext(connection) as queries:
        driver.advance(tournament.pk, now)
    return len(queries)


def test_the_absent_of_every_table_and_only_they_are_handed_to_robots_at_their_own_tables(settings):
    settings.TOURNAMENT_ABSENT = 20
    tournament = _running(12, online=10)  # three tables; the last two people have no page open
    now = timezone.now()
    driver.advance(tournament.pk, now)  # their absence noted
    driver.advance(tournament.pk, now + timedelta(seconds=21))
    gone = {e.user_id for e in tournament.entries.order_by("pk")[10:]}
    for table in tournament.tables.select_related("room"):
        seats = {s.index: s for s in table.room.seats.all()}
        for index, entry_id in enumerate(table.seating):
            user_id = tournament.entries.get(pk=entry_id).user_id
            seat = seats[index]
            if user_id in gone:
                assert (seat.user_id, seat.kept_for_id, bool(seat.robot)) == (None, user_id, True)
            else:
                assert (seat.user_id, seat.kept_for_id) == (user_id, None)


def test_a_look_at_three_tables_reads_no_more_than_at_one():
    later = timezone.now() + timedelta(seconds=1)
    one = _look(_running(4, online=4, club="egy"), later)
    three = _look(_running(12, online=12, club="harom"), later)
    assert three == one, (one, three)
