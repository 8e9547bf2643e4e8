"""A random hand's file (docs/hand-format.md): tests/web/test_hand_file.py,
test_hand_import.py, test_limits.py and test_outside_input.py."""

from __future__ import annotations

import random

from games.history.transfer import write_hand
from games.rules import HandContext, get_variant


def random_hand(game: str, seed: int) -> tuple[dict, object]:
    """A hand of ``game`` played to its end with random legal actions: its file and its state."""
    variant = get_variant(game)
    rng = random.Random(seed)
    options = {o.name: o.default for o in variant.options}
    seats = variant.seat_count(options)
    dealer = rng.randrange(seats)
    deal = variant.deal(rng, seats, options, dealer=dealer)
    context = HandContext(dealer=dealer, options=options)
    state = variant.new_hand(deal, context)
    log = []
    while not variant.is_over(state):
        seat = min(variant.to_act(state))
        action = rng.choice(variant.legal_actions(state, seat))
        state = variant.apply(state, seat, action)
        log.append((seat, action))
    result = variant.result(state)
    return write_hand(game, context, deal, log, result.to_json() if result else None), state
