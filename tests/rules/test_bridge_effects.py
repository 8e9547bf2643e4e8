"""What a move does to the following players: 7s, 8s (next or spread), As (bridge.md §8.5, §14
examples 3 and 4)."""

from __future__ import annotations

import pytest

from games.rules import UnknownAction
from games.rules.bridge import Phase
from games.rules.bridge.pack import PACK_36

FOUR = ["D8 H8 CA", "S6", "S7", "S9"]  # four players; seat 0 starts
BLIND = "HA HK HQ HJ"  # the blind's top cards, top first


def test_example_3_two_8s_next_with_4_players(bridge_table):
    state = bridge_table.start(FOUR, blind=BLIND)
    state = bridge_table.run(state, "0 play:D8", "0 play:H8")
    # Two 8s in one move: seat 0 chooses.
    assert state.phase is Phase.EIGHTS and state.to_act == {0}
    assert bridge_table.legal(state, 0) == ["eights:next", "eights:spread"]
    assert bridge_table.view(state, 3)["pending"] == {"sevens": 0, "eights": 2, "aces": 0}
    with pytest.raises(UnknownAction, match="^Choose next or spread for the 8s$"):
        bridge_table.run(state, "0 eights:all")
    state = bridge_table.run(state, "0 eights:next")
    # "Next": seat 1 draws 2 × 2 = 4 and loses its turn; seat 2 moves.
    assert state.hands[1] == ("HA", "HK", "HQ", "HJ", "S6") and state.to_act == {2}
    assert bridge_table.log(state, 3) == [
        "0 gives all the 8s to the next player",
        "1 draws 4 cards for 2 eights and loses a turn",
    ]


def test_example_3_two_8s_spread_with_4_players(bridge_table):
    state = bridge_table.start(FOUR, blind=BLIND)
    state = bridge_table.run(state, "0 play:D8", "0 play:H8", "0 eights:spread")
    # "Spread": seats 1 and 2 draw 2 each and lose their turns; seat 3 moves.
    assert state.hands[1] == ("HA", "HK", "S6") and state.hands[2] == ("HQ", "HJ", "S7")
    assert state.to_act == {3}
    assert bridge_table.log(state, 3) == [
        "0 spreads the 8s",
        "1 draws 2 cards for an eight and loses a turn",
        "2 draws 2 cards for an eight and loses a turn",
    ]


def test_spread_8s_wrap_around_skipping_the_8_player(bridge_table):
    # Three players, three 8s spread: seats 1, 2, then 1 again; play resumes after seat 1.
    state = bridge_table.start(["D8 H8 S8 CA", "S6", "S7"], blind="HA HK HQ HJ DA DK")
    state = bridge_table.run(state, "0 play:D8", "0 play:H8", "0 play:S8", "0 eights:spread")
    assert [len(h) for h in state.hands] == [1, 5, 3] and state.to_act == {2}
    # Four 8s spread with three players: 1, 2, 1, 2, and the 8-player moves again.
    state = bridge_table.start(["D8 H8 S8 C8 CA", "S6", "S7"], blind="HA HK HQ HJ DA DK DQ DJ")
    state = bridge_table.run(state, "0 play:D8", "0 play:H8", "0 play:S8", "0 play:C8", "0 no-bridge")
    state = bridge_table.run(state, "0 eights:spread")
    assert [len(h) for h in state.hands] == [1, 5, 5] and state.to_act == {0}


def test_one_8_makes_the_next_player_draw_2_and_lose_the_turn_without_a_choice(bridge_table):
    state = bridge_table.start(["C8 CA", "S6", "S7"], blind=BLIND)
    state = bridge_table.run(state, "0 play:C8")
    assert state.hands[1] == ("HA", "HK", "S6") and state.to_act == {2}
    assert bridge_table.log(state)[-1] == "1 draws 2 cards for the eight and loses a turn"


def test_with_2_players_spread_equals_next_and_is_not_asked(bridge_table):
    state = bridge_table.start(["D8 H8 CA", "S6"], blind=BLIND)
    state = bridge_table.run(state, "0 play:D8", "0 play:H8")
    # Seat 1 draws 4 and loses its turn: seat 0 moves again.
    assert state.phase is Phase.PLAY and state.to_act == {0} and len(state.hands[1]) == 5


@pytest.mark.parametrize(
    ("rule", "drawn", "to_act"),
    [("always_next", [1, 5, 1, 1], 2), ("always_spread", [1, 3, 3, 1], 3)],
)
def test_the_eights_rule_option_fixes_the_choice(bridge_table, rule, drawn, to_act):
    state = bridge_table.start(FOUR, blind=BLIND, eights_rule=rule)
    state = bridge_table.run(state, "0 play:D8", "0 play:H8")
    assert [len(h) for h in state.hands] == drawn and state.to_act == {to_act}


def test_each_7_makes_the_next_player_draw_one_who_then_moves(bridge_table):
    state = bridge_table.start(["H7 D7 CA", "S6 DK", "S7"], blind="HA HK")
    state = bridge_table.run(state, "0 play:H7", "0 play:D7")
    # Two 7s: seat 1 draws 2 and takes its turn normally.
    assert state.hands[1] == ("HA", "HK", "S6", "DK") and state.to_act == {1}
    assert bridge_table.log(state)[-1] == "1 draws 2 cards for 2 sevens"
    assert bridge_table.view(state, 2)["drawn_counts"] == [0, 2, 0]
    assert bridge_table.view(state, 1)["drawn"] == ["HA", "HK"]
    assert bridge_table.legal(state, 1) == ["play:DK"]


def test_example_4_aces_pass_over_players(bridge_table):
    # Three players: SA then HA passes over seats 1 and 2; seat 0 moves again.
    state = bridge_table.start(["SA HA C9", "S6", "S7"])
    state = bridge_table.run(state, "0 play:SA", "0 play:HA")
    assert state.to_act == {0}
    assert bridge_table.log(state, 3) == ["1 is passed over (ace)", "2 is passed over (ace)"]
    # Four players: the same move passes over seats 1 and 2; seat 3 moves.
    state = bridge_table.start(["SA HA C9", "S6", "S7", "S8"])
    state = bridge_table.run(state, "0 play:SA", "0 play:HA")
    assert state.to_act == {3}
    # Two players: one ace passes over the other player.
    state = bridge_table.start(["SA C9", "S6"])
    state = bridge_table.run(state, "0 play:SA")
    assert state.to_act == {0}


def test_three_aces_with_three_players_wrap_around(bridge_table):
    # Passed over: 1, 2, 1; play resumes with seat 2.
    state = bridge_table.start(["SA HA DA C9", "S6", "S7"])
    state = bridge_table.run(state, "0 play:SA", "0 play:HA", "0 play:DA")
    assert state.to_act == {2}


def test_an_effect_draws_what_it_can_when_nothing_is_left_to_draw(bridge_table):
    # Two players hold the whole pack; the opening C8 is the only card on the stack.
    other = " ".join(card for card in PACK_36 if card not in ("C8", "HA"))
    state = bridge_table.start(["C8 HA", other])
    state = bridge_table.run(state, "0 play:C8")
    assert state.to_act == {0} and len(state.hands[1]) == 34
    assert bridge_table.log(state)[-1] == (
        "1 draws 0 of 2 cards for the eight (no more cards to draw) and loses a turn"
    )
