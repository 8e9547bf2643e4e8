"""Every guided hand's script is a legal, complete hand through the rules core, and its robots
can find each of their moves from their own view alone (games.tutorial)."""

from __future__ import annotations

import random

import pytest

from games.autoplay.robots import robot_for
from games.bots import seat_view
from games.rules import VARIANTS
from games.tutorial import LEARNER, SCRIPTS
from games.tutorial.guide import refusal
from games.tutorial.robot import SCRIPT_ROBOT

# What each hand ends with: the payments of seats 0, 1, ... and the receipt's lines.
ENDINGS = {
    # Three won with 58 (game 1) and the opponents' silent pagát lost in trick 9 (5): V = 6.
    "hungarian": ((6, 6, -6, -6), ["game", "pagát ultimó"]),
    # Partner game won with 77: (24 + 10) × 2 = 68 → 7; robot 2's Tarocky paid 2 by each other.
    "czech": ((5, 13, -9, -9), ["game", "Tarocky"]),
    # Three with 39 card points: 10, and 39 − 35 = 4 rounded to 5.
    "slovenian3": ((15, 0, 0), ["game", "difference"]),
    # The learner goes out; the robots keep HJ D8 C7 (20) and CJ C8 (20).
    "bridge": ((0, 20, 20), ["hand points", "hand points", "hand points"]),
}


def test_it_has_a_guided_hand_for_every_game():
    assert sorted(SCRIPTS) == sorted(VARIANTS)


@pytest.mark.parametrize("key", sorted(SCRIPTS))
def test_it_plays_each_script_to_its_end_through_the_rules_core(key):
    script = SCRIPTS[key]
    states = script.states()
    result = script.rules.result(states[-1])
    payments, items = ENDINGS[key]
    assert script.rules.is_over(states[-1])
    assert result.payments == payments
    assert [i.name for i in result.items] == items
    assert all(i.name in script.receipt for i in result.items)  # every receipt line is explained


@pytest.mark.parametrize("key", sorted(SCRIPTS))
def test_it_advises_every_learner_move_and_only_those(key):
    script = SCRIPTS[key]
    for move in script.moves:
        assert (move.advice is not None) == (move.seat == LEARNER)
        assert move.advice is None or move.advice.about  # every decision is explained as it comes


@pytest.mark.parametrize("key", sorted(SCRIPTS))
def test_it_explains_every_real_choice(key):
    # A decision with more than one legal move says why the advised one is good.
    script = SCRIPTS[key]
    for move, state in zip(script.moves, script.states(), strict=False):
        if move.seat == LEARNER and len(script.rules.legal_actions(state, LEARNER)) > 1:
            assert move.advice.why, f"{key}: {move.action} has no why"


@pytest.mark.parametrize("key", sorted(SCRIPTS))
def test_it_lets_the_script_robot_play_every_robot_move_from_its_own_view(key):
    script = SCRIPTS[key]
    robot = robot_for(SCRIPT_ROBOT)
    for move, state in zip(script.moves, script.states(), strict=False):
        if move.seat == LEARNER:
            continue
        legal = script.rules.legal_actions(state, move.seat)
        view = seat_view(script.rules, state, move.seat)
        assert robot.choose(view, legal, random.Random(0)) == move.action


def test_it_refuses_another_move_of_the_learner_with_the_script_reason():
    # The learner's first move in the Hungarian hand: bid three.
    assert refusal("hungarian", 0, LEARNER, "bid:three") is None
    assert refusal("hungarian", 0, LEARNER, "pass") == (
        "Bid three here: your six tarokks and the XXI are enough for it, not for more."
    )
    # The learner's third move, a discard: in another order it is the same move.
    assert refusal("hungarian", 2, LEARNER, "discard:CQ,SJ,DR") is None
    # Past the learner's part, and for the robots' seats, nothing is refused here.
    assert refusal("hungarian", 19, LEARNER, "play:T16") is None
    assert refusal("hungarian", 1, 1, "bid:two") is None


def test_it_builds_the_default_refusal_from_the_advice():
    # The learner's sixth move: lead the heart king.
    assert refusal("hungarian", 5, LEARNER, "play:T21") == (
        "In this guided hand the move here is “Play K♥”: Lead your king of hearts while the others "
        "still hold hearts: it is likely to win and a king is worth 5 card points."
    )
