"""Annulment before discarding (hungarian.md §5.3, §13)."""

from __future__ import annotations

import pytest

from games.rules import AUDIENCE, ActionError
from games.rules.hungarian import HUNGARIAN, Phase
from games.rules.hungarian.annulment import NOT_ALLOWED, annulment_condition
from tests.rules.english import english

# Dealer 0: the auction goes 1, 2, 3, 0. Seat 3 holds T1 and eight suit cards.
HANDS = [
    "T22 T20 T19 T18 T17 T16 T15 T14 T13",
    "T21 T12 T11 T10 T9 T8 DK DQ DR",
    "T7 T6 T5 T4 T3 DJ D1 CK CQ",
    "T1 HK HQ HR HJ SK SQ SR SJ",
]
TALON = "H1 S10 T2 CR CJ C10"
# Seat 1 declares three and takes H1 S10 T2; seat 2 gets CR, seat 3 CJ, seat 0 C10.
THREE = ("1 bid:three", "2 pass", "3 pass", "0 pass", "1 keep")


def refused(state, seat, action, message):
    with pytest.raises(ActionError) as error:  # illegal or unknown
        HUNGARIAN.apply(state, seat, action)
    assert str(error.value) == message


@pytest.mark.parametrize(
    "hand, condition",
    [
        # §5.3, each condition on a hand that includes the talon cards received:
        ("HK SK DK CK T22 T21 T1 T20 T19 H1", "four kings"),
        ("T21 HK HQ HR HJ H1 SQ SR SJ DQ", "T21 the only tarokk"),
        ("T1 HK HQ HR HJ H1 SQ SR SJ DQ", "T1 the only tarokk"),
        ("T21 T1 HK HQ HR HJ H1 SQ SR SJ DQ", "T21 and T1 the only tarokks"),
        ("HQ HR HJ H1 SQ SR SJ S10 DQ DR", "no tarokk"),
        # Both four kings and no tarokk: the first in §5.3's order is named.
        ("HK SK DK CK HQ HR HJ H1 SQ SR", "four kings"),
        # Not a condition: another tarokk beside them, three kings, Skíz alone.
        ("T21 T2 HK HQ HR HJ H1 SQ SR SJ", None),
        ("T1 T21 T22 HK HQ HR HJ H1 SQ SR", None),
        ("HK SK DK HQ HR HJ H1 SQ SR T5", None),
        ("T22 HK HQ HR HJ H1 SQ SR SJ DQ", None),
    ],
)
def test_annulment_conditions(hand, condition):
    assert english(annulment_condition(tuple(hand.split()))) == condition


def test_an_eligible_seat_is_offered_annul_first_and_throws_the_hand_in(table):
    # §5.3: seat 3 received CJ and now holds T1 as its only tarokk: annul, then the discards.
    state = table.run(table.start(HANDS, TALON, dealer=0), *THREE)
    assert table.legal(state, 3) == [
        "annul",
        "discard:HQ",
        "discard:HR",
        "discard:HJ",
        "discard:SQ",
        "discard:SR",
        "discard:SJ",
        "discard:CJ",
    ]
    assert "annul" not in table.legal(state, 2)  # five tarokks
    refused(state, 2, "annul", english(NOT_ALLOWED))
    assert english(NOT_ALLOWED) == (
        "You may annul only with four kings, with no tarokk, or with T21 and/or T1 as your only tarokks"
    )
    # Discards are simultaneous: seat 0 has discarded already; seat 3 may still annul.
    state = table.run(state, "0 discard:C10")
    refused(state, 0, "annul", "You have discarded already")
    state = table.run(state, "3 annul")
    assert state.phase is Phase.OVER and HUNGARIAN.to_act(state) == frozenset()
    result = HUNGARIAN.result(state)
    assert (result.thrown_in, result.payments) == (True, (0, 0, 0, 0))
    assert english(result.reason) == "annulled by seat 3: T1 the only tarokk"
    assert english(state.log[-1]) == (3, "annuls the hand: T1 the only tarokk")
    # §13: everyone learns who annulled, why, and sees the annuller's hand.
    assert english(HUNGARIAN.observe(state, AUDIENCE)["annulled"]) == {
        "seat": 3,
        "condition": "T1 the only tarokk",
        "hand": ["T1", "HK", "HQ", "HR", "HJ", "SK", "SQ", "SR", "SJ", "CJ"],
    }


def test_all_passed_and_annulled_are_told_apart(table):
    state = table.run(table.start(HANDS, TALON, dealer=0), "1 pass", "2 pass", "3 pass", "0 pass")
    assert HUNGARIAN.result(state).reason == "all passed"
    assert HUNGARIAN.observe(state, AUDIENCE)["annulled"] is None


def test_no_annulment_with_the_option_off(table):
    state = table.run(table.start(HANDS, TALON, dealer=0, annulment=False), *THREE)
    assert table.legal(state, 3)[0] == "discard:HQ"
    refused(state, 3, "annul", "Annulment is not played in this room")


def test_a_seat_without_a_discard_step_cannot_annul(table):
    # §5.3 "each player's discard step offers annul": seat 3 declares solo, receives no talon
    # card and has no discard step, so its T1-only hand gives no annulment.
    state = table.run(table.start(HANDS, TALON, dealer=0), "1 pass", "2 pass", "3 bid:solo", "0 pass")
    assert english(annulment_condition(state.hands[3])) == "T1 the only tarokk"
    assert table.legal(state, 3) == []
    refused(state, 3, "annul", "Only a player who received talon cards may annul")


def test_annul_belongs_to_the_discard_step(table):
    state = table.start(HANDS, TALON, dealer=0)
    refused(state, 1, "annul", "You cannot annul the hand now")
    refused(state, 1, "annul:now", "Unknown action 'annul:now'")
