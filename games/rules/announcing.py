"""The announcement turns that Hungarian (§7.1) and Slovenian (§7.1) share: a turn is any number
of calls ended by ``pass``; the phase ends once every player has had a turn and the turns of all
the others since the last call had none. What may be called, and what comes after the phase,
stay the game's (its kontra ladder is ``kontra.Ladder``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import Field, replace
from typing import Any, ClassVar, Protocol, TypeVar

from .tricks import LogEntry
from .words import _

Turns = tuple[tuple[int, tuple[str, ...]], ...]  # (seat, the calls of its turn), one per turn


class _Calls(Protocol):
    """A game's record of the phase so far (its frozen ``Announcing``): the turn in progress."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def turn(self) -> tuple[str, ...]: ...


class _Announcing(Protocol):
    """A game's hand during its announcements."""

    @property
    def announce_turns(self) -> Turns: ...

    @property
    def announcing(self) -> _Calls: ...

    @property
    def log(self) -> tuple[LogEntry, ...]: ...


Hand = TypeVar("Hand", bound=_Announcing)  # untranslated: a type variable


def finished(turns: Turns, players: int) -> bool:
    """§7.1: every one of the ``players`` has had a turn and the last ``players - 1`` turns
    had no call."""
    return len(turns) >= players and not any(calls for _seat, calls in turns[-(players - 1) :])


def end_turn(state: Hand, seat: int, evolve: Callable[..., Hand]) -> Hand:
    """``seat``'s ``pass``: its turn's calls recorded, the next turn empty, one log line. Who acts
    next (or whether the phase is over, ``finished``) is the caller's."""
    calls = state.announcing.turn
    entry: LogEntry = (seat, _("ends the turn") if calls else _("passes"))
    return evolve(
        state,
        announce_turns=state.announce_turns + ((seat, calls),),
        announcing=replace(state.announcing, turn=()),
        log=state.log + (entry,),
    )
