"""Moves: every action is validated against the replayed state and appended to the hand's log,
with the turn clocks and the away count kept in step."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Hand, HandAction, Seat
from games.rules import ActionError, IllegalAction, UnknownAction, get_variant
from games.services import broadcast, homes, prepared, replay
from games.services.refusals import Forbidden, Illegal, Malformed, RuleRefused, Stale
from games.services.turn_clocks import AWAY_AFTER, AWAY_MOVE, CLOCK_MOVE, sync_clocks
from games.signals import hand_changed, hand_finished
from tarokk_site import prepared as statements
from tarokk_site.bounded import Bounded

# The move's read of its hand (locked) and room, compiled once (games.services.prepared).
_HAND_FOR_UPDATE = prepared.hand_for_update()

# Why a guided hand's learner may not make a move its script does not advise: ``(variant key,
# moves the seat has made, seat, action)`` -> the reason, or None for a move the script allows.
# The tutorial installs it (``games.tutorial.guide.refusal``, in ``GamesConfig.ready``): its words
# name the script's moves as the table's buttons say them, which the writer does not know.
GuidedRefusal = Callable[[str, int, int, str], str | None]
_guided_refusal: GuidedRefusal | None = None


def install_guided_refusal(refusal: GuidedRefusal) -> None:
    """The tutorial's check of a learner's move at a guided table (``Room.tutorial``)."""
    global _guided_refusal
    _guided_refusal = refusal


def _guided(variant_key: str, made: int, seat: int, action: str) -> str | None:
    if _guided_refusal is None:  # a guided table's moves are never let through unchecked
        raise RuntimeError(
            "No check of a guided hand's moves is installed: "  # untranslated: programmer error
            "games.tutorial installs it in GamesConfig.ready"
        )
    return _guided_refusal(variant_key, made, seat, action)


@dataclass(frozen=True)
class Submitted:
    hand_id: int
    seq: int
    state: Any
    public_seq: int = 0  # the move number the pages show (``Hand.public_seq``)


def _turn_refusal(variant: Any, state: Any, seat: int, action: str) -> str:
    """Why ``seat``, not to act, may not: "It is not your turn", or for the seat sitting the
    hand out (the dealer at a Hungarian table of five, its view's ``sitter``) the rules' words."""
    if variant.observe(state, "audience").get("sitter") == seat:
        try:
            variant.apply(state, seat, action)
        except ActionError as exc:
            return str(exc)
    return _("It is not your turn")


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

    Raises ``Stale`` (the caller's view is behind), ``Forbidden`` (not this seat's turn),
    ``Malformed`` (no action at all: the rules' ``UnknownAction``) or ``Illegal`` (the rules
    refuse it); in every case nothing is written.
    """
    now = now or timezone.now()
    done = _in_one_statement(hand_id, seat, action, expected_seq, actor, robot)
    if done is not None:
        return done
    try:
        with transaction.atomic():
            # The row lock serialises writers of one hand (on SQLite the IMMEDIATE
            # transaction already does); the unique (hand, seq) catches anything else.
            # The room comes along (its turn clock is read below) but only the hand is locked.
            found = _HAND_FOR_UPDATE.objects(hand_id)
            if not found:
                raise Hand.DoesNotExist(f"no hand {hand_id}")  # untranslated: as QuerySet.get raises it
            hand = found[0]
            variant = get_variant(hand.variant)
            if expected_seq > hand.seq or expected_seq < 0:
                raise Stale(_("The table has moved on since you looked; your view has been refreshed"))
            state = replay.current(hand)
            if expected_seq < hand.seq and not _still_current(hand, variant, state, seat, expected_seq):
                raise Stale(_("The table has moved on since you looked; your view has been refreshed"))
            if hand.is_over:
                raise Illegal(_("This hand is over"))
            if seat not in variant.to_act(state):
                raise Forbidden(_turn_refusal(variant, state, seat, action))
            _check_automatic(hand, seat, robot, now)
            try:
                new_state = variant.apply(state, seat, action)
            except UnknownAction as exc:
                raise Malformed(str(exc)) from None
            except IllegalAction as exc:
                raise RuleRefused(str(exc)) from None
            if hand.room.tutorial and not robot:
                # A guided hand keeps to its script: another move is refused with the reason.
                made = HandAction.objects.filter(hand=hand, seat=seat).count()
                advised = _guided(hand.variant, made, seat, action)
                if advised is not None:
                    raise RuleRefused(advised)
            seq = hand.seq + 1
            public = variant.is_public(state, seat, action)
            statements.insert(
                HandAction,
                {
                    "hand_id": hand_id,
                    "seq": seq,
                    "seat": seat,
                    "action": action,
                    "actor_id": actor.pk if actor is not None else None,
                    "robot": robot,
                    "public": public,
                },
            )
            hand.seq = seq
            hand.public_seq += public
            hand.to_act = sorted(variant.to_act(new_state))
            hand.phase = variant.public_phase(new_state)
            hand.home = homes.here()  # this process's robot thread drives what follows
            fields = ["seq", "public_seq", "to_act", "phase", "home"]
            if variant.is_over(new_state):
                result = variant.result(new_state)
                hand.result = result.to_json() if result is not None else None
                hand.finished = timezone.now()
                fields += ["result", "finished"]
            statements.update(hand, fields)
            if hand.room.turn_clock:  # only a clock counts timeouts or runs deadlines
                _count_timeouts(hand, seat, robot)
                sync_clocks(hand, now, restart={seat})
            room_id = hand.room_id
            finished = hand.finished is not None
            facts = broadcast.move_facts(
                variant=hand.variant,
                hand=hand_id,
                number=hand.number,
                seq=seq,
                public_seq=hand.public_seq,
                phase=hand.phase,
                to_act=hand.to_act,
                over=finished,
                seating=hand.room.seating,
                seat=seat,
                action=action,
            )
            _after_commit(room_id, facts, new_state)
            if not finished and not hand.room.turn_clock and not hand.room.tutorial:
                _plain.put(hand_id, (room_id, hand.variant, hand.number))
    except IntegrityError:
        # Another writer appended the same seq first: a lost race, not a corruption.
        raise Stale(_("Another move was made at the same moment; your view has been refreshed")) from None
    return Submitted(hand_id=hand_id, seq=seq, state=new_state, public_seq=hand.public_seq)


def _after_commit(room_id: int, facts: dict[str, Any], state: Any) -> None:
    """A move's effects, after its commit: the state kept, the pages and the robots told (the
    lobby and the standings too when it ended the hand)."""
    hand_id, seq = facts["hand"], facts["seq"]
    transaction.on_commit(lambda: replay.remember(hand_id, seq, state))
    transaction.on_commit(functools.partial(broadcast.room_changed, room_id, **facts))
    if facts["over"]:
        transaction.on_commit(broadcast.lobby_changed)
        transaction.on_commit(lambda: hand_finished.send(sender=Hand, hand_id=hand_id))
    move = {name: facts[name] for name in ("variant", "seq", "seat", "action")}
    transaction.on_commit(lambda: hand_changed.send(sender=Hand, hand_id=hand_id, move=move))


# Hands this process has moved whose room has no turn clock and is not a guided one, with what a
# move in one statement needs of them: ``(room id, variant key, hand number)``, none of which
# changes during a hand.
_plain: Bounded[int, tuple[int, str, int]] = Bounded(10_000)


def _in_one_statement(
    hand_id: int, seat: int, action: str, expected_seq: int, actor: Any, robot: str
) -> Submitted | None:
    """The move in one statement, where that is safe and PostgreSQL can: the conditional update
    of the hand (``WHERE seq = expected``) and the log's insert in one ``WITH``, without reading
    or locking the hand first. It needs the hand's state at ``expected_seq`` held in this process
    (the one its last move left, ``replay.held``) and a plain room (``_plain``: no turn clock,
    not guided), a person's or a robot's move (not the clock's or an away seat's, which read rows
    under the lock), and a move that does not end the hand (the result is written the long way).
    None where any of that is missing, where the rules refuse the move, or where the update finds
    the hand moved on: then the long way decides (and says why not)."""
    if robot in (CLOCK_MOVE, AWAY_MOVE) or connection.vendor != "postgresql":
        return None
    facts, held = _plain.get(hand_id), replay.held(hand_id)
    if facts is None or held is None or held[0] != expected_seq:
        return None
    room_id, variant_key, number = facts
    variant = get_variant(variant_key)
    state = held[1]
    if variant.is_over(state) or seat not in variant.to_act(state):
        return None
    try:
        new_state = variant.apply(state, seat, action)
    except ActionError:
        return None
    if variant.is_over(new_state):
        return None
    seq = expected_seq + 1
    public = variant.is_public(state, seat, action)
    to_act = sorted(variant.to_act(new_state))
    phase = variant.public_phase(new_state)
    row = _moved(hand_id, expected_seq, seat, action, actor, robot, public, to_act, phase)
    if row is None:
        return None  # the log moved on, or the hand ended: the long way says so
    public_seq, seating = row
    facts_of_move = broadcast.move_facts(
        variant=variant_key,
        hand=hand_id,
        number=number,
        seq=seq,
        public_seq=public_seq,
        phase=phase,
        to_act=to_act,
        over=False,
        seating=seating,
        seat=seat,
        action=action,
    )
    _after_commit(room_id, facts_of_move, new_state)
    return Submitted(hand_id=hand_id, seq=seq, state=new_state, public_seq=public_seq)


def _moved(
    hand_id: int,
    expected_seq: int,
    seat: int,
    action: str,
    actor: Any,
    robot: str,
    public: bool,
    to_act: list[int],
    phase: str,
) -> tuple[int, int] | None:
    """The one statement: ``(the hand's public move number, its room's seating version)`` after
    the move, or None if the hand was not at ``expected_seq`` (or is over)."""
    hand_field = Hand._meta.get_field
    values = [
        expected_seq + 1,
        int(public),
        hand_field("to_act").get_db_prep_save(to_act, connection),  # type: ignore[union-attr]
        phase,
        homes.here(),
        hand_id,
        expected_seq,
        expected_seq + 1,
        seat,
        action,
        actor.pk if actor is not None else None,
        robot,
        public,
        HandAction._meta.get_field("created").get_db_prep_save(timezone.now(), connection),
    ]
    with connection.cursor() as cursor:
        cursor.execute(_ONE_STATEMENT, values)
        row = cursor.fetchone()
    return None if row is None else (int(row[0]), int(row[1]))


# A move in one statement (PostgreSQL): the hand moves on only from the expected position, and
# the log's line is inserted only if it did; the same columns the long way writes.
_ONE_STATEMENT = """
WITH moved AS (
    UPDATE games_hand SET seq = %s, public_seq = public_seq + %s, to_act = %s, phase = %s, home = %s
    WHERE id = %s AND seq = %s AND finished IS NULL
    RETURNING id, public_seq, room_id
), logged AS (
    INSERT INTO games_handaction (hand_id, seq, seat, action, actor_id, robot, public, created)
    SELECT id, %s, %s, %s, %s, %s, %s, %s FROM moved
    RETURNING hand_id
)
SELECT moved.public_seq, games_room.seating
FROM moved JOIN logged ON logged.hand_id = moved.id JOIN games_room ON games_room.id = moved.room_id
"""  # untranslated: SQL


def seq_seen(hand: Hand, public_seq: int) -> int:
    """The ``seq`` a page showing move number ``public_seq`` was rendered at (pages count
    only public moves, ``Hand.public_seq``): the last one before the next public move. A
    number from the future comes back as is, for ``submit_action`` to refuse."""
    if public_seq < 0:
        raise Illegal(_("seq must be at least 0, not %(seq)s") % {"seq": public_seq})
    if public_seq >= hand.public_seq:
        return hand.seq + public_seq - hand.public_seq
    following = hand.actions.filter(public=True).order_by("seq").values_list("seq", flat=True)[public_seq]
    return following - 1


def _check_automatic(hand: Hand, seat: int, robot: str, now: datetime) -> None:
    """A clock move needs the seat's deadline passed; an away move needs the seat away. Both
    are read under the hand's lock, so a second firing of one deadline finds it gone."""
    if robot == CLOCK_MOVE and not hand.clocks.filter(seat=seat, deadline__lte=now).exists():
        raise Stale(_("The turn clock of this seat has not run out"))
    if robot == AWAY_MOVE and not Seat.objects.filter(room_id=hand.room_id, index=seat, away=True).exists():
        raise Stale(_("This seat's player is back"))


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
