"""Checks the robot tests of every variant share (tests/rules/test_*_robots.py): a robot's
input names no hidden card (``Watched``), hidden cards do not change its choice, the strong
robot answers legally and in time, a clock that has always run out (``jumping_clock``), and the
duel command prints its report."""

from __future__ import annotations

import io
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.core.management import call_command

from games.bots import BasicRobot, RandomRobot, StrongRobot, get_robot, search, seat_view
from tests.rules.english import dumps
from tests.rules.playout_checks import CARD_TOKEN

# The strong robot's searches with a budget of one playout a card and two worlds a decision before
# the card play (counts: no clock, so its choices follow from the seed alone): the same code paths,
# fast enough for many hands.
QUICK_STRONG = StrongRobot(playout_budget=1, decision_worlds=2)

ViewOf = Callable[[Any, Any, int], dict[str, Any]]


def observed(variant: Any, state: Any, seat: int) -> dict[str, Any]:
    """The seat's view as a page shows it (``seat_view`` adds the log as the seat saw it)."""
    return variant.observe(state, seat)


class Watched:
    """Wraps a robot and checks each of its inputs for cards its seat may not know. A variant's
    subclass gives ``variant``, ``hidden(state, seat, legal)`` and may count in ``note`` the
    kinds of hidden cards the check was exercised on (``hidden_kinds``)."""

    variant: Any

    def __init__(self, robot: Any) -> None:
        self.robot = robot
        self.checked = 0
        self.hidden_kinds: Counter[str] = Counter()

    def hidden(self, state: Any, seat: int, legal: list[str]) -> set[str]:
        raise NotImplementedError

    def note(self, state: Any, seat: int, hidden: set[str]) -> None:
        """Count the kinds of hidden cards in this decision."""

    def choose(self, state: Any, seat: int, legal: list[str], rng: random.Random) -> str:
        hidden = self.hidden(state, seat, legal)
        view = seat_view(self.variant, state, seat)
        seen = set(CARD_TOKEN.findall(dumps([view, legal])))
        assert not seen & hidden, (state.phase, sorted(seen & hidden))
        self.note(state, seat, hidden)
        self.checked += 1
        return self.robot.choose(view, legal, rng)

    @classmethod
    def levels(cls) -> dict[str, Watched]:
        """Every level, watched (the strong robot with a tiny budget)."""
        return {"random": cls(RandomRobot()), "basic": cls(BasicRobot()), "strong": cls(QUICK_STRONG)}


def assert_hidden_cards_do_not_matter(
    variant: Any, state: Any, other: Any, seat: int, robots: Iterable[Any], view_of: ViewOf = seat_view
) -> None:
    """``other`` is ``state`` with hidden cards moved: ``seat`` sees the same view and the same
    legal actions, and each robot, seeded alike, chooses the same in both."""
    assert other.hands != state.hands
    view = view_of(variant, state, seat)
    assert view_of(variant, other, seat) == view
    legal = variant.legal_actions(state, seat)
    assert variant.legal_actions(other, seat) == legal
    for robot in robots:
        first = robot.choose(view, legal, random.Random(7))
        again = robot.choose(view_of(variant, other, seat), legal, random.Random(7))
        assert first == again


def unlimited_strong(playout_budget: int) -> StrongRobot:
    """The strong robot with a count of playouts and no cap of wall time (none is read), so that
    only the view and the seed count."""
    return StrongRobot(playout_budget=playout_budget)


def assert_strong_answers_in_time(variant: Any, states: Iterable[Any], view_of: ViewOf = seat_view) -> None:
    """Live play's strong robot answers each position legally and keeps to its thinking budget
    (``search.TIME_BUDGET``: 0.8 s of wall time, then it stops sampling). Counted in this
    process's CPU time, so that other work on the machine cannot make it fail; the bound is a
    budget kept, not a speed target (those are in bench/)."""
    robot = get_robot("strong", live=True)
    times = []
    for state in states:
        (seat,) = state.to_act
        legal = variant.legal_actions(state, seat)
        started = time.process_time()
        action = robot.choose(view_of(variant, state, seat), legal, random.Random(1))
        times.append(time.process_time() - started)
        assert action in legal
    # CPU time is at most the wall time the cap allows, and a search stops before one more world
    # would pass it: the budget and a world's margin, whatever else the machine does.
    assert max(times) < search.TIME_BUDGET + 0.2, times


class JumpingClock:
    """Stands in for the clocks a search could read: each reading is a minute after the last,
    as on a machine so loaded that any budget of wall time runs out at once. Counts the readings."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        self.now += 60.0
        return self.now


@contextmanager
def jumping_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[JumpingClock]:
    clock = JumpingClock()
    with monkeypatch.context() as patch:
        for name in ("perf_counter", "monotonic", "time", "process_time"):
            patch.setattr(time, name, clock)
        yield clock


def duel_output(*arguments: str) -> str:
    """What ``manage.py robots_duel <arguments>`` prints."""
    out = io.StringIO()
    call_command("robots_duel", *arguments, stdout=out)
    return out.getvalue()
