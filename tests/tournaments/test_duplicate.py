"""Duplicate scoring on written-out results (docs/tournaments.md's worked examples, the same
numbers): matchpoints per board and seat, percentages, shared ranks, robots compared but never
ranked, a board played at one table only, plain scoring by totals."""

from __future__ import annotations

import random

import pytest

from games.tournaments.duplicate import (
    DUPLICATE,
    PLAIN,
    Board,
    Matchpoints,
    Score,
    Standing,
    matchpoints,
    standings,
)

pytestmark = pytest.mark.rules

R = None  # a robot's seat


def board(number: Board, *tables: tuple[tuple[int | None, ...], tuple[int | None, ...]]) -> list[Score]:
    """One board's results, a table per argument: (who sat in seats 0, 1, ...; what each got).
    Table numbers count from 1; a value None is a seat that sat the hand out (no result)."""
    return [
        Score(board=number, table=table, seat=seat, entrant=who, value=value)
        for table, (people, values) in enumerate(tables, start=1)
        for seat, (who, value) in enumerate(zip(people, values, strict=True))
        if value is not None
    ]


def summary(lines: list[Standing]) -> list[tuple[int, int, float | None, int, int]]:
    """(rank, entrant, percent rounded to 0.1, total, boards) for each line, in order."""
    return [(line.rank, line.entrant, rounded(line.percent), line.total, line.boards) for line in lines]


def rounded(percent: float | None) -> float | None:
    return None if percent is None else round(percent, 1)


# Slovenian (3 seats): one board at three tables. At tables 1 and 2 seat 0 declared and won 70;
# at table 3 seat 1 declared and won 35, and seat 0 lost its mond (a penalty of 20). Seat 2 scored
# nothing anywhere (Slovenian pays the declarer only, and penalties).
SLOVENIAN = board(
    (1, 1),
    ((1, 2, 3), (70, 0, 0)),
    ((4, 5, 6), (70, 0, 0)),
    ((7, 8, 9), (-20, 35, 0)),
)


def test_a_result_earns_two_for_each_result_it_beats_and_one_for_each_tie():
    made = matchpoints(SLOVENIAN)
    seat0 = [made[((1, 1), table, 0)] for table in (1, 2, 3)]
    assert seat0 == [Matchpoints(3, 4), Matchpoints(3, 4), Matchpoints(0, 4)]
    seat1 = [made[((1, 1), table, 1)] for table in (1, 2, 3)]
    assert seat1 == [Matchpoints(1, 4), Matchpoints(1, 4), Matchpoints(4, 4)]
    seat2 = [made[((1, 1), table, 2)] for table in (1, 2, 3)]
    assert seat2 == [Matchpoints(2, 4)] * 3  # a three-way tie: one for each of the other two


def test_slovenian_duplicate_standings_rank_by_percent_then_total_and_ties_share_a_rank():
    assert summary(standings(SLOVENIAN, DUPLICATE)) == [
        (1, 8, 100.0, 35, 1),
        (2, 1, 75.0, 70, 1),
        (2, 4, 75.0, 70, 1),
        (4, 3, 50.0, 0, 1),
        (4, 6, 50.0, 0, 1),
        (4, 9, 50.0, 0, 1),
        (7, 2, 25.0, 0, 1),
        (7, 5, 25.0, 0, 1),
        (9, 7, 0.0, -20, 1),
    ]


def test_slovenian_plain_standings_rank_by_total_then_percent():
    assert summary(standings(SLOVENIAN, PLAIN)) == [
        (1, 1, 75.0, 70, 1),
        (1, 4, 75.0, 70, 1),
        (3, 8, 100.0, 35, 1),
        (4, 3, 50.0, 0, 1),
        (4, 6, 50.0, 0, 1),
        (4, 9, 50.0, 0, 1),
        (7, 2, 25.0, 0, 1),
        (7, 5, 25.0, 0, 1),
        (9, 7, 0.0, -20, 1),
    ]


# Hungarian (4 seats): ten entrants at three tables (4, 3, 3 people), two robots. At tables 1 and
# 3 seat 0 declared with seat 2 as partner and won 4; at table 2 seat 0 declared and lost 6.
HUNGARIAN = board(
    (1, 1),
    ((1, 2, 3, 4), (4, -4, 4, -4)),
    ((5, R, 6, 7), (-6, 6, -6, 6)),
    ((8, 9, R, 10), (4, -4, 4, -4)),
)


def test_robots_results_are_compared_but_robots_are_not_ranked():
    made = matchpoints(HUNGARIAN)
    assert made[((1, 1), 2, 1)] == Matchpoints(4, 4)  # the robot in seat 1 beat both people
    assert made[((1, 1), 3, 2)] == Matchpoints(3, 4)  # the robot in seat 2 tied with entrant 3
    lines = standings(HUNGARIAN, DUPLICATE)
    assert summary(lines) == [
        (1, 7, 100.0, 6, 1),
        (2, 1, 75.0, 4, 1),
        (2, 3, 75.0, 4, 1),
        (2, 8, 75.0, 4, 1),
        (5, 2, 25.0, -4, 1),
        (5, 4, 25.0, -4, 1),
        (5, 9, 25.0, -4, 1),
        (5, 10, 25.0, -4, 1),
        (9, 5, 0.0, -6, 1),
        (9, 6, 0.0, -6, 1),
    ]
    assert [line.points for line in lines] == [4, 3, 3, 3, 1, 1, 1, 1, 0, 0]


