"""The partner call (czech.md §6, §14 Example 2) and the money cards (§7.1, §14 Example 7)."""

from __future__ import annotations

import pytest

from games.rules import AUDIENCE, EVERYONE, IllegalAction
from games.rules.czech import Phase
from games.rules.czech.money import money_cards
from games.rules.czech.partner import callable_cards
from tests.rules.english import english

ALL_PASS = ("0 pass", "1 pass", "2 pass", "3 pass")

# §14 Example 2: povinnost (seat 0) holds T19, T18, T17 but not T16 (seat 1 has it).
EXAMPLE_2 = [
    "T19 T18 T17 T22 T5 HK HQ HR HJ H1 H2 H3",
    "T16 T15 T14 T13 T12 SK SQ SR SJ S10 S9 S8",
    "T21 T20 T11 T10 T9 DK DQ DR DJ D1 D2 D3",
    "T8 T7 T6 T4 T3 T2 T1 CK CQ CR CJ C10",
]
EXAMPLE_2_TALON = "H4 S7 D4 C7 C8 C9"
EXAMPLE_2_EXCHANGE = (
    *ALL_PASS,
    "1 take",
    "2 take",
    "0 discard:H4",
    "0 discard:S7",
    "0 discard:D4",
    "0 discard:C7",
    "1 discard:C8",
    "2 discard:C9",
)

# Seat 1 holds nothing but trumps and kings, takes CK as card 5 and must discard a trump: T19.
DISCARDED_T19 = [
    "T5 T4 T3 T2 T1 HQ HR HJ H1 H2 H3 H4",
    "T22 T21 T20 T19 T18 T17 T16 T15 T14 HK SK DK",
    "T13 T12 T11 T10 T9 T8 T7 T6 SQ SR SJ S10",
    "CQ CR CJ C10 C9 C8 C7 DQ DR DJ D1 D4",
]
DISCARDED_T19_TALON = "S9 S8 S7 D2 CK D3"

# Povinnost (seat 0) ends with one trump: Bida, which it may decline in a partner game.
WEAK = [
    "T1 HK HQ HR HJ H1 H2 H3 H4 SK SQ SR",
    "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 SJ S10",
    "T12 T11 T10 T9 T8 T7 T6 T5 DK DQ DR DJ",
    "T4 T3 T2 D1 D2 D3 D4 CK CQ CR CJ C10",
]
WEAK_TALON = "S9 S8 S7 C9 C8 C7"
WEAK_EXCHANGE = (
    *ALL_PASS,
    "1 take",
    "2 take",
    "0 discard:S9",
    "0 discard:S8",
    "0 discard:S7",
    "0 discard:C9",
    "1 discard:C8",
    "2 discard:C7",
)


# -- §6 the call ------------------------------------------------------------------------------


def test_example_2_t19_or_the_highest_missing_of_t18_to_t15(czech_table):
    state = czech_table.run(czech_table.start(EXAMPLE_2, EXAMPLE_2_TALON), *EXAMPLE_2_EXCHANGE)
    assert state.phase is Phase.CALL and state.to_act == {0}
    assert czech_table.legal(state, 0) == ["call:T19", "call:T16"]
    with pytest.raises(IllegalAction, match="^You may call T19 or T16$"):
        czech_table.run(state, "0 call:T15")
    # T16: seat 1 holds it and is the partner; only seat 1 knows.
    called = czech_table.run(state, "0 call:T16")
    assert called.called_card == "T16" and called.partner == 1 and called.alone is False
    assert called.declarer_side() == (0, 1)
    assert czech_table.view(called, 1)["partner"] == 1 and czech_table.view(called, 1)["alone"] is False
    for viewer in (0, 2, 3, AUDIENCE):
        view = czech_table.view(called, viewer)
        assert view["called_card"] == "T16" and view["partner"] is None and view["alone"] is None
    assert czech_table.view(called, AUDIENCE)["public_sides"] == ["declarer", None, None, None]
    assert czech_table.view(called, EVERYONE)["partner"] == 1
    # T19: povinnost holds it and plays alone, secretly: only povinnost knows.
    alone = czech_table.run(state, "0 call:T19")
    assert alone.partner is None and alone.alone is True and alone.declarer_side() == (0,)
    assert czech_table.view(alone, 0)["alone"] is True
    assert czech_table.view(alone, 1)["alone"] is None and czech_table.view(alone, 1)["partner"] is None


