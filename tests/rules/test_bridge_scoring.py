"""The end of a round and its count (bridge.md §8.7, §9, §10, §14 examples 5 and 6), and the
match fold over Bridge rounds (§2, §10.4–§10.5, §11)."""

from __future__ import annotations

import pytest

from games.rules import HandResult, ScoredItem, UnknownAction
from games.rules.bridge import BRIDGE, Phase
from games.rules.bridge.scoring import score, trailing_jacks
from games.rules.match import HIGHEST_TOTAL, MatchRules, record, start
from tests.rules.english import english

# §14 example 5, seats 0, 1, 2 = P1, P2, P3. A round that reaches the example: P1 goes out with
# HJ SJ after one reshuffle, P2 keeps S7, P3 keeps C10 HQ.
EXAMPLE_5_HANDS = ["HJ SJ H7 D7 C7 H8 S8 D8 C8 SQ DQ CQ HK SK DK CK", "S7 HA SA DA CA", "HQ C10 CJ"]
EXAMPLE_5_BLIND = "S6 H10 H9 DJ D6 D10 S9 C9 H6 S10 C6 D9"
EXAMPLE_5_SALT = "example 5 #83"  # its first reshuffle puts DA on top of the new blind
EXAMPLE_5_STEPS = (
    # P1: four 8s, spread: P2, P3, P2, P3 draw 2 each (S6 H10 | H9 DJ | D6 D10 | S9 C9); P1 again.
    *("0 play:H8", "0 play:S8", "0 play:D8", "0 play:C8", "0 no-bridge", "0 eights:spread"),
    # P1: three 7s; P2 draws H6 S10 C6 and moves.
    *("0 play:C7", "0 play:H7", "0 play:D7"),
    # P2: four aces pass over P3, P1, P3, P1; P2 again: three 6s covered by the 10s.
    *("1 play:DA", "1 play:HA", "1 play:SA", "1 play:CA", "1 no-bridge"),
    *("1 play:C6", "1 play:H6", "1 play:S6", "1 play:S10", "1 play:H10", "1 play:D10"),
    # P3: DJ CJ, wishes clubs. P1: the four kings.
    *(
        "2 play:DJ",
        "2 play:CJ",
        "2 wish:C",
        "0 play:CK",
        "0 play:HK",
        "0 play:SK",
        "0 play:DK",
        "0 no-bridge",
    ),
    # P2: D6, draws D9 (the last card of the blind) to cover it. P3: the other 9s. P1: CQ SQ DQ.
    *("1 play:D6", "1 draw", "1 play:D9", "2 play:H9", "2 play:S9", "2 play:C9", "2 no-bridge"),
    *("0 play:CQ", "0 play:SQ", "0 play:DQ"),
    # P2 holds S7 only: it draws from the empty blind, so the stack is reshuffled (M = 2); it
    # draws DA and must play it, passing over P3. P1 goes out with HJ then SJ (j = 2).
    *("1 draw", "1 play:DA", "0 play:HJ", "0 play:SJ"),
)


def example_5(bridge_table):
    state = bridge_table.start(EXAMPLE_5_HANDS, blind=EXAMPLE_5_BLIND, salt=EXAMPLE_5_SALT)
    return bridge_table.run(state, *EXAMPLE_5_STEPS)


def bridge_match(**options) -> tuple[MatchRules, object]:
    rules = BRIDGE.match_rules(options)
    return rules, start(rules, first_dealer=0)


