"""Slovenian Tarok for three players, with klop: shared/rules/slovenian3.md.

``SLOVENIAN3`` implements ``variant.Variant`` (key ``slovenian3``). The modules, one concept each:
``state`` (seats, the contract table, phases, the frozen records), ``deal`` (§3, the automatic
redeal), ``auction`` (§4, full and simple), ``talon`` (§5.1: face-up groups, the take, the
discard), ``announce`` (§7: announcements and the kontra chain, klop kontra), ``play`` (§8:
following, the negative contracts' obligations, the emperor trick, colour valat, the open
beggar's exposure, klop's talon gifts, the early end), ``outcome`` (§9: the piles → the
outcome summary → ``HandResult``), ``scoring`` (§10, pure), ``observe`` (§13, the
hidden-information door; its docstring lists every view key), ``engine`` (the one gate).

Seats are numbered in playing order; forehand = ``next(dealer)``, middlehand =
``next(forehand)`` (between forehand and the dealer).

Actions (canonical text; the log stores it, forms post it, tests write it):

- ``auction`` (middlehand first; forehand with ``auction_style = simple``): ``pass`` |
  ``bid:<contract>``, contract one of ``klop``, ``three``, ``two``, ``one``, ``beggar``,
  ``solo-without``, ``open-beggar``, ``colour-valat``, ``valat``. Klop and three only in
  forehand's special turn (simple auction: forehand opens with ``bid:three``; the opener still
  at three may ``pass`` at the final call, and klop is played). A final call repeats the
  contract as ``bid:<same contract>``.
- ``talon`` (three/two/one, the declarer): ``take:<n>``, the group number in dealt order
  (three: 1–2, two: 1–3, one: 1–6).
- ``discard`` (the declarer): ``discard:<card>,<card>,...``, all at once, exactly as many
  cards as taken (the page's discard form posts this); any order accepted.
- ``announce`` (turns from the declarer, klop: forehand): ``announce:trula`` |
  ``announce:kings`` | ``announce:ultimo`` | ``announce:valat``; kontra-chain calls
  ``kontra:<item>`` | ``rekontra:<item>`` | ``subkontra:<item>`` | ``mortkontra:<item>`` with
  item ``game`` (``valat`` once valat is announced), ``trula``, ``kings``, ``ultimo``; in klop
  with ``kontra_on_klop`` ``kontra:klop``; ``pass`` ends the turn (with no call: a pass).
- ``play``: ``play:<card>``.

``legal_actions`` is sorted (``pass`` first where it exists) and empty for a seat not to act;
an illegal action raises ``IllegalAction`` with a message a player can read and changes
nothing. Every call and card is public (``is_public`` is always True).

``HandResult`` of a hand (never thrown in: the no-tarok redeal happens inside ``deal``):
``payments`` per seat, not zero-sum (§10.7: the declarer's score, 0 for the opponents, plus
individual mond penalty / škisfang; klop: each player's own score); ``contract`` the display
name (``"three"``, ``"solo without"``, ``"klop"``, …); ``declarer`` and ``declarer_side``
(``(declarer,)``; None and ``()`` in klop); ``card_points`` (declarer, opponents), see
``outcome``; ``game_winner`` ``"declarer"``/``"opponents"`` (None in klop); ``items`` the
receipt, see ``scoring`` for how the lines add up; ``value`` the declarer's hand score (0 in
klop); ``reason`` ``"played out"`` or ``"ended early"``; ``radelci`` the per-seat change with
the option on (``()`` with it off).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Deal, HandContext, HandResult, Option, resolve_options
from ..cards import sort_cards as _sort_cards
from ..match import MatchRules
from ..words import _, pgettext
from . import deal as _deal
from . import engine
from .observe import observe as _observe
from .state import SEATS, Phase, SlovenianState

OPTIONS = (
    Option(
        "round_to_5", True, (True, False), label=_("Round the difference and klop scores to the nearest 5")
    ),
    Option("mond_penalty", 20, (20, 21), label=_("Penalty for losing the mond")),
    Option(
        "radelci", False, (False, True), label=_("Radelci: doubled scores after klop, beggars and valats")
    ),
    Option(
        "radelci_unused_penalty",
        40,
        minimum=0,
        maximum=1000,
        label=_("Each radelc unused at the end of the match costs"),
    ),
    Option(
        "auction_style",
        "full",
        ("full", "simple"),
        label=_("Auction (full: every contract, with priority; simple: three, two, one and klop only)"),
    ),
    Option(
        "no_tarok_redeal",
        "automatic",
        ("automatic", "off"),
        label=_("Deal again when a player has no tarok"),
    ),
    Option(
        "kontra_on_klop", False, (False, True), label=_("Klop may be kontra'd (doubles every klop score)")
    ),
    Option(
        "open_beggar_exposure",
        "before_first_lead",
        ("before_first_lead", "after_first_trick"),
        label=_("The open beggar's hand is shown (before the first lead, or after the first trick)"),
    ),
    Option(
        "skisfang",
        False,
        (False, True),
        label=_("Škisfang: losing the škis to the emperor trick costs 100"),
    ),
    Option("match_hands", 12, minimum=1, maximum=100, label=_("Hands in a match")),
    Option("trick_review", "last", ("last", "all"), label=_("Completed tricks a player may review")),
)


class Slovenian3:
    key = "slovenian3"
    name = pgettext("game", "Slovenian Tarok")
    seats: tuple[int, ...] = (SEATS,)
    options: tuple[Option, ...] = OPTIONS

    def seat_count(self, options: Mapping[str, Any]) -> int:
        return SEATS

    def deal(self, rng: random.Random, seats: int, options: Mapping[str, Any], dealer: int = 0) -> Deal:
        """A uniformly random deal from ``dealer`` (§3). With ``no_tarok_redeal = automatic`` a
        deal where a player holds no tarok is thrown in and dealt again, here, until every
        player holds one; with ``off`` the first deal stands."""
        if seats not in self.seats:
            raise ValueError(
                f"Slovenian Tarok is played by {SEATS}, not {seats}"  # untranslated: programmer error
            )
        resolved = resolve_options(self.options, options)
        return _deal.deal(rng, dealer, redeal=resolved["no_tarok_redeal"] == "automatic")

    def new_hand(self, deal: Deal, context: HandContext) -> SlovenianState:
        return _deal.new_hand(deal, context, self.options)

    def to_act(self, state: SlovenianState) -> frozenset[int]:
        return state.to_act

    # The functions themselves, not a method calling them: the server asks for these at every
    # position, for every seat.
    legal_actions = staticmethod(engine.legal_actions)

    def apply(self, state: SlovenianState, seat: int, action: str) -> SlovenianState:
        return engine.apply(state, seat, action)

    observe = staticmethod(_observe)

    def public_phase(self, state: SlovenianState) -> str:
        return state.phase.value

    def is_over(self, state: SlovenianState) -> bool:
        return state.phase is Phase.OVER

    def is_public(self, state: SlovenianState, seat: int, action: str) -> bool:
        return True  # every call and card is announced (§13)

    def result(self, state: SlovenianState) -> HandResult | None:
        return state.result

    def sort_cards(self, cards: Sequence[str], options: Mapping[str, Any]) -> list[str]:
        return _sort_cards(cards)

    def match_rules(self, options: Mapping[str, Any]) -> MatchRules:
        """§11: ``match_hands`` hands, not zero-sum; the deal passes to the next seat after every
        hand (klop included); a random first dealer; §10.6: radelci kept from hand to hand, each
        unused one costing ``radelci_unused_penalty`` at the end, when the option is on."""
        resolved = resolve_options(self.options, options)
        return MatchRules(
            seats=SEATS,
            length=int(resolved["match_hands"]),
            zero_sum=False,
            radelci_penalty=int(resolved["radelci_unused_penalty"]) if resolved["radelci"] else None,
            first_dealer="random",
            redeal_after_throw_in=True,
        )


SLOVENIAN3 = Slovenian3()

__all__ = [
    "OPTIONS",
    "SLOVENIAN3",
    "Phase",  # untranslated: a name exported
    "Slovenian3",
    "SlovenianState",
]
