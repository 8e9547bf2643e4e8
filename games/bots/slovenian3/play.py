"""The basic robot's card play for Slovenian Tarok (slovenian3.md §8), rules of thumb over
``Knowledge``. The engine's legal list already holds every obligation (following, must beat,
the pagat kept back, the emperor obligation), so this only chooses among the legal cards.

- **Three, two, one, solo without** (the declarer alone against two): a trick the own side
  holds safely gets points smeared onto it (never the škis; the mond only where the škis cannot
  fall on it: a captured mond costs its player the mond penalty even when a teammate's škis
  takes it); otherwise the cheapest card that wins safely, the škis to catch an opposing mond
  or for a trick worth it; else the cheapest card. The pagat wins the emperor trick when škis
  and mond lie in it, is kept for the last trick by a seat long in taroks (or by the announcer
  of pagat ultimo: the core keeps it back), and otherwise goes only where it wins safely or to
  the own side's safe trick. Leading: the side that announced valat draws taroks from the top,
  then cashes kings; the ultimo side draws taroks; a king while its suit is long outside; the
  declarer its top tarok when that is a sure winner; an opponent a suit its partner ruffs and
  the declarer does not, else its shortest suit, lowest card first.
- **Klop** (everyone for themselves, fewest points): lead the card most likely to be beaten
  (others must beat when able); following, the card that loses with the most points in it
  (gifts to another's trick), the most dangerous when points are equal; forced to win, the
  lowest winner while a later seat may still beat it (must beat), else the highest (it would
  win later anyway).
- **Beggar, open beggar, the declarer**: the same, points aside: lose every trick.
- **Beggar, open beggar, the opponents**: lead low where the declarer must beat (its cards in
  the suit higher than the lead; exactly known in open beggar), or a suit it lacks while it
  may hold taroks; following, keep the declarer's card on top (play under it, dump high cards)
  and keep the trick's top card low while the declarer is still to play.
- **Colour valat, valat**: the declarer leads sure winners (valat: taroks from the top first);
  an opponent beats the declarer when it can, else throws its cheapest card.
"""

from __future__ import annotations

from games.rules.cards import TRUMP, card_points
from games.rules.slovenian3.state import T1, T21, T22

from ..cardplay import cheapest, follow, keeps_t1, king_lead, later_seats, lead_low, plays_t1, valat_lead
from .knowledge import BEGGARS, KLOP, LAST_TRICK, VALATS, Knowledge, trick_winner

SKIS_BEFORE = 12  # the škis wins a trick of few points only from this trick on


def choose_card(k: Knowledge, legal: list[str]) -> str:
    """One of ``legal`` (cards, without the ``play:`` prefix)."""
    if len(legal) == 1:
        return legal[0]
    unseen = k.unseen()
    if k.contract == KLOP:
        return _lose(k, legal, unseen, points=True)
    if k.contract in BEGGARS:
        if k.seat == k.declarer:
            return _lose(k, legal, unseen, points=False)
        return _beggar_defence(k, legal, unseen)
    if k.contract in VALATS:
        if k.seat == k.declarer:
            return _valat_lead(k, legal, unseen) if not k.trick else cheapest(k, legal)
        return _take_one(k, legal)
    return _positive(k, legal, unseen)


# -- shared --------------------------------------------------------------------------------

Held = dict[int, set[str]]  # per other seat, the unseen cards it may hold


def holdings(k: Knowledge, unseen: frozenset[str]) -> Held:
    return {s: k.holding(s, unseen) for s in range(k.seats) if s != k.seat}


def higher_out(k: Knowledge, card: str, held: Held) -> int:
    """Cards of ``card``'s suit above it that another seat may hold."""
    rank = k.rank
    above = set()
    for cards in held.values():
        above |= {c for c in cards if c[0] == card[0] and rank[c] > rank[card]}
    return len(above)


def _wins_now(k: Knowledge, card: str) -> bool:
    return trick_winner(k.trick + [(k.seat, card)], k.colour_valat)[0] == k.seat


