"""Finished hands for the analysis's tests (tests/analysis/): two people and robots at a table,
played through the HTTP interface to the end, so that the log names who made each decision."""

from __future__ import annotations

from typing import Any

from django.test import override_settings

from games import services
from games.autoplay import runner
from games.models import Hand, Room
from games.services import replay
from games.services.access import Privacy
from tests import deals
from tests.factories import UserFactory
from tests.web.helpers import play_out


def finished_hand(privacy: Privacy | None = None, variant: str = "hungarian") -> tuple[Hand, Any, Any]:
    """A finished hand of ``owner`` (seat 1) and ``friend`` (seat 2) with robots in the other
    seats: ``(hand, owner, friend)``. The Hungarian one is always the same: the written-out deal
    of tests/deals.py, robots seeded alike (as the daily deal's), both people taking the first
    legal action; so both have decisions to appraise. The others' deals are shuffled, and their
    tables deal a next hand."""
    owner, friend = UserFactory(), UserFactory()
    seats = {"hungarian": 4, "czech": 4, "slovenian3": 3}[variant]
    with override_settings(ROBOT_RUNNER="off"):  # the robots start once the table is set
        room = services.create_room(
            owner, variant, seats - 2, privacy=privacy or Privacy(), robot_level="basic"
        )
        services.sit(room, friend, 1)
    hand = room.current_hand()
    if variant == "hungarian":  # no action yet: the deal may be replaced (as tests/deals.py does)
        hand.deal = {"hands": [h.split() for h in deals.HANDS], "talon": deals.TALON.split()}
        hand.context = {**hand.context, "dealer": 3}
        hand.save()
        replay.forget_all()
        Room.objects.filter(pk=room.pk).update(fixed_seed="analysis-tests")
    runner.schedule(hand.pk)
    return play_out(room, owner, friend), owner, friend
