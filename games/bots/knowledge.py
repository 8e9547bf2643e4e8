"""What every tarot seat knows during play; each variant's ``Knowledge`` adds its own facts.

The facts every variant shares (``Seen``: the seat, its hand, the trick in progress, the tricks
done, the declarer, the cards gone and the voids shown) are read in one place, from a seat's
own view (``seen_in_view``: a real robot) or from a simulated state (``seen_in_state``: the
strong robots' playouts); each variant's ``Knowledge.from_view`` and ``Knowledge.from_state``
add their own facts to them.

A subclass gives ``pack`` (every card of the game), ``rank`` (its rank table) and
``side_of(seat)``: a seat's side as this seat knows it, None when unknown; and ``seats`` when
the table is not of four (and ``next_seat`` when a seat sits out: Hungarian at five). Its
``winner`` is the trick's, where that is not simply the highest trump or card of the suit led.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypedDict, Unpack

from games.rules.tricks import Trick

from .tricks import trick_winner
from .view import View, seat_of


class Seen(TypedDict):
    """The facts of play every seat has, whatever the variant."""

    seat: int
    hand: list[str]
    trick: list[tuple[int, str]]  # the trick in progress, (seat, card) in order
    trick_no: int  # 0 for the first trick
    declarer: int | None  # None: nobody declared (Slovenian klop)
    gone: set[str]  # every card played, the current trick included
    voids: list[set[str]]  # per seat, the suits (``T``: trumps) it has shown it lacks


class PlayState(Protocol):
    """What ``seen_in_state`` reads of a tarot variant's state in its play phase."""

    @property
    def hands(self) -> tuple[tuple[str, ...], ...]: ...
    @property
    def trick(self) -> Trick | None: ...
    @property
    def tricks(self) -> tuple[Trick, ...]: ...
    @property
    def declarer(self) -> int | None: ...


def seen_in_view(view: View, plays: list[tuple[int, str]], voids: list[set[str]], seats: int) -> Seen:
    """A real seat's shared facts: its view, the ``plays`` of the public log (``seats`` cards a
    trick) and the ``voids`` they showed."""
    done = len(plays) - len(plays) % seats
    return Seen(
        seat=seat_of(view),
        hand=list(view["hand"]),
        trick=plays[done:],
        trick_no=done // seats,
        declarer=view["declarer"],
        gone={card for _, card in plays},
        voids=voids,
    )


def seen_in_state(state: PlayState, seat: int, gone: set[str], voids: list[set[str]]) -> Seen:
    """A simulated seat's shared facts: its hand and the tricks of ``state``, the cards ``gone``
    and the ``voids`` shown as the playout went on."""
    trick = state.trick
    assert trick is not None
    return Seen(
        seat=seat,
        hand=list(state.hands[seat]),
        trick=list(trick.cards),
        trick_no=len(state.tricks),
        declarer=state.declarer,
        gone=gone,
        voids=voids,
    )


class SeatKnowledge:
    """The hand, the trick in progress, the cards gone and the voids shown (``Seen``)."""

    __slots__ = ("seat", "hand", "trick", "trick_no", "declarer", "gone", "voids")

    seats = 4  # playing each trick (a class attribute, not a slot)
    pack: frozenset[str]
    rank: dict[str, int]
    side_of: Callable[[int], str | None]

    def __init__(self, **seen: Unpack[Seen]) -> None:
        self.seat = seen["seat"]
        self.hand = seen["hand"]
        self.trick = seen["trick"]
        self.trick_no = seen["trick_no"]
        self.declarer = seen["declarer"]
        self.gone = seen["gone"]
        self.voids = seen["voids"]

    def next_seat(self, seat: int) -> int:
        """The player after ``seat`` in playing order."""
        return (seat + 1) % self.seats

    def friend(self, other: int) -> bool | None:
        """True for a known teammate, False for a known opponent, None when unknown."""
        if other == self.seat:
            return True
        mine, theirs = self.side_of(self.seat), self.side_of(other)
        if mine is None or theirs is None:
            return None
        return mine == theirs

    def unseen(self) -> frozenset[str]:
        """Cards that may still be in another seat's hand (or lie in a discard or pile)."""
        return self.pack - self.gone - set(self.hand)

    def winner(self) -> tuple[int, str]:
        """(seat, card) winning the trick in progress so far (not empty)."""
        return trick_winner(self.trick, self.rank)
