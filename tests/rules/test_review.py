"""The review of a finished hand (games.rules.review): absent for every viewer while the hand
runs, then the same for every viewer: the hands as dealt, the talon, every trick."""

from __future__ import annotations

import random

import pytest

from games.rules import AUDIENCE, EVERYONE, get_variant
from games.rules.base import HandContext
from tests.rules.english import dumps


def play_out(key: str, seed: int):
    """A random hand of ``key``: every state on the way, the last one over."""
    variant = get_variant(key)
    rng = random.Random(seed)
    defaults = {o.name: o.default for o in variant.options}
    seats = variant.seat_count(defaults)
    state = variant.new_hand(variant.deal(rng, seats, defaults), HandContext(dealer=0, options={}))
    states = [state]
    while variant.to_act(state):
        seat = min(variant.to_act(state))
        state = variant.apply(state, seat, rng.choice(variant.legal_actions(state, seat)))
        states.append(state)
    return variant, seats, states


@pytest.mark.parametrize("key", ["hungarian", "czech", "slovenian3", "bridge"])
def test_the_review_shows_only_after_the_hand_and_alike_to_everyone(key):
    for seed in range(6):
        variant, seats, states = play_out(key, seed)
        viewers = [*range(seats), AUDIENCE, EVERYONE]
        for state in states[:-1]:
            assert all(variant.observe(state, v)["review"] is None for v in viewers)
        final = states[-1]
        reviews = [variant.observe(final, v)["review"] for v in viewers]
        assert all(r == reviews[0] for r in reviews)
        review = reviews[0]
        dumps(review)  # JSON once its messages are said
        everything = variant.observe(final, EVERYONE)
        dealt = everything["deal"]["hands"]
        assert [sorted(h) for h in review["hands"]] == [sorted(h) for h in dealt]
        if key == "bridge":
            # every move of the public log, in order, and nothing of the blind
            lines = [line for move in review["moves"] for line in move["lines"]]
            assert lines == [entry["text"] for entry in everything["log"]]
            assert review["talon"] is None and "blind" not in dumps(review)
        else:
            assert review["talon"] == everything["deal"]["talon"]
            assert [t["cards"] for t in review["tricks"]] == [t["cards"] for t in everything["tricks"]]
            assert all(t["winner"] is not None for t in review["tricks"])
            assert [t["number"] for t in review["tricks"]] == list(range(1, len(review["tricks"]) + 1))
