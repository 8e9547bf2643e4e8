"""Trick play (czech.md §8): following, the red pip orders, the called I on the end, the partner
revealed; whole hands played to their result (§9–§10)."""

from __future__ import annotations

import pytest

from games.rules import AUDIENCE, IllegalAction
from games.rules.czech import Phase
from games.rules.czech.state import evolve
from tests.rules.english import english

# Seat 0 goes prever and keeps the bottom set; trick 1 is four heart pips H1 H2 H3 H4.
HEARTS = [
    "H1 T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12",
    "H2 SK SQ SR SJ S10 S9 S8 S7 CK CQ CR",
    "H3 DK DQ DR DJ D1 D2 D3 D4 CJ C10 C9",
    "H4 T11 T10 T9 T8 T7 T6 T5 T4 T3 T2 T1",
]
HEARTS_TALON = "HK HQ HR HJ C8 C7"
HEARTS_TO_PLAY = (
    "0 prever",
    "0 reject",
    "0 keep",
    "0 discard:HJ",
    "0 discard:C8",
    "0 discard:C7",
    "0 pass",
    "1 pass",
    "2 pass",
    "3 pass",
    "3 pass",  # no I on the end
    "1 pass",  # contra: seats 1, 2, 3 after the prever
    "2 pass",
    "3 pass",
)

# The same, with trick 1 D2 D3 D4 and a player with neither diamonds nor trumps.
DIAMONDS = [
    "D2 T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12",
    "D3 T11 T10 T9 T8 T7 T6 T5 T4 T3 T2 T1",
    "D4 SK SQ SR SJ S10 S9 S8 S7 CK CQ CR",
    "HK HQ HR HJ H1 H2 H3 H4 CJ C10 C9 C8",
]
DIAMONDS_TALON = "DK DQ DR DJ D1 C7"


def diamonds_to_play(iote: bool = False) -> tuple[str, ...]:
    return (
        "0 prever",
        "0 reject",
        "0 keep",
        "0 discard:DJ",
        "0 discard:D1",
        "0 discard:C7",
        "0 pass",
        "1 pass",
        "2 pass",
        "3 pass",
        "1 iote" if iote else "1 pass",
        "1 pass",
        "2 pass",
        "3 pass",
    )


@pytest.mark.parametrize(
    "order, hearts_winner, diamonds_winner",
    [
        ("machtarok", 3, 2),  # 4 > 3 > 2 > 1
        ("ace_high", 0, 2),  # 1 > 4 > 3 > 2
        ("traditional", 0, 0),  # 1 > 2 > 3 > 4
    ],
)
def test_red_pip_orders_decide_tricks(czech_table, order, hearts_winner, diamonds_winner):
    state = czech_table.run(czech_table.start(HEARTS, HEARTS_TALON, red_pip_order=order), *HEARTS_TO_PLAY)
    assert state.phase is Phase.PLAY and state.to_act == {0}
    state = czech_table.run(state, "0 play:H1", "1 play:H2", "2 play:H3", "3 play:H4")
    assert state.tricks[0].winner == hearts_winner
    state = czech_table.run(
        czech_table.start(DIAMONDS, DIAMONDS_TALON, red_pip_order=order), *diamonds_to_play()
    )
    state = czech_table.run(state, "0 play:D2", "1 play:D3", "2 play:D4", "3 play:H4")
    assert state.tricks[0].winner == diamonds_winner
    assert czech_table.view(state, AUDIENCE)["last_trick"]["winner"] == diamonds_winner


def test_hand_display_follows_the_red_pip_order(czech_table):
    hand = "HK H1 H2 H3 H4 SK DK D1 D4 CK T1 T22".split()
    assert czech_table.variant.sort_cards(hand, {}) == "T22 T1 HK H4 H3 H2 H1 SK DK D4 D1 CK".split()
    assert czech_table.variant.sort_cards(hand, {"red_pip_order": "ace_high"}) == (
        "T22 T1 HK H1 H4 H3 H2 SK DK D1 D4 CK".split()
    )
    state = czech_table.start(HEARTS, HEARTS_TALON, red_pip_order="traditional")
    assert czech_table.view(state, 2)["hand"] == "H3 DK DQ DR DJ D1 D2 D3 D4 CJ C10 C9".split()


