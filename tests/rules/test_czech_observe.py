"""``observe``: the keys of every view and who sees what (czech.md §13)."""

from __future__ import annotations

import random

import pytest

from games.rules import AUDIENCE, EVERYONE, HandContext
from games.rules.czech import CZECH
from tests.rules.english import english

KEYS = {
    "variant",
    "viewer",
    "phase",
    "seats",
    "dealer",
    "cutter",
    "povinnost",
    "to_act",
    "waiting",
    "options",
    "hand",
    "hands",
    "hand_counts",
    "shuffles",
    "cut",
    "piles",
    "auction",
    "contract",
    "declarer",
    "talon",
    "talon_received",
    "talon_counts",
    "talon_events",
    "prever_talon",
    "discards",
    "discarded_trumps",
    "called_card",
    "partner",
    "alone",
    "public_sides",
    "money",
    "valat",
    "iote",
    "contra",
    "trick",
    "last_trick",
    "tricks",
    "tricks_won",
    "log",
    "result",
    "deal",
    "review",
}

HANDS = [
    "T19 T18 T17 T22 T5 HK HQ HR HJ H1 H2 H3",
    "T16 T15 T14 T13 T12 SK SQ SR SJ S10 S9 S8",
    "T21 T20 T11 T10 T9 DK DQ DR DJ D1 D2 D3",
    "T8 T7 T6 T4 T3 T2 T1 CK CQ CR CJ C10",
]
TALON = "H4 S7 D4 C7 C8 C9"


def test_every_view_has_every_key_in_every_phase():
    rng = random.Random(5)
    state = CZECH.new_hand(CZECH.deal(rng, 4, {}), HandContext(dealer=1, opening=True))
    phases = set()
    while True:
        phases.add(state.phase.value)
        for viewer in (0, 1, 2, 3, AUDIENCE, EVERYONE):
            view = CZECH.observe(state, viewer)
            assert set(view) == KEYS, set(view) ^ KEYS
            assert view["variant"] == "czech" and view["viewer"] == viewer and view["seats"] == 4
        if CZECH.is_over(state):
            break
        (seat,) = state.to_act
        legal = CZECH.legal_actions(state, seat)
        state = CZECH.apply(
            state,
            seat,
            legal[0] if state.phase.value != "shuffle" else legal[-1 if state.shuffles < 2 else 0],
        )
    assert {"shuffle", "cut", "prever", "talon", "discard", "call", "valat", "play", "over"} <= phases


def test_before_the_deal_the_views_are_empty():
    state = CZECH.new_hand(CZECH.deal(random.Random(1), 4, {}), HandContext(dealer=2))
    view = CZECH.observe(state, AUDIENCE)
    assert view["phase"] == "shuffle" and view["to_act"] == [2] and view["waiting"] is None
    assert view["dealer"] == 2 and view["cutter"] == 1 and view["povinnost"] is None
    assert view["hand"] == [] and view["hands"] == [None] * 4 and view["hand_counts"] == [0] * 4
    assert view["cut"] is None and view["piles"] is None and view["talon"] is None
    assert view["talon_received"] is None and view["talon_counts"] is None and view["discards"] is None
    assert view["prever_talon"] is None and view["contract"] is None and view["declarer"] is None
    assert view["contra"] == {"item": "game", "level": 0, "name": None, "calls": []}
    assert view["public_sides"] == [None] * 4 and view["result"] is None and view["deal"] is None
    assert CZECH.observe(state, EVERYONE)["deal"] is None


