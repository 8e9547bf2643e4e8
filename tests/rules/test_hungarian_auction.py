"""Hungarian deal and auction (hungarian.md §3, §4.1–4.3, §4.5)."""

from __future__ import annotations

import random

import pytest

from games.rules import ActionError, Deal, HandContext, IllegalAction
from games.rules.cards import pack_42
from games.rules.hungarian import HUNGARIAN, Phase
from games.rules.hungarian.deal import deal_from_order
from tests.helpers.hungarian import AUCTION_HANDS as HANDS
from tests.helpers.hungarian import AUCTION_TALON as TALON

# The tests of §4.2's mechanics below turn invitations off: with them on, some of their jumps
# would promise a card the bidder lacks (§4.4; see test_hungarian_invitations.py).
PLAIN = {"invitations": False}


def test_deal_follows_section_3_from_a_known_order():
    # §3: talon = top 6; then 5 each from forehand = next(dealer); then 4 each.
    order = list(pack_42())
    deal = deal_from_order(order, dealer=2)
    assert deal.talon == tuple(order[:6])
    assert deal.hands[3] == tuple(order[6:11] + order[26:30])  # forehand
    assert deal.hands[0] == tuple(order[11:16] + order[30:34])
    assert deal.hands[1] == tuple(order[16:21] + order[34:38])
    assert deal.hands[2] == tuple(order[21:26] + order[38:42])  # the dealer, last


def test_random_deal_uses_the_whole_pack_and_the_seeded_rng():
    deal = HUNGARIAN.deal(random.Random(7), 4, {}, dealer=1)
    cards = [c for hand in deal.hands for c in hand] + list(deal.talon)
    assert sorted(cards) == sorted(pack_42())
    assert [len(h) for h in deal.hands] == [9, 9, 9, 9] and len(deal.talon) == 6
    assert HUNGARIAN.deal(random.Random(7), 4, {}, dealer=1) == deal


def test_a_malformed_deal_is_refused():
    bad = Deal(hands=tuple(tuple(h.split()) for h in HANDS[:3]) + (("T1",) * 9,), talon=())
    with pytest.raises(ValueError, match="each card of the 42-card pack once|9 cards per seat"):
        HUNGARIAN.new_hand(bad, HandContext())


def test_forehand_opens_with_every_bid(table):
    # §4.2: the auction starts with forehand = next(dealer); a player with an honour may bid.
    state = table.start(HANDS, TALON, dealer=0, **PLAIN)
    assert state.phase is Phase.AUCTION and HUNGARIAN.to_act(state) == {1}
    assert table.legal(state, 1) == ["pass", "bid:three", "bid:two", "bid:one", "bid:solo"]
    assert table.legal(state, 2) == []  # not seat 2's turn
    # §4.4 with invitations on: opening one would promise T18, which seat 1 lacks (it has T19).
    state = table.start(HANDS, TALON, dealer=0)
    assert table.legal(state, 1) == ["pass", "bid:three", "bid:two", "bid:solo"]


def test_bidding_needs_an_honour(table):
    # §4.2: no honour, no bid (seat 2 holds none): only pass.
    state = table.run(table.start(HANDS, TALON), "1 bid:three")
    assert table.legal(state, 2) == ["pass"]
    with pytest.raises(IllegalAction, match=r"^You need an honour \(Skíz, XXI or Pagát\) to bid$"):
        HUNGARIAN.apply(state, 2, "bid:two")


def test_a_bid_must_be_higher(table):
    state = table.run(table.start(HANDS, TALON), "1 bid:two", "2 pass")
    assert table.legal(state, 3) == ["pass", "bid:one", "bid:solo"]
    with pytest.raises(IllegalAction, match="^You must bid higher than two$"):
        HUNGARIAN.apply(state, 3, "bid:three")


def test_hold_needs_an_own_earlier_bid(table):
    # §4.2 (a): seat 0 has not bid, so it cannot hold seat 1's three.
    state = table.run(table.start(HANDS, TALON, **PLAIN), "1 bid:three", "2 pass", "3 pass")
    assert table.legal(state, 0) == ["pass", "bid:two", "bid:one", "bid:solo"]
    with pytest.raises(IllegalAction, match="^You may only hold after you have bid$"):
        HUNGARIAN.apply(state, 0, "hold")


def test_hold_only_a_level_reached_by_a_bid(table):
    # §4.2 (b): seat 1 may hold seat 3's bid of two; seat 3 may then not hold the held two.
    state = table.run(table.start(HANDS, TALON, **PLAIN), "1 bid:three", "2 pass", "3 bid:two", "0 pass")
    assert table.legal(state, 1) == ["pass", "bid:one", "bid:solo", "hold"]
    state = table.run(state, "1 hold")
    assert table.legal(state, 3) == ["pass", "bid:one", "bid:solo"]
    with pytest.raises(IllegalAction, match="^Two has been held already: bid higher or pass$"):
        HUNGARIAN.apply(state, 3, "hold")
    # §4.3: three passes and seat 1 has bid: seat 1 declares two; two bidders, no raise step.
    state = table.run(state, "3 pass")
    assert (state.declarer, state.contract.name, state.phase) == (1, "two", Phase.DISCARD)


