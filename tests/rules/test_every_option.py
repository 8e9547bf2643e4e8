"""Every option of every game changes something (issue 19 item 4): each option is listed here
with a value other than its default, and the test fails when setting it changes no outcome:
not the match's rules (length, chips, dealer, radelci, limits), not the deal, not the legal
actions, not what a seat sees (``observe``, its ``options`` echo left out) and not the result.

Most options are shown by playing hands from fixed seeds with a random player that keeps the
pagát / I / pagat (``T1``) for as long as it may (so that last-trick bonuses come up), and
comparing everything above between the default and the other value. ``PLAYOUTS`` gives for each
the hands to play (seeds from ``first`` on, a few hands at most: where an option shows up only
in rare hands, the first seed is the first hand it shows up in; the test still plays and
compares both values). Options no random hand reaches are shown with a written-out hand
(``SCENARIOS``). An option that is not built is a known gap, an expected failure with its reason
(``GAPS``): it turns into a failure the day it starts to work, so that it moves to the table.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from games.rules import VARIANTS, Deal, HandContext, Variant, get_variant
from games.rules.base import resolve_options
from tests.helpers.slovenian3 import EX8, EX8_TALON, KLOP, KLOP_TALON, MOND_HANDS, MOND_TALON, NO_TAROK_SEED

pytestmark = pytest.mark.rules


def keep_t1(legal: list[str], rng: random.Random) -> str:
    """A random legal action, but the T1 played only when nothing else may be."""
    choices = [action for action in legal if action != "play:T1"] or legal
    return choices[rng.randrange(len(choices))]


def outcomes(variant: Variant, options: dict[str, Any], first: int, hands: int) -> list[Any]:
    """Everything an option may change, over ``hands`` hands from seed ``first`` on."""
    resolved = resolve_options(variant.options, options)
    seen: list[Any] = [variant.match_rules(resolved)]
    for index in range(first, first + hands):
        rng = random.Random(f"option:{index}")
        seats = variant.seat_count(resolved)
        state = variant.new_hand(
            variant.deal(rng, seats, resolved), HandContext(dealer=index % seats, options=resolved)
        )
        while not variant.is_over(state):
            seat = min(variant.to_act(state))
            legal = variant.legal_actions(state, seat)
            view = {k: v for k, v in variant.observe(state, seat).items() if k != "options"}
            seen.append((seat, legal, repr(view)))
            state = variant.apply(state, seat, keep_t1(legal, rng))
        result = variant.result(state)
        seen.append(None if result is None else result.to_json())
    return seen


# (variant, option): (the other value, options it needs besides, first seed, hands)
PLAYOUTS: dict[tuple[str, str], tuple[Any, dict[str, Any], int, int]] = {
    ("hungarian", "five_player"): (True, {}, 0, 1),
    ("hungarian", "tarokk_count_payers"): ("opposing_team", {}, 10, 1),
    ("hungarian", "allow_discard_xx"): (False, {}, 0, 1),
    ("hungarian", "pass_out_doubling"): (False, {}, 0, 1),
    ("hungarian", "annulment"): (False, {}, 107, 1),
    ("hungarian", "invitations"): (False, {}, 0, 1),
    ("hungarian", "trial_bid"): (False, {}, 5, 1),
    ("hungarian", "trial_bid_penalty"): (7, {}, 28, 1),
    ("hungarian", "max_kontra_level"): (1, {}, 0, 1),
    ("hungarian", "opponents_need_48_when_kontra"): (True, {}, 152, 1),
    ("hungarian", "match_hands"): (8, {}, 0, 1),
    ("hungarian", "trick_review"): ("all", {}, 0, 1),
    ("czech", "red_pip_order"): ("traditional", {}, 0, 1),
    ("czech", "first_dealer"): ("random", {}, 0, 1),
    ("czech", "iote_called_value"): (9, {}, 51, 1),
    ("czech", "iote_silent_value"): (9, {}, 60, 1),
    ("czech", "iote_with_valat"): (True, {}, 0, 1),
    ("czech", "starting_chips"): (50, {}, 0, 1),
    ("czech", "match_hands"): (10, {}, 0, 1),
    ("czech", "trick_review"): ("all", {}, 0, 1),
    ("slovenian3", "radelci"): (True, {}, 0, 1),
    ("slovenian3", "radelci_unused_penalty"): (10, {"radelci": True}, 0, 1),
    ("slovenian3", "auction_style"): ("simple", {}, 0, 1),
    ("slovenian3", "kontra_on_klop"): (True, {}, 148, 1),
    ("slovenian3", "open_beggar_exposure"): ("after_first_trick", {}, 6, 1),
    ("slovenian3", "match_hands"): (6, {}, 0, 1),
    ("slovenian3", "trick_review"): ("all", {}, 12, 1),
    ("bridge", "players"): (2, {}, 0, 1),
    ("bridge", "eights_rule"): ("always_spread", {}, 0, 1),
    ("bridge", "j_points_rule"): ("always_plus", {}, 98, 1),
    ("bridge", "reshuffle_multiplier"): (False, {}, 0, 1),
    ("bridge", "reset_at_exact_125"): (False, {}, 0, 1),
    ("bridge", "end_threshold"): (100, {}, 0, 1),
    ("bridge", "must_play_drawn_card"): (False, {}, 0, 1),
    ("bridge", "opening_card"): ("last_dealt", {}, 0, 1),
    ("bridge", "finish_effects_before_count"): (False, {}, 2, 1),
}


def slovenian_hand(hands: list[str], talon: str, steps: tuple[str, ...], **options: Any) -> Any:
    """A written-out Slovenian hand (dealer 2) run through ``steps``, then played out with each
    seat's first legal action; its result."""
    variant = get_variant("slovenian3")
    deal = Deal(hands=tuple(tuple(h.split()) for h in hands), talon=tuple(talon.split()))
    state = variant.new_hand(deal, HandContext(dealer=2, options=options))
    for step in steps:
        seat, action = step.split(" ", 1)
        state = variant.apply(state, int(seat), action)
    while not variant.is_over(state):
        seat = min(variant.to_act(state))
        state = variant.apply(state, seat, variant.legal_actions(state, seat)[0])
    return variant.result(state).to_json()


