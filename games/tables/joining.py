"""``/join/<code>``: the table's link leads straight to a free seat (through games.services)."""

from __future__ import annotations

from typing import Any

from games import services
from games.models import Room

SEATED = "seated"
ALREADY = "already"  # had a seat there already
FULL = "full"  # no free seat: they watch


def join(room: Room, user: Any, token: bytes = b"") -> str:
    """Seat ``user`` at ``room``'s first free seat (or the seat a robot keeps for them), taking
    the host's invitation ``token`` (``tarokk_site.inputs.token``'s bytes) first. Refusals (a
    locked table without a valid invitation, a player the host removed) raise
    ``services.Refused`` with nothing changed."""
    if token:
        try:
            services.accept_invitation(room, user, token)
        except services.Forbidden:
            if room.locked:
                raise
            # An old token for a table that is no longer locked: the plain link's rules apply.
    if room.seats.filter(user=user).exists():
        return ALREADY
    kept = room.seats.filter(kept_for=user).values_list("index", flat=True).first()
    if kept is not None:
        services.sit(room, user, kept)
        return SEATED
    for _ in range(3):  # another person may take the seat we picked: try the next one
        free = room.seats.filter(user=None, robot="").values_list("index", flat=True).first()
        if free is None:
            return FULL
        try:
            services.sit(room, user, free)
        except services.Stale:
            continue
        return SEATED
    return FULL
