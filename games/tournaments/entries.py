"""Making a tournament and entering it: every write of the tournament's own rows before it runs
(a create, a join, a leave, the host's start and cancel), each checked, in one transaction,
refused with a reason that leaves nothing changed (``services.Illegal`` / ``Forbidden``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.rules import get_variant
from games.rules.base import resolve_options
from games.services import Forbidden, Illegal, broadcast
from games.services.robots import check_robot_level
from games.services.turn_clocks import check_seconds
from games.tournaments import driver
from games.tournaments.models import Entry, Tournament

MOST_ROUNDS = 9
MOST_HANDS = 12
MOST_INVITED = 200
# A start at most this far ahead (a club plans its evening, not its year).
FURTHEST_START = timedelta(days=60)


@dataclass(frozen=True)
class Plan:
    """What the creation form asks: every field checked by ``create``."""

    name: str
    variant: str
    rounds: int
    hands_per_round: int
    starts_at: datetime
    turn_clock: int
    robot_level: str
    scoring: str = Tournament.DUPLICATE
    rated: bool = False
    public: bool = True
    invited_only: bool = False
    invited: tuple[str, ...] = ()
    options: dict[str, Any] | None = None


def create(user: Any, plan: Plan, now: datetime | None = None) -> Tournament:
    """A member's new tournament (guests may enter one, not host one)."""
    now = now or timezone.now()
    if not getattr(user, "is_authenticated", False) or getattr(user, "is_guest", False):
        raise Forbidden(_("Sign up to host a tournament: guests may enter one, not host one"))
    name = plan.name.strip()
    if not name:
        raise Illegal(_("Give the tournament a name"))
    if len(name) > 80:
        raise Illegal(_("A tournament's name is at most 80 characters long"))
    try:
        variant = get_variant(plan.variant)
    except KeyError as exc:
        raise Illegal(str(exc)) from None
    try:
        options = resolve_options(variant.options, plan.options or {})
    except ValueError as exc:
        raise Illegal(str(exc)) from None
    if not 1 <= plan.rounds <= MOST_ROUNDS:
        raise Illegal(_("A tournament has 1 to %(most)s rounds") % {"most": MOST_ROUNDS})
    if not 1 <= plan.hands_per_round <= MOST_HANDS:
        raise Illegal(_("A round has 1 to %(most)s hands") % {"most": MOST_HANDS})
    if plan.turn_clock == 0:
        raise Illegal(_("A tournament needs a turn clock, so that every round ends"))
    try:
        turn_clock = check_seconds(plan.turn_clock)
    except ValueError as exc:
        raise Illegal(str(exc)) from None
    check_robot_level(plan.robot_level, variant)
    if plan.scoring not in (Tournament.DUPLICATE, Tournament.PLAIN):
        raise Illegal(_("Scoring is duplicate or plain"))
    if plan.starts_at < now - timedelta(minutes=1):
        raise Illegal(_("The start time has passed: choose a time to come"))
    if plan.starts_at > now + FURTHEST_START:
        raise Illegal(_("A tournament starts within %(days)s days") % {"days": FURTHEST_START.days})
    invited = _invited_users(plan.invited)
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=name,
            variant=variant.key,
            options=options,
            rounds=plan.rounds,
            hands_per_round=plan.hands_per_round,
            starts_at=max(plan.starts_at, now),
            scoring=plan.scoring,
            turn_clock=turn_clock,
            robot_level=plan.robot_level,
            rated=plan.rated,
            public=plan.public,
            invited_only=plan.invited_only,
            created_by=user,
        )
        tournament.invited.set(invited)
    return tournament


def _invited_users(names: tuple[str, ...]) -> list[Any]:
    wanted = sorted({n.strip() for n in names if n.strip()})
    if len(wanted) > MOST_INVITED:
        raise Illegal(_("Invite at most %(most)s people") % {"most": MOST_INVITED})
    users = list(get_user_model().objects.filter(username__in=wanted))
    unknown = sorted(set(wanted) - {u.username for u in users})
    if unknown:
        raise Illegal(_("Nobody here is called %(names)s") % {"names": ", ".join(unknown)})
    return users


