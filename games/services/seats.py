"""Who holds each seat: sitting down, leaving (a robot keeps the seat), freeing an abandoned
seat, coming back from away, and the host's robots before the first hand."""

from __future__ import annotations

import functools
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Hand, Room, Seat
from games.rules import get_variant
from games.services import access, broadcast, replay
from games.services.effects import after_commit, seating_changed
from games.services.hands import start_hand_if_ready
from games.services.refusals import Forbidden, Illegal, Stale
from games.services.robots import DEFAULT_ROBOT, check_robot_level
from games.services.turn_clocks import lock_live_hand, sync_clocks


def sit(room: Room, user: Any, index: int) -> Seat:
    """Take a free seat, or come back to the seat a robot kept since you left."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        hand = lock_live_hand(room)
        if room.seats.filter(user=user).exists():
            raise Illegal(_("You already have a seat at this table"))
        try:
            seat = room.seats.select_for_update().get(index=index)
        except Seat.DoesNotExist:
            raise Illegal(_("There is no seat %(seat)s at this table") % {"seat": index + 1}) from None
        returning = seat.kept_for_id is not None and seat.kept_for_id == user.pk
        refusal = None if returning else access.sit_refusal(room, user)
        if refusal is not None:
            raise Forbidden(refusal)
        if not seat.is_free and not returning:
            if seat.kept_for_id is not None:
                raise Stale(_("Seat %(seat)s is kept for the player who left it") % {"seat": index + 1})
            raise Stale(_("Seat %(seat)s is taken") % {"seat": index + 1})
        seat.user = user
        seat.kept_for = None
        if returning:
            seat.robot = ""
        seat.save(update_fields=["user", "kept_for", "robot"])
        if room.closed:
            room.closed = False
            room.save(update_fields=["closed"])
        if hand is not None:
            sync_clocks(hand, timezone.now())  # a returning player to act gets a fresh clock
        start_hand_if_ready(room)
        after_commit(room)
    return seat


def _own_seat_locked(room: Room, user: Any) -> tuple[Room, Hand | None, Seat]:
    """Inside a transaction: the room, its live hand and ``user``'s seat there, locked in that
    order (as every writer locks them); refused when ``user`` has no seat."""
    room = Room.objects.select_for_update().get(pk=room.pk)
    hand = lock_live_hand(room)
    seat = room.seats.select_for_update().filter(user=user).first()
    if seat is None:
        raise Forbidden(_("You have no seat at this table"))
    return room, hand, seat


def another_players_seat(seat: Seat | None, index: int, user: Any, what: str) -> Seat:
    """Seat ``index`` (``seat``, None if the table has none) as the host acts on it: it must hold
    a player, and not ``user``; ``what`` the host would do ("remove" or "free")."""
    if seat is None:
        raise Illegal(_("There is no seat %(seat)s at this table") % {"seat": index + 1})
    if seat.user_id is None:
        if what == "remove":
            raise Illegal(_("Seat %(seat)s has no player to remove") % {"seat": index + 1})
        raise Illegal(_("Seat %(seat)s has no player to free it from") % {"seat": index + 1})
    if seat.user_id == user.pk:
        raise Illegal(_("That is your own seat: leave the table instead"))
    return seat


def leave(room: Room, user: Any) -> None:
    """Give up a seat. Before the first hand it becomes free; during play a robot takes it and
    keeps it for the player, who may come back to it (``sit`` on the same seat)."""
    with transaction.atomic():
        room, hand, seat = _own_seat_locked(room, user)
        vacate(room, hand, seat)
        after_commit(room)


def keep_for_absent(room_id: int, user_id: int) -> bool:
    """A person who has gone (no page of theirs open for long, at a tournament's table): a robot
    plays their seat and keeps it for them, as if they had left (``sit`` to come back). False
    when they hold no seat there."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room_id)
        hand = lock_live_hand(room)
        seat = room.seats.select_for_update().filter(user_id=user_id).first()
        if seat is None:
            return False
        vacate(room, hand, seat)
        after_commit(room)
    return True


def vacate(room: Room, hand: Hand | None, seat: Seat, keep: bool = True) -> None:
    """The seat's player is gone (under the room's and hand's locks): before the first hand the
    seat is free; after it a robot plays it and (``keep``) keeps it for the player (``sit`` to
    come back)."""
    running = room.hands.exists()
    seat.kept_for = seat.user if running and keep else None
    seat.user = None
    seat.robot = DEFAULT_ROBOT if running else ""
    seat.away, seat.timeouts = False, 0
    seat.save(update_fields=["user", "robot", "kept_for", "away", "timeouts"])
    # A table left to its robots closes, but a table of set deals plays them out (a tournament's
    # round must finish, with or without its people).
    if not room.seats.exclude(user=None).exists() and running and not room.set_deals:
        room.closed = True
        room.save(update_fields=["closed"])
    if hand is not None:
        sync_clocks(hand, timezone.now())  # the robot keeping the seat has no clock


# A seat to act whose player has not moved for this long may be freed by the table (``release``).
RELEASE_AFTER = timedelta(minutes=2)


def may_release(room: Room, seats: list[Seat], user_id: int | None) -> bool:
    """Who may free another player's seat: the host when seated, else any seated player."""
    seated = {s.user_id for s in seats if s.user_id is not None}
    if user_id is None or user_id not in seated:
        return False
    return user_id == room.created_by_id or room.created_by_id not in seated


def release(room: Room, user: Any, index: int, now: datetime | None = None) -> Seat:
    """Free the seat of a player who has abandoned the table, so that it does not wait for ever
    (a guest who logged out can never come back; a table without a clock has nobody to move for
    them): before the first hand the seat becomes free; after it a robot plays it, kept for the
    player. Allowed to the host (or, when the host has no seat, any seated player) when the
    seat's player is away, or has kept the table waiting for ``RELEASE_AFTER``."""
    now = now or timezone.now()
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        hand = lock_live_hand(room)
        seats = list(room.seats.select_for_update())
        if not may_release(room, seats, getattr(user, "pk", None)):
            raise Forbidden(_("Only the player who opened the table can free a seat"))
        chosen = next((s for s in seats if s.index == index), None)
        seat = another_players_seat(chosen, index, user, "free")
        if room.hands.exists() and not seat.away:
            # Who is to act as the caller may know it: a private decision (a Czech contra offer)
            # shows to the deciding seat only, and a refusal must not tell who is being asked.
            caller = next(s.index for s in seats if s.user_id == user.pk)
            if hand is None or seat.index not in _to_act_as_seen(hand, caller):
                raise Illegal(_("Seat %(seat)s is not keeping the table waiting") % {"seat": index + 1})
            last = hand.actions.order_by("-seq").values_list("created", flat=True).first() or hand.created
            waited = now - last
            if waited < RELEASE_AFTER:
                left = int((RELEASE_AFTER - waited).total_seconds()) + 1
                raise Illegal(
                    _("Seat %(seat)s has had %(waited)s s: wait %(left)s s more")
                    % {"seat": index + 1, "waited": int(waited.total_seconds()), "left": left}
                )
        vacate(room, hand, seat)
        after_commit(room)
    return seat


def guest_logged_out(sender: Any, request: Any = None, user: Any = None, **kwargs: Any) -> None:
    if user is not None and getattr(user, "is_guest", False):
        release_all(user)


def player_renamed(sender: Any, user: Any = None, **kwargs: Any) -> None:
    """A guest signed up under a new name (the same user): the tables they sit at, or that a
    robot keeps for them, and the lobby show it."""
    rooms = Room.objects.filter(Q(seats__user=user) | Q(seats__kept_for=user)).distinct()
    room_ids = list(rooms.values_list("pk", flat=True))
    seating_changed(*room_ids)
    for room_id in room_ids:
        transaction.on_commit(functools.partial(broadcast.room_changed, room_id))
    if room_ids:
        transaction.on_commit(broadcast.lobby_changed)


def _to_act_as_seen(hand: Hand, seat: int) -> list[int]:
    return list(get_variant(hand.variant).observe(replay.current(hand), seat)["to_act"])


def release_all(user: Any) -> None:
    """A guest logged out and can never log in again: free every seat they hold at once."""
    for room in Room.objects.filter(seats__user=user).distinct():
        with transaction.atomic():
            room = Room.objects.select_for_update().get(pk=room.pk)
            hand = lock_live_hand(room)
            seat = room.seats.select_for_update().filter(user=user).first()
            if seat is not None:
                vacate(room, hand, seat)
                after_commit(room)


def back(room: Room, user: Any) -> Seat:
    """An away player takes their seat back from the robot: they are asked again, and when
    they are to act their clock starts afresh."""
    with transaction.atomic():
        room, hand, seat = _own_seat_locked(room, user)
        if not seat.away:
            raise Illegal(_("You are not away: your seat is already yours to play"))
        seat.away, seat.timeouts = False, 0
        seat.save(update_fields=["away", "timeouts"])
        if hand is not None:
            sync_clocks(hand, timezone.now(), restart={seat.index})
        after_commit(room)
    return seat


def set_robot(room: Room, user: Any, index: int, level: str) -> Seat:
    """Before the first hand the host puts a robot of any level on an empty seat, changes its
    level, or takes it off again (``level`` empty). A full table is dealt at once."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        if room.created_by_id is None or room.created_by_id != getattr(user, "pk", None):
            raise Forbidden(_("Only the player who opened the table can seat robots"))
        if room.hands.exists():
            raise Illegal(_("The game has started: robots can no longer be changed"))
        try:
            seat = room.seats.select_for_update().get(index=index)
        except Seat.DoesNotExist:
            raise Illegal(_("There is no seat %(seat)s at this table") % {"seat": index + 1}) from None
        if seat.user_id is not None:
            raise Stale(_("Seat %(seat)s is taken by a player") % {"seat": index + 1})
        seat.robot = check_robot_level(level, get_variant(room.variant)) if level else ""
        seat.save(update_fields=["robot"])
        start_hand_if_ready(room)
        after_commit(room)
    return seat
