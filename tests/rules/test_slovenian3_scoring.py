"""Scoring (slovenian3.md §9–§10) as a pure function of an outcome summary, every contract and
every bonus with its arithmetic; §14 Examples 1, 3, 4, 5 and 6 (Example 6 also played through
the engine)."""

from __future__ import annotations

import pytest

from games.rules.cards import points_in_threes
from games.rules.slovenian3.scoring import Outcome, score


def lines(outcome: Outcome) -> list[tuple[str, str, int, int, int]]:
    return [(i.name, i.side, i.base, i.multiplier, i.amount) for i in score(outcome).items]


def three_two_one(contract: str = "three", value: int = 10, points: int = 40, **kw) -> Outcome:
    tricks = kw.pop("tricks", 8)
    return Outcome(
        contract=contract,
        value=value,
        declarer=0,
        declarer_points=points,
        declarer_tricks=tricks,
        opponent_tricks=16 - tricks,
        **kw,
    )


def test_example_1_counting_in_threes():
    # 5 + 5 + 4 + 3 + 2 + 1 + 1 + 1 + 1 + 1 = 24; ten cards: three threes (−6), one left (−1): 17.
    assert points_in_threes("T22 HK SQ CR DJ T8 T13 H3 C9 S7".split()) == 17


@pytest.mark.parametrize("rounded, expected", [(True, 70), (False, 74)])
def test_example_3_two_kontra_on_the_game_silent_trula(rounded, expected):
    # Two (20), kontra on the game, 47 card points, the declarer won the trula silently.
    # round_to_5 on: diff = R(12) = 10; (20 + 10) × 2 = 60; trula +10: 70. Off: (20 + 12) × 2 + 10 = 74.
    outcome = three_two_one("two", 20, 47, trula="declarer", levels=(("game", 1),), round_to_5=rounded)
    diff = 10 if rounded else 12
    assert lines(outcome) == [
        ("game", "declarer", 20, 2, 40),
        ("difference", "declarer", diff, 2, 2 * diff),
        ("trula", "declarer", 10, 1, 10),
    ]
    scored = score(outcome)
    assert scored.value == expected and scored.payments == (expected, 0, 0)
    assert scored.game_winner == "declarer" and scored.won


@pytest.mark.parametrize(
    "penalty, rounded, expected",
    [(20, True, -50), (21, True, -51), (20, False, -52)],
)
def test_example_4_one_lost_with_the_mond_captured(penalty, rounded, expected):
    # One (30), 33 card points: diff = R(−2) = 0 → game −30; the mond penalty −20 → −50.
    # mond_penalty 21: −51; round_to_5 off: −30 − 2 − 20 = −52.
    outcome = three_two_one(
        "one", 30, 33, mond_lost=(0, "T21 captured by T22"), mond_penalty=penalty, round_to_5=rounded
    )
    scored = score(outcome)
    assert scored.payments == (expected, 0, 0)
    assert scored.value == expected + penalty  # the penalty is outside the hand score
    mond = scored.items[-1]
    assert (mond.name, mond.seat, mond.base, mond.multiplier, mond.amount) == (
        "mond penalty",
        0,
        penalty,
        1,
        -penalty,
    )


@pytest.mark.parametrize("rounded, expected", [(True, (-20, -25, -20)), (False, (-22, -27, -21))])
def test_example_5_klop_by_points(rounded, expected):
    outcome = Outcome(
        contract="klop",
        value=70,
        declarer=None,
        klop_points=(22, 27, 21),
        klop_tricks=(5, 6, 5),
        round_to_5=rounded,
    )
    scored = score(outcome)
    assert scored.payments == expected and scored.value == 0 and scored.game_winner is None
    assert [(i.seat, i.side, i.base, i.amount) for i in scored.items] == [
        (s, "player", abs(p), p) for s, p in enumerate(expected)
    ]


