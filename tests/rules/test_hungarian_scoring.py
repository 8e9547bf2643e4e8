"""Scoring as a pure function of an outcome summary (hungarian.md §10), no hand played."""

from __future__ import annotations

import pytest

from games.rules.hungarian.scoring import (
    DECLARER,
    OPPONENTS,
    game_winner,
    score,
    settle,
    settle_hand,
)
from tests.helpers.hungarian import outcome
from tests.rules.english import english


def lines(result):
    return [(i.name, i.side, i.base, i.multiplier, i.amount) for i in result.items]


def test_example_2_silent_bonuses_both_ways():
    # §14 Example 2: two (g = 2), 58 points; opponents won the four kings; the declarer's T1
    # won trick 9. Game +2, four kings −1, pagát ultimó +5: V = +6.
    result = score(outcome(four_kings=OPPONENTS, ultimo=DECLARER))
    assert lines(result) == [
        ("game", DECLARER, 2, 1, 2),
        ("four kings", OPPONENTS, 1, 1, -1),
        ("pagát ultimó", DECLARER, 5, 1, 5),
    ]
    assert result.value == 6 and result.game_winner == DECLARER
    assert settle(result.value, declarer=0, partner=2) == (6, -6, 6, -6)


def test_example_2_the_other_way_round():
    # The same bonuses with the sides swapped, and the opponents win the game 50-44: −6.
    result = score(outcome(card_points=(44, 50), four_kings=DECLARER, ultimo=OPPONENTS))
    assert result.value == -2 + 1 - 5 and result.game_winner == OPPONENTS


def test_declarer_alone_settles_three_times():
    # §10.4: alone, D +3V and each opponent −V.
    assert settle(6, declarer=2, partner=None) == (-6, -6, 18, -6)
    assert settle(-4, declarer=0, partner=None) == (-12, 4, 4, 4)


def test_game_needs_48():
    # §9: 48 wins for the declarer side; 47 loses (the opponents have 47 too).
    assert game_winner(outcome(card_points=(48, 46))) == DECLARER
    assert game_winner(outcome(card_points=(47, 47))) == OPPONENTS
    # House rule: with the game kontra'd, a 47-47 split goes to the declarer's side.
    house = outcome(card_points=(47, 47), game_kontra=1, opponents_need_48_when_kontra=True)
    assert game_winner(house) == DECLARER


def test_silent_double_game_replaces_the_game():
    # §10.2: the double game is scored and the game is not (g = 1): +2, plus the trull +1.
    result = score(outcome(game_value=1, card_points=(75, 19), tricks=(8, 1), trull=DECLARER))
    assert lines(result) == [
        ("trull", DECLARER, 1, 1, 1),
        ("double game", DECLARER, 2, 1, 2),
    ]
    assert result.value == 3


def test_silent_volat_suppresses_game_double_game_trull_and_kings():
    # §10.2: a side that made volát scores only the volát (3g) among these; the pagát
    # ultimó is always scored. g = 3: 9 + 5 = 14.
    result = score(
        outcome(
            game_value=3,
            card_points=(90, 4),
            tricks=(9, 0),
            trull=DECLARER,
            four_kings=DECLARER,
            ultimo=DECLARER,
        )
    )
    assert lines(result) == [
        ("pagát ultimó", DECLARER, 5, 1, 5),
        ("volát", DECLARER, 9, 1, 9),
    ]
    assert result.value == 14


def test_opponents_volat():
    # The opponents take every trick (the declarer keeps only its discard): −3g.
    result = score(outcome(game_value=2, card_points=(3, 91), tricks=(0, 9), trull=OPPONENTS))
    assert lines(result) == [("volát", OPPONENTS, 6, 1, -6)]


def test_silent_failed_ultimo():
    # §10.3 step 3: a T1 played to trick 9 that loses costs its side 5, here the declarer's.
    result = score(outcome(ultimo_lost=DECLARER))
    assert lines(result)[-1] == ("pagát ultimó", DECLARER, 5, 1, -5)
    assert result.value == 2 - 5


def test_doubled_hand():
    # §10.6: every amount ×2: Example 2 doubled is V = 12.
    result = score(outcome(four_kings=OPPONENTS, ultimo=DECLARER, doubled=True))
    assert [(i.multiplier, i.amount) for i in result.items] == [(2, 4), (2, -2), (2, 10)]
    assert result.value == 12
    assert all(english(i.note) == "doubled hand" for i in result.items)


