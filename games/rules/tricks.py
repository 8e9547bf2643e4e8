"""Trick mechanics shared by the tarot variants: following suit and winning a trick.

Both functions are variant-agnostic: a variant adds its own constraints on top (Hungarian
pagát ultimó, Slovenian trula rules) and passes its rank order in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import TRUMP


def legal_follow(hand: Sequence[str], led_cards: Sequence[str]) -> list[str]:
    """The cards of ``hand`` that may be played to a trick already holding ``led_cards``.

    Follow the suit led if you can (a tarokk lead is followed with a tarokk); otherwise play
    a tarokk if you have one; otherwise anything. Nobody is obliged to beat the trick. Any
    card may lead. The result keeps the order of ``hand``.
    """
    if not led_cards:
        return list(hand)
    led = led_cards[0][0]
    same_suit = [card for card in hand if card[0] == led]
    if same_suit:
        return same_suit
    trumps = [card for card in hand if card[0] == TRUMP]
    return trumps or list(hand)


def trick_winner(cards_with_seats: Sequence[tuple[int, str]], rank_fn: Callable[[str], int]) -> int:
    """The seat that wins the trick: the highest trump, or else the highest card of the suit led.

    ``cards_with_seats`` is the trick in playing order, ``(seat, card)``; ``rank_fn`` gives a
    card's strength (higher wins) and is only compared within trumps or within one suit.
    """
    led = cards_with_seats[0][1][0]

    def strength(seat_card: tuple[int, str]) -> tuple[int, int]:
        card = seat_card[1]
        if card[0] == TRUMP:
            return (2, rank_fn(card))
        if card[0] == led:
            return (1, rank_fn(card))
        return (0, 0)

    return max(cards_with_seats, key=strength)[0]
