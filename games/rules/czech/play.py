"""Trick play (czech.md §8): 12 tricks; follow suit, else trump, else anything; povinnost leads.

Action: ``play:<card>``. A player who called I on the end keeps T1 for trick 12 unless it is
their only legal card.
"""

from __future__ import annotations

from ..base import IllegalAction
from ..cards import PACK_54, SUIT_NAMES, TRUMP
from ..tricks import legal_follow, trick_winner
from .outcome import finish
from .state import HAND_SIZE, SEATS, CzechState, LogEntry, Trick, evolve, logged, next_seat

T1 = "T1"


def _led(trick: Trick) -> list[str]:
    return [card for _, card in trick.cards]


def _keeps_t1(state: CzechState, seat: int) -> bool:
    return state.iote == seat and T1 in state.hands[seat] and len(state.tricks) < HAND_SIZE - 1


def playable(state: CzechState, seat: int) -> list[str]:
    assert state.trick is not None
    cards = legal_follow(state.hands[seat], _led(state.trick))
    if len(cards) > 1 and _keeps_t1(state, seat):
        cards = [card for card in cards if card != T1]
    return cards


def legal_plays(state: CzechState, seat: int) -> list[str]:
    return ["play:" + card for card in playable(state, seat)]


def _follow_error(hand: tuple[str, ...], led: str) -> IllegalAction:
    if any(card[0] == led for card in hand):
        if led == TRUMP:
            return IllegalAction("You must follow with a trump")
        return IllegalAction(f"You must follow {SUIT_NAMES[led]}")
    return IllegalAction("You must play a trump")


def apply_play(state: CzechState, seat: int, action: str) -> CzechState:
    card = action.partition(":")[2]
    hand = state.hands[seat]
    if card not in hand:
        if card not in PACK_54:
            raise IllegalAction(f"Unknown card {card!r}")
        raise IllegalAction(f"You do not hold {card}")
    trick = state.trick
    assert trick is not None
    led = _led(trick)
    if card not in legal_follow(hand, led):
        raise _follow_error(hand, led[0][0])
    if card == T1 and card not in playable(state, seat):
        raise IllegalAction("You called I on the end: keep the I (T1) for the last trick")

    hands = list(state.hands)
    hands[seat] = tuple(c for c in hand if c != card)
    cards = trick.cards + ((seat, card),)
    entries: list[LogEntry] = [(seat, f"plays {card}")]
    if card == state.called_card:
        if seat == state.povinnost:
            entries.append((seat, "played the called card: povinnost is alone"))
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
    winner = trick_winner(cards, state.setup.rank().__getitem__)
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