def test_klop_a_player_without_a_trick_scores_70_and_the_others_nothing():
    outcome = Outcome(
        contract="klop", value=70, declarer=None, klop_points=(0, 40, 30), klop_tricks=(0, 9, 7)
    )
    # Seat 0 took no trick (+70); seat 1 has 40 ≥ 36 (−70); seat 2 scores 0.
    assert score(outcome).payments == (70, -70, 0)
    outcome = Outcome(
        contract="klop", value=70, declarer=None, klop_points=(20, 38, 12), klop_tricks=(4, 9, 3)
    )
    assert score(outcome).payments == (0, -70, 0)


def test_kontra_on_klop_doubles_every_score():
    outcome = Outcome(
        contract="klop",
        value=70,
        declarer=None,
        klop_points=(22, 27, 21),
        klop_tricks=(5, 6, 5),
        levels=(("klop", 1),),
    )
    assert score(outcome).payments == (-40, -50, -40)
    assert {i.multiplier for i in score(outcome).items} == {2}


def test_example_6_beggar_with_kontra_and_a_radelc():
    # Dl (seat 2) holds a radelc and plays beggar; kontra; Dl takes a trick: −70 × 2 = −140,
    # the radelc doubles it: −280. The radelc stays (lost); beggar gives everyone a new one.
    outcome = Outcome(
        contract="beggar", value=70, declarer=2, declarer_tricks=1, opponent_tricks=3,
        levels=(("game", 1),), radelci=True, radelci_held=1,
    )  # fmt: skip
    assert lines(outcome) == [("beggar", "opponents", 70, 2, -140), ("radelc", "opponents", 140, 1, -140)]
    scored = score(outcome)
    assert scored.value == -280 and scored.payments == (0, 0, -280)
    assert scored.radelci == (1, 1, 1) and not scored.won


EX6 = [
    "HK HQ HR HJ SK SQ SR SJ DK DQ DR DJ T21 T20 T19 T18",
    "H1 H2 H3 S10 S9 S8 D1 D2 D3 CK CQ CR T17 T16 T15 T14",
    "H4 S7 D4 T22 C7 C8 C9 C10 T2 T3 T4 T5 T6 T7 T8 T9",
]
EX6_TALON = "CJ T1 T10 T11 T12 T13"


def test_example_6_played_through_the_engine(slovenian_table):
    state = slovenian_table.start(EX6, EX6_TALON, radelci_held=(0, 0, 1), radelci=True)
    state = slovenian_table.run(state, "1 pass", "2 bid:beggar", "0 pass", "2 bid:beggar")
    state = slovenian_table.run(state, "2 pass", "0 kontra:game", "0 pass", "1 pass", "2 pass")
    state = slovenian_table.run(
        state,
        "2 play:H4", "0 play:HJ", "1 play:H3",  # F wins: nothing of M's beats HJ
        "0 play:SJ", "1 play:S10", "2 play:S7",
        "0 play:DJ", "1 play:D1", "2 play:D4",
        "0 play:HR", "1 play:H2", "2 play:T2",  # Dl, void in hearts, must play a tarok: it wins
    )  # fmt: skip
    result = state.result
    assert len(state.tricks) == 4 and result.reason == "ended early"
    assert result.payments == (0, 0, -280) and result.value == -280
    assert result.radelci == (1, 1, 1) and result.game_winner == "opponents"
    assert [(i.name, i.base, i.multiplier, i.amount) for i in result.items] == [
        ("beggar", 70, 2, -140),
        ("radelc", 140, 1, -140),
    ]


@pytest.mark.parametrize(
    "points, game, diff",
    [
        (40, 10, 5),  # R(5) = 5
        (36, 10, 0),  # won on the exact 36; R(1) = 0
        (38, 10, 5),  # R(3) = 5
        (35, -10, 0),  # lost; R(0) = 0
        (33, -10, 0),  # R(−2) = 0
        (32, -10, -5),  # R(−3) = −5
        (20, -10, -15),
    ],
)
def test_three_game_and_difference(points, game, diff):
    scored = score(three_two_one(points=points))
    assert [(i.name, i.amount) for i in scored.items] == [("game", game), ("difference", diff)]
    assert scored.value == game + diff and scored.won == (points >= 36)


