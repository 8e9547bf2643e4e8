"""Contract choice (czech.md §4), the talon exchange (§5.1–§5.2) and the discards (§5.3)."""

from __future__ import annotations

import pytest

from games.rules import AUDIENCE, EVERYONE, IllegalAction, UnknownAction
from games.rules.czech import Phase
from tests.rules.english import english

# Dealer 3, povinnost seat 0. Talon card 1 first.
HANDS = [
    "T22 T21 T20 T19 T18 T17 T16 HK HQ HR HJ H1",
    "T15 T14 T13 T12 T11 SK SQ SR SJ S10 S9 S8",
    "T10 T9 T8 T7 T6 DK DQ DR DJ D1 D2 D3",
    "T5 T4 T3 T2 T1 CK CQ CR CJ C10 C9 C8",
]
TALON = "H2 H3 H4 S7 D4 C7"
ALL_PASS = ("0 pass", "1 pass", "2 pass", "3 pass")

# A prever with twelve trumps; the top set holds two kings and T10.
PREVER_HANDS = [
    "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11",
    "T9 T8 T7 HQ HR HJ H1 H2 H3 H4 SQ SR",
    "T6 T5 T4 SJ S10 S9 S8 S7 DK DQ DR DJ",
    "T3 T2 T1 D1 D2 D3 D4 CK CQ CR CJ C10",
]
PREVER_TALON = "HK SK T10 C9 C8 C7"


def texts(view):
    return [(e["seat"], english(e["text"])) for e in view["log"]]


# -- §4 the contract choice -------------------------------------------------------------------


def test_povinnost_is_asked_first_and_the_first_prever_wins(czech_table):
    state = czech_table.start(HANDS, TALON)
    assert state.phase is Phase.PREVER and state.to_act == {0}
    assert czech_table.legal(state, 0) == ["pass", "prever"]
    state = czech_table.run(state, "0 pass", "1 pass")
    assert state.to_act == {2}
    state = czech_table.run(state, "2 prever")
    # Nobody else is asked: seat 3 never speaks.
    assert state.contract == "prever" and state.prever == 2 and state.declarer == 2
    assert state.phase is Phase.TALON and state.to_act == {2}
    view = czech_table.view(state, AUDIENCE)
    assert view["auction"] == [
        {"seat": 0, "call": "pass"},
        {"seat": 1, "call": "pass"},
        {"seat": 2, "call": "prever"},
    ]
    assert view["contract"] == "prever" and view["declarer"] == 2
    assert view["public_sides"] == ["opponents", "opponents", "declarer", "opponents"]
    assert view["alone"] is True and view["partner"] is None


def test_four_passes_make_a_partner_game(czech_table):
    state = czech_table.run(czech_table.start(HANDS, TALON), *ALL_PASS)
    assert state.contract == "partner game" and state.declarer == 0
    view = czech_table.view(state, AUDIENCE)
    assert view["contract"] == "partner game" and view["declarer"] == 0
    assert view["public_sides"] == ["declarer", None, None, None]
    assert (0, "passes: povinnost goes with a partner") in texts(view)


# -- §5.1 partner game: 4-1-1 with offers -----------------------------------------------------


def test_povinnost_takes_four_and_the_next_player_takes_card_five(czech_table):
    state = czech_table.run(czech_table.start(HANDS, TALON), *ALL_PASS)
    assert state.phase is Phase.TALON and state.to_act == {1}
    assert len(state.hands[0]) == 16 and {"H2", "H3", "H4", "S7"} <= set(state.hands[0])
    assert czech_table.legal(state, 1) == ["take", "offer"]
    view = czech_table.view(state, 1)
    assert view["talon_counts"] == [4, 0, 0, 0]
    assert view["talon_received"] == [None, [], None, None]
    assert czech_table.view(state, 0)["talon_received"][0] == ["H4", "H3", "H2", "S7"]  # machtarok order
    state = czech_table.run(state, "1 take", "2 take")
    assert state.hands[1].count("D4") == 1 and "C7" in state.hands[2]
    view = czech_table.view(state, AUDIENCE)
    assert view["talon_counts"] == [4, 1, 1, 0]
    assert view["talon_events"] == [
        {"seat": 1, "event": "take", "card_no": 5},
        {"seat": 2, "event": "take", "card_no": 6},
    ]
    assert state.phase is Phase.DISCARD and state.to_act == {0}


