"""Whether a card in the trick is safe from the seats still to play, as a seat knows it.

Shared by every variant's card play; ``k`` is that variant's ``Knowledge`` (a ``SeatKnowledge``).
"""

from __future__ import annotations

from games.rules.cards import TRUMP, card_points

from .knowledge import SeatKnowledge

T1, T21, T22 = "T1", "T21", "T22"


def later_seats(k: SeatKnowledge) -> list[int]:
    """The seats still to play to the trick in progress."""
    later = []
    seat = k.seat
    for _ in range(k.seats - 1 - len(k.trick)):
        seat = k.next_seat(seat)
        later.append(seat)
    return later


def suit_left(suit: str, unseen: set[str]) -> int:
    return sum(1 for c in unseen if c[0] == suit)


def can_beat(k: SeatKnowledge, seat: int, card: str, led: str, unseen: set[str]) -> bool:
    """Whether ``seat`` might hold a card that beats ``card`` in a trick led with ``led``."""
    voids = k.voids[seat]
    rank = k.rank
    if card[0] == TRUMP:
        if TRUMP in voids:
            return False
        if led != TRUMP and led not in voids and suit_left(led, unseen) >= 2:
            return False  # most likely the seat still follows suit
        return any(c[0] == TRUMP and rank[c] > rank[card] for c in unseen)
    if led in voids:
        return TRUMP not in voids and any(c[0] == TRUMP for c in unseen)
    if any(c[0] == led and rank[c] > rank[card] for c in unseen):
        return True
    return suit_left(led, unseen) <= 1 and TRUMP not in voids and any(c[0] == TRUMP for c in unseen)


def safe(k: SeatKnowledge, card: str, led: str, unseen: set[str]) -> bool:
    """No later seat that is not a known teammate can take the trick from ``card``."""
    return not any(
        k.friend(seat) is not True and can_beat(k, seat, card, led, unseen) for seat in later_seats(k)
    )


def t1_wins_now(k: SeatKnowledge, unseen: set[str]) -> bool:
    """T1 wins only as the sole trump: a suit trick nobody has trumped, nobody left to trump."""
    if not k.trick or any(c[0] == TRUMP for _, c in k.trick):
        return False
    return safe(k, T1, k.trick[0][1][0], unseen)


def t21_safe_now(k: SeatKnowledge) -> bool:
    """T22 cannot fall on T21 in this trick: it lies with a teammate, or every later seat is a
    teammate or out of trumps."""
    if not k.trick:
        return False
    if any(c == T22 for _, c in k.trick):
        return k.friend(next(s for s, c in k.trick if c == T22)) is True
    return all(k.friend(s) is True or TRUMP in k.voids[s] for s in later_seats(k))


def keeps_t1(k: SeatKnowledge, unseen: set[str], announcer: int | None) -> bool:
    """Keep T1 for the last trick: the seat announced it (``announcer``: I on the end, pagat
    ultimo), or holds enough trumps to draw everyone else's."""
    if T1 not in k.hand:
        return False
    if announcer == k.seat:
        return True
    mine = sum(1 for c in k.hand if c[0] == TRUMP)
    others = sum(1 for c in unseen if c[0] == TRUMP)
    return mine >= 5 and mine >= others


def suit_lead(k: SeatKnowledge, suits: list[str], friends: list[int], foes: list[int]) -> str:
    """One of ``suits`` (suit cards) to lead: the cheapest of a suit a teammate is known to
    ruff and no opponent is; else the lowest card of the shortest suit no opponent is known to
    ruff (of any suit when each is)."""
    rank = k.rank

    def ruffs(seat: int, suit: str) -> bool:
        return suit in k.voids[seat] and TRUMP not in k.voids[seat]

    for card in sorted(suits, key=lambda c: (card_points(c), rank[c])):
        suit = card[0]
        if any(ruffs(s, suit) for s in friends) and not any(ruffs(s, suit) for s in foes):
            return card
    unruffed = [c for c in suits if not any(ruffs(s, c[0]) for s in foes)] or suits
    counts = {s: sum(1 for c in k.hand if c[0] == s) for s in {c[0] for c in unruffed}}
    return min(unruffed, key=lambda c: (counts[c[0]], card_points(c), rank[c]))
