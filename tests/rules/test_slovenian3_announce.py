"""Announcements and the kontra chain (slovenian3.md §7): who may announce what, once each,
valat cancelling the rest, kontra levels by side and in order, klop kontra; how the phase ends;
the items as the views show them.

§14 Example 8's deal: F (seat 0) holds the mond, M (seat 1) the škis, Dl (seat 2) the pagat.
F plays three and takes the first talon group.
"""

from __future__ import annotations

import pytest

from games.rules import AUDIENCE, ActionError
from games.rules.slovenian3 import Phase
from tests.rules.english import english

HANDS = [
    "T21 T20 T19 HK HQ HR HJ H1 SK SQ SR SJ S10 DK DQ DR",
    "T22 T18 T17 T16 T15 H2 H3 H4 S9 S8 S7 DJ D1 D2 D3 D4",
    "T1 T14 T13 T12 T11 T10 T9 T8 CK CQ CR CJ C10 C9 C8 C7",
]
TALON = "T7 T6 T5 T4 T3 T2"
THREE = ("1 pass", "2 pass", "0 bid:three", "0 take:1", "0 discard:H1,S10,DR")


def three(table, **options):
    return table.run(table.start(HANDS, TALON, **options), *THREE)


def refused(table, state, step: str, message: str) -> None:
    with pytest.raises(ActionError) as error:  # illegal or unknown
        table.run(state, step)
    assert str(error.value) == message


def test_the_declarer_starts_and_may_announce_for_its_side(slovenian_table):
    state = three(slovenian_table)
    assert state.phase is Phase.ANNOUNCE and state.to_act == {0}
    # No pagat in F's hand; valat is the declarer's; nothing to kontra yet.
    assert slovenian_table.legal(state, 0) == ["pass", "announce:trula", "announce:kings", "announce:valat"]
    refused(
        slovenian_table,
        state,
        "0 announce:ultimo",
        "Only the player holding the pagat may announce pagat ultimo",
    )
    refused(slovenian_table, state, "0 kontra:game", "Only the opponents may say kontra on the game")
    refused(slovenian_table, state, "0 rekontra:game", "Rekontra on the game needs kontra first")
    refused(slovenian_table, state, "0 kontra:trula", "Trula has not been announced")
    refused(slovenian_table, state, "0 announce:ultimate", "Unknown action 'announce:ultimate'")
    refused(slovenian_table, state, "1 pass", "It is not your turn")


def test_opponents_announce_for_their_side_and_only_the_pagats_holder_announces_ultimo(slovenian_table):
    state = slovenian_table.run(three(slovenian_table), "0 pass", "1 pass")
    assert slovenian_table.legal(state, 2) == [
        "pass",
        "announce:trula",
        "announce:kings",
        "announce:ultimo",
        "kontra:game",
    ]
    refused(slovenian_table, state, "2 announce:valat", "Only the declarer may announce valat")
    state = slovenian_table.run(state, "2 announce:ultimo", "2 announce:kings")
    assert state.announcing.bonuses == (("ultimo", "opponents", 2), ("kings", "opponents", 2))
    refused(slovenian_table, state, "2 announce:kings", "Kings has been announced already")
    assert english(state.log)[-2:] == ((2, "announces pagat ultimo"), (2, "announces kings"))
    state = slovenian_table.run(state, "2 pass")
    assert english(state.log)[-1] == (2, "ends the turn") and state.to_act == {0}
    # The declarer may kontra the opponents' bonuses; nobody may announce them again.
    assert slovenian_table.legal(state, 0) == [
        "pass",
        "announce:trula",
        "announce:valat",
        "kontra:kings",
        "kontra:ultimo",
    ]


def test_the_kontra_chain_to_mortkontra_odd_levels_by_the_other_side(slovenian_table):
    state = slovenian_table.run(three(slovenian_table), "0 announce:trula", "0 pass")
    refused(slovenian_table, state, "1 rekontra:trula", "Only the declarer may say rekontra on the trula")
    state = slovenian_table.run(state, "1 kontra:trula")
    refused(slovenian_table, state, "1 kontra:trula", "The kontra chain on the trula is at kontra already")
    refused(slovenian_table, state, "1 subkontra:trula", "Subkontra on the trula needs rekontra first")
    state = slovenian_table.run(state, "1 kontra:game", "1 pass", "2 pass")
    state = slovenian_table.run(state, "0 rekontra:trula", "0 rekontra:game", "0 pass")
    state = slovenian_table.run(state, "1 subkontra:trula", "1 pass", "2 pass")
    state = slovenian_table.run(state, "0 mortkontra:trula", "0 pass")
    assert slovenian_table.legal(state, 1) == ["pass", "announce:kings", "subkontra:game"]
    assert dict(state.announcing.levels) == {"trula": 4, "game": 2}
    assert english(state.log)[-2] == (0, "says mortkontra on the trula")
    state = slovenian_table.run(state, "1 pass", "2 pass")
    assert state.phase is Phase.PLAY
    items = slovenian_table.view(state, AUDIENCE)["items"]
    assert english(items) == [
        {"item": "game", "side": "declarer", "seat": None, "level": 2, "name": "rekontra"},
        {"item": "trula", "side": "declarer", "seat": 0, "level": 4, "name": "mortkontra"},
    ]


