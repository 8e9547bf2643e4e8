"""Scoring (czech.md §9–§10) as a pure function of the outcome, and the §14 examples 3–8."""

from __future__ import annotations

import pytest

from games.rules.czech.scoring import DECLARER, OPPONENTS, Outcome, game_won, money_line, score, settle
from tests.rules.english import english


def lines(scored):
    return [(i.name, i.side, i.base, i.multiplier, i.amount) for i in scored.items]


def test_example_3_partner_game_with_contra():
    # P's team 61, opponents 45; one contra. d = 8; a = 18; × 2 = 36; 3.6 → 4; contra × 2 → 8.
    scored = score(Outcome(prever=False, card_points=(61, 45), contra=1))
    assert lines(scored) == [("game", DECLARER, 4, 2, 8)]
    assert english(scored.items[0].note) == "d = 8, a = 18 × 2 = 36 → 4; 1 contra call: × 2"
    assert scored.value == 8 and scored.game_winner == DECLARER
    # P +8, Pa +8, each O −8.
    assert settle(8, (0, 2)) == (8, -8, 8, -8)


def test_example_4_half_way_rounding_in_a_prever_game():
    # Prever (kept the top set) takes 58: d = 5; a = 15; × 3 = 45; 4.5 → 5 (round() gives 4).
    scored = score(Outcome(prever=True, card_points=(58, 48), pm=1))
    assert lines(scored) == [("game", DECLARER, 5, 1, 5)]
    assert scored.items[0].note == "d = 5, a = 15 × 3 = 45 → 5"
    assert settle(scored.value, (1,)) == (-5, 15, -5, -5)


def test_example_5_prever_loses_after_going_back_plus_an_uncalled_i():
    # Prever 41, opponents 65; an opponent's T1 alone in trick 12. d = 12; a = 22; × 3 = 66;
    # 6.6 → 7; × pm 4 → 28; V = −28; silent I for O: +2 for O → V = −30.
    scored = score(Outcome(prever=True, card_points=(41, 65), pm=4, t1_side=OPPONENTS, t1_alone=True))
    assert lines(scored) == [
        ("game", OPPONENTS, 7, 4, -28),
        ("I on the end", OPPONENTS, 2, 1, -2),
    ]
    assert english(scored.items[0].note) == "d = 12, a = 22 × 3 = 66 → 7; prever lost: × 4"
    assert scored.value == -30 and scored.game_winner == OPPONENTS
    assert settle(-30, (2,)) == (30, 30, -90, 30)


def test_example_6_contra_then_a_called_i_that_fails():
    # P's team 50, opponents 56, one contra. O1 called I, played T1 to trick 12 but Pa played T4.
    # d = 3; a = 13; × 2 = 26; 2.6 → 3; lost → −3; contra → −6; failed I for O → +4 → V = −2.
    scored = score(
        Outcome(
            prever=False, card_points=(50, 56), contra=1, iote=OPPONENTS, t1_side=OPPONENTS, t1_alone=False
        )
    )
    assert lines(scored) == [
        ("game", OPPONENTS, 3, 2, -6),
        ("I on the end", OPPONENTS, 4, 1, 4),
    ]
    assert scored.items[1].announced and "another trump" in english(scored.items[1].note)
    assert scored.value == -2
    # P −2, Pa −2, O1 +2, O2 +2.
    assert settle(-2, (0, 1)) == (-2, -2, 2, 2)


def test_example_7_money_cards_are_paid_by_each_other_player():
    # Taroky 4 + Trul 2 + Pane 2 = 8: holder +24, each other −8 (the engine's table in
    # test_czech_call_money); as receipt lines each is paid to its holder, outside V.
    items = [money_line(1, OPPONENTS, name, a) for name, a in (("Taroky", 4), ("Trul", 2), ("Pane", 2))]
    assert [(i.name, i.base, i.multiplier, i.amount, i.paid_to) for i in items] == [
        ("Taroky", 4, 1, 4, 1),
        ("Trul", 2, 1, 2, 1),
        ("Pane", 2, 1, 2, 1),
    ]


def test_example_8_silent_valat_against_a_prever():
    # The three opponents take all 12 tricks: 30, no prever multiplier even with pm 4.
    scored = score(Outcome(prever=True, card_points=(10, 96), tricks=(0, 12), pm=4))
    assert lines(scored) == [("valat", OPPONENTS, 30, 1, -30)]
    assert scored.valat_hand and scored.value == -30
    assert settle(-30, (0,)) == (-90, 30, 30, 30)
    # With contra and rhea-contra: 30 × 4 = 120, the prever −360.
    doubled = score(Outcome(prever=True, card_points=(10, 96), tricks=(0, 12), pm=4, contra=2))
    assert doubled.value == -120 and settle(doubled.value, (0,))[0] == -360


# -- §9 ties and thresholds -------------------------------------------------------------------


def test_53_53_loses_for_the_declaring_side():
    assert not game_won(53) and game_won(54)
    tie = score(Outcome(prever=False, card_points=(53, 53)))
    # d = 0; a = 10 × 2 = 20 → 2; lost.
    assert lines(tie) == [("game", OPPONENTS, 2, 1, -2)] and tie.game_winner == OPPONENTS
    prever_tie = score(Outcome(prever=True, card_points=(53, 53), pm=2))
    # d = 0; a = 10 × 3 = 30 → 3; the prever lost: × 2.
    assert lines(prever_tie) == [("game", OPPONENTS, 3, 2, -6)]
    assert score(Outcome(prever=False, card_points=(54, 52))).value == 2