@pytest.mark.parametrize(
    "bonus, won_by, announced, level, amount",
    [
        ("trula", "declarer", None, 0, 10),
        ("trula", "opponents", None, 0, -10),
        ("trula", None, None, 0, None),  # split, not announced: no line
        ("trula", None, "declarer", 0, -20),  # announced by the declarer, nobody won it
        ("trula", None, "opponents", 0, 20),
        ("trula", "opponents", "declarer", 1, -40),  # kontra'd, won by the other side
        ("kings", "declarer", "opponents", 0, 20),
        ("kings", "declarer", "declarer", 3, 160),  # subkontra: 20 × 8
        ("kings", "opponents", "opponents", 4, -320),  # mortkontra: 20 × 16
    ],
)
def test_trula_and_kings(bonus, won_by, announced, level, amount):
    announced_list = ((bonus, announced),) if announced else ()
    levels = ((bonus, level),) if level else ()
    outcome = three_two_one(announced=announced_list, levels=levels, **{bonus: won_by})
    found = [i for i in score(outcome).items if i.name == bonus]
    assert [i.amount for i in found] == ([] if amount is None else [amount])
    if found:
        assert abs(found[0].amount) == found[0].base * found[0].multiplier


@pytest.mark.parametrize(
    "pagat_side, pagat_won, announced, level, amount",
    [
        ("declarer", True, None, 0, 25),  # silent success
        ("declarer", False, None, 0, -25),  # the declarer's T1 lost trick 16
        ("opponents", True, None, 0, -25),
        ("opponents", False, None, 0, 25),  # the opponents' failure counts for the declarer
        (None, False, None, 0, None),  # T1 not in trick 16, not announced
        ("declarer", True, "declarer", 0, 50),
        (None, False, "declarer", 0, -50),  # announced, T1 not in trick 16: failed
        ("opponents", True, "opponents", 1, -100),  # kontra'd by the declarer: 50 × 2
        ("opponents", False, "opponents", 2, 200),  # rekontra, failed: for the declarer
    ],
)
def test_pagat_ultimo(pagat_side, pagat_won, announced, level, amount):
    announced_list = (("ultimo", announced),) if announced else ()
    levels = (("ultimo", level),) if level else ()
    outcome = three_two_one(
        pagat_side=pagat_side, pagat_won=pagat_won, announced=announced_list, levels=levels
    )
    assert [i.amount for i in score(outcome).items if i.name == "pagat ultimo"] == (
        [] if amount is None else [amount]
    )


@pytest.mark.parametrize(
    "announced, tricks, level, amount",
    [
        (True, 16, 0, 500),
        (True, 15, 0, -500),
        (True, 16, 2, 2000),  # rekontra on the valat (the game's chain): × 4
        (False, 16, 0, 250),
        (False, 0, 0, -250),
        (False, 0, 1, -500),
    ],
)
def test_valat_replaces_the_game_and_every_bonus(announced, tricks, level, amount):
    outcome = three_two_one(
        points=70 if tricks == 16 else 0,
        tricks=tricks,
        valat_announced=announced,
        trula="declarer" if tricks == 16 else "opponents",
        pagat_side="declarer",
        pagat_won=tricks == 16,
        levels=(("game", level),) if level else (),
    )
    scored = score(outcome)
    assert [(i.name, i.announced, i.amount) for i in scored.items] == [("valat", announced, amount)]
    assert scored.won == (tricks == 16)


