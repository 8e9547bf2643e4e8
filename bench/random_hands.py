"""Hands of uniformly random legal actions, the reference work of bench/replay.py and of every
bench's calibration line (bench/calibration.py): one module that both import, so that neither
imports the other."""

from __future__ import annotations

import random

from games.rules import HandContext, Variant
from games.rules.base import resolve_options


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
