"""Trick play (hungarian.md §8): nine tricks, follow suit, else must play a tarokk.

Action: ``play:<card>``. The pagát ultimó obligation: a side that announced pagát ultimó
keeps its T1 for trick 9 unless the T1 is its holder's only legal card.
"""

from __future__ import annotations

from ..base import IllegalAction
from ..cards import PACK_42, SUIT_NAMES, TRUMP
from ..tricks import legal_follow, trick_winner
from .announce import ULTIMO
from .outcome import finish
from .state import (
    HAND_SIZE,
    RANK,
    SEATS,
    HungarianState,
    LogEntry,
    Trick,
    evolve,
    logged,
    next_seat,
)

_rank = RANK.__getitem__


def _led_cards(trick: Trick) -> list[str]:
    return [card for _, card in trick.cards]


PAGAT = "T1"


def _keeps_pagat(state: HungarianState, seat: int) -> bool:
    """§8: the seat holds T1, its side announced pagát ultimó and this is not trick 9."""
    return (
        PAGAT in state.hands[seat]
        and len(state.tricks) < HAND_SIZE - 1
        and state.announcing.announced(state.side_of(seat), ULTIMO)
    )


def _playable(state: HungarianState, seat: int) -> list[str]:
    assert state.trick is not None
    cards = legal_follow(state.hands[seat], _led_cards(state.trick))
    if len(cards) > 1 and _keeps_pagat(state, seat):
        cards = [card for card in cards if card != PAGAT]
    return cards


def legal_plays(state: HungarianState, seat: int) -> list[str]:
    """The playable cards in display order."""
    return ["play:" + card for card in _playable(state, seat)]


def _follow_error(hand: tuple[str, ...], led: str) -> IllegalAction:
    if any(card[0] == led for card in hand):
        if led == TRUMP:
            return IllegalAction("You must follow with a tarokk")
        return IllegalAction(f"You must follow {SUIT_NAMES[led]}")
    return IllegalAction("You must play a tarokk")


def apply_play(state: HungarianState, seat: int, action: str) -> HungarianState:
    card = action[len("play:") :]
    hand = state.hands[seat]
    if card not in hand:
        if card not in PACK_42:
            raise IllegalAction(f"Unknown card {card!r}")
        raise IllegalAction(f"You do not hold {card}")
    trick = state.trick
    assert trick is not None
    led = _led_cards(trick)
    if card not in legal_follow(hand, led):
        raise _follow_error(hand, led[0][0])
    if card == PAGAT and card not in _playable(state, seat):
        raise IllegalAction("Your side announced pagát ultimó: keep the pagát for the last trick")

    hands = list(state.hands)
    hands[seat] = tuple(c for c in hand if c != card)
    cards = trick.cards + ((seat, card),)
    entries: list[LogEntry] = [(seat, f"plays {card}")]
    if card == state.called_card:
        # §13: playing the called card reveals the partner (or that the declarer is alone).
        if seat == state.declarer:
            entries.append((seat, "played the called card: the declarer is alone"))
        else:
            entries.append((seat, "is the partner"))

    if len(cards) < SEATS:
        return evolve(
            state,
            to_act=frozenset({next_seat(seat)}),
            hands=tuple(hands),
            trick=Trick(trick.leader, cards),
            log=logged(state, *entries),
        )

    winner = trick_winner(cards, _rank)
    tricks = state.tricks + (Trick(trick.leader, cards, winner),)
    entries.append((winner, f"wins trick {len(tricks)}"))
    state = evolve(
        state,
        to_act=frozenset({winner}),
        hands=tuple(hands),
        trick=Trick(winner),
        tricks=tricks,
        log=logged(state, *entries),
    )
    if len(tricks) == HAND_SIZE:
        return finish(state)
    return state
