"""Hungarian Tarokk, XX-hívás (Paskievics rules): shared/rules/hungarian.md.

``HUNGARIAN`` implements ``base.Variant``. The modules, one concept each:
``state`` (records, phases, contracts), ``deal``, ``auction`` (with the sole-bidder raise),
``talon`` (distribution and discards), ``partner`` (the call), ``announce``, ``play``,
``outcome`` (how a hand ends → HandResult), ``annulment`` (§5.3), ``scoring`` (pure §10),
``observe`` (the hidden-information door), ``engine`` (the one gate for every action).

Every §12 option is declared so rooms can store it. Implemented so far: ``allow_discard_xx``,
``trick_review``, ``opponents_need_48_when_kontra``, ``max_kontra_level`` and
``tarokk_count_payers`` (announcements, §7), ``invitations`` (jumps and the yield, §4.4),
``trial_bid`` and ``trial_bid_penalty`` (§4.6), ``annulment`` (§5.3); ``pass_out_doubling``
and ``match_hands`` are the match's business (``games.rules.match``: the hand only reports
that it was thrown in, and plays doubled when ``HandContext.doubled`` says so). Not yet:
``five_player`` (accepted and stored; the hand is played by four).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Deal, HandContext, HandResult, Option, View, Viewer, resolve_options
from ..cards import sort_cards as _sort_cards
from ..match import MatchRules
from . import deal as _deal
from . import engine
from .observe import observe as _observe
from .state import SEATS, HungarianState, Phase

OPTIONS = (
    Option("five_player", False, (False, True), label="Five players (the dealer sits out)"),
    Option(
        "tarokk_count_payers",
        "each_other_player",
        ("each_other_player", "opposing_team"),
        label="Who pays for 8 or 9 tarokks",
    ),
    Option("allow_discard_xx", True, (True, False), label="The XX may be discarded"),
    Option("pass_out_doubling", True, (True, False), label="Double the hands after a throw-in"),
    Option("annulment", True, (True, False), label="Annulment before discarding"),
    Option("invitations", True, (True, False), label="Invitations and the yielded game"),
    Option("trial_bid", True, (True, False), label="Trial bid by the fourth player"),
    Option("trial_bid_penalty", 3, minimum=1, maximum=100, label="Failed trial bid: paid to each player"),
    Option("max_kontra_level", 4, minimum=1, maximum=5, label="Highest kontra level"),
    Option(
        "opponents_need_48_when_kontra",
        False,
        (False, True),
        label="A kontra'd 47-47 goes to the declarer",
    ),
    Option("illustrated_bonuses", False, (False,), label="Illustrated bonuses (not available)"),
    Option("match_hands", 16, minimum=1, maximum=100, label="Scored hands in a match"),
    Option("trick_review", "last", ("last", "all"), label="Completed tricks a player may review"),
)


class Hungarian:
    key = "hungarian"
    name = "Hungarian Tarokk"
    seats: tuple[int, ...] = (SEATS,)
    options: tuple[Option, ...] = OPTIONS

    def seat_count(self, options: Mapping[str, Any]) -> int:
        return SEATS

    def deal(self, rng: random.Random, seats: int, options: Mapping[str, Any], dealer: int = 0) -> Deal:
        """A uniformly random deal, dealt as §3 says from ``dealer`` (forehand = dealer + 1)."""
        if seats not in self.seats:
            raise ValueError(f"Hungarian Tarokk is played by {SEATS}, not {seats}")
        resolve_options(self.options, options)
        return _deal.deal(rng, dealer)

    def new_hand(self, deal: Deal, context: HandContext) -> HungarianState:
        return _deal.new_hand(deal, context, self.options)

    def to_act(self, state: HungarianState) -> frozenset[int]:
        return state.to_act

    def legal_actions(self, state: HungarianState, seat: int) -> list[str]:
        return engine.legal_actions(state, seat)

    def apply(self, state: HungarianState, seat: int, action: str) -> HungarianState:
        return engine.apply(state, seat, action)

    def observe(self, state: HungarianState, viewer: Viewer) -> View:
        return _observe(state, viewer)

    def is_over(self, state: HungarianState) -> bool:
        return state.phase is Phase.OVER

    def is_public(self, state: HungarianState, seat: int, action: str) -> bool:
        return True  # every call and card is announced (§13)

    def result(self, state: HungarianState) -> HandResult | None:
        return state.result

    def sort_cards(self, cards: Sequence[str], options: Mapping[str, Any]) -> list[str]:
        return _sort_cards(cards)

    def match_rules(self, options: Mapping[str, Any]) -> MatchRules:
        """§11: ``match_hands`` scored hands; §4.5/§10.6: four doubled hands after a throw-in."""
        resolved = resolve_options(self.options, options)
        return MatchRules(
            seats=SEATS,
            length=int(resolved["match_hands"]),
            doubling_period=4 if resolved["pass_out_doubling"] else 0,
            redeal_after_throw_in=True,
        )


HUNGARIAN = Hungarian()

__all__ = ["HUNGARIAN", "OPTIONS", "Hungarian", "HungarianState", "Phase"]
