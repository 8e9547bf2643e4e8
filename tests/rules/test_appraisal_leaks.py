"""An appraisal uses only what the deciding seat knew: exchanging the cards hidden from it among
the places it could not see (the other seats' hidden actions renamed alike, so that its view at
every step is the same) gives the same Appraisal, in every game and for several kinds of
decision."""

from __future__ import annotations

import pytest

from games.bots.appraisal import appraise
from games.rules import get_variant
from tests.helpers.appraisal import PlayedHand, explicit_deal, hidden_exchanged, played_hand

CASES = [
    ("hungarian", "auction"),
    ("hungarian", "discard"),
    ("hungarian", "announce"),
    ("hungarian", "play"),
    ("czech", "prever"),
    ("czech", "discard"),
    ("czech", "valat"),
    ("czech", "contra"),
    ("czech", "play"),
    ("slovenian3", "auction"),
    ("slovenian3", "discard"),
    ("slovenian3", "announce"),
    ("slovenian3", "play"),
    ("bridge", "play"),
    ("bridge", "wish"),
]


def decision(game: str, phase: str) -> tuple[PlayedHand, int]:
    """A hand with a real choice of ``phase`` made after the other seats acted (their cards and
    hidden actions are then what matters): the hand and the decision's index."""
    variant = get_variant(game)
    for n in range(40):
        hand = explicit_deal(game, played_hand(game, f"leak-{game}-{phase}-{n}", level="basic"))
        state = variant.new_hand(hand.deal, hand.context)
        for index, (seat, action) in enumerate(hand.log):
            legal = variant.legal_actions(state, seat)
            others_acted = any(s != seat for s, _ in hand.log[:index])
            if hand.phases[index] == phase and len(legal) > 1 and others_acted and index > 2:
                return hand, index
            state = variant.apply(state, seat, action)
    raise AssertionError(f"no {phase} decision in 40 hands of {game}")


@pytest.mark.parametrize(("game", "phase"), CASES)
def test_exchanging_hidden_cards_changes_nothing(game: str, phase: str) -> None:
    hand, index = decision(game, phase)
    seat, made = hand.log[index]
    other = hidden_exchanged(hand, index, seat, seed=f"{game}-{phase}")
    assert other.deal != hand.deal
    assert other.log[index] == (seat, made)
    first = appraise(game, hand.deal, hand.context, hand.log[:index], seat, made, seed="leak", worlds=6)
    second = appraise(game, other.deal, other.context, other.log[:index], seat, made, seed="leak", worlds=6)
    assert first is not None
    assert first == second
