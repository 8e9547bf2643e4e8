"""Who may sit and watch (games/tables): the invitation link, the host's privacy settings and
removing a player who never played."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games.models import HandAction, Invitation, Room, Seat, new_invite_token
from games.services import access
from games.services.access import Privacy
from games.services.effects import after_commit, seating_changed
from games.services.refusals import Forbidden, Illegal
from games.services.seats import another_players_seat, vacate
from games.services.turn_clocks import lock_live_hand
from tarokk_site import inputs


def accept_invitation(room: Room, user: Any, token: bytes) -> Invitation:
    """``user`` came by the host's invitation link: they may sit at the locked table, and a
    player the host removed is welcome again. ``token`` is the link's, as
    ``tarokk_site.inputs.token`` read it (ASCII bytes). A token that is not the room's current
    one (the host removed someone since) is refused and nothing is written."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        if not inputs.same_token(token, room.invite_token):
            raise Forbidden(_("This invitation link is not valid (any more): ask the host for a new one."))
        invitation, _created = Invitation.objects.get_or_create(room=room, user=user)
        if user.pk in room.removed:
            room.removed = [uid for uid in room.removed if uid != user.pk]
            room.save(update_fields=["removed"])
            seating_changed(room.pk)
    return invitation


def set_privacy(room: Room, user: Any, privacy: Privacy) -> Room:
    """The host decides, before the first hand, whether the table is listed, who may sit and
    who may watch. Locking it invites the players already seated."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        if room.created_by_id is None or room.created_by_id != access.user_id(user):
            raise Forbidden(_("Only the player who opened the table can change who may sit and watch"))
        if room.hands.exists():
            raise Illegal(_("The game has started: who may sit and watch can no longer be changed"))
        room.private, room.locked, room.open_audience = privacy.private, privacy.locked, privacy.open_audience
        room.save(update_fields=["private", "locked", "open_audience"])
        if room.locked:
            for seated in room.seats.exclude(user=None).exclude(user_id=room.created_by_id):
                Invitation.objects.get_or_create(room=room, user_id=seated.user_id)
        after_commit(room)
    return room


def remove_player(room: Room, user: Any, index: int) -> Seat:
    """The host removes a player who has not made a move at this table: before the first hand
    their seat becomes free, after it a robot plays it (kept for nobody). They watch from then
    on, may not sit here again, and the old invitation link stops working (a new token)."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        hand = lock_live_hand(room)
        if room.created_by_id is None or room.created_by_id != access.user_id(user):
            raise Forbidden(_("Only the player who opened the table can remove a player"))
        # Only the seat row is locked: PostgreSQL refuses FOR UPDATE on the nullable side of the
        # outer join that select_related("user") makes (a free seat has no user).
        seat = room.seats.select_for_update(of=("self",)).select_related("user").filter(index=index).first()
        seat = another_players_seat(seat, index, user, "remove")
        assert seat.user is not None  # another player's seat
        # Public moves only: a private one (a declined Czech contra offer) is not told to the host.
        if HandAction.objects.filter(hand__room=room, actor_id=seat.user_id, public=True).exists():
            raise Illegal(
                _("%(name)s has played at this table: only a player who never played can be removed")
                % {"name": seat.user.username}
            )
        removed = seat.user
        vacate(room, hand, seat, keep=False)
        for dealt in room.hands.all():  # dealt in, but the robot plays every card of theirs
            dealt.players.remove(removed)
        Invitation.objects.filter(room=room, user=removed).delete()
        room.removed = [*room.removed, removed.pk]
        room.invite_token = new_invite_token()
        room.save(update_fields=["removed", "invite_token"])
        after_commit(room)
    return seat
