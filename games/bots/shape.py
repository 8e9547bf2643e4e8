"""A tarot hand's shape, as the Czech and Slovenian robots judge it: its trumps, their numbers,
the suit lengths, and what a discard does to them. Pure functions of card lists."""

from __future__ import annotations

from collections.abc import Iterable

from games.rules.cards import SUITS, TRUMP, card_points


def trumps(hand: Iterable[str]) -> list[str]:
    return [c for c in hand if c[0] == TRUMP]


def number(card: str) -> int:
    """A trump's number (T22 → 22)."""
    return int(card[1:])


def suit_lengths(hand: Iterable[str]) -> dict[str, int]:
    """Each suit's number of cards in ``hand`` (every suit, in ``SUITS`` order; trumps aside).
    One pass: the strong robot's worlds ask for it a million times a search (every basic
    discard judges every set of cards it could lay away)."""
    lengths = dict.fromkeys(SUITS, 0)
    for card in hand:
        suit = card[0]
        if suit in lengths:
            lengths[suit] += 1
    return lengths


_LOOSE = ("Q", "R")  # a queen and a rider: easily lost without their king


def discard_value(hand: list[str], cards: list[str], ruffing: bool) -> float:
    """Discarding ``cards`` from ``hand``: voids made (worth most when the hand has trumps to
    ruff with), points banked (a discard counts for the discarder's side), suit cards kept
    short; a trump only when nothing else may go (then the lowest)."""
    gone = set(cards)
    before = suit_lengths(hand)
    after = dict(before)
    for card in gone:
        if card[0] in after and card in hand:
            after[card[0]] -= 1
    voids = sum(1 for s in SUITS if before[s] and not after[s])
    value = (10.0 if ruffing else 2.0) * voids
    for card in cards:
        if card[0] == TRUMP:
            value -= 8.0 + number(card) / 100
        else:
            value += 0.7 * card_points(card)
    # Short suits left behind are better than long ones: fewer cards in the shortest suits;
    # a queen or rider left alone beside no king is easily lost.
    short = sorted(n for n in after.values() if n)
    value -= 0.5 * sum(short[:2])
    for card in hand:
        if card[1:] in _LOOSE and card not in gone and after[card[0]] <= 2:
            king = card[0] + "K"
            if king in gone or king not in hand:
                value -= 0.3 * card_points(card)
    return value
