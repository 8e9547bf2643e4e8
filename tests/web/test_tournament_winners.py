"""A finished tournament's winners: the first three places and whoever shares the third, each
numbered by their rank (1, 2, 2, 2), not cut at three lines that drop a tied player."""

from __future__ import annotations

import re

import pytest

from games.tournaments import entries, results
from games.tournaments.models import Tournament
from tests.factories import UserFactory
from tests.helpers import tournaments as helper
from tests.web.helpers import client_for

pytestmark = pytest.mark.django_db


def test_everyone_sharing_the_third_place_is_a_winner_numbered_by_rank(monkeypatch):
    host = UserFactory(username="hostka")
    tournament = helper.make(host)
    people = [UserFactory(username=f"nyertes{i}") for i in range(5)]
    for person in people:
        entries.join(tournament, person)
    Tournament.objects.filter(pk=tournament.pk).update(state=Tournament.FINISHED)
    by_user = {e.user_id: e for e in tournament.entries.all()}
    ranks = [1, 2, 2, 2, 5]
    rows = [results.Row(rank, by_user[p.pk], 50.0, 0, 2) for rank, p in zip(ranks, people, strict=True)]
    monkeypatch.setattr(results, "standings", lambda tournament, tables=None: rows)

    page = client_for(host).get(f"/t/{tournament.code}/").content.decode()

    (winners,) = re.findall(r'<ol class="winners" id="winners">(.*?)</ol>', page, re.S)
    assert re.findall(r'<li value="(\d+)">(nyertes\d)', winners) == [
        ("1", "nyertes0"),
        ("2", "nyertes1"),
        ("2", "nyertes2"),
        ("2", "nyertes3"),
    ]
