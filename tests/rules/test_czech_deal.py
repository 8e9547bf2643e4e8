"""Shuffle, cut or knock, the deal styles, twelves choice and povinnost (czech.md §2–§3, §14 Ex. 1)."""

from __future__ import annotations

import random

import pytest

from games.rules import AUDIENCE, EVERYONE, Deal, HandContext, IllegalAction, UnknownAction, replay
from games.rules.cards import pack_54, permutation
from games.rules.czech import CZECH, Phase
from games.rules.czech.deal import STYLES, deal_packets, find_povinnost
from tests.rules.english import english

DECK = pack_54()  # T22 T21 ... T1, then H, S, D, C: a known order, top card first
SALT = "0123456789abcdef0123456789abcdef"


def fresh(dealer: int = 3, opening: bool = False, deck: tuple[str, ...] = DECK, **options):
    deal = Deal(hands=(), talon=(), deck=deck, salt=SALT)
    return CZECH.new_hand(deal, HandContext(dealer=dealer, options=options, opening=opening))


def run(state, *steps):
    for step in steps:
        seat, action = step.split(" ", 1)
        state = CZECH.apply(state, int(seat), action)
    return state


def test_variant_deal_gives_a_whole_pack_and_a_salt_and_no_hands():
    deal = CZECH.deal(random.Random(7), 4, {}, dealer=2)
    assert deal.hands == () and deal.talon == ()
    assert sorted(deal.deck) == sorted(DECK) and len(deal.salt) == 32
    int(deal.salt, 16)
    assert CZECH.deal(random.Random(7), 4, {}) == deal  # the rng decides everything
    # The stored form round-trips, and a deal without a deck or salt writes neither.
    assert Deal.from_json(deal.to_json()) == deal
    plain = Deal(hands=(("T1",),), talon=("T2",))
    assert plain.to_json() == {"hands": [["T1"]], "talon": ["T2"]}
    assert Deal.from_json(plain.to_json()) == plain


def test_the_dealer_shuffles_then_passes_and_the_cutter_is_the_previous_seat():
    state = fresh(dealer=3)
    assert state.phase is Phase.SHUFFLE and state.to_act == {3}
    assert CZECH.legal_actions(state, 3) == ["pass", "shuffle"]
    assert CZECH.legal_actions(state, 2) == []
    once = run(state, "3 shuffle")
    assert once.deck == tuple(DECK[j] for j in permutation(54, SALT, 1))
    twice = run(once, "3 shuffle")
    assert twice.deck == tuple(once.deck[j] for j in permutation(54, SALT, 2))
    assert twice.shuffles == 2
    assert [english(e["text"]) for e in CZECH.observe(twice, AUDIENCE)["log"]] == [
        "shuffles the deck (1 shuffle)",
        "shuffles the deck (2 shuffles)",
    ]
    cut = run(twice, "3 pass")
    assert cut.phase is Phase.CUT and cut.to_act == {2}
    view = CZECH.observe(cut, 0)
    assert view["cutter"] == 2 and view["dealer"] == 3 and view["shuffles"] == 2
    # Nobody sees a card before the deal, not even the dealer; only everyone sees nothing yet.
    for viewer in (0, 1, 2, 3, AUDIENCE, EVERYONE):
        v = CZECH.observe(cut, viewer)
        assert v["hand"] == [] and v["talon"] is None and v["deal"] is None and v["povinnost"] is None


def test_cut_moves_the_top_k_cards_to_the_bottom_and_deals_six_and_six():
    state = run(fresh(dealer=3), "3 pass", "2 cut:32")
    deck = DECK[32:] + DECK[:32]
    assert state.talon == deck[:6]
    rest = deck[6:]
    # next(dealer) = seat 0 first, the dealer (3) last; packets of 6 twice.
    expected = [rest[0:6] + rest[24:30], rest[6:12] + rest[30:36], rest[12:18] + rest[36:42]]
    expected.append(rest[18:24] + rest[42:48])
    assert [sorted(h) for h in state.dealt] == [sorted(h) for h in expected]
    assert CZECH.observe(state, AUDIENCE)["cut"] == {"kind": "cut", "position": 32}
    assert state.phase is Phase.PREVER and state.povinnost == 0 and state.to_act == {0}


