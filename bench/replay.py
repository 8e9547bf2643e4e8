"""Mean time to replay a complete random hand of each variant: a fold from the deal over its actions.

Run from the project root: ``python bench/replay.py [hands] [variant ...]`` (default 2,000 hands
of every variant; Czech hands include the table's shuffle and cut, Bridge rounds are played at
three seats). It prints figures and asserts nothing; it never runs as a test.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.rules import VARIANTS, HandContext, Variant, replay  # noqa: E402
from games.rules.base import resolve_options  # noqa: E402


def random_hand(
    variant: Variant, rng: random.Random, index: int
) -> tuple[object, HandContext, list[tuple[int, str]]]:
    """A hand played with uniformly random legal actions (the variant's default options)."""
    seats = variant.seat_count(resolve_options(variant.options, {}))
    dealer = index % seats
    deal = variant.deal(rng, seats, {}, dealer=dealer)
    context = HandContext(dealer=dealer)
    state = variant.new_hand(deal, context)
    actions = []
    while not variant.is_over(state):
        seat = rng.choice(sorted(variant.to_act(state)))
        action = rng.choice(variant.legal_actions(state, seat))
        state = variant.apply(state, seat, action)
        actions.append((seat, action))
    return deal, context, actions


def measure(variant: Variant, count: int) -> None:
    rng = random.Random(20240601)
    hands = [random_hand(variant, rng, i) for i in range(count)]
    played = [h for h in hands if len(h[2]) > 4]  # not thrown in
    for label, sample in (("all hands", hands), ("played-out hands", played)):
        # The best of five rounds: other processes on the machine only ever add time.
        rounds = []
        for _ in range(5):
            start = time.perf_counter()
            for deal, context, actions in sample:
                replay(variant, deal, context, actions)
            rounds.append(time.perf_counter() - start)
        elapsed = min(rounds)
        steps = sum(len(h[2]) for h in sample)
        print(
            f"{variant.key} {label}: {len(sample)} hands, {steps / len(sample):.1f} actions per hand, "
            f"mean replay {elapsed / len(sample) * 1e3:.3f} ms per hand "
            f"({elapsed / steps * 1e6:.1f} µs per action)"
        )


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    keys = sys.argv[2:] or list(VARIANTS)
    for key in keys:
        measure(VARIANTS[key], count)


if __name__ == "__main__":
    main()
