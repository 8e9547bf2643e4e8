"""What moves a tournament on by itself, from the database alone: its start at the start time,
each table's next deal after the pause, a robot for a person who has left their table's page,
the next round once every table of a round is done, the end. ``advance`` is idempotent and
reads no memory of an earlier call, so a restarted server (or another process) carries on where it stood; the
tournament's row lock keeps two drivers from doing one step twice. It runs in the process that
drives the robots (``games.autoplay.background``), every ``TOURNAMENT_TICK`` seconds."""

from __future__ import annotations

import logging
import random
import threading
from datetime import datetime, timedelta

from django.conf import settings
from django.db import close_old_connections, transaction
from django.db.models import OuterRef, Q, Subquery
from django.utils import timezone

from games import services
from games.models import Hand, Presence, Seat
from games.services import broadcast
from games.tournaments import pairing, results
from games.tournaments.deals import round_deals, table_size
from games.tournaments.models import Entry, Tournament, TournamentTable

log = logging.getLogger(__name__)


def due(now: datetime) -> list[int]:
    """The tournaments with something to see to: running, or past their start time."""
    return list(
        Tournament.objects.filter(
            Q(state=Tournament.RUNNING) | Q(state=Tournament.REGISTERING, starts_at__lte=now)
        ).values_list("pk", flat=True)
    )


def advance_all(now: datetime | None = None) -> None:
    now = now or timezone.now()
    for pk in due(now):
        try:
            advance(pk, now)
        except Exception:  # one tournament's fault must not stop the others
            log.exception("tournament %s could not advance", pk)


