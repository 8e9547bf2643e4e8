"""A playout's quick step: one card added to a simulated hand without the rules core's checks
and log lines, for the strong robots' search (``playout.play_to_end``).

The rules core's ``apply_play`` checks the card again (the playout took it from the core's own
legal list), builds a message for the log for every card and every trick, and copies the whole
state; in a playout nobody reads that log, and the search plays hundreds of hands a decision.
``TrickStep.step`` does only what changes the hand: the card leaves its seat's hand and joins
the trick; a complete trick gets its winner by the variant's own rule (``winner``), and the
variant's ``after_trick`` does what follows a trick (the core's ``finish`` after the last one,
which scores the hand with the core's own ``HandResult``; Slovenian klop's talon gifts and the
early end). The legal cards still come from the rules core in every position of the playout.

``tests/rules/test_fastplay.py`` plays thousands of random worlds both ways, through this step and
through the core's ``apply_play``, and finds the same score, the same tricks and the same result.

The state a step is given is the playout's private copy (``private``), changed in place: the
frozen records of the rules core are never shared with it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from games.rules.tricks import Trick

State = TypeVar("State")  # untranslated: a type variable: a variant's state of the play phase


def private(state: State) -> State:
    """A copy of ``state`` the playout may change in place (the same fields, shared values)."""
    new: State = object.__new__(type(state))
    new.__dict__.update(state.__dict__)
    return new


class TrickStep:
    """One card at a time, for a variant with ``seats`` cards to a trick: ``next_seat`` (the
    next to play), ``winner`` (of a complete trick's ``(seat, card)`` pairs) and
    ``after_trick`` (the state after a trick was added to ``tricks``: the same state, or the
    finished one)."""

    __slots__ = ("seats", "next_seat", "winner", "after_trick")

    def __init__(
        self,
        seats: int,
        next_seat: Callable[[int], int],
        winner: Callable[[Sequence[tuple[int, str]]], int],
        after_trick: Callable[[Any, Trick], Any],
    ) -> None:
        self.seats = seats
        self.next_seat = next_seat
        self.winner = winner
        self.after_trick = after_trick

    def step(self, state: Any, seat: int, card: str) -> Any:
        """``state`` (a ``private`` copy) after ``seat`` played ``card``, a card the rules core
        listed as legal: the same object changed in place, or the finished hand's state."""
        fields = state.__dict__
        hands = fields["hands"]
        hand = hands[seat]
        at = hand.index(card)
        fields["hands"] = (*hands[:seat], hand[:at] + hand[at + 1 :], *hands[seat + 1 :])
        trick = fields["trick"]
        cards = (*trick.cards, (seat, card))
        if len(cards) < self.seats:
            fields["trick"] = Trick(trick.leader, cards)
            fields["to_act"] = frozenset((self.next_seat(seat),))
            return state
        winner = self.winner(cards)
        done = Trick(trick.leader, cards, winner)
        fields["trick"] = Trick(winner)
        fields["tricks"] = (*fields["tricks"], done)
        fields["to_act"] = frozenset((winner,))
        return self.after_trick(state, done)
