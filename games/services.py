"""The only writer of rooms, seats, hands and actions.

Every change goes through a function here: it runs in one transaction, locks the row it
changes, validates through the rules core, writes, and only after commit (``on_commit``)
broadcasts to the pages and schedules robots. Views, consumers, robots and the admin call
these functions and nothing else.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from games import broadcast, matches, replay
from games.bots import LEVELS
from games.chat.options import ChatSettings
from games.models import Hand, HandAction, Invitation, Room, Seat, TurnClock, new_invite_token
from games.rules import Deal, HandContext, IllegalAction, get_variant
from games.rules import match as match_rules
from games.rules.base import resolve_options
from games.signals import hand_changed
from games.standings import events as standings
from games.tables import access
from games.tables.access import Privacy
from games.turn_clock import AWAY_AFTER, AWAY_MOVE, CLOCK_MOVE, check_seconds
from games.turn_clock import ROBOT as CLOCK_ROBOT
from games.tutorial import guide

# A table listed in the lobby, where anyone may sit and watch: the default.
EVERYONE_WELCOME = Privacy()
CHAT_ON = ChatSettings()

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
    public_seq: int = 0  # the move number the pages show (``Hand.public_seq``)


# --- rooms and seats -------------------------------------------------------------------


def _robot_level(level: str, variant: Any = None) -> str:
    if level not in LEVELS:
        raise Illegal(f"Unknown robot level {level!r}: choose {', '.join(LEVELS)}")
    if variant is not None and not robot_plays(level, variant.key):
        playing = ", ".join(name for name in LEVELS if robot_plays(name, variant.key))
        raise Illegal(f"The {level} robot does not play {variant.name} yet: choose {playing}")
    return level


def robot_plays(level: str, variant_key: str) -> bool:
    """Whether the robot ``level`` has a policy for the variant (a level gains variants one
    at a time, e.g. Bridge's ``strong`` after its ``random`` and ``basic``)."""
    policies = getattr(LEVELS.get(level), "policies", None)
    return policies is None or variant_key in policies


def create_room(
    user: Any,
    variant_key: str,
    robots: int,
    options: dict[str, Any] | None = None,
    robot_level: str = DEFAULT_ROBOT,
    turn_clock: int = 0,
    privacy: Privacy = EVERYONE_WELCOME,
    rated: bool = False,
    chat: ChatSettings = CHAT_ON,
    first_deal: tuple[Deal, int] | None = None,
) -> Room:
    """Open a table; ``turn_clock`` is the seconds each human decision may take (0: no clock);
    ``privacy`` says who may find, sit at and watch it (games/tables/access.py); ``rated``
    whether its matches change the people's ratings (games/standings); ``chat`` whether its
    chat and its watchers' channel are on (games/chat/options.py); ``first_deal``, a deal and
    its dealer, is played as the first hand instead of a shuffled one ("play this deal again",
    games.history): the rules core checks it is a whole pack for these seats."""
    try:
        variant = get_variant(variant_key)
    except KeyError as exc:
        raise Illegal(str(exc)) from None
    robot_level = _robot_level(robot_level)
    try:
        turn_clock = check_seconds(turn_clock)
    except ValueError as exc:
        raise Illegal(str(exc)) from None
    try:
        resolved = resolve_options(variant.options, options)
    except ValueError as exc:
        raise Illegal(str(exc)) from None
    seats = variant.seat_count(resolved)
    if not 0 <= robots < seats:
        raise Illegal(f"Robots must be between 0 and {seats - 1}")
    if robots:
        _robot_level(robot_level, variant)  # a robot that cannot play the game would hang the table
    if turn_clock and not robot_plays(CLOCK_ROBOT, variant.key):
        raise Illegal(f"The turn clock's {CLOCK_ROBOT} robot does not play {variant.name} yet")
    if first_deal is not None:
        _check_deal(variant, first_deal, seats, resolved)
    with transaction.atomic():
        room = Room.objects.create(
            variant=variant.key,
            options=resolved,
            created_by=user,
            turn_clock=turn_clock,
            private=privacy.private,
            locked=privacy.locked,
            open_audience=privacy.open_audience,
            rated=rated,
            chat_on=chat.on,
            audience_chat=chat.audience_open,
        )
        for index in range(seats):
            robot = robot_level if index >= seats - robots else ""
            Seat.objects.create(room=room, index=index, user=user if index == 0 else None, robot=robot)
        _start_hand_if_ready(room, first_deal)
        transaction.on_commit(broadcast.lobby_changed)
    return room


def open_tutorial(user: Any, variant_key: str, context: HandContext, deal: Deal, robot: str) -> Room:
    """A guided hand (games.tutorial): a private table, never in the lobby, with ``user`` in
    seat 0, the ``robot`` in every other seat, and its first hand dealt ``deal`` under
    ``context``. The user's earlier guided tables close (starting again is a new table), so
    their robots stop and they never count against the open tables a user may have."""
    variant = get_variant(variant_key)
    with transaction.atomic():
        for earlier in Room.objects.select_for_update().filter(created_by=user, tutorial=True, closed=False):
            earlier.closed = True
            earlier.save(update_fields=["closed"])
        room = Room.objects.create(
            variant=variant.key, options=dict(context.options), created_by=user, tutorial=True, private=True
        )
        seats = variant.seat_count(context.options)
        Seat.objects.bulk_create(
            [
                Seat(room=room, index=i, user=user if i == 0 else None, robot="" if i == 0 else robot)
                for i in range(seats)
            ]
        )
        _create_hand(room, 1, context, deal=deal)
    return room


def open_fixed_deal_table(
    user: Any,
    variant_key: str,
    deal: Deal,
    context: HandContext,
    seat: int,
    robot_level: str,
    robot_seed: str,
) -> Room:
    """A table of one given deal (the daily deal): ``user`` holds ``seat``, robots of
    ``robot_level`` drawing from ``robot_seed`` the others; only its player and staff watch it,
    and it deals no next hand."""
    variant = get_variant(variant_key)
    _robot_level(robot_level, variant)
    seats = variant.seat_count(context.options)
    if not 0 <= seat < seats:
        raise Illegal(f"There is no seat {seat + 1} at this table")
    with transaction.atomic():
        room = Room.objects.create(
            variant=variant.key,
            options=dict(context.options),
            created_by=user,
            private=True,
            locked=True,
            open_audience=False,
            fixed_seed=robot_seed,
        )
        for index in range(seats):
            Seat.objects.create(
                room=room,
                index=index,
                user=user if index == seat else None,
                robot="" if index == seat else robot_level,
            )
        _create_hand(room, 1, context, deal=deal)
    return room


def sit(room: Room, user: Any, index: int) -> Seat:
    """Take a free seat, or come back to the seat a robot kept since you left."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        hand = _lock_live_hand(room)
        if room.seats.filter(user=user).exists():
            raise Illegal("You already have a seat at this table")
        try:
            seat = room.seats.select_for_update().get(index=index)
        except Seat.DoesNotExist:
            raise Illegal(f"There is no seat {index + 1} at this table") from None
        returning = seat.kept_for_id is not None and seat.kept_for_id == user.pk
        refusal = None if returning else access.sit_refusal(room, user)
        if refusal is not None:
            raise Forbidden(refusal)
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
        if hand is not None:
            _sync_clocks(hand, timezone.now())  # a returning player to act gets a fresh clock
        _start_hand_if_ready(room)
        _after_commit(room)
    return seat


def leave(room: Room, user: Any) -> None:
    """Give up a seat. Before the first hand it becomes free; during play a robot takes it and
    keeps it for the player, who may come back to it (``sit`` on the same seat)."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        hand = _lock_live_hand(room)
        seat = room.seats.select_for_update().filter(user=user).first()
        if seat is None:
            raise Forbidden("You have no seat at this table")
        _vacate(room, hand, seat)
        _after_commit(room)


def _vacate(room: Room, hand: Hand | None, seat: Seat, keep: bool = True) -> None:
    """The seat's player is gone (under the room's and hand's locks): before the first hand the
    seat is free; after it a robot plays it and (``keep``) keeps it for the player (``sit`` to
    come back)."""
    running = room.hands.exists()
    seat.kept_for = seat.user if running and keep else None
    seat.user = None
    seat.robot = DEFAULT_ROBOT if running else ""
    seat.away, seat.timeouts = False, 0
    seat.save(update_fields=["user", "robot", "kept_for", "away", "timeouts"])
    if not room.seats.exclude(user=None).exists() and running:
        room.closed = True
        room.save(update_fields=["closed"])
    if hand is not None:
        _sync_clocks(hand, timezone.now())  # the robot keeping the seat has no clock


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
        hand = _lock_live_hand(room)
        seats = list(room.seats.select_for_update())
        if not may_release(room, seats, getattr(user, "pk", None)):
            raise Forbidden("Only the player who opened the table can free a seat")
        seat = next((s for s in seats if s.index == index), None)
        if seat is None:
            raise Illegal(f"There is no seat {index + 1} at this table")
        if seat.user_id is None:
            raise Illegal(f"Seat {index + 1} has no player to free it from")
        if seat.user_id == user.pk:
            raise Illegal("That is your own seat: leave the table instead")
        if room.hands.exists() and not seat.away:
            # Who is to act as the caller may know it: a private decision (a Czech contra offer)
            # shows to the deciding seat only, and a refusal must not tell who is being asked.
            caller = next(s.index for s in seats if s.user_id == user.pk)
            if hand is None or seat.index not in _to_act_as_seen(hand, caller):
                raise Illegal(f"Seat {index + 1} is not keeping the table waiting")
            last = hand.actions.order_by("-seq").values_list("created", flat=True).first() or hand.created
            waited = now - last
            if waited < RELEASE_AFTER:
                left = int((RELEASE_AFTER - waited).total_seconds()) + 1
                raise Illegal(f"Seat {index + 1} has had {int(waited.total_seconds())} s: wait {left} s more")
        _vacate(room, hand, seat)
        _after_commit(room)
    return seat


def guest_logged_out(sender: Any, request: Any = None, user: Any = None, **kwargs: Any) -> None:
    if user is not None and getattr(user, "is_guest", False):
        release_all(user)


def player_renamed(sender: Any, user: Any = None, **kwargs: Any) -> None:
    """A guest signed up under a new name (the same user): the tables they sit at, or that a
    robot keeps for them, and the lobby show it."""
    rooms = Room.objects.filter(Q(seats__user=user) | Q(seats__kept_for=user)).distinct()
    room_ids = list(rooms.values_list("pk", flat=True))
    for room_id in room_ids:
        transaction.on_commit(lambda room_id=room_id: broadcast.room_changed(room_id))
    if room_ids:
        transaction.on_commit(broadcast.lobby_changed)


def _to_act_as_seen(hand: Hand, seat: int) -> list[int]:
    return list(get_variant(hand.variant).observe(replay.current(hand), seat)["to_act"])


def release_all(user: Any) -> None:
    """A guest logged out and can never log in again: free every seat they hold at once."""
    for room in Room.objects.filter(seats__user=user).distinct():
        with transaction.atomic():
            room = Room.objects.select_for_update().get(pk=room.pk)
            hand = _lock_live_hand(room)
            seat = room.seats.select_for_update().filter(user=user).first()
            if seat is not None:
                _vacate(room, hand, seat)
                _after_commit(room)


def back(room: Room, user: Any) -> Seat:
    """An away player takes their seat back from the robot: they are asked again, and when
    they are to act their clock starts afresh."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        hand = _lock_live_hand(room)
        seat = room.seats.select_for_update().filter(user=user).first()
        if seat is None:
            raise Forbidden("You have no seat at this table")
        if not seat.away:
            raise Illegal("You are not away: your seat is already yours to play")
        seat.away, seat.timeouts = False, 0
        seat.save(update_fields=["away", "timeouts"])
        if hand is not None:
            _sync_clocks(hand, timezone.now(), restart={seat.index})
        _after_commit(room)
    return seat


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
        seat.robot = _robot_level(level, get_variant(room.variant)) if level else ""
        seat.save(update_fields=["robot"])
        _start_hand_if_ready(room)
        _after_commit(room)
    return seat


# --- who may sit and watch (games/tables) -----------------------------------------------


def accept_invitation(room: Room, user: Any, token: str) -> Invitation:
    """``user`` came by the host's invitation link: they may sit at the locked table, and a
    player the host removed is welcome again. A token that is not the room's current one
    (the host removed someone since) is refused and nothing is written."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        if not token or not secrets.compare_digest(token, room.invite_token):
            raise Forbidden("This invitation link is not valid (any more): ask the host for a new one.")
        invitation, _ = Invitation.objects.get_or_create(room=room, user=user)
        if user.pk in room.removed:
            room.removed = [uid for uid in room.removed if uid != user.pk]
            room.save(update_fields=["removed"])
    return invitation


def set_privacy(room: Room, user: Any, privacy: Privacy) -> Room:
    """The host decides, before the first hand, whether the table is listed, who may sit and
    who may watch. Locking it invites the players already seated."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        if room.created_by_id is None or room.created_by_id != access.user_id(user):
            raise Forbidden("Only the player who opened the table can change who may sit and watch")
        if room.hands.exists():
            raise Illegal("The game has started: who may sit and watch can no longer be changed")
        room.private, room.locked, room.open_audience = privacy.private, privacy.locked, privacy.open_audience
        room.save(update_fields=["private", "locked", "open_audience"])
        if room.locked:
            for seated in room.seats.exclude(user=None).exclude(user_id=room.created_by_id):
                Invitation.objects.get_or_create(room=room, user_id=seated.user_id)
        _after_commit(room)
    return room


def remove_player(room: Room, user: Any, index: int) -> Seat:
    """The host removes a player who has not made a move at this table: before the first hand
    their seat becomes free, after it a robot plays it (kept for nobody). They watch from then
    on, may not sit here again, and the old invitation link stops working (a new token)."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        hand = _lock_live_hand(room)
        if room.created_by_id is None or room.created_by_id != access.user_id(user):
            raise Forbidden("Only the player who opened the table can remove a player")
        seat = room.seats.select_for_update().select_related("user").filter(index=index).first()
        if seat is None:
            raise Illegal(f"There is no seat {index + 1} at this table")
        if seat.user_id is None:
            raise Illegal(f"Seat {index + 1} has no player to remove")
        if seat.user_id == user.pk:
            raise Illegal("That is your own seat: leave the table instead")
        # Public moves only: a private one (a declined Czech contra offer) is not told to the host.
        if HandAction.objects.filter(hand__room=room, actor_id=seat.user_id, public=True).exists():
            raise Illegal(
                f"{seat.user.username} has played at this table:"
                " only a player who never played can be removed"
            )
        removed = seat.user
        _vacate(room, hand, seat, keep=False)
        for dealt in room.hands.all():  # dealt in, but the robot plays every card of theirs
            dealt.players.remove(removed)
        Invitation.objects.filter(room=room, user=removed).delete()
        room.removed = [*room.removed, removed.pk]
        room.invite_token = new_invite_token()
        room.save(update_fields=["removed", "invite_token"])
        _after_commit(room)
    return seat


def close_stale_robot_tables(now: datetime | None = None) -> list[str]:
    """Close the open tables where no person sits and nothing has happened (no table opened,
    hand dealt or move made) for ``ROBOT_TABLE_HOURS``: robots alone would keep them listed
    for ever. Returns the codes closed."""
    cutoff = (now or timezone.now()) - timedelta(hours=settings.ROBOT_TABLE_HOURS)
    people = Seat.objects.filter(room=OuterRef("pk")).exclude(user=None)
    lately = Q(created__gte=cutoff) | Exists(Hand.objects.filter(room=OuterRef("pk"), created__gte=cutoff))
    lately |= Exists(HandAction.objects.filter(hand__room=OuterRef("pk"), created__gte=cutoff))
    stale = Room.objects.filter(closed=False).exclude(Exists(people)).exclude(lately)
    closed = []
    for pk in stale.values_list("pk", flat=True):
        with transaction.atomic():
            # Checked again under the room's lock: somebody may have sat down meanwhile.
            room = stale.select_for_update(of=("self",)).filter(pk=pk).first()
            if room is None:
                continue
            room.closed = True
            room.save(update_fields=["closed"])
            closed.append(room.code)
            _after_commit(room)
    return closed


def _after_commit(room: Room) -> None:
    hand = room.current_hand()
    room_id = room.pk
    transaction.on_commit(lambda: broadcast.room_changed(room_id))
    transaction.on_commit(broadcast.lobby_changed)
    if hand is not None:
        hand_id = hand.pk
        transaction.on_commit(lambda: hand_changed.send(sender=Hand, hand_id=hand_id))


def _lock_live_hand(room: Room) -> Hand | None:
    """Lock the room's unfinished hand, if any: clock rows change only under this lock.

    Taken after the room's lock and before any seat's, the order ``submit_action`` (hand,
    then seat) also follows, so two writers never wait for each other in a circle.
    """
    return (
        Hand.objects.select_for_update().filter(room=room, finished__isnull=True).order_by("-number").first()
    )


def _sync_clocks(hand: Hand, now: datetime, restart: frozenset[int] | set[int] = frozenset()) -> None:
    """Make the hand's clock rows match its human seats to act (call under the hand's lock).

    A seat that stays to act keeps its deadline (the other discards do not give it more
    time) unless it is in ``restart`` (it has just moved, or just come back): a new
    decision, a new deadline from ``now``. Robot and away seats have no clock.
    """
    limit = hand.room.turn_clock
    if not limit:
        return  # the room was opened without a clock, and that never changes
    timed: set[int] = set()
    if not hand.is_over:
        timed = set(
            Seat.objects.filter(room_id=hand.room_id, index__in=hand.to_act, robot="", away=False)
            .exclude(user=None)
            .values_list("index", flat=True)
        )
    hand.clocks.exclude(seat__in=timed - set(restart)).delete()
    running = set(hand.clocks.values_list("seat", flat=True))
    deadline = now + timedelta(seconds=limit)
    TurnClock.objects.bulk_create(
        [TurnClock(hand=hand, seat=s, seq=hand.seq, deadline=deadline) for s in sorted(timed - running)]
    )


def _turn_refusal(variant: Any, state: Any, seat: int, action: str) -> str:
    """Why ``seat``, not to act, may not: "It is not your turn", or for the seat sitting the
    hand out (the dealer at a Hungarian table of five, its view's ``sitter``) the rules' words."""
    if variant.observe(state, "audience").get("sitter") == seat:
        try:
            variant.apply(state, seat, action)
        except IllegalAction as exc:
            return str(exc)
    return "It is not your turn"


def _check_deal(variant: Any, first_deal: tuple[Deal, int], seats: int, options: dict[str, Any]) -> None:
    """A given deal must be one the rules can start a hand from, dealt by one of the seats."""
    deal, dealer = first_deal
    if not 0 <= dealer < seats:
        raise Illegal(f"The dealer must be a seat from 1 to {seats}, not {dealer + 1}")
    try:
        variant.new_hand(deal, HandContext(dealer=dealer, options=options))
    except (IllegalAction, ValueError) as exc:
        raise Illegal(f"This deal cannot be played: {exc}") from None


def _start_hand_if_ready(room: Room, first_deal: tuple[Deal, int] | None = None) -> Hand | None:
    if room.seats.filter(user=None, robot="").exists() or room.hands.exists():
        return None
    if first_deal is None:
        return _create_hand(room, 1, _opening_context(room))
    deal, dealer = first_deal
    return _create_hand(room, 1, _opening_context(room, dealer), deal=deal)


def _opening_context(room: Room, dealer: int | None = None) -> HandContext:
    """The first hand of a match: dealt by ``dealer`` when given (a deal played again), else by
    the host's seat when the variant's match rules say so (Czech ``first_dealer=host``; seat 0
    when the host has no seat), else by a random seat."""
    rules = get_variant(room.variant).match_rules(room.options)
    if dealer is None and rules.first_dealer == "host" and room.created_by_id is not None:
        dealer = room.seats.filter(user_id=room.created_by_id).values_list("index", flat=True).first()
        dealer = 0 if dealer is None else dealer
    if dealer is None:
        dealer = random.SystemRandom().randrange(room.seats.count())
    return match_rules.start(rules, dealer).next_context(room.options)


def _create_hand(
    room: Room, number: int, context: HandContext, match_no: int = 1, deal: Deal | None = None
) -> Hand:
    """Deal a hand (at random unless ``deal`` is given: a guided hand's fixed deal)."""
    variant = get_variant(room.variant)
    seats = room.seats.count()
    if deal is None:
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
    _sync_clocks(hand, timezone.now())
    room_id, hand_id = room.pk, hand.pk
    transaction.on_commit(lambda: broadcast.room_changed(room_id))
    transaction.on_commit(broadcast.lobby_changed)
    transaction.on_commit(lambda: hand_changed.send(sender=Hand, hand_id=hand_id))
    return hand


def next_hand(room: Room, user: Any, expected_number: int) -> Hand:
    """Deal the next hand once the current one is over (any seated player may ask).

    Within a match the match decides the dealer and whether the hand is doubled; once the
    match is over the same request starts a new match (hungarian.md §11), dealt as the first
    match was (``_opening_context``).
    """
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        if not room.seats.filter(user=user).exists():
            raise Forbidden("Only a player at this table can deal the next hand")
        if room.tutorial:
            raise Illegal("A guided hand is one hand long: start it again, or open a table to play on")
        if room.fixed_seed:
            raise Illegal("This table plays one fixed deal: there is no next hand")
        current, match = _finished_hand(room, expected_number, "The current hand is not over yet")
        if match.over:
            return _create_hand(room, current.number + 1, _opening_context(room), current.match_no + 1)
        return _create_hand(room, current.number + 1, match.next_context(room.options), current.match_no)


def _finished_hand(room: Room, expected_number: int, unfinished: str) -> tuple[Hand, Any]:
    """The room's current hand, which must be hand ``expected_number`` and over, and its match."""
    current = room.current_hand()
    if current is None:
        raise Illegal("The table is waiting for players")
    if current.number != expected_number:
        raise Stale(f"Hand {current.number} is already under way")
    if not current.is_over:
        raise Illegal(unfinished)
    match = matches.match_of(room, current.match_no)
    assert match is not None
    return current, match


def end_match(room: Room, user: Any, expected_number: int) -> Room:
    """The host ends a match that has no set length (czech.md §11), between two hands.

    When the host has no seat at the table any seated player may end it. The next hand then
    starts a new match.
    """
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        seated = room.seats.filter(user=user).exists()
        host_seated = (
            room.created_by_id is not None and room.seats.filter(user_id=room.created_by_id).exists()
        )
        if not (seated and (room.created_by_id == user.pk or not host_seated)):
            raise Forbidden("Only the player who opened the table can end the match")
        current, match = _finished_hand(
            room, expected_number, "Finish the hand first: a match ends between two hands"
        )
        if match.over:
            raise Illegal("The match is over already")
        if match.rules.length:
            raise Illegal(f"This match ends by itself after {match.rules.length} hands")
        if match.rules.ends_by_itself:
            raise Illegal("This match ends by itself")
        room.ended_match = current.match_no
        room.save(update_fields=["ended_match"])
        _after_commit(room)
        room_id, match_no = room.pk, current.match_no
        transaction.on_commit(lambda: standings.match_ended(room_id, match_no))
    return room


# --- actions ---------------------------------------------------------------------------


def submit_action(
    hand_id: int,
    seat: int,
    action: str,
    expected_seq: int,
    actor: Any = None,
    robot: str = "",
    now: datetime | None = None,
) -> Submitted:
    """Validate ``action`` for ``seat`` against the replayed state and append it to the log.

    ``robot`` names who chose a move the player did not make: a robot level, ``"clock"``
    (the seat's turn clock ran out: refused unless its deadline had passed by ``now``) or
    ``"away"`` (refused unless the seat is still away). ``now`` (default: the present) is
    also when the next clocks start.

    Raises ``Stale`` (the caller's view is behind), ``Forbidden`` (not this seat's turn) or
    ``Illegal`` (the rules refuse it); in every case nothing is written.
    """
    now = now or timezone.now()
    try:
        with transaction.atomic():
            # The row lock serialises writers of one hand (on SQLite the IMMEDIATE
            # transaction already does); the unique (hand, seq) catches anything else.
            # The room comes along (its turn clock is read below) but only the hand is locked.
            hand = Hand.objects.select_for_update(of=("self",)).select_related("room").get(pk=hand_id)
            variant = get_variant(hand.variant)
            if expected_seq > hand.seq or expected_seq < 0:
                raise Stale("The table has moved on since you looked; your view has been refreshed")
            state = replay.current(hand)
            if expected_seq < hand.seq and not _still_current(hand, variant, state, seat, expected_seq):
                raise Stale("The table has moved on since you looked; your view has been refreshed")
            if hand.is_over:
                raise Illegal("This hand is over")
            if seat not in variant.to_act(state):
                raise Forbidden(_turn_refusal(variant, state, seat, action))
            _check_automatic(hand, seat, robot, now)
            try:
                new_state = variant.apply(state, seat, action)
            except IllegalAction as exc:
                raise Illegal(str(exc)) from None
            if hand.room.tutorial and not robot:
                # A guided hand keeps to its script: another move is refused with the reason.
                made = HandAction.objects.filter(hand=hand, seat=seat).count()
                advised = guide.refusal(hand.variant, made, seat, action)
                if advised is not None:
                    raise Illegal(advised)
            seq = hand.seq + 1
            public = variant.is_public(state, seat, action)
            HandAction.objects.create(
                hand=hand, seq=seq, seat=seat, action=action, actor=actor, robot=robot, public=public
            )
            hand.seq = seq
            hand.public_seq += public
            hand.to_act = sorted(variant.to_act(new_state))
            hand.phase = _phase(variant.observe(new_state, "audience"))
            fields = ["seq", "public_seq", "to_act", "phase"]
            if variant.is_over(new_state):
                result = variant.result(new_state)
                hand.result = result.to_json() if result is not None else None
                hand.finished = timezone.now()
                fields += ["result", "finished"]
            hand.save(update_fields=fields)
            _count_timeouts(hand, seat, robot)
            _sync_clocks(hand, now, restart={seat})
            room_id = hand.room_id
            finished = hand.finished is not None
            transaction.on_commit(lambda: replay.remember(hand_id, seq, new_state))
            transaction.on_commit(lambda: broadcast.room_changed(room_id))
            if finished:
                transaction.on_commit(broadcast.lobby_changed)
                transaction.on_commit(lambda: standings.hand_finished(hand_id))
            transaction.on_commit(lambda: hand_changed.send(sender=Hand, hand_id=hand_id))
    except IntegrityError:
        # Another writer appended the same seq first: a lost race, not a corruption.
        raise Stale("Another move was made at the same moment; your view has been refreshed") from None
    return Submitted(hand_id=hand_id, seq=seq, state=new_state, public_seq=hand.public_seq)


def seq_seen(hand: Hand, public_seq: int) -> int:
    """The ``seq`` a page showing move number ``public_seq`` was rendered at (pages count
    only public moves, ``Hand.public_seq``): the last one before the next public move. A
    number from the future comes back as is, for ``submit_action`` to refuse."""
    if public_seq < 0:
        raise Illegal(f"seq must be at least 0, not {public_seq}")
    if public_seq >= hand.public_seq:
        return hand.seq + public_seq - hand.public_seq
    following = hand.actions.filter(public=True).order_by("seq").values_list("seq", flat=True)[public_seq]
    return following - 1


def _check_automatic(hand: Hand, seat: int, robot: str, now: datetime) -> None:
    """A clock move needs the seat's deadline passed; an away move needs the seat away. Both
    are read under the hand's lock, so a second firing of one deadline finds it gone."""
    if robot == CLOCK_MOVE and not hand.clocks.filter(seat=seat, deadline__lte=now).exists():
        raise Stale("The turn clock of this seat has not run out")
    away = Seat.objects.filter(room_id=hand.room_id, index=seat, away=True)
    if robot == AWAY_MOVE and not away.exists():
        raise Stale("This seat's player is back")


def _count_timeouts(hand: Hand, seat: int, robot: str) -> None:
    """Count the clock's moves in a row for this seat: the third marks it away. A move of the
    player's own starts the count again."""
    seats = Seat.objects.filter(room_id=hand.room_id, index=seat)
    if robot == CLOCK_MOVE:
        row = seats.select_for_update().get()
        row.timeouts += 1
        row.away = row.timeouts >= AWAY_AFTER
        row.save(update_fields=["timeouts", "away"])
    elif not robot:
        seats.exclude(timeouts=0).update(timeouts=0)


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