def test_example_5_plus_the_others_take_the_j_points(bridge_table):
    state = example_5(bridge_table)
    assert state.phase is Phase.JPOINTS and state.to_act == {0} and state.winner == 0
    assert state.multiplier == 2 and state.hands == ((), ("S7",), ("HQ", "C10"))
    assert bridge_table.legal(state, 0) == ["jpoints:minus", "jpoints:plus"]
    with pytest.raises(UnknownAction, match="^Choose J points minus or plus$"):
        bridge_table.run(state, "0 jpoints:half")
    state = bridge_table.run(state, "0 jpoints:plus")
    result = state.result
    # P2: 20 × j 2 × M 2 = 80, hand 0 × 2 = 0 → 80; P3: 80 + (10 + 10) × 2 = 120; P1: 0.
    assert result.payments == (0, 80, 120)
    assert result.declarer == 0 and result.reason == "went out" and result.contract is None
    assert not result.thrown_in and result.next_dealer is None
    assert bridge_table.log(state)[-1] == "0 chooses J points plus: +80 for each other player"
    # Totals before: P1 60, P2 20, P3 5 (the highest, P1, started this round).
    rules, match = bridge_match()
    match = record(match, HandResult(thrown_in=False, payments=(60, 20, 5)), doubled=False)
    assert match.dealer == 0
    match = record(match, result, doubled=False)
    # P2 20 + 80 = 100; P3 5 + 120 = 125: exactly 125 → 0; P1 stays 60. P2 (100) starts next.
    assert match.totals == (60, 100, 0) and match.rows[-1].resets == (2,)
    assert match.dealer == 1 and not match.over


def test_example_5_minus_the_winner_takes_them_off(bridge_table):
    state = bridge_table.run(example_5(bridge_table), "0 jpoints:minus")
    # P1 −20 × 2 × 2 = −80; P2 0; P3 (10 + 10) × 2 = 40.
    assert state.result.payments == (-80, 0, 40)
    assert bridge_table.log(state)[-1] == "0 chooses J points minus: −80 off their own score"
    rules, match = bridge_match()
    match = record(match, HandResult(thrown_in=False, payments=(60, 20, 5)), doubled=False)
    match = record(match, state.result, doubled=False)
    # P1 60 − 80 = −20; P2 20; P3 5 + 40 = 45: P3 starts next.
    assert match.totals == (-20, 20, 45) and match.dealer == 2


def test_example_5_receipt_lines_add_up_to_the_payments(bridge_table):
    result = bridge_table.run(example_5(bridge_table), "0 jpoints:plus").result
    note = "2 Js at the end of the final move"
    assert english(result.items) == (
        ScoredItem("J points", "opponents", 40, 2, 80, note=note, seat=1),
        ScoredItem("J points", "opponents", 40, 2, 80, note=note, seat=2),
        ScoredItem("hand points", "declarer", 0, 2, 0, note="", seat=0),
        ScoredItem("hand points", "opponents", 0, 2, 0, note="S7", seat=1),
        ScoredItem("hand points", "opponents", 20, 2, 40, note="HQ C10", seat=2),
    )
    for seat in range(3):
        assert sum(i.amount for i in result.items if i.seat == seat) == result.payments[seat]
    assert HandResult.from_json(result.to_json()) == result


# §14 example 6: P0 goes out with D7 on D9; P1 draws SA first.
EXAMPLE_6_HANDS = ["DQ D7", "HK C10 D10", "D6 S8 D9"]
EXAMPLE_6_STEPS = ("0 play:DQ", "1 play:D10", "1 stop", "2 play:D9", "0 play:D7")


def test_example_6_going_out_with_a_7_the_next_player_draws_before_the_count(bridge_table):
    state = bridge_table.start(EXAMPLE_6_HANDS, blind="SA")
    state = bridge_table.run(state, *EXAMPLE_6_STEPS)
    assert state.phase is Phase.OVER and state.winner == 0 and state.multiplier == 1
    assert state.hands == ((), ("HK", "SA", "C10"), ("S8", "D6"))
    # P1: HK 10 + C10 10 + SA 15 = 35; P2: D6 0 + S8 0 = 0.
    assert state.result.payments == (0, 35, 0)
    assert bridge_table.log(state)[-2:] == ["0 goes out", "1 draws 1 card for the seven"]
    rules, match = bridge_match()
    match = record(match, HandResult(thrown_in=False, payments=(110, 95, 70)), doubled=False)
    assert match.dealer == 0
    match = record(match, state.result, doubled=False)
    # Totals 110, 130, 70: P1 passed 125, the game is over and P2 (70, the lowest) wins.
    assert match.totals == (110, 130, 70) and match.over
    assert match.standings() == [(1, 2, 70), (2, 0, 110), (3, 1, 130)]


