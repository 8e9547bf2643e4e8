"""The robot runner's robots: at a table of one fixed deal (the daily deal) their play is a
function of the table's seed alone, whatever the clock says; at any other table the strong
robot's search is capped by wall time, so that a busy machine keeps the table quick."""

from __future__ import annotations

import random
from typing import Any

from games.autoplay import runner
from games.bots import get_robot, seat_view
from games.bots.duel import duplicate_deal
from games.rules import HandContext, get_variant
from tests.rules.robot_checks import jumping_clock

SLOVENIAN3 = get_variant("slovenian3")
SEED = "0f3a9c1d2e4b5a6978c0d1e2f3a4b5c6"  # a daily deal's robot seed: 32 hex digits


def searched_decision() -> tuple[Any, int]:
    """A card decision with a choice (one the strong robot searches), reached by basic play."""
    state = SLOVENIAN3.new_hand(duplicate_deal(SLOVENIAN3, 4, 0, 0), HandContext(dealer=0))
    rng = random.Random(4)
    while True:
        seat = min(SLOVENIAN3.to_act(state))
        view, legal = seat_view(SLOVENIAN3, state, seat), SLOVENIAN3.legal_actions(state, seat)
        if view["phase"] == "play" and len(legal) > 1:
            return state, seat
        state = SLOVENIAN3.apply(state, seat, get_robot("basic").choose(view, legal, rng))


def test_a_fixed_deal_tables_strong_robot_plays_by_its_seed_alone(monkeypatch):
    state, seat = searched_decision()
    calm = runner.robot_action(7, SLOVENIAN3, "strong", SEED, 20, state, seat)
    with jumping_clock(monkeypatch) as clock:
        busy = runner.robot_action(7, SLOVENIAN3, "strong", SEED, 20, state, seat)
        other_table = runner.robot_action(8, SLOVENIAN3, "strong", SEED, 20, state, seat)
    assert busy == calm == other_table  # the seed, not the hand, seeds it: alike at every table
    assert clock.readings == 0


def test_any_other_tables_strong_robot_is_capped_by_wall_time(monkeypatch):
    state, seat = searched_decision()
    with jumping_clock(monkeypatch) as clock:
        action = runner.robot_action(7, SLOVENIAN3, "strong", "", 20, state, seat)
    assert action in SLOVENIAN3.legal_actions(state, seat) and clock.readings > 0
