"""A round's deals: drawn from the tournament's secret seed and the round's number, so every
table of the round plays the same cards in the same seats (duplicate), and kept on each table
as cards (``Room.set_deals``), never only as the seed."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from games.rules import Deal, HandContext, get_variant
from games.rules.base import resolve_options
from games.rules.match import start


def round_deals(
    variant_key: str, options: dict[str, Any], seed: str, round_no: int, hands: int
) -> list[tuple[Deal, HandContext]]:
    """The ``hands`` deals of round ``round_no``: the deal rotates from seat to seat, hand after
    hand, as in a match, starting one seat further each round. Each hand stands alone (no
    doubled hand after a throw-in, no radelci carried): what a table made of one deal must not
    change the next deal's value at that table only."""
    variant = get_variant(variant_key)
    resolved = resolve_options(variant.options, options)
    seats = variant.seat_count(resolved)
    rules = variant.match_rules(resolved)
    rng = random.Random(f"{seed}:{round_no}")
    deals = []
    for k in range(hands):
        dealer = (round_no - 1 + k) % seats
        context = replace(start(rules, dealer).next_context(resolved), opening=k == 0)
        deals.append((variant.deal(rng, seats, resolved, dealer=dealer), context))
    return deals


def table_size(variant_key: str, options: dict[str, Any]) -> int:
    """The seats of one table of the game under ``options`` (a five-player Hungarian table: 5)."""
    variant = get_variant(variant_key)
    return variant.seat_count(resolve_options(variant.options, options))
