"""Czech Taroky as played on machtarok.com, four players: shared/rules/czech.md.

``CZECH`` implements ``variant.Variant``. The modules, one concept each: ``state`` (the record
and its phases), ``deal`` (shuffle, cut or knock, piles, povinnost), ``auction`` (prever or
pass), ``talon`` (the 4-1-1 exchange with offers, the prever's sets, the discards),
``partner`` (the call), ``money`` (money cards), ``announce`` (valat, I on the end, contra),
``play``, ``outcome`` (the played hand → HandResult), ``scoring`` (pure §9–§10),
``observe`` (the hidden-information door), ``engine`` (the one gate for every action).

Phases and their actions (canonical text):

- ``shuffle`` (dealer): ``shuffle`` | ``pass``; ``cut`` (cutter): ``cut:<7..47>`` |
  ``knock:<ones|twos|threes|fours|sixes|twelve|345|twelves>``; ``piles``: ``pile:<1..4>``;
- ``prever``: ``prever`` | ``pass``;
- ``talon``: partner game ``take`` | ``offer``, then ``accept`` | ``refuse``; prever game
  ``keep`` | ``reject``;
- ``discard``: ``discard:<card>``; ``call``: ``call:<trump>``;
- ``money`` (povinnost, private): ``declare`` | ``decline``;
- ``valat``: ``valat`` | ``pass``; ``iote`` (private): ``iote`` | ``pass``;
- ``contra`` (private): ``contra`` | ``rhea-contra`` | ``supra-contra`` | ``pass``;
- ``play``: ``play:<card>``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Deal, HandContext, HandResult, Option, Viewer, resolve_options
from ..cards import sort_cards as _sort_cards
from ..match import MatchRules
from ..views import CzechView
from ..words import _, pgettext
from . import deal as _deal
from . import engine
from .observe import observe as _observe
from .observe import public_phase as _public_phase
from .state import SEATS, CzechState, Phase

OPTIONS = (
    Option(
        "red_pip_order",
        "machtarok",
        ("machtarok", "ace_high", "traditional"),
        label=_("Red pip order (machtarok: 4 3 2 1; ace high: 1 4 3 2; traditional: 1 2 3 4)"),
    ),
    Option("first_dealer", "host", ("host", "random"), label=_("Who deals the first hand")),
    Option("iote_called_value", 4, minimum=1, maximum=100, label=_("Called I on the end is worth")),
    Option("iote_silent_value", 2, minimum=1, maximum=100, label=_("Uncalled I on the end is worth")),
    Option("iote_with_valat", False, (False, True), label=_("I on the end may be called after a valat call")),
    Option("starting_chips", 100, minimum=0, maximum=10000, label=_("Chips each player starts with")),
    Option(
        "match_hands", 0, minimum=0, maximum=100, label=_("Hands in a match (0: the host ends the match)")
    ),
    Option("trick_review", "last", ("last", "all"), label=_("Completed tricks a player may review")),
)


class Czech:
    key = "czech"
    name = pgettext("game", "Czech Taroky")
    seats: tuple[int, ...] = (SEATS,)
    options: tuple[Option, ...] = OPTIONS

    def seat_count(self, options: Mapping[str, Any]) -> int:
        return SEATS

    def deal(self, rng: random.Random, seats: int, options: Mapping[str, Any], dealer: int = 0) -> Deal:
        """The pack's starting order and the hand's salt: the table shuffles, cuts and deals."""
        if seats not in self.seats:
            raise ValueError(_("Czech Taroky is played by {seats}, not {count}", seats=SEATS, count=seats))
        resolve_options(self.options, options)
        return _deal.deal(rng)

    def new_hand(self, deal: Deal, context: HandContext) -> CzechState:
        return _deal.new_hand(deal, context, self.options)

    def to_act(self, state: CzechState) -> frozenset[int]:
        return state.to_act

    def legal_actions(self, state: CzechState, seat: int) -> list[str]:
        return engine.legal_actions(state, seat)

    def apply(self, state: CzechState, seat: int, action: str) -> CzechState:
        return engine.apply(state, seat, action)

    def observe(self, state: CzechState, viewer: Viewer) -> CzechView:
        return _observe(state, viewer)

    def public_phase(self, state: CzechState) -> str:
        return _public_phase(state)

    def is_over(self, state: CzechState) -> bool:
        return state.phase is Phase.OVER

    def is_public(self, state: CzechState, seat: int, action: str) -> bool:
        """A declined I-on-the-end or contra offer is not announced (§7.3, §7.4, §13); how many
        of them there were would tell who is on which side, or where the I lies."""
        return not (state.phase in (Phase.IOTE, Phase.CONTRA) and action == "pass")

    def result(self, state: CzechState) -> HandResult | None:
        return state.result

    def sort_cards(self, cards: Sequence[str], options: Mapping[str, Any]) -> list[str]:
        order = resolve_options(self.options, options)["red_pip_order"]
        return _sort_cards(cards, order)

    def match_rules(self, options: Mapping[str, Any]) -> MatchRules:
        """§11: start at ``starting_chips``; ``match_hands`` hands, 0 = until the host ends it;
        §2: the hand names the next dealer (its povinnost); the first dealer per the option."""
        resolved = resolve_options(self.options, options)
        return MatchRules(
            seats=SEATS,
            length=int(resolved["match_hands"]),
            doubling_period=0,
            redeal_after_throw_in=False,
            start_total=int(resolved["starting_chips"]),
            first_dealer=str(resolved["first_dealer"]),
        )


CZECH = Czech()

__all__ = ["CZECH", "OPTIONS", "Czech", "CzechState", "Phase"]  # untranslated: names
