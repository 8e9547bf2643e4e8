"""The Slovenian hand as a value: seats, contracts, phases and the frozen state records
(shared/rules/slovenian3.md).

Every record is frozen and holds tuples and frozensets; the phase modules return new records
through ``evolve`` (the hand) or ``dataclasses.replace`` (the small records) and never mutate
one.
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
from ..words import Msg, _, pgettext

SEATS = 3
HAND_SIZE = 16
TALON_SIZE = 6
PACK_POINTS = 70  # the 54 cards counted in threes (cards.md §5)
WINNING_POINTS = 36  # a positive contract needs more than 35 (§1)

KONTRA_WORDS = ("kontra", "rekontra", "subkontra", "mortkontra")  # levels 1..4 (§7.3)
# The kontra levels' words as players read them (``KONTRA_WORDS`` are the action words).
KONTRA_NAMES = (
    pgettext("kontra level", "kontra"),
    pgettext("kontra level", "rekontra"),
    pgettext("kontra level", "subkontra"),
    pgettext("kontra level", "mortkontra"),
)

DECLARER = "declarer"
OPPONENTS = "opponents"

T1, T21, T22 = "T1", "T21", "T22"
TRULA = frozenset({T1, T21, T22})

RANK = rank_table("traditional")  # §1: red K Q R J 1 2 3 4, black K Q R J 10 9 8 7


class Phase(StrEnum):
    AUCTION = "auction"
    TALON = "talon"  # three/two/one: the declarer takes a group of the face-up talon
    DISCARD = "discard"  # ... and discards as many cards
    ANNOUNCE = "announce"  # announcements and the kontra chain (klop: only kontra_on_klop)
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class Contract:
    """One row of the contract table (§4.1), as flags rather than ``if name == ...`` chains."""

    key: str  # the action's word: ``bid:<key>``
    name: Msg  # what players read, and ``HandResult.contract``
    level: int  # 0 klop … 8 valat
    value: int
    talon_group: int  # cards per talon group the declarer takes; 0: no talon exchange
    declarer_leads: bool
    negative: bool  # klop, beggar, open beggar: §8.2 obligations
    bonuses: bool  # three, two, one: trula, kings, pagat ultimo, valat (§7.2)
    all_tricks: bool = False  # colour valat, valat: the declarer must win every trick
    no_tricks: bool = False  # beggar, open beggar: the declarer must win no trick
    mond_penalty: bool = False  # §10.5: three, two, one, solo without


CONTRACTS = (
    Contract("klop", pgettext("contract", "klop"), 0, 70, 0, False, True, False),
    Contract("three", pgettext("contract", "three"), 1, 10, 3, False, False, True, mond_penalty=True),
    Contract("two", pgettext("contract", "two"), 2, 20, 2, False, False, True, mond_penalty=True),
    Contract("one", pgettext("contract", "one"), 3, 30, 1, False, False, True, mond_penalty=True),
    Contract("beggar", pgettext("contract", "beggar"), 4, 70, 0, True, True, False, no_tricks=True),
    Contract(
        "solo-without", pgettext("contract", "solo without"), 5, 80, 0, True, False, False, mond_penalty=True
    ),
    Contract("open-beggar", pgettext("contract", "open beggar"), 6, 90, 0, True, True, False, no_tricks=True),
    Contract(
        "colour-valat", pgettext("contract", "colour valat"), 7, 125, 0, True, False, False, all_tricks=True
    ),
    Contract("valat", pgettext("contract", "valat"), 8, 500, 0, True, False, False, all_tricks=True),
)
CONTRACT_BY_KEY = {c.key: c for c in CONTRACTS}
KLOP, THREE = CONTRACTS[0], CONTRACTS[1]
SIMPLE_CONTRACTS = CONTRACTS[:4]  # §4.3: klop, three, two, one


def next_seat(seat: int) -> int:
    return (seat + 1) % SEATS


@dataclass(frozen=True)
class Setup:
    """What does not change during a hand: the deal, the dealer, the radelci, the options."""

    deal: Deal
    dealer: int
    radelci: tuple[int, ...]  # per seat, held before this hand (all zeros without the option)
    options: tuple[tuple[str, Any], ...]  # resolved, in declaration order

    @property
    def forehand(self) -> int:
        return next_seat(self.dealer)

    @property
    def middlehand(self) -> int:
        return next_seat(self.forehand)

    def priority(self, seat: int) -> int:
        """§4.2: 0 forehand (highest), 1 middlehand, 2 the dealer."""
        return (seat - self.dealer - 1) % SEATS

    def option(self, name: str) -> Any:
        for key, value in self.options:
            if key == name:
                return value
        raise KeyError(name)

    @staticmethod
    def sort(cards: Any) -> tuple[str, ...]:
        return tuple(_sort_cards(cards))


@dataclass(frozen=True)
class Auction:
    """The calls so far (§4). ``highest`` is the bid to beat and its bidder."""

    calls: tuple[tuple[int, str], ...] = ()  # (seat, canonical action) in order
    passed: frozenset[int] = frozenset()
    bidders: frozenset[int] = frozenset()  # seats that have made a bid
    highest: tuple[int, int] | None = None  # (seat, contract level)


@dataclass(frozen=True)
class Announcing:
    """The announcement phase so far (§7), kept up to date call by call.

    Items: ``game`` (owned by the declarer; after an announced valat it is shown and called
    ``valat``), the announced bonuses ``trula``, ``kings``, ``ultimo`` (owned by the
    announcer's side), and ``klop`` (kontra_on_klop, owned by nobody).
    """

    turn: tuple[str, ...] = ()  # calls made so far in the turn in progress
    bonuses: tuple[tuple[str, str, int], ...] = ()  # (bonus, side, announcer), in order
    levels: tuple[tuple[str, int], ...] = ()  # (item, kontra level ≥ 1); valat's is "game"'s
    valat: bool = False  # the declarer announced valat (cancels every other bonus)
    callers: tuple[tuple[int, str], ...] = ()  # (seat, canonical call) in order, passes excluded

    def announced(self, bonus: str) -> tuple[str, int] | None:
        """(side, announcer) of an announced bonus still standing, else None."""
        return next(((side, seat) for b, side, seat in self.bonuses if b == bonus), None)

    def level(self, item: str) -> int:
        return next((n for i, n in self.levels if i == item), 0)

    def raised(self, item: str, level: int) -> tuple[tuple[str, int], ...]:
        return tuple(entry for entry in self.levels if entry[0] != item) + ((item, level),)


@dataclass(frozen=True)
class SlovenianState:
    setup: Setup
    phase: Phase
    to_act: frozenset[int]
    hands: tuple[tuple[str, ...], ...]  # current cards per seat, display order
    auction: Auction = Auction()
    contract: Contract | None = None
    declarer: int | None = None  # None in klop
    talon_taken: int | None = None  # three/two/one: the group taken, 1-based
    discard: tuple[str, ...] | None = None  # the declarer's discard, display order
    # Announcement turns in order: (seat, calls made in that turn); () is a pass.
    announce_turns: tuple[tuple[int, tuple[str, ...]], ...] = ()
    announcing: Announcing = Announcing()
    exposed: bool = False  # the open beggar's hand lies face up (§8.5)
    trick: Trick | None = None  # the trick in progress during play
    tricks: tuple[Trick, ...] = ()  # completed tricks
    gifts: tuple[tuple[int, str], ...] = ()  # klop: (seat, talon card) after tricks 1..6
    log: tuple[LogEntry, ...] = ()  # public descriptions of every action
    result: HandResult | None = None  # set when the hand is over

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.setup.options)

    def side_of(self, seat: int) -> str:
        return DECLARER if seat == self.declarer else OPPONENTS

    @property
    def talon(self) -> tuple[str, ...]:
        return self.setup.deal.talon


def groups(talon: tuple[str, ...], size: int) -> list[tuple[str, ...]]:
    """The talon split in dealt order into groups of ``size`` (§5.1)."""
    return [talon[i : i + size] for i in range(0, TALON_SIZE, size)]


def untaken_talon(state: SlovenianState) -> list[str]:
    """The talon cards of the groups the declarer left (three/two/one, after the take)."""
    assert state.contract is not None and state.talon_taken is not None
    size = state.contract.talon_group
    return [
        c for n, group in enumerate(groups(state.talon, size), 1) if n != state.talon_taken for c in group
    ]


evolve = evolver(SlovenianState)


def logged(state: SlovenianState, *entries: LogEntry) -> tuple[LogEntry, ...]:
    return state.log + entries


def or_list(cards: list[str]) -> str | Msg:
    """``["H1", "HQ", "HK"]`` → ``"H1, HQ or HK"`` (the card codes, listed)."""
    if len(cards) == 1:
        return cards[0]
    return _("{first} or {last}", first=", ".join(cards[:-1]), last=cards[-1])
