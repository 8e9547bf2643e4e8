"""The deal and the start of a round (bridge.md §2–§3, §5).

``deal(rng, players, starter)`` shuffles the whole pack uniformly into the blind and deals 5
cards at a time from its top, starting with the starter and going round in playing order (as
the squawk7x engine's ``draw_new_cards``). The ``Deal`` it returns holds:

- ``hands``: per seat, the cards in the order they were dealt (the last one is the card the
  ``last_dealt`` opening option plays);
- ``talon``: the rest of the blind, top card first;
- ``salt``: the round's hidden secret that orders every reshuffle (``blind.reshuffled``).

An explicit ``Deal`` (tests, replays, imports) may give any non-empty hands, as long as hands
and blind together hold each of the 36 cards once; a deal without a salt still reshuffles
deterministically.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..base import Deal, HandContext, Option, resolve_options
from ..words import _
from .pack import PACK, PACK_36, sort_cards
from .state import BridgeState, Move, Phase, Setup, Stage, logged

HAND_SIZE = 5


def deal(rng: random.Random, players: int, starter: int) -> Deal:
    cards = list(PACK_36)
    rng.shuffle(cards)
    salt = f"{rng.getrandbits(128):032x}"
    hands: list[tuple[str, ...]] = [()] * players
    for i in range(players):
        seat = (starter + i) % players
        hands[seat] = tuple(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE])
    return Deal(hands=tuple(hands), talon=tuple(cards[players * HAND_SIZE :]), salt=salt)


def check_deal(deal: Deal, players: int) -> None:
    if len(deal.hands) != players:
        raise ValueError(
            _(
                "A Bridge deal for {players} players needs {players} hands, not {count}",
                players=players,
                count=len(deal.hands),
            )
        )
    if any(not hand for hand in deal.hands):
        raise ValueError(_("Every hand of a Bridge deal needs at least one card"))
    cards = [card for hand in deal.hands for card in hand] + list(deal.talon)
    if len(cards) != len(PACK) or set(cards) != PACK:
        raise ValueError(_("A Bridge deal must hold each card of the 36-card pack once"))


def new_hand(deal: Deal, context: HandContext, declared: Sequence[Option]) -> BridgeState:
    """The round dealt: the starter (``context.dealer``) opens the stack (§3.3)."""
    options = resolve_options(declared, context.options)
    players = int(options["players"])
    starter = context.dealer
    if not 0 <= starter < players:
        raise ValueError(f"No seat {starter} to start the round")  # untranslated: programmer error
    check_deal(deal, players)
    state = BridgeState(
        setup=Setup.make(deal, starter, options),
        phase=Phase.PLAY,
        to_act=frozenset({starter}),
        hands=tuple(sort_cards(hand) for hand in deal.hands),
        blind=tuple(deal.talon),
        move=Move(seat=starter, stage=Stage.FIRST, opening=True),
        recent=((),) * players,
    )
    return logged(state, (starter, _("starts the round")))
