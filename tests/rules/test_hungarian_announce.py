"""Announcements (hungarian.md §7), the pagát ultimó obligation (§8) and their scoring (§10),
from written-out deals; §14 Examples 3 and 5 played through the engine end to end."""

from __future__ import annotations

import pytest

from games.rules import AUDIENCE, IllegalAction
from games.rules.hungarian import HUNGARIAN, Phase
from games.rules.hungarian.state import evolve
from tests.rules.english import english

BONUSES = [
    "announce:trull",
    "announce:four-kings",
    "announce:ultimo",
    "announce:xxi-catch",
    "announce:double-game",
    "announce:volat",
]

# §14 Example 5. Dealer 3, forehand 0. Seat 0 declares two (invitations off: the opening
# two promises nothing) and calls T20: seat 1 holds it and T1 and is the partner. Seat 2
# holds nine tarokks. Talon: seat 0 takes HR S10, seat 1 CQ T21, seat 2 T6, seat 3 DK.
EX5_HANDS = [
    "T22 T14 T12 T11 HQ HJ H1 DR DJ",
    "T20 T7 T1 SQ SR SJ D1 CR CJ",
    "T19 T18 T17 T16 T15 T10 T9 T8 T4",
    "T13 T5 T3 T2 HK SK DQ CK C10",
]
EX5_TALON = "HR S10 CQ T21 T6 DK"
EX5_TO_ANNOUNCE = [
    "0 bid:two",
    "1 pass",
    "2 pass",
    "3 pass",
    "0 discard:T12,DJ",
    "1 discard:D1,CJ",
    "2 discard:T9",
    "3 discard:T3",
    "0 call:T20",
]
EX5_ANNOUNCE = [
    "0 announce:ultimo",
    "0 pass",
    "1 pass",
    "2 announce:9-tarokks",
    "2 pass",
    "3 pass",
    "0 pass",
    "1 pass",
]
EX5_TRICKS = [
    ["0 play:T22", "1 play:T7", "2 play:T19", "3 play:T13"],  # seat 0: 5 + 1 + 1 + 1 = 8
    ["0 play:H1", "1 play:T21", "2 play:T16", "3 play:HK"],  # seat 1: 1 + 5 + 1 + 5 = 12
    ["1 play:CR", "2 play:T6", "3 play:CK", "0 play:T11"],  # seat 0: 3 + 1 + 5 + 1 = 10
    ["0 play:DR", "1 play:T20", "2 play:T4", "3 play:DK"],  # seat 1: 3 + 1 + 1 + 5 = 10
    ["1 play:CQ", "2 play:T8", "3 play:C10", "0 play:T14"],  # seat 0: 4 + 1 + 1 + 1 = 7
    ["0 play:HJ", "1 play:T1", "2 play:T15", "3 play:T5"],  # seat 2: 2 + 5 + 1 + 1 = 9; T1 forced out
    ["2 play:T10", "3 play:T2", "0 play:S10", "1 play:SJ"],  # seat 2: 1 + 1 + 1 + 2 = 5
    ["2 play:T18", "3 play:SK", "0 play:HQ", "1 play:SR"],  # seat 2: 1 + 5 + 4 + 3 = 13
    ["2 play:T17", "3 play:DQ", "0 play:HR", "1 play:SQ"],  # seat 2: 1 + 4 + 3 + 4 = 12
]
EX5_PLAY = [step for trick in EX5_TRICKS for step in trick]

