"""Partner call (hungarian.md §6), trick play (§8), card points (§9) and a scored hand (§10)."""

from __future__ import annotations

import pytest

from games.rules import IllegalAction
from games.rules.base import ScoredItem
from games.rules.hungarian import HUNGARIAN, Phase
from tests.helpers.hungarian import ANNOUNCE, AUCTION, DISCARDS, HANDS, PLAY, TALON, TRICKS
from tests.rules.english import english


@pytest.fixture
def to_call(table):
    return table.run(table.start(HANDS, TALON, dealer=3), *AUCTION, *DISCARDS)


def test_without_the_xx_the_declarer_must_call_it(table):
    # §6 rule 2: seat 3 declares two without T20 (dealer 0, Example 1's deal).
    hands = [
        "T22 T20 T15 T12 T8 HK HQ SJ D1",
        "T21 T19 T14 T11 T5 SK SQ DJ C10",
        "T18 T13 T10 T7 T3 HR DK DQ CK",
        "T1 T17 T16 T9 T4 HJ SR CQ CR",
    ]
    state = table.start(hands, "T6 T2 H1 S10 DR CJ", dealer=0)
    state = table.run(state, "1 pass", "2 pass", "3 bid:three", "0 pass", "3 raise:two")
    state = table.run(state, "0 discard:SJ,S10", "1 discard:DR", "2 discard:CJ", "3 discard:T9,T4")
    assert state.phase is Phase.CALL and table.legal(state, 3) == ["call:T20"]
    with pytest.raises(IllegalAction, match="^You must call T20$"):
        HUNGARIAN.apply(state, 3, "call:T19")
    state = table.run(state, "3 call:T20")
    assert (state.partner, state.alone) == (0, False)


def test_the_xx_in_another_discard_leaves_the_declarer_alone(table):
    # §6: seat 0 discarded the T20 that seat 3 must call: nobody holds it, seat 3 is alone.
    hands = [
        "T22 T20 T15 T12 T8 HK HQ SJ D1",
        "T21 T19 T14 T11 T5 SK SQ DJ C10",
        "T18 T13 T10 T7 T3 HR DK DQ CK",
        "T1 T17 T16 T9 T4 HJ SR CQ CR",
    ]
    state = table.start(hands, "T6 T2 H1 S10 DR CJ", dealer=0)
    state = table.run(state, "1 pass", "2 pass", "3 bid:three", "0 pass", "3 raise:two")
    state = table.run(state, "0 discard:T20,SJ", "1 discard:DR", "2 discard:CJ", "3 discard:T9,T4")
    state = table.run(state, "3 call:T20")
    assert (state.partner, state.alone) == (None, True)
    # §6: only the server and the discarder know; not even the declarer.
    seen = [(v["partner"], v["alone"]) for v in (HUNGARIAN.observe(state, s) for s in range(4))]
    assert seen == [(None, True), (None, None), (None, None), (None, None)]


def test_holding_the_xx_the_declarer_may_call_it_or_the_next_missing_tarokk(table, to_call):
    # §6 rule 3: seat 0 holds T20, T19 and T18: it calls T20 (alone) or T17.
    assert table.legal(to_call, 0) == ["call:T20", "call:T17"]
    with pytest.raises(IllegalAction, match="^You must call T20 or T17$"):
        HUNGARIAN.apply(to_call, 0, "call:T19")
    alone = table.run(to_call, "0 call:T20")
    assert (alone.called_card, alone.partner, alone.alone) == ("T20", None, True)
    partnered = table.run(to_call, "0 call:T17")
    assert (partnered.called_card, partnered.partner, partnered.alone) == ("T17", 1, False)
    assert partnered.phase is Phase.ANNOUNCE and HUNGARIAN.to_act(partnered) == {0}


def test_a_tarokk_in_the_own_discard_is_skipped_by_the_call(table):
    # §6 rule 3: "neither in their hand nor in their own discard": T18 discarded, so T17.
    state = table.run(table.start(HANDS, TALON, dealer=3), *AUCTION)
    state = table.run(state, "0 discard:T18,CR", *DISCARDS[1:])
    assert table.legal(state, 0) == ["call:T20", "call:T17"]


BONUS_ANNOUNCEMENTS = [
    "announce:trull",
    "announce:four-kings",
    "announce:ultimo",
    "announce:xxi-catch",
    "announce:double-game",
    "announce:volat",
]


def test_four_passes_from_the_declarer_end_the_announcements(table, to_call):
    # §7.1: the declarer starts; after four passes forehand leads. §7.4: with nothing said,
    # the declarer's side (seat 0, and seat 1 holding the called T17) may announce; the
    # opponents (seats 2, 3) must kontra the game first.
    state = table.run(to_call, "0 call:T17")
    expected = {
        0: ["pass", *BONUS_ANNOUNCEMENTS],
        1: ["pass", *BONUS_ANNOUNCEMENTS],
        2: ["pass", "kontra:game"],
        3: ["pass", "kontra:game"],
    }
    for seat in (0, 1, 2, 3):
        assert table.legal(state, seat) == expected[seat]
        state = table.run(state, f"{seat} pass")
    assert state.phase is Phase.PLAY and HUNGARIAN.to_act(state) == {0}


@pytest.fixture
def playing(table, to_call):
    return table.run(to_call, "0 call:T17", *ANNOUNCE)


def test_follow_suit(table, playing):
    # §8: hearts led, seat 1 holds HQ: it must follow hearts.
    state = table.run(playing, "0 play:HK")
    assert table.legal(state, 1) == ["play:HQ"]
    with pytest.raises(IllegalAction, match="^You must follow hearts$"):
        HUNGARIAN.apply(state, 1, "play:T5")
    with pytest.raises(IllegalAction, match="^You do not hold HJ$"):
        HUNGARIAN.apply(state, 1, "play:HJ")


