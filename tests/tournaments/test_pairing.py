"""Seating a round on written-out standings and meetings (docs/tournaments.md): table sizes,
a random first round under a seed, later rounds Swiss-like with repeated meetings swapped away
(neighbouring tables first), robots in the short tables' empty seats."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

from games.tournaments.pairing import Table, meetings, repeats, seat_round, table_sizes

pytestmark = pytest.mark.rules


def people(tables: list[Table]) -> list[set[int]]:
    """Who sits at each table, in table order (the seats within a table are drawn)."""
    return [{who for who in table if who is not None} for table in tables]


def later_round(standings: Iterable[int], seats: int, *earlier: list[Table], seed: int = 1) -> list[Table]:
    return seat_round(list(standings), seats, meetings(earlier), random.Random(seed), by_standing=True)


@pytest.mark.parametrize(
    ("players", "seats", "sizes"),
    [
        (0, 4, []),
        (1, 4, [1]),  # one person and three robots
        (4, 4, [4]),
        (8, 4, [4, 4]),
        (5, 4, [3, 2]),  # as even as possible, not [4, 1]
        (10, 4, [4, 3, 3]),
        (9, 3, [3, 3, 3]),
        (7, 3, [3, 2, 2]),
        (10, 5, [5, 5]),  # Hungarian at five: the table counts five
        (11, 5, [4, 4, 3]),
    ],
)
def test_the_fewest_tables_that_hold_everyone_as_even_as_possible(players, seats, sizes):
    assert table_sizes(players, seats) == sizes


def test_a_table_has_a_seat():
    with pytest.raises(ValueError):
        table_sizes(3, 0)


def test_round_one_seats_everyone_once_at_random_and_the_same_again_under_the_same_seed():
    entrants = list(range(1, 11))
    tables = seat_round(entrants, 4, {}, random.Random(5), by_standing=False)
    assert [len(table) for table in tables] == [4, 4, 4]
    assert sorted(who for table in tables for who in table if who is not None) == entrants
    assert [table.count(None) for table in tables] == [0, 1, 1]  # robots fill the short tables
    assert seat_round(entrants, 4, {}, random.Random(5), by_standing=False) == tables
    draws = {str(seat_round(entrants, 4, {}, random.Random(seed), by_standing=False)) for seed in range(5)}
    assert len(draws) > 1


def test_meetings_count_each_pair_at_a_table_per_round_and_robots_meet_nobody():
    met = meetings([[[1, 2, None, 3]], [[1, None, 2], [3, 4, None]]])
    assert met == {
        frozenset((1, 2)): 2,
        frozenset((1, 3)): 1,
        frozenset((2, 3)): 1,
        frozenset((3, 4)): 1,
    }
    assert repeats([[1, 2, 3], [4, None, None]], met) == 4


def test_a_later_round_seats_the_leaders_together_when_nobody_would_meet_again():
    round_one = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    tables = later_round([1, 4, 7, 2, 5, 8, 3, 6, 9], 3, round_one)
    assert people(tables) == [{1, 4, 7}, {2, 5, 8}, {3, 6, 9}]


def test_a_later_round_swaps_repeated_meetings_away_neighbouring_tables_first():
    # The standings list round 1's tables in order, so filling the tables in standings order
    # would repeat round 1 (9 repeated meetings). Swaps between tables 1 and 2, or 2 and 3, each
    # save 4: the one between players next to each other in the standings comes first (3 and 4),
    # then 6 and 7 saves 3 (2 left: 1-2 and 8-9). No swap between neighbouring tables helps any
    # more, so tables 1 and 3 swap 2 and 8 (the nearest in the standings of the swaps that help).
    round_one = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    tables = later_round(range(1, 10), 3, round_one)
    assert people(tables) == [{1, 4, 8}, {3, 5, 7}, {2, 6, 9}]
    assert repeats(tables, meetings([round_one])) == 0


def test_two_swaps_between_neighbouring_tables_come_before_one_across_the_room():
    # 1 and 2 met, 8 and 9 met. One swap, 2 with 9 between tables 1 and 3, would part both pairs
    # but send 9 to the top table; swaps between neighbouring tables come first: 2 with 4 (the
    # nearest in the standings that helps), then 6 with 8.
    met = {frozenset((1, 2)): 1, frozenset((8, 9)): 1}
    tables = seat_round(list(range(1, 10)), 3, met, random.Random(1), by_standing=True)
    assert people(tables) == [{1, 3, 4}, {2, 5, 8}, {6, 7, 9}]


def test_a_later_round_keeps_the_standings_order_when_no_swap_avoids_a_meeting():
    # Two tables of four from two tables of four: every table holds at least two pairs that met.
    round_one = [[1, 3, 5, 7], [2, 4, 6, 8]]
    tables = later_round(range(1, 9), 4, round_one)
    assert people(tables) == [{1, 2, 3, 4}, {5, 6, 7, 8}]


def test_robots_fill_the_short_tables_of_a_later_round_in_seats_drawn_at_random():
    # Seven people at three seats: tables of 3, 2 and 2. In standings order (1, 4, 2, 6, 3, 5, 7)
    # table 1 would seat 1 and 2 again; no swap with table 2 helps (3 met them both), so table 3's
    # 7 comes up to table 1, and 2 goes down to sit with 5.
    round_one: list[Table] = [[1, 2, 3], [4, None, 5], [None, 6, 7]]
    standings = [1, 4, 2, 6, 3, 5, 7]
    tables = later_round(standings, 3, round_one)
    assert people(tables) == [{1, 4, 7}, {3, 6}, {2, 5}]
    assert [table.count(None) for table in tables] == [0, 1, 1]
    robot_seats = {later_round(standings, 3, round_one, seed=seed)[1].index(None) for seed in range(20)}
    assert robot_seats == {0, 1, 2}
    assert later_round(standings, 3, round_one, seed=3) == later_round(standings, 3, round_one, seed=3)


def test_an_entrant_listed_twice_is_refused():
    with pytest.raises(ValueError, match="twice"):
        seat_round([1, 2, 1], 3, {}, random.Random(1), by_standing=False)
