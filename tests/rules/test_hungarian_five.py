"""Five-player Hungarian Tarokk (hungarian.md §2, §10.6, §11; option ``five_player``): five seats,
the dealer sits out each hand (no cards, no action, 0 for the hand) and the four others play
in playing order from next(dealer); the deal passes on among all five; five doubled hands after
a throw-in; a match of 20 scored hands.

The hands are the written-out hand of test_hungarian_play.py (dealer 3 of four, forehand 0;
tests/helpers/hungarian.py) seated at a table of five: its seat ``i`` sits at
``(dealer + 1 + i) % 5`` (``seated``), so the same cards and the same calls must give the same
tricks and amounts, the dealer's seat empty.
"""

from __future__ import annotations

import pytest

from games.rules import AUDIENCE, Deal, HandResult, IllegalAction
from games.rules.base import resolve_options
from games.rules.hungarian import HUNGARIAN, Phase
from games.rules.hungarian.deal import deal_from_order
from games.rules.hungarian.scoring import DECLARER, score, settle, settle_hand
from games.rules.match import MatchRules, record, start
from tests.helpers.hungarian import (
    ANNOUNCE,
    AUCTION,
    DISCARDS,
    HANDS,
    PLAY,
    TALON,
    TRIAL_HANDS,
    TRIAL_TALON,
    TRICKS,
    outcome,
)
from tests.rules.english import english

FIVE = {"five_player": True}


def seated(dealer: int) -> list[int]:
    """Where the four-player hand's seats 0-3 sit at five when ``dealer`` deals."""
    return [(dealer + 1 + i) % 5 for i in range(4)]


def five_hands(hands: list[str], dealer: int) -> list[str]:
    """The four hands at five: seat ``seated(dealer)[i]`` holds ``hands[i]``, the dealer none."""
    at = [""] * 5
    for i, seat in enumerate(seated(dealer)):
        at[seat] = hands[i]
    return at


def moved(steps: list[str], dealer: int) -> list[str]:
    """``"<seat> <action>"`` steps of the four-player hand, with the seats at five."""
    where = seated(dealer)
    return [f"{where[int(step[0])]} {step[2:]}" for step in steps]


def five_hand(table, dealer: int, doubled: bool = False, **options):
    return table.start(five_hands(HANDS, dealer), TALON, dealer=dealer, doubled=doubled, **FIVE, **options)


def played_out(table, dealer: int, call: str = "call:T17", doubled: bool = False):
    """The hand of test_hungarian_play.py played to its end at five, dealt by ``dealer``."""
    steps = [*AUCTION, *DISCARDS, f"0 {call}", *ANNOUNCE, *PLAY]
    return table.run(five_hand(table, dealer, doubled), *moved(steps, dealer))


def test_it_has_five_seats_and_deals_nothing_to_the_dealer():
    # §3 at five, dealer 4: talon = the top 6 cards; then 5 cards each to seats 0, 1, 2, 3
    # (forehand = next(dealer) = 0 first), then 4 each in the same order; seat 4 gets none.
    assert HUNGARIAN.seat_count(resolve_options(HUNGARIAN.options, FIVE)) == 5
    cards = [hand.split() for hand in HANDS]
    order = TALON.split() + [c for hand in cards for c in hand[:5]] + [c for hand in cards for c in hand[5:]]
    deal = deal_from_order(order, dealer=4, seats=5)
    assert deal.talon == tuple(TALON.split())
    assert deal.hands == (*(tuple(hand) for hand in cards), ())


def test_a_deal_for_five_gives_the_dealer_no_cards(table):
    hands = five_hands(HANDS, dealer=2)
    hands[2], hands[3] = hands[3], hands[2]  # the dealer holding the cards, seat 3 none
    with pytest.raises(ValueError) as error:
        table.start(hands, TALON, dealer=2, **FIVE)
    assert str(error.value) == (
        "A five-player Hungarian deal has no cards for the dealer, 9 per player, 6 in the talon"
    )
    with pytest.raises(ValueError, match="^This Hungarian table has 5 seats, not 4$"):
        table.start(HANDS, TALON, dealer=3, **FIVE)


def test_the_dealer_sits_out_and_the_four_others_bid_in_playing_order(table):
    # §2: dealer 2 sits out; the auction goes 3, 4, 0, 1 (forehand = 3) and skips seat 2.
    state = five_hand(table, dealer=2)
    turns = []
    for step in moved(AUCTION, dealer=2):
        turns.append(min(HUNGARIAN.to_act(state)))
        assert table.legal(state, 2) == []
        state = table.run(state, step)
    assert turns == [3, 4, 0, 1]
    assert (state.declarer, state.contract.name) == (3, "two")
    # §5.1: the talon goes declarer first (T18 CR), then 4 (T2 H1), 0 (S10), 1 (DR).
    assert state.talon_received == (("S10",), ("DR",), (), ("T18", "CR"), ("T2", "H1"))
    assert HUNGARIAN.to_act(state) == {3, 4, 0, 1}


