"""Each receipt line read as what happened (games.rules.receipt), from the games' own scoring."""

from __future__ import annotations

from games.rules.base import HandResult
from games.rules.czech import scoring as czech
from games.rules.hungarian import scoring as hungarian
from games.rules.receipt import Kind, receipt_rows
from games.rules.slovenian3 import scoring as slovenian


def read(items, variant, card_points=(0, 0)):
    result = HandResult(thrown_in=False, payments=(0, 0, 0, 0), items=tuple(items), card_points=card_points)
    return [(row.kind, row.side, row.made) for row in receipt_rows(result, variant)]


def test_a_hungarian_lost_game_and_a_failed_silent_ultimo_are_the_sides_own():
    # §10.3 step 3: the declarer side's pagát lost trick 9 unannounced; the game went to the opponents.
    outcome = hungarian.Outcome(game_value=1, card_points=(41, 53), tricks=(4, 5), ultimo_lost="declarer")
    rows = read(hungarian.score(outcome).items, "hungarian", (41, 53))
    assert rows == [(Kind.GAME, "opponents", None), (Kind.ITEM, "declarer", False)]


def test_a_hungarian_announced_trull_failed_by_its_announcers():
    announced = frozenset({("opponents", "trull")})
    outcome = hungarian.Outcome(game_value=2, card_points=(60, 34), tricks=(6, 3), announced=announced)
    assert read(hungarian.score(outcome).items, "hungarian")[1] == (Kind.ITEM, "opponents", False)


def test_a_czech_called_i_on_the_end_made_and_a_money_card():
    # The opponents called the I on the end and played T1 alone to trick 12; seat 2 held a trul.
    outcome = czech.Outcome(
        prever=False, card_points=(50, 56), iote="opponents", t1_side="opponents", t1_alone=True
    )
    items = [*czech.score(outcome).items, czech.money_line(2, "opponents", "trul", 2)]
    rows = receipt_rows(HandResult(False, (0, 0, 0, 0), items=tuple(items), card_points=(50, 56)), "czech")
    assert [(r.kind, r.side, r.made) for r in rows[:2]] == [
        (Kind.GAME, "opponents", None),
        (Kind.ITEM, "opponents", True),
    ]
    assert (rows[0].points, rows[0].total, rows[0].won) == (50, 106, False)
    assert (rows[2].kind, rows[2].seat) == (Kind.HOLDING, 2)


def test_a_slovenian_failed_announced_valat_is_the_declarers_though_its_side_names_the_winners():
    # §10.3: the declarer announced valat and lost a trick: the opponents gain the line.
    outcome = slovenian.Outcome(
        contract="three",
        value=10,
        declarer=0,
        declarer_points=60,
        declarer_tricks=15,
        opponent_tricks=1,
        valat_announced=True,
    )
    (line,) = slovenian.score(outcome).items
    assert line.side == "opponents" and line.amount < 0
    assert read([line], "slovenian3") == [(Kind.ITEM, "declarer", False)]


def test_a_slovenian_contract_line_the_difference_and_klop():
    beggar = slovenian.Outcome(contract="beggar", value=70, declarer=1, declarer_tricks=1, opponent_tricks=15)
    assert read(slovenian.score(beggar).items, "slovenian3") == [(Kind.CONTRACT, "declarer", False)]
    three = slovenian.Outcome(contract="three", value=10, declarer=0, declarer_points=29, declarer_tricks=7)
    rows = receipt_rows(
        HandResult(False, (0, 0, 0), items=slovenian.score(three).items, card_points=(29, 41)), "slovenian3"
    )
    assert [r.kind for r in rows] == [Kind.GAME, Kind.DIFFERENCE]
    assert rows[1].margin == -6  # 29 − 35, before rounding to 5
    klop = slovenian.Outcome(
        contract="klop", value=0, declarer=None, klop_points=(0, 20, 50), klop_tricks=(0, 5, 11)
    )
    assert [
        (r.kind, r.seat)
        for r in receipt_rows(HandResult(False, (0, 0, 0), items=slovenian.score(klop).items), "slovenian3")
    ] == [
        (Kind.PERSONAL, 0),
        (Kind.PERSONAL, 1),
        (Kind.PERSONAL, 2),
    ]