def test_follow_suit_else_trump_else_anything(czech_table):
    state = czech_table.run(czech_table.start(DIAMONDS, DIAMONDS_TALON), *diamonds_to_play())
    state = czech_table.run(state, "0 play:D2")
    assert czech_table.legal(state, 1) == ["play:D3"]
    with pytest.raises(IllegalAction, match="^You must follow diamonds$"):
        czech_table.run(state, "1 play:T11")
    with pytest.raises(IllegalAction, match="^You do not hold DK$"):
        czech_table.run(state, "1 play:DK")
    state = czech_table.run(state, "1 play:D3", "2 play:D4")
    # Seat 3 has neither diamonds nor trumps: anything goes.
    assert len(czech_table.legal(state, 3)) == 12
    state = czech_table.run(state, "3 play:CJ")
    # Seat 2 (D4, machtarok) won and leads a spade; seat 3 has none and no trump: anything;
    # seat 0 has no spades: it must trump.
    assert state.to_act == {2}
    state = czech_table.run(state, "2 play:SK", "3 play:HK")
    assert czech_table.legal(state, 0) == [f"play:T{n}" for n in range(22, 11, -1)]
    with pytest.raises(IllegalAction, match="^You must play a trump$"):
        czech_table.run(evolve(state, hands=(("T12", "C7"), *state.hands[1:])), "0 play:C7")
    state = czech_table.run(state, "0 play:T12", "1 play:T11")
    assert state.tricks[1].winner == 0
    state = czech_table.run(state, "0 play:T22")
    with pytest.raises(IllegalAction, match="^You must follow with a trump$"):
        czech_table.run(evolve(state, hands=(state.hands[0], ("T2", "HK"), *state.hands[2:])), "1 play:HK")


def test_a_called_i_on_the_end_keeps_t1_for_the_last_trick(czech_table):
    state = czech_table.run(czech_table.start(DIAMONDS, DIAMONDS_TALON), *diamonds_to_play(iote=True))
    assert state.iote == 1
    state = czech_table.run(
        state, "0 play:D2", "1 play:D3", "2 play:D4", "3 play:CJ", "2 play:SK", "3 play:HK"
    )
    state = czech_table.run(state, "0 play:T12")
    assert "play:T1" not in czech_table.legal(state, 1)
    with pytest.raises(IllegalAction, match=r"^You called I on the end: keep the I for the last trick$"):
        czech_table.run(state, "1 play:T1")
    # When T1 is the only legal card, it may go early.
    forced = evolve(state, hands=(state.hands[0], ("T1", "HK"), *state.hands[2:]))
    assert czech_table.legal(forced, 1) == ["play:T1"]
    czech_table.run(forced, "1 play:T1")
    # Without the call there is no restriction.
    free = czech_table.run(czech_table.start(DIAMONDS, DIAMONDS_TALON), *diamonds_to_play())
    free = czech_table.run(free, "0 play:D2", "1 play:D3", "2 play:D4", "3 play:CJ", "2 play:SK", "3 play:HK")
    free = czech_table.run(free, "0 play:T12")
    assert "play:T1" in czech_table.legal(free, 1)


# -- whole hands ------------------------------------------------------------------------------

# Seat 0 has twelve trumps T22..T11: leading them from the top it takes every trick.
VALAT_HANDS = [
    "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11",
    "T10 T9 T8 HK HQ HR HJ H1 SK SQ SR SJ",
    "T7 T6 T5 T4 S10 S9 S8 DK DQ DR DJ D1",
    "T3 T2 T1 D2 D3 CK CQ CR CJ C10 C9 C8",
]
VALAT_TALON = "H2 H3 H4 S7 D4 C7"
PREVER_KEEPS = ("0 prever", "0 keep", "0 discard:H4", "0 discard:H3", "0 discard:H2")


