"""The auction (slovenian3.md §4): priority, middlehand first, forehand's special turn, the final
call, the contracts' leaders and talon use; the simple auction of §4.3; §14 Example 2.

Dealer 2 throughout: forehand (F) is seat 0, middlehand (M) seat 1, the dealer (Dl) seat 2.
"""

from __future__ import annotations

import pytest

from games.rules import IllegalAction, UnknownAction
from games.rules.slovenian3 import Phase
from tests.rules.english import english

# Any deal will do for the auction: every seat holds taroks.
HANDS = [
    "T22 T21 T20 T19 T18 T17 T16 T15 HK HQ HR HJ SK SQ SR SJ",
    "T14 T13 T12 T11 T10 T9 T8 H1 H2 H3 H4 S10 S9 S8 S7 DK",
    "T7 T6 T5 T4 T3 T2 DQ DR DJ D1 D2 D3 D4 CK CQ CR",
]
TALON = "T1 CJ C10 C9 C8 C7"

ALL_BIDS = [
    "bid:two",
    "bid:one",
    "bid:beggar",
    "bid:solo-without",
    "bid:open-beggar",
    "bid:colour-valat",
    "bid:valat",
]


def test_middlehand_starts_and_may_bid_two_or_higher(slovenian_table):
    state = slovenian_table.start(HANDS, TALON)
    assert state.phase is Phase.AUCTION and state.to_act == {1}
    assert slovenian_table.legal(state, 1) == ["pass", *ALL_BIDS]
    assert slovenian_table.legal(state, 0) == slovenian_table.legal(state, 2) == []


def test_example_2_auction_with_priority(slovenian_table):
    # §14 Example 2: M two; Dl one (cannot match M); F one (may match Dl); M pass (cannot match
    # F); Dl beggar; F pass; Dl's final call: beggar. Dl declares beggar and leads.
    state = slovenian_table.start(HANDS, TALON)
    state = slovenian_table.run(state, "1 bid:two")
    assert slovenian_table.legal(state, 2) == ["pass", *ALL_BIDS[1:]]  # not two: M has priority
    state = slovenian_table.run(state, "2 bid:one")
    assert slovenian_table.legal(state, 0) == ["pass", *ALL_BIDS[1:]]  # one: F has priority over Dl
    state = slovenian_table.run(state, "0 bid:one")
    assert slovenian_table.legal(state, 1) == ["pass", *ALL_BIDS[2:]]  # M cannot match F
    with pytest.raises(IllegalAction, match="^You must bid higher than one$"):
        slovenian_table.run(state, "1 bid:one")
    state = slovenian_table.run(state, "1 pass", "2 bid:beggar")
    assert slovenian_table.legal(state, 0) == ["pass", *ALL_BIDS[2:]]
    state = slovenian_table.run(state, "0 pass")
    # Final call: both others have passed; no pass, beggar or higher.
    assert state.to_act == {2}
    assert slovenian_table.legal(state, 2) == ALL_BIDS[2:]
    with pytest.raises(IllegalAction, match="^You may not pass: keep your contract or name a higher one$"):
        slovenian_table.run(state, "2 pass")
    with pytest.raises(IllegalAction, match="^You must bid beggar or higher$"):
        slovenian_table.run(state, "2 bid:one")
    state = slovenian_table.run(state, "2 bid:beggar")
    assert english(state.contract.name) == "beggar" and state.declarer == 2
    assert [(s, c) for s, c in state.auction.calls] == [
        (1, "bid:two"),
        (2, "bid:one"),
        (0, "bid:one"),
        (1, "pass"),
        (2, "bid:beggar"),
        (0, "pass"),
        (2, "bid:beggar"),
    ]
    # Beggar: no talon; announcements (the declarer first), then the declarer leads.
    assert state.phase is Phase.ANNOUNCE and state.to_act == {2}
    state = slovenian_table.pass_announcements(state)
    assert state.phase is Phase.PLAY and state.trick.leader == 2 and state.to_act == {2}


