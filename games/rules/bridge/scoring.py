"""The count at the end of a round (bridge.md §9, §10.2–§10.3), as pure arithmetic.

Scores are penalty points: what a round adds to each seat's total (not zero-sum). The 125
reset and the game end (§10.4–§10.5) belong to the match (``match.record``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import ScoredItem
from ..words import Msg, ngettext, pgettext
from .pack import JACK, hand_points

J_POINTS = 20  # per J of the final move (§10.2)
# The receipt's line names are keys (ScoredItem.name); the receipt shows LABELS (ScoredItem.label).
J_POINTS_ITEM = "J points"  # untranslated: a key, shown as LABELS[J_POINTS_ITEM]
HAND_POINTS_ITEM = "hand points"  # untranslated: a key, shown as LABELS[HAND_POINTS_ITEM]
LABELS = {
    J_POINTS_ITEM: pgettext("score", "J points"),
    HAND_POINTS_ITEM: pgettext("score", "hand points"),
}
MINUS, PLUS = "minus", "plus"
J_CHOICES = (MINUS, PLUS)
DECLARER, OPPONENTS = "declarer", "opponents"  # the round winner, the others


def trailing_jacks(cards: Sequence[str]) -> int:
    """§10.2: ``j``, the Js played consecutively at the end of the final move."""
    j = 0
    for card in reversed(cards):
        if card[1:] != JACK:
            break
        j += 1
    return j


def j_points_amount(jacks: int, multiplier: int) -> int:
    return J_POINTS * jacks * multiplier


def score(
    hands: Sequence[Sequence[str]], winner: int, jacks: int, multiplier: int, choice: str | None
) -> tuple[tuple[int, ...], tuple[ScoredItem, ...]]:
    """Per seat, the points the round adds; and the receipt lines (``seat`` set on each).

    J points (only when ``jacks`` > 0): "minus" takes ``20 × j × M`` off the winner, "plus"
    adds it to every other player. Then each seat adds its hand points × M.
    """
    items: list[ScoredItem] = []
    if jacks:
        if choice not in J_CHOICES:
            raise ValueError(
                f"J points must be minus or plus, not {choice!r}"  # untranslated: programmer error
            )
        note = ngettext(
            "{count} J at the end of the final move",
            "{count} Js at the end of the final move",
            jacks,
            count=jacks,
        )
        base = J_POINTS * jacks
        if choice == MINUS:
            items.append(_line(J_POINTS_ITEM, winner, winner, -base, multiplier, note))
        else:
            items += [
                _line(J_POINTS_ITEM, seat, winner, base, multiplier, note)
                for seat in range(len(hands))
                if seat != winner
            ]
    for seat, hand in enumerate(hands):
        items.append(_line(HAND_POINTS_ITEM, seat, winner, hand_points(hand), multiplier, " ".join(hand)))
    payments = [0] * len(hands)
    for item in items:
        assert item.seat is not None
        payments[item.seat] += item.amount
    return tuple(payments), tuple(items)


def _line(name: str, seat: int, winner: int, base: int, multiplier: int, note: Msg | str) -> ScoredItem:
    return ScoredItem(
        name=name,
        side=DECLARER if seat == winner else OPPONENTS,
        base=base,
        multiplier=multiplier,
        amount=base * multiplier,
        note=note,
        seat=seat,
        label=LABELS[name],
    )
