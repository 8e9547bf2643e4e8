"""The basic robot's card play for Czech Taroky (czech.md §8), rules of thumb over ``Knowledge``.

- A trick the own side holds safely (no later seat that may be an opponent can beat it): add
  points (smear): a king, a queen, the I (T1) unless it is kept for trick 12, the Mund (T21)
  once the Skyz cannot fall on it; never the Skyz.
- Otherwise win it with the cheapest card that no later possible opponent can beat; the Skyz
  (T22) only for a trick worth it or late, and always to catch an opposing Mund; when nothing
  wins safely, the last-but-one seat risks its highest plain winner on a trick with points;
  else throw the cheapest card (fewest points, then lowest).
- The I is kept for trick 12 when its holder called I on the end (the core forbids playing it
  earlier) or holds many trumps (a silent I on the end); otherwise it is played only where it
  wins safely or goes to the own side's safe trick.
- Leading: a side that called valat draws trumps from the top, then cashes its kings;
  otherwise a king while its suit is long outside and nobody is known void; an I-on-the-end
  caller draws trumps; the declaring side draws them only with its top trump when that is a
  sure winner (the Skyz excepted); an opponent leads a suit a known teammate ruffs
  and no known opponent does, else its shortest suit, lowest card first.
"""

from __future__ import annotations

from games.rules.cards import TRUMP, card_points

from ..safety import keeps_t1, later_seats, safe, suit_lead, suit_left, t1_wins_now, t21_safe_now
from ..tricks import beats, trick_winner
from .knowledge import DECLARER, HONOURS, LAST_TRICK, MUND, SEATS, SKYZ, T1, Knowledge


def _cheap(k: Knowledge, card: str) -> tuple[int, bool, int]:
    """Sort key for throwing away: fewest points, honours last, lowest rank."""
    return (card_points(card), card in HONOURS, k.rank[card])


def choose_card(k: Knowledge, legal: list[str]) -> str:
    """One of ``legal`` (cards, without the ``play:`` prefix)."""
    if len(legal) == 1:
        return legal[0]
    unseen = k.unseen()
    cards = list(legal)
    if T1 in cards and k.trick_no < LAST_TRICK:
        if keeps_t1(k, unseen, k.iote):
            cards.remove(T1)
        elif t1_wins_now(k, unseen) or _t1_to_friend(k, unseen):
            return T1
        else:
            cards.remove(T1)
    if MUND in cards and len(cards) > 1 and SKYZ in unseen and not t21_safe_now(k):
        cards.remove(MUND)
    if not k.trick:
        return _lead(k, cards, unseen)
    return _follow(k, cards, unseen)


def _t1_to_friend(k: Knowledge, unseen: set[str]) -> bool:
    """The own side holds the trick safely and the I would otherwise be lost: smear it."""
    if not k.trick:
        return False
    led = k.trick[0][1][0]
    seat, card = trick_winner(k.trick, k.rank)
    if k.friend(seat) is not True or not safe(k, card, led, unseen):
        return False
    mine = sum(1 for c in k.hand if c[0] == TRUMP)
    return mine <= 3 or led == TRUMP


def _follow(k: Knowledge, cards: list[str], unseen: set[str]) -> str:
    led = k.trick[0][1][0]
    rank = k.rank
    win_seat, win_card = trick_winner(k.trick, rank)
    points = sum(card_points(c) for _, c in k.trick)
    friend_wins = k.friend(win_seat) is True
    if friend_wins and safe(k, win_card, led, unseen):
        return _smear(k, cards)
    if not friend_wins:
        # Catch an opposing Mund with the Skyz.
        if SKYZ in cards and any(c == MUND and k.friend(s) is not True for s, c in k.trick):
            return SKYZ
        winners = sorted((c for c in cards if beats(c, win_card, led, rank)), key=rank.__getitem__)
        last = not later_seats(k)
        for card in winners:
            if card == SKYZ and points < 5 and k.trick_no < 9 and len(winners) > 1 and not last:
                continue
            if safe(k, card, led, unseen):
                return card
        if winners and points >= 5:
            plain = [c for c in winners if c not in (SKYZ, MUND, T1)]
            if plain and len(later_seats(k)) == 1:
                return plain[-1]
    return _throw(k, cards)


def _throw(k: Knowledge, cards: list[str]) -> str:
    """The cheapest card; among suit cards of equal worth, from the shortest suit."""
    lengths = {s: sum(1 for c in k.hand if c[0] == s) for s in {c[0] for c in cards}}
    return min(cards, key=lambda c: (card_points(c), c in HONOURS, c[0] == TRUMP, lengths[c[0]], k.rank[c]))


def _smear(k: Knowledge, cards: list[str]) -> str:
    """The trick is the side's: add the most points, but never waste the Skyz."""
    giving = [c for c in cards if c != SKYZ]
    if not giving:
        return min(cards, key=lambda c: _cheap(k, c))
    if all(c[0] == TRUMP for c in giving):
        if MUND in giving:
            return MUND  # only listed here when it is safe
        return min(giving, key=k.rank.__getitem__)
    return max(giving, key=lambda c: (card_points(c), -k.rank[c]))


def _lead(k: Knowledge, cards: list[str], unseen: set[str]) -> str:
    rank = k.rank
    trumps = [c for c in cards if c[0] == TRUMP]
    suits = [c for c in cards if c[0] != TRUMP]
    mine = k.side_of(k.seat)
    foes = [s for s in range(SEATS) if s != k.seat and k.friend(s) is False]
    friends = [s for s in range(SEATS) if s != k.seat and k.friend(s) is True]
    maybe_foes = [s for s in range(SEATS) if s != k.seat and k.friend(s) is not True]
    unseen_trumps = sum(1 for c in unseen if c[0] == TRUMP)
    if k.valat is not None and k.friend(k.valat) is True:
        # The own side called valat: draw trumps from the top, then cash the kings.
        if trumps and unseen_trumps:
            return max(trumps, key=rank.__getitem__)
        kings = [c for c in suits if c[1] == "K"]
        return kings[0] if kings else max(cards, key=lambda c: (c[0] == TRUMP, rank[c]))
    # A sure winner that takes points: a king nobody can ruff yet.
    for card in suits:
        suit = card[0]
        others_void = any(suit in k.voids[s] for s in maybe_foes)
        if card[1] == "K" and not others_void and suit_left(suit, unseen) >= 4:
            return card
    plain = [c for c in trumps if c not in (SKYZ, MUND)]
    # The I-on-the-end holder draws the others' trumps, highest first while it wins.
    if T1 in k.hand and keeps_t1(k, unseen, k.iote) and trumps and unseen_trumps:
        top = max(trumps, key=rank.__getitem__)
        if not any(c[0] == TRUMP and rank[c] > rank[top] for c in unseen):
            return top
        if plain:
            return min(plain, key=rank.__getitem__)
    if mine == DECLARER and trumps and unseen_trumps:
        # Draw trumps only with a sure winner (measured: leading low trumps loses).
        top = max(trumps, key=rank.__getitem__)
        if top != SKYZ and not any(c[0] == TRUMP and rank[c] > rank[top] for c in unseen):
            return top
    if suits:
        return suit_lead(k, suits, friends, foes)
    if plain:
        return min(plain, key=rank.__getitem__)
    return min(cards, key=lambda c: _cheap(k, c))