# §14 Example 3. Dealer 3, forehand 0. Seat 0 bids three alone, keeps it, takes T10 SR C10
# and calls its own T20: it plays alone. Seat 1 gets T2, seat 2 HK, seat 3 T5.
EX3_HANDS = [
    "T22 T21 T20 T14 T4 HJ S10 DQ CR",
    "T19 T18 T15 T7 HQ H1 DK DR DJ",
    "T16 T13 T11 T8 T6 HR SK SQ CJ",
    "T17 T12 T9 T3 T1 SJ D1 CK CQ",
]
EX3_TALON = "T10 SR C10 T2 HK T5"
EX3_TO_CALL = [
    "0 bid:three",
    "1 pass",
    "2 pass",
    "3 pass",
    "0 keep",
    "0 discard:HJ,DQ,C10",
    "1 discard:T15",
    "2 discard:CJ",
    "3 discard:CQ",
]
EX3_ANNOUNCE = [
    "0 call:T20",
    "0 announce:trull",
    "0 pass",
    "1 kontra:game",
    "1 kontra:trull",
    "1 pass",
    "2 pass",
    "3 pass",
    "0 rekontra:trull",
    "0 pass",
    "1 pass",
    "2 pass",
    "3 pass",
]
EX3_TRICKS = [
    ["0 play:T4", "1 play:T2", "2 play:T16", "3 play:T5"],  # seat 2
    ["2 play:SK", "3 play:SJ", "0 play:SR", "1 play:T19"],  # seat 1
    ["1 play:HQ", "2 play:HR", "3 play:T17", "0 play:T21"],  # seat 0 wins the XXI
    ["0 play:T14", "1 play:T18", "2 play:T13", "3 play:T12"],  # seat 1
    ["1 play:DJ", "2 play:T11", "3 play:D1", "0 play:T10"],  # seat 2
    ["2 play:T8", "3 play:T1", "0 play:T22", "1 play:T7"],  # seat 0 wins the skíz and the pagát
    ["0 play:CR", "1 play:H1", "2 play:T6", "3 play:CK"],  # seat 2
    ["2 play:HK", "3 play:T9", "0 play:T20", "1 play:DK"],  # seat 0
    ["0 play:S10", "1 play:DR", "2 play:SQ", "3 play:T3"],  # seat 3
]
EX3_PLAY = [step for trick in EX3_TRICKS for step in trick]


def refused(state, seat, action, message):
    with pytest.raises(IllegalAction) as caught:
        HUNGARIAN.apply(state, seat, action)
    assert str(caught.value) == message


@pytest.fixture
def ex5(table):
    """Example 5's deal at the declarer's first announcement turn (partner 1, opponents 2, 3)."""
    return table.run(table.start(EX5_HANDS, EX5_TALON, dealer=3, invitations=False), *EX5_TO_ANNOUNCE)


def items(state):
    return HUNGARIAN.observe(state, AUDIENCE)["items"]


# --- §7.1 turns and the end of the phase -------------------------------------------------


def test_a_turn_takes_several_calls_and_ends_with_pass(table, ex5):
    # §7.1: the declarer keeps the turn until it passes.
    state = table.run(ex5, "0 announce:trull", "0 announce:four-kings")
    assert HUNGARIAN.to_act(state) == {0}
    state = table.run(state, "0 pass")
    assert HUNGARIAN.to_act(state) == {1}
    assert state.announce_turns == ((0, ("announce:trull", "announce:four-kings")),)


def test_a_call_restarts_the_count_of_three_passes(table, ex5):
    # §7.1: every player has had a turn and the last three turns had no call.
    state = table.run(ex5, "0 pass", "1 pass", "2 pass", "3 kontra:game", "3 pass", "0 pass", "1 pass")
    assert state.phase is Phase.ANNOUNCE and HUNGARIAN.to_act(state) == {2}
    state = table.run(state, "2 pass")
    assert state.phase is Phase.PLAY and HUNGARIAN.to_act(state) == {0}


def test_the_phase_needs_every_player_to_have_had_a_turn(table, ex5):
    # The declarer's call, then passes by seats 1 and 2: seat 3 has not had a turn yet.
    state = table.run(ex5, "0 announce:trull", "0 pass", "1 pass", "2 pass")
    assert state.phase is Phase.ANNOUNCE
    state = table.run(state, "3 pass")
    assert state.phase is Phase.PLAY


# --- §7.4 side presumption ---------------------------------------------------------------


