"""The only writer of rooms, seats, hands and actions.

Every change goes through a function here: it runs in one transaction, locks the row it
changes, validates through the rules core, writes, and only after commit (``on_commit``)
broadcasts to the pages and schedules robots. Views, consumers, robots and the admin call
these functions and nothing else.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from games import broadcast, matches, replay
from games.bots import LEVELS, runner
from games.models import Hand, HandAction, Room, Seat
from games.rules import HandContext, IllegalAction, get_variant
from games.rules.base import resolve_options

# The robot that takes a seat when nobody says otherwise, and the one that keeps a leaver's seat.
DEFAULT_ROBOT = "basic"


class Refused(Exception):
    """A request the site turns down; nothing was changed. ``status`` is the HTTP code."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Illegal(Refused):
    status = 400


class Forbidden(Refused):
    status = 403


class Stale(Refused):
    status = 409


@dataclass(frozen=True)
class Submitted:
    hand_id: int
    seq: int
    state: Any


# --- rooms and seats -------------------------------------------------------------------


def _robot_level(level: str) -> str:
    if level not in LEVELS:
        raise Illegal(f"Unknown robot level {level!r}: choose {', '.join(LEVELS)}")
    return level


def create_room(
    user: Any,
    variant_key: str,
    robots: int,
    options: dict[str, Any] | None = None,
    robot_level: str = DEFAULT_ROBOT,
) -> Room:
    try:
        variant = get_variant(variant_key)
    except KeyError as exc:
        raise Illegal(str(exc)) from None
    robot_level = _robot_level(robot_level)
    seats = max(variant.seats)
    if not 0 <= robots < seats:
        raise Illegal(f"Robots must be between 0 and {seats - 1}")
    try:
        resolved = resolve_options(variant.options, options)
    except ValueError as exc:
        raise Illegal(str(exc)) from None
    with transaction.atomic():
        room = Room.objects.create(variant=variant.key, options=resolved, created_by=user)
        for index in range(seats):
            robot = robot_level if index >= seats - robots else ""
            Seat.objects.create(room=room, index=index, user=user if index == 0 else None, robot=robot)
        _start_hand_if_ready(room)
        transaction.on_commit(broadcast.lobby_changed)
    return room


def sit(room: Room, user: Any, index: int) -> Seat:
    """Take a free seat, or come back to the seat a robot kept since you left."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        if room.seats.filter(user=user).exists():
            raise Illegal("You already have a seat at this table")
        try:
            seat = room.seats.select_for_update().get(index=index)
        except Seat.DoesNotExist:
            raise Illegal(f"There is no seat {index + 1} at this table") from None
        returning = seat.kept_for_id is not None and seat.kept_for_id == user.pk
        if not seat.is_free and not returning:
            if seat.kept_for_id is not None:
                raise Stale(f"Seat {index + 1} is kept for the player who left it")
            raise Stale(f"Seat {index + 1} is taken")
        seat.user = user
        seat.kept_for = None
        if returning:
            seat.robot = ""
        seat.save(update_fields=["user", "kept_for", "robot"])
        if room.closed:
            room.closed = False
            room.save(update_fields=["closed"])
        _start_hand_if_ready(room)
        _after_commit(room)
    return seat


def leave(room: Room, user: Any) -> None:
    """Give up a seat. Before the first hand it becomes free; during play a robot takes it and
    keeps it for the player, who may come back to it (``sit`` on the same seat)."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        seat = room.seats.select_for_update().filter(user=user).first()
        if seat is None:
            raise Forbidden("You have no seat at this table")
        running = room.hands.exists()
        seat.user = None
        seat.robot = DEFAULT_ROBOT if running else ""
        seat.kept_for = user if running else None
        seat.save(update_fields=["user", "robot", "kept_for"])
        if not room.seats.exclude(user=None).exists() and running:
            room.closed = True
            room.save(update_fields=["closed"])
        _after_commit(room)


