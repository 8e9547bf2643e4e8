"""What each viewer may see (hungarian.md §13): observe() is the only door to hidden cards."""

from __future__ import annotations

import json

import pytest

from games.rules import AUDIENCE, EVERYONE
from games.rules.hungarian import HUNGARIAN
from tests.helpers.hungarian import ANNOUNCE, AUCTION, DISCARDS, HANDS, TALON
from tests.rules.english import english

# Dealer 3, forehand 0; the hand of test_hungarian_play.py (tests.helpers.hungarian).
TRICK_1 = ["0 play:HK", "1 play:HQ", "2 play:HR", "3 play:HJ"]
TRICK_2 = ["0 play:SJ", "1 play:SK", "2 play:SQ", "3 play:T4"]
TO_TRICK_7 = [
    "3 play:DR",
    "0 play:DQ",
    "1 play:DJ",
    "2 play:DK",
    "2 play:T6",
    "3 play:T7",
    "0 play:T3",
    "1 play:T5",
    "3 play:CJ",
    "0 play:T16",
    "1 play:CK",
    "2 play:CQ",
    "0 play:T22",
    "1 play:T9",
    "2 play:T8",
    "3 play:T10",
    "0 play:T20",
    "1 play:T17",
]
REST = [
    "2 play:T12",
    "3 play:T11",
    "0 play:T19",
    "1 play:T15",
    "2 play:T14",
    "3 play:T13",
    "0 play:T18",
    "1 play:T21",
    "2 play:T1",
    "3 play:D1",
]
VIEWERS = [0, 1, 2, 3, AUDIENCE, EVERYONE]
KEYS = {
    "variant",
    "viewer",
    "phase",
    "seats",
    "sitter",
    "dealer",
    "forehand",
    "to_act",
    "options",
    "hand",
    "hands",
    "hand_counts",
    "auction",
    "contract",
    "declarer",
    "promise",
    "trial",
    "talon",
    "talon_received",
    "talon_counts",
    "discards",
    "discarded",
    "discard_tarokk_counts",
    "declarer_discarded_tarokks",
    "annulled",
    "called_card",
    "partner",
    "alone",
    "announcements",
    "announce_turns",
    "announce_turn",
    "items",
    "public_sides",
    "presumed_side",
    "tarokk_counts",
    "trick",
    "last_trick",
    "tricks",
    "tricks_won",
    "log",
    "result",
    "deal",
    "review",
}


def views(state):
    return {viewer: HUNGARIAN.observe(state, viewer) for viewer in VIEWERS}


def test_every_view_has_every_key_and_is_json(table):
    state = table.start(HANDS, TALON, dealer=3)
    for steps in (
        [],
        AUCTION,
        DISCARDS,
        ["0 call:T17"],
        ANNOUNCE,
        TRICK_1,
        TRICK_2,
        TO_TRICK_7,
        REST,
    ):
        state = table.run(state, *steps)
        for view in views(state).values():
            assert set(view) == KEYS
            assert json.loads(json.dumps(english(view))) == english(view)


def test_during_the_auction_a_seat_sees_only_its_own_cards(table):
    state = table.run(table.start(HANDS, TALON, dealer=3), "0 bid:two")
    seat = HUNGARIAN.observe(state, 2)
    assert seat["hand"] == ["T14", "T12", "T8", "T6", "T1", "HR", "SQ", "DK", "CQ"]
    assert seat["hands"] == [None, None, seat["hand"], None]
    assert seat["hand_counts"] == [9, 9, 9, 9]
    assert seat["auction"] == [{"seat": 0, "call": "bid:two"}]
    assert (seat["to_act"], seat["contract"], seat["declarer"]) == ([1], None, None)
    assert (seat["talon"], seat["talon_received"], seat["deal"]) == (None, None, None)
    audience = HUNGARIAN.observe(state, AUDIENCE)
    assert audience["hand"] == [] and audience["hands"] == [None] * 4
    everyone = HUNGARIAN.observe(state, EVERYONE)
    assert everyone["talon"] == ["T18", "CR", "T2", "H1", "S10", "DR"]  # dealt order
    assert everyone["hands"][2] == seat["hand"]


def test_talon_cards_and_discards_are_seen_by_their_holder_only(table):
    state = table.run(table.start(HANDS, TALON, dealer=3), *AUCTION)
    seat1 = HUNGARIAN.observe(state, 1)
    assert seat1["talon_received"] == [None, ["T2", "H1"], None, None]
    assert seat1["talon_counts"] == [2, 2, 1, 1]
    assert seat1["discarded"] == [False] * 4 and seat1["discards"] == [None] * 4
    state = table.run(state, "0 discard:C10,CR")
    seat0, seat1 = HUNGARIAN.observe(state, 0), HUNGARIAN.observe(state, 1)
    assert seat0["discards"] == [["CR", "C10"], None, None, None]
    assert seat1["discards"] == [None] * 4
    assert seat1["discarded"] == [True, False, False, False]
    assert seat1["discard_tarokk_counts"] is None  # nothing published before all discarded