def test_with_nothing_said_an_opponent_must_kontra_the_game_before_announcing(table, ex5):
    state = table.run(ex5, "0 pass", "1 pass")
    # Seat 2 (opponent, nine tarokks): presumed the declarer's side, so no bonus yet.
    assert table.legal(state, 2) == ["pass", "announce:9-tarokks", "kontra:game"]
    refused(
        state,
        2,
        "announce:trull",
        "You would be taken for the declarer's side: first make a kontra call only your side may make",
    )
    state = table.run(state, "2 kontra:game")
    assert table.legal(state, 2) == ["pass", "announce:9-tarokks", *BONUSES]
    state = table.run(state, "2 announce:trull")
    assert items(state)[1] == {"item": "trull", "side": "opponents", "seat": 2, "level": 0, "name": None}


def test_a_partner_presumed_correctly_may_announce_at_once(table, ex5):
    # Seat 1 (partner, side not public): presumed the declarer's side, which is its own.
    state = table.run(ex5, "0 pass")
    assert table.legal(state, 1) == ["pass", *BONUSES]
    state = table.run(state, "1 announce:xxi-catch", "1 pass")
    view = HUNGARIAN.observe(state, AUDIENCE)
    assert view["public_sides"] == ["declarer", "declarer", None, None]
    assert view["partner"] is None  # the partner stays hidden until T20 is played


def test_after_a_kontra_the_partner_must_answer_before_announcing(table, ex5):
    # The last caller was an opponent, so seat 1 would be presumed an opponent.
    state = table.run(ex5, "0 pass", "1 pass", "2 kontra:game", "2 pass", "3 pass", "0 pass")
    assert table.legal(state, 1) == ["pass", "rekontra:game"]
    refused(
        state,
        1,
        "announce:trull",
        "You would be taken for the opponents' side: first make a kontra call only your side may make",
    )
    state = table.run(state, "1 rekontra:game", "1 announce:trull")
    assert [(i["item"], i["side"], i["level"]) for i in items(state)] == [
        ("game", "declarer", 2),
        ("trull", "declarer", 0),
    ]


# --- §7.2.3 the kontra chain --------------------------------------------------------------


def test_kontra_levels_go_one_at_a_time_by_alternating_sides(table, ex5):
    refused(ex5, 0, "kontra:game", "Only the opponents may say kontra on the game")
    refused(ex5, 0, "rekontra:game", "Rekontra on the game needs kontra first")
    refused(ex5, 0, "kontra:trull", "The other side has not announced trull")
    refused(ex5, 0, "rekontra:trull", "Your side has not announced trull")
    state = table.run(ex5, "0 announce:trull", "0 pass", "1 pass")
    assert table.legal(state, 2) == ["pass", "announce:9-tarokks", "kontra:game", "kontra:trull"]
    refused(state, 2, "rekontra:game", "Only the declarer's side may say rekontra on the game")
    refused(state, 2, "szubkontra:game", "Szubkontra on the game needs rekontra first")
    state = table.run(state, "2 kontra:game", "2 kontra:trull")
    refused(state, 2, "kontra:game", "The game is at kontra already")
    state = table.run(state, "2 pass", "3 pass")
    assert table.legal(state, 0) == ["pass", *BONUSES[1:], "rekontra:game", "rekontra:trull"]
    state = table.run(state, "0 rekontra:game", "0 pass", "1 pass")
    state = table.run(state, "2 szubkontra:game", "2 pass", "3 pass", "0 hirskontra:game")
    # Default max_kontra_level 4: hirskontra is the top.
    state = table.run(state, "0 pass", "1 pass")
    assert "mordkontra:game" not in table.legal(state, 2)
    refused(state, 2, "mordkontra:game", "This table plays no higher than hirskontra")
    assert english(items(state)[0]) == {
        "item": "game",
        "side": "declarer",
        "seat": None,
        "level": 4,
        "name": "hirskontra",
    }


