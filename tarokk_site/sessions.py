"""The login sessions: Django's database sessions, the row read by a statement compiled once.

Every request reads its session, and so does every move sent over a room's socket (a move is a
write: the session must still hold its player, games.consumers). Django builds and compiles
that ``SELECT`` afresh each time; here it is compiled once (games.prepared) and the expiry
checked on the row read, as Django's own query checks it. The rows, the table and everything
else are Django's (``SESSION_ENGINE``).
"""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.backends import db
from django.utils import timezone

from games import prepared

_SESSION = prepared.session()


class SessionStore(db.SessionStore):
    def _get_session_from_db(self) -> Any:
        key = self.session_key
        found = _SESSION.objects(key) if key is not None else []
        if found and found[0].expire_date > timezone.now():
            return found[0]
        self._session_key = None  # as Django's: none, or expired
        return None
