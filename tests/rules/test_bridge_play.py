"""A Bridge move: the legal first card, the J wish, adding cards, drawing (bridge.md §8.1, §8.2,
§8.4, §14 example 1). Seats are numbered in playing order; legal actions list cards in display
order (H S D C, each A K Q J 10 9 8 7 6), then ``draw`` or ``stop``."""

from __future__ import annotations

import pytest

from games.rules import ActionError
from games.rules.bridge import Phase


def refused(table, state, step: str, message: str) -> None:
    """``step`` is refused with exactly ``message`` (and nothing changes: states are values)."""
    with pytest.raises(ActionError) as error:  # illegal or unknown
        table.run(state, step)
    assert str(error.value) == message


def test_example_1_legal_first_cards_and_adding_the_same_rank(bridge_table):
    # Seat 2 starts and opens S9; seat 0 is next.
    state = bridge_table.start(["S6 D9 C9 HK DQ CJ", "H6 H7", "S9 H8"], starter=2)
    state = bridge_table.run(state, "2 play:S9")
    assert state.to_act == {0} and state.top == "S9" and state.wish is None
    # Suit (S6), rank (D9, C9), jack (CJ); not HK, DQ.
    assert bridge_table.legal(state, 0) == ["play:S6", "play:D9", "play:CJ", "play:C9"]
    refused(bridge_table, state, "0 play:HK", "Play a spade, a 9 or a jack")
    refused(bridge_table, state, "0 play:DQ", "Play a spade, a 9 or a jack")
    refused(bridge_table, state, "0 draw", "You hold a card you can play: you may not draw")
    refused(bridge_table, state, "0 stop", "Play a card first, or draw if you cannot")
    state = bridge_table.run(state, "0 play:D9")
    # §8.2.3: only cards of the top card's rank may be added, and adding is optional.
    assert bridge_table.legal(state, 0) == ["play:C9", "stop"]
    refused(bridge_table, state, "0 play:S6", "You may only add another 9")
    state = bridge_table.run(state, "0 play:C9")
    # No 9 left to add: the move ends by itself. Top is C9, seat 1 moves.
    assert state.top == "C9" and state.to_act == {1}
    assert bridge_table.log(state, 1) == ["2 plays S9", "0 plays D9", "0 plays C9"]


def test_adding_is_optional_and_stop_ends_the_move(bridge_table):
    state = bridge_table.start(["H9 S9 C9 D6", "C10 S7", "HA D7"])
    state = bridge_table.run(state, "0 play:H9")
    assert bridge_table.legal(state, 0) == ["play:S9", "play:C9", "stop"]
    state = bridge_table.run(state, "0 play:C9", "0 stop")
    assert state.to_act == {1} and state.hands[0] == ("S9", "D6")
    assert bridge_table.log(state)[-1] == "0 ends the move"
    # Seat 1 may play C10 (clubs): the run of 9s is not open to others' adding.
    assert bridge_table.legal(state, 1) == ["play:C10"]


def test_the_opening_move_takes_any_card_and_the_starter_may_not_draw(bridge_table):
    state = bridge_table.start(["D7 SK", "HA C6", "S8 H9"], starter=1)
    assert state.to_act == {1} and state.phase is Phase.PLAY
    assert bridge_table.legal(state, 1) == ["play:HA", "play:C6"]
    refused(bridge_table, state, "1 draw", "You hold a card you can play: you may not draw")
    refused(bridge_table, state, "0 play:D7", "It is not your turn")


def test_opening_card_last_dealt_forces_the_starters_last_dealt_card(bridge_table):
    # §8.1 option: the starter opens with the last card dealt to them (the last one written).
    state = bridge_table.start(["D7 SK", "HA HK C6", "S8 H9"], starter=1, opening_card="last_dealt")
    assert bridge_table.legal(state, 1) == ["play:C6"]
    refused(bridge_table, state, "1 play:HA", "Open with C6, the last card dealt to you")
    state = bridge_table.run(state, "1 play:C6")
    assert state.top == "C6"


def test_a_jack_is_always_legal_then_only_jacks_may_be_added_then_the_wish(bridge_table):
    state = bridge_table.start(["CJ HJ H9 S8", "D10 DQ SA", "H10 C10"], starter=2)
    state = bridge_table.run(state, "2 play:H10")  # seat 2 holds C10: it may add it, it stops
    state = bridge_table.run(state, "2 stop")
    assert bridge_table.legal(state, 0) == ["play:HJ", "play:H9", "play:CJ"]
    state = bridge_table.run(state, "0 play:CJ")
    assert bridge_table.legal(state, 0) == ["play:HJ", "stop"]
    refused(bridge_table, state, "0 play:H9", "You may only add another jack")
    state = bridge_table.run(state, "0 play:HJ")
    # §8.4: the move ends on the player's J and they still hold cards: they name a suit.
    assert state.phase is Phase.WISH and state.to_act == {0}
    assert bridge_table.legal(state, 0) == ["wish:H", "wish:S", "wish:D", "wish:C"]
    refused(bridge_table, state, "0 wish:X", "Wish a suit: H (hearts), S (spades), D (diamonds) or C (clubs)")
    refused(bridge_table, state, "0 play:H9", "You cannot play a card now")
    state = bridge_table.run(state, "0 wish:D")
    assert state.wish == "D" and state.to_act == {1}
    assert bridge_table.log(state)[-1] == "0 wishes diamonds"
    # §8.1: onto a J, a card of the wished suit or any J (the J's own suit, hearts, does not count).
    assert bridge_table.legal(state, 1) == ["play:DQ", "play:D10"]
    refused(bridge_table, state, "1 play:SA", "Play a diamond (the wished suit) or a jack")