def test_called_valat_by_a_prever_with_contra_and_rhea_contra(czech_table):
    state = czech_table.run(
        czech_table.start(VALAT_HANDS, VALAT_TALON),
        *PREVER_KEEPS,
        "0 valat",
        # No I on the end offer after a valat (option off). Contra after the prever: 1, 2, 3.
        "1 pass",
        "2 contra",
        "0 rhea-contra",
        # Supra-contra: not on X, after the prever: 1, 2, 3.
        "1 pass",
        "2 pass",
        "3 pass",
    )
    assert state.phase is Phase.PLAY and len(state.contra_calls) == 2
    # Money: seat 0 has Taroky (12 trumps): +12, each other −4.
    assert state.money == ((0, "Taroky", 4),)
    state = czech_table.play_out(state)
    result = czech_table.variant.result(state)
    # All 12 tricks to the prever: called valat in a prever game 60, × 4 for two contra calls.
    assert result.card_points == (103, 3)  # the untaken bottom set (3 points) is the opponents'
    assert [(i.name, i.side, i.base, i.multiplier, i.amount) for i in result.items] == [
        ("valat", "declarer", 60, 4, 240),
        ("Taroky", "declarer", 4, 1, 4),
    ]
    assert result.items[1].paid_to == 0
    assert result.value == 240
    assert result.payments == (720 + 12, -244, -244, -244)
    assert (result.contract, result.declarer, result.partner, result.declarer_side) == (
        "prever",
        0,
        None,
        (0,),
    )
    assert result.game_winner == "declarer" and result.reason == "played out" and result.next_dealer == 0
    assert not result.thrown_in


def test_silent_valat_by_a_prever(czech_table):
    state = czech_table.run(
        czech_table.start(VALAT_HANDS, VALAT_TALON),
        *PREVER_KEEPS,
        "0 pass",
        "1 pass",
        "2 pass",
        "3 pass",
        "3 pass",  # the T1 holder does not call I on the end
        "1 pass",
        "2 pass",
        "3 pass",
    )
    result = czech_table.variant.result(czech_table.play_out(state))
    # Uncalled valat in a prever game: 30. The T1 was not in trick 12 (seat 3 had to follow
    # trumps with it earlier), so there is no I on the end line.
    assert [(i.name, i.amount) for i in result.items] == [("valat", 30), ("Taroky", 4)]
    assert result.payments == (90 + 12, -34, -34, -34)


def test_the_partner_is_revealed_when_the_called_card_is_played(czech_table):
    hands = [
        "T19 T18 T17 T22 T5 HK HQ HR HJ H1 H2 H3",
        "T16 T15 T14 T13 T12 SK SQ SR SJ S10 S9 S8",
        "T21 T20 T11 T10 T9 DK DQ DR DJ D1 D2 D3",
        "T8 T7 T6 T4 T3 T2 T1 CK CQ CR CJ C10",
    ]
    state = czech_table.run(
        czech_table.start(hands, "H4 S7 D4 C7 C8 C9"),
        *("0 pass", "1 pass", "2 pass", "3 pass", "1 take", "2 take"),
        *("0 discard:H4", "0 discard:S7", "0 discard:D4", "0 discard:C7", "1 discard:C8", "2 discard:C9"),
        "0 call:T16",
        "0 declare",
        *("0 pass", "1 pass", "2 pass", "3 pass", "3 pass", "2 pass", "3 pass"),
    )
    assert state.phase is Phase.PLAY
    state = czech_table.run(state, "0 play:T22")
    assert czech_table.view(state, 2)["partner"] is None
    state = czech_table.run(state, "1 play:T16")
    for viewer in (0, 2, 3, AUDIENCE):
        view = czech_table.view(state, viewer)
        assert view["partner"] == 1 and view["alone"] is False
        assert view["public_sides"] == ["declarer", "declarer", "opponents", "opponents"]
    assert english(czech_table.view(state, AUDIENCE)["log"][-1]) == {"seat": 1, "text": "is the partner"}
    state = czech_table.play_out(state)
    result = czech_table.variant.result(state)
    assert result.partner == 1 and result.declarer_side == (0, 1) and result.contract == "partner game"
    assert sum(result.card_points) == 106 and sum(result.payments) == 0
    # Two against two: each declaring player +V, each opponent −V (no money cards here).
    v = result.value
    assert result.payments == (v, v, -v, -v)
    assert state.phase is Phase.OVER
    with pytest.raises(IllegalAction, match="^The hand is over$"):
        czech_table.run(state, "0 play:T5")