def test_mordkontra_only_with_five_levels_and_max_level_one(table):
    five = table.run(
        table.start(EX5_HANDS, EX5_TALON, dealer=3, invitations=False, max_kontra_level=5), *EX5_TO_ANNOUNCE
    )
    five = table.run(five, "0 pass", "1 pass", "2 kontra:game", "2 pass", "3 pass", "0 rekontra:game")
    five = table.run(five, "0 pass", "1 pass", "2 szubkontra:game", "2 pass", "3 pass", "0 hirskontra:game")
    five = table.run(five, "0 pass", "1 pass")
    assert table.legal(five, 2) == ["pass", "announce:9-tarokks", *BONUSES, "mordkontra:game"]
    one = table.run(
        table.start(EX5_HANDS, EX5_TALON, dealer=3, invitations=False, max_kontra_level=1), *EX5_TO_ANNOUNCE
    )
    one = table.run(one, "0 pass", "1 pass", "2 kontra:game", "2 pass", "3 pass")
    assert table.legal(one, 0) == ["pass", *BONUSES]
    refused(one, 0, "rekontra:game", "This table plays no higher than kontra")


# --- §7.2.2 and §7.3 bonuses and restrictions ----------------------------------------------


def test_each_side_announces_a_bonus_once_and_both_sides_may(table, ex5):
    state = table.run(ex5, "0 announce:trull", "0 pass")
    refused(state, 1, "announce:trull", "Your side has announced trull already")
    state = table.run(state, "1 pass", "2 kontra:game", "2 announce:trull")
    assert [(i["item"], i["side"], i["seat"]) for i in items(state)] == [
        ("game", "declarer", None),
        ("trull", "declarer", 0),
        ("trull", "opponents", 2),
    ]


def test_double_game_and_volat_not_by_one_player_in_one_turn(table, ex5):
    state = table.run(ex5, "0 announce:volat")
    assert table.legal(state, 0) == ["pass", *BONUSES[:4]]
    refused(state, 0, "announce:double-game", "You may not announce double game and volát in the same turn")
    state = table.run(table.run(ex5, "0 announce:double-game"), "0 pass")
    # The other order in different turns is allowed: the partner announces volát.
    state = table.run(state, "1 announce:volat")
    assert [i["item"] for i in items(state)] == ["game", "double-game", "volat"]


def test_after_volat_the_side_may_not_announce_double_game(table, ex5):
    state = table.run(ex5, "0 announce:volat", "0 pass")
    assert table.legal(state, 1) == ["pass", *BONUSES[:4]]
    refused(
        state,
        1,
        "announce:double-game",
        "Your side has announced volát: it may not announce double game any more",
    )


# --- §7.2.1 tarokk counts -------------------------------------------------------------------


def test_tarokk_count_exact_and_once(table, ex5):
    state = table.run(ex5, "0 pass", "1 pass")
    refused(state, 2, "announce:8-tarokks", "You do not hold exactly 8 tarokks")
    refused(state, 0, "pass", "It is not your turn")
    state = table.run(state, "2 announce:9-tarokks")
    refused(state, 2, "announce:9-tarokks", "You have declared your tarokks already")
    # A count says nothing about sides: seat 2 is still not public and must kontra first.
    assert table.legal(state, 2) == ["pass", "kontra:game"]
    assert HUNGARIAN.observe(state, AUDIENCE)["public_sides"] == ["declarer", None, None, None]
    assert HUNGARIAN.observe(state, AUDIENCE)["tarokk_counts"] == [{"seat": 2, "count": 9}]


def test_tarokk_count_compulsory_with_ultimo(table, ex5):
    # §7.2.1: seat 2 holds nine tarokks and announces pagát ultimó: the count comes with it.
    state = table.run(ex5, "0 pass", "1 pass", "2 kontra:game", "2 announce:ultimo")
    assert state.announcing.turn == ("kontra:game", "announce:ultimo", "announce:9-tarokks")
    assert english(state.log[-1]) == (2, "declares 9 tarokks (compulsory with pagát ultimó)")
    assert "announce:9-tarokks" not in table.legal(state, 2)


