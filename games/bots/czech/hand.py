"""Judging a Czech Taroky hand: a rough strength, voids and shape, a talon set's worth and the
value of a discard (czech.md §5, §7). Pure functions of card lists; the thresholds that use
them live in ``basic``."""

from __future__ import annotations

from games.rules.cards import KINGS, SUITS, TRUMP, card_points

from ..shape import number, suit_lengths, trumps
from .knowledge import FIVE_POINT, MUND, SKYZ, T1


def strength(hand: list[str]) -> float:
    """About one per trump, more for the Skyz, the Mund and high trumps, one per king, a
    little for queens and for voids and singletons a trump hand can ruff with. The I counts
    only in a long trump hand (otherwise it is five points to lose)."""
    mine = trumps(hand)
    n = len(mine)
    value = float(n)
    value += 2.0 * (SKYZ in hand) + 1.5 * (MUND in hand)
    if T1 in hand:
        value += 0.5 if n >= 7 else -0.5
    value += 0.4 * sum(1 for c in mine if 16 <= number(c) <= 20)
    value += 1.0 * sum(1 for c in hand if c in KINGS)
    value += 0.3 * sum(1 for c in hand if c[1:] == "Q" and c[0] + "K" not in hand)
    if n >= 4:
        lengths = suit_lengths(hand)
        value += 0.8 * sum(1 for s in SUITS if lengths[s] == 0)
        value += 0.3 * sum(1 for s in SUITS if lengths[s] == 1)
    return value


def set_worth(cards: list[str]) -> float:
    """What a talon set adds to a hand: trumps (more for high ones), kings, other points."""
    value = 0.0
    for card in cards:
        if card[0] == TRUMP:
            value += 1.0 + (
                2.0 if card == SKYZ else 1.5 if card == MUND else 0.3 if number(card) >= 16 else 0
            )
        elif card in KINGS:
            value += 1.0
        else:
            value += 0.1 * card_points(card)
    return value


def five_points(hand: list[str]) -> int:
    return sum(1 for c in hand if c in FIVE_POINT)
