"""One gate for every action: who may act, which actions exist, one handler per phase.

Check order, so that the message names the first thing wrong: the seat exists; the hand is
not over; the action is a known word; it is the seat's turn; the action belongs to the
phase; then the phase's own rules.

``legal_actions`` lists, per phase: auction ``pass``, bids from lowest to highest, ``hold``;
raise ``keep`` then raises from lowest; discard ``annul`` (when allowed) then the discard sets in
display order; partner call in display order; announcements ``pass``, the tarokk count, bonuses
in table order, kontra-chain calls by item (see ``announce``); play the cards in display order.
"""

from __future__ import annotations

from collections.abc import Callable

from ..base import IllegalAction
from . import announce, auction, partner, play, talon
from .state import SEATS, HungarianState, Phase

Legal = Callable[[HungarianState, int], list[str]]
Apply = Callable[[HungarianState, int, str], HungarianState]

# Phase → (the action words it accepts, legal actions, apply).
PHASES: dict[Phase, tuple[frozenset[str], Legal, Apply]] = {
    Phase.AUCTION: (frozenset({"pass", "bid", "hold"}), auction.legal_calls, auction.apply_call),
    Phase.RAISE: (frozenset({"keep", "raise"}), auction.legal_raises, auction.apply_raise),
    Phase.DISCARD: (frozenset({"discard", "annul"}), talon.legal_discard_step, talon.apply_discard_step),
    Phase.CALL: (frozenset({"call"}), partner.legal_calls, partner.apply_call),
    Phase.ANNOUNCE: (
        frozenset({"pass", "announce", *announce.KONTRA_WORDS}),
        announce.legal_announcements,
        announce.apply_announcement,
    ),
    Phase.PLAY: (frozenset({"play"}), play.legal_plays, play.apply_play),
}

# The action words and what a player would be trying to do with them.
VERBS = {
    "pass": "pass",
    "bid": "bid",
    "hold": "hold",
    "keep": "keep the bid",
    "raise": "raise the bid",
    "discard": "discard",
    "annul": "annul the hand",
    "call": "call a partner",
    "announce": "announce",
    "play": "play a card",
    **{word: f"say {word}" for word in announce.KONTRA_WORDS},
}
WITH_ARGUMENT = frozenset({"bid", "raise", "discard", "call", "announce", "play", *announce.KONTRA_WORDS})


def to_act(state: HungarianState) -> frozenset[int]:
    return state.to_act


def legal_actions(state: HungarianState, seat: int) -> list[str]:
    if seat not in state.to_act:
        return []
    return PHASES[state.phase][1](state, seat)


def _word(action: str) -> str:
    """The action's word (``bid`` in ``bid:two``), or IllegalAction for a malformed action."""
    word, colon, argument = action.partition(":")
    if word in WITH_ARGUMENT:
        # "discard:" (nothing) is a wrong number of cards, reported by the discard rules.
        well_formed = bool(colon) and (bool(argument) or word == "discard")
    else:
        well_formed = word in VERBS and not colon
    if not well_formed:
        raise IllegalAction(f"Unknown action {action!r}")
    return word


def _not_your_turn(state: HungarianState, seat: int, word: str) -> IllegalAction:
    if state.phase is Phase.DISCARD and state.talon_received is not None:
        if not state.talon_received[seat]:
            if word == "annul":
                return IllegalAction("Only a player who received talon cards may annul")
            return IllegalAction("You have no cards to discard")
        return IllegalAction("You have discarded already")
    return IllegalAction("It is not your turn")


def apply(state: HungarianState, seat: int, action: str) -> HungarianState:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise IllegalAction(f"There is no seat {seat!r}")
    if state.phase is Phase.OVER:
        raise IllegalAction("The hand is over")
    if not isinstance(action, str):
        raise IllegalAction(f"Unknown action {action!r}")
    word = _word(action)
    if seat not in state.to_act:
        raise _not_your_turn(state, seat, word)
    words, _, handler = PHASES[state.phase]
    if word not in words:
        raise IllegalAction(f"You cannot {VERBS[word]} now")
    return handler(state, seat, action)