@pytest.mark.parametrize(
    "contract, value, tricks, points, won",
    [
        ("beggar", 70, 0, 0, True),
        ("beggar", 70, 1, 3, False),
        ("open-beggar", 90, 0, 0, True),
        ("open-beggar", 90, 2, 8, False),
        ("solo-without", 80, 9, 36, True),
        ("solo-without", 80, 9, 35, False),
        ("colour-valat", 125, 16, 70, True),
        ("colour-valat", 125, 3, 20, False),
        ("valat", 500, 16, 70, True),
        ("valat", 500, 0, 0, False),
    ],
)
@pytest.mark.parametrize("level", [0, 1, 4])
def test_other_contracts(contract, value, tricks, points, won, level):
    outcome = Outcome(
        contract=contract, value=value, declarer=1, declarer_points=points, declarer_tricks=tricks,
        opponent_tricks=16 - tricks, levels=(("game", level),), trula="declarer",
    )  # fmt: skip
    scored = score(outcome)
    amount = (value if won else -value) * 2**level
    assert [(i.base, i.multiplier, i.amount) for i in scored.items] == [(value, 2**level, amount)]
    assert scored.payments == (0, amount, 0) and scored.won == won  # no bonuses, no difference


@pytest.mark.parametrize("held", [1, 3])
def test_a_radelc_doubles_the_hand_score_once_and_one_is_used_up_by_a_win(held):
    outcome = three_two_one(points=40, radelci=True, radelci_held=held, mond_lost=(0, "T21 captured by T22"))
    scored = score(outcome)
    # 10 + R(5) = 15, × 2 (however many radelci) = 30; the mond penalty is not doubled.
    assert scored.value == 30 and scored.payments == (10, 0, 0)
    assert scored.radelci == (-1, 0, 0)  # won: one radelc used; three gives nobody a new one


def test_radelci_for_everyone_after_a_declarers_valat_in_three():
    outcome = three_two_one(points=70, tricks=16, radelci=True, radelci_held=1)
    scored = score(outcome)
    assert scored.value == 500 and scored.radelci == (0, 1, 1)  # +1 each, −1 for the winner


def test_without_the_option_no_radelci_change_and_no_doubling():
    scored = score(three_two_one(points=40, radelci=False, radelci_held=0))
    assert scored.radelci == () and scored.value == 15
    klop = Outcome(
        contract="klop", value=70, declarer=None, klop_points=(0, 40, 30), klop_tricks=(0, 9, 7), radelci=True
    )
    assert score(klop).radelci == (1, 1, 1)


def test_skisfang_costs_the_player_100_unmultiplied():
    outcome = three_two_one(points=40, skis_lost=2, levels=(("game", 2),))
    scored = score(outcome)
    assert scored.payments == ((10 + 5) * 4, 0, -100)
    line = scored.items[-1]
    assert (line.name, line.side, line.seat, line.base, line.multiplier, line.amount) == (
        "škisfang",
        "opponents",
        2,
        100,
        1,
        -100,
    )


def test_the_lines_add_up_to_the_scores():
    outcome = three_two_one(
        points=44,
        trula="declarer",
        kings="opponents",
        announced=(("kings", "opponents"),),
        levels=(("game", 1), ("kings", 1)),
        pagat_side="declarer",
        pagat_won=True,
        radelci=True,
        radelci_held=2,
        mond_lost=(1, "T21 captured by T22"),
        skis_lost=0,
    )
    scored = score(outcome)
    # game 10 × 2, difference R(9) = 10 × 2, trula +10, kings −20 × 2, ultimo +25: 20 + 20 + 10 − 40
    # + 25 = 35; radelc +35 → 70; mond −20 (seat 1); škisfang −100 (seat 0, the declarer).
    assert scored.value == 70 and scored.payments == (-30, -20, 0)
    assert scored.value == sum(i.amount for i in scored.items if i.seat is None)
    for seat in range(3):
        own = sum(i.amount for i in scored.items if i.seat == seat)
        assert scored.payments[seat] == own + (scored.value if seat == 0 else 0)
