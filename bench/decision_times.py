"""Think time of the strong robot's decision search (``games.bots.decide``) per phase: hands of
basic robots are played, and at every decision before the card play with a choice the strong
robot of live play (``get_robot("strong", live=True)``: the count of worlds and the cap of wall
time) is asked as well; prints per game and phase the decisions timed and the p50 / p95 / longest
wall-clock and CPU milliseconds, and how often it chose otherwise than the basic robot.

    .venv/bin/python bench/decision_times.py --hands 12 [--seed 1] [--counted]

``--counted``: the seeded robot instead (``get_robot("strong")``: the count alone, no clock).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokk_site.settings")

from games.bots import decide, get_robot, seat_view  # noqa: E402
from games.bots.duel import duplicate_deal  # noqa: E402
from games.rules import HandContext, get_variant  # noqa: E402

SEATS = {"hungarian": 4, "czech": 4, "slovenian3": 3}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--counted", action="store_true")
    args = parser.parse_args()
    strong = get_robot("strong", live=not args.counted)
    basic = get_robot("basic")
    for key, seats in SEATS.items():
        variant = get_variant(key)
        wall: dict[str, list[float]] = defaultdict(list)
        cpu: dict[str, list[float]] = defaultdict(list)
        other: dict[str, int] = defaultdict(int)
        for index in range(args.hands):
            dealer = index % seats
            deal = duplicate_deal(variant, args.seed, index, dealer)
            state = variant.new_hand(deal, HandContext(dealer=dealer))
            rng = random.Random(f"times:{args.seed}:{index}")
            while not variant.is_over(state):
                seat = min(variant.to_act(state))
                legal = variant.legal_actions(state, seat)
                view = seat_view(variant, state, seat)
                if view["phase"] == "play":
                    break
                action = basic.choose(view, legal, rng)
                if decide.searched(view, legal):
                    phase = str(view["phase"])
                    started, started_cpu = time.perf_counter(), time.process_time()
                    choice = strong.choose(view, legal, random.Random(index))
                    wall[phase].append(time.perf_counter() - started)
                    cpu[phase].append(time.process_time() - started_cpu)
                    other[phase] += choice != action
                state = variant.apply(state, seat, action)
        for phase in wall:
            w, c = wall[phase], cpu[phase]
            print(
                f"{key:10} {phase:9} n={len(w):4}  wall p50 {percentile(w, 0.5) * 1000:5.0f} "
                f"p95 {percentile(w, 0.95) * 1000:5.0f} max {max(w) * 1000:5.0f} ms;  CPU p50 "
                f"{percentile(c, 0.5) * 1000:5.0f} p95 {percentile(c, 0.95) * 1000:5.0f} ms;  "
                f"not basic's {other[phase]}"
            )
        every = [t for values in wall.values() for t in values]
        print(f"{key:10} all       n={len(every):4}  wall p95 {percentile(every, 0.95) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