# §10.3 pagat table, multiples of g by the declarer side's result. Columns:
# no trick, ≤ 23, 24–47, 48–70, ≥ 71, all tricks.
COLUMNS = [
    ((4, 90), (0, 9)),
    ((20, 74), (2, 7)),
    ((40, 54), (4, 5)),
    ((60, 34), (6, 3)),
    ((80, 14), (8, 1)),
    ((90, 4), (9, 0)),
]
D_DG, D_VOLAT, O_DG = (DECLARER, "double game"), (DECLARER, "volát"), (OPPONENTS, "double game")
ROWS = [
    ("nothing", {}, [-3, -2, -1, 1, 2, 3]),
    ("double game", {"announced": {D_DG}}, [-7, -6, -5, -4, 4, 7]),
    ("volát", {"announced": {D_VOLAT}}, [-9, -8, -7, -6, -6, 6]),
    ("double game + volát", {"announced": {D_DG, D_VOLAT}}, [-13, -12, -11, -10, -2, 10]),
    ("game kontra'd", {"game_kontra": 1}, [-5, -4, -2, 2, 4, 5]),
    (
        "game kontra'd, opponents announce double game",
        {"game_kontra": 1, "announced": {O_DG}},
        [-9, -6, 2, 6, 8, 9],
    ),
    (
        "double game kontra'd",
        {"announced": {D_DG}, "kontra": ((DECLARER, "double game", 1),)},
        [-11, -10, -9, -8, 8, 11],
    ),
    (
        "double game and game kontra'd",
        {"announced": {D_DG}, "kontra": ((DECLARER, "double game", 1),), "game_kontra": 1},
        [-13, -12, -10, -6, 10, 13],
    ),
]


@pytest.mark.parametrize("name, extra, row", ROWS, ids=[r[0] for r in ROWS])
@pytest.mark.parametrize("g", [1, 3, 4])
def test_the_procedure_reproduces_the_pagat_table(name, extra, row, g):
    extra = dict(extra)
    extra["announced"] = frozenset(extra.get("announced", ()))
    values = [
        score(outcome(game_value=g, card_points=points, tricks=tricks, **extra)).value
        for points, tricks in COLUMNS
    ]
    assert values == [g * v for v in row]


def test_example_3_kontra_chains_declarer_alone():
    # §14 Example 3: three (g = 1); D announced trull, rekontra'd (level 2): +1 × 8;
    # the game kontra'd and lost at 44: −1 × 2. V = +6; alone: D +18, opponents −6 each.
    result = score(
        outcome(
            game_value=1,
            card_points=(44, 50),
            trull=DECLARER,
            announced=frozenset({(DECLARER, "trull")}),
            kontra=((DECLARER, "trull", 2),),
            game_kontra=1,
        )
    )
    assert lines(result) == [("game", OPPONENTS, 1, 2, -2), ("trull", DECLARER, 1, 8, 8)]
    assert result.value == 6
    assert settle(result.value, declarer=1, partner=None) == (-6, 18, -6, -6)


def test_example_4_announced_volat_just_fails():
    # §14 Example 4: one (g = 3), volát announced, 80 points but one trick lost: −(3×3)×2.
    result = score(
        outcome(
            game_value=3,
            card_points=(80, 14),
            tricks=(8, 1),
            announced=frozenset({(DECLARER, "volát")}),
        )
    )
    assert lines(result) == [("volát", DECLARER, 9, 2, -18)]
    assert result.value == -18


def test_example_5_announced_ultimo_forced_out_early():
    # §14 Example 5 (without the tarokk count): game +2, announced ultimó failed −10.
    result = score(outcome(card_points=(50, 44), announced=frozenset({(DECLARER, "pagát ultimó")})))
    assert result.value == -8


@pytest.mark.parametrize(
    "payers, value, payments",
    [
        # §10.5 default: team −8 (D, P −8; O1, O2 +8), then O1 receives 2 from each other
        # player: O1 +8 + 6 = +14, D and P −8 − 2 = −10, O2 +8 − 2 = +6.
        ("each_other_player", -8, (-10, -10, 14, 6)),
        # opposing_team: the 9 tarokks are the opponents' item of 2 in V: −8 − 2 = −10.
        ("opposing_team", -10, (-10, -10, 10, 10)),
    ],
)
def test_example_5_with_nine_tarokks(payers, value, payments):
    # §14 Example 5: D seat 0, P seat 1, O1 seat 2 declared 9 tarokks, O2 seat 3.
    result = score(
        outcome(
            card_points=(50, 44),
            announced=frozenset({(DECLARER, "pagát ultimó")}),
            tarokk_counts=((2, OPPONENTS, 9),),
            tarokk_count_payers=payers,
        )
    )
    assert result.value == value
    assert settle_hand(result, declarer=0, partner=1) == payments
    assert sum(payments) == 0


def test_eight_tarokks_paid_by_each_other_player_even_the_partner():
    # §10.5: the partner (seat 1) of the declarer's 8-tarokk holder (seat 0) pays 1 too.
    # Game +2 for the declarer's side: (2, 2, −2, −2) + (+3, −1, −1, −1).
    result = score(outcome(tarokk_counts=((0, DECLARER, 8),)))
    assert english(result.items[-1].note) == "each other player pays 1 to its holder, who receives 3"
    assert settle_hand(result, declarer=0, partner=1) == (5, 1, -3, -3)
