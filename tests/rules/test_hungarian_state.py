"""The hand state is a value: frozen, never mutated by apply, rebuilt equal by replay."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from games.rules import HandContext, IllegalAction, replay
from games.rules.hungarian import HUNGARIAN, Phase
from games.rules.hungarian.state import evolve

HANDS = [
    "T22 T20 T15 T12 T8 HK HQ SJ D1",
    "T21 T19 T14 T11 T5 SK SQ DJ C10",
    "T18 T13 T10 T7 T3 HR DK DQ CK",
    "T1 T17 T16 T9 T4 HJ SR CQ CR",
]
TALON = "T6 T2 H1 S10 DR CJ"


def test_states_are_frozen(table):
    state = table.start(HANDS, TALON)
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.phase = Phase.PLAY  # type: ignore[misc]


def test_evolve_is_dataclasses_replace(table):
    # evolve() is the fast path apply uses; it must give exactly what replace() gives.
    state = table.start(HANDS, TALON)
    changes = {"phase": Phase.OVER, "to_act": frozenset(), "declarer": 2}
    assert evolve(state, **changes) == dataclasses.replace(state, **changes)
    assert state.phase is Phase.AUCTION  # the original is untouched
    with pytest.raises(TypeError, match="no field 'colour'"):
        evolve(state, colour="red")


def test_apply_never_mutates_its_input(table):
    state = table.run(table.start(HANDS, TALON), "1 bid:two", "2 pass", "3 pass", "0 pass")
    before = copy.deepcopy(state)
    HUNGARIAN.apply(state, 2, "discard:H1,S10")
    with pytest.raises(IllegalAction):
        HUNGARIAN.apply(state, 2, "discard:CK,HR")
    assert state == before


def test_replay_is_a_fold_over_the_log(table):
    state = table.start(HANDS, TALON, dealer=0)
    steps = ["1 bid:two", "2 pass", "3 pass", "0 pass", "2 discard:H1,S10", "1 discard:T5,SQ"]
    log = [(int(s.split()[0]), s.split()[1]) for s in steps]
    assert replay(HUNGARIAN, state.setup.deal, HandContext(dealer=0), log) == table.run(state, *steps)
