"""One simulated hand played to its end: the seat's card, then the basic play for every seat.

Shared by the variants' strong robots; the variant gives its rules (``apply_play``, the legal
cards), what each seat knows (``side_views``, ``choose``) and, where a seat's payment alone is
not what it plays for, the value of the finished hand to the seat (``score``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from games.rules.base import HandResult
from games.rules.tricks import Trick

from .tricks import note_play


class PlayoutState(Protocol):
    """What a playout reads of a tarot variant's state in its play phase."""

    @property
    def trick(self) -> Trick | None: ...
    @property
    def phase(self) -> str: ...
    @property
    def to_act(self) -> frozenset[int]: ...
    @property
    def result(self) -> HandResult | None: ...
    def side_of(self, seat: int) -> str: ...


State = TypeVar("State", bound=PlayoutState)
Sides = TypeVar("Sides")  # what a seat knows of the sides, in the variant's own form

SideViews = Callable[[State, bool], list[Sides]]  # (state, called card revealed) → per seat its sides
Score = Callable[[State, int], float]  # (finished state, seat) → the hand's value to the seat
# (state, seat, legal, gone, voids, the seat's sides) → the card the seat plays
Choose = Callable[[State, int, list[str], set[str], list[set[str]], Sides], str]


def play_to_end(
    state: State,
    me: int,
    first: str,
    gone: set[str],
    voids: list[set[str]],
    revealed: bool,
    apply_play: Callable[[State, int, str], State],
    legal_cards: Callable[[State, int], list[str]],
    side_views: SideViews[State, Sides],
    choose: Choose[State, Sides],
    score: Score[State] | None = None,
) -> float:
    """Play ``first`` for ``me``, then ``choose`` for every seat with a real choice; ``score``
    of the finished hand, by default the seat's payment (plus a hundredth of its side's card
    points). A state without a called card (no partner to find) reveals nothing."""
    gone = set(gone)
    voids = [set(v) for v in voids]
    called: str | None = getattr(state, "called_card", None)
    sides = side_views(state, revealed)
    card = first
    seat = me
    while True:
        trick = state.trick
        assert trick is not None
        if trick.cards:
            note_play(voids, seat, card, trick.cards[0][1][0])
        gone.add(card)
        if card == called:
            sides = side_views(state, True)
        state = apply_play(state, seat, "play:" + card)
        if state.phase != "play":
            break
        (seat,) = state.to_act
        legal = legal_cards(state, seat)
        if len(legal) == 1:
            card = legal[0]
            continue
        card = choose(state, seat, legal, gone, voids, sides[seat])
    if score is not None:
        return score(state, me)
    result = state.result
    assert result is not None
    mine = 0 if state.side_of(me) == "declarer" else 1
    return result.payments[me] + result.card_points[mine] / 100
