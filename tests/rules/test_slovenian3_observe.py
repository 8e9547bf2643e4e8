"""What each viewer sees (slovenian3.md §13): own cards, the public column for the audience,
everything for staff and for everyone once the hand is over; the view's keys; trick review."""

from __future__ import annotations

import json

import pytest

from games.rules import AUDIENCE, EVERYONE
from games.rules.cards import sort_cards
from tests.rules.english import english

HANDS = [
    "T21 T20 T19 HK HQ HR HJ H1 SK SQ SR SJ S10 DK DQ DR",
    "T22 T18 T17 T16 T15 H2 H3 H4 S9 S8 S7 DJ D1 D2 D3 D4",
    "T1 T14 T13 T12 T11 T10 T9 T8 CK CQ CR CJ C10 C9 C8 C7",
]
TALON = "T7 T6 T5 T4 T3 T2"

KEYS = {
    "variant", "viewer", "phase", "seats", "dealer", "forehand", "middlehand", "to_act", "waiting",
    "options", "hand", "hands", "hand_counts", "auction", "highest_bid", "contract", "contract_key",
    "declarer", "public_sides", "talon", "talon_groups", "talon_taken", "discards", "discarded_taroks",
    "klop_gifts", "exposed", "radelci", "announcements", "announce_turns", "announce_turn", "items",
    "trick", "last_trick", "tricks", "tricks_won", "log", "result", "deal", "review",
}  # fmt: skip


def test_every_key_in_every_view_and_json(slovenian_table):
    state = slovenian_table.start(HANDS, TALON)
    for viewer in (0, 1, 2, AUDIENCE, EVERYONE):
        view = slovenian_table.view(state, viewer)
        assert set(view) == KEYS
        assert json.loads(json.dumps(english(view))) == english(view)
    view = slovenian_table.view(state, 1)
    assert (view["variant"], view["phase"], view["seats"], view["dealer"]) == ("slovenian3", "auction", 3, 2)
    assert (view["forehand"], view["middlehand"], view["to_act"], view["waiting"]) == (0, 1, [1], None)
    with pytest.raises(ValueError, match="Unknown viewer 3"):
        slovenian_table.view(state, 3)


def test_during_the_deal_each_seat_sees_its_own_cards_only(slovenian_table):
    state = slovenian_table.start(HANDS, TALON)
    for seat in range(3):
        view = slovenian_table.view(state, seat)
        assert view["hand"] == sort_cards(HANDS[seat].split())
        assert [h is not None for h in view["hands"]] == [s == seat for s in range(3)]
        assert view["talon"] is None and view["deal"] is None and view["hand_counts"] == [16, 16, 16]
    audience = slovenian_table.view(state, AUDIENCE)
    assert audience["hand"] == [] and audience["hands"] == [None, None, None]
    staff = slovenian_table.view(state, EVERYONE)
    assert staff["hands"][2] == sort_cards(HANDS[2].split()) and staff["talon"] == TALON.split()
    assert staff["deal"] == {"hands": [h.split() for h in HANDS], "talon": TALON.split()}


def test_auction_calls_and_the_contract_are_public(slovenian_table):
    state = slovenian_table.run(slovenian_table.start(HANDS, TALON), "1 bid:two", "2 pass")
    view = slovenian_table.view(state, AUDIENCE)
    assert view["auction"] == [{"seat": 1, "call": "bid:two"}, {"seat": 2, "call": "pass"}]
    assert english(view["highest_bid"]) == {"seat": 1, "contract": "two"} and view["contract"] is None
    state = slovenian_table.run(state, "0 pass", "1 bid:solo-without")
    view = slovenian_table.view(state, AUDIENCE)
    contract = (english(view["contract"]), view["contract_key"], view["declarer"])
    assert contract == ("solo without", "solo-without", 1)
    assert view["public_sides"] == ["opponents", "declarer", "opponents"]
    assert english(view["log"][-1]) == {"seat": 1, "text": "is declarer: solo without"}


def test_klop_gifts_are_public_as_taken_and_the_rest_of_the_talon_hidden(slovenian_table):
    state = slovenian_table.run(slovenian_table.start(HANDS, TALON), "1 pass", "2 pass", "0 bid:klop")
    state = slovenian_table.run(state, "0 play:T21", "1 play:T22", "2 play:T1")
    view = slovenian_table.view(state, 0)
    assert view["klop_gifts"] == [{"trick": 1, "seat": 2, "card": "T7"}]
    assert view["talon"] is None and view["talon_groups"] is None
    assert view["public_sides"] == [None, None, None] and view["declarer"] is None


def test_trick_review_last_or_all(slovenian_table):
    klop = ("1 pass", "2 pass", "0 bid:klop", "0 play:T21", "1 play:T22", "2 play:T1")
    last = slovenian_table.run(
        slovenian_table.start(HANDS, TALON), *klop, "2 play:T14", "0 play:T20", "1 play:T18"
    )
    view = slovenian_table.view(last, 1)
    # Trick 2: T14 led; F must beat it (T20); M cannot beat T20 and plays any tarok: F wins.
    assert [t["winner"] for t in view["tricks"]] == [0] and view["tricks_won"] == [1, 0, 1]
    assert view["last_trick"] == {
        "leader": 2,
        "cards": [{"seat": 2, "card": "T14"}, {"seat": 0, "card": "T20"}, {"seat": 1, "card": "T18"}],
        "winner": 0,
    }
    every = slovenian_table.run(
        slovenian_table.start(HANDS, TALON, trick_review="all"),
        *klop,
        "2 play:T14",
        "0 play:T20",
        "1 play:T18",
    )
    assert [t["winner"] for t in slovenian_table.view(every, AUDIENCE)["tricks"]] == [2, 0]
    assert [t["winner"] for t in slovenian_table.view(last, EVERYONE)["tricks"]] == [2, 0]


def test_once_over_everyone_sees_everything(slovenian_table):
    state = slovenian_table.run(
        slovenian_table.start(HANDS, TALON),
        "1 pass",
        "2 pass",
        "0 bid:three",
        "0 take:2",
        "0 discard:H1,S10,DR",
    )
    playing = slovenian_table.pass_announcements(state)
    assert slovenian_table.view(playing, 1)["discards"] == [None, [], []]
    state = slovenian_table.play_out(playing)
    for viewer in (0, 1, 2, AUDIENCE):
        view = slovenian_table.view(state, viewer)
        assert view["phase"] == "over" and view["to_act"] == []
        assert view["discards"] == [["H1", "S10", "DR"], [], []]
        assert view["deal"]["talon"] == TALON.split() and view["talon"] == TALON.split()
        assert len(view["tricks"]) == 16
        assert view["result"]["contract"] == "three" and view["result"]["declarer"] == 0
        assert json.loads(json.dumps(english(view))) == english(view)


def test_radelci_are_shown_with_the_option(slovenian_table):
    assert (
        slovenian_table.view(slovenian_table.start(HANDS, TALON, radelci_held=(1, 0, 2)), 0)["radelci"]
        is None
    )
    state = slovenian_table.start(HANDS, TALON, radelci_held=(1, 0, 2), radelci=True)
    assert slovenian_table.view(state, AUDIENCE)["radelci"] == [1, 0, 2]
    assert english(state.log)[:2] == ((0, "holds 1 radelc"), (2, "holds 2 radelci"))
