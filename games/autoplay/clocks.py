"""Turn clocks: when a human seat's deadline passes, the basic robot moves for it.

A room opened with a turn clock gives every human seat to act a deadline per decision,
stored as a ``TurnClock`` row (one per seat to act, so the simultaneous discards each keep
their own). ``games.services`` writes those rows, under the hand's row lock, after every
action and when a hand is dealt; this module only reads them and fires the due ones.

Firing chooses from the seat's own view and legal actions (the robot cannot cheat) and goes
through ``services.submit_action`` with the hand's ``seq`` and ``robot="clock"``. There the
hand row is locked again and the move is refused unless that seat's deadline had passed by
``now``; the same transaction replaces the clock row. So a deadline fires at most once,
however many processes (or a process restarted with nothing in memory) try it together.

Who fires: the robot thread (``runner``, embedded default) at each deadline; the robot
worker's sweep (``worker``, production); tests call ``fire_due(now)`` with a chosen time.
"""

from __future__ import annotations

import logging
import random
from datetime import datetime
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

from games import services
from games.bots import get_robot, seat_view
from games.models import Hand, TurnClock
from games.rules import get_variant
from games.services import replay
from games.services.turn_clocks import CLOCK_MOVE, ROBOT

log = logging.getLogger(__name__)


def fire_due(
    now: datetime | None = None, hand_id: int | None = None, among: QuerySet[Any] | None = None
) -> int:
    """Make the automatic move of every seat whose deadline has passed by ``now`` (default:
    the present), in deadline order (of hand ``hand_id``, or of the hands whose ids ``among``
    gives, when given). Returns how many moves were made."""
    now = now or timezone.now()
    due = TurnClock.objects.filter(deadline__lte=now, hand__finished__isnull=True, hand__room__closed=False)
    if hand_id is not None:
        due = due.filter(hand_id=hand_id)
    if among is not None:
        due = due.filter(hand_id__in=among)
    moved = 0
    for clock in list(due.order_by("deadline")):
        try:
            if fire(clock, now):
                moved += 1
        except Exception:  # one broken hand must not stop the others
            log.exception("turn clock of seat %s in hand %s failed", clock.seat, clock.hand_id)
    return moved


def fire(clock: TurnClock, now: datetime) -> bool:
    """The automatic move for ``clock``'s seat, if it is still due. True if a move was made.

    ``clock`` may be stale (read before another process fired it or the player moved):
    ``submit_action`` decides under the hand's lock, so a stale clock changes nothing.
    """
    hand = Hand.objects.filter(pk=clock.hand_id).first()
    if hand is None or hand.is_over:
        return False
    variant = get_variant(hand.variant)
    state = replay.current(hand)
    if clock.seat not in variant.to_act(state):
        return False
    legal = variant.legal_actions(state, clock.seat)
    view = seat_view(variant, state, clock.seat)
    rng = random.Random(f"{hand.pk}:{hand.seq}:{clock.seat}:clock")
    action = get_robot(ROBOT).choose(view, legal, rng)
    try:
        services.submit_action(hand.pk, clock.seat, action, hand.seq, robot=CLOCK_MOVE, now=now)
    except (services.Stale, services.Forbidden):
        return False  # fired elsewhere, or the player moved first
    return True
