"""Duplicate duel of the strong robot with its decisions searched (``games.bots.decide``) against
the strong robot as it was (the same card search, every other decision the basic robot's), for
as many deals as a budget of CPU seconds allows; prints the paired margin ± its standard error.

    .venv/bin/python bench/decisions_duel.py --variant czech --cpu 480 --seed 1 [--budget 60]

``--budget``: the card search's playouts per decision, the same for both (the strong level's own
when not given); ``--worlds``: the decision search's worlds. Each deal is played in every seating
of ``duel.seatings`` (A at 0 and 2 then at 1 and 3; three players: each alone in each seat).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokk_site.settings")

from games.bots import StrongRobot, duel  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="hungarian")
    parser.add_argument("--cpu", type=float, default=480.0, help="CPU seconds to spend")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=None, help="card playouts per decision")
    parser.add_argument("--worlds", type=int, default=None, help="decision worlds per decision")
    parser.add_argument("--max-deals", type=int, default=100000)
    parser.add_argument("--wall", type=float, default=None, help="wall-clock seconds at most")
    args = parser.parse_args()
    duel.EXTRA["decisions"] = StrongRobot(playout_budget=args.budget, decision_worlds=args.worlds)
    duel.EXTRA["cards-only"] = StrongRobot(playout_budget=args.budget, decisions=False)
    started, wall = time.process_time(), time.perf_counter()
    diffs: list[float] = []
    times: list[float] = []
    index = 0
    while time.process_time() - started < args.cpu and index < args.max_deals:
        if args.wall is not None and time.perf_counter() - wall > args.wall:
            break
        record = duel.play_deal(args.variant, "decisions", "cards-only", args.seed, {}, index)
        diffs.append(record.a_score - record.b_score)
        times += record.times.get("decisions", [])
        index += 1
        if index % 5 == 0:
            report(args, diffs, times, started)
    report(args, diffs, times, started)


def report(args: argparse.Namespace, diffs: list[float], times: list[float], started: float) -> None:
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else float("nan")
    se = math.sqrt(var / n) if n > 1 else float("nan")
    times.sort()
    p95 = times[int(len(times) * 0.95)] * 1000 if times else float("nan")
    print(
        f"{args.variant}: {n} deals, seed {args.seed}, card budget {args.budget or 'default'}: "
        f"decisions − cards-only {mean:+.3f} ± {se:.3f} (s.e.) per seat per hand; "
        f"CPU {time.process_time() - started:.0f} s; decisions' robot p95 {p95:.0f} ms per choice",
        flush=True,
    )


if __name__ == "__main__":
    main()
