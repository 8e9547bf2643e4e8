"""What follows after commit when a hand finishes or the host ends a match (``games.signals``,
which ``games.services`` sends: connected in ``GamesConfig.ready``), and the rebuild of every
derived row from the log."""

from __future__ import annotations

from django.db import transaction

from games.models import Hand, Room
from games.services import matches
from games.standings.hands import record_hand
from games.standings.models import PlayerHand, RatedMatch, Rating
from games.standings.ratings import rate_match


def hand_finished(hand_id: int) -> None:
    """The hand's statistics rows; and when it ended a rated match, the new ratings."""
    hand = Hand.objects.select_related("room").filter(pk=hand_id).first()
    if hand is None or hand.finished is None:
        return
    record_hand(hand)
    rate_match(hand.room, hand.match_no)


def match_ended(room_id: int, match_no: int) -> None:
    """The host ended a match without a set length: a rated one changes the ratings."""
    room = Room.objects.filter(pk=room_id).first()
    if room is not None:
        rate_match(room, match_no)


def on_hand_finished(sender: object, hand_id: int, **kwargs: object) -> None:
    """``games.signals.hand_finished``."""
    hand_finished(hand_id)


def on_match_ended(sender: object, room_id: int, match_no: int, **kwargs: object) -> None:
    """``games.signals.match_ended``."""
    match_ended(room_id, match_no)


def rebuild() -> tuple[int, int]:
    """Every statistics row and rating again from the log, the matches rated in the order they
    ended. Returns (hands recorded, matches rated)."""
    with transaction.atomic():
        PlayerHand.objects.all().delete()
        RatedMatch.objects.all().delete()
        Rating.objects.all().delete()
        hands = 0
        for hand in Hand.objects.exclude(finished=None).select_related("room").order_by("finished", "pk"):
            hands += bool(record_hand(hand))
        ended = []
        for room in Room.objects.filter(rated=True):
            for match_no in room.hands.values_list("match_no", flat=True).distinct():
                match = matches.match_of(room, match_no)
                if match is not None and match.over:
                    last = (
                        room.hands.filter(match_no=match_no)
                        .exclude(finished=None)
                        .order_by("-number")
                        .first()
                    )
                    ended.append((last.finished if last else room.created, room.pk, match_no, room))
        rated = sum(
            rate_match(room, match_no) is not None
            for _, _, match_no, room in sorted(ended, key=lambda e: e[:3])
        )
    return hands, rated
