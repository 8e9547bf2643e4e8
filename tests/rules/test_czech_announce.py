"""Valat (czech.md §7.2), I on the end (§7.3) and contra (§7.4): order, eligibility, privacy."""

from __future__ import annotations

import pytest

from games.rules import AUDIENCE, EVERYONE, IllegalAction
from games.rules.czech import Phase
from tests.rules.english import english

ALL_PASS = ("0 pass", "1 pass", "2 pass", "3 pass")

# Partner game: povinnost seat 0 calls T16, held by seat 1. D = {0, 1}, O = {2, 3}; seat 3
# holds T1.
HANDS = [
    "T19 T18 T17 T22 T5 HK HQ HR HJ H1 H2 H3",
    "T16 T15 T14 T13 T12 SK SQ SR SJ S10 S9 S8",
    "T21 T20 T11 T10 T9 DK DQ DR DJ D1 D2 D3",
    "T8 T7 T6 T4 T3 T2 T1 CK CQ CR CJ C10",
]
TALON = "H4 S7 D4 C7 C8 C9"
PRIVATE = "The players decide in private whether to call I on the end or contra"
TO_VALAT = (
    *ALL_PASS,
    "1 take",
    "2 take",
    "0 discard:H4",
    "0 discard:S7",
    "0 discard:D4",
    "0 discard:C7",
    "1 discard:C8",
    "2 discard:C9",
    "0 call:T16",
    "0 declare",  # every partner game: povinnost announces the money cards
)

# Prever game: seat 2 goes prever (D = {2}); seat 3 holds T1.
PREVER_HANDS = [
    "T22 T21 T20 T19 T18 T17 T16 HK HQ HR HJ H1",
    "T15 T14 T13 T12 T11 SK SQ SR SJ S10 S9 S8",
    "T10 T9 T8 T7 T6 DK DQ DR DJ D1 D2 D3",
    "T5 T4 T3 T2 T1 CK CQ CR CJ C10 C9 C8",
]
PREVER_TALON = "H2 H3 H4 S7 D4 C7"
PREVER_TO_VALAT = ("0 pass", "1 pass", "2 prever", "2 keep", "2 discard:H2", "2 discard:H3", "2 discard:H4")


def texts(view):
    return [(e["seat"], english(e["text"])) for e in view["log"]]


@pytest.fixture
def valat_state(czech_table):
    return czech_table.run(czech_table.start(HANDS, TALON), *TO_VALAT)


# -- §7.2 valat -------------------------------------------------------------------------------


def test_valat_is_offered_from_povinnost_in_playing_order(czech_table, valat_state):
    state = valat_state
    assert state.phase is Phase.VALAT and state.to_act == {0}
    assert czech_table.legal(state, 0) == ["pass", "valat"]
    state = czech_table.run(state, "0 pass", "1 pass")
    assert state.to_act == {2}
    state = czech_table.run(state, "2 valat")
    # The first call ends the step; valat called: no I on the end offer (option off).
    assert state.valat == 2 and state.phase is Phase.CONTRA
    view = czech_table.view(state, AUDIENCE)
    assert view["valat"] == {"seat": 2} and view["contra"]["item"] == "valat"
    assert (2, "calls valat: their side will take all 12 tricks") in texts(view)


def test_four_passes_lead_to_the_private_i_on_the_end_offer(czech_table, valat_state):
    state = czech_table.run(valat_state, *ALL_PASS)
    assert state.phase is Phase.IOTE and state.to_act == {3}
    assert czech_table.legal(state, 3) == ["pass", "iote"]
    own = czech_table.view(state, 3)
    assert own["to_act"] == [3] and own["waiting"] is None
    for viewer in (0, 1, 2, AUDIENCE):
        view = czech_table.view(state, viewer)
        # From outside the offer looks like the contra offers: a step shown only when
        # somebody holds T1 would tell when T1 lies in a prever's untaken talon.
        assert view["phase"] == "contra" and view["to_act"] == [] and english(view["waiting"]) == PRIVATE
    assert czech_table.view(state, EVERYONE)["to_act"] == [3]
    with pytest.raises(IllegalAction, match="^It is not your turn$"):
        czech_table.run(state, "0 iote")
    called = czech_table.run(state, "3 iote")
    assert called.iote == 3 and called.phase is Phase.CONTRA
    assert czech_table.view(called, 1)["iote"] == {"seat": 3}
    assert (3, "calls I on the end: the I will be the only trump in the last trick") in texts(
        czech_table.view(called, 1)
    )
    # A pass is not announced.
    passed = czech_table.run(state, "3 pass")
    assert passed.iote is None and passed.log == state.log
    assert czech_table.view(passed, 0)["iote"] is None


def test_i_on_the_end_after_a_valat_call_only_with_the_option(czech_table):
    steps = (*TO_VALAT, "0 valat")
    off = czech_table.run(czech_table.start(HANDS, TALON), *steps)
    assert off.phase is Phase.CONTRA
    on = czech_table.run(czech_table.start(HANDS, TALON, iote_with_valat=True), *steps)
    assert on.phase is Phase.IOTE and on.to_act == {3}


# -- §7.4 contra ------------------------------------------------------------------------------


