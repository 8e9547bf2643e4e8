"""The random robot chooses only legal actions, from its seat's view, and rarely annuls or
trial-bids (hungarian.md §4.6, §5.3)."""

from __future__ import annotations

import random

from games.bots import RandomRobot, seat_view
from games.rules import HandContext
from games.rules.hungarian import HUNGARIAN

ROBOT = RandomRobot()


def test_robots_play_whole_hands_with_legal_actions_only():
    for index in range(200):
        rng = random.Random(index)
        deal = HUNGARIAN.deal(rng, 4, {}, dealer=index % 4)
        state = HUNGARIAN.new_hand(deal, HandContext(dealer=index % 4))
        while not HUNGARIAN.is_over(state):
            seat = min(HUNGARIAN.to_act(state))
            legal = HUNGARIAN.legal_actions(state, seat)
            action = ROBOT.choose(seat_view(HUNGARIAN, state, seat), legal, rng)
            assert action in legal
            state = HUNGARIAN.apply(state, seat, action)


def test_annul_and_the_trial_bid_are_rare_choices():
    rng = random.Random(1)
    discard_view = {"variant": "hungarian", "phase": "discard", "hand": ["T1", "HK", "HQ"]}
    annul = [ROBOT.choose(discard_view, ["annul", "discard:HQ"], rng) for _ in range(1000)]
    assert 50 < annul.count("annul") < 150  # about 1 in 10
    trial_view = {"variant": "hungarian", "phase": "auction", "hand": ["T20", "T5", "HQ"]}  # no honour
    trial = [ROBOT.choose(trial_view, ["pass", "bid:three"], rng) for _ in range(1000)]
    assert 50 < trial.count("bid:three") < 150
    # Where passing is refused (the yield spot), the robot holds or raises.
    assert ROBOT.choose(
        {"variant": "hungarian", "phase": "auction", "hand": ["T21"]}, ["bid:one", "hold"], rng
    ) in {
        "bid:one",
        "hold",
    }
