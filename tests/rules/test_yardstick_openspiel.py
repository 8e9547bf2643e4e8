"""The yardstick against OpenSpiel's robots (bench/yardstick_openspiel.py) on a few deals: the
duplicate holds (the auction, and so the role and contract, is the same for every player under
test on a deal), the reference is reproducible, our robot decides from its own seat's view only,
a deal where the two engines disagree is skipped and counted, and the report prints."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open-spiel (test-only) is not installed: bin/setup --dev")

from bench import yardstick_openspiel as yardstick  # noqa: E402
from games.rules import Deal  # noqa: E402

SEED = 20261128


def test_a_deal_is_the_same_for_every_player_and_the_reference_is_reproducible():
    for index in range(3):  # the tested seat is index % 3: every seat once
        hands = yardstick.play_deal(pyspiel, index, ["mcts", "basic"], SEED, 60)
        reference, basic = hands["mcts"], hands["basic"]
        assert (reference.role, reference.contract) == (basic.role, basic.contract)
        assert reference.role in yardstick.ROLES
        assert (reference.role == "klop") == (reference.contract == "klop")
        again = yardstick.play_deal(pyspiel, index, ["mcts"], SEED, 60)["mcts"]
        assert (again.history, again.score, again.margin) == (
            reference.history,
            reference.score,
            reference.margin,
        )
        if reference.role == "defender":  # only the declarer scores; a defender may lose its mond
            assert reference.score in (0, -20) and basic.score in (0, -20)


def test_our_robot_chooses_cards_from_its_own_seat_s_view(monkeypatch: pytest.MonkeyPatch):
    seen: list[tuple[Any, list[str]]] = []

    class Spy:
        def choose(self, view: Any, legal: list[str], rng: random.Random) -> str:
            seen.append((view, legal))
            return legal[0]

    monkeypatch.setattr(yardstick, "get_robot", lambda level: Spy())
    game = pyspiel.load_game("tarok", {"players": 3, "rng_seed": yardstick.seeded("deal", SEED, 1)})
    start = game.new_initial_state()
    start.apply_action(0)
    hand = yardstick.play_hand(pyspiel, game, start, 1, 1, "basic", SEED, 40)
    assert seen and hand.agreed <= hand.decisions <= len(seen)
    dealt = set(yardstick.our_deal(start).hands[1]) | set(yardstick.our_deal(start).talon)
    for view, legal in seen:
        assert view["viewer"] == 1 and view["phase"] == "play"
        assert view["deal"] is None  # not the all-seeing view
        assert {action.partition(":")[2] for action in legal} <= dealt


def test_a_deal_the_engines_disagree_on_is_skipped_and_counted(monkeypatch, capsys):
    def swapped(theirs: Any) -> Deal:
        """OpenSpiel's deal with one card of seat 0 and one of seat 1 exchanged (wrong for us)."""
        deal = original(theirs)
        first, second = list(deal.hands[0]), list(deal.hands[1])
        first[0], second[0] = second[0], first[0]
        return Deal(hands=(tuple(first), tuple(second), deal.hands[2]), talon=deal.talon)

    original = yardstick.our_deal
    monkeypatch.setattr(yardstick, "our_deal", swapped)
    with pytest.raises(yardstick.Mismatch):
        yardstick.play_deal(pyspiel, 0, ["mcts"], SEED, 20)
    assert (
        yardstick.main(["--deals", "2", "--players", "random", "--simulations", "20", "--no-calibration"])
        == 0
    )
    out = capsys.readouterr().out
    assert "played 0 deals (2 skipped: the engines disagreed)" in out
    assert out.count("skipped deal") == 2


def test_the_report_prints_points_margins_and_differences(capsys):
    argv = [
        "--deals",
        "2",
        "--seed",
        "3",
        "--players",
        "basic,strong",
        "--simulations",
        "40",
        "--no-calibration",
    ]
    assert yardstick.main(argv) == 0
    out = capsys.readouterr().out
    assert "played 2 deals (0 skipped" in out
    assert "basic - mcts" in out and "strong - mcts" in out
    all_rows = [line for line in out.splitlines() if line.startswith("all ")]
    assert len(all_rows) == 2  # points and margin
    assert all(line.count("±") == 5 for line in all_rows)  # three players, two differences
    assert "decisions" in out and "CPU" in out and "% MCTSBot's card" in out


def test_unknown_players_and_bad_counts_are_refused_with_words(capsys):
    with pytest.raises(SystemExit):
        yardstick.main(["--players", "basic,clever"])
    assert "unknown player clever" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        yardstick.main(["--deals", "0"])
    assert "must be a positive whole number" in capsys.readouterr().err


def test_mean_and_standard_error():
    assert yardstick.mean_se([1.0, 3.0]) == (2.0, 1.0)
    mean, se = yardstick.mean_se([5.0])
    assert mean == 5.0 and se != se  # nan: one value has no spread
