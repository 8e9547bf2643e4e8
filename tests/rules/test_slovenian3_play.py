"""Trick play (slovenian3.md §8): following, the negative contracts' obligations (must beat,
pagat, emperor), the emperor trick, colour valat, pagat ultimo kept back, klop's talon gifts,
the open beggar's exposure and the early end; §14 Examples 7 and 8.

Dealer 2 throughout: forehand (F) seat 0, middlehand (M) seat 1, the dealer (Dl) seat 2.
"""

from __future__ import annotations

import pytest

from games.rules import AUDIENCE, IllegalAction
from games.rules.cards import sort_cards
from games.rules.slovenian3 import Phase
from games.rules.slovenian3.state import CONTRACT_BY_KEY, evolve
from games.rules.tricks import Trick
from tests.rules.english import english

# §14 Example 7: M holds H4 H1 HQ T5 ...; Dl has no hearts and holds the taroks T1 T7 T16.
EX7 = [
    "H2 H3 HK HR HJ S7 S8 S9 D4 D3 C7 C8 T2 T3 T4 T6",
    "H4 H1 HQ T5 S10 D2 D1 C9 T8 T9 T10 T11 T12 T13 T14 T15",
    "T1 T7 T16 SQ SK SR SJ DR DQ DK DJ CR CQ CK CJ C10",
]
EX7_TALON = "T17 T18 T19 T20 T21 T22"

# §14 Example 8: F holds the mond (T21), M the škis (T22), Dl the pagat (T1).
EX8 = [
    "T21 T20 T19 HK HQ HR HJ H1 SK SQ SR SJ S10 DK DQ DR",
    "T22 T18 T17 T16 T15 H2 H3 H4 S9 S8 S7 DJ D1 D2 D3 D4",
    "T1 T14 T13 T12 T11 T10 T9 T8 CK CQ CR CJ C10 C9 C8 C7",
]
EX8_TALON = "T7 T6 T5 T4 T3 T2"

KLOP = ("1 pass", "2 pass", "0 bid:klop")


def at_trick(state, contract: str, hands: list[str], trick: list[str], leader: int = 0):
    """``state`` moved to a trick in progress of ``contract``: ``hands`` (written out per seat)
    and the cards already in the trick, played from ``leader`` on."""
    cards = tuple(((leader + i) % 3, card) for i, card in enumerate(trick))
    to_act = (leader + len(trick)) % 3
    return evolve(
        state,
        contract=CONTRACT_BY_KEY[contract],
        declarer=None if contract == "klop" else 0,
        phase=Phase.PLAY,
        hands=tuple(tuple(sort_cards(h.split())) for h in hands),
        trick=Trick(leader, cards),
        to_act=frozenset({to_act}),
    )


def test_example_7_must_beat_and_pagat_in_klop(slovenian_table):
    state = slovenian_table.run(slovenian_table.start(EX7, EX7_TALON), *KLOP)
    assert state.phase is Phase.PLAY and state.to_act == {0}
    state = slovenian_table.run(state, "0 play:H2")
    # M must follow hearts and beat H2 (no tarok in the trick): H1 or HQ; H4 is lower.
    assert slovenian_table.legal(state, 1) == ["play:HQ", "play:H1"]
    with pytest.raises(IllegalAction, match="^You must beat the trick: play HQ or H1$"):
        slovenian_table.run(state, "1 play:H4")
    with pytest.raises(IllegalAction, match="^You must follow hearts$"):
        slovenian_table.run(state, "1 play:T5")
    state = slovenian_table.run(state, "1 play:HQ")
    # Dl has no hearts: any tarok (none in the trick yet) but the pagat.
    assert slovenian_table.legal(state, 2) == ["play:T16", "play:T7"]
    with pytest.raises(IllegalAction, match="^You may play the pagat only when you have no other card"):
        slovenian_table.run(state, "2 play:T1")
    with pytest.raises(IllegalAction, match="^You must play a tarok$"):
        slovenian_table.run(state, "2 play:SQ")
    state = slovenian_table.run(state, "2 play:T7")
    assert state.tricks[0].winner == 2
    # Had Dl's only tarok been T1, T1 would be forced.
    forced = at_trick(state, "klop", [EX7[0], EX7[1], "T1 SQ SK DR"], ["H2", "HQ"])
    assert slovenian_table.legal(forced, 2) == ["play:T1"]