def test_the_sitter_may_do_nothing(table):
    state = five_hand(table, dealer=2)
    for action in ("pass", "bid:three", "play:HK"):
        with pytest.raises(IllegalAction) as error:
            HUNGARIAN.apply(state, 2, action)
        assert str(error.value) == "You dealt: you sit out this hand"
    with pytest.raises(IllegalAction, match="^There is no seat 5$"):
        HUNGARIAN.apply(state, 5, "pass")


@pytest.mark.parametrize(
    ("dealer", "payments", "winners"),
    [
        # Seats 0-3 of the four-player hand at 0-3: payments (8, 8, −8, −8) and 0 for seat 4.
        (4, (8, 8, -8, -8, 0), [0, 3, 2, 3, 0, 0, 0, 0, 1]),
        # At 1-4, dealer 0 sits out.
        (0, (0, 8, 8, -8, -8), [1, 4, 3, 4, 1, 1, 1, 1, 2]),
        # At 3, 4, 0, 1: every trick from seat 1 passes seat 2 (the dealer) by.
        (2, (-8, -8, 0, 8, 8), [3, 1, 0, 1, 3, 3, 3, 3, 4]),
    ],
)
def test_a_hand_at_five_is_the_four_players_hand_and_the_sitter_scores_0(table, dealer, payments, winners):
    # test_partner_game_scored: V = 8; declarer and partner +8, opponents −8 (§10.4); the
    # dealer, sitting out, 0 (§2). The payments add up to 0.
    state = played_out(table, dealer)
    result = HUNGARIAN.result(state)
    assert result.payments == payments and sum(payments) == 0
    assert [trick.winner for trick in state.tricks] == winners
    assert (result.value, result.card_points) == (8, (58, 36))
    assert (result.declarer, result.partner) == tuple(seated(dealer)[:2])
    assert result.declarer_side == tuple(sorted(seated(dealer)[:2]))
    assert state.hands[dealer] == () and len(state.log) == len(played_out(table, 4).log)


def test_a_lone_declarer_at_five_is_paid_by_the_three_other_players_only(table):
    # test_declarer_alone_is_paid_three_times: V = 3; alone +3V = 9, each opponent −3.
    state = played_out(table, dealer=2, call="call:T20")
    assert HUNGARIAN.result(state).payments == (-3, -3, 0, 9, -3)


def test_a_doubled_hand_at_five_doubles_every_amount(table):
    state = played_out(table, dealer=2, doubled=True)
    assert HUNGARIAN.result(state).payments == (-16, -16, 0, 16, 16)


def test_a_tarokk_count_is_paid_by_the_other_three_players_not_the_sitter():
    # §10.5 among players 2, 3, 4, 0 (seat 1 deals): declarer 2 with partner 3 wins the game
    # (+2, +2, −2, −2) and declared 8 tarokks (+3, −1, −1, −1): (−3, 0, 5, 1, −3).
    result = score(outcome(tarokk_counts=((2, DECLARER, 8),)))
    assert settle_hand(result, declarer=2, partner=3, players=(2, 3, 4, 0), seats=5) == (-3, 0, 5, 1, -3)
    assert settle(4, declarer=0, partner=None, players=(2, 3, 4, 0), seats=5) == (12, 0, -4, -4, -4)


def test_a_failed_trial_bid_at_five_pays_the_three_other_players(table):
    # test_hungarian_trial_bid.py's hand (four-player seats 1, 2, 3 pass, seat 0 trial-bids and
    # still has no honour after the talon) at five, dealer 3: its seats 1, 2, 3, 0 at 4, 0, 1, 2.
    # §10.7: seat 2 pays 3 × 3 = 9, each other player +3, the dealer 0.
    hands = five_hands(TRIAL_HANDS[1:] + TRIAL_HANDS[:1], dealer=3)
    state = table.run(table.start(hands, TRIAL_TALON, dealer=3, **FIVE), "4 pass", "0 pass", "1 pass")
    assert table.legal(state, 2) == ["pass", "bid:three"]
    state = table.run(state, "2 bid:three")
    assert HUNGARIAN.result(state).payments == (3, 3, -9, 0, 3)


def test_an_all_pass_at_five_is_thrown_in(table):
    state = table.run(five_hand(table, dealer=1), "2 pass", "3 pass", "4 pass", "0 pass")
    result = HUNGARIAN.result(state)
    assert (result.thrown_in, result.payments, result.reason) == (True, (0, 0, 0, 0, 0), "all passed")
    assert english(state.log[-1]) == (None, "All four passed: the hand is thrown in")


