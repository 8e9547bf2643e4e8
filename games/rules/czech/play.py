"""Trick play (czech.md §8): 12 tricks; follow suit, else trump, else anything; povinnost leads.

Action: ``play:<card>``. A player who called I on the end keeps T1 for trick 12 unless it is
their only legal card.
"""

from __future__ import annotations

from ..cards import PACK_54
from ..tricks import TrickRules, after_card, keep_back, legal_follow, play_card
from ..words import _, pgettext
from .outcome import finish
from .state import HAND_SIZE, SEATS, CzechState, evolve

T1 = "T1"


def _keeps_t1(state: CzechState, seat: int) -> bool:
    return state.iote == seat and T1 in state.hands[seat] and len(state.tricks) < HAND_SIZE - 1


def playable(state: CzechState, seat: int) -> list[str]:
    assert state.trick is not None
    cards = legal_follow(state.hands[seat], state.trick.led)
    return keep_back(cards, T1, _keeps_t1(state, seat))


def legal_plays(state: CzechState, seat: int) -> list[str]:
    return ["play:" + card for card in playable(state, seat)]


def apply_play(state: CzechState, seat: int, action: str) -> CzechState:
    trick = state.trick
    assert trick is not None
    rules = TrickRules(
        seats=SEATS,
        tricks=HAND_SIZE,
        pack=PACK_54,
        rank=state.setup.rank(),
        trump_word=pgettext("card", "trump"),
        caller_word=pgettext("role", "povinnost"),
    )
    played = play_card(
        rules,
        state.hands[seat],
        trick,
        seat,
        action.partition(":")[2],
        playable(state, seat),
        _("You called I on the end: keep the I for the last trick"),
        len(state.tricks) + 1,
        state.called_card,
        state.povinnost,
    )
    after: CzechState = after_card(state, seat, played, rules, evolve, finish)
    return after
