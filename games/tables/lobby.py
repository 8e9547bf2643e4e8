"""The lobby's list of tables: grouped as open seats / playing / finished, filtered by game.

Private tables are never listed. A table leaves the list once it is closed, or once its match
is over and nobody has started another for ``FINISHED_TABLE_MINUTES``. Tables where no person
sits are closed by ``services.close_stale_robot_tables``, run from here when the lobby loads:
that is where such tables would be seen, it works the same embedded and with several
processes, and the cache (Redis in production) lets one process run it per minute.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db.models import OuterRef, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from games import services
from games.models import Hand, Room
from games.rules import VARIANTS
from games.services import matches

GROUPS = (
    ("open", gettext_lazy("Open seats"), gettext_lazy("No table is waiting for players: open one.")),
    ("playing", pgettext_lazy("tables", "Playing"), gettext_lazy("Nobody is playing right now.")),
    ("finished", pgettext_lazy("tables", "Finished"), gettext_lazy("No match has ended lately.")),
)
# Tables read for one lobby (the newest first); private and closed ones are not among them.
CANDIDATES = 200
SWEEP_EVERY = 60  # seconds between two sweeps for stale robot tables, across processes


@dataclass
class Listed:
    room: Room
    hand: Hand | None


def game_filter(raw: str | None) -> tuple[str | None, str | None]:
    """The game ``?game=`` names (None: every game) and the error for an unknown one."""
    key = (raw or "").strip()
    if not key:
        return None, None
    if key not in VARIANTS:
        return None, _("There is no game %(game)r: choose %(games)s. Showing every game.") % {
            "game": key,
            "games": ", ".join(VARIANTS),
        }
    return key, None


def lobby_tables(game: str | None = None, now: datetime | None = None) -> dict[str, Any]:
    """The context of the lobby's ``rooms`` partial (the page and its pushes)."""
    now = now or timezone.now()
    latest = Hand.objects.filter(room=OuterRef("pk")).order_by("-number").values("pk")[:1]
    rooms = Room.objects.filter(closed=False, private=False)
    if game is not None:
        rooms = rooms.filter(variant=game)
    rooms = rooms.order_by("-created", "-pk").annotate(hand_id=Subquery(latest))
    listed = list(rooms.prefetch_related("seats__user")[:CANDIDATES])
    hands = Hand.objects.in_bulk([r.hand_id for r in listed if r.hand_id is not None])
    grouped: dict[str, list[Listed]] = {key: [] for key, _, _ in GROUPS}
    for room in listed:
        hand = hands.get(room.hand_id)
        group = _group(room, hand, now)
        if group is not None:
            grouped[group].append(Listed(room, hand))
    return {
        "game": game,
        "groups": [{"key": k, "title": t, "empty": e, "tables": grouped[k]} for k, t, e in GROUPS],
    }


def _group(room: Room, hand: Hand | None, now: datetime) -> str | None:
    if hand is None:
        return "open"
    if not hand.is_over:
        return "playing"
    match = matches.shown_match(room, hand)
    if match is None or not match.over:
        return "playing"  # between two hands of a match
    if hand.finished is not None and now - hand.finished > timedelta(minutes=settings.FINISHED_TABLE_MINUTES):
        return None
    return "finished"


def sweep_if_due() -> list[str]:
    """Close stale robot tables, at most once a minute across every process sharing the cache
    (``cache.add`` sets the key only where it is missing, atomically on Redis)."""
    if not cache.add("tables:robot-sweep", 1, SWEEP_EVERY):
        return []
    return services.close_stale_robot_tables()