def test_forehands_special_turn_klop_three_or_higher_and_no_pass(slovenian_table):
    state = slovenian_table.run(slovenian_table.start(HANDS, TALON), "1 pass", "2 pass")
    assert state.to_act == {0}
    assert slovenian_table.legal(state, 0) == ["bid:klop", "bid:three", *ALL_BIDS]
    with pytest.raises(IllegalAction, match="^You may not pass: choose klop, three or a higher contract$"):
        slovenian_table.run(state, "0 pass")
    # The choice is final: three with forehand as declarer, straight to the talon.
    three = slovenian_table.run(state, "0 bid:three")
    assert english(three.contract.name) == "three" and three.declarer == 0 and three.phase is Phase.TALON
    # Klop: no declarer; no announcements without kontra_on_klop; forehand leads.
    klop = slovenian_table.run(state, "0 bid:klop")
    assert english(klop.contract.name) == "klop" and klop.declarer is None
    assert klop.phase is Phase.PLAY and klop.trick.leader == 0
    assert english(klop.log)[-1] == (None, "Klop: everyone plays for themselves")


def test_klop_and_three_cannot_be_bid_otherwise(slovenian_table):
    state = slovenian_table.start(HANDS, TALON)
    for action in ("1 bid:three", "1 bid:klop"):
        with pytest.raises(IllegalAction, match="^Klop and three may only be chosen by forehand after"):
            slovenian_table.run(state, action)
    with pytest.raises(UnknownAction, match="^Unknown contract 'solo'$"):
        slovenian_table.run(state, "1 bid:solo")
    # Forehand with middlehand still in: a normal turn, pass allowed, no klop or three.
    state = slovenian_table.run(state, "1 bid:two", "2 pass")
    assert slovenian_table.legal(state, 0) == ["pass", *ALL_BIDS]  # two: F has priority over M


def test_a_pass_is_final_and_passed_players_are_skipped(slovenian_table):
    state = slovenian_table.run(slovenian_table.start(HANDS, TALON), "1 pass", "2 bid:two", "0 bid:two")
    # M passed: the turn goes from F to Dl, who must go higher than F's two.
    assert state.to_act == {2}
    assert slovenian_table.legal(state, 2) == ["pass", *ALL_BIDS[1:]]
    state = slovenian_table.run(state, "2 bid:valat")
    # F may hold valat (priority), the highest contract: then Dl's only call is pass.
    assert slovenian_table.legal(state, 0) == ["pass", "bid:valat"]
    state = slovenian_table.run(state, "0 bid:valat")
    assert slovenian_table.legal(state, 2) == ["pass"]
    state = slovenian_table.run(state, "2 pass")
    assert slovenian_table.legal(state, 0) == ["bid:valat"]  # F's final call
    state = slovenian_table.run(state, "0 bid:valat")
    assert (english(state.contract.name), state.declarer) == ("valat", 0)


def test_the_final_call_may_raise(slovenian_table):
    state = slovenian_table.run(slovenian_table.start(HANDS, TALON), "1 bid:two", "2 pass", "0 pass")
    assert slovenian_table.legal(state, 1) == ALL_BIDS  # repeat two, or higher
    state = slovenian_table.run(state, "1 bid:solo-without")
    assert (english(state.contract.name), state.declarer) == ("solo without", 1)
    assert english(state.log)[-2:] == ((1, "bids solo without"), (1, "is declarer: solo without"))


@pytest.mark.parametrize(
    "contract, phase, leader",
    [
        ("two", Phase.TALON, None),
        ("one", Phase.TALON, None),
        ("beggar", Phase.ANNOUNCE, 1),
        ("solo-without", Phase.ANNOUNCE, 1),
        ("open-beggar", Phase.ANNOUNCE, 1),
        ("colour-valat", Phase.ANNOUNCE, 1),
        ("valat", Phase.ANNOUNCE, 1),
    ],
)
def test_each_contract_goes_to_its_talon_use_and_leader(slovenian_table, contract, phase, leader):
    # §4.1: three/two/one take talon cards and forehand leads; the others use no talon and the
    # declarer (here M, seat 1) leads.
    state = slovenian_table.run(slovenian_table.start(HANDS, TALON), f"1 bid:{contract}", "2 pass", "0 pass")
    state = slovenian_table.run(state, f"1 bid:{contract}")
    assert state.phase is phase
    if leader is not None:
        state = slovenian_table.pass_announcements(state)
        assert state.trick.leader == leader


