"""One gate for every action of every variant: who may act, which actions exist, one handler
per phase. Each variant's ``engine`` declares its phases and words in a ``Gate``.

Check order, so that the message names the first thing wrong: the seat exists; the hand is
not over; the action is a known word; it is the seat's turn; the action belongs to the
phase; then the phase's own rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from .base import IllegalAction, UnknownAction
from .words import Msg, _


class Turn(Protocol):
    """What the gate reads of a variant's state: its phase and who is to act."""

    @property
    def phase(self) -> Any: ...

    @property
    def to_act(self) -> frozenset[int]: ...


S = TypeVar("S", bound=Turn)
Legal = Callable[[S, int], list[str]]
Apply = Callable[[S, int, str], S]


@dataclass(frozen=True)
class Gate(Generic[S]):
    seats: int
    # Phase → (the action words it accepts, legal actions, apply).
    phases: Mapping[Any, tuple[frozenset[str], Legal[S], Apply[S]]]
    verbs: Mapping[str, Msg]  # action word → what a player would be trying to do with it
    with_argument: frozenset[str]  # words written ``word:argument``
    may_be_empty: frozenset[str] = frozenset()  # words whose argument may be empty ("discard:")

    def legal_actions(self, state: S, seat: int) -> list[str]:
        if seat not in state.to_act:
            return []
        return self.phases[state.phase][1](state, seat)

    def word(self, action: str) -> str:
        """The action's word (``bid`` in ``bid:two``), or UnknownAction for a malformed action."""
        word, colon, argument = action.partition(":")
        if word in self.with_argument:
            well_formed = bool(colon) and (bool(argument) or word in self.may_be_empty)
        else:
            well_formed = word in self.verbs and not colon
        if not well_formed:
            raise UnknownAction(_("Unknown action {action}", action=repr(action)))
        return word

    def apply(
        self,
        state: S,
        seat: int,
        action: str,
        over: bool,
        not_your_turn: Callable[[S, int, str], IllegalAction] | None = None,
    ) -> S:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise IllegalAction(_("There is no seat {seat}", seat=repr(seat)))
        if over:
            raise IllegalAction(_("The hand is over"))
        if not isinstance(action, str):
            raise UnknownAction(_("Unknown action {action}", action=repr(action)))
        word = self.word(action)
        if seat not in state.to_act:
            raise (
                not_your_turn(state, seat, word) if not_your_turn else IllegalAction(_("It is not your turn"))
            )
        words, _sep, handler = self.phases[state.phase]
        if word not in words:
            raise IllegalAction(_("You cannot {verb} now", verb=self.verbs[word]))
        return handler(state, seat, action)