def test_offers_accepted_and_refused(czech_table):
    state = czech_table.run(czech_table.start(HANDS, TALON), *ALL_PASS, "1 offer")
    # Card 5 is offered unseen to previous(P) = seat 3, who accepts or refuses.
    assert state.to_act == {3} and czech_table.legal(state, 3) == ["accept", "refuse"]
    with pytest.raises(IllegalAction, match="^Accept talon card 5 or refuse it$"):
        czech_table.run(state, "3 take")
    with pytest.raises(IllegalAction, match="^You cannot go prever now$"):
        czech_table.run(state, "3 prever")
    state = czech_table.run(state, "3 accept")
    assert "D4" in state.hands[3] and state.to_act == {2}
    state = czech_table.run(state, "2 offer", "3 refuse")
    # Refused: the offerer takes card 6 itself.
    assert "C7" in state.hands[2] and "C7" not in state.hands[3]
    view = czech_table.view(state, AUDIENCE)
    assert view["talon_counts"] == [4, 0, 1, 1]
    assert view["talon_events"] == [
        {"seat": 1, "event": "offer", "card_no": 5},
        {"seat": 3, "event": "accept", "card_no": 5},
        {"seat": 2, "event": "offer", "card_no": 6},
        {"seat": 3, "event": "refuse", "card_no": 6},
        {"seat": 2, "event": "take", "card_no": 6},
    ]
    # Nobody sees a talon card but its taker.
    assert view["talon_received"] == [None, None, None, None]
    assert czech_table.view(state, 3)["talon_received"] == [None, None, None, ["D4"]]
    assert czech_table.view(state, 2)["talon_received"] == [None, None, ["C7"], None]
    for viewer in (1, 2, AUDIENCE):
        assert "D4" not in str(czech_table.view(state, viewer))
    assert (3, "accepts talon card 5") in texts(view) and (2, "takes talon card 6") in texts(view)


def test_the_last_player_may_accept_both_offers(czech_table):
    state = czech_table.run(czech_table.start(HANDS, TALON), *ALL_PASS, "1 offer", "3 accept", "2 offer")
    state = czech_table.run(state, "3 accept")
    assert len(state.hands[3]) == 14 and {"D4", "C7"} <= set(state.hands[3])
    assert czech_table.view(state, AUDIENCE)["talon_counts"] == [4, 0, 0, 2]


# -- §5.2 prever talon ------------------------------------------------------------------------


def test_prever_keeps_the_top_set(czech_table):
    state = czech_table.run(czech_table.start(PREVER_HANDS, PREVER_TALON), "0 prever")
    assert state.phase is Phase.TALON and czech_table.legal(state, 0) == ["keep", "reject"]
    top = {"stage": "top", "rejected": [], "kept": None, "multiplier": 1, "seeing": ["HK", "SK", "T10"]}
    assert czech_table.view(state, 0)["prever_talon"] == top
    assert czech_table.view(state, 1)["prever_talon"] == {**top, "seeing": None}
    assert czech_table.view(state, EVERYONE)["prever_talon"] == top
    with pytest.raises(IllegalAction, match="^Keep the talon cards or reject them$"):
        czech_table.run(state, "0 take")
    state = czech_table.run(state, "0 keep")
    assert state.pm == 1 and state.opponents_pile == ("C9", "C8", "C7")
    assert len(state.hands[0]) == 15 and state.phase is Phase.DISCARD and state.to_act == {0}
    view = czech_table.view(state, 2)
    assert view["prever_talon"] == {
        "stage": "done",
        "rejected": [],
        "kept": "top",
        "multiplier": 1,
        "seeing": None,
    }
    assert view["talon_counts"] == [3, 0, 0, 0] and view["talon_received"] == [None, None, [], None]
    assert czech_table.view(state, 0)["talon_received"][0] == ["T10", "HK", "SK"]
    # The bottom set is seen by nobody until the hand is over.
    for viewer in (0, 1, 2, 3, AUDIENCE):
        assert "C9" not in str(czech_table.view(state, viewer)["prever_talon"])


def test_prever_rejects_the_top_set_and_keeps_the_bottom_set(czech_table):
    state = czech_table.run(czech_table.start(PREVER_HANDS, PREVER_TALON), "0 prever", "0 reject")
    view = czech_table.view(state, 3)
    assert view["prever_talon"] == {
        "stage": "bottom",
        "rejected": [["HK", "SK", "T10"]],
        "kept": None,
        "multiplier": 1,
        "seeing": None,
    }
    assert czech_table.view(state, 0)["prever_talon"]["seeing"] == ["C9", "C8", "C7"]
    assert (0, "rejects the top set: HK SK T10") in texts(view)
    state = czech_table.run(state, "0 keep")
    assert state.pm == 2 and state.prever_kept == "bottom"
    assert {"C9", "C8", "C7"} <= set(state.hands[0]) and state.opponents_pile == ("HK", "SK", "T10")
    assert czech_table.view(state, 1)["prever_talon"]["multiplier"] == 2


