"""Dealing (hungarian.md §3) and starting a hand from an explicit deal."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Deal, HandContext, Option, resolve_options
from ..cards import PACK_42, pack_42, sort_cards
from .state import HAND_SIZE, SEATS, TALON_SIZE, HungarianState, Phase, Setup, next_seat


def deal_from_order(cards: Sequence[str], dealer: int) -> Deal:
    """§3 from a shuffled pack (top card first): the top 6 form the talon in dealt order,
    then 5 cards each starting with forehand = next(dealer), then 4 each in the same order."""
    if sorted(cards) != sorted(PACK_42):
        raise ValueError("A Hungarian deal needs the 42-card pack")
    hands: list[list[str]] = [[] for _ in range(SEATS)]
    position = TALON_SIZE
    for packet in (5, 4):
        seat = next_seat(dealer)
        for _ in range(SEATS):
            hands[seat] += cards[position : position + packet]
            position += packet
            seat = next_seat(seat)
    return Deal(hands=tuple(tuple(h) for h in hands), talon=tuple(cards[:TALON_SIZE]))


def deal(rng: random.Random, dealer: int = 0) -> Deal:
    cards = list(pack_42())
    rng.shuffle(cards)
    return deal_from_order(cards, dealer)


def check_deal(deal: Deal) -> None:
    if len(deal.hands) != SEATS:
        raise ValueError(f"Hungarian Tarokk is played by {SEATS}, not {len(deal.hands)}")
    if any(len(hand) != HAND_SIZE for hand in deal.hands) or len(deal.talon) != TALON_SIZE:
        raise ValueError("A Hungarian deal has 9 cards per seat and 6 in the talon")
    cards = [card for hand in deal.hands for card in hand] + list(deal.talon)
    if set(cards) != PACK_42 or len(cards) != len(PACK_42):
        raise ValueError("A Hungarian deal must hold each card of the 42-card pack once")


def new_hand(deal: Deal, context: HandContext, declared: Sequence[Option]) -> HungarianState:
    check_deal(deal)
    if not 0 <= context.dealer < SEATS:
        raise ValueError(f"No seat {context.dealer} to deal")
    options: Mapping[str, Any] = resolve_options(declared, context.options)
    setup = Setup(
        deal=deal,
        dealer=context.dealer,
        doubled=context.doubled,
        options=tuple(options.items()),
    )
    return HungarianState(
        setup=setup,
        phase=Phase.AUCTION,
        to_act=frozenset({setup.forehand}),
        hands=tuple(tuple(sort_cards(hand)) for hand in deal.hands),
    )
