"""Mean time to replay a complete random hand of each variant: a fold from the deal over its actions.

Run from the project root: ``python bench/replay.py [hands] [variant ...]`` (default 2,000 hands
of every variant; Czech hands include the table's shuffle and cut, Bridge rounds are played at
three seats). With ``--base <commit>`` (repeatable) it runs the same job on that commit's code and
on this checkout's, back to back, interleaved, ``--rounds`` times each in fresh processes
(``bench/base.py``), and prints the medians and the ratio here/base. It prints figures and
asserts nothing; it never runs as a test.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

if __name__ == "__main__":  # a worker of ``--base`` imports the base tree's games (bench/base.py)
    from bench import base

    base.use_code_root()

from bench.random_hands import random_hand  # noqa: E402
from games.rules import VARIANTS, Variant, replay  # noqa: E402


def rounds_of(variant: Variant, count: int) -> dict[str, float]:
    """µs per action of replaying ``count`` hands, all hands and the played-out ones: the best
    of five rounds (other processes on the machine only ever add time)."""
    rng = random.Random(20240601)
    hands = [random_hand(variant, rng, i) for i in range(count)]
    played = [h for h in hands if len(h[2]) > 4]  # not thrown in
    out: dict[str, float] = {}
    for label, sample in (("all hands", hands), ("played-out hands", played)):
        rounds = []
        for _ in range(5):
            start = time.perf_counter()
            for deal, context, actions in sample:
                replay(variant, deal, context, actions)
            rounds.append(time.perf_counter() - start)
        steps = sum(len(h[2]) for h in sample)
        out[label] = min(rounds) / steps * 1e6
        out[f"{label} hands"] = len(sample)
        out[f"{label} actions"] = steps / len(sample)
    return out


def measure(variant: Variant, count: int) -> None:
    figures = rounds_of(variant, count)
    for label in ("all hands", "played-out hands"):
        hands, per_hand, per_action = (
            figures[f"{label} hands"],
            figures[f"{label} actions"],
            figures[label],
        )
        print(
            f"{variant.key} {label}: {hands:.0f} hands, {per_hand:.1f} actions per hand, "
            f"mean replay {per_action * per_hand / 1e3:.3f} ms per hand ({per_action:.1f} µs per action)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("hands", nargs="?", type=int, default=2000)
    parser.add_argument("variants", nargs="*", default=list(VARIANTS))
    parser.add_argument("--base", action="append", default=[], help="a commit to compare against")
    parser.add_argument("--rounds", type=int, default=5, help="with --base: interleaved rounds")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps({key: rounds_of(VARIANTS[key], args.hands) for key in args.variants}))
        return
    if not args.base:
        for key in args.variants:
            measure(VARIANTS[key], args.hands)
        return
    from bench import base
    from bench.calibration import calibration, machine

    print(f"machine: {machine()}")
    print(f"calibration: {calibration():.3f} s CPU to fold 300 Czech hands (this checkout's code)")
    argv = [str(Path(__file__).resolve()), "--worker", str(args.hands), *args.variants]
    results = base.against_bases(args.base, argv, args.rounds)
    for key in args.variants:
        for label in ("all hands", "played-out hands"):
            here = [r[key][label] for r in results["here"]]
            for name, found in results.items():
                if name != "here":
                    line = base.ratio_line([r[key][label] for r in found], here, "µs/action")
                    print(f"{key} {label}, {name}: {line}")
    print(f"machine: {machine()}")


if __name__ == "__main__":
    main()
