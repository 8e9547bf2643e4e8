"""Statistics rows: one ``PlayerHand`` per person and finished hand, from the replayed log."""

from __future__ import annotations

from django.db import transaction

from games.models import Hand
from games.rules import get_variant
from games.services import replay
from games.standings.models import PlayerHand
from games.standings.players import seat_holders
from games.standings.summary import seat_summary


def record_hand(hand: Hand) -> list[PlayerHand]:
    """Write (or write again) the rows of a finished hand; an unfinished hand has none, nor has
    a guided hand (games.tutorial: its moves were the script's advice, not the player's game)."""
    if hand.finished is None or hand.room.tutorial:
        return []
    # The result is computed again from the log, not read from the stored summary.
    result = get_variant(hand.variant).result(replay.current(hand))
    if result is None:
        return []
    holders = seat_holders(hand)
    with_robots = any(user is None for user in holders.values())
    rows = []
    for seat, user_id in sorted(holders.items()):
        if user_id is None or seat >= len(result.payments):
            continue
        summary = seat_summary(result, seat)
        rows.append(
            PlayerHand(
                hand=hand,
                user_id=user_id,
                variant=hand.variant,
                room_id=hand.room_id,
                match_no=hand.match_no,
                seat=seat,
                with_robots=with_robots,
                role=summary.role,
                contract=summary.contract,
                made=summary.made,
                score=summary.score,
                bonuses=list(summary.bonuses),
                finished=hand.finished,
            )
        )
    with transaction.atomic():
        PlayerHand.objects.filter(hand=hand).delete()
        PlayerHand.objects.bulk_create(rows)
    return rows
