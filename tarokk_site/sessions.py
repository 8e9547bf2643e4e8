"""The login sessions: Django's database sessions, the row read by a statement compiled once.

Every request reads its session, and so does every move sent over a room's socket (a move is a
write: the session must still hold its player, games.live). Django builds and compiles
that ``SELECT`` afresh each time; here it is compiled once (tarokk_site.prepared) and the expiry
checked on the row read, as Django's own query checks it. The rows, the table and everything
else are Django's (``SESSION_ENGINE``).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib import auth
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.db.models import Subquery
from django.http import HttpRequest
from django.utils import timezone

from tarokk_site.prepared import Read

# A login session's row by its key (expired or not).
_SESSION = Read(lambda key: Session.objects.filter(session_key=key), texts=1)
# What a login session holding a user rests on (``SessionHold``): the session's data and expiry
# by its key, and that user's password and whether they are active, in one row (none without
# the session; the user's two None without the user).
_USERS = get_user_model().objects
_SESSION_AND_USER = Read(
    lambda key, user_id: (
        Session.objects.filter(session_key=key)
        .annotate(
            password=Subquery(_USERS.filter(pk=user_id).values("password")[:1]),
            active=Subquery(_USERS.filter(pk=user_id).values("is_active")[:1]),
        )
        .values_list("session_data", "expire_date", "password", "active")
    ),
    arity=2,
    texts=1,
)


class SessionStore(db.SessionStore):
    def _get_session_from_db(self) -> Any:
        key = self.session_key
        found = _SESSION.objects(key) if key is not None else []
        if found and found[0].expire_date > timezone.now():
            return found[0]
        self._session_key = None  # as Django's: none, or expired
        return None


def user_of(session_key: str) -> Any:
    """The user a session holds now, as a request carrying it would see (an expired or deleted
    session, or one whose password changed since, holds nobody: None)."""
    request = HttpRequest()
    request.session = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
    user = auth.get_user(request)
    return user if user.is_authenticated else None


class SessionHold:
    """Whether a socket's login session still holds its user, asked at every move sent over it
    (a move is a write) for the price of one read.

    Django's answer (``user_of``) rests on the session's stored data, its expiry, and the user's
    password (the session carries a hash of it) and ``is_active``: read together in one row.
    Once Django has said yes to a row, that same row read again, unexpired, gets the same yes
    without Django decoding the session, checking its signature and the password's hash again.
    A row that differs in any of them is asked of Django afresh. The row kept is one read
    before and after Django's answer alike: whatever changed meanwhile is asked again.
    """

    def __init__(self) -> None:
        self._held: tuple[Any, ...] | None = None  # (session data, password, active) Django said yes to

    def holds(self, session_key: str, user_id: int) -> bool:
        row = self._row(session_key, user_id)
        if row is not None and self._held is not None and row[1] > timezone.now():
            if (row[0], row[2], row[3]) == self._held and row[3]:
                return True
        self._held = None
        holder = user_of(session_key)
        if holder is None or holder.pk != user_id:
            return False
        after = self._row(session_key, user_id)
        if row is not None and after == row:
            self._held = (row[0], row[2], row[3])
        return True

    @staticmethod
    def _row(session_key: str, user_id: int) -> tuple[Any, ...] | None:
        rows = _SESSION_AND_USER.rows(session_key, user_id)
        return tuple(rows[0]) if rows else None
