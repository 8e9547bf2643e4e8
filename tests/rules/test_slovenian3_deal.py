"""The deal (slovenian3.md §3), the no-tarok redeal option, starting a hand, the variant's shape,
its options (§12) and its match (§11, §10.6)."""

from __future__ import annotations

import random

import pytest

from games.rules import Deal, HandContext, HandResult, get_variant
from games.rules.base import resolve_options
from games.rules.cards import PACK_54, pack_54
from games.rules.match import record, start
from games.rules.slovenian3 import SLOVENIAN3, Phase
from games.rules.slovenian3.deal import deal_from_order, every_seat_has_a_tarok
from tests.helpers.slovenian3 import NO_TAROK_SEED
from tests.rules.english import english


def test_the_variant_is_registered_with_its_shape():
    assert get_variant("slovenian3") is SLOVENIAN3
    assert (SLOVENIAN3.key, english(SLOVENIAN3.name), SLOVENIAN3.seats) == (
        "slovenian3",
        "Slovenian Tarok",
        (3,),
    )
    assert SLOVENIAN3.seat_count({}) == 3
    with pytest.raises(ValueError, match="played by 3, not 4"):
        SLOVENIAN3.deal(random.Random(1), 4, {})


def test_every_section_12_option_with_its_default_and_a_label():
    declared = {o.name: o.default for o in SLOVENIAN3.options}
    assert declared == {
        "round_to_5": True,
        "mond_penalty": 20,
        "radelci": False,
        "radelci_unused_penalty": 40,
        "auction_style": "full",
        "no_tarok_redeal": "automatic",
        "kontra_on_klop": False,
        "open_beggar_exposure": "before_first_lead",
        "skisfang": False,
        "match_hands": 12,
        "trick_review": "last",
    }
    assert all(o.label for o in SLOVENIAN3.options)
    with pytest.raises(ValueError, match="mond_penalty must be one of 20, 21"):
        resolve_options(SLOVENIAN3.options, {"mond_penalty": 25})
    with pytest.raises(ValueError, match="auction_style must be one of full, simple"):
        resolve_options(SLOVENIAN3.options, {"auction_style": "quick"})
    with pytest.raises(ValueError, match="radelci_unused_penalty must be at least 0"):
        resolve_options(SLOVENIAN3.options, {"radelci_unused_penalty": -1})


def test_the_talon_is_the_top_six_then_packets_of_eight_from_forehand():
    cards = list(pack_54())
    deal = deal_from_order(cards, dealer=1)  # forehand 2, middlehand 0, dealer 1
    assert deal.talon == tuple(cards[:6])
    assert deal.hands[2] == tuple(cards[6:14] + cards[30:38])
    assert deal.hands[0] == tuple(cards[14:22] + cards[38:46])
    assert deal.hands[1] == tuple(cards[22:30] + cards[46:54])


def test_a_random_deal_holds_the_pack_once():
    deal = SLOVENIAN3.deal(random.Random(7), 3, {}, dealer=2)
    cards = [c for hand in deal.hands for c in hand] + list(deal.talon)
    assert [len(h) for h in deal.hands] == [16, 16, 16] and len(deal.talon) == 6
    assert sorted(cards) == sorted(PACK_54)


def test_no_tarok_redeal_automatic_deals_again_until_every_seat_holds_a_tarok():
    cards = list(pack_54())
    random.Random(NO_TAROK_SEED).shuffle(cards)
    first = deal_from_order(cards, 0)
    assert not every_seat_has_a_tarok(first)
    # Off: the first deal stands.
    assert SLOVENIAN3.deal(random.Random(NO_TAROK_SEED), 3, {"no_tarok_redeal": "off"}, dealer=0) == first
    # Automatic (default): thrown in and dealt again, inside the same call.
    again = SLOVENIAN3.deal(random.Random(NO_TAROK_SEED), 3, {}, dealer=0)
    assert again != first and every_seat_has_a_tarok(again)
    # A hand without taroks is still played when it is given explicitly.
    state = SLOVENIAN3.new_hand(first, HandContext(dealer=0))
    assert state.phase is Phase.AUCTION


def test_new_hand_checks_the_deal():
    good = SLOVENIAN3.deal(random.Random(3), 3, {})
    with pytest.raises(ValueError, match="16 cards per seat and 6 in the talon"):
        SLOVENIAN3.new_hand(Deal(hands=good.hands, talon=good.talon[:5]), HandContext())
    twice = (good.hands[0][:15] + (good.hands[1][0],), good.hands[1], good.hands[2])
    with pytest.raises(ValueError, match="each card of the 54-card pack once"):
        SLOVENIAN3.new_hand(Deal(hands=twice, talon=good.talon), HandContext())
    with pytest.raises(ValueError, match="No seat 3 to deal"):
        SLOVENIAN3.new_hand(good, HandContext(dealer=3))
    with pytest.raises(ValueError, match="Radelci must be given as 3 counts"):
        SLOVENIAN3.new_hand(good, HandContext(options={"radelci": True}, radelci=(1, 2)))
    with pytest.raises(ValueError, match="Unknown option colour"):
        SLOVENIAN3.new_hand(good, HandContext(options={"colour": 1}))


def test_match_rules():
    rules = SLOVENIAN3.match_rules({})
    assert (rules.seats, rules.length, rules.zero_sum, rules.radelci_penalty) == (3, 12, False, None)
    assert (rules.first_dealer, rules.redeal_after_throw_in, rules.doubling_period) == ("random", True, 0)
    rules = SLOVENIAN3.match_rules({"radelci": True, "radelci_unused_penalty": 50, "match_hands": 3})
    assert (rules.length, rules.radelci_penalty) == (3, 50)
    # Off: the penalty option changes nothing.
    assert SLOVENIAN3.match_rules({"radelci_unused_penalty": 50}).radelci_penalty is None


def test_a_match_passes_the_deal_on_and_carries_the_radelci():
    options = {"radelci": True, "match_hands": 3}
    match = start(SLOVENIAN3.match_rules(options), first_dealer=2)
    rng = random.Random(5)
    for _ in range(3):
        context = match.next_context(options)
        state = SLOVENIAN3.new_hand(SLOVENIAN3.deal(rng, 3, options, dealer=context.dealer), context)
        assert state.setup.forehand == (context.dealer + 1) % 3
        while not SLOVENIAN3.is_over(state):
            (seat,) = state.to_act
            state = SLOVENIAN3.apply(state, seat, SLOVENIAN3.legal_actions(state, seat)[-1])
        result = SLOVENIAN3.result(state)
        assert isinstance(result, HandResult) and len(result.radelci) == 3
        match = record(match, result, doubled=False)
    assert [row.dealer for row in match.rows[:3]] == [2, 0, 1]
    # The last legal bid is valat: three valats, a radelc each time for everyone, less the won ones.
    assert match.over and match.rows[-1].kind == "unused radelci"
