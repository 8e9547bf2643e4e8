"""A player's login session that gets a new key while they stay who they are (a guest who signs
up: Django's login replaces the session once the password is set). The sockets opened in the
old session follow it to the new one, so an open table goes on without a reload.

Until they have, the old key is marked in the cache as *renewing* for that player: a socket
that re-checks its session in between (``games.live``) finds the old one gone and must not
take that for a logout.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.cache import cache
from django.db import transaction

from games.services import broadcast

log = logging.getLogger(__name__)

# Seconds the old key stays marked: the move itself takes a push's time.
RENEWING_FOR = 120


def _marker(session_key: str) -> str:
    return "renewing-" + broadcast.session_group(session_key)  # a digest, as the group's name


def session_renewing(sender: Any, user: Any, session_key: str, **kwargs: Any) -> None:
    try:
        cache.set(_marker(session_key), user.pk, RENEWING_FOR)
    except Exception:  # the cache is down: a socket may close at its next check, as before
        log.exception("the renewal of a session could not be marked")


def session_renewed(sender: Any, user: Any, old_key: str, new_key: str, **kwargs: Any) -> None:
    # After commit: the new session's row is written in the sign-up's transaction.
    transaction.on_commit(lambda: broadcast.session_moved(old_key, new_key))


def is_renewing(session_key: str, user_id: int) -> bool:
    """Whether ``session_key`` is being replaced by a new session of the same player."""
    try:
        return cache.get(_marker(session_key)) == user_id
    except Exception:
        log.exception("the renewal of a session could not be looked up")
        return False