def test_klop_gifts_the_next_talon_card_to_the_winner_of_each_of_the_first_six_tricks(slovenian_table):
    state = slovenian_table.run(
        slovenian_table.start(EX7, EX7_TALON), *KLOP, "0 play:H2", "1 play:HQ", "2 play:T7"
    )
    # Trick 1 won by Dl, who takes talon card 1 (T17), face up.
    assert state.gifts == ((2, "T17"),)
    assert english(state.log)[-2:] == ((2, "wins trick 1"), (2, "takes talon card 1: T17"))
    state = slovenian_table.play_out(state)
    winners = [trick.winner for trick in state.tricks]
    assert state.gifts == tuple(zip(winners[:6], EX7_TALON.split(), strict=True))
    result = state.result
    assert result.contract == "klop" and result.declarer is None and result.card_points == (0, 0)


def test_a_tarok_must_beat_the_highest_tarok_in_the_trick(slovenian_table):
    state = slovenian_table.run(slovenian_table.start(EX7, EX7_TALON), *KLOP)
    # Tarok lead T5: M must play a higher tarok if it has one (T9 or T12), else any tarok.
    beat = at_trick(state, "beggar", ["H2", "T12 T9 T3 HK", "T1 SQ"], ["T5"])
    assert slovenian_table.legal(beat, 1) == ["play:T12", "play:T9"]
    with pytest.raises(IllegalAction, match="^You must beat the trick: play T12 or T9$"):
        slovenian_table.run(beat, "1 play:T3")
    cannot = at_trick(state, "beggar", ["H2", "T4 T3 HK", "T1 SQ"], ["T5"])
    assert slovenian_table.legal(cannot, 1) == ["play:T4", "play:T3"]
    # A heart led and trumped: the next player follows with any heart, no need to beat.
    trumped = at_trick(state, "open-beggar", ["H2", "T4 SK", "H1 H3 T1"], ["H2", "T4"])
    assert slovenian_table.legal(trumped, 2) == ["play:H1", "play:H3"]
    # Void in the suit led and without taroks: any card.
    free = at_trick(state, "klop", ["H2", "SK D1 C7", "T1"], ["H2"])
    assert slovenian_table.legal(free, 1) == ["play:SK", "play:D1", "play:C7"]


def test_the_pagat_may_be_led_in_klop_only_as_the_last_card(slovenian_table):
    state = slovenian_table.run(slovenian_table.start(EX7, EX7_TALON), *KLOP)
    lead = at_trick(state, "klop", ["T1 T5 H2", "H4", "SQ"], [])
    assert slovenian_table.legal(lead, 0) == ["play:T5", "play:H2"]
    only = at_trick(state, "klop", ["T1", "H4", "SQ"], [])
    assert slovenian_table.legal(only, 0) == ["play:T1"]
    # Must beat leaves only the pagat: it is the only card left, so it is played.
    beaten = at_trick(state, "beggar", ["H2", "T1 T2 HK", "SQ"], ["T5"])
    assert slovenian_table.legal(beaten, 1) == ["play:T2"]


def test_no_obligations_in_positive_contracts(slovenian_table):
    state = slovenian_table.run(slovenian_table.start(EX7, EX7_TALON), *KLOP)
    # Three: any heart to a heart lead; the pagat may be played; no emperor obligation.
    hearts = at_trick(state, "three", ["H2", "H4 H1 HQ T5", "T1 T7"], ["H2"])
    assert slovenian_table.legal(hearts, 1) == ["play:HQ", "play:H1", "play:H4"]
    pagat = at_trick(state, "three", ["H2", "H4", "T1 T7 SQ"], ["H2", "H4"])
    assert slovenian_table.legal(pagat, 2) == ["play:T7", "play:T1"]
    emperor = at_trick(state, "solo-without", ["T21", "T22", "T1 T7 SQ"], ["T21", "T22"])
    assert slovenian_table.legal(emperor, 2) == ["play:T7", "play:T1"]


