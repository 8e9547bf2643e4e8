"""What a seat knows during play, read from its own view only (hungarian.md §13).

``Knowledge`` is the one input of the card-play policy (``games.bots.hungarian.play``). It is built
either from a seat's ``observe`` view (a real robot) or, inside the strong robot's
simulations, from a sampled world (``from_world``); both give the same facts a player at
the table has: the own hand, every card played so far and by whom (the public log), the
voids those plays showed, the declarer, the called card and whatever is known of the sides.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Unpack

from games.rules.cards import PACK_42
from games.rules.hungarian.state import PLAYERS, RANK, HungarianState, playing_order

from ..knowledge import SeatKnowledge, Seen, seen_in_view
from ..tricks import plays_from_log, voids_shown
from ..view import HungarianView, seat_of

DECLARER = "declarer"
OPPONENTS = "opponents"
PAGAT, XXI, SKIZ = "T1", "T21", "T22"
FOUR_PLAYERS = playing_order(PLAYERS - 1, PLAYERS)  # seats 0-3: a table of four


class Knowledge(SeatKnowledge):
    """The facts the card-play policy works from; see the module docstring."""

    __slots__ = ("side_of", "keep_pagat", "called_card", "players")

    pack = PACK_42
    rank = RANK

    def __init__(
        self,
        *,
        side_of: Callable[[int], str | None],
        keep_pagat: bool,
        called_card: str | None,
        players: tuple[int, ...] = FOUR_PLAYERS,
        **seen: Unpack[Seen],
    ) -> None:
        super().__init__(**seen)
        self.side_of = side_of  # a seat's side as this seat knows it, None when unknown
        self.keep_pagat = keep_pagat  # play T1 only to the last trick
        self.called_card = called_card
        self.players = players  # the active seats, in playing order

    @classmethod
    def from_view(cls, view: HungarianView, pagat_plan: bool) -> Knowledge:
        """A real seat's knowledge during play. ``pagat_plan``: keep T1 for the last trick."""
        plays = plays_from_log(view)
        side_of = known_sides(view)
        keep = pagat_plan or side_announced(view, side_of(seat_of(view)), "ultimo")
        return cls(
            side_of=side_of,
            keep_pagat=keep,
            called_card=view["called_card"],
            players=players_of(view),
            **seen_in_view(view, plays, voids_shown(plays, PLAYERS, view["seats"]), PLAYERS),
        )

    @classmethod
    def from_state(
        cls,
        state: HungarianState,
        seen: Seen,
        side_of: Callable[[int], str | None],
    ) -> Knowledge:
        """A seat's knowledge inside a playout: ``side_of`` as that seat knows the sides."""
        return cls(
            side_of=side_of,
            keep_pagat=False,
            called_card=state.called_card,
            players=state.setup.players,
            **seen,
        )

    def next_seat(self, seat: int) -> int:
        players = self.players
        return players[(players.index(seat) + 1) % PLAYERS]

    def others(self) -> list[int]:
        """The other active players."""
        return [s for s in self.players if s != self.seat]


def players_of(view: HungarianView) -> tuple[int, ...]:
    """The active seats of the viewed hand, in playing order (§2)."""
    return playing_order(view["dealer"], view["seats"])


def known_sides(view: HungarianView) -> Callable[[int], str | None]:
    """The side of each seat as the viewer knows it: the declarer, itself (holding the called
    card or not), the partner once known, and every side made public by §7.4."""
    me = seat_of(view)
    declarer = view["declarer"]
    called = view["called_card"]
    seats = view["seats"]
    players = players_of(view)
    mine = DECLARER if me == declarer else None
    if mine is None and called is not None:
        own = set(view["hand"]) | set((view.get("discards") or [None] * seats)[me] or ())
        played_by_me = any(s == me and c == called for s, c in plays_from_log(view))
        mine = DECLARER if called in view["hand"] or played_by_me else OPPONENTS
        if called in own and called not in view["hand"]:
            mine = OPPONENTS  # discarded the called card: the declarer is alone
    partner, alone = view.get("partner"), view.get("alone")
    public = view.get("public_sides") or [None] * seats
    sides: list[str | None] = []
    for seat in range(seats):
        if seat not in players:
            sides.append(None)  # sitting out: on no side
        elif seat == declarer:
            sides.append(DECLARER)
        elif seat == me:
            sides.append(mine)
        elif partner is not None or alone is not None:
            sides.append(DECLARER if seat == partner else OPPONENTS)
        elif public[seat] is not None:
            sides.append(public[seat])
        elif mine == DECLARER and me != declarer:
            sides.append(OPPONENTS)  # the partner knows the two others are opponents
        else:
            sides.append(None)
    # An opponent who knows the other opponent knows the partner too.
    unknown = [s for s in players if sides[s] is None]
    if mine == OPPONENTS and len(unknown) == 1:
        others = [s for s in players if sides[s] == OPPONENTS]
        if len(others) == 2:
            sides[unknown[0]] = DECLARER
    return sides.__getitem__


def side_announced(view: HungarianView, side: str | None, bonus: str) -> bool:
    return any(i["item"] == bonus and i["side"] == side for i in view.get("items") or ())
