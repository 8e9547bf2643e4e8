"""What a writer raises when it turns a request down: nothing was changed, and ``status`` is the
HTTP code the views answer with."""

from __future__ import annotations


class Refused(Exception):
    """A request the site turns down; nothing was changed. ``status`` is the HTTP code."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Illegal(Refused):
    status = 400


class Forbidden(Refused):
    status = 403


class Stale(Refused):
    status = 409