def test_example_6_without_final_move_effects_nobody_draws(bridge_table):
    state = bridge_table.start(EXAMPLE_6_HANDS, blind="SA", finish_effects_before_count=False)
    state = bridge_table.run(state, *EXAMPLE_6_STEPS)
    # P1 keeps HK C10 = 20; the game goes on (110, 115, 70).
    assert state.result.payments == (0, 20, 0) and state.hands[1] == ("HK", "C10")
    rules, match = bridge_match(finish_effects_before_count=False)
    match = record(match, HandResult(thrown_in=False, payments=(110, 95, 70)), doubled=False)
    match = record(match, state.result, doubled=False)
    assert match.totals == (110, 115, 70) and not match.over


def test_j_points_count_only_the_final_moves_trailing_js(bridge_table):
    # Seat 1's HJ lies under seat 2's SJ, but only the final move's Js count: j = 1.
    state = bridge_table.start(["DK S7", "HJ C9", "SJ"], starter=1)
    state = bridge_table.run(state, "1 play:HJ", "1 wish:D", "2 play:SJ")
    assert state.phase is Phase.JPOINTS and state.to_act == {2} and state.winner == 2
    assert bridge_table.view(state, 0)["run"] == 2
    minus = bridge_table.run(state, "2 jpoints:minus")
    # Seat 2 −20 × 1 × 1 = −20; seat 0 DK 10 + S7 0 = 10; seat 1 C9 0.
    assert minus.result.payments == (10, 0, -20)
    plus = bridge_table.run(state, "2 jpoints:plus")
    # Seat 0 10 + 20 = 30; seat 1 0 + 20 = 20; seat 2 0.
    assert plus.result.payments == (30, 20, 0)
    # A final move of a 6 covered by a J ends on one J as well.
    state = bridge_table.start(["DK S7", "HJ C9", "S6 SJ"], starter=1)
    state = bridge_table.run(state, "1 play:HJ", "1 wish:S", "2 play:S6", "2 play:SJ", "2 jpoints:minus")
    assert state.move.cards == ("S6", "SJ") and state.result.payments == (10, 0, -20)


@pytest.mark.parametrize(
    ("rule", "payments", "text"),
    [
        ("always_minus", (10, 0, -20), "2 J points minus (table rule): −20 off their own score"),
        ("always_plus", (30, 20, 0), "2 J points plus (table rule): +20 for each other player"),
    ],
)
def test_the_j_points_rule_can_fix_the_choice(bridge_table, rule, payments, text):
    state = bridge_table.start(["DK S7", "HJ C9", "SJ"], starter=1, j_points_rule=rule)
    state = bridge_table.run(state, "1 play:HJ", "1 wish:D", "2 play:SJ")
    assert state.phase is Phase.OVER and state.result.payments == payments
    assert bridge_table.log(state)[-1] == text


def test_a_bridge_of_js_scores_the_js_of_the_final_move(bridge_table):
    state = bridge_table.start(["DK S7", "HJ C9", "SJ DJ CJ DA"], starter=1)
    state = bridge_table.run(
        state, "1 play:HJ", "1 wish:D", "2 play:SJ", "2 play:DJ", "2 play:CJ", "2 bridge"
    )
    assert state.phase is Phase.JPOINTS and state.ended_by == "Bridge"
    state = bridge_table.run(state, "2 jpoints:minus")
    # j = 3 (SJ DJ CJ; HJ was seat 1's): −60 + DA 15 = −45.
    assert state.result.payments == (10, 0, -45) and state.result.reason == "Bridge"


@pytest.mark.parametrize(
    ("choice", "payments"),
    # Blind HA HK HQ HJ. "next": seat 1 draws all four (15 + 10 + 10 + 20 = 55); "spread": seat 1
    # draws HA HK (25), seat 2 HQ HJ (30).
    [("next", (0, 55, 0)), ("spread", (0, 25, 30))],
)
def test_going_out_with_8s_the_winner_chooses_next_or_spread_before_the_count(bridge_table, choice, payments):
    state = bridge_table.start(["H8 S8", "S6", "S7"], blind="HA HK HQ HJ")
    state = bridge_table.run(state, "0 play:H8", "0 play:S8")
    assert state.phase is Phase.EIGHTS and state.winner == 0 and state.to_act == {0}
    state = bridge_table.run(state, f"0 eights:{choice}")
    assert state.phase is Phase.OVER and state.result.payments == payments
    assert not any("loses a turn" in line for line in bridge_table.log(state))