def test_silent_bonuses_cannot_be_kontrad(slovenian_table):
    state = slovenian_table.run(three(slovenian_table), "0 pass")
    refused(slovenian_table, state, "1 kontra:kings", "Kings has not been announced")
    refused(slovenian_table, state, "1 kontra:ultimo", "Pagat ultimo has not been announced")


def test_valat_cancels_every_other_announcement_and_takes_over_the_games_chain(slovenian_table):
    state = slovenian_table.run(three(slovenian_table), "0 announce:trula", "0 pass")
    state = slovenian_table.run(
        state, "1 kontra:trula", "1 kontra:game", "1 pass", "2 announce:kings", "2 pass"
    )
    state = slovenian_table.run(state, "0 announce:valat")
    assert english(state.log)[-1] == (0, "announces valat: trula, kings cancelled")
    assert state.announcing.bonuses == (("valat", "declarer", 0),)
    assert dict(state.announcing.levels) == {"game": 1}
    assert slovenian_table.legal(state, 0) == ["pass", "rekontra:valat"]
    refused(
        slovenian_table, state, "0 announce:kings", "Valat has been announced: nothing more may be announced"
    )
    refused(
        slovenian_table,
        state,
        "0 rekontra:game",
        "The announced valat has taken over the game: say it on the valat",
    )
    state = slovenian_table.run(state, "0 rekontra:valat", "0 pass")
    assert english(slovenian_table.view(state, 1)["items"]) == [
        {"item": "valat", "side": "declarer", "seat": 0, "level": 2, "name": "rekontra"}
    ]


def test_the_phase_ends_when_everyone_had_a_turn_and_the_last_two_passed(slovenian_table):
    state = slovenian_table.run(three(slovenian_table), "0 pass", "1 kontra:game", "1 pass", "2 pass")
    assert state.phase is Phase.ANNOUNCE and state.to_act == {0}  # the last two: a call, a pass
    state = slovenian_table.run(state, "0 pass")
    assert state.phase is Phase.PLAY and state.to_act == {0}  # forehand leads in three
    view = slovenian_table.view(state, AUDIENCE)
    assert view["announce_turns"] == [
        {"seat": 0, "calls": []},
        {"seat": 1, "calls": ["kontra:game"]},
        {"seat": 2, "calls": []},
        {"seat": 0, "calls": []},
    ]
    assert view["announcements"] == [
        {"seat": 0, "call": "pass"},
        {"seat": 1, "call": "kontra:game"},
        {"seat": 2, "call": "pass"},
        {"seat": 0, "call": "pass"},
    ]
    assert view["announce_turn"] is None


def test_other_contracts_have_only_the_games_kontra_chain(slovenian_table):
    state = slovenian_table.run(
        slovenian_table.start(HANDS, TALON), "1 bid:beggar", "2 pass", "0 pass", "1 bid:beggar"
    )
    assert state.to_act == {1} and slovenian_table.legal(state, 1) == ["pass"]
    refused(slovenian_table, state, "1 announce:trula", "There are no bonuses to announce in beggar")
    state = slovenian_table.run(state, "1 pass")
    assert slovenian_table.legal(state, 2) == ["pass", "kontra:game"]


def test_klop_has_no_announcement_phase_by_default(slovenian_table):
    state = slovenian_table.run(slovenian_table.start(HANDS, TALON), "1 pass", "2 pass", "0 bid:klop")
    assert state.phase is Phase.PLAY
    assert slovenian_table.view(state, AUDIENCE)["items"] == []


def test_kontra_on_klop_any_one_player_once(slovenian_table):
    start = slovenian_table.start(HANDS, TALON, kontra_on_klop=True)
    state = slovenian_table.run(start, "1 pass", "2 pass", "0 bid:klop")
    assert state.phase is Phase.ANNOUNCE and state.to_act == {0}  # forehand starts
    assert slovenian_table.legal(state, 0) == ["pass", "kontra:klop"]
    refused(
        slovenian_table,
        state,
        "0 kontra:game",
        "In klop only the klop itself can be kontra'd: say kontra:klop",
    )
    refused(slovenian_table, state, "0 rekontra:klop", "A klop can only be kontra'd once")
    state = slovenian_table.run(state, "0 pass", "1 kontra:klop")
    assert english(state.log)[-1] == (1, "says kontra on the klop")
    refused(slovenian_table, state, "1 kontra:klop", "The klop has been kontra'd already")
    assert english(slovenian_table.view(state, 2)["items"]) == [
        {"item": "klop", "side": None, "seat": 1, "level": 1, "name": "kontra"}
    ]
    state = slovenian_table.run(state, "1 pass", "2 pass")
    assert slovenian_table.legal(state, 0) == ["pass"]
    state = slovenian_table.run(state, "0 pass")
    assert state.phase is Phase.PLAY and state.to_act == {0}
    state = slovenian_table.play_out(state)
    assert {item.multiplier for item in state.result.items} == {2}
