"""The match as a fold over hand results (hungarian.md §2, §4.5, §10.6, §11)."""

from __future__ import annotations

import pytest

from games.rules import HandResult, get_variant
from games.rules.match import MatchRules, close, record, start

HUNGARIAN = get_variant("hungarian")


def scored(*payments: int, contract: str = "three", declarer: int = 0) -> HandResult:
    return HandResult(
        thrown_in=False, payments=payments, contract=contract, declarer=declarer, reason="played out"
    )


THROWN_IN = HandResult(thrown_in=True, payments=(0, 0, 0, 0), reason="all passed")


def test_hungarian_match_rules_follow_the_options():
    assert HUNGARIAN.match_rules({}) == MatchRules(seats=4, length=16, doubling_period=4)
    rules = HUNGARIAN.match_rules({"match_hands": 8, "pass_out_doubling": False})
    assert rules.length == 8 and rules.doubling_period == 0


def test_the_deal_passes_on_after_a_scored_hand_and_totals_run():
    match = start(HUNGARIAN.match_rules({"match_hands": 3}), first_dealer=3)
    match = record(match, scored(2, 2, -2, -2), doubled=False)
    # §2: this hand's forehand (seat 0) deals the next one.
    assert match.dealer == 0 and match.totals == (2, 2, -2, -2) and match.scored == 1
    match = record(match, scored(-3, 9, -3, -3), doubled=False)
    assert match.dealer == 1 and match.totals == (-1, 11, -5, -5)
    assert [row.dealer for row in match.rows] == [3, 0]
    assert match.rows[1].payments == (-3, 9, -3, -3) and match.rows[1].totals == (-1, 11, -5, -5)


def test_a_throw_in_keeps_the_dealer_and_doubles_the_next_four_scored_hands():
    match = start(HUNGARIAN.match_rules({}), first_dealer=1)
    match = record(match, THROWN_IN, doubled=False)
    assert match.dealer == 1 and match.scored == 0
    assert match.next_context({}).doubled
    doubled = []
    for _ in range(5):
        doubled.append(match.next_doubled)
        match = record(match, scored(1, 1, -1, -1), doubled=match.next_doubled)
    # Four doubled hands, then the fifth is plain; the deal moved on each time.
    assert doubled == [True, True, True, True, False]
    assert match.dealer == 2 and match.scored == 5


def test_a_throw_in_during_a_doubling_period_restarts_it_without_stacking():
    match = start(HUNGARIAN.match_rules({}), first_dealer=0)
    match = record(match, THROWN_IN, doubled=False)
    match = record(match, scored(2, 2, -2, -2), doubled=True)
    match = record(match, scored(2, 2, -2, -2), doubled=True)
    assert match.doubled_left == 2
    match = record(match, THROWN_IN, doubled=True)
    assert match.doubled_left == 4  # full length again, never 6


def test_no_doubling_when_the_option_is_off():
    match = start(HUNGARIAN.match_rules({"pass_out_doubling": False}), first_dealer=0)
    match = record(match, THROWN_IN, doubled=False)
    assert not match.next_doubled and match.dealer == 0


def test_the_match_ends_after_match_hands_scored_hands_and_thrown_in_hands_do_not_count():
    match = start(HUNGARIAN.match_rules({"match_hands": 2}), first_dealer=0)
    match = record(match, scored(3, 3, -3, -3), doubled=False)
    match = record(match, THROWN_IN, doubled=False)
    assert not match.over and match.hands_left == 1
    match = record(match, scored(-6, 2, 2, 2), doubled=True)
    assert match.over and match.hands_left == 0
    assert match.totals == (-3, 5, -1, -1) and sum(match.totals) == 0
    with pytest.raises(ValueError, match="^The match is over$"):
        match.next_context({})
    with pytest.raises(ValueError, match="^The match is over$"):
        record(match, scored(1, 1, -1, -1), doubled=False)


