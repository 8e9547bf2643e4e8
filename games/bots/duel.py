"""Duplicate duels between two robot levels, on the pure rules core (no database).

Each deal is played twice: level A in seats 0 and 2 and level B in 1 and 3, then with the seats
swapped, from the same cards and dealer, so the luck of the deal cancels. Where the players
shuffle and cut at the table (Czech), the pack is dealt once at the table with no extra shuffle
and the default cut (``TABLE_DEAL``), and both seatings start from those hands: otherwise a
robot's shuffle would give the two seatings different cards. A level's score is
its seats' mean payment per seat per hand; the 95 % confidence interval is on the per-deal
paired difference A − B (normal approximation). Decision times are measured per level for
every decision with more than one legal action.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial

from games.rules import EVERYONE, Deal, HandContext, Variant, get_variant

from . import get_robot

# The table's own dealing actions, for variants whose deal has no hands yet.
TABLE_DEAL: dict[str, tuple[str, ...]] = {"czech": ("pass", "cut:32")}


def duplicate_deal(variant: Variant, seed: int, index: int, dealer: int) -> Deal:
    """The cards of deal ``index``: the same for both seatings."""
    deal = variant.deal(random.Random(f"duel:{seed}:{index}"), 4, {}, dealer=dealer)
    if deal.hands:
        return deal
    state = variant.new_hand(deal, HandContext(dealer=dealer))
    for action in TABLE_DEAL[variant.key]:
        (seat,) = variant.to_act(state)
        state = variant.apply(state, seat, action)
    dealt = variant.observe(state, EVERYONE)["deal"]
    return Deal(hands=tuple(tuple(h) for h in dealt["hands"]), talon=tuple(dealt["talon"]))


@dataclass
class DealRecord:
    index: int
    a_score: float  # A's mean payment per seat per hand over the two hands of the deal
    times: dict[str, list[float]] = field(default_factory=dict)  # level → seconds per decision


def play_hand(
    variant_key: str, seed: int, index: int, levels: tuple[str, str, str, str]
) -> tuple[tuple[int, ...], dict[str, list[float]]]:
    """One hand of deal ``index`` with ``levels[seat]`` in each seat: the payments, the times."""
    variant = get_variant(variant_key)
    dealer = index % 4
    deal = duplicate_deal(variant, seed, index, dealer)
    state = variant.new_hand(deal, HandContext(dealer=dealer))
    rng = random.Random(f"robots:{seed}:{index}:{levels}")
    times: dict[str, list[float]] = {level: [] for level in set(levels)}
    while not variant.is_over(state):
        seat = min(variant.to_act(state))
        legal = variant.legal_actions(state, seat)
        level = levels[seat]
        started = time.perf_counter()
        action = get_robot(level).choose(variant.observe(state, seat), legal, rng)
        if len(legal) > 1:
            times[level].append(time.perf_counter() - started)
        state = variant.apply(state, seat, action)
    result = variant.result(state)
    assert result is not None
    return result.payments, times


def play_deal(variant_key: str, a: str, b: str, seed: int, index: int) -> DealRecord:
    total = 0
    times: dict[str, list[float]] = {a: [], b: []}
    for levels in ((a, b, a, b), (b, a, b, a)):
        payments, hand_times = play_hand(variant_key, seed, index, levels)
        total += sum(p for seat, p in enumerate(payments) if levels[seat] == a)
        for level, values in hand_times.items():
            times[level] += values
    return DealRecord(index, total / 4, times)


@dataclass
class DuelResult:
    variant: str
    a: str
    b: str
    deals: int
    seed: int
    workers: int
    seconds: float
    a_mean: float  # per seat per hand; B's is its negative (every hand is zero-sum)
    diff_mean: float  # A − B per deal
    diff_ci: float  # half-width of the 95 % interval of the difference
    times: dict[str, list[float]]

    @property
    def diff_se(self) -> float:
        """Standard error of the per-deal difference A − B (a level's own is half of it)."""
        return self.diff_ci / 1.96

    def percentile(self, level: str, q: float) -> float:
        values = sorted(self.times.get(level) or [0.0])
        return values[min(len(values) - 1, int(q * len(values)))] * 1000

    def report(self) -> str:
        lines = [
            f"{self.variant}: {self.a} (A) against {self.b} (B), {self.deals} deals × 2 hands "
            f"(duplicate) = {2 * self.deals} hands, seed {self.seed}, {self.workers} workers, "
            f"{self.seconds:.0f} s",
            f"{'level':<8} {'mean per hand':>14} {'s.e.':>7} {'95% CI':>18} {'decisions':>10}"
            f" {'p50 ms':>8} {'p95 ms':>8}",
        ]
        half = self.diff_ci / 2
        for level, mean in ((self.a, self.a_mean), (self.b, -self.a_mean)):
            ci = f"[{mean - half:+.3f}, {mean + half:+.3f}]"
            lines.append(
                f"{level:<8} {mean:>+14.3f} {self.diff_se / 2:>7.3f} {ci:>18} "
                f"{len(self.times.get(level, [])):>10} "
                f"{self.percentile(level, 0.5):>8.1f} {self.percentile(level, 0.95):>8.1f}"
            )
        low, high = self.diff_mean - self.diff_ci, self.diff_mean + self.diff_ci
        verdict = (
            f"{self.a} better" if low > 0 else f"{self.b} better" if high < 0 else "no significant difference"
        )
        lines.append(
            f"A − B per hand: {self.diff_mean:+.3f} ± {self.diff_ci:.3f} (95% CI [{low:+.3f}, {high:+.3f}]; "
            f"s.e. {self.diff_se:.3f}): {verdict}"
        )
        return "\n".join(lines)


def run_duel(
    a: str,
    b: str,
    deals: int,
    seed: int = 1,
    workers: int = 2,
    variant: str = "hungarian",
    progress: Callable[[DuelResult], None] | None = None,
    every: int = 100,
) -> DuelResult:
    """Play ``deals`` deals twice each; ``progress`` gets the result so far every ``every`` deals
    (so that a long run that has to be stopped still tells what it found)."""
    get_variant(variant)
    get_robot(a), get_robot(b)  # fail loudly on an unknown name, before any work
    started = time.perf_counter()
    job = partial(play_deal, variant, a, b, seed)
    records: list[DealRecord] = []
    if workers > 1:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(workers, mp_context=context) as pool:
            for record in pool.map(job, range(deals), chunksize=2):
                records.append(record)
                if progress is not None and len(records) % every == 0 and len(records) < deals:
                    progress(summarise(variant, a, b, seed, workers, started, records))
    else:
        for index in range(deals):
            records.append(job(index))
            if progress is not None and len(records) % every == 0 and len(records) < deals:
                progress(summarise(variant, a, b, seed, workers, started, records))
    return summarise(variant, a, b, seed, workers, started, records)


def summarise(
    variant: str, a: str, b: str, seed: int, workers: int, started: float, records: list[DealRecord]
) -> DuelResult:
    seconds = time.perf_counter() - started
    scores = [r.a_score for r in records]
    n = len(scores)
    a_mean = sum(scores) / n
    diffs = [2 * s for s in scores]  # B's score is −A's
    diff_mean = 2 * a_mean
    var = sum((d - diff_mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    times: dict[str, list[float]] = {a: [], b: []}
    for record in records:
        for level, values in record.times.items():
            times[level] += values
    return DuelResult(
        variant=variant,
        a=a,
        b=b,
        deals=n,
        seed=seed,
        workers=workers,
        seconds=seconds,
        a_mean=a_mean,
        diff_mean=diff_mean,
        diff_ci=1.96 * math.sqrt(var / n),
        times=times,
    )