def set_robot(room: Room, user: Any, index: int, level: str) -> Seat:
    """Before the first hand the host puts a robot of any level on an empty seat, changes its
    level, or takes it off again (``level`` empty). A full table is dealt at once."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        if room.created_by_id is None or room.created_by_id != getattr(user, "pk", None):
            raise Forbidden("Only the player who opened the table can seat robots")
        if room.hands.exists():
            raise Illegal("The game has started: robots can no longer be changed")
        try:
            seat = room.seats.select_for_update().get(index=index)
        except Seat.DoesNotExist:
            raise Illegal(f"There is no seat {index + 1} at this table") from None
        if seat.user_id is not None:
            raise Stale(f"Seat {index + 1} is taken by a player")
        seat.robot = _robot_level(level) if level else ""
        seat.save(update_fields=["robot"])
        _start_hand_if_ready(room)
        _after_commit(room)
    return seat


def _after_commit(room: Room) -> None:
    hand = room.current_hand()
    room_id = room.pk
    transaction.on_commit(lambda: broadcast.room_changed(room_id))
    transaction.on_commit(broadcast.lobby_changed)
    if hand is not None:
        hand_id = hand.pk
        transaction.on_commit(lambda: runner.schedule(hand_id))


def _start_hand_if_ready(room: Room) -> Hand | None:
    if room.seats.filter(user=None, robot="").exists() or room.hands.exists():
        return None
    dealer = random.SystemRandom().randrange(room.seats.count())
    return _create_hand(room, 1, HandContext(dealer=dealer, options=room.options))


def _create_hand(room: Room, number: int, context: HandContext, match_no: int = 1) -> Hand:
    variant = get_variant(room.variant)
    seats = room.seats.count()
    deal = variant.deal(random.SystemRandom(), seats, context.options, dealer=context.dealer)
    state = variant.new_hand(deal, context)
    hand = Hand.objects.create(
        room=room,
        number=number,
        match_no=match_no,
        variant=room.variant,
        deal=deal.to_json(),
        context=context.to_json(),
        phase=_phase(variant.observe(state, "audience")),
        to_act=sorted(variant.to_act(state)),
    )
    hand.players.set([s.user for s in room.seats.exclude(user=None)])
    room_id, hand_id = room.pk, hand.pk
    transaction.on_commit(lambda: broadcast.room_changed(room_id))
    transaction.on_commit(broadcast.lobby_changed)
    transaction.on_commit(lambda: runner.schedule(hand_id))
    return hand


def next_hand(room: Room, user: Any, expected_number: int) -> Hand:
    """Deal the next hand once the current one is over (any seated player may ask).

    Within a match the match decides the dealer and whether the hand is doubled; once the
    match is over the same request starts a new match (hungarian.md §11), dealt by a
    randomly chosen seat as the first match was.
    """
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        if not room.seats.filter(user=user).exists():
            raise Forbidden("Only a player at this table can deal the next hand")
        current = room.current_hand()
        if current is None:
            raise Illegal("The table is waiting for players")
        if current.number != expected_number:
            raise Stale(f"Hand {current.number} is already under way")
        if not current.is_over:
            raise Illegal("The current hand is not over yet")
        match = matches.match_of(room, current.match_no)
        assert match is not None
        if match.over:
            dealer = random.SystemRandom().randrange(room.seats.count())
            context = HandContext(dealer=dealer, options=room.options)
            return _create_hand(room, current.number + 1, context, current.match_no + 1)
        return _create_hand(room, current.number + 1, match.next_context(room.options), current.match_no)


# --- actions ---------------------------------------------------------------------------


def submit_action(
    hand_id: int,
    seat: int,
    action: str,
    expected_seq: int,
    actor: Any = None,
    robot: str = "",
) -> Submitted:
    """Validate ``action`` for ``seat`` against the replayed state and append it to the log.

    Raises ``Stale`` (the caller's view is behind), ``Forbidden`` (not this seat's turn) or
    ``Illegal`` (the rules refuse it); in every case nothing is written.
    """
    try:
        with transaction.atomic():
            # The row lock serialises writers of one hand (on SQLite the IMMEDIATE
            # transaction already does); the unique (hand, seq) catches anything else.
            hand = Hand.objects.select_for_update().get(pk=hand_id)
            variant = get_variant(hand.variant)
            if expected_seq > hand.seq or expected_seq < 0:
                raise Stale("The table has moved on since you looked; your view has been refreshed")
            state = replay.current(hand)
            if expected_seq < hand.seq and not _still_current(hand, variant, state, seat, expected_seq):
                raise Stale("The table has moved on since you looked; your view has been refreshed")
            if hand.is_over:
                raise Illegal("This hand is over")
            if seat not in variant.to_act(state):
                raise Forbidden("It is not your turn")
            try:
                new_state = variant.apply(state, seat, action)
            except IllegalAction as exc:
                raise Illegal(str(exc)) from None
            seq = hand.seq + 1
            HandAction.objects.create(hand=hand, seq=seq, seat=seat, action=action, actor=actor, robot=robot)
            hand.seq = seq
            hand.to_act = sorted(variant.to_act(new_state))
            hand.phase = _phase(variant.observe(new_state, "audience"))
            fields = ["seq", "to_act", "phase"]
            if variant.is_over(new_state):
                result = variant.result(new_state)
                hand.result = result.to_json() if result is not None else None
                hand.finished = timezone.now()
                fields += ["result", "finished"]
            hand.save(update_fields=fields)
            room_id = hand.room_id
            finished = hand.finished is not None
            transaction.on_commit(lambda: replay.remember(hand_id, seq, new_state))
            transaction.on_commit(lambda: broadcast.room_changed(room_id))
            if finished:
                transaction.on_commit(broadcast.lobby_changed)
            transaction.on_commit(lambda: runner.schedule(hand_id))
    except IntegrityError:
        # Another writer appended the same seq first: a lost race, not a corruption.
        raise Stale("Another move was made at the same moment; your view has been refreshed") from None
    return Submitted(hand_id=hand_id, seq=seq, state=new_state)


def _still_current(hand: Hand, variant: Any, state: Any, seat: int, seen: int) -> bool:
    """Whether a view ``seen`` actions old still shows this seat exactly its present choices.

    In a simultaneous phase (the discards) other seats' moves do not change what this seat
    may do, so its move stands; any move of its own since, or any change to its legal
    actions, makes the view stale.
    """
    if hand.actions.filter(seq__gt=seen, seat=seat).exists():
        return False
    before = replay.state_at(hand, seen)
    return seat in variant.to_act(before) and variant.legal_actions(before, seat) == variant.legal_actions(
        state, seat
    )


def _phase(public_view: dict[str, Any]) -> str:
    return str(public_view.get("phase", ""))