# Hungarian at five (5 seats, the dealer sits out): ten entrants at two tables, standings in the
# middle of round 1. Board 1 (seat 4 dealt and sat out): seat 0 played alone, won 2 a head at
# table 1 and lost 1 a head at table 2. Board 2 (seat 0 dealt and sat out) is finished at table 1
# only: seat 1 declared with seat 3 and won 2.
HUNGARIAN_FIVE = [
    *board(
        (1, 1),
        ((1, 2, 3, 4, 5), (6, -2, -2, -2, None)),
        ((6, 7, 8, 9, 10), (-3, 1, 1, 1, None)),
    ),
    *board((1, 2), ((1, 2, 3, 4, 5), (None, 2, -2, 2, -2))),
]


def test_a_board_held_at_one_table_only_is_compared_with_nobody():
    made = matchpoints(HUNGARIAN_FIVE)
    assert {made[((1, 2), 1, seat)] for seat in (1, 2, 3, 4)} == {Matchpoints(0, 0)}
    assert made[((1, 1), 1, 0)] == Matchpoints(2, 2)  # two tables: one other result, top 2


def test_hungarian_five_duplicate_standings_mid_round_list_entrants_with_no_percent_yet_last():
    lines = standings(HUNGARIAN_FIVE, DUPLICATE, entrants=range(1, 11))
    assert summary(lines) == [
        (1, 1, 100.0, 6, 1),
        (2, 7, 100.0, 1, 1),
        (2, 8, 100.0, 1, 1),
        (2, 9, 100.0, 1, 1),
        (5, 2, 0.0, 0, 2),
        (5, 4, 0.0, 0, 2),
        (7, 6, 0.0, -3, 1),
        (8, 3, 0.0, -4, 2),
        (9, 10, None, 0, 0),  # sat board 1 out, has not played board 2 yet
        (10, 5, None, -2, 1),  # board 2 played at one table only: top 0
    ]


def test_hungarian_five_plain_standings():
    lines = standings(HUNGARIAN_FIVE, PLAIN, entrants=range(1, 11))
    assert summary(lines) == [
        (1, 1, 100.0, 6, 1),
        (2, 7, 100.0, 1, 1),
        (2, 8, 100.0, 1, 1),
        (2, 9, 100.0, 1, 1),
        (5, 2, 0.0, 0, 2),
        (5, 4, 0.0, 0, 2),
        (7, 10, None, 0, 0),
        (8, 5, None, -2, 1),
        (9, 6, 0.0, -3, 1),
        (10, 3, 0.0, -4, 2),
    ]


def test_equal_percentages_from_different_tops_share_a_rank():
    # Entrant 1: 1 of 2 (a tie at two tables); entrant 2: 2 of 4 (one win, one loss at three).
    scores = [
        *board((1, 1), ((1, R, R), (5, 0, 0)), ((R, R, R), (5, 0, 0))),
        *board((1, 2), ((2, R, R), (5, 0, 0)), ((R, R, R), (9, 0, 0)), ((R, R, R), (1, 0, 0))),
    ]
    assert summary(standings(scores, DUPLICATE)) == [(1, 1, 50.0, 5, 1), (1, 2, 50.0, 5, 1)]


def test_standings_do_not_depend_on_the_order_of_the_results():
    shuffled = list(HUNGARIAN_FIVE)
    random.Random(7).shuffle(shuffled)
    assert standings(shuffled, DUPLICATE) == standings(HUNGARIAN_FIVE, DUPLICATE)


def test_a_result_given_twice_for_one_seat_is_refused():
    with pytest.raises(ValueError, match="two results"):
        matchpoints([*SLOVENIAN, SLOVENIAN[0]])


def test_an_unknown_scoring_is_refused():
    with pytest.raises(ValueError, match="unknown scoring"):
        standings(SLOVENIAN, "swiss")  # type: ignore[arg-type]


# Czech (4 seats): two boards at two tables (docs/tournaments.md). Board 1: seat 0's solo won 6
# chips at table 1 and lost 6 at table 2; board 2: both tables made the same.
CZECH = [
    *board((1, 1), ((1, 2, 3, 4), (6, -2, -2, -2)), ((5, 6, 7, 8), (-6, 2, 2, 2))),
    *board((1, 2), ((1, 2, 3, 4), (1, -1, 1, -1)), ((5, 6, 7, 8), (1, -1, 1, -1))),
]


def test_czech_two_boards_two_tables_as_the_docs_work_them_out():
    assert summary(standings(CZECH, DUPLICATE)) == [
        (1, 1, 75.0, 7, 2),
        (2, 7, 75.0, 3, 2),
        (3, 6, 75.0, 1, 2),
        (3, 8, 75.0, 1, 2),
        (5, 3, 25.0, -1, 2),
        (6, 2, 25.0, -3, 2),
        (6, 4, 25.0, -3, 2),
        (8, 5, 25.0, -5, 2),
    ]


# Bridge: penalty points, negated by the caller (the fewer the better): one board, two tables.
BRIDGE = board((1, 1), ((1, 2, 3, 4), (0, -12, -30, -7)), ((5, 6, 7, 8), (-5, 0, -30, -40)))


def test_bridge_penalty_points_negated_rank_the_fewest_first_as_the_docs_work_them_out():
    assert [(line.rank, line.entrant) for line in standings(BRIDGE, DUPLICATE)] == [
        (1, 1),
        (1, 6),
        (3, 4),
        (4, 3),
        (4, 7),
        (6, 5),
        (7, 2),
        (8, 8),
    ]
    assert [(line.rank, line.entrant) for line in standings(BRIDGE, PLAIN)] == [
        (1, 1),
        (1, 6),
        (3, 5),
        (4, 4),
        (5, 2),
        (6, 3),
        (6, 7),
        (8, 8),
    ]
