"""Hungarian Tarokk, XX-hívás (Paskievics rules): shared/rules/hungarian.md.

``HUNGARIAN`` implements ``variant.Variant``. The modules, one concept each:
``state`` (records, phases, contracts), ``deal``, ``auction`` (with the sole-bidder raise),
``talon`` (distribution and discards), ``partner`` (the call), ``announce``, ``play``,
``outcome`` (how a hand ends → HandResult), ``annulment`` (§5.3), ``scoring`` (pure §10),
``observe`` (the hidden-information door), ``engine`` (the one gate for every action).

Every §12 option is declared so rooms can store it. Implemented so far: ``allow_discard_xx``,
``trick_review``, ``opponents_need_48_when_kontra``, ``max_kontra_level`` and
``tarokk_count_payers`` (announcements, §7), ``invitations`` (jumps and the yield, §4.4),
``trial_bid`` and ``trial_bid_penalty`` (§4.6), ``annulment`` (§5.3), ``five_player`` (§2: a
table of five, the dealer sitting out each hand; ``state.Setup`` knows the table); and
``pass_out_doubling`` and ``match_hands`` are the match's business (``games.rules.match``: the
hand only reports that it was thrown in, and plays doubled when ``HandContext.doubled`` says
so). ``match_hands`` defaults to 20 at a table of five (§11), so that every seat deals equally
often.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Deal, HandContext, HandResult, Option, Viewer, resolve_options
from ..cards import sort_cards as _sort_cards
from ..match import MatchRules
from ..views import HungarianView
from ..words import _, pgettext
from . import deal as _deal
from . import engine
from .deal import table_seats
from .observe import observe as _observe
from .state import FIVE_SEATS, PLAYERS, HungarianState, Phase

OPTIONS = (
    Option("five_player", False, (False, True), label=_("Five players (the dealer sits out)")),
    Option(
        "tarokk_count_payers",
        "each_other_player",
        ("each_other_player", "opposing_team"),
        label=_("Who pays for 8 or 9 tarokks"),
    ),
    Option("allow_discard_xx", True, (True, False), label=_("The XX may be discarded")),
    Option("pass_out_doubling", True, (True, False), label=_("Double the hands after a throw-in")),
    Option("annulment", True, (True, False), label=_("Annulment before discarding")),
    Option("invitations", True, (True, False), label=_("Invitations and the yielded game")),
    Option("trial_bid", True, (True, False), label=_("Trial bid by the fourth player")),
    Option("trial_bid_penalty", 3, minimum=1, maximum=100, label=_("Failed trial bid: paid to each player")),
    Option("max_kontra_level", 4, minimum=1, maximum=5, label=_("Highest kontra level")),
    Option(
        "opponents_need_48_when_kontra",
        False,
        (False, True),
        label=_("A kontra'd 47-47 goes to the declarer"),
    ),
    Option("illustrated_bonuses", False, (False,), label=_("Illustrated bonuses (not available)")),
    Option(
        "match_hands",
        16,
        minimum=1,
        maximum=100,
        label=_("Scored hands in a match"),
        default_if=(("five_player", True, 20),),
    ),
    Option("trick_review", "last", ("last", "all"), label=_("Completed tricks a player may review")),
)


class Hungarian:
    key = "hungarian"
    name = pgettext("game", "Hungarian Tarokk")
    seats: tuple[int, ...] = (PLAYERS, FIVE_SEATS)
    options: tuple[Option, ...] = OPTIONS

    def seat_count(self, options: Mapping[str, Any]) -> int:
        return table_seats(options)

    def deal(self, rng: random.Random, seats: int, options: Mapping[str, Any], dealer: int = 0) -> Deal:
        """A uniformly random deal, dealt as §3 says from ``dealer`` (forehand = dealer + 1)."""
        wanted = table_seats(resolve_options(self.options, options))
        if seats != wanted:
            raise ValueError(
                _("This Hungarian table has {seats} seats, not {count}", seats=wanted, count=seats)
            )
        if not 0 <= dealer < seats:
            raise ValueError(_("No seat {dealer} to deal", dealer=dealer))
        return _deal.deal(rng, dealer, seats)

    def new_hand(self, deal: Deal, context: HandContext) -> HungarianState:
        return _deal.new_hand(deal, context, self.options)

    def to_act(self, state: HungarianState) -> frozenset[int]:
        return state.to_act

    def legal_actions(self, state: HungarianState, seat: int) -> list[str]:
        return engine.legal_actions(state, seat)

    def apply(self, state: HungarianState, seat: int, action: str) -> HungarianState:
        return engine.apply(state, seat, action)

    def observe(self, state: HungarianState, viewer: Viewer) -> HungarianView:
        return _observe(state, viewer)

    def public_phase(self, state: HungarianState) -> str:
        return state.phase.value

    def is_over(self, state: HungarianState) -> bool:
        return state.phase is Phase.OVER

    def is_public(self, state: HungarianState, seat: int, action: str) -> bool:
        return True  # every call and card is announced (§13)

    def result(self, state: HungarianState) -> HandResult | None:
        return state.result

    def sort_cards(self, cards: Sequence[str], options: Mapping[str, Any]) -> list[str]:
        return _sort_cards(cards)

    def match_rules(self, options: Mapping[str, Any]) -> MatchRules:
        """§11: ``match_hands`` scored hands; §4.5/§10.6: four doubled hands after a throw-in,
        five at a table of five (as many as there are seats, so that each deals one)."""
        resolved = resolve_options(self.options, options)
        seats = table_seats(resolved)
        return MatchRules(
            seats=seats,
            length=int(resolved["match_hands"]),
            doubling_period=seats if resolved["pass_out_doubling"] else 0,
            dealer_sits_out=seats > PLAYERS,
            redeal_after_throw_in=True,
        )


HUNGARIAN = Hungarian()

__all__ = ["HUNGARIAN", "OPTIONS", "Hungarian", "HungarianState", "Phase"]  # untranslated: names
