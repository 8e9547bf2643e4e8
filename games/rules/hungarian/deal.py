"""Dealing (hungarian.md §3) and starting a hand from an explicit deal.

At a table of five (option ``five_player``, §2) the dealer sits out: the deal holds an empty
hand for the dealer's seat and 9 cards for each of the four active players.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Deal, HandContext, Option, resolve_options
from ..cards import PACK_42, pack_42, sort_cards
from ..words import _
from .state import FIVE_SEATS, HAND_SIZE, PLAYERS, TALON_SIZE, HungarianState, Phase, Setup, playing_order


def table_seats(options: Mapping[str, Any]) -> int:
    """The seats at the table: five with ``five_player`` (the dealer sits out), else four."""
    return FIVE_SEATS if options.get("five_player") else PLAYERS


def deal_from_order(cards: Sequence[str], dealer: int, seats: int = PLAYERS) -> Deal:
    """§3 from a shuffled pack (top card first): the top 6 form the talon in dealt order,
    then 5 cards each starting with forehand = next(dealer), then 4 each in the same order.
    The dealer of a table of five gets none."""
    if sorted(cards) != sorted(PACK_42):
        raise ValueError(_("A Hungarian deal needs the 42-card pack"))
    hands: list[list[str]] = [[] for _ in range(seats)]
    position = TALON_SIZE
    for packet in (5, 4):
        for seat in playing_order(dealer, seats):
            hands[seat] += cards[position : position + packet]
            position += packet
    return Deal(hands=tuple(tuple(h) for h in hands), talon=tuple(cards[:TALON_SIZE]))


def deal(rng: random.Random, dealer: int = 0, seats: int = PLAYERS) -> Deal:
    cards = list(pack_42())
    rng.shuffle(cards)
    return deal_from_order(cards, dealer, seats)


def check_deal(deal: Deal, seats: int, dealer: int) -> None:
    if len(deal.hands) != seats:
        raise ValueError(
            _("This Hungarian table has {seats} seats, not {count}", seats=seats, count=len(deal.hands))
        )
    if not 0 <= dealer < seats:
        raise ValueError(_("No seat {dealer} to deal", dealer=dealer))
    players = playing_order(dealer, seats)
    sizes_ok = all(len(hand) == (HAND_SIZE if s in players else 0) for s, hand in enumerate(deal.hands))
    if not sizes_ok or len(deal.talon) != TALON_SIZE:
        if seats > PLAYERS:
            raise ValueError(
                _("A five-player Hungarian deal has no cards for the dealer, 9 per player, 6 in the talon")
            )
        raise ValueError(_("A Hungarian deal has 9 cards per seat and 6 in the talon"))
    cards = [card for hand in deal.hands for card in hand] + list(deal.talon)
    if set(cards) != PACK_42 or len(cards) != len(PACK_42):
        raise ValueError(_("A Hungarian deal must hold each card of the 42-card pack once"))


def new_hand(deal: Deal, context: HandContext, declared: Sequence[Option]) -> HungarianState:
    options: Mapping[str, Any] = resolve_options(declared, context.options)
    seats = table_seats(options)
    check_deal(deal, seats, context.dealer)
    setup = Setup(
        deal=deal,
        dealer=context.dealer,
        doubled=context.doubled,
        options=tuple(options.items()),
        seats=seats,
    )
    return HungarianState(
        setup=setup,
        phase=Phase.AUCTION,
        to_act=frozenset({setup.forehand}),
        hands=tuple(tuple(sort_cards(hand)) for hand in deal.hands),
    )
