"""Judging a Czech Taroky hand: a rough strength, voids and shape, a talon set's worth and the
value of a discard (czech.md §5, §7). Pure functions of card lists; the thresholds that use
them live in ``basic``."""

from __future__ import annotations

from games.rules.cards import KINGS, TRUMP, card_points

from .knowledge import FIVE_POINT, MUND, SKYZ, T1

SUITS = ("H", "S", "D", "C")


def trumps(hand: list[str]) -> list[str]:
    return [c for c in hand if c[0] == TRUMP]


def number(card: str) -> int:
    """A trump's number (T22 → 22)."""
    return int(card[1:])


def suit_lengths(hand: list[str]) -> dict[str, int]:
    return {s: sum(1 for c in hand if c[0] == s) for s in SUITS}


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


def discard_value(hand: list[str], cards: list[str], ruffing: bool) -> float:
    """Voids made (worth most when the hand has trumps to ruff with), points banked (every
    discard counts for the discarder's side, §9), suit cards kept short; a trump is discarded
    only when nothing else may go (then the lowest)."""
    gone = set(cards)
    rest = [c for c in hand if c not in gone]
    lengths_before = suit_lengths(hand)
    lengths = suit_lengths(rest)
    voids = sum(1 for s in SUITS if lengths_before[s] and not lengths[s])
    value = (10.0 if ruffing else 2.0) * voids
    for card in cards:
        if card[0] == TRUMP:
            value -= 8.0 + number(card) / 100
        else:
            value += 0.7 * card_points(card)
    # Short suits left behind are better than long ones: fewer cards in the shortest suits;
    # a queen or rider left alone beside no king is easily lost.
    short = sorted(n for n in lengths.values() if n)
    value -= 0.5 * sum(short[:2])
    for card in rest:
        if card[1:] in ("Q", "R") and card[0] + "K" not in rest and lengths[card[0]] <= 2:
            value -= 0.3 * card_points(card)
    return value


def five_points(hand: list[str]) -> int:
    return sum(1 for c in hand if c in FIVE_POINT)