# (variant, option): (the other value, the outcome for a value)
SCENARIOS: dict[tuple[str, str], tuple[Any, Callable[[Any], Any]]] = {
    # slovenian3.md §10.4: a klop decided by points, piles 19, 23 and 28: rounded or not.
    ("slovenian3", "round_to_5"): (
        False,
        lambda value: slovenian_hand(KLOP, KLOP_TALON, ("1 pass", "2 pass", "0 bid:klop"), round_to_5=value),
    ),
    # slovenian3.md §10.5: the declarer leaves the mond (T21) in a talon group not taken.
    ("slovenian3", "mond_penalty"): (
        21,
        lambda value: slovenian_hand(
            MOND_HANDS,
            MOND_TALON,
            ("1 pass", "2 pass", "0 bid:three", "0 take:2", "0 discard:C9,C8,C7"),
            mond_penalty=value,
        ),
    ),
    # §14 Example 8: M's škis falls to the emperor trick (T21, T22, T1).
    ("slovenian3", "skisfang"): (
        True,
        lambda value: slovenian_hand(
            EX8,
            EX8_TALON,
            ("1 pass", "2 pass", "0 bid:klop", "0 play:T21", "1 play:T22", "2 play:T1"),
            skisfang=value,
        ),
    ),
    # §3: a deal where a seat holds no tarok is dealt again, or not.
    ("slovenian3", "no_tarok_redeal"): (
        "off",
        lambda value: get_variant("slovenian3").deal(
            random.Random(NO_TAROK_SEED), 3, {"no_tarok_redeal": value}
        ),
    ),
}

GAPS = {
    ("hungarian", "illustrated_bonuses"): "illustrated bonuses are not built: the option has no other value",
}

EVERY_OPTION = sorted((key, option.name) for key, variant in VARIANTS.items() for option in variant.options)


def test_every_option_of_every_game_is_listed_once():
    listed = [*PLAYOUTS, *SCENARIOS, *GAPS]
    assert sorted(listed) == EVERY_OPTION


def _other_value(key: str, name: str) -> Any:
    option = next(o for o in get_variant(key).options if o.name == name)
    others = [v for v in (option.choices or (option.maximum,)) if v != option.default]
    return others[0] if others else option.default


@pytest.mark.parametrize(
    ("key", "name"),
    [
        pytest.param(key, name, marks=pytest.mark.xfail(reason=GAPS[key, name], strict=True))
        if (key, name) in GAPS
        else (key, name)
        for key, name in EVERY_OPTION
    ],
)
def test_the_option_changes_an_outcome(key, name):
    variant = get_variant(key)
    default = next(o.default for o in variant.options if o.name == name)
    if (key, name) in SCENARIOS:
        other, outcome = SCENARIOS[key, name]
        assert other != default
        assert outcome(other) != outcome(default)
        return
    other, base, first, hands = PLAYOUTS.get((key, name), (_other_value(key, name), {}, 0, 3))
    assert other != default
    resolve_options(variant.options, {**base, name: other})  # an allowed value
    assert outcomes(variant, {**base, name: other}, first, hands) != outcomes(variant, base, first, hands)