def advance(tournament_id: int, now: datetime | None = None) -> bool:
    """Do what is due in one tournament; True when something changed (its page is told)."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        changed = False
        if tournament.state == Tournament.REGISTERING and tournament.starts_at <= now:
            changed = start(tournament, now)
        elif tournament.state == Tournament.RUNNING:
            changed = _run(tournament, now)
        if changed:
            transaction.on_commit(lambda: broadcast.tournament_changed(tournament_id))
    return changed


def start(tournament: Tournament, now: datetime) -> bool:
    """The start (in the caller's transaction, the tournament locked): nobody entered, it is
    cancelled; else the first round is seated, robots filling the empty seats."""
    if not tournament.entries.exists():
        tournament.state, tournament.finished = Tournament.CANCELLED, now
        tournament.save(update_fields=["state", "finished"])
        return True
    tournament.state, tournament.started = Tournament.RUNNING, now
    tournament.save(update_fields=["state", "started"])
    seat_round(tournament, 1)
    return True


def seat_round(tournament: Tournament, round_no: int) -> list[TournamentTable]:
    """Seat round ``round_no``: the first at random, later ones by the standings (Swiss), with
    as few repeated meetings as the pairing finds; every table on the round's deals. A round of
    one table scored in duplicate gets a table of robots on the same deals beside it, so that
    each player's result is still compared with another's on the same cards."""
    entries = list(tournament.entries.select_related("user").order_by("pk"))
    users = {e.pk: e.user for e in entries}
    seats = table_size(tournament.variant, tournament.options)
    earlier = list(tournament.tables.all())
    if round_no == 1:
        ordered = [e.pk for e in entries]
    else:
        ordered = results.order(tournament, earlier)
    met = pairing.meetings([[t.seating for t in earlier]])
    rng = random.Random(f"{tournament.seed}:seating:{round_no}")
    tables = pairing.seat_round(ordered, seats, met, rng, by_standing=round_no > 1)
    if tournament.scoring == Tournament.DUPLICATE and len(tables) == 1:
        tables.append([None] * seats)
    deals = round_deals(
        tournament.variant, tournament.options, tournament.seed, round_no, tournament.hands_per_round
    )
    made = []
    for number, seating in enumerate(tables, start=1):
        players = [(users[e], "") if e is not None else (None, tournament.robot_level) for e in seating]
        room = services.open_set_deals_table(
            players,
            tournament.variant,
            deals,
            robot_seed=f"{tournament.seed[:16]}:{round_no}",
            turn_clock=tournament.turn_clock,
            rated=tournament.rated,
            watchable=tournament.public,
        )
        made.append(
            TournamentTable.objects.create(
                tournament=tournament, round=round_no, number=number, room=room, seating=seating
            )
        )
    tournament.round = round_no
    tournament.save(update_fields=["round"])
    return made


def _run(tournament: Tournament, now: datetime) -> bool:
    """A running tournament: each table of the round on to its next deal once the pause is over
    (or marked done after its last), robots for people gone, then the next round or the end."""
    changed = False
    tables = list(tournament.tables.filter(round=tournament.round).select_related("room"))
    playing: list[TournamentTable] = []
    hands = _current_hands([t for t in tables if not t.done])
    for table in tables:
        if not table.done:
            changed |= _step_table(table, hands.get(table.room_id), now, playing)
    if playing:
        _replace_the_absent(tournament, playing, now)
    if all(t.done for t in tables):
        if tournament.round < tournament.rounds:
            seat_round(tournament, tournament.round + 1)
        else:
            tournament.state, tournament.finished = Tournament.FINISHED, now
            tournament.save(update_fields=["state", "finished"])
        changed = True
    return changed


def _current_hands(tables: list[TournamentTable]) -> dict[int, Hand]:
    """Each table's current hand (``Room.current_hand``: its newest) by room, in one read for
    all the tables (the driver looks every ``TOURNAMENT_TICK`` seconds)."""
    if not tables:
        return {}
    newest = Hand.objects.filter(room_id=OuterRef("room_id")).order_by("-number").values("number")[:1]
    found = Hand.objects.filter(room_id__in=[t.room_id for t in tables], number=Subquery(newest))
    return {hand.room_id: hand for hand in found}


def _step_table(
    table: TournamentTable, hand: Hand | None, now: datetime, playing: list[TournamentTable]
) -> bool:
    """One table of the round at its current ``hand``: its next deal after the pause, or done
    after its last; a table whose hand is in play goes on ``playing`` (its absent people are
    seen to for all the tables at once)."""
    room = table.room
    if hand is None:
        return False
    if hand.is_over:
        if hand.number < len(room.set_deals):
            if hand.finished is not None and now - hand.finished >= timedelta(
                seconds=settings.TOURNAMENT_PAUSE
            ):
                return services.deal_next_set_hand(room.pk, hand.number) is not None
            return False
        services.end_set_deals(room.pk)
        table.done = True
        table.save(update_fields=["done"])
        return True
    playing.append(table)
    return False


def _replace_the_absent(tournament: Tournament, tables: list[TournamentTable], now: datetime) -> None:
    """A person seated at one of ``tables`` (those in play) without their table's page open for
    ``TOURNAMENT_ABSENT`` seconds (gone, or still on another page: the table page of their last
    round, which tells them of this one): a robot plays their seat for them, kept for them (they
    come back by sitting again). Three reads for all the tables, whatever their number: the
    driver looks every ``TOURNAMENT_TICK`` seconds (bench/tournament.py's tick)."""
    people = [e for table in tables for e in table.seating if e is not None]
    seated = dict(
        Seat.objects.filter(room_id__in=[t.room_id for t in tables], user__isnull=False)
        .filter(user__tournament_entries__in=people)
        .values_list("user_id", "room_id")
    )
    if not seated:
        return
    since = now - timedelta(seconds=settings.ONLINE_SECONDS)
    # Present: a page of the table they sit at (not of another table, nor the tournament's page).
    pages = Presence.objects.filter(
        user_id__in=list(seated), room_id__in=set(seated.values()), seen__gte=since
    )
    online = set(pages.values_list("user_id", "room_id"))
    for entry in Entry.objects.filter(tournament=tournament, user_id__in=list(seated)):
        if (entry.user_id, seated[entry.user_id]) in online:
            if entry.absent_since is not None:
                entry.absent_since = None
                entry.save(update_fields=["absent_since"])
        elif entry.absent_since is None:
            entry.absent_since = now
            entry.save(update_fields=["absent_since"])
        elif now - entry.absent_since >= timedelta(seconds=settings.TOURNAMENT_ABSENT):
            services.keep_for_absent(seated[entry.user_id], entry.user_id)
            entry.absent_since = None
            entry.save(update_fields=["absent_since"])


# --- the loop, in the process that drives the robots ---

_started = threading.Event()


def start_loop() -> None:
    """Start the driver's thread once per process (``games.autoplay.background`` calls this
    where the robots run)."""
    if _started.is_set():
        return
    _started.set()
    threading.Thread(target=_loop, name="tournaments", daemon=True).start()


def _loop() -> None:
    while True:
        try:
            close_old_connections()
            advance_all()
        except Exception:
            log.exception("the tournament driver's look failed")
        finally:
            close_old_connections()
        threading.Event().wait(settings.TOURNAMENT_TICK)