def test_tarokk_count_compulsory_when_kontra_ing_an_opposing_ultimo(table, ex5):
    state = table.run(ex5, "0 announce:ultimo", "0 pass", "1 pass", "2 kontra:ultimo")
    assert state.announcing.turn == ("kontra:ultimo", "announce:9-tarokks")
    assert state.announcing.tarokk_counts == ((2, 9),)


# --- §7.3 the inviter's pagát ultimó --------------------------------------------------------


def test_an_inviter_whose_only_honour_is_the_pagat_must_announce_ultimo(table):
    # Example 3's deal with T1 moved to seat 1; the auction (another module) left seat 1's
    # T19 promise binding the declarer, which calls it: seat 1 is the partner.
    hands = list(EX3_HANDS)
    hands[1] = "T19 T18 T15 T1 HQ H1 DK DR DJ"
    hands[3] = "T17 T12 T9 T7 T3 SJ D1 CK CQ"
    state = table.run(table.start(hands, EX3_TALON, dealer=3), *EX3_TO_CALL)
    state = evolve(state, promise=(1, "T19"))
    state = table.run(state, "0 call:T19", "0 pass")
    assert HUNGARIAN.observe(state, AUDIENCE)["public_sides"] == ["declarer", "declarer", None, None]
    assert table.legal(state, 1) == ["announce:ultimo"]
    message = "You promised T19 with the pagát as your only honour: announce pagát ultimó first"
    refused(state, 1, "pass", message)
    refused(state, 1, "announce:trull", message)
    state = table.run(state, "1 announce:ultimo")
    assert table.legal(state, 1) == ["pass", *BONUSES[:2], *BONUSES[3:]]


# --- §8 the pagát ultimó obligation in play --------------------------------------------------


def test_an_announced_pagat_waits_for_the_last_trick(table, ex5):
    state = table.run(ex5, *EX5_ANNOUNCE, "0 play:T22")
    # Seat 1 holds T21 T20 T7 T1; its side announced the ultimó: no T1 in trick 1.
    assert table.legal(state, 1) == ["play:T21", "play:T20", "play:T7"]
    refused(state, 1, "play:T1", "Your side announced pagát ultimó: keep the pagát for the last trick")
    # Trick 6: hearts led, seat 1 has no heart and T1 is its only tarokk: it must play it.
    state = table.run(ex5, *EX5_ANNOUNCE, *EX5_PLAY[:21])
    assert table.legal(state, 1) == ["play:T1"]


def test_without_the_announcement_the_pagat_may_fall_any_time(table, ex5):
    state = table.run(ex5, "0 pass", "1 pass", "2 pass", "3 pass", "0 play:T22")
    assert table.legal(state, 1) == ["play:T21", "play:T20", "play:T7", "play:T1"]


# --- §14 Examples 3 and 5 end to end ----------------------------------------------------------


