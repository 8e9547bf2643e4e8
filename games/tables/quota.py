"""How many open tables one person may sit at: a quota on opening more (the lobby's form, "play
now", a deal played again), so that nobody fills the site with tables they cannot all play."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import ngettext

from games.models import Room
from tarokk_site import limits


def open_tables_full(user: Any) -> limits.Limited | None:
    """Refuses one more table to a user already seated at ``OPEN_TABLES_PER_USER`` open ones
    (a quota: leaving one frees a place, waiting does not)."""
    most = settings.OPEN_TABLES_PER_USER
    if not most or Room.objects.filter(closed=False, seats__user=user).distinct().count() < most:
        return None
    return limits.Limited(
        "room",
        None,
        ngettext(
            "You are seated at %(count)s open table: leave it before opening another.",
            "You are seated at %(count)s open tables: leave one before opening another.",
            most,
        )
        % {"count": most},
    )
