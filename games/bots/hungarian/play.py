"""The basic robot's card play (hungarian.md §8), as rules of thumb over ``Knowledge``.

- Following a trick the own side already holds safely: add points (smear).
- Otherwise win it with the cheapest card that no later opponent can beat; when no such
  card exists, or the trick is not worth it, play the cheapest card.
- The pagát (T1) is kept for the last trick when the hand is long in tarokks (or the side
  announced ultimó); otherwise it is played only where it wins safely.
- The XXI is not played while the Skíz may still fall on it; the Skíz catches an opposing XXI.
- Leading: the declarer's side draws tarokks; an opponent leads a suit a known teammate can
  ruff and the declarer cannot, else a short suit to make a void.
"""

from __future__ import annotations

from games.rules.cards import TRUMP, card_points
from games.rules.hungarian.state import RANK

from ..cardplay import king_lead, later_seats, safe, t1_wins_now, t21_safe_now
from ..tricks import beats, trick_winner
from .knowledge import DECLARER, PAGAT, SKIZ, XXI, Knowledge

LAST_TRICK = 8


def _cheap(card: str) -> tuple[int, int, int]:
    """Sort key for throwing away: fewest points, honours last, lowest rank."""
    return (card_points(card), card in (PAGAT, XXI, SKIZ), RANK[card])


def _keeps_pagat(k: Knowledge, unseen: frozenset[str]) -> bool:
    if PAGAT not in k.hand:
        return False
    if k.keep_pagat:
        return True
    mine = sum(1 for c in k.hand if c[0] == TRUMP)
    others = sum(1 for c in unseen if c[0] == TRUMP)
    return mine >= 4 and mine * 2 >= others


def _xxi_at_risk(k: Knowledge, unseen: frozenset[str]) -> bool:
    """The Skíz is still out and not known to be a teammate's card."""
    return SKIZ in unseen


def choose_card(k: Knowledge, legal: list[str]) -> str:
    """One of ``legal`` (cards, without the ``play:`` prefix)."""
    if len(legal) == 1:
        return legal[0]
    unseen = k.unseen()
    cards = list(legal)
    if PAGAT in cards and k.trick_no < LAST_TRICK:
        if _keeps_pagat(k, unseen) or not t1_wins_now(k, unseen):
            cards.remove(PAGAT)
        else:
            return PAGAT
    if XXI in cards and len(cards) > 1 and _xxi_at_risk(k, unseen) and not t21_safe_now(k):
        cards.remove(XXI)
    if not k.trick:
        return _lead(k, cards, unseen)
    return _follow(k, cards, unseen)


def _follow(k: Knowledge, cards: list[str], unseen: frozenset[str]) -> str:
    led = k.trick[0][1][0]
    win_seat, win_card = trick_winner(k.trick, RANK)
    points = sum(card_points(c) for _, c in k.trick)
    friend_wins = k.friend(win_seat) is True
    if friend_wins and safe(k, win_card, led, unseen):
        return _smear(k, cards, unseen)
    if not friend_wins:
        # Catch an opposing XXI with the Skíz.
        if SKIZ in cards and any(c == XXI and k.friend(s) is False for s, c in k.trick):
            return SKIZ
        winners = sorted((c for c in cards if beats(c, win_card, led, RANK)), key=RANK.__getitem__)
        for card in winners:
            if card == SKIZ and points < 5 and k.trick_no < 6 and len(winners) > 1:
                continue
            if safe(k, card, led, unseen):
                return card
        if winners and points >= 5:
            # Nothing sure: try with the highest card that is no honour.
            plain = [c for c in winners if c not in (SKIZ, XXI, PAGAT)]
            if plain and len(later_seats(k)) == 1:
                return plain[-1]
    return min(cards, key=_cheap)


def _smear(k: Knowledge, cards: list[str], unseen: frozenset[str]) -> str:
    """The trick is the side's: add the most points, but never waste the Skíz."""
    giving = [c for c in cards if c not in (SKIZ, PAGAT)]
    if not giving:
        return min(cards, key=_cheap)
    if all(c[0] == TRUMP for c in giving):
        if XXI in giving:
            return XXI  # only listed here when it is safe
        return min(giving, key=RANK.__getitem__)
    return max(giving, key=lambda c: (card_points(c), -RANK[c]))


def _lead(k: Knowledge, cards: list[str], unseen: frozenset[str]) -> str:
    tarokks = [c for c in cards if c[0] == TRUMP]
    suits = [c for c in cards if c[0] != TRUMP]
    mine = k.side_of(k.seat)
    foes = [s for s in k.others() if k.friend(s) is False]
    friends = [s for s in k.others() if k.friend(s) is True]
    # A sure winner that takes points: a king nobody can ruff yet.
    king = king_lead(k, suits, unseen, k.others(), 3)
    if king is not None:
        return king
    if mine == DECLARER and tarokks:
        unseen_tarokks = sum(1 for c in unseen if c[0] == TRUMP)
        if len(tarokks) >= 3 or unseen_tarokks <= len(tarokks) * 2:
            plain = [c for c in tarokks if c not in (SKIZ, XXI)]
            if SKIZ in tarokks and XXI in unseen and not plain:
                return SKIZ
            if plain:
                return min(plain, key=RANK.__getitem__)
    if suits:
        # A suit a teammate is known to ruff and no opponent is known to ruff.
        for card in sorted(suits, key=_cheap):
            suit = card[0]
            if any(suit in k.voids[s] and TRUMP not in k.voids[s] for s in friends) and not any(
                suit in k.voids[s] for s in foes
            ):
                return card
        safe = [c for c in suits if not any(c[0] in k.voids[s] for s in foes)] or suits
        counts = {s: sum(1 for c in k.hand if c[0] == s) for s in {c[0] for c in safe}}
        return min(safe, key=lambda c: (counts[c[0]], _cheap(c)))
    plain = [c for c in tarokks if c not in (SKIZ, XXI)]
    if plain:
        return min(plain, key=RANK.__getitem__)
    return min(cards, key=_cheap)
