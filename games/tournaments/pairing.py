"""Seating a tournament's round: who sits at which table, in which seat (docs/tournaments.md).

A round's tables hold everyone in the fewest tables of the game's size, as evenly as possible;
robots fill the empty seats. Round 1 is drawn at random. Later rounds are Swiss-like: the
entrants, in standings order, fill the tables one after the other (the leaders play each other),
then players are swapped between tables while that lowers the number of **repeated meetings**
(for each table, how often each pair at it has met before), trying neighbouring tables first so
that the order of the standings mostly holds. Within a table the seats are drawn at random, the
robots' too.

Pure: standard library only; randomness only through the ``random.Random`` passed in, so a
round is the same again under the same seed (a restarted server seats it the same way).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import combinations

Table = list[int | None]  # one slot per seat: an entry id, or None for a robot
Meetings = dict[frozenset[int], int]  # a pair of entrants -> how many earlier tables they shared


def table_sizes(players: int, seats: int) -> list[int]:
    """How many people sit at each table: the fewest tables that hold everyone, as even as
    possible, the fuller tables first (10 players at 4 seats: [4, 3, 3]). Robots fill the rest.
    A five-player Hungarian table counts five seats (the dealer sits each hand out)."""
    if seats < 1:
        raise ValueError(f"a table has at least one seat, not {seats}")  # untranslated: programmer error
    if players <= 0:
        return []
    tables = -(-players // seats)  # rounded up
    even, extra = divmod(players, tables)
    return [even + 1] * extra + [even] * (tables - extra)


def meetings(rounds: Iterable[Iterable[Iterable[int | None]]]) -> Meetings:
    """Who met whom, how often: every pair of entrants seated at one table, over the rounds'
    tables (robots meet nobody)."""
    met: Meetings = {}
    for tables in rounds:
        for table in tables:
            people = sorted({who for who in table if who is not None})
            for pair in combinations(people, 2):
                key = frozenset(pair)
                met[key] = met.get(key, 0) + 1
    return met


def repeats(tables: Iterable[Iterable[int | None]], met: Meetings) -> int:
    """How many earlier meetings these tables repeat: over each table, each pair at it, how
    often that pair has met before. What a later round's seating lowers."""
    return sum(
        met.get(frozenset(pair), 0)
        for table in tables
        for pair in combinations(sorted({who for who in table if who is not None}), 2)
    )


def seat_round(
    entrants: Sequence[int],
    seats: int,
    met: Meetings,
    rng: random.Random,
    by_standing: bool,
) -> list[Table]:
    """The tables of one round, each a list of ``seats`` slots (an entry id, or None: a robot).

    ``by_standing`` False (round 1): the entrants are drawn at random and ``met`` is not read.
    ``by_standing`` True: ``entrants`` come in standings order, the leaders first; consecutive
    entrants fill the tables, then swaps between tables lower the repeated meetings (``met``,
    from ``meetings`` of the earlier rounds)."""
    if len(set(entrants)) != len(entrants):
        raise ValueError("an entrant is listed twice")  # untranslated: programmer error
    order = list(entrants)
    if not by_standing:
        rng.shuffle(order)
    groups: list[list[int]] = []
    for size in table_sizes(len(order), seats):
        groups.append(order[:size])
        order = order[size:]
    if by_standing:
        _fewer_repeats(groups, {who: place for place, who in enumerate(entrants)}, met)
    return [_seated(group, seats, rng) for group in groups]


def _fewer_repeats(groups: list[list[int]], place: dict[int, int], met: Meetings) -> None:
    """Swap players between tables, one swap at a time, while a swap lowers the repeated
    meetings. Each time the swap comes from the nearest pair of tables where one helps; among
    those, the one that helps most, then the one between players closest in the standings (then
    the higher placed): neighbouring tables first keep the Swiss order. Each swap lowers a
    count of meetings, so the search ends."""

    def met_at(who: int, group: list[int], leaving: int) -> int:
        """How often ``who`` has met the people of ``group`` other than ``leaving``."""
        return sum(met.get(frozenset((who, other)), 0) for other in group if other not in (who, leaving))

    while True:
        best: tuple[tuple[int, int, int, int], int, int, int, int] | None = None
        for distance in range(1, len(groups)):
            for first in range(len(groups) - distance):
                second = first + distance
                here, there = groups[first], groups[second]
                for a in here:
                    for b in there:
                        gain = (met_at(a, here, a) + met_at(b, there, b)) - (
                            met_at(b, here, a) + met_at(a, there, b)
                        )
                        if gain <= 0:
                            continue
                        rank = (-gain, abs(place[a] - place[b]), min(place[a], place[b]), place[a])
                        if best is None or rank < best[0]:
                            best = (rank, first, a, second, b)
            if best is not None:
                break
        if best is None:
            return
        _, first, a, second, b = best
        groups[first][groups[first].index(a)] = b
        groups[second][groups[second].index(b)] = a


def _seated(group: list[int], seats: int, rng: random.Random) -> Table:
    """A table's slots: its people and its robots (None) in seats drawn at random."""
    if len(group) > seats:
        raise ValueError(f"{len(group)} people at a table of {seats}")  # untranslated: programmer error
    slots: Table = [*group, *([None] * (seats - len(group)))]
    rng.shuffle(slots)
    return slots
