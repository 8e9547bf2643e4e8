"""Duplicate duels between two robot levels, on the pure rules core (no database).

Each deal is played once per seating of ``seatings(n)`` from the same cards and dealer, so the
luck of the deal cancels: with four seats level A sits at 0 and 2 and B at 1 and 3, then the
other way round; with three, each level sits alone in each seat against two of the other (six
hands); with two, each level in each seat. Where the players shuffle and cut at the table
(Czech), the pack is dealt once at the table with no extra shuffle and the default cut
(``TABLE_DEAL``), and every seating starts from those hands: otherwise a robot's shuffle would
give the seatings different cards.

A level's score is its seats' mean payment per seat per hand (penalty points count negative,
where the lowest total wins); the games need not be zero-sum, so each level's mean is kept and
the 95 % confidence interval is on the per-deal paired difference A − B (normal
approximation). Decision times are measured per level for every decision with more than one
legal action.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import random
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from games.rules import EVERYONE, Deal, HandContext, HandResult, Variant, get_variant
from games.rules.base import resolve_options

from . import Robot, StrongRobot, get_robot, seat_view

# Robots a duel may name beside the levels (``get_robot``): the strong level as it was before
# its decisions were searched (``decide``): the same card search, every other decision basic's.
EXTRA: dict[str, Robot] = {"strong-cards": StrongRobot(decisions=False)}


def robot_of(level: str) -> Robot:
    """The robot a duel names: one of ``EXTRA`` or a level's (``get_robot``)."""
    return EXTRA[level] if level in EXTRA else get_robot(level)


# The table's own dealing actions, for variants whose deal has no hands yet.
TABLE_DEAL: dict[str, tuple[str, ...]] = {"czech": ("pass", "cut:32")}


def seatings(a: str, b: str, seats: int) -> list[tuple[str, ...]]:
    """The seatings every deal is played in; each level sits in each seat equally often."""
    if seats == 4:
        return [(a, b, a, b), (b, a, b, a)]
    out = []
    for alone, others in ((a, b), (b, a)):
        for k in range(seats):
            out.append(tuple(alone if s == k else others for s in range(seats)))
    return out if seats == 3 else out[:seats]


def duplicate_deal(
    variant: Variant, seed: int, index: int, dealer: int, options: Mapping[str, Any] | None = None
) -> Deal:
    """The cards of deal ``index``: the same for every seating."""
    options = dict(options or {})
    seats = variant.seat_count(resolve_options(variant.options, options))
    deal = variant.deal(random.Random(f"duel:{seed}:{index}"), seats, options, dealer=dealer)
    if deal.hands:
        return deal
    state = variant.new_hand(deal, HandContext(dealer=dealer, options=options))
    for action in TABLE_DEAL[variant.key]:
        (seat,) = variant.to_act(state)
        state = variant.apply(state, seat, action)
    dealt = variant.observe(state, EVERYONE)["deal"]
    assert dealt is not None  # everyone sees the deal
    return Deal(hands=tuple(tuple(h) for h in dealt["hands"]), talon=tuple(dealt["talon"]))


# Roles a seat can have in a hand (``role_of``); "roles differ": the pairs of a seat whose role
# was not the same with either level in it (their bids or calls differed).
ROLES = ("declarer", "partner", "defender", "beggar", "klop", "player", "thrown in")  # untranslated: keys
ROLES_DIFFER = "roles differ"  # untranslated: a key


# Games whose hands have no roles: Bridge's "declarer" is the round's winner, an outcome.
NO_ROLES = ("bridge",)  # untranslated: a variant's key


def role_of(result: HandResult, seat: int, variant_key: str = "") -> str:
    """``seat``'s role in a finished hand: the declarer (Slovenian: of a beggar, ``beggar``), the
    declarer's partner, a defender; in klop, or in a game without roles (Bridge), every seat
    alike."""
    if result.thrown_in:
        return "thrown in"  # untranslated: a key
    if variant_key in NO_ROLES:
        return "player"
    if result.declarer is None:
        return "klop" if result.contract == "klop" else "player"
    if seat == result.declarer:
        return "beggar" if "beggar" in (result.contract or "") else "declarer"
    return "partner" if seat in result.declarer_side else "defender"


