"""What one seat did in one hand, read from the hand's ``HandResult``: pure, no Django."""

from __future__ import annotations

from dataclasses import dataclass

from games.rules import HandResult
from games.rules.words import Msg

DECLARER, PARTNER, OPPONENT = "declarer", "partner", "opponent"


@dataclass(frozen=True)
class SeatSummary:
    role: str  # DECLARER, PARTNER, OPPONENT, or "" (thrown in, or a hand without a declarer)
    contract: str  # "" without a declarer; in English (a stored key: the contract's message id)
    made: bool | None  # the declarer was paid for the hand; None without a declarer
    score: int  # the seat's payment
    bonuses: tuple[str, ...]  # the bonuses the seat's side made, by name


def seat_summary(result: HandResult, seat: int) -> SeatSummary:
    score = result.payments[seat]
    if result.thrown_in or result.declarer is None or not result.contract:
        return SeatSummary("", "", None, score, _bonuses(result, seat, None))
    if seat == result.declarer:
        role = DECLARER
    else:
        role = PARTNER if seat in result.declarer_side else OPPONENT
    side = "opponents" if role == OPPONENT else "declarer"
    contract = result.contract.english() if isinstance(result.contract, Msg) else str(result.contract)
    return SeatSummary(role, contract, declarer_won(result), score, _bonuses(result, seat, side))


def declarer_won(result: HandResult) -> bool:
    """Whether the declarer came out of the hand ahead: a game won but paid for with failed
    announcements is no success."""
    return result.declarer is not None and result.payments[result.declarer] > 0


def _bonuses(result: HandResult, seat: int, side: str | None) -> tuple[str, ...]:
    """The bonuses made by the seat's side: a line of V other than the game itself that counts
    for that side (``amount`` is signed from the declarer side's point of view, so a failed
    announcement counts for the other side, not for its announcer), and a money card paid to
    the seat itself. Lines scored to one seat alone (penalties, hand points) are no bonuses."""
    made = []
    for item in result.items:
        if item.seat is not None or item.amount == 0:
            continue
        if item.paid_to is not None:
            if item.paid_to == seat and item.amount > 0:
                made.append(item.name)
        elif side is not None and item.name != "game" and item.side == side:  # name: the item's key
            if (item.amount > 0) == (side == "declarer"):
                made.append(item.name)
    return tuple(made)