def test_callable_cards():
    assert callable_cards(("T22", "T18")) == ["T19"]
    assert callable_cards(("T19", "T18", "T17")) == ["T19", "T16"]
    assert callable_cards(("T19", "T17")) == ["T19", "T18"]
    assert callable_cards(("T19", "T18", "T17", "T16")) == ["T19", "T15"]
    # Holding all of T19-T15: only T19.
    assert callable_cards(("T19", "T18", "T17", "T16", "T15")) == ["T19"]


def test_a_discarded_called_card_leaves_povinnost_alone_for_all_to_see(czech_table):
    state = czech_table.run(
        czech_table.start(DISCARDED_T19, DISCARDED_T19_TALON),
        *ALL_PASS,
        "1 take",
        "2 take",
        "0 discard:S9",
        "0 discard:S8",
        "0 discard:S7",
        "0 discard:D2",
    )
    assert "CK" in state.hands[1]
    assert czech_table.legal(state, 1) == [f"discard:T{n}" for n in range(20, 13, -1)]
    state = czech_table.run(state, "1 discard:T19", "2 discard:D3")
    assert czech_table.legal(state, 0) == ["call:T19"]
    state = czech_table.run(state, "0 call:T19")
    assert state.phase is Phase.MONEY and czech_table.legal(state, 0) == ["declare"]
    state = czech_table.run(state, "0 declare")
    assert state.partner is None and state.alone is True
    # Every discarded trump is public, so everyone knows povinnost is alone.
    for viewer in (0, 1, 2, 3, AUDIENCE):
        view = czech_table.view(state, viewer)
        assert view["alone"] is True and view["partner"] is None
        assert view["public_sides"] == ["declarer", "opponents", "opponents", "opponents"]
    # The money cards came out at once: Rosa-Pane+ and Tarocky for seat 1, Tarocky for seat 2,
    # Uni for seat 3; povinnost (5 trumps) had no choice.
    assert czech_table.view(state, AUDIENCE)["money"] == [
        {"seat": 1, "name": "Tarocky", "a": 2},
        {"seat": 1, "name": "Rosa-Pane+", "a": 6},
        {"seat": 2, "name": "Tarocky", "a": 2},
        {"seat": 3, "name": "Uni", "a": 4},
    ]
    assert state.money_payments == (-14, 18, -6, 2)
    assert state.phase is Phase.VALAT


# -- §7.1 money cards -------------------------------------------------------------------------


def test_example_7_taroky_trul_and_pane():
    hand = "T22 T21 T20 T17 T15 T12 T9 T6 T3 T1 HK C7".split()
    assert money_cards(hand) == [("Taroky", 4), ("Trul", 2), ("Pane", 2)]
    assert sum(a for _, a in money_cards(hand)) == 8  # holder +24, each other player −8


@pytest.mark.parametrize(
    "hand, expected",
    [
        ("HK HQ HR HJ H1 H2 H3 H4 SQ SR SJ S10", [("Uni", 4)]),
        ("T2 HQ HR HJ H1 H2 H3 H4 SQ SR SJ S10", [("Bida", 2)]),
        ("T2 T3 HR HJ H1 H2 H3 H4 SQ SR SJ S10", [("Bida", 2)]),
        ("T2 T3 T4 HJ H1 H2 H3 H4 SQ SR SJ S10", []),
        ("T2 T3 T4 T5 T6 T7 T8 H4 SQ SR SJ S10", []),
        ("T2 T3 T4 T5 T6 T7 T8 T9 SQ SR SJ S10", [("Tarocky", 2)]),
        ("T2 T3 T4 T5 T6 T7 T8 T9 T10 SR SJ S10", [("Tarocky", 2)]),
        ("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 SJ S10", [("Taroky", 4)]),
        ("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13", [("Taroky", 4)]),
        # Trul on its own; its cards count for Pane.
        ("T1 T21 T22 HQ H1 H2 H3 H4 SQ SR SJ S10", [("Trul", 2)]),
        ("T1 T21 T22 HK H1 H2 H3 H4 SQ SR SJ S10", [("Trul", 2), ("Pane", 2)]),
        # Four 5-point cards, not all kings: Pane.
        ("T1 T2 T3 HK SK DK H2 H3 H4 SQ SR SJ", [("Pane", 2)]),
        # All four kings and nothing else of 5 points: Rosa-Pane.
        ("T2 T3 T4 HK SK DK CK H3 H4 SQ SR SJ", [("Rosa-Pane", 4)]),
        # All four kings plus T1, T21 or T22: Rosa-Pane+.
        ("T2 T3 T21 HK SK DK CK H3 H4 SQ SR SJ", [("Rosa-Pane+", 6)]),
        ("T1 T21 T22 HK SK DK CK H3 H4 SQ SR SJ", [("Trul", 2), ("Rosa-Pane+", 6)]),
        ("HK SK DK CK HQ H1 H2 H3 H4 SQ SR SJ", [("Uni", 4), ("Rosa-Pane", 4)]),
    ],
)
def test_the_money_card_table(hand, expected):
    assert money_cards(hand.split()) == expected


