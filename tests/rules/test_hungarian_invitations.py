"""Invitations and the yielded game (hungarian.md §4.4) and what they bind: the forced partner
call (§6 rule 1) and the promised card kept from the discard (§5.2)."""

from __future__ import annotations

import pytest

from games.rules import AUDIENCE, IllegalAction
from games.rules.hungarian import HUNGARIAN, Phase
from tests.rules.english import english

# Honours: seat 0 T22 (and T20: it may yield), seat 1 T21 (and T19), seat 2 T1 (and T18),
# seat 3 none. Talon top first.
HANDS = [
    "T22 T20 T15 T12 T8 HK HQ SJ D1",
    "T21 T19 T14 T11 T5 SK SQ DJ C10",
    "T1 T18 T13 T10 T7 HR DK DQ CK",
    "T17 T16 T9 T4 T3 HJ SR CQ CR",
]
TALON = "T6 T2 H1 S10 DR CJ"
# Dealer 0: the auction goes 1, 2, 3, 0. Dealer 3: 0, 1, 2, 3.


def refused(state, seat, action, message):
    with pytest.raises(IllegalAction) as error:
        HUNGARIAN.apply(state, seat, action)
    assert str(error.value) == message


def test_opening_two_promises_t19_and_binds_the_declarer(table):
    # §4.4: three is the next available bid; two skips it: an invitation promising T19.
    # Seat 1 holds T19 but not T18, so it may not open one (that would promise T18).
    state = table.start(HANDS, TALON, dealer=0)
    assert table.legal(state, 1) == ["pass", "bid:three", "bid:two", "bid:solo"]
    state = table.run(state, "1 bid:two")
    assert state.auction.promise == (1, "T19")
    assert english(state.log)[-1] == (1, "bids two: an invitation, promising T19")
    # Seat 2 accepts with one (no jump); seat 1 does not hold it; seat 2 declares one.
    state = table.run(state, "2 bid:one", "3 pass", "0 pass", "1 pass")
    assert (state.declarer, state.contract.name, state.promise) == (2, "one", (1, "T19"))
    assert (1, "promised T19: the declarer must call it") in english(state.log)
    assert HUNGARIAN.observe(state, AUDIENCE)["promise"] == {"seat": 1, "card": "T19"}
    # §5.2: seat 1 (received CJ) may not discard the promised T19.
    assert table.legal(state, 1) == [
        "discard:T14",
        "discard:T11",
        "discard:T5",
        "discard:SQ",
        "discard:DJ",
        "discard:CJ",
        "discard:C10",
    ]
    refused(state, 1, "discard:T19", "You promised T19 in the auction: it may not be discarded")
    state = table.run(state, "1 discard:CJ", "2 discard:HR", "3 discard:HJ,SR", "0 discard:SJ,S10")
    # §6 rule 1: the declarer must call the promised card, even without the XX.
    assert state.phase is Phase.CALL and table.legal(state, 2) == ["call:T19"]
    refused(state, 2, "call:T20", "You must call T19: it was promised to you in the auction")
    state = table.run(state, "2 call:T19")
    assert (state.called_card, state.partner) == ("T19", 1)


def test_opening_one_promises_t18(table):
    # §4.4: one skips two levels above three: T18. Seat 2 holds T18, not T19: no opening two.
    state = table.run(table.start(HANDS, TALON, dealer=0), "1 pass")
    assert table.legal(state, 2) == ["pass", "bid:three", "bid:one", "bid:solo"]
    state = table.run(state, "2 bid:one")
    assert state.auction.promise == (2, "T18")
    assert english(state.log)[-1] == (2, "bids one: an invitation, promising T18")


def test_after_three_one_promises_t19_and_solo_t18(table):
    # §4.4 counted from the next available bid (two): one skips one level (T19), solo two (T18).
    # (§4.4's example "three then solo promises T19" contradicts this rule; see auction.py.)
    state = table.run(table.start(HANDS, TALON, dealer=3), "0 bid:three")
    assert table.legal(state, 1) == ["pass", "bid:two", "bid:one"]  # seat 1: T19, no T18
    one = table.run(state, "1 bid:one")
    assert one.auction.promise == (1, "T19")
    refused(
        state, 1, "bid:solo", "Bidding solo here is an invitation that promises T18, which you do not hold"
    )
    state = table.start(HANDS, TALON, dealer=0)
    state = table.run(state, "1 bid:three")
    assert table.legal(state, 2) == ["pass", "bid:two", "bid:solo"]  # seat 2: T18, no T19
    solo = table.run(state, "2 bid:solo")
    assert solo.auction.promise == (2, "T18")


def test_a_jump_without_the_promised_card_is_refused(table):
    # §4.4: only the holder of the promised card may make the inviting jump.
    state = table.start(HANDS, TALON, dealer=3)
    assert table.legal(state, 0) == ["pass", "bid:three", "bid:solo"]
    refused(state, 0, "bid:two", "Bidding two here is an invitation that promises T19, which you do not hold")
    refused(state, 0, "bid:one", "Bidding one here is an invitation that promises T18, which you do not hold")
    assert state == table.start(HANDS, TALON, dealer=3)


