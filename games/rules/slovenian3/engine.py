"""The Slovenian phases and action words, behind the shared gate (``games.rules.gate``).

``legal_actions`` lists, per phase: auction ``pass`` then the bids from lowest to highest;
talon ``take:1`` upwards; discard every allowed set, in display order; announcements ``pass``,
the bonuses in table order, then the kontra-chain calls by item; play the cards in display
order. Empty for a seat not to act.
"""

from __future__ import annotations

from ..gate import Apply, Gate, Legal
from ..words import pgettext
from . import announce, auction, play, talon
from .state import SEATS, Phase, SlovenianState

# Phase → (the action words it accepts, legal actions, apply).
PHASES: dict[Phase, tuple[frozenset[str], Legal[SlovenianState], Apply[SlovenianState]]] = {
    Phase.AUCTION: (frozenset({"pass", "bid"}), auction.legal_calls, auction.apply_call),
    Phase.TALON: (frozenset({"take"}), talon.legal_takes, talon.apply_take),
    Phase.DISCARD: (frozenset({"discard"}), talon.legal_discards, talon.apply_discard),
    Phase.ANNOUNCE: (
        frozenset({"pass", "announce", *announce.LADDER.words}),
        announce.legal_announcements,
        announce.apply_announcement,
    ),
    Phase.PLAY: (frozenset({"play"}), play.legal_plays, play.apply_play),
}

# What a player would be trying to do with each word ("You cannot {…} now").
VERBS = {
    "pass": pgettext("you cannot … now", "pass"),
    "bid": pgettext("you cannot … now", "bid"),
    "take": pgettext("you cannot … now", "take talon cards"),
    "discard": pgettext("you cannot … now", "discard"),
    "announce": pgettext("you cannot … now", "announce"),
    "play": pgettext("you cannot … now", "play a card"),
    **{
        word: pgettext("you cannot … now", "say {kontra}", kontra=name)
        for word, name in zip(announce.LADDER.words, announce.LADDER.names, strict=True)
    },
}
WITH_ARGUMENT = frozenset({"bid", "take", "discard", "announce", "play", *announce.LADDER.words})

GATE = Gate(
    seats=SEATS,
    phases=PHASES,
    verbs=VERBS,
    with_argument=WITH_ARGUMENT,
    may_be_empty=frozenset({"discard"}),  # "discard:" is a wrong number of cards, for the rules to say
)


def legal_actions(state: SlovenianState, seat: int) -> list[str]:
    return GATE.legal_actions(state, seat)


def apply(state: SlovenianState, seat: int, action: str) -> SlovenianState:
    return GATE.apply(state, seat, action, over=state.phase is Phase.OVER)