def test_void_in_the_suit_led_must_trump(table, playing):
    # §8: seat 3 discarded its only spade (SR): spades led, it must play a tarokk.
    state = table.run(playing, *TRICKS[0], "0 play:SJ", "1 play:SK", "2 play:SQ")
    assert table.legal(state, 3) == ["play:T13", "play:T11", "play:T10", "play:T7", "play:T4"]
    with pytest.raises(IllegalAction, match="^You must play a tarokk$"):
        HUNGARIAN.apply(state, 3, "play:D1")


def test_a_tarokk_lead_is_followed_with_a_tarokk(table, playing):
    state = table.run(playing, *TRICKS[0], *TRICKS[1], *TRICKS[2], "2 play:T6")
    assert table.legal(state, 3) == ["play:T13", "play:T11", "play:T10", "play:T7"]
    with pytest.raises(IllegalAction, match="^You must follow with a tarokk$"):
        HUNGARIAN.apply(state, 3, "play:CJ")


def test_without_the_suit_or_tarokks_any_card(table, playing):
    state = table.run(playing, *PLAY[:-1])
    assert table.legal(state, 3) == ["play:D1"]  # seat 3 has only D1 left: no tarokk


def test_trick_winners_and_turns(table, playing):
    # §8: highest tarokk, else highest of the suit led; the winner leads the next trick.
    state = playing
    winners = []
    for trick in TRICKS:
        state = table.run(state, *trick)
        winners.append(state.tricks[-1].winner)
        if state.phase is Phase.PLAY:
            assert HUNGARIAN.to_act(state) == {winners[-1]}
    assert winners == [0, 3, 2, 3, 0, 0, 0, 0, 1]
    assert [len(hand) for hand in state.hands] == [0, 0, 0, 0]


def test_partner_game_scored(table, playing):
    # §9: declarer side = tricks of seats 0 and 1 (14+12+8+4+4+12 = 54) + seat 0's discard
    # CR C10 (4) = 58; opponents = 12+14+4 + discards T2 H1, S10, SR (6) = 36; 94 in all.
    # §10.3: game +g = +2; trull (T22 in trick 6, T21 and T1 in trick 9, all won by the
    # declarer side) +1; seat 2's T1 lost trick 9 unannounced: −σ(O)×5 = +5. V = 8.
    state = table.run(playing, *PLAY)
    result = HUNGARIAN.result(state)
    assert HUNGARIAN.is_over(state) and not result.thrown_in
    assert (result.contract, result.declarer, result.partner) == ("two", 0, 1)
    assert result.declarer_side == (0, 1)
    assert result.card_points == (58, 36) and sum(result.card_points) == 94
    assert result.game_winner == "declarer"
    assert english(result.items) == (
        ScoredItem("game", "declarer", 2, 1, 2),
        ScoredItem("trull", "declarer", 1, 1, 1),
        ScoredItem("pagát ultimó", "opponents", 5, 1, 5, note="failed (silent)"),
    )
    assert result.value == 8
    assert result.payments == (8, 8, -8, -8)  # §10.4: D +V, P +V, opponents −V


def test_declarer_alone_is_paid_three_times(table, to_call):
    # Same play, seat 0 calls its own T20: alone. Declarer side = seat 0's tricks
    # (14+12+8+4+4 = 42) + discard 4 = 46 < 48: the opponents win the game, −2.
    # Trull split (trick 9 is the opponents'); seat 2's T1 lost trick 9: +5. V = 3.
    state = table.run(to_call, "0 call:T20", *ANNOUNCE, *PLAY)
    result = HUNGARIAN.result(state)
    assert (result.partner, result.declarer_side, result.card_points) == (None, (0,), (46, 48))
    assert result.game_winner == "opponents"
    assert [(i.name, i.amount) for i in result.items] == [("game", -2), ("pagát ultimó", 5)]
    assert result.value == 3
    assert result.payments == (9, -3, -3, -3)  # §10.4: alone +3V, each opponent −V


def test_a_doubled_hand_doubles_every_amount(table):
    # §10.6: within a doubling period every amount ×2: 2×2 + 1×2 + 5×2 = 16.
    state = table.start(HANDS, TALON, dealer=3, doubled=True)
    state = table.run(state, *AUCTION, *DISCARDS, "0 call:T17", *ANNOUNCE, *PLAY)
    result = HUNGARIAN.result(state)
    assert [(i.name, i.base, i.multiplier, i.amount) for i in result.items] == [
        ("game", 2, 2, 4),
        ("trull", 1, 2, 2),
        ("pagát ultimó", 5, 2, 10),
    ]
    assert result.value == 16 and result.payments == (16, 16, -16, -16)


def test_the_log_names_public_things_only(table, playing):
    # Each entry is (seat the text is about, text); pages put the seat's name in front.
    state = table.run(playing, *PLAY)
    entries = list(english(state.log))
    assert entries[:6] == [
        (0, "bids two: an invitation, promising T19"),  # §4.4; void, seat 0 declares
        (1, "passes"),
        (2, "passes"),
        (3, "passes"),
        (0, "wins the auction with two"),
        (0, "received 2 talon cards"),
    ]
    assert (0, "discarded 2 cards") in entries
    assert (1, "discarded 1 tarokk") in entries  # the count is public, not the card
    assert (1, "is the partner") in entries  # T17 played in trick 7
    assert entries[-1] == (None, "Declarer side 58 card points, opponents 36; V = +8")