def test_example_8_emperor_trick_in_three_and_the_mond_penalty(slovenian_table):
    # Contract three (forehand's choice). F leads T21, M plays T22, Dl plays T1: Dl wins.
    state = slovenian_table.run(
        slovenian_table.start(EX8, EX8_TALON),
        "1 pass",
        "2 pass",
        "0 bid:three",
        "0 take:1",
        "0 discard:H1,S10,DR",
    )
    state = slovenian_table.pass_announcements(state)
    state = slovenian_table.run(state, "0 play:T21", "1 play:T22", "2 play:T1")
    assert state.tricks[0].winner == 2
    state = slovenian_table.play_out(state)
    # F's mond was captured: F scores −20 individually, outside the hand score.
    result = state.result
    mond = [item for item in result.items if item.name == "mond penalty"]
    assert [(m.seat, m.side, m.base, m.multiplier, m.amount) for m in mond] == [(0, "declarer", 20, 1, -20)]
    assert english(mond[0].note) == "T21 captured in the emperor trick"
    assert result.payments == (result.value - 20, 0, 0)


def test_example_8_in_klop_the_emperor_obligation_and_no_penalty(slovenian_table):
    state = slovenian_table.run(slovenian_table.start(EX8, EX8_TALON), *KLOP, "0 play:T21")
    assert slovenian_table.legal(state, 1) == ["play:T22"]  # must beat T21
    state = slovenian_table.run(state, "1 play:T22")
    # Dl holds T1, must play a tarok, and T22 and T21 are in the trick: T1 is forced.
    assert slovenian_table.legal(state, 2) == ["play:T1"]
    with pytest.raises(IllegalAction, match="^You must play the pagat: škis and mond are in the trick$"):
        slovenian_table.run(state, "2 play:T14")
    state = slovenian_table.play_out(slovenian_table.run(state, "2 play:T1"))
    assert state.tricks[0].winner == 2
    assert not [item for item in state.result.items if item.name == "mond penalty"]


@pytest.mark.parametrize(
    "trick, winner",
    [
        (["T21", "T22", "T1"], 2),
        (["T1", "T22", "T21"], 0),
        (["T22", "T1", "T21"], 1),
        (["T22", "T21", "T20"], 0),
        (["H2", "T1", "H4"], 1),  # the pagat is still a tarok
    ],
)
def test_the_emperor_trick_in_any_order(slovenian_table, trick, winner):
    state = slovenian_table.run(slovenian_table.start(EX8, EX8_TALON), *KLOP)
    played = at_trick(state, "three", ["", "", trick[2]], trick[:2])
    played = slovenian_table.run(played, f"2 play:{trick[2]}")
    assert played.tricks[-1].winner == winner


def test_colour_valat_taroks_do_not_trump_a_suit_lead(slovenian_table):
    state = slovenian_table.run(slovenian_table.start(EX8, EX8_TALON), *KLOP)
    # A heart led: M has no hearts and must play a tarok, which does not win; H4 loses to HQ.
    suit = at_trick(state, "colour-valat", ["HQ", "T22 S7", "H4 T1"], [])
    suit = slovenian_table.run(suit, "0 play:HQ", "1 play:T22")
    assert slovenian_table.legal(suit, 2) == ["play:H4"]
    suit = slovenian_table.run(suit, "2 play:H4")
    assert suit.tricks[-1].winner == 0
    # A tarok led: the highest tarok wins, and the emperor trick counts.
    tarok = at_trick(state, "colour-valat", ["T2", "T22", "T1"], ["T2", "T22"])
    assert slovenian_table.run(tarok, "2 play:T1").tricks[-1].winner == 1
    emperor = at_trick(state, "colour-valat", ["T21", "T22", "T1"], ["T21", "T22"])
    assert slovenian_table.run(emperor, "2 play:T1").tricks[-1].winner == 2


