"""Each game's view has exactly the keys of its TypedDict (games.rules.views), for every viewer
at every step of a few random hands: the type that robots, templates and view.json read is the
view the rules build."""

from __future__ import annotations

import random

import pytest

from games.rules import (
    AUDIENCE,
    EVERYONE,
    BridgeView,
    CzechView,
    HandContext,
    HungarianView,
    SlovenianView,
    get_variant,
)
from games.rules.base import resolve_options


@pytest.mark.parametrize(
    "key, options, typed",
    [
        ("hungarian", {}, HungarianView),
        ("hungarian", {"five_player": True}, HungarianView),
        ("czech", {}, CzechView),
        ("slovenian3", {}, SlovenianView),
        ("bridge", {}, BridgeView),
    ],
)
def test_every_view_has_the_keys_of_its_type(key, options, typed):
    variant = get_variant(key)
    resolved = resolve_options(variant.options, options)
    seats = variant.seat_count(resolved)
    for index in range(3):
        rng = random.Random(index)
        deal = variant.deal(rng, seats, resolved, dealer=index % seats)
        state = variant.new_hand(deal, HandContext(dealer=index % seats, options=resolved))
        while True:
            for viewer in (EVERYONE, AUDIENCE, *range(seats)):
                assert set(variant.observe(state, viewer)) == typed.__required_keys__
            if variant.is_over(state):
                break
            seat = rng.choice(sorted(variant.to_act(state)))
            state = variant.apply(state, seat, rng.choice(variant.legal_actions(state, seat)))
