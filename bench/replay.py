"""Mean time to replay a complete random Hungarian hand: a fold from the deal over its actions.

Run from the project root: ``python bench/replay.py [hands]`` (default 2,000 hands).
It prints figures and asserts nothing; it never runs as a test.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.rules import HandContext, replay  # noqa: E402
from games.rules.hungarian import HUNGARIAN as VARIANT  # noqa: E402


def random_hand(rng: random.Random, dealer: int) -> tuple[object, HandContext, list[tuple[int, str]]]:
    deal = VARIANT.deal(rng, 4, {}, dealer=dealer)
    context = HandContext(dealer=dealer)
    state = VARIANT.new_hand(deal, context)
    actions = []
    while not VARIANT.is_over(state):
        seat = rng.choice(sorted(VARIANT.to_act(state)))
        action = rng.choice(VARIANT.legal_actions(state, seat))
        state = VARIANT.apply(state, seat, action)
        actions.append((seat, action))
    return deal, context, actions


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rng = random.Random(20240601)
    hands = [random_hand(rng, i % 4) for i in range(count)]
    played = [h for h in hands if len(h[2]) > 4]  # not thrown in
    for label, sample in (("all hands", hands), ("played-out hands", played)):
        # The best of five rounds: other processes on the machine only ever add time.
        rounds = []
        for _ in range(5):
            start = time.perf_counter()
            for deal, context, actions in sample:
                replay(VARIANT, deal, context, actions)
            rounds.append(time.perf_counter() - start)
        elapsed = min(rounds)
        steps = sum(len(h[2]) for h in sample)
        print(
            f"{label}: {len(sample)} hands, {steps / len(sample):.1f} actions per hand, "
            f"mean replay {elapsed / len(sample) * 1e3:.3f} ms per hand "
            f"({elapsed / steps * 1e6:.1f} µs per action)"
        )


if __name__ == "__main__":
    main()