def test_seats_see_their_own_hand_and_everyone_sees_all(czech_table):
    state = czech_table.start(HANDS, TALON)
    own = czech_table.view(state, 2)
    assert own["hand"] == "T21 T20 T11 T10 T9 DK DQ DR DJ D3 D2 D1".split()  # machtarok order
    assert own["hands"] == [None, None, own["hand"], None]
    assert own["talon"] is None and own["deal"] is None and own["hand_counts"] == [12] * 4
    audience = czech_table.view(state, AUDIENCE)
    assert audience["hand"] == [] and audience["hands"] == [None] * 4
    everything = czech_table.view(state, EVERYONE)
    assert everything["talon"] == TALON.split()
    assert everything["deal"]["talon"] == TALON.split()
    assert [sorted(h) for h in everything["deal"]["hands"]] == [sorted(h.split()) for h in HANDS]
    assert all(h is not None for h in everything["hands"])
    with pytest.raises(ValueError, match="Unknown viewer"):
        czech_table.view(state, 4)
    with pytest.raises(ValueError, match="Unknown viewer"):
        czech_table.view(state, True)


def test_everyone_sees_everything_once_the_hand_is_over(czech_table):
    state = czech_table.run(
        czech_table.start(HANDS, TALON),
        *("0 pass", "1 pass", "2 pass", "3 pass", "1 offer", "3 accept", "2 take"),
        *("0 discard:H4", "0 discard:S7", "0 discard:D4", "0 discard:C7", "2 discard:C9", "3 discard:C10"),
        "0 call:T19",
        "0 declare",
        *("0 pass", "1 pass", "2 pass", "3 pass", "3 pass", "1 pass", "2 pass", "3 pass"),
    )
    assert state.partner is None  # povinnost called its own T19
    state = czech_table.play_out(state)
    view = czech_table.view(state, AUDIENCE)
    assert view["phase"] == "over" and view["to_act"] == [] and view["waiting"] is None
    assert view["talon"] == TALON.split() and view["deal"] is not None
    assert view["talon_received"] == [["H4", "S7", "D4", "C7"], [], ["C9"], ["C8"]]
    assert view["discards"] == [["H4", "S7", "D4", "C7"], [], ["C9"], ["C10"]]
    assert view["alone"] is True and view["partner"] is None
    assert view["public_sides"] == ["declarer", "opponents", "opponents", "opponents"]
    assert len(view["tricks"]) == 12 and sum(view["tricks_won"]) == 12
    result = view["result"]
    assert result["declarer_side"] == [0] and sum(result["payments"]) == 0
    assert result["next_dealer"] == 0 and result["contract"] == "partner game"
    # Povinnost alone: +3V, each other player −V (no money cards in this deal).
    v = result["value"]
    assert result["payments"] == [3 * v, -v, -v, -v] and result["partner"] is None


def test_trick_review_last_or_all(czech_table):
    steps = (
        *("0 pass", "1 pass", "2 pass", "3 pass", "1 take", "2 take"),
        *("0 discard:H4", "0 discard:S7", "0 discard:D4", "0 discard:C7", "1 discard:C8", "2 discard:C9"),
        "0 call:T16",
        "0 declare",
        *("0 pass", "1 pass", "2 pass", "3 pass", "3 pass", "2 pass", "3 pass"),
        *("0 play:T22", "1 play:T16", "2 play:T21", "3 play:T8"),
        *("0 play:T19", "1 play:T15", "2 play:T20", "3 play:T7"),
    )
    last = czech_table.run(czech_table.start(HANDS, TALON), *steps)
    review = czech_table.run(czech_table.start(HANDS, TALON, trick_review="all"), *steps)
    assert len(czech_table.view(last, 3)["tricks"]) == 1 and len(czech_table.view(review, 3)["tricks"]) == 2
    assert len(czech_table.view(last, EVERYONE)["tricks"]) == 2
    view = czech_table.view(last, 1)
    assert view["last_trick"] == {
        "leader": 0,
        "cards": [
            {"seat": 0, "card": "T19"},
            {"seat": 1, "card": "T15"},
            {"seat": 2, "card": "T20"},
            {"seat": 3, "card": "T7"},
        ],
        "winner": 2,
    }
    assert view["trick"] == {"leader": 2, "cards": []}
    assert view["tricks_won"] == [1, 0, 1, 0]
    assert [english(e["text"]) for e in view["log"][-5:]] == [
        "plays T19",
        "plays T15",
        "plays T20",
        "plays T7",
        "wins trick 2",
    ]
