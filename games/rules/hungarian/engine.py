"""The Hungarian phases and action words, behind the shared gate (``games.rules.gate``).

``legal_actions`` lists, per phase: auction ``pass``, bids from lowest to highest, ``hold``;
raise ``keep`` then raises from lowest; discard ``annul`` (when allowed) then the discard sets in
display order; partner call in display order; announcements ``pass``, the tarokk count, bonuses
in table order, kontra-chain calls by item (see ``announce``); play the cards in display order.
"""

from __future__ import annotations

from ..base import IllegalAction
from ..gate import Apply, Gate, Legal
from ..words import _, pgettext
from . import announce, auction, partner, play, talon
from .state import FIVE_SEATS, PLAYERS, HungarianState, Phase

# Phase → (the action words it accepts, legal actions, apply).
PHASES: dict[Phase, tuple[frozenset[str], Legal[HungarianState], Apply[HungarianState]]] = {
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
    "pass": pgettext("verb", "pass"),
    "bid": pgettext("verb", "bid"),
    "hold": pgettext("verb", "hold"),
    "keep": _("keep the bid"),
    "raise": _("raise the bid"),
    "discard": pgettext("verb", "discard"),
    "annul": _("annul the hand"),
    "call": _("call a partner"),
    "announce": pgettext("verb", "announce"),
    "play": _("play a card"),
    **{
        word: _("say {word}", word=name)
        for word, name in zip(announce.KONTRA_WORDS, announce.KONTRA_NAMES, strict=True)
    },
}
WITH_ARGUMENT = frozenset({"bid", "raise", "discard", "call", "announce", "play", *announce.KONTRA_WORDS})


# One gate per table size (four, or five with ``five_player``): the seat numbers it knows.
GATES = {
    seats: Gate(
        seats=seats,
        phases=PHASES,
        verbs=VERBS,
        with_argument=WITH_ARGUMENT,
        may_be_empty=frozenset({"discard"}),  # "discard:" is a wrong number of cards, for the rules to say
    )
    for seats in (PLAYERS, FIVE_SEATS)
}
SITTING_OUT = _("You dealt: you sit out this hand")


def to_act(state: HungarianState) -> frozenset[int]:
    return state.to_act


def legal_actions(state: HungarianState, seat: int) -> list[str]:
    return GATES[state.setup.seats].legal_actions(state, seat)


def _not_your_turn(state: HungarianState, seat: int, word: str) -> IllegalAction:
    if seat == state.setup.sitter:
        return IllegalAction(SITTING_OUT)
    if state.phase is Phase.DISCARD and state.talon_received is not None:
        if not state.talon_received[seat]:
            if word == "annul":
                return IllegalAction(_("Only a player who received talon cards may annul"))
            return IllegalAction(_("You have no cards to discard"))
        return IllegalAction(_("You have discarded already"))
    return IllegalAction(_("It is not your turn"))


def apply(state: HungarianState, seat: int, action: str) -> HungarianState:
    gate = GATES[state.setup.seats]
    return gate.apply(state, seat, action, over=state.phase is Phase.OVER, not_your_turn=_not_your_turn)
