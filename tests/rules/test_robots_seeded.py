"""A seeded robot's play is a function of its seed alone: its budget is a count of playouts and
it reads no clock, so a busy machine cannot change its moves (tests, duels, the daily deal).
Only live play's strong robot (``get_robot(level, live=True)``) is capped by wall time."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.bots import Robot, StrongRobot, get_robot, seat_view
from games.bots.duel import duplicate_deal
from games.bots.search import TIME_BUDGET, worlds
from games.rules import HandContext, get_variant
from games.rules.base import resolve_options
from tests.rules.robot_checks import jumping_clock

GAMES = [("hungarian", {}), ("czech", {}), ("slovenian3", {}), ("bridge", {"players": 3})]


def played(variant_key: str, options: dict[str, Any], robot: Robot, seed: int) -> list[str]:
    """Every action of one hand (a duel's deal ``seed``) with ``robot`` in every seat, seeded."""
    variant = get_variant(variant_key)
    seats = variant.seat_count(resolve_options(variant.options, options))
    dealer = seed % seats
    deal = duplicate_deal(variant, seed, 0, dealer, options)
    state = variant.new_hand(deal, HandContext(dealer=dealer, options=options))
    rng = random.Random(f"seeded:{seed}")
    moves = []
    while not variant.is_over(state):
        seat = min(variant.to_act(state))
        legal = variant.legal_actions(state, seat)
        action = robot.choose(seat_view(variant, state, seat), legal, rng)
        moves.append(f"{seat} {action}")
        state = variant.apply(state, seat, action)
    return moves


@pytest.mark.parametrize(("variant_key", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_a_seeded_strong_robot_plays_the_same_however_busy_the_machine(variant_key, options, monkeypatch):
    # A count of playouts, and no cap of wall time: the constructor a seeded table uses.
    robot = StrongRobot(playout_budget=24)
    calm = played(variant_key, options, robot, seed=3)
    with jumping_clock(monkeypatch) as clock:
        busy = played(variant_key, options, robot, seed=3)
    assert busy == calm
    assert clock.readings == 0  # not even read: the moves cannot depend on it


def test_the_strong_level_is_a_count_and_only_live_play_has_a_clock():
    for variant_key, policy in get_robot("strong").policies.items():
        assert policy.time_budget is None, variant_key
    for variant_key, policy in get_robot("strong", live=True).policies.items():
        assert policy.time_budget == TIME_BUDGET, variant_key
    for level in ("random", "basic"):
        assert get_robot(level, live=True) is get_robot(level)


def test_live_play_stops_searching_when_its_wall_time_is_spent(monkeypatch):
    # A clock that has always run out: the live robot reads it and searches one world a decision.
    with jumping_clock(monkeypatch) as clock:
        moves = played("slovenian3", {}, get_robot("strong", live=True), seed=3)
    assert moves and clock.readings > 0


@pytest.mark.parametrize(
    ("playout_budget", "time_budget"),
    [(0, None), (-3, None), (2.5, None), (True, None), (8, 0), (8, -1.0), (8, "1")],
)
def test_a_budget_that_is_not_a_positive_count_or_cap_is_refused(playout_budget, time_budget):
    with pytest.raises(ValueError, match="must be a positive number"):
        StrongRobot(playout_budget=playout_budget, time_budget=time_budget)


def test_a_search_deals_its_budget_shared_among_the_candidates_within_its_bounds():
    assert [worlds(budget, 4, 40) for budget in (1, 2, 8, 24, 100, 160, 400)] == [1, 2, 6, 6, 25, 40, 40]
