"""The appraisal of a decision (games.bots.appraisal): deterministic under its seed, a count of
worlds honoured, a value for every legal card, clear errors, the marks."""

from __future__ import annotations

import pytest

from games.bots.appraisal import MARKS, appraise, mark
from games.rules import get_variant
from tests.helpers.appraisal import PlayedHand, played_hand

GAMES = ("hungarian", "czech", "slovenian3", "bridge")


def first_choice(hand: PlayedHand, phase: str) -> tuple[int, int, str, list[str]]:
    """The first decision of ``phase`` in the hand with more than one legal action."""
    variant = get_variant(hand.variant_key)
    state = variant.new_hand(hand.deal, hand.context)
    for index, (seat, action) in enumerate(hand.log):
        if hand.phases[index] == phase and len(variant.legal_actions(state, seat)) > 1:
            return index, seat, action, variant.legal_actions(state, seat)
        state = variant.apply(state, seat, action)
    raise AssertionError(f"no {phase} choice in the hand")


@pytest.mark.parametrize("game", GAMES)
def test_a_card_decision_values_every_legal_action_and_is_repeatable(game: str) -> None:
    hand = played_hand(game, f"appraisal-card-{game}", level="basic")
    index, seat, action, legal = first_choice(hand, "play")
    first = appraise(game, hand.deal, hand.context, hand.log[:index], seat, action, seed="x", worlds=8)
    again = appraise(game, hand.deal, hand.context, hand.log[:index], seat, action, seed="x", worlds=8)
    assert first is not None and first == again
    assert set(first.values) == set(legal)
    assert first.worlds == 8
    assert first.loss == pytest.approx(first.values[first.best] - first.values[action])
    assert first.values[first.best] == max(first.values.values())
    assert first.loss >= 0
    fewer = appraise(game, hand.deal, hand.context, hand.log[:index], seat, action, seed="x", worlds=3)
    assert fewer is not None and fewer.worlds == 3
    hint = appraise(game, hand.deal, hand.context, hand.log[:index], seat, None, seed="x", worlds=3)
    assert hint is not None and hint.made is None and hint.loss == 0.0
    assert hint.values == fewer.values


@pytest.mark.parametrize("game", ["hungarian", "czech", "slovenian3"])
def test_a_decision_before_the_play_is_appraised_in_worlds_like_the_seats_view(game: str) -> None:
    for n in range(6):
        hand = played_hand(game, f"appraisal-bid-{game}-{n}", level="basic")
        phases = [p for p in hand.phases if p not in ("shuffle", "cut", "piles", "play")]
        if len(set(phases)) > 1:
            break
    index, seat, action, legal = first_choice(hand, phases[0])
    result = appraise(game, hand.deal, hand.context, hand.log[:index], seat, action, seed="y", worlds=6)
    assert result is not None and 0 < result.worlds <= 6
    assert action in result.values and set(result.values) <= set(legal)
    again = appraise(game, hand.deal, hand.context, hand.log[:index], seat, action, seed="y", worlds=6)
    assert again == result


def test_errors_are_clear() -> None:
    hand = played_hand("czech", "appraisal-errors")
    seat, action = hand.log[0]
    other = (seat + 1) % 4
    with pytest.raises(ValueError, match="not to act"):
        appraise("czech", hand.deal, hand.context, [], other, None, seed="z")
    with pytest.raises(ValueError, match="not legal"):
        appraise("czech", hand.deal, hand.context, [], seat, "play:T1", seed="z")
    with pytest.raises(ValueError, match="positive count"):
        appraise("czech", hand.deal, hand.context, [], seat, None, seed="z", worlds=0)


def test_chance_and_forced_decisions_are_not_appraised() -> None:
    hand = played_hand("czech", "appraisal-chance")
    seat, action = hand.log[0]  # the dealer's shuffle
    assert hand.phases[0] == "shuffle"
    assert appraise("czech", hand.deal, hand.context, [], seat, action, seed="z") is None
    variant = get_variant("czech")
    state = variant.new_hand(hand.deal, hand.context)
    for index, (s, a) in enumerate(hand.log):
        if len(variant.legal_actions(state, s)) == 1:
            assert appraise("czech", hand.deal, hand.context, hand.log[:index], s, a, seed="z") is None
            break
        state = variant.apply(state, s, a)
    else:
        raise AssertionError("no forced action in the hand")


def test_marks_by_thresholds() -> None:
    assert mark("czech", 0.0) == "good"
    assert [mark("czech", x) for x in (0.0, 100.0)] == ["good", "blunder"]
    assert all(mark(game, 1e9) == "blunder" for game in GAMES)
    assert set(MARKS) == {"good", "inaccuracy", "mistake", "blunder"}
    with pytest.raises(ValueError):
        mark("chess", 1.0)
    with pytest.raises(ValueError):
        mark("czech", -1.0)


@pytest.mark.parametrize("game", ["hungarian", "slovenian3"])
def test_a_discard_of_several_cards_appraises_a_few_sets_made_and_basic_among_them(game: str) -> None:
    import random

    from games.bots import LEVELS, seat_view
    from games.bots.appraisal.redeal import MAX_CANDIDATES

    variant = get_variant(game)
    for n in range(60):
        hand = played_hand(game, f"appraisal-sets-{game}-{n}")
        state = variant.new_hand(hand.deal, hand.context)
        for index, (seat, action) in enumerate(hand.log):
            legal = variant.legal_actions(state, seat)
            if hand.phases[index] == "discard" and len(legal) > MAX_CANDIDATES and "," in action:
                break
            state = variant.apply(state, seat, action)
        else:
            continue
        break
    else:
        raise AssertionError("no discard of several cards among many sets")
    made = next(a for a in legal if a != action and a.startswith("discard:"))  # not the robot's
    result = appraise(game, hand.deal, hand.context, hand.log[:index], seat, made, seed="sets", worlds=4)
    assert result is not None
    assert made in result.values and len(result.values) <= MAX_CANDIDATES
    assert set(result.values) <= set(legal)
    # The basic robot's own set is among them (its choice is a function of the view alone).
    basic = LEVELS["basic"].choose(seat_view(variant, state, seat), list(legal), random.Random(0))
    assert basic in result.values
    assert len(result.values) > 2  # and sets one card away from it
