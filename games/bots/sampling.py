"""Dealing the unseen cards into slots (the places a card may be), for the strong robots' samplers."""

from __future__ import annotations

import random
from collections.abc import Sequence


def pick_slot(rng: random.Random, options: list[int], room: Sequence[int]) -> int:
    """One of ``options``, each weighted by its ``room``."""
    pick = rng.random() * sum(room[i] for i in options)
    for i in options:
        pick -= room[i]
        if pick < 0:
            break
    return i


def deal_cards(
    rng: random.Random,
    cards: list[str],
    places: dict[str, list[int]],
    room: list[int],
    dealt: list[list[str]],
) -> bool:
    """Deal ``cards`` in random order, the fewest ``places`` first, each into a place with room
    (weighted by that room); False when a card finds none."""
    order = cards[:]
    rng.shuffle(order)
    order.sort(key=lambda c: len(places[c]))
    for card in order:
        options = [i for i in places[card] if room[i] > 0]
        if not options:
            return False
        i = pick_slot(rng, options, room)
        room[i] -= 1
        dealt[i].append(card)
    return True