@dataclass
class DealRecord:
    index: int
    a_score: float  # A's mean score per seat per hand over the deal's seatings
    b_score: float
    times: dict[str, list[float]] = field(default_factory=dict)  # level → seconds per decision
    # By role: A − B of the deal's seats that had that role with A and with B in them, the
    # hands otherwise the same (``mirror``): the mean per pair and the pairs; ROLES_DIFFER apart.
    roles: dict[str, tuple[float, int]] = field(default_factory=dict)


def mirror(seatings_: list[tuple[str, ...]], a: str, b: str) -> list[tuple[int, int]]:
    """The pairs of seatings that are each other with A and B swapped: in such a pair each seat
    holds the same cards with A in one hand and B in the other, everyone else swapped too."""
    swap = {a: b, b: a}
    pairs = []
    for i, levels in enumerate(seatings_):
        j = seatings_.index(tuple(swap[level] for level in levels))
        if i < j:
            pairs.append((i, j))
    return pairs


def play_hand(
    variant_key: str,
    seed: int,
    index: int,
    levels: tuple[str, ...],
    options: Mapping[str, Any] | None = None,
) -> tuple[HandResult, dict[str, list[float]]]:
    """One hand of deal ``index`` with ``levels[seat]`` in each seat: the result, the times."""
    variant = get_variant(variant_key)
    options = dict(options or {})
    dealer = index % len(levels)
    deal = duplicate_deal(variant, seed, index, dealer, options)
    state = variant.new_hand(deal, HandContext(dealer=dealer, options=options))
    rng = random.Random(f"robots:{seed}:{index}:{levels}")
    times: dict[str, list[float]] = {level: [] for level in set(levels)}
    while not variant.is_over(state):
        seat = min(variant.to_act(state))
        legal = variant.legal_actions(state, seat)
        level = levels[seat]
        started = time.perf_counter()
        action = robot_of(level).choose(seat_view(variant, state, seat), legal, rng)
        if len(legal) > 1:
            times[level].append(time.perf_counter() - started)
        state = variant.apply(state, seat, action)
    result = variant.result(state)
    assert result is not None
    return result, times


def play_deal(
    variant_key: str, a: str, b: str, seed: int, options: Mapping[str, Any], index: int
) -> DealRecord:
    variant = get_variant(variant_key)
    resolved = resolve_options(variant.options, options)
    seats = variant.seat_count(resolved)
    sign = -1 if variant.match_rules(resolved).lowest_wins else 1
    scores: dict[str, list[int]] = {a: [], b: []}
    times: dict[str, list[float]] = {a: [], b: []}
    played = seatings(a, b, seats)
    results = []
    for levels in played:
        result, hand_times = play_hand(variant_key, seed, index, levels, options)
        results.append(result)
        for seat, payment in enumerate(result.payments):
            scores[levels[seat]].append(sign * payment)
        for level, values in hand_times.items():
            times[level] += values
    mean = {level: sum(v) / len(v) for level, v in scores.items()}
    differences: dict[str, list[float]] = {}
    for i, j in mirror(played, a, b):
        for seat in range(seats):
            with_a, with_b = (i, j) if played[i][seat] == a else (j, i)
            role_a = role_of(results[with_a], seat, variant_key)
            role_b = role_of(results[with_b], seat, variant_key)
            gain = sign * (results[with_a].payments[seat] - results[with_b].payments[seat])
            differences.setdefault(role_a if role_a == role_b else ROLES_DIFFER, []).append(gain)
    roles = {role: (sum(v) / len(v), len(v)) for role, v in differences.items()}
    return DealRecord(index, mean[a], mean[b], times, roles)