def _may_beat(k: Knowledge, held: set[str], card: str, led: str) -> bool:
    """Whether a seat still to play, holding some of ``held``, may take the trick from ``card``."""
    if any(c[0] == led for c in held):
        if card[0] == TRUMP and led != TRUMP:
            return False  # it must follow suit
        return any(c[0] == card[0] and k.rank[c] > k.rank[card] for c in held)
    if card[0] != TRUMP:
        return any(c[0] == TRUMP for c in held)
    return any(c[0] == TRUMP and k.rank[c] > k.rank[card] for c in held)


# -- losing tricks: klop and the beggar's declarer -------------------------------------------


def _danger(k: Knowledge, card: str, held: Held) -> float:
    """How likely ``card`` is to win the trick it is led to: others must beat it when they can
    (§8.2), so it loses when someone holds a higher card of its suit, or lacks the suit and
    holds taroks."""
    higher = higher_out(k, card, held)
    if higher:
        return 1.0 / (1 + higher)
    if card[0] != TRUMP:
        for cards in held.values():
            if not any(c[0] == card[0] for c in cards) and any(c[0] == TRUMP for c in cards):
                return 0.5
    return 1.0


def _lose(k: Knowledge, legal: list[str], unseen: frozenset[str], points: bool) -> str:
    """Play to lose the trick (klop: with ``points`` counted; the beggar's declarer)."""
    weight = 1.0 if points else 0.0
    held = holdings(k, unseen)
    if not k.trick:
        return min(
            legal,
            key=lambda c: (
                _danger(k, c, held) * (1 + weight * card_points(c) / 3),
                weight * card_points(c),
                k.rank[c],
            ),
        )
    led = k.trick[0][1][0]
    losing = [c for c in legal if not _wins_now(k, c)]
    if losing:
        # Gift the most points to another's trick; then shed the card most likely to win later.
        return max(losing, key=lambda c: (weight * card_points(c), -higher_out(k, c, held), k.rank[c]))
    later = [held[s] for s in later_seats(k)]
    beatable = [c for c in legal if any(_may_beat(k, cards, c, led) for cards in later)]
    if beatable:
        # Forced to win for now: the lowest winner, which a later seat must beat if it can.
        return min(beatable, key=lambda c: (k.rank[c], weight * card_points(c)))
    # The trick is ours whatever we play: get rid of the card most likely to win later.
    return max(legal, key=lambda c: (-higher_out(k, c, held), -weight * card_points(c), k.rank[c]))


# -- the beggar's opponents -----------------------------------------------------------------


def _beggar_defence(k: Knowledge, legal: list[str], unseen: frozenset[str]) -> str:
    declarer = k.declarer
    assert declarer is not None
    held = k.holding(declarer, unseen)
    rank = k.rank
    if not k.trick:

        def score(card: str) -> tuple[float, int]:
            suit = card[0]
            same = [c for c in held if c[0] == suit]
            if not same:
                if suit in k.voids[declarer] or k.exposed is not None:
                    # It must play a tarok, if it has one; otherwise it throws anything.
                    return (1.0 if any(c[0] == TRUMP for c in held) else -5.0), -rank[card]
                return 0.0, -rank[card]
            higher = sum(1 for c in same if rank[c] > rank[card])
            lower = len(same) - higher
            return higher - 2.0 * lower, -rank[card]

        return max(legal, key=score)
    seats_played = [s for s, _ in k.trick]
    win_seat, win_card = k.winner()
    under = [c for c in legal if not _wins_now(k, c)]
    if declarer in seats_played:
        if win_seat == declarer:
            # Keep its card on top: play under it, shedding high cards (keep low ones to lead).
            if under:
                return max(under, key=rank.__getitem__)
            return max(legal, key=rank.__getitem__)
        return max(legal, key=rank.__getitem__)
    # The declarer plays after us: keep the trick's top card low, so that it must beat it.
    if under:
        return max(under, key=rank.__getitem__)
    return min(legal, key=lambda c: (c[0] == TRUMP, rank[c]))


# -- colour valat and valat --------------------------------------------------------------------