def test_an_announced_pagat_ultimo_keeps_t1_for_the_last_trick(slovenian_table):
    # Three by forehand; Dl holds T1 and announces pagat ultimo.
    state = slovenian_table.run(
        slovenian_table.start(EX8, EX8_TALON),
        "1 pass",
        "2 pass",
        "0 bid:three",
        "0 take:1",
        "0 discard:H1,S10,DR",
    )
    state = slovenian_table.run(state, "0 pass", "1 pass", "2 announce:ultimo", "2 pass", "0 pass", "1 pass")
    assert state.phase is Phase.PLAY
    state = slovenian_table.run(state, "0 play:T21", "1 play:T22")
    assert "play:T1" not in slovenian_table.legal(state, 2)
    with pytest.raises(
        IllegalAction, match="^You announced pagat ultimo: keep the pagat for the last trick$"
    ):
        slovenian_table.run(state, "2 play:T1")
    # The only allowed card: played, even before trick 16.
    only = evolve(state, hands=(state.hands[0], state.hands[1], ("T1", "CK")))
    assert slovenian_table.legal(only, 2) == ["play:T1"]
    # Trick 16: T1 is the last card and is played.
    state = slovenian_table.play_out(state)
    assert any(card == "T1" for _, card in state.tricks[15].cards)


def test_beggar_ends_as_soon_as_the_declarer_takes_a_trick(slovenian_table):
    # M plays beggar with the high cards: it takes trick 1 and the hand ends.
    state = slovenian_table.run(slovenian_table.start(EX8, EX8_TALON), "1 bid:beggar", "2 pass", "0 pass")
    state = slovenian_table.pass_announcements(slovenian_table.run(state, "1 bid:beggar"))
    state = slovenian_table.run(state, "1 play:T22", "2 play:T14", "0 play:T21")
    assert state.phase is Phase.OVER and len(state.tricks) == 1
    assert english(state.log)[-2] == (None, "The declarer took trick 1: the hand ends")
    assert state.result.reason == "ended early" and state.result.payments == (0, -70, 0)


@pytest.mark.parametrize("contract, value", [("valat", 500), ("colour-valat", 125)])
def test_valats_end_as_soon_as_the_declarer_loses_a_trick(slovenian_table, contract, value):
    # Dl declares with the clubs and small taroks; F wins the first trick with T21.
    state = slovenian_table.run(
        slovenian_table.start(EX8, EX8_TALON), "1 pass", f"2 bid:{contract}", "0 pass"
    )
    state = slovenian_table.pass_announcements(slovenian_table.run(state, f"2 bid:{contract}"))
    state = slovenian_table.run(state, "2 play:T14", "0 play:T21", "1 play:T22")
    assert state.phase is Phase.OVER and state.result.reason == "ended early"
    assert english(state.log)[-2] == (None, "The declarer lost trick 1: the hand ends")
    assert state.result.payments == (0, 0, -value)


def test_the_open_beggars_hand_is_shown_before_the_first_lead(slovenian_table):
    state = slovenian_table.run(
        slovenian_table.start(EX7, EX7_TALON), "1 bid:open-beggar", "2 pass", "0 pass"
    )
    state = slovenian_table.run(state, "1 bid:open-beggar")
    assert slovenian_table.view(state, AUDIENCE)["exposed"] is None  # not during the announcements
    state = slovenian_table.pass_announcements(state)
    assert state.exposed and english(state.log)[-1] == (1, "lays the hand face up")
    view = slovenian_table.view(state, AUDIENCE)
    assert view["exposed"] == view["hands"][1] == sort_cards(EX7[1].split())
    assert view["hands"][0] is None and view["hands"][2] is None
    # It stays visible as it shrinks.
    state = slovenian_table.run(state, "1 play:H4")
    assert slovenian_table.view(state, 0)["exposed"] == sort_cards(c for c in EX7[1].split() if c != "H4")


def test_the_open_beggars_hand_after_the_first_trick_with_the_option(slovenian_table):
    start = slovenian_table.start(EX7, EX7_TALON, open_beggar_exposure="after_first_trick")
    state = slovenian_table.run(start, "1 bid:open-beggar", "2 pass", "0 pass", "1 bid:open-beggar")
    state = slovenian_table.pass_announcements(state)
    assert not state.exposed and slovenian_table.view(state, 2)["exposed"] is None
    state = slovenian_table.run(state, "1 play:H4", "2 play:T16")
    assert not state.exposed
    state = slovenian_table.run(state, "0 play:H2")  # Dl's T16 wins trick 1
    assert state.exposed and slovenian_table.view(state, AUDIENCE)["exposed"] == list(state.hands[1])