@pytest.mark.parametrize(
    "points, prever, value",
    [
        (54, False, 2),  # d 1: 11 × 2 = 22 → 2
        (55, False, 2),  # d 2: 24 → 2
        (56, False, 3),  # d 3: 26 → 3
        (60, False, 3),  # d 7: 34 → 3
        (61, False, 4),  # d 8: 36 → 4
        (106, False, 13),  # d 53: 63 × 2 = 126 → 12.6 → 13
        (48, False, -3),  # d 5: 30 → 3
        (55, True, 4),  # d 2: 12 × 3 = 36 → 4
        (58, True, 5),  # d 5: 45 → 5 (half away from zero)
        (48, True, -5),  # d 5: 45 → 5, lost, pm 1
        (0, True, -19),  # d 53: 63 × 3 = 189 → 18.9 → 19
    ],
)
def test_game_values(points, prever, value):
    assert score(Outcome(prever=prever, card_points=(points, 106 - points))).value == value


def test_the_prever_multiplier_applies_only_when_the_prever_loses():
    # d = 7: a = 17 × 3 = 51 → 5; won: no multiplier; lost: × pm.
    assert score(Outcome(prever=True, card_points=(60, 46), pm=4)).value == 5
    assert score(Outcome(prever=True, card_points=(46, 60), pm=4)).value == -5 * 4
    assert score(Outcome(prever=True, card_points=(46, 60), pm=2, contra=1)).value == -5 * 2 * 2
    # Contra and pm stack: a lost prever game after going back, supra-contra: × 4 × 8.
    assert score(Outcome(prever=True, card_points=(46, 60), pm=4, contra=3)).value == -5 * 32


# -- §10.1 valat hands ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "prever, caller, tricks, contra, value",
    [
        (False, DECLARER, (12, 0), 0, 40),
        (False, DECLARER, (11, 1), 0, -40),
        (False, OPPONENTS, (0, 12), 1, -80),
        (False, OPPONENTS, (1, 11), 0, 40),
        (True, DECLARER, (12, 0), 0, 60),
        (True, DECLARER, (10, 2), 3, -480),
        (True, OPPONENTS, (0, 12), 0, -60),
        (False, None, (12, 0), 0, 20),
        (False, None, (0, 12), 2, -80),
        (True, None, (12, 0), 1, 60),
    ],
)
def test_valat_values(prever, caller, tricks, contra, value):
    points = (100, 6) if tricks[0] >= 6 else (6, 100)
    scored = score(
        Outcome(prever=prever, card_points=points, tricks=tricks, valat=caller, contra=contra, pm=4)
    )
    assert scored.valat_hand and scored.value == value
    assert [i.name for i in scored.items] == ["valat"]
    assert scored.items[0].announced is (caller is not None)
    assert scored.game_winner == (DECLARER if value > 0 else OPPONENTS)


def test_a_failed_called_valat_is_still_a_valat_hand_without_the_game():
    # D called valat, took 11 tricks and 100 points: −40, no game line.
    scored = score(Outcome(prever=False, card_points=(100, 6), tricks=(11, 1), valat=DECLARER))
    assert lines(scored) == [("valat", DECLARER, 40, 1, -40)]


def test_i_on_the_end_is_not_scored_in_a_valat_hand_unless_the_option_says_so():
    base = dict(
        prever=False, card_points=(106, 0), tricks=(12, 0), valat=DECLARER, t1_side=DECLARER, t1_alone=True
    )
    assert score(Outcome(**base)).value == 40
    with_option = score(Outcome(**base, iote_with_valat=True, contra=1))
    # Added after the contra multiplier: 40 × 2 + 2.
    assert lines(with_option) == [("valat", DECLARER, 40, 2, 80), ("I on the end", DECLARER, 2, 1, 2)]
    called = score(Outcome(**{**base, "iote": DECLARER}, iote_with_valat=True))
    assert called.value == 44


# -- step 7: I on the end ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "iote, t1_side, t1_alone, amount",
    [
        (DECLARER, DECLARER, True, 4),  # called and made
        (DECLARER, DECLARER, False, -4),  # called, another trump in trick 12
        (DECLARER, None, False, -4),  # called, T1 not played to trick 12
        (OPPONENTS, OPPONENTS, True, -4),  # the opponents' called I made: −4 for D
        (OPPONENTS, None, False, 4),
        (None, DECLARER, True, 2),  # silent, made
        (None, DECLARER, False, -2),  # silent, another trump: lost
        (None, OPPONENTS, True, -2),
        (None, OPPONENTS, False, 2),
        (None, None, False, 0),  # T1 not in trick 12, not called: nothing
    ],
)
def test_i_on_the_end(iote, t1_side, t1_alone, amount):
    scored = score(
        Outcome(prever=False, card_points=(61, 45), contra=1, iote=iote, t1_side=t1_side, t1_alone=t1_alone)
    )
    assert scored.value == 8 + amount
    assert len(scored.items) == (1 if amount == 0 else 2)


def test_i_on_the_end_values_are_options():
    outcome = Outcome(
        prever=False,
        card_points=(61, 45),
        iote=DECLARER,
        t1_side=DECLARER,
        t1_alone=True,
        iote_called_value=20,
    )
    assert score(outcome).value == 4 + 20
    silent = Outcome(
        prever=False, card_points=(61, 45), t1_side=OPPONENTS, t1_alone=True, iote_silent_value=5
    )
    assert score(silent).value == 4 - 5


# -- §10.3 settlement -------------------------------------------------------------------------


def test_settlement():
    assert settle(5, (0, 3)) == (5, -5, -5, 5)
    assert settle(-7, (2,)) == (7, 7, -21, 7)
    assert sum(settle(13, (1,))) == 0 and sum(settle(13, (1, 2))) == 0
