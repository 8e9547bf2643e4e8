"""Determinised Monte Carlo search over the card play, shared by every variant's strong robot.

At a card decision with more than one real choice a ``Search``:

1. reads from its own view everything it knows (the variant's ``prepare``: a sampler of the
   unseen cards and a world to fill in, plus the candidate cards, equivalent cards merged);
2. deals the unseen cards at random many times, consistently with all of that;
3. for each such world plays each candidate followed by the basic robot's play for every seat
   to the end, through the rules core (the variant's ``playout``: the seat's payment);
4. picks the card with the best mean, the same worlds being used for every candidate; it stops
   early once one card is clearly best (``CLEAR_Z`` standard errors of the paired
   difference), and before one more world, as slow as the slowest so far, would pass its time
   budget. Every other decision is the basic robot's.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any, Protocol

from games.rules.cards import HONOURS, PACK_54, card_points

MIN_SAMPLES = 6
MAX_SAMPLES = 40
TIME_BUDGET = 0.18  # seconds per decision
CLEAR_Z = 3.0


class Policy(Protocol):
    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str: ...


class Search:
    playout_budget = 160  # playouts per decision, shared among the candidates
    basic_policy: Callable[[], Policy]  # the variant's basic robot, for every other decision

    def __init__(self, playout_budget: int | None = None, time_budget: float | None = None) -> None:
        self.basic = self.basic_policy()
        if playout_budget is not None:
            self.playout_budget = playout_budget
        self.time_budget = TIME_BUDGET if time_budget is None else time_budget

    # The variant's part -------------------------------------------------------------------

    def prepare(self, view: dict[str, Any], legal: list[str]) -> tuple[Any, Any, list[str]]:
        """(sampler, world, candidate cards) for this decision."""
        raise NotImplementedError

    def playout(self, world: Any, state: Any, card: str) -> float:
        """The seat's result when it plays ``card`` in the filled-in ``state``."""
        raise NotImplementedError

    # The search ---------------------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        if len(legal) > 1 and view.get("phase") == "play":
            card = self.choose_card(view, [a[5:] for a in legal], rng)
            if card is not None:
                return "play:" + card
        return self.basic.choose(view, legal, rng)

    def choose_card(self, view: dict[str, Any], legal: list[str], rng: random.Random) -> str | None:
        started = time.perf_counter()
        sampler, world, cands = self.prepare(view, legal)
        if len(cands) == 1:
            return cands[0]

        def sample() -> Any:
            dealt = sampler.sample(rng)
            return None if dealt is None else world.fill(sampler, dealt)

        samples = max(MIN_SAMPLES, min(MAX_SAMPLES, self.playout_budget // len(cands)))
        return best_on_average(
            cands,
            samples,
            sample,
            lambda state, card: self.playout(world, state, card),
            started,
            self.time_budget,
        )


def best_on_average(
    cands: list[str],
    samples: int,
    sample: Callable[[], Any],
    value: Callable[[Any, str], float],
    started: float,
    time_budget: float,
) -> str | None:
    """The candidate with the best mean ``value(world, candidate)`` over up to ``samples``
    worlds from ``sample()`` (None: no world could be dealt), every candidate tried in the same
    worlds. It stops early once one is clearly best, and before one more world, as slow as the
    slowest so far, would take it past ``time_budget`` seconds from ``started``; None when not
    even one world was dealt."""
    values: list[list[float]] = [[] for _ in cands]
    slowest = 0.0
    for n in range(samples):
        begun = time.perf_counter()
        world = sample()
        if world is None:
            break
        for j, card in enumerate(cands):
            values[j].append(value(world, card))
        now = time.perf_counter()
        slowest = max(slowest, now - begun)
        if now - started + slowest > time_budget:
            break
        if n + 1 >= MIN_SAMPLES and clear(values):
            break
    if not values[0]:
        return None
    means = [sum(v) / len(v) for v in values]
    return cands[max(range(len(cands)), key=means.__getitem__)]


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
