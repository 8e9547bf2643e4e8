"""Helpers for the rules tests: start a Hungarian, Czech, Slovenian or Bridge hand from a
written-out deal, run actions.

Exposed as the ``table``, ``czech_table``, ``slovenian_table`` and ``bridge_table`` fixtures so
the test modules need no imports between each other (whatever pytest import mode the project
settles on).
"""

from __future__ import annotations

from typing import Any

import pytest

from games.rules import Deal, HandContext
from games.rules.bridge import BRIDGE
from games.rules.bridge.pack import PACK_36
from games.rules.czech import CZECH
from games.rules.hungarian import HUNGARIAN, HungarianState
from games.rules.slovenian3 import SLOVENIAN3, Phase


class VariantTable:
    """What every table fixture does: run ``"<seat> <action>"`` steps, list the legal actions,
    show a viewer's view, play a hand out."""

    variant: Any

    def run(self, state: Any, *steps: str) -> Any:
        """Apply steps written as ``"<seat> <action>"``, e.g. ``"1 bid:three"``."""
        for step in steps:
            seat, action = step.split(" ", 1)
            state = self.variant.apply(state, int(seat), action)
        return state

    def legal(self, state: Any, seat: int) -> list[str]:
        return self.variant.legal_actions(state, seat)

    def view(self, state: Any, viewer: Any) -> dict[str, Any]:
        return self.variant.observe(state, viewer)

    def play_out(self, state: Any) -> Any:
        """Play every remaining card: each seat to act plays its first legal card."""
        while not self.variant.is_over(state):
            (seat,) = state.to_act
            state = self.variant.apply(state, seat, self.legal(state, seat)[0])
        return state


class Table(VariantTable):
    variant = HUNGARIAN

    def start(
        self,
        hands: list[str],
        talon: str,
        dealer: int = 0,
        doubled: bool = False,
        **options: Any,
    ) -> HungarianState:
        """``hands``: one space-separated string of 9 cards per seat; ``talon``: 6, top first."""
        deal = Deal(hands=tuple(tuple(h.split()) for h in hands), talon=tuple(talon.split()))
        return HUNGARIAN.new_hand(deal, HandContext(dealer=dealer, options=options, doubled=doubled))


@pytest.fixture
def table() -> Table:
    return Table()


class CzechTable(VariantTable):
    """Start a Czech hand from written-out hands and talon; run ``"<seat> <action>"`` steps."""

    variant = CZECH

    def start(
        self,
        hands: list[str],
        talon: str,
        dealer: int = 3,
        opening: bool = False,
        **options: Any,
    ) -> Any:
        """``hands``: one space-separated string of 12 cards per seat; ``talon``: 6, card 1 first.
        Dealer 3 by default, so povinnost is seat 0 outside the opening hand."""
        deal = Deal(hands=tuple(tuple(h.split()) for h in hands), talon=tuple(talon.split()))
        return self.variant.new_hand(deal, HandContext(dealer=dealer, options=options, opening=opening))


@pytest.fixture
def czech_table() -> CzechTable:
    return CzechTable()


class SlovenianTable(VariantTable):
    """Start a Slovenian hand from written-out hands and talon; run ``"<seat> <action>"`` steps.

    Dealer 2 by default, so that forehand is seat 0, middlehand seat 1 and the dealer seat 2
    (the auction starts with seat 1)."""

    variant = SLOVENIAN3

    def start(
        self,
        hands: list[str],
        talon: str,
        dealer: int = 2,
        radelci_held: tuple[int, ...] = (),
        **options: Any,
    ) -> Any:
        """``hands``: one space-separated string of 16 cards per seat; ``talon``: 6, card 1 first;
        ``radelci_held``: the context's radelci (counted only with the ``radelci`` option)."""
        deal = Deal(hands=tuple(tuple(h.split()) for h in hands), talon=tuple(talon.split()))
        context = HandContext(dealer=dealer, options=options, radelci=radelci_held)
        return self.variant.new_hand(deal, context)

    def pass_announcements(self, state: Any) -> Any:
        """Everyone passes the announcement phase (if there is one)."""
        while state.phase is Phase.ANNOUNCE:
            (seat,) = state.to_act
            state = self.variant.apply(state, seat, "pass")
        return state

    def play_out(self, state: Any) -> Any:
        """Pass any announcements, then play every remaining card: each seat to act plays its
        first legal card."""
        return super().play_out(self.pass_announcements(state))


@pytest.fixture
def slovenian_table() -> SlovenianTable:
    return SlovenianTable()


class BridgeTable(VariantTable):
    """Start a Bridge round from written-out hands and blind; run ``"<seat> <action>"`` steps."""

    variant = BRIDGE

    def deal(self, hands: list[str], blind: str = "", salt: str = "") -> Deal:
        """``hands``: one space-separated string per seat, in the order dealt (the last card is
        the last dealt); ``blind``: its top cards, top first. Every card not written down goes
        to the bottom of the blind in display order (HA HK ... C7 C6)."""
        written = [card for hand in hands for card in hand.split()] + blind.split()
        rest = [card for card in PACK_36 if card not in written]
        return Deal(
            hands=tuple(tuple(h.split()) for h in hands),
            talon=tuple(blind.split()) + tuple(rest),
            salt=salt,
        )

    def start(
        self, hands: list[str], blind: str = "", starter: int = 0, salt: str = "", **options: Any
    ) -> Any:
        """A round for ``len(hands)`` players (unless ``players`` is given) opened by ``starter``."""
        options.setdefault("players", len(hands))
        deal = self.deal(hands, blind, salt)
        return BRIDGE.new_hand(deal, HandContext(dealer=starter, options=options))

    def log(self, state: Any, since: int = 0) -> list[str]:
        """The public log as ``"<seat> <text>"`` lines, from entry ``since`` on."""
        return [f"{seat} {text}" for seat, text in state.log[since:]]


@pytest.fixture
def bridge_table() -> BridgeTable:
    return BridgeTable()
