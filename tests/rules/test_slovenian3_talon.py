"""The talon exchange of three, two and one (slovenian3.md §5.1), the untouched talon of the
other contracts (§5.2), and the mond left in the talon (§10.5).

Dealer 2: forehand (F) seat 0, middlehand (M) seat 1, the dealer (Dl) seat 2. F holds only
taroks and kings, so any discard beyond the talon's suit cards must be taroks.
"""

from __future__ import annotations

import pytest

from games.rules import AUDIENCE, ActionError, IllegalAction
from games.rules.slovenian3 import Phase
from tests.helpers.slovenian3 import FOUR_KINGS_HANDS as HANDS
from tests.helpers.slovenian3 import FOUR_KINGS_TALON as TALON
from tests.helpers.slovenian3 import MOND_HANDS, MOND_TALON
from tests.rules.english import english


def forehand_plays(table, contract: str, hands=HANDS, talon=TALON, **options):
    return table.run(table.start(hands, talon, **options), "1 pass", "2 pass", f"0 bid:{contract}")


@pytest.mark.parametrize(
    "contract, groups",
    [
        ("three", [["T1", "S8", "S7"], ["C9", "C8", "C7"]]),
        ("two", [["T1", "S8"], ["S7", "C9"], ["C8", "C7"]]),
        ("one", [["T1"], ["S8"], ["S7"], ["C9"], ["C8"], ["C7"]]),
    ],
)
def test_the_talon_is_turned_face_up_in_groups_in_dealt_order(slovenian_table, contract, groups):
    state = forehand_plays(slovenian_table, contract)
    assert state.phase is Phase.TALON and state.to_act == {0}
    assert slovenian_table.legal(state, 0) == [f"take:{n}" for n in range(1, len(groups) + 1)]
    view = slovenian_table.view(state, AUDIENCE)
    assert view["talon"] == TALON.split() and view["talon_groups"] == groups and view["talon_taken"] is None
    shown = " | ".join(" ".join(g) for g in groups)
    assert english(state.log)[-1] == (None, f"The talon is turned face up: {shown}")


def test_taking_a_group_then_discarding_only_suit_cards(slovenian_table):
    state = forehand_plays(slovenian_table, "two")
    with pytest.raises(IllegalAction, match="^Choose a talon group from 1 to 3$"):
        slovenian_table.run(state, "0 take:4")
    state = slovenian_table.run(state, "0 take:3")
    assert state.phase is Phase.DISCARD and state.talon_taken == 3
    assert english(state.log)[-1] == (0, "takes talon group 3: C8 C7")
    # The only non-king suit cards are the two clubs taken: they are the discard.
    assert slovenian_table.legal(state, 0) == ["discard:C8,C7"]
    state = slovenian_table.run(state, "0 discard:C7,C8")  # any order
    assert state.discard == ("C8", "C7") and english(state.log)[-1] == (0, "discards 2 cards")
    assert state.phase is Phase.ANNOUNCE and state.to_act == {0}
    assert len(state.hands[0]) == 16


def test_taroks_are_discarded_only_when_nothing_else_may_be(slovenian_table):
    state = slovenian_table.run(forehand_plays(slovenian_table, "three"), "0 take:1")
    # 16 + T1 S8 S7: the suit cards S8 S7 and one tarok, never a king or a trula card.
    assert slovenian_table.legal(state, 0) == [f"discard:T{n},S8,S7" for n in range(20, 10, -1)]
    refusals = {
        "0 discard:HK,S8,S7": "Kings may not be discarded",
        "0 discard:T22,S8,S7": "The trula (škis, mond and pagat) may not be discarded",
        "0 discard:T1,S8,S7": "The trula (škis, mond and pagat) may not be discarded",
        "0 discard:T20,T19,S8": "You may discard a tarok only when you have no other card to discard",
        "0 discard:T20,S8": "You must discard exactly 3 cards",
        "0 discard:": "You must discard exactly 3 cards",
        "0 discard:S8,S8,S7": "You listed S8 twice",
        "0 discard:T20,S8,H4": "You do not hold H4",
        "0 discard:T20,S8,X9": "Unknown card 'X9'",
    }
    for step, message in refusals.items():
        with pytest.raises(ActionError) as error:  # illegal or unknown
            slovenian_table.run(state, step)
        assert str(error.value) == message
    state = slovenian_table.run(state, "0 discard:S7,T20,S8")
    # Each discarded tarok is shown face up; the rest of the discard stays hidden.
    assert english(state.log)[-1] == (0, "discards 3 cards, 1 tarok face up: T20")
    audience = slovenian_table.view(state, AUDIENCE)
    assert audience["discarded_taroks"] == ["T20"] and audience["discards"] == [None, [], []]
    assert slovenian_table.view(state, 0)["discards"] == [["T20", "S8", "S7"], [], []]
    assert slovenian_table.view(state, 1)["discards"] == [None, [], []]


