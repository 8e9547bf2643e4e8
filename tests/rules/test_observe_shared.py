"""``observe`` works out the audience's view once per state and hands each viewer a copy with its
own cards set on it, and builds a state's log lines on the previous state's (``records.memo``,
``observing.log_view``). These tests hold that to the view built for the viewer alone, key by
key, type by type, at every step of random hands of every game and the options that change what
a view shows, whether each state is observed as it is played or only after the hand is folded;
and they hold the memo to its word: a copy of a state never reads its original's."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

from games.rules import AUDIENCE, EVERYONE, HandContext, get_variant
from games.rules.base import resolve_options
from games.rules.hungarian.state import evolve as hungarian_evolve
from games.rules.observing import log_view
from games.rules.records import carried, earlier, memo
from games.rules.tricks import reviewable_log
from tests.helpers.views_alone import alone, strict

TABLES = [
    ("hungarian", {}),
    ("hungarian", {"five_player": True}),
    ("hungarian", {"trick_review": "all"}),
    ("czech", {}),
    ("czech", {"trick_review": "all"}),
    ("slovenian3", {}),
    ("slovenian3", {"trick_review": "all", "radelci": True}),
    ("bridge", {}),
    ("bridge", {"players": 2}),
    ("bridge", {"players": 4}),
]


def hands(key: str, options: dict[str, Any], count: int) -> list[list[Any]]:
    """The states of ``count`` random hands, each hand's in order."""
    variant = get_variant(key)
    resolved = resolve_options(variant.options, options)
    seats = variant.seat_count(resolved)
    played = []
    for index in range(count):
        rng = random.Random(f"observe-shared:{key}:{index}")
        deal = variant.deal(rng, seats, resolved, dealer=index % seats)
        state = variant.new_hand(deal, HandContext(dealer=index % seats, options=resolved))
        states = [state]
        while not variant.is_over(state):
            seat = rng.choice(sorted(variant.to_act(state)))
            state = variant.apply(state, seat, rng.choice(variant.legal_actions(state, seat)))
            states.append(state)
        played.append(states)
    return played


@pytest.mark.parametrize("key, options", TABLES)
def test_every_viewer_sees_what_a_view_built_for_it_alone_shows(key, options):
    variant = get_variant(key)
    seats = variant.seat_count(resolve_options(variant.options, options))
    viewers = [*range(seats), AUDIENCE, EVERYONE]
    for states in hands(key, options, 1):
        for state in states:
            for viewer in viewers:
                shared = variant.observe(state, viewer)
                assert strict(shared) == strict(alone(key, state, viewer)), (key, viewer, state.phase)
                # Asked again, the same view; and each call its own dict at the top.
                again = variant.observe(state, viewer)
                assert strict(again) == strict(shared) and again is not shared


@pytest.mark.parametrize("key, options", TABLES)
def test_views_are_the_same_whether_each_state_was_observed_as_played_or_after_the_fold(key, options):
    variant = get_variant(key)
    seats = variant.seat_count(resolve_options(variant.options, options))
    viewers = [*range(seats), AUDIENCE, EVERYONE]
    resolved = resolve_options(variant.options, options)
    for index, states in enumerate(hands(key, options, 1)):
        # The states as a server meets them: each observed before the next action is applied
        # to it, so each builds its log on its predecessor's.
        rng = random.Random(f"observe-shared:{key}:{index}")
        deal = variant.deal(rng, seats, resolved, dealer=index % seats)
        state = variant.new_hand(deal, HandContext(dealer=index % seats, options=resolved))
        for folded in states:
            for viewer in viewers:
                assert strict(variant.observe(state, viewer)) == strict(variant.observe(folded, viewer))
            if variant.is_over(state):
                break
            seat = rng.choice(sorted(variant.to_act(state)))
            state = variant.apply(state, seat, rng.choice(variant.legal_actions(state, seat)))


@pytest.mark.parametrize("key", ["hungarian", "czech", "slovenian3"])
@pytest.mark.parametrize("review_all", [False, True])
def test_the_log_built_on_the_previous_state_is_the_log_built_afresh(key, review_all):
    for states in hands(key, {}, 3):
        for before, state in zip(states, states[1:], strict=False):
            log_view(before, review_all)  # the previous state's lines, for this one to build on
            lines = [{"seat": s, "text": t} for s, t in reviewable_log(state.log, state.tricks, review_all)]
            assert strict(log_view(state, review_all)) == strict(lines)


def test_a_copy_of_a_state_works_its_memo_out_afresh():
    (states,) = hands("hungarian", {}, 1)
    state = states[len(states) // 2]
    calls: list[Any] = []

    def build(record: Any) -> tuple[Any, ...]:
        calls.append(record)
        return tuple(record.hands)

    assert memo(state, build) == tuple(state.hands)
    assert memo(state, build) == tuple(state.hands) and calls == [state]  # once per state
    # evolve copies the record's __dict__, the memo with it; so does a robot filling in hands.
    changed = hungarian_evolve(state, hands=((),) * len(state.hands))
    assert memo(changed, build) == ((),) * len(state.hands) and calls == [state, changed]
    filled = object.__new__(type(state))
    filled.__dict__.update(state.__dict__)
    filled.__dict__.update(hands=((),) * len(state.hands))
    assert memo(filled, build) == ((),) * len(state.hands) and calls[-1] is filled
    # Copies made by the copy module and by pickling start with nothing either.
    for other in (copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert memo(other, build) == tuple(state.hands) and calls[-1] is other


def test_a_copy_is_offered_only_what_a_carried_builder_worked_out_for_its_original():
    (states,) = hands("czech", {}, 1)
    state = states[len(states) // 2]

    def plain(record: Any) -> int:
        return len(record.log)

    @carried
    def kept(record: Any) -> int:
        return len(record.log)

    memo(state, plain)
    memo(state, kept)
    child = object.__new__(type(state))  # as evolve makes the next state: the __dict__ copied
    child.__dict__.update(state.__dict__)
    assert earlier(child, kept) == len(state.log)
    assert earlier(child, plain) is None
    assert earlier(state, kept) is None  # the original's own memo offers nothing earlier


@pytest.mark.parametrize("key", ["hungarian", "czech", "slovenian3", "bridge"])
def test_robots_leave_the_views_they_read_as_they_found_them(key):
    # Views of one state share their lists and dicts, so a reader that changed one would change
    # what every other viewer of the state is shown: the robots (every level) only read them.
    from games.bots import StrongRobot, get_robot, seat_view

    variant = get_variant(key)
    seats = variant.seat_count(resolve_options(variant.options, {}))
    robots = [get_robot("random"), get_robot("basic"), StrongRobot(playout_budget=4, decision_worlds=2)]
    (states,) = hands(key, {}, 1)
    rng = random.Random(key)
    for state in states[:-1]:
        seat = min(variant.to_act(state))
        before = [strict(variant.observe(state, viewer)) for viewer in [*range(seats), AUDIENCE]]
        for robot in robots:
            robot.choose(seat_view(variant, state, seat), list(variant.legal_actions(state, seat)), rng)
        after = [strict(variant.observe(state, viewer)) for viewer in [*range(seats), AUDIENCE]]
        assert after == before