def _valat_lead(k: Knowledge, legal: list[str], unseen: frozenset[str]) -> str:
    rank = k.rank
    held = holdings(k, unseen)
    taroks_out = [c for c in unseen if c[0] == TRUMP]
    mine = [c for c in legal if c[0] == TRUMP]
    if k.contract == "valat" and mine and taroks_out:
        return max(mine, key=rank.__getitem__)

    def sure(card: str) -> bool:
        if higher_out(k, card, held):
            return False
        if card[0] == TRUMP or k.colour_valat:
            return True
        # Valat: a seat that may ruff must at least be likely to follow.
        return all(
            not any(c[0] == TRUMP for c in cards) or sum(1 for c in cards if c[0] == card[0]) >= 2
            for cards in held.values()
        )

    winners = [c for c in legal if sure(c)]
    if winners:
        # Suits first, the longest first (taroks last in colour valat: they are led only to win).
        lengths = {s: sum(1 for c in k.hand if c[0] == s) for s in {c[0] for c in winners}}
        return max(winners, key=lambda c: (c[0] != TRUMP, lengths[c[0]], rank[c]))
    return max(legal, key=lambda c: (c[0] != TRUMP, rank[c]))


def _take_one(k: Knowledge, legal: list[str]) -> str:
    """An opponent of a valat: beat the declarer when possible; else the cheapest card."""
    win_seat, _ = k.winner()
    if win_seat == k.declarer:
        winners = [c for c in legal if _wins_now(k, c)]
        if winners:
            return max(winners, key=k.rank.__getitem__)
    return cheapest(k, legal)


# -- three, two, one, solo without ----------------------------------------------------------------


def mond_safe(k: Knowledge, unseen: frozenset[str]) -> bool:
    """The škis cannot fall on the mond played now: it is out of the game or in the own hand, or
    every later seat is out of taroks, and the trick holds no škis."""
    if any(c == T22 for _, c in k.trick):
        return False
    if T22 not in unseen:
        return True
    return bool(k.trick) and all(TRUMP in k.voids[s] for s in later_seats(k))


def _positive(k: Knowledge, legal: list[str], unseen: frozenset[str]) -> str:
    cards = list(legal)
    trick_cards = {c for _, c in k.trick}
    if T1 in cards and T22 in trick_cards and T21 in trick_cards:
        return T1  # the emperor trick
    if T1 in cards and k.trick_no < LAST_TRICK:
        if plays_t1(k, unseen, k.ultimo):
            return T1
        cards.remove(T1)
    if T21 in cards and len(cards) > 1 and not mond_safe(k, unseen):
        cards.remove(T21)
    if not k.trick:
        return _lead(k, cards, unseen)
    return follow(k, cards, unseen, SKIS_BEFORE)


def _lead(k: Knowledge, cards: list[str], unseen: frozenset[str]) -> str:
    rank = k.rank
    taroks = [c for c in cards if c[0] == TRUMP]
    declarer = k.seat == k.declarer
    foes = [s for s in range(k.seats) if s != k.seat and k.friend(s) is False]
    friends = [s for s in range(k.seats) if s != k.seat and k.friend(s) is True]
    taroks_out = sum(1 for c in unseen if c[0] == TRUMP)
    top = max(taroks, key=rank.__getitem__) if taroks else ""
    top_sure = bool(top) and not any(c[0] == TRUMP and rank[c] > rank[top] for c in unseen)
    if k.valat and declarer:
        return valat_lead(k, cards, unseen)
    king = king_lead(k, cards, unseen, foes, 4)
    if king is not None:
        return king
    plain = [c for c in taroks if c not in (T22, T21)]
    ultimo_side = k.ultimo is not None and k.friend(k.ultimo) is True
    if (ultimo_side or keeps_t1(k, unseen, k.ultimo)) and taroks and taroks_out:
        if top_sure and top != T21:
            return top
        if plain:
            return min(plain, key=rank.__getitem__)
    if declarer and taroks_out and top_sure and top != T22:
        return top
    # A suit the partner ruffs and the declarer does not.
    return lead_low(k, cards, friends, foes)
