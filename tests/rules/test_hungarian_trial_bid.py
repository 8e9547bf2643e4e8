"""The trial bid (hungarian.md §4.6) and its penalty (§10.7, §14 Example 6)."""

from __future__ import annotations

import pytest

from games.rules import AUDIENCE, IllegalAction
from games.rules.base import ScoredItem
from games.rules.hungarian import HUNGARIAN, Phase
from tests.helpers.hungarian import TRIAL_HANDS as HANDS
from tests.helpers.hungarian import TRIAL_TALON as TALON
from tests.rules.english import english

THREE_PASSES = ("1 pass", "2 pass", "3 pass")


def refused(state, seat, action, message):
    with pytest.raises(IllegalAction) as error:
        HUNGARIAN.apply(state, seat, action)
    assert str(error.value) == message


def test_the_fourth_player_may_bid_only_three_without_an_honour(table):
    # §4.6: after three passes the fourth may bid three without an honour, nothing higher.
    state = table.run(table.start(HANDS, TALON, dealer=0), *THREE_PASSES)
    assert table.legal(state, 0) == ["pass", "bid:three"]
    refused(state, 0, "bid:two", "Without an honour you may only bid three (a trial bid)")


def test_a_failed_trial_bid_in_a_doubled_hand_is_example_6(table):
    # §14 Example 6: doubled hand; seat 0 trial-bids three, takes T6 T2 H1, still no honour.
    # Penalty per other player 3 × 2 = 6: seat 0 −18, seats 1-3 +6 each. No discard, no call.
    state = table.run(table.start(HANDS, TALON, dealer=0, doubled=True), *THREE_PASSES, "0 bid:three")
    assert state.phase is Phase.OVER and HUNGARIAN.to_act(state) == frozenset()
    assert (state.declarer, state.contract.name, state.trial, state.promise) == (0, "three", True, None)
    assert state.hands[0] == ("T20", "T17", "T15", "T12", "T8", "T6", "T2", "HQ", "HR", "H1", "SJ", "D1")
    result = HUNGARIAN.result(state)
    assert result.payments == (-18, 6, 6, 6)
    assert (result.thrown_in, result.reason, result.contract, result.declarer) == (
        False,
        "failed trial bid",
        "three",
        0,
    )
    assert (result.partner, result.declarer_side, result.value) == (None, (0,), -6)
    assert english(result.items) == (
        ScoredItem("failed trial bid", "declarer", 3, 2, -6, note="paid to each other player; doubled hand"),
    )
    assert english(state.log)[-1] == (0, "still holds no honour: the trial bid fails and costs 18")
    assert (0, "bids three: a trial bid, without an honour") in english(state.log)
    # §5.3: the penalty takes precedence: seat 2's four kings are not offered an annulment.
    assert all(table.legal(state, seat) == [] for seat in range(4))
    refused(state, 2, "annul", "The hand is over")
    assert HUNGARIAN.observe(state, AUDIENCE)["trial"] is True


def test_the_penalty_is_an_option_and_undoubled_by_default(table):
    # §10.7 with trial_bid_penalty = 5: bidder −15, each other +5.
    state = table.start(HANDS, TALON, dealer=0, trial_bid_penalty=5)
    state = table.run(state, *THREE_PASSES, "0 bid:three")
    assert HUNGARIAN.result(state).payments == (-15, 5, 5, 5)


def test_a_successful_trial_bid_is_played_without_the_raise(table):
    # §4.6: talon card 2 is now T1: seat 0 holds an honour after the talon and plays three.
    # A trial bid cannot be raised (§4.3): the discard step follows the auction at once.
    hands = HANDS[:3] + ["T2 T16 T9 T5 T4 HJ SR CQ CR"]
    state = table.run(table.start(hands, "T6 T1 H1 S10 DR CJ", dealer=0), *THREE_PASSES, "0 bid:three")
    assert (state.phase, state.contract.name, state.trial) == (Phase.DISCARD, "three", True)
    assert "raise:two" not in [call for _, call in state.auction.calls]
    assert HUNGARIAN.to_act(state) == {0, 1, 2, 3}
    assert HUNGARIAN.observe(state, 1)["trial"] is True


def test_with_an_honour_the_fourth_bids_as_usual_and_may_raise(table):
    # §4.6: "with an honour it is an ordinary bid". Dealer 1: the auction goes 2, 3, 0, 1;
    # seat 1 (T22, T21) bids three after three passes and, as the sole bidder, may raise.
    state = table.start(HANDS, TALON, dealer=1)
    state = table.run(state, "2 pass", "3 pass", "0 pass", "1 bid:three")
    assert (state.phase, state.trial) == (Phase.RAISE, False)
    assert table.legal(state, 1) == ["keep", "raise:two", "raise:one", "raise:solo"]


def test_with_the_trial_bid_off_the_fourth_needs_an_honour(table):
    # trial_bid = off: seat 0 has no honour, so it can only pass: all four pass (§4.5).
    state = table.run(table.start(HANDS, TALON, dealer=0, trial_bid=False), *THREE_PASSES)
    assert table.legal(state, 0) == ["pass"]
    refused(state, 0, "bid:three", "You need an honour (Skíz, XXI or Pagát) to bid")
    assert HUNGARIAN.result(table.run(state, "0 pass")).reason == "all passed"