def test_example_3_kontra_chains_declarer_alone_end_to_end(table):
    state = table.run(table.start(EX3_HANDS, EX3_TALON, dealer=3), *EX3_TO_CALL, *EX3_ANNOUNCE)
    assert state.phase is Phase.PLAY and state.alone
    view = HUNGARIAN.observe(state, AUDIENCE)
    assert english(view["items"]) == [
        {"item": "game", "side": "declarer", "seat": None, "level": 1, "name": "kontra"},
        {"item": "trull", "side": "declarer", "seat": 0, "level": 2, "name": "rekontra"},
    ]
    assert view["announce_turns"][:5] == [
        {"seat": 0, "calls": ["announce:trull"]},
        {"seat": 1, "calls": ["kontra:game", "kontra:trull"]},
        {"seat": 2, "calls": []},
        {"seat": 3, "calls": []},
        {"seat": 0, "calls": ["rekontra:trull"]},
    ]
    state = table.run(state, *EX3_PLAY)
    result = HUNGARIAN.result(state)
    # D's tricks 3, 6, 8 (T21 HQ HR T17: 5+4+3+1; T8 T1 T22 T7: 1+5+5+1; HK T9 T20 DK:
    # 5+1+1+5) = 13 + 12 + 12 = 37, plus its discard HJ DQ C10 (2+4+1) = 44.
    assert result.card_points == (44, 50)
    # Trull rekontra'd: +1 × (2 × 2²) = +8; game kontra'd, lost: −1 × 2¹ = −2; V = +6.
    assert [(i.name, i.side, i.base, i.multiplier, i.amount) for i in result.items] == [
        ("game", "opponents", 1, 2, -2),
        ("trull", "declarer", 1, 8, 8),
    ]
    assert result.value == 6
    assert result.payments == (18, -6, -6, -6)  # alone: 3 × 6


@pytest.mark.parametrize(
    "payers, value, payments",
    [
        # Team −8 each way, then seat 2 receives 2 from each other player: +6, others −2.
        ("each_other_player", -8, (-10, -10, 14, 6)),
        # 9 tarokks for the opponents added to V: −8 − 2 = −10.
        ("opposing_team", -10, (-10, -10, 10, 10)),
    ],
)
def test_example_5_ultimo_forced_out_and_nine_tarokks_end_to_end(table, payers, value, payments):
    state = table.start(EX5_HANDS, EX5_TALON, dealer=3, invitations=False, tarokk_count_payers=payers)
    state = table.run(state, *EX5_TO_ANNOUNCE, *EX5_ANNOUNCE, *EX5_PLAY)
    result = HUNGARIAN.result(state)
    # D's side wins tricks 1-5: 8 + 12 + 10 + 10 + 7 = 47, plus D's discard T12 DJ (1 + 2) = 50.
    assert result.card_points == (50, 44) and result.partner == 1
    lines = [(i.name, i.side, i.base, i.multiplier, i.amount, i.paid_to) for i in result.items]
    assert lines[:2] == [
        ("game", "declarer", 2, 1, 2, None),  # g = 2
        ("pagát ultimó", "declarer", 5, 2, -10, None),  # announced and failed: −5 × 2
    ]
    if payers == "each_other_player":
        assert lines[2] == ("9 tarokks", "opponents", 2, 1, 2, 2)
    else:
        assert lines[2] == ("9 tarokks", "opponents", 2, 1, -2, None)
    assert result.value == value
    assert result.payments == payments


def test_doubled_hand_doubles_the_tarokk_count(table):
    # §10.6: Example 5 doubled: V = −16; the count 2 × 2 = 4 from each other player.
    state = table.start(EX5_HANDS, EX5_TALON, dealer=3, doubled=True, invitations=False)
    result = HUNGARIAN.result(table.run(state, *EX5_TO_ANNOUNCE, *EX5_ANNOUNCE, *EX5_PLAY))
    assert result.value == -16
    assert result.payments == (-16 - 4, -16 - 4, 16 + 12, 16 - 4)


# --- §13 nothing hidden leaks through the announcements --------------------------------------


def test_views_of_the_announcements_hide_the_partner(table, ex5):
    state = table.run(ex5, "0 announce:ultimo", "0 pass", "1 pass", "2 kontra:game")
    for viewer in (0, 2, 3, AUDIENCE):
        view = HUNGARIAN.observe(state, viewer)
        assert (view["partner"], view["alone"]) == (None, None)
        assert view["public_sides"] == ["declarer", None, "opponents", None]
        assert view["presumed_side"] == "opponents"
        assert view["announce_turn"] == {"seat": 2, "calls": ["kontra:game"]}
        assert view["announcements"] == [
            {"seat": 0, "call": "announce:ultimo"},
            {"seat": 1, "call": "pass"},
            {"seat": 2, "call": "kontra:game"},
        ]
