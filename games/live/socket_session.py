"""Whether the login session a socket was opened in still holds its user: checked before every
move over the socket (a write), and at most every ``SESSION_RECHECK`` seconds before a push (a
logout elsewhere closes the socket at once; this catches a session that expired or was deleted).
A guest who signs up moves to a new session key meanwhile (games.live.session_moves)."""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings

from games.live import session_moves
from tarokk_site import sessions


def session_key(scope: dict[str, Any]) -> str | None:
    session = scope.get("session")
    return getattr(session, "session_key", None) if session is not None else None


class SessionCheck:
    """The checks of one socket's session: when it was last checked, and the session's hold
    (tarokk_site.sessions)."""

    def __init__(self, checked: float = 0.0) -> None:
        self.checked = checked  # time.monotonic() of the last check of the session
        self.hold: sessions.SessionHold | None = None

    def renewed(self) -> None:
        """The socket follows its player to another session, just checked."""
        self.checked = time.monotonic()
        self.hold = None

    def holds_user(self, scope: dict[str, Any]) -> bool:
        """Whether the session this socket was opened in holds its user now (a socket without
        a signed-in user has nothing to lose)."""
        user = scope.get("user")
        key = session_key(scope)
        if key is None or user is None or not user.is_authenticated:
            return True
        self.checked = time.monotonic()
        if self.hold is None:
            self.hold = sessions.SessionHold()
        return self.hold.holds(key, user.pk) or session_moves.is_renewing(key, user.pk)

    def still_signed_in(self, scope: dict[str, Any]) -> bool:
        """Whether the session still holds its user, checked at most every ``SESSION_RECHECK``
        seconds."""
        user = scope.get("user")
        key = session_key(scope)
        if key is None or user is None or not user.is_authenticated:
            return True
        if time.monotonic() - self.checked < settings.SESSION_RECHECK:
            return True
        return self.holds_user(scope)
