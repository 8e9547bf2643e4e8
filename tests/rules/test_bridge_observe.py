"""``observe``: what each viewer may see (bridge.md §13)."""

from __future__ import annotations

import json

import pytest

from games.rules import AUDIENCE, EVERYONE
from tests.rules.english import english

KEYS = {
    "variant",
    "viewer",
    "phase",
    "seats",
    "dealer",
    "starter",
    "to_act",
    "waiting",
    "options",
    "hand",
    "hands",
    "hand_counts",
    "hand_points",
    "drawn",
    "drawn_counts",
    "blind_count",
    "blind",
    "stack",
    "top",
    "wish",
    "run",
    "run_cards",
    "reshuffles",
    "multiplier",
    "move",
    "pending",
    "eights",
    "winner",
    "ended_by",
    "jpoints",
    "log",
    "result",
    "deal",
    "review",
    "auction",
    "contract",
    "declarer",
    "trick",
    "tricks",
    "tricks_won",
}
HANDS = ["H7 SQ D6", "DK H9", "CA C10 S8"]


def in_play(bridge_table):
    # Seat 2 opens CA, which passes over seat 0; seat 1 holds no club, ace or J: it draws HQ,
    # which cannot be played either, and its move ends.
    state = bridge_table.start(HANDS, blind="HQ SK", starter=2)
    return bridge_table.run(state, "2 play:CA", "1 draw")


def test_a_seat_sees_its_own_cards_and_the_public_facts_only(bridge_table):
    state = in_play(bridge_table)
    assert state.to_act == {2}
    view = bridge_table.view(state, 1)
    assert set(view) == KEYS
    assert view["hand"] == ["HQ", "H9", "DK"] and view["drawn"] == ["HQ"]
    assert view["hands"] == [None, ["HQ", "H9", "DK"], None]
    assert view["hand_counts"] == [3, 3, 2] and view["hand_points"] == [None, 20, None]
    assert view["drawn_counts"] == [0, 1, 0] and view["blind_count"] == 1 + 36 - 10
    assert view["blind"] is None and view["deal"] is None and view["result"] is None
    assert (view["stack"], view["top"], view["wish"], view["run"]) == (["CA"], "CA", None, 1)
    assert (view["reshuffles"], view["multiplier"]) == (0, 1)
    assert view["move"] == {
        "seat": 2,
        "stage": "first",
        "cards": [],
        "drawn": 0,
        "cover": False,
        "opening": False,
    }
    assert view["pending"] == {"sevens": 0, "eights": 0, "aces": 0}
    assert (view["dealer"], view["starter"], view["to_act"], view["waiting"]) == (2, 2, [2], None)
    assert (view["auction"], view["contract"], view["declarer"]) == ([], None, None)
    assert (view["trick"], view["tricks"], view["tricks_won"]) == (None, [], None)
    assert english(view["log"]) == [
        {"seat": 2, "text": "starts the round"},
        {"seat": 2, "text": "plays CA"},
        {"seat": 0, "text": "is passed over (ace)"},
        {"seat": 1, "text": "draws a card"},
    ]
    # Another seat sees that seat 1 drew, not what.
    other = bridge_table.view(state, 0)
    assert other["drawn"] == [] and other["hands"][1] is None and "HQ" not in json.dumps(english(other))
    assert json.loads(json.dumps(english(view))) == english(view)


def test_the_audience_sees_no_hand_and_everyone_sees_every_card(bridge_table):
    state = in_play(bridge_table)
    audience = bridge_table.view(state, AUDIENCE)
    assert audience["hand"] == [] and audience["hands"] == [None, None, None]
    assert audience["hand_points"] == [None, None, None] and audience["drawn"] == []
    assert audience["blind"] is None and audience["deal"] is None
    staff = bridge_table.view(state, EVERYONE)
    assert staff["hands"] == [["H7", "SQ", "D6"], ["HQ", "H9", "DK"], ["S8", "C10"]]
    assert staff["hand_points"] == [10, 20, 10] and staff["hand"] == []
    assert staff["blind"][0] == "SK" and len(staff["blind"]) == 27
    assert staff["deal"]["hands"] == [["H7", "SQ", "D6"], ["DK", "H9"], ["CA", "C10", "S8"]]
    assert staff["deal"]["blind"][:2] == ["HQ", "SK"]
    with pytest.raises(ValueError, match="Unknown viewer 3"):
        bridge_table.view(state, 3)


def test_once_over_everyone_sees_all_hands_with_their_points_but_not_the_blind(bridge_table):
    state = bridge_table.start(["H9", "DK S8", "HA C7"])
    state = bridge_table.run(state, "0 play:H9")
    assert state.winner == 0
    for viewer in (0, 1, 2, AUDIENCE):
        view = bridge_table.view(state, viewer)
        assert view["phase"] == "over" and view["to_act"] == [] and view["pending"] is None
        assert view["hands"] == [[], ["S8", "DK"], ["HA", "C7"]] and view["hand_points"] == [0, 10, 15]
        assert view["result"]["payments"] == [0, 10, 15] and view["declarer"] == 0
        assert (view["winner"], view["ended_by"]) == (0, "went out")
        assert view["deal"] == {"hands": [["H9"], ["DK", "S8"], ["HA", "C7"]], "blind": None}
        assert view["blind"] is None
    assert bridge_table.view(state, EVERYONE)["deal"]["blind"][0] == "HK"
