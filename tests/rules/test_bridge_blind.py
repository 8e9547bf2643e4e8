"""The deal, drawing and reshuffling (bridge.md §3, §5): hands of 5 from the starter, the hidden
salt, reshuffles that replay exactly, the multiplier, the skipped draw, and why a round never
stalls."""

from __future__ import annotations

import json
import random

import pytest

from games.rules import AUDIENCE, EVERYONE, Deal, HandContext, IllegalAction, replay
from games.rules.bridge import BRIDGE, Phase
from games.rules.bridge.pack import PACK_36
from games.rules.cards import permutation
from tests.rules.english import english

SALT = "0123456789abcdef0123456789abcdef"
NINES = "D9 H9 S9 C9 DJ"  # seat 0 of a two-player table; seat 1 holds the other 31 cards
OTHERS = " ".join(card for card in PACK_36 if card not in NINES.split())
TO_FIRST_RESHUFFLE = (
    "0 play:D9",
    "0 play:H9",
    "0 play:S9",
    "0 play:C9",
    "0 no-bridge",
    "1 play:C7",
    "1 stop",
)
TO_SECOND_RESHUFFLE = (
    "0 play:DJ",
    "0 wish:S",
    "1 play:S8",
    "1 play:H8",
    "1 play:D8",
    "1 play:C8",
    "1 no-bridge",
)


def test_the_deal_gives_5_cards_each_from_the_starter_on_and_keeps_the_rest_as_the_blind():
    deal = BRIDGE.deal(random.Random(7), 3, {}, dealer=1)
    cards = list(PACK_36)
    random.Random(7).shuffle(cards)  # the same rng: the blind before the deal, top first
    # Seat 1 starts: it receives the top 5, then seat 2, then seat 0.
    assert deal.hands == (tuple(cards[10:15]), tuple(cards[0:5]), tuple(cards[5:10]))
    assert deal.talon == tuple(cards[15:]) and len(deal.talon) == 21
    assert len(deal.salt) == 32 and int(deal.salt, 16) >= 0
    assert BRIDGE.deal(random.Random(7), 3, {}, dealer=1) == deal
    assert Deal.from_json(json.loads(json.dumps(deal.to_json()))) == deal
    four = BRIDGE.deal(random.Random(7), 4, {"players": 4}, dealer=0)
    assert [len(h) for h in four.hands] == [5, 5, 5, 5] and len(four.talon) == 16
    state = BRIDGE.new_hand(deal, HandContext(dealer=1))
    assert state.to_act == {1} and state.blind == deal.talon and state.stack == ()
    assert state.hands[1] == tuple(BRIDGE.sort_cards(cards[0:5], {}))


def test_a_deal_must_fit_the_table():
    deal = BRIDGE.deal(random.Random(7), 3, {}, dealer=0)
    with pytest.raises(ValueError, match="^This Bridge table is played by 3, not 4$"):
        BRIDGE.deal(random.Random(7), 4, {}, dealer=0)
    with pytest.raises(ValueError, match="^No seat 3 to start the round$"):
        BRIDGE.new_hand(deal, HandContext(dealer=3))
    with pytest.raises(ValueError, match="^A Bridge deal for 4 players needs 4 hands, not 3$"):
        BRIDGE.new_hand(deal, HandContext(dealer=0, options={"players": 4}))
    short = Deal(hands=deal.hands, talon=deal.talon[1:])
    with pytest.raises(ValueError, match="^A Bridge deal must hold each card of the 36-card pack once$"):
        BRIDGE.new_hand(short, HandContext(dealer=0))
    twice = Deal(hands=deal.hands, talon=deal.talon[1:] + deal.hands[0][:1])
    with pytest.raises(ValueError, match="each card of the 36-card pack once"):
        BRIDGE.new_hand(twice, HandContext(dealer=0))
    empty = Deal(hands=((), deal.hands[1], deal.hands[2]), talon=deal.talon + deal.hands[0])
    with pytest.raises(ValueError, match="^Every hand of a Bridge deal needs at least one card$"):
        BRIDGE.new_hand(empty, HandContext(dealer=0))


def test_a_reshuffle_makes_a_new_blind_from_the_stack_but_its_top_card(bridge_table):
    state = bridge_table.start([NINES, OTHERS], salt=SALT)
    state = bridge_table.run(state, *TO_FIRST_RESHUFFLE)
    # Seat 1's C7 makes seat 0 draw from the empty blind: D9 H9 S9 C9 (the stack but its top C7)
    # are shuffled with the round's salt, the first reshuffle's permutation.
    order = permutation(4, SALT, 1)
    new_blind = tuple(("D9", "H9", "S9", "C9")[j] for j in order)
    assert new_blind == ("S9", "C9", "D9", "H9")
    assert state.stack == ("C7",) and state.blind == ("C9", "D9", "H9") and state.hands[0] == ("S9", "DJ")
    assert state.reshuffles == 1 and state.multiplier == 2
    assert bridge_table.log(state, 7) == [
        "1 ends the move",
        "0 shuffles the stack into a new blind (reshuffle 1, points count ×2)",
        "0 draws 1 card for the seven",
    ]
    # The run goes on across the reshuffle, and the top card stays.
    assert bridge_table.view(state, 0)["run_cards"] == ["C7"] and state.to_act == {0}


