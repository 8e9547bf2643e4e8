"""Who may sit at and who may watch a table: read-only decisions from the room's rows, and the
host's settings of them (``Privacy``, the room's ``private``, ``locked`` and ``open_audience``).

The writer asks ``sit_refusal`` under the room's lock before seating anyone (``seats.sit``) and
takes a ``Privacy`` to open a table or change it (``rooms``, ``privacy``); the room page,
``view.json`` and the room's websocket ask ``may_watch`` before showing anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.models import Invitation, Room, Seat

# In English (the message ids); ``_(...)`` them where they are shown, in the viewer's language.
LOCKED = gettext_noop(
    "This table is locked: only players the host invited may sit. Ask the host for the invitation link."
)
REMOVED = gettext_noop(
    "The host removed you from this table: only a new invitation from the host seats you again."
)
AUDIENCE_CLOSED = gettext_noop(
    "The audience of this table is closed: only its players and staff can watch it."
)
SAME_DEALS = gettext_noop(
    "These deals are being played at your own table too: you may watch this table once yours has played them."
)


def user_id(user: Any) -> int | None:
    return user.pk if user is not None and user.is_authenticated else None


def sit_refusal(room: Room, user: Any) -> str | None:
    """Why ``user`` may not take a seat at ``room`` (None: they may). The host always may; a
    player the host removed may not until invited anew; a locked table seats the invited only."""
    uid = user_id(user)
    if uid == room.created_by_id:
        return None
    if uid in room.removed:
        return _(REMOVED)
    if room.locked and not Invitation.objects.filter(room=room, user_id=uid).exists():  # type: ignore[misc]
        return _(LOCKED)
    return None


def may_watch(room: Room, user: Any, seats: list[Seat]) -> bool:
    """Whether ``user`` may see the table (``watch_refusal`` says why not)."""
    return watch_refusal(room, user, seats) is None


def watch_refusal(room: Room, user: Any, seats: list[Seat]) -> str | None:
    """Why ``user`` may not see the table (None: they may). Staff always may, and its own players
    (seated, or whose seat a robot keeps). Nobody may watch a table of a fixed seed (a tournament
    round's, a daily deal's: every such table plays the same deals) while playing those deals
    at a table of their own. Else everyone while its audience is open, or only its host."""
    if getattr(user, "is_staff", False):
        return None
    uid = user_id(user)
    if uid is not None and any(uid in (s.user_id, s.kept_for_id) for s in seats):
        return None
    if uid is not None and room.fixed_seed and _playing_the_same_deals(room, uid):
        return _(SAME_DEALS)
    if room.open_audience or (uid is not None and uid == room.created_by_id):
        return None
    return _(AUDIENCE_CLOSED)


def _playing_the_same_deals(room: Room, uid: int) -> bool:
    """Whether ``uid`` holds a seat (or a robot keeps one for them) at another table of the same
    fixed seed whose deals are not all played yet."""
    others = (
        Room.objects.filter(fixed_seed=room.fixed_seed)
        .exclude(pk=room.pk)
        .filter(Q(seats__user_id=uid) | Q(seats__kept_for_id=uid))
        .distinct()
    )
    for other in others:
        current = other.current_hand()
        if current is None or not current.is_over or current.number < len(other.set_deals):
            return True
    return False


def share_path(room: Room, for_host: bool) -> str | None:
    """The link a viewer may hand on: ``/join/<code>``; with the invitation token only for the
    host of a locked table; None for anyone else at a locked table (only the host invites)."""
    if room.locked:
        return f"/join/{room.code}/?invite={room.invite_token}" if for_host else None
    return f"/join/{room.code}/"


YES = {"on", "true", "yes", "1"}
NO = {"off", "false", "no", "0", ""}
# The form's names for the three settings (a checkbox posts "on", or nothing when unticked).
FIELDS = {"private": "private", "locked": "locked", "closed_audience": "open_audience"}


@dataclass(frozen=True)
class Privacy:
    private: bool = False
    locked: bool = False
    open_audience: bool = True

    @classmethod
    def from_form(cls, data: Mapping[str, str]) -> Privacy:
        """The settings a form posted: a ticked box is on, a missing one off; any other
        value is refused by name (ValueError)."""
        values: dict[str, bool] = {}
        for name, attribute in FIELDS.items():
            raw = str(data.get(name, "")).strip().lower()
            if raw not in YES | NO:
                raise ValueError(
                    _("%(field)s must be on or off, not %(value)r") % {"field": name, "value": data.get(name)}
                )
            ticked = raw in YES
            values[attribute] = not ticked if attribute == "open_audience" else ticked
        return cls(**values)

    @classmethod
    def of(cls, room: Room) -> Privacy:
        return cls(private=room.private, locked=room.locked, open_audience=room.open_audience)
