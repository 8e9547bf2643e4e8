"""One simulated hand played to its end: the seat's card, then the basic play for every seat.

Shared by the variants' strong robots; the variant's world (``Playout``) gives its rules
(``apply_play``, the legal cards), what each seat knows (``side_views``, ``choose``) and the
value of the finished hand to the seat (``score``: ``payment``, where a seat's payment is what
it plays for).
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from games.rules.base import HandResult

from .fastplay import private
from .knowledge import PlayState, Seen, seen_in_state
from .tricks import note_play


class PlayoutState(PlayState, Protocol):
    """What a playout reads of a tarot variant's state in its play phase."""

    @property
    def phase(self) -> str: ...
    @property
    def to_act(self) -> frozenset[int]: ...
    @property
    def result(self) -> HandResult | None: ...
    def side_of(self, seat: int) -> str: ...


State = TypeVar("State", bound=PlayoutState)  # untranslated: a type variable
Sides = TypeVar("Sides")  # untranslated: a type variable: what a seat knows of the sides


class Playout(Protocol[State, Sides]):
    """What a playout needs of a variant's world (its strong robot's ``World``): the seat, the
    cards gone and the voids shown before the playout; the rules (``apply_play``, the legal
    cards); what each seat knows of the sides (``side_views``: per seat, before and after the
    called card shows who is whose partner; ``revealed``: shown already); how a seat chooses
    (the basic robot's play from its ``Knowledge``, given what it has ``Seen``); the finished
    hand's value to the seat."""

    me: int
    gone: set[str]
    voids: list[set[str]]

    def apply_play(self, state: State, seat: int, action: str) -> State: ...
    def step(self, state: State, seat: int, card: str) -> State: ...
    def legal_cards(self, state: State, seat: int) -> list[str]: ...
    def revealed(self, state: State) -> bool: ...
    def side_views(self, state: State, revealed: bool) -> list[Sides]: ...
    def choose(self, state: State, seen: Seen, legal: list[str], sides: Sides) -> str: ...
    def score(self, state: State, seat: int) -> float: ...


def play_to_end(state: State, first: str, world: Playout[State, Sides], fast: bool = True) -> float:
    """Play ``first`` for ``world.me``, then ``world.choose`` for every seat with a real choice;
    the ``world.score`` of the finished hand. A state without a called card (no partner to
    find) reveals nothing. Each card is added by the world's quick ``step`` (``fastplay``: no
    checks or log lines, on a private copy of ``state``), or with ``fast=False`` by the rules
    core's ``apply_play`` (the reference the tests hold the quick step to); the legal cards
    come from the rules core either way."""
    me = world.me
    if fast:
        state = private(state)
    gone = set(world.gone)
    voids = [set(v) for v in world.voids]
    called: str | None = getattr(state, "called_card", None)
    sides = world.side_views(state, world.revealed(state))
    card = first
    seat = me
    while True:
        trick = state.trick
        assert trick is not None
        if trick.cards:
            note_play(voids, seat, card, trick.cards[0][1][0])
        gone.add(card)
        if card == called:
            sides = world.side_views(state, True)
        state = world.step(state, seat, card) if fast else world.apply_play(state, seat, "play:" + card)
        if state.phase != "play":
            break
        (seat,) = state.to_act
        legal = world.legal_cards(state, seat)
        if len(legal) == 1:
            card = legal[0]
            continue
        card = world.choose(state, seen_in_state(state, seat, gone, voids), legal, sides[seat])
    return world.score(state, me)


def payment(state: PlayoutState, seat: int) -> float:
    """A finished hand's value to ``seat``: its payment, plus a hundredth of its side's card
    points (which break ties)."""
    result = state.result
    assert result is not None
    mine = 0 if state.side_of(seat) == "declarer" else 1
    return result.payments[seat] + result.card_points[mine] / 100
