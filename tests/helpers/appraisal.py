"""Hands for the appraisal tests: a deal of a game played out by robots, the log kept."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from games.bots import LEVELS, seat_view
from games.rules import Deal, HandContext, get_variant

SEATS = {"hungarian": 4, "czech": 4, "slovenian3": 3, "bridge": 3}


@dataclass
class PlayedHand:
    variant_key: str
    deal: Deal
    context: HandContext
    log: list[tuple[int, str]]
    phases: list[str]  # the public phase before each action of the log

    def decisions(self, seat: int | None = None, phase: str | None = None) -> list[int]:
        """The indexes of the log's actions made by ``seat`` (any) in ``phase`` (any)."""
        return [
            i
            for i, (s, _) in enumerate(self.log)
            if (seat is None or s == seat) and (phase is None or self.phases[i] == phase)
        ]


def played_hand(
    variant_key: str,
    seed: str,
    level: str = "basic",
    levels: dict[int, str] | None = None,
    deal: Deal | None = None,
    dealer: int = 0,
    options: dict[str, Any] | None = None,
) -> PlayedHand:
    """A hand of ``variant_key`` dealt by ``seed`` (or ``deal``), every seat's action chosen by
    the robot of ``level`` (``levels``: per seat), played to its end."""
    variant = get_variant(variant_key)
    rng = random.Random(seed)
    options = dict(options or {})
    if deal is None:
        deal = variant.deal(rng, SEATS[variant_key], options, dealer)
    context = HandContext(dealer=dealer, options=options)
    state = variant.new_hand(deal, context)
    log: list[tuple[int, str]] = []
    phases: list[str] = []
    while not variant.is_over(state):
        seat = min(variant.to_act(state))
        legal = variant.legal_actions(state, seat)
        robot = LEVELS[(levels or {}).get(seat, level)]
        action = robot.choose(seat_view(variant, state, seat), list(legal), rng)
        phases.append(variant.public_phase(state))
        log.append((seat, action))
        state = variant.apply(state, seat, action)
    return PlayedHand(variant_key, deal, context, log, phases)


def explicit_deal(variant_key: str, hand: PlayedHand) -> PlayedHand:
    """A Czech hand dealt from a pack shuffled at the table, as the hands it dealt (the log's
    shuffle and cut gone); any other hand as it is."""
    if hand.deal.hands:
        return hand
    variant = get_variant(variant_key)
    state = variant.new_hand(hand.deal, hand.context)
    for index, (seat, action) in enumerate(hand.log):
        if hand.phases[index] not in ("shuffle", "cut", "piles"):
            deal = Deal(hands=tuple(state.dealt), talon=tuple(state.talon))
            return PlayedHand(variant_key, deal, hand.context, hand.log[index:], hand.phases[index:])
        state = variant.apply(state, seat, action)
    raise AssertionError("the hand was never dealt")