@dataclass
class DuelResult:
    variant: str
    a: str
    b: str
    deals: int
    seed: int
    workers: int
    seconds: float
    a_mean: float  # per seat per hand
    b_mean: float
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

    hands_per_deal: int = 2
    options: dict[str, Any] = field(default_factory=dict)
    # By role (DealRecord.roles): A − B a hand over the deals with a seat of that role, ± one
    # standard error over those deals, the deals and the pairs of seats.
    roles: dict[str, tuple[float, float, int, int]] = field(default_factory=dict)
    earlier: int = 0  # deals of the figures read from a record of earlier runs (run_duel's record)

    def report(self) -> str:
        given = ", ".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        lines = [
            f"{self.variant}: {self.a} (A) against {self.b} (B), {self.deals} deals × "  # untranslated: command output  # noqa: E501
            f"{self.hands_per_deal} hands (duplicate) = {self.hands_per_deal * self.deals} hands, "
            f"seed {self.seed}, {self.workers} workers, {self.seconds:.0f} s"
            + (f", options {given}" if given else ""),
            f"{'level':<8} {'mean per hand':>14} {'s.e.':>7} {'95% CI':>18} {'decisions':>10}"  # untranslated: command output  # noqa: E501
            f" {'p50 ms':>8} {'p95 ms':>8}",
        ]
        half = self.diff_ci / 2
        for level, mean in ((self.a, self.a_mean), (self.b, self.b_mean)):
            ci = f"[{mean - half:+.3f}, {mean + half:+.3f}]"
            lines.append(
                f"{level:<8} {mean:>+14.3f} {self.diff_se / 2:>7.3f} {ci:>18} "
                f"{len(self.times.get(level, [])):>10} "
                f"{self.percentile(level, 0.5):>8.1f} {self.percentile(level, 0.95):>8.1f}"
            )
        low, high = self.diff_mean - self.diff_ci, self.diff_mean + self.diff_ci
        verdict = (
            f"{self.a} better"  # untranslated: output
            if low > 0
            else f"{self.b} better"  # untranslated: output
            if high < 0
            else "no significant difference"  # untranslated: command output
        )
        lines.append(
            f"A − B per hand: {self.diff_mean:+.3f} ± {self.diff_ci:.3f} (95% CI [{low:+.3f}, {high:+.3f}]; "  # untranslated: command output  # noqa: E501
            f"s.e. {self.diff_se:.3f}): {verdict}"
        )
        if self.roles:
            lines.append(
                "By role (a seat whose role was the same with A and with B in it; A − B per hand, "  # untranslated: command output  # noqa: E501
                "± s.e. over the deals with such a seat):"  # untranslated: command output
            )
            for role in (*ROLES, ROLES_DIFFER):
                if role in self.roles:
                    mean, se, deals, pairs = self.roles[role]
                    sigmas = f"{mean / se:+.1f} s.e." if se > 0 else ""
                    row = f"  {role:<13} {mean:>+9.3f} ± {se:.3f}  {sigmas:>10}"
                    lines.append(f"{row}  {deals:>6} deals  {pairs:>7} seats")  # untranslated: command output
        if self.earlier:
            lines.append(f"({self.earlier} of the deals were read from the record of earlier runs)")  # untranslated: command output  # noqa: E501
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
    options: Mapping[str, Any] | None = None,
    record: str | None = None,
    robots: str | None = None,
) -> DuelResult:
    """Play ``deals`` deals in every seating; ``progress`` gets the result so far every ``every``
    deals (so that a long run that has to be stopped still tells what it found). ``record``: a
    file of JSON lines that keeps every deal played as it ends, so that a run stopped (or a
    session ended) goes on where it was: the deals it holds are read, not played again, and
    count in the figures. It names its duel on its first line (the variant, the levels, the seed,
    the options, and ``robots``, the version of the robots' code); another duel's is refused."""
    rules = get_variant(variant)
    options = dict(options or {})
    resolve_options(rules.options, options)  # fail loudly on a bad option, before any work
    robot_of(a), robot_of(b)  # and on an unknown name
    started = time.perf_counter()
    job = partial(play_deal, variant, a, b, seed, options)
    header = {"duel": variant, "a": a, "b": b, "seed": seed, "options": options, "robots": robots}
    earlier = _recorded(record, header) if record else []
    done = {r.index for r in earlier}
    todo = [index for index in range(deals) if index not in done]
    summarise = partial(_summarise, options=options, earlier=len(earlier))
    records: list[DealRecord] = list(earlier)

    def add(new: DealRecord) -> None:
        records.append(new)
        _keep(record, new)
        if progress is not None and len(records) % every == 0 and len(records) < deals:
            progress(summarise(variant, a, b, seed, workers, started, records))

    if workers > 1:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(workers, mp_context=context) as pool:
            for new in pool.map(job, todo, chunksize=2):
                add(new)
    else:
        for index in todo:
            add(job(index))
    return summarise(variant, a, b, seed, workers, started, records)


