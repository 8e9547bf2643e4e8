"""Why not: the rules core's own refusal for each card of a seat's hand that the seat cannot
play or discard now, for the hand to show on hover, focus and long press (issue 21, item 3).

A card's reason is the message of the ``IllegalAction`` that ``variant.apply(state, seat,
action)`` raises for the action pressing that card would be: ``play:<card>``, or in a discard,
the first legal discard with this card in its last place (a discard of several cards is refused
for the card that may not go, the others being legal). Nothing is worded here, so the text
cannot drift from the rules.

Built from the full state, so only for the seat's own page: the rules' refusals name the
seat's own cards and public facts only (the tests check every reason on random positions
against what the seat may see).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

from django.utils import translation

from games.rules import ActionError
from games.rules.words import Msg


def tried_action(card: str, legal: Sequence[str]) -> str | None:
    """The action pressing ``card`` stands for now, or None when the seat may do it."""
    if f"play:{card}" in legal:
        return None
    discards = [a.partition(":")[2].split(",") for a in legal if a.startswith("discard:")]
    if not discards:
        return f"play:{card}"
    if any(card in cards for cards in discards):
        return None  # one of the cards it may choose to discard
    return "discard:" + ",".join([*discards[0][:-1], card])


def refusal(variant: Any, state: Any, seat: int, action: str, language: str | None = None) -> str | None:
    """The rules core's message refusing ``action`` to ``seat``; None if it is allowed.
    ``language``: the active one, when the caller has read it already."""
    try:
        variant.apply(state, seat, action)
    except ActionError as refused:
        message = refused.args[0] if len(refused.args) == 1 else None
        if isinstance(message, Msg):  # the same few refusals come back at every push
            try:
                return _said(message, language or translation.get_language())
            except TypeError:  # a parameter that cannot be a key (a list): said afresh
                return str(message)
        return str(refused)
    return None


@functools.lru_cache(maxsize=4096)
def _said(message: Msg, language: str | None) -> str:
    """``message`` in ``language``, the active one (the cache's key)."""
    return str(message)


def card_reasons(
    variant: Any, state: Any, seat: int, hand: Iterable[str], legal: Sequence[str]
) -> dict[str, str]:
    """``{card: why not}`` for each card of ``hand`` the seat cannot play or discard now."""
    reasons, language = {}, translation.get_language()  # read once for the hand
    for card in hand:
        action = tried_action(card, legal)
        message = refusal(variant, state, seat, action, language) if action is not None else None
        if message is not None:
            reasons[card] = message
    return reasons


# The calls a bidder may have hoped to make when the auction leaves it nothing but "pass",
# tried in this order: the rules core's refusal of the first is why (hungarian.md §4.1: without
# an honour, no bid; slovenian3.md §4: nothing higher is left).
HOPED_FOR = ("bid:three", "bid:two", "bid:one", "bid:solo", "hold")


def only_pass(variant: Any, state: Any, seat: int, legal: Sequence[str], phase: str) -> str | None:
    """Why ``seat`` may only pass in an auction, in the rules core's words; None when it has
    other calls, or is not bidding."""
    if phase != "auction" or list(legal) != ["pass"]:
        return None
    for action in HOPED_FOR:
        message = refusal(variant, state, seat, action)
        if message is not None:
            return message
    return None
