"""What every tarot seat knows during play; each variant's ``Knowledge`` adds its own facts.

A subclass gives ``pack`` (every card of the game), ``rank`` (its rank table) and
``side_of(seat)``: a seat's side as this seat knows it, None when unknown; and ``seats`` when
the table is not of four (and ``next_seat`` when a seat sits out: Hungarian at five).
"""

from __future__ import annotations

from collections.abc import Callable


class SeatKnowledge:
    """The hand, the trick in progress, the cards gone and the voids shown."""

    __slots__ = ("seat", "hand", "trick", "trick_no", "declarer", "gone", "voids")

    seats = 4  # playing each trick (a class attribute, not a slot)
    pack: frozenset[str]
    rank: dict[str, int]
    side_of: Callable[[int], str | None]

    def __init__(
        self,
        seat: int,
        hand: list[str],
        trick: list[tuple[int, str]],
        trick_no: int,
        declarer: int,
        gone: set[str],
        voids: list[set[str]],
    ) -> None:
        self.seat = seat
        self.hand = hand
        self.trick = trick  # the trick in progress, (seat, card) in order
        self.trick_no = trick_no  # 0 for the first trick
        self.declarer = declarer
        self.gone = gone  # every card played, the current trick included
        self.voids = voids

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

    def unseen(self) -> set[str]:
        """Cards that may still be in another seat's hand (or lie in a discard or pile)."""
        return self.pack - self.gone - set(self.hand)
