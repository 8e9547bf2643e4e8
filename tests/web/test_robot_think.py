"""The operator's TAROKK_ROBOT_THINK: the seconds a live strong robot may think a decision (its
card search and its other decisions alike); unset, the robots' own cap. Tables with a fixed
seed never read a clock, whatever it says. (Nonsense is refused at start-up: test_safe_defaults.)"""

from __future__ import annotations

from games.autoplay.robots import robot_for
from games.bots import LIVE, StrongRobot, get_robot, search


def test_unset_the_live_strong_robot_thinks_within_the_robots_own_cap(settings):
    settings.ROBOT_THINK = None
    robot = robot_for("strong", live=True)
    assert robot is LIVE["strong"]
    assert robot.decision_time == search.TIME_BUDGET


def test_set_every_search_of_the_live_strong_robot_stops_at_it(settings):
    settings.ROBOT_THINK = 0.3
    robot = robot_for("strong", live=True)
    assert isinstance(robot, StrongRobot) and robot is not LIVE["strong"]
    assert robot.decision_time == 0.3
    assert {policy.time_budget for policy in robot.policies.values()} == {0.3}
    assert robot_for("strong", live=True) is robot  # made once per setting
    # A seeded table's robot reads no clock, and other levels do not search.
    assert robot_for("strong", live=False) is get_robot("strong")
    assert robot_for("basic", live=True) is get_robot("basic")
