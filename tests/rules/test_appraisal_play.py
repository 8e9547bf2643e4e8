"""The appraisal judges play the way the strong robot plays: a planted blunder (a Czech player
throws the pagát into a trick an opponent wins) is marked a blunder with the safe card best,
and the strong robot's own cards are never marked blunders."""

from __future__ import annotations

import random

import pytest

from games.bots import LEVELS, seat_view
from games.bots.appraisal import appraise, mark
from games.rules import get_variant
from tests.helpers.appraisal import explicit_deal, played_hand


def test_the_pagat_thrown_into_an_opponents_trick_is_a_blunder() -> None:
    # A Czech partner game played by the basic robots (a fixed seed): in trick 6 seat 2 plays
    # last, the trick led with the J of spades, trumped by seat 0 (T8) and overtrumped by
    # seat 1 (T12), who is on the other side. Seat 2 holds T22 T21 T20 T17 T13 and the pagát.
    hand = explicit_deal("czech", played_hand("czech", "pagat109"))
    index = 45
    variant = get_variant("czech")
    state = variant.new_hand(hand.deal, hand.context)
    for seat, action in hand.log[:index]:
        state = variant.apply(state, seat, action)
    seat = 2
    assert seat in variant.to_act(state)
    assert [card for _, card in state.trick.cards] == ["SJ", "T8", "T12"]
    assert state.side_of(1) != state.side_of(seat)
    legal = variant.legal_actions(state, seat)
    assert "play:T1" in legal and "play:T13" in legal
    result = appraise("czech", hand.deal, hand.context, hand.log[:index], seat, "play:T1", seed="pagat")
    assert result is not None
    assert mark("czech", result.loss) == "blunder"
    assert result.best != "play:T1"
    assert result.values["play:T1"] == min(result.values.values())
    # The truth agrees: in the real deal, the basic robots playing on, the pagát pays less
    # than the T13 that wins the trick.
    truth = {}
    for card in ("play:T1", "play:T13"):
        after = variant.apply(state, seat, card)
        rng = random.Random("truth")
        while not variant.is_over(after):
            actor = min(variant.to_act(after))
            moves = variant.legal_actions(after, actor)
            after = variant.apply(
                after, actor, LEVELS["basic"].choose(seat_view(variant, after, actor), moves, rng)
            )
        truth[card] = variant.result(after).payments[seat]
    assert truth["play:T1"] < truth["play:T13"]


@pytest.mark.parametrize("game", ["hungarian", "czech", "slovenian3", "bridge"])
def test_the_strong_robots_cards_are_no_blunders(game: str) -> None:
    for n in range(10):
        hand = played_hand(game, f"strong-appraised-{game}-{n}", level="basic", levels={0: "strong"})
        if sum(1 for i in hand.decisions(0, "play")) >= 6:
            break
    variant = get_variant(game)
    state = variant.new_hand(hand.deal, hand.context)
    marks = []
    for index, (seat, action) in enumerate(hand.log):
        if seat == 0 and hand.phases[index] == "play" and len(variant.legal_actions(state, seat)) > 1:
            result = appraise(game, hand.deal, hand.context, hand.log[:index], seat, action, seed="strong")
            assert result is not None
            marks.append(mark(game, result.loss))
        state = variant.apply(state, seat, action)
    assert marks
    assert "blunder" not in marks, marks
