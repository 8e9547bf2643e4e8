"""How a tarot hand ends, the same in Hungarian, Czech and Slovenian: a hand played to its
score gives a ``HandResult`` from that score (``scored_result``), and every way a hand ends
closes it alike (``end_hand``). What is scored, and the words of the summary, stay the game's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from .base import HandResult, ScoredItem, Termination
from .tricks import LogEntry


class Score(Protocol):
    """A game's score of a hand played to the end (its frozen ``Score``)."""

    @property
    def items(self) -> tuple[ScoredItem, ...]: ...

    @property
    def value(self) -> int: ...

    @property
    def game_winner(self) -> str | None: ...


class _Logged(Protocol):
    @property
    def log(self) -> tuple[LogEntry, ...]: ...


Hand = TypeVar("Hand", bound=_Logged)  # untranslated: a type variable


def scored_result(
    scored: Score,
    *,
    payments: tuple[int, ...],
    contract: str | None,
    declarer: int | None,
    declarer_side: tuple[int, ...],
    card_points: tuple[int, int],
    partner: int | None = None,
    more_items: tuple[ScoredItem, ...] = (),
    reason: Termination = Termination.PLAYED_OUT,
    next_dealer: int | None = None,
    radelci: tuple[int, ...] = (),
) -> HandResult:
    """The result of a hand that was scored: not thrown in; the score's items (then
    ``more_items``), value and game winner; played out unless ``reason`` says otherwise."""
    return HandResult(
        thrown_in=False,
        payments=payments,
        contract=contract,
        declarer=declarer,
        partner=partner,
        declarer_side=declarer_side,
        card_points=card_points,
        game_winner=scored.game_winner,
        items=scored.items + more_items,
        value=scored.value,
        reason=reason,
        next_dealer=next_dealer,
        radelci=radelci,
    )


def end_hand(
    state: Hand, evolve: Callable[..., Hand], over: Any, result: HandResult, entry: LogEntry, **changes: Any
) -> Hand:
    """``state`` closed: in the game's phase ``over``, nobody to act, ``result`` set, ``entry``
    logged (and any other ``changes``, such as no trick in progress)."""
    return evolve(state, phase=over, to_act=frozenset(), result=result, log=state.log + (entry,), **changes)
