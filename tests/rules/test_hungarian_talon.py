"""Talon distribution (hungarian.md §5.1, §14 Example 1) and discards (§5.2)."""

from __future__ import annotations

import pytest

from games.rules import ActionError, IllegalAction
from games.rules.hungarian import HUNGARIAN, Phase
from games.rules.hungarian.talon import talon_shares

# Dealer 0, forehand seat 1. Talon top first: T6 T2 H1 S10 DR CJ.
HANDS = [
    "T22 T20 T15 T12 T8 HK HQ SJ D1",
    "T21 T19 T14 T11 T5 SK SQ DJ C10",
    "T18 T13 T10 T7 T3 HR DK DQ CK",
    "T1 T17 T16 T9 T4 HJ SR CQ CR",
]
TALON = "T6 T2 H1 S10 DR CJ"

# Seat 3 becomes declarer with each contract (seats 1, 2 and 0 pass around its bid). Seat 3
# reaches two and one by the sole bidder's raise: jumping there would be an invitation (§4.4)
# promising T19 or T18, which it does not hold.
WIN_WITH = {
    "three": ["1 pass", "2 pass", "3 bid:three", "0 pass", "3 keep"],
    "two": ["1 pass", "2 pass", "3 bid:three", "0 pass", "3 raise:two"],
    "one": ["1 pass", "2 pass", "3 bid:three", "0 pass", "3 raise:one"],
    "solo": ["1 pass", "2 pass", "3 bid:solo", "0 pass"],
}


def test_shares_of_the_other_three():
    # §5.1: the players nearest after the declarer receive the extra cards.
    assert [talon_shares(k) for k in (3, 2, 1, 0)] == [(1, 1, 1), (2, 1, 1), (2, 2, 1), (2, 2, 2)]


@pytest.mark.parametrize(
    "contract, received",
    [
        # §5.1 table, declarer seat 3, then seats 0, 1, 2 (received cards in display order).
        ("three", [["S10"], ["DR"], ["CJ"], ["T6", "T2", "H1"]]),
        ("two", [["H1", "S10"], ["DR"], ["CJ"], ["T6", "T2"]]),  # §14 Example 1
        ("one", [["T2", "H1"], ["S10", "DR"], ["CJ"], ["T6"]]),
        ("solo", [["T6", "T2"], ["H1", "S10"], ["DR", "CJ"], []]),
    ],
)
def test_talon_distribution(table, contract, received):
    state = table.run(table.start(HANDS, TALON, dealer=0), *WIN_WITH[contract])
    assert state.phase is Phase.DISCARD and state.contract.name == contract
    assert [list(r) for r in state.talon_received] == received
    for seat in range(4):
        assert len(state.hands[seat]) == 9 + len(received[seat])
        assert set(received[seat]) <= set(state.hands[seat])
    # A player who received nothing does not discard (the solo declarer).
    assert HUNGARIAN.to_act(state) == {s for s in range(4) if received[s]}


@pytest.fixture
def after_two(table):
    """§14 Example 1: seat 3 declares two; seat 0 holds T22 T20 T15 T12 T8 HK HQ H1 SJ S10 D1."""
    return table.run(table.start(HANDS, TALON, dealer=0), *WIN_WITH["two"])


@pytest.mark.parametrize(
    "action, message",
    [
        ("discard:HK,SJ", "Kings may not be discarded"),
        ("discard:T22,SJ", "Honours (Skíz, XXI and Pagát) may not be discarded"),
        ("discard:SJ", "You must discard exactly 2 cards"),
        ("discard:SJ,S10,D1", "You must discard exactly 2 cards"),
        ("discard:", "You must discard exactly 2 cards"),
        ("discard:SJ,CK", "You do not hold CK"),
        ("discard:SJ,SJ", "You listed SJ twice"),
        ("discard:SJ,ZZ", "Unknown card 'ZZ'"),
    ],
)
def test_discard_restrictions(after_two, action, message):
    # §5.2: exactly as many as received; never kings or honours; only own cards.
    with pytest.raises(ActionError) as error:
        HUNGARIAN.apply(after_two, 0, action)
    assert str(error.value) == message


def test_the_xx_may_be_discarded_by_default(after_two):
    # §5.2 / option allow_discard_xx (default true).
    state = HUNGARIAN.apply(after_two, 0, "discard:T20,SJ")
    assert state.discards[0] == ("T20", "SJ")
    assert "discard:T20,T15" in HUNGARIAN.legal_actions(after_two, 0)


def test_the_xx_may_not_be_discarded_under_the_competition_rule(table):
    # allow_discard_xx = false: T20 is kept.
    state = table.run(table.start(HANDS, TALON, dealer=0, allow_discard_xx=False), *WIN_WITH["two"])
    with pytest.raises(IllegalAction, match=r"^The XX may not be discarded in this room$"):
        HUNGARIAN.apply(state, 0, "discard:T20,SJ")
    assert not any("T20" in a for a in HUNGARIAN.legal_actions(state, 0))


def test_legal_discards_are_every_allowed_set_in_display_order(after_two):
    # Seat 1 received DR: anything but T21 and SK, one card each.
    assert HUNGARIAN.legal_actions(after_two, 1) == [
        "discard:T19",
        "discard:T14",
        "discard:T11",
        "discard:T5",
        "discard:SQ",
        "discard:DR",
        "discard:DJ",
        "discard:C10",
    ]
    # Seat 0: 11 cards, of which T22, HK are kept: C(9, 2) = 36 pairs, the first ones:
    legal = HUNGARIAN.legal_actions(after_two, 0)
    assert len(legal) == 36
    assert legal[:3] == ["discard:T20,T15", "discard:T20,T12", "discard:T20,T8"]


def test_discards_are_simultaneous_and_in_any_order(table, after_two):
    assert HUNGARIAN.to_act(after_two) == {0, 1, 2, 3}
    state = HUNGARIAN.apply(after_two, 0, "discard:S10,H1")  # any order is accepted
    assert state.discards[0] == ("H1", "S10")
    assert state.hands[0] == ("T22", "T20", "T15", "T12", "T8", "HK", "HQ", "SJ", "D1")
    assert HUNGARIAN.to_act(state) == {1, 2, 3}
    assert HUNGARIAN.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction, match="^You have discarded already$"):
        HUNGARIAN.apply(state, 0, "discard:SJ,D1")
    state = table.run(state, "2 discard:CJ", "3 discard:T9,T4", "1 discard:DR")
    # §5.2: all have discarded: the declarer calls a partner.
    assert state.phase is Phase.CALL and HUNGARIAN.to_act(state) == {3}


def test_the_solo_declarer_does_not_discard(table):
    state = table.run(table.start(HANDS, TALON, dealer=0), *WIN_WITH["solo"])
    with pytest.raises(IllegalAction, match="^You have no cards to discard$"):
        HUNGARIAN.apply(state, 3, "discard:T9")