def test_simple_auction_forehand_opens_with_three(slovenian_table):
    # §4.3: only klop, three, two, one; forehand opens with three; strictly higher bids.
    state = slovenian_table.start(HANDS, TALON, auction_style="simple")
    assert state.to_act == {0}
    assert slovenian_table.legal(state, 0) == ["bid:three"]
    with pytest.raises(IllegalAction, match="^Forehand opens the bidding with three$"):
        slovenian_table.run(state, "0 pass")
    state = slovenian_table.run(state, "0 bid:three")
    assert state.to_act == {1}
    assert slovenian_table.legal(state, 1) == ["pass", "bid:two", "bid:one"]
    with pytest.raises(IllegalAction, match="^Only three, two and one are bid at this table$"):
        slovenian_table.run(state, "1 bid:beggar")
    state = slovenian_table.run(state, "1 bid:two")
    assert slovenian_table.legal(state, 2) == ["pass", "bid:one"]  # no equal bids
    with pytest.raises(IllegalAction, match="^You must bid higher than two$"):
        slovenian_table.run(state, "2 bid:two")
    state = slovenian_table.run(state, "2 pass", "0 pass")
    # Two players passed: M keeps two or raises it, no pass.
    assert slovenian_table.legal(state, 1) == ["bid:two", "bid:one"]
    state = slovenian_table.run(state, "1 bid:two")
    assert (english(state.contract.name), state.declarer, state.phase) == ("two", 1, Phase.TALON)


def test_simple_auction_the_opener_at_three_may_pass_into_klop(slovenian_table):
    state = slovenian_table.start(HANDS, TALON, auction_style="simple")
    state = slovenian_table.run(state, "0 bid:three", "1 pass", "2 pass")
    assert slovenian_table.legal(state, 0) == ["pass", "bid:three", "bid:two", "bid:one"]
    klop = slovenian_table.run(state, "0 pass")
    assert english(klop.contract.name) == "klop" and klop.declarer is None and klop.phase is Phase.PLAY
    three = slovenian_table.run(state, "0 bid:three")
    assert (english(three.contract.name), three.declarer) == ("three", 0)


def test_simple_auction_a_raised_contract_has_no_pass_at_the_final_call(slovenian_table):
    state = slovenian_table.start(HANDS, TALON, auction_style="simple")
    state = slovenian_table.run(state, "0 bid:three", "1 pass", "2 bid:one", "0 pass")
    assert slovenian_table.legal(state, 2) == ["bid:one"]
    with pytest.raises(IllegalAction, match="^You may not pass: keep your contract or name a higher one$"):
        slovenian_table.run(state, "2 pass")
    with pytest.raises(
        IllegalAction, match="^Klop is not bid: it is played when the opener passes at three$"
    ):
        slovenian_table.run(state, "2 bid:klop")


def test_out_of_turn_and_malformed_calls_are_refused(slovenian_table):
    state = slovenian_table.start(HANDS, TALON)
    with pytest.raises(IllegalAction, match="^It is not your turn$"):
        slovenian_table.run(state, "0 bid:two")
    with pytest.raises(UnknownAction, match="^Unknown action 'bid'$"):
        slovenian_table.run(state, "1 bid")
    with pytest.raises(IllegalAction, match="^You cannot play a card now$"):
        slovenian_table.run(state, "1 play:T14")
    with pytest.raises(IllegalAction, match="^There is no seat 3$"):
        slovenian_table.variant.apply(state, 3, "pass")
