"""Tarot cards shared by every tarot variant (shared/rules/cards.md).

Card ids are strings: trumps ``T1``..``T22``, suit cards ``<suit><rank>`` (``HK``, ``D1``,
``S10``, ``CR``). ``suit_of`` returns ``"T"`` for a trump so that "the suit led" works the
same way for a tarokk lead as for a suit lead.

Ranks and display order depend on the red pip order (cards.md §3); every lookup here goes
through tables built once per order, so the hot paths are dictionary lookups.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Sequence
from functools import cache

from .base import Deal
from .words import _, pgettext

TRUMP = "T"
SUITS = ("H", "S", "D", "C")  # display order: alternating red / black (cards.md §7)
SUIT_NAMES = {
    "H": pgettext("suit", "hearts"),
    "S": pgettext("suit", "spades"),
    "D": pgettext("suit", "diamonds"),
    "C": pgettext("suit", "clubs"),
    TRUMP: pgettext("suit", "tarokks"),
}
COURTS = ("K", "Q", "R", "J")  # high to low, above every pip in every variant

TRUMPS = tuple(f"T{n}" for n in range(22, 0, -1))  # T22 first: display order
HONOURS = frozenset({"T1", "T21", "T22"})  # the trull; Hungarian "honours"
KINGS = frozenset(f"{suit}K" for suit in SUITS)

# Pip order inside a suit, high to low (cards.md §3). Hungarian uses "traditional" (its
# 42-card pack keeps only the red 1 and the black 10, so every order gives the same result).
RED_PIP_ORDERS: dict[str, tuple[str, ...]] = {
    "traditional": ("1", "2", "3", "4"),  # Slovenian, Czech traditional, Hungarian
    "machtarok": ("4", "3", "2", "1"),  # Czech default
    "ace_high": ("1", "4", "3", "2"),
}
BLACK_PIPS = ("10", "9", "8", "7")
DEFAULT_RED_PIP_ORDER = "traditional"

_COURT_POINTS = {"K": 5, "Q": 4, "R": 3, "J": 2}


def _suit_cards(suit: str, red_pips: Sequence[str], black_pips: Sequence[str]) -> list[str]:
    pips = red_pips if suit in ("H", "D") else black_pips
    return [suit + rank for rank in (*COURTS, *pips)]


def pack_54() -> tuple[str, ...]:
    """The 54-card tarot pack in display order (traditional pip order)."""
    cards = list(TRUMPS)
    for suit in SUITS:
        cards += _suit_cards(suit, RED_PIP_ORDERS["traditional"], BLACK_PIPS)
    return tuple(cards)


def pack_42() -> tuple[str, ...]:
    """The 42-card Hungarian pack in display order: 22 trumps, per suit K Q R J and one pip."""
    cards = list(TRUMPS)
    for suit in SUITS:
        cards += _suit_cards(suit, ("1",), ("10",))
    return tuple(cards)


PACK_54 = frozenset(pack_54())
PACK_42 = frozenset(pack_42())


def is_trump(card: str) -> bool:
    return card[0] == TRUMP


def suit_of(card: str) -> str:
    """``"T"`` for a trump, else the suit letter ``H S D C``."""
    return card[0]


def _points(card: str) -> int:
    if card in HONOURS:
        return 5
    if card[0] == TRUMP:
        return 1
    return _COURT_POINTS.get(card[1:], 1)


_POINTS = {card: _points(card) for card in PACK_54}


def card_points(card: str) -> int:
    """cards.md §4: honours and kings 5, queens 4, riders 3, jacks 2, everything else 1."""
    try:
        return _POINTS[card]
    except KeyError:
        raise ValueError(f"Unknown card {card!r}") from None  # untranslated: programmer error


def pile_points(cards: Iterable[str]) -> int:
    """Direct sum of card points (Czech, Hungarian)."""
    return sum(card_points(card) for card in cards)


def points_in_threes(cards: Sequence[str]) -> int:
    """Counting in threes (cards.md §5), closed form: S − 2·⌊n/3⌋ − (1 if n mod 3 else 0)."""
    n = len(cards)
    return pile_points(cards) - 2 * (n // 3) - (1 if n % 3 else 0)


@cache
def rank_table(red_pip_order: str = DEFAULT_RED_PIP_ORDER) -> dict[str, int]:
    """Card → strength. Trumps 101..122; in a suit courts 11..14 (J..K), pips 1..4.

    Only compare strengths of two trumps or two cards of one suit; a trump beats any suit card
    (the table agrees, but "the suit led" is the trick's business, see ``tricks``).
    """
    try:
        red_pips = RED_PIP_ORDERS[red_pip_order]
    except KeyError:
        raise ValueError(
            f"Unknown red pip order {red_pip_order!r}"  # untranslated: programmer error
        ) from None
    table = {f"T{n}": 100 + n for n in range(1, 23)}
    for suit in SUITS:
        pips = red_pips if suit in ("H", "D") else BLACK_PIPS
        for i, court in enumerate(COURTS):
            table[suit + court] = 14 - i
        for i, pip in enumerate(pips):
            table[suit + pip] = len(pips) - i
    return table


def rank(card: str, red_pip_order: str = DEFAULT_RED_PIP_ORDER) -> int:
    return rank_table(red_pip_order)[card]


_GROUP = {TRUMP: 0, "H": 1, "S": 2, "D": 3, "C": 4}


def sort_key(card: str, red_pip_order: str = DEFAULT_RED_PIP_ORDER) -> tuple[int, int]:
    """cards.md §7: trumps first (T22 first), then H S D C, each high to low."""
    return (_GROUP[card[0]], -rank_table(red_pip_order)[card])


@cache
def display_index(red_pip_order: str = DEFAULT_RED_PIP_ORDER) -> dict[str, int]:
    """Card → position in the display order (one int, for fast sorting)."""
    ordered = sorted(PACK_54, key=lambda card: sort_key(card, red_pip_order))
    return {card: i for i, card in enumerate(ordered)}


def sort_cards(cards: Iterable[str], red_pip_order: str = DEFAULT_RED_PIP_ORDER) -> list[str]:
    return sorted(cards, key=display_index(red_pip_order).__getitem__)


def round_half_away(x: float) -> int:
    """cards.md §9: halves away from zero (4.5 → 5, −4.5 → −5); never Python's round()."""
    return int(math.copysign(math.floor(abs(x) + 0.5), x))


def round_to_5(k: int) -> int:
    """cards.md §9: nearest multiple of 5 (12 → 10, 13 → 15, −3 → −5, −2 → 0)."""
    sign = -1 if k < 0 else 1
    return sign * 5 * ((abs(k) + 2) // 5)


def _uniform_below(bound: int, key: str) -> int:
    """A number in ``range(bound)`` read off SHA-256 of ``key``, by rejection sampling (no modulo bias)."""
    limit = (1 << 64) - (1 << 64) % bound
    attempt = 0
    while True:
        digest = hashlib.sha256(f"{key}:{attempt}".encode()).digest()
        for offset in range(0, 32, 8):
            number = int.from_bytes(digest[offset : offset + 8], "big")
            if number < limit:
                return number % bound
        attempt += 1  # pragma: no cover - probability below 2^-200


def permutation(size: int, salt: str, n: int) -> tuple[int, ...]:
    """The ``n``-th shuffle keyed by ``salt``: a permutation of ``range(size)``, uniformly chosen.

    Fisher–Yates whose i-th swap index comes from SHA-256 of ``"{salt}:{n}:{i}"``: pure and
    stable across Python versions (``random.shuffle`` is neither promised to be), so a stored
    hand replays to the same cards forever. Apply as ``[deck[j] for j in permutation(...)]``.
    """
    order = list(range(size))
    for i in range(size - 1, 0, -1):
        j = _uniform_below(i + 1, f"{salt}:{n}:{i}")
        order[i], order[j] = order[j], order[i]
    return tuple(order)


def check_pack_deal(
    deal: Deal, game: object, people: object, seats: int, hand_size: int, talon_size: int
) -> None:
    """A tarot deal of the 54-card pack: ``seats`` hands of ``hand_size`` and a talon of
    ``talon_size``, each card once; a ValueError naming the ``game`` (a name or a message;
    ``people``, its players' adjective, is no longer worded: kept for the callers) otherwise."""
    if len(deal.hands) != seats:
        raise ValueError(
            _("{game} is played by {seats}, not {count}", game=game, seats=seats, count=len(deal.hands))
        )
    if any(len(hand) != hand_size for hand in deal.hands) or len(deal.talon) != talon_size:
        raise ValueError(
            _(
                "A deal of {game} has {hand_size} cards per seat and {talon_size} in the talon",
                game=game,
                hand_size=hand_size,
                talon_size=talon_size,
            )
        )
    cards = [card for hand in deal.hands for card in hand] + list(deal.talon)
    if set(cards) != PACK_54 or len(cards) != len(PACK_54):
        raise ValueError(_("A deal of {game} must hold each card of the 54-card pack once", game=game))