@pytest.mark.parametrize("k", ["6", "48", "0", "100", "07", "-8", "x"])
def test_cut_positions_outside_7_to_47_are_refused(k):
    state = run(fresh(), "3 pass")
    with pytest.raises(IllegalAction, match="^Cut at a position from 7 to 47$"):
        CZECH.apply(state, 2, f"cut:{k}")
    with pytest.raises(UnknownAction, match="Unknown deal style"):
        CZECH.apply(state, 2, "knock:fives")
    legal = CZECH.legal_actions(state, 2)
    assert legal[0] == "cut:7" and legal[40] == "cut:47" and len(legal) == 41 + 8
    assert legal[41:] == [f"knock:{style}" for style in STYLES]


def test_example_1_knock_with_3_4_5():
    # §14 Example 1: dealer 3, cutter 2 knocks and picks 3-4-5. Talon = cards 1-6; then seat 0
    # gets 3, seat 1 3, seat 2 3, seat 3 3; then 4 each; then 5 each.
    state = run(fresh(dealer=3), "3 pass", "2 knock:345")
    d = DECK
    assert state.talon == d[0:6]
    expected = [
        d[6:9] + d[18:22] + d[34:39],
        d[9:12] + d[22:26] + d[39:44],
        d[12:15] + d[26:30] + d[44:49],
        d[15:18] + d[30:34] + d[49:54],
    ]
    assert [sorted(h) for h in state.dealt] == [sorted(h) for h in expected]
    assert all(len(h) == 12 for h in state.hands)
    assert CZECH.observe(state, 1)["cut"] == {"kind": "knock", "style": "345"}
    assert english(CZECH.observe(state, AUDIENCE)["log"][-2]) == {"seat": 2, "text": "knocks: deal 3-4-5"}


@pytest.mark.parametrize(
    "style, packets",
    [
        ("ones", [1] * 12),
        ("twos", [2] * 6),
        ("threes", [3] * 4),
        ("fours", [4] * 3),
        ("sixes", [6, 6]),
        ("twelve", [12]),
    ],
)
def test_every_knock_style_deals_its_packets_without_a_cut(style, packets):
    state = run(fresh(dealer=1), "1 pass", f"0 knock:{style}")
    rest = DECK[6:]
    hands = [[] for _ in range(4)]
    position = 0
    for packet in packets:
        for seat in (2, 3, 0, 1):  # next(dealer 1) first, the dealer last
            hands[seat] += rest[position : position + packet]
            position += packet
    assert [sorted(h) for h in state.dealt] == [sorted(h) for h in hands]
    assert state.talon == DECK[:6]


def test_deal_packets_direct():
    rest = [f"c{i}" for i in range(48)]
    hands = deal_packets(rest, dealer=0, packets=(12,))
    assert hands[1] == tuple(rest[0:12]) and hands[0] == tuple(rest[36:48])


def test_twelves_choice_piles_in_deal_order_and_the_dealer_takes_the_last():
    state = run(fresh(dealer=0), "0 shuffle", "0 pass", "3 knock:twelves")
    assert state.phase is Phase.PILES and state.to_act == {1}
    deck = state.deck
    piles = [deck[6 + 12 * i : 18 + 12 * i] for i in range(4)]
    assert CZECH.legal_actions(state, 1) == ["pile:1", "pile:2", "pile:3", "pile:4"]
    state = run(state, "1 pile:3")
    assert state.to_act == {2} and CZECH.observe(state, AUDIENCE)["piles"] == [None, None, 1, None]
    with pytest.raises(IllegalAction, match="^Pile 3 has been taken already$"):
        CZECH.apply(state, 2, "pile:3")
    with pytest.raises(IllegalAction, match="^Pick a pile from 1 to 4$"):
        CZECH.apply(state, 2, "pile:5")
    with pytest.raises(IllegalAction, match="^Pick a pile from 1 to 4$"):
        CZECH.apply(state, 2, "pile:02")
    assert CZECH.legal_actions(state, 2) == ["pile:1", "pile:2", "pile:4"]
    state = run(state, "2 pile:1", "3 pile:4")
    assert state.phase is Phase.PREVER
    assert CZECH.observe(state, AUDIENCE)["piles"] == [2, 0, 1, 3]
    assert [sorted(h) for h in state.dealt] == [sorted(piles[i]) for i in (1, 2, 0, 3)]
    assert english(CZECH.observe(state, AUDIENCE)["log"][-2]) == {
        "seat": 0,
        "text": "takes the last pile (2)",
    }
    # Nobody sees another's pile while choosing.
    assert CZECH.observe(state, 1)["hands"][0] is None


