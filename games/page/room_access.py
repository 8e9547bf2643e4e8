"""What the room page adds about who may sit and watch: the share control, the host's settings
and removal buttons, and the notice to a removed player. ``games.page`` merges it into every
viewer's context; the invitation token reaches the host's page only."""

from __future__ import annotations

from typing import Any

from games.models import HandAction, Room, Seat
from games.services import access


def context(room: Room, user: Any, seats: list[Seat], waiting: bool, me: int | None) -> dict[str, Any]:
    """The keys the status and seats partials read; ``games.page.context.audience_key`` holds what of the
    viewer they depend on (host or not, removed or not)."""
    uid = access.user_id(user)
    host = uid is not None and uid == room.created_by_id
    return {
        "share_path": access.share_path(room, host) if waiting else None,
        "privacy": access.Privacy.of(room),
        "can_change_privacy": host and waiting,
        "removed_me": uid is not None and uid in room.removed and me is None,
        "removable": _removable(room, seats, uid) if host and (waiting or me is not None) else set(),
    }


def _removable(room: Room, seats: list[Seat], host_id: int | None) -> set[int]:
    """The seats whose player the host may remove: anyone else who has not made a move here."""
    others = {s.user_id: s.index for s in seats if s.user_id is not None and s.user_id != host_id}
    if not others:
        return set()
    # Public moves only, as services.remove_player counts: a private one (a declined Czech
    # contra offer) must not change what the host's page shows.
    moves = HandAction.objects.filter(hand__room=room, actor_id__in=others, public=True)
    moved = set(moves.values_list("actor_id", flat=True))
    return {index for uid, index in others.items() if uid not in moved}


def audience_part(room: Room, user: Any) -> tuple[Any, ...]:
    uid = access.user_id(user)
    return (uid is not None and uid in room.removed,)
