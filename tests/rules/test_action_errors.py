"""Two ways an action is not taken (python-chess's InvalidMoveError and IllegalMoveError): an
``UnknownAction`` is no action at all, in any position (an unknown word, an unknown card or
contract: a malformed request); an ``IllegalAction`` is a real action the rules refuse here and
now. Both are ``ActionError``s, and neither changes the state (states are values)."""

from __future__ import annotations

import pytest

from games.rules import ActionError, IllegalAction, UnknownAction

# Hungarian, dealer 0: seat 1 bids first.
HUNGARIAN_HANDS = [
    "T22 T20 T15 T12 T8 HK HQ SJ D1",
    "T21 T19 T14 T11 T5 SK SQ DJ C10",
    "T18 T13 T10 T7 T3 HR DK DQ CK",
    "T1 T17 T16 T9 T4 HJ SR CQ CR",
]
HUNGARIAN_TALON = "T6 T2 H1 S10 DR CJ"

# Czech, dealer 3: povinnost is seat 0, who may pass or go prever.
CZECH_HANDS = [
    "H1 T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12",
    "H2 SK SQ SR SJ S10 S9 S8 S7 CK CQ CR",
    "H3 DK DQ DR DJ D1 D2 D3 D4 CJ C10 C9",
    "H4 T11 T10 T9 T8 T7 T6 T5 T4 T3 T2 T1",
]
CZECH_TALON = "HK HQ HR HJ C8 C7"

# Slovenian, dealer 2: middlehand (seat 1) bids first.
SLOVENIAN_HANDS = [
    "T22 T21 T20 T19 T18 T17 T16 T15 HK HQ HR HJ SK SQ SR SJ",
    "T14 T13 T12 T11 T10 T9 T8 H1 H2 H3 H4 S10 S9 S8 S7 DK",
    "T7 T6 T5 T4 T3 T2 DQ DR DJ D1 D2 D3 D4 CK CQ CR",
]
SLOVENIAN_TALON = "T1 CJ C10 C9 C8 C7"


def unknown(table, state, step: str, message: str) -> None:
    with pytest.raises(UnknownAction) as error:
        table.run(state, step)
    assert str(error.value) == message
    assert not isinstance(error.value, IllegalAction)


def illegal(table, state, step: str, message: str) -> None:
    with pytest.raises(IllegalAction) as error:
        table.run(state, step)
    assert str(error.value) == message
    assert not isinstance(error.value, UnknownAction)


def test_both_are_action_errors_and_value_errors():
    assert issubclass(UnknownAction, ActionError) and issubclass(IllegalAction, ActionError)
    assert issubclass(ActionError, ValueError)


def test_hungarian_an_unknown_word_or_contract_is_unknown_a_bid_out_of_turn_illegal(table):
    state = table.start(HUNGARIAN_HANDS, HUNGARIAN_TALON, dealer=0)
    assert table.legal(state, 1) == ["pass", "bid:three", "bid:two", "bid:solo"]
    unknown(table, state, "1 frobnicate", "Unknown action 'frobnicate'")
    unknown(table, state, "1 bid:four", "Unknown action 'bid:four'")
    illegal(table, state, "2 bid:three", "It is not your turn")


def test_czech_an_unknown_word_is_unknown_a_word_of_another_phase_illegal(czech_table):
    state = czech_table.start(CZECH_HANDS, CZECH_TALON)
    assert czech_table.legal(state, 0) == ["pass", "prever"]
    unknown(czech_table, state, "0 frobnicate", "Unknown action 'frobnicate'")
    unknown(czech_table, state, "0 play:", "Unknown action 'play:'")
    illegal(czech_table, state, "0 play:H1", "You cannot play a card now")


def test_slovenian_an_unknown_contract_is_unknown_a_known_one_too_low_illegal(slovenian_table):
    state = slovenian_table.start(SLOVENIAN_HANDS, SLOVENIAN_TALON)
    assert slovenian_table.legal(state, 1)[:3] == ["pass", "bid:two", "bid:one"]
    unknown(slovenian_table, state, "1 bid:solo", "Unknown contract 'solo'")
    unknown(slovenian_table, state, "1 frobnicate", "Unknown action 'frobnicate'")
    # §4: only forehand may choose three (after both others have passed).
    illegal(
        slovenian_table,
        state,
        "1 bid:three",
        "Klop and three may only be chosen by forehand after both others have passed",
    )


def test_bridge_a_card_not_in_the_pack_is_unknown_one_not_held_illegal(bridge_table):
    # Seat 2 starts, holding S9 and H8.
    state = bridge_table.start(["S6 D9 C9 HK DQ CJ", "H6 H7", "S9 H8"], starter=2)
    assert bridge_table.legal(state, 2) == ["play:H8", "play:S9"]
    unknown(bridge_table, state, "2 play:ZZ", "Unknown card 'ZZ'")
    unknown(bridge_table, state, "2 frobnicate", "Unknown action 'frobnicate'")
    illegal(bridge_table, state, "2 play:HK", "You do not hold HK")
