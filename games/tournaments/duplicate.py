"""Duplicate scoring: each result compared with everyone who held the same cards (docs/tournaments.md).

In a round every table plays the same deals in the same seats, so a seat's cards on a deal (a
**board**) are held once at each table. A result is worth **matchpoints** against the others who
held that board's seat: 2 for each one it beats, 1 for each tie, out of a **top** of 2 for each
other result. An entrant's **percent** is the matchpoints they made out of the tops they could
have made, over all their boards: luck of the cards cancels out, the play shows. Plain scoring
keeps the same figures but ranks by the sum of the hands' values (the match totals).

Pure: standard library only, so that the tournament's pages, its driver and the tests compute
the same standings from the same stored hands. Robots (entrant ``None``) sit where people are
missing: their results are compared like anyone's, but robots are never ranked. A seat a robot
played for an entrant who was away is the entrant's (the caller names the entrant, not who moved).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

Board = tuple[int, int]  # (round number, deal number within the round), both from 1
Place = tuple[Board, int, int]  # (board, table, seat): where one result was made
Scoring = Literal["duplicate", "plain"]

DUPLICATE: Scoring = "duplicate"
PLAIN: Scoring = "plain"
WIN = 2  # matchpoints for each result beaten
TIE = 1  # matchpoints for each result tied


@dataclass(frozen=True)
class Score:
    """One seat's result on one board at one table.

    ``value`` is what the hand gave that seat (its ``payments[seat]``: chips or points);
    ``entrant`` is who held the seat (an entry id), ``None`` for a robot."""

    board: Board
    table: int  # the table's number within its round
    seat: int  # the seat's index, from 0
    entrant: int | None
    value: int

    @property
    def place(self) -> Place:
        return (self.board, self.table, self.seat)


@dataclass(frozen=True)
class Matchpoints:
    """What one result made against the others on its board and seat, out of ``top``."""

    points: int
    top: int  # WIN for each other result; 0 when the board's seat was held at one table only


@dataclass(frozen=True)
class Standing:
    """One entrant's line of the standings."""

    entrant: int
    points: int  # matchpoints, over all boards
    top: int  # the matchpoints they could have made
    percent: float | None  # points / top * 100; None while nothing was compared (top 0)
    total: int  # the sum of their results' values (the plain score)
    boards: int  # how many results they have
    rank: int  # from 1; equal figures share a rank (1, 2, 2, 4)


def matchpoints(scores: Iterable[Score]) -> dict[Place, Matchpoints]:
    """Every result's matchpoints against the others of the same board and seat (all tables).

    A board's seat holds one result per table: a second result at the same place is refused
    (``ValueError``), as it would be a hand counted twice."""
    groups: dict[tuple[Board, int], list[Score]] = defaultdict(list)
    seen: set[Place] = set()
    for score in scores:
        if score.place in seen:
            where = f"board {score.board}, table {score.table}, seat {score.seat}"
            raise ValueError(f"two results for {where}")  # untranslated: programmer error
        seen.add(score.place)
        groups[(score.board, score.seat)].append(score)
    made: dict[Place, Matchpoints] = {}
    for group in groups.values():
        values = [score.value for score in group]
        top = WIN * (len(values) - 1)
        for score in group:
            beaten = sum(1 for other in values if other < score.value)
            tied = sum(1 for other in values if other == score.value) - 1  # not itself
            made[score.place] = Matchpoints(points=WIN * beaten + TIE * tied, top=top)
    return made


def standings(scores: Iterable[Score], scoring: Scoring, entrants: Iterable[int] = ()) -> list[Standing]:
    """The ranked standings of the entrants who have results (and of ``entrants``, listed even
    before their first result, with nothing yet).

    Duplicate ranks by percent (none yet: last), then by total; plain ranks by total, then by
    percent. Entrants whose figures are all equal share a rank; among them the lower entry id is
    listed first, so the order never depends on the order of ``scores``."""
    if scoring not in (DUPLICATE, PLAIN):
        raise ValueError(f"unknown scoring {scoring!r}")  # untranslated: programmer error
    scores = list(scores)
    made = matchpoints(scores)
    points: dict[int, int] = dict.fromkeys(entrants, 0)
    tops = dict(points)
    totals = dict(points)
    boards = dict(points)
    for score in scores:
        who = score.entrant
        if who is None:  # a robot: compared above, never ranked
            continue
        points[who] = points.get(who, 0) + made[score.place].points
        tops[who] = tops.get(who, 0) + made[score.place].top
        totals[who] = totals.get(who, 0) + score.value
        boards[who] = boards.get(who, 0) + 1

    def key(who: int) -> tuple[Fraction, ...]:
        """Smaller first: exact fractions, so that 3/6 and 4/8 tie; nothing compared yet (top 0)
        comes after every percent."""
        unmatched = Fraction(int(tops[who] == 0))
        share = -Fraction(points[who], tops[who]) if tops[who] else Fraction(0)
        total = Fraction(-totals[who])
        return (unmatched, share, total) if scoring == DUPLICATE else (total, unmatched, share)

    keys = {who: key(who) for who in points}
    order = sorted(points, key=lambda who: (keys[who], who))
    lines: list[Standing] = []
    for position, who in enumerate(order, start=1):
        shared = bool(lines) and keys[lines[-1].entrant] == keys[who]
        lines.append(
            Standing(
                entrant=who,
                points=points[who],
                top=tops[who],
                percent=None if tops[who] == 0 else points[who] / tops[who] * 100,
                total=totals[who],
                boards=boards[who],
                rank=lines[-1].rank if shared else position,
            )
        )
    return lines
