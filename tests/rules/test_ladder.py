"""The robots' ladder the pages show (games.bots.ladder) is the one docs/robots.md writes out
("The ladder"), row for row; and every level of every game has its place on it."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.bots import LEVELS
from games.bots.ladder import LADDER, MACH, OPENSPIEL, Measure, below, outside
from games.rules import VARIANTS

pytestmark = pytest.mark.rules

DOC = Path(__file__).resolve().parents[2] / "docs" / "robots.md"


def documented() -> list[Measure]:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## The ladder", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| Game")]
    measures = []
    for row in rows:
        game, level, rival, margin, se, deals, when, players, cards = (
            c.strip() for c in row.strip("|").split("|")
        )
        measures.append(
            Measure(
                level,
                rival,
                float(margin),
                float(se),
                int(deals),
                when,
                int(players) if players else None,
                cards == "yes",
            )
        )
        assert game in VARIANTS, row
    return measures


def test_the_pages_ladder_is_the_documented_one():
    ours = [m for key in VARIANTS for m in LADDER[key]]
    assert documented() == ours
    # And in the documented order of games.
    text = DOC.read_text(encoding="utf-8").split("## The ladder", 1)[1].split("\n## ", 1)[0]
    games = [
        line.split("|")[1].strip()
        for line in text.splitlines()
        if line.startswith("| ") and "Game" not in line and "---" not in line
    ]
    assert [key for key in VARIANTS for _m in LADDER[key]] == games


def test_every_level_above_the_bottom_is_measured_against_the_one_below_in_every_game():
    levels = list(LEVELS)  # weakest first
    for key in VARIANTS:
        assert below(key, levels[0]) is None
        for lower, upper in zip(levels, levels[1:], strict=False):
            measure = below(key, upper)
            assert measure is not None and measure.rival == lower, (key, upper)
            assert measure.margin > 3 * measure.se  # clearly stronger, as measured
            assert measure.deals >= 250


def test_the_outside_rivals_are_where_they_were_measured():
    assert outside("czech", "strong").rival == MACH
    assert outside("slovenian3", "strong").rival == OPENSPIEL
    assert outside("hungarian", "strong") is None and outside("bridge", "basic") is None
