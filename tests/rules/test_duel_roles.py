"""The duel's figures by role (issue 37: strong − basic "in every role separately") and its record
of a long duel run in pieces (games.bots.duel)."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError

from games.bots.duel import ROLES_DIFFER, RecordMismatch, mirror, play_deal, role_of, run_duel, seatings
from games.management.commands.robots_duel import robots_version
from games.rules import HandResult
from tests.rules.robot_checks import duel_output

pytestmark = pytest.mark.rules


def result(**fields) -> HandResult:
    return HandResult(thrown_in=False, payments=(0, 0, 0, 0), **fields)


def test_a_seats_role_is_read_from_the_result():
    partner_game = result(contract="three", declarer=1, partner=3, declarer_side=(1, 3))
    assert [role_of(partner_game, seat) for seat in range(4)] == [
        "defender",
        "declarer",
        "defender",
        "partner",
    ]
    alone = result(contract="solo", declarer=2, declarer_side=(2,))
    assert [role_of(alone, seat) for seat in range(4)] == ["defender", "defender", "declarer", "defender"]
    assert role_of(result(contract="klop"), 0) == "klop"
    assert role_of(result(contract="open beggar", declarer=0, declarer_side=(0,)), 0) == "beggar"
    assert role_of(result(contract="beggar", declarer=0, declarer_side=(0,)), 1) == "defender"
    # Bridge: no roles (its result's declarer is the round's winner, an outcome).
    bridge = result(declarer=2, declarer_side=(2,))
    assert [role_of(bridge, seat, "bridge") for seat in range(4)] == ["player"] * 4
    assert role_of(HandResult(thrown_in=True, payments=(0, 0, 0, 0)), 1) == "thrown in"


def test_the_seatings_pair_with_their_mirror():
    assert mirror(seatings("A", "B", 4), "A", "B") == [(0, 1)]
    assert mirror(seatings("A", "B", 3), "A", "B") == [(0, 3), (1, 4), (2, 5)]
    assert mirror(seatings("A", "B", 2), "A", "B") == [(0, 1)]


@pytest.mark.parametrize("variant", ["hungarian", "czech", "slovenian3", "bridge"])
def test_the_roles_pairs_make_up_the_deals_difference(variant):
    """Every seat of every mirrored pair of hands is in exactly one row (its role, or "roles
    differ"): the rows' pairs, weighted, give the deal's A − B."""
    seats = 3 if variant in ("slovenian3", "bridge") else 4
    for index in range(6):
        deal = play_deal(variant, "basic", "random", 3, {}, index)
        pairs = sum(n for _mean, n in deal.roles.values())
        assert pairs == len(seatings("a", "b", seats)) // 2 * seats
        weighted = sum(mean * n for mean, n in deal.roles.values()) / pairs
        assert weighted == pytest.approx(deal.a_score - deal.b_score)
        if variant == "bridge":
            assert set(deal.roles) == {"player"}


def test_a_record_goes_on_where_it_stopped_and_refuses_another_duel(tmp_path):
    path = str(tmp_path / "duel.jsonl")
    first = run_duel("basic", "random", 3, seed=4, workers=1, record=path, robots="v1")
    assert first.deals == 3 and first.earlier == 0
    whole = run_duel("basic", "random", 5, seed=4, workers=1, record=path, robots="v1")
    assert whole.deals == 5 and whole.earlier == 3
    assert len(whole.times["basic"]) < len(first.times["basic"]) * 5 / 3  # only two deals played now
    lines = [json.loads(line) for line in open(path, encoding="utf-8")]
    assert lines[0]["duel"] == "hungarian" and [line["index"] for line in lines[1:]] == [0, 1, 2, 3, 4]
    fresh = run_duel("basic", "random", 5, seed=4, workers=1)
    assert (whole.diff_mean, whole.diff_ci, whole.roles) == pytest.approx(
        (fresh.diff_mean, fresh.diff_ci, fresh.roles)
    )
    assert ROLES_DIFFER in whole.roles or all(
        role in ("declarer", "partner", "defender") for role in whole.roles
    )
    assert "(3 of the deals were read from the record of earlier runs)" in whole.report()
    assert "By role" in whole.report()
    for other in ({"seed": 5}, {"robots": "v2"}):
        with pytest.raises(RecordMismatch):
            run_duel("basic", "random", 5, **{"seed": 4, "robots": "v1", **other}, workers=1, record=path)


def test_the_duel_command_keeps_a_record_that_names_the_games_code(tmp_path):
    path = str(tmp_path / "bridge.jsonl")
    given = ("--variant", "bridge", "--a", "basic", "--b", "random", "--workers", "1", "--record", path)
    duel_output(*given, "--hands", "3")
    header = json.loads(open(path, encoding="utf-8").readline())
    assert header["robots"] == robots_version("bridge") != robots_version("czech")
    assert "(3 of the deals were read from the record of earlier runs)" in duel_output(*given, "--hands", "4")
    with pytest.raises(CommandError, match="records another duel"):
        duel_output(*given, "--hands", "4", "--seed", "2")
