"""The deal (slovenian3.md §3) and starting a hand from an explicit deal.

``deal(rng, dealer, redeal)``: a uniform shuffle; the top 6 cards form the talon in order (card
1 first), then 16 cards to each player in two packets of 8, forehand (``next(dealer)``) first.
With ``no_tarok_redeal = automatic`` (``redeal=True``) a deal in which a player holds no tarok is
thrown in and dealt again by the same dealer, inside this one call, until every player holds
a tarok: the site only ever stores the deal that is played. With ``off`` the first deal stands.
The cut by ``previous(dealer)`` is cosmetic and not modelled.

``new_hand`` accepts any explicit deal of the 54 cards (tests, replays, imports), with or
without taroks in every hand: the redeal is the dealing's business, not the hand's.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from .. import seats
from ..base import Deal, HandContext, Option, resolve_options
from ..cards import PACK_54, check_pack_deal, pack_54
from ..words import ngettext, pgettext
from .auction import first_to_bid
from .state import HAND_SIZE, SEATS, TALON_SIZE, Phase, Setup, SlovenianState

PACKET = 8


def deal_from_order(cards: Sequence[str], dealer: int) -> Deal:
    """§3 from a shuffled pack (top card first): the talon, then packets of 8 from forehand."""
    if sorted(cards) != sorted(PACK_54):
        raise ValueError("A Slovenian deal needs the 54-card pack")  # untranslated: programmer error
    hands: list[list[str]] = [[] for _ in range(SEATS)]
    position = TALON_SIZE
    for _ in range(HAND_SIZE // PACKET):
        for seat in seats.in_order((dealer + 1) % SEATS, SEATS):
            hands[seat] += cards[position : position + PACKET]
            position += PACKET
    return Deal(hands=tuple(tuple(h) for h in hands), talon=tuple(cards[:TALON_SIZE]))


def every_seat_has_a_tarok(deal: Deal) -> bool:
    return all(any(card[0] == "T" for card in hand) for hand in deal.hands)


def deal(rng: random.Random, dealer: int, redeal: bool) -> Deal:
    """A uniformly random deal; ``redeal``: thrown in and dealt again until every seat holds a
    tarok (§3.4, ``no_tarok_redeal = automatic``)."""
    while True:
        cards = list(pack_54())
        rng.shuffle(cards)
        dealt = deal_from_order(cards, dealer)
        if not redeal or every_seat_has_a_tarok(dealt):
            return dealt


def check_deal(deal: Deal) -> None:
    check_pack_deal(
        deal,
        pgettext("game", "Slovenian Tarok"),
        pgettext("players of a game", "Slovenian"),
        SEATS,
        HAND_SIZE,
        TALON_SIZE,
    )


def radelci_held(context: HandContext, radelci_on: bool) -> tuple[int, ...]:
    """``HandContext.radelci`` (``()`` = none held); all zeros when the option is off."""
    if not radelci_on or not context.radelci:
        return (0,) * SEATS
    if len(context.radelci) != SEATS or min(context.radelci) < 0:
        raise ValueError("Radelci must be given as 3 counts, none negative")  # untranslated: programmer error
    return tuple(context.radelci)


def new_hand(deal: Deal, context: HandContext, declared: Sequence[Option]) -> SlovenianState:
    check_deal(deal)
    if not 0 <= context.dealer < SEATS:
        raise ValueError(f"No seat {context.dealer} to deal")  # untranslated: programmer error
    options: Mapping[str, Any] = resolve_options(declared, context.options)
    setup = Setup(
        deal=deal,
        dealer=context.dealer,
        radelci=radelci_held(context, bool(options["radelci"])),
        options=tuple(options.items()),
    )
    entries = tuple(
        (seat, ngettext("holds {count} radelc", "holds {count} radelci", n, count=n))
        for seat, n in enumerate(setup.radelci)
        if n
    )
    return SlovenianState(
        setup=setup,
        phase=Phase.AUCTION,
        to_act=frozenset({first_to_bid(setup)}),
        hands=tuple(Setup.sort(hand) for hand in deal.hands),
        log=entries,
    )