def test_after_solo_only_hold_or_pass(table):
    # §4.2: after a solo bid the others may only hold (if eligible) or pass.
    state = table.run(table.start(HANDS, TALON, **PLAIN), "1 bid:three", "2 pass", "3 bid:solo")
    assert table.legal(state, 0) == ["pass"]
    state = table.run(state, "0 pass")
    assert table.legal(state, 1) == ["pass", "hold"]
    state = table.run(state, "1 hold")
    assert table.legal(state, 3) == ["pass"]
    with pytest.raises(IllegalAction, match="^Nobody can bid higher than solo: hold or pass$"):
        HUNGARIAN.apply(state, 3, "bid:solo")
    state = table.run(state, "3 pass")
    assert (state.declarer, state.contract.name) == (1, "solo")
    assert [c for _, c in state.auction.calls] == [
        "bid:three",
        "pass",
        "bid:solo",
        "pass",
        "hold",
        "pass",
    ]


def test_passed_players_are_skipped(table):
    # §4.2: a pass is final; the turn goes round the players still in the auction.
    state = table.run(table.start(HANDS, TALON), "1 bid:three", "2 pass", "3 bid:two", "0 pass")
    assert HUNGARIAN.to_act(state) == {1}
    state = table.run(state, "1 bid:one")
    assert HUNGARIAN.to_act(state) == {3}  # seats 2 and 0 have passed
    with pytest.raises(IllegalAction, match="^It is not your turn$"):
        HUNGARIAN.apply(state, 2, "pass")


def test_sole_bidder_of_three_may_raise(table):
    # §4.3: the declarer was the only bidder and bid three: one raise step is offered.
    state = table.run(table.start(HANDS, TALON), "1 bid:three", "2 pass", "3 pass", "0 pass")
    assert state.phase is Phase.RAISE and HUNGARIAN.to_act(state) == {1}
    assert table.legal(state, 1) == ["keep", "raise:two", "raise:one", "raise:solo"]
    with pytest.raises(IllegalAction, match="^You may only raise to two, one or solo$"):
        HUNGARIAN.apply(state, 1, "raise:three")
    raised = table.run(state, "1 raise:one")
    assert (raised.contract.name, raised.phase) == ("one", Phase.DISCARD)
    assert raised.auction.calls[-1] == (1, "raise:one")
    kept = table.run(state, "1 keep")
    assert (kept.contract.name, kept.phase) == ("three", Phase.DISCARD)


def test_no_raise_when_the_only_bid_was_two(table):
    # §4.3: the raise is only for a lone bid of three.
    state = table.run(table.start(HANDS, TALON), "1 bid:two", "2 pass", "3 pass", "0 pass")
    assert (state.phase, state.contract.name, state.declarer) == (Phase.DISCARD, "two", 1)


def test_no_raise_when_someone_else_bid(table):
    state = table.start(HANDS, TALON)
    state = table.run(state, "1 bid:three", "2 pass", "3 bid:two", "0 pass", "1 bid:one", "3 pass")
    assert (state.phase, state.contract.name, state.declarer) == (Phase.DISCARD, "one", 1)


def test_fourth_player_may_bid_after_three_passes(table):
    # §4.3: the auction ends only once the fourth player has bid (here seat 0, after 1, 2, 3).
    state = table.run(table.start(HANDS, TALON), "1 pass", "2 pass", "3 pass")
    assert state.phase is Phase.AUCTION and HUNGARIAN.to_act(state) == {0}
    state = table.run(state, "0 bid:two")
    assert (state.phase, state.declarer, state.contract.name) == (Phase.DISCARD, 0, "two")


def test_all_four_pass_throws_the_hand_in(table):
    # §4.5: nobody bid: no score, thrown in.
    state = table.run(table.start(HANDS, TALON), "1 pass", "2 pass", "3 pass", "0 pass")
    assert HUNGARIAN.is_over(state) and HUNGARIAN.to_act(state) == frozenset()
    result = HUNGARIAN.result(state)
    assert result.thrown_in and result.payments == (0, 0, 0, 0)
    assert (result.contract, result.declarer, result.reason) == (None, None, "all passed")
    with pytest.raises(IllegalAction, match="^The hand is over$"):
        HUNGARIAN.apply(state, 1, "pass")


def test_malformed_and_misplaced_actions(table):
    state = table.start(HANDS, TALON)
    for action, message in [
        ("foo", "Unknown action 'foo'"),
        ("bid:seven", "Unknown action 'bid:seven'"),
        ("bid", "Unknown action 'bid'"),
        ("pass:now", "Unknown action 'pass:now'"),
        ("play:T21", "You cannot play a card now"),
        ("discard:T5", "You cannot discard now"),
        ("keep", "You cannot keep the bid now"),
    ]:
        with pytest.raises(ActionError) as error:  # illegal or unknown
            HUNGARIAN.apply(state, 1, action)
        assert str(error.value) == message
    with pytest.raises(IllegalAction, match="^There is no seat 4$"):
        HUNGARIAN.apply(state, 4, "pass")
    assert state == table.start(HANDS, TALON)  # a refused action changes nothing