def test_povinnost_declares_bida(czech_table):
    state = czech_table.run(czech_table.start(WEAK, WEAK_TALON), *WEAK_EXCHANGE, "0 call:T19")
    assert state.phase is Phase.MONEY and state.to_act == {0} and state.partner == 1
    assert czech_table.legal(state, 0) == ["declare", "decline"]
    assert czech_table.legal(state, 1) == []
    # The step is public (every partner game has it); whether povinnost has a choice is not.
    for viewer in (0, 1, 2, 3, AUDIENCE):
        view = czech_table.view(state, viewer)
        assert view["phase"] == "money" and view["to_act"] == [0] and view["waiting"] is None
        assert view["money"] == []
    assert czech_table.view(state, EVERYONE)["to_act"] == [0]
    state = czech_table.run(state, "0 declare")
    assert state.phase is Phase.VALAT and state.to_act == {0}
    assert czech_table.view(state, AUDIENCE)["money"] == [
        {"seat": 0, "name": "Bida", "a": 2},
        {"seat": 1, "name": "Taroky", "a": 4},
        {"seat": 2, "name": "Tarocky", "a": 2},
    ]
    assert state.money_payments == (0, 8, 0, -8)
    log = [(e["seat"], english(e["text"])) for e in czech_table.view(state, AUDIENCE)["log"]]
    assert (0, "has Bida: 2 from each other player") in log
    assert (1, "has Taroky: 4 from each other player") in log


def test_povinnost_declines_bida_and_nobody_hears_of_it(czech_table):
    state = czech_table.run(czech_table.start(WEAK, WEAK_TALON), *WEAK_EXCHANGE, "0 call:T19", "0 decline")
    view = czech_table.view(state, AUDIENCE)
    assert view["money"] == [{"seat": 1, "name": "Taroky", "a": 4}, {"seat": 2, "name": "Tarocky", "a": 2}]
    assert state.money_payments == (-6, 10, 2, -6)
    assert not any("declin" in e["text"] or "Bida" in e["text"] for e in english(view["log"]))


def test_no_money_choice_in_a_prever_game(czech_table):
    # The same weak povinnost, but seat 1 goes prever: povinnost's Bida is always declared.
    state = czech_table.run(
        czech_table.start(WEAK, WEAK_TALON),
        "0 pass",
        "1 prever",
        "1 keep",
        "1 discard:S9",
        "1 discard:S8",
        "1 discard:S7",
    )
    assert state.phase is Phase.VALAT
    assert [(m["seat"], m["name"]) for m in czech_table.view(state, 3)["money"]] == [
        (0, "Bida"),
        (1, "Taroky"),
        (2, "Tarocky"),
    ]


def test_povinnost_with_three_trumps_or_more_only_announces_the_money_cards(czech_table):
    state = czech_table.run(czech_table.start(EXAMPLE_2, EXAMPLE_2_TALON), *EXAMPLE_2_EXCHANGE, "0 call:T16")
    # The same public step as with a choice, so that the step tells nothing.
    assert state.phase is Phase.MONEY and czech_table.legal(state, 0) == ["declare"]
    assert czech_table.view(state, AUDIENCE)["to_act"] == [0]
    with pytest.raises(IllegalAction, match="no more than two tarokks"):
        czech_table.run(state, "0 decline")
    state = czech_table.run(state, "0 declare")
    assert state.phase is Phase.VALAT and state.money == () and state.money_choice is None
