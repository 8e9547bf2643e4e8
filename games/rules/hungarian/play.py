"""Trick play (hungarian.md §8): nine tricks, follow suit, else must play a tarokk.

Action: ``play:<card>``. The pagát ultimó obligation: a side that announced pagát ultimó
keeps its T1 for trick 9 unless the T1 is its holder's only legal card.
"""

from __future__ import annotations

from ..cards import PACK_42
from ..tricks import TrickRules, after_card, keep_back, legal_follow, play_card
from ..words import _, pgettext
from .announce import ULTIMO
from .outcome import finish
from .state import HAND_SIZE, PLAYERS, RANK, HungarianState, evolve

PAGAT = "T1"
RULES = TrickRules(
    seats=PLAYERS,
    tricks=HAND_SIZE,
    pack=PACK_42,
    rank=RANK,
    trump_word=pgettext("card", "tarokk"),
    caller_word=_("the declarer"),
)


def _keeps_pagat(state: HungarianState, seat: int) -> bool:
    """§8: the seat holds T1, its side announced pagát ultimó and this is not trick 9."""
    return (
        PAGAT in state.hands[seat]
        and len(state.tricks) < HAND_SIZE - 1
        and state.announcing.announced(state.side_of(seat), ULTIMO)
    )


def _playable(state: HungarianState, seat: int) -> list[str]:
    assert state.trick is not None
    cards = legal_follow(state.hands[seat], state.trick.led)
    return keep_back(cards, PAGAT, _keeps_pagat(state, seat))


def legal_plays(state: HungarianState, seat: int) -> list[str]:
    """The playable cards in display order."""
    return ["play:" + card for card in _playable(state, seat)]


def apply_play(state: HungarianState, seat: int, action: str) -> HungarianState:
    trick = state.trick
    assert trick is not None
    played = play_card(
        RULES,
        state.hands[seat],
        trick,
        seat,
        action[len("play:") :],
        _playable(state, seat),
        _("Your side announced pagát ultimó: keep the pagát for the last trick"),
        len(state.tricks) + 1,
        state.called_card,
        state.declarer,
    )
    after: HungarianState = after_card(state, seat, played, RULES, evolve, finish, state.setup.next_seat)
    return after
