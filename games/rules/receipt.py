"""What each line of a hand's receipt says happened, as data (the page says it in words).

A ``ScoredItem`` is arithmetic: ``base × multiplier = amount``, signed from the declarer side's
point of view. A player wants to read what happened: "your side took 41 of 94 card points:
lost", "pagát ultimó: the opponents announced it and failed". ``receipt_rows(result, variant)``
reads each line of a ``HandResult`` as a ``ReceiptRow``: which kind of line it is, whose it is,
whether it was made, and the figures a sentence needs. ``games.page.receipt_words`` turns a row into
a sentence of the viewer's language (with "you" for the viewer's own seat or side); the
arithmetic stays on the row's item, shown as a second line.

It reads stored results as they are (no new field is written), so hands finished before this
module read in words too. Where a game's ``side`` means something else than "whose line" (the
Slovenian contract's own line and announced valat name the side that gained), the variant's
reading is here, in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .base import HandResult, ScoredItem
from .slovenian3 import scoring as slovenian

DECLARER, OPPONENTS = "declarer", "opponents"
SIGN = {DECLARER: 1, OPPONENTS: -1}


class Kind(Enum):
    GAME = "game"  # the game: the declarer side's card points, won or lost
    DIFFERENCE = "difference"  # Slovenian: the declarer's card points above or below 35
    ITEM = "item"  # a bonus or a valat: a side made it or failed it, announced or silent
    CONTRACT = "contract"  # Slovenian: the contract's own line (beggar, ...), won or lost
    COUNT = "count"  # a count of tarokks a side held (Hungarian, settled with V)
    DOUBLING = "doubling"  # Slovenian radelc: the hand score doubled (its note says why)
    HOLDING = "holding"  # paid to one seat by each other player (tarokk count, money card)
    PERSONAL = "personal"  # one seat's own score (klop, mond penalty, škisfang, Bridge)


@dataclass(frozen=True)
class ReceiptRow:
    kind: Kind
    item: ScoredItem
    side: str | None = None  # whose line (ITEM, COUNT), the winner (GAME); None: a seat's line
    made: bool | None = None  # ITEM, CONTRACT: made or won (True), failed or lost (False)
    seat: int | None = None  # HOLDING, PERSONAL: the seat the line is about
    points: int | None = None  # GAME, DIFFERENCE: the declarer side's card points
    total: int | None = None  # GAME: the card points of the pack
    margin: int | None = None  # DIFFERENCE: points − 35, exact (the rounding is arithmetic)

    @property
    def won(self) -> bool:
        """GAME: the declarer side won the game."""
        return self.side == DECLARER


# Slovenian (slovenian3.md §10): the lines whose ``side`` is whose they are; any other line of
# a hand with a declarer is the contract's own line (beggar, solo without, ...), named by the
# contract, whose ``side`` is the side that gained it.
_SLOVENIAN_SIDE_OWNED = frozenset(
    {
        slovenian.TRULA,
        slovenian.KINGS,
        slovenian.ULTIMO,
        slovenian.GAME,
        slovenian.DIFFERENCE,
        slovenian.RADELC,
    }
)
_SLOVENIAN_BASE = 35  # the difference counts from 35 card points (§10.2)


def receipt_rows(result: HandResult, variant: str) -> tuple[ReceiptRow, ...]:
    """Each of ``result``'s lines, read as what happened (in the receipt's order)."""
    return tuple(_row(result, item, variant) for item in result.items)


def _row(result: HandResult, item: ScoredItem, variant: str) -> ReceiptRow:
    if item.paid_to is not None:
        return ReceiptRow(Kind.HOLDING, item, seat=item.paid_to)
    if item.seat is not None:
        return ReceiptRow(Kind.PERSONAL, item, seat=item.seat)
    points, opponents = result.card_points
    if item.name == "game":
        return ReceiptRow(Kind.GAME, item, side=item.side, points=points, total=points + opponents)
    if variant == "slovenian3":
        if item.name == slovenian.DIFFERENCE:
            return ReceiptRow(
                Kind.DIFFERENCE, item, side=DECLARER, points=points, margin=points - _SLOVENIAN_BASE
            )
        if item.name == slovenian.RADELC:
            return ReceiptRow(Kind.DOUBLING, item, side=item.side)
        if item.name == slovenian.VALAT and item.announced:  # the declarer's, made when it gained
            return ReceiptRow(Kind.ITEM, item, side=DECLARER, made=item.side == DECLARER)
        if item.name not in _SLOVENIAN_SIDE_OWNED and item.name != slovenian.VALAT:
            return ReceiptRow(Kind.CONTRACT, item, side=DECLARER, made=item.side == DECLARER)
    if variant == "hungarian" and item.name.endswith(" tarokks"):
        return ReceiptRow(Kind.COUNT, item, side=item.side)
    # Elsewhere ``side`` is whose line it is, and the sign says whether that side gained it.
    made = item.amount * SIGN.get(item.side, 1) > 0
    return ReceiptRow(Kind.ITEM, item, side=item.side, made=made)