def test_opening_solo_is_no_invitation(table):
    # §4.4: opening solo skips three levels.
    state = table.run(table.start(HANDS, TALON, dealer=3), "0 bid:solo")
    assert state.auction.promise is None and english(state.log)[-1] == (0, "bids solo")


def test_only_the_first_jump_is_an_invitation(table):
    # §4.4: after seat 1's T19 invitation, seat 2's jump to solo (one is next) means nothing,
    # so seat 2 may make it without T19; the declarer seat 2 must still call seat 1's T19.
    state = table.run(table.start(HANDS, TALON, dealer=0), "1 bid:two")
    assert table.legal(state, 2) == ["pass", "bid:one", "bid:solo"]
    state = table.run(state, "2 bid:solo", "3 pass", "0 pass")
    assert english(state.log)[-1] == (0, "passes") and (2, "bids solo") in english(state.log)
    assert table.legal(state, 1) == ["pass", "hold"]
    state = table.run(state, "1 pass")
    assert (state.declarer, state.contract.name, state.promise) == (2, "solo", (1, "T19"))
    state = table.run(state, "3 discard:T4,T3", "0 discard:SJ,S10", "1 discard:DJ,CJ")
    assert table.legal(state, 2) == ["call:T19"]


def test_the_fourth_player_after_three_passes_never_invites(table):
    # §4.4: seat 0 speaks after three passes: its jump to two promises nothing.
    state = table.run(table.start(HANDS, TALON, dealer=0), "1 pass", "2 pass", "3 pass")
    assert table.legal(state, 0) == ["pass", "bid:three", "bid:two", "bid:one", "bid:solo"]
    state = table.run(state, "0 bid:two")
    assert (state.declarer, state.promise, state.auction.promise) == (0, None, None)
    assert (0, "bids two") in english(state.log)


def test_an_invitation_made_by_the_declarer_has_no_effect(table):
    # §4.4: nobody took up seat 1's invitation: seat 1 declares two and §6 rule 2 applies.
    state = table.run(table.start(HANDS, TALON, dealer=0), "1 bid:two", "2 pass", "3 pass", "0 pass")
    assert (state.declarer, state.auction.promise, state.promise) == (1, (1, "T19"), None)
    assert HUNGARIAN.observe(state, AUDIENCE)["promise"] is None
    assert "discard:T19,T14" in table.legal(state, 1)  # nothing promised to anyone
    state = table.run(state, "1 discard:T19,T14", "2 discard:HR,DQ", "3 discard:HJ", "0 discard:SJ")
    assert table.legal(state, 1) == ["call:T20"]


def test_the_yield_promises_t20_and_binds_the_declarer(table):
    # §4.4: seat 0 bid three, seat 1 bid two, seats 2 and 3 passed: seat 0's pass yields.
    # Seat 0 holds T20 and T22, so it may pass; its solo would be a T19 jump it cannot make.
    state = table.start(HANDS, TALON, dealer=3)
    state = table.run(state, "0 bid:three", "1 bid:two", "2 pass", "3 pass")
    assert table.legal(state, 0) == ["pass", "bid:one", "hold"]
    state = table.run(state, "0 pass")
    assert (0, "passes: yields the game, promising T20 and a high honour") in english(state.log)
    assert (state.declarer, state.contract.name, state.promise) == (1, "two", (0, "T20"))
    # §5.2: the yielder (received CJ) keeps T20 although the room allows discarding the XX.
    assert "discard:T20" not in table.legal(state, 0)
    refused(state, 0, "discard:T20", "You promised T20 in the auction: it may not be discarded")
    state = table.run(state, "0 discard:CJ", "1 discard:T6,T2", "2 discard:HR,DQ", "3 discard:HJ")
    assert table.legal(state, 1) == ["call:T20"]
    assert table.run(state, "1 call:T20").partner == 0


def test_no_yield_without_t20_and_a_high_honour(table):
    # §4.4: seat 1 bid three, seat 2 two, seats 3 and 0 passed; seat 1 lacks T20: it must hold
    # or raise (its solo is a T19 jump, which it can make).
    state = table.start(HANDS, TALON, dealer=0)
    state = table.run(state, "1 bid:three", "2 bid:two", "3 pass", "0 pass")
    assert table.legal(state, 1) == ["bid:one", "bid:solo", "hold"]
    refused(
        state, 1, "pass", "Passing here yields the game and promises T20 and Skíz or XXI: hold or bid higher"
    )
    assert table.run(state, "1 hold").auction.held


def test_with_invitations_off_jumps_and_passes_mean_nothing(table):
    # §4.4 invitations = off: any bid with an honour, a free pass, and the §6 rule 2 call.
    state = table.start(HANDS, TALON, dealer=0, invitations=False)
    assert table.legal(state, 1) == ["pass", "bid:three", "bid:two", "bid:one", "bid:solo"]
    state = table.run(state, "1 bid:three", "2 bid:two", "3 pass", "0 pass")
    assert table.legal(state, 1) == ["pass", "bid:one", "bid:solo", "hold"]
    state = table.run(state, "1 pass")
    assert (state.declarer, state.promise, state.auction.promise) == (2, None, None)
    state = table.run(state, "2 discard:HR,DQ", "3 discard:HJ,SR", "0 discard:SJ", "1 discard:T19")
    assert table.legal(state, 2) == ["call:T20"]