def test_the_wish_stays_in_force_for_later_players_until_a_card_is_played(bridge_table):
    state = bridge_table.start(["SJ H9 C8", "HA CA", "S10 D7 DJ"], blind="HK C10")
    state = bridge_table.run(state, "0 play:SJ", "0 wish:D")
    # Seat 1 holds no diamond and no J: it draws HK, which cannot be played; its move ends.
    assert bridge_table.legal(state, 1) == ["draw"]
    state = bridge_table.run(state, "1 draw")
    assert state.to_act == {2} and state.wish == "D" and state.hands[1] == ("HA", "HK", "CA")
    # Seat 2: still diamonds or a J; not S10 although the J is a spade.
    assert bridge_table.legal(state, 2) == ["play:DJ", "play:D7"]
    state = bridge_table.run(state, "2 play:D7")
    assert state.wish is None and state.top == "D7"


def test_a_player_without_a_legal_card_draws_one_and_must_play_it_if_it_fits(bridge_table):
    # §8.2.2 with must_play_drawn_card (the default).
    state = bridge_table.start(["C8 D6", "H9 HK", "SA S7"], blind="C10 HQ", starter=1)
    state = bridge_table.run(state, "1 play:H9")
    assert bridge_table.legal(state, 2) == ["draw"]
    refused(bridge_table, state, "2 play:SA", "Play a heart, a 9 or a jack")
    state = bridge_table.run(state, "2 draw")  # C10: no heart, no 9, no J; the move ends
    assert state.to_act == {0} and state.hands[2] == ("SA", "S7", "C10")
    assert bridge_table.log(state)[-1] == "2 draws a card"
    # Seat 0 holds no heart, 9 or J either; it draws HQ, a heart, and must play it.
    state = bridge_table.run(state, "0 draw")
    assert state.to_act == {0} and bridge_table.legal(state, 0) == ["play:HQ"]
    refused(bridge_table, state, "0 stop", "You must play the card you drew")
    refused(bridge_table, state, "0 draw", "You may draw only one card")
    refused(bridge_table, state, "0 play:D6", "After drawing you may play only the card you drew")
    state = bridge_table.run(state, "0 play:HQ")
    assert state.top == "HQ" and state.to_act == {1}


def test_with_must_play_drawn_card_off_every_draw_is_answered_with_play_or_stop(bridge_table):
    hands = ["C8 D6", "H9 HK", "SA S7"]
    state = bridge_table.start(hands, blind="C10 HQ", starter=1, must_play_drawn_card=False)
    state = bridge_table.run(state, "1 play:H9", "2 draw")
    # C10 cannot be played, yet seat 2 still ends its move itself: nobody learns whether a drawn
    # card fitted from how the move went on.
    assert state.to_act == {2} and bridge_table.legal(state, 2) == ["stop"]
    refused(bridge_table, state, "2 play:C10", "Play a heart, a 9 or a jack")
    state = bridge_table.run(state, "2 stop", "0 draw")
    # HQ fits; the player may keep it.
    assert bridge_table.legal(state, 0) == ["play:HQ", "stop"]
    kept = bridge_table.run(state, "0 stop")
    assert kept.to_act == {1} and kept.top == "H9" and "HQ" in kept.hands[0]
    played = bridge_table.run(state, "0 play:HQ")
    assert played.top == "HQ"


def test_the_gate_refuses_what_is_not_an_action_now(bridge_table):
    state = bridge_table.start(["D7 SK", "HA C6", "S8 H9"])
    refused(bridge_table, state, "0 fly", "Unknown action 'fly'")
    refused(bridge_table, state, "0 play", "Unknown action 'play'")
    refused(bridge_table, state, "0 stop:now", "Unknown action 'stop:now'")
    refused(bridge_table, state, "0 wish:H", "You cannot wish a suit now")
    refused(bridge_table, state, "0 bridge", "You cannot declare Bridge now")
    refused(bridge_table, state, "0 eights:next", "You cannot choose how the 8s go now")
    refused(bridge_table, state, "0 jpoints:minus", "You cannot choose the J points now")
    refused(bridge_table, state, "0 play:HA", "You do not hold HA")
    refused(bridge_table, state, "0 play:X1", "Unknown card 'X1'")  # not in the pack: an UnknownAction
    refused(bridge_table, state, "3 play:D7", "There is no seat 3")
    assert bridge_table.legal(state, 1) == [] and bridge_table.legal(state, 2) == []
