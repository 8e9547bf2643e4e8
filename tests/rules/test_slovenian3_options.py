"""Each §12 option played through the engine, default and not (slovenian3.md §12).

Tested elsewhere, both values each: ``auction_style`` (test_slovenian3_auction),
``mond_penalty`` (test_slovenian3_talon), ``kontra_on_klop`` (test_slovenian3_announce),
``open_beggar_exposure`` (test_slovenian3_play), ``no_tarok_redeal``, ``match_hands`` and
``radelci_unused_penalty`` (test_slovenian3_deal), ``trick_review`` (test_slovenian3_observe).
"""

from __future__ import annotations

import pytest

from games.rules.cards import points_in_threes
from games.rules.slovenian3.outcome import piles
from tests.helpers.slovenian3 import EX8, EX8_TALON, KLOP, KLOP_TALON
from tests.rules.english import english

EX6 = [
    "HK HQ HR HJ SK SQ SR SJ DK DQ DR DJ T21 T20 T19 T18",
    "H1 H2 H3 S10 S9 S8 D1 D2 D3 CK CQ CR T17 T16 T15 T14",
    "H4 S7 D4 T22 C7 C8 C9 C10 T2 T3 T4 T5 T6 T7 T8 T9",
]
EX6_TALON = "CJ T1 T10 T11 T12 T13"
EX6_PLAY = (
    "1 pass", "2 bid:beggar", "0 pass", "2 bid:beggar",
    "2 pass", "0 kontra:game", "0 pass", "1 pass", "2 pass",
    "2 play:H4", "0 play:HJ", "1 play:H3",
    "0 play:SJ", "1 play:S10", "2 play:S7",
    "0 play:DJ", "1 play:D1", "2 play:D4",
    "0 play:HR", "1 play:H2", "2 play:T2",
)  # fmt: skip


@pytest.mark.parametrize("rounded", [True, False])
def test_round_to_5_on_klop_scores(slovenian_table, rounded):
    state = slovenian_table.run(
        slovenian_table.start(KLOP, KLOP_TALON, round_to_5=rounded), "1 pass", "2 pass"
    )
    state = slovenian_table.play_out(slovenian_table.run(state, "0 bid:klop"))
    points = [points_in_threes(pile) for pile in piles(state)]
    assert points == [19, 23, 28]  # everyone took a trick, nobody 36: −R(p) each
    assert state.result.payments == ((-20, -25, -30) if rounded else (-19, -23, -28))
    assert english(state.result.items[0].note).startswith(f"{points[0]} card points")


@pytest.mark.parametrize(
    "option, held, payments, radelci",
    [
        (True, (0, 0, 1), (0, 0, -280), (1, 1, 1)),  # Example 6: doubled; a new radelc each
        (True, (0, 0, 0), (0, 0, -140), (1, 1, 1)),  # nothing held: no doubling
        (False, (0, 0, 1), (0, 0, -140), ()),  # option off: the context's radelci are ignored
    ],
)
def test_radelci(slovenian_table, option, held, payments, radelci):
    state = slovenian_table.start(EX6, EX6_TALON, radelci_held=held, radelci=option)
    result = slovenian_table.run(state, *EX6_PLAY).result
    assert result.payments == payments and result.radelci == radelci


@pytest.mark.parametrize("on", [True, False])
def test_skisfang_costs_the_skiss_player_100_in_the_emperor_trick(slovenian_table, on):
    # §14 Example 8's trick: F leads T21, M (seat 1) plays T22, Dl plays T1 and wins.
    state = slovenian_table.run(
        slovenian_table.start(EX8, EX8_TALON, skisfang=on),
        *("1 pass", "2 pass", "0 bid:three", "0 take:1", "0 discard:H1,S10,DR"),
    )
    state = slovenian_table.pass_announcements(state)
    state = slovenian_table.play_out(slovenian_table.run(state, "0 play:T21", "1 play:T22", "2 play:T1"))
    lines = [(i.seat, i.side, i.amount) for i in state.result.items if i.name == "škisfang"]
    assert lines == ([(1, "opponents", -100)] if on else [])
    assert state.result.payments[1] == (-100 if on else 0)
    assert state.result.payments[0] == state.result.value - 20  # the mond penalty either way


def test_skisfang_applies_in_klop_too(slovenian_table):
    # The text names no contract: in klop the emperor obligation makes Dl capture M's škis.
    state = slovenian_table.run(slovenian_table.start(EX8, EX8_TALON, skisfang=True), "1 pass", "2 pass")
    state = slovenian_table.run(state, "0 bid:klop", "0 play:T21", "1 play:T22", "2 play:T1")
    state = slovenian_table.play_out(state)
    assert [(i.seat, i.amount) for i in state.result.items if i.name == "škisfang"] == [(1, -100)]
    assert not [i for i in state.result.items if i.name == "mond penalty"]