def test_a_second_reshuffle_in_the_middle_of_a_draw_uses_the_next_permutation(bridge_table):
    state = bridge_table.start([NINES, OTHERS], salt=SALT)
    state = bridge_table.run(state, *TO_FIRST_RESHUFFLE, *TO_SECOND_RESHUFFLE)
    # Four 8s against two players: seat 0 draws 8. The blind holds C9 D9 H9; then the stack but
    # its top C8 (C7 DJ S8 H8 D8) is shuffled with the second permutation and 5 more are drawn.
    rest = ("C7", "DJ", "S8", "H8", "D8")
    second = tuple(rest[j] for j in permutation(5, SALT, 2))
    assert sorted(state.hands[0]) == sorted(("S9", "C9", "D9", "H9") + second)
    assert state.blind == () and state.stack == ("C8",)
    assert state.reshuffles == 2 and state.multiplier == 3
    assert bridge_table.log(state)[-2:] == [
        "0 shuffles the stack into a new blind (reshuffle 2, points count ×3)",
        "0 draws 8 cards for 4 eights and loses a turn",
    ]
    # Without the multiplier option the reshuffles still happen, M stays 1.
    plain = bridge_table.start([NINES, OTHERS], salt=SALT, reshuffle_multiplier=False)
    plain = bridge_table.run(plain, *TO_FIRST_RESHUFFLE, *TO_SECOND_RESHUFFLE)
    assert plain.reshuffles == 2 and plain.multiplier == 1 and plain.hands == state.hands
    assert bridge_table.log(plain)[-2] == "0 shuffles the stack into a new blind (reshuffle 2)"
    assert bridge_table.view(plain, AUDIENCE)["multiplier"] == 1


def test_a_round_that_reshuffles_replays_exactly_from_its_stored_deal_and_actions(bridge_table):
    deal = bridge_table.deal([NINES, OTHERS], salt=SALT)
    context = HandContext(dealer=0, options={"players": 2})
    steps = [
        (int(s), a) for s, a in (step.split(" ", 1) for step in TO_FIRST_RESHUFFLE + TO_SECOND_RESHUFFLE)
    ]
    state = bridge_table.run(BRIDGE.new_hand(deal, context), *TO_FIRST_RESHUFFLE, *TO_SECOND_RESHUFFLE)
    stored_deal = Deal.from_json(json.loads(json.dumps(deal.to_json())))
    stored_context = HandContext.from_json(json.loads(json.dumps(context.to_json())))
    assert replay(BRIDGE, stored_deal, stored_context, steps) == state
    # The log names no reshuffled card: it says only that the stack was shuffled.
    assert not any("S9" in text or "C9" in text for _, text in english(state.log[8:]))
    # A deal without a salt reshuffles just as deterministically.
    unsalted = bridge_table.deal([NINES, OTHERS])
    once = replay(BRIDGE, unsalted, context, steps)
    assert replay(BRIDGE, unsalted, context, steps) == once and once.reshuffles == 2


def test_no_viewer_but_everyone_sees_the_order_of_the_blind(bridge_table):
    state = bridge_table.start([NINES, OTHERS], salt=SALT)
    state = bridge_table.run(state, *TO_FIRST_RESHUFFLE)
    for viewer in (0, 1, AUDIENCE):
        view = bridge_table.view(state, viewer)
        assert view["blind"] is None and view["blind_count"] == 3 and view["deal"] is None
    staff = bridge_table.view(state, EVERYONE)
    assert staff["blind"] == ["C9", "D9", "H9"] and staff["deal"]["blind"] == []
    # Seat 0 sees the card it drew; seat 1 only that one was drawn.
    assert bridge_table.view(state, 0)["drawn"] == ["S9"] and bridge_table.view(state, 1)["drawn"] == []
    assert bridge_table.view(state, 1)["drawn_counts"] == [1, 0]


def test_a_draw_with_an_empty_blind_and_a_one_card_stack_is_skipped_and_the_round_goes_on(bridge_table):
    # Seat 0 holds the hearts, the 9s and the Js; seat 1 the other 21 cards; the blind is empty.
    hearts = "HA HK HQ HJ H10 H9 H8 H7 H6 S9 D9 C9 SJ DJ CJ"
    rest = " ".join(card for card in PACK_36 if card not in hearts.split())
    state = bridge_table.start([hearts, rest])
    state = bridge_table.run(state, "0 play:H9", "0 stop")
    # Seat 1 holds no heart, 9 or J: it must draw, and there is nothing to draw.
    assert bridge_table.legal(state, 1) == ["draw"]
    state = bridge_table.run(state, "1 draw")
    assert (
        bridge_table.log(state)[-1]
        == "1 cannot draw: the blind is empty and the stack holds only its top card"
    )
    assert state.to_act == {0} and state.reshuffles == 0 and len(state.hands[1]) == 21
    # The table never stalls: with the blind empty and one card on the stack every other card is
    # in a hand, so the Js are too, and whoever holds one can play (here seat 0 can).
    assert "play:HJ" in bridge_table.legal(state, 0)
    state = bridge_table.run(state, "0 play:H10")
    assert state.phase is Phase.PLAY and state.stack == ("H9", "H10")
    assert bridge_table.legal(state, 1) == ["play:S10", "play:D10", "play:C10"]
    with pytest.raises(IllegalAction, match="^You hold a card you can play: you may not draw$"):
        bridge_table.run(state, "1 draw")