def test_contra_offers_go_one_by_one_to_the_eligible_players(czech_table, valat_state):
    state = before = czech_table.run(valat_state, *ALL_PASS, "3 pass")
    # Level 1 (contra): not on X = D = {0, 1}: seats 2 then 3, starting after povinnost.
    assert state.phase is Phase.CONTRA and state.to_act == {2}
    assert czech_table.legal(state, 2) == ["pass", "contra"]
    for viewer in (0, 1, 3, AUDIENCE):
        view = czech_table.view(state, viewer)
        assert view["to_act"] == [] and english(view["waiting"]) == PRIVATE
    assert czech_table.view(state, 2)["to_act"] == [2]
    with pytest.raises(IllegalAction, match="^You may only say contra now$"):
        czech_table.run(state, "2 rhea-contra")
    state = czech_table.run(state, "2 pass")
    assert state.to_act == {3}
    state = czech_table.run(state, "3 contra")
    # Level 2 (rhea-contra): on X, after the caller: seat 0, then seat 1.
    assert state.to_act == {0} and czech_table.legal(state, 0) == ["pass", "rhea-contra"]
    view = czech_table.view(state, AUDIENCE)
    assert view["contra"] == {
        "item": "game",
        "level": 1,
        "name": "contra",
        "calls": [{"seat": 3, "call": "contra"}],
    }
    assert view["public_sides"] == ["declarer", None, None, "opponents"]
    state = czech_table.run(state, "0 pass", "1 rhea-contra")
    assert czech_table.view(state, AUDIENCE)["public_sides"] == ["declarer", "declarer", None, "opponents"]
    # Level 3 (supra-contra): not on X, after seat 1: seat 2, then seat 3.
    assert state.to_act == {2} and czech_table.legal(state, 2) == ["pass", "supra-contra"]
    state = czech_table.run(state, "2 supra-contra")
    # Three calls: the most there can be. Play begins, povinnost leads.
    assert state.phase is Phase.PLAY and state.to_act == {0}
    view = czech_table.view(state, 1)
    assert view["contra"]["level"] == 3 and view["contra"]["name"] == "supra-contra"
    assert [c["seat"] for c in view["contra"]["calls"]] == [3, 1, 2]
    assert view["to_act"] == [0] and view["waiting"] is None
    # Declines are never announced: the calls and the first lead are all the log gained.
    assert texts(view)[len(before.log) :] == [
        (3, "says contra on the game"),
        (1, "says rhea-contra on the game"),
        (2, "says supra-contra on the game"),
        (0, "leads the first trick"),
    ]


def test_the_contra_step_ends_when_every_eligible_player_declines(czech_table, valat_state):
    state = czech_table.run(valat_state, *ALL_PASS, "3 pass", "2 pass", "3 pass")
    assert state.phase is Phase.PLAY and state.contra_calls == ()
    state = czech_table.run(valat_state, *ALL_PASS, "3 pass", "2 contra", "0 pass", "1 pass")
    assert state.phase is Phase.PLAY and state.contra_calls == ((2, "contra"),)


def test_prever_game_contra_starts_after_the_prever(czech_table):
    state = czech_table.run(czech_table.start(PREVER_HANDS, PREVER_TALON), *PREVER_TO_VALAT, *ALL_PASS)
    assert state.phase is Phase.IOTE and state.to_act == {3}
    state = czech_table.run(state, "3 pass")
    # Level 1 after the prever (seat 2): seats 3, 0, 1.
    assert state.contra_queue == (3, 0, 1) and state.to_act == {3}
    state = czech_table.run(state, "3 pass", "0 contra")
    # Level 2: only the prever.
    assert state.contra_queue == (2,)
    state = czech_table.run(state, "2 rhea-contra")
    # Level 3: not on X, after the prever: 3, 0, 1.
    assert state.contra_queue == (3, 0, 1)
    state = czech_table.run(state, "3 pass", "0 pass", "1 pass")
    assert state.phase is Phase.PLAY and len(state.contra_calls) == 2 and state.to_act == {0}


def test_contra_on_an_opponents_valat_offers_povinnost_last(czech_table, valat_state):
    # Seat 3 (O) calls valat: X = O = {2, 3}. Contra goes to the players not on X, in order
    # from the one after povinnost, povinnost itself last: seat 1, then seat 0.
    state = czech_table.run(valat_state, "0 pass", "1 pass", "2 pass", "3 valat")
    assert state.phase is Phase.CONTRA and state.contra_queue == (1, 0)
    # The valat caller's side is not yet public in terms of declarer/opponents.
    assert czech_table.view(state, AUDIENCE)["public_sides"] == ["declarer", None, None, None]
    state = czech_table.run(state, "1 pass", "0 contra")
    # Povinnost is not on X: X is the opponents, so the valat caller is an opponent.
    assert czech_table.view(state, AUDIENCE)["public_sides"] == ["declarer", None, None, "opponents"]
    assert czech_table.view(state, AUDIENCE)["contra"]["item"] == "valat"
    # Rhea-contra: on X (2, 3), after seat 0: seat 2, then seat 3.
    assert state.contra_queue == (2, 3)


def test_only_declined_offers_are_private_moves(czech_table, valat_state):
    variant = czech_table.variant
    assert variant.is_public(valat_state, 0, "pass")  # a valat pass is announced
    iote = czech_table.run(valat_state, *ALL_PASS)
    assert not variant.is_public(iote, 3, "pass") and variant.is_public(iote, 3, "iote")
    contra = czech_table.run(iote, "3 pass")
    assert not variant.is_public(contra, 2, "pass") and variant.is_public(contra, 2, "contra")
