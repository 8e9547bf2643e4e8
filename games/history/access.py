"""Who may replay or export a hand: read-only decisions from the hand's and its room's rows.

A running hand: staff only, whoever else asks (its cards are still being played); but a player
may replay their own guided hand while it runs, from their own seat (``own_guided_hand``). A finished
hand: everyone who could watch its table; a private table's or a closed audience's hands only
their players (and staff); a daily deal's hands (games.daily: tables of their player alone)
everyone, once their day is over and the deal is public; a hand of a table of set deals (a
tournament round's, games.tournaments: not in the lobby) everyone who could watch that table,
once every table on the same deals has finished that hand. Refusals are 404s, so a hidden hand's
existence is not told either.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils.translation import gettext_lazy

from games.daily import deals
from games.models import Hand, Room
from games.services.access import user_id

NOT_FOUND = gettext_lazy("No such hand")


def is_staff(user: Any) -> bool:
    return bool(user is not None and user.is_authenticated and user.is_staff)


def played_in(user: Any) -> Q:
    """The hands ``user`` held a seat in: dealt to them, or a move of theirs in the log (a
    player who sat down during a hand)."""
    uid = user_id(user)
    return Q(players__id=uid) | Q(actions__actor_id=uid)


def public_to_all() -> Q:
    return Q(room__private=False, room__open_audience=True) | Q(
        room__daily_entry__daily__day__lt=deals.today()
    )


def may_replay(hand: Hand, user: Any) -> bool:
    if is_staff(user):
        return True
    if not hand.is_over:
        return False
    if not hand.room.private and hand.room.open_audience:
        return True
    if played_everywhere(hand):
        return True
    visible = public_to_all()
    if user_id(user) is not None:
        visible |= played_in(user)
    return Hand.objects.filter(visible, pk=hand.pk).exists()


def played_everywhere(hand: Hand) -> bool:
    """A finished hand of a watchable table of set deals that every table of its fixed seed (the
    same deals: a tournament's round) has finished too: no one still plays its cards."""
    room = hand.room
    if not (room.set_deals and room.fixed_seed and room.open_audience and hand.is_over):
        return False
    finished_there = Hand.objects.filter(room=OuterRef("pk"), number=hand.number, finished__isnull=False)
    return not Room.objects.filter(fixed_seed=room.fixed_seed).exclude(Exists(finished_there)).exists()


def own_guided_hand(hand: Hand, user: Any) -> bool:
    """A guided hand (a tutorial table, ``Room.tutorial``) that ``user`` plays, still being
    played: they may replay what they played so far, from their own seat only (the replay
    checks the seat); its file and its other seats' cards stay hidden until it is over."""
    if hand.is_over or not hand.room.tutorial or user_id(user) is None:
        return False
    return Hand.objects.filter(played_in(user), pk=hand.pk).exists()


def replayable(hands: QuerySet[Hand], user: Any) -> QuerySet[Hand]:
    """``hands`` narrowed to those ``user`` may replay (``may_replay`` as a query)."""
    if is_staff(user):
        return hands
    visible = public_to_all()
    if user_id(user) is not None:
        visible |= played_in(user)
    return hands.filter(Q(finished__isnull=False) & visible).distinct()
