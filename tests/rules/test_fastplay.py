"""The strong robots' quick playout step (``games.bots.fastplay``) gives exactly what the rules
core gives: for thousands of (world, candidate) pairs dealt from real positions of random
hands, playing to the end through ``TrickStep.step`` and through the core's ``apply_play``
finds the same score for the seat, the same tricks and the same ``HandResult``."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from games.bots import get_robot, seat_view
from games.bots.czech.strong import World as CzechWorld
from games.bots.hungarian.strong import World as HungarianWorld
from games.bots.playout import play_to_end
from games.bots.slovenian3.strong import World as SlovenianWorld
from games.rules import HandContext, get_variant
from games.rules.base import resolve_options

WORLDS: dict[str, Any] = {"hungarian": HungarianWorld, "czech": CzechWorld, "slovenian3": SlovenianWorld}
TABLES = [("hungarian", {}), ("hungarian", {"five_player": True}), ("czech", {}), ("slovenian3", {})]


def both_ways(world: Any, state: Any, card: str) -> tuple[Any, Any]:
    """The playout of ``card`` in ``state`` quick and through the core: (score, final state) each."""
    finals: list[Any] = []
    score = world.score  # bound (a method) or the static function

    def kept(final: Any, seat: int) -> float:
        finals.append(final)
        return float(score(final, seat))

    world.score = kept  # the instance's, for this comparison only
    quick = play_to_end(state, card, world)
    core = play_to_end(state, card, world, fast=False)
    return (quick, finals[0]), (core, finals[1])


def compared(variant_key: str, options: dict[str, Any], hands: int, seed: int) -> Counter[str]:
    """Random hands (random robots decide everything, so contracts vary); at every card
    decision with a choice, a world is dealt from the seat's view and every legal card played
    out both ways. The count of comparisons, per contract."""
    variant = get_variant(variant_key)
    seats = variant.seat_count(resolve_options(variant.options, options))
    robot = get_robot("random")
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    for index in range(hands):
        dealer = index % seats
        deal = variant.deal(random.Random(f"fastplay:{seed}:{index}"), seats, options, dealer=dealer)
        state = variant.new_hand(deal, HandContext(dealer=dealer, options=options))
        while not variant.is_over(state):
            seat = min(variant.to_act(state))
            legal = variant.legal_actions(state, seat)
            view = seat_view(variant, state, seat)
            if len(legal) > 1 and view.get("phase") == "play":
                world = WORLDS[variant_key](view)
                dealt = world.sample(rng)
                if dealt is not None:
                    original = dict(dealt.__dict__)
                    for action in legal:
                        (quick, quick_end), (core, core_end) = both_ways(world, dealt, action[5:])
                        assert quick == core, (variant_key, index, action)
                        assert quick_end.tricks == core_end.tricks
                        assert quick_end.result == core_end.result
                        assert quick_end.phase == core_end.phase
                        seen[str(view.get("contract") or view.get("contract_key"))] += 1
                    assert dealt.__dict__ == original  # the world itself is never changed
            state = variant.apply(state, seat, robot.choose(view, legal, rng))
    return seen


@pytest.mark.parametrize(("variant_key", "options"), TABLES, ids=lambda t: str(t))
def test_the_quick_playout_scores_exactly_as_the_rules_core(variant_key, options):
    seen = compared(variant_key, options, hands=12, seed=1)
    assert sum(seen.values()) >= 300, seen  # hundreds of pairs a table, thousands in all


def test_the_slovenian_quick_playout_covers_the_early_ends_and_klop():
    # Klop's talon gifts and the early end of beggar and valat contracts are the quick step's
    # own code (``slovenian3.strong._after_trick``): enough hands that random bidding reaches them.
    seen = compared("slovenian3", {}, hands=20, seed=2)
    assert seen["klop"] > 0, seen
    assert any(key in seen for key in ("beggar", "open-beggar", "colour-valat", "valat")), seen


def test_the_czech_quick_playout_covers_prever():
    seen = compared("czech", {}, hands=15, seed=7)
    assert seen["prever"] > 0, seen