def test_without_final_move_effects_going_out_with_8s_asks_nothing(bridge_table):
    state = bridge_table.start(["H8 S8", "S6", "S7"], blind="HA HK HQ HJ", finish_effects_before_count=False)
    state = bridge_table.run(state, "0 play:H8", "0 play:S8")
    assert state.phase is Phase.OVER and state.result.payments == (0, 0, 0)
    spread = bridge_table.start(["H8 S8", "S6", "S7"], blind="HA HK HQ HJ", eights_rule="always_spread")
    spread = bridge_table.run(spread, "0 play:H8", "0 play:S8")
    assert spread.phase is Phase.OVER and spread.result.payments == (0, 25, 30)


def test_going_out_with_aces_changes_nothing_in_the_count(bridge_table):
    state = bridge_table.start(["HA SA", "S6 DK", "S7"])
    state = bridge_table.run(state, "0 play:HA", "0 play:SA")
    assert state.phase is Phase.OVER and state.result.payments == (0, 10, 0)
    assert bridge_table.log(state)[-1] == "0 goes out"


def test_trailing_jacks_and_the_pure_count():
    assert trailing_jacks(("H6", "CJ", "HJ")) == 2 and trailing_jacks(("SJ", "S9")) == 0
    assert trailing_jacks(()) == 0
    # §14 example 5 "plus" from the final hands: (0, 80, 120); "minus": (−80, 0, 40).
    hands = ((), ("S7",), ("HQ", "C10"))
    assert score(hands, 0, 2, 2, "plus")[0] == (0, 80, 120)
    assert score(hands, 0, 2, 2, "minus")[0] == (-80, 0, 40)
    # No J at the end: no J lines, only hand points × M.
    payments, items = score((("HA",), ("DK", "S6")), 1, 0, 3, None)
    assert payments == (45, 30) and [i.name for i in items] == ["hand points", "hand points"]
    with pytest.raises(ValueError, match="J points must be minus or plus"):
        score(hands, 0, 2, 2, None)


def test_match_rules_follow_the_options():
    assert BRIDGE.match_rules({}) == MatchRules(
        seats=3,
        length=0,
        zero_sum=False,
        lowest_wins=True,
        end_above=125,
        reset_at=125,
        next_dealer_rule=HIGHEST_TOTAL,
        first_dealer="random",
    )
    rules = BRIDGE.match_rules({"players": 4, "end_threshold": 200, "reset_at_exact_125": False})
    assert (rules.seats, rules.end_above, rules.reset_at) == (4, 200, None)
    # The reset stays at 125 whatever the threshold (§10.4 names 125).
    assert BRIDGE.match_rules({"end_threshold": 300}).reset_at == 125


def test_without_the_125_reset_a_total_of_125_stays(bridge_table):
    result = bridge_table.run(example_5(bridge_table), "0 jpoints:plus").result
    rules, match = bridge_match(reset_at_exact_125=False)
    match = record(match, HandResult(thrown_in=False, payments=(60, 20, 5)), doubled=False)
    match = record(match, result, doubled=False)
    # P3 5 + 120 = 125 stays; 125 does not exceed the threshold, so the game goes on; P3 starts.
    assert match.totals == (60, 100, 125) and match.rows[-1].resets == () and not match.over
    assert match.dealer == 2


def test_the_end_threshold_decides_when_the_game_is_over(bridge_table):
    state = bridge_table.run(bridge_table.start(EXAMPLE_6_HANDS, blind="SA"), *EXAMPLE_6_STEPS)
    rules, match = bridge_match(end_threshold=130)
    match = record(match, HandResult(thrown_in=False, payments=(110, 95, 70)), doubled=False)
    match = record(match, state.result, doubled=False)
    # 130 does not exceed 130: the game goes on, P1 (the highest) starts the next round.
    assert match.totals == (110, 130, 70) and not match.over and match.dealer == 1
