"""``public_phase``: the phase the audience sees, which the hand's row keeps after every move
(games.services), is the phase of the audience's whole view, after every action of random
hands of every game; in Czech that includes the phases decided in private (an I-on-the-end
offer shows as the contra round to those not asked)."""

from __future__ import annotations

import random

import pytest

from games.rules import VARIANTS, HandContext
from games.rules.base import resolve_options

pytestmark = pytest.mark.rules

HANDS = 60


@pytest.mark.parametrize("key", sorted(VARIANTS))
def test_the_public_phase_is_the_audiences_view_of_it(key):
    variant = VARIANTS[key]
    options = resolve_options(variant.options, {})
    seats = variant.seat_count(options)
    hidden = 0
    for index in range(HANDS):
        rng = random.Random(f"public-phase:{key}:{index}")
        state = variant.new_hand(
            variant.deal(rng, seats, options), HandContext(dealer=index % seats, options=options)
        )
        while True:
            phase = variant.public_phase(state)
            assert phase == variant.observe(state, "audience")["phase"], (index, phase)
            hidden += phase != state.phase.value
            if variant.is_over(state):
                break
            seat = rng.choice(sorted(variant.to_act(state)))
            legal = variant.legal_actions(state, seat)
            state = variant.apply(state, seat, rng.choice(legal))
    if key == "czech":
        assert hidden > 0  # the private phases were reached, and shown as the audience sees them
