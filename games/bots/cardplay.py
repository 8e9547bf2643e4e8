"""The tarot card play the variants' basic robots share, over what a seat knows.

Whether a card in the trick is safe from the seats still to play (``safe``), when the pagat
(T1) is kept or played, and the moves built on them: following a trick (win it cheaply and
safely, smear points onto the own side's, else throw the cheapest card), a king to lead, a
valat's lead, the lead of a suit. ``k`` is the variant's ``Knowledge`` (a ``SeatKnowledge``):
its rank table, its trick winner (``winner``: the Slovenian emperor trick) and its sides.
Every rule here is one the Czech and Slovenian robots (and, where it says so, the Hungarian)
play alike; what differs stays in the variant's ``play``.
"""

from __future__ import annotations

from collections.abc import Set

from games.rules.cards import HONOURS, TRUMP, card_points

from .knowledge import SeatKnowledge
from .tricks import beats

T1, T21, T22 = "T1", "T21", "T22"
SKIZ_POINTS = 5  # a trick worth this much is worth the škis (T22)


def later_seats(k: SeatKnowledge) -> list[int]:
    """The seats still to play to the trick in progress."""
    later = []
    seat = k.seat
    for _ in range(k.seats - 1 - len(k.trick)):
        seat = k.next_seat(seat)
        later.append(seat)
    return later


def suit_left(suit: str, unseen: Set[str]) -> int:
    return sum(1 for c in unseen if c[0] == suit)


def can_beat(k: SeatKnowledge, seat: int, card: str, led: str, unseen: Set[str]) -> bool:
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


def safe(k: SeatKnowledge, card: str, led: str, unseen: Set[str]) -> bool:
    """No later seat that is not a known teammate can take the trick from ``card``."""
    return not any(
        k.friend(seat) is not True and can_beat(k, seat, card, led, unseen) for seat in later_seats(k)
    )


def t1_wins_now(k: SeatKnowledge, unseen: Set[str]) -> bool:
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


def keeps_t1(k: SeatKnowledge, unseen: Set[str], announcer: int | None) -> bool:
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


def t1_to_friend(k: SeatKnowledge, unseen: Set[str]) -> bool:
    """The own side holds the trick safely and T1 would otherwise be lost: smear it."""
    if not k.trick:
        return False
    led = k.trick[0][1][0]
    seat, card = k.winner()
    if k.friend(seat) is not True or not safe(k, card, led, unseen):
        return False
    return sum(1 for c in k.hand if c[0] == TRUMP) <= 3 or led == TRUMP


def plays_t1(k: SeatKnowledge, unseen: Set[str], announcer: int | None) -> bool:
    """Play T1 now (before the last trick): it is not kept back (``keeps_t1``), and it wins
    now or goes to the own side's safe trick. Otherwise it is kept out of the choice."""
    return not keeps_t1(k, unseen, announcer) and (t1_wins_now(k, unseen) or t1_to_friend(k, unseen))


def cheapest(k: SeatKnowledge, cards: list[str]) -> str:
    """The card to throw: fewest points, honours last, suit cards before trumps, from the
    shortest suit, lowest."""
    lengths = {s: sum(1 for c in k.hand if c[0] == s) for s in {c[0] for c in cards}}
    return min(cards, key=lambda c: (card_points(c), c in HONOURS, c[0] == TRUMP, lengths[c[0]], k.rank[c]))


def smear(k: SeatKnowledge, cards: list[str]) -> str:
    """The trick is the side's: add the most points, but never waste the škis (T22); the mond
    (T21) is in ``cards`` only where it is safe."""
    giving = [c for c in cards if c != T22]
    if not giving:
        return min(cards, key=lambda c: (card_points(c), k.rank[c]))
    if all(c[0] == TRUMP for c in giving):
        if T21 in giving:
            return T21
        return min(giving, key=k.rank.__getitem__)
    return max(giving, key=lambda c: (card_points(c), -k.rank[c]))


def follow(k: SeatKnowledge, cards: list[str], unseen: Set[str], skiz_before: int) -> str:
    """A card to a trick others have led: smear onto the own side's safe trick; else catch an
    opposing mond with the škis, or win with the cheapest card no later seat can beat (the
    škis only for a trick worth ``SKIZ_POINTS``, from trick ``skiz_before`` on, as the only
    winner or last to play); with nothing safe, the last-but-one seat risks its highest plain
    winner on a trick with points; else the cheapest card."""
    led = k.trick[0][1][0]
    rank = k.rank
    win_seat, win_card = k.winner()
    points = sum(card_points(c) for _, c in k.trick)
    friend_wins = k.friend(win_seat) is True
    if friend_wins and safe(k, win_card, led, unseen):
        return smear(k, cards)
    if not friend_wins:
        if T22 in cards and any(c == T21 and k.friend(s) is not True for s, c in k.trick):
            return T22
        winners = sorted((c for c in cards if beats(c, win_card, led, rank)), key=rank.__getitem__)
        last = not later_seats(k)
        for card in winners:
            if (
                card == T22
                and points < SKIZ_POINTS
                and k.trick_no < skiz_before
                and len(winners) > 1
                and not last
            ):
                continue
            if safe(k, card, led, unseen):
                return card
        if winners and points >= SKIZ_POINTS:
            plain = [c for c in winners if c not in HONOURS]
            if plain and len(later_seats(k)) == 1:
                return plain[-1]
    return cheapest(k, cards)


def king_lead(
    k: SeatKnowledge, cards: list[str], unseen: Set[str], foes: list[int], outside: int
) -> str | None:
    """A sure winner that takes points: a king no seat of ``foes`` is known to ruff, while at
    least ``outside`` cards of its suit are unseen."""
    for card in cards:
        suit = card[0]
        if (
            card[1] == "K"
            and not any(suit in k.voids[s] for s in foes)
            and suit_left(suit, unseen) >= outside
        ):
            return card
    return None


def valat_lead(k: SeatKnowledge, cards: list[str], unseen: Set[str]) -> str:
    """The lead of a side that announced valat: trumps from the top while others hold any,
    then the kings."""
    trumps = [c for c in cards if c[0] == TRUMP]
    if trumps and any(c[0] == TRUMP for c in unseen):
        return max(trumps, key=k.rank.__getitem__)
    kings = [c for c in cards if c[0] != TRUMP and c[1] == "K"]
    return kings[0] if kings else max(cards, key=lambda c: (c[0] == TRUMP, k.rank[c]))


def lead_low(k: SeatKnowledge, cards: list[str], friends: list[int], foes: list[int]) -> str:
    """No lead to win with: a suit card (``suit_lead``), else the lowest plain trump, else the
    cheapest card."""
    suits = [c for c in cards if c[0] != TRUMP]
    if suits:
        return suit_lead(k, suits, friends, foes)
    plain = [c for c in cards if c[0] == TRUMP and c not in (T22, T21)]
    if plain:
        return min(plain, key=k.rank.__getitem__)
    return min(cards, key=lambda c: (card_points(c), k.rank[c]))
