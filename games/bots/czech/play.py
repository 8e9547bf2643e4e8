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

from games.rules.cards import TRUMP

from ..cardplay import follow, keeps_t1, king_lead, lead_low, plays_t1, t21_safe_now, valat_lead
from ..tricks import SEATS
from .knowledge import DECLARER, LAST_TRICK, MUND, SKYZ, T1, Knowledge

SKYZ_BEFORE = 9  # the Skyz wins a trick of few points only from this trick on


def choose_card(k: Knowledge, legal: list[str]) -> str:
    """One of ``legal`` (cards, without the ``play:`` prefix)."""
    if len(legal) == 1:
        return legal[0]
    unseen = k.unseen()
    cards = list(legal)
    if T1 in cards and k.trick_no < LAST_TRICK:
        if plays_t1(k, unseen, k.iote):
            return T1
        cards.remove(T1)
    if MUND in cards and len(cards) > 1 and SKYZ in unseen and not t21_safe_now(k):
        cards.remove(MUND)
    if not k.trick:
        return _lead(k, cards, unseen)
    return follow(k, cards, unseen, SKYZ_BEFORE)


def _lead(k: Knowledge, cards: list[str], unseen: frozenset[str]) -> str:
    rank = k.rank
    trumps = [c for c in cards if c[0] == TRUMP]
    mine = k.side_of(k.seat)
    foes = [s for s in range(SEATS) if s != k.seat and k.friend(s) is False]
    friends = [s for s in range(SEATS) if s != k.seat and k.friend(s) is True]
    maybe_foes = [s for s in range(SEATS) if s != k.seat and k.friend(s) is not True]
    unseen_trumps = sum(1 for c in unseen if c[0] == TRUMP)
    if k.valat is not None and k.friend(k.valat) is True:
        return valat_lead(k, cards, unseen)
    king = king_lead(k, cards, unseen, maybe_foes, 4)
    if king is not None:
        return king
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
    return lead_low(k, cards, friends, foes)