def test_prever_rejects_both_and_takes_back_the_top_set(czech_table):
    state = czech_table.run(czech_table.start(PREVER_HANDS, PREVER_TALON), "0 prever", "0 reject", "0 reject")
    assert state.pm == 4 and state.prever_kept == "back"
    assert {"HK", "SK", "T10"} <= set(state.hands[0]) and state.opponents_pile == ("C9", "C8", "C7")
    view = czech_table.view(state, AUDIENCE)
    assert view["prever_talon"] == {
        "stage": "done",
        "rejected": [["HK", "SK", "T10"], ["C9", "C8", "C7"]],
        "kept": "back",
        "multiplier": 4,
        "seeing": None,
    }


# -- §5.3 discards ----------------------------------------------------------------------------


def test_discards_run_one_card_at_a_time_povinnost_first(czech_table):
    state = czech_table.run(czech_table.start(HANDS, TALON), *ALL_PASS, "1 take", "2 take")
    assert czech_table.legal(state, 0) == [
        "discard:HQ",
        "discard:HR",
        "discard:HJ",
        "discard:H4",
        "discard:H3",
        "discard:H2",
        "discard:H1",
        "discard:S7",
    ]
    state = czech_table.run(state, "0 discard:H2", "0 discard:H3", "0 discard:H4")
    assert state.to_act == {0}
    state = czech_table.run(state, "0 discard:S7")
    assert state.to_act == {1} and len(state.hands[0]) == 12
    state = czech_table.run(state, "1 discard:D4")
    assert state.to_act == {2}
    state = czech_table.run(state, "2 discard:C7")
    assert state.phase is Phase.CALL and state.to_act == {0}
    assert czech_table.view(state, 0)["discards"] == [["H2", "H3", "H4", "S7"], None, None, None]
    assert czech_table.view(state, AUDIENCE)["discards"] == [None, None, None, None]
    assert czech_table.view(state, EVERYONE)["discards"] == [["H2", "H3", "H4", "S7"], ["D4"], ["C7"], []]
    assert texts(czech_table.view(state, AUDIENCE))[-1] == (2, "discards a card")


def test_discard_restrictions(czech_table):
    state = czech_table.run(czech_table.start(HANDS, TALON), *ALL_PASS, "1 take", "2 take")
    with pytest.raises(IllegalAction, match="^Kings may not be discarded$"):
        czech_table.run(state, "0 discard:HK")
    with pytest.raises(IllegalAction, match=r"^The I, the mund and the škýz may not be discarded$"):
        czech_table.run(state, "0 discard:T22")
    with pytest.raises(
        IllegalAction, match="^You may discard a trump only when you hold nothing but trumps and kings$"
    ):
        czech_table.run(state, "0 discard:T16")
    with pytest.raises(IllegalAction, match="^You do not hold CK$"):
        czech_table.run(state, "0 discard:CK")
    with pytest.raises(UnknownAction, match="^Unknown card 'X9'$"):
        czech_table.run(state, "0 discard:X9")
    with pytest.raises(IllegalAction, match="^It is not your turn$"):
        czech_table.run(state, "1 discard:S8")


def test_a_hand_of_trumps_and_kings_discards_trumps_face_up(czech_table):
    state = czech_table.run(czech_table.start(PREVER_HANDS, PREVER_TALON), "0 prever", "0 keep")
    # 13 trumps and two kings: any trump but T21/T22 (and T1) may go, kings never.
    assert czech_table.legal(state, 0) == [f"discard:T{n}" for n in range(20, 9, -1)]
    with pytest.raises(IllegalAction, match="^Kings may not be discarded$"):
        czech_table.run(state, "0 discard:SK")
    with pytest.raises(IllegalAction, match="may not be discarded"):
        czech_table.run(state, "0 discard:T21")
    state = czech_table.run(state, "0 discard:T10", "0 discard:T11", "0 discard:T12")
    view = czech_table.view(state, 3)
    assert view["discarded_trumps"] == [
        {"seat": 0, "card": "T10"},
        {"seat": 0, "card": "T11"},
        {"seat": 0, "card": "T12"},
    ]
    assert (0, "discards T11") in texts(view)
    # Prever game: no call; the money cards are published and the valat step begins.
    assert state.phase is Phase.VALAT and state.called_card is None
