"""The robots' ladder: each level measured in duplicate against the level below it, and against
robots nobody here wrote. Figures only, as the duels printed them; docs/robots.md ("The ladder")
gives each run's command, and tests/rules/test_ladder.py holds the two the same. The pages word
them where a player picks a robot (games.learn.robots)."""

from __future__ import annotations

from dataclasses import dataclass

# The robots of other sites a level was measured against (their card play only: every other
# decision of the hand was the other site's robot's, the same for both players of a deal).
MACH = "mach"  # untranslated: a key; machtarok.com's Normal robot (bench/yardstick_mach.py)
OPENSPIEL = "openspiel"  # untranslated: a key; OpenSpiel's MCTSBot, 300 simulations, all-seeing


@dataclass(frozen=True)
class Measure:
    """``level`` against ``rival`` (a level, or ``MACH`` / ``OPENSPIEL``): the paired difference
    ``margin`` per seat per hand in the game's unit (a gain: penalty points the level avoided
    count positive), ± ``se`` (one standard error) over ``deals`` deals, on ``measured`` (ISO
    date); ``players``: the table size where the game has a choice (Bridge); ``cards_only``: the
    level played the cards only (an outside yardstick)."""

    level: str
    rival: str
    margin: float
    se: float
    deals: int
    measured: str
    players: int | None = None
    cards_only: bool = False


LADDER: dict[str, tuple[Measure, ...]] = {
    "hungarian": (
        Measure("basic", "random", 4.307, 0.237, 2000, "2026-11-22"),
        Measure("strong", "basic", 0.707, 0.108, 2000, "2026-11-22"),
    ),
    "czech": (
        Measure("basic", "random", 11.899, 0.094, 60000, "2026-11-22"),
        Measure("strong", "basic", 0.623, 0.146, 480, "2026-11-22"),
        Measure("strong", MACH, 1.03, 0.12, 2274, "2026-11-29", cards_only=True),
        Measure("basic", MACH, 0.50, 0.13, 1899, "2026-11-29", cards_only=True),
    ),
    "slovenian3": (
        Measure("basic", "random", 55.052, 0.844, 3000, "2026-11-24"),
        Measure("strong", "basic", 8.160, 0.870, 250, "2026-11-24"),
        Measure("strong", OPENSPIEL, -2.58, 0.50, 1000, "2026-11-28", cards_only=True),
        Measure("basic", OPENSPIEL, -7.91, 0.60, 1000, "2026-11-28", cards_only=True),
    ),
    "bridge": (
        Measure("basic", "random", 6.306, 0.150, 4000, "2026-11-24", players=3),
        Measure("strong", "basic", 3.787, 0.212, 2000, "2026-11-29", players=3),
        Measure("basic", "random", 10.765, 0.374, 4000, "2026-11-24", players=2),
        Measure("strong", "basic", 7.222, 0.726, 800, "2026-11-24", players=2),
        Measure("basic", "random", 7.612, 0.267, 4000, "2026-11-24", players=4),
        Measure("strong", "basic", 3.890, 0.718, 500, "2026-11-24", players=4),
    ),
}

# The table size whose figures stand for a game that has a choice of it (its default).
DEFAULT_PLAYERS = {"bridge": 3}


def below(variant_key: str, level: str) -> Measure | None:
    """``level`` against the level below it, at the game's default table size; None for the
    bottom level (or a game without figures)."""
    players = DEFAULT_PLAYERS.get(variant_key)
    for measure in LADDER.get(variant_key, ()):
        if measure.level == level and measure.players == players and not measure.cards_only:
            return measure
    return None


def outside(variant_key: str, level: str) -> Measure | None:
    """``level`` against another site's robot, where it was measured so."""
    for measure in LADDER.get(variant_key, ()):
        if measure.level == level and measure.cards_only:
            return measure
    return None
