"""The 36-card French pack of Bridge (bridge.md §1, cards.md §2, §6, §7): ids, values, matching.

Card ids are ``<suit><rank>`` with suits ``H D S C`` and ranks ``6 7 8 9 10 J Q K A``
(``H6``, ``SA``, ``D10``, ``CJ``). Ranks are never compared: a card only *matches* another by
suit or by rank. Display order: suits ``H S D C``, inside a suit ``A K Q J 10 9 8 7 6``.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..words import pgettext

SUITS = ("H", "S", "D", "C")  # display order (cards.md §7)
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")  # display order inside a suit
SUIT_NAMES = {
    "H": pgettext("suit", "hearts"),
    "S": pgettext("suit", "spades"),
    "D": pgettext("suit", "diamonds"),
    "C": pgettext("suit", "clubs"),
}
# One card of a suit, as in "Play a heart".
SUIT_ONE = {
    "H": pgettext("one card of the suit", "heart"),
    "S": pgettext("one card of the suit", "spade"),
    "D": pgettext("one card of the suit", "diamond"),
    "C": pgettext("one card of the suit", "club"),
}

SIX, SEVEN, EIGHT, JACK, ACE = "6", "7", "8", "J", "A"

# §1: only the cards left in a hand at the end of a round count.
VALUES = {"6": 0, "7": 0, "8": 0, "9": 0, "10": 10, "J": 20, "Q": 10, "K": 10, "A": 15}

PACK_36 = tuple(suit + rank for suit in SUITS for rank in RANKS)  # display order
PACK = frozenset(PACK_36)
_DISPLAY = {card: i for i, card in enumerate(PACK_36)}
_VALUE = {card: VALUES[card[1:]] for card in PACK_36}


def suit_of(card: str) -> str:
    return card[0]


def rank_of(card: str) -> str:
    return card[1:]


def value(card: str) -> int:
    try:
        return _VALUE[card]
    except KeyError:
        raise ValueError(f"Unknown card {card!r}") from None  # untranslated: programmer error


def hand_points(cards: Iterable[str]) -> int:
    """§9: the sum of the values of the cards held."""
    return sum(map(_VALUE.__getitem__, cards))


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    """cards.md §7: hearts, spades, diamonds, clubs; each A K Q J 10 9 8 7 6."""
    return tuple(sorted(cards, key=_DISPLAY.__getitem__))


def first_cards_of(hand: Iterable[str], top: str | None, wish: str | None) -> list[str]:
    """The cards of ``hand`` that may open a move onto ``top`` (``is_first_card``), in the
    hand's order: the same test written once per hand rather than once per card (the legal
    moves ask it at every position)."""
    if top is None:
        return list(hand)
    if top[1:] == JACK and wish is not None:
        return [card for card in hand if card[1:] == JACK or card[0] == wish]
    suit, rank = top[0], top[1:]
    return [card for card in hand if card[0] == suit or card[1:] == rank or card[1:] == JACK]


def is_first_card(card: str, top: str | None, wish: str | None) -> bool:
    """§8.1: may ``card`` open a move onto ``top``? Any card onto an empty stack; onto a J with a
    wish, a card of the wished suit or any J (the J's own suit does not count); otherwise a card
    of the top card's suit or rank, or any J. The same test tells a card that covers a 6 (§8.3:
    its suit, another 6, or a J), since a wish never lies on a 6."""
    if top is None:
        return True
    if card[1:] == JACK:
        return True
    if top[1:] == JACK and wish is not None:
        return card[0] == wish
    return card[0] == top[0] or card[1:] == top[1:]
