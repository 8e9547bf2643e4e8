"""The Bridge round as a value: phases, the move in progress, and the frozen state record.

A Bridge *round* (bridge.md, from the deal until someone goes out or declares Bridge) is one
hand of the site. Every record is frozen and holds tuples; the modules return new records
through ``evolve`` and never mutate one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from ..base import Deal, HandResult, Termination
from ..records import evolver
from ..tricks import LogEntry  # (acting seat or None, public text)
from .pack import sort_cards

# How a round ended (``ended_by``, ``HandResult.reason``).
WENT_OUT = Termination.WENT_OUT
BRIDGE = Termination.BRIDGE


class Phase(StrEnum):
    PLAY = "play"  # the mover plays a card, draws or stops; ``Move.stage`` says which
    BRIDGE = "bridge"  # the mover's card made the run 4: declare Bridge or not (§8.6)
    WISH = "wish"  # the move ended on the mover's J: name the wished suit (§8.4)
    EIGHTS = "eights"  # two or more 8s in the move: next or spread (§8.5)
    JPOINTS = "jpoints"  # the round ended on a J: the winner picks minus or plus (§10.2)
    OVER = "over"


class Stage(StrEnum):
    """Where the move in progress stands (phase ``play``)."""

    FIRST = "first"  # nothing played or drawn yet: play a legal first card, or draw (§8.2.1)
    DRAWN = "drawn"  # drew for want of a legal first card: play it, or stop (§8.2.2)
    ADD = "add"  # a card is down: add cards of its rank, or stop (§8.2.3)
    COVER = "cover"  # a 6 of this move lies on top: cover it, or draw for a cover (§8.3)


class Move(NamedTuple):
    """The move in progress: everything one player does in one turn (a named tuple rather than
    a dataclass, as ``tricks.Trick``, because every card played builds a new one)."""

    seat: int
    stage: Stage
    cards: tuple[str, ...] = ()  # played in this move, in order
    drawn: int = 0  # cards the mover drew in this move
    drawn_card: str | None = None  # stage DRAWN: the card just drawn
    opening: bool = False  # the round's first move (§8.1: the starter plays any card)


@dataclass(frozen=True)
class Setup:
    """What does not change during a round: the deal, the starter, the room's options."""

    deal: Deal
    starter: int
    players: int
    options: tuple[tuple[str, Any], ...]  # resolved, in declaration order
    eights_rule: str
    j_points_rule: str
    reshuffle_multiplier: bool
    must_play_drawn_card: bool
    opening_card: str
    finish_effects_before_count: bool

    @classmethod
    def make(cls, deal: Deal, starter: int, options: Mapping[str, Any]) -> Setup:
        return cls(
            deal=deal,
            starter=starter,
            players=int(options["players"]),
            options=tuple(options.items()),
            eights_rule=str(options["eights_rule"]),
            j_points_rule=str(options["j_points_rule"]),
            reshuffle_multiplier=bool(options["reshuffle_multiplier"]),
            must_play_drawn_card=bool(options["must_play_drawn_card"]),
            opening_card=str(options["opening_card"]),
            finish_effects_before_count=bool(options["finish_effects_before_count"]),
        )


@dataclass(frozen=True)
class BridgeState:
    setup: Setup
    phase: Phase
    to_act: frozenset[int]
    hands: tuple[tuple[str, ...], ...]  # current cards per seat, display order
    blind: tuple[str, ...]  # the face-down draw pile, top card first
    stack: tuple[str, ...] = ()  # the face-up pile, bottom first: its last card is the top card
    move: Move | None = None  # the move in progress (the final move once the round is over)
    wish: str | None = None  # the wished suit while a J lies on top (§8.1)
    run: tuple[str, ...] = ()  # the same-rank cards at the top, in playing order (§8.6)
    reshuffles: int = 0  # §5: reshuffles of the stack into the blind in this round
    recent: tuple[tuple[str, ...], ...] = ()  # per seat, cards drawn since its last action
    eights: str | None = None  # "next" or "spread", once chosen for the move being settled
    effects_applied: bool = False  # round end: the final move's effects are done (§10.1)
    winner: int | None = None  # who went out or declared Bridge
    ended_by: Termination | None = None  # WENT_OUT or BRIDGE
    jpoints: str | None = None  # "minus" or "plus" (§10.2), once decided
    log: tuple[LogEntry, ...] = ()
    result: HandResult | None = None

    @property
    def top(self) -> str | None:
        return self.stack[-1] if self.stack else None

    @property
    def multiplier(self) -> int:
        """§5: ``M = 1 + reshuffle count``; 1 when ``reshuffle_multiplier`` is off."""
        return 1 + self.reshuffles if self.setup.reshuffle_multiplier else 1

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.setup.options)


evolve = evolver(BridgeState)


def next_seat(seat: int, players: int) -> int:
    return (seat + 1) % players


def logged(state: BridgeState, *entries: LogEntry, **changes: Any) -> BridgeState:
    """``state`` with ``entries`` added to its public log (and any other ``changes``)."""
    return evolve(state, log=state.log + entries, **changes)


def replace_hand(
    hands: tuple[tuple[str, ...], ...], seat: int, cards: Iterable[str]
) -> tuple[tuple[str, ...], ...]:
    """``hands`` with ``seat``'s hand replaced by ``cards`` (display order)."""
    out = list(hands)
    out[seat] = sort_cards(cards)
    return tuple(out)


def start_move(state: BridgeState, seat: int, **changes: Any) -> BridgeState:
    """``seat``'s turn begins (§8.1): nothing played or drawn yet, nothing chosen yet."""
    return evolve(
        state,
        phase=Phase.PLAY,
        to_act=frozenset({seat}),
        move=Move(seat=seat, stage=Stage.FIRST),
        eights=None,
        **changes,
    )
