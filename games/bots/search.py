"""Determinised Monte Carlo search over the card play, shared by every variant's strong robot.

At a card decision with more than one real choice a ``Search``:

1. reads from its own view everything it knows (the variant's ``prepare``: a sampler of the
   unseen cards and a world to fill in, plus the candidate cards, equivalent cards merged);
2. deals the unseen cards at random many times, consistently with all of that;
3. for each such world plays each candidate followed by the basic robot's play for every seat
   to the end, the rules core listing the legal cards and scoring the hand (the variant's
   ``playout``, ``playout.play_to_end``, each card added by ``fastplay``: the seat's payment);
4. picks the card with the best mean, the same worlds being used for every candidate; it stops
   early once one card is clearly best (``CLEAR_Z`` standard errors of the paired
   difference), after its count of worlds in any case. Every other decision is the basic
   robot's.

The budget is a count: ``playout_budget`` playouts per decision (so many worlds). Only live
play (``games.bots.LIVE``, the robot runner's tables whose seed is not fixed) adds a cap of wall
time, ``time_budget`` seconds: the search then also stops before one more world, as slow as the
slowest so far, would pass it, so that a busy machine keeps a table's robots quick. Without a
``time_budget`` (None) no clock is read at all, and the choice is a function of the view and the
``rng`` alone: the same seed gives the same play however loaded the machine is (tests, duels,
the daily deal).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from games.rules.cards import HONOURS, PACK_54, card_points

from .view import Policy, View, seat_of

MIN_SAMPLES = 6
MAX_SAMPLES = 40
TIME_BUDGET = 0.8  # seconds of wall time per decision: live play's cap (games.bots.LIVE)
CLEAR_Z = 3.0

V = TypeVar("V", bound=View)  # untranslated: a type variable: a variant's view (games.rules.views)
State = TypeVar("State")  # untranslated: a type variable: a variant's state of the play phase
Sample = TypeVar("Sample")  # untranslated: a type variable: one world dealt (a state)


def checked_budgets(playout_budget: int | None, time_budget: float | None) -> None:
    """A clear error for a budget that is not a positive count of playouts, or a time cap that is
    not a positive number of seconds (None: the default count; no clock)."""
    if playout_budget is not None and (
        isinstance(playout_budget, bool) or not isinstance(playout_budget, int) or playout_budget < 1
    ):
        raise ValueError(
            f"playout_budget must be a positive number of playouts, not {playout_budget!r}"  # untranslated: programmer error  # noqa: E501
        )
    if time_budget is not None and (
        isinstance(time_budget, bool) or not isinstance(time_budget, int | float) or not time_budget > 0
    ):
        raise ValueError(
            f"time_budget must be a positive number of seconds or None (no clock), not {time_budget!r}"  # untranslated: programmer error  # noqa: E501
        )


def clock_started(time_budget: float | None) -> float | None:
    """When a decision under a cap of wall time started; None (no clock read) without one."""
    return None if time_budget is None else time.perf_counter()


class Dealer(Protocol):
    """Deals the cards a seat cannot see (a variant's sampler): cards per slot, or None."""

    def sample(self, rng: random.Random) -> list[list[str]] | None: ...


class World(Generic[V, State]):
    """One decision's worlds, seen from the seat ``me``: the play-phase state as the seat sees
    it (the variant's subclass, from the view), which each deal of the ``sampler`` fills in
    (``fill``), the cards worth a search (``candidates``), and the playout of a candidate card in
    a filled-in world (``playout``: the seat's result)."""

    def __init__(self, view: V, sampler: Dealer) -> None:
        self.sampler = sampler
        self.me = seat_of(view)

    def sample(self, rng: random.Random) -> State | None:
        """A filled-in world, or None when no consistent deal was found."""
        dealt = self.sampler.sample(rng)
        return None if dealt is None else self.fill(dealt)

    def candidates(self, view: V, legal: list[str]) -> list[str]:
        """The cards worth a search among the ``legal`` ones (equivalent cards merged)."""
        raise NotImplementedError

    def fill(self, dealt: list[list[str]]) -> State:
        raise NotImplementedError

    def playout(self, state: State, card: str) -> float:
        raise NotImplementedError


class Search(Generic[V, State]):
    playout_budget = 160  # playouts per decision, shared among the candidates
    max_worlds = MAX_SAMPLES  # worlds per decision at most (the variant's)
    basic_policy: Callable[[], Policy[V]]  # the variant's basic robot, for every other decision
    world: Callable[[V], World[V, State]]  # the variant's worlds of one decision, from its view

    def __init__(self, playout_budget: int | None = None, time_budget: float | None = None) -> None:
        """``playout_budget``: playouts per decision (None: the variant's); ``time_budget``: a cap
        of wall time in seconds, for live play only (None: no clock is read)."""
        checked_budgets(playout_budget, time_budget)
        self.basic = self.basic_policy()
        if playout_budget is not None:
            self.playout_budget = playout_budget
        self.time_budget = time_budget

    def prepare(self, view: V, legal: list[str]) -> tuple[World[V, State], list[str]]:
        """The worlds of this decision and its candidate cards."""
        world = self.world(view)
        return world, world.candidates(view, legal)

    def choose(self, view: V, legal: list[str], rng: random.Random) -> str:
        if len(legal) > 1 and view.get("phase") == "play":
            card = self.choose_card(view, [a[5:] for a in legal], rng)
            if card is not None:
                return "play:" + card
        return self.basic.choose(view, legal, rng)

    def choose_card(self, view: V, legal: list[str], rng: random.Random) -> str | None:
        started = clock_started(self.time_budget)
        world, cands = self.prepare(view, legal)
        if len(cands) == 1:
            return cands[0]
        samples = worlds(self.playout_budget, len(cands), self.max_worlds)
        return best_on_average(
            cands, samples, lambda: world.sample(rng), world.playout, started, self.time_budget
        )


def worlds(playout_budget: int, candidates: int, most: int) -> int:
    """The worlds a search deals: its budget shared among the candidates, at most ``most``, and
    at least ``MIN_SAMPLES`` (a budget smaller than that: the budget itself, a search this quick
    being for tests of its paths, not of its play)."""
    return max(min(MIN_SAMPLES, playout_budget), min(most, playout_budget // candidates))


def best_on_average(
    cands: list[str],
    samples: int,
    sample: Callable[[], Sample | None],
    value: Callable[[Sample, str], float],
    started: float | None = None,
    time_budget: float | None = None,
) -> str | None:
    """The candidate with the best mean ``value(world, candidate)`` over the worlds of
    ``paired_values``; None when not even one world was dealt."""
    values = paired_values(cands, samples, sample, value, started, time_budget)
    if values is None:
        return None
    means = [sum(v) / len(v) for v in values]
    return cands[max(range(len(cands)), key=means.__getitem__)]


def paired_values(
    cands: Sequence[str],
    samples: int,
    sample: Callable[[], Sample | None],
    value: Callable[[Sample, str], float],
    started: float | None = None,
    time_budget: float | None = None,
) -> list[list[float]] | None:
    """Each candidate's ``value(world, candidate)`` in up to ``samples`` worlds from
    ``sample()`` (None: no world could be dealt), every candidate tried in the same worlds
    (paired). It stops early once one is clearly best (``clear``); given a ``time_budget`` (live
    play), also before one more world, as slow as the slowest so far, would take it past
    ``time_budget`` seconds from ``started``; None when not even one world was dealt. Without a
    time budget no clock is read: the result is a function of the worlds alone."""
    if time_budget is not None and started is None:
        raise ValueError(
            "a time budget needs the time the decision started"  # untranslated: programmer error
        )
    values: list[list[float]] = [[] for _ in cands]
    slowest = 0.0
    for n in range(samples):
        begun = 0.0 if time_budget is None else time.perf_counter()
        world = sample()
        if world is None:
            break
        for j, card in enumerate(cands):
            values[j].append(value(world, card))
        if time_budget is not None and started is not None:
            now = time.perf_counter()
            slowest = max(slowest, now - begun)
            if now - started + slowest > time_budget:
                break
        if n + 1 >= MIN_SAMPLES and clear(values):
            break
    return values if values[0] else None


def clear(values: list[list[float]]) -> bool:
    """The best candidate beats every other by ``CLEAR_Z`` standard errors of the paired difference."""
    n = len(values[0])
    means = [sum(v) / n for v in values]
    best = max(range(len(values)), key=means.__getitem__)
    for j, other in enumerate(values):
        if j == best:
            continue
        diffs = [a - b for a, b in zip(values[best], other, strict=True)]
        if not any(diffs):
            continue  # the same in every world: either will do
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean <= CLEAR_Z * math.sqrt(var / n) + 1e-9:
            return False
    return True


def candidates(
    hand: list[str], legal: list[str], gone: set[str], called: str | None, rank: dict[str, int]
) -> list[str]:
    """The legal cards, with equivalent ones merged into their lowest: one-point cards of one
    suit (or plain trumps) with nothing between them but cards played (``gone``, which may
    include cards known to be out of play) or in the own hand; never an honour or ``called``.
    Shared by the Czech and Slovenian strong robots."""
    held = set(hand)
    by_rank = sorted(legal, key=lambda c: (c[0], rank[c]))
    result: list[str] = []
    previous: str | None = None
    for card in by_rank:
        plain = card_points(card) == 1 and card not in HONOURS and card != called
        if plain and previous is not None and previous[0] == card[0]:
            between = [
                c
                for c in PACK_54
                if c[0] == card[0]
                and rank[previous] < rank[c] < rank[card]
                and c not in gone
                and c not in held
            ]
            if not between:
                previous = card
                continue
        result.append(card)
        previous = card if plain else None
    return result
