"""Hungarian deals written out for more than one test module, and an outcome summary to score.

- the played hand (``HANDS`` ... ``PLAY``): tests/rules/test_hungarian_play.py, and seated at five
  in test_hungarian_five.py;
- the trial bid's deal (``TRIAL_*``): test_hungarian_trial_bid.py, test_hungarian_five.py;
- the auction's deal (``AUCTION_*``): test_hungarian_auction.py, tests/web/test_only_pass.py;
- ``outcome``: test_hungarian_scoring.py, test_hungarian_five.py.
"""

from __future__ import annotations

from games.rules.hungarian.scoring import Outcome

# Dealer 3, so forehand is seat 0. Talon top first: T18 CR T2 H1 S10 DR.
HANDS = [
    "T22 T20 T19 T16 T3 HK SJ DQ C10",
    "T21 T17 T15 T9 T5 HQ SK DJ CK",
    "T1 T14 T12 T8 T6 HR SQ DK CQ",
    "T13 T11 T10 T7 T4 HJ SR D1 CJ",
]
TALON = "T18 CR T2 H1 S10 DR"

# Seat 0 declares two and takes T18 CR; seat 1 gets T2 H1, seat 2 S10, seat 3 DR.
AUCTION = ["0 bid:two", "1 pass", "2 pass", "3 pass"]
DISCARDS = ["0 discard:CR,C10", "1 discard:T2,H1", "2 discard:S10", "3 discard:SR"]
ANNOUNCE = ["0 pass", "1 pass", "2 pass", "3 pass"]
TRICKS = [
    ["0 play:HK", "1 play:HQ", "2 play:HR", "3 play:HJ"],  # seat 0 wins 14
    ["0 play:SJ", "1 play:SK", "2 play:SQ", "3 play:T4"],  # seat 3 trumps: 12
    ["3 play:DR", "0 play:DQ", "1 play:DJ", "2 play:DK"],  # seat 2: 14
    ["2 play:T6", "3 play:T7", "0 play:T3", "1 play:T5"],  # seat 3: 4
    ["3 play:CJ", "0 play:T16", "1 play:CK", "2 play:CQ"],  # seat 0 trumps: 12
    ["0 play:T22", "1 play:T9", "2 play:T8", "3 play:T10"],  # seat 0: 8
    ["0 play:T20", "1 play:T17", "2 play:T12", "3 play:T11"],  # seat 0: 4
    ["0 play:T19", "1 play:T15", "2 play:T14", "3 play:T13"],  # seat 0: 4
    ["0 play:T18", "1 play:T21", "2 play:T1", "3 play:D1"],  # seat 1: 12; the pagát loses
]
PLAY = [step for trick in TRICKS for step in trick]

# The trial bid's deal.
# Dealer 0: the auction goes 1, 2, 3, 0. Seat 0 holds no honour; seat 2 holds four kings.
TRIAL_HANDS = [
    "T20 T17 T15 T12 T8 HQ HR SJ D1",
    "T22 T21 T19 T14 T11 SQ DJ DQ C10",
    "T18 T13 T10 T7 T3 HK SK DK CK",
    "T1 T16 T9 T5 T4 HJ SR CQ CR",
]
TRIAL_TALON = "T6 T2 H1 S10 DR CJ"  # talon cards 1-3 hold no honour: the trial bid fails

# The auction's deal.
# Dealer 0, so forehand is seat 1. Seat 2 holds no honour (T1, T21, T22).
AUCTION_HANDS = [
    "T22 T20 T15 T12 T8 HK HQ SJ D1",
    "T21 T19 T14 T11 T5 SK SQ DJ C10",
    "T18 T13 T10 T7 T3 HR DK DQ CK",
    "T1 T17 T16 T9 T4 HJ SR CQ CR",
]
AUCTION_TALON = "T6 T2 H1 S10 DR CJ"


def outcome(**fields):
    fields.setdefault("game_value", 2)
    fields.setdefault("card_points", (58, 36))
    fields.setdefault("tricks", (5, 4))
    return Outcome(**fields)
