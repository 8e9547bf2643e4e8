"""A written-out Hungarian deal shared by the tests of the only writer (web and production)."""

from __future__ import annotations

# Dealer 3, so seat 0 is forehand. Talon top first: T18 CR T2 H1 S10 DR.
HANDS = [
    "T22 T20 T19 T16 T3 HK SJ DQ C10",
    "T21 T17 T15 T9 T5 HQ SK DJ CK",
    "T1 T14 T12 T8 T6 HR SQ DK CQ",
    "T13 T11 T10 T7 T4 HJ SR D1 CJ",
]
TALON = "T18 CR T2 H1 S10 DR"