def test_one_takes_a_single_card(slovenian_table):
    state = slovenian_table.run(forehand_plays(slovenian_table, "one"), "0 take:1")
    assert "T1" in state.hands[0] and len(state.hands[0]) == 17
    # No suit card but the kings: one tarok other than the trula.
    assert slovenian_table.legal(state, 0) == [f"discard:T{n}" for n in range(20, 10, -1)]


def test_the_mond_left_in_an_untaken_group_costs_the_declarer(slovenian_table):
    state = forehand_plays(slovenian_table, "three", MOND_HANDS, MOND_TALON)
    state = slovenian_table.play_out(slovenian_table.run(state, "0 take:2", "0 discard:C9,C8,C7"))
    lines = [i for i in state.result.items if i.name == "mond penalty"]
    assert [(i.seat, i.amount, english(i.note)) for i in lines] == [
        (0, -20, "T21 left in a talon group not taken")
    ]
    assert state.result.payments == (state.result.value - 20, 0, 0)


def test_the_mond_penalty_option_21(slovenian_table):
    state = forehand_plays(slovenian_table, "three", MOND_HANDS, MOND_TALON, mond_penalty=21)
    state = slovenian_table.play_out(slovenian_table.run(state, "0 take:2", "0 discard:C9,C8,C7"))
    lines = [i for i in state.result.items if i.name == "mond penalty"]
    assert [(i.base, i.amount) for i in lines] == [(21, -21)]


def test_taking_the_mond_avoids_the_penalty(slovenian_table):
    state = forehand_plays(slovenian_table, "three", MOND_HANDS, MOND_TALON)
    state = slovenian_table.run(state, "0 take:1")
    assert "T21" in state.hands[0]
    # F now holds the whole trula, so the mond cannot be captured either.
    state = slovenian_table.play_out(slovenian_table.run(state, "0 discard:T20,S8,S7"))
    assert not [i for i in state.result.items if i.name == "mond penalty"]


@pytest.mark.parametrize("contract", ["beggar", "solo-without", "open-beggar", "colour-valat", "valat"])
def test_other_contracts_leave_the_talon_face_down(slovenian_table, contract):
    state = slovenian_table.run(
        slovenian_table.start(MOND_HANDS, MOND_TALON), f"1 bid:{contract}", "2 pass", "0 pass"
    )
    state = slovenian_table.run(state, f"1 bid:{contract}")
    assert state.phase is Phase.ANNOUNCE
    for viewer in (0, 1, 2, AUDIENCE):
        view = slovenian_table.view(state, viewer)
        assert view["talon"] is None and view["talon_groups"] is None
    state = slovenian_table.play_out(state)
    # The mond never left the talon: no penalty, even in solo without; the talon is shown at the end.
    assert not [i for i in state.result.items if i.name == "mond penalty"]
    assert slovenian_table.view(state, AUDIENCE)["talon"] == MOND_TALON.split()


def test_in_solo_without_the_talon_counts_for_the_opponents(slovenian_table):
    state = slovenian_table.run(slovenian_table.start(HANDS, TALON), "1 pass", "2 pass", "0 bid:solo-without")
    state = slovenian_table.play_out(state)
    result = state.result
    # F leads its twelve taroks T22..T11, above every other tarok, then its four kings: it takes
    # all 16 tricks, 48 cards. The talon T1 S8 S7 C9 C8 C7 (5 + 5 × 1 = 10 points, 6 cards:
    # 10 − 2 × 2 = 6) counts for the opponents: D = 70 − 6 = 64. Solo without scores no valat.
    assert [t.winner for t in state.tricks] == [0] * 16
    assert result.card_points == (64, 6) and result.reason == "played out"
    assert result.payments == (80, 0, 0) and [(i.name, i.amount) for i in result.items] == [
        ("solo without", 80)
    ]


def test_a_king_left_in_the_talon_makes_kings_impossible(slovenian_table):
    # F plays three, takes CQ D1 T22 and leaves T11 SJ CK to the opponents. Playing each first
    # legal card, F wins HK, SK and DK in its tricks, but CK lies in the talon: no kings line
    # (§7.2). F's game: 10 + R(D − 35) = 10 + 15. Dl's T21 falls to the T22 F took from the
    # talon: Dl pays the mond penalty, outside F's score.
    hands = [
        "T15 T14 T12 T8 T7 T6 T3 HK H1 SK S9 DK DQ D2 D4 CR",
        "T20 T17 T9 T5 T1 HQ H2 H4 SR S8 S7 DR CJ C10 C9 C8",
        "T21 T19 T18 T16 T13 T10 T4 T2 HR HJ H3 SQ S10 DJ D3 C7",
    ]
    state = slovenian_table.run(
        slovenian_table.start(hands, "CQ D1 T22 T11 SJ CK"),
        *("1 pass", "2 pass", "0 bid:three", "0 take:1", "0 discard:H1,S9,DQ"),
    )
    state = slovenian_table.play_out(state)
    won = {card for trick in state.tricks if trick.winner == 0 for _, card in trick.cards}
    assert {"HK", "SK", "DK"} <= won
    assert [(i.name, i.seat, i.amount) for i in state.result.items] == [
        ("game", None, 10),
        ("difference", None, 15),
        ("mond penalty", 2, -20),
    ]
