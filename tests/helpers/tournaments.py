"""Tournaments for the tests: one made and entered through the pages' doors, and its tables'
hands played to the end by their people (each taking its first legal action, as
``tests.web.helpers.play_out`` does) while the robots move inline."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from games import services
from games.models import Hand
from games.rules import get_variant
from games.services import replay
from games.tournaments import driver, entries
from games.tournaments.models import Tournament, TournamentTable


def make(host: Any, **plan: Any) -> Tournament:
    """A tournament hosted by ``host``: Hungarian, 2 rounds of 1 hand, duplicate, a 60 s clock,
    basic robots, starting in an hour, unless ``plan`` says otherwise."""
    fields = {
        "name": "Club night",
        "variant": "hungarian",
        "rounds": 2,
        "hands_per_round": 1,
        "starts_at": timezone.now() + timedelta(hours=1),
        "turn_clock": 60,
        "robot_level": "basic",
        **plan,
    }
    return entries.create(host, entries.Plan(**fields))


def play_hand(hand: Hand) -> Hand:
    """Every person to act at ``hand`` takes their first legal action until the hand is over
    (the robots answer inline)."""
    variant = get_variant(hand.variant)
    for _ in range(600):
        hand.refresh_from_db()
        if hand.is_over:
            return hand
        state = replay.current(hand)
        people = dict(hand.room.seats.exclude(user=None).values_list("index", "user"))
        moved = False
        for seat in sorted(variant.to_act(state)):
            if seat in people:
                legal = variant.legal_actions(state, seat)
                services.submit_action(hand.pk, seat, legal[0], hand.seq, actor=None)
                moved = True
                break
        if not moved:
            raise AssertionError(f"nobody moves at hand {hand.pk}: {variant.to_act(state)}")
    raise AssertionError("the hand did not end")


def play_round(tournament: Tournament) -> list[TournamentTable]:
    """Every table of the current round played to its last deal, the driver dealing each next
    one (its pause taken as passed)."""
    tournament.refresh_from_db()
    tables = list(tournament.tables.filter(round=tournament.round).select_related("room"))
    for table in tables:
        for _ in range(len(table.room.set_deals)):
            play_hand(table.room.current_hand())
            later = timezone.now() + timedelta(hours=1)
            driver.advance(tournament.pk, later)
    return tables