def test_equal_totals_share_a_place():
    match = start(HUNGARIAN.match_rules({"match_hands": 1}), first_dealer=0)
    match = record(match, scored(-4, 4, 4, -4), doubled=False)
    assert match.standings() == [(1, 1, 4), (1, 2, 4), (3, 0, -4), (3, 3, -4)]


def test_a_result_that_does_not_balance_is_refused():
    match = start(HUNGARIAN.match_rules({}), first_dealer=0)
    with pytest.raises(ValueError, match="adding up to zero"):
        record(match, scored(1, 1, 1, 1), doubled=False)


def test_a_hand_result_round_trips_through_json():
    result = scored(2, 2, -2, -2)
    assert HandResult.from_json(result.to_json()) == result


# Czech Taroky (czech.md §2, §11): chips from starting_chips, the hand names the next dealer,
# and by default the match runs until the host closes it.
CZECH = get_variant("czech")


def czech_hand(*payments: int, povinnost: int) -> HandResult:
    return HandResult(
        thrown_in=False,
        payments=payments,
        contract="partner game",
        declarer=povinnost,
        reason="played out",
        next_dealer=povinnost,
    )


def test_czech_match_rules_follow_the_options():
    rules = CZECH.match_rules({})
    assert rules == MatchRules(
        seats=4,
        length=0,
        doubling_period=0,
        redeal_after_throw_in=False,
        start_total=100,
        first_dealer="host",
    )
    rules = CZECH.match_rules({"match_hands": 8, "starting_chips": 50, "first_dealer": "random"})
    assert (rules.length, rules.start_total, rules.first_dealer) == (8, 50, "random")
    # Hungarian keeps the old defaults.
    assert HUNGARIAN.match_rules({}).start_total == 0


def test_totals_start_at_the_starting_chips_and_the_previous_povinnost_deals_next():
    match = start(CZECH.match_rules({}), first_dealer=2)
    assert match.totals == (100, 100, 100, 100)
    context = match.next_context({})
    assert context.opening and context.dealer == 2
    # The opening hand's povinnost was seat 1 (it held T2): seat 1 deals the next hand.
    match = record(match, czech_hand(8, -8, 8, -8, povinnost=1), doubled=False)
    assert match.dealer == 1 and match.totals == (108, 92, 108, 92)
    assert not match.next_context({}).opening
    match = record(match, czech_hand(-3, -3, 9, -3, povinnost=2), doubled=False)
    assert match.dealer == 2 and match.scored == 2


def test_a_match_without_a_length_runs_until_the_host_closes_it():
    match = start(CZECH.match_rules({}), first_dealer=0)
    for _ in range(40):
        match = record(match, czech_hand(1, -1, 1, -1, povinnost=(match.dealer + 1) % 4), doubled=False)
    assert not match.over and match.hands_left is None
    match = close(match)
    assert match.over and match.closed and match.hands_left == 0
    with pytest.raises(ValueError, match="^The match is over$"):
        match.next_context({})
    with pytest.raises(ValueError, match="^The match is over$"):
        record(match, czech_hand(1, -1, 1, -1, povinnost=0), doubled=False)


def test_a_match_with_a_length_can_also_be_closed_early():
    match = start(CZECH.match_rules({"match_hands": 4}), first_dealer=0)
    match = record(match, czech_hand(1, -1, 1, -1, povinnost=1), doubled=False)
    assert match.hands_left == 3 and not match.over
    closed = close(match)
    assert closed.over and closed.hands_left == 0
    for _ in range(3):
        match = record(match, czech_hand(1, -1, 1, -1, povinnost=1), doubled=False)
    assert match.over and match.hands_left == 0


def test_a_result_with_next_dealer_round_trips_through_json():
    result = czech_hand(2, -2, 2, -2, povinnost=3)
    assert HandResult.from_json(result.to_json()) == result
    old = {k: v for k, v in result.to_json().items() if k != "next_dealer"}
    assert HandResult.from_json(old).next_dealer is None


