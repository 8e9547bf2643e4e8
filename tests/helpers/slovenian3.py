"""Slovenian (three-player) deals written out for more than one test module.

- ``NO_TAROK_SEED``: tests/rules/test_slovenian3_deal.py, test_every_option.py;
- ``EX8``, ``KLOP``: test_slovenian3_options.py, test_every_option.py;
- ``FOUR_KINGS_*`` (seat 0 holds the four kings) and ``MOND_*``: test_slovenian3_talon.py,
  test_every_option.py.
"""

from __future__ import annotations

# random.Random(1383) shuffles the pack so that middlehand (dealer 0) gets no tarok.
NO_TAROK_SEED = 1383

EX8 = [
    "T21 T20 T19 HK HQ HR HJ H1 SK SQ SR SJ S10 DK DQ DR",
    "T22 T18 T17 T16 T15 H2 H3 H4 S9 S8 S7 DJ D1 D2 D3 D4",
    "T1 T14 T13 T12 T11 T10 T9 T8 CK CQ CR CJ C10 C9 C8 C7",
]
EX8_TALON = "T7 T6 T5 T4 T3 T2"
# A klop decided by points when each player plays its first legal card: piles 19, 23, 28.
KLOP = [
    "T22 T21 T18 T17 T16 T13 HQ S10 S9 S8 DK DQ D1 D4 CJ C9",
    "T14 T11 T9 T8 T4 T3 T2 HK SK S7 DJ D3 CK CQ C8 C7",
    "T20 T19 T12 T7 T6 T5 T1 HR HJ H1 H2 H3 SQ SR CR C10",
]
KLOP_TALON = "H4 T10 DR D2 SJ T15"

# Seat 0 holds the four kings; the pagat is in the talon (card 1).
FOUR_KINGS_HANDS = [
    "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 HK SK DK CK",
    "T10 T9 T8 T7 H4 HQ HR HJ H1 H2 H3 SQ SR SJ S10 S9",
    "T6 T5 T4 T3 T2 DQ DR DJ D1 D2 D3 D4 CQ CR CJ C10",
]
FOUR_KINGS_TALON = "T1 S8 S7 C9 C8 C7"

# The same, with the mond in the talon (card 1) and the pagat in F's hand.
MOND_HANDS = [
    "T22 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T1 HK SK DK CK",
    FOUR_KINGS_HANDS[1],
    FOUR_KINGS_HANDS[2],
]
MOND_TALON = "T21 S8 S7 C9 C8 C7"
