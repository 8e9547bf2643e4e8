"""A fingerprint of what the rules core and the robots do under fixed seeds: for a few deals of
every game (each level in every seat, the strong level on a small counted budget), every view a
seat is given, every legal list, every robot's choice and the result, hashed per game.

Refactors that must not change behaviour (issue 36) print the same lines before and after:

    .venv/bin/python bench/fingerprint.py            # one line per game and level: its hash
    .venv/bin/python bench/fingerprint.py --deals 8  # more deals, slower

Messages are hashed as their id and parameters, so a change to how a message is stored (not what
it says) keeps the hash; any change to a view's keys, values, a legal list or a robot's move does
not.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.bots import StrongRobot, get_robot, seat_view  # noqa: E402
from games.bots.duel import duplicate_deal  # noqa: E402
from games.rules import EVERYONE, HandContext, get_variant  # noqa: E402
from games.rules.words import Msg  # noqa: E402

TABLES: list[tuple[str, dict[str, Any]]] = [
    ("hungarian", {}),
    ("hungarian", {"five_player": True}),
    ("czech", {}),
    ("slovenian3", {}),
    ("bridge", {}),
]


def plain(value: Any) -> Any:
    """A value as plain JSON data: a message as its id, plural, count, context and parameters."""
    if isinstance(value, Msg):
        return ["msg", value.text, value.plural, value.count, value.context, plain(value.params)]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((plain(v) for v in value), key=repr)
    if hasattr(value, "value") and hasattr(value, "name") and type(value).__module__ != "builtins":
        return plain(value.value)  # an enum: its value
    if hasattr(value, "__dataclass_fields__"):
        return {f: plain(getattr(value, f)) for f in value.__dataclass_fields__}
    return value


def play(variant_key: str, options: dict[str, Any], level: str, deals: int) -> str:
    variant = get_variant(variant_key)
    robot = StrongRobot(playout_budget=12) if level == "strong" else get_robot(level)
    digest = hashlib.sha256()
    for index in range(deals):
        deal = duplicate_deal(variant, 7, index, index % 3, options)
        dealer = index % 3
        state = variant.new_hand(deal, HandContext(dealer=dealer, options=options))
        rng = random.Random(f"fingerprint:{variant_key}:{level}:{index}")
        while not variant.is_over(state):
            seat = min(variant.to_act(state))
            legal = variant.legal_actions(state, seat)
            view = seat_view(variant, state, seat)
            action = robot.choose(view, list(legal), rng)
            digest.update(json.dumps([plain(view), list(legal), action], default=repr).encode())
            state = variant.apply(state, seat, action)
        digest.update(json.dumps(plain(variant.observe(state, EVERYONE)), default=repr).encode())
        digest.update(json.dumps(plain(variant.result(state)), default=repr).encode())
    return digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3)
    args = parser.parse_args()
    for variant_key, options in TABLES:
        for level in ("random", "basic", "strong"):
            given = ",".join(f"{k}={v}" for k, v in options.items()) or "-"
            print(
                f"{variant_key:<11} {given:<10} {level:<7} {play(variant_key, options, level, args.deals)}",
                flush=True,
            )


if __name__ == "__main__":
    main()
