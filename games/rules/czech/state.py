"""The Czech hand as a value: phases and the frozen state record (shared/rules/czech.md).

Every record is frozen and holds tuples; the phase modules return new records through
``evolve`` and never mutate one. ``to_act`` is the true set of seats to act; ``observe``
hides it from the others during the private turns (money choice, I on the end, contra).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..base import Deal, HandResult
from ..cards import rank_table
from ..cards import sort_cards as _sort_cards
from ..records import evolver
from ..tricks import (
    LogEntry,  # (acting seat or None, public text)
    Trick,
)

SEATS = 4
TALON_SIZE = 6
HAND_SIZE = 12
PACK_POINTS = 106
HALF = 53

PREVER = "prever"
PARTNER_GAME = "partner game"  # untranslated: a key (the contract), the page words it
DECLARER = "declarer"
OPPONENTS = "opponents"


class Phase(StrEnum):
    SHUFFLE = "shuffle"  # the dealer shuffles (any number of times) or passes the deck on
    CUT = "cut"  # the cutter cuts or knocks and picks a deal style
    PILES = "piles"  # twelves choice: players pick their pile of 12
    PREVER = "prever"  # prever or pass, from povinnost
    TALON = "talon"  # 4-1-1 with offers (partner game) or the prever's sets
    DISCARD = "discard"  # one card at a time, povinnost first
    CALL = "call"  # povinnost calls a trump (partner game)
    MONEY = "money"  # povinnost's private declare/decline of Uni/Bida
    VALAT = "valat"
    IOTE = "iote"  # the T1 holder's private I-on-the-end offer
    CONTRA = "contra"  # private offers, one player at a time
    PLAY = "play"
    OVER = "over"


def next_seat(seat: int) -> int:
    return (seat + 1) % SEATS


def previous_seat(seat: int) -> int:
    return (seat - 1) % SEATS


@dataclass(frozen=True)
class Setup:
    """What does not change during a hand: the deal, the dealer, the room's options."""

    deal: Deal
    dealer: int
    opening: bool  # the first hand of the match (§2)
    options: tuple[tuple[str, Any], ...]  # resolved, in declaration order

    @property
    def cutter(self) -> int:
        return previous_seat(self.dealer)

    def option(self, name: str) -> Any:
        for key, value in self.options:
            if key == name:
                return value
        raise KeyError(name)

    @property
    def red_pip_order(self) -> str:
        return str(self.option("red_pip_order"))

    def sort(self, cards: Any) -> tuple[str, ...]:
        return tuple(_sort_cards(cards, self.red_pip_order))

    def rank(self) -> dict[str, int]:
        return rank_table(self.red_pip_order)


@dataclass(frozen=True)
class CzechState:
    setup: Setup
    phase: Phase
    to_act: frozenset[int]
    hands: tuple[tuple[str, ...], ...]  # current cards per seat, in display order
    # Shuffle and cut (§3.1)
    deck: tuple[str, ...] = ()  # the pack, top first, until it is dealt
    shuffles: int = 0
    cut: tuple[str, Any] | None = None  # ("cut", k) or ("knock", style)
    piles: tuple[tuple[str, ...], ...] | None = None  # twelves choice: the four piles
    pile_owners: tuple[int | None, ...] | None = None
    # The deal (§3.2)
    talon: tuple[str, ...] = ()  # dealt order, card 1 first
    dealt: tuple[tuple[str, ...], ...] | None = None  # the hands as dealt, display order
    povinnost: int | None = None
    # Contract (§4)
    auction: tuple[tuple[int, str], ...] = ()
    prever: int | None = None
    contract: str | None = None  # PREVER or PARTNER_GAME
    # Talon (§5)
    talon_received: tuple[tuple[str, ...], ...] | None = None  # per seat, display order
    talon_events: tuple[tuple[int, str, int], ...] = ()  # (seat, take|offer|accept|refuse, 5|6)
    talon_step: tuple[int, str] | None = None  # partner game: (card no, "choose"|"answer")
    prever_stage: str | None = None  # "top", "bottom", "done"
    prever_rejected: tuple[tuple[str, ...], ...] = ()  # rejected sets, dealt order
    prever_kept: str | None = None  # "top", "bottom", "back"
    pm: int = 1  # prever multiplier (§5.2.4)
    opponents_pile: tuple[str, ...] = ()  # untaken talon cards (prever game)
    discards: tuple[tuple[str, ...], ...] | None = None  # per seat, in discard order
    discarded_trumps: tuple[tuple[int, str], ...] = ()
    # Partner (§6)
    called_card: str | None = None
    partner: int | None = None
    # Money cards, valat, I on the end, contra (§7)
    money_choice: bool | None = None  # povinnost's declare (True) / decline (False) of Uni/Bida
    money: tuple[tuple[int, str, int], ...] = ()  # declared (seat, name, a), in order
    money_payments: tuple[int, ...] = (0, 0, 0, 0)
    valat_calls: tuple[tuple[int, str], ...] = ()  # (seat, "valat"|"pass")
    valat: int | None = None  # the valat caller
    iote: int | None = None  # the I-on-the-end caller
    contra_calls: tuple[tuple[int, str], ...] = ()  # (seat, level name)
    contra_queue: tuple[int, ...] = ()  # seats still to be offered the current level, first = now
    # Play (§8)
    trick: Trick | None = None
    tricks: tuple[Trick, ...] = ()
    log: tuple[LogEntry, ...] = ()
    result: HandResult | None = None

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.setup.options)

    @property
    def declarer(self) -> int | None:
        """The prever, or povinnost once it is a partner game."""
        if self.contract == PREVER:
            return self.prever
        if self.contract == PARTNER_GAME:
            return self.povinnost
        return None

    @property
    def alone(self) -> bool | None:
        """Whether the declarer plays alone: always in a prever game; None before the call."""
        if self.contract == PREVER:
            return True
        if self.called_card is None:
            return None
        return self.partner is None

    def side_of(self, seat: int) -> str:
        if seat == self.declarer or (self.contract == PARTNER_GAME and seat == self.partner):
            return DECLARER
        return OPPONENTS

    def declarer_side(self) -> tuple[int, ...]:
        return tuple(s for s in range(SEATS) if self.side_of(s) == DECLARER)


evolve = evolver(CzechState)


def logged(state: CzechState, *entries: LogEntry) -> tuple[LogEntry, ...]:
    return state.log + entries


def with_card(
    hands: tuple[tuple[str, ...], ...], seat: int, cards: Any, setup: Setup
) -> tuple[tuple[str, ...], ...]:
    """``hands`` with ``cards`` added to ``seat``'s hand (display order kept)."""
    out = list(hands)
    out[seat] = setup.sort(out[seat] + tuple(cards))
    return tuple(out)


def is_trump(card: str) -> bool:
    return card[0] == "T"


def trump_count(cards: Any) -> int:
    return sum(1 for card in cards if card[0] == "T")
