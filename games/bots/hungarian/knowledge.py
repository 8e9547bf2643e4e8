"""What a seat knows during play, read from its own view only (hungarian.md §13).

``Knowledge`` is the one input of the card-play policy (``games.bots.hungarian.play``). It is built
either from a seat's ``observe`` view (a real robot) or, inside the strong robot's
simulations, from a sampled world (``from_world``); both give the same facts a player at
the table has: the own hand, every card played so far and by whom (the public log), the
voids those plays showed, the declarer, the called card and whatever is known of the sides.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from games.rules.cards import PACK_42, TRUMP
from games.rules.hungarian.state import RANK, SEATS

DECLARER = "declarer"
OPPONENTS = "opponents"
PAGAT, XXI, SKIZ = "T1", "T21", "T22"


def plays_from_log(view: dict[str, Any]) -> list[tuple[int, str]]:
    """Every card played so far, as (seat, card) in order, from the public log."""
    plays = []
    for entry in view.get("log") or ():
        text = entry["text"]
        if text.startswith("plays ") and entry["seat"] is not None:
            plays.append((entry["seat"], text[6:]))
    return plays


def trick_winner(cards: list[tuple[int, str]]) -> tuple[int, str]:
    """(seat, card) winning the (possibly unfinished) trick ``cards``."""
    led = cards[0][1][0]
    best = cards[0]
    for seat, card in cards[1:]:
        if beats(card, best[1], led):
            best = (seat, card)
    return best


def beats(card: str, best: str, led: str) -> bool:
    """Whether ``card`` would take the trick from ``best`` when ``led`` was the suit led."""
    if card[0] == TRUMP:
        return best[0] != TRUMP or RANK[card] > RANK[best]
    return card[0] == led and best[0] == led and RANK[card] > RANK[best]


def voids_shown(plays: Iterable[tuple[int, str]]) -> list[set[str]]:
    """Per seat, the suits (``T`` for tarokks) it has shown it lacks by not following."""
    voids: list[set[str]] = [set() for _ in range(SEATS)]
    led = ""
    for index, (seat, card) in enumerate(plays):
        if index % SEATS == 0:
            led = card[0]
            continue
        note_play(voids, seat, card, led)
    return voids


def note_play(voids: list[set[str]], seat: int, card: str, led: str) -> None:
    if card[0] != led:
        voids[seat].add(led)
        if card[0] != TRUMP:
            voids[seat].add(TRUMP)


class Knowledge:
    """The facts the card-play policy works from; see the module docstring."""

    __slots__ = (
        "seat",
        "hand",
        "trick",
        "trick_no",
        "declarer",
        "gone",
        "voids",
        "side_of",
        "keep_pagat",
        "called_card",
    )

    def __init__(
        self,
        seat: int,
        hand: list[str],
        trick: list[tuple[int, str]],
        trick_no: int,
        declarer: int,
        gone: set[str],
        voids: list[set[str]],
        side_of: Callable[[int], str | None],
        keep_pagat: bool,
        called_card: str | None,
    ) -> None:
        self.seat = seat
        self.hand = hand
        self.trick = trick  # the trick in progress, (seat, card) in order
        self.trick_no = trick_no  # 0..8
        self.declarer = declarer
        self.gone = gone  # every card played, the current trick included
        self.voids = voids
        self.side_of = side_of  # a seat's side as this seat knows it, None when unknown
        self.keep_pagat = keep_pagat  # play T1 only to the last trick
        self.called_card = called_card

    def friend(self, other: int) -> bool | None:
        """True for a known teammate, False for a known opponent, None when unknown."""
        if other == self.seat:
            return True
        mine, theirs = self.side_of(self.seat), self.side_of(other)
        if mine is None or theirs is None:
            return None
        return mine == theirs

    def unseen(self) -> set[str]:
        """Cards that may still be in another seat's hand (or lie in a discard)."""
        return PACK_42 - self.gone - set(self.hand)


def known_sides(view: dict[str, Any]) -> Callable[[int], str | None]:
    """The side of each seat as the viewer knows it: the declarer, itself (holding the called
    card or not), the partner once known, and every side made public by §7.4."""
    me = view["viewer"]
    declarer = view["declarer"]
    called = view["called_card"]
    mine = DECLARER if me == declarer else None
    if mine is None and called is not None:
        own = set(view["hand"]) | set((view.get("discards") or [None] * SEATS)[me] or ())
        played_by_me = any(s == me and c == called for s, c in plays_from_log(view))
        mine = DECLARER if called in view["hand"] or played_by_me else OPPONENTS
        if called in own and called not in view["hand"]:
            mine = OPPONENTS  # discarded the called card: the declarer is alone
    partner, alone = view.get("partner"), view.get("alone")
    public = view.get("public_sides") or [None] * SEATS
    sides: list[str | None] = []
    for seat in range(SEATS):
        if seat == declarer:
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
    if mine == OPPONENTS and sides.count(None) == 1:
        others = [s for s in range(SEATS) if sides[s] == OPPONENTS]
        if len(others) == 2:
            sides[sides.index(None)] = DECLARER
    return sides.__getitem__


def side_announced(view: dict[str, Any], side: str | None, bonus: str) -> bool:
    return any(i["item"] == bonus and i["side"] == side for i in view.get("items") or ())


def from_view(view: dict[str, Any], pagat_plan: bool) -> Knowledge:
    """A real seat's knowledge during play. ``pagat_plan``: keep T1 for the last trick."""
    plays = plays_from_log(view)
    done = len(plays) - len(plays) % SEATS
    trick = plays[done:]
    side_of = known_sides(view)
    me = view["viewer"]
    keep = pagat_plan or side_announced(view, side_of(me), "ultimo")
    return Knowledge(
        seat=me,
        hand=list(view["hand"]),
        trick=trick,
        trick_no=done // SEATS,
        declarer=view["declarer"],
        gone={card for _, card in plays},
        voids=voids_shown(plays),
        side_of=side_of,
        keep_pagat=keep,
        called_card=view["called_card"],
    )
