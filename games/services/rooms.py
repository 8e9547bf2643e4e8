"""Opening and closing tables: a table from the lobby's form, and the one way to open a table on
a given deal (a deal played again, a guided hand, the daily deal); tables left to robots close."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.db.models.expressions import Combinable
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Hand, HandAction, Room, Seat
from games.rules import Deal, HandContext, get_variant
from games.rules.base import resolve_options
from games.services import broadcast
from games.services import robot_pace as pace
from games.services.access import Privacy
from games.services.chat import ChatSettings
from games.services.effects import after_commit, seating_changed
from games.services.hands import check_deal, create_hand, opening_dealt_by, start_hand_if_ready
from games.services.refusals import Illegal
from games.services.robots import DEFAULT_ROBOT, check_robot_level, robot_plays
from games.services.turn_clocks import ROBOT as CLOCK_ROBOT
from games.services.turn_clocks import check_seconds

# A table listed in the lobby, where anyone may sit and watch: the default.
EVERYONE_WELCOME = Privacy()
CHAT_ON = ChatSettings()


def create_room(
    user: Any,
    variant_key: str,
    robots: int,
    options: dict[str, Any] | None = None,
    robot_level: str = DEFAULT_ROBOT,
    turn_clock: int = 0,
    robot_pace: str = pace.DEFAULT,
    privacy: Privacy = EVERYONE_WELCOME,
    rated: bool = False,
    chat: ChatSettings = CHAT_ON,
    first_deal: tuple[Deal, int] | None = None,
) -> Room:
    """Open a table; ``turn_clock`` is the seconds each human decision may take (0: no clock);
    ``robot_pace`` how long its robots wait before each move (games.services.robot_pace);
    ``privacy`` says who may find, sit at and watch it (games/services/access.py); ``rated``
    whether its matches change the people's ratings (games/standings); ``chat`` whether its
    chat and its watchers' channel are on (games/services/chat.py); ``first_deal``, a deal and
    its dealer, is played as the first hand instead of a shuffled one ("play this deal again",
    games.history): the rules core checks it is a whole pack for these seats."""
    try:
        variant = get_variant(variant_key)
    except KeyError as exc:
        raise Illegal(str(exc)) from None
    robot_level = check_robot_level(robot_level)
    try:
        turn_clock = check_seconds(turn_clock)
    except ValueError as exc:
        raise Illegal(str(exc)) from None
    try:
        robot_pace = pace.check_pace(robot_pace)
    except ValueError as exc:
        raise Illegal(str(exc)) from None
    try:
        resolved = resolve_options(variant.options, options)
    except ValueError as exc:
        raise Illegal(str(exc)) from None
    seats = variant.seat_count(resolved)
    if not 0 <= robots < seats:
        raise Illegal(_("Robots must be between 0 and %(most)s") % {"most": seats - 1})
    if robots:
        check_robot_level(robot_level, variant)  # a robot that cannot play the game would hang the table
    if turn_clock and not robot_plays(CLOCK_ROBOT, variant.key):
        raise Illegal(
            _("The turn clock's %(level)s robot does not play %(game)s yet")
            % {"level": CLOCK_ROBOT, "game": variant.name}
        )
    given = None
    if first_deal is not None:
        deal, dealer = first_deal
        given = (deal, opening_dealt_by(variant, resolved, dealer, seats))
    players = [
        (user if index == 0 else None, robot_level if index >= seats - robots else "")
        for index in range(seats)
    ]
    with transaction.atomic():
        room = _open_table(
            variant,
            players,
            given,
            options=resolved,
            created_by=user,
            turn_clock=turn_clock,
            robot_pace=robot_pace,
            private=privacy.private,
            locked=privacy.locked,
            open_audience=privacy.open_audience,
            rated=rated,
            chat_on=chat.on,
            audience_chat=chat.audience_open,
        )
        transaction.on_commit(broadcast.lobby_changed)
    return room


def open_tutorial(user: Any, variant_key: str, context: HandContext, deal: Deal, robot: str) -> Room:
    """A guided hand (games.tutorial): a private table, never in the lobby, with ``user`` in
    seat 0, the ``robot`` in every other seat, and its hand dealt ``deal`` under ``context``.

    A user has one guided table at a time. Starting the same game's guided hand again deals it
    again on that table (``deal_tutorial_again``) while the user still holds its seat 0, so
    "Start again" leaves no dead table behind; another game's guided hand closes it and opens
    its own. Closed, their robots stop, and
    guided tables never count against the open tables a user may have."""
    variant = get_variant(variant_key)
    with transaction.atomic():
        again = None
        for earlier in Room.objects.select_for_update().filter(created_by=user, tutorial=True, closed=False):
            learner_seated = earlier.seats.filter(index=0, user=user).exists()
            if again is None and earlier.variant == variant_key and learner_seated:
                again = earlier
                continue
            earlier.closed = True
            earlier.save(update_fields=["closed"])
            seating_changed(earlier.pk)
        if again is not None:
            deal_tutorial_again(again, deal, context)
            return again
        seats = variant.seat_count(context.options)
        players = [(user, "") if index == 0 else (None, robot) for index in range(seats)]
        return _open_table(
            variant,
            players,
            (deal, context),
            options=dict(context.options),
            created_by=user,
            tutorial=True,
            private=True,
        )


def deal_tutorial_again(room: Room, deal: Deal, context: HandContext) -> Hand:
    """The guided hand dealt again on its own table, in the caller's transaction (the room
    locked): a new hand, its own match, after the ones played. The log is append-only, so an
    unfinished earlier hand stays in it as it was, and the table shows the new one (the newest
    hand is the current one); My games lists a guided hand only once it is finished
    (``games.history.lists``)."""
    check_deal(get_variant(room.variant), deal, context, room.seats.count())
    last = room.current_hand()
    number, match_no = (last.number + 1, last.match_no + 1) if last is not None else (1, 1)
    return create_hand(room, number, context, match_no, deal=deal)


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
    check_robot_level(robot_level, variant)
    seats = variant.seat_count(context.options)
    if not 0 <= seat < seats:
        raise Illegal(_("There is no seat %(seat)s at this table") % {"seat": seat + 1})
    players = [(user, "") if index == seat else (None, robot_level) for index in range(seats)]
    with transaction.atomic():
        return _open_table(
            variant,
            players,
            (deal, context),
            options=dict(context.options),
            created_by=user,
            private=True,
            locked=True,
            open_audience=False,
            fixed_seed=robot_seed,
        )


def open_set_deals_table(
    players: list[tuple[Any, str]],
    variant_key: str,
    deals: list[tuple[Deal, HandContext]],
    *,
    robot_seed: str,
    turn_clock: int,
    rated: bool,
    watchable: bool,
) -> Room:
    """A table that plays ``deals`` in order and no other (a tournament round's table, every
    table of the round on the same deals): ``players``, one ``(person or None, robot level or
    "")`` per seat, all taken; its robots draw from ``robot_seed``, so those of every table of
    the round choose alike in the same position. It is not in the lobby (its tournament lists
    it), locked (nobody sits but a player a robot keeps the seat for), without a host (nobody
    may change it), and anyone may watch it if ``watchable``, else its players and staff. Each
    deal must be one the rules core can start a hand from."""
    variant = get_variant(variant_key)
    if not deals:
        raise Illegal(_("A table of set deals needs at least one deal"))
    for deal, context in deals:
        check_deal(variant, deal, context, len(players))
    if any(user is None and not robot for user, robot in players):
        raise Illegal(_("Every seat of a table of set deals must be taken"))
    for _user, robot in players:
        if robot:
            check_robot_level(robot, variant)
    try:
        turn_clock = check_seconds(turn_clock)
    except ValueError as exc:
        raise Illegal(str(exc)) from None
    with transaction.atomic():
        room = _open_table(
            variant,
            players,
            deals[0],
            options=dict(deals[0][1].options),
            turn_clock=turn_clock,
            private=True,
            locked=True,
            open_audience=watchable,
            rated=rated,
            fixed_seed=robot_seed,
            set_deals=[{"deal": d.to_json(), "context": c.to_json()} for d, c in deals],
        )
    return room


def _open_table(
    variant: Any, players: list[tuple[Any, str]], given: tuple[Deal, HandContext] | None, **fields: Any
) -> Room:
    """The one way a table opens, in the caller's transaction: the room (``fields``), one seat
    per ``players`` entry (a person or nobody, and a robot level or none), and, when every seat
    is taken, its first hand: ``given``, a deal and its context (a deal played again, a guided
    hand, the daily deal), which the rules core must accept (``check_deal``), else a shuffled
    one. A table still waiting for players deals a shuffled hand when it fills (``sit``), so
    ``given`` is for a full table."""
    if given is not None:
        check_deal(variant, *given, len(players))
    room = Room.objects.create(variant=variant.key, **fields)
    Seat.objects.bulk_create(
        [Seat(room=room, index=index, user=user, robot=robot) for index, (user, robot) in enumerate(players)]
    )
    start_hand_if_ready(room, given)
    return room


def close_stale_robot_tables(now: datetime | None = None) -> list[str]:
    """Close the open tables where no person sits and nothing has happened (no table opened,
    hand dealt or move made) for ``ROBOT_TABLE_HOURS``: robots alone would keep them listed
    for ever. Returns the codes closed."""
    cutoff = (now or timezone.now()) - timedelta(hours=settings.ROBOT_TABLE_HOURS)
    people = Seat.objects.filter(room=OuterRef("pk")).exclude(user=None)
    lately: Q | Combinable = Q(created__gte=cutoff)
    lately |= Exists(Hand.objects.filter(room=OuterRef("pk"), created__gte=cutoff))
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
            after_commit(room)
    return closed
