"""The run and the Bridge (bridge.md §8.6)."""

from __future__ import annotations

import pytest

from games.rules import IllegalAction
from games.rules.bridge import Phase


def test_the_run_counts_across_moves_and_a_fourth_card_offers_bridge(bridge_table):
    state = bridge_table.start(["H9 C9 HK", "D9 S9 DQ", "SA S7"])
    state = bridge_table.run(state, "0 play:H9", "0 play:C9")
    view = bridge_table.view(state, 2)
    assert view["run"] == 2 and view["run_cards"] == ["H9", "C9"]
    state = bridge_table.run(state, "1 play:D9")
    assert bridge_table.view(state, 2)["run"] == 3 and state.phase is Phase.PLAY
    state = bridge_table.run(state, "1 play:S9")
    # Seat 1's S9 makes the run 4: it may declare Bridge.
    assert state.phase is Phase.BRIDGE and state.to_act == {1}
    assert bridge_table.legal(state, 1) == ["bridge", "no-bridge"]
    assert bridge_table.legal(state, 0) == []
    with pytest.raises(IllegalAction, match="^You cannot end your move now$"):
        bridge_table.run(state, "1 stop")
    declared = bridge_table.run(state, "1 bridge")
    assert declared.phase is Phase.OVER and declared.winner == 1
    assert declared.result is not None and declared.result.reason == "Bridge"
    assert declared.result.declarer == 1
    # Hand points: seat 0 HK 10, seat 1 DQ 10, seat 2 SA 15 + S7 0.
    assert declared.result.payments == (10, 10, 15)
    assert bridge_table.log(declared)[-1] == "1 declares Bridge"
    played_on = bridge_table.run(state, "1 no-bridge")
    # No 9 is left to add: the move ends; seat 2 moves.
    assert played_on.phase is Phase.PLAY and played_on.to_act == {2}
    assert bridge_table.log(played_on)[-1] == "1 plays on without declaring Bridge"


def test_a_card_of_another_rank_restarts_the_run(bridge_table):
    state = bridge_table.start(["H9 C9 HK", "CK D9 S9", "SA S7"])
    state = bridge_table.run(state, "0 play:H9", "0 play:C9", "1 play:CK")
    assert bridge_table.view(state, 2)["run"] == 1 and bridge_table.view(state, 2)["run_cards"] == ["CK"]


def test_a_bridge_of_four_6s_ends_the_round_with_the_6_uncovered(bridge_table):
    state = bridge_table.start(["H6 S6 D6 C6 DA", "H9 DQ", "SA S7"])
    state = bridge_table.run(state, "0 play:H6", "0 play:S6", "0 play:D6", "0 play:C6")
    assert state.phase is Phase.BRIDGE
    declared = bridge_table.run(state, "0 bridge")
    assert declared.phase is Phase.OVER and declared.top == "C6" and declared.hands[0] == ("DA",)
    # The winner still counts its own cards: DA 15; seat 1 H9 0 + DQ 10; seat 2 SA 15.
    assert declared.result.payments == (15, 10, 15)
    # Declined: the 6 must be covered (clubs, a 6 or a J).
    declined = bridge_table.run(state, "0 no-bridge")
    assert declined.phase is Phase.PLAY and bridge_table.legal(declined, 0) == ["draw"]


def test_a_fourth_card_that_empties_the_hand_goes_out_without_a_question(bridge_table):
    state = bridge_table.start(["H9 C9 HK", "D9 S9", "SA S7 HQ"])
    state = bridge_table.run(state, "0 play:H9", "0 play:C9", "1 play:D9", "1 play:S9")
    assert state.phase is Phase.OVER and state.winner == 1 and state.result.reason == "went out"


def test_a_fourth_6_that_empties_the_hand_still_asks_and_declining_means_drawing(bridge_table):
    state = bridge_table.start(["H6 S6 D6 C6", "D9 S9", "SA S7"], blind="HA C10")
    state = bridge_table.run(state, "0 play:H6", "0 play:S6", "0 play:D6", "0 play:C6")
    assert state.phase is Phase.BRIDGE and state.hands[0] == ()
    state = bridge_table.run(state, "0 no-bridge")
    # The C6 must be covered: seat 0 holds nothing, draws HA (no cover), then C10.
    state = bridge_table.run(state, "0 draw")
    assert state.hands[0] == ("HA",) and bridge_table.legal(state, 0) == ["draw"]
    state = bridge_table.run(state, "0 draw", "0 play:C10")
    # Covered: the move ends with HA in hand, so the round goes on.
    assert state.phase is Phase.PLAY and state.to_act == {1} and state.hands[0] == ("HA",)