# -- matches that are not zero-sum: radelci (slovenian3.md §10.6) and penalty points (bridge.md §10)


def test_a_match_that_is_not_zero_sum_takes_any_payments_and_refuses_the_wrong_count():
    match = start(MatchRules(seats=3, length=2, zero_sum=False), first_dealer=0)
    match = record(match, HandResult(thrown_in=False, payments=(70, 0, 0)), doubled=False)
    assert match.totals == (70, 0, 0)
    with pytest.raises(ValueError, match="^A hand's payments must be 3 amounts$"):
        record(match, HandResult(thrown_in=False, payments=(1, 2)), doubled=False)


def test_radelci_flow_from_hand_to_hand_and_unused_ones_cost_at_the_end():
    rules = MatchRules(seats=3, length=2, zero_sum=False, radelci_penalty=40)
    match = start(rules, first_dealer=2)
    assert match.radelci == (0, 0, 0) and match.next_context({}).radelci == (0, 0, 0)
    # A klop: everyone gets a radelc.
    match = record(match, HandResult(thrown_in=False, payments=(-20, -25, -20), radelci=(1, 1, 1)), False)
    assert match.radelci == (1, 1, 1) and match.next_context({}).radelci == (1, 1, 1)
    assert match.dealer == 0  # the deal passes on
    # Seat 0 wins a doubled game and uses one up; the match is over: 40 per unused radelc.
    match = record(match, HandResult(thrown_in=False, payments=(60, 0, 0), radelci=(-1, 0, 0)), False)
    assert match.over and match.radelci == (0, 0, 0)
    last = match.rows[-1]
    assert last.kind == "unused radelci" and last.payments == (0, -40, -40)
    assert match.totals == (40, -65, -60) and last.totals == match.totals
    assert [p for p, _, _ in match.standings()] == [1, 2, 3]


def test_a_seat_cannot_use_up_a_radelc_it_does_not_hold():
    match = start(MatchRules(seats=3, length=3, zero_sum=False, radelci_penalty=40), first_dealer=0)
    with pytest.raises(ValueError, match="radelc"):
        record(match, HandResult(thrown_in=False, payments=(0, 0, 0), radelci=(-1, 0, 0)), False)


def test_penalty_points_reset_at_exactly_the_mark_end_above_the_threshold_and_lowest_wins():
    rules = MatchRules(
        seats=3,
        length=0,
        zero_sum=False,
        lowest_wins=True,
        end_above=125,
        reset_at=125,
        next_dealer_rule="highest_total",
    )
    assert rules.ends_by_itself
    match = start(rules, first_dealer=1)
    match = record(match, HandResult(thrown_in=False, payments=(60, 20, 5)), False)
    assert match.dealer == 0  # the highest total starts
    # bridge.md §14 example 5 ("plus"): P3's 125 goes back to 0.
    match = record(match, HandResult(thrown_in=False, payments=(0, 80, 120)), False)
    assert match.totals == (60, 100, 0) and match.rows[-1].resets == (2,) and not match.over
    assert match.dealer == 1
    match = record(match, HandResult(thrown_in=False, payments=(70, 0, 10)), False)
    assert match.totals == (130, 100, 10) and match.over and match.hands_left == 0
    assert match.standings() == [(1, 2, 10), (2, 1, 100), (3, 0, 130)]


def test_the_highest_total_starts_and_ties_go_to_the_first_from_the_last_starter_on():
    rules = MatchRules(seats=4, length=0, zero_sum=False, end_above=125, next_dealer_rule="highest_total")
    match = start(rules, first_dealer=2)
    match = record(match, HandResult(thrown_in=False, payments=(30, 10, 0, 30)), False)
    assert match.dealer == 3  # seats 0 and 3 tie; from the last starter (2) on, 3 comes first
    match = record(match, HandResult(thrown_in=False, payments=(0, 20, 0, 0)), False)
    assert match.dealer == 3  # 0, 1 and 3 tie at 30; the last starter itself comes first
