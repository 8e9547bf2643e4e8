"""bench/yardstick_mach.py, machtarok.com's own robots as a yardstick, run on 2 deals.

The run on 2 deals needs Node and machtarok.com's code (a read-only copy of coder0987/Taroky: the
mirror ``yardstick_mach.MIRROR`` or the path in ``TAROKK_MACH_SOURCE``). Mach's code is not ours
to ship (no licence), so a clean clone has no copy: there that test is not collected at all (CI
would count a test skipped in every run as a failure, rightly, for what the project must
provide). The other tests need neither and always run.
"""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path

import pytest

from bench import yardstick_mach
from games.rules.czech import Phase

SOURCE = Path(os.environ.get("TAROKK_MACH_SOURCE", str(yardstick_mach.MIRROR)))
NODE = shutil.which("node") or "/usr/bin/node"

MACH_HERE = Path(NODE).exists() and SOURCE.exists()


def _two_deals_follow_mach_in_our_engine_and_score_alike(capsys):
    args = yardstick_mach.parse(
        [
            "--deals",
            "2",
            "--players",
            "mach,basic,mach-easy",
            "--mach",
            str(SOURCE),
            "--node",
            NODE,
            "--no-calibration",
        ]
    )
    report = yardstick_mach.run(args)
    printed = capsys.readouterr().out

    for player in ("mach", "basic", "mach-easy"):
        hands = report.hands[player]
        assert sorted(hands) == [0, 1]
        assert [hands[i].seat for i in (0, 1)] == [0, 1]  # the seat under test rotates
        for hand in hands.values():
            assert not hand.skipped, hand.detail  # these two deals have no called I
            assert hand.role in yardstick_mach.ROLES
            assert hand.mach == hand.ours and not hand.disagree, hand.detail
    # Everything before the first card is Mach's robots' on every deal: the same role for all.
    for index in (0, 1):
        assert len({report.hands[p][index].role for p in ("mach", "basic", "mach-easy")}) == 1
    # Our robot chose cards from our engine (some with a choice); Mach's own did not ask us.
    assert sum(h.decisions for h in report.hands["basic"].values()) > 5
    assert sum(h.decisions for h in report.hands["mach"].values()) == 0
    assert "paired − mach" in printed and "CPU: Python" in printed


if MACH_HERE:  # see the module's docstring
    test_two_deals_follow_mach_in_our_engine_and_score_alike = (
        _two_deals_follow_mach_in_our_engine_and_score_alike
    )


def test_a_mismatch_drops_the_deal_and_is_counted():
    """Our state refusing one of Mach's decisions is a finding, not a crash."""
    mirror = yardstick_mach.Mirror(0, None, random.Random(1))
    deck = yardstick_mach.deck_of(1, 0)
    hands = [deck[6 + 12 * s : 18 + 12 * s] for s in range(4)]
    mirror.handle({"ev": "dealt", "hands": hands, "talon": deck[:6], "povinnost": 0})
    assert mirror.current.phase is Phase.PREVER and mirror.current.povinnost == 0
    with pytest.raises(yardstick_mach.Mismatch) as caught:
        mirror.handle({"ev": "valat", "seat": 1, "call": False})
    assert caught.value.kind == "valat"  # ours still waits for povinnost's prever choice
    assert "ours waits for [0]" in caught.value.detail


def test_bad_arguments_are_refused_with_words(capsys):
    for argv, words in (
        (["--players", "mach,grandmaster"], "unknown player 'grandmaster'"),
        (["--players", "basic,basic"], "name each player once"),
        (["--deals", "0"], "--deals must be at least 1"),
        (["--budget", "0"], "--budget must be a positive count"),
    ):
        with pytest.raises(SystemExit):
            yardstick_mach.parse(argv)
        assert words in capsys.readouterr().err