def test_the_sitter_sees_what_the_audience_sees(table):
    # §13 and §2: the dealer holds nothing and learns nothing hidden while the hand runs.
    state = five_hand(table, dealer=2)
    steps = moved([*AUCTION, *DISCARDS, "0 call:T17", *ANNOUNCE, *TRICKS[0], *TRICKS[1]], dealer=2)
    for step in ["", *steps]:
        state = table.run(state, step) if step else state
        view = HUNGARIAN.observe(state, 2)
        assert view == {**HUNGARIAN.observe(state, AUDIENCE), "viewer": 2}
        assert (view["seats"], view["sitter"], view["hand"]) == (5, 2, [])
    seat_view = HUNGARIAN.observe(state, 3)
    assert seat_view["hands"][2] is None and seat_view["hand_counts"][2] == 0
    assert HUNGARIAN.observe(table.start(HANDS, TALON, dealer=3), 3)["sitter"] is None


def test_match_hands_is_20_at_five_unless_given():
    # §11: 16 scored hands, 20 with five_player (each seat deals four times); a value given wins.
    assert resolve_options(HUNGARIAN.options, {})["match_hands"] == 16
    assert resolve_options(HUNGARIAN.options, FIVE)["match_hands"] == 20
    assert resolve_options(HUNGARIAN.options, {**FIVE, "match_hands": 16})["match_hands"] == 16
    assert HUNGARIAN.match_rules(FIVE) == MatchRules(
        seats=5, length=20, doubling_period=5, dealer_sits_out=True
    )
    assert HUNGARIAN.match_rules({**FIVE, "match_hands": 7, "pass_out_doubling": False}) == MatchRules(
        seats=5, length=7, doubling_period=0, dealer_sits_out=True
    )


def play_match_hand(table, match, thrown_in: bool = False):
    """One hand dealt under ``match.next_context``: all pass, or the hand played out; folded in."""
    context = match.next_context(resolve_options(HUNGARIAN.options, FIVE))
    dealer = context.dealer
    deal = Deal(hands=tuple(tuple(h.split()) for h in five_hands(HANDS, dealer)), talon=tuple(TALON.split()))
    state = HUNGARIAN.new_hand(deal, context)
    steps = ["0 pass", "1 pass", "2 pass", "3 pass"] if thrown_in else [*AUCTION, *DISCARDS, "0 call:T17"]
    state = table.run(state, *moved(steps, dealer))
    if not thrown_in:
        state = table.run(state, *moved([*ANNOUNCE, *PLAY], dealer))
    assert state.phase is Phase.OVER
    return record(match, HUNGARIAN.result(state), doubled=context.doubled)


def test_the_deal_passes_on_among_five_and_a_throw_in_doubles_the_next_five(table):
    # §2: after a scored hand next(dealer) deals, among all five; after a throw-in the same
    # dealer again. §10.6: the throw-in doubles the next 5 scored hands (16 instead of 8).
    match = start(HUNGARIAN.match_rules(FIVE), first_dealer=3)
    match = play_match_hand(table, match)
    match = play_match_hand(table, match, thrown_in=True)
    for _ in range(6):
        match = play_match_hand(table, match)
    assert [row.dealer for row in match.rows] == [3, 4, 4, 0, 1, 2, 3, 4]
    assert [row.thrown_in for row in match.rows] == [False, True, False, False, False, False, False, False]
    assert [row.doubled for row in match.rows] == [False, False, True, True, True, True, True, False]
    # Dealer 3: seats 4, 0 +8, seats 1, 2 −8, seat 3 0; each next dealer shifts it by one.
    assert [row.payments for row in match.rows[:3]] == [
        (8, -8, -8, 0, 8),
        (0, 0, 0, 0, 0),
        (16, 16, -16, -16, 0),
    ]
    assert match.rows[-1].payments == (8, 8, -8, -8, 0)
    assert match.scored == 7 and sum(match.totals) == 0
    # The fold refuses a result that pays the dealer, who sat the hand out (§2).
    with pytest.raises(ValueError, match="^The dealer sat the hand out: it pays and receives nothing$"):
        record(match, HandResult(thrown_in=False, payments=(4, -1, -1, -1, -1)), doubled=False)
    assert match.dealer == 0


def test_a_match_at_five_ends_after_20_scored_hands_each_seat_dealing_four(table):
    match = start(HUNGARIAN.match_rules(FIVE), first_dealer=0)
    while not match.over:
        match = play_match_hand(table, match)
    assert match.scored == 20 and len(match.rows) == 20
    assert [sum(1 for row in match.rows if row.dealer == seat) for seat in range(5)] == [4, 4, 4, 4, 4]
    # Each seat sat out 4 hands, was declarer 4, partner 4 (+8 each) and opponent 8 (−8 each).
    assert match.totals == (0, 0, 0, 0, 0)
    short = start(HUNGARIAN.match_rules({**FIVE, "match_hands": 3}), first_dealer=0)
    for _ in range(3):
        short = play_match_hand(table, short)
    assert short.over and short.scored == 3