def join(tournament: Tournament, user: Any) -> Entry:
    """Enter a tournament before it starts (a private one is found by its link alone). Refused:
    it has started or ended; it is locked to invited people and ``user`` is not one; ``user``
    is in another tournament that has not ended (one evening, one tournament)."""
    if not getattr(user, "is_authenticated", False):
        raise Forbidden(_("Play as a guest or log in to enter a tournament"))
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.state != Tournament.REGISTERING:
            raise Illegal(_("This tournament has started: entries are closed"))
        if tournament.entries.filter(user=user).exists():
            raise Illegal(_("You have entered this tournament already"))
        if tournament.invited_only and user.pk != tournament.created_by_id:
            if not tournament.invited.filter(pk=user.pk).exists():
                raise Forbidden(_("Only the people the host invited may enter this tournament"))
        other = (
            Entry.objects.filter(user=user)
            .exclude(tournament=tournament)
            .filter(tournament__state__in=[Tournament.REGISTERING, Tournament.RUNNING])
            .select_related("tournament")
            .first()
        )
        if other is not None:
            raise Illegal(
                _("You are entered in “%(name)s”, which has not ended: leave it first")
                % {"name": other.tournament.name}
            )
        entry = Entry.objects.create(tournament=tournament, user=user)
        pk = tournament.pk
        transaction.on_commit(lambda: broadcast.tournament_changed(pk))
    return entry


def leave(tournament: Tournament, user: Any) -> None:
    """Withdraw before the start (after it, a robot plays your seat: leave the table instead)."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.state != Tournament.REGISTERING:
            raise Illegal(_("This tournament has started: a robot plays your seat if you leave your table"))
        deleted, _rows = tournament.entries.filter(user=user).delete()
        if not deleted:
            raise Illegal(_("You have not entered this tournament"))
        pk = tournament.pk
        transaction.on_commit(lambda: broadcast.tournament_changed(pk))


def _hosted(tournament: Tournament, user: Any) -> Tournament:
    """The tournament locked, when ``user`` is its host (or staff) and it has not started."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if user.pk != tournament.created_by_id and not getattr(user, "is_staff", False):
        raise Forbidden(_("Only the tournament's host can do that"))
    if tournament.state != Tournament.REGISTERING:
        raise Illegal(_("This tournament has started already"))
    return tournament


def invite(tournament: Tournament, user: Any, names: tuple[str, ...]) -> list[Any]:
    """The host invites more people by name before the start (a tournament locked to invited
    people lets them in; an open one loses nothing by it). Every name must be somebody's."""
    with transaction.atomic():
        tournament = _hosted(tournament, user)
        people = _invited_users(names)
        if not people:
            raise Illegal(_("Give the names of the people to invite"))
        tournament.invited.add(*people)
        pk = tournament.pk
        transaction.on_commit(lambda: broadcast.tournament_changed(pk))
    return people


def start_now(tournament: Tournament, user: Any, now: datetime | None = None) -> Tournament:
    """The host starts before the start time (everybody is here); robots fill the empty seats."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = _hosted(tournament, user)
        if not tournament.entries.exists():
            raise Illegal(_("Nobody has entered yet: a tournament of robots alone would be no contest"))
        driver.start(tournament, now)
        pk = tournament.pk
        transaction.on_commit(lambda: broadcast.tournament_changed(pk))
    return tournament


def cancel(tournament: Tournament, user: Any, now: datetime | None = None) -> Tournament:
    """The host calls it off before the start (too few people came)."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = _hosted(tournament, user)
        tournament.state, tournament.finished = Tournament.CANCELLED, now
        tournament.save(update_fields=["state", "finished"])
        pk = tournament.pk
        transaction.on_commit(lambda: broadcast.tournament_changed(pk))
    return tournament
