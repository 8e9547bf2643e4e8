"""The 6 must be covered (bridge.md §8.3, §14 example 2)."""

from __future__ import annotations

import pytest

from games.rules import IllegalAction
from games.rules.bridge import Phase
from games.rules.bridge.pack import PACK_36


def refused(table, state, step: str, message: str) -> None:
    with pytest.raises(IllegalAction) as error:
        table.run(state, step)
    assert str(error.value) == message


def test_example_2_covering_6s_down_to_a_jack_and_the_wish(bridge_table):
    # Seat 2 starts and opens H10; seat 0 holds H6 S6 CJ D8 HQ.
    state = bridge_table.start(["H6 S6 CJ D8 HQ", "D7 HJ SA H9", "H10 C9"], starter=2)
    state = bridge_table.run(state, "2 play:H10")
    state = bridge_table.run(state, "0 play:H6")
    # The 6 must be covered: a heart (HQ), another 6 (S6) or a jack (CJ); D8 does not match.
    assert state.phase is Phase.PLAY and bridge_table.legal(state, 0) == ["play:HQ", "play:S6", "play:CJ"]
    refused(bridge_table, state, "0 stop", "You must cover the 6")
    refused(bridge_table, state, "0 play:D8", "You must cover the 6: play a heart, another 6 or a jack")
    refused(bridge_table, state, "0 draw", "You hold a card that covers the 6: you may not draw")
    assert bridge_table.view(state, 1)["move"] == {
        "seat": 0,
        "stage": "cover",
        "cards": ["H6"],
        "drawn": 0,
        "cover": True,
        "opening": False,
    }
    state = bridge_table.run(state, "0 play:S6")
    # S6 must be covered too: spades, a 6 or a jack; only CJ qualifies.
    assert bridge_table.legal(state, 0) == ["play:CJ"]
    state = bridge_table.run(state, "0 play:CJ")
    # Only Js could follow and seat 0 has none: the move ends and seat 0 wishes.
    assert state.phase is Phase.WISH and state.hands[0] == ("HQ", "D8")
    state = bridge_table.run(state, "0 wish:D")
    # Seat 1 must play a diamond or a J.
    assert state.to_act == {1} and bridge_table.legal(state, 1) == ["play:HJ", "play:D7"]


def test_a_covering_card_is_like_a_first_card_its_rank_may_be_added(bridge_table):
    state = bridge_table.start(["H6 H9 S9 C9 DA", "D7 SA", "HQ C8"])
    state = bridge_table.run(state, "0 play:H6", "0 play:H9")
    assert bridge_table.legal(state, 0) == ["play:S9", "play:C9", "stop"]
    state = bridge_table.run(state, "0 play:S9", "0 stop")
    assert state.top == "S9" and state.to_act == {1} and state.hands[0] == ("DA", "C9")


def test_a_6_is_covered_after_drawing_several_cards_one_at_a_time(bridge_table):
    # Seat 0 plays C6 and holds no club, 6 or J: it draws HA, D9, S10 (no cover) then C8.
    state = bridge_table.start(["C6 H7", "D7 SA", "HQ C10"], blind="HA D9 S10 C8")
    state = bridge_table.run(state, "0 play:C6")
    for drawn in ("HA", "D9", "S10"):
        assert bridge_table.legal(state, 0) == ["draw"]
        state = bridge_table.run(state, "0 draw")
        assert drawn in state.hands[0] and state.to_act == {0}
    refused(bridge_table, state, "0 stop", "You must cover the 6")
    state = bridge_table.run(state, "0 draw")
    assert bridge_table.legal(state, 0) == ["play:C8"]
    refused(bridge_table, state, "0 draw", "You hold a card that covers the 6: you may not draw")
    # The drawer sees the card it just drew; the others see only that it drew (4 in this move).
    assert bridge_table.view(state, 0)["drawn"] == ["C8"]
    other = bridge_table.view(state, 2)
    assert other["drawn"] == [] and other["drawn_counts"] == [1, 0, 0] and other["move"]["drawn"] == 4
    state = bridge_table.run(state, "0 play:C8")
    # The cover was an 8: seat 1 draws 2 and loses its turn.
    assert state.to_act == {2} and len(state.hands[1]) == 4
    assert bridge_table.log(state, 1) == [
        "0 plays C6",
        "0 draws a card",
        "0 draws a card",
        "0 draws a card",
        "0 draws a card",
        "0 plays C8",
        "1 draws 2 cards for the eight and loses a turn",
    ]


def test_when_nothing_can_be_drawn_the_6_stays_uncovered_and_the_move_ends(bridge_table):
    # Two players hold the whole pack; seat 0 opens C6 and holds no club, 6 or J. The blind is
    # empty and the stack holds only the C6: the draw is skipped (§5) and the 6 stays uncovered.
    other = " ".join(card for card in PACK_36 if card not in ("C6", "HA"))
    state = bridge_table.start(["C6 HA", other])
    state = bridge_table.run(state, "0 play:C6")
    assert state.blind == () and bridge_table.legal(state, 0) == ["draw"]
    state = bridge_table.run(state, "0 draw")
    assert bridge_table.log(state)[-1] == (
        "0 cannot draw: the blind is empty and the stack holds only its top card, the 6 stays uncovered"
    )
    assert state.to_act == {1} and state.top == "C6" and state.hands[0] == ("HA",)
    # Seat 1 plays onto the uncovered 6 as onto any top card: clubs, 6s or Js.
    assert bridge_table.legal(state, 1) == [
        "play:HJ",
        "play:H6",
        "play:SJ",
        "play:S6",
        "play:DJ",
        "play:D6",
        "play:CA",
        "play:CK",
        "play:CQ",
        "play:CJ",
        "play:C10",
        "play:C9",
        "play:C8",
        "play:C7",
    ]