def test_povinnost_is_next_of_the_dealer_after_the_opening_hand():
    state = run(fresh(dealer=2), "2 pass", "1 cut:20")
    assert state.povinnost == 3 and state.to_act == {3}
    assert CZECH.observe(state, AUDIENCE)["povinnost"] == 3


def test_opening_hand_povinnost_holds_t2():
    hands = [
        "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11",
        "T10 T9 T8 T7 T6 T5 T4 T3 T1 HK HQ HR",
        "T2 HJ H1 H2 H3 H4 SK SQ SR SJ S10 S9",
        "S8 S7 DK DQ DR DJ D1 D2 D3 D4 CK CQ",
    ]
    talon = "CR CJ C10 C9 C8 C7"
    deal = Deal(hands=tuple(tuple(h.split()) for h in hands), talon=tuple(talon.split()))
    state = CZECH.new_hand(deal, HandContext(dealer=0, opening=True))
    assert state.povinnost == 2 and state.phase is Phase.PREVER and state.to_act == {2}
    assert CZECH.new_hand(deal, HandContext(dealer=0)).povinnost == 1


def test_opening_hand_povinnost_from_t3_when_t2_is_in_the_talon(czech_table):
    # T2 lies in the talon: the holder of T3 (seat 3) is povinnost; T4 is seat 1's.
    hands = [
        "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11",
        "T10 T9 T8 T7 T6 T5 T4 T1 HK HQ HR HJ",
        "H1 H2 H3 H4 SK SQ SR SJ S10 S9 S8 S7",
        "T3 DK DQ DR DJ D1 D2 D3 D4 CK CQ CR",
    ]
    state = czech_table.start(hands, "T2 CJ C10 C9 C8 C7", dealer=0, opening=True)
    assert state.povinnost == 3 and state.to_act == {3}
    # Without T2 and T3 in hands it goes on to T4.
    assert find_povinnost([["T4"], ["T5"], ["T8"], []], dealer=0, opening=True) == 0
    assert find_povinnost([["T9"], ["T5"], ["T8"], []], dealer=0, opening=True) == 1
    assert find_povinnost([["T2"], [], [], []], dealer=2, opening=False) == 3


def test_a_context_round_trips_with_opening():
    context = HandContext(dealer=2, options={"red_pip_order": "ace_high"}, opening=True)
    assert HandContext.from_json(context.to_json()) == context
    assert HandContext.from_json({"dealer": 1}).opening is False


def test_replay_of_a_shuffled_and_cut_hand_is_stable():
    rng = random.Random(99)
    deal = CZECH.deal(rng, 4, {}, dealer=1)
    context = HandContext(dealer=1)
    log = [(1, "shuffle"), (1, "shuffle"), (1, "pass"), (0, "cut:19"), (2, "pass")]
    state = replay(CZECH, Deal.from_json(deal.to_json()), context, log)
    again = replay(CZECH, deal, context, log)
    assert state == again and state.phase is Phase.PREVER


def test_a_bad_deal_is_refused():
    with pytest.raises(ValueError, match="whole 54-card pack"):
        fresh(deck=DECK[:-1])
    with pytest.raises(ValueError, match="needs its salt"):
        CZECH.new_hand(Deal(hands=(), deck=DECK), HandContext())
    with pytest.raises(ValueError, match="12 cards per seat"):
        CZECH.new_hand(Deal(hands=((),) * 4, talon=()), HandContext())


def test_actions_in_the_wrong_phase_or_turn():
    state = fresh(dealer=3)
    with pytest.raises(IllegalAction, match="^It is not your turn$"):
        CZECH.apply(state, 2, "shuffle")
    with pytest.raises(IllegalAction, match="^You cannot cut now$"):
        CZECH.apply(state, 3, "cut:10")
    with pytest.raises(UnknownAction, match="^Unknown action 'dance'$"):
        CZECH.apply(state, 3, "dance")
    with pytest.raises(IllegalAction, match="^There is no seat 4$"):
        CZECH.apply(state, 4, "pass")
