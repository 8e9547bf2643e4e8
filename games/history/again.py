"""Play a deal again: a new table on a finished hand's or a hand file's deal, through
``games.services.create_room`` (the one writer)."""

from __future__ import annotations

from typing import Any

from games import services
from games.history.transfer import CheckedHand
from games.models import Room
from games.services.access import Privacy

# A table on a chosen deal is not listed in the lobby: its host knows every card.
PRIVACY = Privacy(private=True)


def open_table(user: Any, hand: CheckedHand) -> Room:
    """``user`` at seat 1, robots in the other seats, the hand's options, deal and dealer."""
    return services.create_room(
        user,
        hand.game,
        hand.seats - 1,
        hand.options,
        privacy=PRIVACY,
        first_deal=(hand.deal, hand.context.dealer),
    )