def test_after_the_discards_the_tarokk_counts_and_the_declarers_tarokks_are_public(table):
    state = table.run(table.start(HANDS, TALON, dealer=3), *AUCTION)
    state = table.run(state, "0 discard:T18,CR", *DISCARDS[1:])
    audience = HUNGARIAN.observe(state, AUDIENCE)
    assert audience["discard_tarokk_counts"] == [1, 1, 0, 0]
    assert audience["declarer_discarded_tarokks"] == ["T18"]
    assert audience["discards"] == [None] * 4
    assert HUNGARIAN.observe(state, 2)["discards"] == [None, None, ["S10"], None]


def test_only_the_partner_knows_the_partner(table):
    state = table.run(table.start(HANDS, TALON, dealer=3), *AUCTION, *DISCARDS, "0 call:T17")
    seen = {v: (view["partner"], view["alone"]) for v, view in views(state).items()}
    assert seen == {
        0: (None, None),  # not even the declarer
        1: (1, False),  # the partner holds T17
        2: (None, None),
        3: (None, None),
        AUDIENCE: (None, None),
        EVERYONE: (1, False),
    }
    assert all(view["called_card"] == "T17" for view in views(state).values())
    # §13: the partner is revealed when the called card is played (trick 7).
    state = table.run(state, *ANNOUNCE, *TRICK_1, *TRICK_2, *TO_TRICK_7)
    assert {(view["partner"], view["alone"]) for view in views(state).values()} == {(1, False)}


def test_a_declarer_holding_the_called_card_knows_it_is_alone(table):
    state = table.run(table.start(HANDS, TALON, dealer=3), *AUCTION, *DISCARDS, "0 call:T20")
    seen = {v: (view["partner"], view["alone"]) for v, view in views(state).items()}
    assert seen[0] == (None, True) and seen[EVERYONE] == (None, True)
    assert seen[1] == seen[2] == seen[3] == seen[AUDIENCE] == (None, None)


@pytest.mark.parametrize("review, expected", [("last", [2]), ("all", [1, 2])])
def test_trick_review(table, review, expected):
    state = table.start(HANDS, TALON, dealer=3, trick_review=review)
    state = table.run(state, *AUCTION, *DISCARDS, "0 call:T17", *ANNOUNCE, *TRICK_1, *TRICK_2)
    state = table.run(state, "3 play:DR")
    view = HUNGARIAN.observe(state, 2)
    assert view["trick"] == {"leader": 3, "cards": [{"seat": 3, "card": "DR"}]}
    assert view["last_trick"] == {
        "leader": 0,
        "cards": [
            {"seat": 0, "card": "SJ"},
            {"seat": 1, "card": "SK"},
            {"seat": 2, "card": "SQ"},
            {"seat": 3, "card": "T4"},
        ],
        "winner": 3,
    }
    firsts = [t["cards"][0]["card"] for t in view["tricks"]]
    assert firsts == [{1: "HK", 2: "SJ"}[n] for n in expected]
    assert view["tricks_won"] == [1, 0, 0, 1]
    assert len(HUNGARIAN.observe(state, EVERYONE)["tricks"]) == 2


def test_after_the_hand_everyone_sees_everything(table):
    state = table.start(HANDS, TALON, dealer=3)
    state = table.run(state, *AUCTION, *DISCARDS, "0 call:T17", *ANNOUNCE)
    state = table.run(state, *TRICK_1, *TRICK_2, *TO_TRICK_7, *REST)
    view = HUNGARIAN.observe(state, AUDIENCE)
    assert view["phase"] == "over" and view["trick"] is None
    assert view["talon"] == ["T18", "CR", "T2", "H1", "S10", "DR"]
    assert view["talon_received"] == [["T18", "CR"], ["T2", "H1"], ["S10"], ["DR"]]
    assert view["discards"] == [["CR", "C10"], ["T2", "H1"], ["S10"], ["SR"]]
    assert view["deal"]["hands"][3] == HANDS[3].split()
    assert len(view["tricks"]) == 9 and view["tricks_won"] == [5, 1, 1, 2]
    assert view["result"]["payments"] == [8, 8, -8, -8]
    assert (view["partner"], view["alone"]) == (1, False)


def test_an_unknown_viewer_is_refused(table):
    state = table.start(HANDS, TALON, dealer=3)
    for viewer in (4, -1, "staff", True):
        with pytest.raises(ValueError, match="Unknown viewer"):
            HUNGARIAN.observe(state, viewer)
