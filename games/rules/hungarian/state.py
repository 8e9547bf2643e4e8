"""The Hungarian hand as a value: phases, contracts and the frozen state records.

Every record is frozen and holds tuples and frozensets; the phase modules (``auction``,
``talon``, ``partner``, ``announce``, ``play``) return new records (``evolve`` for the hand
state, ``dataclasses.replace`` for the small ones) and never mutate one.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..base import Deal, HandResult
from ..cards import HONOURS, rank_table
from ..records import evolver
from ..tricks import (
    LogEntry,  # (acting seat or None, public text)
    Trick,
)
from ..words import Msg, pgettext

PLAYERS = 4  # active players in every hand (§2); also the seats at a table of four
FIVE_SEATS = 5  # the table with ``five_player``: the dealer sits out each hand
TALON_SIZE = 6
HAND_SIZE = 9

# Trick strength (hungarian.md §1): T22 > ... > T1; K > Q > R > J > pip in every suit.
RANK = rank_table("traditional")


class Phase(StrEnum):
    AUCTION = "auction"
    RAISE = "raise"  # the sole bidder's one chance to raise a bid of three (§4.3)
    DISCARD = "discard"  # simultaneous: every seat that received talon cards
    CALL = "call"  # the declarer calls a tarokk (§6)
    ANNOUNCE = "announce"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class Contract:
    """One row of the bid table (§4.1), as flags rather than ``if name == ...`` chains."""

    name: str
    level: int  # order of the bids: three 0 < two 1 < one 2 < solo 3
    game_value: int  # g
    talon_cards: int  # how many talon cards the declarer takes

    @property
    def word(self) -> Msg:
        """The bid as a player reads it in a sentence: "three"."""
        return CONTRACT_WORDS[self.name]

    @property
    def title(self) -> Msg:
        """The bid at the start of a sentence or on its own: "Three"."""
        return CONTRACT_TITLES[self.name]


CONTRACT_WORDS = {
    "three": pgettext("contract", "three"),
    "two": pgettext("contract", "two"),
    "one": pgettext("contract", "one"),
    "solo": pgettext("contract", "solo"),
}
CONTRACT_TITLES = {
    "three": pgettext("contract", "Three"),
    "two": pgettext("contract", "Two"),
    "one": pgettext("contract", "One"),
    "solo": pgettext("contract", "Solo"),
}


CONTRACTS = (
    Contract("three", 0, 1, 3),
    Contract("two", 1, 2, 2),
    Contract("one", 2, 3, 1),
    Contract("solo", 3, 4, 0),
)
CONTRACT_BY_NAME = {c.name: c for c in CONTRACTS}


def playing_order(dealer: int, seats: int) -> tuple[int, ...]:
    """§2: the active players in playing order, forehand = next(dealer) first. At a table of
    five the dealer sits out, so the four seats after the dealer play; at four the dealer
    plays last."""
    return tuple((dealer + i) % seats for i in range(1, PLAYERS + 1))


HIGH_HONOURS = frozenset({"T22", "T21"})


def has_honour(cards: tuple[str, ...]) -> bool:
    return any(card in HONOURS for card in cards)


@dataclass(frozen=True)
class Setup:
    """What does not change during a hand: the deal, the dealer, the room's options, and the
    table: its seats (4, or 5 with ``five_player``) and the active players among them.

    Every "next seat" and "every player" of the hand goes through ``players`` and
    ``next_seat``, so the seat sitting out (the dealer at a table of five, §2) is never dealt
    to, asked, nor paid; ``seats`` sizes the per-seat records (the sitter's entries empty).
    """

    deal: Deal
    dealer: int
    doubled: bool
    options: tuple[tuple[str, Any], ...]  # resolved, in declaration order
    seats: int = PLAYERS

    @property
    def players(self) -> tuple[int, ...]:
        return playing_order(self.dealer, self.seats)

    @property
    def sitter(self) -> int | None:
        """The seat sitting this hand out: the dealer at a table of five; None at four."""
        return self.dealer if self.seats > PLAYERS else None

    @property
    def forehand(self) -> int:
        return (self.dealer + 1) % self.seats

    def next_seat(self, seat: int) -> int:
        """The next active player after ``seat`` in playing order."""
        following = (seat + 1) % self.seats
        return (following + 1) % self.seats if following == self.sitter else following

    def round_from(self, seat: int) -> tuple[int, ...]:
        """The active players in playing order starting with ``seat`` (one of them)."""
        players = self.players
        start = players.index(seat)
        return players[start:] + players[:start]

    def option(self, name: str) -> Any:
        for key, value in self.options:
            if key == name:
                return value
        raise KeyError(name)


@dataclass(frozen=True)
class Auction:
    calls: tuple[tuple[int, str], ...] = ()  # (seat, call) in order, raise-step choice included
    passed: frozenset[int] = frozenset()
    level: int | None = None  # the highest level bid or held so far (Contract.level)
    held: bool = False  # the highest level was reached by a hold: it cannot be held again
    bidders: frozenset[int] = frozenset()  # seats that made a bid or hold
    bids: int = 0  # number of bids (holds not counted), for the sole-bidder raise
    # §4.4: the promise made in this auction by the inviting jump or the yield, as (seat,
    # promised card); at most one per auction. It binds the declarer only if it is another's.
    promise: tuple[int, str] | None = None
    trial: bool = False  # §4.6: the fourth player bid three without an honour after three passes


@dataclass(frozen=True)
class Announcing:
    """The announcement phase so far (§7), kept up to date call by call.

    Items are named by their action keys: ``game`` and the bonuses ``trull``,
    ``four-kings``, ``ultimo``, ``xxi-catch``, ``double-game``, ``volat``. Sides are
    ``declarer``/``opponents``, always the **real** side of the caller (§7.4); since the
    engine only accepts calls a caller's real side may make, every call's side is also the
    side it makes public.
    """

    turn: tuple[str, ...] = ()  # calls made so far in the turn in progress (auto counts included)
    bonuses: tuple[tuple[str, str, int], ...] = ()  # (side, bonus, announcer) in announcement order
    levels: tuple[tuple[str, str, int], ...] = ()  # (owning side, item, kontra level ≥ 1)
    callers: tuple[int, ...] = ()  # who made each bonus announcement or kontra-chain call, in order
    tarokk_counts: tuple[tuple[int, int], ...] = ()  # (seat, 8 or 9) in declaration order

    def announced(self, side: str, bonus: str) -> bool:
        return any(s == side and b == bonus for s, b, _ in self.bonuses)

    def level(self, side: str, item: str) -> int:
        """kl: the item's kontra level (0 when never kontra'd)."""
        return next((n for s, i, n in self.levels if s == side and i == item), 0)

    def raised(self, side: str, item: str, level: int) -> tuple[tuple[str, str, int], ...]:
        """``levels`` with the item at ``level``."""
        rest = tuple(entry for entry in self.levels if entry[:2] != (side, item))
        return rest + ((side, item, level),)


@dataclass(frozen=True)
class HungarianState:
    setup: Setup
    phase: Phase
    to_act: frozenset[int]
    hands: tuple[tuple[str, ...], ...]  # current cards per seat, in display order
    auction: Auction = Auction()
    contract: Contract | None = None
    declarer: int | None = None
    # §4.4: a standing invitation or yield that binds the declarer, as (promiser seat,
    # promised card T19/T18/T20); None when there is none or the promiser became declarer.
    promise: tuple[int, str] | None = None
    trial: bool = False  # §4.6: the contract was won by the fourth player's trial bid
    annulled: tuple[int, str] | None = None  # §5.3: (seat, condition) of the annulment
    talon_received: tuple[tuple[str, ...], ...] | None = None  # per seat, display order
    discards: tuple[tuple[str, ...] | None, ...] | None = None  # per seat; None: not yet
    # Published once all have discarded (§5.2): tarokks discarded per seat, the declarer's.
    discard_tarokk_counts: tuple[int, ...] | None = None
    declarer_discarded_tarokks: tuple[str, ...] | None = None
    called_card: str | None = None
    partner: int | None = None  # the holder of the called card; None when the declarer is alone
    # Announcement turns in order: (seat, calls made in that turn); () is a pass.
    announce_turns: tuple[tuple[int, tuple[str, ...]], ...] = ()
    announcing: Announcing = Announcing()  # the calls' effects so far (§7), see ``announce``
    trick: Trick | None = None  # the trick in progress during play
    tricks: tuple[Trick, ...] = ()  # completed tricks
    log: tuple[LogEntry, ...] = ()  # public descriptions of every action
    result: HandResult | None = None  # set when the hand is over

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.setup.options)

    @property
    def alone(self) -> bool | None:
        """Whether the declarer plays alone; None before the partner call."""
        if self.called_card is None:
            return None
        return self.partner is None

    def side_of(self, seat: int) -> str:
        if seat == self.declarer or seat == self.partner:
            return "declarer"
        return "opponents"


# ``dataclasses.replace`` without its per-field ``__init__`` walk: replay folds ~50 actions per
# hand and ``replace`` on this 20-field record was most of its cost (games/rules/records.py).
evolve = evolver(HungarianState)


def logged(state: HungarianState, *entries: LogEntry) -> tuple[LogEntry, ...]:
    """The state's log with ``entries`` (seat or None, public text) appended."""
    return state.log + entries