def _keep(path: str | None, deal: DealRecord) -> None:
    """Append ``deal`` to the file of ``run_duel``'s ``record`` (none: nothing kept)."""
    if path is None:
        return
    line = {"index": deal.index, "a": deal.a_score, "b": deal.b_score, "roles": deal.roles}
    with open(path, "a", encoding="utf-8") as out:
        out.write(json.dumps(line, sort_keys=True) + "\n")


class RecordMismatch(ValueError):
    """A duel's record file holds another duel (variant, levels, seed, options or robots)."""


def _recorded(path: str, header: dict[str, Any]) -> list[DealRecord]:
    """The deals a record holds (a new record: its header written, none)."""
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        with open(path, "w", encoding="utf-8") as out:
            out.write(json.dumps(header, sort_keys=True) + "\n")
        return []
    with open(path, encoding="utf-8") as given:
        lines = [json.loads(line) for line in given if line.strip()]
    if lines[0] != json.loads(json.dumps(header)):
        raise RecordMismatch(
            f"{path} records another duel: {lines[0]}, not {header}"  # untranslated: command output
        )
    deals = {}
    for line in lines[1:]:  # a deal recorded twice (two runs at once) counts once
        roles = {role: (float(mean), int(pairs)) for role, (mean, pairs) in line["roles"].items()}
        deals[line["index"]] = DealRecord(line["index"], line["a"], line["b"], {}, roles)
    return list(deals.values())


def _summarise(
    variant: str,
    a: str,
    b: str,
    seed: int,
    workers: int,
    started: float,
    records: list[DealRecord],
    options: dict[str, Any],
    earlier: int = 0,
) -> DuelResult:
    seconds = time.perf_counter() - started
    n = len(records)
    a_mean = sum(r.a_score for r in records) / n
    b_mean = sum(r.b_score for r in records) / n
    diffs = [r.a_score - r.b_score for r in records]
    diff_mean = a_mean - b_mean
    var = sum((d - diff_mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    times: dict[str, list[float]] = {a: [], b: []}
    for record in records:
        for level, values in record.times.items():
            times[level] += values
    by_role: dict[str, list[tuple[float, int]]] = {}
    for record in records:
        for role, (mean, pairs) in record.roles.items():
            by_role.setdefault(role, []).append((mean, pairs))
    roles = {}
    for role, deal_means in by_role.items():
        k = len(deal_means)
        role_mean = sum(m for m, _p in deal_means) / k
        role_var = sum((m - role_mean) ** 2 for m, _p in deal_means) / (k - 1) if k > 1 else 0.0
        roles[role] = (role_mean, math.sqrt(role_var / k), k, sum(p for _m, p in deal_means))
    return DuelResult(
        variant=variant,
        a=a,
        b=b,
        deals=n,
        seed=seed,
        workers=workers,
        seconds=seconds,
        a_mean=a_mean,
        b_mean=b_mean,
        diff_mean=diff_mean,
        diff_ci=1.96 * math.sqrt(var / n),
        times=times,
        hands_per_deal=len(seatings(a, b, _seats(variant, options))),
        options=options,
        roles=roles,
        earlier=earlier,
    )


def _seats(variant_key: str, options: Mapping[str, Any]) -> int:
    variant = get_variant(variant_key)
    return variant.seat_count(resolve_options(variant.options, options))
