"""A person's statistics per game, against robots and against people, from ``PlayerHand`` rows."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from games.rules import VARIANTS
from games.standings.models import PlayerHand
from games.standings.summary import DECLARER

ROBOTS, PEOPLE = "robots", "people"


@dataclass(frozen=True)
class ContractLine:
    contract: str
    declared: int  # hands the person was declarer of this contract
    made: int  # of them, hands the declarer side won

    @property
    def success(self) -> int:
        """The success rate in whole percent."""
        return round(100 * self.made / self.declared)


@dataclass(frozen=True)
class Record:
    """One game's figures against one kind of opponent."""

    against: str  # ROBOTS (a robot held another seat) or PEOPLE (people only)
    hands: int
    matches: int
    declared: int
    contracts: tuple[ContractLine, ...]
    bonuses: tuple[tuple[str, int], ...]  # (name, times made), most made first
    total_score: int

    @property
    def average_score(self) -> float:
        return round(self.total_score / self.hands, 2) if self.hands else 0.0


@dataclass(frozen=True)
class GameStats:
    variant: str
    name: str
    records: tuple[Record, ...] = field(default=())


def record_of(against: str, rows: list[Any]) -> Record:
    declared: Counter[str] = Counter()
    made: Counter[str] = Counter()
    bonuses: Counter[str] = Counter()
    for row in rows:
        if row.role == DECLARER:
            declared[row.contract] += 1
            made[row.contract] += bool(row.made)
        bonuses.update(row.bonuses)
    return Record(
        against=against,
        hands=len(rows),
        matches=len({(row.room_id, row.match_no) for row in rows}),
        declared=sum(declared.values()),
        contracts=tuple(ContractLine(c, declared[c], made[c]) for c in sorted(declared)),
        bonuses=tuple(sorted(bonuses.items(), key=lambda pair: (-pair[1], pair[0]))),
        total_score=sum(row.score for row in rows),
    )


def game_stats(rows: Iterable[Any]) -> list[GameStats]:
    """Per game (in the site's order), the records against robots and against people that have
    any hand."""
    by_game: dict[str, dict[str, list[Any]]] = {}
    for row in rows:
        by_game.setdefault(row.variant, {}).setdefault(ROBOTS if row.with_robots else PEOPLE, []).append(row)
    stats = []
    for key, variant in VARIANTS.items():
        if key in by_game:
            groups = by_game[key]
            records = tuple(record_of(a, groups[a]) for a in (PEOPLE, ROBOTS) if a in groups)
            stats.append(GameStats(key, str(variant.name), records))
    return stats


def user_stats(user: Any) -> list[GameStats]:
    fields = ("variant", "room_id", "match_no", "with_robots", "role", "contract", "made", "score", "bonuses")
    return game_stats(PlayerHand.objects.filter(user=user).only(*fields))
