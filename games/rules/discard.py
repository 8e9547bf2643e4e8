"""The checks every discard of several cards at once makes (Hungarian §5.2, Slovenian §6), in
the order whose first failure the player is told: each card is a card of the pack, there are as
many as the talon gave, none is listed twice, the seat holds each. The game's own limits (kings,
honours, the trula, the XX, taroks) are its own module's, checked after these."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .base import IllegalAction, UnknownAction
from .words import _, ngettext


def check_discard_cards(
    cards: Sequence[str], hand: Collection[str], count: int, pack: Collection[str]
) -> None:
    """IllegalAction (UnknownAction for a card not in ``pack``) unless ``cards`` are ``count``
    distinct cards of ``hand``."""
    unknown = [card for card in cards if card not in pack]
    if unknown:
        raise UnknownAction(_("Unknown card {card}", card=repr(unknown[0])))
    if len(cards) != count:
        raise IllegalAction(
            ngettext(
                "You must discard exactly {count} card",
                "You must discard exactly {count} cards",
                count,
                count=count,
            )
        )
    if len(set(cards)) != len(cards):
        twice = next(card for card in cards if cards.count(card) > 1)
        raise IllegalAction(_("You listed {card} twice", card=twice))
    for card in cards:
        if card not in hand:
            raise IllegalAction(_("You do not hold {card}", card=card))
